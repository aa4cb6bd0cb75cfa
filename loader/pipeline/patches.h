/* SPDX-License-Identifier: MIT */
/* patches.h - Quake 3 curved surfaces' collision region (patches.c). */
#ifndef BSP_PATCHES_H
#define BSP_PATCHES_H

#include "../family/family.h"
#include "../core/map.h"
#include "patch_q3.h"
#include "plan.h"

/* Where a build stands: the next surface, the region's next free byte,
 * the next patch's ordinal. All 0 before the first call. */
typedef struct bsp__patch_cursor {
    uint32_t surface, at, ordinal;
} bsp__patch_cursor;

/* Build the loaded surfaces' patches into region (h->patch_bytes,
 * 4-aligned) with scratch (BSP__Q3_PATCH_SCRATCH bytes), about `budget`
 * bytes of the region per call (at least one surface), and point
 * m->patches at it; *did gets the bytes done, *done 1 once the last is
 * built. m->vertexes holds the draw vertices from index verts_first on (0:
 * all). Call only when h->patch_bytes is not 0. CORRUPT: a patch the
 * builder refuses, control points outside m->vertexes, or not the bytes
 * bsp_measure_patches counted. */
bsp_status bsp__patches_build(bsp__map *m, const bsp_header *h, uint8_t *region, void *scratch,
                              bsp__patch_cursor *c, uint32_t budget, uint32_t *did, int *done,
                              uint32_t verts_first);

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
void bsp__patches_point_verts(bsp__map *m, const bsp__plan *p, uint8_t *base);
void bsp__patches_drop_verts(bsp__map *m);

#endif
