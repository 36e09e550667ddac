/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/** A program built against the jaguar-lib and jaguar-tigris Maven artifacts (doc/distribution.md). */
module example.hello {
    requires jaguar.tigris;   // and, transitively, jaguar.lib
    // Tigris instantiates the river's modules by reflection.
    exports example.hello;
}
