/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.node;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import tigris.RiverAttempt;
import tigris.node.ControlAgent.Node;

/**
 * Fences a job's lost nodes as soon as each answers again: from the moment a node is declared
 * lost until the job ends, it is asked (again and again, a pause between tries) to destroy the
 * attempts it ran and discard what they staged. The job never waits on a node that stays silent:
 * when it ends, a node that has not answered is left to fence itself when its lease runs out (its
 * staged files are never committed, so neither way can reach the output).
 */
final class LostNodeFencing {
    private final ControlAgent agent;
    private final long pauseMillis;
    private final Set<Node> fenced = ConcurrentHashMap.newKeySet();
    private final List<Thread> tries = new ArrayList<>();

    /** Tries a lost node again {@code pauseMillis} after it failed to answer (a refused connection fails at once). */
    LostNodeFencing(ControlAgent agent, long pauseMillis) {
        this.agent = agent;
        this.pauseMillis = pauseMillis;
    }

    /** Starts fencing {@code node}, lost after running {@code attempts}. */
    void start(Node node, List<RiverAttempt> attempts) {
        List<RiverAttempt> ran = List.copyOf(attempts);
        tries.add(Thread.ofVirtual().name("fence " + node.name()).start(() -> {
            try {
                while (agent.destroyWhereReachable(List.of(node), ran).isEmpty()) {
                    Thread.sleep(pauseMillis);
                }
                fenced.add(node);
            } catch (InterruptedException e) {
                // The job ended first: the node fences itself by its lease.
            } catch (RuntimeException e) {
                System.getLogger(LostNodeFencing.class.getName()).log(System.Logger.Level.WARNING,
                                "fencing lost node " + node.name() + " failed; it fences itself by its lease", e);
            }
        }));
    }

    /** Whether {@code node} answered and destroyed its attempts. */
    boolean fenced(Node node) {
        return fenced.contains(node);
    }

    /** Stops asking: the job has ended. */
    void close() throws InterruptedException {
        for (Thread t : tries) {
            t.interrupt();
        }
        for (Thread t : tries) {
            t.join();
        }
    }
}
