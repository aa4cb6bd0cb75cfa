/* SPDX-License-Identifier: MIT */
/* disp_leaves.h - which world leaves each Source displacement belongs to
 * (docs/queries.md 11.1), worked out per call from 8.14's grid and walk
 * (disp_leaves.c): the lists behind bsp_leaf_disps and the terrain of
 * bsp_visible_faces. */
#ifndef BSP_DISP_LEAVES_H
#define BSP_DISP_LEAVES_H

#include "map_access.h"
#include "../core/map.h"

/* The displacement lumps as a call reads them. */
typedef struct bsp__disps {
    const uint8_t *info, *verts;   /* lumps 26 and 33 */
    uint32_t count, stride;        /* displacements, bytes a record */
    uint32_t vert_count;           /* lump 33's records */
} bsp__disps;

/* The map's displacements. UNSUPPORTED: not a family with them, a lump
 * 26 of a record layout the library does not know (its length not a
 * multiple of the record), or more than BSP_TRACE_DISPS_MAX of them;
 * NOT_LOADED: the load left lumps 26 or 33 or the faces out. */
bsp_status bsp__disps_open(const bsp__map *m, bsp__disps *d);

/* For each displacement, in the order of its base face: `take(ctx, disp,
 * face)` once when `in(ctx, leaf)` is 1 for a leaf its box reaches.
 * CORRUPT: a power outside 2..4, a vertex run outside lump 33, no base
 * face, a face's dispinfo past lump 26, a tree the walk cannot finish. */
bsp_status bsp__disps_reach(const bsp__map *m, const bsp__disps *d, int (*in)(void *ctx, uint32_t leaf),
                            void (*take)(void *ctx, uint32_t disp, uint32_t face), void *ctx);

#endif
