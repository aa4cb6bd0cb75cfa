/* SPDX-License-Identifier: MIT */
/* patch_grid.c - one Quake 3 patch's grid as id's renderer builds it
 * (docs/queries.md 11.9): R_SubdividePatchToGrid of Quake III Arena 1.32's
 * tr_curve.c, step for step. Columns are inserted where the curve bends
 * more than the subdivision error, the approximating points are put on
 * the curve, flat columns and rows are culled, a grid taller than wide is
 * turned, and MakeMeshNormals gives the normals. Every float operation is
 * one bsp__f* call in id's order; id's double comparisons (len > 1.0) are
 * the same float comparisons, and sqrt of a float in double, rounded back,
 * is the correctly rounded float root.
 */
#include "patch_grid.h"
#include "../core/map.h"
#include "map_geometry.h"
#include "../core/fmath.h"

#if BSPKIT_ACCESS   /* else core/absent.c */

#define FLAT_ERROR 999.0f   /* id's mark of a column on its line */

/* BSP_PATCH_GRID_SCRATCH_BYTES counts 44 bytes a vertex, as drawVert_t. */
typedef char bsp__grid_vertex_is_44_bytes[sizeof(bsp_grid_vertex) == 44 ? 1 : -1];

/* ---- the map: the face record and its control points -------------------- */

bsp_status bsp__patch_source(const bsp__map *m, uint32_t face, bsp__patch_src *src)
{
    const bsp__access *a;
    const uint8_t *f, *vecs;
    bsp__texture_use use;
    bsp_face outline;
    float b0[3], b1[3], sum[3], d[3];
    bsp_status st = bsp__face_shape(m, face, &outline);
    uint32_t k;
    if (st != BSP_OK && st != BSP_E_CORRUPT) return st;
    a = m->family->access;
    f = BSP__REC(m->faces, face);   /* (a corrupt face is still a record) */
    if (st == BSP_E_CORRUPT)   /* unsupported before corrupt: only a patch's own fault counts */
        return a->geometry == BSP_GEOM_SURFACES && bsp__field_get(f, a->face_type) == 2 ? st
                                                                                     : BSP_E_UNSUPPORTED;
    if (outline.kind != BSP_FACE_PATCH) return BSP_E_UNSUPPORTED;
    src->face = face;
    src->first = (uint32_t)bsp__field_get(f, a->face_first_vert);   /* checked by bsp__face_shape */
    src->w = (uint32_t)bsp__i32(f + a->face_patch);
    src->h = (uint32_t)bsp__i32(f + a->face_patch + 4);
    bsp__texture_ref(m, bsp__field_get(f, a->face_texture), -1, &use);
    src->nodraw = (use.flags & BSP_SURF_NODRAW) != 0;
    /* lightmapVecs[0] and [1], the surface's bounds for a patch: the two
     * rows before lightmapVecs[2], the face normal */
    vecs = f + a->face_normal - 24;
    bsp__vread(vecs, b0);
    bsp__vread(vecs + 12, b1);
    for (k = 0; k < 3; k++) sum[k] = bsp__fadd(b0[k], b1[k]);
    for (k = 0; k < 3; k++) src->lod_origin[k] = bsp__fmul(sum[k], 0.5f);
    bsp__vsub(b0, src->lod_origin, d);
    src->lod_radius = bsp__fsqrt(bsp__dot(d, d));
    return BSP_OK;
}

void bsp__patch_points(const bsp__map *m, const bsp__patch_src *src, bsp__grid_row *c)
{
    uint32_t size, i, j, k;
    const uint8_t *dv = bsp__access_lump(m, BSP_AL_DRAWVERTS, &size);
    const bsp__access *a = m->family->access;
    for (j = 0; j < src->h; j++)
        for (i = 0; i < src->w; i++) {
            const uint8_t *v = dv + (size_t)(src->first + j * src->w + i) * a->drawvert_bytes;
            bsp_grid_vertex *o = &c[j][i];
            bsp__vread(v, o->xyz);
            for (k = 0; k < 2; k++) o->st[k] = bsp__f32(v + 12 + 4 * k);
            for (k = 0; k < 2; k++) o->lm[k] = bsp__f32(v + 20 + 4 * k);
            bsp__vread(v + a->drawvert_normal, o->normal);
            for (k = 0; k < 4; k++) o->color[k] = v[a->drawvert_color + k];
        }
}

/* ---- id's vector helpers, each step rounded ----------------------------- */

/* VectorNormalize2: the length, and v scaled by its reciprocal (zero when
 * the length is 0; a NaN length is not 0, as in id's `if (length)`). */
static float curve_normalize(const float v[3], float out[3])
{
    float len = bsp__fsqrt(bsp__dot(v, v));
    if (len != 0.0f) {
        float il = bsp__fdiv(1.0f, len);
        out[0] = bsp__fmul(v[0], il);
        out[1] = bsp__fmul(v[1], il);
        out[2] = bsp__fmul(v[2], il);
    } else {
        out[0] = out[1] = out[2] = 0.0f;
    }
    return len;
}

void bsp__lerp_vertex(const bsp_grid_vertex *a, const bsp_grid_vertex *b, bsp_grid_vertex *out)
{
    uint32_t k;
    for (k = 0; k < 3; k++) out->xyz[k] = bsp__fmul(0.5f, bsp__fadd(a->xyz[k], b->xyz[k]));
    for (k = 0; k < 2; k++) out->st[k] = bsp__fmul(0.5f, bsp__fadd(a->st[k], b->st[k]));
    for (k = 0; k < 2; k++) out->lm[k] = bsp__fmul(0.5f, bsp__fadd(a->lm[k], b->lm[k]));
    for (k = 0; k < 4; k++) out->color[k] = (uint8_t)((a->color[k] + b->color[k]) >> 1);
    /* id leaves the normal as it was; MakeMeshNormals sets every one later */
    for (k = 0; k < 3; k++) out->normal[k] = 0.0f;
}

/* id's Transpose: the square part swapped, the rest copied across. */
static void curve_transpose(uint32_t w, uint32_t h, bsp__grid_row *c)
{
    uint32_t i, j;
    bsp_grid_vertex t;
    if (w > h) {
        for (i = 0; i < h; i++)
            for (j = i + 1; j < w; j++) {
                if (j < h) {
                    t = c[j][i], c[j][i] = c[i][j], c[i][j] = t;
                } else {
                    c[j][i] = c[i][j];
                }
            }
    } else {
        for (i = 0; i < w; i++)
            for (j = i + 1; j < h; j++) {
                if (j < w) {
                    t = c[i][j], c[i][j] = c[j][i], c[j][i] = t;
                } else {
                    c[i][j] = c[j][i];
                }
            }
    }
}

/* ---- MakeMeshNormals --------------------------------------------------- */

static const int8_t curve_neighbours[8][2] = {
    { 0, 1 }, { 1, 1 }, { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, -1 }, { -1, 0 }, { -1, 1 }
};

/* The edge rows (or columns) meet within 1 unit everywhere: the grid wraps. */
static int curve_wraps(uint32_t n, uint32_t w, bsp__grid_row *c, int across)
{
    uint32_t i;
    for (i = 0; i < n; i++) {
        const float *p = across ? c[i][0].xyz : c[0][i].xyz;
        const float *q = across ? c[i][w - 1].xyz : c[w - 1][i].xyz;
        float d[3];
        bsp__vsub(p, q, d);
        if (bsp__dot(d, d) > 1.0f) return 0;
    }
    return 1;
}

static int curve_wrap_index(int x, int n, int wrap)
{
    if (wrap) {
        if (x < 0) x = n - 1 + x;
        else if (x >= n) x = 1 + x - n;
    }
    return x;
}

void bsp__mesh_normals(uint32_t w, uint32_t h, bsp__grid_row *c)
{
    int ww = curve_wraps(h, w, c, 1), wh = curve_wraps(w, h, c, 0);
    int i, j, k, dist, W = (int)w, H = (int)h;
    for (i = 0; i < W; i++)
        for (j = 0; j < H; j++) {
            float around[8][3], sum[3] = { 0.0f, 0.0f, 0.0f }, n[3];
            int good[8];
            bsp_grid_vertex *dv = &c[j][i];
            for (k = 0; k < 8; k++) {
                around[k][0] = around[k][1] = around[k][2] = 0.0f;
                good[k] = 0;
                for (dist = 1; dist <= 3; dist++) {
                    int x = curve_wrap_index(i + curve_neighbours[k][0] * dist, W, ww);
                    int y = curve_wrap_index(j + curve_neighbours[k][1] * dist, H, wh);
                    float t[3];
                    if (x < 0 || x >= W || y < 0 || y >= H) break;   /* the patch's edge */
                    bsp__vsub(c[y][x].xyz, dv->xyz, t);
                    if (curve_normalize(t, t) == 0.0f) continue;            /* degenerate: further */
                    good[k] = 1;
                    around[k][0] = t[0], around[k][1] = t[1], around[k][2] = t[2];
                    break;
                }
            }
            for (k = 0; k < 8; k++) {
                if (!good[k] || !good[(k + 1) & 7]) continue;
                bsp__vcross(around[(k + 1) & 7], around[k], n);
                if (curve_normalize(n, n) == 0.0f) continue;
                sum[0] = bsp__fadd(n[0], sum[0]);
                sum[1] = bsp__fadd(n[1], sum[1]);
                sum[2] = bsp__fadd(n[2], sum[2]);
            }
            curve_normalize(sum, dv->normal);
        }
}

/* ---- R_SubdividePatchToGrid ---------------------------------------------- */

/* How far the curve over columns j .. j + 2 strays from its chord, at
 * its midpoint, over every row: the largest, as a length. */
static float curve_bend(bsp__grid_row *c, uint32_t h, uint32_t j)
{
    float max = 0.0f;
    uint32_t i, l;
    for (i = 0; i < h; i++) {
        float mid[3], dir[3], proj[3], off[3], d, len;
        for (l = 0; l < 3; l++)
            mid[l] = bsp__fmul(bsp__fadd(bsp__fadd(c[i][j].xyz[l], bsp__fmul(c[i][j + 1].xyz[l], 2.0f)),
                                         c[i][j + 2].xyz[l]), 0.25f);
        bsp__vsub(mid, c[i][j].xyz, mid);
        bsp__vsub(c[i][j + 2].xyz, c[i][j].xyz, dir);
        curve_normalize(dir, dir);
        d = bsp__dot(mid, dir);
        for (l = 0; l < 3; l++) proj[l] = bsp__fmul(dir[l], d);
        bsp__vsub(mid, proj, off);
        len = bsp__dot(off, off);
        if (len > max) max = len;
    }
    return bsp__fsqrt(max);
}

/* One direction: columns inserted where the curve bends more than s. */
static void curve_subdivide_columns(bsp__grid_row *c, uint32_t *width, uint32_t h, float s, float *err)
{
    uint32_t w = *width, i, k;
    int j;
    for (j = 0; j < (int)BSP__GRID; j++) err[j] = 0.0f;
    for (j = 0; (uint32_t)j + 2 < w; j += 2) {
        float len = curve_bend(c, h, (uint32_t)j);
        if (len < 0.1f) {
            err[j + 1] = FLAT_ERROR;   /* on the line: the columns go */
            continue;
        }
        if (w + 2 > BSP__GRID || len <= s) {
            err[j + 1] = bsp__fdiv(1.0f, len);   /* full, or fine as it is */
            continue;
        }
        err[j + 2] = bsp__fdiv(1.0f, len);
        w += 2;
        for (i = 0; i < h; i++) {
            bsp_grid_vertex prev, next, mid;
            bsp__lerp_vertex(&c[i][j], &c[i][j + 1], &prev);
            bsp__lerp_vertex(&c[i][j + 1], &c[i][j + 2], &next);
            bsp__lerp_vertex(&prev, &next, &mid);
            for (k = w - 1; k > (uint32_t)j + 3; k--) c[i][k] = c[i][k - 2];
            c[i][j + 1] = prev;
            c[i][j + 2] = mid;
            c[i][j + 3] = next;
        }
        j -= 2;   /* check the same span again: it may need more */
    }
    *width = w;
}

/* PutPointsOnCurve: each approximating point halfway between the
 * midpoints of its two spans. */
static void curve_points_on_curve(bsp__grid_row *c, uint32_t w, uint32_t h)
{
    uint32_t i, j;
    bsp_grid_vertex prev, next;
    for (i = 0; i < w; i++)
        for (j = 1; j < h; j += 2) {
            bsp__lerp_vertex(&c[j][i], &c[j + 1][i], &prev);
            bsp__lerp_vertex(&c[j][i], &c[j - 1][i], &next);
            bsp__lerp_vertex(&prev, &next, &c[j][i]);
        }
    for (j = 0; j < h; j++)
        for (i = 1; i < w; i += 2) {
            bsp__lerp_vertex(&c[j][i], &c[j][i + 1], &prev);
            bsp__lerp_vertex(&c[j][i], &c[j][i - 1], &next);
            bsp__lerp_vertex(&prev, &next, &c[j][i]);
        }
}

/* id's cull: a flat column goes, the next one is not looked at (i moves
 * on over the column that took its place). */
static void curve_cull(bsp__grid_row *c, uint32_t *width, uint32_t *height, float err[2][BSP__GRID])
{
    uint32_t w = *width, h = *height, i, j, k;
    for (i = 1; i + 1 < w; i++) {
        if (err[0][i] != FLAT_ERROR) continue;
        for (j = i + 1; j < w; j++) {
            for (k = 0; k < h; k++) c[k][j - 1] = c[k][j];
            err[0][j - 1] = err[0][j];
        }
        w--;
    }
    for (i = 1; i + 1 < h; i++) {
        if (err[1][i] != FLAT_ERROR) continue;
        for (j = i + 1; j < h; j++) {
            for (k = 0; k < w; k++) c[j - 1][k] = c[j][k];
            err[1][j - 1] = err[1][j];
        }
        h--;
    }
    *width = w, *height = h;
}

/* Taller than wide: turned (Transpose, InvertErrorTable, InvertCtrl). */
static void curve_turn(bsp__grid_row *c, uint32_t *width, uint32_t *height, float err[2][BSP__GRID])
{
    float copy[2][BSP__GRID];
    uint32_t w = *width, h = *height, i, j;
    curve_transpose(w, h, c);
    for (i = 0; i < BSP__GRID; i++) copy[0][i] = err[0][i], copy[1][i] = err[1][i];
    for (i = 0; i < w; i++) err[1][i] = copy[0][i];
    for (i = 0; i < h; i++) err[0][i] = copy[1][h - 1 - i];
    *width = h, *height = w;
    for (i = 0; i < w; i++)          /* InvertCtrl over the turned grid */
        for (j = 0; j < h / 2; j++) {
            bsp_grid_vertex t = c[i][j];
            c[i][j] = c[i][h - 1 - j];
            c[i][h - 1 - j] = t;
        }
}

void bsp__patch_subdivide(bsp__grid_row *c, uint32_t *width, uint32_t *height, float s,
                          float err[2][BSP__GRID])
{
    uint32_t w = *width, h = *height, t, dir;
    for (dir = 0; dir < 2; dir++) {
        curve_subdivide_columns(c, &w, h, s, err[dir]);
        curve_transpose(w, h, c);
        t = w, w = h, h = t;
    }
    curve_points_on_curve(c, w, h);
    curve_cull(c, &w, &h, err);
    if (h > w) curve_turn(c, &w, &h, err);
    bsp__mesh_normals(w, h, c);
    *width = w, *height = h;
}

/* ---- the public call ---------------------------------------------------- */

bsp_status bsp_patch_grid_build(const bsp_map *map, uint32_t face, float subdivisions,
                                void *scratch, size_t scratch_bytes, bsp_patch_grid *out)
{
    const bsp__map *m = bsp__map_c(map);
    bsp__patch_src src;
    bsp__grid_row *c = (bsp__grid_row *)scratch;
    bsp_grid_vertex *packed = (bsp_grid_vertex *)scratch;
    float err[2][BSP__GRID];
    uint32_t w, h, i, j;
    bsp_status st;
    if (!m || !scratch || !out || !bsp__access_of(m)) return bsp__no_access(m);
    if ((uintptr_t)scratch & 3u) return BSP_E_BAD_ARENA;
    if (scratch_bytes < BSP_PATCH_GRID_SCRATCH_BYTES) return BSP_E_ARENA_TOO_SMALL;
    if ((st = bsp__patch_source(m, face, &src)) != BSP_OK) return st;
    bsp__patch_points(m, &src, c);
    w = src.w, h = src.h;
    bsp__patch_subdivide(c, &w, &h, subdivisions, err);
    /* packed row after row at the scratch's start: each vertex moves to
     * an index no later than its own, so in order nothing is overwritten
     * before it is read */
    for (j = 0; j < h; j++)
        for (i = 0; i < w; i++) packed[j * w + i] = c[j][i];
    bsp__fill(out, 0, sizeof *out);
    out->face = face;
    out->width = w, out->height = h;
    for (i = 0; i < 3; i++) out->lod_origin[i] = src.lod_origin[i];
    out->lod_radius = src.lod_radius;
    for (i = 0; i < w; i++) out->width_lod_error[i] = err[0][i];
    for (i = 0; i < h; i++) out->height_lod_error[i] = err[1][i];
    out->verts = packed;
    return BSP_OK;
}

#endif
