/* SPDX-License-Identifier: MIT */
/* coll_build.c - the brush families' collision records converted once at
 * load (coll_native.h): one builder over every family's description. */
#include <stddef.h>
#include "coll_native.h"
#include "../core/map.h"

#if BSPKIT_COLLISION

#define COLL_REC(v, i) ((v).data + (size_t)(i) * (v).stride)
#define COLL_ALIGN8(x) (((x) + 7u) / 8u * 8u)
/* The region's header, the same bytes on every target (its pointers are
 * 4 or 8 bytes): bsp_measure's answer does not depend on the machine. */
#define COLL_HEADER_BYTES 96u
BSP__CHECK(coll_header, sizeof(bsp__coll_native) <= COLL_HEADER_BYTES);

#define COLL_KINDS 7
#define PATCH_SURFACE 2        /* MST_PATCH: a surface of another type has no patch */

/* The record counts: planes, nodes, leafs, brushes, sides, leaf brushes
 * (the lump's size over its record's, 0 for a lump without), then the
 * leaves' surface runs (their count set by the caller). */
static int coll_native_lumps(const struct bsp_family *f, int lump[6])
{
    const struct bsp__collision *c = bsp__coll_of(f);
    if (!c || c->kind == BSP_COLL_HULLS) return 0;
    lump[0] = bsp__role_lump(f, BSP_ROLE_PLANES);
    lump[1] = bsp__role_lump(f, BSP_ROLE_NODES);
    lump[2] = bsp__role_lump(f, BSP_ROLE_LEAFS);
    lump[3] = c->lumps[BSP_CL_BRUSHES];
    lump[4] = c->lumps[BSP_CL_BRUSHSIDES];
    lump[5] = c->lumps[BSP_CL_LEAFBRUSHES];
    return 1;
}

/* Bytes for n records of each kind, in the region's order; 0xffffffff
 * past 32 bits. */
static uint32_t coll_native_size(const uint32_t n[COLL_KINDS])
{
    static const uint8_t size[COLL_KINDS] = { sizeof(bsp__cplane), sizeof(bsp__cnode), sizeof(bsp__cleaf),
                                              sizeof(bsp__cbrush), 4, 4, sizeof(bsp__crun) };
    uint64_t total = COLL_HEADER_BYTES;
    uint32_t k;
    for (k = 0; k < COLL_KINDS; k++) total += COLL_ALIGN8((uint64_t)n[k] * size[k]);
    return total > 0xffffffffu - 64u ? 0xffffffffu : (uint32_t)total;
}

uint32_t bsp__coll_native_bytes(const bsp_header *h)
{
    int lump[6];
    uint32_t n[COLL_KINDS], k;
    if (!coll_native_lumps(h->family, lump)) return 0;
    for (k = 0; k < 6; k++) {
        const bsp__layout *lay = lump[k] >= 0 ? bsp__lump_layout(h, (uint32_t)lump[k]) : NULL;
        n[k] = lay && lay->record_size && h->lumps[lump[k]].length
             ? h->lumps[lump[k]].size / lay->record_size : 0;
    }
    n[6] = h->patch_bytes ? n[2] : 0;   /* (only quake3 measures patches) */
    return coll_native_size(n);
}

/* Takes n records of `size` bytes from *at. */
static uint8_t *coll_take(uint8_t **at, uint32_t n, uint32_t size)
{
    uint8_t *p = *at;
    *at += COLL_ALIGN8(n * size);
    return p;
}

/* 1 when entry i of the surface list is a valid surface of no patch. */
static int coll_no_patch(const bsp__map *m, uint32_t i)
{
    const struct bsp__collision *c = bsp__coll_of(m->family);
    uint32_t s = (uint32_t)bsp__field_getp(COLL_REC(m->leaffaces, i), &m->family->tree.leafface_face);
    return s < m->faces.count && bsp__field_getp(COLL_REC(m->faces, s), &c->surf_type) != PATCH_SURFACE;
}

/* quake3: each leaf's surface run less its ends of no patch. The ends
 * read are bounded by a budget (a hostile file's leaves may all list the
 * whole list): past it a run stays whole, which the trace reads alike. */
static void coll_surface_runs(const bsp__map *m, bsp__crun *runs)
{
    const struct bsp_family *f = m->family;
    uint32_t i, list = m->leaffaces.count, budget = list < 0x3fff0000u ? 4u * list + 4096u : 0xffffffffu;
    for (i = 0; i < m->leafs.count; i++) {
        const uint8_t *rec = COLL_REC(m->leafs, i);
        uint32_t first = (uint32_t)bsp__field_getp(rec, &f->tree.leaf_firstleafface);
        uint32_t count = (uint32_t)bsp__field_getp(rec, &f->tree.leaf_numleaffaces);
        if (first > list || count > list - first) {
            runs[i].first = BSP__COLL_BAD, runs[i].count = 1;
            continue;
        }
        while (count && budget && coll_no_patch(m, first)) first++, count--, budget--;
        while (count && budget && coll_no_patch(m, first + count - 1)) count--, budget--;
        runs[i].first = first, runs[i].count = count;
    }
}

bsp_status bsp__coll_native_build(bsp__map *m, uint8_t *region, uint32_t bytes)
{
    const struct bsp_family *f = m->family;
    const struct bsp__collision *c = bsp__coll_of(f);
    bsp__coll_native *nat = (bsp__coll_native *)(void *)region;
    bsp__cplane *planes;
    bsp__cnode *nodes;
    bsp__cleaf *leafs;
    bsp__cbrush *brushes;
    uint32_t *sides, *leafbrushes, n[COLL_KINDS], i, checked = 1;
    bsp__crun *runs;
    uint8_t *at = region + COLL_HEADER_BYTES;
    /* (wide records: Strata's and Vindictus's only) */
    int wide_side = (BSP__STRATA || BSP__VINDICTUS) && m->brushsides.stride == c->side_wide_bytes;
    int wide_lb = (BSP__STRATA || BSP__VINDICTUS) && m->leafbrushes.stride == c->leafbrush_wide_bytes;
    int q3 = BSPKIT_FAMILY_QUAKE3 && c->kind == BSP_COLL_Q3;

    n[0] = m->planes.count, n[1] = m->nodes.count, n[2] = m->leafs.count;
    n[3] = m->brushes.count, n[4] = m->brushsides.count, n[5] = m->leafbrushes.count;
    /* (the plan reserved the runs when the map has patches) */
    n[6] = q3 ? n[2] : 0;
    if (coll_native_size(n) > bytes) n[6] = 0;
    if (coll_native_size(n) > bytes) return BSP_E_CORRUPT;
    planes = (bsp__cplane *)(void *)coll_take(&at, n[0], sizeof *planes);
    nodes = (bsp__cnode *)(void *)coll_take(&at, n[1], sizeof *nodes);
    leafs = (bsp__cleaf *)(void *)coll_take(&at, n[2], sizeof *leafs);
    brushes = (bsp__cbrush *)(void *)coll_take(&at, n[3], sizeof *brushes);
    sides = (uint32_t *)(void *)coll_take(&at, n[4], 4);
    leafbrushes = (uint32_t *)(void *)coll_take(&at, n[5], 4);
    runs = (bsp__crun *)(void *)coll_take(&at, n[6], sizeof *runs);

    for (i = 0; i < n[0]; i++) bsp__coll_plane(m, (int32_t)i, &planes[i]);
    for (i = 0; i < n[1]; i++) {
        const uint8_t *rec = COLL_REC(m->nodes, i);
        uint32_t k;
        uint32_t plane = (uint32_t)bsp__field_getp(rec, &f->tree.node_plane);
        if (plane >= n[0]) return BSP_E_CORRUPT;
        nodes[i].plane_at = plane * (uint32_t)sizeof *planes;
        for (k = 0; k < 2; k++) {
            int32_t ch = bsp__field_getp(rec, &f->tree.node_child[k]);
            if (ch >= 0 ? (uint32_t)ch >= n[1] : (uint32_t)(-1 - ch) >= n[2]) return BSP_E_CORRUPT;
            nodes[i].child[k] = ch;
        }
    }
    for (i = 0; i < n[2]; i++) {
        const uint8_t *rec = COLL_REC(m->leafs, i);
        uint32_t first = (uint32_t)bsp__field_getp(rec, &c->leaf_firstleafbrush);
        uint32_t count = (uint32_t)bsp__field_getp(rec, &c->leaf_numleafbrushes);
        leafs[i].contents = bsp__field_getp(rec, &f->tree.leaf_contents);
        leafs[i].first = first > n[5] || count > n[5] - first ? BSP__COLL_BAD : first;
        leafs[i].count = count;
    }
    for (i = 0; i < n[3]; i++) {
        const uint8_t *rec = COLL_REC(m->brushes, i);
        uint32_t first = (uint32_t)bsp__field_getp(rec, &c->brush_firstside);
        int32_t count = bsp__field_getp(rec, &c->brush_numsides);
        int32_t contents = bsp__field_getp(rec, &c->brush_contents);
        int bad = count > 0 && (first > n[4] || (uint32_t)count > n[4] - first);
        if (q3) {
            if ((uint32_t)contents >= m->shaders.count) bad = 1;
            else contents = bsp__field_getp(COLL_REC(m->shaders, contents), &c->shader_contents);
        }
        /* (a brush of fewer than six sides reads its bounds from the
         * sides after it) */
        if (q3 && !bad && count > 0 && (n[4] < 6 || first > n[4] - 6)) checked = 0;
        brushes[i].first = bad ? BSP__COLL_BAD : first;
        brushes[i].count = count;
        brushes[i].contents = count > 0 ? contents : 0;
    }
    for (i = 0; i < n[4]; i++) {
        const uint8_t *rec = COLL_REC(m->brushsides, i);
        uint32_t plane = (uint32_t)bsp__field_getp(rec, &c->side_plane[wide_side]);
        uint32_t side = plane < n[0] ? plane : BSP__COLL_SIDE_BAD;
        if (plane >= n[0]) checked = 0;
        if (BSPKIT_FAMILY_SOURCE && c->valve) {
            /* the narrow record's 16-bit field holds the bytes bevel, thin
             * in file order, swapped as one short on a big-endian file:
             * bevel is its low byte in file order */
            uint32_t b = (uint32_t)bsp__field_getp(rec, &c->side_bevel[wide_side]);
            if (!wide_side && m->big_endian_file) b >>= 8;
            if (b & 0xffu) side |= BSP__COLL_BEVEL;
        }
        sides[i] = side;
    }
    for (i = 0; i < n[5]; i++)
        leafbrushes[i] = (uint32_t)bsp__field_getp(COLL_REC(m->leafbrushes, i), &c->leafbrush[wide_lb]);

    if (n[6]) coll_surface_runs(m, runs);

    nat->leafsurfs = n[6] ? runs : NULL;
    nat->planes = planes, nat->nodes = nodes, nat->leafs = leafs;
    nat->brushes = brushes, nat->sides = sides, nat->leafbrushes = leafbrushes;
    nat->num_planes = n[0], nat->num_nodes = n[1], nat->num_leafs = n[2];
    nat->num_brushes = n[3], nat->num_sides = n[4], nat->num_leafbrushes = n[5];
    nat->world_lo = nat->world_hi = 0;
    if (q3 && m->models.count) {
        nat->world_lo = (uint32_t)bsp__field_getp(m->models.data, &c->model_firstbrush);
        nat->world_hi = nat->world_lo + (uint32_t)bsp__field_getp(m->models.data, &c->model_numbrushes);
    }
    nat->sides_checked = checked;
    m->coll_native = nat;
    return BSP_OK;
}

#endif
