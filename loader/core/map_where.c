/* SPDX-License-Identifier: MIT */
/* map_where.c - where a failed load stopped, read from the private map. */
#include "../bspkit.h"
#include "map.h"

void bsp_map_where(const bsp_map *map, bsp_where *where)
{
    const bsp__map *m = bsp__map_c(map);
    if (!where) return;
    where->lump = m ? m->error_lump : BSP_NO_LUMP;
    where->offset = m ? m->error_offset : 0;
    where->version = -1;
}
