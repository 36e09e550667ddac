/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/* Figure 10's C column: the maximum of the random ints in a file of MakeIntFile's format (the
 * count is the little-endian u32 at byte 40, the ints follow from byte 48), -O2.
 *   read1    read() of one int per call (the thesis's "C unbuffered read")
 *   read     read() into a 64 KiB buffer, scanned
 *   mmap     mmap the file, scan, munmap
 *   mmapscan scan a mapping made once (the scan alone)
 * Every mode but mmapscan opens and closes the file per scan. Usage: filescan FILE LABEL REPEATS
 * [MODE...]; prints "MODE-LABEL<TAB>ns per scan" (median of REPEATS) and checks that every mode
 * finds the maximum in FILE.max. With FILESCAN_DROP_CACHES=1 in the environment (root only) it
 * syncs and drops the page cache before every scan, outside the timed part. */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "timing.h"

#define DATA 48
#define COUNT_AT 40
#define CHUNK (64 * 1024)

static void die(const char *what, const char *path) {
    perror(what);
    fprintf(stderr, "filescan: %s failed on %s\n", what, path);
    exit(1);
}

/* The max loop every mode shares (noinline, so objdump shows it once: see filescan_tables.py). */
__attribute__((noinline)) int32_t max_of(const int32_t *p, size_t n, int32_t max) {
    for (size_t i = 0; i < n; i++) {
        max = p[i] > max ? p[i] : max;
    }
    return max;
}

static int32_t scan_read1(const char *path) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) die("open", path);
    uint32_t n;
    if (pread(fd, &n, 4, COUNT_AT) != 4 || lseek(fd, DATA, SEEK_SET) != DATA) die("read", path);
    int32_t max = INT32_MIN, v;
    for (uint32_t i = 0; i < n; i++) {
        if (read(fd, &v, 4) != 4) die("read", path);
        max = v > max ? v : max;
    }
    close(fd);
    return max;
}

static int32_t scan_read(const char *path) {
    static int32_t buf[CHUNK / 4];
    int fd = open(path, O_RDONLY);
    if (fd < 0) die("open", path);
    uint32_t n;
    if (pread(fd, &n, 4, COUNT_AT) != 4 || lseek(fd, DATA, SEEK_SET) != DATA) die("read", path);
    int32_t max = INT32_MIN;
    size_t left = (size_t) n * 4;
    while (left > 0) {
        size_t want = left < CHUNK ? left : CHUNK, got = 0;
        while (got < want) {
            ssize_t r = read(fd, (char *) buf + got, want - got);
            if (r <= 0) die("read", path);
            got += (size_t) r;
        }
        max = max_of(buf, want / 4, max);
        left -= want;
    }
    close(fd);
    return max;
}

static int32_t scan_mapping(const char *p) {
    uint32_t n;
    memcpy(&n, p + COUNT_AT, 4);
    return max_of((const int32_t *) (p + DATA), n, INT32_MIN);
}

static int32_t scan_mmap(const char *path) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) die("open", path);
    struct stat st;
    if (fstat(fd, &st) != 0) die("fstat", path);
    char *p = mmap(NULL, (size_t) st.st_size, PROT_READ, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED) die("mmap", path);
    int32_t max = scan_mapping(p);
    munmap(p, (size_t) st.st_size);
    close(fd);
    return max;
}

static const char *mapped;

static int32_t scan_mmapscan(const char *path) {
    (void) path;
    return scan_mapping(mapped);
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: filescan FILE LABEL REPEATS [read1|read|mmap|mmapscan...]\n");
        return 2;
    }
    const char *path = argv[1], *label = argv[2];
    int repeats = atoi(argv[3]);
    char maxpath[4096];
    snprintf(maxpath, sizeof maxpath, "%s.max", path);
    FILE *f = fopen(maxpath, "r");
    long expected;
    if (f == NULL || fscanf(f, "%ld", &expected) != 1) die("reading", maxpath);
    fclose(f);
    int fd = open(path, O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) die("open", path);
    mapped = mmap(NULL, (size_t) st.st_size, PROT_READ, MAP_SHARED, fd, 0);
    if (mapped == MAP_FAILED) die("mmap", path);
    const char *all[] = {"read1", "read", "mmap", "mmapscan"};
    char **modes = argc > 4 ? argv + 4 : (char **) all;
    int nmodes = argc > 4 ? argc - 4 : 4;
    const char *env = getenv("FILESCAN_DROP_CACHES");
    int drop = env != NULL && !strcmp(env, "1");
    double *r = malloc(sizeof(double) * (size_t) repeats);
    for (int m = 0; m < nmodes; m++) {
        int32_t (*scan)(const char *) = !strcmp(modes[m], "read1") ? scan_read1 : !strcmp(modes[m], "read") ? scan_read
                        : !strcmp(modes[m], "mmap") ? scan_mmap : !strcmp(modes[m], "mmapscan") ? scan_mmapscan : NULL;
        if (scan == NULL) {
            fprintf(stderr, "filescan: unknown mode %s\n", modes[m]);
            return 2;
        }
        for (int k = 0; k < repeats; k++) {
            if (drop) {
                sync();
                FILE *d = fopen("/proc/sys/vm/drop_caches", "w");
                if (d == NULL || fputs("3\n", d) < 0 || fclose(d) != 0) die("dropping the page cache", path);
            }
            int64_t t0 = now_ns();
            int32_t max = scan(path);
            r[k] = (double) (now_ns() - t0);
            if (max != expected) {
                fprintf(stderr, "filescan: %s found %d, not %ld\n", modes[m], max, expected);
                return 1;
            }
        }
        printf("%s-%s\t%.0f\n", modes[m], label, median(r, repeats));
        fflush(stdout);
    }
    return 0;
}
