/* SPDX-License-Identifier: MIT */
/* mkseeds.c - seed inputs for the fuzz targets that do not take whole maps.
 *
 * usage: fuzz_mkseeds OUTDIR MAP...
 *
 * Writes OUTDIR/lzma, OUTDIR/lzma_diff, OUTDIR/entity and OUTDIR/family:
 *  - every LZMA-compressed lump of the maps (console and LZMA-PC maps), in
 *    the input formats of fuzz_lzma and fuzz_lzma_diff (header bytes, then
 *    the raw stream), when its output fits the target's out_len;
 *  - streams from liblzma's raw encoder for a few kinds of data and lc/lp/pb
 *    settings, with and without an end marker (not in -DBSP_TEST_NO_LIBLZMA
 *    builds);
 *  - every map's entity text (loaded through the library, so compressed
 *    entity lumps come out decoded);
 *  - every map in fuzz_family's form: its template byte, then each
 *    non-empty lump in file order as a chunk (flags, 3-byte length, bytes).
 * fuzz_load takes the maps themselves as seeds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../common/files.h"
#include "core/map.h"
#include "../../loader/bspkit.h"
#include "../../loader/lzma/lzma_decoder.h"
#include "../../platform/memory/bsp_memstream.h"
#ifndef BSP_TEST_NO_LIBLZMA
#include <lzma.h>
#endif

static const char *outdir;
static unsigned written;

static void put(const char *target, const char *stem, unsigned k, const uint8_t *head, size_t hn,
                const uint8_t *body, size_t bn)
{
    char path[1024];
    FILE *fp;
    snprintf(path, sizeof path, "%s/%s/%s-%u", outdir, target, stem, k);
    fp = fopen(path, "wb");
    if (!fp) {
        perror(path);
        exit(1);
    }
    if (hn) fwrite(head, 1, hn, fp);
    fwrite(body, 1, bn, fp);
    fclose(fp);
    written++;
}

/* fuzz_lzma: props byte, dict (4), out_len (3), layout, slack; and
 * fuzz_lzma_diff: setting selector, dict (3), out_len (3). */
static void lzma_seed(const char *stem, unsigned k, const uint8_t props[5], uint32_t out_len,
                      const uint8_t *stream, size_t n)
{
    uint8_t h[10];
    uint32_t b = props[0], lc = b % 9, lp = (b / 9) % 5, pb = b / 45, sel, c;
    if (b >= 225) return;
    if (out_len < (1u << 18)) {
        memcpy(h, props, 5);
        h[5] = (uint8_t)out_len;
        h[6] = (uint8_t)(out_len >> 8);
        h[7] = (uint8_t)(out_len >> 16);
        h[8] = (uint8_t)(k & 3);
        h[9] = (uint8_t)(k * 37);
        put("lzma", stem, k, h, 10, stream, n);
    }
    if (out_len < (1u << 17) && lc + lp <= 4) {
        uint32_t dict = (uint32_t)props[1] | ((uint32_t)props[2] << 8) | ((uint32_t)props[3] << 16) |
                        ((uint32_t)props[4] << 24);
        if (dict > 0xfffffu) dict = 0xfffffu;
        sel = 0;
        for (c = 0; c < lc; c++) sel += 5 - c;
        sel += lp + 15 * pb;
        h[0] = (uint8_t)sel;
        h[1] = (uint8_t)dict;
        h[2] = (uint8_t)(dict >> 8);
        h[3] = (uint8_t)(dict >> 16);
        h[4] = (uint8_t)out_len;
        h[5] = (uint8_t)(out_len >> 8);
        h[6] = (uint8_t)(out_len >> 16);
        put("lzma_diff", stem, k, h, 7, stream, n);
    }
}

/* fuzz_family's template index of a header (its templates[] order). */
static int template_of(const bsp_header *h, const uint8_t *data)
{
    const char *f = bsp_family_name(h);
    if (!strcmp(f, "source") && h->lumps[5].version == 1) return h->big_endian ? 12 : 11; /* Strata */
    if (!strcmp(f, "source"))
        return h->big_endian ? 1 : h->version == 17 ? 2 : h->version == 19 ? 18 : h->version == 21 ? 3
             : h->version == 22 ? 19 : h->version == 23 ? 20 : 0;
    if (!strcmp(f, "quake"))   /* Quake 64, Hexen II, Quake */
        return data[0] == ' ' ? 15 : bsp_variant_name(h) && !strcmp(bsp_variant_name(h), "hexen2") ? 23 : 4;
    if (!strcmp(f, "goldsrc")) return 5;
    if (!strcmp(f, "bsp2")) return data[0] == 'B' ? 6 : 7;
    if (!strcmp(f, "quake2")) return data[0] == 'Q' ? 13 : h->version == 41 ? 14 : 8;   /* QBSP 38, Daikatana, IBSP 38 */
    if (!strcmp(f, "quake3") && h->version == 1) return data[0] == 'F' ? 22 : 21;   /* FBSP, RBSP */
    if (!strcmp(f, "quake3")) return h->version == 47 ? (h->num_lumps == 18 ? 16 : 17) : 9;
    if (!strcmp(f, "nightfire")) return 10;
    if (!strcmp(f, "respawn")) return h->big_endian ? 25 : 24;   /* PSBr 29, rBSP (as 37) */
    return -1;
}

static void family_seed(const char *stem, const uint8_t *data, const bsp_header *h)
{
    uint8_t *buf, t;
    size_t n = 1, cap = 1;
    uint32_t i, j, order[BSP_MAX_LUMPS], count = 0;
    int tm = template_of(h, data);
    if (tm < 0) return;
    for (i = 0; i < h->num_lumps; i++)
        if (h->lumps[i].length) {
            for (j = count; j > 0 && h->lumps[order[j - 1]].offset > h->lumps[i].offset; j--) order[j] = order[j - 1];
            order[j] = i;
            count++;
            cap += 4 + h->lumps[i].length;
        }
    buf = malloc(cap);
    t = (uint8_t)tm;
    buf[0] = t;
    for (j = 0; j < count; j++) {
        const bsp_lump_entry *e = &h->lumps[order[j]];
        /* (respawn: the flags byte's low 7 bits are the lump) */
        buf[n] = (uint8_t)(tm >= 24 ? order[j]
                                    : order[j] | (e->version ? 64 : 0) | (e->compressed ? 128 : 0));
        buf[n + 1] = (uint8_t)e->length;
        buf[n + 2] = (uint8_t)(e->length >> 8);
        buf[n + 3] = (uint8_t)(e->length >> 16);
        memcpy(buf + n + 4, data + e->offset, e->length);
        n += 4 + e->length;
    }
    put("family", stem, 0, NULL, 0, buf, n);
    free(buf);
}

static void from_map(const char *path)
{
    uint32_t size, i, need;
    uint8_t *data = read_file(path, &size);
    const char *stem = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    bsp_options o = bsp_default_options(BSP_LOAD_ENTITIES);
    void *arena;
    if (!data) {
        fprintf(stderr, "fuzz_mkseeds: cannot read %s\n", path);
        exit(1);
    }
    bsp_memstream_init(&ms, &s, data, size);
    if (bsp_open(&h, &s) != BSP_OK) {
        free(data);
        return;
    }
    /* (respawn opens a map whose lumps run past its end: they may be in
     * parts, docs/queries.md 12.8; such a map seeds nothing) */
    for (i = 0; i < h.num_lumps; i++)
        if (h.lumps[i].length && (h.lumps[i].offset > size || h.lumps[i].length > size - h.lumps[i].offset)) {
            free(data);
            return;
        }
    family_seed(stem, data, &h);
    for (i = 0; i < h.num_lumps; i++) {
        const bsp_lump_entry *e = &h.lumps[i];
        const uint8_t *l = data + e->offset;
        uint32_t packed;
        if (!e->compressed || e->length < 17 || memcmp(l, "LZMA", 4)) continue;
        packed = (uint32_t)l[8] | ((uint32_t)l[9] << 8) | ((uint32_t)l[10] << 16) | ((uint32_t)l[11] << 24);
        if (packed > e->length - 17) continue;
        lzma_seed(stem, i, l + 12, e->size, l + 17, packed);
    }
    o.lzma_lclp_max = 12;
    if (bsp_measure(&h, &o, &need) == BSP_OK && (arena = malloc(need + 8)) != NULL) {
        if (bsp_load(&m, &h, &s, arena, need, &o, NULL) == BSP_OK && bsp__map_c(&m)->entities.count)
            put("entity", stem, 0, NULL, 0, bsp__map_c(&m)->entities.data, bsp__map_c(&m)->entities.count);
        free(arena);
    }
    free(data);
}

#ifndef BSP_TEST_NO_LIBLZMA
static void synthetic(void)
{
    static const uint32_t settings[][3] = { { 3, 0, 2 }, { 0, 2, 0 }, { 4, 0, 4 }, { 1, 3, 1 }, { 0, 0, 0 } };
    uint8_t *src = malloc(20000), *dst = malloc(40000), props[5];
    uint32_t kind, si, eopm, x = 0x12345678u, i;
    unsigned k = 0;
    for (kind = 0; kind < 4; kind++) {
        size_t n = kind == 0 ? 0 : kind == 1 ? 3000 : 20000;
        for (i = 0; i < n; i++) {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            /* empty; text-like; zeros then random; a small alphabet */
            src[i] = kind == 1 ? (uint8_t)("the light of a map "[i % 19]) :
                     kind == 2 ? (uint8_t)(i < 12000 ? 0 : x) : (uint8_t)(x % 3);
        }
        for (si = 0; si < 5; si++)
            for (eopm = 0; eopm < 2; eopm++) {
                lzma_options_lzma lo;
                lzma_filter f[2];
                size_t out = 0;
                lzma_lzma_preset(&lo, 6);
                lo.dict_size = 1u << 16;
                lo.lc = settings[si][0];
                lo.lp = settings[si][1];
                lo.pb = settings[si][2];
                lo.ext_flags = 0;
                lo.ext_size_low = 0;
                lo.ext_size_high = 0;
                f[0].id = eopm ? LZMA_FILTER_LZMA1 : LZMA_FILTER_LZMA1EXT;
                f[0].options = &lo;
                f[1].id = LZMA_VLI_UNKNOWN;
                f[1].options = NULL;
                if (lzma_raw_buffer_encode(f, NULL, src, n, dst, &out, 40000) != LZMA_OK) continue;
                props[0] = (uint8_t)((lo.pb * 5 + lo.lp) * 9 + lo.lc);
                props[1] = 0;
                props[2] = 0;
                props[3] = 1;
                props[4] = 0;
                lzma_seed("liblzma", k++, props, (uint32_t)n, dst, out);
            }
    }
    free(src);
    free(dst);
}
#endif

int main(int argc, char **argv)
{
    const char *sub[] = { "lzma", "lzma_diff", "entity", "family" };
    char path[1024];
    int i;
    if (argc < 2) {
        fprintf(stderr, "usage: fuzz_mkseeds OUTDIR MAP...\n");
        return 2;
    }
    outdir = argv[1];
    mkdir(outdir, 0777);
    for (i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%s/%s", outdir, sub[i]);
        mkdir(path, 0777);
    }
    for (i = 2; i < argc; i++) from_map(argv[i]);
#ifndef BSP_TEST_NO_LIBLZMA
    synthetic();
#endif
    printf("fuzz_mkseeds: %u seeds in %s\n", written, outdir);
    return 0;
}
