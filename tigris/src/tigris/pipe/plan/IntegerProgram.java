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
 * are compared on the very same program. Variables are numbered from 0 in the order they are
 * made. Not thread-safe: one planner fills it, then solvers read it.
 */
public final class IntegerProgram {
    /**
     * A variable: {@code integer} ones take whole values between the bounds.
     *
     * @param name its name, for a solver's messages and debugging
     * @param lower its lower bound
     * @param upper its upper bound; {@link Double#POSITIVE_INFINITY} for none
     * @param integer whether it takes only whole values
     */
    public record Variable(String name, double lower, double upper, boolean integer) {
    }

    /**
     * A row: {@code lower <= sum(coefficients[v] * v) <= upper} (an infinite bound is none).
     *
     * @param name its name, for a solver's messages and debugging
     * @param coefficients each variable's coefficient, by the variable's index; a variable absent has 0
     * @param lower its lower bound; {@link Double#NEGATIVE_INFINITY} for none
     * @param upper its upper bound; {@link Double#POSITIVE_INFINITY} for none
     */
    public record Row(String name, Map<Integer, Double> coefficients, double lower, double upper) {
    }

    private final List<Variable> variables = new ArrayList<>();
    private final List<Row> rows = new ArrayList<>();
    private final Map<Integer, Double> objective = new LinkedHashMap<>();

    /** An empty program: no variables, no rows, an objective of 0. */
    public IntegerProgram() {
        // filled by binary, nonNegative, row and minimise
    }

    /**
     * A new 0/1 variable.
     *
     * @param name its name
     * @return its index
     */
    public int binary(String name) {
        variables.add(new Variable(name, 0, 1, true));
        return variables.size() - 1;
    }

    /**
     * A new continuous variable of at least 0, with no upper bound.
     *
     * @param name its name
     * @return its index
     */
    public int nonNegative(String name) {
        variables.add(new Variable(name, 0, Double.POSITIVE_INFINITY, false));
        return variables.size() - 1;
    }

    /**
     * Fixes variable {@code v} to {@code value} (a hint that pins a choice): both its bounds become
     * {@code value}.
     *
     * @param v the variable's index
     * @param value the value it must take
     * @throws IndexOutOfBoundsException if there is no variable {@code v}
     */
    public void fix(int v, double value) {
        Variable x = variables.get(v);
        variables.set(v, new Variable(x.name(), value, value, x.integer()));
    }

    /**
     * Adds {@code coefficient} times {@code v} to the objective; called again for one variable, the
     * coefficients add up.
     *
     * @param v the variable's index
     * @param coefficient its weight in what is minimised
     */
    public void minimise(int v, double coefficient) {
        objective.merge(v, coefficient, Double::sum);
    }

    /**
     * A new row, filled by the caller through {@link RowBuilder#add} and added by {@link RowBuilder#done}.
     *
     * @param name its name
     * @param lower its lower bound; {@link Double#NEGATIVE_INFINITY} for none
     * @param upper its upper bound; {@link Double#POSITIVE_INFINITY} for none
     * @return the builder of the row
     */
    public RowBuilder row(String name, double lower, double upper) {
        return new RowBuilder(name, lower, upper);
    }

    /**
     * The variables.
     *
     * @return a copy, by index
     */
    public List<Variable> variables() {
        return List.copyOf(variables);
    }

    /**
     * The rows added.
     *
     * @return a copy, in the order added
     */
    public List<Row> rows() {
        return List.copyOf(rows);
    }

    /**
     * The objective to minimise.
     *
     * @return each variable's coefficient by its index, unmodifiable (a view: it changes as the
     *         program is filled); variables absent have none
     */
    public Map<Integer, Double> objective() {
        return java.util.Collections.unmodifiableMap(objective);
    }

    /**
     * The objective's value at a point.
     *
     * @param values each variable's value, by index
     * @return the sum of each coefficient times its variable's value
     */
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

        /**
         * Adds {@code coefficient} times {@code v} to the row; called again for one variable, the
         * coefficients add up. A coefficient of 0 is left out.
         *
         * @param v the variable's index
         * @param coefficient its coefficient
         * @return this builder
         */
        public RowBuilder add(int v, double coefficient) {
            if (coefficient != 0) {
                coefficients.merge(v, coefficient, Double::sum);
            }
            return this;
        }

        /** Adds the row to the program, with the coefficients added so far. */
        public void done() {
            rows.add(new Row(name, Map.copyOf(coefficients), lower, upper));
        }
    }
}
