/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/**
 * Jaguar's library: the code-mapping model (annotations, template language), External Objects
 * and doorbells, PSOs, verbs, time-critical threads (jaguar.sched) and Reflex tasks. Linked into Jaguar's JDK image and resolved by default.
 */
module jaguar.lib {
    requires jdk.jfr;
    // Only the PSO agent (jaguar.pso.rewriter.PSOAgent, -javaagent on a stock JDK) uses it.
    requires static java.instrument;

    exports jaguar.ext;
    exports jaguar.mapping;
    exports jaguar.mapping.template;
    exports jaguar.pso;
    exports jaguar.reflex;
    exports jaguar.sched;
    exports jaguar.verbs;
    // jaguar.pso.rewriter (the PSO class rewriter) is called by Jaguar's HotSpot; it is exported
    // only to java.instrument, which calls the agent's premain (-javaagent:jaguar-lib.jar).
    exports jaguar.pso.rewriter to java.instrument;
    // jaguar.memory (raw, unchecked primitives) is deliberately not exported; tests and
    // benchmarks reach it with --add-exports jaguar.lib/jaguar.memory=ALL-UNNAMED.
}
