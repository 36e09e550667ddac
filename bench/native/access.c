/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/* The access suite's C column: sum and fill of the ints in 1 MiB of memory with plain -O2
 * loops, in ns per element (median of REPEATS passes-of-passes). Prints "key<TAB>ns" lines. */
#include <stdio.h>
#include "timing.h"

#define BYTES (1 << 20)
#define N (BYTES / 4)
#define PASSES 1000

int main(void) {
    int32_t *p = aligned_alloc(64, BYTES);
    for (int i = 0; i < N; i++) {
        p[i] = i;
    }
    double r[REPEATS];
    int32_t acc = 0;
    for (int k = 0; k < REPEATS; k++) {
        int64_t t0 = now_ns();
        for (int pass = 0; pass < PASSES; pass++) {
            int32_t s = 0;
            for (int i = 0; i < N; i++) {
                s += p[i];
            }
            acc += s;
            CLOBBER();
        }
        r[k] = (double) (now_ns() - t0) / ((double) PASSES * N);
    }
    KEEP(acc);
    printf("sum\t%.4f\n", median(r, REPEATS));
    for (int k = 0; k < REPEATS; k++) {
        int64_t t0 = now_ns();
        for (int pass = 0; pass < PASSES; pass++) {
            /* Not byte-uniform, so gcc cannot turn the loop into memset. */
            int32_t v = 0x01020304 + pass;
            for (int i = 0; i < N; i++) {
                p[i] = v;
            }
            CLOBBER();
        }
        r[k] = (double) (now_ns() - t0) / ((double) PASSES * N);
    }
    printf("fill\t%.4f\n", median(r, REPEATS));
    free(p);
    return 0;
}
