/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.reflex;

import jaguar.pso.PSO;

/**
 * Figure 11's stable state: an input ring of eight numbers an ordinary thread fills through an
 * atomic method, which the task reads in circular fashion into a running sum.
 */
public class Feed extends PSO {
    public long written;
    public long read;
    public long sum;
    public long s0;
    public long s1;
    public long s2;
    public long s3;
    public long s4;
    public long s5;
    public long s6;
    public long s7;

    static final int SLOTS = 8;

    long slot(long i) {
        return switch ((int) (i & 7)) {
            case 0 -> s0;
            case 1 -> s1;
            case 2 -> s2;
            case 3 -> s3;
            case 4 -> s4;
            case 5 -> s5;
            case 6 -> s6;
            default -> s7;
        };
    }

    void slot(long i, long v) {
        switch ((int) (i & 7)) {
            case 0 -> s0 = v;
            case 1 -> s1 = v;
            case 2 -> s2 = v;
            case 3 -> s3 = v;
            case 4 -> s4 = v;
            case 5 -> s5 = v;
            case 6 -> s6 = v;
            default -> s7 = v;
        }
    }
}
