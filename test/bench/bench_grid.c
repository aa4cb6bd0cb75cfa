/* SPDX-License-Identifier: MIT */
/* bench_grid.c - the Quake family's light grid (docs/queries.md 10.5):
 * `ambient` through LIGHTGRID_OCTREE, and what the grid costs a load.
 *
 *   bench_grid MAP [ROUNDS]     prints one JSON line, best of ROUNDS:
 *   {"map":..,"quake_grid_ambient_ns":..,"quake_grid_answered":..,
 *    "grid_parse_ns":..,"grid_load_ns":..,"grid_parse_share":..,
 *    "grid_lump_bytes":..,"grid_arena_bytes":..}
 * ambient: points spread over the grid's box and one step around it (the
 * same ones every run), light style 0; quake_grid_answered is the share
 * that found grid data. grid_parse_ns: the load's parse and index of the
 * lump alone; grid_load_ns: the whole bsp_load with BSP_LOAD_LIGHTING from
 * memory; grid_arena_bytes: what the parse and index add to the arena. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bspkit.h"
#include "core/map.h"
#include "bsp_file.h"
#include "bsp_memstream.h"
#include "../../loader/family/light_grid.h"

#define N_POINTS 200000u

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
    uint32_t need, i, seed = 11, answered = 0, lump_bytes, grid_bytes;
    uint8_t *arena, *file, *region;
    const uint8_t *lump;
    const bsp__light_grid *g;
    float (*pts)[3];
    double best_q = 1e9, best_parse = 1e9, best_load = 1e9, t;
    const char *name;
    FILE *fp;
    long size;

    if (argc < 2 || bsp_file_open(&f, &s, argv[1], 0) || bsp_open(&h, &s) != BSP_OK ||
        bsp_measure(&h, &o, &need) != BSP_OK || !(arena = malloc(need ? need : 1)) ||
        bsp_load(&m, &h, &s, arena, need, &o, &need) != BSP_OK) {
        fprintf(stderr, "bench_grid: cannot load %s\n", argc > 1 ? argv[1] : "(no map)");
        return 1;
    }
    bsp_file_close(&f);
    g = bsp__map_c(&m)->light_grid;
    lump = bsp_bspx_lump(&m, "LIGHTGRID_OCTREE", &lump_bytes);
    if (!g || !g->valid || !lump) {
        fprintf(stderr, "bench_grid: %s has no valid LIGHTGRID_OCTREE\n", argv[1]);
        return 1;
    }
    pts = malloc(sizeof *pts * N_POINTS);
    grid_bytes = bsp__light_grid_bytes(lump_bytes);
    region = malloc(grid_bytes);
    if (!pts || !region) return 1;
    for (i = 0; i < N_POINTS; i++)
        for (k = 0; k < 3; k++) {
            float span = g->step[k] * (float)(g->size[k] + 2);
            seed = seed * 1664525u + 1013904223u;
            pts[i][k] = g->mins[k] - g->step[k] + span * (float)(seed >> 8) / 16777216.0f;
        }
    for (r = 0; r < rounds; r++) {
        bsp_ambient_light a;
        uint32_t hit = 0;
        const bsp__light_grid *g2;
        t = now();
        for (i = 0; i < N_POINTS; i++) hit += bsp_ambient(&m, pts[i], &a) == BSP_OK;
        t = now() - t;
        if (t < best_q) best_q = t;
        answered = hit;
        t = now();
        for (i = 0; i < 1000; i++) bsp__light_grid_build(lump, lump_bytes, region, &g2);
        t = (now() - t) / 1000;
        if (t < best_parse) best_parse = t;
    }
    /* the whole load from memory, for the parse's share of it */
    fp = fopen(argv[1], "rb");
    if (!fp || fseek(fp, 0, SEEK_END) || (size = ftell(fp)) <= 0 || fseek(fp, 0, SEEK_SET) ||
        !(file = malloc((size_t)size)) || fread(file, 1, (size_t)size, fp) != (size_t)size)
        return 1;
    fclose(fp);
    for (r = 0; r < rounds * 20; r++) {
        bsp_stream ms;
        bsp_map m2;
        bsp_memstream mem;
        bsp_memstream_init(&mem, &ms, file, (uint32_t)size);
        t = now();
        if (bsp_open(&h, &ms) != BSP_OK || bsp_load(&m2, &h, &ms, arena, need, &o, NULL) != BSP_OK)
            return 1;
        t = now() - t;
        if (t < best_load) best_load = t;
    }
    name = strrchr(argv[1], '/');
    printf("{\"map\":\"%s\",\"quake_grid_ambient_ns\":%.1f,\"quake_grid_answered\":%.3f,"
           "\"grid_parse_ns\":%.0f,\"grid_load_ns\":%.0f,\"grid_parse_share\":%.4f,"
           "\"grid_lump_bytes\":%u,\"grid_arena_bytes\":%u}\n",
           name ? name + 1 : argv[1], best_q * 1e9 / N_POINTS, (double)answered / N_POINTS,
           best_parse * 1e9, best_load * 1e9, best_parse / best_load, (unsigned)lump_bytes,
           (unsigned)grid_bytes);
    return 0;
}
