/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/* Figure 7.5's baseline: one writer copies each block into READERS pipes, one to each reader
 * process, at MBPS for SECONDS; every process's CPU % over the stream (user + system, getrusage).
 * Usage: pipereaders READERS BLOCK MBPS SECONDS; prints the writer's CPU %, then each reader's. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "timing.h"

static double cpu_seconds(int who) {
    struct rusage u;
    getrusage(who, &u);
    return u.ru_utime.tv_sec + u.ru_utime.tv_usec / 1e6 + u.ru_stime.tv_sec + u.ru_stime.tv_usec / 1e6;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: pipereaders READERS BLOCK MBPS SECONDS\n");
        return 2;
    }
    int readers = atoi(argv[1]);
    size_t block = strtoul(argv[2], 0, 10);
    double mbps = atof(argv[3]), seconds = atof(argv[4]);
    int out[64], report[64];
    for (int r = 0; r < readers; r++) {
        int p[2], q[2];
        if (pipe(p) != 0 || pipe(q) != 0) {
            perror("pipe");
            return 2;
        }
        pid_t c = fork();
        if (c == 0) {
            for (int k = 0; k < r; k++) {
                close(out[k]);
            }
            close(p[1]);
            char *b = malloc(block);
            long sum = 0;
            double t0 = 0, c0 = 0;
            for (;;) {
                ssize_t n = read(p[0], b, block);
                if (n <= 0) {
                    break;
                }
                if (t0 == 0) {
                    t0 = now_ns() / 1e9;
                    c0 = cpu_seconds(RUSAGE_SELF);
                }
                sum += b[n - 1];
            }
            double pct = 100 * (cpu_seconds(RUSAGE_SELF) - c0) / (now_ns() / 1e9 - t0);
            if (write(q[1], &pct, sizeof pct) != sizeof pct || sum == 42) {
                return 1;
            }
            return 0;
        }
        close(p[0]);
        close(q[1]);
        out[r] = p[1];
        report[r] = q[0];
    }
    char *b = malloc(block);
    memset(b, 1, block);
    long blocks = (long) (mbps * 1e6 * seconds / block);
    double per = block / (mbps * 1e6) * 1e9;
    int64_t t0 = now_ns();
    double c0 = cpu_seconds(RUSAGE_SELF);
    for (long n = 0; n < blocks; n++) {
        int64_t due = t0 + (int64_t) (n * per);
        int64_t now;
        /* Ahead of the rate: sleep (at least a tenth of a millisecond), then write what fell due. No spin: the
         * writer's CPU is the copies', not a timer's. */
        if ((now = now_ns()) < due) {
            int64_t wait = due - now < 100000 ? 100000 : due - now;
            struct timespec ts = {0, (long) wait};
            nanosleep(&ts, 0);
        }
        for (int r = 0; r < readers; r++) {
            if (write(out[r], b, block) != (ssize_t) block) {
                perror("write");
                return 2;
            }
        }
    }
    double wpct = 100 * (cpu_seconds(RUSAGE_SELF) - c0) / ((now_ns() - t0) / 1e9);
    for (int r = 0; r < readers; r++) {
        close(out[r]);
    }
    printf("%.1f", wpct);
    for (int r = 0; r < readers; r++) {
        double pct;
        if (read(report[r], &pct, sizeof pct) != sizeof pct) {
            fprintf(stderr, "pipereaders: reader %d failed\n", r);
            return 1;
        }
        printf(" %.1f", pct);
    }
    printf("\n");
    while (wait(0) > 0) {
    }
    return 0;
}
