/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/* Figure 1's C column: the cost of calling each tiny C function (through the shared library,
 * as a C program calls a library) and of memcpy for the copy sizes. Prints "key<TAB>ns" lines,
 * each the median of REPEATS timed loops. Build with gcc -O2 (see bench/Makefile). */
#include <stdio.h>
#include <string.h>
#include "functions.h"
#include "timing.h"

#define CALLS 50000000L

static int64_t cell[8] __attribute__((aligned(64)));

/* One timed loop of CALLS calls; BODY uses i. The loop counter feeds the arguments so the
 * calls cannot be hoisted; results are kept so they cannot be dropped. */
#define TIME_CALLS(key, BODY) do { \
    double r[REPEATS]; \
    for (int k = 0; k < REPEATS; k++) { \
        int64_t t0 = now_ns(); \
        for (long i = 0; i < CALLS; i++) { BODY; } \
        r[k] = (double) (now_ns() - t0) / CALLS; \
    } \
    printf("%s\t%.4f\n", key, median(r, REPEATS)); \
} while (0)

static void copies(size_t n) {
    /* Enough repetitions for ~20 ms per timed loop whatever the size. */
    long reps = (long) (400000000 / (n + 64));
    char *src = aligned_alloc(64, n + 64), *dst = aligned_alloc(64, n + 64);
    memset(src, 1, n);
    double r[REPEATS];
    for (int k = 0; k < REPEATS; k++) {
        int64_t t0 = now_ns();
        for (long i = 0; i < reps; i++) {
            memcpy(dst, src, n);
            CLOBBER();
        }
        r[k] = (double) (now_ns() - t0) / reps;
    }
    double m = median(r, REPEATS);
    /* memcpy has no direction; both rows of the table compare against it. */
    printf("copy.toNative.%zu\t%.4f\ncopy.fromNative.%zu\t%.4f\n", n, m, n, m);
    free(src);
    free(dst);
}

int main(void) {
    int32_t acc = 0;
    TIME_CALLS("call.noop", jb_noop());
    TIME_CALLS("call.intArg", acc += jb_inc((int32_t) i));
    TIME_CALLS("call.fourIntArgs", acc += jb_sum4((int32_t) i, 2, 3, 4));
    TIME_CALLS("call.read8", acc += (int32_t) jb_load8(cell));
    TIME_CALLS("call.write8", jb_store8(cell, i));
    /* What a code mapping compiles to: the access itself, inline (volatile so it happens). */
    TIME_CALLS("inline.read8", acc += (int32_t) *(volatile int64_t *) cell);
    TIME_CALLS("inline.write8", *(volatile int64_t *) cell = i);
    KEEP(acc);
    copies(10);
    copies(1024);
    copies(102400);
    return 0;
}
