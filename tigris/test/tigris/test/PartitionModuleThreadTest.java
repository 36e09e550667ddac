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
import tigris.ModuleThread;
import tigris.Partitions;
import tigris.Reservoir;
import tigris.Water;
import tigris.dq.PartitionModuleThread;
import tigris.dq.RoundRobinModuleThread;
import tigris.reservoir.MemoryReservoir;

/** The PARTITIONED policy: the module itself puts each Water into the reservoir its data belongs to. */
class PartitionModuleThreadTest {
    /** A module with a name and nothing to set up. */
    abstract static class Plain implements ModuleIF {
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
    static final class ModuloSource extends Plain {
        private final int n;
        private int next;

        ModuloSource(int n) {
            super("modulo");
            this.n = n;
        }

        @Override
        public void doOperation(Water in, Reservoir out) throws EndOfRiverException, InterruptedException {
            Partitions parts = Partitions.of(out, getName());
            if (next == n) {
                throw new EndOfRiverException();
            }
            Reservoir target = parts.get(next % parts.count());
            Water w = target.spring().createWater(4);
            w.buffer().putInt(0, next++);
            w.setLength(4);
            target.put(w);
        }
    }

    /** Keeps the numbers it receives. */
    static final class Collector extends Plain {
        final List<Integer> got = new CopyOnWriteArrayList<>();

        Collector() {
            super("collector");
        }

        @Override
        public void doOperation(Water in, Reservoir out) {
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
            source.addDownstream(r);
            threads.add(new RoundRobinModuleThread(c, new ModuleConfig("collector#" + i, i, 3, Map.of())).addUpstream(r));
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
    void aModuleThatChoosesRefusesAnotherPolicyAndTheViewRefusesPuts() throws Exception {
        ModuleThread wrong = new RoundRobinModuleThread(new ModuloSource(1), ModuleConfig.of("modulo", Map.of()));
        MemoryReservoir r = new MemoryReservoir("only", 2, 64);
        wrong.addDownstream(r);
        wrong.start();
        assertTrue(wrong.await(30, TimeUnit.SECONDS));
        assertEquals(ModuleThread.State.FAILED, wrong.state());
        assertEquals("module modulo chooses its own downstream reservoir: run it with policy PARTITIONED (got only)", wrong.failure().getMessage());

        ModuleIF misuse = new Plain("misuse") {
            @Override
            public void doOperation(Water in, Reservoir out) {
                out.spring().createWater(4);
            }
        };
        ModuleThread t = new PartitionModuleThread(misuse, ModuleConfig.of("misuse", Map.of()));
        t.addDownstream(new MemoryReservoir("a", 2, 64));
        t.start();
        assertTrue(t.await(30, TimeUnit.SECONDS));
        assertEquals(ModuleThread.State.FAILED, t.state());
        assertTrue(t.failure().getMessage().contains("put into partitions.get(i), made by its spring(), not into the partitions view"),
                        t.failure().getMessage());
        assertThrows(IllegalStateException.class, () -> Partitions.of(r, "x"));
    }
}
