/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.x86;

/** An instruction the raw byte allow-list does not take: which (if known) and why. */
public final class X86Refusal extends Exception {
    private static final long serialVersionUID = 1L;
    private final String mnemonic;

    public X86Refusal(String mnemonic, String reason) {
        super(reason);
        this.mnemonic = mnemonic;
    }

    /** The instruction's name, or null when the allow-list has no name for it. */
    public String mnemonic() {
        return mnemonic;
    }
}
