/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/* Timing helpers shared by the C baselines: monotonic nanoseconds, a compiler barrier that
 * keeps loops from being folded away, and the median of repeated measurements (the machine is
 * noisy; the median of several runs is what the tables report). */
#ifndef JAGUAR_BENCH_TIMING_H
#define JAGUAR_BENCH_TIMING_H
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

static inline int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Tells the compiler memory may have been read or written: nothing is hoisted across it. */
#define CLOBBER() __asm__ volatile("" ::: "memory")
/* Makes the compiler believe v is used. */
#define KEEP(v) __asm__ volatile("" : : "r"(v) : "memory")

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return (x > y) - (x < y);
}

static inline double median(double *v, int n) {
    qsort(v, n, sizeof v[0], cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

#define REPEATS 11
#endif
