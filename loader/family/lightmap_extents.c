/* SPDX-License-Identifier: MIT */
/* lightmap_extents.c - a face's lightmap block from its vertices' texture
 * extents (QUERIES.md section 4), the rule the Quake family (Quake, GoldSrc,
 * BSP2, Quake 2: 16 texels per luxel) and Nightfire (a projection already in
 * luxels) share. */
#include "family.h"
#include "../query/fmath.h"

#if BSP__USE_EXTENTS_LIGHTMAP || BSPKIT_FAMILY_NIGHTFIRE

void bsp__lightmap_extents(bsp__lightmap *lm, const uint8_t *(*vertex)(const void *, int32_t),
                          const void *ctx, int32_t count, float divisor)
{
    float lo[2] = { 0, 0 }, hi[2] = { 0, 0 };
    int32_t k;
    int axis;

    /* Extents as the compilers computed them: each vertex's texture
     * coordinate summed in double and rounded once to float. */
    for (k = 0; k < count; k++) {
        const uint8_t *v = vertex(ctx, k);
        double x = bsp__f32(v), y = bsp__f32(v + 4), z = bsp__f32(v + 8);
        for (axis = 0; axis < 2; axis++) {
            const float *t = lm->vecs[axis];
            float val = (float)(((x * t[0] + y * t[1]) + z * t[2]) + (double)t[3]);
            if (k == 0 || val < lo[axis]) lo[axis] = val;
            if (k == 0 || val > hi[axis]) hi[axis] = val;
        }
    }
    for (axis = 0; axis < 2; axis++) {
        /* floor(min/d) and ceil(max/d); 1<<24 luxels is past any lump */
        float l0 = lo[axis] / divisor, h0 = -hi[axis] / divisor;
        int32_t l = bsp__floor_clamp(l0, -(1 << 24), 1 << 24);
        int32_t h = -bsp__floor_clamp(h0, -(1 << 24), 1 << 24);
        lm->base[axis] = (float)((int32_t)divisor * l);
        if (axis == 0) lm->w = h - l + 1;
        else lm->h = h - l + 1;
    }
}

#endif

#if BSP__USE_EXTENTS_LIGHTMAP

/* Vertex k of a face: surfedge first + k, its edge, the edge's start. */
typedef struct face_walk {
    const bsp_map *m;
    int32_t first;
} face_walk;

static const uint8_t *face_vertex(const void *ctx, int32_t k)
{
    const face_walk *w = (const face_walk *)ctx;
    const bsp_map *m = w->m;
    int32_t se = bsp__i32(m->surfedges.data + 4 * (size_t)(w->first + k));
    const uint8_t *edge = m->edges.data + (size_t)(se < 0 ? -se : se) * m->edges.stride;
    int32_t vi = bsp__field_get(edge, m->family->edge_v[se < 0 ? 1 : 0]);
    return m->vertexes.data + (size_t)vi * m->vertexes.stride;
}

bsp_status bsp__extents_lightmap(const bsp_map *m, uint32_t face, bsp__lightmap *lm)
{
    const struct bsp_family *fam = m->family;
    const uint8_t *f = bsp__lightmap_start(m, face, lm);
    int32_t texinfo = bsp__field_get(f, fam->face_texinfo);
    int32_t count = bsp__field_get(f, fam->face_numedges);
    face_walk fv;

    lm->scale = 16.0f;
    if (!m->texinfo.data || !m->surfedges.data || !m->edges.data || !m->vertexes.data)
        return BSP_E_NOT_LOADED;
    if (texinfo < 0) return BSP_OK;                    /* no texture space: no lightmap */
    bsp__lightmap_vecs(m, texinfo, lm);
    if (count < 1) {
        lm->bad = 1;
        return BSP_OK;
    }
    fv.m = m;
    fv.first = bsp__field_get(f, fam->face_firstedge);
    bsp__lightmap_extents(lm, face_vertex, &fv, count, 16.0f);
    return BSP_OK;
}

#endif
