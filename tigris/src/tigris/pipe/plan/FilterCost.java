/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.plan;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a filter's module costs, for the planner: CPU per byte it takes (a source: per byte it
 * makes), the bytes it puts per byte it takes, and whether it must run in the JVM that runs the
 * pipeline command (standard input and output). A module without it costs {@link #UNKNOWN_NANOS}
 * a byte and passes its bytes on. The figures of Tigris's own filters are from one run of make -C
 * bench pipe-costs (bench/results/pipe-costs.md; a filter measured in several ways, such as grep,
 * gets about their mean): a file source and sink (and standard input and output) share the 1.02 ns
 * a byte measured of the pair, half each; a join's is per byte its branches pass it, TCP's one
 * end's, gensort's per byte it makes. A route the plan puts after a filter (a look at each Water's
 * class) is not priced.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface FilterCost {
    /** CPU per byte of a module that does not say. */
    double UNKNOWN_NANOS = 1.0;

    /**
     * What the module's thread spends on a byte.
     *
     * @return CPU nanoseconds per byte taken (a source: per byte made), 0 or more
     */
    double nanosPerByte();

    /**
     * How much it puts of what it takes: the planner's rate of the pipes after it.
     *
     * @return bytes put per byte taken: 1 passes everything (the default), 0.3 compresses to a
     *         third, 0 for a filter that puts only a summary at the end ({@code count})
     */
    double bytesOut() default 1.0;

    /**
     * Whether it runs only in the JVM of the command that plans the pipeline.
     *
     * @return true for a filter that uses that process's standard streams; false (the default) for
     *         one that runs in any place
     */
    boolean local() default false;
}
