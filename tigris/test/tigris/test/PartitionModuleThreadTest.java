/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import tigris.EndOfRiverException;
import tigris.ModuleConfig;
import tigris.ModuleIF;
import tigris.ModuleLifecycle;
import tigris.ModuleThread;
import tigris.PartitioningModuleIF;
import tigris.ProducerEnd;
import tigris.Water;
import tigris.dq.PartitionModuleThread;
import tigris.dq.RoundRobinModuleThread;
import tigris.graph.GraphException;
import tigris.graph.ReservoirSpec;
import tigris.graph.RiverGraph;
import tigris.graph.ThreadPolicy;
import tigris.reservoir.MemoryReservoir;

/** The PARTITIONED policy: the module itself puts each Water into the reservoir its data belongs to. */
class PartitionModuleThreadTest {
    /** A module with a name and nothing to set up. */
    abstract static class Plain implements ModuleLifecycle {
        private final String name;

        Plain(String name) {
            this.name = name;
        }

        @Override
        public String getName() {
            return name;
        }

        @Override
        public void init(ModuleConfig config) {
        }

        @Override
        public void destroy() {
        }
    }

    /** Sends Waters 0..n-1, each holding its number, to partition (number mod partitions). */
    static final class ModuloSource extends Plain implements PartitioningModuleIF {
        private final int n;
        private int next;

        ModuloSource(int n) {
            super("modulo");
            this.n = n;
        }

        @Override
        public void doOperation(Water in, List<ProducerEnd> parts) throws EndOfRiverException, InterruptedException {
            if (next == n) {
                throw new EndOfRiverException();
            }
            ProducerEnd target = parts.get(next % parts.size());
            Water w = target.spring().createWater(4);
            w.buffer().putInt(0, next++);
            w.setLength(4);
            target.put(w);
        }
    }

    /** Keeps the numbers it receives. */
    static final class Collector extends Plain implements ModuleIF {
        final List<Integer> got = new CopyOnWriteArrayList<>();

        Collector() {
            super("collector");
        }

        @Override
        public void doOperation(Water in, ProducerEnd out) {
            if (in != null) {
                got.add(in.buffer().getInt(0));
            }
        }
    }

    @Test
    void eachWaterGoesWhereTheModulePutIt() throws Exception {
        ModuleThread source = new PartitionModuleThread(new ModuloSource(300), ModuleConfig.of("modulo", Map.of()));
        List<Collector> collectors = new ArrayList<>();
        List<ModuleThread> threads = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            // A window of 2: the source must wait on the one partition it chose, never spill into another.
            MemoryReservoir r = new MemoryReservoir("p" + i, 2, 64);
            Collector c = new Collector();
            collectors.add(c);
            source.addDownstream(r.producer());
            threads.add(new RoundRobinModuleThread(c, new ModuleConfig("collector#" + i, i, 3, Map.of())).addUpstream(r.consumer()));
        }
        threads.forEach(ModuleThread::start);
        source.start();
        assertTrue(source.await(30, TimeUnit.SECONDS));
        for (ModuleThread t : threads) {
            assertTrue(t.await(30, TimeUnit.SECONDS));
            assertEquals(ModuleThread.State.ENDED, t.state(), String.valueOf(t.failure()));
        }
        assertEquals(ModuleThread.State.ENDED, source.state(), String.valueOf(source.failure()));
        for (int i = 0; i < 3; i++) {
            List<Integer> expected = new ArrayList<>();
            for (int k = i; k < 300; k += 3) {
                expected.add(k);
            }
            assertEquals(expected, collectors.get(i).got, "partition " + i);
        }
    }

    @Test
    void aPartitioningModuleUnderAnotherPolicyIsRefusedNamingThePolicy() {
        // Where threads are made (a local river, a node), before anything runs.
        IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class,
                        () -> ThreadPolicy.ROUND_ROBIN.newThread(new ModuloSource(1), ModuleConfig.of("modulo", Map.of())));
        assertTrue(wrong.getMessage().startsWith("module modulo (" + ModuloSource.class.getName()
                        + ") chooses its own downstream reservoir: run it with policy PARTITIONED, not ROUND_ROBIN"), wrong.getMessage());
        IllegalArgumentException converse = assertThrows(IllegalArgumentException.class,
                        () -> ThreadPolicy.PARTITIONED.newThread(new Collector(), ModuleConfig.of("collector", Map.of())));
        assertTrue(converse.getMessage().contains("is handed one downstream reservoir per operation: run it with policy ROUND_ROBIN, RANDOM or LOTTERY, not PARTITIONED"),
                        converse.getMessage());
        // And in the graph's validation, with every other problem.
        RiverGraph g = new RiverGraph("wrong");
        g.module("modulo", ModuloSourceModule.class).policy(ThreadPolicy.LOTTERY).output("out", Water.class);
        g.module("sink", CollectorModule.class).input("in", Water.class);
        g.connect("modulo.out", "sink.in", ReservoirSpec.of(2, 64));
        GraphException e = assertThrows(GraphException.class, g::validate);
        assertTrue(e.getMessage().contains("chooses its own downstream reservoir: run it with policy PARTITIONED, not LOTTERY"), e.getMessage());
    }

    /** ModuloSource and Collector with public no-argument constructors, as a graph names module classes. */
    public static final class ModuloSourceModule extends Plain implements PartitioningModuleIF {
        public ModuloSourceModule() {
            super("modulo");
        }

        @Override
        public void doOperation(Water in, List<ProducerEnd> outs) throws EndOfRiverException {
            throw new EndOfRiverException();
        }
    }

    public static final class CollectorModule extends Plain implements ModuleIF {
        public CollectorModule() {
            super("collector");
        }

        @Override
        public void doOperation(Water in, ProducerEnd out) {
        }
    }
}
