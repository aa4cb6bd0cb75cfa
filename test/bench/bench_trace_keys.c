/* SPDX-License-Identifier: MIT */
/* bench_trace_keys.c - issue 31's collision keys on one map: the query sets
 * of test/common/trace_queries.h (player moves, stair steps, 64 units down, long
 * rays, position tests; the Quake family: hull 1, rays hull 0), ns a query,
 * best of ROUNDS; and the collision load (bsp_open, bsp_measure_patches,
 * bsp_measure, bsp_load from memory), ms best of ROUNDS, with its arena.
 *
 *   bench_trace_keys MAP [ROUNDS [load|keep]]   one JSON line (`load`: the
 *   load alone, the query keys null; `keep`: the same through
 *   bsp_measure_patches_keep, the load copying the patches the count built):
 *   {"map":..,"family":"brush"|"hull","move_ns":..,"step_ns":..,"down_ns":..,
 *    "ray_ns":..,"position_ns":..,"load_ms":..,"arena_bytes":..,"sink":..}
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bspkit.h"
#include "core/map.h"
#include "bsp_memstream.h"
#include "../common/trace_queries.h"

#define N 20000u

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint8_t scratch[BSP_PATCH_SCRATCH_BYTES];
/* `keep`: the patches' keep, of what a first count says keeps them all */
static uint8_t *keep;
static uint32_t keep_bytes;

/* One collision load of data into arena (of *need bytes, or measured when
 * arena is NULL). */
static bsp_status load(bsp_map *m, const uint8_t *data, uint32_t size, uint8_t *arena, uint32_t *need)
{
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_options o = bsp_default_options(BSP_LOAD_COLLISION);
    bsp_status st;
    uint32_t used;
    bsp_memstream_init(&ms, &s, data, size);
    st = bsp_open(&h, &s);
    if (st == BSP_OK && keep) st = bsp_measure_patches_keep(&h, &s, scratch, sizeof scratch, keep, keep_bytes);
    else if (st == BSP_OK) st = bsp_measure_patches(&h, &s, scratch, sizeof scratch);
    if (st == BSP_OK && !keep_bytes) keep_bytes = h.patch_keep_need;
    if (st == BSP_OK && !arena) return bsp_measure(&h, &o, need);
    if (st == BSP_OK) st = bsp_load(m, &h, &s, arena, *need, &o, &used);
    return st;
}

int main(int argc, char **argv)
{
    int rounds = argc > 2 ? atoi(argv[2]) : 3, r, hulls, set;
    FILE *fp;
    long size;
    uint8_t *data, *arena;
    uint32_t need, i, sink = 0, mask;
    bsp_map m;
    float lo[3], hi[3];
    tq_query *q;
    double best[TQ_SETS], load_best = 1e9, t;
    bsp_trace_result tr;
    const char *name;

    if (argc < 2 || !(fp = fopen(argv[1], "rb"))) {
        fprintf(stderr, "usage: bench_trace_keys MAP [ROUNDS]\n");
        return 1;
    }
    fseek(fp, 0, SEEK_END);
    size = ftell(fp);
    rewind(fp);
    data = malloc((size_t)size);
    if (!data || fread(data, 1, (size_t)size, fp) != (size_t)size) return 1;
    fclose(fp);
    if (argc > 3 && !strcmp(argv[3], "keep")) {
        /* (the first count sizes the keep, the second the arena) */
        if (load(&m, data, (uint32_t)size, NULL, &need) != BSP_OK || !(keep = malloc(keep_bytes + 4u)))
            return 1;
    }
    if (load(&m, data, (uint32_t)size, NULL, &need) != BSP_OK || !(arena = malloc(need))) {
        fprintf(stderr, "bench_trace_keys: cannot measure %s\n", argv[1]);
        return 1;
    }
    for (r = 0; r < rounds; r++) {
        t = now();
        if (load(&m, data, (uint32_t)size, arena, &need) != BSP_OK) {
            fprintf(stderr, "bench_trace_keys: cannot load %s\n", argv[1]);
            return 1;
        }
        t = now() - t;
        if (t < load_best) load_best = t;
    }
    hulls = bsp_hull_size(&m, 1, lo, hi) == BSP_OK;
    mask = bsp_trace_mask(&m, BSP_MASK_PLAYERSOLID);
    for (i = 0; i < 3; i++) {
        memcpy(&lo[i], bsp__map_c(&m)->models.data + 4 * i, 4);
        memcpy(&hi[i], bsp__map_c(&m)->models.data + 12 + 4 * i, 4);
    }
    q = malloc(sizeof *q * N * TQ_SETS);
    if (!q) return 1;
    tq_make(q, N, lo, hi);
    for (set = 0; set < TQ_SETS; set++) best[set] = 1e9;
    for (r = argc > 3 && (!strcmp(argv[3], "load") || !strcmp(argv[3], "keep")) ? rounds : 0; r < rounds; r++)
        for (set = 0; set < TQ_SETS; set++) {
            const tq_query *qs = q + (size_t)set * N;
            int point = set == TQ_RAY;
            static const float zero[3] = { 0, 0, 0 };
            t = now();
            for (i = 0; i < N; i++)
                if (hulls ? bsp_hull_trace(&m, 0, point ? 0 : 1, qs[i].start, qs[i].end, &tr) == BSP_OK
                          : bsp_trace(&m, 0, qs[i].start, qs[i].end, point ? zero : tq_mins,
                                      point ? zero : tq_maxs, mask, &tr) == BSP_OK)
                    sink += tr.startsolid + (tr.fraction < 1);
            t = now() - t;
            if (t < best[set]) best[set] = t;
        }
    name = strrchr(argv[1], '/');
    printf("{\"map\":\"%s\",\"family\":\"%s\"", name ? name + 1 : argv[1], hulls ? "hull" : "brush");
    for (set = 0; set < TQ_SETS; set++)
        if (best[set] < 1e9) printf(",\"%s_ns\":%.1f", tq_names[set], best[set] * 1e9 / N);
        else printf(",\"%s_ns\":null", tq_names[set]);
    printf(",\"load_ms\":%.2f,\"arena_bytes\":%u,\"sink\":%u}\n", load_best * 1e3, (unsigned)need,
           (unsigned)sink);
    free(q);
    free(keep);
    free(arena);
    free(data);
    return 0;
}
