/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import java.util.concurrent.atomic.AtomicLong;

import tigris.EndOfRiverException;
import tigris.ModuleConfig;
import tigris.ProducerEnd;
import tigris.Water;

/** Public modules with no-argument constructors, as a river graph instantiates them. */
public final class GraphModules {
    private GraphModules() {
    }

    /** Emits "count" Waters of one Record each, keys 0..count-1 spread over the instances. */
    public static final class CountingSource extends TestModules.Named {
        private long next;
        private long end;
        private long step;

        @Override
        public void init(ModuleConfig config) {
            super.init(config);
            next = config.instance();
            step = config.instances();
            end = config.getLong("count", 100);
        }

        @Override
        public void doOperation(Water in, ProducerEnd out) throws EndOfRiverException, InterruptedException {
            if (next >= end) {
                throw new EndOfRiverException();
            }
            Water w = out.spring().createWater(256);
            Record r = w.container().allocate(Record.class);
            r.key = next;
            r.value = 1;
            w.container().setRoot(r);
            next += step;
            out.put(w);
        }
    }

    /** Doubles each Record's value in place and passes the Water on. */
    public static final class Doubler extends TestModules.Named {
        @Override
        public void doOperation(Water in, ProducerEnd out) throws InterruptedException {
            if (in != null) {
                in.container().root(Record.class).value *= 2;
                out.put(in);
            }
        }
    }

    /** Adds up keys and values into static counters (the test reads them). */
    public static final class SummingSink extends TestModules.Named {
        static final AtomicLong KEYS = new AtomicLong();
        static final AtomicLong VALUES = new AtomicLong();
        static final AtomicLong WATERS = new AtomicLong();

        static void reset() {
            KEYS.set(0);
            VALUES.set(0);
            WATERS.set(0);
        }

        @Override
        public void doOperation(Water in, ProducerEnd out) {
            if (in != null) {
                Record r = in.container().root(Record.class);
                KEYS.addAndGet(r.key);
                VALUES.addAndGet(r.value);
                WATERS.incrementAndGet();
            }
        }
    }

    /**
     * Sums keys and values like SummingSink, waiting "delayMillis" per Water, and at End of River
     * writes "waters keys values" to the file named by parameter "out" (it runs on a node, so the
     * test reads the file), through the river's output stage as a user's sink does: on a node the
     * file is in place once the job commits.
     */
    public static final class FileSummingSink extends TestModules.Named {
        private tigris.OutputStage stage;
        private java.nio.file.Path out;
        private long delay;
        private long waters;
        private long keys;
        private long values;

        @Override
        public void init(ModuleConfig config) {
            super.init(config);
            out = java.nio.file.Path.of(config.get("out"));
            stage = config.outputs();
            delay = config.getLong("delayMillis", 0);
        }

        @Override
        public void doOperation(Water in, ProducerEnd out) throws InterruptedException {
            if (in == null) {
                try {
                    java.nio.file.Files.writeString(stage.stage(this.out), waters + " " + keys + " " + values);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
                return;
            }
            if (delay > 0) {
                Thread.sleep(delay);
            }
            Record r = in.container().root(Record.class);
            waters++;
            keys += r.key;
            values += r.value;
        }
    }

    /** Takes each Water and waits "pauseMillis" (default 2) before the next: a river a live view can watch. */
    public static final class SlowSink extends TestModules.Named {
        private long pause;

        @Override
        public void init(ModuleConfig config) {
            super.init(config);
            pause = config.getLong("pauseMillis", 2);
        }

        @Override
        public void doOperation(Water in, ProducerEnd out) throws InterruptedException {
            if (in != null) {
                Thread.sleep(pause);
            }
        }
    }

    /** Fails on its tenth Water. */
    public static final class FailingModule extends TestModules.Named {
        private int seen;

        @Override
        public void doOperation(Water in, ProducerEnd out) throws InterruptedException {
            if (in != null && ++seen == 10) {
                throw new IllegalStateException("failing on purpose at Water 10");
            }
            if (in != null) {
                out.put(in);
            }
        }
    }

    /** Not instantiable by a graph: no public no-argument constructor. */
    public static final class NeedsArgument extends TestModules.Named {
        public NeedsArgument(int x) {
        }

        @Override
        public void doOperation(Water in, ProducerEnd out) {
        }
    }

    /** A module whose constructor throws: its exception, not the reflection's, must reach the user. */
    public static final class ThrowingConstructor extends TestModules.Named {
        public ThrowingConstructor() {
            throw new IllegalStateException("boom");
        }

        @Override
        public void doOperation(Water in, ProducerEnd out) {
        }
    }
}
