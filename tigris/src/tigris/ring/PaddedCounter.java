/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.ring;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A count one thread writes and others read, alone on its cache line: the writer stores it with
 * release order (no fence on x86), a reader loads it with acquire order. Two such counts, one per
 * side, are how a reservoir keeps credits without a shared atomic.
 */
public final class PaddedCounter extends PaddedCounterValue {
    private static final VarHandle VALUE;

    static {
        try {
            VALUE = MethodHandles.lookup().findVarHandle(PaddedCounterValue.class, "value", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The count as another thread sees it. */
    public long get() {
        return (long) VALUE.getAcquire(this);
    }

    /** The count as its writer last stored it (the writer's thread only). */
    public long plain() {
        return value;
    }

    /** Stores {@code n} (the writer's thread only). */
    public void set(long n) {
        VALUE.setRelease(this, n);
    }
}

/** Padding before the count. */
abstract class PaddedCounterPad {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}

/** The count, then padding after it. */
abstract class PaddedCounterValue extends PaddedCounterPad {
    long value;
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}
