/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench;

import java.nio.file.Path;

/** Where the benchmarks' shared library (bench/native, built by bench/Makefile) is. */
public final class BenchLibrary {
    /** Set by the Makefile on every JMH fork's command line. */
    public static final Path PATH = Path.of(System.getProperty("jaguar.bench.lib", "build/bench/native/libjaguarbench.so"))
                    .toAbsolutePath();

    private BenchLibrary() {
    }
}
