/* SPDX-License-Identifier: MIT */
/* patch_region.h - Quake 3 curved surfaces' collision region
 * (patch_region.c): counted by bsp_measure_patches, built at the load's end. */
#ifndef BSP_PATCH_REGION_H
#define BSP_PATCH_REGION_H

#include "../family/family.h"
#include "../core/map.h"
#include "patch_q3.h"

/* Where a build stands: the next surface, the region's next free byte,
 * the next patch's ordinal, the next kept entry (bsp_measure_patches_keep)
 * and its byte in the keep. All 0 before the first call. */
typedef struct bsp__patch_cursor {
    uint32_t surface, at, ordinal, kept, keep_at;
} bsp__patch_cursor;

/* Build the loaded surfaces' patches into region (h->patch_bytes,
 * 4-aligned) with scratch (BSP__Q3_PATCH_SCRATCH bytes), about `budget`
 * bytes of the region per call (at least one surface), and point
 * m->patches at it; *did gets the bytes done, *done 1 once the last is
 * built. m->vertexes holds the draw vertices from index verts_first on (0:
 * all). Call only when h->patch_bytes is not 0. CORRUPT: a patch the
 * builder refuses, control points outside m->vertexes, or not the bytes
 * bsp_measure_patches counted; a kept patch (h->patch_keep) whose entry
 * or control points are not the file's. */
bsp_status bsp__patches_build(bsp__map *m, const bsp_header *h, uint8_t *region, void *scratch,
                              bsp__patch_cursor *c, uint32_t budget, uint32_t *did, int *done,
                              uint32_t verts_first);

#endif
