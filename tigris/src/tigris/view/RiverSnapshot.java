/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.view;

import java.util.List;
import java.util.Objects;

import tigris.ThreadStatus;

/**
 * What a live view shows of a river at one moment: its graph (module to module, by which
 * transport), every module thread where it runs with its status (its outputs' counts and credits
 * included), and the river's failure once there is one.
 *
 * @param river the river's name
 * @param atMillis when the statuses were asked (wall clock), so rates can be taken between snapshots
 * @param links the graph's connections
 * @param threads every module thread of the river
 * @param failure what failed the river, or null
 * @param ended whether every thread has ended (the river completed or was stopped)
 * @param earlier how earlier rivers of the same job ended, oldest first (a sort that lost a node
 *        and goes on in another attempt); empty for most rivers
 */
public record RiverSnapshot(String river, long atMillis, List<Link> links, List<Instance> threads, String failure, boolean ended, List<String> earlier) {
    /**
     * A snapshot; the lists are copied.
     *
     * @param river the river's name; not null
     * @param atMillis when the statuses were asked, in milliseconds since the epoch
     * @param links the graph's connections; not null, nor any element
     * @param threads every module thread of the river; not null, nor any element
     * @param failure what failed the river, or null
     * @param ended whether every thread has ended
     * @param earlier how earlier rivers of the same job ended, oldest first; not null, nor any element
     * @throws NullPointerException if {@code river}, a list or an element of one is null
     */
    public RiverSnapshot {
        Objects.requireNonNull(river, "river");
        links = List.copyOf(links);
        threads = List.copyOf(threads);
        earlier = List.copyOf(earlier);
    }

    /**
     * A snapshot of a river with nothing before it: {@link #earlier()} is empty.
     *
     * @param river the river's name; not null
     * @param atMillis when the statuses were asked, in milliseconds since the epoch
     * @param links the graph's connections; not null
     * @param threads every module thread of the river; not null
     * @param failure what failed the river, or null
     * @param ended whether every thread has ended
     * @throws NullPointerException if {@code river}, a list or an element of one is null
     */
    public RiverSnapshot(String river, long atMillis, List<Link> links, List<Instance> threads, String failure, boolean ended) {
        this(river, atMillis, links, threads, failure, ended, List.of());
    }

    /**
     * This snapshot, saying how the job's earlier rivers ended.
     *
     * @param before how each earlier river of the job ended, oldest first; not null; replaces
     *        {@link #earlier()}
     * @return a new snapshot, equal to this one but for {@link #earlier()}
     */
    public RiverSnapshot withEarlier(List<String> before) {
        return new RiverSnapshot(river, atMillis, links, threads, failure, ended, before);
    }

    /**
     * A connection of the graph.
     *
     * @param from the producing module ("partition")
     * @param to the consuming module ("sort")
     * @param transport the transport between nodes ("tcp"; "memory" within one)
     */
    public record Link(String from, String to, String transport) {
    }

    /**
     * A module instance's thread.
     *
     * @param module the module's instance name ("sort#2")
     * @param node the node it runs on ({@link LocalRiverSource#NODE} for a river in this JVM)
     * @param status its last status; null for a thread on a node that never answered
     * @param unreachable whether its node stopped answering (the status is the last it gave)
     */
    public record Instance(String module, String node, ThreadStatus status, boolean unreachable) {
    }
}
