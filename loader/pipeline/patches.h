/* SPDX-License-Identifier: MIT */
/* patches.h - Quake 3 curved surfaces' collision region (patches.c). */
#ifndef BSP_PATCHES_H
#define BSP_PATCHES_H

#include "../family/family.h"
#include "patch_q3.h"

/* Where a build stands: the next surface, the region's next free byte,
 * the next patch's ordinal. All 0 before the first call. */
typedef struct bsp__patch_cursor {
    uint32_t surface, at, ordinal;
} bsp__patch_cursor;

/* Build the loaded surfaces' patches into region (h->patch_bytes,
 * 4-aligned) with scratch (BSP__Q3_PATCH_SCRATCH bytes), about `budget`
 * bytes of the region per call (at least one surface), and point
 * m->patches at it; *did gets the bytes done, *done 1 once the last is
 * built. Call only when h->patch_bytes is not 0. CORRUPT: a patch the
 * builder refuses, or not the bytes bsp_measure_patches counted. */
bsp_status bsp__patches_build(bsp_map *m, const bsp_header *h, uint8_t *region, void *scratch,
                              bsp__patch_cursor *c, uint32_t budget, uint32_t *did, int *done);

/* A load that keeps no draw vertex (plan verts_xyz): the view's records
 * (at `at`, in the host's order) packed to their xyz before the build,
 * and the vertices forgotten once the patches are built. */
void bsp__patches_pack_verts(bsp_map *m, uint8_t *at);
void bsp__patches_drop_verts(bsp_map *m);

#endif
