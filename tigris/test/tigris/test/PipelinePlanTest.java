/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import tigris.graph.Connection;
import tigris.graph.ModuleSpec;
import tigris.graph.RiverGraph;
import tigris.pipe.ClassSet;
import tigris.pipe.FilterRegistry;
import tigris.pipe.Pipeline;
import tigris.pipe.PipelinePlan;
import tigris.pipe.PipelineSyntaxException;
import tigris.pipe.filters.JoinModule;
import tigris.pipe.filters.ProcessModule;
import tigris.pipe.filters.RouteModule;

/** Planning a pipeline: filters bound, selectors resolved against their filters' classes, the river made. */
class PipelinePlanTest {
    private static final FilterRegistry FILTERS = FilterRegistry.standard();

    private static PipelinePlan plan(String text) throws PipelineSyntaxException {
        return PipelinePlan.of(Pipeline.parse(text), FILTERS);
    }

    /** Each pipe as "from -> to [classes]". */
    private static List<String> pipes(PipelinePlan p) {
        return p.edges().stream().map(e -> e.from().filter().label() + " -> " + e.to().filter().label() + " [" + e.classes() + "]").toList();
    }

    @Test
    void aPipelineThatBeginsWithAFilterReadsStandardInputAndOneThatEndsWithOneWritesStandardOutput() throws Exception {
        assertEquals(List.of("stdin -> grep x [0]", "grep x -> stdout [1]"), pipes(plan("grep x")));
        assertEquals(List.of("file in=a -> file out=b [0]"), pipes(plan("file in=a | file out=b")));
    }

    @Test
    void selectorsBecomeTheClassesEachPipeForwards() throws Exception {
        assertEquals(List.of("file in=a -> grep x [0]", "grep x -> count [1]"), pipes(plan("file in=a | grep x | count")).subList(0, 2));
        assertEquals(List.of("grep x -> count [0]"), pipes(plan("file in=a | grep x |! count")).subList(1, 2));
        assertEquals(List.of("grep x -> count [0]"), pipes(plan("file in=a | !grep x | count")).subList(1, 2));
        assertEquals(List.of("grep x -> count [0-1]"), pipes(plan("file in=a | grep x |all count")).subList(1, 2));
        assertEquals(List.of("grep x -> count [1]"), pipes(plan("file in=a | grep x |match count")).subList(1, 2));
        assertEquals(List.of("split n=4 -> count [2-3]"), pipes(plan("file in=a | split n=4 |2:3 count")).subList(1, 2));
        assertEquals(List.of("split n=4 -> count [4]"), pipes(plan("file in=a | split n=4 |part4 count")).subList(1, 2));
        // A filter that sorts nothing forwards all it puts through a plain pipe.
        assertEquals(List.of("deflate level=6 format=gzip -> count [0]"), pipes(plan("file in=a | deflate | count")).subList(1, 2));
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "file in=a | grep x |5 count; 21; the pipe after grep x selects |5, which is none of the classes it puts: 0 (other), 1 (match)",
        "file in=a | grep x |nosuch count; 21; grep x has no class named nosuch: its classes are 0 (other), 1 (match)",
        "file in=a | !deflate | count; 13; '!' takes what deflate level=6 format=gzip rejects, but it sorts nothing",
        "file out=a | grep x; 1; file out=a gives no output (it is a sink), but a pipe follows it",
        "grep x | file in=a; 10; file in=" + "a takes no input (it is a source), but the pipe before it would feed it",
        "grep x | nosuchprogram-tigris y; 10; there is no filter or program named nosuchprogram-tigris (none on PATH); the filters are count, deflate",
        "head abc; 6; head: the number of lines 'abc' is not a whole number (usage: head [-n] N | head n=N)",
        "grep -P x; 6; grep: -P is not an option of Tigris's grep (it takes -v, -i, -F, -x); to run the system's grep, write exec grep",
        "grep '(' ; 6; grep: '(' is not a regular expression",
        "grep; 1; grep: needs a pattern",
        "file in=a | split n=300 | count; 19; split: n=300: there are 255 classes above 0",
        "file in=a | split field=2 n=300 | count; 27; split: n=300: there are 255 classes above 0",
        "(grep x @window=0); 9; hint window=0: a window is 1 to 4096 Waters",
        "(grep x @hrealtime); 9; hint hrealtime cannot be met",
        "(grep x @latency,throughput); 9; hints latency and throughput contradict each other",
        "(grep x @background,realtime); 9; hints realtime and background contradict each other",
        "file in=a | (grep x + file in=b); 23; file in=b takes no input",
        "grep x | !file out=y; 10; '!' takes what file out=y rejects, but it is a sink: it gives no output to take",
        "(grep x + !file out=y); 11; '!' takes what file out=y rejects, but it is a sink",
    })
    void whatCannotBePlannedIsNamedWhereItWasWritten(String text, int column, String problem) {
        PipelineSyntaxException e = assertThrows(PipelineSyntaxException.class, () -> plan(text));
        assertTrue(e.problem().contains(problem.replace("file in=a", "file in=" + "a")), e.getMessage());
        assertEquals(column, e.column(), e.getMessage());
    }

    @Test
    void theRiverRoutesWhereAModuleCannotAndJoinsTakeOneInputPortABranch() throws Exception {
        RiverGraph g = plan("file in=a | grep x * grep y | count").river("p");
        ModuleSpec join = g.moduleList().stream().filter(m -> m.moduleClass() == JoinModule.class).findFirst().orElseThrow();
        assertEquals(java.util.Set.of("in0", "in1", "out"), join.ports().keySet());
        List<String> intoJoin = g.connections().stream().filter(c -> Connection.module(c.to()).equals(join.name())).map(Connection::to).sorted().toList();
        assertEquals(List.of(join.name() + ".in0", join.name() + ".in1"), intoJoin);
        // The source's Waters go to both greps: its own routes say so, one per pipe, all classes it puts.
        ModuleSpec source = g.modules().get("file");
        assertEquals(Map.of("route.0", "0", "route.1", "0"), Map.of("route.0", source.parameters().get("route.0"), "route.1", source.parameters().get("route.1")));

        // A river module cannot route: a route after it takes its Waters to each pipe; a process routes its own.
        RiverGraph p = PipelinePlan.of(Pipeline.parse("file in=a | upper | (count + count -l)"), withUpper()).river("p");
        ModuleSpec route = p.moduleList().stream().filter(m -> m.moduleClass() == RouteModule.class).findFirst().orElseThrow();
        assertEquals("upper-route", route.name());
        assertEquals(List.of("upper-route.out", "upper-route.out"),
                        p.connections().stream().map(Connection::from).filter(f -> f.startsWith("upper-route")).toList());
        assertEquals(ClassSet.of(0), ClassSet.parse(route.parameters().get("route.1")));
        RiverGraph q = plan("file in=a | cat | (count + count -l)").river("q");
        assertTrue(q.moduleList().stream().noneMatch(m -> m.moduleClass() == RouteModule.class));
        assertEquals("0", q.modules().get("cat").parameters().get("route.1"));
        // One pipe that forwards all it puts needs no route.
        assertTrue(PipelinePlan.of(Pipeline.parse("file in=a | upper | count"), withUpper()).river("r").moduleList().stream()
                        .noneMatch(m -> m.moduleClass() == RouteModule.class));
    }

    /** The standard filters and the test's own {@code upper}, found as an application's jar would offer it. */
    static FilterRegistry withUpper() throws java.io.IOException {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("filters");
        java.nio.file.Path services = java.nio.file.Files.createDirectories(dir.resolve("META-INF/services"));
        java.nio.file.Files.writeString(services.resolve("tigris.pipe.FilterDefinition"), UpperFilter.class.getName() + "\n");
        return FilterRegistry.load(new java.net.URLClassLoader(new java.net.URL[] {dir.toUri().toURL()}, PipelinePlanTest.class.getClassLoader()));
    }

    @Test
    void theInnermostHintWins() throws Exception {
        RiverGraph g = plan("((file in=a @water=1m) | count) @water=4k").river("h");
        assertEquals("1048576", g.modules().get("file").parameters().get("water"));
        assertEquals("4096", g.modules().get("count").parameters().get("water"));
    }

    @Test
    void latencyMakesSmallWatersAndSchedulingHintsReachTheModules() throws Exception {
        RiverGraph g = plan("((file in=a @latency) | (grep x @background) | (count @realtime)) @throughput").river("s");
        assertEquals(Integer.toString(PipelinePlan.LATENCY_WATER), g.modules().get("file").parameters().get("water"));
        assertEquals(Integer.toString(PipelinePlan.DEFAULT_WATER), g.modules().get("grep").parameters().get("water"), "the outer @throughput");
        assertEquals(PipelinePlan.LATENCY_WATER, g.connections().stream().filter(c -> c.from().startsWith("file.")).findFirst().orElseThrow()
                        .reservoir().waterSize(), "the pipe from a filter hinted @latency");
        assertEquals(tigris.Scheduling.NORMAL, g.modules().get("file").scheduling());
        assertEquals(tigris.Scheduling.BACKGROUND, g.modules().get("grep").scheduling());
        assertEquals(tigris.Scheduling.REALTIME, g.modules().get("count").scheduling());
        assertEquals(tigris.Scheduling.BACKGROUND, plan("((grep x @background) | count) @realtime").river("i").modules().get("grep").scheduling(),
                        "the innermost of the two");
    }

    @Test
    void aFilterThatMergesPipesGetsAPortForEach() throws Exception {
        RiverGraph g = plan("(file in=a + file in=b) | count").river("m");
        assertEquals(java.util.Set.of("in0", "in1", "out"), g.modules().get("count").ports().keySet());
        assertEquals("2", g.modules().get("count").parameters().get("inputs"));
    }

    @Test
    void aProcessThatBeginsAPipelineReadsItsStandardInputItself() throws Exception {
        PipelinePlan p = plan("cat | head 2");
        assertEquals("cat", p.vertices().getFirst().filter().label());
        assertTrue(!p.vertices().getFirst().filter().input(), "cat is a source");
        assertEquals("true", p.vertices().getFirst().filter().parameters().get(ProcessModule.INHERIT_INPUT));
        assertTrue(pipes(p).stream().noneMatch(s -> s.startsWith("stdin")), pipes(p).toString());
    }

    /** Processes sharing the standard input's descriptor would split its bytes; each reader gets a copy from stdin. */
    @Test
    void processesThatBeginAPipelineTogetherEachGetACopyOfStandardInput() throws Exception {
        PipelinePlan p = plan("cat + grep 5");
        assertEquals(List.of("stdin -> cat [0]", "stdin -> grep 5 [0]", "cat -> stdout [0]", "grep 5 -> stdout [1]"), pipes(p));
        assertTrue(p.vertices().stream().noneMatch(v -> v.filter().parameters().containsKey(ProcessModule.INHERIT_INPUT)), pipes(p).toString());
        assertTrue(pipes(plan("(cat + tr a b) | count")).containsAll(List.of("stdin -> cat [0]", "stdin -> tr a b [0]")), pipes(plan("(cat + tr a b) | count")).toString());
        PipelinePlan withFile = plan("cat + file in=a");
        assertEquals("true", withFile.vertices().getFirst().filter().parameters().get(ProcessModule.INHERIT_INPUT), "cat alone reads standard input");
    }

    /** A branch of a join whose output leaves from two filters feeds two ports, read apart, counted as one branch. */
    @Test
    void aJoinGivesEachStreamOfABranchItsOwnPort() throws Exception {
        RiverGraph g = plan("(file in=a + file in=b) * file in=c").river("j");
        ModuleSpec join = g.moduleList().stream().filter(m -> m.moduleClass() == JoinModule.class).findFirst().orElseThrow();
        assertEquals(java.util.Set.of("in0", "in1", "in2", "out"), join.ports().keySet());
        assertEquals("0,0,1", join.parameters().get("branches"));
        assertEquals("3", join.parameters().get("inputs"));
        List<String> intoJoin = g.connections().stream().filter(c -> Connection.module(c.to()).equals(join.name())).map(c -> c.from() + " -> " + c.to()).sorted()
                        .toList();
        assertEquals(List.of("file-2.out -> " + join.name() + ".in1", "file-3.out -> " + join.name() + ".in2", "file.out -> " + join.name() + ".in0"), intoJoin);
    }

    @Test
    void classSetsWriteAndReadAsRanges() {
        ClassSet s = ClassSet.of(0, 3, 4, 5, 255);
        assertEquals("0,3-5,255", s.toString());
        assertEquals(s, ClassSet.parse(s.toString()));
        assertEquals("1-255", ClassSet.range(1, 255).toString());
        assertEquals("", ClassSet.NONE.toString());
        assertEquals(ClassSet.ALL, ClassSet.NONE.complement());
        assertThrows(IllegalArgumentException.class, () -> ClassSet.parse("3-x"));
    }
}
