/* SPDX-License-Identifier: MIT */
/* light_grid.h - the BSPX LIGHTGRID_OCTREE lump of quake, bsp2, goldsrc and
 * quake2 (docs/queries.md 10.5): checked once at load, then indexed so that
 * a lookup finds a grid point's samples without scanning the lump. */
#ifndef BSP_LIGHT_GRID_H
#define BSP_LIGHT_GRID_H

#include "family.h"
#include "../core/map.h"

/* The families whose ambient query reads the grid. */
#define BSP__USE_LIGHT_GRID (BSPKIT_AMBIENT && (BSP__QUAKE_FAMILY || BSPKIT_FAMILY_QUAKE2))

/* The lump's fixed part: step[3], size[3], mins[3], numstyles, rootnode,
 * numnodes; then 44-byte nodes, numleafs, the leaves (24-byte header, then
 * points of 1 + 4 * count bytes, none after a count of 255). */
#define BSP__GRID_HEAD 45u
#define BSP__GRID_NODE 44u
#define BSP__GRID_LEAF_HEAD 24u
#define BSP__GRID_MISSING 0x40000000u   /* a child reference with no data */
#define BSP__GRID_LEAF 0x80000000u
#define BSP__GRID_NO_DATA 255u          /* a point's count: no samples */
#define BSP__GRID_STRIDE 8u             /* points a leaf's index entry covers */

/* The parsed grid, at the start of its arena region; the index follows it:
 * per leaf {its header's offset in the lump, its first entry in point_at},
 * then per BSP__GRID_STRIDE points of a leaf the offset of the first in the
 * lump (a lookup steps over at most STRIDE - 1 points: the index stays
 * within half the lump's size). Offsets only, no pointers: the arena's
 * bytes do not depend on where it lies. `valid` 0: the lump failed 10.5's
 * validation (every lookup answers no_ambient). `entry`: the BSPX entry
 * the lump is (lump_data[BSP_BSPX_FIRST + entry]). */
typedef struct bsp__light_grid {
    uint32_t lump_size;
    uint32_t valid;
    uint32_t entry;
    float step[3], mins[3];
    int32_t size[3];
    uint32_t root, num_nodes, num_leafs;
} bsp__light_grid;

#define BSP__GRID_STRUCT ((sizeof(bsp__light_grid) + 7u) & ~(size_t)7u)
BSP_INLINE const uint32_t *bsp__grid_leaf_at(const bsp__light_grid *g)
{
    return (const uint32_t *)(const void *)((const uint8_t *)g + BSP__GRID_STRUCT);
}
BSP_INLINE const uint32_t *bsp__grid_point_at(const bsp__light_grid *g)
{
    return bsp__grid_leaf_at(g) + 2u * g->num_leafs;
}

/* Arena bytes for the grid of a lump of `lump_size` bytes (a multiple of
 * 8): the struct and the largest index such a lump can need, about half
 * the lump. The same region is the validation's scratch. */
uint32_t bsp__light_grid_bytes(uint32_t lump_size);

/* Parses and validates `lump` (little-endian in every file) into `region`
 * (8-aligned, bsp__light_grid_bytes(lump_size) bytes). BSP_OK, or
 * BSP_E_CORRUPT when the lump fails validation: the grid is then kept with
 * valid 0. Work and stack are bounded by the lump's size, never by what its
 * counts claim. */
bsp_status bsp__light_grid_build(const uint8_t *lump, uint32_t lump_size, void *region,
                                 const bsp__light_grid **out);

/* The load's last step: the map's LIGHTGRID_OCTREE, when it read one,
 * parsed into `region` (`bytes` long, from the plan) as m->light_grid. A
 * grid that fails validation is kept, invalid: docs/queries.md 10.5 makes
 * that an answer of every lookup (no_ambient), not an unloadable map. */
void bsp__light_grid_attach(bsp__map *m, void *region, uint32_t bytes);

#endif
