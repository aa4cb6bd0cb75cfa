/* SPDX-License-Identifier: MIT */
/* bench_pak.c - the pakfile reader's speed (make bench, test/bench/bench.sh):
 *
 *   pak_find_ns     bsp_pak_open + bsp_pak_find of the last entry (the
 *                   lookup walks the whole directory) in a pakfile of
 *                   10 000 entries; pak_open_ns the open alone
 *   pak_lzma_mb_s   an LZMA entry (about 4 MB of map-like bytes, Valve's
 *                   settings, no end marker) decoded by a bsp_pak_job,
 *                   beside lump_lzma_mb_s: the same raw stream in Valve's
 *                   lump header through bsp_game_lump_unpack, the lump
 *                   decoder's path (pak_vs_lump = their time ratio)
 *   pak_crc_mb_s    bsp_pak_crc32 over the decoded bytes
 *
 * Times are the best of several rounds; MB/s of output, 10^6 bytes.
 *
 *   bench_pak MANY.pak LZMA.pak   (test/craft/pak_gen.py kinds many and bench)
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../loader/bspkit.h"
#include "../common/files.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    uint32_t nm, nl, k, round, need_dst, need_tables;
    uint8_t *many, *lz, *block, *dst, *dst2, *tables;
    bsp_pak p;
    bsp_pak_entry e, last;
    bsp_pak_job j;
    bsp_game_lump g;
    char name[300];
    double best_find = 1e9, best_open = 1e9, best_pak = 1e9, best_lump = 1e9, best_crc = 1e9, t;
    volatile uint32_t sink = 0;
    const int N = 2000;
    if (argc != 3) {
        fprintf(stderr, "usage: bench_pak MANY.pak LZMA.pak\n");
        return 2;
    }
    many = read_file(argv[1], &nm);
    lz = read_file(argv[2], &nl);
    if (!many || !lz) return 2;
    if (bsp_pak_open(&p, many, nm, 0) != BSP_OK || bsp_pak_get(&p, p.count - 1, &last) != BSP_OK) {
        fprintf(stderr, "bench_pak: %s does not open\n", argv[1]);
        return 1;
    }
    memcpy(name, last.name, last.name_len);
    name[last.name_len] = 0;
    for (round = 0; round < 7; round++) {
        t = now();
        for (k = 0; k < (uint32_t)N; k++) sink += bsp_pak_open(&p, many, nm, 0);
        t = (now() - t) / N;
        if (t < best_open) best_open = t;
        t = now();
        for (k = 0; k < (uint32_t)N; k++) {
            sink += bsp_pak_open(&p, many, nm, 0);
            sink += bsp_pak_find(&p, name, &e);
        }
        t = (now() - t) / N;
        if (t < best_find) best_find = t;
    }
    if (bsp_pak_find(&p, name, &e) != BSP_OK || e.index != p.count - 1) return 1;

    if (bsp_pak_open(&p, lz, nl, 0) != BSP_OK || bsp_pak_get(&p, 0, &e) != BSP_OK ||
        e.method != BSP_PAK_LZMA || bsp_pak_read_bytes(&e, e.data, &need_dst, &need_tables) != BSP_OK) {
        fprintf(stderr, "bench_pak: %s has no LZMA entry 0\n", argv[2]);
        return 1;
    }
    dst = malloc(need_dst);
    tables = malloc(need_tables);
    /* the lump form: "LZMA", size, packed size, the 5 properties, the stream */
    block = malloc(e.compressed_size - 9 + 17);
    memcpy(block, "LZMA", 4);
    block[4] = (uint8_t)e.size, block[5] = (uint8_t)(e.size >> 8), block[6] = (uint8_t)(e.size >> 16),
    block[7] = (uint8_t)(e.size >> 24);
    k = e.compressed_size - 9;
    block[8] = (uint8_t)k, block[9] = (uint8_t)(k >> 8), block[10] = (uint8_t)(k >> 16), block[11] = (uint8_t)(k >> 24);
    memcpy(block + 12, e.data + 4, 5);
    memcpy(block + 17, e.data + 9, k);
    memset(&g, 0, sizeof g);
    g.data = block;
    g.stored = k + 17;
    g.size = e.size;
    g.compressed = 1;
    {
        uint32_t gd, gt;
        if (bsp_game_lump_unpack_bytes(&g, &gd, &gt) != BSP_OK) return 1;
        dst2 = malloc(gd);
        for (round = 0; round < 9; round++) {
            memset(&j, 0, sizeof j);
            j.entry = e, j.stored = e.data, j.dst = dst, j.dst_bytes = need_dst;
            j.tables = tables, j.tables_bytes = need_tables;
            t = now();
            if (bsp_pak_job_run(&j) != BSP_OK) return 1;
            t = now() - t;
            if (t < best_pak) best_pak = t;
            t = now();
            if (bsp_game_lump_unpack(&g, dst2, gd, tables, need_tables) != BSP_OK) return 1;
            t = now() - t;
            if (t < best_lump) best_lump = t;
            t = now();
            sink += bsp_pak_crc32(0, dst, e.size);
            t = now() - t;
            if (t < best_crc) best_crc = t;
        }
        if (memcmp(dst, dst2, e.size) || bsp_pak_crc32(0, dst, e.size) != e.crc) return 1;
    }
    printf("open + find (last of %u entries): %.0f ns (open %.0f ns)\n", (unsigned)last.index + 1,
           best_find * 1e9, best_open * 1e9);
    printf("LZMA entry of %u bytes: %.1f MB/s as a pak job, %.1f MB/s as a lump\n", e.size,
           e.size / best_pak / 1e6, e.size / best_lump / 1e6);
    printf("CRC-32: %.1f MB/s\n", e.size / best_crc / 1e6);
    printf("{\"pak_find_ns\":%.0f,\"pak_open_ns\":%.0f,\"pak_lzma_mb_s\":%.1f,\"lump_lzma_mb_s\":%.1f,"
           "\"pak_vs_lump\":%.3f,\"pak_crc_mb_s\":%.1f}\n",
           best_find * 1e9, best_open * 1e9, e.size / best_pak / 1e6, e.size / best_lump / 1e6,
           best_pak / best_lump, e.size / best_crc / 1e6);
    (void)sink;
    return 0;
}
