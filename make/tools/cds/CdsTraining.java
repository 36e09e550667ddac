/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import jaguar.ext.OffHeapBuffer;
import jaguar.pso.PSO;
import jaguar.pso.PSOContainer;

/**
 * The class-list training run of `make images` (make/Image.gmk): a program whose classes reach
 * jaguar.lib's PSO class rewriter, so that the CDS archives hold the classes a program using
 * Pre-Serialized Objects loads first (the filter, the rewriter, the ClassFile API).
 */
public class CdsTraining {
    static class Point extends PSO {
        int x;
        long y;
    }

    public static void main(String[] args) {
        try (OffHeapBuffer buffer = OffHeapBuffer.allocate(4096)) {
            Point p = PSOContainer.format(buffer).allocate(Point.class);
            p.x = 1;
            p.y = 2;
            System.out.println("trained: " + (p.x + p.y));
        }
    }
}
