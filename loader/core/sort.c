/* SPDX-License-Identifier: MIT */
/* sort.c - a heap sort: what the loader orders (the faces of a mesh by
 * texture) comes from a file, so its cost must not depend on how the file
 * ordered it. */
#include "sort.h"

static void swap_records(uint32_t *a, uint32_t *b, uint32_t words)
{
    uint32_t k, t;
    for (k = 0; k < words; k++) t = a[k], a[k] = b[k], b[k] = t;
}

/* Moves record `at` down the heap of n records until its children are
 * not after it. */
static void sift(uint32_t *base, uint32_t at, uint32_t n, uint32_t words, bsp__before_fn before,
                 const void *ctx)
{
    for (;;) {
        uint32_t big = at, child = 2 * at + 1;
        if (child < n && before(base + (size_t)big * words, base + (size_t)child * words, ctx)) big = child;
        child++;
        if (child < n && before(base + (size_t)big * words, base + (size_t)child * words, ctx)) big = child;
        if (big == at) return;
        swap_records(base + (size_t)at * words, base + (size_t)big * words, words);
        at = big;
    }
}

void bsp__sort(uint32_t *base, uint32_t n, uint32_t words, bsp__before_fn before, const void *ctx)
{
    uint32_t k;
    if (n < 2) return;
    for (k = n / 2; k-- > 0;) sift(base, k, n, words, before, ctx);
    for (k = n - 1; k > 0; k--) {
        swap_records(base, base + (size_t)k * words, words);
        sift(base, 0, k, words, before, ctx);
    }
}
