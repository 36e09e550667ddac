/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.template;

/** A template that does not parse or does not check; the message names the line and the fault. */
public final class TemplateException extends Exception {
    private static final long serialVersionUID = 1L;

    /**
     * Makes the exception.
     *
     * @param message the fault, prefixed with {@code line N: } where a line is known and with the
     *        method ({@code Owner.name(descriptor): }) once the template has met its method
     */
    public TemplateException(String message) {
        super(message);
    }
}
