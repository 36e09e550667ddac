/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.reflex;

import java.util.concurrent.TimeUnit;

/** When a task's scheduler releases it: every period, or when an event is released to it. */
public sealed interface Release {
    /** Released every {@code periodNanos}, at absolute times: the first one period after the task starts. */
    record Periodic(long periodNanos) implements Release {
        public Periodic {
            if (periodNanos < TimeUnit.MICROSECONDS.toNanos(10)) {
                throw new IllegalArgumentException("a period of at least 10 µs, not " + periodNanos + " ns");
            }
        }
    }

    /** Released by {@link ReflexTask#release()} (the event space releases its subscribers so); one invocation takes every release pending. */
    record OnEvent() implements Release {
    }

    /** A period in microseconds. */
    static Release periodicMicros(long micros) {
        return new Periodic(TimeUnit.MICROSECONDS.toNanos(micros));
    }

    static Release onEvent() {
        return new OnEvent();
    }
}
