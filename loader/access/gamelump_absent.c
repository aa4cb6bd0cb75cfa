/* SPDX-License-Identifier: MIT */
/* gamelump_absent.c - the game lump directory in a build without the source
 * family (BSPKIT_FAMILIES): no family it carries has game lumps, so every
 * map answers as a non-Source map does in the full build. */
#include "../family/family.h"
#include "gamelump.h"

#if !BSPKIT_FAMILY_SOURCE

void bsp__game_lump_locate(bsp_map *m)
{
    m->game_lump_base = BSP_NO_LUMP;
}

uint32_t bsp_game_lump_count(const bsp_map *m)
{
    (void)m;
    return 0;
}

bsp_status bsp_game_lump_get(const bsp_map *m, uint32_t index, bsp_game_lump *out)
{
    (void)index;
    return (!m || !out) ? BSP_E_BAD_ARGUMENT : BSP_E_NOT_LOADED;
}

#endif
