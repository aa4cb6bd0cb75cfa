/* SPDX-License-Identifier: MIT */
/* render_mesh.c - what bspkit render draws of each world face, from the
 * library's renderer data alone (docs/pictures.md "Geometry"):
 *
 * - polygons and Quake 3 meshes: bsp_face_vertex_attr's position, normal,
 *   colour, texture coordinates (st in texels; quake3 the stored st) and
 *   lightmap coordinates (docs/queries.md 11.5's one convention), with
 *   bsp_face_triangle's triangles;
 * - Source displacements: bsp_disp_vertex's grid, its lightmap coordinates
 *   laid over the grid as Valve's tools lay them (not the flat face's
 *   projection), the normals of its triangles averaged at each vertex;
 * - Quake 3 patches: the grids id's renderer builds at its default
 *   r_subdivisions (BSP_PATCH_SUBDIVISIONS), stitched as R_StitchAllPatches
 *   leaves them (each patch alone when the set cannot be built), drawn at
 *   full detail in RB_SurfaceGrid's triangle order (bsp_patch_triangle).
 *
 * A face lit by its lightmap is one with a slot-0 block; a Quake 3
 * surface of lightmapNum -3 (LIGHTMAP_BY_VERTEX) is lit by its vertex
 * colours, as id's default shader for it draws them (CGEN_EXACT_VERTEX);
 * every other face is unlit (Quake 3's lightmapNum -1, LIGHTMAP_NONE,
 * takes the entity light of the grid there, CGEN_LIGHTING_DIFFUSE: not
 * modelled). Read once per picture: the camera's probes draw the same
 * faces many times. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render_mesh.h"
#include "../common/tool.h"

#define Q3_LIGHTMAP_BY_VERTEX (-3)

/* A capacity of at least `need` (doubling from `cap`); 0: more than
 * RENDER_MESH_MAX, which a map's faces can ask for only by sharing their
 * vertex runs (hostile input: out of memory, not a wrapped count). */
#define RENDER_MESH_MAX (1u << 30)
static uint32_t grown(uint32_t cap, uint64_t need)
{
    if (need > RENDER_MESH_MAX) return 0;
    if (!cap) cap = 4096;
    while (cap < need) cap *= 2;
    return cap;
}

/* Room for n more vertices and t more triangles. */
static int reserve(render_mesh *rm, uint32_t n, uint32_t t)
{
    uint64_t nv = (uint64_t)rm->num_verts + n, nt = (uint64_t)rm->num_tris + t;
    if (nv > rm->cap_verts) {
        uint32_t cap = grown(rm->cap_verts, nv);
        render_vert *v;
        if (!cap || !(v = realloc(rm->vert, sizeof *v * (size_t)cap))) return 1;
        rm->vert = v;
        rm->cap_verts = cap;
    }
    if (nt > rm->cap_tris) {
        uint32_t cap = grown(rm->cap_tris, nt), *p;
        if (!cap || !(p = realloc(rm->tri, sizeof *p * 3 * (size_t)cap))) return 1;
        rm->tri = p;
        rm->cap_tris = cap;
    }
    return 0;
}

/* The face's triangles from bsp_face_triangle (those naming a vertex past
 * its n are dropped). */
static void face_tris(render_mesh *rm, const bsp_map *m, uint32_t face, uint32_t n, uint32_t tris,
                      render_mface *o)
{
    uint32_t k;
    o->first_tri = rm->num_tris;
    for (k = 0; k < tris; k++) {
        uint32_t *t = rm->tri + 3 * (size_t)rm->num_tris;
        if (bsp_face_triangle(m, face, k, t) != BSP_OK) break;
        if (t[0] < n && t[1] < n && t[2] < n) rm->num_tris++;
    }
    o->num_tris = rm->num_tris - o->first_tri;
}

static void set_colour(render_vert *v, const uint8_t c[4])
{
    int k;
    for (k = 0; k < 3; k++) v->color[k] = (float)c[k] / 255.0f;
}

/* A polygon or Quake 3 mesh: its stored vertices are the ones drawn. */
static int polygon(render_mesh *rm, const bsp_map *m, uint32_t face, const bsp_face *f, render_mface *o)
{
    bsp_vertex_attr a;
    uint32_t k, n = f->num_verts, present = 0;
    if (bsp_face_vertex_attr(m, face, 0, &a) != BSP_OK || a.num_verts != n) return 0;
    if (reserve(rm, n, f->num_tris)) return 1;
    o->first_vert = rm->num_verts;
    for (k = 0; k < n; k++) {
        render_vert *v = rm->vert + o->first_vert + k;
        if (k && bsp_face_vertex_attr(m, face, k, &a) != BSP_OK) return 0;
        memset(v, 0, sizeof *v);
        memcpy(v->pos, a.pos, sizeof v->pos);
        memcpy(v->normal, a.normal, sizeof v->normal);
        memcpy(v->st, a.present & BSP_VA_ST ? a.st : a.uv, sizeof v->st);
        if (a.present & BSP_VA_LM) memcpy(v->lm, a.lm, sizeof v->lm);
        if (a.present & BSP_VA_COLOR) set_colour(v, a.color);
        present = a.present;
    }
    rm->num_verts += n;
    o->num_verts = n;
    o->lit = f->lightmap.present && (present & BSP_VA_LM) ? RENDER_LIGHTMAP
             : (present & BSP_VA_COLOR) && f->lightmap.page == Q3_LIGHTMAP_BY_VERTEX ? RENDER_VERTEX_LIGHT
             : RENDER_UNLIT;
    face_tris(rm, m, face, n, f->num_tris, o);
    return 0;
}

static void cross_sub(const float a[3], const float b[3], const float c[3], float out[3])
{
    float e[3], g[3];
    int k;
    for (k = 0; k < 3; k++) {
        e[k] = b[k] - a[k];
        g[k] = c[k] - a[k];
    }
    out[0] = e[1] * g[2] - e[2] * g[1];
    out[1] = e[2] * g[0] - e[0] * g[2];
    out[2] = e[0] * g[1] - e[1] * g[0];
}

/* A displacement's vertex normals: the sum of its triangles' (area
 * weighted) normals at each vertex, turned to the base face's side. */
static void grid_normals(render_vert *v, uint32_t n, const uint32_t *tri, uint32_t tris, const float side[3])
{
    uint32_t i, k;
    float sum = 0.0f;
    for (i = 0; i < n; i++) v[i].normal[0] = v[i].normal[1] = v[i].normal[2] = 0.0f;
    for (i = 0; i < tris; i++) {
        const uint32_t *t = tri + 3 * (size_t)i;
        float c[3];
        cross_sub(v[t[0]].pos, v[t[1]].pos, v[t[2]].pos, c);
        for (k = 0; k < 3; k++) {
            v[t[0]].normal[k] += c[k];
            v[t[1]].normal[k] += c[k];
            v[t[2]].normal[k] += c[k];
        }
        sum += c[0] * side[0] + c[1] * side[1] + c[2] * side[2];
    }
    for (i = 0; i < n; i++) {
        float *p = v[i].normal, len = sqrtf(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
        for (k = 0; k < 3; k++) p[k] = len > 0.0f ? (sum < 0.0f ? -p[k] : p[k]) / len : side[k];
    }
}

static int displacement(render_mesh *rm, const bsp_map *m, uint32_t face, const bsp_face *f,
                        render_mface *o)
{
    bsp_disp_vert d;
    uint32_t k, n = f->num_verts;
    if (f->raw_type < 0 || bsp_disp_vertex(m, (uint32_t)f->raw_type, 0, &d) != BSP_OK ||
        d.face != (int32_t)face || d.num_verts != n)
        return 0;
    if (reserve(rm, n, f->num_tris)) return 1;
    o->first_vert = rm->num_verts;
    for (k = 0; k < n; k++) {
        render_vert *v = rm->vert + o->first_vert + k;
        if (k && bsp_disp_vertex(m, (uint32_t)f->raw_type, k, &d) != BSP_OK) return 0;
        memset(v, 0, sizeof *v);
        memcpy(v->pos, d.pos, sizeof v->pos);
        if (d.present & BSP_VA_ST) memcpy(v->st, d.st, sizeof v->st);
        if (d.present & BSP_VA_LM) memcpy(v->lm, d.lm, sizeof v->lm);
    }
    rm->num_verts += n;
    o->num_verts = n;
    o->lit = f->lightmap.present && (d.present & BSP_VA_LM) ? RENDER_LIGHTMAP : RENDER_UNLIT;
    face_tris(rm, m, face, n, f->num_tris, o);
    grid_normals(rm->vert + o->first_vert, n, rm->tri + 3 * (size_t)o->first_tri, o->num_tris, f->normal);
    return 0;
}

/* A patch's grid at full detail. */
static int patch(render_mesh *rm, const bsp_patch_grid *g, const bsp_face *f, render_mface *o)
{
    bsp_patch_lod lod;
    uint32_t k, n, tris;
    if (bsp_patch_lod_full(g, &lod) != BSP_OK) return 0;
    n = g->width * g->height;
    tris = 2 * (lod.num_cols - 1) * (lod.num_rows - 1);
    if (reserve(rm, n, tris)) return 1;
    o->first_vert = rm->num_verts;
    for (k = 0; k < n; k++) {
        const bsp_grid_vertex *s = g->verts + k;
        render_vert *v = rm->vert + o->first_vert + k;
        memcpy(v->pos, s->xyz, sizeof v->pos);
        memcpy(v->st, s->st, sizeof v->st);
        v->lm[0] = s->lm[0] * 128.0f;    /* 0 .. 1 across the page: its luxels */
        v->lm[1] = s->lm[1] * 128.0f;
        memcpy(v->normal, s->normal, sizeof v->normal);
        set_colour(v, s->color);
    }
    rm->num_verts += n;
    o->num_verts = n;
    o->first_tri = rm->num_tris;
    for (k = 0; k < tris; k++)
        if (bsp_patch_triangle(g, &lod, k, rm->tri + 3 * (size_t)rm->num_tris) == BSP_OK) rm->num_tris++;
    o->num_tris = rm->num_tris - o->first_tri;
    o->lit = f->lightmap.present ? RENDER_LIGHTMAP
             : f->lightmap.page == Q3_LIGHTMAP_BY_VERTEX ? RENDER_VERTEX_LIGHT : RENDER_UNLIT;
    o->curved = 1;
    rm->patches++;
    rm->patch_tris += o->num_tris;
    return 0;
}

void render_mesh_close(render_mesh *rm)
{
    free(rm->face);
    free(rm->vert);
    free(rm->tri);
    memset(rm, 0, sizeof *rm);
}

int render_mesh_build(render_mesh *rm, const bsp_map *m)
{
    bsp_counts c;
    bsp_model world;
    bsp_status st;
    uint32_t i, k, *grid_of = NULL;
    void *set, *scratch = NULL;
    int rc = 0;
    memset(rm, 0, sizeof *rm);
    if (bsp_get_counts(m, &c) != BSP_OK || bsp_get_model(m, 0, &world) != BSP_OK) return 0;
    if (!(rm->face = calloc(c.faces ? c.faces : 1, sizeof *rm->face))) return 1;
    rm->num_faces = c.faces;
    /* the patches stitched, as the renderer keeps them; face -> grid */
    set = tool_patch_set(m, BSP_PATCH_SUBDIVISIONS, &st);
    if (set && bsp_patch_set_count(set) > 0) {
        if (!(grid_of = malloc(sizeof *grid_of * (c.faces ? c.faces : 1)))) rc = 1;
        for (i = 0; !rc && i < c.faces; i++) grid_of[i] = UINT32_MAX;
        for (k = 0; !rc && k < bsp_patch_set_count(set); k++) {
            bsp_patch_grid g;
            if (bsp_patch_set_grid(set, k, &g) == BSP_OK && g.face < c.faces) grid_of[g.face] = k;
        }
        rm->stitched = 1;
    }
    for (i = 0; !rc && i < world.num_faces; i++) {
        uint32_t face = world.first_face + i;
        bsp_face f;
        bsp_patch_grid g;
        if (face >= c.faces || bsp_get_face(m, face, &f) != BSP_OK) continue;
        if (f.kind == BSP_FACE_DISPLACEMENT) {
            rc = displacement(rm, m, face, &f, &rm->face[face]);
        } else if (f.kind == BSP_FACE_PATCH) {
            if (grid_of && grid_of[face] != UINT32_MAX) {
                if (bsp_patch_set_grid(set, grid_of[face], &g) == BSP_OK) rc = patch(rm, &g, &f, &rm->face[face]);
                continue;
            }
            /* no set (a patch the stitching refused): this one alone */
            if (!scratch && !(scratch = malloc(BSP_PATCH_GRID_SCRATCH_BYTES))) rc = 1;
            else if (bsp_patch_grid_build(m, face, BSP_PATCH_SUBDIVISIONS, scratch,
                                          BSP_PATCH_GRID_SCRATCH_BYTES, &g) == BSP_OK)
                rc = patch(rm, &g, &f, &rm->face[face]);
        } else if (f.kind == BSP_FACE_POLYGON || f.kind == BSP_FACE_MESH) {
            rc = polygon(rm, m, face, &f, &rm->face[face]);
        }
    }
    free(scratch);
    free(grid_of);
    free(set);
    if (rc) render_mesh_close(rm);
    return rc;
}
