/* SPDX-License-Identifier: MIT */
/* bench_leafvis.c - the per-frame point and visibility queries (issue
 * 42): bsp_point_leaf over 50 000 points of the world's bounds, bsp_pvs
 * over every cluster, and bsp_pvs_view where the family stores its rows
 * whole (quake3), each map loaded with the query set alone (no collision:
 * the point walk's own compact tree).
 *
 *   bench_leafvis ROUNDS MAP...   prints one JSON line:
 *   {"maps":[{"map":..,"point_leaf_ns":..,"pvs_row_ns":..,"pvs_view_ns":..,
 *    "clusters":..,"row_bytes":..}, ...],"point_leaf_ns":..,"pvs_row_ns":..,
 *    "pvs_view_ns":..}
 * Each time is the mean of one call, best of ROUNDS; the top-level keys
 * are the maps' means (pvs_view_ns over the maps that have it, null for
 * none). */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bspkit.h"
#include "bsp_file.h"

#define POINTS 50000

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 5, a, r, nmaps = 0, nview = 0;
    double sum_leaf = 0, sum_pvs = 0, sum_view = 0;
    static float pts[POINTS][3];
    unsigned long sink = 0;
    if (argc < 3) {
        fprintf(stderr, "usage: bench_leafvis ROUNDS MAP...\n");
        return 2;
    }
    printf("{\"maps\":[");
    for (a = 2; a < argc; a++) {
        bsp_file f;
        bsp_stream s;
        bsp_header h;
        bsp_map m;
        bsp_model w;
        bsp_options o = bsp_default_options(BSP_LOAD_QUERIES);
        uint32_t need, i, k, clusters, bytes, calls, rng = 12345u;
        uint8_t *arena, *row;
        double best_leaf = 1e30, best_pvs = 1e30, best_view = 1e30, t;
        int view;
        const uint8_t *vrow;
        if (bsp_file_open(&f, &s, argv[a], 0) || bsp_open(&h, &s) != BSP_OK || bsp_measure(&h, &o, &need) != BSP_OK ||
            !(arena = malloc(need ? need : 1)) || bsp_load(&m, &h, &s, arena, need, &o, &need) != BSP_OK ||
            bsp_get_model(&m, 0, &w) != BSP_OK) {
            fprintf(stderr, "bench_leafvis: cannot load %s\n", argv[a]);
            return 1;
        }
        bsp_file_close(&f);
        for (i = 0; i < POINTS; i++)
            for (k = 0; k < 3; k++) {
                rng = rng * 1664525u + 1013904223u;
                pts[i][k] = w.mins[k] + (w.maxs[k] - w.mins[k]) * (float)(rng >> 8) / 16777216.0f;
            }
        clusters = bsp_num_clusters(&m);
        bytes = bsp_vis_row_bytes(&m);
        row = malloc(bytes + 1);
        if (!row) return 1;
        calls = clusters > 20000 ? clusters : 20000 - 20000 % (clusters ? clusters : 1);
        view = clusters && bsp_pvs_view(&m, 0, &vrow, &k) == BSP_OK;
        for (r = 0; r < rounds; r++) {
            uint32_t leaf;
            t = now();
            for (i = 0; i < POINTS; i++) {
                if (bsp_point_leaf(&m, 0, pts[i], &leaf) != BSP_OK) return 1;
                sink += leaf;
            }
            t = (now() - t) * 1e9 / POINTS;
            if (t < best_leaf) best_leaf = t;
            if (!clusters) continue;
            t = now();
            for (k = 0; k < calls; k++) {
                uint32_t c = k % clusters;
                if (bsp_pvs(&m, (int32_t)c, row, bytes) != BSP_OK) return 1;
                sink += row[c >> 3];
            }
            t = (now() - t) * 1e9 / calls;
            if (t < best_pvs) best_pvs = t;
            if (!view) continue;
            t = now();
            for (k = 0; k < calls; k++) {
                uint32_t n, c = k % clusters;
                if (bsp_pvs_view(&m, (int32_t)c, &vrow, &n) != BSP_OK) return 1;
                sink += vrow[c >> 3];
            }
            t = (now() - t) * 1e9 / calls;
            if (t < best_view) best_view = t;
        }
        printf("%s{\"map\":\"%s\",\"point_leaf_ns\":%.1f,", a > 2 ? "," : "", argv[a], best_leaf);
        if (clusters) printf("\"pvs_row_ns\":%.1f,", best_pvs);
        else printf("\"pvs_row_ns\":null,");
        if (view) printf("\"pvs_view_ns\":%.1f,", best_view);
        else printf("\"pvs_view_ns\":null,");
        printf("\"clusters\":%u,\"row_bytes\":%u}", clusters, bytes);
        sum_leaf += best_leaf, nmaps++;
        if (clusters) sum_pvs += best_pvs;
        if (view) sum_view += best_view, nview++;
        free(row), free(arena);
    }
    printf("],\"point_leaf_ns\":%.1f,\"pvs_row_ns\":%.1f,", sum_leaf / nmaps, sum_pvs / nmaps);
    if (nview) printf("\"pvs_view_ns\":%.1f,", sum_view / nview);
    else printf("\"pvs_view_ns\":null,");
    printf("\"sink\":%lu}\n", sink);
    return 0;
}
