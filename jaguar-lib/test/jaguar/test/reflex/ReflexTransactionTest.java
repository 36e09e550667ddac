/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.reflex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import jaguar.reflex.OverrunPolicy;
import jaguar.reflex.ReflexRuntime;
import jaguar.reflex.ReflexTask;
import jaguar.reflex.Release;

/** An invocation is a transaction over the task's stable state: an abort or an exception leaves it as it was. */
class ReflexTransactionTest {
    /**
     * Deposits 10 each run through a PSO field, writes the buffer behind it, allocates a stable
     * object, then commits, aborts or throws as the test says for that run.
     */
    static final class Teller extends ReflexTask {
        Account account;
        /** Written raw, through the container's buffer, at its offset: bytes in use, so state too. */
        Account scratch;
        volatile long runs;
        /** What run n does after its writes: 0 commit, 1 abort, 2 throw. */
        volatile int[] outcome;
        /** What the test reads after each run: the committed state as the task sees it. */
        volatile long seenBalance, seenDeposits, seenRaw, seenUsed;
        volatile long accountBytes;

        Teller(int[] outcome) {
            super("teller", 1, OverrunPolicy.SKIP, 8192, 0);
            this.outcome = outcome;
        }

        @Override
        protected void initialize() {
            account = stable().allocate(Account.class);
            long before = stable().used();
            scratch = stable().allocate(Account.class);
            accountBytes = stable().used() - before;
            stable().setRoot(account);
        }

        @Override
        protected void execute() {
            // What the run before left, committed or rolled back.
            seenBalance = account.balance;
            seenDeposits = account.deposits;
            seenRaw = stable().buffer().getLong(scratch.offset() + 8);
            seenUsed = stable().used();
            int n = (int) runs;
            runs = n + 1;
            if (n >= outcome.length) {
                return;
            }
            account.balance += 10;
            account.deposits++;
            stable().buffer().putLong(scratch.offset() + 8, stable().buffer().getLong(scratch.offset() + 8) + 1);
            Account older = stable().allocate(Account.class);
            older.balance = account.balance;
            account.previous = older;
            switch (outcome[n]) {
                case 1 -> abort();
                case 2 -> throw new IllegalStateException("run " + n + " fails after its writes");
                default -> {
                }
            }
        }
    }

    private static void runOnce(Teller t, long before) throws InterruptedException {
        t.release();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (t.counters().runs() == before && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertEquals(before + 1, t.counters().runs());
    }

    @Test
    void abortsAndExceptionsUndoEveryWriteAndAllocationOfTheRun() throws Exception {
        java.util.Random random = new java.util.Random(41);
        int[] outcome = new int[200];
        for (int i = 0; i < outcome.length; i++) {
            outcome[i] = random.nextInt(3);
        }
        try (ReflexRuntime rt = ReflexRuntime.start("test")) {
            Teller t = rt.add(new Teller(outcome), Release.onEvent());
            long committed = 0;
            long used = -1;
            for (int n = 0; n <= outcome.length; n++) {
                runOnce(t, n);
                // Run n saw what runs 0..n-1 committed: the serial model.
                assertEquals(committed * 10, t.seenBalance, "balance before run " + n);
                assertEquals(committed, t.seenDeposits, "deposits before run " + n);
                assertEquals(committed, t.seenRaw, "the raw stable word before run " + n);
                if (used >= 0) {
                    assertEquals(used + (n > 0 && outcome[n - 1] == 0 ? t.accountBytes : 0), t.seenUsed, "stable bytes in use before run " + n);
                }
                used = t.seenUsed;
                if (n < outcome.length && outcome[n] == 0) {
                    committed++;
                }
            }
            long aborted = java.util.Arrays.stream(outcome).filter(o -> o != 0).count();
            assertEquals(aborted, t.counters().aborts());
            assertEquals(java.util.Arrays.stream(outcome).filter(o -> o == 2).count(), t.counters().failures());
            assertTrue(t.lastFailure().getMessage().endsWith("fails after its writes"));
        }
    }
}
