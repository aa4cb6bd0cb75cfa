/* SPDX-License-Identifier: MIT */
/* luxel_q3.c - the luxel of a Quake 3 surface (docs/queries.md 4).
 *
 * q3map2 leaves a surface's lightmap axes zero, so the only data that ties
 * a point to a texel is the triangles: find the one under the point's
 * projection, interpolate its corners' lightmap coordinates, and read the
 * texel of the page (128 x 128, qfusion's 512 x 512: the description's
 * page_texels). Raven's surfaces (docs/queries.md 13.3) name slot 0's page
 * and style where the description says; a vertex's lightmap[0] is where
 * Quake 3's lightmap is. Every float operation goes through fmath.h,
 * in the contract's order, so no target evaluates wider.
 */
#include "family.h"
#include "../core/map.h"

#if BSPKIT_FAMILY_QUAKE3

/* dsurface_t fields and draw vertex fields */
#define SURF_TYPE 8
#define SURF_FIRST_VERT 12
#define SURF_NUM_VERTS 16
#define SURF_FIRST_INDEX 20
#define SURF_NUM_INDEXES 24
#define VERT_LIGHTMAP 20
#define MST_PLANAR 1
#define MST_PATCH 2
#define MST_TRIANGLE_SOUP 3
#define Q3_DRAWINDEXES 11

typedef struct tri_pick {
    float b[3];            /* barycentric weights of the best triangle */
    float dsq;
    int32_t k;             /* -1: none yet */
} tri_pick;



static void load3(const uint8_t *v, float out[3])
{
    out[0] = bsp__f32(v);
    out[1] = bsp__f32(v + 4);
    out[2] = bsp__f32(v + 8);
}

/* Test one triangle; keep it in *best when it contains p and is nearer. */
static void try_triangle(const uint8_t *va, const uint8_t *vb, const uint8_t *vc,
                         const float p[3], int32_t k, tri_pick *best)
{
    float a[3], b[3], c[3], e1[3], e2[3], w[3], n[3];
    float d00, d01, d11, d20, d21, den, t0, nn, b0, b1, b2, q, dsq;
    load3(va, a);
    load3(vb, b);
    load3(vc, c);
    bsp__vsub(b, a, e1);
    bsp__vsub(c, a, e2);
    bsp__vsub(p, a, w);
    d00 = bsp__dot(e1, e1);
    d01 = bsp__dot(e1, e2);
    d11 = bsp__dot(e2, e2);
    d20 = bsp__dot(w, e1);
    d21 = bsp__dot(w, e2);
    den = bsp__fmsub(d00, d11, d01, d01);
    n[0] = bsp__fmsub(e1[1], e2[2], e1[2], e2[1]);
    n[1] = bsp__fmsub(e1[2], e2[0], e1[0], e2[2]);
    n[2] = bsp__fmsub(e1[0], e2[1], e1[1], e2[0]);
    nn = bsp__dot(n, n);
    if (!(den > 0.0f && nn > 0.0f)) return;
    b1 = bsp__fdiv(bsp__fmsub(d11, d20, d01, d21), den);
    b2 = bsp__fdiv(bsp__fmsub(d00, d21, d01, d20), den);
    t0 = bsp__fsub(1.0f, b1);
    b0 = bsp__fsub(t0, b2);
    if (!(b0 >= 0.0f && b1 >= 0.0f && b2 >= 0.0f)) return;
    q = bsp__dot(w, n);
    t0 = bsp__fmul(q, q);
    dsq = bsp__fdiv(t0, nn);
    if (best->k >= 0 && !(dsq < best->dsq)) return;
    best->b[0] = b0;
    best->b[1] = b1;
    best->b[2] = b2;
    best->dsq = dsq;
    best->k = k;
}

/* (b0*cA + b1*cB) + b2*cC for lightmap coordinate `axis` of the corners. */
static float tri_blend(const tri_pick *t, const uint8_t *const v[3], int axis)
{
    float x = bsp__fmul(t->b[0], bsp__f32(v[0] + VERT_LIGHTMAP + 4 * axis));
    float y = bsp__fmul(t->b[1], bsp__f32(v[1] + VERT_LIGHTMAP + 4 * axis));
    float z = bsp__fmul(t->b[2], bsp__f32(v[2] + VERT_LIGHTMAP + 4 * axis));
    return bsp__fadd(bsp__fadd(x, y), z);
}

/* The three corners of triangle k (indices checked by the caller). */
static void tri_corners(const bsp__map *m, const uint8_t *indexes, int32_t first_index,
                        int32_t first_vert, int32_t k, const uint8_t *corner[3])
{
    int32_t c;
    for (c = 0; c < 3; c++) {
        int32_t idx = bsp__i32(indexes + 4 * ((size_t)(uint32_t)first_index + 3 * (size_t)k + c));
        corner[c] = m->vertexes.data + (size_t)(first_vert + idx) * m->vertexes.stride;
    }
}

bsp_status bsp__q3_luxel(const bsp__map *m, uint32_t face, const float p[3], uint32_t slot,
                        bsp_sample *out)
{
    const uint8_t *f = m->faces.data + (size_t)face * m->faces.stride;
    const uint8_t *indexes = m->lump_data[Q3_DRAWINDEXES];
    uint32_t num_indexes = m->lump_size[Q3_DRAWINDEXES] / 4;
    const struct bsp__faces *fd = &m->family->faces;
    uint32_t side = fd->page_texels, page_bytes = side * side * 3;
    int32_t type = bsp__i32(f + SURF_TYPE), page = bsp__field_get(f, fd->face_page);
    int32_t first_vert = bsp__i32(f + SURF_FIRST_VERT), num_verts = bsp__i32(f + SURF_NUM_VERTS);
    int32_t first_index = bsp__i32(f + SURF_FIRST_INDEX);
    int32_t tris = bsp__i32(f + SURF_NUM_INDEXES) / 3, k;
    const uint8_t *corner[3];
    tri_pick best;
    float u, v, su, sv;
    int32_t i, j;

    if (type == MST_PATCH) return BSP_E_UNSUPPORTED;
    if (type != MST_PLANAR && type != MST_TRIANGLE_SOUP) return BSP_E_NO_LIGHTMAP;
    if (page < 0 || slot != 0) return BSP_E_NO_LIGHTMAP;
    /* (Raven: slot 0's style 255 is no lightmap) */
    if (BSP__RAVEN_RECORDS && fd->face_num_styles && f[fd->face_styles_offset] == 255)
        return BSP_E_NO_LIGHTMAP;
    /* (page + 1) * page_bytes > count, without the product */
    if ((uint32_t)page >= m->lighting.count / page_bytes) return BSP_E_NO_LIGHTMAP;
    if (!m->vertexes.data) return BSP_E_NOT_LOADED;
    /* Every corner of every triangle first: corrupt outranks not_on_face.
     * Each sum below adds two numbers under 2^31: 32 bits hold it. */
    if (tris < 0) tris = 0;
    if (tris > 0 && (!indexes || first_index < 0 ||
                     (uint32_t)first_index + 3u * (uint32_t)tris > num_indexes))
        return BSP_E_CORRUPT;
    for (k = 0; k < 3 * tris; k++) {
        int32_t idx = bsp__i32(indexes + 4 * ((size_t)(uint32_t)first_index + (size_t)k));
        if (idx < 0 || idx >= num_verts || first_vert < 0 ||
            (uint32_t)first_vert + (uint32_t)idx >= m->vertexes.count)
            return BSP_E_CORRUPT;
    }
    best.k = -1;
    best.dsq = 0.0f;
    for (k = 0; k < tris; k++) {
        tri_corners(m, indexes, first_index, first_vert, k, corner);
        try_triangle(corner[0], corner[1], corner[2], p, k, &best);
    }
    if (best.k < 0) return BSP_E_NOT_ON_FACE;
    tri_corners(m, indexes, first_index, first_vert, best.k, corner);
    u = tri_blend(&best, corner, 0);
    v = tri_blend(&best, corner, 1);
    su = bsp__fmul(u, (float)side);
    sv = bsp__fmul(v, (float)side);
    i = bsp__floor_clamp(su, 0, (int32_t)side - 1);
    j = bsp__floor_clamp(sv, 0, (int32_t)side - 1);
    out->face = (int32_t)face;
    out->s = i;
    out->t = j;
    bsp__sample_bytes(out, m->lighting.data + (size_t)page * page_bytes +
                               3 * ((size_t)j * side + (size_t)i), 3);
    return BSP_OK;
}

#endif
