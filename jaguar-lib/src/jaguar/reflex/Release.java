/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.reflex;

import java.util.concurrent.TimeUnit;

/** When a task's scheduler releases it: every period, or when an event is released to it. */
public sealed interface Release {
    /**
     * Released every {@code periodNanos}, at absolute times: the first one period after the task starts.
     *
     * @param periodNanos the period in ns of {@link System#nanoTime()}'s clock; at least 10 µs
     */
    record Periodic(long periodNanos) implements Release {
        /**
         * Checks the period.
         *
         * @throws IllegalArgumentException if {@code periodNanos} is less than 10 µs
         */
        public Periodic {
            if (periodNanos < TimeUnit.MICROSECONDS.toNanos(10)) {
                throw new IllegalArgumentException("a period of at least 10 µs, not " + periodNanos + " ns");
            }
        }
    }

    /** Released by {@link ReflexTask#release()} (the event space releases its subscribers so); one invocation takes every release pending. */
    record OnEvent() implements Release {
    }

    /**
     * A period in microseconds.
     *
     * @param micros the period in µs, at least 10
     * @return a {@link Periodic} release of that period
     * @throws IllegalArgumentException if {@code micros} is less than 10
     */
    static Release periodicMicros(long micros) {
        return new Periodic(TimeUnit.MICROSECONDS.toNanos(micros));
    }

    /**
     * Released by {@link ReflexTask#release()}: by an event the task subscribed to, or by any thread.
     *
     * @return an {@link OnEvent} release
     */
    static Release onEvent() {
        return new OnEvent();
    }
}
