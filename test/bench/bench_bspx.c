/* SPDX-License-Identifier: MIT */
/* bench_bspx.c - what the BSPX directory (docs/queries.md 10.1) costs a
 * load, and luxels through its placement (10.3). The map is read into
 * memory once; bsp_open through a seekable stream (which finds the
 * directory) against a forward-only one of the same bytes (which leaves
 * it to the load); the lighting load with the BSPX lumps against one
 * without them (extra lumps off: queries only); luxel at every face's
 * first vertex. Best of REPEATS each. Run by `make bench`; the last line
 * is a JSON object.
 *
 * usage: bench_bspx MAP [REPEATS]
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../loader/bspkit.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct mem { const uint8_t *d; uint32_t n; } mem;

static int mem_read(void *ctx, uint32_t o, void *dst, uint32_t len)
{
    const mem *m = (const mem *)ctx;
    if (o > m->n || len > m->n - o) return BSP_READ_END;
    memcpy(dst, m->d + o, len);
    return 0;
}

int main(int argc, char **argv)
{
    mem m;
    bsp_stream s;
    bsp_header h;
    bsp_map map;
    bsp_map_info info;
    bsp_options o;
    FILE *fp;
    uint8_t *data, *arena;
    long size;
    int repeats = argc > 2 ? atoi(argv[2]) : 200, r, fwd;
    double best_open[2] = { 1e9, 1e9 }, best_load = 1e9, best_plain = 1e9, best_luxel = 1e9;
    uint32_t need, f, hits = 0;
    if (argc < 2 || !(fp = fopen(argv[1], "rb"))) {
        fprintf(stderr, "usage: bench_bspx MAP [REPEATS]\n");
        return 2;
    }
    fseek(fp, 0, SEEK_END);
    size = ftell(fp);
    rewind(fp);
    data = malloc((size_t)size);
    if (!data || fread(data, 1, (size_t)size, fp) != (size_t)size) return 1;
    fclose(fp);
    m.d = data;
    m.n = (uint32_t)size;
    s.read = mem_read;
    s.ctx = &m;
    s.size = m.n;
    for (r = 0; r < repeats; r++)
        for (fwd = 0; fwd < 2; fwd++) {
            double t0 = now();
            s.forward_only = fwd;
            if (bsp_open(&h, &s) != BSP_OK) return 1;
            t0 = now() - t0;
            if (t0 < best_open[fwd]) best_open[fwd] = t0;
        }
    s.forward_only = 0;
    bsp_open(&h, &s);
    o = bsp_default_options(BSP_LOAD_LIGHTING);
    bsp_measure(&h, &o, &need);
    arena = malloc(need + 8);
    for (r = 0; r < repeats; r++) {
        bsp_options q = o;
        uint32_t need2;
        double t0 = now();
        if (bsp_load(&map, &h, &s, arena, need, &q, NULL) != BSP_OK) return 1;
        t0 = now() - t0;
        if (t0 < best_load) best_load = t0;
        /* the queries set, for scale: no lighting, no BSPX lumps */
        q = bsp_default_options(BSP_LOAD_QUERIES);
        bsp_measure(&h, &q, &need2);
        t0 = now();
        if (bsp_load(&map, &h, &s, arena, need2, &q, NULL) != BSP_OK) return 1;
        t0 = now() - t0;
        if (t0 < best_plain) best_plain = t0;
    }
    bsp_load(&map, &h, &s, arena, need, &o, NULL);
    bsp_get_info(&map, &info);
    for (r = 0; r < repeats; r++) {
        double t0 = now();
        bsp_sample smp;
        hits = 0;
        for (f = 0; f < info.faces; f++) {
            bsp_vertex v;
            if (bsp_face_vertex(&map, f, 0, &v) != BSP_OK) v.pos[0] = v.pos[1] = v.pos[2] = 0;
            if (bsp_luxel(&map, (int32_t)f, v.pos, 0, &smp) == BSP_OK) hits++;
        }
        t0 = (now() - t0) / (info.faces ? info.faces : 1);
        if (t0 < best_luxel) best_luxel = t0;
    }
    printf("map                         %s (%ld bytes, BSPX directory at %u, %u entries, light %u)\n",
           argv[1], size, (unsigned)h.bspx.offset, (unsigned)h.bspx.count, (unsigned)info.light_source);
    printf("bsp_open, seekable          %8.0f ns (finds the BSPX directory)\n", best_open[0] * 1e9);
    printf("bsp_open, forward-only      %8.0f ns (leaves it to the load)\n", best_open[1] * 1e9);
    printf("load, lighting set          %8.1f us (BSPX lumps and light source included)\n", best_load * 1e6);
    printf("load, queries set           %8.1f us\n", best_plain * 1e6);
    printf("luxel                       %8.1f ns/query (%u of %u faces lit)\n", best_luxel * 1e9,
           (unsigned)hits, (unsigned)info.faces);
    printf("{\"bspx_open_ns\":%.0f,\"bspx_dir_ns\":%.0f,\"bspx_lighting_load_us\":%.1f,"
           "\"bspx_queries_load_us\":%.1f,\"bspx_luxel_ns\":%.1f}\n",
           best_open[0] * 1e9, (best_open[0] - best_open[1]) * 1e9, best_load * 1e6, best_plain * 1e6,
           best_luxel * 1e9);
    free(arena);
    free(data);
    return 0;
}
