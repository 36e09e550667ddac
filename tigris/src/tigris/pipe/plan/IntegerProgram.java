/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A mixed integer linear program to minimise, in no solver's terms: variables with bounds (binary,
 * or continuous), rows of coefficients between a lower and an upper bound, and an objective. The
 * planner states its model once in this form; each {@link PlanSolver} translates it, so two solvers
 * are compared on the very same program.
 */
public final class IntegerProgram {
    /** A variable: {@code integer} ones take whole values between the bounds. */
    public record Variable(String name, double lower, double upper, boolean integer) {
    }

    /** A row: {@code lower <= sum(coefficients[v] * v) <= upper} (an infinite bound is none). */
    public record Row(String name, Map<Integer, Double> coefficients, double lower, double upper) {
    }

    private final List<Variable> variables = new ArrayList<>();
    private final List<Row> rows = new ArrayList<>();
    private final Map<Integer, Double> objective = new LinkedHashMap<>();

    /** An empty program: no variables, no rows, an objective of 0. */
    public IntegerProgram() {
        // filled by binary, nonNegative, row and minimise
    }

    /** A new 0/1 variable; its index. */
    public int binary(String name) {
        variables.add(new Variable(name, 0, 1, true));
        return variables.size() - 1;
    }

    /** A new continuous variable of at least 0; its index. */
    public int nonNegative(String name) {
        variables.add(new Variable(name, 0, Double.POSITIVE_INFINITY, false));
        return variables.size() - 1;
    }

    /** Fixes variable {@code v} to {@code value} (a hint that pins a choice). */
    public void fix(int v, double value) {
        Variable x = variables.get(v);
        variables.set(v, new Variable(x.name(), value, value, x.integer()));
    }

    /** Adds {@code coefficient} times {@code v} to the objective. */
    public void minimise(int v, double coefficient) {
        objective.merge(v, coefficient, Double::sum);
    }

    /** A new row, filled by the caller through {@link RowBuilder#add}. */
    public RowBuilder row(String name, double lower, double upper) {
        return new RowBuilder(name, lower, upper);
    }

    public List<Variable> variables() {
        return List.copyOf(variables);
    }

    public List<Row> rows() {
        return List.copyOf(rows);
    }

    public Map<Integer, Double> objective() {
        return java.util.Collections.unmodifiableMap(objective);
    }

    /** The objective's value at {@code values}. */
    public double objectiveAt(double[] values) {
        double sum = 0;
        for (var e : objective.entrySet()) {
            sum += e.getValue() * values[e.getKey()];
        }
        return sum;
    }

    /** Collects one row's coefficients; {@link #done} adds it. */
    public final class RowBuilder {
        private final String name;
        private final double lower;
        private final double upper;
        private final Map<Integer, Double> coefficients = new LinkedHashMap<>();

        private RowBuilder(String name, double lower, double upper) {
            this.name = name;
            this.lower = lower;
            this.upper = upper;
        }

        public RowBuilder add(int v, double coefficient) {
            if (coefficient != 0) {
                coefficients.merge(v, coefficient, Double::sum);
            }
            return this;
        }

        public void done() {
            rows.add(new Row(name, Map.copyOf(coefficients), lower, upper));
        }
    }
}
