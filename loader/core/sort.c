/* SPDX-License-Identifier: MIT */
/* sort.c - a merge sort: what the loader orders (the faces of a mesh by
 * texture) comes from a file, so its cost must not depend on how the file
 * ordered it; and the records come in an order worth keeping (ascending
 * faces), so it is stable. Runs of RUN records are put in order by
 * insertion first, then merged pairwise, from base to tmp and back. */
#include "sort.h"
#include "config.h"

/* (its users: texture_names.c, mesh_order.c with map access, pak_index.c
 * with the pakfile reader; a build without both carries no sort) */
#if BSPKIT_ACCESS || BSPKIT_PAK

#define RUN 8u

static void sort_copy(uint32_t *dst, const uint32_t *src, uint32_t words)
{
    uint32_t k;
    for (k = 0; k < words; k++) dst[k] = src[k];
}

/* Insertion: record by record into the ordered part before it (at most
 * RUN - 1 moves each). */
static void sort_run(uint32_t *base, uint32_t n, uint32_t words, bsp__before_fn before, const void *ctx,
                     uint32_t *hold)
{
    uint32_t i, j;
    for (i = 1; i < n; i++) {
        sort_copy(hold, base + (size_t)i * words, words);
        for (j = i; j > 0 && before(hold, base + (size_t)(j - 1) * words, ctx); j--)
            sort_copy(base + (size_t)j * words, base + (size_t)(j - 1) * words, words);
        sort_copy(base + (size_t)j * words, hold, words);
    }
}

/* from[lo, mid) and from[mid, hi) into to[lo, hi); the left first of equals. */
static void sort_merge(const uint32_t *from, uint32_t *to, uint32_t lo, uint32_t mid, uint32_t hi, uint32_t words,
                       bsp__before_fn before, const void *ctx)
{
    uint32_t a = lo, b = mid, k;
    for (k = lo; k < hi; k++) {
        const uint32_t *pick;
        if (a < mid && (b >= hi || !before(from + (size_t)b * words, from + (size_t)a * words, ctx)))
            pick = from + (size_t)a++ * words;
        else
            pick = from + (size_t)b++ * words;
        sort_copy(to + (size_t)k * words, pick, words);
    }
}

void bsp__sort(uint32_t *base, uint32_t *tmp, uint32_t n, uint32_t words, bsp__before_fn before, const void *ctx)
{
    uint32_t hold[8], lo, width, *from = base, *to = tmp;
    if (n < 2 || words > 8) return;
    for (lo = 0; lo < n; lo += RUN)
        sort_run(base + (size_t)lo * words, n - lo < RUN ? n - lo : RUN, words, before, ctx, hold);
    for (width = RUN; width < n; width = width > n / 2 ? n : 2 * width) {
        uint32_t *t;
        for (lo = 0; lo < n; lo += 2 * width) {
            uint32_t mid = n - lo > width ? lo + width : n;
            uint32_t hi = n - mid > width ? mid + width : n;
            sort_merge(from, to, lo, mid, hi, words, before, ctx);
        }
        t = from, from = to, to = t;
    }
    if (from != base)
        for (lo = 0; lo < n; lo++) sort_copy(base + (size_t)lo * words, from + (size_t)lo * words, words);
}
#endif
