/* SPDX-License-Identifier: MIT */
/* wad.h - what the WAD files share (wad.c the directory, wad_texture.c its
 * textures): a directory entry's layout and the directory walk. */
#ifndef BSP_WAD_H
#define BSP_WAD_H

#include "../bspkit.h"

#define BSP__WAD_ENTRY 32u         /* int32 filepos, disksize, size; uint8 type,
                                      compression, pad[2]; char name[16] */
#define BSP__WAD_NAME 16u
#define BSP__WAD_BLOCK 32u         /* entries read at once by a walk */

/* Directory entry e (its 32 bytes) as entry `index`. */
void bsp__wad_entry(const uint8_t e[BSP__WAD_ENTRY], uint32_t index, bsp_wad_lump *out);

/* Entries first .. first + n - 1 (inside the directory) into dst. */
bsp_status bsp__wad_entries(const bsp_wad *w, uint32_t first, uint32_t n, uint8_t *dst);

/* Is entry e named `name` (its first 16 bytes), without case? */
int bsp__wad_name_is(const uint8_t e[BSP__WAD_ENTRY], const char *name);

/* The first entry named `name` (of a miptex type, when miptex_only):
 * BAD_QUERY when there is none; TRUNCATED or IO from a read. */
bsp_status bsp__wad_scan(const bsp_wad *w, const char *name, int miptex_only, bsp_wad_lump *out);

#endif
