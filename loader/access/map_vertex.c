/* SPDX-License-Identifier: MIT */
/* map_vertex.c - what a face's stored vertices carry for a renderer
 * (docs/queries.md 11.3 - 11.5): normal, colour, texture coordinates in
 * texels and normalised, lightmap coordinates in one convention.
 *
 * Every float operation is a float assignment, in the order the contract
 * writes it. A lightmap coordinate is the section-4 projection plus one
 * half: luxel k covers [k, k + 1) on every family.
 */
#include "map_access.h"
#include "../core/map.h"
#include "map_geometry.h"
#include "map_vertex.h"
#include "../core/fmath.h"

#if BSPKIT_ACCESS   /* else core/absent.c */


int bsp__texture_size(const bsp__map *m, int32_t texture, int32_t size[2])
{
    const bsp__access *a = m->family->access;
    uint32_t bytes;
    const uint8_t *t = bsp__access_lump(m, BSP_AL_TEXTURES, &bytes);
    size[0] = size[1] = 0;
    if (!a->texture_size || !t || texture < 0) return 0;   /* (texture: in range) */
    if (a->texture_kind == BSP_TEX_MIPTEX) {
        /* the miptex directory is little-endian bytes (never swapped) */
        int32_t at;
        if ((uint64_t)texture + 2u > bytes / 4u) return 0;   /* its offset past the lump */
        at = (int32_t)bsp__get_le32(t + 4 + 4 * (size_t)texture);
        if (at < 0 || bytes < 24u || (uint32_t)at > bytes - 24u) return 0;
        size[0] = (int32_t)bsp__get_le32(t + at + a->texture_size);
        size[1] = (int32_t)bsp__get_le32(t + at + a->texture_size + 4);
    } else {
        const uint8_t *r = t + (size_t)texture * a->texture_stride;
        size[0] = bsp__i32(r + a->texture_size);
        size[1] = bsp__i32(r + a->texture_size + 4);
    }
    if (size[0] > 0 && size[1] > 0) return 1;
    size[0] = size[1] = 0;
    return 0;
}

static uint32_t numedges_of(const bsp__map *m, uint32_t face)
{
    int32_t e = bsp__field_get(BSP__REC(m->faces, face), m->family->faces.face_numedges);
    return e > 0 ? (uint32_t)e : 0u;
}

/* Source lumps 30 and 31 hold vertex normals: both non-empty. */
static int has_vertnormals(const bsp__map *m)
{
    uint32_t nsize, isize;
    const uint8_t *normals = bsp__access_lump(m, BSP_AL_VERTNORMALS, &nsize);
    const uint8_t *index = bsp__access_lump(m, BSP_AL_VERTNORMAL_INDICES, &isize);
    return normals && index && nsize && isize && m->family->access->vertnormal_index_bytes;
}

/* Source lumps 30 and 31: the normal of the face vertex whose index is
 * entry r of lump 31 (vrad's SaveVertexNormals writes one index per face
 * vertex, faces in order). 1: found; -1: corrupt. */
static int vertnormal_at(const bsp__map *m, uint64_t r, float n[3])
{
    uint32_t nsize, isize, i, w, c;
    const uint8_t *normals = bsp__access_lump(m, BSP_AL_VERTNORMALS, &nsize);
    const uint8_t *index = bsp__access_lump(m, BSP_AL_VERTNORMAL_INDICES, &isize);
    w = m->family->access->vertnormal_index_bytes;
    if (r >= isize / w) return -1;
    i = w == 4 ? (uint32_t)bsp__i32(index + 4 * (size_t)r) : bsp__u16(index + 2 * (size_t)r);
    if (i >= nsize / 12) return -1;
    for (c = 0; c < 3; c++) n[c] = bsp__f32(normals + 12 * (size_t)i + 4 * c);
    return 1;
}

#if BSP__USE_BSPX
/* BSPX FACENORMALS (ericw-tools docs/bspx.rst): uint32 n, float vecs[n][3],
 * then per face and per vertex uint32 normal, tangent, bitangent indices.
 * Valid only when its size is exactly that of every face's vertices and
 * every index is below n (the load keeps no verdict: checked whole by each
 * walk); else ignored. Little-endian bytes (never swapped). */
static int facenormals_valid(const bsp__map *m)
{
    uint32_t size, n, f;
    uint64_t total = 0, want;
    const uint8_t *p = bsp__bspx_lump(m, "FACENORMALS", &size);
    const uint8_t *idx;
    if (!p || size < 4 || m->family->access->geometry != BSP_GEOM_EDGES) return 0;
    n = bsp__get_le32(p);
    for (f = 0; f < m->faces.count; f++) total += numedges_of(m, f);
    want = 4u + 12u * (uint64_t)n + 12u * total;
    if (want != size) return 0;
    idx = p + 4 + 12 * (size_t)n;
    for (f = 0; f < 3 * total; f++)
        if (bsp__get_le32(idx + 4 * (size_t)f) >= n) return 0;
    return 1;
}

/* The normal, tangent and bitangent of the face vertex at entry `at` of a
 * valid FACENORMALS. */
static void facenormal_at(const bsp__map *m, uint64_t at, bsp_vertex_attr *out)
{
    uint32_t size, n, f, c;
    const uint8_t *p = bsp__bspx_lump(m, "FACENORMALS", &size);
    const uint8_t *idx;
    float *dst[3];
    n = bsp__get_le32(p);
    idx = p + 4 + 12 * (size_t)n;
    dst[0] = out->normal, dst[1] = out->tangent, dst[2] = out->bitangent;
    for (f = 0; f < 3; f++) {
        const uint8_t *v = p + 4 + 12 * (size_t)bsp__get_le32(idx + 12 * (size_t)at + 4 * f);
        for (c = 0; c < 3; c++) {
            union { uint32_t u; float x; } b;
            b.u = bsp__get_le32(v + 4 * c);
            dst[f][c] = b.x;
        }
    }
}
#endif

void bsp__attr_walk_start(const bsp__map *m, uint32_t face, bsp__attr_walk *w)
{
    uint32_t f;
    w->run = 0;
    w->vertnormals = has_vertnormals(m);
#if BSP__USE_BSPX
    w->facenormals = !w->vertnormals && facenormals_valid(m);
#else
    w->facenormals = 0;   /* (FACENORMALS is a BSPX lump) */
#endif
    if (w->vertnormals || w->facenormals)
        for (f = 0; f < face; f++) w->run += numedges_of(m, f);
}

void bsp__attr_walk_step(const bsp__map *m, uint32_t face, bsp__attr_walk *w)
{
    if (w->vertnormals || w->facenormals) w->run += numedges_of(m, face);
}

/* The lightmap coordinate of stored vertex k at p, for a face with a
 * slot-0 block (quake3 aside) whose lightmap rule answered lm (ok: it
 * did). A displacement's corners carry the block's corner luxel centres,
 * start corner first (CCoreDispSurface::CalcLuxelCoords). */
static void stored_luxel_coord(const bsp__lightmap *l, int ok, const bsp__stored *s, uint32_t k,
                               const float p[3], float lm[2])
{
    uint32_t a;
    if (!ok) return;
    if (s->disp) {
        float c[4][2];
        bsp__disp_luxel_corners(l->w - 1, l->h - 1, c);
        lm[0] = c[(k + 4 - s->start) % 4][0];
        lm[1] = c[(k + 4 - s->start) % 4][1];
        return;
    }
    for (a = 0; a < 2; a++) {
        float d = bsp__dot(p, l->vecs[a]);
        float t = d + l->vecs[a][3];
        float u = t - l->base[a];
        float v = u / l->scale;
        lm[a] = v + 0.5f;
    }
}

void bsp__attr_face_start(const bsp__map *m, uint32_t face, const bsp_face *f, bsp__attr_face *af)
{
    af->size_known = bsp__texture_size(m, f->texture, af->size);
    af->vecs = bsp__face_texvecs(m, face);
    af->lm_ok = f->lightmap.present && bsp__face_lightmap(m, face, &af->lm) == BSP_OK;
}

void bsp__disp_luxel_corners(int32_t u, int32_t v, float c[4][2])
{
    float hu = (float)u + 0.5f, hv = (float)v + 0.5f;
    c[0][0] = 0.5f, c[0][1] = 0.5f;
    c[1][0] = 0.5f, c[1][1] = hv;
    c[2][0] = hu, c[2][1] = hv;
    c[3][0] = hu, c[3][1] = 0.5f;
}

bsp_status bsp__vertex_attr(const bsp__map *m, const bsp_face *f, const bsp__stored *s, const bsp__attr_walk *w,
                            const bsp__attr_face *af, uint32_t k, bsp_vertex_attr *out)
{
    const uint8_t *dv;
    uint32_t c;
    bsp__fill(out, 0, sizeof *out);
    out->num_verts = s->count;
    /* (the face's source, told also when k is past its vertices: a quake3
     * surface with none, ET's foliage, still reads drawVerts) */
    if (m->family->access->geometry == BSP_GEOM_SURFACES) out->normal_source = BSP_NORMALS_DRAWVERTS;
    else if (w->vertnormals) out->normal_source = BSP_NORMALS_VERTNORMALS;
#if BSP__USE_BSPX
    else if (w->facenormals) out->normal_source = BSP_NORMALS_FACENORMALS;
#endif
    if (k >= s->count) return BSP_E_BAD_QUERY;
    dv = bsp__stored_vertex(m, s, k, out->pos);
    if (dv) {   /* quake3: everything is in the drawVert */
        out->normal_source = BSP_NORMALS_DRAWVERTS;
        for (c = 0; c < 3; c++) out->normal[c] = bsp__f32(dv + m->family->access->drawvert_normal + 4 * c);
        for (c = 0; c < 4; c++) out->color[c] = dv[m->family->access->drawvert_color + c];
        out->uv[0] = bsp__f32(dv + 12);
        out->uv[1] = bsp__f32(dv + 16);
        out->present = BSP_VA_COLOR | BSP_VA_UV;
        if (f->lightmap.present) {
            out->lm[0] = bsp__f32(dv + 20) * (float)m->family->faces.page_texels;
            out->lm[1] = bsp__f32(dv + 24) * (float)m->family->faces.page_texels;
            out->present |= BSP_VA_LM;
        }
        return BSP_OK;
    }
    if (w->vertnormals) {
        if (vertnormal_at(m, w->run + k, out->normal) < 0) return BSP_E_CORRUPT;
        out->normal_source = BSP_NORMALS_VERTNORMALS;
#if BSP__USE_BSPX
    } else if (w->facenormals) {
        facenormal_at(m, w->run + k, out);
        out->normal_source = BSP_NORMALS_FACENORMALS;
        out->present |= BSP_VA_TANGENTS;
#endif
    } else {
        /* the face's plane as bsp_get_face turns it; + 0.0f makes a
         * negated zero +0 (docs/queries.md 11.3), a stored -0 stays */
        out->normal_source = BSP_NORMALS_PLANE;
        for (c = 0; c < 3; c++) out->normal[c] = f->side ? f->normal[c] + 0.0f : f->normal[c];
    }
    if (af->size_known) {
        out->tex_size[0] = af->size[0], out->tex_size[1] = af->size[1];
        out->present |= BSP_VA_TEX_SIZE;
    }
    if (af->vecs) {
        for (c = 0; c < 2; c++) out->st[c] = bsp__texdot(af->vecs, c, out->pos);
        out->present |= BSP_VA_ST;
        if (out->present & BSP_VA_TEX_SIZE) {
            for (c = 0; c < 2; c++) out->uv[c] = out->st[c] / (float)out->tex_size[c];
            out->present |= BSP_VA_UV;
        }
    }
    if (f->lightmap.present) {
        stored_luxel_coord(&af->lm, af->lm_ok, s, k, out->pos, out->lm);
        out->present |= BSP_VA_LM;
    }
    return BSP_OK;
}

bsp_status bsp_face_vertex_attr(const bsp_map *map, uint32_t face, uint32_t k, bsp_vertex_attr *out)
{
    const bsp__map *m = bsp__map_c(map);
    bsp__stored s;
    bsp__attr_walk w;
    bsp__attr_face af;
    bsp_face f;
    bsp_status st;
    if (!out) return BSP_E_BAD_ARGUMENT;
    bsp__fill(out, 0, sizeof *out);
    if ((st = bsp_get_face(map, face, &f)) != BSP_OK) return st;
    if ((st = bsp__face_stored(m, face, &s)) != BSP_OK) return st;
    bsp__attr_walk_start(m, face, &w);
    bsp__attr_face_start(m, face, &f, &af);
    return bsp__vertex_attr(m, &f, &s, &w, &af, k, out);
}

#endif
