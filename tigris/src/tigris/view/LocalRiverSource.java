/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.view;

import java.util.ArrayList;
import java.util.List;

import tigris.ModuleThread;
import tigris.ThreadStatus;
import tigris.graph.Connection;
import tigris.graph.LocalRiver;

/** A river in this JVM as a live view shows it: its threads' statuses, asked at each snapshot; every reservoir is memory. */
public final class LocalRiverSource implements SnapshotSource {
    /** The node name the view shows for this JVM's threads. */
    public static final String NODE = "local";

    private final LocalRiver river;
    private final List<RiverSnapshot.Link> links = new ArrayList<>();

    /**
     * A source for {@code river}, whose graph's connections it reads once, here.
     *
     * @param river a river grown in this JVM; not null
     * @throws NullPointerException if {@code river} is null
     */
    public LocalRiverSource(LocalRiver river) {
        this.river = river;
        for (Connection c : river.graph().connections()) {
            links.add(new RiverSnapshot.Link(Connection.module(c.from()), Connection.module(c.to()), "memory"));
        }
    }

    @Override
    public RiverSnapshot snapshot() {
        List<RiverSnapshot.Instance> threads = new ArrayList<>();
        String failure = null;
        boolean ended = true;
        for (ModuleThread t : river.threads()) {
            ThreadStatus s = t.status();
            threads.add(new RiverSnapshot.Instance(s.module(), NODE, s, false));
            if (failure == null && s.failure() != null) {
                failure = "module " + s.module() + " failed: " + s.failure();
            }
            ended &= s.state() == ModuleThread.State.ENDED || s.state() == ModuleThread.State.FAILED;
        }
        return new RiverSnapshot(river.graph().name(), System.currentTimeMillis(), links, threads, failure, ended && !threads.isEmpty());
    }
}
