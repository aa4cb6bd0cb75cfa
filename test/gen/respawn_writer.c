/* SPDX-License-Identifier: MIT */
/* respawn_writer.c - small Respawn rBSP maps (docs/queries.md 12.1, 12.2,
 * 12.3, 12.10) and hostile copies of them, under OUTDIR/respawn/.
 *
 * A map: "rBSP", the version word (version | minor << 16), the revision,
 * lump_count 127, 128 entries {offset, length, version, fourCC}; then a
 * compiler signature of three 64-byte lines (MRVN-Radiant's shape), then
 * the lumps on 4-byte boundaries: ENTITIES (text ended by a NUL), PLANES,
 * VERTICES, MODELS, ENTITY_PARTITIONS ("01*"), MESH_INDICES, MESHES,
 * CELLS, CM_GRID, written in ascending lump order but for the entities,
 * which come last (a directory that is not in file order).
 *
 * psbr29.bsp is rsp29.bsp with every scalar swapped at its width (the
 * header and directory as uint32, each record's fields as 12.3 lists them,
 * texts and u8 fields as they are): its twin for the PSBr rule. LEVEL_INFO
 * has no record in 12.3: its bytes stay as they are, as the loader keeps
 * them.
 *
 * Hostile copies of rsp37.bsp: lump_count 126, the version word 47.1
 * (Apex Legends), version 38, version 37.1, the LEVEL_INFO entry past the
 * file's end, and a signature with no NUL before the first lump.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util.h"
#include "respawn_writer.h"

#define R_LUMPS 128
#define R_HEADER 2064

/* the lumps written, in lump order (12.3's records) */
enum { L_ENT = 0x00, L_PLANES = 0x01, L_VERTS = 0x03, L_MODELS = 0x0E, L_PARTS = 0x18,
       L_INDICES = 0x4F, L_MESHES = 0x50, L_CELLS = 0x6B, L_GRID = 0x55, L_LEVEL_INFO = 0x7B };

/* Field widths of one record, in order, for the PSBr swap: 1, 2, 4, or
 * a negative count of bytes kept as they are; 0 ends. */
typedef struct { int lump; int widths[16]; } rec_swap;
static const rec_swap swaps[] = {
    { L_PLANES, { 4, 4, 4, 4, 0 } },
    { L_VERTS, { 4, 4, 4, 0 } },
    { L_MODELS, { 4, 4, 4, 4, 4, 4, 4, 4, 0 } },
    { L_INDICES, { 2, 0 } },
    { L_MESHES, { 4, 2, 2, 2, -12, 2, 4, 0 } },
    { L_CELLS, { 2, 2, 2, 2, 0 } },
    { L_GRID, { 4, 4, 4, 4, 4, 4, 4, 0 } },
};

static const char entity_text[] =
    "{\n\"classname\" \"worldspawn\"\n\"mapversion\" \"220\"\n\"message\" \"bspgen rBSP\"\n}\n"
    "{\n\"classname\" \"info_target\"\n\"origin\" \"16 -32 48\"\n\"targetname\" \"t1\"\n}\n"
    "{\n\"classname\" \"light\"\n\"origin\" \"0 0 96\"\n\"_light\" \"255 255 255 200\"\n}\n";

typedef struct {
    uint32_t version_word, revision, count;
    int sig_nul;        /* 0: the signature's bytes carry no NUL */
    int past_end;       /* LEVEL_INFO's entry runs past the file */
} rsp_opts;

static void put_sig_line(gbuf *b, const char *text, int nul)
{
    size_t n = strlen(text), k;
    gbuf_put(b, text, n);
    for (k = n; k < 64; k++) gbuf_u8(b, nul ? 0 : (unsigned)('a' + k % 26));
}

static void align4(gbuf *b)
{
    while (b->len & 3) gbuf_u8(b, 0);
}

static void entry(gbuf *b, int lump, size_t ofs, size_t len, uint32_t version)
{
    gbuf_set_le32(b, 16 + 16 * (size_t)lump, (uint32_t)ofs);
    gbuf_set_le32(b, 16 + 16 * (size_t)lump + 4, (uint32_t)len);
    gbuf_set_le32(b, 16 + 16 * (size_t)lump + 8, version);
}

static void write_map(gbuf *b, const rsp_opts *o)
{
    size_t at;
    int k;
    memset(b, 0, sizeof *b);
    gbuf_put(b, "rBSP", 4);
    gbuf_le32(b, o->version_word);
    gbuf_le32(b, o->revision);
    gbuf_le32(b, o->count);
    gbuf_zero(b, 16 * R_LUMPS);
    put_sig_line(b, "bspgen rBSP test map", o->sig_nul);
    put_sig_line(b, "Version: 1", o->sig_nul);
    put_sig_line(b, "Time: none", o->sig_nul);
    /* PLANES (lump version 1): +z at 0, +x at 64 */
    at = b->len;
    gbuf_f32(b, 0), gbuf_f32(b, 0), gbuf_f32(b, 1), gbuf_f32(b, 0);
    gbuf_f32(b, 1), gbuf_f32(b, 0), gbuf_f32(b, 0), gbuf_f32(b, 64);
    entry(b, L_PLANES, at, b->len - at, 1);
    /* VERTICES: a triangle */
    at = b->len;
    gbuf_f32(b, 0), gbuf_f32(b, 0), gbuf_f32(b, 0);
    gbuf_f32(b, 128), gbuf_f32(b, 0), gbuf_f32(b, 0);
    gbuf_f32(b, 0), gbuf_f32(b, 128.5f), gbuf_f32(b, -8);
    entry(b, L_VERTS, at, b->len - at, 0);
    /* MODELS: the world's bounds, mesh 0, one mesh */
    at = b->len;
    gbuf_f32(b, 0), gbuf_f32(b, 0), gbuf_f32(b, -8);
    gbuf_f32(b, 128), gbuf_f32(b, 128.5f), gbuf_f32(b, 0);
    gbuf_le32(b, 0), gbuf_le32(b, 1);
    entry(b, L_MODELS, at, b->len - at, 0);
    /* ENTITY_PARTITIONS: the .bsp's own entities only */
    at = b->len;
    gbuf_put(b, "01*", 4);
    entry(b, L_PARTS, at, 4, 0);
    align4(b);
    /* MESH_INDICES: 0 1 2 (u16) */
    at = b->len;
    gbuf_le16(b, 0), gbuf_le16(b, 1), gbuf_le16(b, 2);
    entry(b, L_INDICES, at, b->len - at, 0);
    align4(b);
    /* CM_GRID: scale 256, offset (-1, -1), 2 x 2 cells */
    at = b->len;
    gbuf_f32(b, 256), gbuf_i32(b, -1), gbuf_i32(b, -1), gbuf_i32(b, 2), gbuf_i32(b, 2);
    gbuf_i32(b, 0), gbuf_i32(b, 0);
    entry(b, L_GRID, at, b->len - at, 0);
    /* MESHES: one triangle, material sort 0, flags 0x400 (UNLIT) */
    at = b->len;
    gbuf_le32(b, 0), gbuf_le16(b, 1), gbuf_le16(b, 0), gbuf_le16(b, 3);
    for (k = 0; k < 12; k++) gbuf_u8(b, (unsigned)(0x10 + k));
    gbuf_le16(b, 0), gbuf_le32(b, 0x400);
    entry(b, L_MESHES, at, b->len - at, 0);
    /* CELLS: one cell, no portals, flags 3, no water */
    at = b->len;
    gbuf_le16(b, 0), gbuf_le16(b, 0), gbuf_le16(b, 3), gbuf_le16(b, 0xffff);
    entry(b, L_CELLS, at, b->len - at, 0);
    /* LEVEL_INFO: 7 words */
    at = b->len;
    for (k = 0; k < 7; k++) gbuf_le32(b, (uint32_t)(k == 3 ? 1 : 0));
    entry(b, L_LEVEL_INFO, at, b->len - at, 0);
    /* ENTITIES last, ended by its NUL */
    at = b->len;
    gbuf_put(b, entity_text, sizeof entity_text);
    entry(b, L_ENT, at, sizeof entity_text, 0);
    if (o->past_end) entry(b, L_LEVEL_INFO, b->len - 16, 28, 0);
}

static void swap_at(unsigned char *p, int width)
{
    int k;
    for (k = 0; k < width / 2; k++) {
        unsigned char t = p[k];
        p[k] = p[width - 1 - k];
        p[width - 1 - k] = t;
    }
}

/* rsp29 into PSBr (12.10): the magic backwards, every header word and
 * each record field of the lumps above swapped at its width. */
static void to_psbr(gbuf *b)
{
    size_t i, k;
    uint32_t ofs[R_LUMPS], len[R_LUMPS];
    for (i = 0; i < R_LUMPS; i++) {
        const unsigned char *e = b->data + 16 + 16 * i;
        ofs[i] = (uint32_t)(e[0] | e[1] << 8 | e[2] << 16 | (uint32_t)e[3] << 24);
        len[i] = (uint32_t)(e[4] | e[5] << 8 | e[6] << 16 | (uint32_t)e[7] << 24);
    }
    memcpy(b->data, "PSBr", 4);
    for (i = 4; i < R_HEADER; i += 4) swap_at(b->data + i, 4);
    for (k = 0; k < sizeof swaps / sizeof swaps[0]; k++) {
        size_t at = ofs[swaps[k].lump], end = at + len[swaps[k].lump];
        while (at < end) {
            const int *w;
            for (w = swaps[k].widths; *w; w++) {
                if (*w > 0) swap_at(b->data + at, *w);
                at += (size_t)(*w > 0 ? *w : -*w);
            }
        }
    }
}

static void save(const gbuf *b, const char *outdir, const char *name)
{
    char path[1024];
    if ((size_t)snprintf(path, sizeof path, "%s/respawn/%s.bsp", outdir, name) >= sizeof path)
        gen_die("path too long");
    if (gbuf_save(b, path)) gen_die("cannot write %s", path);
}

static void one(const char *outdir, const char *name, const rsp_opts *o)
{
    gbuf b;
    write_map(&b, o);
    save(&b, outdir, name);
    if (strcmp(name, "rsp29") == 0) {
        to_psbr(&b);
        save(&b, outdir, "psbr29");
    }
    gbuf_free(&b);
}

void gen_respawn_maps(const char *outdir)
{
    char dir[1024];
    rsp_opts o;
    if ((size_t)snprintf(dir, sizeof dir, "%s/respawn", outdir) >= sizeof dir) gen_die("path too long");
    mkdir(dir, 0777);
    memset(&o, 0, sizeof o);
    o.count = 127, o.sig_nul = 1;
    o.version_word = 29, o.revision = 7;
    one(outdir, "rsp29", &o);
    o.version_word = 36, o.revision = 12;
    one(outdir, "rsp36", &o);
    o.version_word = 37, o.revision = 30;
    one(outdir, "rsp37", &o);
    /* hostile copies of rsp37 */
    o.count = 126;
    one(outdir, "bad_count126", &o);
    o.count = 127;
    o.version_word = 47u | 1u << 16;
    one(outdir, "bad_v47_1", &o);
    o.version_word = 38;
    one(outdir, "bad_v38", &o);
    o.version_word = 37u | 1u << 16;
    one(outdir, "bad_v37_1", &o);
    o.version_word = 37;
    o.past_end = 1;
    one(outdir, "bad_past_end", &o);
    o.past_end = 0;
    o.sig_nul = 0;
    one(outdir, "sig_no_nul", &o);
}
