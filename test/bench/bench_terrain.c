/* SPDX-License-Identifier: MIT */
/* bench_terrain.c - the cost of Source terrain in a trace (docs/queries.md
 * 8.14, issue 42 item 4):
 *
 *   bench_terrain MAP NODISP_MAP [ROUNDS]
 *   bench_terrain MAP NODISP_MAP --only box|ray|far|ref
 *
 * prints one JSON line, best of ROUNDS:
 *   {"map":..,"disp_trace_box_ns":..,"disp_trace_ray_ns":..,
 *    "trace_no_terrain_ns":..,"trace_no_terrain_ref_ns":..,
 *    "trace_no_terrain_ratio":..,"no_terrain_moves":..,"disp_hits":..}
 * disp_trace_box_ns: a Source player box (origin at the feet) from 40
 * units over a displacement's top, 16 across and 128 down, onto the
 * terrain; disp_trace_ray_ns: a point ray from there 256 down.
 * trace_no_terrain_ns: player moves (64 down) from points over the world
 * whose swept box, grown by 64 units, meets no displacement's bounds: the
 * terrain's cost where there is none; trace_no_terrain_ref_ns the same
 * moves on NODISP_MAP (MAP with its dispinfo lump emptied, bench.sh makes
 * it), and their ratio, which issue 42 wants at most 1.1. The moves must
 * answer alike on both maps (else the program fails). --only traces one
 * set once and prints nothing, for an instruction count:
 *   valgrind --tool=callgrind --toggle-collect=bsp_trace bench_terrain ...
 * (callgrind_annotate's total over the set's calls). */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bspkit.h"
#include "core/map.h"
#include "bsp_file.h"

#define N_MOVES 2000

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint8_t scratch[BSP_PATCH_SCRATCH_BYTES];

static int load(const char *path, bsp_map *m, void **arena)
{
    bsp_file f;
    bsp_stream s;
    bsp_header h;
    bsp_options o = bsp_default_options(BSP_LOAD_COLLISION);
    uint32_t need;
    if (bsp_file_open(&f, &s, path, 0) || bsp_open(&h, &s) != BSP_OK ||
        bsp_measure_patches(&h, &s, scratch, sizeof scratch) != BSP_OK || bsp_measure(&h, &o, &need) != BSP_OK ||
        !(*arena = malloc(need ? need : 1)) || bsp_load(m, &h, &s, *arena, need, &o, &need) != BSP_OK) {
        fprintf(stderr, "bench_terrain: cannot load %s\n", path);
        return 0;
    }
    bsp_file_close(&f);
    return 1;
}

static void vec_at(const uint8_t *p, float v[3])
{
    memcpy(v, p, 12);
}

typedef struct move {
    float s[3], e[3];
} move;

/* Best time a trace over `moves`, each with the box lo..hi. */
static double time_moves(const bsp_map *m, const move *mv, uint32_t n, const float lo[3], const float hi[3],
                         uint32_t mask, int rounds, uint32_t *hits)
{
    double best = 1e9, t;
    bsp_trace_result tr;
    uint32_t i;
    int r;
    for (r = 0; r < rounds; r++) {
        *hits = 0;
        t = now();
        for (i = 0; i < n; i++)
            if (bsp_trace(m, 0, mv[i].s, mv[i].e, lo, hi, mask, &tr) == BSP_OK) *hits += tr.disp >= 0;
        t = now() - t;
        if (t < best) best = t;
    }
    return n ? best * 1e9 / n : 0;
}

int main(int argc, char **argv)
{
    static const float feet[2][3] = { { -16, -16, 0 }, { 16, 16, 72 } }, zero[3] = { 0, 0, 0 };
    static move over[N_MOVES], far[N_MOVES];
    bsp_map m, ref;
    void *arena, *ref_arena;
    const bsp__map *p;
    uint32_t seed = 12345u, mask, i, k, d, n_far = 0, hits, hits_ray, ignore;
    int rounds = argc > 3 ? atoi(argv[3]) : 5;
    const char *only = argc > 4 && !strcmp(argv[3], "--only") ? argv[4] : NULL;
    float wlo[3], whi[3];
    double box_ns, ray_ns, far_ns, ref_ns;
    const char *name;

    if (argc < 3 || !load(argv[1], &m, &arena) || !load(argv[2], &ref, &ref_arena)) return 1;
    p = bsp__map_c(&m);
    if (!p->disps.count || bsp__map_c(&ref)->disps.count) {
        fprintf(stderr, "bench_terrain: %s needs displacements and %s none\n", argv[1], argv[2]);
        return 1;
    }
    mask = bsp_trace_mask(&m, BSP_MASK_PLAYERSOLID);
    vec_at(p->models.data, wlo);
    vec_at(p->models.data + 12, whi);
    for (i = 0; i < N_MOVES; i++) {
        float lo[3], hi[3], u[3];
        const uint8_t *rec;
        for (k = 0; k < 3; k++) {
            seed = seed * 1664525u + 1013904223u;
            u[k] = (float)(seed >> 8) / 16777216.0f;
        }
        /* over displacement i % count: a point over its box's top */
        rec = p->disps.data + (size_t)(i % p->disps.count) * p->disps.stride;
        vec_at(rec, lo);
        vec_at(rec + 12, hi);
        for (k = 0; k < 2; k++) over[i].s[k] = lo[k] + (hi[k] - lo[k]) * u[k];
        over[i].s[2] = hi[2] + 40;
        over[i].e[0] = over[i].s[0] + 16, over[i].e[1] = over[i].s[1] + 8, over[i].e[2] = over[i].s[2] - 128;
        /* anywhere in the world, kept when no displacement is near */
        for (k = 0; k < 3; k++) far[n_far].s[k] = wlo[k] + (whi[k] - wlo[k]) * u[k];
        far[n_far].e[0] = far[n_far].s[0], far[n_far].e[1] = far[n_far].s[1];
        far[n_far].e[2] = far[n_far].s[2] - 64;
        for (d = 0; d < p->disps.count; d++) {
            rec = p->disps.data + (size_t)d * p->disps.stride;
            vec_at(rec, lo);
            vec_at(rec + 12, hi);
            if (far[n_far].s[0] - 16 - 64 <= hi[0] && far[n_far].s[0] + 16 + 64 >= lo[0] &&
                far[n_far].s[1] - 16 - 64 <= hi[1] && far[n_far].s[1] + 16 + 64 >= lo[1] &&
                far[n_far].e[2] - 64 <= hi[2] && far[n_far].s[2] + 72 + 64 >= lo[2])
                break;
        }
        if (d == p->disps.count) n_far++;
    }
    if (only) {
        int ray = !strcmp(only, "ray"), set_far = !strcmp(only, "far") || !strcmp(only, "ref");
        (void)time_moves(!strcmp(only, "ref") ? &ref : &m, set_far ? far : over, set_far ? n_far : N_MOVES,
                         ray ? zero : feet[0], ray ? zero : feet[1],
                         ray ? bsp_trace_mask(&m, BSP_MASK_SOLID) : mask, 1, &ignore);
        return 0;
    }
    /* the moves far from terrain answer alike with and without it */
    for (i = 0; i < n_far; i++) {
        bsp_trace_result a, b;
        if (bsp_trace(&m, 0, far[i].s, far[i].e, feet[0], feet[1], mask, &a) != BSP_OK ||
            bsp_trace(&ref, 0, far[i].s, far[i].e, feet[0], feet[1], mask, &b) != BSP_OK ||
            a.fraction != b.fraction || a.startsolid != b.startsolid || a.disp >= 0) {
            fprintf(stderr, "bench_terrain: move %u answers differently without terrain\n", i);
            return 1;
        }
    }
    box_ns = time_moves(&m, over, N_MOVES, feet[0], feet[1], mask, rounds, &hits);
    ray_ns = time_moves(&m, over, N_MOVES, zero, zero, bsp_trace_mask(&m, BSP_MASK_SOLID), rounds, &hits_ray);
    (void)hits_ray;
    /* interleaved, so that both see the same machine */
    far_ns = ref_ns = 1e9;
    for (k = 0; k < 3; k++) {
        double a = time_moves(&m, far, n_far, feet[0], feet[1], mask, rounds, &ignore);
        double b = time_moves(&ref, far, n_far, feet[0], feet[1], mask, rounds, &ignore);
        if (a < far_ns) far_ns = a;
        if (b < ref_ns) ref_ns = b;
    }
    name = strrchr(argv[1], '/');
    printf("{\"map\":\"%s\",\"disp_trace_box_ns\":%.1f,\"disp_trace_ray_ns\":%.1f,\"trace_no_terrain_ns\":%.1f,"
           "\"trace_no_terrain_ref_ns\":%.1f,\"trace_no_terrain_ratio\":%.3f,\"no_terrain_moves\":%u,"
           "\"disp_hits\":%.3f}\n",
           name ? name + 1 : argv[1], box_ns, ray_ns, far_ns, ref_ns, ref_ns > 0 ? far_ns / ref_ns : 0.0, n_far,
           (double)hits / N_MOVES);
    free(arena);
    free(ref_arena);
    return 0;
}
