/* SPDX-License-Identifier: MIT */
/* gamelump.h - what bsp_load asks of the game lump code. */
#ifndef BSP_GAMELUMP_H
#define BSP_GAMELUMP_H

#include "../bspkit.h"

/* Work out once, after validation, where the game lump directory's offsets
 * count from (m->game_lump_base), so that fetching a sub-lump costs the same
 * whatever the directory's length. */
void bsp__game_lump_locate(bsp_map *m);

#endif
