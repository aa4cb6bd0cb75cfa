/* SPDX-License-Identifier: MIT */
/* patch_set.h - the layout of a built patch set in the caller's memory,
 * shared by the file that builds it (patch_set.c) and the one that reads
 * it (patch_set_read.c), which the face access uses without the build.
 * The memory: the head, one record per patch face (in face order), the
 * vertices of the grids one after another, and id's 65 x 65 work grid at
 * the end. */
#ifndef BSP_PATCH_SET_H
#define BSP_PATCH_SET_H

#include "patch_grid.h"

#define SET_MAGIC 0x43757276u   /* "Curv" */

typedef struct set_head {
    uint32_t magic, count, flags, pad;
    size_t pool_cap, pool_used;   /* vertices */
} set_head;

typedef struct set_grid {
    uint32_t face, w, h;
    uint32_t skip;                /* NODRAW: not a grid to the renderer */
    size_t first;                 /* its vertices in the pool */
    uint32_t fixed, stitched;     /* id's lodFixed, lodStitched */
    uint32_t parent, next;        /* the LOD walk's path */
    float lod_origin[3], lod_radius;
    float err[2][BSP__GRID];      /* widthLodError, heightLodError */
} set_grid;

static inline size_t set_align8(size_t n) { return (n + 7u) & ~(size_t)7u; }

/* Where a set's records and its vertex pool start (for `count` grids). */
static inline size_t set_grids_at(void) { return set_align8(sizeof(set_head)); }
static inline size_t set_pool_at(uint32_t count)
{
    return set_grids_at() + set_align8((size_t)count * sizeof(set_grid));
}

/* The head of a built set, or NULL (not one, misaligned). */
const set_head *bsp__patch_set_head(const void *set);
/* The record a built set holds for `face` (its grids are in face order),
 * or NULL, and the first vertex of a record's grid. */
const set_grid *bsp__patch_set_find(const void *set, uint32_t face);
const bsp_grid_vertex *bsp__patch_set_verts(const void *set, const set_grid *g);

#endif
