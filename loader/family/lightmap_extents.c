/* SPDX-License-Identifier: MIT */
/* lightmap_extents.c - the lightmap rule of Quake, GoldSrc, BSP2 and Quake 2
 * (docs/queries.md section 4): a face's lightmap covers its vertices' texture
 * extents at 16 texels per luxel. */
#include "family.h"

#if BSP__USE_EXTENTS_LIGHTMAP

bsp_status bsp__extents_lightmap(const bsp_map *m, uint32_t face, bsp__lightmap *lm)
{
    const struct bsp_family *fam = m->family;
    const uint8_t *f = bsp__lightmap_start(m, face, lm);
    int32_t texinfo = bsp__field_get(f, fam->faces.face_texinfo);
    int32_t first = bsp__field_get(f, fam->faces.face_firstedge);
    int32_t count = bsp__field_get(f, fam->faces.face_numedges), k;
    float lo[2] = { 0, 0 }, hi[2] = { 0, 0 };
    int axis;

    lm->scale = 16.0f;
    if (!m->texinfo.data || !m->surfedges.data || !m->edges.data || !m->vertexes.data)
        return BSP_E_NOT_LOADED;
    if (texinfo < 0) return BSP_OK;                    /* no texture space: no lightmap */
    bsp__lightmap_vecs(m, texinfo, lm);
    if (count < 1) {
        lm->bad = 1;
        return BSP_OK;
    }
    /* Extents as the compilers computed them (bsp__extent_add). */
    for (k = 0; k < count; k++) {
        int32_t se = bsp__i32(m->surfedges.data + 4 * (size_t)(first + k));
        const uint8_t *edge = m->edges.data + (size_t)(se < 0 ? -se : se) * m->edges.stride;
        int32_t vi = bsp__field_get(edge, fam->faces.edge_v[se < 0 ? 1 : 0]);
        bsp__extent_add(lm->vecs, m->vertexes.data + (size_t)vi * m->vertexes.stride, (uint32_t)k,
                        lo, hi);
    }
    for (axis = 0; axis < 2; axis++) {
        /* floor(min/16) and ceil(max/16); 1<<24 luxels is past any lump */
        int32_t l = bsp__floor_clamp(bsp__fdiv(lo[axis], 16.0f), -(1 << 24), 1 << 24);
        int32_t h = -bsp__floor_clamp(bsp__fdiv(-hi[axis], 16.0f), -(1 << 24), 1 << 24);
        lm->base[axis] = (float)(16 * l);
        if (axis == 0) lm->w = h - l + 1;
        else lm->h = h - l + 1;
    }
    return BSP_OK;
}

#endif
