/* SPDX-License-Identifier: MIT */
/* cmodel.h - the collision model a load builds (as Quake III's cm_load.c):
 * what the pipeline asks of this folder, one call per question, for every
 * family. Which parts a map gets follows from its family's collision
 * description (description.h: struct bsp__collision's kind, lumps and
 * terrain lumps) and from the header: quake3's curved surfaces
 * (patch_region.c, bsp_measure_patches having counted them), Source's
 * terrain (disp_build.c), the Quake family's hulls (hull_build.c), the
 * brush families' records in the host's order (coll_build.c). The traces
 * (loader/collision/) read what these build.
 */
#ifndef BSP_CMODEL_H
#define BSP_CMODEL_H

#include "../family/family.h"
#include "../core/map.h"
#include "patch_region.h"
#include "disp_build.h"

/* Where the parts go in the arena, after the lumps and before the
 * scratch, in this order; 0 bytes: the map has no such part. */
typedef struct bsp__cmodel_regions {
    uint32_t patch_offset;               /* quake3 curved surfaces
                                            (h->patch_bytes) */
    uint32_t disp_offset, disp_bytes;    /* source terrain's collision (8.14) */
    uint32_t hull_offset, hull_bytes;    /* the Quake family's hulls (hull_build.h) */
    uint32_t coll_offset, coll_bytes;    /* brush collision's native records
                                            (coll_native.h); 0: none */
    uint32_t list_offset, list_bytes;    /* the Quake family's BSPX brush list
                                            (brush_list.h); 0: none */
    uint32_t scratch_bytes;              /* what the builds need of the scratch */
} bsp__cmodel_regions;

/* Where a build stands (bsp__cmodel_build). All 0 before the first call. */
typedef struct bsp__cmodel_cursor {
    uint8_t converted;                   /* the hulls and native records are built */
    uint8_t built;                       /* ... and every part */
    uint32_t did;                        /* the work the last call did */
    bsp__patch_cursor patches;           /* quake3 curved surfaces being built */
    bsp__disp_cursor disps;              /* source terrain being built */
} bsp__cmodel_cursor;

/* 1 when a build's model has parts built over several steps (quake3's
 * curved surfaces, Source's terrain): only then has a load work to count
 * for the model, and a last step that may come back. */
#define BSP__CMODEL_STEPS (BSP__DISPCOLL || (BSPKIT_COLLISION && BSPKIT_FAMILY_QUAKE3))

/* The lumps a load with BSP_LOAD_COLLISION reads for the model: want[lump]
 * |= 2 for each (a lump collision interprets, which must have a known
 * layout); returns the roles it needs besides (bits 1 << BSP_ROLE_*: the
 * faces, HDR ones when `hdr`, that terrain is built on). */
uint32_t bsp__cmodel_lumps(const bsp_header *h, int hdr, uint8_t want[BSP_MAX_LUMPS]);

/* Places the parts from arena offset *pos on (advanced past them), none
 * reaching past end_max, and sets r->scratch_bytes to what their builds
 * need of the scratch (which follows them). PATCHES_NOT_MEASURED: a
 * quake3 header bsp_measure_patches has not seen; BAD_LUMP: a part past
 * end_max or not countable in 32 bits; BAD_ARGUMENT: a header whose patch
 * caps no builder takes. Only for a load with collision. */
bsp_status bsp__cmodel_place(const bsp_header *h, uint32_t end_max, uint32_t *pos,
                             bsp__cmodel_regions *r);

/* The work the stepped builds count in the loader's progress (work_total;
 * BSP__CMODEL_STEPS builds only). */
uint32_t bsp__cmodel_work(const bsp__map *m, const bsp_header *h, const bsp__cmodel_regions *r);

/* Builds the model into the regions of the arena at `base`, after the
 * load's checks, with `scratch`, about `budget` bytes per call (the hulls
 * and native records in the first, whole); c->did gets the work done,
 * c->built 1 once all is built. m->vertexes holds quake3's draw vertices
 * from verts_first on. A part that fails names its lump in m->error_lump
 * and error_offset (CORRUPT: patch_region.h, disp_build.h, coll_native.h). */
bsp_status bsp__cmodel_build(bsp__map *m, const bsp_header *h, const bsp__cmodel_regions *r,
                             uint8_t *base, uint8_t *scratch, uint32_t verts_first,
                             bsp__cmodel_cursor *c, uint32_t budget);

/* The Quake family's BSPX brush list (brush_list.h) into its region, once
 * the model is built and the BSPX lumps are in place (a forward-only
 * load finds them in its tail at the end). */
void bsp__cmodel_brush_list(bsp__map *m, const bsp__cmodel_regions *r, uint8_t *base);

#endif
