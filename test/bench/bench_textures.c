/* SPDX-License-Identifier: MIT */
/* bench_textures.c - texture pixels (docs/queries.md 11.2): every mip of
 * every embedded texture of a map decoded to RGBA8 by bsp_texture_mip,
 * from the loaded lump; a WAD's textures through a memory stream.
 *
 *   bench_textures REAL.bsp... -- GENERATED.bsp [WAD]   one JSON line:
 *   {"texture_decode_mb_s":..,"texture_decode_map":..,
 *    "texture_decode_generated_mb_s":..,"texture_decode_generated_map":..,
 *    "texture_wad_decode_mb_s":..}
 * The first key is of the real map (before --) with the most embedded
 * texels, the generated map's when none is given (or none has pixels).
 * MB/s of RGBA8 output, 10^6 bytes; the best of 7 rounds of at least
 * 0.1 s each. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bspkit.h"
#include "bsp_memstream.h"
#include "../common/files.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint8_t *out;
static uint32_t out_cap;

/* Decode every mip of the n textures, `rounds` times the least count that
 * takes 0.1 s: the best MB/s. */
static double rate(const bsp_texture *t, uint32_t n)
{
    double best = 0, bytes = 0;
    uint32_t k, m, r, reps = 1;
    for (k = 0; k < n; k++)
        for (m = 0; m < BSP_TEXTURE_MIPS; m++) {
            uint32_t b;
            if (bsp_texture_mip_bytes(&t[k], m, BSP_PIXELS_RGBA8, &b) == BSP_OK) bytes += b;
        }
    if (bytes == 0) return 0;
    for (r = 0; r < 7; r++) {
        double t0, dt;
        uint32_t i;
        for (;;) {
            t0 = now();
            for (i = 0; i < reps; i++)
                for (k = 0; k < n; k++)
                    for (m = 0; m < BSP_TEXTURE_MIPS; m++)
                        if (bsp_texture_mip(&t[k], m, BSP_PIXELS_RGBA8, NULL, out, out_cap) != BSP_OK) exit(1);
            dt = now() - t0;
            if (dt >= 0.1) break;
            reps *= 2;
        }
        if (bytes * reps / dt / 1e6 > best) best = bytes * reps / dt / 1e6;
    }
    return best;
}

typedef struct mapped {
    uint8_t *data, *arena;
    bsp_texture *tex;
    uint32_t n;
    double texels;
} mapped;

static int load(const char *path, mapped *mp)
{
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_map *m = malloc(sizeof *m);
    bsp_options o = bsp_default_options(BSP_LOAD_GEOMETRY);
    uint32_t size, need, count = 0, k;
    bsp_texture t;
    memset(mp, 0, sizeof *mp);
    if (!m || !(mp->data = read_file(path, &size))) return 0;
    bsp_memstream_init(&ms, &s, mp->data, size);
    if (bsp_open(&h, &s) != BSP_OK || bsp_measure(&h, &o, &need) != BSP_OK) return 0;
    mp->arena = malloc(need ? need : 1);
    if (!mp->arena || bsp_load(m, &h, &s, mp->arena, need, &o, NULL) != BSP_OK) return 0;
    if (bsp_texture_count(m, &count) != BSP_OK || !(mp->tex = calloc(count + 1, sizeof t))) return 0;
    for (k = 0; k < count; k++) {
        uint32_t b;
        if (bsp_texture_get(m, k, &t) != BSP_OK || t.status != BSP_TEXTURE_EMBEDDED) continue;
        if (bsp_texture_mip_bytes(&t, 0, BSP_PIXELS_RGBA8, &b) != BSP_OK) continue;
        if (b > out_cap) {
            out_cap = b;
            if (!(out = realloc(out, out_cap))) exit(2);
        }
        mp->texels += (double)t.width * t.height;
        mp->tex[mp->n++] = t;
    }
    return mp->n > 0;   /* (the map and its arena stay: the textures point there) */
}

int main(int argc, char **argv)
{
    mapped best, gen, mp;
    const char *best_path = NULL, *gen_path = NULL;
    double real_rate = 0, gen_rate, wad_rate = 0;
    int a, after = 0;
    memset(&best, 0, sizeof best);
    memset(&gen, 0, sizeof gen);
    for (a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--")) {
            after = 1;
        } else if (!after) {
            if (load(argv[a], &mp) && mp.texels > best.texels) best = mp, best_path = argv[a];
        } else if (!gen_path) {
            if (!load(argv[a], &gen)) {
                fprintf(stderr, "bench_textures: %s has no embedded texture\n", argv[a]);
                return 1;
            }
            gen_path = argv[a];
        } else {
            /* a WAD through a memory stream */
            static bsp_memstream ms;
            static bsp_stream s;
            bsp_wad w;
            bsp_wad_lump l;
            bsp_texture *t;
            uint32_t size, k, n = 0;
            uint8_t *data = read_file(argv[a], &size);
            bsp_memstream_init(&ms, &s, data, size);
            if (!data || bsp_wad_open(&w, &s) != BSP_OK || !(t = calloc(w.count + 1, sizeof *t))) return 1;
            for (k = 0; k < w.count; k++)
                if (bsp_wad_lump_get(&w, k, &l) == BSP_OK && bsp_wad_texture(&w, &l, &t[n]) == BSP_OK &&
                    t[n].status == BSP_TEXTURE_EMBEDDED) {
                    uint32_t b;
                    bsp_texture_mip_bytes(&t[n], 0, BSP_PIXELS_RGBA8, &b);
                    if (b > out_cap && !(out = realloc(out, out_cap = b))) return 2;
                    n++;
                }
            wad_rate = rate(t, n);
        }
    }
    if (!gen_path) {
        fprintf(stderr, "usage: bench_textures REAL.bsp... -- GENERATED.bsp [WAD]\n");
        return 2;
    }
    gen_rate = rate(gen.tex, gen.n);
    if (best_path) real_rate = rate(best.tex, best.n);
    printf("{\"texture_decode_mb_s\":%.1f,\"texture_decode_map\":\"%s\",\"texture_decode_texels\":%.0f,"
           "\"texture_decode_generated_mb_s\":%.1f,\"texture_decode_generated_map\":\"%s\","
           "\"texture_wad_decode_mb_s\":%.1f}\n", best_path ? real_rate : gen_rate,
           best_path ? best_path : gen_path, best_path ? best.texels : gen.texels, gen_rate, gen_path, wad_rate);
    return 0;
}
