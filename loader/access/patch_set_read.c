/* SPDX-License-Identifier: MIT */
/* patch_set_read.c - reading a built patch set: its grids by number and
 * by face. No map is read, so the face access can use it without the
 * stitching's code. */
#include "patch_set.h"
#include "../core/config.h"

#if BSPKIT_ACCESS
const set_head *bsp__patch_set_head(const void *set)
{
    const set_head *h = (const set_head *)set;
    return h && !((uintptr_t)set & (BSP_ARENA_ALIGN - 1)) && h->magic == SET_MAGIC ? h : NULL;
}

uint32_t bsp_patch_set_count(const void *set)
{
    const set_head *h = bsp__patch_set_head(set);
    return h ? h->count : 0;
}

static const set_grid *set_grids(const void *set)
{
    return (const set_grid *)(const void *)((const uint8_t *)set + set_grids_at());
}

const bsp_grid_vertex *bsp__patch_set_verts(const void *set, const set_grid *g)
{
    const set_head *h = (const set_head *)set;
    return (const bsp_grid_vertex *)(const void *)((const uint8_t *)set + set_pool_at(h->count)) + g->first;
}

const set_grid *bsp__patch_set_find(const void *set, uint32_t face)
{
    const set_head *h = bsp__patch_set_head(set);
    const set_grid *g;
    uint32_t lo = 0, hi;
    if (!h) return NULL;
    g = set_grids(set);
    hi = h->count;
    while (lo < hi) {   /* the grids are in face order */
        uint32_t mid = lo + (hi - lo) / 2;
        if (g[mid].face < face) lo = mid + 1;
        else hi = mid;
    }
    return lo < h->count && g[lo].face == face ? &g[lo] : NULL;
}

bsp_status bsp_patch_set_grid(const void *set, uint32_t k, bsp_patch_grid *out)
{
    const set_head *h = bsp__patch_set_head(set);
    const set_grid *g;
    uint32_t i;
    if (!h || !out) return BSP_E_BAD_ARGUMENT;
    if (k >= h->count) return BSP_E_BAD_QUERY;
    g = set_grids(set) + k;
    bsp__fill(out, 0, sizeof *out);
    out->face = g->face;
    out->width = g->w, out->height = g->h;
    for (i = 0; i < 3; i++) out->lod_origin[i] = g->lod_origin[i];
    out->lod_radius = g->lod_radius;
    for (i = 0; i < g->w; i++) out->width_lod_error[i] = g->err[0][i];
    for (i = 0; i < g->h; i++) out->height_lod_error[i] = g->err[1][i];
    out->verts = bsp__patch_set_verts(set, g);
    return BSP_OK;
}
#endif
