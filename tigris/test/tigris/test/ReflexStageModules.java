/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import tigris.EndOfRiverException;
import tigris.ModuleConfig;
import tigris.ProducerEnd;
import tigris.Water;

/** Modules of the time-critical stage's rivers (ReflexStageTest): public, with no-argument constructors, as a graph makes them. */
public final class ReflexStageModules {
    private ReflexStageModules() {
    }

    /** Emits "count" Waters of one Record each, keys 0..count-1 in order, "pauseMillis" apart (default 0); "failAfter" Waters, then fails, if set. */
    public static final class NumberedSource extends TestModules.Named {
        private long next;
        private long count;
        private long pause;
        private long failAfter;

        @Override
        public void init(ModuleConfig config) {
            super.init(config);
            count = config.getLong("count", 100);
            pause = config.getLong("pauseMillis", 0);
            failAfter = config.getLong("failAfter", -1);
        }

        @Override
        public void doOperation(Water in, ProducerEnd out) throws EndOfRiverException, InterruptedException {
            if (next == failAfter) {
                throw new IllegalStateException("source failing on purpose after " + failAfter + " Waters");
            }
            if (next >= count) {
                throw new EndOfRiverException();
            }
            if (pause > 0 && next > 0) {
                Thread.sleep(pause);
            }
            Water w = out.spring().createWater(256);
            Record r = w.container().allocate(Record.class);
            r.key = next++;
            w.container().setRoot(r);
            out.put(w);
        }
    }

    /** Passes every Water on as it is: the time-critical filter. */
    public static final class PassOn extends TestModules.Named {
        @Override
        public void doOperation(Water in, ProducerEnd out) throws InterruptedException {
            if (in != null) {
                out.put(in);
            }
        }
    }

    /** Passes every Water on, noting the thread it runs on and how many it passed (the allocation test reads both). */
    public static final class CountingPassOn extends TestModules.Named {
        static volatile long thread = -1;
        static final AtomicLong PASSED = new AtomicLong();

        static void reset() {
            thread = -1;
            PASSED.set(0);
        }

        @Override
        public void doOperation(Water in, ProducerEnd out) throws InterruptedException {
            if (in != null) {
                thread = Thread.currentThread().threadId();
                PASSED.incrementAndGet();
                out.put(in);
            }
        }
    }

    /** Records each Water's key in arrival order, holding each "holdMillis" (default 0); notes End of River. */
    public static final class RecordingSink extends TestModules.Named {
        private static final List<Long> KEYS = new ArrayList<>();
        private static volatile boolean endOfRiver;
        private long hold;

        static synchronized void reset() {
            KEYS.clear();
            endOfRiver = false;
        }

        static synchronized List<Long> keys() {
            return List.copyOf(KEYS);
        }

        static boolean sawEndOfRiver() {
            return endOfRiver;
        }

        private static synchronized void add(long key) {
            KEYS.add(key);
        }

        @Override
        public void init(ModuleConfig config) {
            super.init(config);
            hold = config.getLong("holdMillis", 0);
        }

        @Override
        public void doOperation(Water in, ProducerEnd out) throws InterruptedException {
            if (in == null) {
                endOfRiver = true;
                return;
            }
            add(in.container().root(Record.class).key);
            if (hold > 0) {
                Thread.sleep(hold);
            }
        }
    }
}
