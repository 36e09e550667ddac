/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * One line per call for the guest clock check (verbs-clock-check.sh):
 *   MARK label guest_CLOCK_MONOTONIC_ns tsc
 * flushed at once, so that the host can stamp its arrival with its own clock.
 *   clock_mark LABEL                 mark now
 *   clock_mark LABEL spin N          N iterations of a busy loop, then mark
 *   clock_mark LABEL cost            print what one clock_gettime and one rdtsc cost, then mark
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <x86intrin.h>

static long long monotonic_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: clock_mark LABEL [spin N | cost]\n");
        return 2;
    }
    if (argc > 3 && strcmp(argv[2], "spin") == 0) {
        volatile long x = 0;
        for (long i = 0, n = atol(argv[3]); i < n; i++) x += i;
    } else if (argc > 2 && strcmp(argv[2], "cost") == 0) {
        const int n = 100000;
        unsigned long long sum = 0;
        long long t0 = monotonic_ns();
        for (int i = 0; i < n; i++) sum += (unsigned long long) monotonic_ns();
        long long t1 = monotonic_ns();
        for (int i = 0; i < n; i++) sum += __rdtsc();
        long long t2 = monotonic_ns();
        printf("COST clock_gettime %.1f ns, rdtsc %.1f ns (%llu)\n", (double) (t1 - t0) / n, (double) (t2 - t1) / n, sum & 1);
    }
    printf("MARK %s %lld %llu\n", argv[1], monotonic_ns(), (unsigned long long) __rdtsc());
    fflush(stdout);
    return 0;
}
