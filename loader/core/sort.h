/* SPDX-License-Identifier: MIT */
/* sort.h - one sort for records of 32-bit words (sort.c). */
#ifndef BSP_SORT_H
#define BSP_SORT_H

#include "../../port/bsp_port.h"

/* Is record a before record b? (a strict order; ctx the caller's) */
typedef int (*bsp__before_fn)(const uint32_t *a, const uint32_t *b, const void *ctx);

/* A stable merge sort of n records of `words` 32-bit words each at base,
 * with tmp (room for n records, not overlapping base) to merge into: at
 * most n log2 n comparisons whatever the order the file left them in, no
 * other memory, no recursion. Equal records keep their order. */
void bsp__sort(uint32_t *base, uint32_t *tmp, uint32_t n, uint32_t words, bsp__before_fn before, const void *ctx);

#endif
