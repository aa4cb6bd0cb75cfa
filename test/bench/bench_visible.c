/* SPDX-License-Identifier: MIT */
/* bench_visible.c - the faces drawn from a cluster (docs/queries.md 11.8):
 * bsp_visible_faces over every cluster of each map, list and bit set.
 *
 *   bench_visible ROUNDS MAP...   prints one JSON line:
 *   {"visible_faces_us":..,"visible_faces_map":..,"maps":[{"map":..,"us":..,
 *    "clusters":..,"faces":..,"mean_visible":..}, ...]}
 * us: the mean time of one call over the map's clusters, best of ROUNDS;
 * visible_faces_us: the largest of the maps' (the map named). */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
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
    int rounds = argc > 1 ? atoi(argv[1]) : 5, a, r;
    double worst = -1;
    const char *worst_map = "";
    if (argc < 3) {
        fprintf(stderr, "usage: bench_visible ROUNDS MAP...\n");
        return 2;
    }
    printf("{\"maps\":[");
    for (a = 2; a < argc; a++) {
        bsp_file f;
        bsp_stream s;
        bsp_header h;
        bsp_map m;
        bsp_options o = bsp_default_options(BSP_LOAD_GEOMETRY);
        bsp_counts c;
        uint32_t need, words, *scratch, *faces, k, n, clusters;
        uint8_t *arena;
        double best = 1e30, total = 0;
        if (bsp_file_open(&f, &s, argv[a], 0) || bsp_open(&h, &s) != BSP_OK || bsp_measure(&h, &o, &need) != BSP_OK ||
            !(arena = malloc(need ? need : 1)) || bsp_load(&m, &h, &s, arena, need, &o, &need) != BSP_OK) {
            fprintf(stderr, "bench_visible: cannot load %s\n", argv[a]);
            return 1;
        }
        bsp_file_close(&f);
        bsp_get_counts(&m, &c);
        clusters = bsp_num_clusters(&m);
        words = bsp_visible_faces_scratch(&m);
        scratch = malloc(4 * (size_t)(words + 1));
        faces = malloc(4 * (size_t)(c.faces + 1));
        if (!scratch || !faces || !clusters) return 1;
        for (r = 0; r < rounds; r++) {
            double t = now();
            total = 0;
            for (k = 0; k < clusters; k++) {
                if (bsp_visible_faces(&m, (int32_t)k, scratch, words, faces, c.faces, &n) != BSP_OK) {
                    fprintf(stderr, "bench_visible: %s: cluster %u fails\n", argv[a], k);
                    return 1;
                }
                total += n;
            }
            t = (now() - t) / clusters * 1e6;
            if (t < best) best = t;
        }
        printf("%s{\"map\":\"%s\",\"us\":%.3f,\"clusters\":%u,\"faces\":%u,\"mean_visible\":%.1f}", a > 2 ? "," : "",
               argv[a], best, clusters, c.faces, total / clusters);
        if (best > worst) worst = best, worst_map = argv[a];
        free(scratch), free(faces), free(arena);
    }
    printf("],\"visible_faces_us\":%.3f,\"visible_faces_map\":\"%s\"}\n", worst, worst_map);
    return 0;
}
