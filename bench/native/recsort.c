/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/* The C baseline of TigrisSort (bench/README.md, "TigrisSort"): sorts a file of 100-byte records by
 * their 10-byte keys into another file, one pass in memory, with T threads, as a careful C program
 * would on one machine:
 *   read   the input with read() into one buffer, T threads each reading a stripe;
 *   sort   each thread makes a 16-byte entry per record of its stripe (key bytes 0-7 big-endian;
 *          bytes 8-9 above a 48-bit record index: the same entries TigrisSort sorts) and LSD-radix
 *          sorts them, 8 bits a pass, passes whose byte is the same in every entry skipped; the
 *          T sorted runs are merged into one order;
 *   write  T threads gather their slice of that order into a buffer and pwrite it at its offset,
 *          the whole file-system blocks with O_DIRECT and the partial blocks at a slice's ends
 *          through the page cache, as TigrisSort's sorters write (tigris/src/tigris/sort/
 *          RecordWriter.java: buffered writes cost two to three times the disk's time on the
 *          machines measured); then fsync (unless --no-sync). --buffered writes all through the
 *          page cache.
 * Usage: recsort [-t THREADS] [--no-sync] [--buffered] INPUT OUTPUT
 * Prints one line: records, threads, and the seconds of each phase and in all. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "timing.h"

#define RECORD 100
#define MAX_THREADS 64

typedef struct {
    uint64_t hi;
    uint64_t lo;
} entry;

static unsigned char *in;
static entry *entries;
static entry *scratch;
static uint64_t *order;
static size_t records;
static int threads = 2;
static int out_fd;
static int direct_fd = -1;   /* the output opened with O_DIRECT, or -1 */
static size_t block = 1;
static const char *in_path;
static const char *out_path;

static void die(const char *what, const char *path) {
    fprintf(stderr, "recsort: %s %s: %s\n", what, path, strerror(errno));
    exit(1);
}

static size_t stripe(size_t n, int t) {
    return n / threads * t + ((size_t) t < n % threads ? (size_t) t : n % threads);
}

static void *read_stripe(void *arg) {
    int t = (int) (intptr_t) arg;
    int fd = open(in_path, O_RDONLY);
    if (fd < 0) {
        die("cannot open", in_path);
    }
    size_t from = stripe(records, t) * RECORD;
    size_t to = stripe(records, t + 1) * RECORD;
    while (from < to) {
        size_t n = to - from < (8u << 20) ? to - from : (8u << 20);
        ssize_t r = pread(fd, in + from, n, (off_t) from);
        if (r <= 0) {
            die("cannot read", in_path);
        }
        from += (size_t) r;
    }
    close(fd);
    return NULL;
}

static inline uint64_t be64(const unsigned char *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return __builtin_bswap64(v);
}

/* LSD radix sort of e[0..n) by (hi, lo >> 48), using tmp; the result is in e. */
static void radix(entry *e, entry *tmp, size_t n) {
    for (int pass = 0; pass < 10; pass++) {
        int shift = pass < 2 ? 48 + 8 * pass : 8 * (pass - 2);
        int high = pass >= 2;
        size_t count[256] = {0};
        for (size_t i = 0; i < n; i++) {
            count[((high ? e[i].hi : e[i].lo) >> shift) & 0xff]++;
        }
        int skip = 0;
        for (int b = 0; b < 256; b++) {
            if (count[b] == n) {
                skip = 1;
            }
        }
        if (skip) {
            continue;
        }
        size_t pos = 0;
        for (int b = 0; b < 256; b++) {
            size_t c = count[b];
            count[b] = pos;
            pos += c;
        }
        for (size_t i = 0; i < n; i++) {
            tmp[count[((high ? e[i].hi : e[i].lo) >> shift) & 0xff]++] = e[i];
        }
        memcpy(e, tmp, n * sizeof(entry));
    }
}

static void *sort_stripe(void *arg) {
    int t = (int) (intptr_t) arg;
    size_t from = stripe(records, t);
    size_t to = stripe(records, t + 1);
    for (size_t i = from; i < to; i++) {
        const unsigned char *r = in + i * RECORD;
        entries[i].hi = be64(r);
        entries[i].lo = ((uint64_t) r[8] << 56) | ((uint64_t) r[9] << 48) | i;
    }
    radix(entries + from, scratch + from, to - from);
    return NULL;
}

static inline int less(const entry *a, const entry *b) {
    return a->hi < b->hi || (a->hi == b->hi && (a->lo >> 48) < (b->lo >> 48));
}

/* Merges the T sorted stripes into order[] (record indexes), scanning the T heads. */
static void merge(void) {
    size_t head[MAX_THREADS];
    size_t end[MAX_THREADS];
    for (int t = 0; t < threads; t++) {
        head[t] = stripe(records, t);
        end[t] = stripe(records, t + 1);
    }
    for (size_t k = 0; k < records; k++) {
        int best = -1;
        for (int t = 0; t < threads; t++) {
            if (head[t] < end[t] && (best < 0 || less(&entries[head[t]], &entries[head[best]]))) {
                best = t;
            }
        }
        order[k] = entries[head[best]++].lo & ((1ull << 48) - 1);
    }
}

static void pwrite_all(int fd, const unsigned char *buf, size_t n, off_t pos) {
    size_t done = 0;
    while (done < n) {
        ssize_t w = pwrite(fd, buf + done, n - done, pos + (off_t) done);
        if (w < 0) {
            die("cannot write", out_path);
        }
        done += (size_t) w;
    }
}

/* Writes buf[first, filled) at file offset *pos (buf offsets agree with file offsets modulo block):
 * a leading partial block buffered, whole blocks direct, and the trailing partial block buffered
 * if last, else kept in buf for the next flush. Returns the new filled. */
static size_t flush(unsigned char *buf, size_t first, size_t filled, off_t *pos, int last) {
    size_t from = first;
    if (direct_fd >= 0) {
        if (from % block != 0) {
            size_t to = from - from % block + block < filled ? from - from % block + block : filled;
            pwrite_all(out_fd, buf + from, to - from, *pos);
            *pos += (off_t) (to - from);
            from = to;
        }
        size_t aligned_end = filled - filled % block;
        if (aligned_end > from) {
            pwrite_all(direct_fd, buf + from, aligned_end - from, *pos);
            *pos += (off_t) (aligned_end - from);
            from = aligned_end;
        }
        if (!last) {
            size_t rest = filled - from;
            memmove(buf + from % block, buf + from, rest);
            return from % block + rest;
        }
    }
    pwrite_all(out_fd, buf + from, filled - from, *pos);
    *pos += (off_t) (filled - from);
    return 0;
}

static void *write_stripe(void *arg) {
    int t = (int) (intptr_t) arg;
    size_t from = stripe(records, t);
    size_t to = stripe(records, t + 1);
    size_t capacity = (8u << 20) + 2 * block;
    unsigned char *buf;
    if (posix_memalign((void **) &buf, 4096, capacity) != 0) {
        fprintf(stderr, "recsort: out of memory for a write buffer\n");
        exit(1);
    }
    off_t pos = (off_t) (from * RECORD);
    size_t first = (size_t) pos % block;
    size_t filled = first;
    for (size_t k = from; k < to; k++) {
        if (filled + RECORD > capacity) {
            filled = flush(buf, first, filled, &pos, 0);
            first = (size_t) pos % block;
        }
        memcpy(buf + filled, in + order[k] * RECORD, RECORD);
        filled += RECORD;
    }
    flush(buf, first, filled, &pos, 1);
    free(buf);
    return NULL;
}

static void parallel(void *(*f)(void *)) {
    pthread_t id[MAX_THREADS];
    for (int t = 0; t < threads; t++) {
        pthread_create(&id[t], NULL, f, (void *) (intptr_t) t);
    }
    for (int t = 0; t < threads; t++) {
        pthread_join(id[t], NULL);
    }
}

int main(int argc, char **argv) {
    int sync = 1;
    int direct = 1;
    int a = 1;
    for (; a < argc && argv[a][0] == '-'; a++) {
        if (strcmp(argv[a], "-t") == 0 && a + 1 < argc) {
            threads = atoi(argv[++a]);
        } else if (strcmp(argv[a], "--no-sync") == 0) {
            sync = 0;
        } else if (strcmp(argv[a], "--buffered") == 0) {
            direct = 0;
        } else {
            fprintf(stderr, "recsort: unknown option %s\n", argv[a]);
            return 2;
        }
    }
    if (argc - a != 2 || threads < 1 || threads > MAX_THREADS) {
        fprintf(stderr, "usage: recsort [-t THREADS (1-%d)] [--no-sync] [--buffered] INPUT OUTPUT\n", MAX_THREADS);
        return 2;
    }
    in_path = argv[a];
    out_path = argv[a + 1];
    int64_t t0 = now_ns();
    struct stat st;
    if (stat(in_path, &st) != 0) {
        die("cannot stat", in_path);
    }
    if (st.st_size % RECORD != 0) {
        fprintf(stderr, "recsort: %s has %lld bytes, not whole %d-byte records\n", in_path, (long long) st.st_size, RECORD);
        return 1;
    }
    records = (size_t) st.st_size / RECORD;
    in = malloc(records * RECORD + 1);
    entries = malloc(records * sizeof(entry) + 1);
    scratch = malloc(records * sizeof(entry) + 1);
    order = malloc(records * sizeof(uint64_t) + 1);
    if (!in || !entries || !scratch || !order) {
        fprintf(stderr, "recsort: out of memory for %zu records\n", records);
        return 1;
    }
    parallel(read_stripe);
    int64_t t1 = now_ns();
    parallel(sort_stripe);
    merge();
    int64_t t2 = now_ns();
    out_fd = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out_fd < 0) {
        die("cannot create", out_path);
    }
    struct statvfs fs;
    if (direct && fstatvfs(out_fd, &fs) == 0 && fs.f_bsize > 0 && fs.f_bsize <= 65536) {
        direct_fd = open(out_path, O_WRONLY | O_DIRECT);   /* -1 where the file system refuses it */
        block = direct_fd >= 0 ? fs.f_bsize : 1;
    }
    parallel(write_stripe);
    if (sync && fsync(out_fd) != 0) {
        die("cannot fsync", out_path);
    }
    if (direct_fd >= 0) {
        close(direct_fd);
    }
    close(out_fd);
    int64_t t3 = now_ns();
    printf("records=%zu threads=%d read_s=%.3f sort_s=%.3f write_s=%.3f total_s=%.3f\n", records, threads, (t1 - t0) / 1e9, (t2 - t1) / 1e9,
           (t3 - t2) / 1e9, (t3 - t0) / 1e9);
    return 0;
}
