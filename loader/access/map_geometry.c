/* SPDX-License-Identifier: MIT */
/* map_geometry.c - a face's vertices and triangles, one at a time.
 *
 * Polygons (edge loops, nightfire vertex runs) are fanned from vertex 0.
 * Quake 3 planar and soup surfaces use their index lists; patches are
 * tessellated BSP_PATCH_LEVEL steps per 3 x 3 section; Source
 * displacements are their (2^power + 1)^2 grid built from the base face's
 * corners (from the one nearest startPosition) plus each displacement
 * vertex's vector times its distance, split cell by cell in a
 * checkerboard as Valve's tools and engine split it. Every float
 * operation is a float assignment, in the order written.
 */
#include "map_geometry.h"
#include "patch_set.h"
#include "../core/map.h"
#include "../core/fmath.h"
#include "../cmodel/disp_build.h"

#if BSPKIT_ACCESS   /* else core/absent.c */

#define DISPINFO_VERT_START 12
#define DISPINFO_POWER 20
#define DISPVERT_BYTES 20

/* What a face's geometry reads, after its checks. */
typedef struct shape {
    bsp_face_kind kind;
    int32_t raw_type;
    uint32_t first;        /* first vertex: surfedge, drawvert, vertex,
                              or dispvert */
    uint32_t count;        /* vertices stored (control points of a patch) */
    uint32_t first_index, num_indexes;   /* quake3 mesh */
    uint32_t grid;         /* vertices per grid row (displacement, patch) */
    uint32_t ctrl_w, ctrl_h;             /* patch control grid */
    uint32_t verts, tris;
    int32_t dispinfo;
    const uint8_t *disp;   /* the displacement's dispinfo record */
    const bsp_grid_vertex *pgrid;   /* a patch's grid from the map's patch
                                       set (bsp_use_patch_set), or NULL */
} shape;

static int run_ok(int32_t first, int32_t count, uint32_t total)
{
    return first >= 0 && count >= 0 && (uint32_t)count <= total &&
           (uint32_t)first <= total - (uint32_t)count;
}

static bsp_status edge_shape(const bsp__map *m, const uint8_t *f, shape *s)
{
    const struct bsp_family *fam = m->family;
    uint32_t dsize, vsize;
    int32_t n = bsp__field_get(f, fam->faces.face_numedges);
    if (!m->surfedges.data || !m->edges.data || !m->vertexes.data) {
        bsp__need need[3];
        bsp_status st;
        need[0].data = m->surfedges.data, need[0].lump = bsp__role_lump(fam, BSP_ROLE_SURFEDGES);
        need[1].data = m->edges.data, need[1].lump = bsp__role_lump(fam, BSP_ROLE_EDGES);
        need[2].data = m->vertexes.data, need[2].lump = bsp__role_lump(fam, BSP_ROLE_VERTEXES);
        if ((st = bsp__needs_absent(m, need, 3, n > 0)) != BSP_OK) return st;
        n = 0;   /* (lumps the file stores empty: a face with no edges) */
    }
    s->first = (uint32_t)bsp__field_get(f, fam->faces.face_firstedge);   /* validated at load */
    s->count = n > 0 ? (uint32_t)n : 0;
    s->dispinfo = fam->faces.face_dispinfo.type ? bsp__field_get(f, fam->faces.face_dispinfo) : -1;
    if (s->dispinfo < 0) {
        s->verts = s->count;
        s->tris = s->count >= 3 ? s->count - 2 : 0;
        return BSP_OK;
    }
    {
        const uint8_t *di = bsp__access_lump(m, BSP_AL_DISPINFO, &dsize);
        const uint8_t *dv = bsp__access_lump(m, BSP_AL_DISPVERTS, &vsize);
        uint32_t stride = bsp__dispinfo_stride(m);
        int32_t power, start;
        uint32_t n1;
        s->kind = BSP_FACE_DISPLACEMENT;
        s->raw_type = s->dispinfo;
        if (!di || !dv) {
            bsp__need need[2];
            need[0].data = di, need[0].lump = fam->access->lumps[BSP_AL_DISPINFO];
            need[1].data = dv, need[1].lump = fam->access->lumps[BSP_AL_DISPVERTS];
            return bsp__needs_absent(m, need, 2, 1);   /* (NOT_LOADED, or CORRUPT) */
        }
        if ((uint32_t)s->dispinfo >= dsize / stride) return BSP_E_CORRUPT;
        di += (size_t)s->dispinfo * stride;
        s->disp = di;   /* a variant's longer record keeps Valve's fields first */
        power = bsp__i32(di + DISPINFO_POWER);
        start = bsp__i32(di + DISPINFO_VERT_START);
        if (power < 1 || power > 4 || s->count != 4) return BSP_E_CORRUPT;
        n1 = (1u << power) + 1;
        if (!run_ok(start, (int32_t)(n1 * n1), vsize / DISPVERT_BYTES)) return BSP_E_CORRUPT;
        s->grid = n1;
        s->verts = n1 * n1;
        s->tris = 2 * (n1 - 1) * (n1 - 1);
    }
    return BSP_OK;
}

static bsp_status surface_shape(const bsp__map *m, uint32_t face, const uint8_t *f, shape *s)
{
    const bsp__access *a = m->family->access;
    uint32_t vsize, isize;
    const uint8_t *dv = bsp__access_lump(m, BSP_AL_DRAWVERTS, &vsize);
    const uint8_t *di = bsp__access_lump(m, BSP_AL_DRAWINDEXES, &isize);
    int32_t first = bsp__field_get(f, a->face_first_vert), count = bsp__field_get(f, a->face_num_verts);
    int32_t fi = bsp__field_get(f, a->face_first_index), ni = bsp__field_get(f, a->face_num_indexes);
    s->raw_type = bsp__field_get(f, a->face_type);
    s->kind = s->raw_type == 1 || s->raw_type == 3 ? BSP_FACE_MESH
            : s->raw_type == 2 ? BSP_FACE_PATCH : BSP_FACE_OTHER;
    if (s->kind == BSP_FACE_OTHER) return BSP_OK;
    if (!dv || (!di && s->kind == BSP_FACE_MESH)) {
        bsp__need need[2];
        bsp_status st;
        need[0].data = dv, need[0].lump = a->lumps[BSP_AL_DRAWVERTS];
        need[1].data = s->kind == BSP_FACE_MESH ? di : dv, need[1].lump = a->lumps[BSP_AL_DRAWINDEXES];
        if ((st = bsp__needs_absent(m, need, 2, count != 0 || s->kind != BSP_FACE_MESH || ni != 0)) != BSP_OK)
            return st;
    }
    if (!run_ok(first, count, vsize / m->family->access->drawvert_bytes)) return BSP_E_CORRUPT;
    s->first = (uint32_t)first;
    s->count = (uint32_t)count;
    if (s->kind == BSP_FACE_MESH) {
        if (!run_ok(fi, ni, isize / 4)) return BSP_E_CORRUPT;
        s->first_index = (uint32_t)fi;
        s->num_indexes = (uint32_t)ni;
        s->verts = s->count;
        s->tris = s->num_indexes / 3;
        return BSP_OK;
    }
    {
        int32_t w = bsp__i32(f + a->face_patch), h = bsp__i32(f + a->face_patch + 4);
        if (w < 3 || h < 3 || !(w & 1) || !(h & 1) || w > 65 || h > 65 || w * h > count)
            return BSP_E_CORRUPT;
        s->ctrl_w = (uint32_t)w;
        s->ctrl_h = (uint32_t)h;
        if (m->patch_set) {   /* (a record and a pointer: no grid copied per call) */
            const set_grid *g = bsp__patch_set_find(m->patch_set, face);
            if (g) {
                s->pgrid = bsp__patch_set_verts(m->patch_set, g);
                s->grid = g->w;
                s->verts = g->w * g->h;
                s->tris = 2 * (g->w - 1) * (g->h - 1);
                return BSP_OK;
            }
        }
        s->grid = (s->ctrl_w - 1) / 2 * BSP_PATCH_LEVEL + 1;
        s->verts = s->grid * ((s->ctrl_h - 1) / 2 * BSP_PATCH_LEVEL + 1);
        s->tris = 2 * (s->grid - 1) * ((s->ctrl_h - 1) / 2 * BSP_PATCH_LEVEL);
    }
    return BSP_OK;
}

static bsp_status run_shape(const bsp__map *m, const uint8_t *f, shape *s)
{
    const bsp__access *a = m->family->access;
    int32_t first = bsp__field_get(f, a->face_first_vert), count = bsp__field_get(f, a->face_num_verts);
    if (!m->vertexes.data) {
        bsp__need need;
        bsp_status st;
        need.data = NULL, need.lump = bsp__role_lump(m->family, BSP_ROLE_VERTEXES);
        if ((st = bsp__needs_absent(m, &need, 1, count != 0)) != BSP_OK) return st;
    }
    if (!run_ok(first, count, m->vertexes.count)) return BSP_E_CORRUPT;
    s->first = (uint32_t)first;
    s->count = s->verts = (uint32_t)count;
    s->tris = s->count >= 3 ? s->count - 2 : 0;
    return BSP_OK;
}

static bsp_status get_shape(const bsp__map *m, uint32_t face, shape *s)
{
    const uint8_t *f;
    if (!bsp__access_of(m)) return bsp__no_access(m);
    if (!m->faces.data) return bsp__lump_absent(m, bsp__faces_lump(m), BSP_E_BAD_FACE);
    if (face >= m->faces.count) return BSP_E_BAD_FACE;
    f = BSP__REC(m->faces, face);
    bsp__fill(s, 0, sizeof *s);
    s->kind = BSP_FACE_POLYGON;
    switch (m->family->access->geometry) {
    case BSP_GEOM_SURFACES: return surface_shape(m, face, f, s);
    case BSP_GEOM_VERTEX_RUN: return run_shape(m, f, s);
    default: return edge_shape(m, f, s);
    }
}

bsp_status bsp__face_shape(const bsp__map *m, uint32_t face, bsp_face *out)
{
    shape s;
    bsp_status st = get_shape(m, face, &s);
    if (st != BSP_OK) return st;
    out->kind = s.kind;
    out->raw_type = s.raw_type;
    out->num_verts = s.verts;
    out->num_tris = s.tris;
    return BSP_OK;
}

/* ---- vertices ------------------------------------------------------------ */

static void read_vec3(const uint8_t *p, float v[3])
{
    v[0] = bsp__f32(p);
    v[1] = bsp__f32(p + 4);
    v[2] = bsp__f32(p + 8);
}

/* Position of edge-loop vertex k. */
static void loop_vertex(const bsp__map *m, uint32_t first, uint32_t k, float v[3])
{
    int32_t se = bsp__i32(BSP__REC(m->surfedges, first + k));
    const uint8_t *edge = BSP__REC(m->edges, (uint32_t)(se < 0 ? -se : se));
    int32_t vi = bsp__field_get(edge, m->family->faces.edge_v[se < 0 ? 1 : 0]);
    read_vec3(BSP__REC(m->vertexes, (uint32_t)vi), v);
}

const uint8_t *bsp__face_texvecs(const bsp__map *m, uint32_t face)
{
    const bsp__access *a = m->family->access;
    const uint8_t *f = BSP__REC(m->faces, face);
    if (a->face_projection.type) {
        uint32_t size;
        const uint8_t *proj = bsp__access_lump(m, BSP_AL_PROJECTIONS, &size);
        int32_t pi = bsp__field_get(f, a->face_projection);
        if (proj && pi >= 0 && (uint32_t)pi < size / 32) return proj + 32 * (size_t)pi;
    } else if (m->texinfo.data && m->family->faces.face_texinfo.type) {
        int32_t ti = bsp__field_get(f, m->family->faces.face_texinfo);
        if (ti >= 0) return BSP__REC(m->texinfo, (uint32_t)ti);   /* textureVecs first */
    }
    return NULL;
}

float bsp__texdot(const uint8_t *vecs, uint32_t axis, const float p[3])
{
    float t[4], d;
    uint32_t j;
    for (j = 0; j < 4; j++) t[j] = bsp__f32(vecs + 16 * axis + 4 * j);
    d = bsp__dot(p, t);
    return d + t[3];
}

/* Texture and lightmap coordinates of a point on a face with texture and
 * lightmap vectors (every family but quake3). */
static void project(const bsp__map *m, uint32_t face, const float p[3], bsp_vertex *out)
{
    const uint8_t *vecs = bsp__face_texvecs(m, face);
    bsp__lightmap lm;
    uint32_t k;
    out->uv[0] = out->uv[1] = out->lm[0] = out->lm[1] = 0.0f;
    for (k = 0; vecs && k < 2; k++) out->uv[k] = bsp__texdot(vecs, k, p);
    if (bsp__face_lightmap(m, face, &lm) != BSP_OK || lm.bad) return;
    for (k = 0; k < 2; k++) {
        float d = bsp__dot(p, lm.vecs[k]);
        float s = d + lm.vecs[k][3];
        float u = s - lm.base[k];
        out->lm[k] = u / lm.scale;
    }
}

static void drawvert(const bsp__map *m, uint32_t index, bsp_vertex *out)
{
    uint32_t size;
    const uint8_t *v = bsp__access_lump(m, BSP_AL_DRAWVERTS, &size) + (size_t)index * m->family->access->drawvert_bytes;
    float side = (float)m->family->faces.page_texels;
    read_vec3(v, out->pos);
    out->uv[0] = bsp__f32(v + 12);
    out->uv[1] = bsp__f32(v + 16);
    out->lm[0] = bsp__f32(v + 20) * side;   /* page texels */
    out->lm[1] = bsp__f32(v + 24) * side;
}

/* Quadratic Bezier weights at t: (1-t)^2, 2t(1-t), t^2. */
static void bezier(float t, float w[3])
{
    float u = 1.0f - t;
    float tu = t * u;
    w[0] = u * u;
    w[1] = 2.0f * tu;
    w[2] = t * t;
}

static void patch_vertex(const bsp__map *m, const shape *s, uint32_t k, bsp_vertex *out)
{
    uint32_t col = k % s->grid, row = k / s->grid, sx, sy, a, b, c;
    float wu[3], wv[3], acc[7];
    sx = col / BSP_PATCH_LEVEL;
    sy = row / BSP_PATCH_LEVEL;
    if (sx == (s->ctrl_w - 1) / 2) sx--;    /* the last column ends the last section */
    if (sy == (s->ctrl_h - 1) / 2) sy--;
    bezier((float)(col - sx * BSP_PATCH_LEVEL) / (float)BSP_PATCH_LEVEL, wu);
    bezier((float)(row - sy * BSP_PATCH_LEVEL) / (float)BSP_PATCH_LEVEL, wv);
    for (c = 0; c < 7; c++) acc[c] = 0.0f;
    for (a = 0; a < 3; a++)
        for (b = 0; b < 3; b++) {
            bsp_vertex cp;
            float w = wv[a] * wu[b];
            float x[7];
            drawvert(m, s->first + (2 * sy + a) * s->ctrl_w + 2 * sx + b, &cp);
            x[0] = cp.pos[0]; x[1] = cp.pos[1]; x[2] = cp.pos[2];
            x[3] = cp.uv[0]; x[4] = cp.uv[1]; x[5] = cp.lm[0]; x[6] = cp.lm[1];
            for (c = 0; c < 7; c++) {
                float term = w * x[c];
                acc[c] = acc[c] + term;
            }
        }
    out->pos[0] = acc[0]; out->pos[1] = acc[1]; out->pos[2] = acc[2];
    out->uv[0] = acc[3]; out->uv[1] = acc[4]; out->lm[0] = acc[5]; out->lm[1] = acc[6];
}

static float lerp(float a, float b, float t)
{
    float d = b - a;
    float e = d * t;
    return a + e;
}

/* A displacement's base corners and the one nearest startPosition (the
 * first of equals). */
static uint32_t disp_corners(const bsp__map *m, const shape *s, float corner[4][3])
{
    uint32_t i, c, start = 0;
    float sp[3], best = 0.0f;
    read_vec3(s->disp, sp);
    for (i = 0; i < 4; i++) {
        float d[3], dd;
        loop_vertex(m, s->first, i, corner[i]);
        for (c = 0; c < 3; c++) d[c] = corner[i][c] - sp[c];
        dd = bsp__dot(d, d);
        if (i == 0 || dd < best) {
            best = dd;
            start = i;
        }
    }
    return start;
}

static void disp_vertex(const bsp__map *m, uint32_t face, const shape *s, uint32_t k, bsp_vertex *out)
{
    uint32_t size, c, start;
    const uint8_t *di = s->disp;
    const uint8_t *dv = bsp__access_lump(m, BSP_AL_DISPVERTS, &size);
    float corner[4][3], flat[3], off[3], dist;
    float fr = (float)(k / s->grid) / (float)(s->grid - 1);
    float fc = (float)(k % s->grid) / (float)(s->grid - 1);
    start = disp_corners(m, s, corner);
    for (c = 0; c < 3; c++) {
        float left = lerp(corner[start][c], corner[(start + 1) % 4][c], fr);
        float right = lerp(corner[(start + 3) % 4][c], corner[(start + 2) % 4][c], fr);
        flat[c] = lerp(left, right, fc);
    }
    dv += ((size_t)bsp__i32(di + DISPINFO_VERT_START) + k) * DISPVERT_BYTES;
    read_vec3(dv, off);
    dist = bsp__f32(dv + 12);
    project(m, face, flat, out);   /* the base face's mapping, stretched */
    for (c = 0; c < 3; c++) {
        float o = off[c] * dist;
        out->pos[c] = flat[c] + o;
    }
}

bsp_status bsp__face_stored(const bsp__map *m, uint32_t face, bsp__stored *out)
{
    shape s;
    bsp_status st = get_shape(m, face, &s);
    if (st != BSP_OK) return st;
    out->kind = s.kind;
    out->first = s.first;
    out->count = s.count;
    out->disp = s.disp;
    out->start = 0;
    if (s.kind == BSP_FACE_DISPLACEMENT) {
        float corner[4][3];
        out->start = disp_corners(m, &s, corner);
    } else if (s.kind == BSP_FACE_OTHER) {
        /* (a flare: its run is checked here, its geometry never reads it) */
        const bsp__access *a = m->family->access;
        const uint8_t *f = BSP__REC(m->faces, face);
        uint32_t vsize;
        int32_t first = bsp__field_get(f, a->face_first_vert), count = bsp__field_get(f, a->face_num_verts);
        if (!bsp__access_lump(m, BSP_AL_DRAWVERTS, &vsize)) {
            bsp__need need;
            need.data = NULL, need.lump = a->lumps[BSP_AL_DRAWVERTS];
            if ((st = bsp__needs_absent(m, &need, 1, count != 0)) != BSP_OK) return st;
            count = 0;
        }
        if (!run_ok(first, count, vsize / m->family->access->drawvert_bytes)) return BSP_E_CORRUPT;
        out->first = (uint32_t)first;
        out->count = (uint32_t)count;
    }
    return BSP_OK;
}

const uint8_t *bsp__stored_vertex(const bsp__map *m, const bsp__stored *s, uint32_t k, float pos[3])
{
    const uint8_t *v = NULL;
    uint32_t size;
    switch (m->family->access->geometry) {
    case BSP_GEOM_SURFACES:
        v = bsp__access_lump(m, BSP_AL_DRAWVERTS, &size) + (size_t)(s->first + k) * m->family->access->drawvert_bytes;
        read_vec3(v, pos);
        break;
    case BSP_GEOM_VERTEX_RUN: read_vec3(BSP__REC(m->vertexes, s->first + k), pos); break;
    default: loop_vertex(m, s->first, k, pos); break;
    }
    return v;
}

bsp_status bsp_face_vertex(const bsp_map *map, uint32_t face, uint32_t k, bsp_vertex *out)
{
    const bsp__map *m = bsp__map_c(map);
    shape s;
    bsp_status st;
    if (!out) return BSP_E_BAD_ARGUMENT;
    st = get_shape(m, face, &s);
    if (st != BSP_OK) return st;
    if (k >= s.verts) return BSP_E_BAD_QUERY;
    switch (s.kind) {
    case BSP_FACE_MESH:
        drawvert(m, s.first + k, out);
        break;
    case BSP_FACE_PATCH:
        if (s.pgrid) {
            const bsp_grid_vertex *g = &s.pgrid[k];
            uint32_t c;
            for (c = 0; c < 3; c++) out->pos[c] = g->xyz[c];
            out->uv[0] = g->st[0], out->uv[1] = g->st[1];
            out->lm[0] = g->lm[0] * (float)m->family->faces.page_texels;   /* page texels, as drawvert's */
            out->lm[1] = g->lm[1] * (float)m->family->faces.page_texels;
        } else {
            patch_vertex(m, &s, k, out);
        }
        break;
    case BSP_FACE_DISPLACEMENT:
        disp_vertex(m, face, &s, k, out);
        break;
    default:
        if (m->family->access->geometry == BSP_GEOM_VERTEX_RUN)
            read_vec3(BSP__REC(m->vertexes, s.first + k), out->pos);
        else
            loop_vertex(m, s.first, k, out->pos);
        project(m, face, out->pos, out);
        break;
    }
    return BSP_OK;
}

bsp_status bsp_face_triangle(const bsp_map *map, uint32_t face, uint32_t k, uint32_t idx[3])
{
    const bsp__map *m = bsp__map_c(map);
    shape s;
    bsp_status st;
    uint32_t c;
    if (!idx) return BSP_E_BAD_ARGUMENT;
    st = get_shape(m, face, &s);
    if (st != BSP_OK) return st;
    if (k >= s.tris) return BSP_E_BAD_QUERY;
    if (s.kind == BSP_FACE_MESH) {
        uint32_t size;
        const uint8_t *ix = bsp__access_lump(m, BSP_AL_DRAWINDEXES, &size);
        for (c = 0; c < 3; c++) {
            int32_t v = bsp__i32(ix + 4 * ((size_t)s.first_index + 3 * k + c));
            if (v < 0 || (uint32_t)v >= s.count) return BSP_E_CORRUPT;
            idx[c] = (uint32_t)v;
        }
    } else if (s.kind == BSP_FACE_PATCH || s.kind == BSP_FACE_DISPLACEMENT) {
        /* cell q's corner a; its diagonal joins a + 1 and a + grid, except
         * in a displacement's even cells (a even: the grid is odd wide, so a
         * checkerboard), where Valve's compiler and engine join a and
         * a + grid + 1: on a bumpy grid the two splits are different
         * surfaces, and collision and rendering use Valve's */
        uint32_t q = k / 2, a = (q / (s.grid - 1)) * s.grid + q % (s.grid - 1);
        if (s.kind == BSP_FACE_DISPLACEMENT) {
            bsp__disp_tri(s.grid, k, idx);
        } else if (k & 1) {
            idx[0] = a + 1; idx[1] = a + s.grid; idx[2] = a + s.grid + 1;
        } else {
            idx[0] = a; idx[1] = a + s.grid; idx[2] = a + 1;
        }
    } else {
        idx[0] = 0;
        idx[1] = k + 1;
        idx[2] = k + 2;
    }
    return BSP_OK;
}

#endif
