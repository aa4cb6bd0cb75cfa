/* SPDX-License-Identifier: MIT */
/* wal.c - a Quake 2 .wal file through the caller's stream: its header
 * (qfiles.h miptex_t) as a bsp_texture whose indices name the caller's
 * palette (the game's colormap). */
#include "texture.h"
#include "../core/config.h"
#include "../core/read.h"
#include "../../port/bsp_port.h"

#if BSPKIT_ACCESS   /* else core/absent.c */

#define WAL_HEADER 100u   /* name[32], width, height, offsets[4], animname[32],
                             flags, contents, value */
#define WAL_NAME 32u

bsp_status bsp_wal_open(bsp_texture *out, const bsp_stream *s)
{
    uint8_t h[WAL_HEADER];
    uint32_t k;
    bsp_status st;
    if (!out || !s) return BSP_E_BAD_ARGUMENT;
    bsp__texture_clear(out, BSP_TEXTURE_CORRUPT);
    /* (the mips are read where each lies, in the order they are asked for) */
    if (!s->read || s->size == BSP_SIZE_UNKNOWN || s->forward_only) return BSP_E_BAD_ARGUMENT;
    if (s->size < WAL_HEADER) return BSP_E_TRUNCATED;
    if ((st = bsp__read(s, 0, h, WAL_HEADER)) != BSP_OK) return st;
    bsp__texture_set_name(out, h, WAL_NAME);
    /* ref_gl's GL_Upload8 draws index 255 of every 8-bit image transparent */
    out->transparent255 = 1;
    out->palette = BSP_PALETTE_CALLER;
    out->has_size = 1;
    out->width = bsp__get_le32(h + 32);
    out->height = bsp__get_le32(h + 36);
    for (k = 0; k < BSP_TEXTURE_MIPS; k++) out->mip_offset[k] = bsp__get_le32(h + 40 + 4 * k);
    for (k = 0; k < 32 && h[56 + k]; k++) out->wal_next[k] = (char)h[56 + k];
    out->wal_flags = (int32_t)bsp__get_le32(h + 88);
    out->wal_contents = (int32_t)bsp__get_le32(h + 92);
    out->wal_value = (int32_t)bsp__get_le32(h + 96);
    out->stream = s;
    bsp__wal_mips(out, WAL_HEADER, s->size);
    return BSP_OK;
}

#endif
