/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.plan;

/** Solves an {@link IntegerProgram} to optimality: the narrow interface between the planner and a solver library. */
public interface PlanSolver {
    /** The solver's name and version, for --explain and the comparison. */
    String name();

    /**
     * An optimal solution of {@code program}; the best it found when its time ran out first
     * ({@link Solution#optimal()} false); or {@link Solution#infeasible()}.
     *
     * @throws IllegalStateException if the solver stopped with neither a solution nor a proof that there is none
     */
    Solution solve(IntegerProgram program);

    /** Each variable's value at the solution; {@code feasible} false when no point meets every row, {@code optimal} when it is proven best. */
    record Solution(boolean feasible, boolean optimal, double objective, double[] values) {
        public static Solution infeasible() {
            return new Solution(false, false, Double.NaN, new double[0]);
        }
    }
}
