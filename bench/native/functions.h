/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/* Declarations of the benchmark's tiny C functions (functions.c). */
#ifndef JAGUAR_BENCH_FUNCTIONS_H
#define JAGUAR_BENCH_FUNCTIONS_H
#include <stdint.h>

void jb_noop(void);
int32_t jb_inc(int32_t x);
int32_t jb_sum4(int32_t a, int32_t b, int32_t c, int32_t d);
int64_t jb_load8(const int64_t *p);
void jb_store8(int64_t *p, int64_t v);
int32_t jb_get_int(const int32_t *base, int64_t index);
void jb_put_int(int32_t *base, int64_t index, int32_t v);
#endif
