/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/**
 * Calls doc/code-mappings.md's Mul.multiply (compiled beside it from that page's text), whose
 * Java body is its own raw bytes through jaguar.mapping.RawBytes.
 */
public class MulCheck {
    public static void main(String[] args) {
        System.out.println("multiply(6, -7) = " + Mul.multiply(6, -7));
    }
}
