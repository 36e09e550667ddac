/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.reflex;

import jaguar.ext.OffHeapBuffer;
import jaguar.pso.PSO;

/**
 * One task's operations on the event space during an invocation, the paper's Delta: writes kept
 * aside, takes and tests done against the space and remembered (which slot, at which generation;
 * what a test answered), and at the end validated and applied together under the space's lock, or
 * dropped. The sequence commits if it would have gone the same way at commit time: every event
 * taken is still there, and every test would answer the same. Preallocated for {@code maxOps}
 * operations of each kind, so an invocation allocates nothing; the scheduler's thread's only.
 */
final class EventDelta {
    private final EventSpace space;
    private final int maxOps;
    private final OffHeapBuffer written;
    private final int[] writtenSizes;
    private int writes;
    private final int[] takenSlots;
    private final long[] takenGenerations;
    private int takes;
    private final EventTemplate<?>[] tested;
    private final boolean[] answers;
    /** How many takes came before each test: it is asked again excluding only those. */
    private final int[] takesBefore;
    private int tests;
    private final int[] inserted;

    EventDelta(EventSpace space, int maxOps) {
        this.space = space;
        this.maxOps = maxOps;
        this.written = OffHeapBuffer.allocate((long) maxOps * space.slotBytes());
        this.writtenSizes = new int[maxOps];
        this.takenSlots = new int[maxOps];
        this.takenGenerations = new long[maxOps];
        this.tested = new EventTemplate<?>[maxOps];
        this.answers = new boolean[maxOps];
        this.takesBefore = new int[maxOps];
        this.inserted = new int[maxOps];
    }

    void write(PSO event) {
        int size = space.checkedSize(event);
        if (writes == maxOps) {
            throw tooMany("writes");
        }
        long to = (long) writes * space.slotBytes();
        long at = event.container().offsetInBuffer() + event.offset();
        Words.copy(event.container().buffer(), at, written, to, size);
        writtenSizes[writes++] = size;
    }

    <E extends PSO> boolean take(EventTemplate<E> template, E into) {
        space.lock();
        try {
            int slot = space.find(template, takenSlots, takes);
            if (slot < 0) {
                record(template, false);   // a take that found nothing must find nothing at commit too
                return false;
            }
            if (takes == maxOps) {
                throw tooMany("takes");
            }
            space.copyOut(slot, template, into);
            takenSlots[takes] = slot;
            takenGenerations[takes++] = space.generation(slot);
            return true;
        } finally {
            space.unlock();
        }
    }

    boolean test(EventTemplate<?> template) {
        space.lock();
        try {
            boolean found = space.find(template, takenSlots, takes) >= 0;
            record(template, found);
            return found;
        } finally {
            space.unlock();
        }
    }

    private void record(EventTemplate<?> template, boolean answer) {
        if (tests == maxOps) {
            throw tooMany("tests");
        }
        tested[tests] = template;
        answers[tests] = answer;
        takesBefore[tests++] = takes;
    }

    private IllegalStateException tooMany(String what) {
        return new IllegalStateException("more than " + maxOps + " " + what + " on the event space in one invocation");
    }

    boolean isEmpty() {
        return writes == 0 && takes == 0 && tests == 0;
    }

    /**
     * Validates and applies the operations; false (nothing applied) if another's took an event
     * this one took, or a test would now answer otherwise.
     *
     * @throws IllegalStateException if the space has no room for the writes (nothing applied)
     */
    boolean commit() {
        if (isEmpty()) {
            return true;
        }
        int n;
        space.lock();
        try {
            for (int i = 0; i < takes; i++) {
                if (space.generation(takenSlots[i]) != takenGenerations[i]) {
                    return false;
                }
            }
            for (int i = 0; i < tests; i++) {
                if ((space.find(tested[i], takenSlots, takesBefore[i]) >= 0) != answers[i]) {
                    return false;
                }
            }
            if (space.freeSlots() + takes < writes) {
                throw new IllegalStateException("the event space is full: " + writes + " events written, room for " + (space.freeSlots() + takes));
            }
            for (int i = 0; i < takes; i++) {
                space.remove(takenSlots[i]);
            }
            for (int i = 0; i < writes; i++) {
                inserted[i] = space.insert(written, (long) i * space.slotBytes(), writtenSizes[i]);
            }
            n = writes;
        } finally {
            space.unlock();
            clearOps();
        }
        for (int i = 0; i < n; i++) {
            space.notifySubscribers(inserted[i]);
        }
        return true;
    }

    /** Drops the operations (the invocation aborted). */
    void clear() {
        clearOps();
    }

    private void clearOps() {
        writes = 0;
        takes = 0;
        for (int i = 0; i < tests; i++) {
            tested[i] = null;
        }
        tests = 0;
    }

    void close() {
        written.close();
    }
}
