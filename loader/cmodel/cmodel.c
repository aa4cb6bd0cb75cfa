/* SPDX-License-Identifier: MIT */
/* cmodel.c - the collision model's entry points (cmodel.h): each asks the
 * family's collision description which parts the map has and hands the
 * work to the part's builder, so the pipeline names none of them.
 */
#include "cmodel.h"
#include "../core/map.h"
#include "hull_build.h"
#include "coll_native.h"
#include "brush_list.h"

#if BSPKIT_COLLISION

#define ARENA_UP(x) (((x) + BSP_ARENA_ALIGN - 1) & ~(uint32_t)(BSP_ARENA_ALIGN - 1))

uint32_t bsp__cmodel_lumps(const bsp_header *h, int hdr, uint8_t want[BSP_MAX_LUMPS])
{
    const struct bsp__collision *c = bsp__coll_of(h->family);
    int r;
    for (r = 0; c && r < BSP_CL_COUNT; r++) {
        /* (the lumps of quake3's curved surfaces only when
         * bsp_measure_patches found some: a map without them keeps
         * no draw vertices for collision) */
        if (BSPKIT_FAMILY_QUAKE3 && r >= BSP_CL_SURFACES && c->kind == BSP_COLL_Q3 &&
            h->patches_measured && !h->patch_bytes)
            continue;
        if (c->lumps[r] >= 0) want[c->lumps[r]] |= 2;
    }
    /* source terrain (8.14): its lumps and the base faces' loops, only
     * when the map has displacements */
    if (BSP__DISPCOLL && c && c->has_disps && c->disp_lumps[0] >= 0 && h->lumps[c->disp_lumps[0]].length) {
        for (r = 0; r < 3; r++) want[c->disp_lumps[r]] |= 2;
        return 1u << (hdr ? BSP_ROLE_FACES_HDR : BSP_ROLE_FACES) | 1u << BSP_ROLE_EDGES |
               1u << BSP_ROLE_SURFEDGES | 1u << BSP_ROLE_VERTEXES;
    }
    return 0;
}

bsp_status bsp__cmodel_place(const bsp_header *h, uint32_t end_max, uint32_t *pos,
                             bsp__cmodel_regions *r)
{
    uint32_t at = *pos;
    /* quake3 curved surfaces: their facets (bsp_measure_patches counted
     * them), built in the scratch */
    if (BSPKIT_FAMILY_QUAKE3 && bsp__coll_of(h->family)->kind == BSP_COLL_Q3) {
        if (!h->patches_measured) return BSP_E_PATCHES_NOT_MEASURED;
        r->patch_offset = at;
        if (h->patch_bytes > end_max - at) return BSP_E_BAD_LUMP;
        at = ARENA_UP(at + h->patch_bytes);
    }
    /* source terrain: sized by the header's record counts */
    if (BSP__DISPCOLL) {
        bsp_status st = bsp__disp_region(h, 1, &r->disp_bytes);
        if (st != BSP_OK) return st;
        r->disp_offset = at;
        if (r->disp_bytes > end_max - at) return BSP_E_BAD_LUMP;
        at = ARENA_UP(at + r->disp_bytes);
    }
    /* the Quake family's hulls, converted at load */
    if (BSP__QUAKE_FAMILY) {
        r->hull_bytes = bsp__hulls_bytes(h);
        r->hull_offset = at;
        if (r->hull_bytes > end_max - at) return BSP_E_BAD_LUMP;
        at += r->hull_bytes;
    }
    /* brush collision's records, converted at load (coll_native.h) */
    r->coll_bytes = bsp__coll_native_bytes(h);
    r->coll_offset = at;
    if (r->coll_bytes > end_max - at) return BSP_E_BAD_LUMP;
    at = ARENA_UP(at + r->coll_bytes);
    /* the Quake family's brush list, in the traces' records (brush_list.h) */
    if (BSP__BRUSH_LIST) {
        r->list_bytes = bsp__brush_list_bytes(h);
        r->list_offset = at;
        if (r->list_bytes > end_max - at) return BSP_E_BAD_LUMP;
        at = ARENA_UP(at + r->list_bytes);
    }
    *pos = at;
    /* the scratch: the patch builder's for the largest patch (a header
     * whose caps no builder takes is refused), the terrain builder's (a
     * bit per vertex and triangle slot) */
#if BSPKIT_FAMILY_QUAKE3
    /* (none when bsp_measure_patches_keep kept every patch: the load
     * copies them) */
    if (h->patch_bytes && !(h->patches_kept_all && h->patch_keep)) {
        size_t need = bsp__q3_patch_scratch_bytes(h->patch_caps);
        if (need > BSP__Q3_PATCH_SCRATCH) return BSP_E_BAD_ARGUMENT;
        r->scratch_bytes = (uint32_t)need;
    }
#endif
    if (BSP__DISPCOLL && r->disp_bytes && bsp__disp_scratch(h) > r->scratch_bytes)
        r->scratch_bytes = bsp__disp_scratch(h);
    return BSP_OK;
}

#if BSP__CMODEL_STEPS
uint32_t bsp__cmodel_work(const bsp__map *m, const bsp_header *h, const bsp__cmodel_regions *r)
{
    uint32_t work = 0;
    /* quake3's curved surfaces: the region's bytes */
    if (BSPKIT_FAMILY_QUAKE3 && m->has_collision) work += h->patch_bytes;
    /* source terrain: the faces' pass and the vertex grids */
    if (BSP__DISPCOLL && r->disp_bytes) work += m->faces.count * m->faces.stride + r->disp_bytes;
    return work;
}
#endif

/* A part's build failed: it names its lump. */
static bsp_status part_failed(bsp__map *m, bsp_status st, int lump)
{
    m->error_lump = (uint32_t)lump;
    m->error_offset = m->lump_file_offset[lump];
    return st;
}

bsp_status bsp__cmodel_build(bsp__map *m, const bsp_header *h, const bsp__cmodel_regions *r,
                             uint8_t *base, uint8_t *scratch, uint32_t verts_first,
                             bsp__cmodel_cursor *c, uint32_t budget)
{
    bsp_status st = BSP_OK;
    uint32_t part;
    int whole;
    c->did = 0;
    if (!c->converted) {
        if (BSP__QUAKE_FAMILY && r->hull_bytes) bsp__hulls_build(m, h, base + r->hull_offset);
        /* (after the load's checks, which these records rely on) */
        if (r->coll_bytes) st = bsp__coll_native_build(m, base + r->coll_offset, r->coll_bytes);
        if (st != BSP_OK) return st;
        c->converted = 1;
    }
#if BSPKIT_FAMILY_QUAKE3
    /* quake3's curved surfaces, a few per call */
    if (m->has_collision && h->patch_bytes) {
        st = bsp__patches_build(m, h, base + r->patch_offset, scratch, &c->patches, budget, &part, &whole,
                                verts_first);
        c->did += part;
        if (st != BSP_OK) return part_failed(m, st, bsp__coll_of(m->family)->lumps[BSP_CL_SURFACES]);
        if (!whole) return BSP_OK;
    }
#endif
    /* source terrain (8.14), a few displacements per call */
    if (BSP__DISPCOLL && r->disp_bytes) {
        st = bsp__disps_build(m, h, base + r->disp_offset, scratch, &c->disps, budget, &part, &whole);
        c->did += part;
        if (st != BSP_OK) return part_failed(m, st, bsp__disp_lump(m->family, 0));
        if (!whole) return BSP_OK;
    }
    (void)scratch, (void)verts_first, (void)budget, (void)part, (void)whole;
    c->built = 1;
    return BSP_OK;
}

void bsp__cmodel_brush_list(bsp__map *m, const bsp__cmodel_regions *r, uint8_t *base)
{
    /* (a list that is not whole is left out: the map keeps its hulls) */
    if (BSP__BRUSH_LIST && r->list_bytes) bsp__brush_list_build(m, base + r->list_offset, r->list_bytes);
    (void)m, (void)r, (void)base;
}

#endif
