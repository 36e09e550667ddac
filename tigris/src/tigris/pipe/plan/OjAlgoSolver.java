/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.plan;

import java.util.List;

import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

/**
 * {@link PlanSolver} by ojAlgo's mixed integer solver (LP relaxations, branch and bound): pure Java,
 * no native code, one jar. Initialising this class tells ojAlgo to keep quiet on standard output (the
 * system property {@code shut.up.ojAlgo}, unless already set). Each {@link #solve} builds a model of
 * its own from the program.
 */
public final class OjAlgoSolver implements PlanSolver {
    static {
        // ojAlgo greets stdout when it finds no hardware profile of its own for this machine: a
        // pipeline's output is the command's standard output, so it is told to keep quiet.
        if (System.getProperty("shut.up.ojAlgo") == null) {
            System.setProperty("shut.up.ojAlgo", "true");
        }
    }

    /** How long a solve may search by default: a pipeline command should not think for minutes. */
    public static final long TIME_LIMIT_MILLIS = 10_000;

    private final long timeLimitMillis;

    /** A solver that searches for at most {@link #TIME_LIMIT_MILLIS}. */
    public OjAlgoSolver() {
        this(TIME_LIMIT_MILLIS);
    }

    /**
     * A solver that returns the best plan found once {@code timeLimitMillis} have passed, not proven optimal.
     *
     * @param timeLimitMillis how long a solve may search, in milliseconds
     */
    public OjAlgoSolver(long timeLimitMillis) {
        this.timeLimitMillis = timeLimitMillis;
    }

    @Override
    public String name() {
        return "ojAlgo " + Version.OF_JAR;
    }

    /** Read when first named: a plan of one place never loads ojAlgo. */
    private static final class Version {
        static final String OF_JAR = version();
    }

    /** The version its jar's manifest gives (a named module's packages carry none). */
    private static String version() {
        try (var in = ExpressionsBasedModel.class.getModule().getResourceAsStream("META-INF/MANIFEST.MF")) {
            return in == null ? "(version unknown)" : new java.util.jar.Manifest(in).getMainAttributes().getValue("Implementation-Version");
        } catch (java.io.IOException e) {
            return "(version unknown)";
        }
    }

    @Override
    public Solution solve(IntegerProgram program) {
        Optimisation.Options options = new Optimisation.Options();
        options.time_abort = timeLimitMillis;
        ExpressionsBasedModel model = new ExpressionsBasedModel(options);
        List<IntegerProgram.Variable> vars = program.variables();
        Variable[] x = new Variable[vars.size()];
        for (int i = 0; i < x.length; i++) {
            IntegerProgram.Variable v = vars.get(i);
            x[i] = model.newVariable(v.name()).lower(v.lower());
            if (v.upper() != Double.POSITIVE_INFINITY) {
                x[i].upper(v.upper());
            }
            x[i].integer(v.integer());
        }
        for (IntegerProgram.Row r : program.rows()) {
            Expression e = model.newExpression(r.name());
            r.coefficients().forEach((v, c) -> e.set(x[v], c));
            if (r.lower() != Double.NEGATIVE_INFINITY) {
                e.lower(r.lower());
            }
            if (r.upper() != Double.POSITIVE_INFINITY) {
                e.upper(r.upper());
            }
        }
        Expression objective = model.newExpression("cost").weight(1);
        program.objective().forEach((v, c) -> objective.set(x[v], c));
        Optimisation.Result result = model.minimise();
        Optimisation.State state = result.getState();
        if (state == Optimisation.State.INFEASIBLE) {
            return Solution.infeasible();
        }
        if (!state.isFeasible()) {
            throw new IllegalStateException("the solver " + name() + " stopped without a plan (" + state + ")");
        }
        double[] values = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            values[i] = result.doubleValue(i);
        }
        return new Solution(true, state.isOptimal(), program.objectiveAt(values), values);
    }
}
