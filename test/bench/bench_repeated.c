/* SPDX-License-Identifier: MIT */
/* bench_repeated.c - one trace through a map that lists one brush 2.55
 * million times (test/craft/craft_repeated.py, issue 31): with the per-trace
 * brush mark its cost is the leaves and listings it walks plus one clip.
 *
 *   bench_repeated MAP...   prints one JSON line:
 *   {"repeated_brush_trace_ms": the slowest map's best of 5 traces,
 *    "maps": {name: ms, ...}} */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bspkit.h"
#include "bsp_file.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    static const float start[3] = { 2100, 0, 0 }, end[3] = { -100, 0, 0 }, zero[3] = { 0, 0, 0 };
    static uint8_t scratch[BSP_PATCH_SCRATCH_BYTES];
    double worst = 0;
    int a, r;
    printf("{\"maps\":{");
    for (a = 1; a < argc; a++) {
        bsp_file f;
        bsp_stream s;
        bsp_header h;
        bsp_map m;
        bsp_options o = bsp_default_options(BSP_LOAD_COLLISION);
        bsp_trace_result tr;
        uint32_t need;
        uint8_t *arena;
        double best = 1e9, t;
        const char *name = strrchr(argv[a], '/');
        if (bsp_file_open(&f, &s, argv[a], 0) || bsp_open(&h, &s) != BSP_OK ||
            bsp_measure_patches(&h, &s, scratch, sizeof scratch) != BSP_OK ||
            bsp_measure(&h, &o, &need) != BSP_OK || !(arena = malloc(need ? need : 1)) ||
            bsp_load(&m, &h, &s, arena, need, &o, &need) != BSP_OK) {
            fprintf(stderr, "bench_repeated: cannot load %s\n", argv[a]);
            return 1;
        }
        bsp_file_close(&f);
        for (r = 0; r < 5; r++) {
            t = now();
            if (bsp_trace(&m, 0, start, end, zero, zero, 0xffffffffu, &tr) != BSP_OK || tr.fraction != 1) {
                fprintf(stderr, "bench_repeated: %s: the ray should pass\n", argv[a]);
                return 1;
            }
            t = now() - t;
            if (t < best) best = t;
        }
        if (best > worst) worst = best;
        printf("%s\"%s\":%.3f", a > 1 ? "," : "", name ? name + 1 : argv[a], best * 1e3);
        free(arena);
    }
    printf("},\"repeated_brush_trace_ms\":%.3f}\n", worst * 1e3);
    return 0;
}
