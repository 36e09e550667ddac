/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import jaguar.ext.OffHeapBuffer;

/**
 * The README's OffHeapBuffer snippet, put where the README-SNIPPET line is by stock-jdk-test.sh,
 * which also adds {@code seen(buf, sum);} as the try block's last statement: the snippet's sum and
 * buffer are local to that block. Prints the sum, then what a read after the close does.
 */
public class OffHeapCheck {
    private static OffHeapBuffer kept;

    static void seen(OffHeapBuffer buf, long sum) {
        kept = buf;
        System.out.println("sum " + sum);
    }

    public static void main(String[] args) {
        // README-SNIPPET
        try {
            kept.getIntAtIndex(0);
            System.out.println("read after close: no exception");
        } catch (RuntimeException e) {
            System.out.println("read after close: " + e);
        }
    }
}
