/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/**
 * Tigris: River-style cluster dataflow on Jaguar (doc/tigris.md). Modules process Waters (units
 * of data in external buffers, out of which PSOs are allocated) taken from upstream reservoirs
 * and put into downstream ones; ModuleThreads run them and, with several downstream reservoirs,
 * are the Distributed Queues that balance load across consumers.
 */
module jaguar.tigris {
    requires transitive jaguar.lib;
    requires transitive java.rmi;
    requires java.naming;      // the role and name in a cluster certificate's subject (tigris.node.Role)
    requires jdk.httpserver;   // the live view (tigris.view)
    requires jdk.jfr;          // Tigris's flight recorder events (tigris.events)
    requires jdk.management;   // the machine's memory, for TigrisSort's choice of entries (SortPlan)
    requires jdk.unsupported;  // ExtendedOpenOption.DIRECT (reflectively) for the sorters' writes (RecordWriter)
    requires ojalgo;           // the pipeline planner's integer programs (tigris.pipe.plan.OjAlgoSolver)
    exports tigris;
    exports tigris.cli;
    exports tigris.dq;
    exports tigris.events to jdk.jfr;   // recorded and configured by name (tigris.*): not an API
    exports tigris.flow;
    exports tigris.graph;
    exports tigris.node;
    exports tigris.pipe;
    exports tigris.pipe.filters;
    exports tigris.pipe.plan;
    exports tigris.reflex;
    exports tigris.reservoir;
    exports tigris.river;
    exports tigris.sort;
    exports tigris.transport;
    exports tigris.view;
    uses tigris.transport.Transport;
    uses tigris.pipe.FilterDefinition;
    provides tigris.pipe.FilterDefinition with tigris.pipe.filters.Count, tigris.pipe.filters.Deflate, tigris.pipe.filters.Exec, tigris.pipe.filters.FileFilter, tigris.pipe.filters.GenSort,
                    tigris.pipe.filters.Grep, tigris.pipe.filters.Head, tigris.pipe.filters.Inflate, tigris.pipe.filters.RecSort, tigris.pipe.filters.Split, tigris.pipe.filters.StdinSource,
                    tigris.pipe.filters.StdoutSink, tigris.pipe.filters.Tally, tigris.pipe.filters.TcpFilter, tigris.pipe.filters.Tee, tigris.pipe.filters.ValSort, tigris.pipe.filters.Words;
}
