/* SPDX-License-Identifier: MIT */
/* bench_mesh.c - meshes by texture: bsp_measure_mesh then bsp_mesh_build
 * of the world (model 0) of each map, scratch and memory allocated once
 * outside the timing.
 *
 *   bench_mesh ROUNDS MAP...   prints one JSON line:
 *   {"mesh_build_ms":..,"mesh_build_map":..,"maps":[{"map":..,"family":..,"ms":..,
 *    "measure_ms":..,"faces":..,"batches":..,"vertices":..,"indices":..}, ...]}
 * ms: the measure and the build together, best of ROUNDS; mesh_build_ms:
 * the largest of the maps' (the map named). */
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
        fprintf(stderr, "usage: bench_mesh ROUNDS MAP...\n");
        return 2;
    }
    printf("{\"maps\":[");
    for (a = 2; a < argc; a++) {
        bsp_file f;
        bsp_stream s;
        bsp_header h;
        bsp_map m;
        bsp_options o = bsp_default_options(BSP_LOAD_GEOMETRY);
        bsp_mesh mesh;
        uint32_t need;
        size_t sbytes, bytes = 0;
        uint8_t *arena;
        void *scratch, *mem;
        double best = 1e30, best_measure = 1e30;
        if (bsp_file_open(&f, &s, argv[a], 0) || bsp_open(&h, &s) != BSP_OK || bsp_measure(&h, &o, &need) != BSP_OK ||
            !(arena = malloc(need ? need : 1)) || bsp_load(&m, &h, &s, arena, need, &o, &need) != BSP_OK) {
            fprintf(stderr, "bench_mesh: cannot load %s\n", argv[a]);
            return 1;
        }
        bsp_file_close(&f);
        sbytes = bsp_mesh_scratch_bytes(&m, 0);
        scratch = malloc(sbytes ? sbytes : 8);
        if (!scratch || bsp_measure_mesh(&m, 0, NULL, scratch, sbytes, &bytes) != BSP_OK ||
            !(mem = malloc(bytes ? bytes : 8))) {
            fprintf(stderr, "bench_mesh: %s: no mesh\n", argv[a]);
            return 1;
        }
        for (r = 0; r < rounds; r++) {
            double t0 = now(), t1, t2;
            if (bsp_measure_mesh(&m, 0, NULL, scratch, sbytes, &bytes) != BSP_OK) return 1;
            t1 = now();
            if (bsp_mesh_build(&m, 0, NULL, scratch, sbytes, mem, bytes, &mesh) != BSP_OK) {
                fprintf(stderr, "bench_mesh: %s: the build fails\n", argv[a]);
                return 1;
            }
            t2 = now();
            if ((t2 - t0) * 1e3 < best) best = (t2 - t0) * 1e3;
            if ((t1 - t0) * 1e3 < best_measure) best_measure = (t1 - t0) * 1e3;
        }
        printf("%s{\"map\":\"%s\",\"family\":\"%s\",\"ms\":%.3f,\"measure_ms\":%.3f,\"faces\":%u,\"batches\":%u,"
               "\"vertices\":%u,\"indices\":%u}",
               a > 2 ? "," : "", argv[a], bsp_family_name(&h), best, best_measure, mesh.num_faces, mesh.num_batches,
               mesh.num_vertices, mesh.num_indices);
        if (best > worst) worst = best, worst_map = argv[a];
        free(mem), free(scratch), free(arena);
    }
    printf("],\"mesh_build_ms\":%.3f,\"mesh_build_map\":\"%s\"}\n", worst, worst_map);
    return 0;
}
