/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.planner;

import java.util.List;

import org.chocosolver.solver.Model;
import org.chocosolver.solver.variables.IntVar;

import tigris.pipe.plan.IntegerProgram;
import tigris.pipe.plan.PlanSolver;

/**
 * The planner's program solved by Choco, a constraint solver: the alternative ojAlgo was chosen
 * over (doc/pipelines.md). Choco's variables are integers, so every coefficient of a 0/1 variable
 * is scaled by {@link #SCALE} and rounded, and each continuous variable counts in units of 1/SCALE:
 * its optimum is the program's to within the rounding.
 */
final class ChocoSolver implements PlanSolver {
    /** Coefficients in thousandths of a nanosecond per byte. */
    static final int SCALE = 1000;
    /** The largest value of a continuous variable, scaled: a bottleneck of 100 µs a byte. */
    private static final int BOUND = 100_000 * SCALE;

    @Override
    public String name() {
        // Its jar's name carries the version its manifest does not.
        String jar = Model.class.getProtectionDomain().getCodeSource().getLocation().getPath();
        return "Choco " + jar.replaceAll(".*choco-solver-(.*)\\.jar$", "$1");
    }

    @Override
    public PlanSolver.Solution solve(IntegerProgram program) {
        Model m = new Model("placement");
        List<IntegerProgram.Variable> vars = program.variables();
        IntVar[] x = new IntVar[vars.size()];
        for (int i = 0; i < x.length; i++) {
            IntegerProgram.Variable v = vars.get(i);
            if (v.integer()) {
                x[i] = v.lower() == v.upper() ? m.intVar(v.name(), (int) v.lower()) : m.boolVar(v.name());
            } else {
                x[i] = m.intVar(v.name(), (int) Math.round(v.lower() * SCALE), v.upper() == Double.POSITIVE_INFINITY ? BOUND : (int) Math.round(v.upper() * SCALE));
            }
        }
        for (IntegerProgram.Row r : program.rows()) {
            IntVar[] on = new IntVar[r.coefficients().size()];
            int[] c = new int[on.length];
            int k = 0;
            for (var e : r.coefficients().entrySet()) {
                on[k] = x[e.getKey()];
                c[k++] = coefficient(vars.get(e.getKey()), e.getValue());
            }
            if (r.lower() == r.upper()) {
                m.scalar(on, c, "=", (int) Math.round(r.lower() * SCALE)).post();
                continue;
            }
            if (r.lower() != Double.NEGATIVE_INFINITY) {
                m.scalar(on, c, ">=", (int) Math.round(r.lower() * SCALE)).post();
            }
            if (r.upper() != Double.POSITIVE_INFINITY) {
                m.scalar(on, c, "<=", (int) Math.round(r.upper() * SCALE)).post();
            }
        }
        IntVar[] on = new IntVar[program.objective().size()];
        int[] c = new int[on.length];
        int k = 0;
        for (var e : program.objective().entrySet()) {
            on[k] = x[e.getKey()];
            c[k++] = coefficient(vars.get(e.getKey()), e.getValue());
        }
        IntVar cost = m.intVar("cost", 0, Integer.MAX_VALUE / 2);
        m.scalar(on, c, "=", cost).post();
        org.chocosolver.solver.Solver solver = m.getSolver();
        var limit = new org.chocosolver.solver.search.limits.TimeCounter(m, tigris.pipe.plan.OjAlgoSolver.TIME_LIMIT_MILLIS * 1_000_000);
        org.chocosolver.solver.Solution s = solver.findOptimalSolution(cost, Model.MINIMIZE, limit);
        if (s == null) {
            return PlanSolver.Solution.infeasible();
        }
        double[] values = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            values[i] = vars.get(i).integer() ? s.getIntVal(x[i]) : s.getIntVal(x[i]) / (double) SCALE;
        }
        // Stopped by the time limit, the search did not prove its last solution optimal.
        boolean proven = !limit.isMet();
        return new PlanSolver.Solution(true, proven, program.objectiveAt(values), values);
    }

    /** A row's coefficient in Choco's integers: a continuous variable is already scaled; a 0/1 one's coefficient is. */
    private static int coefficient(IntegerProgram.Variable v, double c) {
        return v.integer() ? (int) Math.round(c * SCALE) : (int) Math.round(c);
    }
}
