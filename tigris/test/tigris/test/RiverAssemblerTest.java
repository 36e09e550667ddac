/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tigris.ModuleThread;
import tigris.graph.LocalRiver;
import tigris.graph.ReservoirSpec;
import tigris.graph.RiverGraph;
import tigris.river.LocalSite;
import tigris.river.RiverAssembler;
import tigris.transport.TransportContext;

/** One assembler builds a river on one site or across several, with the same result. */
class RiverAssemblerTest {
    @TempDir
    Path dir;

    private LocalSite site(String node) {
        return new LocalSite(new TransportContext(node, InetAddress.getLoopbackAddress(), dir.resolve(node), Duration.ofSeconds(10), Duration.ofSeconds(10), tigris.RiverAttempt.first("test"), DataPlanes.KEY, DataPlanes.of(node)),
                        jar -> RiverAssemblerTest.class.getClassLoader());
    }

    private static RiverGraph graph(String name, Path out, String across) {
        RiverGraph g = new RiverGraph(name);
        ReservoirSpec spec = ReservoirSpec.of(4, 1024).across(across);
        g.module("source", GraphModules.CountingSource.class).parameter("count", "3000").output("out", Record.class);
        g.module("doubler", GraphModules.Doubler.class).instances(2).input("in", Record.class).output("out", Record.class);
        g.module("sink", GraphModules.FileSummingSink.class).parameter("out", out.toString()).input("in", Record.class);
        g.connect("source.out", "doubler.in", spec).connect("doubler.out", "sink.in", spec);
        return g;
    }

    private static void runToEnd(List<LocalSite> sites) throws InterruptedException {
        for (LocalSite s : sites) {
            for (ModuleThread t : s.threads()) {
                assertTrue(t.await(60, TimeUnit.SECONDS), t + " did not end");
                assertEquals(ModuleThread.State.ENDED, t.state(), t + ": " + t.failure());
            }
        }
    }

    @Test
    void oneGraphAssemblesTheSameRiverOnOneSiteAndOnTwo() throws Exception {
        LocalSite one = site("one");
        Path alone = dir.resolve("sum-one");
        var a1 = RiverAssembler.assemble(graph("alone", alone, "tcp"), Map.of("source", List.of(one), "doubler", List.of(one, one), "sink", List.of(one)), null);
        assertEquals(Map.of("memory", 4), a1.made(), "one site: memory reservoirs only");
        a1.start();
        runToEnd(List.of(one));
        one.destroy();

        LocalSite a = site("a");
        LocalSite b = site("b");
        Path split = dir.resolve("sum-two");
        var a2 = RiverAssembler.assemble(graph("split", split, "tcp"), Map.of("source", List.of(a), "doubler", List.of(a, b), "sink", List.of(b)), null);
        assertEquals(Map.of("memory", 2, "tcp", 2), a2.made(), "within a site memory, between sites the connection's transport");
        a2.start();
        runToEnd(List.of(a, b));
        a.destroy();
        b.destroy();
        assertEquals(Files.readString(alone), Files.readString(split), "the same records, doubled once, either way");
        assertEquals("3000 " + 3000L * 2999 / 2 + " 6000", Files.readString(split));
    }

    @Test
    void whatCannotBeAssembledIsRefusedBeforeAnythingIsMade() {
        LocalSite a = site("a");
        LocalSite far = site("far");
        assertTrue(a.threads().isEmpty());
        // Both sites are on 127.0.0.1: shared memory may join them; a memory reservoir may not.
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RiverAssembler.assemble(graph("mem", dir.resolve("x"), "memory"),
                        Map.of("source", List.of(a), "doubler", List.of(far, far), "sink", List.of(a)), null));
        assertTrue(e.getMessage().contains("connection source.out -> doubler.in is memory (transport=memory), but source runs on a (127.0.0.1) and doubler#0 on far (127.0.0.1): "
                        + "a memory reservoir joins modules of one node"), e.getMessage());
        assertTrue(a.threads().isEmpty(), "nothing was made");

        RiverGraph g = new RiverGraph("throws");
        g.module("bad", GraphModules.ThrowingConstructor.class).output("out", Record.class);
        g.module("sink", GraphModules.SummingSink.class).input("in", Record.class);
        g.connect("bad.out", "sink.in", ReservoirSpec.of(2, 64));
        IllegalStateException x = assertThrows(IllegalStateException.class, () -> LocalRiver.build(g));
        assertEquals("module bad: the constructor of " + GraphModules.ThrowingConstructor.class.getName() + " threw java.lang.IllegalStateException: boom",
                        x.getMessage());
    }
}
