/* SPDX-License-Identifier: MIT */
/* bench_load.c - whole-map load against "read the file + liblzma-decode its
 * compressed lumps", arena bytes against the uncompressed lumps, and query
 * times. Run by `make bench`; the last line is a JSON object.
 *
 * usage: bench_load MAP [REPEATS]
 */
#define _POSIX_C_SOURCE 200809L
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../loader/bspkit.h"
#include "../../loader/core/map.h"
#include "../../loader/lzma/lzma_decoder.h"
#include "../../platform/posix/bsp_file.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The reference: fread the whole file, then decode every compressed lump
 * with liblzma's raw LZMA1 decoder into its own buffer. */
static double reference_load(const char *path, const bsp_header *h, uint8_t **outs)
{
    double t0 = now();
    FILE *fp = fopen(path, "rb");
    uint8_t *file = malloc(h->file_size);
    uint32_t i;
    if (!fp || fread(file, 1, h->file_size, fp) != h->file_size) {
        fprintf(stderr, "bench_load: cannot read %s\n", path);
        exit(1);
    }
    fclose(fp);
    for (i = 0; i < h->num_lumps; i++) {
        const bsp_lump_entry *e = &h->lumps[i];
        const uint8_t *hd = file + e->offset;
        lzma_options_lzma opt;
        lzma_filter filters[2];
        lzma_stream s = LZMA_STREAM_INIT;
        if (!e->compressed) continue;
        memset(&opt, 0, sizeof opt);
        opt.lc = hd[12] % 9;
        opt.lp = (hd[12] / 9) % 5;
        opt.pb = hd[12] / 45;
        opt.dict_size = le32(hd + 13);
        filters[0].id = LZMA_FILTER_LZMA1;
        filters[0].options = &opt;
        filters[1].id = LZMA_VLI_UNKNOWN;
        if (lzma_raw_decoder(&s, filters) != LZMA_OK) exit(1);
        s.next_in = hd + 17;
        s.avail_in = le32(hd + 8);
        s.next_out = outs[i];
        s.avail_out = e->size;
        if (lzma_code(&s, LZMA_FINISH) > LZMA_STREAM_END || s.avail_out != 0) {
            fprintf(stderr, "bench_load: liblzma failed on lump %u\n", (unsigned)i);
            exit(1);
        }
        lzma_end(&s);
    }
    free(file);
    return now() - t0;
}

static double bspkit_load(const char *path, bsp_map *m, void *arena, uint32_t bytes)
{
    double t0 = now();
    bsp_file f;
    bsp_stream s;
    bsp_header h;
    bsp_options o = bsp_default_options(BSP_LOAD_ALL);
    bsp_status st;
    if (bsp_file_open(&f, &s, path, 0)) exit(1);
    st = bsp_open(&h, &s);
    if (st == BSP_OK) st = bsp_load(m, &h, &s, arena, bytes, &o, NULL);
    bsp_file_close(&f);
    if (st != BSP_OK) {
        fprintf(stderr, "bench_load: %s\n", bsp_status_name(st));
        exit(1);
    }
    return now() - t0;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "build/bench/large_x360.bsp";
    int repeats = argc > 2 ? atoi(argv[2]) : 15, r;
    bsp_file f;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    bsp_options o = bsp_default_options(BSP_LOAD_ALL);
    uint32_t need, i, lumps_bytes = 0, n_queries = 200000;
    uint8_t *outs[BSP_MAX_LUMPS], *arena, *row;
    double best_ref = 1e9, best_bsp = 1e9, t, ns_leaf, ns_pvs, ns_light;
    float lo[3] = { 1e30f, 1e30f, 1e30f }, hi[3] = { -1e30f, -1e30f, -1e30f };
    uint32_t seed = 1, sink = 0, hits = 0, tables = 0;
    bsp__lzma_props valve = { 0, 3, 0, 2 };

    if (bsp_file_open(&f, &s, path, 0) || bsp_open(&h, &s) != BSP_OK ||
        bsp_measure(&h, &o, &need) != BSP_OK) {
        fprintf(stderr, "bench_load: cannot open %s\n", path);
        return 1;
    }
    bsp_file_close(&f);
    for (i = 0; i < h.num_lumps; i++) {
        outs[i] = h.lumps[i].compressed ? malloc(h.lumps[i].size) : NULL;
        if (h.lumps[i].length) lumps_bytes += h.lumps[i].size;
        if (h.lumps[i].compressed) tables = bsp__lzma_probs_bytes(&valve);
    }
    arena = malloc(need ? need : 1);   /* malloc is 16-aligned on the hosts we bench */

    /* interleave the two so that both see the same cache and clock state */
    for (r = 0; r < repeats; r++) {
        t = reference_load(path, &h, outs);
        if (t < best_ref) best_ref = t;
        t = bspkit_load(path, &m, arena, need);
        if (t < best_bsp) best_bsp = t;
    }

    /* queries over the world's bounding box */
    {
        const uint8_t *world = bsp__map_c(&m)->models.data;
        for (i = 0; i < 3; i++) {
            memcpy(&lo[i], world + 4 * i, 4);
            memcpy(&hi[i], world + 12 + 4 * i, 4);
        }
    }
    row = malloc(bsp_vis_row_bytes(&m) + 1);
    {
        float (*pts)[3] = malloc(sizeof *pts * n_queries);
        uint32_t leaf;
        bsp_sample smp;
        for (i = 0; i < n_queries; i++) {
            int k;
            for (k = 0; k < 3; k++) {
                seed = seed * 1664525u + 1013904223u;
                pts[i][k] = lo[k] + (hi[k] - lo[k]) * (float)(seed >> 8) / 16777216.0f;
            }
        }
        t = now();
        for (i = 0; i < n_queries; i++) {
            bsp_point_leaf(&m, 0, pts[i], &leaf);
            sink += leaf;
        }
        ns_leaf = (now() - t) * 1e9 / n_queries;
        t = now();
        for (i = 0; i < n_queries; i++) {
            bsp_pvs(&m, (int32_t)(i % bsp_num_clusters(&m)), row, bsp_vis_row_bytes(&m));
            sink += row[0];
        }
        ns_pvs = (now() - t) * 1e9 / n_queries;
        t = now();
        for (i = 0; i < n_queries; i++) {
            if (bsp_light_point(&m, pts[i], &smp) == BSP_OK && smp.face >= 0) hits++;
        }
        ns_light = (now() - t) * 1e9 / n_queries;
        free(pts);
    }

    printf("map                      %s (%u bytes, %u clusters)\n", path, (unsigned)h.file_size,
           (unsigned)bsp_num_clusters(&m));
    printf("load, read+liblzma       %8.3f ms   (best of %d)\n", best_ref * 1e3, repeats);
    printf("load, bspkit             %8.3f ms   ratio %.3f\n", best_bsp * 1e3, best_bsp / best_ref);
    printf("arena bytes              %8u   uncompressed lumps %u   overhead %.4f"
           " (%.4f without the %u bytes of decoder tables)\n", (unsigned)need,
           (unsigned)lumps_bytes, (double)(need - lumps_bytes) / lumps_bytes,
           (double)(need - tables - lumps_bytes) / lumps_bytes, (unsigned)tables);
    printf("point_leaf               %8.1f ns/query\n", ns_leaf);
    printf("pvs row (%u bytes)     %8.1f ns/query\n", (unsigned)bsp_vis_row_bytes(&m), ns_pvs);
    printf("light_point              %8.1f ns/query (%u of %u hit a face)\n", ns_light,
           (unsigned)hits, (unsigned)n_queries);
    printf("{\"load_vs_read_decode\":%.4f,\"arena_overhead\":%.5f,\"overhead_without_tables\":%.5f,"
           "\"arena_bytes\":%u,"
           "\"lumps_bytes\":%u,\"ns_point_leaf\":%.1f,\"ns_pvs\":%.1f,\"ns_light\":%.1f,\"sink\":%u}\n",
           best_bsp / best_ref, (double)(need - lumps_bytes) / lumps_bytes,
           (double)(need - tables - lumps_bytes) / lumps_bytes, (unsigned)need,
           (unsigned)lumps_bytes, ns_leaf, ns_pvs, ns_light, (unsigned)(sink & 1));
    for (i = 0; i < h.num_lumps; i++) free(outs[i]);
    free(arena);
    free(row);
    return 0;
}
