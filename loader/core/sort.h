/* SPDX-License-Identifier: MIT */
/* sort.h - one in-place sort for records of 32-bit words (sort.c). */
#ifndef BSP_SORT_H
#define BSP_SORT_H

#include "../../port/bsp_port.h"

/* Is record a before record b? (a strict order; ctx the caller's) */
typedef int (*bsp__before_fn)(const uint32_t *a, const uint32_t *b, const void *ctx);

/* Heap sort of n records of `words` 32-bit words each (1 .. 8) at base:
 * n log n comparisons whatever the order the file left them in, no
 * memory beyond the records, no recursion. Not stable: give every record
 * a tie-breaker (its index) when the order of equals matters. */
void bsp__sort(uint32_t *base, uint32_t n, uint32_t words, bsp__before_fn before, const void *ctx);

#endif
