/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.x86;

/** Bytes that are not a whole, valid x86-64 instruction; the message says what is wrong. */
public final class X86DecodeException extends Exception {
    private static final long serialVersionUID = 1L;

    public X86DecodeException(String message) {
        super(message);
    }
}
