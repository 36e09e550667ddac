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
 * @param cores the CPUs of its machine
 * @param verbs whether its host has an RDMA device the verbs transport can use
 * @param programs the programs it runs as process filters (its node's --allow-exec); null: any
 */
public record Place(String node, String host, String machine, int cores, boolean verbs, boolean local, Set<String> programs) {
    public Place {
        if (cores < 1) {
            throw new IllegalArgumentException("place " + node + " has " + cores + " cores");
        }
        programs = programs == null ? null : Set.copyOf(programs);
    }

    /** This JVM, on this machine: every filter can run here, processes too. */
    public static Place local(int cores) {
        return new Place("local", "localhost", "localhost", cores, false, true, null);
    }

    /** A node on its own machine, running the programs named. */
    public static Place node(String node, String host, int cores, Set<String> programs) {
        return new Place(node, host, host, cores, false, false, programs);
    }

    /** This place on machine {@code machine} (hosts that share CPUs). */
    public Place onMachine(String machine) {
        return new Place(node, host, machine, cores, verbs, local, programs);
    }

    /** This place with an RDMA device. */
    public Place withVerbs() {
        return new Place(node, host, machine, cores, true, local, programs);
    }

    /** Whether a process filter running {@code program} (its file name) may run here. */
    public boolean runs(String program) {
        return programs == null || programs.contains(program);
    }

    /** Where a transport sees it. */
    public Site site() {
        return new Site(node, host);
    }

    @Override
    public String toString() {
        return node;
    }
}
