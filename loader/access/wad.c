/* SPDX-License-Identifier: MIT */
/* wad.c - a WAD2/WAD3 file's header and directory through the caller's
 * stream (docs/queries.md 11.2): open, an entry, an entry by name. Each
 * call reads only what it answers from; nothing is kept but the bsp_wad. */
#include "wad.h"
#include "../core/config.h"
#include "../core/read.h"
#include "../../port/bsp_port.h"

#if BSPKIT_ACCESS   /* else core/absent.c */

#define WAD_HEADER 12u

bsp_status bsp_wad_open(bsp_wad *w, const bsp_stream *s)
{
    uint8_t h[WAD_HEADER];
    int32_t count, dir;
    bsp_status st;
    if (!w || !s) return BSP_E_BAD_ARGUMENT;
    bsp__fill(w, 0, sizeof *w);
    /* the directory follows the lumps: reads go back and forth */
    if (!s->read || s->size == BSP_SIZE_UNKNOWN || s->forward_only) return BSP_E_BAD_ARGUMENT;
    if (s->size < WAD_HEADER) return BSP_E_TRUNCATED;
    if ((st = bsp__read(s, 0, h, WAD_HEADER)) != BSP_OK) return st;
    if (h[0] != 'W' || h[1] != 'A' || h[2] != 'D' || (h[3] != '2' && h[3] != '3')) return BSP_E_BAD_MAGIC;
    count = (int32_t)bsp__get_le32(h + 4);
    dir = (int32_t)bsp__get_le32(h + 8);
    if (count < 0) return BSP_E_CORRUPT;
    if (count > 0 && (dir < (int32_t)WAD_HEADER ||
                      (uint64_t)(uint32_t)dir + (uint64_t)BSP__WAD_ENTRY * (uint32_t)count > s->size))
        return BSP_E_CORRUPT;
    w->stream = s;
    w->version = (uint32_t)(h[3] - '0');
    w->count = (uint32_t)count;
    w->dir_offset = count > 0 ? (uint32_t)dir : 0u;
    return BSP_OK;
}

void bsp__wad_entry(const uint8_t e[BSP__WAD_ENTRY], uint32_t index, bsp_wad_lump *out)
{
    uint32_t n = 0;
    out->index = index;
    out->filepos = (int32_t)bsp__get_le32(e);
    out->disksize = (int32_t)bsp__get_le32(e + 4);
    out->size = (int32_t)bsp__get_le32(e + 8);
    out->type = e[12];
    out->compression = e[13];
    out->reserved[0] = out->reserved[1] = 0;
    while (n < BSP__WAD_NAME && e[16 + n]) {
        out->name[n] = (char)e[16 + n];
        n++;
    }
    out->name[n] = 0;
    out->name_len = n;
}

bsp_status bsp__wad_entries(const bsp_wad *w, uint32_t first, uint32_t n, uint8_t *dst)
{
    return bsp__read(w->stream, w->dir_offset + BSP__WAD_ENTRY * first, dst, BSP__WAD_ENTRY * n);
}

bsp_status bsp_wad_lump_get(const bsp_wad *w, uint32_t index, bsp_wad_lump *out)
{
    uint8_t e[BSP__WAD_ENTRY];
    bsp_status st;
    if (!w || !out || !w->stream) return BSP_E_BAD_ARGUMENT;
    bsp__fill(out, 0, sizeof *out);
    if (index >= w->count) return BSP_E_BAD_QUERY;
    if ((st = bsp__wad_entries(w, index, 1, e)) != BSP_OK) return st;
    bsp__wad_entry(e, index, out);
    return BSP_OK;
}

static uint8_t tex_fold(uint8_t c)
{
    return (uint8_t)(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
}

int bsp__wad_name_is(const uint8_t e[BSP__WAD_ENTRY], const char *name)
{
    uint32_t k;
    for (k = 0; k < BSP__WAD_NAME; k++) {
        uint8_t a = tex_fold(e[16 + k]), b = tex_fold((uint8_t)name[k]);
        if (a != b) return 0;
        if (!a) return 1;
    }
    return 1;   /* 16 bytes alike: names are cut there */
}

bsp_status bsp__wad_scan(const bsp_wad *w, const char *name, int miptex_only, bsp_wad_lump *out)
{
    uint8_t block[BSP__WAD_BLOCK * BSP__WAD_ENTRY];
    uint32_t at, k;
    bsp_status st;
    for (at = 0; at < w->count; at += BSP__WAD_BLOCK) {
        uint32_t n = w->count - at < BSP__WAD_BLOCK ? w->count - at : BSP__WAD_BLOCK;
        if ((st = bsp__wad_entries(w, at, n, block)) != BSP_OK) return st;
        for (k = 0; k < n; k++) {
            const uint8_t *e = block + BSP__WAD_ENTRY * k;
            if (miptex_only && e[12] != BSP_WAD_MIPTEX3 && e[12] != BSP_WAD_MIPTEX2) continue;
            if (!bsp__wad_name_is(e, name)) continue;
            bsp__wad_entry(e, at + k, out);
            return BSP_OK;
        }
    }
    return BSP_E_BAD_QUERY;
}

bsp_status bsp_wad_find(const bsp_wad *w, const char *name, bsp_wad_lump *out)
{
    if (!w || !name || !out || !w->stream) return BSP_E_BAD_ARGUMENT;
    bsp__fill(out, 0, sizeof *out);
    return bsp__wad_scan(w, name, 0, out);
}

#endif
