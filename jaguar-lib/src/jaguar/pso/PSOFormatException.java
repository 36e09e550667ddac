/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso;

/**
 * Bytes that are not what a PSO reader expects: no container header, a layout fingerprint of
 * another class or class version, a reference that is out of range, misaligned or points at the
 * wrong type. Thrown instead of reading anything outside the container.
 */
public class PSOFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Makes the exception.
     *
     * @param message the offset in the container (or the file) and what is wrong with the bytes there
     */
    public PSOFormatException(String message) {
        super(message);
    }
}
