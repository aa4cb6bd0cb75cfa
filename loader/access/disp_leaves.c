/* SPDX-License-Identifier: MIT */
/* disp_leaves.c - the displacements of a world leaf (docs/queries.md 11.1).
 *
 * 11.13 lets the lists be built at load or worked out per call; they are
 * worked out per call, so that a load of any set (BSP_LOAD_GEOMETRY as
 * well as collision) answers without an arena region of its own. A call
 * goes once over the faces, in face order, to find each displacement's
 * base face (a bit per displacement on the stack says whether it has one
 * yet: at most BSP_TRACE_DISPS_MAX, as the traces take), builds its grid's
 * bounds with the grid code collision builds with (cmodel/disp_grid.c) and
 * sends them down the tree with collision's walk (collision/box_walk.c):
 * the two cannot disagree. Its work is the faces plus, per displacement,
 * its grid and one walk, which enters each node at most once.
 */
#include "disp_leaves.h"
#include "../core/map.h"
#include "../collision/collision.h"
#include "../cmodel/disp_build.h"

#if BSPKIT_ACCESS && BSPKIT_FAMILY_SOURCE && BSPKIT_COLLISION

#define SOURCE_DISPINFO_LUMP 26   /* in every Source layout */
#define DISPINFO_VERT_START 12
#define DISPINFO_POWER 20
#define DISPVERT_BYTES 20u

bsp_status bsp__disps_open(const bsp__map *m, bsp__disps *d)
{
    const struct bsp_family *f = m->family;
    uint32_t isize, vsize;
    bsp__need need[3];
    bsp_status st;
    if (!f->faces.face_dispinfo.type) return BSP_E_UNSUPPORTED;
    if (f->access->lumps[BSP_AL_DISPINFO] < 0) {
        /* a layout the library does not read (Strata's): none is none */
        d->count = d->vert_count = 0, d->stride = 176;
        d->info = d->verts = NULL;
        return bsp__lump_is_empty(m, SOURCE_DISPINFO_LUMP) ? BSP_OK : BSP_E_UNSUPPORTED;
    }
    d->stride = bsp__dispinfo_stride(m);
    d->info = bsp__access_lump(m, BSP_AL_DISPINFO, &isize);
    d->verts = bsp__access_lump(m, BSP_AL_DISPVERTS, &vsize);
    need[0].data = d->info, need[0].lump = f->access->lumps[BSP_AL_DISPINFO];
    need[1].data = d->verts, need[1].lump = f->access->lumps[BSP_AL_DISPVERTS];
    need[2].data = m->faces.data, need[2].lump = bsp__faces_lump(m);
    if ((st = bsp__needs_absent(m, need, 3, 0)) != BSP_OK) return st;
    if (isize % d->stride) return BSP_E_UNSUPPORTED;
    d->count = isize / d->stride;
    d->vert_count = vsize / DISPVERT_BYTES;
    if (d->count > BSP_TRACE_DISPS_MAX) return BSP_E_UNSUPPORTED;
    return BSP_OK;
}

/* Displacement `info`'s grid over base face `face`: its bounds in lo, hi. */
static bsp_status grid_bounds(const bsp__map *m, const bsp__disps *d, const uint8_t *info,
                              const uint8_t *face, float lo[3], float hi[3])
{
    int32_t power = bsp__i32(info + DISPINFO_POWER), vs = bsp__i32(info + DISPINFO_VERT_START);
    uint32_t n, r, c, j;
    bsp__disp_grid g;
    if (power < 2 || power > 4) return BSP_E_CORRUPT;
    n = (1u << power) + 1;
    if (vs < 0 || (uint32_t)vs > d->vert_count || n * n > d->vert_count - (uint32_t)vs) return BSP_E_CORRUPT;
    if (!m->surfedges.data || !m->edges.data || !m->vertexes.data) return BSP_E_CORRUPT;
    if (!bsp__disp_grid_begin(&g, m, face, info, n)) return BSP_E_CORRUPT;
    for (r = 0; r < n; r++) {
        float A[3], S[3];
        bsp__disp_grid_row(&g, r, A, S);
        for (c = 0; c < n; c++) {
            float p[3];
            bsp__disp_grid_vertex(A, S, c, d->verts + ((size_t)vs + r * n + c) * DISPVERT_BYTES, p);
            for (j = 0; j < 3; j++) {
                if ((r == 0 && c == 0) || p[j] < lo[j]) lo[j] = p[j];
                if ((r == 0 && c == 0) || p[j] > hi[j]) hi[j] = p[j];
            }
        }
    }
    return BSP_OK;
}

bsp_status bsp__disps_reach(const bsp__map *m, const bsp__disps *d, int (*in)(void *ctx, uint32_t leaf),
                            void (*take)(void *ctx, uint32_t disp, uint32_t face), void *ctx)
{
    const struct bsp_family *f = m->family;
    uint32_t seen[BSP_TRACE_DISPS_MAX / 32], found = 0, face, k;
    for (k = 0; k < (d->count + 31) / 32; k++) seen[k] = 0;
    for (face = 0; face < m->faces.count; face++) {
        const uint8_t *rec = m->faces.data + (size_t)face * m->faces.stride;
        int32_t di = bsp__field_get(rec, f->faces.face_dispinfo);
        float lo[3], hi[3], box[6];
        bsp__box_walk w;
        uint32_t leaf;
        int more, member = 0;
        bsp_status st;
        if (di < 0) continue;
        if ((uint32_t)di >= d->count) return BSP_E_CORRUPT;
        if (seen[di >> 5] >> (di & 31) & 1 || bsp__field_get(rec, f->faces.face_numedges) != 4) continue;
        seen[di >> 5] |= 1u << (di & 31);
        found++;
        st = grid_bounds(m, d, d->info + (size_t)di * d->stride, rec, lo, hi);
        if (st != BSP_OK) return st;
        bsp__disp_walk_begin(&w, m, lo, hi, box);
        while ((more = bsp__box_walk_next(&w, &leaf)) == 1)
            if (!member && in(ctx, leaf)) member = 1;
        if (more < 0) return BSP_E_CORRUPT;
        if (member) take(ctx, (uint32_t)di, face);
    }
    return found == d->count ? BSP_OK : BSP_E_CORRUPT;
}

typedef struct leaf_ask {
    uint32_t leaf;
    uint32_t member[BSP_TRACE_DISPS_MAX / 32];
} leaf_ask;

static int is_leaf(void *ctx, uint32_t leaf)
{
    return ((leaf_ask *)ctx)->leaf == leaf;
}

static void take_disp(void *ctx, uint32_t disp, uint32_t face)
{
    (void)face;
    ((leaf_ask *)ctx)->member[disp >> 5] |= 1u << (disp & 31);
}

bsp_status bsp_leaf_disps(const bsp_map *map, uint32_t leaf, uint32_t *out, uint32_t cap, uint32_t *count)
{
    const bsp__map *m = bsp__map_c(map);
    bsp__disps d;
    leaf_ask ask;
    bsp_status st;
    uint32_t k, n = 0;
    if (!bsp__access_of(m) || !count || (!out && cap)) return bsp__no_access(m);
    if ((st = bsp__disps_open(m, &d)) != BSP_OK) return st;
    if (leaf >= m->leafs.count) return BSP_E_BAD_LEAF;
    ask.leaf = leaf;
    for (k = 0; k < (d.count + 31) / 32; k++) ask.member[k] = 0;
    if ((st = bsp__disps_reach(m, &d, is_leaf, take_disp, &ask)) != BSP_OK) return st;
    for (k = 0; k < d.count; k++)
        if (ask.member[k >> 5] >> (k & 31) & 1) {
            if (n < cap) out[n] = k;
            n++;
        }
    *count = n;
    return BSP_OK;
}

#endif
