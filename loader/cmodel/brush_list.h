/* SPDX-License-Identifier: MIT */
/* brush_list.h - a BSPX BRUSHLIST (docs/queries.md 13.7) converted at load
 * into the brush traces' records (coll_native.h), so that a Quake-family
 * model without the hull a box picks is traced over its own brushes by
 * Quake 2's rule (loader/collision/trace.c) instead of answering BAD_HULL.
 *
 * The lump (ericw-tools -wrbrushes, little-endian whatever the host):
 * blocks until its end, each int32 ver (1), modelnum, numbrushes,
 * numplanes (the model's stored planes), then per brush float mins[3],
 * maxs[3], int16 contents, uint16 numplanes and that many {float
 * normal[3], dist}. Each brush's sides are its six axial planes from its
 * bounds (-x, +x, -y, +y, -z, +z), then the stored ones.
 *
 * A list is kept only whole: every block of version 1 naming a model of
 * the map once, its plane count the sum of its brushes', every float
 * finite, the last block ending at the lump's end. Any other list is
 * ignored (the map collides by its hulls alone, as without one), so a
 * trace never meets a half-read list.
 */
#ifndef BSP_BRUSH_LIST_H
#define BSP_BRUSH_LIST_H

#include "coll_native.h"

/* The converted list (bsp__map.brush_list): the brushes of every block in
 * the lump's order as one brush array (nat.brushes, contents as
 * BSP_CONTENTS_* flags, what a trace's mask meets; nat.sides index
 * nat.planes one to one), each model's run of them (model_first ==
 * BSP__COLL_BAD: no block), and the contents as stored, for the brush
 * access. nat has no nodes, leaves or leaf brushes. */
typedef struct bsp__brush_list {
    bsp__coll_native nat;
    const uint32_t *model_first, *model_count;
    const int32_t *stored_contents;
    uint32_t num_models;
} bsp__brush_list;

/* The arena bytes the list of header h may need (a multiple of 8; 0: the
 * family reads no list, the load has no BSPX lump of that name, or the
 * map has no models), from the lump's length and the model count alone,
 * so that bsp_measure counts it without the map: a brush takes at least
 * 28 of the lump's bytes and gives 160 of records, a stored plane 16 and
 * 24. A forward-only load, which meets the BSPX directory at its end,
 * sizes it for the tail it searches, up to BSP_BRUSH_LIST_FORWARD_MAX
 * bytes of lump (a longer list is then ignored). 0xffffffff: past 32
 * bits. */
uint32_t bsp__brush_list_bytes(const bsp_header *h);

/* Converts the loaded lump into `region` (bytes from the above, 8-aligned)
 * and sets m->brush_list; leaves it NULL for a list that is not whole. */
void bsp__brush_list_build(bsp__map *m, uint8_t *region, uint32_t bytes);

#endif
