/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import tigris.EndOfRiverException;
import tigris.Failure;
import tigris.ModuleConfig;
import tigris.ModuleThread;
import tigris.ProducerEnd;
import tigris.Report;
import tigris.TextReport;
import tigris.ThreadStatus;
import tigris.Water;
import tigris.dq.RoundRobinModuleThread;
import tigris.reservoir.MemoryReservoir;
import tigris.sort.PartitionerReport;

/** What a node reports of a module thread is typed: state, failure and report as values. */
class ThreadStatusTest {
    /** A user's own report class: the agent may not have it, so it travels as its text. */
    record CountReport(int count) implements Report {
        @Override
        public String toString() {
            return count + " counted";
        }
    }

    /** A source that reports with {@code report}, then fails after one operation. */
    static final class Reporting extends TestModules.Named {
        private final java.util.function.Supplier<Report> report;

        Reporting(java.util.function.Supplier<Report> report) {
            this.report = report;
        }

        @Override
        public void doOperation(Water in, ProducerEnd out) throws EndOfRiverException {
            throw new IllegalStateException("no more");
        }

        @Override
        public Report report() {
            return report.get();
        }
    }

    private static ThreadStatus statusAfterRun(Reporting m) throws Exception {
        try (MemoryReservoir r = new MemoryReservoir("r", 1, 64)) {
            ModuleThread t = new RoundRobinModuleThread(m, ModuleConfig.of("m", Map.of())).addDownstream(r.producer());
            t.start();
            assertTrue(t.await(30, TimeUnit.SECONDS));
            return t.status();
        }
    }

    @Test
    void aStatusCarriesTheStateTheFailureAndTheReportAsValues() throws Exception {
        ThreadStatus s = statusAfterRun(new Reporting(() -> new PartitionerReport(5, 10)));
        assertEquals("m", s.module());
        assertEquals(ModuleThread.State.FAILED, s.state());
        assertEquals(new Failure(IllegalStateException.class.getName(), "no more"), s.failure());
        assertEquals("no more", s.failure().toString(), "a person reads the message, not the class");
        assertEquals(new PartitionerReport(5, 10), s.report(), "Tigris's own reports travel as they are");
    }

    @Test
    void aReportOfAClassOutsideTigrisTravelsAsItsText() throws Exception {
        assertEquals(new TextReport("7 counted"), statusAfterRun(new Reporting(() -> new CountReport(7))).report());
        assertEquals(TextReport.EMPTY, statusAfterRun(new Reporting(() -> null)).report());
        Report failed = statusAfterRun(new Reporting(() -> {
            throw new ArithmeticException("report blew up");
        })).report();
        assertEquals(new TextReport("(report failed: java.lang.ArithmeticException: report blew up)"), failed);
    }
}
