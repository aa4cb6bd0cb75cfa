/* SPDX-License-Identifier: MIT */
/* fuzz_wad.c - WAD2/WAD3 and Quake 2 .wal files (docs/queries.md 11.2)
 * on arbitrary bytes through a caller's stream: the first byte chooses a
 * WAD (even) or a .wal (odd), the rest is the file, read through a stream
 * that checks every read lies inside it. WAD: bsp_wad_open, every entry
 * (up to 4096) by bsp_wad_lump_get, found again by its name, its texture
 * (bsp_wad_texture) with every mip's indices and RGBA8 into guarded
 * blocks of exactly their size; a lookup of each found name through the
 * WAD as a list of two (bsp_texture_from_wads). .wal: bsp_wal_open, its
 * mips through a caller's palette.
 *
 * Each answer must be a documented status; a texture with pixels inside
 * the file; nothing read outside the file nor written past a block.
 *
 * Seeds: the generator's WAD and .wal files in tex/ (mk/fuzz.mk), each with
 * its choice byte. */
#include "fuzz.h"
#include "../../loader/bspkit.h"

#define WAD_MIP_CAP (4u << 20)

typedef struct checked { const uint8_t *data; uint32_t size; } checked;

static int checked_read(void *ctx, uint32_t offset, void *dst, uint32_t len)
{
    const checked *c = (const checked *)ctx;
    if (offset > c->size || len > c->size - offset) return BSP_READ_END;
    memcpy(dst, c->data + offset, len);
    return 0;
}

static void mips(const bsp_texture *t, const uint8_t *pal)
{
    uint32_t k;
    for (k = 0; k < BSP_TEXTURE_MIPS; k++) {
        int f;
        for (f = 0; f < 2; f++) {
            bsp_pixel_format fmt = f ? BSP_PIXELS_RGBA8 : BSP_PIXELS_INDEXED;
            uint32_t n = 0;
            fuzz_block b;
            bsp_status st = bsp_texture_mip_bytes(t, k, fmt, &n);
            FUZZ_ASSERT(st == BSP_OK || st == BSP_E_UNSUPPORTED || st == BSP_E_CORRUPT);
            if (st != BSP_OK) return;
            if (!n || n > WAD_MIP_CAP) continue;
            if (fuzz_block_alloc(&b, n)) return;
            FUZZ_ASSERT(bsp_texture_mip(t, k, fmt, pal, b.p, n - 1) == BSP_E_BAD_ARGUMENT);
            st = bsp_texture_mip(t, k, fmt, pal, b.p, n);
            FUZZ_ASSERT(st == BSP_OK || (st == BSP_E_BAD_ARGUMENT && !pal && t->palette == BSP_PALETTE_CALLER));
            FUZZ_ASSERT(fuzz_block_guards_ok(&b));
            fuzz_block_free(&b);
        }
    }
}

static void wad(const bsp_stream *s)
{
    bsp_wad w, two[2];
    bsp_wad_lump l, f;
    bsp_texture t, u;
    uint8_t pal[BSP_PALETTE_BYTES];
    uint32_t k, which;
    bsp_status st = bsp_wad_open(&w, s);
    FUZZ_ASSERT(st == BSP_OK || st == BSP_E_TRUNCATED || st == BSP_E_BAD_MAGIC || st == BSP_E_CORRUPT);
    if (st != BSP_OK) return;
    FUZZ_ASSERT((w.version == 2 || w.version == 3) && (uint64_t)w.dir_offset + 32u * w.count <= s->size);
    two[0] = two[1] = w;
    for (k = 0; k < w.count && k < 4096; k++) {
        FUZZ_ASSERT(bsp_wad_lump_get(&w, k, &l) == BSP_OK && l.index == k && l.name_len <= 16);
        if (k < 256) {
            st = bsp_wad_find(&w, l.name, &f);
            FUZZ_ASSERT(st == BSP_OK && f.index <= k);
        }
        st = bsp_wad_texture(&w, &l, &t);
        FUZZ_ASSERT(st == BSP_OK || st == BSP_E_UNSUPPORTED);
        if (st != BSP_OK) continue;
        FUZZ_ASSERT(t.status == BSP_TEXTURE_EMBEDDED || t.status == BSP_TEXTURE_CORRUPT);
        FUZZ_ASSERT(t.status != BSP_TEXTURE_EMBEDDED ||
                    ((uint64_t)t.offset + t.size <= s->size && bsp_texture_palette(&t, pal) == BSP_OK));
        mips(&t, NULL);
        if (k < 64 && t.name_len) {
            st = bsp_texture_from_wads(&t, two, 2, &u, &which);
            FUZZ_ASSERT((st == BSP_OK && which == 0) || st == BSP_E_UNSUPPORTED);
        }
    }
    FUZZ_ASSERT(bsp_wad_lump_get(&w, w.count, &l) == BSP_E_BAD_QUERY);
}

static void wal(const bsp_stream *s)
{
    uint8_t pal[BSP_PALETTE_BYTES];
    bsp_texture t;
    uint32_t c;
    bsp_status st = bsp_wal_open(&t, s);
    FUZZ_ASSERT(st == BSP_OK || st == BSP_E_TRUNCATED);
    if (st != BSP_OK) return;
    FUZZ_ASSERT(t.status == BSP_TEXTURE_EMBEDDED || t.status == BSP_TEXTURE_CORRUPT);
    FUZZ_ASSERT(bsp_texture_palette(&t, pal) == BSP_E_UNSUPPORTED);
    for (c = 0; c < BSP_PALETTE_BYTES; c++) pal[c] = (uint8_t)c;
    mips(&t, pal);
    mips(&t, NULL);
}

FUZZ_ENTRY(wad)
{
    checked c;
    bsp_stream s;
    if (size < 1 || size - 1 > 0xfffffffeu) return 0;
    c.data = data + 1;
    c.size = (uint32_t)(size - 1);
    memset(&s, 0, sizeof s);
    s.read = checked_read;
    s.ctx = &c;
    s.size = c.size;
    if (data[0] & 1) wal(&s);
    else wad(&s);
    return 0;
}
