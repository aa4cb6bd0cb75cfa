/* SPDX-License-Identifier: MIT */
/* disp_trace.c - Source terrain in a trace (docs/queries.md 8.14): the
 * point trace, box sweep and position test of one displacement as Valve's
 * CDispCollTree answers them, and their join to the brush walk.
 *
 * The join: a displacement belongs to the leaves its bounds (grown by 1)
 * reach down the world's nodes, and is tested after the brushes of the
 * first of them the trace's walk reaches. The load works the pairs out
 * once (bsp__disp_lists_build: each displacement's walk, the same walk
 * 11.1's lists take), so a trace reads at each leaf only that leaf's
 * list, in index order, and keeps on its own stack a bit per displacement
 * it has met (no writes to the map: traces stay reentrant). Only a
 * displacement whose bounds pass the query's cull can change the answer
 * (a cell passes only inside them); a met one that fails it is skipped.
 * A map the load kept no lists for (disp_build.h) marks the ones that
 * pass at the trace's start and walks each marked one down the nodes at
 * each leaf, which gives the same displacements in the same order.
 */
#include "disp_trace.h"
#include "../core/map.h"

#if BSP__DISPCOLL

#define DIST_EPSILON 0.03125f      /* DISPCOLL_DIST_EPSILON */
#define MASK_OPAQUE 0x4081u        /* SOLID | OPAQUE | MOVEABLE */
#define NO_ENTRY -99999.9f

/* The box and plane tests of the walk and the sweep: gcc -O2 leaves them
 * calls (resolve 16 times a triangle), which their bodies cost little more
 * than; a build for size keeps the one copy of each, and so does one not
 * optimised (inlined at -O0 each copy's locals would widen the frame). */
#if defined(__GNUC__) && defined(__OPTIMIZE__) && !defined(__OPTIMIZE_SIZE__)
#define DISP_TRACE_HOT static __inline__ __attribute__((always_inline))
#else
#define DISP_TRACE_HOT static
#endif

typedef struct disp_tri {
    float v[3][3];   /* a, b, c */
    float n[3], d;
    uint32_t flags;
    const uint8_t *edges;   /* its edge planes, built at load */
    const uint8_t *rec;     /* its slot (plane and flags) */
    const uint8_t *edges_at;
} disp_tri;

/* What a trace reads of the displacement it tests, once (its record's
 * fields and where its runs start). */
typedef struct disp_at {
    const uint8_t *verts, *tris, *edges;   /* its first slot of each */
    uint32_t n, i;                         /* vertices a row; its index */
    int32_t contents;
} disp_at;





/* The sweep cull of 8.14 of the box [lo, hi]. (A return at the first
 * axis that leaves entry past exit gives the same answer in fewer
 * instructions but took 15 % longer on rays: its branch is unpredictable.) */
DISP_TRACE_HOT int sweep_passes(const bsp__disp_trace *t, const float lo[3], const float hi[3])
{
    float entry = 0.0f, exit = 1.0f;
#define SWEEP_AXIS(k)                                                                                       \
    do {                                                                                                    \
        float a = bsp__fmul(bsp__fsub(bsp__fsub(lo[k], t->s[k]), t->grow[k]), t->inv[k]);                  \
        float b = bsp__fmul(bsp__fadd(bsp__fsub(hi[k], t->s[k]), t->grow[k]), t->inv[k]);                  \
        float near = a < b ? a : b, far = a < b ? b : a;                                                    \
        if (near > entry) entry = near;                                                                     \
        if (far < exit) exit = far;                                                                         \
    } while (0)
#ifdef __OPTIMIZE_SIZE__
    uint32_t k;
    for (k = 0; k < 3; k++) SWEEP_AXIS(k);
#else
    /* (unrolled: gcc -O2 keeps a loop of three) */
    SWEEP_AXIS(0);
    SWEEP_AXIS(1);
    SWEEP_AXIS(2);
#endif
#undef SWEEP_AXIS
    return entry <= exit;
}

DISP_TRACE_HOT int overlaps(const bsp__disp_trace *t, const float lo[3], const float hi[3])
{
    uint32_t k;
    for (k = 0; k < 3; k++)
        if (bsp__fsub(t->s[k], t->ext[k]) > hi[k] || bsp__fadd(t->s[k], t->ext[k]) < lo[k]) return 0;
    return 1;
}

DISP_TRACE_HOT int culled(const bsp__disp_trace *t, const float lo[3], const float hi[3])
{
    return t->position ? !overlaps(t, lo, hi) : !sweep_passes(t, lo, hi);
}

/* The reciprocals the sweep cull multiplies by (Valve's invDelta): the
 * same quotients its every box test divided out before; with them the
 * end and the grown extents every box and triangle test would otherwise
 * round again (the same sums, so the same bits). */
static void reciprocals(bsp__disp_trace *t)
{
    uint32_t k;
    t->ordered = 1;
    for (k = 0; k < 3; k++) {
        t->inv[k] = t->d[k] == 0 ? FLT_MAX : bsp__fdiv(1.0f, t->d[k]);
        t->e[k] = bsp__fadd(t->s[k], t->d[k]);
        t->grow[k] = bsp__fadd(t->ext[k], DIST_EPSILON);
        /* (x - x is 0 for a finite x alone) */
        if (!(bsp__fsub(t->inv[k], t->inv[k]) == 0) || !(t->grow[k] >= 0)) t->ordered = 0;
    }
}

/* Can displacement i change this trace's answer: its contents in the
 * mask, its flags not leaving the trace out, its bounds passing the cull? */
DISP_TRACE_HOT int may_meet(const bsp__disp_trace *t, uint32_t i)
{
    const uint8_t *rec = t->m->disps.data + (size_t)i * BSP__DISP_REC_BYTES;   /* (its stride) */
    uint32_t contents = bsp__u32(rec + BSP__DISP_CONTENTS), flags = bsp__u32(rec + BSP__DISP_FLAGS);
    float lo[3], hi[3];
    if (!(contents & t->mask)) return 0;
    if (t->point ? (flags & BSP__DISP_NORAY) || !(contents & MASK_OPAQUE) : (flags & BSP__DISP_NOHULL))
        return 0;
    bsp__vread(rec + BSP__DISP_LO, lo);
    bsp__vread(rec + BSP__DISP_HI, hi);
    return !culled(t, lo, hi);
}

void bsp__disp_trace_init(bsp__disp_trace *t, const bsp__map *m, uint32_t model, const float s[3], const float e[3],
                          const float ext[3], int point, int position, uint32_t mask, bsp_trace_result *tr,
                          bsp__cplane *hit)
{
    uint32_t i, k, n = m->disps.count;
    tr->disp = -1;
    tr->disp_flags = 0;
    t->any = 0;
    t->first = NULL;
    if (model != 0 || !n) return;
    t->m = m;
    t->tr = tr;
    t->hit = hit;
    t->mask = mask;
    t->point = (uint8_t)(point != 0);
    t->position = (uint8_t)(position != 0);
    for (k = 0; k < 3; k++) {
        t->ext[k] = ext[k];
        t->s[k] = s[k];
        t->d[k] = bsp__fsub(e[k], s[k]);
    }
    if (t->point && t->position) return;    /* a point never touches terrain */
    if (m->disp_first) {
        /* the leaves' lists: nothing more until a leaf has some */
        t->first = m->disp_first;
        t->leafs = m->disp_leafs;
        t->any = 1;
        t->fresh = 1;
        return;
    }
    reciprocals(t);
    bsp__fill(t->left, 0, sizeof t->left);
    for (i = 0; i < n && i < BSP_TRACE_DISPS_MAX; i++) {
        if (!may_meet(t, i)) continue;
        t->left[i >> 5] |= 1u << (i & 31);
        t->any = 1;
    }
}

/* Start the walk of displacement rec's box (grown by 1) down the world's
 * nodes: 8.14's join, the walk 11.1's lists take too. */
static void walk_begin(bsp__box_walk *w, const bsp__map *m, const uint8_t *rec, float box[6])
{
    float lo[3], hi[3];
    bsp__vread(rec + BSP__DISP_LO, lo);
    bsp__vread(rec + BSP__DISP_HI, hi);
    bsp__disp_walk_begin(w, m, lo, hi, box);
}

/* Does displacement rec's box reach leaf `leaf`? -1: a corrupt tree. */
static int reaches(const bsp__map *m, const uint8_t *rec, uint32_t leaf)
{
    bsp__box_walk w;
    float box[6];
    uint32_t l;
    int more;
    walk_begin(&w, m, rec, box);
    while ((more = bsp__box_walk_next(&w, &l)) == 1)
        if (l == leaf) return 1;
    return more;
}

/* Resolve one plane of the sweep (8.14): 0 when the triangle is missed. */
DISP_TRACE_HOT int resolve(float sd, float ed, float *S, float *X, int *best, int which)
{
    float t;
    if (sd > 0 && ed > 0) return 0;
    if (sd < 0 && ed < 0) return 1;
    if (sd >= 0 && ed <= 0) {
        t = sd == ed ? 0.0f : bsp__fdiv(bsp__fsub(sd, DIST_EPSILON), bsp__fsub(sd, ed));
        if (t > *S) {
            *S = t;
            *best = which;
        }
    } else {
        t = sd == ed ? 0.0f : bsp__fdiv(bsp__fadd(sd, DIST_EPSILON), bsp__fsub(sd, ed));
        if (t < *X) *X = t;
    }
    return 1;
}

/* Edge plane q of a triangle's sweep (the edges' record e), its normal's
 * components i, j the axes after q / 3. */
DISP_TRACE_HOT int edge_try(const bsp__disp_trace *t, const uint8_t *e, uint32_t q, uint32_t i, uint32_t j, float *S,
                            float *X, int *best)
{
    const uint8_t *p = e + 4 + 12 * q;
    float mi = bsp__f32(p), mj = bsp__f32(p + 4), dd = bsp__f32(p + 8);
    float x_i = mi < 0 ? t->ext[i] : -t->ext[i], x_j = mj < 0 ? t->ext[j] : -t->ext[j];
    float ex = bsp__fsub(dd, bsp__fadd(bsp__fmul(mi, x_i), bsp__fmul(mj, x_j)));
    float sd = bsp__fsub(bsp__fadd(bsp__fmul(mi, t->s[i]), bsp__fmul(mj, t->s[j])), ex);
    float ed = bsp__fsub(bsp__fadd(bsp__fmul(mi, t->e[i]), bsp__fmul(mj, t->e[j])), ex);
    return resolve(sd, ed, S, X, best, (int)(6 + q));
}

/* The box sweep of one triangle; 1 when it takes the answer. The planes
 * are tried in 8.14's order, each named only by its number (axial 2 * axis
 * + side, edge 6 + q, the face 15): the winner's normal and distance are
 * read back once it is known, the same values a try would have kept. */
static int sweep_tri(const bsp__disp_trace *t, const disp_tri *tr, float *fraction, float n_out[3], float *d_out)
{
    float S = NO_ENTRY, X = 1.0f, lo[3], hi[3];
    int best = -1;
    uint32_t k, ax, bits;
    if (bsp__dot(tr->n, t->d) > DIST_EPSILON) return 0;
    /* 1: the axial planes, z, y, x (unrolled in a speed build) */
#define SWEEP_AXIAL(k)                                                          \
    do {                                                                        \
        float a = tr->v[0][k], b = tr->v[1][k], c = tr->v[2][k], sd, ed;        \
        float l = b < a ? b : a, h = b > a ? b : a;                             \
        l = c < l ? c : l;                                                      \
        h = c > h ? c : h;                                                      \
        lo[k] = l;                                                              \
        hi[k] = h;                                                              \
        sd = bsp__fsub(bsp__fsub(l, t->ext[k]), t->s[k]);                       \
        ed = bsp__fsub(sd, t->d[k]);                                            \
        if (!resolve(sd, ed, &S, &X, &best, (int)(2 * (k)))) return 0;         \
        sd = bsp__fsub(t->s[k], bsp__fadd(h, t->ext[k]));                       \
        ed = bsp__fadd(sd, t->d[k]);                                            \
        if (!resolve(sd, ed, &S, &X, &best, (int)(2 * (k) + 1))) return 0;     \
    } while (0)
#ifdef __OPTIMIZE_SIZE__
    for (k = 3; k-- > 0;) SWEEP_AXIAL(k);
#else
    SWEEP_AXIAL(2);
    SWEEP_AXIAL(1);
    SWEEP_AXIAL(0);
#endif
#undef SWEEP_AXIAL
    /* 2: the edges crossed with each axis (planes built at load); a speed
     * build names each plane's two axes as constants */
    bits = bsp__u32(tr->edges);
#ifdef __OPTIMIZE_SIZE__
    for (ax = 0; ax < 3; ax++) {
        uint32_t g;
        for (g = 0; g < 3; g++)
            if (!(bits & BSP__DISP_EDGE_SKIP(3 * ax + g)) &&
                !edge_try(t, tr->edges, 3 * ax + g, ax == 0 ? 1 : 0, ax == 2 ? 1 : 2, &S, &X, &best))
                return 0;
    }
#else
#define SWEEP_EDGE(q, i, j) \
    if (!(bits & BSP__DISP_EDGE_SKIP(q)) && !edge_try(t, tr->edges, q, i, j, &S, &X, &best)) return 0
    SWEEP_EDGE(0, 1, 2);
    SWEEP_EDGE(1, 1, 2);
    SWEEP_EDGE(2, 1, 2);
    SWEEP_EDGE(3, 0, 2);
    SWEEP_EDGE(4, 0, 2);
    SWEEP_EDGE(5, 0, 2);
    SWEEP_EDGE(6, 0, 1);
    SWEEP_EDGE(7, 0, 1);
    SWEEP_EDGE(8, 0, 1);
#undef SWEEP_EDGE
#endif
    /* 3: the face */
    {
        float x[3], ex, sd, ed;
        for (k = 0; k < 3; k++) x[k] = tr->n[k] < 0 ? t->ext[k] : -t->ext[k];
        ex = bsp__fsub(tr->d, bsp__dot(tr->n, x));
        sd = bsp__fsub(bsp__dot(tr->n, t->s), ex);
        ed = bsp__fsub(bsp__dot(tr->n, t->e), ex);
        if (!resolve(sd, ed, &S, &X, &best, 15)) return 0;
    }
    if (!(S < X || bsp__fabs(bsp__fsub(S, X)) < 0.001f) || S == NO_ENTRY || !(S < *fraction) || best < 0)
        return 0;
    *fraction = S > 0 ? S : 0.0f;
    if (best < 6) {
        k = (uint32_t)best >> 1;
        n_out[0] = n_out[1] = n_out[2] = 0;
        n_out[k] = best & 1 ? 1.0f : -1.0f;
        *d_out = best & 1 ? hi[k] : lo[k];
    } else if (best < 15) {
        uint32_t q = (uint32_t)best - 6, i;
        const uint8_t *p = tr->edges + 4 + 12 * q;
        ax = q / 3;
        i = ax == 0 ? 1 : 0;
        n_out[ax] = bits & BSP__DISP_EDGE_TURNED(q) ? -0.0f : 0.0f;
        n_out[i] = bsp__f32(p);
        n_out[ax == 2 ? 1 : 2] = bsp__f32(p + 4);
        *d_out = bsp__f32(p + 8);
    } else {
        for (k = 0; k < 3; k++) n_out[k] = tr->n[k];
        *d_out = tr->d;
    }
    return 1;
}

/* The point trace of one triangle (one-sided); 1 when it takes the answer. */
static int ray_tri(const bsp__disp_trace *t, const float tv[3][3], float *fraction)
{
    float e1[3], e2[3], c[3], p[3], q[3], o[3], den, u, v, f;
    bsp__vsub(tv[2], tv[0], e1);
    bsp__vsub(tv[1], tv[0], e2);
    bsp__vcross(e1, e2, c);
    if (bsp__dot(c, t->d) >= 0) return 0;
    bsp__vcross(t->d, e2, p);
    den = bsp__dot(p, e1);
    if (bsp__fabs(den) < 1e-6f) return 0;
    den = bsp__fdiv(1.0f, den);
    bsp__vsub(t->s, tv[0], o);
    u = bsp__fmul(bsp__dot(p, o), den);
    if (u < 0 || u > 1) return 0;
    bsp__vcross(o, e1, q);
    v = bsp__fmul(bsp__dot(q, t->d), den);
    if (v < 0 || bsp__fadd(u, v) > 1) return 0;
    f = bsp__fmul(bsp__dot(q, e2), den);
    if (f < -0.001f || f > 1.001f) return 0;
    f = f < 0 ? 0.0f : f > 1 ? 1.0f : f;
    if (!(f < *fraction)) return 0;
    *fraction = f;
    return 1;
}

/* One of Valve's separating-axis edge tests: apart on this axis? */
static int edge_apart(uint32_t axis, const float g[3], const float u[3], const float w[3], const float ext[3])
{
    float du, dw, r;
    if (axis == 0) {
        du = bsp__fmsub(g[2], u[1], g[1], u[2]);
        dw = bsp__fmsub(g[2], w[1], g[1], w[2]);
        r = bsp__fadd(bsp__fmul(bsp__fabs(g[2]), ext[1]), bsp__fmul(bsp__fabs(g[1]), ext[2]));
    } else if (axis == 1) {
        du = bsp__fadd(bsp__fmul(-g[2], u[0]), bsp__fmul(g[0], u[2]));
        dw = bsp__fadd(bsp__fmul(-g[2], w[0]), bsp__fmul(g[0], w[2]));
        r = bsp__fadd(bsp__fmul(bsp__fabs(g[2]), ext[0]), bsp__fmul(bsp__fabs(g[0]), ext[2]));
    } else {
        du = bsp__fmsub(g[1], u[0], g[0], u[1]);
        dw = bsp__fmsub(g[1], w[0], g[0], w[1]);
        r = bsp__fadd(bsp__fmul(bsp__fabs(g[1]), ext[0]), bsp__fmul(bsp__fabs(g[0]), ext[1]));
    }
    return (du < dw ? du : dw) > r || (du < dw ? dw : du) < -r;
}

/* IsBoxIntersectingTriangle with the triangle (a, c, b). */
static int box_touches(const bsp__disp_trace *t, const disp_tri *tr)
{
    float p1[3], p2[3], p3[3], g[3], lo[3], hi[3];
    bsp__cplane pl;
    uint32_t k;
    bsp__vsub(tr->v[0], t->s, p1);
    bsp__vsub(tr->v[2], t->s, p2);
    bsp__vsub(tr->v[1], t->s, p3);
    for (k = 0; k < 3; k++) {
        float mn = p1[k], mx = p1[k];
        if (p2[k] < mn) mn = p2[k];
        if (p3[k] < mn) mn = p3[k];
        if (p2[k] > mx) mx = p2[k];
        if (p3[k] > mx) mx = p3[k];
        if (mn > t->ext[k] || mx < -t->ext[k]) return 0;
    }
    bsp__vsub(p2, p1, g);
    if (edge_apart(0, g, p1, p3, t->ext) || edge_apart(1, g, p1, p3, t->ext) || edge_apart(2, g, p2, p3, t->ext))
        return 0;
    bsp__vsub(p3, p2, g);
    if (edge_apart(0, g, p1, p2, t->ext) || edge_apart(1, g, p1, p2, t->ext) || edge_apart(2, g, p1, p3, t->ext))
        return 0;
    bsp__vsub(p1, p3, g);
    if (edge_apart(0, g, p1, p2, t->ext) || edge_apart(1, g, p1, p2, t->ext) || edge_apart(2, g, p2, p3, t->ext))
        return 0;
    /* the box straddles the plane (BoxOnPlaneSide gives both sides) */
    for (k = 0; k < 3; k++) {
        lo[k] = bsp__fsub(t->s[k], t->ext[k]);
        hi[k] = bsp__fadd(t->s[k], t->ext[k]);
    }
    for (k = 0; k < 3; k++) pl.n[k] = tr->n[k];
    pl.dist = tr->d;
    pl.type = tr->n[0] == 1.0f ? 0 : tr->n[1] == 1.0f ? 1 : tr->n[2] == 1.0f ? 2 : 3;
    return bsp__coll_box_sides_raw(&pl, lo, hi) == 3;
}

/* Triangle h of the cell whose first vertex is a (its first triangle
 * k): bsp__disp_tri's corners, without its divisions. */
DISP_TRACE_HOT void cell_corners(const disp_at *d, uint32_t a, uint32_t h, float v[3][3])
{
    uint32_t n = d->n, idx[3], j;
    if (a & 1) {
        idx[0] = h ? a + 1 : a;
        idx[1] = a + n;
        idx[2] = h ? a + n + 1 : a + 1;
    } else {
        idx[0] = a;
        idx[1] = h ? a + n + 1 : a + n;
        idx[2] = h ? a + 1 : a + n + 1;
    }
    for (j = 0; j < 3; j++) bsp__vread(d->verts + (size_t)idx[j] * BSP__DISP_VERT_BYTES, v[j]);
}

static void read_tri(const disp_at *d, uint32_t a, uint32_t k, uint32_t h, disp_tri *out)
{
    cell_corners(d, a, h, out->v);
    out->rec = d->tris + (size_t)(k + h) * BSP__DISP_TRI_BYTES;
    out->edges_at = d->edges + (size_t)(k + h) * BSP__DISP_EDGE_BYTES;
}

/* The rest of a triangle read_tri found: its plane, flags and edge
 * planes (a point trace reads them only for a triangle it hits: its
 * test takes the corners alone). */
static void read_plane(disp_tri *out)
{
    bsp__vread(out->rec, out->n);
    out->d = bsp__f32(out->rec + 12);
    out->flags = bsp__u32(out->rec + 16);
    out->edges = out->edges_at;
}

/* The triangles of the cell at row r, column c of displacement i (its
 * box passed the cull); 1 when the trace became startsolid. */
static int test_cell(bsp__disp_trace *t, const disp_at *d, uint32_t r, uint32_t c)
{
    bsp_trace_result *tr = t->tr;
    uint32_t a = r * d->n + c, k = 2 * (r * (d->n - 1) + c), h, i = d->i;
    int32_t contents = d->contents;
    for (h = 0; h < 2; h++) {
        disp_tri tri_k;
        float fraction = tr->fraction, nn[3], dd;
        int hit;
        if (t->point) {
            /* a point ray (never a position test: the init left it no
             * terrain): the corners alone, kept apart from the triangle
             * read (a compiler keeps them in registers), then the rest of
             * a triangle it hits */
            float v[3][3];
            cell_corners(d, a, h, v);
            if (!ray_tri(t, (const float(*)[3])v, &fraction)) continue;
            read_tri(d, a, k, h, &tri_k);
            read_plane(&tri_k);
            nn[0] = tri_k.n[0], nn[1] = tri_k.n[1], nn[2] = tri_k.n[2];
            dd = tri_k.d;
            hit = 1;
        } else {
            read_tri(d, a, k, h, &tri_k);
            read_plane(&tri_k);
            if (t->position) {
                if (!box_touches(t, &tri_k)) continue;
                tr->startsolid = tr->allsolid = 1;
                tr->fraction = 0;
                tr->contents = contents;
                tr->disp = (int32_t)i;
                tr->disp_flags = tri_k.flags;
                return 1;
            }
            hit = sweep_tri(t, &tri_k, &fraction, nn, &dd);
        }
        if (!hit) continue;
        tr->fraction = fraction;
        tr->contents = contents;
        tr->has_plane = 1;
        tr->disp = (int32_t)i;
        tr->disp_flags = tri_k.flags;
        t->hit->n[0] = nn[0], t->hit->n[1] = nn[1], t->hit->n[2] = nn[2];
        t->hit->dist = dd;
        t->hit->type = 3;
    }
    return 0;
}

/* The cull of the four children of a block, a bit each (bit j: child j
 * passes), their boxes six rows of four floats at q (disp_build.h: lo x,
 * y, z then hi x, y, z, a lane per child) so that the tests of the four
 * are the same operations side by side, without a branch between them (a
 * compiler that vectorises does them four at once, as Valve's four-box
 * tests; each lane rounds as the one box's test of culled() does, in the
 * same order). */
static const uint32_t lane_bit[4] = { 1, 2, 4, 8 };

DISP_TRACE_HOT uint32_t kids_pass(const bsp__disp_trace *t, const uint8_t *q, int ordered)
{
    float entry[4], leave[4];
    uint32_t j, k, pass[4];
    if (t->position) {
        /* overlaps(), its three axes' tests anded */
        int in[4];
        for (j = 0; j < 4; j++) in[j] = 1;
        for (k = 0; k < 3; k++) {
            float l = bsp__fsub(t->s[k], t->ext[k]), h = bsp__fadd(t->s[k], t->ext[k]);
            for (j = 0; j < 4; j++) {
                float lo = bsp__f32(q + 16 * k + 4 * j), hi = bsp__f32(q + 16 * (3 + k) + 4 * j);
                in[j] &= !(l > hi) & !(h < lo);
            }
        }
        return (uint32_t)in[0] | (uint32_t)in[1] << 1 | (uint32_t)in[2] << 2 | (uint32_t)in[3] << 3;
    }
    /* sweep_passes() */
    for (j = 0; j < 4; j++) {
        entry[j] = 0.0f;
        leave[j] = 1.0f;
    }
    for (k = 0; ordered && k < 3; k++) {
        /* Boxes and reciprocal finite, lo <= hi (the load's minimum and
         * maximum), grow >= 0: each rounding keeps the order, so with
         * inv > 0 a lane's lo side gives at most what its hi side gives,
         * min(lo, hi) is the lo side's and max(lo, hi) the hi side's
         * (equal sides: the same value), the other way round with inv <
         * 0, and no NaN arises. Each side then goes straight to entry or
         * exit, with no compare between the two. */
        float s = t->s[k], g = t->grow[k], v = t->inv[k];
        const uint8_t *lo = q + 16 * k, *hi = q + 16 * (3 + k);
        if (v > 0)
            for (j = 0; j < 4; j++) {
                float near = bsp__fmul(bsp__fsub(bsp__fsub(bsp__f32(lo + 4 * j), s), g), v);
                float far = bsp__fmul(bsp__fadd(bsp__fsub(bsp__f32(hi + 4 * j), s), g), v);
                entry[j] = near > entry[j] ? near : entry[j];
                leave[j] = far < leave[j] ? far : leave[j];
            }
        else
            for (j = 0; j < 4; j++) {
                float far = bsp__fmul(bsp__fsub(bsp__fsub(bsp__f32(lo + 4 * j), s), g), v);
                float near = bsp__fmul(bsp__fadd(bsp__fsub(bsp__f32(hi + 4 * j), s), g), v);
                entry[j] = near > entry[j] ? near : entry[j];
                leave[j] = far < leave[j] ? far : leave[j];
            }
    }
    for (k = 0; !ordered && k < 3; k++) {
        float s = t->s[k], g = t->grow[k], v = t->inv[k];
        for (j = 0; j < 4; j++) {
            float a = bsp__fmul(bsp__fsub(bsp__fsub(bsp__f32(q + 16 * k + 4 * j), s), g), v);
            float b = bsp__fmul(bsp__fadd(bsp__fsub(bsp__f32(q + 16 * (3 + k) + 4 * j), s), g), v);
            /* (far as b > a ? b : a, the same choice as a < b ? b : a:
             * gcc then takes a minimum and a maximum, not two blends) */
            float near = a < b ? a : b, far = b > a ? b : a;
            entry[j] = near > entry[j] ? near : entry[j];
            leave[j] = far < leave[j] ? far : leave[j];
        }
    }
    /* (each lane's compare as a mask anded with its bit: gcc -O2 makes
     * the four compares one and the bits an and, where a compare, a
     * shift and an or a lane kept them apart) */
    for (j = 0; j < 4; j++) pass[j] = (uint32_t) - (int32_t)(entry[j] <= leave[j]) & lane_bit[j];
    return (pass[0] | pass[1]) | (pass[2] | pass[3]);
}

/* Test displacement i (its bounds passed the cull: may_meet()): its cells
 * in Morton order, each passing the cull. */
static void test_disp(bsp__disp_trace *t, uint32_t i)
{
    const bsp__map *m = t->m;
    const uint8_t *rec = BSP__REC(m->disps, i);
    uint32_t power = bsp__u32(rec + BSP__DISP_POWER), ts = bsp__u32(rec + BSP__DISP_TSTART);
    /* Depth first down the quadtree, children in Morton order: block
     * (z, L) holds cells z .. z + 4^L - 1. A block that passes has its
     * four children's cull worked out at once (pend[L - 1], a bit each,
     * a rejected one skipping all its cells: each cell's box lies in its
     * blocks'), then visited in order, so the cells met are those 8.14's
     * Morton walk meets, in its order (the cull reads nothing a cell's
     * test changes). */
    uint32_t L, zb[5], pend[5];
    const uint8_t *nodes = bsp__disp_node(m, ts, 0), *cells = bsp__disp_cells(m, ts);
    disp_at d;
    /* (the ordered cull: a sweep whose reciprocals allow it over boxes
     * of finite vertices) */
    int ordered = !t->position && t->ordered && !(bsp__u32(rec + BSP__DISP_FLAGS) & BSP__DISP_NONFINITE);
    d.verts = BSP__REC(m->disp_verts, bsp__u32(rec + BSP__DISP_VSTART));
    d.tris = BSP__REC(m->disp_tris, ts);
    d.edges = bsp__disp_edges(m, ts);
    d.n = (1u << power) + 1;
    d.i = i;
    d.contents = bsp__i32(rec + BSP__DISP_CONTENTS);
    /* (power 2..4, the load's check: the root is a node, not a cell) The
     * root passed the cull: may_meet() culled the displacement's bounds,
     * which the load wrote from the root's box (disp_build.c). */
    L = power;
    zb[L] = 0;
    pend[L] = 0x10u;    /* the root passed: open it below */
    for (;;) {
        uint32_t z, j, bits = pend[L];
        if (bits == 0x10u) {
            /* open block (zb[L], L): its children's cull */
            z = zb[L];
            if (L == 1) {
                /* the children are cells, their boxes rows of four as
                 * the nodes' (disp_build.h); row and column of z from
                 * its odd and even bits (power <= 4) */
                uint32_t r, c;
                bits = kids_pass(t, cells + bsp__disp_cell_float(z, 0), ordered);
                c = z & 0x55u;
                c = (c | c >> 1) & 0x33u;
                c = (c | c >> 2) & 0x0fu;
                r = z >> 1 & 0x55u;
                r = (r | r >> 1) & 0x33u;
                r = (r | r >> 2) & 0x0fu;
                /* the cells in Morton order: (r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1) */
                for (; bits; bits &= bits - 1) {
                    j = bits & 1 ? 0 : bits & 2 ? 1 : bits & 4 ? 2 : 3;
                    if (test_cell(t, &d, r + (j >> 1), c + (j & 1))) return;
                }
            } else {
                /* the children's boxes, six rows of four (disp_build.h) */
                bits = kids_pass(t, nodes + bsp__disp_node_float(BSP__DISP_LEVEL(power, L - 1), 4 * (z >> (2 * L)), 0),
                                 ordered);
            }
        }
        if (!bits) {
            /* this block done: up to its parent */
            if (L == power) return;
            L++;
            continue;
        }
        j = bits & 1 ? 0 : bits & 2 ? 1 : bits & 4 ? 2 : 3;
        pend[L] = bits & (bits - 1);
        zb[L - 1] = zb[L] + (j << (2 * (L - 1)));
        L--;
        pend[L] = 0x10u;
    }
}

/* bsp__disp_leaf for a map the load kept no lists for: the marked
 * displacements whose walk down the nodes reaches the leaf. */
static bsp_status leaf_walked(bsp__disp_trace *t, uint32_t leaf)
{
    uint32_t i, n = t->m->disps.count < BSP_TRACE_DISPS_MAX ? t->m->disps.count : BSP_TRACE_DISPS_MAX;
    for (i = 0; i < n; i++) {
        int in;
        if (!(t->left[i >> 5] >> (i & 31) & 1)) continue;
        in = reaches(t->m, BSP__REC(t->m->disps, i), leaf);
        if (in < 0) return BSP_E_CORRUPT;
        if (!in) continue;
        t->left[i >> 5] &= ~(1u << (i & 31));
        test_disp(t, i);
        if (t->tr->startsolid) return BSP_OK;
    }
    return BSP_OK;
}

bsp_status bsp__disp_leaf(bsp__disp_trace *t, uint32_t leaf)
{
    const uint16_t *list;
    uint32_t e, end;
    if (!t->any || t->tr->startsolid) return BSP_OK;
    if (!t->first) return leaf_walked(t, leaf);
    if (leaf >= t->leafs) return BSP_OK;
    list = t->m->disp_list;
    e = t->first[leaf];
    end = t->first[leaf + 1];
    if (e < end && t->fresh) {
        /* the first displacement this trace meets: clear the bits of
         * the map's displacements (the lists' indices are below its
         * count, at most BSP_TRACE_DISPS_MAX: the load's check) */
        uint32_t w, words = (t->m->disps.count + 31) >> 5;
        for (w = 0; w < words; w++) t->left[w] = 0;
        reciprocals(t);
        t->fresh = 0;
    }
    for (; e < end; e++) {
        uint32_t i = list[e], bit = 1u << (i & 31), *word = &t->left[i >> 5];
        if (*word & bit) continue;
        *word |= bit;
        if (!may_meet(t, i)) continue;
        test_disp(t, i);
        if (t->tr->startsolid) return BSP_OK;
    }
    return BSP_OK;
}

/* Displacement i's leaves, as reaches() walks them: counted into first[]
 * (list NULL; 0 once the room is full) or placed at --first[leaf]. 1 when
 * done, 0 when the map cannot keep lists. */
static int enter(const bsp__map *m, uint32_t i, uint32_t *first, uint16_t *list, uint32_t *total)
{
    bsp__box_walk w;
    float box[6];
    uint32_t l;
    int more;
    walk_begin(&w, m, BSP__REC(m->disps, i), box);
    while ((more = bsp__box_walk_next(&w, &l)) == 1) {
        if (l >= m->disp_leafs) return 0;
        if (list) {
            list[--first[l]] = (uint16_t)i;
            continue;
        }
        if (*total == m->disp_list_cap) return 0;
        ++*total;
        first[l]++;
    }
    return more == 0;
}

void bsp__disp_lists_build(bsp__map *m)
{
    uint32_t *first = (uint32_t *)(uintptr_t)m->disp_first, n = m->disps.count, total = 0, sum = 0, i, l;
    uint16_t *list = (uint16_t *)(uintptr_t)m->disp_list;
    if (!first) return;
    bsp__fill(first, 0, ((size_t)m->disp_leafs + 1) * 4);
    for (i = 0; i < n; i++)
        if (!enter(m, i, first, NULL, &total)) {
            m->disp_first = NULL;
            m->disp_list = NULL;
            return;
        }
    /* each leaf's end; placing from the last displacement down leaves
     * each first[l] at its start, the indices ascending */
    for (l = 0; l < m->disp_leafs; l++) {
        sum += first[l];
        first[l] = sum;
    }
    first[m->disp_leafs] = sum;
    for (i = n; i-- > 0;) (void)enter(m, i, first, list, &total);
}

#endif
