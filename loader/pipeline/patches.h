/* SPDX-License-Identifier: MIT */
/* patches.h - Quake 3 curved surfaces' collision region (patches.c). */
#ifndef BSP_PATCHES_H
#define BSP_PATCHES_H

#include "../family/family.h"
#include "patch_q3.h"

/* Build every patch of the loaded surfaces into region (h->patch_bytes,
 * 4-aligned) with scratch (BSP__Q3_PATCH_SCRATCH bytes), and point
 * m->patches at it. Call only when h->patch_bytes is not 0. CORRUPT: a
 * patch the builder refuses, or not the bytes bsp_measure_patches counted. */
bsp_status bsp__patches_build(bsp_map *m, const bsp_header *h, uint8_t *region, void *scratch);

#endif
