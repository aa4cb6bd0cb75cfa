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

/* The head of a built set, or NULL (not one, misaligned). */
const set_head *bsp__patch_set_head(const void *set);
/* The grid a built set holds for `face` (its grids are in face order):
 * 1 and *out filled when it has one, else 0. */
int bsp__patch_set_find(const void *set, uint32_t face, bsp_patch_grid *out);

#endif
