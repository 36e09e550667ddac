/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.reflex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import jaguar.reflex.OverrunPolicy;
import jaguar.reflex.ReflexCheckException;
import jaguar.reflex.ReflexRuntime;
import jaguar.reflex.ReflexTask;
import jaguar.reflex.Release;

/** A task's bytecode is read when it is added: code that keeps heap references past an invocation, or locks, is refused, saying where. */
class ReflexCheckerTest {
    abstract static class Base extends ReflexTask {
        Base() {
            super("checked", 1, OverrunPolicy.SKIP, 4096, 0);
        }
    }

    enum Mode {
        IDLE, BUSY
    }

    /** Keeps only what it may: primitives, an enum constant, a string, its stable PSOs' references. */
    static final class Clean extends Base {
        Account account;
        Mode mode = Mode.IDLE;
        String label = "clean";
        long[] history = new long[8];
        long runs;

        @Override
        protected void initialize() {
            account = stable().allocate(Account.class);
        }

        @Override
        protected void execute() {
            mode = runs % 2 == 0 ? Mode.BUSY : Mode.IDLE;
            label = "run";
            history[(int) (runs % 8)] = runs;
            Account older = stable().allocate(Account.class);
            account.previous = older;   // a PSO's reference to a PSO: an offset in the same container
            runs++;
            abort();                     // nothing kept: the allocation is rolled back
        }
    }

    static final class KeepsAList extends Base {
        List<Long> seen = new ArrayList<>();

        @Override
        protected void execute() {
            seen = new ArrayList<>(seen);
        }
    }

    static final class KeepsAStatic extends Base {
        static Object last;

        @Override
        protected void execute() {
            last = new Object();
        }
    }

    static final class FillsAnArray extends Base {
        final Object[] slots = new Object[4];

        @Override
        protected void execute() {
            slots[0] = this;
        }
    }

    static final class Locks extends Base {
        private final Object lock = new Object();
        long n;

        @Override
        protected void execute() {
            synchronized (lock) {
                n++;
            }
            bump();
        }

        private synchronized void bump() {
            n++;
        }
    }

    /** The violation is two calls deep, in a nested helper class. */
    static final class Indirect extends Base {
        static final class Helper {
            Object kept;

            void remember(Object o) {
                kept = o;
            }
        }

        final Helper helper = new Helper();

        @Override
        protected void execute() {
            step();
        }

        private void step() {
            helper.remember(Thread.currentThread());
        }
    }

    private static ReflexCheckException refused(ReflexRuntime rt, ReflexTask t) {
        return assertThrows(ReflexCheckException.class, () -> rt.add(t, Release.onEvent()));
    }

    @Test
    void codeThatKeepsReferencesOrLocksIsRefusedNamingWhere() throws Exception {
        try (ReflexRuntime rt = ReflexRuntime.start("test")) {
            var list = refused(rt, new KeepsAList());
            assertEquals(1, list.violations().size(), list.getMessage());
            String v = list.violations().get(0);
            assertTrue(v.startsWith("jaguar.test.reflex.ReflexCheckerTest$KeepsAList.execute()V at bytecode "), v);
            assertTrue(v.contains("(line ") && v.contains("putfield jaguar.test.reflex.ReflexCheckerTest$KeepsAList.seen:Ljava/util/List;"), v);
            assertTrue(v.contains("stores a heap reference in a field"), v);

            var stat = refused(rt, new KeepsAStatic());
            assertTrue(stat.getMessage().contains("putstatic jaguar.test.reflex.ReflexCheckerTest$KeepsAStatic.last:Ljava/lang/Object;"), stat.getMessage());

            var array = refused(rt, new FillsAnArray());
            assertTrue(array.getMessage().contains("aastore: stores a reference in an array"), array.getMessage());

            var locks = refused(rt, new Locks());
            assertEquals(2, locks.violations().size(), locks.getMessage());
            assertTrue(locks.getMessage().contains("monitorenter") && locks.getMessage().contains("$Locks.bump()V is synchronized"), locks.getMessage());

            var indirect = refused(rt, new Indirect());
            assertTrue(indirect.getMessage().contains("$Indirect$Helper.remember(Ljava/lang/Object;)V at bytecode")
                            && indirect.getMessage().contains("putfield jaguar.test.reflex.ReflexCheckerTest$Indirect$Helper.kept:Ljava/lang/Object;"),
                            indirect.getMessage());

            Clean clean = rt.add(new Clean(), Release.onEvent());
            clean.release();
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (clean.counters().runs() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertEquals(1, clean.counters().aborts(), "the clean task was added and ran: " + clean.counters());
        }
    }
}
