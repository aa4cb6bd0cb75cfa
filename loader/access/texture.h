/* SPDX-License-Identifier: MIT */
/* texture.h - what the texture files share (docs/queries.md 11.2): a
 * miptex record's header and its own palette checked the one way for a
 * map's lump and a WAD's lump (miptex.c), and a bsp_texture's start. */
#ifndef BSP_TEXTURE_H
#define BSP_TEXTURE_H

#include "../bspkit.h"

#define BSP__MIPTEX_HEADER 40u     /* char name[16]; uint32 width, height, ofs[4] */
#define BSP__MIPTEX_NAME 16u
#define BSP__PALETTE_COUNT 256

/* Where a miptex header keeps its fields (docs/queries.md 11.2, 13.4):
 * its length, uint32 width and height at `size`, the four uint32 mip
 * offsets at `offsets`. A map's comes from its family's access
 * description (miptex_header, texture_size, miptex_offsets: Quake 64's is
 * 44 bytes, a uint32 `shift` between the size and the offsets, which
 * bspkit does not interpret); a WAD's is Quake's, bsp__miptex_quake. */
typedef struct bsp__miptex_layout {
    uint8_t header, size, offsets;
} bsp__miptex_layout;
extern const bsp__miptex_layout bsp__miptex_quake;

/* t emptied: no name, no size, status `status`, texinfo -1. */
void bsp__texture_clear(bsp_texture *t, bsp_texture_status status);

/* t->name from the bytes [p, p + max) up to the first NUL (at most
 * BSP_TEXTURE_NAME_BYTES - 1 of them), and the '{' rule. */
void bsp__texture_set_name(bsp_texture *t, const uint8_t *p, uint32_t max);

/* The header h (laid out as `lay`) of a miptex record that has `avail`
 * bytes from its start
 * to its lump's end: t's size and mip offsets, and its status by 11.2's
 * rules: EXTERNAL for ofs[0] == 0 when `external` allows it (a map's
 * lump; in a WAD the pixels must be there), else EMBEDDED or CORRUPT. An
 * own palette (`own`) is placed after mip 3 (t->palette_offset, its
 * colours; the int16 count before them) and must fit in `avail`; its
 * count is checked by bsp__miptex_palette_count. The name is the
 * caller's (a map's record, a WAD's directory). */
void bsp__miptex_header(const bsp__miptex_layout *lay, const uint8_t *h, uint32_t avail, int external,
                        int own, bsp_texture *t);

/* A .wal's mips (offsets from the file's start, set in t with its size):
 * after its `header` bytes and inside `avail`, else CORRUPT. */
void bsp__wal_mips(bsp_texture *t, uint32_t header, uint32_t avail);

/* An own palette's stored count (int16, little-endian): CORRUPT unless 256. */
void bsp__miptex_palette_count(bsp_texture *t, const uint8_t count[2]);

/* Is mip k's run [t->mip_offset[k], + n) and, with an own palette, the
 * palette inside t->size bytes? (What the pixel calls check again.) */
int bsp__texture_fits(const bsp_texture *t, uint32_t k, uint32_t n);

#endif
