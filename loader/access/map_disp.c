/* SPDX-License-Identifier: MIT */
/* map_disp.c - a Source displacement's grid as a renderer draws it
 * (docs/queries.md 11.3 - 11.5): position (bsp_face_vertex's grid),
 * alpha, and texture and lightmap coordinates blended over the grid from
 * its 4 corners the way Valve's CCoreDispInfo::CalcDispSurfCoords does:
 * along the two edges from P0 and P3 row by row, then across. */
#include "map_access.h"
#include "../core/map.h"
#include "map_geometry.h"
#include "map_vertex.h"
#include "../core/fmath.h"

#if BSPKIT_ACCESS   /* else core/absent.c */

#define DISPINFO_POWER 20
#define DISPINFO_VERT_START 12
#define DISPVERT_BYTES 20
#define DISPVERT_ALPHA 16

uint32_t bsp_num_disps(const bsp_map *map)
{
    const bsp__map *m = bsp__map_c(map);
    uint32_t size;
    if (!bsp__access_of(m) || m->family->access->lumps[BSP_AL_DISPINFO] < 0) return 0;
    bsp__access_lump(m, BSP_AL_DISPINFO, &size);
    return size / bsp__dispinfo_stride(m);
}

/* The face whose dispinfo is `disp`: the record's MapFace when it says
 * so (vbsp writes it), else the first such face; -1: none. */
static int32_t disp_base_face(const bsp__map *m, const uint8_t *di, uint32_t disp)
{
    const bsp__field field = m->family->faces.face_dispinfo;
    const bsp__access *a = m->family->access;
    uint32_t f = bsp__u16(di + a->disp_map_face[bsp__dispinfo_stride(m) == a->disp_shifted_bytes]);
    if (f < m->faces.count && bsp__field_get(BSP__REC(m->faces, f), field) == (int32_t)disp)
        return (int32_t)f;
    for (f = 0; f < m->faces.count; f++)
        if (bsp__field_get(BSP__REC(m->faces, f), field) == (int32_t)disp) return (int32_t)f;
    return -1;
}

/* Grid vertex k (row k / n, column k % n) of the values c[0..3] at the
 * corners P0 .. P3, in CalcDispSurfCoords' order of float operations. */
static void disp_blend(float c[4][2], uint32_t n, uint32_t k, float out[2])
{
    float inv = 1.0f / (float)(n - 1), r = (float)(k / n), col = (float)(k % n);
    uint32_t a;
    for (a = 0; a < 2; a++) {
        float d0 = c[1][a] - c[0][a], d1 = c[2][a] - c[3][a];
        float e0 = d0 * inv, e1 = d1 * inv;
        float a0 = e0 * r, b0 = e1 * r;
        float A = a0 + c[0][a], B = b0 + c[3][a];
        float seg = B - A;
        float step = seg * inv;
        float t = step * col;
        out[a] = A + t;
    }
}

bsp_status bsp__disp_vertex_of(const bsp__map *m, uint32_t face, const bsp_face *f, const bsp__stored *s,
                               uint32_t k, bsp_disp_vert *out)
{
    uint32_t vsize, i, c;
    const uint8_t *dv = bsp__access_lump(m, BSP_AL_DISPVERTS, &vsize), *vecs;
    bsp_vertex v;
    bsp_status st;
    out->power = (uint32_t)bsp__i32(s->disp + DISPINFO_POWER);   /* 1 .. 4: checked by the face */
    out->num_verts = f->num_verts;
    if (k >= f->num_verts) return BSP_E_BAD_QUERY;
    if ((st = bsp_face_vertex(bsp__map_cpub(m), face, k, &v)) != BSP_OK) return st;
    for (c = 0; c < 3; c++) out->pos[c] = v.pos[c];
    out->alpha = bsp__f32(dv + ((size_t)bsp__i32(s->disp + DISPINFO_VERT_START) + k) * DISPVERT_BYTES +
                          DISPVERT_ALPHA);
    out->present = BSP_VA_ALPHA;
    if ((vecs = bsp__face_texvecs(m, face)) != NULL) {
        float corner[4][2];
        int32_t size[2];
        for (i = 0; i < 4; i++) {
            float p[3];
            bsp__stored_vertex(m, s, (s->start + i) % 4, p);
            for (c = 0; c < 2; c++) corner[i][c] = bsp__texdot(vecs, c, p);
        }
        disp_blend(corner, (1u << out->power) + 1, k, out->st);
        out->present |= BSP_VA_ST;
        if (bsp__texture_size(m, f->texture, size)) {
            for (c = 0; c < 2; c++) out->uv[c] = out->st[c] / (float)size[c];
            out->present |= BSP_VA_UV;
        }
    }
    if (f->lightmap.present) {
        float corner[4][2];
        bsp__disp_luxel_corners(f->lightmap.w - 1, f->lightmap.h - 1, corner);
        disp_blend(corner, (1u << out->power) + 1, k, out->lm);
        out->present |= BSP_VA_LM;
    }
    return BSP_OK;
}

bsp_status bsp_disp_vertex(const bsp_map *map, uint32_t disp, uint32_t k, bsp_disp_vert *out)
{
    const bsp__map *m = bsp__map_c(map);
    const bsp__access *a = bsp__access_of(m);
    uint32_t dsize, vsize;
    const uint8_t *di, *dv;
    int32_t face;
    bsp_face f;
    bsp__stored s;
    bsp_status st;
    if (!a || !out) return BSP_E_BAD_ARGUMENT;
    bsp__fill(out, 0, sizeof *out);
    out->face = -1;
    if (a->lumps[BSP_AL_DISPINFO] < 0 || !m->family->faces.face_dispinfo.type) return BSP_E_UNSUPPORTED;
    di = bsp__access_lump(m, BSP_AL_DISPINFO, &dsize);
    dv = bsp__access_lump(m, BSP_AL_DISPVERTS, &vsize);
    if (!di && (st = bsp__access_absent(m, BSP_AL_DISPINFO, BSP_OK)) != BSP_OK) return st;
    if (!dv && (st = bsp__access_absent(m, BSP_AL_DISPVERTS, BSP_OK)) != BSP_OK) return st;
    if (!m->faces.data && (st = bsp__lump_absent(m, bsp__faces_lump(m), BSP_OK)) != BSP_OK) return st;
    if (disp >= dsize / bsp__dispinfo_stride(m)) return BSP_E_BAD_DISP;
    di += (size_t)disp * bsp__dispinfo_stride(m);
    if ((face = disp_base_face(m, di, disp)) < 0) return BSP_E_CORRUPT;
    out->face = face;
    if ((st = bsp_get_face(map, (uint32_t)face, &f)) != BSP_OK) return st;
    if ((st = bsp__face_stored(m, (uint32_t)face, &s)) != BSP_OK) return st;
    if (f.kind != BSP_FACE_DISPLACEMENT) return BSP_E_CORRUPT;
    return bsp__disp_vertex_of(m, (uint32_t)face, &f, &s, k, out);
}

#endif
