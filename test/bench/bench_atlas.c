/* SPDX-License-Identifier: MIT */
/* bench_atlas.c - the lightmap atlas (docs/queries.md 11.7): packing every
 * lit (face, slot) block of a map (bsp_measure_atlas, then bsp_atlas_build
 * into its memory) and bringing a combined atlas up to date after one
 * style changed (bsp_atlas_update: what a Quake engine does each frame a
 * light flickers).
 *
 *   bench_atlas ROUNDS MAP...   prints one JSON line:
 *   {"maps":[{"map":..,"family":..,"rects":..,"pages":..,"pack_ms":..,
 *    "combined_rects":..,"style":..,"update_blocks":..,"update_ms":..,
 *    "all_style":0,"update_all_blocks":..,"update_all_ms":..}, ...],
 *    "atlas_pack_ms":..,"atlas_pack_map":..,"atlas_update_ms":..,
 *    "atlas_update_map":..,"atlas_update_all_ms":..,"atlas_update_all_map":..}
 * pack: 1024 x 1024 pages, border 1, every slot, RGB8 (the measure into a
 * scratch and the build, memory allocated before); update: a combined
 * RGBA8 atlas of the same pages brought up to date after one style
 * changed: the animated style (not 0) the most blocks sum, and style 0,
 * which every block sums (the worst frame).
 * Times are the best of ROUNDS; the keys are the largest of the maps'
 * (the map named). A family without a combine rule has no update. */
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

/* The memory an atlas of p needs (allocated here, once), then the timed
 * part: the measure into the scratch and the build; the seconds, or -1. */
typedef struct work {
    void *scratch, *mem;
    bsp_atlas_size size;
} work;

static int setup(const bsp_map *m, const bsp_atlas_params *p, work *w)
{
    bsp_status st = bsp_measure_atlas(m, p, NULL, 0, &w->size);
    w->scratch = w->mem = NULL;
    if (st != BSP_OK && st != BSP_E_ARENA_TOO_SMALL) return -1;
    w->scratch = malloc(w->size.scratch_bytes ? w->size.scratch_bytes : 1);
    if (!w->scratch || bsp_measure_atlas(m, p, w->scratch, w->size.scratch_bytes, &w->size) != BSP_OK) return -1;
    w->mem = malloc(w->size.bytes ? w->size.bytes : 1);
    return w->mem ? 0 : -1;
}

static double pack(const bsp_map *m, const bsp_atlas_params *p, const bsp_style_values *v, work *w,
                   bsp_atlas *a)
{
    double t = now();
    if (bsp_measure_atlas(m, p, w->scratch, w->size.scratch_bytes, &w->size) != BSP_OK ||
        bsp_atlas_build(m, p, v, w->mem, w->size.bytes, NULL, a) != BSP_OK)
        return -1;
    return now() - t;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 5, i, r;
    double worst_pack = -1, worst_update = -1, worst_all = -1;
    const char *pack_map = "", *update_map = "", *all_map = "";
    static uint32_t ints[256];
    static float floats[256];
    bsp_style_values v = { ints, floats, 256 };
    if (argc < 3) {
        fprintf(stderr, "usage: bench_atlas ROUNDS MAP...\n");
        return 2;
    }
    for (i = 0; i < 256; i++) ints[i] = 264, floats[i] = 1.0f;
    printf("{\"maps\":[");
    for (i = 2; i < argc; i++) {
        bsp_file f;
        bsp_stream s;
        bsp_header h;
        bsp_map m;
        bsp_options o = bsp_default_options(BSP_LOAD_GEOMETRY);
        bsp_atlas_params p = { 1024, 1024, 1, 0xff, BSP_TEXELS_RGB8 };
        bsp_atlas a;
        uint32_t need, count[256], best = 0, k, j, changed[8], updated = 0;
        uint8_t *arena;
        work w;
        double best_pack = 1e30;
        if (bsp_file_open(&f, &s, argv[i], 0) || bsp_open(&h, &s) != BSP_OK || bsp_measure(&h, &o, &need) != BSP_OK ||
            !(arena = malloc(need ? need : 1)) || bsp_load(&m, &h, &s, arena, need, &o, &need) != BSP_OK) {
            fprintf(stderr, "bench_atlas: cannot load %s\n", argv[i]);
            return 1;
        }
        bsp_file_close(&f);
        if (setup(&m, &p, &w)) {
            fprintf(stderr, "bench_atlas: %s: the atlas cannot be measured\n", argv[i]);
            return 1;
        }
        for (r = 0; r < rounds; r++) {
            double t = pack(&m, &p, &v, &w, &a);
            if (t < 0) {
                fprintf(stderr, "bench_atlas: %s: the atlas fails\n", argv[i]);
                return 1;
            }
            if (t < best_pack) best_pack = t;
        }
        printf("%s{\"map\":\"%s\",\"family\":\"%s\",\"rects\":%u,\"pages\":%u,\"pack_ms\":%.3f", i > 2 ? "," : "",
               argv[i], bsp_family_name(&h), a.num_rects, a.pages, best_pack * 1e3);
        if (best_pack > worst_pack) worst_pack = best_pack, pack_map = argv[i];
        free(w.mem), free(w.scratch);
        p.slots = BSP_ATLAS_COMBINED;
        p.format = BSP_TEXELS_RGBA8;
        if (!setup(&m, &p, &w) && pack(&m, &p, &v, &w, &a) >= 0 && a.num_rects) {
            /* the style the most blocks sum, not 0 when another is
             * summed (0 is normal light, which a level does not animate):
             * then style 0 (every block) as the worst frame */
            memset(count, 0, sizeof count);
            for (k = 0; k < a.num_rects; k++)
                for (j = 0; j < 8 && a.rects[k].styles[j] != 0xffff; j++)
                    if (a.rects[k].styles[j] < 256) count[a.rects[k].styles[j]]++;
            for (k = 2, best = 1; k < 256; k++)
                if (count[k] > count[best]) best = k;
            if (!count[best]) best = 0;
            printf(",\"combined_rects\":%u", a.num_rects);
            for (j = 0; j < 2; j++) {
                uint32_t style = j ? 0 : best;
                double best_t = 1e30;
                memset(changed, 0, sizeof changed);
                changed[style >> 5] = 1u << (style & 31);
                for (r = 0; r < rounds; r++) {
                    double t;
                    ints[style] = r & 1 ? 264 : 100;
                    floats[style] = r & 1 ? 1.0f : 0.4f;
                    t = now();
                    if (bsp_atlas_update(&m, &a, &v, changed, 8, &updated, NULL, 0) != BSP_OK) return 1;
                    t = now() - t;
                    if (t < best_t) best_t = t;
                }
                ints[style] = 264, floats[style] = 1.0f;
                printf(",\"%s\":%u,\"%s_blocks\":%u,\"%s_ms\":%.3f", j ? "all_style" : "style", style,
                       j ? "update_all" : "update", updated, j ? "update_all" : "update", best_t * 1e3);
                if (!j && best_t > worst_update) worst_update = best_t, update_map = argv[i];
                if (j && best_t > worst_all) worst_all = best_t, all_map = argv[i];
            }
        }
        printf("}");
        free(w.mem), free(w.scratch), free(arena);
    }
    printf("],\"atlas_pack_ms\":%.3f,\"atlas_pack_map\":\"%s\",\"atlas_update_ms\":%.3f,\"atlas_update_map\":\"%s\","
           "\"atlas_update_all_ms\":%.3f,\"atlas_update_all_map\":\"%s\"}\n",
           worst_pack * 1e3, pack_map, worst_update * 1e3, update_map, worst_all * 1e3, all_map);
    return 0;
}
