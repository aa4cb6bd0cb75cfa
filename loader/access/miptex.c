/* SPDX-License-Identifier: MIT */
/* miptex.c - a miptex record's header and its own palette checked by
 * docs/queries.md 11.2's rules, one way for a map's texture lump, a WAD's
 * lump and (its mip offsets) a .wal file. */
#include "texture.h"
#include "../core/config.h"
#include "../../port/bsp_port.h"

#if BSPKIT_ACCESS   /* else core/absent.c */

const bsp__miptex_layout bsp__miptex_quake = { BSP__MIPTEX_HEADER, 16, 24 };

void bsp__texture_clear(bsp_texture *t, bsp_texture_status status)
{
    bsp__fill(t, 0, sizeof *t);
    t->status = status;
    t->texinfo = -1;
}

void bsp__texture_set_name(bsp_texture *t, const uint8_t *p, uint32_t max)
{
    uint32_t n = 0;
    if (max > BSP_TEXTURE_NAME_BYTES - 1) max = BSP_TEXTURE_NAME_BYTES - 1;
    while (n < max && p[n]) {
        t->name[n] = (char)p[n];
        n++;
    }
    t->name[n] = 0;
    t->name_len = n;
    /* the mappers' convention (Xash3D tests for a '{' anywhere) */
    t->transparent255 = n > 0 && p[0] == '{';
}

/* The mips of a record whose size is set: EMBEDDED when every mip lies
 * after the header and inside `avail`, else CORRUPT. */
static void tex_place_mips(bsp_texture *t, uint32_t header, uint32_t avail)
{
    uint32_t k;
    t->status = BSP_TEXTURE_CORRUPT;
    if (!t->width || !t->height || (t->width & 7u) || (t->height & 7u)) return;
    for (k = 0; k < BSP_TEXTURE_MIPS; k++) {
        uint64_t n = (uint64_t)(t->width >> k) * (t->height >> k);
        if (t->mip_offset[k] < header || t->mip_offset[k] + n > avail) return;
    }
    t->status = BSP_TEXTURE_EMBEDDED;
}

void bsp__miptex_header(const bsp__miptex_layout *lay, const uint8_t *h, uint32_t avail, int external,
                        int own, bsp_texture *t)
{
    uint32_t k;
    uint64_t at;
    t->width = bsp__get_le32(h + lay->size);
    t->height = bsp__get_le32(h + lay->size + 4);
    t->has_size = 1;
    for (k = 0; k < BSP_TEXTURE_MIPS; k++) t->mip_offset[k] = bsp__get_le32(h + lay->offsets + 4 * k);
    t->size = avail;
    if (external && t->mip_offset[0] == 0) {
        t->status = BSP_TEXTURE_EXTERNAL;
        t->palette = BSP_PALETTE_NONE;
        return;
    }
    t->palette = (uint8_t)(own ? BSP_PALETTE_OWN : BSP_PALETTE_QUAKE);
    tex_place_mips(t, lay->header, avail);
    if (t->status != BSP_TEXTURE_EMBEDDED || !own) return;
    /* after mip 3's bytes: int16 count, then the colours */
    at = (uint64_t)t->mip_offset[3] + (uint64_t)(t->width >> 3) * (t->height >> 3);
    if (at + 2u + BSP_PALETTE_BYTES > avail) {
        t->status = BSP_TEXTURE_CORRUPT;
        return;
    }
    t->palette_offset = (uint32_t)at + 2u;
}

void bsp__miptex_palette_count(bsp_texture *t, const uint8_t count[2])
{
    int16_t n = (int16_t)(uint16_t)(count[0] | (count[1] << 8));
    if (n != BSP__PALETTE_COUNT) t->status = BSP_TEXTURE_CORRUPT;
}

void bsp__wal_mips(bsp_texture *t, uint32_t header, uint32_t avail)
{
    t->size = avail;
    tex_place_mips(t, header, avail);
}

int bsp__texture_fits(const bsp_texture *t, uint32_t k, uint32_t n)
{
    if (!t->bytes && !t->stream) return 0;
    if (k >= BSP_TEXTURE_MIPS || t->mip_offset[k] > t->size || n > t->size - t->mip_offset[k]) return 0;
    if (t->palette == BSP_PALETTE_OWN &&
        (t->palette_offset > t->size || BSP_PALETTE_BYTES > t->size - t->palette_offset)) return 0;
    return 1;
}

#endif
