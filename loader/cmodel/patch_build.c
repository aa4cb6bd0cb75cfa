/* SPDX-License-Identifier: MIT */
/* patch_build.c - Quake 3 patch collision (docs/queries.md 8.11): the
 * facets of one patch built from its control grid, at load (patch_q3.h
 * says the API and the layout; collision/patch_trace.c traces them).
 *
 * The steps are those of the engine's cm_patch.c, in its order (the
 * plane numbering and the order of facets and borders decide ties), as
 * test/reference/bspref_trace.py writes them: the grid is subdivided column
 * by column until each quadratic segment lies within 16 units of its chord,
 * degenerate columns go, the grid is transposed and the same is done to
 * its rows; each grid square then gives one facet (a flat square) or two
 * (its triangles), bounded by border planes and bevels. No recursion: the
 * subdivision is a loop over a column index, the windings are arrays.
 */
#include "patch_q3.h"

#if BSPKIT_COLLISION && BSPKIT_FAMILY_QUAKE3

#define PATCH_GRID BSP__Q3_PATCH_GRID_MAX
#define PATCH_PLANES BSP__Q3_PATCH_PLANES_MAX
#define PATCH_FACETS BSP__Q3_PATCH_FACETS_MAX
#define PATCH_BORDERS BSP__Q3_PATCH_BORDERS_MAX
#define PATCH_WINDING_MAX 64        /* MAX_POINTS_ON_WINDING */
#define PATCH_WINDING_ROOM 132      /* a chop may make twice its input before the check */

#define PATCH_SUBDIVIDE 16.0f       /* SUBDIVIDE_DISTANCE */
#define PATCH_TRI_EPS 0.1f          /* PLANE_TRI_EPSILON */
#define PATCH_WRAP_EPS 0.1f         /* WRAP_POINT_EPSILON */
#define PATCH_POINT_EPS 0.1f        /* POINT_EPSILON */
#define PATCH_NORMAL_EPS 0.0001f    /* NORMAL_EPSILON */
#define PATCH_DIST_EPS 0.02f        /* DIST_EPSILON of cm_patch.c */
#define PATCH_CHOP_EPS 0.1f         /* the windings' on-plane band */
#define PATCH_BEVEL_EPS 0.1f        /* an edge bevel: every winding point within 0.1 behind */
#define PATCH_MAP_BOUNDS 65535.0f   /* MAX_MAP_BOUNDS */
#define PATCH_CLIP_EPS 0.125f       /* SURFACE_CLIP_EPSILON */
#define PATCH_MISS 99999.0f         /* the point sweep's "never crosses" */

/* CM_FindPlane2 looks for the first plane within DIST_EPSILON of |dist|
 * (either way round): the planes are chained by floor(16 |dist|) (exact in
 * float: a power of two), hashed into PATCH_BUCKETS chains, so a search
 * reads three chains, not every plane. |dist| from PATCH_KEY_LIMIT up (or
 * NaN) shares one more chain. */
#define PATCH_BUCKETS 256u
#define PATCH_KEY_SCALE 16.0f
#define PATCH_KEY_LIMIT 1048576.0f  /* keys below 2^24 */
#define PATCH_KEY_MAX 16777215u
#define PATCH_OVERFLOW PATCH_BUCKETS
BSP__CHECK(q3_patch_buckets, PATCH_BUCKETS == 256u);   /* (patch_key_bucket's 8 bits) */

/* The plane search's tests inlined where speed counts; a build for size
 * keeps one copy. */
#ifdef __OPTIMIZE_SIZE__
#define PATCH_HOT static
#else
#define PATCH_HOT BSP_ALWAYS_INLINE
#endif

#if defined(__GNUC__) || defined(__clang__)
#define PATCH_MAY_ALIAS __attribute__((may_alias))
#else
#define PATCH_MAY_ALIAS
#endif

/* The build's work area, laid over the caller's scratch: this header,
 * then arrays sized by the caps (patch_q3.h) it was laid out for. Point
 * (i, j) of the grid, column i and row j, is PG(wk, i, j); square (i, j)'s
 * two triangle planes GP(wk, i, j). */
typedef struct patch_work {
    float (*grid)[3];
    int16_t (*gp)[2];
    float (*planes)[4];
    uint16_t *fsurf, *fnum;
    uint32_t *ffirst;
    uint16_t *bplane;
    uint8_t *binward;                  /* a bit per border */
    int16_t *next;                     /* the plane after it in its chain */
    /* the planes by |dist| (patch_find_plane2): chains in creation order */
    int16_t head[PATCH_BUCKETS + 1], tail[PATCH_BUCKETS + 1];
    float wind[3][PATCH_WINDING_ROOM][3];
    int32_t gs;                        /* the grid's side in the work area */
    uint32_t plane_cap, facet_cap, border_cap;
    int32_t w, h, wrap_w, wrap_h, side;
    uint32_t nplanes, nfacets, nborders;
    float lo[3], hi[3];
} PATCH_MAY_ALIAS patch_work;
#define PG(wk, i, j) ((wk)->grid[(size_t)(i) * (size_t)(wk)->gs + (size_t)(j)])
#define GP(wk, i, j) ((wk)->gp[(size_t)(i) * (size_t)((wk)->gs - 1) + (size_t)(j)])

/* The caps a work area is laid out for: the grid's side, planes, facets
 * (borders: 26 a facet). */
#define CAP_SIDE(c) ((c) & 0xffu)
#define CAP_PLANES(c) ((c) >> 8 & 0xfffu)
#define CAP_FACETS(c) ((c) >> 20 & 0x7ffu)
#define CAPS_FULL BSP__Q3_PATCH_CAPS_FULL

#define PATCH_ROUND(n) (((n) + 7u) & ~(size_t)7)
/* The header's room, the same on every target (the arena is too) */
#define PATCH_WORK_HEAD 6144u
BSP__CHECK(q3_patch_head, sizeof(patch_work) <= PATCH_WORK_HEAD);
static size_t patch_layout(uint32_t caps, patch_work *wk, uint8_t *base)
{
    size_t side = CAP_SIDE(caps), planes = CAP_PLANES(caps), facets = CAP_FACETS(caps), at;
    size_t borders = facets * PATCH_BORDERS;
    at = PATCH_WORK_HEAD;
    if (wk) wk->grid = (float (*)[3])(void *)(base + at);
    at += PATCH_ROUND(side * side * 12u);
    if (wk) wk->gp = (int16_t (*)[2])(void *)(base + at);
    at += PATCH_ROUND((side ? side - 1 : 0) * (side ? side - 1 : 0) * 4u);
    if (wk) wk->planes = (float (*)[4])(void *)(base + at);
    at += planes * 16u;
    if (wk) wk->next = (int16_t *)(void *)(base + at);
    at += PATCH_ROUND(planes * 2u);
    if (wk) wk->ffirst = (uint32_t *)(void *)(base + at);
    at += facets * 4u;
    if (wk) wk->fsurf = (uint16_t *)(void *)(base + at);
    at += PATCH_ROUND(facets * 2u);
    if (wk) wk->fnum = (uint16_t *)(void *)(base + at);
    at += PATCH_ROUND(facets * 2u);
    if (wk) wk->bplane = (uint16_t *)(void *)(base + at);
    at += PATCH_ROUND(borders * 2u);
    if (wk) wk->binward = base + at;
    at += PATCH_ROUND(borders / 8u + 1u);
    if (wk) {
        wk->gs = (int32_t)side;
        wk->plane_cap = (uint32_t)planes;
        wk->facet_cap = (uint32_t)facets;
        wk->border_cap = (uint32_t)borders;
    }
    return at;
}
BSP__CHECK(q3_patch_scratch, PATCH_WORK_HEAD + 129u * 129u * 12u + 128u * 128u * 4u
                             + 2048u * 18u + 1024u * 8u + 1024u * 26u * 2u + 1024u * 26u / 8u + 64u
                             + 4u <= BSP__Q3_PATCH_SCRATCH);

/* A facet being made: its borders and their inward flags. */
typedef struct patch_facet_state {
    int32_t surface;
    int32_t b[PATCH_BORDERS];
    uint8_t in[PATCH_BORDERS];
    uint32_t n;
} patch_facet_state;

/* ---- float helpers ---- */

/* sqrtf, correctly rounded (core/fmath.c) */
#define patch_sqrt bsp__fsqrt

BSP_INLINE void patch_sub(const float a[3], const float b[3], float o[3])
{
    o[0] = bsp__fsub(a[0], b[0]);
    o[1] = bsp__fsub(a[1], b[1]);
    o[2] = bsp__fsub(a[2], b[2]);
}

BSP_INLINE void patch_add(const float a[3], const float b[3], float o[3])
{
    o[0] = bsp__fadd(a[0], b[0]);
    o[1] = bsp__fadd(a[1], b[1]);
    o[2] = bsp__fadd(a[2], b[2]);
}

BSP_INLINE void patch_scale(const float a[3], float s, float o[3])
{
    o[0] = bsp__fmul(a[0], s);
    o[1] = bsp__fmul(a[1], s);
    o[2] = bsp__fmul(a[2], s);
}

/* o = v + b * s */
BSP_INLINE void patch_ma(const float v[3], float s, const float b[3], float o[3])
{
    o[0] = bsp__fadd(v[0], bsp__fmul(b[0], s));
    o[1] = bsp__fadd(v[1], bsp__fmul(b[1], s));
    o[2] = bsp__fadd(v[2], bsp__fmul(b[2], s));
}

BSP_INLINE void patch_cross(const float a[3], const float b[3], float o[3])
{
    o[0] = bsp__fmsub(a[1], b[2], a[2], b[1]);
    o[1] = bsp__fmsub(a[2], b[0], a[0], b[2]);
    o[2] = bsp__fmsub(a[0], b[1], a[1], b[0]);
}

/* VectorNormalize: out = v / |v| (v itself when zero); returns |v| as
 * len2 * (1 / sqrt(len2)). */
static float patch_normalize(const float v[3], float o[3])
{
    float len2 = bsp__dot(v, v), inv;
    if (len2 == 0) {
        o[0] = v[0], o[1] = v[1], o[2] = v[2];
        return 0;
    }
    inv = bsp__fdiv(1.0f, patch_sqrt(len2));
    patch_scale(v, inv, o);
    return bsp__fmul(len2, inv);
}

BSP_INLINE uint32_t patch_signbits(const float n[3])
{
    return (uint32_t)(n[0] < 0) | (uint32_t)(n[1] < 0) << 1 | (uint32_t)(n[2] < 0) << 2;
}

BSP_INLINE int patch_outside(float d, float eps) { return d < -eps || d > eps; }

/* ---- the grid ---- */

static int patch_needs_subdivision(const float a[3], const float b[3], const float c[3])
{
    float lmid[3], cmid[3], d[3];
    uint32_t i;
    for (i = 0; i < 3; i++) {
        lmid[i] = bsp__fmul(bsp__fadd(a[i], c[i]), 0.5f);
        cmid[i] = bsp__fmul(bsp__fadd(bsp__fmul(bsp__fadd(a[i], b[i]), 0.5f),
                                      bsp__fmul(bsp__fadd(b[i], c[i]), 0.5f)), 0.5f);
    }
    patch_sub(cmid, lmid, d);
    return patch_sqrt(bsp__dot(d, d)) >= PATCH_SUBDIVIDE;
}

/* The first and last columns agree within WRAP_POINT_EPSILON on every row. */
static int32_t patch_wraps(const patch_work *wk)
{
    int32_t j;
    uint32_t k;
    for (j = 0; j < wk->h; j++)
        for (k = 0; k < 3; k++)
            if (patch_outside(bsp__fsub(PG(wk, 0, j)[k], PG(wk, wk->w - 1, j)[k]), PATCH_WRAP_EPS))
                return 0;
    return 1;
}

/* Columns [from, w) move to start at `to`, in the order that reads each
 * column before it is written over. */
static void patch_move_columns(patch_work *wk, int32_t from, int32_t to)
{
    size_t col = (size_t)wk->gs * 3u, len = (size_t)wk->h * 3u, k;
    int32_t n = wk->w - from, c;
    float *g = wk->grid[0];
    for (c = 0; c < n; c++) {
        int32_t at = to < from ? c : n - 1 - c;
        float *d = g + (size_t)(to + at) * col;
        const float *src = g + (size_t)(from + at) * col;
        for (k = 0; k < len; k++) d[k] = src[k];
    }
}

/* Column `at` goes; the ones after it move down. */
static void patch_remove_column(patch_work *wk, int32_t at)
{
    patch_move_columns(wk, at + 1, at);
    wk->w--;
}

/* Columns i, i+1, i+2 are a quadratic segment (interpolating,
 * approximating, interpolating): the middle column goes when every row is
 * flat enough, else the segment splits in two and the new middle is looked
 * at again. At most 127 removals and 128 splits (the width stays <= 129). */
static bsp_status patch_subdivide(patch_work *wk)
{
    int32_t i = 0, j;
    uint32_t guard;
    for (guard = 0; guard < 4 * PATCH_GRID && i < wk->w - 2; guard++) {
        for (j = 0; j < wk->h; j++)
            if (patch_needs_subdivision(PG(wk, i, j), PG(wk, i + 1, j), PG(wk, i + 2, j))) break;
        if (j == wk->h) {
            patch_remove_column(wk, i + 1);
            i++;
            continue;
        }
        if (wk->w + 2 > wk->gs) return BSP_E_CORRUPT;
        patch_move_columns(wk, i + 2, i + 4);
        for (j = 0; j < wk->h; j++) {
            const float *a = PG(wk, i, j);
            float b[3], c[3], o1[3], o2[3], o3[3];
            uint32_t n;
            for (n = 0; n < 3; n++) {
                b[n] = PG(wk, i + 1, j)[n];
                c[n] = PG(wk, i + 4, j)[n];    /* moved from i + 2 */
            }
            for (n = 0; n < 3; n++) {
                o1[n] = bsp__fmul(bsp__fadd(a[n], b[n]), 0.5f);
                o3[n] = bsp__fmul(bsp__fadd(b[n], c[n]), 0.5f);
                o2[n] = bsp__fmul(bsp__fadd(o1[n], o3[n]), 0.5f);
            }
            for (n = 0; n < 3; n++) {
                PG(wk, i + 1, j)[n] = o1[n];
                PG(wk, i + 2, j)[n] = o2[n];
                PG(wk, i + 3, j)[n] = o3[n];
            }
        }
        wk->w += 2;
        if (wk->w > wk->side) wk->side = wk->w;
    }
    return i < wk->w - 2 ? BSP_E_CORRUPT : BSP_OK;
}

static void patch_remove_degenerate(patch_work *wk)
{
    int32_t i = 0, j;
    uint32_t k, guard;
    for (guard = 0; guard < 2 * PATCH_GRID && i < wk->w - 1; guard++) {
        for (j = 0; j < wk->h; j++) {
            for (k = 0; k < 3; k++)
                if (patch_outside(bsp__fsub(PG(wk, i, j)[k], PG(wk, i + 1, j)[k]), PATCH_POINT_EPS))
                    break;
            if (k < 3) break;
        }
        if (j == wk->h) {
            patch_remove_column(wk, i + 1);
            continue;
        }
        i++;
    }
}

static void patch_transpose(patch_work *wk)
{
    int32_t n = wk->w > wk->h ? wk->w : wk->h, i, j, t;
    uint32_t k;
    for (i = 0; i < n; i++)
        for (j = 0; j < i; j++)
            for (k = 0; k < 3; k++) {
                float f = PG(wk, i, j)[k];
                PG(wk, i, j)[k] = PG(wk, j, i)[k];
                PG(wk, j, i)[k] = f;
            }
    t = wk->w, wk->w = wk->h, wk->h = t;
}

/* ---- planes ---- */

/* A key's chain: its bits mixed (Fibonacci hashing), because a map's
 * distances are mostly multiples of 8 or 16 units, whose keys (multiples
 * of 128 or 256) would otherwise all share one chain. */
BSP_INLINE uint32_t patch_key_bucket(uint32_t key)
{
    return (key * 2654435769u) >> 24;
}

/* The chain of planes whose |dist| is ad. */
BSP_INLINE uint32_t patch_bucket(float ad)
{
    return ad < PATCH_KEY_LIMIT ? patch_key_bucket((uint32_t)bsp__fmul(ad, PATCH_KEY_SCALE)) : PATCH_OVERFLOW;
}

static int32_t patch_add_plane(patch_work *wk, const float pl[4])
{
    uint32_t k, b = patch_bucket(bsp__fabs(pl[3]));
    int16_t n = (int16_t)wk->nplanes;
    if (wk->nplanes == wk->plane_cap) return -2;
    for (k = 0; k < 4; k++) wk->planes[wk->nplanes][k] = pl[k];
    wk->next[n] = -1;
    if (wk->tail[b] < 0) wk->head[b] = n;
    else wk->next[wk->tail[b]] = n;
    wk->tail[b] = n;
    return (int32_t)wk->nplanes++;
}

/* The plane through a, b, c (normal (c - a) x (b - a)); 0 when degenerate. */
static int patch_plane_from_points(const float a[3], const float b[3], const float c[3], float pl[4])
{
    float d1[3], d2[3], cr[3];
    patch_sub(b, a, d1);
    patch_sub(c, a, d2);
    patch_cross(d2, d1, cr);
    if (patch_normalize(cr, pl) == 0) return 0;
    pl[3] = bsp__dot(a, pl);
    return 1;
}

static float patch_plane_side(const float pl[4], const float p[3])
{
    return bsp__fsub(bsp__dot(p, pl), pl[3]);
}

/* CM_FindPlane: an existing plane facing the same way with all three
 * points within PLANE_TRI_EPSILON, or a new one. -1: degenerate; -2: too
 * many planes. */
static int32_t patch_find_plane(patch_work *wk, const float p1[3], const float p2[3], const float p3[3])
{
    float pl[4];
    uint32_t i;
    if (!patch_plane_from_points(p1, p2, p3, pl)) return -1;
    for (i = 0; i < wk->nplanes; i++) {
        const float *q = wk->planes[i];
        if (bsp__dot(pl, q) < 0) continue;
        if (patch_outside(patch_plane_side(q, p1), PATCH_TRI_EPS)) continue;
        if (patch_outside(patch_plane_side(q, p2), PATCH_TRI_EPS)) continue;
        if (patch_outside(patch_plane_side(q, p3), PATCH_TRI_EPS)) continue;
        return (int32_t)i;
    }
    return patch_add_plane(wk, pl);
}

/* CM_PlaneEqual's test of plane p against q (flip 0) or -q (flip 1): each
 * normal component within NORMAL_EPSILON, the distance within DIST_EPSILON.
 * The distance first: most planes fail it (axial planes share their
 * normals), and the four tests commute. p - (-q) is p + q exactly. */
PATCH_HOT int patch_close(const float p[4], const float q[4], int flip)
{
#define PATCH_DIFF(k) (flip ? bsp__fadd(p[k], q[k]) : bsp__fsub(p[k], q[k]))
    return bsp__fabs(PATCH_DIFF(3)) < PATCH_DIST_EPS
        && bsp__fabs(PATCH_DIFF(0)) < PATCH_NORMAL_EPS
        && bsp__fabs(PATCH_DIFF(1)) < PATCH_NORMAL_EPS
        && bsp__fabs(PATCH_DIFF(2)) < PATCH_NORMAL_EPS;
#undef PATCH_DIFF
}

/* CM_PlaneEqual: 0 no, 1 equal, 2 equal once pl is flipped. (Inlined:
 * the search below runs it on every plane, the load's hottest loop.) */
PATCH_HOT int patch_plane_equal(const float p[4], const float pl[4])
{
    return patch_close(p, pl, 0) ? 1 : patch_close(p, pl, 1) ? 2 : 0;
}

/* The first plane of chain b before `best` equal to pl (or flipped):
 * its number and *eq (1 or 2), else best. */
static int32_t patch_chain_first(const patch_work *wk, uint32_t b, const float pl[4], float ad,
                                 int32_t best, int *eq)
{
    int32_t i;
    for (i = wk->head[b]; i >= 0 && i < best; i = wk->next[i]) {
        int e;
        if (!(bsp__fabs(bsp__fsub(bsp__fabs(wk->planes[i][3]), ad)) < PATCH_DIST_EPS)) continue;
        e = patch_plane_equal(wk->planes[i], pl);
        if (e) {
            *eq = e;
            return i;
        }
    }
    return best;
}

/* CM_FindPlane2: the first plane equal (or flipped), else a new one.
 * ||d| - |x|| in float is exactly the smaller of |d - x| and |d + x| (the
 * same subtraction, up to sign), so a plane whose distance fails it fails
 * both of CM_PlaneEqual's distance tests: one test skips most planes. A
 * plane that passes is within 0.02 of |x| (a float difference under 0.02f
 * is one under 0.02f before rounding), so its key is |x|'s or a neighbour:
 * the first of those three chains' matches is the first of all planes. */
static int32_t patch_find_plane2(patch_work *wk, const float pl[4], int *flipped)
{
    float ad = bsp__fabs(pl[3]);
    int32_t best = (int32_t)wk->nplanes;
    int eq = 0;
    if (ad < PATCH_KEY_LIMIT) {
        uint32_t key = (uint32_t)bsp__fmul(ad, PATCH_KEY_SCALE);
        uint32_t b0 = patch_key_bucket(key), b1;
        best = patch_chain_first(wk, b0, pl, ad, best, &eq);
        /* (a neighbour's chain may be the same one: searched once) */
        if (key > 0 && (b1 = patch_key_bucket(key - 1)) != b0) best = patch_chain_first(wk, b1, pl, ad, best, &eq);
        if (key >= PATCH_KEY_MAX) best = patch_chain_first(wk, PATCH_OVERFLOW, pl, ad, best, &eq);
        else if ((b1 = patch_key_bucket(key + 1)) != b0 && (key == 0 || b1 != patch_key_bucket(key - 1)))
            best = patch_chain_first(wk, b1, pl, ad, best, &eq);
    } else if (ad == ad) {         /* (NaN equals no plane) */
        best = patch_chain_first(wk, patch_key_bucket(PATCH_KEY_MAX), pl, ad, best, &eq);
        best = patch_chain_first(wk, PATCH_OVERFLOW, pl, ad, best, &eq);
    }
    if (eq) {
        *flipped = eq == 2;
        return best;
    }
    *flipped = 0;
    return patch_add_plane(wk, pl);
}

/* 0 front, 1 back, 2 on (PLANE_TRI_EPSILON); no plane is "on". */
static int patch_point_side(const patch_work *wk, const float p[3], int32_t pn)
{
    float d;
    if (pn == -1) return 2;
    d = patch_plane_side(wk->planes[pn], p);
    return d > PATCH_TRI_EPS ? 0 : d < -PATCH_TRI_EPS ? 1 : 2;
}

static int32_t patch_grid_plane(const patch_work *wk, int32_t i, int32_t j, int tri)
{
    int32_t p = GP(wk, i, j)[tri];
    return p != -1 ? p : GP(wk, i, j)[!tri];
}

/* CM_EdgePlaneNum: the plane through edge k of square (i, j) standing up
 * from its triangle's plane (k: 0 top, 1 right, 2 bottom, 3 left, 4 and 5
 * the diagonal out of triangle 0 and 1). */
static int32_t patch_edge_plane(patch_work *wk, int32_t i, int32_t j, int k)
{
    const float *p1, *p2;
    float up[3];
    int tri, order;
    int32_t p;
    switch (k) {
    case 0: p1 = PG(wk, i, j), p2 = PG(wk, i + 1, j), tri = 0, order = 0; break;
    case 2: p1 = PG(wk, i, j + 1), p2 = PG(wk, i + 1, j + 1), tri = 1, order = 1; break;
    case 3: p1 = PG(wk, i, j), p2 = PG(wk, i, j + 1), tri = 1, order = 1; break;
    case 1: p1 = PG(wk, i + 1, j), p2 = PG(wk, i + 1, j + 1), tri = 0, order = 0; break;
    case 4: p1 = PG(wk, i + 1, j + 1), p2 = PG(wk, i, j), tri = 0, order = 0; break;
    default: p1 = PG(wk, i, j), p2 = PG(wk, i + 1, j + 1), tri = 1, order = 0; break;
    }
    p = patch_grid_plane(wk, i, j, tri);
    if (p == -1) return -1;
    patch_ma(p1, 4.0f, wk->planes[p], up);
    return order ? patch_find_plane(wk, p2, p1, up) : patch_find_plane(wk, p1, p2, up);
}

static void patch_set_border_inward(const patch_work *wk, patch_facet_state *f, int32_t i, int32_t j, int which)
{
    const float *pts[4];
    uint32_t np, k, q;
    if (which == -1) {
        pts[0] = PG(wk, i, j), pts[1] = PG(wk, i + 1, j);
        pts[2] = PG(wk, i + 1, j + 1), pts[3] = PG(wk, i, j + 1);
        np = 4;
    } else if (which == 0) {
        pts[0] = PG(wk, i, j), pts[1] = PG(wk, i + 1, j), pts[2] = PG(wk, i + 1, j + 1);
        np = 3;
    } else {
        pts[0] = PG(wk, i + 1, j + 1), pts[1] = PG(wk, i, j + 1), pts[2] = PG(wk, i, j);
        np = 3;
    }
    for (k = 0; k < f->n; k++) {
        uint32_t front = 0, back = 0;
        for (q = 0; q < np; q++) {
            int s = patch_point_side(wk, pts[q], f->b[k]);
            if (s == 0) front++;
            if (s == 1) back++;
        }
        if (front && !back) f->in[k] = 1;
        else if (back && !front) f->in[k] = 0;
        else if (!front && !back) f->b[k] = -1;     /* a flat side border */
        else f->in[k] = 0;                          /* a bisecting border */
    }
}

/* ---- windings ---- */

/* BaseWindingForPlane: a square of MAX_MAP_BOUNDS half-size on the plane.
 * 0: the normal has no largest axis. */
static int patch_base_winding(const float pl[4], float out[][3])
{
    float best = -PATCH_MAP_BOUNDS, up[3] = {0, 0, 0}, org[3], right[3], v, t[3];
    int x = -1, i;
    for (i = 0; i < 3; i++) {
        float a = bsp__fabs(pl[i]);
        if (a > best) x = i, best = a;
    }
    if (x == -1) return 0;
    if (x == 2) up[0] = 1.0f;
    else up[2] = 1.0f;
    v = bsp__dot(up, pl);
    patch_ma(up, -v, pl, up);
    patch_normalize(up, up);
    patch_scale(pl, pl[3], org);
    patch_cross(up, pl, right);
    patch_scale(up, PATCH_MAP_BOUNDS, up);
    patch_scale(right, PATCH_MAP_BOUNDS, right);
    patch_sub(org, right, t), patch_add(t, up, out[0]);
    patch_add(org, right, t), patch_add(t, up, out[1]);
    patch_add(org, right, t), patch_sub(t, up, out[2]);
    patch_sub(org, right, t), patch_sub(t, up, out[3]);
    return 1;
}

/* ChopWindingInPlace: the part of in[0..n) in front of (nrm, dist) into
 * out. Returns the new count, 0 when nothing is in front, -1 past the
 * engine's limits. */
static int32_t patch_chop(const float in[][3], int32_t n, float out[][3], const float nrm[3], float dist)
{
    float dists[PATCH_WINDING_MAX + 4];
    uint8_t sides[PATCH_WINDING_MAX + 4];
    uint32_t counts[3] = {0, 0, 0};
    int32_t i, no = 0;
    uint32_t k;
    if (n > PATCH_WINDING_MAX + 4) return -1;
    for (i = 0; i < n; i++) {
        float d = bsp__fsub(bsp__dot(in[i], nrm), dist);
        uint8_t s = d > PATCH_CHOP_EPS ? 0 : d < -PATCH_CHOP_EPS ? 1 : 2;
        dists[i] = d;
        sides[i] = s;
        counts[s]++;
    }
    if (!counts[0]) return 0;
    if (!counts[1]) {
        for (i = 0; i < n; i++)
            for (k = 0; k < 3; k++) out[i][k] = in[i][k];
        return n;
    }
    for (i = 0; i < n; i++) {
        const float *p1 = in[i], *p2;
        int32_t nx = i + 1 == n ? 0 : i + 1;
        float t;
        if (sides[i] == 2) {
            for (k = 0; k < 3; k++) out[no][k] = p1[k];
            no++;
            continue;
        }
        if (sides[i] == 0) {
            for (k = 0; k < 3; k++) out[no][k] = p1[k];
            no++;
        }
        if (sides[nx] == 2 || sides[nx] == sides[i]) continue;
        p2 = in[nx];
        t = bsp__fdiv(dists[i], bsp__fsub(dists[i], dists[nx]));
        for (k = 0; k < 3; k++) {
            if (nrm[k] == 1) out[no][k] = dist;
            else if (nrm[k] == -1) out[no][k] = -dist;
            else out[no][k] = bsp__fadd(p1[k], bsp__fmul(t, bsp__fsub(p2[k], p1[k])));
        }
        no++;
    }
    if (no > n + 4 || no > PATCH_WINDING_MAX) return -1;
    return no;
}

static void patch_winding_bounds(const float w[][3], int32_t n, float lo[3], float hi[3])
{
    int32_t i;
    uint32_t j;
    for (j = 0; j < 3; j++) lo[j] = PATCH_MAP_BOUNDS, hi[j] = -PATCH_MAP_BOUNDS;
    for (i = 0; i < n; i++)
        for (j = 0; j < 3; j++) {
            if (w[i][j] < lo[j]) lo[j] = w[i][j];
            if (w[i][j] > hi[j]) hi[j] = w[i][j];
        }
}

/* The facet's winding: the surface plane's base winding cut by each
 * border (flipped unless inward), skipping the surface plane itself when
 * asked. Returns the count (0: none, -1: error, -2: no largest axis); *at
 * is the buffer (0 or 1 of wk->wind) holding it. */
static int32_t patch_facet_winding(patch_work *wk, const patch_facet_state *f, int skip_surface, int *at)
{
    int cur = 0;
    int32_t n;
    uint32_t k;
    if (!patch_base_winding(wk->planes[f->surface], wk->wind[0])) return -2;
    n = 4;
    for (k = 0; k < f->n && n > 0; k++) {
        const float *q;
        float nrm[3], dist;
        if (skip_surface && f->b[k] == f->surface) continue;
        q = wk->planes[f->b[k]];
        if (f->in[k]) {
            nrm[0] = q[0], nrm[1] = q[1], nrm[2] = q[2], dist = q[3];
        } else {
            nrm[0] = bsp__fsub(0.0f, q[0]), nrm[1] = bsp__fsub(0.0f, q[1]);
            nrm[2] = bsp__fsub(0.0f, q[2]), dist = -q[3];
        }
        n = patch_chop((const float (*)[3])wk->wind[cur], n, wk->wind[!cur], nrm, dist);
        if (n < 0) return -1;
        cur = !cur;
    }
    *at = cur;
    return n;
}

static bsp_status patch_winding_status(int32_t n)
{
    return n == -1 || n == -2 ? BSP_E_CORRUPT : BSP_OK;
}

/* CM_ValidateFacet: 1 when the facet has a winding of sane bounds. The
 * winding stays in wk->wind[*at], *n points. */
static bsp_status patch_validate(patch_work *wk, const patch_facet_state *f, int *ok, int32_t *n_out, int *at_out)
{
    float lo[3], hi[3];
    int at = 0;
    int32_t n;
    uint32_t k;
    *ok = 0;
    if (f->surface == -1) return BSP_OK;
    for (k = 0; k < f->n; k++)
        if (f->b[k] == -1) return BSP_OK;
    n = patch_facet_winding(wk, f, 0, &at);
    *n_out = n;
    *at_out = at;
    if (n <= 0) return patch_winding_status(n);
    patch_winding_bounds((const float (*)[3])wk->wind[at], n, lo, hi);
    for (k = 0; k < 3; k++)
        if (bsp__fsub(hi[k], lo[k]) > PATCH_MAP_BOUNDS || lo[k] >= PATCH_MAP_BOUNDS
            || hi[k] <= -PATCH_MAP_BOUNDS)
            return BSP_OK;
    *ok = 1;
    return BSP_OK;
}

/* The plane is already the surface or one of the borders (either way). */
static int patch_known(const patch_work *wk, const patch_facet_state *f, const float pl[4])
{
    uint32_t k;
    if (patch_plane_equal(wk->planes[f->surface], pl)) return 1;
    for (k = 0; k < f->n; k++)
        if (patch_plane_equal(wk->planes[f->b[k]], pl)) return 1;
    return 0;
}

static bsp_status patch_push_border(patch_work *wk, patch_facet_state *f, const float pl[4], int *flipped)
{
    int32_t pn = patch_find_plane2(wk, pl, flipped);
    if (pn < 0) return BSP_E_CORRUPT;
    f->b[f->n] = pn;
    f->in[f->n] = (uint8_t)*flipped;
    return BSP_OK;
}

/* CM_AddFacetBevels: axial planes at the winding's bounds, then planes
 * along its non-axial edges, then the surface plane flipped (the back).
 * Its winding skips the surface plane among the borders; when no border
 * is the surface plane that is the winding patch_validate left in
 * wk->wind[at] (n points, the same chops in the same order), which is
 * used as it is. */
static bsp_status patch_add_bevels(patch_work *wk, patch_facet_state *f, int32_t n, int at)
{
    float lo[3], hi[3];
    int flipped;
    int32_t j, np;
    uint32_t axis, k;
    int dir;
    const float (*w)[3];
    for (k = 0; k < f->n; k++)
        if (f->b[k] == f->surface) break;
    if (k < f->n) n = patch_facet_winding(wk, f, 1, &at);
    if (n <= 0) return patch_winding_status(n);
    w = (const float (*)[3])wk->wind[at];
    patch_winding_bounds(w, n, lo, hi);
    for (axis = 0; axis < 3; axis++)
        for (dir = -1; dir <= 1; dir += 2) {
            float pl[4] = {0, 0, 0, 0};
            pl[axis] = (float)dir;
            pl[3] = dir == 1 ? hi[axis] : -lo[axis];
            if (patch_known(wk, f, pl)) continue;
            if (f->n >= PATCH_BORDERS) continue;
            if (patch_push_border(wk, f, pl, &flipped) != BSP_OK) return BSP_E_CORRUPT;
            f->n++;
        }
    np = n;
    for (j = 0; j < np; j++) {
        float d[3], vec[3];
        int32_t nx = j + 1 == np ? 0 : j + 1;
        patch_sub(w[j], w[nx], d);
        if (patch_normalize(d, vec) < 0.5f) continue;
        for (k = 0; k < 3; k++) {          /* snap a near-axial edge */
            if (bsp__fabs(bsp__fsub(vec[k], 1.0f)) < PATCH_NORMAL_EPS) {
                vec[0] = vec[1] = vec[2] = 0, vec[k] = 1.0f;
                break;
            }
            if (bsp__fabs(bsp__fsub(vec[k], -1.0f)) < PATCH_NORMAL_EPS) {
                vec[0] = vec[1] = vec[2] = 0, vec[k] = -1.0f;
                break;
            }
        }
        if (vec[0] == -1 || vec[0] == 1 || vec[1] == -1 || vec[1] == 1 || vec[2] == -1 || vec[2] == 1)
            continue;
        for (axis = 0; axis < 3; axis++)
            for (dir = -1; dir <= 1; dir += 2) {
                float v2[3] = {0, 0, 0}, cr[3], pl[4], nrm[3];
                const float *q;
                int32_t m, c;
                v2[axis] = (float)dir;
                patch_cross(vec, v2, cr);
                if (patch_normalize(cr, pl) < 0.5f) continue;
                pl[3] = bsp__dot(w[j], pl);
                for (m = 0; m < n; m++)
                    if (patch_plane_side(pl, w[m]) > PATCH_BEVEL_EPS) break;
                if (m < n) continue;
                if (patch_known(wk, f, pl)) continue;
                if (f->n >= PATCH_BORDERS) continue;
                if (patch_push_border(wk, f, pl, &flipped) != BSP_OK) return BSP_E_CORRUPT;
                q = wk->planes[f->b[f->n]];
                if (flipped) {
                    nrm[0] = q[0], nrm[1] = q[1], nrm[2] = q[2];
                    c = patch_chop(w, n, wk->wind[2], nrm, q[3]);
                } else {
                    nrm[0] = -q[0], nrm[1] = -q[1], nrm[2] = -q[2];
                    c = patch_chop(w, n, wk->wind[2], nrm, -q[3]);
                }
                if (c < 0) return BSP_E_CORRUPT;
                if (c == 0) continue;     /* an invalid bevel: its plane stays in the list */
                f->n++;
            }
    }
    if (f->n >= PATCH_BORDERS) return BSP_OK;
    f->b[f->n] = f->surface;
    f->in[f->n] = 1;
    f->n++;
    return BSP_OK;
}

/* One facet of square (i, j) (which: -1 the square, 0 and 1 its
 * triangles), kept when it validates. */
static bsp_status patch_add_facet(patch_work *wk, int32_t surface, const int32_t *borders, uint32_t nb,
                              int which, int32_t i, int32_t j)
{
    patch_facet_state f;
    bsp_status st;
    uint32_t k;
    int ok, wat = 0;
    int32_t n = 0;
    f.surface = surface;
    f.n = nb;
    for (k = 0; k < nb; k++) f.b[k] = borders[k], f.in[k] = 0;
    patch_set_border_inward(wk, &f, i, j, which);
    st = patch_validate(wk, &f, &ok, &n, &wat);
    if (st != BSP_OK || !ok) return st;
    st = patch_add_bevels(wk, &f, n, wat);
    if (st != BSP_OK) return st;
    /* (a work area for smaller patches: not the file measured) */
    if (wk->nfacets == wk->facet_cap || f.n > wk->border_cap - wk->nborders) return BSP_E_CORRUPT;
    wk->fsurf[wk->nfacets] = (uint16_t)f.surface;
    wk->fnum[wk->nfacets] = (uint16_t)f.n;
    wk->ffirst[wk->nfacets] = wk->nborders;
    for (k = 0; k < f.n; k++) {
        uint32_t at = wk->nborders + k;
        wk->bplane[at] = (uint16_t)f.b[k];
        if (f.in[k]) wk->binward[at >> 3] |= (uint8_t)(1u << (at & 7));
        else wk->binward[at >> 3] &= (uint8_t)~(1u << (at & 7));
    }
    wk->nborders += f.n;
    wk->nfacets++;
    return BSP_OK;
}

#define PATCH_TRY(x) do { if ((x) < -1) return BSP_E_CORRUPT; } while (0)

/* CM_PatchCollideFromGrid: the triangle planes of every square, then each
 * square's facets with their borders. */
static bsp_status patch_facets(patch_work *wk)
{
    int32_t W = wk->w, H = wk->h, i, j;
    bsp_status st;
    for (i = 0; i < W - 1; i++)
        for (j = 0; j < H - 1; j++) {
            int32_t a = patch_find_plane(wk, PG(wk, i, j), PG(wk, i + 1, j), PG(wk, i + 1, j + 1));
            int32_t b;
            PATCH_TRY(a);
            b = patch_find_plane(wk, PG(wk, i + 1, j + 1), PG(wk, i, j + 1), PG(wk, i, j));
            PATCH_TRY(b);
            GP(wk, i, j)[0] = (int16_t)a;
            GP(wk, i, j)[1] = (int16_t)b;
        }
    for (i = 0; i < W - 1; i++)
        for (j = 0; j < H - 1; j++) {
            int32_t g0 = GP(wk, i, j)[0], g1 = GP(wk, i, j)[1], bd[4], third;
            int32_t top = -1, bottom = -1, left = -1, right = -1;
            if (j > 0) top = GP(wk, i, j - 1)[1];
            else if (wk->wrap_h) top = GP(wk, i, H - 2)[1];
            if (top == -1 || top == g0) PATCH_TRY(top = patch_edge_plane(wk, i, j, 0));
            if (j < H - 2) bottom = GP(wk, i, j + 1)[0];
            else if (wk->wrap_h) bottom = GP(wk, i, 0)[0];
            if (bottom == -1 || bottom == g1) PATCH_TRY(bottom = patch_edge_plane(wk, i, j, 2));
            if (i > 0) left = GP(wk, i - 1, j)[0];
            else if (wk->wrap_w) left = GP(wk, W - 2, j)[0];
            if (left == -1 || left == g1) PATCH_TRY(left = patch_edge_plane(wk, i, j, 3));
            if (i < W - 2) right = GP(wk, i + 1, j)[1];
            else if (wk->wrap_w) right = GP(wk, 0, j)[1];
            if (right == -1 || right == g0) PATCH_TRY(right = patch_edge_plane(wk, i, j, 1));
            if (wk->nfacets == PATCH_FACETS) return BSP_E_CORRUPT;
            if (g0 == g1) {
                if (g0 == -1) continue;      /* a degenerate square */
                bd[0] = top, bd[1] = right, bd[2] = bottom, bd[3] = left;
                st = patch_add_facet(wk, g0, bd, 4, -1, i, j);
                if (st != BSP_OK) return st;
            } else {
                third = g1;
                if (third == -1) {
                    third = bottom;
                    if (third == -1) PATCH_TRY(third = patch_edge_plane(wk, i, j, 4));
                }
                bd[0] = top, bd[1] = right, bd[2] = third;
                st = patch_add_facet(wk, g0, bd, 3, 0, i, j);
                if (st != BSP_OK) return st;
                if (wk->nfacets == PATCH_FACETS) return BSP_E_CORRUPT;
                third = g0;
                if (third == -1) {
                    third = top;
                    if (third == -1) PATCH_TRY(third = patch_edge_plane(wk, i, j, 5));
                }
                bd[0] = bottom, bd[1] = left, bd[2] = third;
                st = patch_add_facet(wk, g1, bd, 3, 1, i, j);
                if (st != BSP_OK) return st;
            }
        }
    return BSP_OK;
}

size_t bsp__q3_patch_scratch_bytes(uint32_t caps)
{
    /* (and 4 bytes to align the work area's pointers to 8) */
    return caps == CAPS_FULL ? BSP__Q3_PATCH_SCRATCH : patch_layout(caps, NULL, NULL) + 4u;
}

/* CM_GeneratePatchCollide into the work area laid out for `caps`. */
static bsp_status patch_generate(const uint8_t *points, uint32_t stride, int32_t width, int32_t height,
                                 void *scratch, size_t scratch_bytes, uint32_t caps, patch_work **out)
{
    patch_work *wk;
    int32_t i, j;
    uint32_t k;
    bsp_status st;
    if (!points || !scratch || ((uintptr_t)scratch & 3) || ((uintptr_t)points & 3) || (stride & 3)
        || stride < 12 || CAP_SIDE(caps) > PATCH_GRID || CAP_PLANES(caps) > PATCH_PLANES
        || CAP_FACETS(caps) > PATCH_FACETS || (caps >> 31) || scratch_bytes < bsp__q3_patch_scratch_bytes(caps))
        return BSP_E_BAD_ARGUMENT;
    if (width <= 2 || height <= 2 || !(width & 1) || !(height & 1)) return BSP_E_CORRUPT;
    if (width > PATCH_GRID || height > PATCH_GRID || width * height > BSP__Q3_PATCH_VERTS_MAX)
        return BSP_E_CORRUPT;
    wk = (patch_work *)(void *)((uint8_t *)scratch + ((uintptr_t)scratch & 4));
    patch_layout(caps, wk, (uint8_t *)wk);
    /* (a work area for smaller patches: the file is not the one measured) */
    if (width > wk->gs || height > wk->gs) return BSP_E_CORRUPT;
    wk->w = width;
    wk->h = height;
    wk->side = width > height ? width : height;
    wk->nplanes = wk->nfacets = wk->nborders = 0;
    for (k = 0; k <= PATCH_BUCKETS; k++) wk->head[k] = wk->tail[k] = -1;
    for (i = 0; i < width; i++)
        for (j = 0; j < height; j++) {
            const uint8_t *p = points + (size_t)(j * width + i) * stride;
            for (k = 0; k < 3; k++) PG(wk, i, j)[k] = bsp__f32(p + 4 * k);
        }
    wk->wrap_w = patch_wraps(wk);
    st = patch_subdivide(wk);
    if (st != BSP_OK) return st;
    patch_remove_degenerate(wk);
    patch_transpose(wk);
    wk->wrap_h = wk->wrap_w;
    wk->wrap_w = patch_wraps(wk);
    st = patch_subdivide(wk);
    if (st != BSP_OK) return st;
    patch_remove_degenerate(wk);
    for (k = 0; k < 3; k++) wk->lo[k] = 99999.0f, wk->hi[k] = -99999.0f;
    for (i = 0; i < wk->w; i++)
        for (j = 0; j < wk->h; j++)
            for (k = 0; k < 3; k++) {
                if (PG(wk, i, j)[k] < wk->lo[k]) wk->lo[k] = PG(wk, i, j)[k];
                if (PG(wk, i, j)[k] > wk->hi[k]) wk->hi[k] = PG(wk, i, j)[k];
            }
    st = patch_facets(wk);
    if (st != BSP_OK) return st;
    *out = wk;
    return BSP_OK;
}

static uint32_t patch_size(const patch_work *wk)
{
    return BSP__Q3_PATCH_HEAD_BYTES + 20u * wk->nplanes + 8u * wk->nfacets + 4u * wk->nborders;
}

/* The built patch (patch_q3.h's layout) of work area wk at `out`. */
static void patch_write(const patch_work *wk, uint8_t *o)
{
    uint8_t *p;
    uint32_t size = patch_size(wk), i, k, pofs, fofs, bofs;
    pofs = BSP__Q3_PATCH_HEAD_BYTES;
    fofs = pofs + 20u * wk->nplanes;
    bofs = fofs + 8u * wk->nfacets;
    bsp__put_u32(o, size);
    bsp__put_u32(o + 4, wk->nplanes);
    bsp__put_u32(o + 8, wk->nfacets);
    bsp__put_u32(o + 12, wk->nborders);
    bsp__put_u32(o + 16, pofs);
    bsp__put_u32(o + 20, fofs);
    bsp__put_u32(o + 24, bofs);
    bsp__put_u32(o + 28, (uint32_t)wk->w | (uint32_t)wk->h << 16);
    for (k = 0; k < 3; k++) {
        float lo = bsp__fsub(wk->lo[k], 1.0f), hi = bsp__fadd(wk->hi[k], 1.0f);
        bsp__copy(o + 32 + 4 * k, &lo, 4);
        bsp__copy(o + 44 + 4 * k, &hi, 4);
    }
    bsp__put_u32(o + 56, 0);
    bsp__put_u32(o + 60, 0);
    for (i = 0; i < wk->nplanes; i++) {
        p = o + pofs + 20u * i;
        bsp__copy(p, wk->planes[i], 16);
        bsp__put_u32(p + 16, patch_signbits(wk->planes[i]));
    }
    for (i = 0; i < wk->nfacets; i++) {
        p = o + fofs + 8u * i;
        bsp__put_u16(p, wk->fsurf[i]);
        bsp__put_u16(p + 2, wk->fnum[i]);
        bsp__put_u32(p + 4, wk->ffirst[i]);
    }
    for (i = 0; i < wk->nborders; i++) {
        p = o + bofs + 4u * i;
        bsp__put_u16(p, wk->bplane[i]);
        bsp__put_u16(p + 2, (uint16_t)(wk->binward[i >> 3] >> (i & 7) & 1));
    }
}

bsp_status bsp__q3_patch_measure_out(const uint8_t *points, uint32_t stride, int32_t width,
                                     int32_t height, void *scratch, size_t scratch_bytes,
                                     bsp__q3_patch_sizes *sizes, void *out, size_t out_bytes)
{
    patch_work *wk;
    bsp_status st;
    if (!sizes || ((uintptr_t)out & 3)) return BSP_E_BAD_ARGUMENT;
    bsp__fill(sizes, 0, sizeof *sizes);
    st = patch_generate(points, stride, width, height, scratch, scratch_bytes, CAPS_FULL, &wk);
    if (st != BSP_OK) return st;
    sizes->bytes = patch_size(wk);
    sizes->side = (uint32_t)wk->side;
    sizes->planes = wk->nplanes;
    sizes->facets = wk->nfacets;
    sizes->borders = wk->nborders;
    sizes->width = (uint32_t)wk->w;
    sizes->height = (uint32_t)wk->h;
    if (out && out_bytes >= sizes->bytes) patch_write(wk, (uint8_t *)out);
    return BSP_OK;
}

bsp_status bsp__q3_patch_measure(const uint8_t *points, uint32_t stride, int32_t width,
                                 int32_t height, void *scratch, size_t scratch_bytes,
                                 bsp__q3_patch_sizes *sizes)
{
    return bsp__q3_patch_measure_out(points, stride, width, height, scratch, scratch_bytes, sizes,
                                     NULL, 0);
}

bsp_status bsp__q3_patch_build(const uint8_t *points, uint32_t stride, int32_t width,
                               int32_t height, void *scratch, size_t scratch_bytes,
                               void *out, size_t out_bytes)
{
    return bsp__q3_patch_build_in(points, stride, width, height, scratch, scratch_bytes, CAPS_FULL,
                                  out, out_bytes);
}

bsp_status bsp__q3_patch_build_in(const uint8_t *points, uint32_t stride, int32_t width,
                                  int32_t height, void *scratch, size_t scratch_bytes, uint32_t caps,
                                  void *out, size_t out_bytes)
{
    patch_work *wk;
    bsp_status st;
    if (!out || ((uintptr_t)out & 3)) return BSP_E_BAD_ARGUMENT;
    st = patch_generate(points, stride, width, height, scratch, scratch_bytes, caps, &wk);
    if (st != BSP_OK) return st;
    if (out_bytes < patch_size(wk)) return BSP_E_BAD_ARGUMENT;
    patch_write(wk, (uint8_t *)out);
    return BSP_OK;
}

#endif
