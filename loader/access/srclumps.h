/* SPDX-License-Identifier: MIT */
/* srclumps.h - what cubemaps.c and worldlights.c share. */
#ifndef BSP_SRCLUMPS_H
#define BSP_SRCLUMPS_H

#include "../bspkit.h"
#include "../core/map.h"

/* The check both start with: BAD_ARGUMENT (NULL, not a Source map, h not
 * m's header for `lump`), NOT_LOADED (a non-empty lump left out), else OK
 * (the lump loaded, or empty). */
bsp_status bsp__source_lump(const bsp__map *m, const bsp_header *h, uint32_t lump);

#endif
