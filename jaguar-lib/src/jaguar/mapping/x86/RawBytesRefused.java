/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.x86;

/** A raw byte template the verifier refuses: where, which instruction, and why. */
public final class RawBytesRefused extends Exception {
    private static final long serialVersionUID = 1L;
    private final int offset;

    public RawBytesRefused(int offset, String bytes, String mnemonic, String reason) {
        super("byte " + offset + " (" + bytes + (mnemonic == null ? "" : ", " + mnemonic) + "): " + reason);
        this.offset = offset;
    }

    /** The offset of the refused instruction in the template's bytes. */
    public int offset() {
        return offset;
    }
}
