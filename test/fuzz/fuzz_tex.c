/* SPDX-License-Identifier: MIT */
/* fuzz_tex.c - the map's texture table and pixels (docs/queries.md 11.2)
 * on arbitrary bytes taken as a map: bsp_texture_count, every entry (up to
 * 4096) by bsp_texture_get and by the bsp_texture_next walk, and past the
 * table; each mip's size and its indices and RGBA8 into guarded blocks of
 * exactly that size (and one byte short), the palette.
 *
 * Each answer must be a documented status; an entry's status one of the
 * six; get and next the same entry; a texture with pixels inside its
 * lump; RGBA8 its indices through its palette; nothing written past a
 * block or into one too short. Mips above 4 MiB are sized, not decoded.
 *
 * Seeds: the `load` target's (every generated and real map) and the
 * generator's tex/ maps (mk/fuzz.mk). */
#include "fuzz.h"
#include "../../platform/memory/bsp_memstream.h"

#define TEX_ARENA_CAP (64u << 20)
#define TEX_MIP_CAP (4u << 20)

static void pixels(const bsp_texture *t)
{
    uint8_t pal[BSP_PALETTE_BYTES];
    uint32_t k;
    bsp_status ps = bsp_texture_palette(t, pal);
    FUZZ_ASSERT(ps == BSP_OK || ps == BSP_E_UNSUPPORTED || ps == BSP_E_CORRUPT);
    for (k = 0; k <= BSP_TEXTURE_MIPS; k++) {
        uint32_t n = 0, r = 0, i;
        fuzz_block idx, rgba;
        bsp_status st = bsp_texture_mip_bytes(t, k, BSP_PIXELS_INDEXED, &n);
        bsp_status sr = bsp_texture_mip_bytes(t, k, BSP_PIXELS_RGBA8, &r);
        if (k == BSP_TEXTURE_MIPS) {
            FUZZ_ASSERT(st == BSP_E_BAD_ARGUMENT && sr == BSP_E_BAD_ARGUMENT);
            break;
        }
        FUZZ_ASSERT(st == BSP_OK || st == BSP_E_UNSUPPORTED || st == BSP_E_CORRUPT);
        FUZZ_ASSERT((st == BSP_OK) == (t->status == BSP_TEXTURE_EMBEDDED));
        if (st != BSP_OK) {
            FUZZ_ASSERT(n == 0);
            return;
        }
        FUZZ_ASSERT(ps == BSP_OK);
        FUZZ_ASSERT(n == (t->width >> k) * (t->height >> k) && n <= t->size);
        FUZZ_ASSERT(sr != BSP_OK || r == 4u * n);
        if (!n || n > TEX_MIP_CAP || sr != BSP_OK) continue;
        if (fuzz_block_alloc(&idx, n)) return;
        if (fuzz_block_alloc(&rgba, r)) {
            fuzz_block_free(&idx);
            return;
        }
        FUZZ_ASSERT(bsp_texture_mip(t, k, BSP_PIXELS_INDEXED, NULL, idx.p, n - 1) == BSP_E_BAD_ARGUMENT);
        FUZZ_ASSERT(bsp_texture_mip(t, k, BSP_PIXELS_INDEXED, NULL, idx.p, n) == BSP_OK);
        FUZZ_ASSERT(bsp_texture_mip(t, k, BSP_PIXELS_RGBA8, NULL, rgba.p, r) == BSP_OK);
        for (i = 0; i < n; i++) {
            const uint8_t *c = pal + 3 * idx.p[i], *o = rgba.p + 4 * i;
            FUZZ_ASSERT(o[0] == c[0] && o[1] == c[1] && o[2] == c[2]);
            FUZZ_ASSERT(o[3] == (t->transparent255 && idx.p[i] == 255 ? 0 : 255));
        }
        FUZZ_ASSERT(fuzz_block_guards_ok(&idx) && fuzz_block_guards_ok(&rgba));
        fuzz_block_free(&idx);
        fuzz_block_free(&rgba);
    }
}

static void table(const bsp_map *m)
{
    bsp_texture t, w;
    uint32_t count = 0, k;
    bsp_status st = bsp_texture_count(m, &count);
    /* (respawn: its textures are a later step of issue 44) */
    FUZZ_ASSERT(st == BSP_OK || st == BSP_E_NOT_LOADED ||
                (st == BSP_E_UNSUPPORTED && bsp_map_family(m) == BSP_FAMILY_RESPAWN));
    if (st != BSP_OK) return;
    FUZZ_ASSERT(bsp_texture_get(m, count, &t) == BSP_E_BAD_TEXTURE);
    for (k = 0; k < count && k < 4096; k++) {
        st = k ? bsp_texture_next(m, &w) : bsp_texture_get(m, 0, &w);
        FUZZ_ASSERT(st == BSP_OK);
        /* (quake2's indexed read walks the records again: only the first few) */
        if (k < 64) {
            FUZZ_ASSERT(bsp_texture_get(m, k, &t) == BSP_OK);
            FUZZ_ASSERT(memcmp(&t, &w, sizeof t) == 0);
        }
        FUZZ_ASSERT((unsigned)w.status < BSP_TEXTURE_STATUS_COUNT && w.index == k);
        FUZZ_ASSERT(w.name_len < BSP_TEXTURE_NAME_BYTES && w.name[w.name_len] == 0);
        pixels(&w);
    }
    if (count && count <= 4096) FUZZ_ASSERT(bsp_texture_next(m, &w) == BSP_E_END);
}

FUZZ_ENTRY(tex)
{
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    bsp_options o = bsp_default_options(BSP_LOAD_GEOMETRY);
    uint32_t need = 0;
    fuzz_block b;
    if (size > 0xffffffffu) return 0;
    bsp_memstream_init(&ms, &s, data, (uint32_t)size);
    if (bsp_open(&h, &s) != BSP_OK) return 0;
    if (bsp_measure(&h, &o, &need) != BSP_OK || need > TEX_ARENA_CAP) return 0;
    if (fuzz_block_alloc(&b, need ? need : 1)) return 0;
    if (bsp_load(&m, &h, &s, b.p, need, &o, NULL) == BSP_OK) table(&m);
    FUZZ_ASSERT(fuzz_block_guards_ok(&b));
    fuzz_block_free(&b);
    return 0;
}
