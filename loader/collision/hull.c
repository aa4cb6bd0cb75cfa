/* SPDX-License-Identifier: MIT */
/* hull.c - the Quake family's hull traces and hull contents (docs/queries.md
 * 8.4, 8.12): the origin of a fixed box moved through a tree that was
 * built for that box (hull 0: the nodes, whose leaves give contents; hulls
 * 1 and up: clipnodes, whose negative children are contents).
 *
 * The engine's recursion (SV_RecursiveHullCheck) goes on after the near
 * side only when that side did not stop the move, so the explicit stack
 * holds the splits whose far side is still to be decided, with the
 * fraction and side worked out when the split was made (a pop then costs
 * no plane read and no division).
 *
 * This is the hottest loop of the Quake family, so it reads the records
 * straight from the arena (native order, aligned) at offsets taken once
 * per call from the family's fields, with the children's width (int16 or
 * int32) a constant of one of two copies of the walk, rather than through
 * the generic field reader at every step.
 *
 * Every walk counts the nodes on its path: the load bounds the depth of
 * the node and clipnode trees, but hull 0 turns a leaf's contents into a
 * child, and a file whose leaf contents is 0 or more makes that a node
 * index the load's check never followed (a path back to an ancestor would
 * otherwise never end): past BSP_TREE_DEPTH_MAX nodes the answer is
 * CORRUPT, as for a point's contents.
 */
#include "collision.h"

#if BSPKIT_COLLISION && BSP__QUAKE_FAMILY

#define CONTENTS_SOLID (-2)
#define Q1_EPSILON 0.03125f   /* DIST_EPSILON */
#define BACK_OFF 0.1f         /* the engine's "frac -= 0.1" */
#define PLANE_BYTES 20u       /* normal, dist, type: the Quake family's plane */
/* The walk's helpers inlined where speed counts; a build for size lets the
 * compiler keep one copy of each. */
#ifdef __OPTIMIZE_SIZE__
#define HULL_INLINE static
#else
#define HULL_INLINE BSP_ALWAYS_INLINE
#endif

typedef struct hull_walk {
    const uint8_t *nodes, *planes, *leafs;   /* nodes: nodes (hull 0) or clipnodes */
    uint32_t stride, count, plane_stride, plane_count, leaf_stride;
    uint32_t child0_off, child1_off, plane_off, contents_off;
    int wide, hull0;                         /* wide: int32 children */
    int32_t head;
} hull_walk;

/* A split whose far side is pending: the node and the near side, the path
 * depth there, the fraction of the split and the part of the move the node
 * was given (for the far side and for the backing off). */
typedef struct hull_span {
    uint32_t node_side;       /* node << 1 | near side */
    uint32_t depth;
    float frac, p1f, p2f;
    float p1[3], p2[3];
} hull_span;
/* (the array, with 2 KiB for the frames, within the header's promise) */
BSP__CHECK(hull_span_bytes, sizeof(hull_span) * BSP_TREE_DEPTH_MAX + 2048u <= BSP_TRACE_CALL_STACK_BYTES);

/* Child k of record rec, as a hull reads it: hull 0 turns a leaf into its
 * contents (the engine's hull 0 made from the nodes; leaf indices were
 * checked by the load). */
HULL_INLINE int32_t child_of(const hull_walk *h, const uint8_t *rec, uint32_t k, int wide, int hull0)
{
    uint32_t off = k ? h->child1_off : h->child0_off;
    int32_t c = wide ? bsp__i32(rec + off) : bsp__i16(rec + off);
    if (hull0 && c < 0)
        return bsp__i32(h->leafs + (size_t)(uint32_t)(-1 - c) * h->leaf_stride + h->contents_off);
    return c;
}

/* Node n's record and plane; NULL when n or its plane index is outside
 * its lump (the load checks the node tree's indices, not the clipnodes',
 * nor a node that hull 0 reaches through a leaf's contents). */
HULL_INLINE const uint8_t *node_of(const hull_walk *h, int32_t n, const uint8_t **plane)
{
    const uint8_t *rec;
    uint32_t p;
    if ((uint32_t)n >= h->count) return NULL;
    rec = h->nodes + (size_t)(uint32_t)n * h->stride;
    p = (uint32_t)bsp__i32(rec + h->plane_off);
    if (p >= h->plane_count) return NULL;
    *plane = h->planes + (size_t)p * h->plane_stride;
    return rec;
}

/* dot(n, p) - dist, or p[type] - dist on an axial plane (8.4), read in
 * place: the same operations as bsp__coll_side. */
HULL_INLINE float side_of(const uint8_t *pl, const float p[3])
{
    uint32_t type = (uint32_t)bsp__i32(pl + 16);
    float d;
    if (type < 3) return bsp__fsub(p[type], bsp__f32(pl + 12));
    d = bsp__fadd(bsp__fadd(bsp__fmul(bsp__f32(pl), p[0]), bsp__fmul(bsp__f32(pl + 4), p[1])),
                  bsp__fmul(bsp__f32(pl + 8), p[2]));
    return bsp__fsub(d, bsp__f32(pl + 12));
}

/* SV_HullPointContents from node n: a point on a plane goes to the front.
 * *out gets the contents; CORRUPT for a node or plane past its lump or a
 * path longer than any the load accepts. */
HULL_INLINE bsp_status point_contents(const hull_walk *h, int32_t n, const float p[3],
                                      int32_t *out, int wide, int hull0)
{
    uint32_t steps = 0;
    while (n >= 0) {
        const uint8_t *pl, *rec = node_of(h, n, &pl);
        if (++steps > BSP_TREE_DEPTH_MAX || !rec) return BSP_E_CORRUPT;
        n = child_of(h, rec, side_of(pl, p) < 0, wide, hull0);
    }
    *out = n;
    return BSP_OK;
}

/* mid = p1 + frac * (p2 - p1) and p1f + (p2f - p1f) * frac, in the
 * contract's operations (8.4). */
HULL_INLINE float mid_of(const hull_span *s, float frac, float mid[3])
{
    uint32_t i;
    for (i = 0; i < 3; i++)
        mid[i] = bsp__fadd(s->p1[i], bsp__fmul(frac, bsp__fsub(s->p2[i], s->p1[i])));
    return bsp__fadd(s->p1f, bsp__fmul(bsp__fsub(s->p2f, s->p1f), frac));
}

HULL_INLINE bsp_status hull_walk_trace(hull_walk hw, const float start[3], const float end[3],
                            bsp_trace_result *tr, int wide, int hull0)
{
    /* (a copy of its own: the stores to *tr, bytes that may alias
     * anything, cannot change it, so it stays in registers) */
    const hull_walk *h = &hw;
    hull_span stack[BSP_TREE_DEPTH_MAX], s;
    uint32_t top = 0, depth = 0, i;
    int32_t node = h->head;
    /* In a tree each node gets at most one part of the move, so a walk
     * that enters more nodes than the tree has is on shared nodes (or hull
     * 0's leaf contents read as nodes), where the parts, which overlap near
     * each plane by the epsilon, could double at every level: CORRUPT
     * (docs/queries.md 8.13), with room for a compiler's shared subtrees. */
    uint32_t budget = 4u * h->count + 1024u;

    tr->fraction = 1;
    tr->allsolid = 1;
    for (i = 0; i < 3; i++) {
        tr->endpos[i] = end[i];
        s.p1[i] = start[i];
        s.p2[i] = end[i];
    }
    s.p1f = 0;
    s.p2f = 1;
    for (;;) {
        /* go down to a leaf, owing the far side of every split */
        while (node >= 0) {
            const uint8_t *pl, *rec = node_of(h, node, &pl);
            float t1, t2, frac;
            uint32_t side;
            /* (the path's depth bounds the stack: every entry is an
             * ancestor on it) */
            if (++depth > BSP_TREE_DEPTH_MAX || !rec || budget-- == 0) return BSP_E_CORRUPT;
            t1 = side_of(pl, s.p1);
            t2 = side_of(pl, s.p2);
            if (t1 >= 0 && t2 >= 0) {
                node = child_of(h, rec, 0, wide, hull0);
                continue;
            }
            if (t1 < 0 && t2 < 0) {
                node = child_of(h, rec, 1, wide, hull0);
                continue;
            }
            side = t1 < 0;
            frac = bsp__fdiv(side ? bsp__fadd(t1, Q1_EPSILON) : bsp__fsub(t1, Q1_EPSILON),
                             bsp__fsub(t1, t2));
            /* (NaN only from planes no compiler writes, infinite or NaN
             * normals: the back-off below would never leave [0, 1]) */
            if (frac != frac) return BSP_E_CORRUPT;
            frac = frac < 0 ? 0 : frac > 1 ? 1 : frac;
            s.node_side = (uint32_t)node << 1 | side;
            s.depth = depth;
            s.frac = frac;
            stack[top++] = s;
            s.p2f = mid_of(&stack[top - 1], frac, s.p2);
            node = child_of(h, rec, side, wide, hull0);
        }
        /* a leaf: open or solid */
        if (node != CONTENTS_SOLID) tr->allsolid = 0;
        else tr->startsolid = 1;
        /* the near side of the innermost split is done: its far side */
        for (;;) {
            const hull_span *sp;
            const uint8_t *pl = NULL, *rec;
            float mid[3], midf, frac;
            int32_t far, c;
            uint32_t side;
            bsp_status st;
            if (top == 0) return BSP_OK;
            sp = &stack[--top];
            side = sp->node_side & 1;
            frac = sp->frac;
            midf = mid_of(sp, frac, mid);
            rec = node_of(h, (int32_t)(sp->node_side >> 1), &pl);
            far = child_of(h, rec, side ^ 1, wide, hull0);
            st = point_contents(h, far, mid, &c, wide, hull0);
            if (st != BSP_OK) return st;
            if (c != CONTENTS_SOLID) {
                /* go on through the far side */
                node = far;
                depth = sp->depth;
                s.p1f = midf;
                s.p2f = sp->p2f;
                for (i = 0; i < 3; i++) {
                    s.p1[i] = mid[i];
                    s.p2[i] = sp->p2[i];
                }
                break;
            }
            /* the move hits this plane; never got out: no impact */
            if (tr->allsolid) return BSP_OK;
            for (i = 0; i < 3; i++) {
                float n = bsp__f32(pl + 4 * i);
                tr->normal[i] = side ? -n : n;
            }
            tr->dist = side ? -bsp__f32(pl + 12) : bsp__f32(pl + 12);
            tr->has_plane = 1;
            /* back off along the move until out of solid ("shouldn't
             * happen, but does", on sloped clipnodes) */
            for (;;) {
                st = point_contents(h, h->head, mid, &c, wide, hull0);
                if (st != BSP_OK) return st;
                if (c != CONTENTS_SOLID) break;
                frac = bsp__fsub(frac, BACK_OFF);
                if (frac < 0) break;
                midf = mid_of(sp, frac, mid);
            }
            tr->fraction = midf;
            for (i = 0; i < 3; i++) tr->endpos[i] = mid[i];
            return BSP_OK;
        }
    }
}

/* One copy of the walk per children's width and per kind of tree (hull 0
 * reads leaves' contents), where speed matters more than size. */
HULL_INLINE bsp_status trace_hull(const hull_walk *h, const float start[3], const float end[3],
                                  bsp_trace_result *tr)
{
#ifdef __OPTIMIZE_SIZE__
    return hull_walk_trace(*h, start, end, tr, h->wide, h->hull0);
#else
    if (h->hull0) return h->wide ? hull_walk_trace(*h, start, end, tr, 1, 1) : hull_walk_trace(*h, start, end, tr, 0, 1);
    return h->wide ? hull_walk_trace(*h, start, end, tr, 1, 0) : hull_walk_trace(*h, start, end, tr, 0, 0);
#endif
}

static bsp_status contents_hull(const hull_walk *h, const float p[3], int32_t *out)
{
    return point_contents(h, h->head, p, out, h->wide, h->hull0);
}

/* The hull's tree for `model`; BAD_HULL for a hull the family or the map
 * does not have. */
HULL_INLINE bsp_status hull_of(const bsp_map *m, uint32_t model, uint32_t hull, hull_walk *h)
{
    const struct bsp_family *f = m->family;
    const struct bsp__collision *c = f->coll;
    const bsp_view *nodes = hull ? &m->clipnodes : &m->nodes;
    bsp__field child0 = hull ? c->clipnode_child[0] : f->tree.node_child[0];
    bsp__field child1 = hull ? c->clipnode_child[1] : f->tree.node_child[1];
    bsp__field plane = hull ? c->clipnode_plane : f->tree.node_plane;
    if (hull >= c->num_hulls || (hull > 0 && !m->clipnodes.count)) return BSP_E_BAD_HULL;
    /* (the walk reads these widths in place: what every family of hulls
     * has; a table that said otherwise would be caught by any trace) */
    if (plane.type != BSP_F_I32 || child0.type != child1.type ||
        (child0.type != BSP_F_I16 && child0.type != BSP_F_I32) ||
        f->tree.leaf_contents.type != BSP_F_I32 || m->planes.stride < PLANE_BYTES)
        return BSP_E_UNSUPPORTED;
    h->nodes = nodes->data;
    h->stride = nodes->stride;
    h->count = nodes->count;
    h->planes = m->planes.data;
    h->plane_stride = m->planes.stride;
    h->plane_count = m->planes.count;
    h->leafs = m->leafs.data;
    h->leaf_stride = m->leafs.stride;
    h->contents_off = f->tree.leaf_contents.offset;
    h->child0_off = child0.offset;
    h->child1_off = child1.offset;
    h->plane_off = plane.offset;
    h->wide = child0.type == BSP_F_I32;
    h->hull0 = hull == 0;
    h->head = bsp__field_get(BSP__REC(m->models, model), bsp__field_at(f->tree.model_headnode, hull));
    return BSP_OK;
}

bsp_status bsp_hull_trace(const bsp_map *m, uint32_t model, uint32_t hull, const float start[3],
                          const float end[3], bsp_trace_result *out)
{
    const float *pts[2];
    hull_walk h;
    bsp_status st;
    pts[0] = start, pts[1] = end;
    if (!out) return BSP_E_BAD_ARGUMENT;
    st = bsp__coll_args(m, 1, model, pts, 2);
    if (st == BSP_OK) st = hull_of(m, model, hull, &h);
    if (st != BSP_OK) return st;
    bsp__fill(out, 0, sizeof *out);
    out->disp = -1;   /* hulls have no terrain (8.14) */
    st = trace_hull(&h, start, end, out);
    if (st != BSP_OK) bsp__fill(out, 0, sizeof *out);
    else if (out->fraction == 1 || out->allsolid) out->has_plane = 0;
    return st;
}

bsp_status bsp_hull_contents(const bsp_map *m, uint32_t model, uint32_t hull, const float p[3],
                             int32_t *contents)
{
    const float *pts[1];
    hull_walk h;
    bsp_status st;
    pts[0] = p;
    if (!contents) return BSP_E_BAD_ARGUMENT;
    st = bsp__coll_args(m, 1, model, pts, 1);
    if (st == BSP_OK) st = hull_of(m, model, hull, &h);
    if (st == BSP_OK) st = contents_hull(&h, p, contents);
    return st;
}
bsp_status bsp_hull_size(const bsp_map *m, uint32_t hull, float mins[3], float maxs[3])
{
    const struct bsp__collision *c;
    uint32_t i;
    if (!m || !m->family || !mins || !maxs) return BSP_E_BAD_ARGUMENT;
    c = m->family->coll;
    if (!c || c->kind != BSP_COLL_HULLS) return BSP_E_UNSUPPORTED;
    if (hull >= c->num_hulls) return BSP_E_BAD_HULL;
    for (i = 0; i < 3; i++) {
        mins[i] = c->hulls[hull][0][i];
        maxs[i] = c->hulls[hull][1][i];
    }
    return BSP_OK;
}

#endif
