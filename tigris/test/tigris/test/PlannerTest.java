/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import tigris.pipe.FilterRegistry;
import tigris.pipe.Pipeline;
import tigris.pipe.PipelinePlan;
import tigris.pipe.PipelineSyntaxException;
import tigris.pipe.plan.CostModel;
import tigris.pipe.plan.Place;
import tigris.pipe.plan.PlanCost;
import tigris.pipe.plan.PlanPricer;
import tigris.pipe.plan.Placement;
import tigris.pipe.plan.Planner;

/**
 * The planner (doc/pipelines.md, "The planner"): on small pipelines and places its plan is the
 * optimum that enumerating every plan finds, by the same prices; its choices follow the cost model
 * where they matter (two heavy filters go to two machines); hints pin what they say, and one that
 * cannot be met is an error naming it.
 */
class PlannerTest {
    /** The measured model with a fixed cache, so the test does not depend on this machine's. */
    private static final CostModel MODEL = new CostModel(CostModel.measured().crossings(), 1.25, 1 << 20, 0.1, 0.01);
    private static final Planner PLANNER = new Planner(new tigris.pipe.plan.OjAlgoSolver(), MODEL);

    private static final Place A = Place.node("a", "10.0.0.1", 2, Set.of());
    private static final Place A2 = Place.node("a2", "10.0.0.1", 2, Set.of());
    private static final Place B = Place.node("b", "10.0.0.2", 2, Set.of());
    private static final Place C1 = Place.node("c", "10.0.0.3", 1, Set.of("cat"));
    private static final Place VA = Place.node("va", "10.0.1.1", 2, Set.of()).withVerbs();
    private static final Place VB = Place.node("vb", "10.0.1.2", 2, Set.of()).withVerbs();

    static Stream<Arguments> topologies() {
        return Stream.of(
                        Arguments.of("file in=/x | grep a | file out=/y", List.of(A, B)),
                        Arguments.of("file in=/x | grep -v DEBUG | deflate | file out=/y", List.of(A, A2, B)),
                        Arguments.of("file in=/x | ((deflate | file out=/y) + (deflate | file out=/z))", List.of(A, B)),
                        Arguments.of("file in=/x | ((deflate | file out=/y) + (deflate | file out=/z))", List.of(A, A2, C1)),
                        Arguments.of("file in=/x | split n=2 |1 words | tally | file out=/y", List.of(A, B)),
                        Arguments.of("file in=/x | inflate | grep a * grep b | file out=/y", List.of(A, C1)),
                        Arguments.of("file in=/x | deflate | inflate | file out=/y", List.of(VA, VB, A)),
                        Arguments.of("file in=/x | cat | deflate | file out=/y", List.of(A, C1)));
    }

    @ParameterizedTest
    @MethodSource("topologies")
    void thePlanIsTheOptimumEnumerationFinds(String expression, List<Place> places) throws Exception {
        PipelinePlan plan = plan(expression);
        Placement placed = PLANNER.place(plan, places);
        PlanPricer pricer = PlanPricer.of(plan, places, MODEL);
        int[] at = new int[plan.vertices().size()];
        for (int i = 0; i < at.length; i++) {
            at[i] = places.indexOf(placed.places().get(i));
        }
        String[] by = placed.links().stream().map(l -> l.transport()).toArray(String[]::new);
        PlanCost own = pricer.price(at, by).orElseThrow(() -> new AssertionError("the planner's own plan breaks a rule:\n" + placed.explain()));
        assertEquals(own.objective(), placed.cost().objective(), 1e-9, "the plan's cost as the planner says it");
        Best best = new Best();
        enumerate(pricer, places.size(), new int[at.length], new String[by.length], 0, best);
        assertTrue(best.plans > 1, "there was a choice to make: " + best.plans + " plan(s)");
        System.out.println(expression + " on " + places + ": " + best.plans + " plans, the best " + best.cost + "\n" + placed.explain());
        assertEquals(best.cost.objective(), placed.cost().objective(), 1e-6 * best.cost.objective(),
                        "the solver's plan is as cheap as the cheapest of " + best.plans + " enumerated:\n" + placed.explain());
    }

    /**
     * Two filters that each need a core, on two machines of one core: one each, though the pipe
     * between hosts costs copies; where the machines have room, filters share one JVM.
     */
    @Test
    void heavyFiltersSpreadOverMachinesAndTheRestShareAJvm() throws Exception {
        Placement heavy = PLANNER.place(plan("file in=/x | ((deflate level=9 | file out=/y) + (deflate level=9 | file out=/z))"),
                        List.of(Place.node("one1", "10.0.0.5", 1, Set.of()), Place.node("one2", "10.0.0.6", 1, Set.of())));
        List<String> deflates = new ArrayList<>();
        for (var v : heavy.plan().vertices()) {
            if (v.filter().label().startsWith("deflate")) {
                deflates.add(heavy.place(v).host());
            }
        }
        assertNotEquals(deflates.get(0), deflates.get(1), "the two deflates run on two machines:\n" + heavy.explain());
        // Machines of eight cores have room for every thread: a pipe between hosts would only add copies.
        Placement light = PLANNER.place(plan("file in=/x | grep a | grep b | file out=/y"),
                        List.of(Place.node("big1", "10.0.0.1", 8, Set.of()), Place.node("big2", "10.0.0.2", 8, Set.of())));
        assertEquals(1, light.places().stream().distinct().count(), "filters share one JVM, joined by memory:\n" + light.explain());
        assertTrue(light.links().stream().allMatch(l -> l.transport().equals("memory")), light.explain());
    }

    @Test
    void hintsPinWhatTheySay() throws Exception {
        Placement node = PLANNER.place(plan("file in=/x | (grep a @node=b) | file out=/y"), List.of(A, B));
        assertEquals(B, node.places().get(1), node.explain());

        Placement tcp = PLANNER.place(plan("(file in=/x | grep a | file out=/y) @transport=tcp"), List.of(A, A2, B));
        assertTrue(tcp.links().stream().allMatch(l -> l.transport().equals("tcp")), tcp.explain());

        Placement single = PLANNER.place(plan("(file in=/x | ((deflate level=9 | file out=/y) + (deflate level=9 | file out=/z))) @single"), List.of(A, B));
        assertEquals(1, single.places().stream().distinct().count(), "one JVM though spreading is cheaper:\n" + single.explain());

        Placement alone = PLANNER.place(plan("file in=/x | (deflate @private) | file out=/y"), List.of(A, A2, B));
        String host = alone.places().get(1).host();
        for (int i = 0; i < alone.places().size(); i++) {
            assertTrue(i == 1 || !alone.places().get(i).host().equals(host), "deflate has its host to itself:\n" + alone.explain());
        }

        Placement water = PLANNER.place(plan("file in=/x | (grep a @water=4k,window=2) | file out=/y"), List.of(A));
        assertEquals(4096, water.links().get(1).water(), water.explain());
        assertEquals(2, water.links().get(1).window(), water.explain());
    }

    @Test
    void aHintThatCannotBeMetIsAnErrorNamingIt() throws Exception {
        String twoNodes = "file in=/x | ((grep a @node=a) | (grep b @node=b) @transport=memory) | file out=/y";
        PipelineSyntaxException memory = assertThrows(PipelineSyntaxException.class, () -> PLANNER.place(plan(twoNodes), List.of(A, B)));
        assertTrue(memory.getMessage().contains("hint transport=memory cannot be met with hint node=a (column " + (twoNodes.indexOf("@node=a") + 1)
                        + ") and hint node=b (column " + (twoNodes.indexOf("@node=b") + 1) + ") on the places given (a on 10.0.0.1, b on 10.0.0.2)"), memory.getMessage());
        assertEquals(twoNodes.indexOf("@transport") + 1, memory.column(), memory.withCaret(""));

        PipelineSyntaxException unknown = assertThrows(PipelineSyntaxException.class, () -> PLANNER.place(plan("file in=/x | (grep a @node=zz) | file out=/y"), List.of(A, B)));
        assertTrue(unknown.getMessage().contains("hint node=zz names no place of this pipeline's: a, b"), unknown.getMessage());

        PipelineSyntaxException verbs = assertThrows(PipelineSyntaxException.class,
                        () -> PLANNER.place(plan("(file in=/x | grep a | file out=/y) @transport=verbs"), List.of(A, B)));
        assertTrue(verbs.getMessage().contains("hint transport=verbs cannot be met"), verbs.getMessage());

        PipelineSyntaxException file = assertThrows(PipelineSyntaxException.class,
                        () -> PLANNER.place(plan("file in=/x | (grep a @transport=file) | file out=/y"), List.of(A, B)));
        assertTrue(file.getMessage().contains("hint transport=file: a pipeline's pipes are joined by memory, shm, tcp or verbs"
                        + " (transport=file, a Water file, joins the modules of a river file: tigris run)"), file.getMessage());
    }

    @Test
    void aFilterNoPlaceCanRunIsAnErrorSayingWhy() throws Exception {
        PipelineSyntaxException process = assertThrows(PipelineSyntaxException.class, () -> PLANNER.place(plan("file in=/x | cat | file out=/y"), List.of(A, B)));
        assertTrue(process.getMessage().contains("cat can run in none of the places given: it runs the program cat, and no node given allows it"
                        + " (start one with --allow-exec cat)"), process.getMessage());
        assertEquals(C1, PLANNER.place(plan("file in=/x | cat | file out=/y"), List.of(A, C1)).places().get(1));

        PipelineSyntaxException stdin = assertThrows(PipelineSyntaxException.class, () -> PLANNER.place(plan("grep a"), List.of(A, B)));
        assertTrue(stdin.getMessage().contains("stdin can run in none of the places given: it runs in this command's own JVM"), stdin.getMessage());
        // A process that begins the pipeline reads the command's standard input: it runs here, never on a node.
        PipelineSyntaxException process0 = assertThrows(PipelineSyntaxException.class, () -> PLANNER.place(plan("cat | file out=/y"), List.of(A, C1)));
        assertTrue(process0.getMessage().contains("cat can run in none of the places given: it begins the pipeline, so it reads this command's standard input,"
                        + " and the pipeline is placed on nodes only"), process0.getMessage());
        assertEquals("local", PLANNER.place(plan("cat | file out=/y"), List.of(Place.local(2), C1)).places().getFirst().node());
        Placement local = PLANNER.place(plan("grep a"), List.of(Place.local(2)));
        assertTrue(local.links().stream().allMatch(l -> l.transport().equals("memory")), local.explain());
    }

    private static PipelinePlan plan(String expression) throws PipelineSyntaxException {
        return PipelinePlan.of(Pipeline.parse(expression), FilterRegistry.standard());
    }

    private static final class Best {
        PlanCost cost;
        long plans;
    }

    /** Every place for every filter, every transport for every pipe: the plans the solver chose among. */
    private static void enumerate(PlanPricer pricer, int places, int[] at, String[] by, int i, Best best) {
        if (i < at.length) {
            for (int p = 0; p < places; p++) {
                at[i] = p;
                enumerate(pricer, places, at, by, i + 1, best);
            }
            return;
        }
        int j = i - at.length;
        if (j < by.length) {
            for (String t : PlanPricer.transports()) {
                by[j] = t;
                enumerate(pricer, places, at, by, i + 1, best);
            }
            return;
        }
        Optional<PlanCost> c = pricer.price(at, by);
        if (c.isPresent()) {
            best.plans++;
            if (best.cost == null || c.get().objective() < best.cost.objective()) {
                best.cost = c.get();
            }
        }
    }
}
