/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/* The machine's memory bandwidth, the TigrisSort benchmark's "memory" limit: memcpy of a 1 GiB
 * buffer into another, best of five (bytes copied per second; each byte is read once and written
 * once). Usage: membw [MiB] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timing.h"

int main(int argc, char **argv) {
    size_t bytes = (size_t) (argc > 1 ? atol(argv[1]) : 1024) << 20;
    char *a = malloc(bytes);
    char *b = malloc(bytes);
    if (!a || !b) {
        fprintf(stderr, "membw: cannot allocate 2 x %zu bytes\n", bytes);
        return 1;
    }
    memset(a, 1, bytes);
    memset(b, 2, bytes);
    double best = 0;
    for (int i = 0; i < 5; i++) {
        int64_t t0 = now_ns();
        memcpy(b, a, bytes);
        CLOBBER();
        double s = (now_ns() - t0) / 1e9;
        best = best == 0 || s < best ? s : best;
    }
    printf("copy_mb_s=%.0f\n", bytes / best / 1e6);
    return 0;
}
