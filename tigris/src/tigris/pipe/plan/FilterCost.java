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
 * a byte and passes its bytes on. The figures of Tigris's own filters are measured (make -C bench
 * pipe-costs, bench/results/pipe-costs.md) but these: a file source and sink (and standard input
 * and output) share the 0.43 ns a byte measured of the pair; a join's 2 ns (a hash of each line),
 * TCP's 0.5 ns (the model's TCP end) and the record filters' (gensort 2, recsort 5, valsort 1) are
 * estimates. A route the plan puts after a filter (a look at each Water's class) is not priced.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface FilterCost {
    /** CPU per byte of a module that does not say. */
    double UNKNOWN_NANOS = 1.0;

    /** CPU nanoseconds per byte taken (a source: per byte made), on its own thread. */
    double nanosPerByte();

    /** Bytes put per byte taken: 1 passes everything, 0.3 compresses to a third. */
    double bytesOut() default 1.0;

    /** Whether it runs only in the JVM of the command that plans the pipeline (it uses that process's standard streams). */
    boolean local() default false;
}
