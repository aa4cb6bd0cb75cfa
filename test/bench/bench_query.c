/* SPDX-License-Identifier: MIT */
/* bench_query.c - time of the float queries (point_leaf, luxel,
 * light_point) over one map: the figures test/bench/bench_float.sh compares
 * between two builds of the library (issue 12: rounding each float
 * operation must not slow the queries down).
 *
 *   bench_query MAP [ROUNDS]    prints one JSON line, best of ROUNDS
 *
 * Built once per library with -I pointing at that library's loader/ and
 * platform/posix/, so the same source times the previous and the current
 * code. Points are spread over the world model's bounding box. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bspkit.h"
#include "bsp_file.h"
/* The map's contents became private (loader/core/map.h) after the
 * revision bench_query_prev links with, whose header still shows them. */
#ifdef BSP_MAP_BYTES
#include "core/map.h"
#define MAP_VIEW(m) (*bsp__map_c(&(m)))
#else
#define MAP_VIEW(m) (m)
#endif

#define N_QUERIES 100000u

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    int rounds = argc > 2 ? atoi(argv[2]) : 3, r;
    bsp_file f;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    bsp_options o = bsp_default_options(BSP_LOAD_ALL);
    uint32_t need, i, seed = 1, sink = 0, faces;
    uint8_t *arena;
    float lo[3], hi[3], (*pts)[3];
    double best[3] = { 1e9, 1e9, 1e9 }, t;

    if (argc < 2 || bsp_file_open(&f, &s, argv[1], 0) || bsp_open(&h, &s) != BSP_OK ||
        bsp_measure(&h, &o, &need) != BSP_OK || !(arena = malloc(need ? need : 1)) ||
        bsp_load(&m, &h, &s, arena, need, &o, &need) != BSP_OK) {
        fprintf(stderr, "bench_query: cannot load %s\n", argc > 1 ? argv[1] : "(no map)");
        return 1;
    }
    bsp_file_close(&f);
    for (i = 0; i < 3; i++) {
        memcpy(&lo[i], MAP_VIEW(m).models.data + 4 * i, 4);
        memcpy(&hi[i], MAP_VIEW(m).models.data + 12 + 4 * i, 4);
    }
    faces = MAP_VIEW(m).faces.count ? MAP_VIEW(m).faces.count : 1;
    pts = malloc(sizeof *pts * N_QUERIES);
    if (!pts) return 1;
    for (i = 0; i < N_QUERIES; i++) {
        int k;
        for (k = 0; k < 3; k++) {
            seed = seed * 1664525u + 1013904223u;
            pts[i][k] = lo[k] + (hi[k] - lo[k]) * (float)(seed >> 8) / 16777216.0f;
        }
    }
    for (r = 0; r < rounds; r++) {
        uint32_t leaf;
        bsp_sample smp;
        t = now();
        for (i = 0; i < N_QUERIES; i++) {
            bsp_point_leaf(&m, 0, pts[i], &leaf);
            sink += leaf;
        }
        t = now() - t;
        if (t < best[0]) best[0] = t;
        t = now();
        for (i = 0; i < N_QUERIES; i++)
            if (bsp_luxel(&m, (int32_t)(i % faces), pts[i], 0, &smp) == BSP_OK) sink += (uint32_t)smp.s;
        t = now() - t;
        if (t < best[1]) best[1] = t;
        t = now();
        for (i = 0; i < N_QUERIES; i++)
            if (bsp_light_point(&m, pts[i], &smp) == BSP_OK) sink += (uint32_t)smp.face;
        t = now() - t;
        if (t < best[2]) best[2] = t;
    }
    printf("{\"ns_point_leaf\":%.2f,\"ns_luxel\":%.2f,\"ns_light\":%.2f,\"sink\":%u}\n",
           best[0] * 1e9 / N_QUERIES, best[1] * 1e9 / N_QUERIES, best[2] * 1e9 / N_QUERIES,
           (unsigned)sink);
    free(pts);
    free(arena);
    return 0;
}
