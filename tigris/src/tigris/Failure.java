/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

import java.io.Serializable;

/**
 * Why a module thread failed, as a value that crosses to the control agent: the exception's class
 * name and its own message (the agent need not be able to load the class); the exception's causes
 * and stack stay where it was thrown.
 *
 * @param type the exception's fully qualified class name ({@code "java.io.IOException"}); never null
 * @param message the exception's message; empty, never null, when it had none
 */
public record Failure(String type, String message) implements Serializable {
    /**
     * Makes a failure; a null {@code message} becomes the empty string.
     *
     * @throws NullPointerException if {@code type} is null
     */
    public Failure {
        java.util.Objects.requireNonNull(type, "type");
        message = message == null ? "" : message;
    }

    /**
     * {@code t} as a failure: its class's name and its own message (not its causes').
     *
     * @param t the exception that ended the thread; not null
     * @return the failure, which holds nothing of {@code t} but text
     */
    public static Failure of(Throwable t) {
        return new Failure(t.getClass().getName(), t.getMessage());
    }

    /** {@return the message alone, or the type's simple name when there is none: what a person reads} */
    @Override
    public String toString() {
        return message.isEmpty() ? type.substring(type.lastIndexOf('.') + 1) : message;
    }
}
