/* SPDX-License-Identifier: MIT */
/* bench_light.c - the light at a point and a face's luxel (docs/queries.md
 * 4, 5) on one map, issue 42's light_point_ns: ns a query, best of ROUNDS,
 * over points spread through the world model's box (the same ones every
 * run); luxel_ns asks each point's face (those light_point hit) for its
 * slot 0 luxel at the point. light_none: the load found the map without
 * light and proved that every light walk ends on nothing (it answers at
 * once); face_light_bytes: what the faces' lightmap placement adds to the
 * arena (the difference against a load that reads no faces is the caller's
 * to make: this is the table alone).
 *
 *   bench_light MAP [ROUNDS]     prints one JSON line:
 *   {"map":..,"light_point_ns":..,"luxel_ns":..,"hits":..,"points":..,
 *    "light_none":..,"face_light_bytes":..,"sink":..}
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bspkit.h"
#include "core/map.h"
#include "bsp_file.h"
#include "../../loader/query/face_light.h"

#define N_POINTS 50000u

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    int rounds = argc > 2 ? atoi(argv[2]) : 5, r, k;
    bsp_file f;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    bsp_options o = bsp_default_options(BSP_LOAD_LIGHTING);
    uint32_t need, i, seed = 42, hits = 0, sink = 0, nhit = 0;
    uint8_t *arena;
    float lo[3], hi[3], (*pts)[3];
    int32_t *face;
    double best_light = 1e9, best_luxel = 1e9, t;
    const bsp__map *mm;
    const char *name;
    bsp_sample smp;

    if (argc < 2 || bsp_file_open(&f, &s, argv[1], 0) || bsp_open(&h, &s) != BSP_OK ||
        bsp_measure(&h, &o, &need) != BSP_OK || !(arena = malloc(need ? need : 1)) ||
        bsp_load(&m, &h, &s, arena, need, &o, &need) != BSP_OK) {
        fprintf(stderr, "bench_light: cannot load %s\n", argc > 1 ? argv[1] : "(no map)");
        return 1;
    }
    bsp_file_close(&f);
    mm = bsp__map_c(&m);
    for (k = 0; k < 3; k++) {
        memcpy(&lo[k], mm->models.data + 4 * k, 4);
        memcpy(&hi[k], mm->models.data + 12 + 4 * k, 4);
    }
    pts = malloc(sizeof *pts * N_POINTS);
    face = malloc(sizeof *face * N_POINTS);
    if (!pts || !face) return 1;
    for (i = 0; i < N_POINTS; i++)
        for (k = 0; k < 3; k++) {
            seed = seed * 1664525u + 1013904223u;
            pts[i][k] = lo[k] + (hi[k] - lo[k]) * (float)(seed >> 8) / 16777216.0f;
        }
    for (i = 0; i < N_POINTS; i++) {
        face[i] = -1;
        if (bsp_light_point(&m, pts[i], &smp) == BSP_OK && smp.face >= 0) {
            face[i] = smp.face;
            hits++;
        }
    }
    for (r = 0; r < rounds; r++) {
        t = now();
        for (i = 0; i < N_POINTS; i++)
            if (bsp_light_point(&m, pts[i], &smp) == BSP_OK) sink += (uint32_t)smp.face;
        t = now() - t;
        if (t < best_light) best_light = t;
        t = now();
        for (i = nhit = 0; i < N_POINTS; i++) {
            if (face[i] < 0) continue;
            nhit++;
            if (bsp_luxel(&m, face[i], pts[i], 0, &smp) == BSP_OK) sink += (uint32_t)smp.s;
        }
        t = now() - t;
        if (t < best_luxel) best_luxel = t;
    }
    name = strrchr(argv[1], '/');
    printf("{\"map\":\"%s\",\"light_point_ns\":%.1f,", name ? name + 1 : argv[1],
           best_light * 1e9 / N_POINTS);
    if (nhit) printf("\"luxel_ns\":%.1f,", best_luxel * 1e9 / nhit);
    else printf("\"luxel_ns\":null,");
    printf("\"hits\":%u,\"points\":%u,\"light_none\":%u,\"face_light_bytes\":%u,\"sink\":%u}\n",
           (unsigned)hits, (unsigned)N_POINTS, (unsigned)mm->light_none,
           (unsigned)(mm->face_light ? bsp__face_light_bytes(mm->faces.count) : 0),
           (unsigned)(sink & 1));
    free(pts);
    free(face);
    free(arena);
    return 0;
}
