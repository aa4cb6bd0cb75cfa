/* SPDX-License-Identifier: MIT */
/* bench_trace.c - the cost of collision queries on one map (issue 21):
 * player-sized moves (a box 64 units down from points over the world),
 * long point rays across the world, position tests, and hull traces of
 * hull 1 on the Quake family.
 *
 *   bench_trace --disp MAP [ROUNDS]   Source terrain (docs/queries.md
 *       8.14): {"map":..,"disp_trace_player_ns":..,"disp_hits":..}, a
 *       Source player box (origin at the feet) stepping 16 units across
 *       and 64 down from points over the lowest 96 units of the world,
 *       where a terrain map's displacements lie; disp_hits the share of
 *       moves that end on terrain.
 *   bench_trace MAP [ROUNDS]    prints one JSON line, best of ROUNDS:
 *   {"map":..,"trace_player_ns":..,"trace_ray_ns":..,"trace_position_ns":..,
 *    "hulltrace_ns":..,"boxleaves_ns":..,"trace_stack_bytes":..}
 * (a brush family leaves hulltrace_ns null, the Quake family the others;
 * Quake 3 maps trace their curved surfaces too).
 * Points are spread over the world model's bounding box, the same ones for
 * every run. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bspkit.h"
#include "core/map.h"
#include "bsp_file.h"

#define N_MOVES 50000u

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    static const float mins[3] = { -16, -16, -24 }, maxs[3] = { 16, 16, 32 }, zero[3] = { 0, 0, 0 };
    int rounds = argc > 2 ? atoi(argv[2]) : 3, r, k, hulls;
    bsp_file f;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    bsp_options o = bsp_default_options(BSP_LOAD_COLLISION);
    uint32_t need, i, seed = 7, sink = 0, mask;
    uint8_t *arena;
    float lo[3], hi[3], (*pts)[3];
    double best[5] = { 1e9, 1e9, 1e9, 1e9, 1e9 }, t;
    /* bsp_box_leaves: the player's box at each point, into a list of
     * Quake 2's MAX_TOTAL_ENT_LEAFS (128) */
    static uint32_t leaves[128];
    uint32_t count;
    int32_t top;
    bsp_trace_result tr;
    const char *name;

    static uint8_t scratch[BSP_PATCH_SCRATCH_BYTES];
    int disp = argc > 1 && !strcmp(argv[1], "--disp");
    uint32_t on_terrain = 0;
    if (disp) {
        argv++;
        argc--;
        rounds = argc > 2 ? atoi(argv[2]) : 3;
    }
    if (argc < 2 || bsp_file_open(&f, &s, argv[1], 0) || bsp_open(&h, &s) != BSP_OK ||
        bsp_measure_patches(&h, &s, scratch, sizeof scratch) != BSP_OK ||
        bsp_measure(&h, &o, &need) != BSP_OK || !(arena = malloc(need ? need : 1)) ||
        bsp_load(&m, &h, &s, arena, need, &o, &need) != BSP_OK) {
        fprintf(stderr, "bench_trace: cannot load %s\n", argc > 1 ? argv[1] : "(no map)");
        return 1;
    }
    bsp_file_close(&f);
    hulls = bsp_hull_size(&m, 1, lo, hi) == BSP_OK;
    mask = bsp_trace_mask(&m, BSP_MASK_PLAYERSOLID);
    for (i = 0; i < 3; i++) {
        memcpy(&lo[i], bsp__map_c(&m)->models.data + 4 * i, 4);
        memcpy(&hi[i], bsp__map_c(&m)->models.data + 12 + 4 * i, 4);
    }
    pts = malloc(sizeof *pts * (N_MOVES + 1));
    if (!pts) return 1;
    for (i = 0; i <= N_MOVES; i++)
        for (k = 0; k < 3; k++) {
            seed = seed * 1664525u + 1013904223u;
            pts[i][k] = lo[k] + (hi[k] - lo[k]) * (float)(seed >> 8) / 16777216.0f;
        }
    if (disp) {
        static const float feet[2][3] = { { -16, -16, 0 }, { 16, 16, 72 } };
        for (i = 0; i <= N_MOVES; i++) pts[i][2] = lo[2] + (pts[i][2] - lo[2]) * 96.0f / (hi[2] - lo[2]);
        for (r = 0; r < rounds; r++) {
            on_terrain = 0;
            t = now();
            for (i = 0; i < N_MOVES; i++) {
                float end[3];
                end[0] = pts[i][0] + 16, end[1] = pts[i][1] + 8, end[2] = pts[i][2] - 64;
                if (bsp_trace(&m, 0, pts[i], end, feet[0], feet[1], mask, &tr) == BSP_OK)
                    on_terrain += tr.disp >= 0;
            }
            t = now() - t;
            if (t < best[0]) best[0] = t;
        }
        name = strrchr(argv[1], '/');
        printf("{\"map\":\"%s\",\"disp_trace_player_ns\":%.1f,\"disp_hits\":%.3f}\n",
               name ? name + 1 : argv[1], best[0] * 1e9 / N_MOVES, (double)on_terrain / N_MOVES);
        free(pts);
        free(arena);
        return 0;
    }
    for (r = 0; r < rounds; r++) {
        t = now();
        for (i = 0; i < N_MOVES; i++) {
            float end[3];
            end[0] = pts[i][0], end[1] = pts[i][1], end[2] = pts[i][2] - 64;
            if (hulls ? bsp_hull_trace(&m, 0, 1, pts[i], end, &tr) == BSP_OK
                      : bsp_trace(&m, 0, pts[i], end, mins, maxs, mask, &tr) == BSP_OK)
                sink += tr.startsolid;
        }
        t = now() - t;
        if (t < best[hulls ? 3 : 0]) best[hulls ? 3 : 0] = t;
        t = now();
        for (i = 0; i < N_MOVES; i++) {
            float bl[3], bh[3];
            for (k = 0; k < 3; k++) bl[k] = pts[i][k] + mins[k], bh[k] = pts[i][k] + maxs[k];
            if (bsp_box_leaves(&m, 0, bl, bh, leaves, 128, &count, &top) == BSP_OK) sink += count;
        }
        t = now() - t;
        if (t < best[4]) best[4] = t;
        if (hulls) continue;
        t = now();
        for (i = 0; i < N_MOVES; i++)
            if (bsp_trace(&m, 0, pts[i], pts[i + 1], zero, zero, mask, &tr) == BSP_OK)
                sink += tr.allsolid;
        t = now() - t;
        if (t < best[1]) best[1] = t;
        t = now();
        for (i = 0; i < N_MOVES; i++)
            if (bsp_trace(&m, 0, pts[i], pts[i], mins, maxs, mask, &tr) == BSP_OK)
                sink += tr.allsolid;
        t = now() - t;
        if (t < best[2]) best[2] = t;
    }
    name = strrchr(argv[1], '/');
    printf("{\"map\":\"%s\"", name ? name + 1 : argv[1]);
    if (hulls) printf(",\"trace_player_ns\":null,\"trace_ray_ns\":null,\"trace_position_ns\":null,"
                      "\"hulltrace_ns\":%.1f", best[3] * 1e9 / N_MOVES);
    else printf(",\"trace_player_ns\":%.1f,\"trace_ray_ns\":%.1f,\"trace_position_ns\":%.1f,"
                "\"hulltrace_ns\":null", best[0] * 1e9 / N_MOVES, best[1] * 1e9 / N_MOVES,
                best[2] * 1e9 / N_MOVES);
    printf(",\"boxleaves_ns\":%.1f", best[4] * 1e9 / N_MOVES);
    /* the most any collision call takes (measured by test/programs/test_stack.c) */
    printf(",\"trace_stack_bytes\":%u,\"sink\":%u}\n", (unsigned)BSP_TRACE_CALL_STACK_BYTES,
           (unsigned)sink);
    free(pts);
    free(arena);
    return 0;
}
