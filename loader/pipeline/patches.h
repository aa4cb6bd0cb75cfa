/* SPDX-License-Identifier: MIT */
/* patches.h - Quake 3's draw vertices for the curved surfaces alone
 * (patches.c). */
#ifndef BSP_PATCHES_H
#define BSP_PATCHES_H

#include "../family/family.h"
#include "plan.h"

/* A load that keeps no draw vertex (plan verts_xyz): the lump's whole
 * records that have arrived in the window (`have` bytes of the lump in
 * all), from lump byte *pos on, about `budget` bytes (at least a record),
 * their xyz kept in the host's order when they are in the plan's run;
 * returns the bytes passed (0: no whole record has arrived). `big`: the
 * file's byte order. */
uint32_t bsp__patches_pack_some(const bsp__plan *p, uint8_t *base, uint32_t stride, int big,
                                uint32_t *pos, uint32_t have, uint32_t budget);
/* ... then the view points at the packed run, and once the patches are
 * built the vertices are forgotten. */
void bsp__patches_point_verts(bsp_map *m, const bsp__plan *p, uint8_t *base);
void bsp__patches_drop_verts(bsp_map *m);

#endif
