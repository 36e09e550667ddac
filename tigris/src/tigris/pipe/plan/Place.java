/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.plan;

import java.util.Set;

import tigris.transport.Site;

/**
 * A JVM a filter can run in: a Tigris node, or the pipeline command's own JVM ({@code local}).
 *
 * @param node its name (the node's, or "local")
 * @param host the address it is listed at: places of one host join by shared memory
 * @param machine the CPUs it shares with others: places of one machine share its {@code cores}
 *            (network-namespace hosts on one machine are hosts, not machines)
 * @param cores the CPUs of its machine, at least 1
 * @param verbs whether its host has an RDMA device the verbs transport can use
 * @param local whether it is the pipeline command's own JVM: the only place standard input and
 *            output can run ({@link FilterCost#local()})
 * @param programs the file names of the programs it runs as process filters (its node's
 *            --allow-exec); null: any; copied, unmodifiable
 */
public record Place(String node, String host, String machine, int cores, boolean verbs, boolean local, Set<String> programs) {
    /**
     * Copies {@code programs}.
     *
     * @throws IllegalArgumentException if {@code cores} is below 1
     */
    public Place {
        if (cores < 1) {
            throw new IllegalArgumentException("place " + node + " has " + cores + " cores");
        }
        programs = programs == null ? null : Set.copyOf(programs);
    }

    /**
     * This JVM, on this machine: every filter can run here, processes too.
     *
     * @param cores the CPUs of this machine, at least 1
     * @return the place {@code local} on host and machine {@code localhost}, no RDMA device
     */
    public static Place local(int cores) {
        return new Place("local", "localhost", "localhost", cores, false, true, null);
    }

    /**
     * A node on its own machine, running the programs named, with no RDMA device.
     *
     * @param node the node's name
     * @param host the address it is listed at, which is also its machine
     * @param cores the CPUs of its machine, at least 1
     * @param programs the file names of the programs it runs as processes; null: any
     * @return the place
     */
    public static Place node(String node, String host, int cores, Set<String> programs) {
        return new Place(node, host, host, cores, false, false, programs);
    }

    /**
     * This place on another machine: network-namespace hosts that share one machine's CPUs.
     *
     * @param machine the machine's identity, shared by every place on it
     * @return a new place, the same but for its machine
     */
    public Place onMachine(String machine) {
        return new Place(node, host, machine, cores, verbs, local, programs);
    }

    /**
     * This place with an RDMA device.
     *
     * @return a new place, the same but able to use verbs
     */
    public Place withVerbs() {
        return new Place(node, host, machine, cores, true, local, programs);
    }

    /**
     * Whether a process filter running {@code program} may run here.
     *
     * @param program the program's file name, without its directory
     * @return true if the place runs any program, or names this one
     */
    public boolean runs(String program) {
        return programs == null || programs.contains(program);
    }

    /**
     * Where a transport sees it.
     *
     * @return its node's name and host
     */
    public Site site() {
        return new Site(node, host);
    }

    /** Its node's name. */
    @Override
    public String toString() {
        return node;
    }
}
