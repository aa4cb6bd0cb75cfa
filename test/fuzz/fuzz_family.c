/* SPDX-License-Identifier: MIT */
/* fuzz_family.c - the whole API on maps whose header is always well formed.
 *
 * fuzz_load spends most mutations on headers and directories the loader
 * rejects at once; this target builds a consistent header and directory
 * itself, so mutations land in the lumps' records, their order in the file
 * and their sizes.
 *
 * Input: byte 0 picks the family template (see templates[]: Source v20
 * little- and big-endian, v17, v21, Quake, GoldSrc, BSP2, 2PSB, Quake 2,
 * Quake 3, Nightfire, Strata Source v25 little- and big-endian, Quake 2's
 * QBSP 38, Daikatana's IBSP 41, Quake 64, IBSP 47 with 18 and with 17
 * entries: the 18th entry is read or not by the header rule, docs/queries.md
 * 13.2; Source v19, PC or the original Xbox's HL2 as lumps 52 and 57 say,
 * 13.5; Source v22 and v23, 13.6; Raven's RBSP 1 and qfusion's FBSP 1,
 * 13.3; Hexen II, version 29 told by its model lump, 13.4: Quake's
 * header, its seeds Hexen II's; Respawn's rBSP 37 and PSBr 29, docs/queries.md
 * 12.1: 128 entries, lump_count 127, every flag bit but the top one the
 * lump index); then chunks, each a flags byte, a 3-byte
 * little-endian length and that many bytes (fewer if the input ends). Flags:
 * bits 0-5 the lump index (modulo the family's lump count); Source only:
 * bit 6 lump version 1 (else 0; Strata templates: the version Strata gives
 * that lump, 2 for faces and leaves), bit 7 LZMA-compressed (the directory's
 * uncompressed size is then taken from the chunk's bytes 4..7, as Valve's
 * header has it). Chunks are laid out in input order, each at a 4-aligned
 * offset after the header; a later chunk for the same lump replaces the
 * directory entry (the earlier bytes stay in the file). The map then goes
 * through load_all() (load_all.h), as in fuzz_load.
 *
 * Seeds: every generated and real map converted to this form by
 * fuzz_mkseeds. */
#include "load_all.h"
#include "../../platform/memory/bsp_memstream.h"

typedef struct tmpl {
    const char *magic;     /* 4 bytes at 0, or NULL: the version is at 0 */
    int32_t version;
    int be;
    uint32_t num_lumps, dir_offset, entry_words, header_bytes;
} tmpl;
/* rBSP's 2064-byte header: lump_count 127 at 12, flags & 127 the lump */
#define RESPAWN(t) ((t)->header_bytes == 2064)

static const tmpl templates[] = {
    { "VBSP", 20, 0, 64, 8, 4, 1036 },
    { "PSBV", 20, 1, 64, 8, 4, 1036 },
    { "VBSP", 17, 0, 64, 8, 4, 1036 },
    { "VBSP", 21, 0, 64, 8, 4, 1036 },
    { NULL, 29, 0, 15, 4, 2, 124 },
    { NULL, 30, 0, 15, 4, 2, 124 },
    { "BSP2", -1, 0, 15, 4, 2, 124 },
    { "2PSB", -1, 0, 15, 4, 2, 124 },
    { "IBSP", 38, 0, 19, 8, 2, 160 },
    { "IBSP", 46, 0, 17, 8, 2, 144 },
    { NULL, 42, 0, 18, 4, 2, 148 },
    { "VBSP", 25, 0, 64, 8, 4, 1036 },  /* Strata Source */
    { "PSBV", 25, 1, 64, 8, 4, 1036 },
    { "QBSP", 38, 0, 19, 8, 2, 160 },   /* Quake II re-release / Qbism (13.1) */
    { "IBSP", 41, 0, 21, 8, 2, 176 },   /* Daikatana (13.4): 21 lumps */
    { " 46Q", -1, 0, 15, 4, 2, 124 },   /* Quake 64 (13.4): 44-byte miptex headers */
    { "IBSP", 47, 0, 18, 8, 2, 152 },   /* q3map2's IBSP 47, Quake Live's adverts (13.2) */
    { "IBSP", 47, 0, 17, 8, 2, 144 },   /* the original q3map's (RTCW, ET) */
    { "VBSP", 19, 0, 64, 8, 4, 1036 },  /* PC v19, or the original Xbox's HL2 by the lumps (13.5) */
    { "VBSP", 22, 0, 64, 8, 4, 1036 },  /* Dota 2's betas: 180- and 184-byte displacements (13.6) */
    { "VBSP", 23, 0, 64, 8, 4, 1036 },
    { "RBSP", 1, 0, 18, 8, 2, 152 },    /* Raven (13.3): 18 lumps, 17 the light array */
    { "FBSP", 1, 0, 18, 8, 2, 152 },    /* qfusion: Raven's records, 512 x 512 pages */
    { NULL, 29, 0, 15, 4, 2, 124 },     /* Hexen II (13.4): the model lump's length and records decide */
    { "rBSP", 37, 0, 128, 16, 4, 2064 },  /* Respawn's rBSP (12.1): Titanfall 2 */
    { "PSBr", 29, 1, 128, 16, 4, 2064 },  /* the Xbox 360's Titanfall, big-endian */
};
#define NUM_TEMPLATES (sizeof templates / sizeof templates[0])

/* Strata Source's lump versions: faces (7, 27, 58) and leaves (10) at 2,
 * its other widened records at 1. */
static uint32_t strata_version(uint32_t lump)
{
    return (lump == 7 || lump == 10 || lump == 27 || lump == 58) ? 2 : 1;
}

static void put32(uint8_t *p, uint32_t v, int be)
{
    int k;
    for (k = 0; k < 4; k++) p[be ? 3 - k : k] = (uint8_t)(v >> (8 * k));
}

/* The part-callback round (docs/queries.md 12.8): lump i's part is a run
 * of the map's own bytes picked from i, or none, or a failing answer. */
typedef struct parts_ctx {
    const uint8_t *file;
    uint32_t size;
    bsp_memstream ms[BSP_MAX_LUMPS];
} parts_ctx;

static int fuzz_part(void *ctx, bsp_part_kind kind, uint32_t index, bsp_stream *out)
{
    parts_ctx *c = (parts_ctx *)ctx;
    uint32_t start, len;
    FUZZ_ASSERT(kind == BSP_PART_LUMP && index < BSP_MAX_LUMPS);
    if (index % 3 == 0) return BSP_PART_NONE;
    if (index % 31 == 5) return -1;
    start = c->size ? (index * 2654435761u) % c->size : 0;
    len = (c->file[start % (c->size ? c->size : 1)] * 97u + index) % (c->size - start + 1);
    bsp_memstream_init(&c->ms[index], out, c->file + start, len);
    return 0;
}

/* Load a respawn map with every lump wanted, parts from fuzz_part: the
 * measure and the load agree, and every part's bytes arrive as given. */
static void parts_round(const uint8_t *file, uint32_t size)
{
    static parts_ctx c;
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    bsp_options o = bsp_default_options(BSP_LOAD_ALL);
    uint32_t need = 0, i;
    bsp_status st;
    void *arena;
    bsp_memstream_init(&ms, &s, file, size);
    if (bsp_open(&h, &s) != BSP_OK || bsp_header_family(&h) != BSP_FAMILY_RESPAWN) return;
    c.file = file;
    c.size = size;
    o.part = fuzz_part;
    o.part_ctx = &c;
    st = bsp_measure(&h, &o, &need);
    if (st != BSP_OK) return;
    arena = malloc(need ? need : 1);
    FUZZ_ASSERT(arena != NULL);
    st = bsp_load(&m, &h, &s, arena, need, &o, NULL);
    if (st == BSP_OK) {
        for (i = 0; i < BSP_MAX_LUMPS; i++) {
            uint32_t n = 0;
            const uint8_t *b = (const uint8_t *)bsp_lump(&m, i, &n);
            if (b && i % 3 && i % 31 != 5) FUZZ_ASSERT(n == c.ms[i].size && !memcmp(b, c.ms[i].data, n));
        }
    }
    free(arena);
}

FUZZ_ENTRY(family)
{
    const tmpl *t;
    uint8_t *file;
    size_t pos = 1, cap;
    uint32_t out;

    if (size < 1 || size > (32u << 20)) return 0;
    t = &templates[data[0] % NUM_TEMPLATES];
    /* header + every chunk's bytes + alignment */
    cap = t->header_bytes + size + 4 * (size / 4 + 1);
    file = (uint8_t *)calloc(1, cap);
    FUZZ_ASSERT(file != NULL);
    if (t->magic) memcpy(file, t->magic, 4);
    if (t->version >= 0) put32(file + (t->magic ? 4 : 0), (uint32_t)t->version, t->be);
    if (RESPAWN(t)) put32(file + 12, 127, t->be);
    out = t->header_bytes;
    while (pos + 4 <= size) {
        uint32_t flags = data[pos], len = fuzz_le(data + pos + 1, 3), lump;
        uint8_t *e;
        pos += 4;
        if (len > size - pos) len = (uint32_t)(size - pos);
        lump = (flags & (RESPAWN(t) ? 127 : 63)) % t->num_lumps;
        out = (out + 3) & ~3u;
        memcpy(file + out, data + pos, len);
        e = file + t->dir_offset + 4 * t->entry_words * lump;
        put32(e, len ? out : 0, t->be);
        put32(e + 4, len, t->be);
        if (t->entry_words == 4 && !RESPAWN(t)) {
            uint32_t v = (flags >> 6) & 1;
            put32(e + 8, v && t->version == 25 ? strata_version(lump) : v, t->be);
            put32(e + 12, (flags & 128) && len >= 8 ? fuzz_le(data + pos + 4, 4) : 0, t->be);
        }
        out += len;
        pos += len;
    }
    load_all(file, out);
    if (RESPAWN(t)) parts_round(file, out);
    free(file);
    return 0;
}
