/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.plan;

/**
 * What a plan costs under the {@link CostModel}, in nanoseconds per byte entering the pipeline.
 *
 * @param bottleneckNanos the busiest resource's time per byte: a filter's thread, a machine's
 *            CPUs (its load over its cores) or a host's link; its inverse is the throughput
 * @param bottleneck which resource that is, in words
 * @param totalCpuNanos the CPU every filter and every pipe's ends spend per byte
 * @param objective what the planner minimises: the bottleneck plus the model's weight times the total CPU
 */
public record PlanCost(double bottleneckNanos, String bottleneck, double totalCpuNanos, double objective) {
    /**
     * The throughput the model predicts: the inverse of {@code bottleneckNanos}.
     *
     * @return megabytes (10<sup>6</sup> bytes) a second of the pipeline's input
     */
    public double megabytesPerSecond() {
        return 1000 / bottleneckNanos;
    }

    /** As {@code --explain} shows it: the bottleneck and its throughput, the CPU in all, the objective. */
    @Override
    public String toString() {
        return String.format("%.3f ns/B at the bottleneck (%s: %.0f MB/s), %.3f ns/B of CPU in all, objective %.4f", bottleneckNanos, bottleneck,
                        megabytesPerSecond(), totalCpuNanos, objective);
    }
}
