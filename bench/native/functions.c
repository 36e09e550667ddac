/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/* The tiny C functions every benchmark calls: FFM downcalls bind to them directly, the JNI
 * entry points in jni.c wrap them, and the C baselines (fig1.c) call them through the same
 * shared library, so every column pays for the same work. */
#include "functions.h"

void jb_noop(void) {
}

int32_t jb_inc(int32_t x) {
    return x + 1;
}

int32_t jb_sum4(int32_t a, int32_t b, int32_t c, int32_t d) {
    return a + b + c + d;
}

int64_t jb_load8(const int64_t *p) {
    return *p;
}

void jb_store8(int64_t *p, int64_t v) {
    *p = v;
}

int32_t jb_get_int(const int32_t *base, int64_t index) {
    return base[index];
}

void jb_put_int(int32_t *base, int64_t index, int32_t v) {
    base[index] = v;
}
