/* SPDX-License-Identifier: MIT */
/* lightmap_extents.c - the lightmap rule of Quake, GoldSrc, BSP2 and Quake 2
 * (docs/queries.md section 4): a face's lightmap covers its vertices' texture
 * extents at 16 texels per luxel. */
#include "family.h"
#include "../core/map.h"

#if BSP__USE_EXTENTS_LIGHTMAP

/* The face's offset (a count of luxels in quake and bsp2, of RGB bytes in
 * goldsrc and quake2) as a byte of the light source (10.2): the same when
 * the source has the family's own luxels, else scaled; an offset that is
 * no whole luxel has no lightmap. */
static void source_byte(const bsp__map *m, bsp__lightmap *lm)
{
    uint32_t own = m->family->faces.luxel_bytes;
    uint64_t at;
    if (lm->lightofs < 0 || lm->bytes_per_luxel == own) return;
    at = (uint64_t)((uint32_t)lm->lightofs / own) * lm->bytes_per_luxel;
    lm->lightofs = (uint32_t)lm->lightofs % own || at > 0x7fffffffu ? -1 : (int32_t)at;
}

/* DECOUPLED_LM (10.3.1): the face's record gives the size, offset and
 * world-to-luxel vectors; luxel i is centred at s = i. */
static void decoupled(const uint8_t *rec, bsp__lightmap *lm)
{
    uint32_t k;
    lm->w = (int32_t)(rec[0] | rec[1] << 8);
    lm->h = (int32_t)(rec[2] | rec[3] << 8);
    lm->lightofs = (int32_t)bsp__get_le32(rec + 4);
    for (k = 0; k < 8; k++) {
        union { uint32_t u; float f; } v;
        v.u = bsp__get_le32(rec + 8 + 4 * k);
        lm->vecs[k / 4][k % 4] = v.f;
    }
}

bsp_status bsp__extents_lightmap(const bsp__map *m, uint32_t face, bsp__lightmap *lm)
{
    const struct bsp_family *fam = m->family;
    const struct bsp__light_info *li = &m->light;
    const uint8_t *f = bsp__lightmap_start(m, face, lm);
    int32_t texinfo = bsp__field_get(f, fam->faces.face_texinfo);
    int32_t first = bsp__field_get(f, fam->faces.face_firstedge);
    int32_t count = bsp__field_get(f, fam->faces.face_numedges), k;
    float lo[2] = { 0, 0 }, hi[2] = { 0, 0 }, luxel = 16.0f;
    int axis;

    /* the source's luxels (10.2; the BSPX styles of 10.3: bsp__lightmap_start) */
    if (li->bytes) lm->bytes_per_luxel = li->bytes;
    if (li->decoupled) {
        decoupled(li->decoupled + 40 * (size_t)face, lm);
        source_byte(m, lm);
        return BSP_OK;
    }
    lm->scale = 16.0f;
    if (li->offset) lm->lightofs = (int32_t)bsp__get_le32(li->offset + 4 * (size_t)face);
    if (li->shift) {
        /* a luxel of 2^shift texels; above 15: no lightmap (10.3.2) */
        if (li->shift[face] > 15) {
            lm->lightofs = -1;
            return BSP_OK;
        }
        luxel = (float)(1u << li->shift[face]);
        lm->scale = luxel;
    }
    source_byte(m, lm);
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
        /* floor(min/L) and ceil(max/L), L a power of two (the divisions
         * and the product exact); 1<<24 luxels is past any lump */
        int32_t l = bsp__floor_clamp(bsp__fdiv(lo[axis], luxel), -(1 << 24), 1 << 24);
        int32_t h = -bsp__floor_clamp(bsp__fdiv(-hi[axis], luxel), -(1 << 24), 1 << 24);
        lm->base[axis] = bsp__fmul((float)l, luxel);
        if (axis == 0) lm->w = h - l + 1;
        else lm->h = h - l + 1;
    }
    return BSP_OK;
}

#endif
