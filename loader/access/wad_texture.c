/* SPDX-License-Identifier: MIT */
/* wad_texture.c - a WAD lump's miptex as a bsp_texture, and an external
 * texture found through the caller's WADs in their order (docs/queries.md
 * 11.2). */
#include "wad.h"
#include "texture.h"
#include "../core/config.h"
#include "../core/read.h"
#include "../../port/bsp_port.h"

#if BSPKIT_ACCESS   /* else core/absent.c */

bsp_status bsp_wad_texture(const bsp_wad *w, const bsp_wad_lump *lump, bsp_texture *out)
{
    uint8_t h[BSP__MIPTEX_HEADER], count[2];
    const bsp_stream *s;
    int own;
    bsp_status st;
    if (!w || !lump || !out || !w->stream) return BSP_E_BAD_ARGUMENT;
    if (lump->type != BSP_WAD_MIPTEX3 && lump->type != BSP_WAD_MIPTEX2) return BSP_E_UNSUPPORTED;
    if (lump->compression != 0) return BSP_E_UNSUPPORTED;
    s = w->stream;
    own = w->version == 3;
    bsp__texture_clear(out, BSP_TEXTURE_CORRUPT);
    bsp__texture_set_name(out, (const uint8_t *)lump->name, lump->name_len);
    out->index = lump->index;
    out->palette = (uint8_t)(own ? BSP_PALETTE_OWN : BSP_PALETTE_QUAKE);
    if (lump->filepos < 0 || lump->disksize < (int32_t)BSP__MIPTEX_HEADER ||
        (uint64_t)(uint32_t)lump->filepos + (uint32_t)lump->disksize > s->size)
        return BSP_OK;   /* its bytes outside the file: corrupt */
    if ((st = bsp__read(s, (uint32_t)lump->filepos, h, BSP__MIPTEX_HEADER)) != BSP_OK) return st;
    bsp__miptex_header(&bsp__miptex_quake, h, (uint32_t)lump->disksize, 0, own, out);
    out->stream = s;
    out->offset = (uint32_t)lump->filepos;
    if (out->status != BSP_TEXTURE_EMBEDDED || !own) return BSP_OK;
    if ((st = bsp__read(s, out->offset + out->palette_offset - 2, count, 2)) != BSP_OK) return st;
    bsp__miptex_palette_count(out, count);
    return BSP_OK;
}

bsp_status bsp_texture_from_wads(const bsp_texture *t, const bsp_wad *wads, uint32_t count,
                                 bsp_texture *out, uint32_t *which)
{
    bsp_wad_lump lump;
    uint32_t k;
    bsp_status st;
    if (!t || !out || (count && !wads)) return BSP_E_BAD_ARGUMENT;
    for (k = 0; k < count; k++)
        if (!wads[k].stream) return BSP_E_BAD_ARGUMENT;
    if (which) *which = count;
    if (!t->name_len) return BSP_E_BAD_QUERY;   /* (a missing slot has no name) */
    for (k = 0; k < count; k++) {
        st = bsp__wad_scan(&wads[k], t->name, 1, &lump);
        if (st == BSP_E_BAD_QUERY) continue;
        if (st != BSP_OK) return st;
        if (which) *which = k;
        return bsp_wad_texture(&wads[k], &lump, out);
    }
    return BSP_E_BAD_QUERY;
}

#endif
