/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.plan;

/** Solves an {@link IntegerProgram} to optimality: the narrow interface between the planner and a solver library. */
public interface PlanSolver {
    /**
     * The solver's name and version, for --explain and the comparison.
     *
     * @return {@code ojAlgo 55.0.1}, say
     */
    String name();

    /**
     * An optimal solution of {@code program}; the best it found when its time ran out first
     * ({@link Solution#optimal()} false); or {@link Solution#infeasible()}.
     *
     * @param program the program, filled; the solver only reads it
     * @return the solution: each variable's value, by index, and the objective there
     * @throws IllegalStateException if the solver stopped with neither a solution nor a proof that there is none
     */
    Solution solve(IntegerProgram program);

    /**
     * Each variable's value at the solution; {@code feasible} false when no point meets every row, {@code optimal} when it is proven best.
     *
     * @param feasible whether there is a solution: false when no point meets every row
     * @param optimal whether the solver proved it best (false: its time ran out first)
     * @param objective the objective's value at {@code values}; NaN if not feasible
     * @param values each variable's value, by its index in the program; empty if not feasible; not
     *            copied
     */
    record Solution(boolean feasible, boolean optimal, double objective, double[] values) {
        /**
         * The solution of a program no point meets.
         *
         * @return a solution neither feasible nor optimal, of objective NaN and no values
         */
        public static Solution infeasible() {
            return new Solution(false, false, Double.NaN, new double[0]);
        }
    }
}
