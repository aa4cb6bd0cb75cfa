/* SPDX-License-Identifier: MIT */
/* mesh_face.c - one face's share of a mesh: how many vertices and indices
 * it takes, and writing them. Every vertex is what the face access answers
 * for it (bsp_face_vertex_attr, bsp_disp_vertex, the patch grid), so the
 * buffers and the one-vertex calls never disagree. */
#include "mesh.h"
#include "../core/map.h"
#include "../core/fmath.h"
#include "map_geometry.h"
#include "map_vertex.h"

#if BSPKIT_ACCESS   /* else core/absent.c */

#define MESH_PRESENT (BSP_VA_COLOR | BSP_VA_ST | BSP_VA_UV | BSP_VA_LM | BSP_VA_ALPHA)

/* bspkit.h promises 60 bytes a vertex, no padding (an engine's vertex
 * layout and the tool's checksums read it so). */
typedef char bsp__mesh_vertex_is_60_bytes[sizeof(bsp_mesh_vertex) == 60 ? 1 : -1];

/* The patch's grid: the set's (grids in face order: found by halving), or
 * built in the work grid. */
static bsp_status mesh_patch_grid(const bsp__mesh_src *src, uint32_t face, bsp_patch_grid *g)
{
    uint32_t lo = 0, hi;
    if (!src->patch_set)
        return bsp_patch_grid_build(bsp__map_cpub(src->m), face, src->subdivisions, src->grid,
                                    BSP_PATCH_GRID_SCRATCH_BYTES, g);
    hi = bsp_patch_set_count(src->patch_set);
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (bsp_patch_set_grid(src->patch_set, mid, g) != BSP_OK) return BSP_E_BAD_ARGUMENT;
        if (g->face == face) return g->width >= 2 && g->height >= 2 ? BSP_OK : BSP_E_BAD_ARGUMENT;
        if (g->face < face) lo = mid + 1;
        else hi = mid;
    }
    return BSP_E_BAD_ARGUMENT;   /* a set of another map */
}

bsp_status bsp__mesh_face_size(const bsp__mesh_src *src, uint32_t face, const bsp_face *f, uint32_t *verts,
                               uint32_t *indices, bsp_patch_grid *g)
{
    const bsp_map *map = bsp__map_cpub(src->m);
    bsp_status st;
    uint32_t k;
    *verts = *indices = 0;
    switch (f->kind) {
    case BSP_FACE_PATCH:
        if ((st = mesh_patch_grid(src, face, g)) != BSP_OK) return st;
        *verts = g->width * g->height;
        *indices = 6 * (g->width - 1) * (g->height - 1);
        return BSP_OK;
    case BSP_FACE_MESH:
        /* the index list is the file's: every triangle checked here, so
         * that the write cannot fail on one */
        for (k = 0; k < f->num_tris; k++) {
            uint32_t idx[3];
            if ((st = bsp_face_triangle(map, face, k, idx)) != BSP_OK) return st;
        }
        break;
    case BSP_FACE_OTHER:
        return BSP_OK;
    default:
        break;
    }
    if (!f->num_tris) return BSP_OK;
    *verts = f->num_verts;
    *indices = 3 * f->num_tris;
    return BSP_OK;
}

static void mesh_from_attr(const bsp_vertex_attr *a, bsp_mesh_vertex *v)
{
    uint32_t c;
    bsp__fill(v, 0, sizeof *v);
    for (c = 0; c < 3; c++) v->pos[c] = a->pos[c], v->normal[c] = a->normal[c];
    for (c = 0; c < 2; c++) v->st[c] = a->st[c], v->uv[c] = a->uv[c], v->lm[c] = a->lm[c];
    for (c = 0; c < 4; c++) v->color[c] = a->color[c];
    v->present = a->present & MESH_PRESENT;
}

static void mesh_from_disp(const bsp_disp_vert *d, const bsp_face *f, bsp_mesh_vertex *v)
{
    uint32_t c;
    bsp__fill(v, 0, sizeof *v);
    for (c = 0; c < 3; c++) v->pos[c] = d->pos[c], v->normal[c] = f->normal[c];
    for (c = 0; c < 2; c++) v->st[c] = d->st[c], v->uv[c] = d->uv[c], v->lm[c] = d->lm[c];
    v->alpha = d->alpha;
    v->present = d->present & MESH_PRESENT;
}

/* A grid vertex as bsp_face_vertex_attr answers a Quake 3 drawVert: uv the
 * st, lm in page texels (side: 0 when the face has no page). */
static void mesh_from_grid(const bsp_grid_vertex *p, uint32_t side, bsp_mesh_vertex *v)
{
    uint32_t c;
    bsp__fill(v, 0, sizeof *v);
    for (c = 0; c < 3; c++) v->pos[c] = p->xyz[c], v->normal[c] = p->normal[c];
    for (c = 0; c < 2; c++) v->uv[c] = p->st[c];
    for (c = 0; c < 4; c++) v->color[c] = p->color[c];
    v->present = BSP_VA_COLOR | BSP_VA_UV;
    if (side) {
        for (c = 0; c < 2; c++) v->lm[c] = bsp__fmul(p->lm[c], (float)side);
        v->present |= BSP_VA_LM;
    }
}

/* RB_SurfaceGrid at full detail: cells row after row, the cell at a
 * giving (a, a + w, a + 1) then (a + 1, a + w, a + w + 1). */
static void mesh_grid_triangles(const bsp_patch_grid *g, uint32_t *idx, uint32_t base)
{
    uint32_t r, c, w = g->width;
    for (r = 0; r + 1 < g->height; r++)
        for (c = 0; c + 1 < w; c++) {
            uint32_t a = base + r * w + c;
            idx[0] = a, idx[1] = a + w, idx[2] = a + 1;
            idx[3] = a + 1, idx[4] = a + w, idx[5] = a + w + 1;
            idx += 6;
        }
}

bsp_status bsp__mesh_face_write(const bsp__mesh_src *src, uint32_t face, const bsp_face *f,
                                const struct bsp__attr_walk *w, const bsp_patch_grid *g,
                                bsp_mesh_vertex *v, uint32_t *idx, uint32_t base)
{
    const bsp__map *m = src->m;
    const bsp_map *map = bsp__map_cpub(m);
    bsp__stored s;
    bsp__attr_face af;
    bsp_status st;
    uint32_t k, c;
    if (f->kind == BSP_FACE_PATCH) {
        for (k = 0; k < g->width * g->height; k++) mesh_from_grid(&g->verts[k], f->lightmap.present ? m->family->faces.page_texels : 0u, &v[k]);
        mesh_grid_triangles(g, idx, base);
        return BSP_OK;
    }
    if ((st = bsp__face_stored(m, face, &s)) != BSP_OK) return st;
    bsp__attr_face_start(m, face, f, &af);
    for (k = 0; k < f->num_verts; k++) {
        if (f->kind == BSP_FACE_DISPLACEMENT) {
            bsp_disp_vert d;
            bsp__fill(&d, 0, sizeof d);
            if ((st = bsp__disp_vertex_of(m, face, f, &s, k, &d)) != BSP_OK) return st;
            mesh_from_disp(&d, f, &v[k]);
        } else {
            bsp_vertex_attr a;
            if ((st = bsp__vertex_attr(m, f, &s, w, &af, k, &a)) != BSP_OK) return st;
            mesh_from_attr(&a, &v[k]);
        }
    }
    for (k = 0; k < f->num_tris; k++) {
        uint32_t t[3];
        if ((st = bsp_face_triangle(map, face, k, t)) != BSP_OK) return st;
        for (c = 0; c < 3; c++) idx[3 * k + c] = base + t[c];
    }
    return BSP_OK;
}

#endif
