/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.reflex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import jaguar.reflex.OverrunPolicy;
import jaguar.reflex.ReflexRuntime;
import jaguar.reflex.ReflexTask;
import jaguar.reflex.Release;

/** Ordinary threads reach a task's state only through atomic methods: checked against a serial model under random interleavings. */
class ReflexAtomicTest {
    /**
     * Two accounts in the stable state. Every run the task moves 1 from the first to the second
     * (if it has any) and counts the move; ordinary threads deposit into the first and count their
     * deposits. In any serial order of runs and deposits: the second's balance is the moves, the
     * two balances add up to what was deposited, and the deposits counted are the calls that returned.
     */
    static final class Bank extends ReflexTask {
        Account from;
        Account to;

        Bank() {
            super("bank", 1, OverrunPolicy.SKIP, 4096, 0);
        }

        @Override
        protected void initialize() {
            from = stable().allocate(Account.class);
            to = stable().allocate(Account.class);
            from.previous = to;
            stable().setRoot(from);
        }

        @Override
        protected void execute() {
            if (from.balance > 0) {
                from.balance--;
                to.balance++;
                from.deposits++;
            }
        }

        void deposit(long amount) {
            atomic(state -> {
                Account a = state.root(Account.class);
                a.balance += amount;
                a.previous.deposits++;
                return null;
            });
        }

        /** balance of the first, balance of the second, moves, deposits: one consistent reading. */
        long[] read() {
            return atomic(state -> {
                Account a = state.root(Account.class);
                return new long[] { a.balance, a.previous.balance, a.deposits, a.previous.deposits };
            });
        }

        void failing() {
            atomic(state -> {
                state.root(Account.class).balance += 1_000_000;
                throw new IllegalArgumentException("the body fails after its write");
            });
        }

        void allocating() {
            atomic(state -> state.allocate(Account.class));
        }
    }

    @Test
    void atomicMethodsAndTheTaskSerializeAndLockTheTaskOutOnlyBriefly() throws Exception {
        try (ReflexRuntime rt = ReflexRuntime.start("test")) {
            Bank bank = rt.add(new Bank(), Release.periodicMicros(100));
            AtomicLong deposited = new AtomicLong();
            AtomicLong calls = new AtomicLong();
            java.util.concurrent.atomic.AtomicReference<Throwable> clientFailure = new java.util.concurrent.atomic.AtomicReference<>();
            Thread[] clients = new Thread[2];
            for (int c = 0; c < clients.length; c++) {
                long seed = c;
                clients[c] = Thread.ofPlatform().uncaughtExceptionHandler((t, e) -> clientFailure.compareAndSet(null, e)).start(() -> {
                    java.util.Random r = new java.util.Random(seed);
                    for (int i = 0; i < 2000; i++) {
                        long amount = 1 + r.nextInt(5);
                        bank.deposit(amount);
                        deposited.addAndGet(amount);
                        calls.incrementAndGet();
                        long[] s = bank.read();
                        if (s[0] + s[1] > deposited.get() + 5 * clients.length || s[1] != s[2]) {
                            throw new AssertionError("an inconsistent reading: " + java.util.Arrays.toString(s));
                        }
                        if (r.nextInt(50) == 0) {
                            java.util.concurrent.locks.LockSupport.parkNanos(200_000);   // let the task run between
                        }
                    }
                });
            }
            for (Thread c : clients) {
                c.join(TimeUnit.SECONDS.toMillis(60));
            }
            if (clientFailure.get() != null) {
                throw new AssertionError("a client failed", clientFailure.get());
            }
            long[] s = bank.read();
            assertEquals(deposited.get(), s[0] + s[1], "the balances add up to what was deposited: " + java.util.Arrays.toString(s));
            assertEquals(s[1], s[2], "the second's balance is the task's moves");
            assertEquals(calls.get(), s[3], "every deposit that returned counted once");
            assertTrue(s[2] > 0, "the task ran meanwhile: " + bank.counters());
            assertTrue(bank.counters().atomicCommits() >= 2 * calls.get(), bank.counters().toString());
            System.out.println("ReflexAtomicTest: " + bank.counters());

            long[] before = bank.read();
            var failed = assertThrows(IllegalArgumentException.class, bank::failing);
            assertEquals("the body fails after its write", failed.getMessage());
            var grew = assertThrows(IllegalStateException.class, bank::allocating);
            assertTrue(grew.getMessage().contains("may not allocate in the stable state"), grew.getMessage());
            long[] after = bank.read();
            assertTrue(after[0] + after[1] == before[0] + before[1], "nothing of the failed bodies written");
            rt.remove(bank);
            var gone = assertThrows(IllegalStateException.class, () -> bank.deposit(1));
            assertTrue(gone.getMessage().contains("is not running"), gone.getMessage());
        }
    }

    /**
     * A commit raises its thread to the task's real-time priority for its stores (so the task never
     * waits on an ordinary thread the kernel preempted); the thread leaves every atomic call in the
     * class and at the nice value it came with.
     */
    @Test
    void aCommittingThreadGetsItsOwnPriorityBack() throws Exception {
        try (ReflexRuntime rt = ReflexRuntime.start("test")) {
            Bank bank = rt.add(new Bank(), Release.periodicMicros(200));
            String[] seen = new String[2];
            Thread caller = new Thread(() -> {
                jaguar.sched.ThreadNice.set(3);
                for (int i = 0; i < 200; i++) {
                    bank.deposit(1);
                }
                try {
                    String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/thread-self/stat"));
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    seen[0] = f[19 - 3];   // nice
                    seen[1] = f[41 - 3];   // policy
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            caller.start();
            caller.join(TimeUnit.SECONDS.toMillis(30));
            long[] s = bank.read();
            assertEquals(200, s[0] + s[1], "every deposit committed (some moved on by the task)");
            assertEquals("3", seen[0], "nice after the calls");
            assertEquals("0", seen[1], "policy after the calls (SCHED_OTHER)");
        }
    }
}
