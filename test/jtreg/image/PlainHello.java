/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/** A class the PSO class rewriter's filter rules out without the ClassFile API. */
public class PlainHello {
    public static void main(String[] args) {
        System.out.println("hello");
    }
}
