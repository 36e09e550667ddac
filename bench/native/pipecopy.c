/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/* Figure 7.1's baseline: blocks copied through a Linux pipe between two processes, a write() of
 * each block by one and a read() of as much by the other, as the Streamline thesis measured it.
 * Usage: pipecopy BLOCK BYTES WRITER_CPU READER_CPU; prints the reader's MB/s (after a first tenth). */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "timing.h"

static void pin(int cpu) {
    cpu_set_t s;
    CPU_ZERO(&s);
    CPU_SET(cpu, &s);
    if (sched_setaffinity(0, sizeof s, &s) != 0) {
        perror("sched_setaffinity");
        exit(2);
    }
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: pipecopy BLOCK BYTES WRITER_CPU READER_CPU\n");
        return 2;
    }
    size_t block = strtoul(argv[1], 0, 10);
    size_t total = strtoul(argv[2], 0, 10) / block * block;   /* whole blocks */
    int fds[2];
    int report[2];
    if (pipe(fds) != 0 || pipe(report) != 0) {
        perror("pipe");
        return 2;
    }
    pid_t child = fork();
    if (child == 0) {
        pin(atoi(argv[4]));
        close(fds[1]);
        char *b = malloc(block);
        size_t got = 0, warm = total / 10 / block * block;
        double t0 = 0;
        for (;;) {
            ssize_t n = read(fds[0], b, block);
            if (n <= 0) {
                break;
            }
            size_t before = got;
            got += (size_t) n;
            if (before < warm && got >= warm) {
                t0 = (now_ns() / 1e9);
            }
        }
        double t = (now_ns() / 1e9) - t0;
        double rate = (got - warm) / t / 1e6;
        if (write(report[1], &rate, sizeof rate) != sizeof rate) {
            return 2;
        }
        return got == total ? 0 : 1;
    }
    pin(atoi(argv[3]));
    close(fds[0]);
    char *b = malloc(block);
    memset(b, 1, block);
    for (size_t sent = 0; sent < total;) {
        ssize_t n = write(fds[1], b, block);
        if (n <= 0) {
            perror("write");
            return 2;
        }
        sent += (size_t) n;
    }
    close(fds[1]);
    int status;
    waitpid(child, &status, 0);
    double rate;
    if (read(report[0], &rate, sizeof rate) != sizeof rate || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "pipecopy: the reader failed\n");
        return 1;
    }
    printf("%.1f\n", rate);
    return 0;
}
