/* SPDX-License-Identifier: MIT */
/* gamelump_dir.h - the Source game lump directory (gamelump_dir.c). */
#ifndef BSP_GAMELUMP_DIR_H
#define BSP_GAMELUMP_DIR_H

#include "family.h"
#include "../core/map.h"

#define BSP__GAME_LUMP 35

/* Is m a loaded map of a family with game lumps (Source's: the only one
 * with an HDR face lump)? The others have none: UNSUPPORTED, never
 * NOT_LOADED. */
BSP_INLINE int bsp__has_game_lump(const bsp__map *m)
{
    return m->family && bsp__role_lump(m->family, BSP_ROLE_FACES_HDR) >= 0;
}

/* The game lump's bytes, NULL when not loaded. Source only: in the Quake
 * family lump_data[35] may hold a BSPX lump (bsp_bspx). */
BSP_INLINE const uint8_t *bsp__game_lump(const bsp__map *m)
{
    return bsp__has_game_lump(m) ? m->lump_data[BSP__GAME_LUMP] : NULL;
}

/* One directory entry's fields as unsigned numbers (by enum
 * bsp__game_lump_field), read through the description once per entry
 * rather than once per use. */
typedef struct bsp__gl_entry { uint32_t field[BSP_GL_FIELDS]; } bsp__gl_entry;

/* Entries in the directory (dummy included), 0 if it does not fit or the
 * map is not Source's. */
uint32_t bsp__game_lump_entries(const bsp__map *m);
/* Entry i (< bsp__game_lump_entries). */
void bsp__game_lump_entry(const bsp__map *m, uint32_t i, bsp__gl_entry *out);
/* The console directory's closing entry. */
BSP_INLINE int bsp__game_lump_is_dummy(const bsp__gl_entry *e)
{
    return e->field[BSP_GL_ID] == 0 && e->field[BSP_GL_LENGTH] == 0;
}
/* The closing entry of a PC map bspzip repacked: zeros, no offset (the
 * SDK's CompressGameLump writes the data's end past the buffer it saves). */
BSP_INLINE int bsp__game_lump_open_end(const bsp__gl_entry *e)
{
    return bsp__game_lump_is_dummy(e) && e->field[BSP_GL_OFFSET] == 0;
}

/* Work out once, after validation, where the game lump directory's offsets
 * count from (m->game_lump_base), so that fetching a sub-lump costs the same
 * whatever the directory's length. */
void bsp__game_lump_locate(bsp__map *m);

#endif
