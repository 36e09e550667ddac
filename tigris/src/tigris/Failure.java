/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

import java.io.Serializable;

/**
 * Why a module thread failed, as a value that crosses to the control agent: the exception's class
 * name and message (the agent need not be able to load the class), and the causes' messages.
 */
public record Failure(String type, String message) implements Serializable {
    public Failure {
        java.util.Objects.requireNonNull(type, "type");
        message = message == null ? "" : message;
    }

    /** {@code t} as a failure. */
    public static Failure of(Throwable t) {
        return new Failure(t.getClass().getName(), t.getMessage());
    }

    /** The message alone, or the type's simple name when there is none: what a person reads. */
    @Override
    public String toString() {
        return message.isEmpty() ? type.substring(type.lastIndexOf('.') + 1) : message;
    }
}
