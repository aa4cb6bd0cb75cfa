/* SPDX-License-Identifier: MIT */
/* harness.h - what test/guide/'s harnesses share: the map file in memory,
 * a load of it, an open place for the player's box, and failing loudly.
 * Test code (libc); the documentation's blocks never include it. */
#ifndef GUIDE_HARNESS_H
#define GUIDE_HARNESS_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bspkit.h"
#include "bsp_memstream.h"

/* not every harness calls every helper */
#define GUIDE_HELPER static __attribute__((unused))

/* guide_fail(format, ...): a FAIL line with the caller's file and line. */
#define guide_fail(...) guide_fail_at(__FILE__, __LINE__, __VA_ARGS__)
GUIDE_HELPER void guide_fail_at(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "FAIL %s:%d: ", file, line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

/* The whole file, malloc'd; *size its bytes. */
GUIDE_HELPER uint8_t *guide_read_file(const char *path, uint32_t *size)
{
    FILE *f = fopen(path, "rb");
    long n = 0;
    uint8_t *bytes;
    if (!f || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0)
        guide_fail("%s: cannot read", path);
    bytes = (uint8_t *)malloc((size_t)n + 1);
    if (!bytes || fread(bytes, 1, (size_t)n, f) != (size_t)n) guide_fail("%s: cannot read", path);
    fclose(f);
    *size = (uint32_t)n;
    return bytes;
}

/* Load `path` with `sets` into a malloc'd arena (never freed: the test
 * ends). Quake 3 collision loads measure their curved surfaces first;
 * a map under a vindictus/ folder is read as Vindictus; LZMA lumps up to
 * lc + lp = 8 decode. */
GUIDE_HELPER void guide_load(const char *path, uint32_t sets, bsp_map *m)
{
    static uint8_t scratch[BSP_PATCH_SCRATCH_BYTES];
    uint32_t size, need = 0;
    uint8_t *file = guide_read_file(path, &size);
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_options o = bsp_default_options(sets);
    bsp_status st;
    void *arena;
    o.lzma_lclp_max = 8;                      /* x360_lc8: lc 8 */
    bsp_memstream_init(&ms, &s, file, size);
    st = bsp_open(&h, &s);
    if (st == BSP_OK && strstr(path, "/vindictus/"))  /* the file does not say so */
        st = bsp_use_variant(&h, BSP_VARIANT_VINDICTUS);
    if (st == BSP_OK) st = bsp_measure_patches(&h, &s, scratch, sizeof scratch);
    if (st == BSP_OK) st = bsp_measure(&h, &o, &need);
    arena = malloc(need ? need : 8);
    if (st == BSP_OK) st = bsp_load(m, &h, &s, arena, need, &o, NULL);
    if (st != BSP_OK) guide_fail("%s: load: %s", path, bsp_status_name(st));
}

/* A point where the box (mins, maxs) stands in no solid, on a grid over
 * the world's bounds, top down; 0 when there is none. */
GUIDE_HELPER int guide_open_place(const bsp_map *m, const float mins[3], const float maxs[3], float p[3])
{
    bsp_model w;
    bsp_trace_result tr;
    bsp_leaf l;
    uint32_t leaf;
    int i, j, k, a;
    const int n = 12;
    if (bsp_get_model(m, 0, &w) != BSP_OK) return 0;
    for (k = 1; k < n; k++)
        for (i = 1; i < n; i++)
            for (j = 1; j < n; j++) {
                int at[3];
                at[0] = i, at[1] = j, at[2] = n - k;
                for (a = 0; a < 3; a++)
                    p[a] = w.mins[a] + (w.maxs[a] - w.mins[a]) * (float)at[a] / (float)n + 0.40625f;
                if (bsp_point_leaf(m, 0, p, &leaf) == BSP_OK && bsp_get_leaf(m, leaf, &l) == BSP_OK &&
                    l.cluster >= 0 &&
                    bsp_trace(m, 0, p, p, mins, maxs, bsp_trace_mask(m, BSP_MASK_PLAYERSOLID), &tr) ==
                        BSP_OK && !tr.startsolid)
                    return 1;
            }
    return 0;
}

#endif
