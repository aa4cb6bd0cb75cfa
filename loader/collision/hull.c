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
 * This is the hottest loop of the Quake family, so it reads the hulls the
 * load converted (cmodel/hull_build.h): a node and its plane in one
 * record, children as byte offsets, hull 0's leaves as their contents,
 * every index checked at load (a bad one is the tree's corrupt node), so
 * a step is a record read, one or two distances and a compare. A position
 * test (start == end) walks one point.
 *
 * Every walk counts the nodes on its path: the load bounds the depth of
 * the node and clipnode trees, but hull 0 turns a leaf's contents into a
 * child, and a file whose leaf contents is 0 or more makes that a node
 * index the load's check never followed (a path back to an ancestor would
 * otherwise never end): past BSP_TREE_DEPTH_MAX nodes the answer is
 * CORRUPT, as for a point's contents.
 */
#include "collision.h"
#include "../core/map.h"
#include "../cmodel/hull_build.h"

#if BSPKIT_COLLISION && BSP__QUAKE_FAMILY

#define CONTENTS_SOLID (-2)
#define Q1_EPSILON 0.03125f   /* DIST_EPSILON */
#define BACK_OFF 0.1f         /* the engine's "frac -= 0.1" */
/* The walk's helpers inlined where speed counts; a build for size lets the
 * compiler keep one copy of each. */
#ifdef __OPTIMIZE_SIZE__
#define HULL_INLINE static
#else
#define HULL_INLINE BSP_ALWAYS_INLINE
#endif
/* The node at byte offset off of tree t (hull_build.h). */
#define NODE_AT(t, off) ((const bsp__hnode *)(const void *)((const uint8_t *)(t) + (off)))
#define HULL_LIKELY(x) (!BSP_UNLIKELY(!(x)))

/* A split whose far side is pending: the node and the near side, the path
 * depth there, the fraction of the split, the start of the part of the
 * move the node was given and the point of the split (its end is the
 * split point of the entry below, or the move's end: the near side of a
 * split is always the part up to that point). */
typedef struct hull_span {
    uint32_t node_side;       /* node's offset << 1 | near side */
    uint32_t depth;
    float frac, p1f, midf;
    float p1[3], mid[3];
} hull_span;
/* (the array, with 2 KiB for the frames, within the header's promise) */
BSP__CHECK(hull_budget, 1024u > BSP_TREE_DEPTH_MAX);
BSP__CHECK(hull_span_bytes, sizeof(hull_span) * BSP_TREE_DEPTH_MAX + 2048u <= BSP_TRACE_CALL_STACK_BYTES);

/* dot(n, p) - dist, or p[type] - dist on an axial plane (8.4): the same
 * operations as bsp__coll_side. */
HULL_INLINE float side_of(const bsp__hnode *nd, const float p[3])
{
    float d;
    /* (compilers' trees are mostly axial planes: that path falls through) */
    if (HULL_LIKELY(nd->type < 3)) return bsp__fsub(p[nd->type], nd->dist);
    d = bsp__fadd(bsp__fadd(bsp__fmul(nd->n[0], p[0]), bsp__fmul(nd->n[1], p[1])), bsp__fmul(nd->n[2], p[2]));
    return bsp__fsub(d, nd->dist);
}

/* SV_HullPointContents from node n: a point on a plane goes to the front.
 * *out gets the contents; CORRUPT past BSP_TREE_DEPTH_MAX nodes (a
 * hostile file's loop, or its corrupt node: hull_build.h). */
HULL_INLINE bsp_status point_contents(const bsp__hnode *t, int32_t n, const float p[3], int32_t *out)
{
    uint32_t steps = 0;
    while (n >= 0) {
        const bsp__hnode *nd = NODE_AT(t, n);
        if (++steps > BSP_TREE_DEPTH_MAX) return BSP_E_CORRUPT;
        n = nd->child[side_of(nd, p) < 0];
    }
    *out = n;
    return BSP_OK;
}

/* p1 + frac * (p2 - p1) and p1f + (p2f - p1f) * frac, in the contract's
 * operations (8.4). */
HULL_INLINE float mid_of(const float p1[3], const float p2[3], float p1f, float p2f, float frac,
                         float mid[3])
{
    uint32_t i;
    for (i = 0; i < 3; i++) mid[i] = bsp__fadd(p1[i], bsp__fmul(frac, bsp__fsub(p2[i], p1[i])));
    return bsp__fadd(p1f, bsp__fmul(bsp__fsub(p2f, p1f), frac));
}

/* SV_RecursiveHullCheck from node `head` of tree t (count nodes). The
 * engine's recursion goes on after the near side only when that side did
 * not stop the move, so the explicit stack holds the splits whose far
 * side is still to be decided, with what the split worked out (a pop then
 * costs no plane read, no division and no new split point). The part of
 * the move being walked is p1..p2: the start or a split point, the end or
 * a split point, read where they are kept (a span's p1 and mid stay put
 * until a push reuses the span, after its p1 is copied). *tr is cleared
 * with fraction 1. */
HULL_INLINE bsp_status hull_walk_trace(const bsp__hnode *t, uint32_t count, int32_t head, int32_t node,
                                       uint32_t depth, const float start[3], const float end[3],
                                       bsp_trace_result *tr)
{
    hull_span stack[BSP_TREE_DEPTH_MAX];
    const float *p1 = start, *p2 = end;
    float p1f = 0, p2f = 1;
    uint32_t top = 0, from = 0, lim, i;
    uint32_t seen = 0;   /* the leaves met: 1 a solid one, 2 an open one */
    /* In a tree each node gets at most one part of the move, so a walk
     * that enters more nodes than the tree has is on shared nodes (or hull
     * 0's leaf contents read as nodes), where the parts, which overlap near
     * each plane by the epsilon, could double at every level: CORRUPT
     * (docs/queries.md 8.13), with room for a compiler's shared subtrees.
     * The nodes the walk may still enter (budget) and the path's depth
     * (which bounds the stack: every entry is an ancestor on the path) are
     * checked as one limit on the depth, set again where a descent starts
     * from `from`. */
    uint32_t budget = 4u * count + 1024u;
    lim = BSP_TREE_DEPTH_MAX;   /* (the budget is larger) */

    for (;;) {
        /* go down to a leaf, owing the far side of every split */
        while (node >= 0) {
            const bsp__hnode *nd = NODE_AT(t, node);
            hull_span *sp;
            float t1, t2, frac;
            uint32_t side;
            if (++depth > lim) return BSP_E_CORRUPT;
            t1 = side_of(nd, p1);
            t2 = side_of(nd, p2);
            /* (a split is the rare case: the common ones fall through) */
            if (t1 >= 0) {
                if (HULL_LIKELY(t2 >= 0)) {
                    node = nd->child[0];
                    continue;
                }
            } else if (t1 < 0) {
                if (HULL_LIKELY(t2 < 0)) {
                    node = nd->child[1];
                    continue;
                }
            }
            side = t1 < 0;
            frac = bsp__fdiv(side ? bsp__fadd(t1, Q1_EPSILON) : bsp__fsub(t1, Q1_EPSILON),
                             bsp__fsub(t1, t2));
            /* (NaN only from planes no compiler writes, infinite or NaN
             * normals, or the corrupt node: the back-off below would
             * never leave [0, 1]) */
            if (frac != frac) return BSP_E_CORRUPT;
            frac = frac < 0 ? 0 : frac > 1 ? 1 : frac;
            sp = &stack[top++];
            sp->node_side = (uint32_t)node << 1 | side;
            sp->depth = depth;
            sp->frac = frac;
            sp->p1f = p1f;
            for (i = 0; i < 3; i++) sp->p1[i] = p1[i];
            p1 = sp->p1;
            p2f = sp->midf = mid_of(p1, p2, p1f, p2f, frac, sp->mid);
            p2 = sp->mid;
            node = nd->child[side];
        }
        /* a leaf: open or solid */
        seen |= node == CONTENTS_SOLID ? 1u : 2u;
        budget -= depth - from;
        /* the near side of the innermost split is done: its far side */
        for (;;) {
            const hull_span *sp;
            const bsp__hnode *nd;
            const float *q2;
            float mid[3], midf, frac, q2f;
            int32_t far, c;
            uint32_t side;
            bsp_status st;
            if (top == 0) {
                tr->startsolid = (uint8_t)(seen & 1);
                tr->allsolid = (uint8_t)!(seen & 2);
                return BSP_OK;
            }
            sp = &stack[--top];
            /* (the part's end: the split point below, or the move's end) */
            q2 = top ? stack[top - 1].mid : end;
            q2f = top ? stack[top - 1].midf : 1.0f;
            side = sp->node_side & 1;
            nd = NODE_AT(t, sp->node_side >> 1);
            far = nd->child[side ^ 1];
            st = point_contents(t, far, sp->mid, &c);
            if (st != BSP_OK) return st;
            if (c != CONTENTS_SOLID) {
                /* go on through the far side */
                node = far;
                from = depth = sp->depth;
                lim = budget < BSP_TREE_DEPTH_MAX - depth ? depth + budget : BSP_TREE_DEPTH_MAX;
                p1f = sp->midf;
                p2f = q2f;
                p1 = sp->mid;
                p2 = q2;
                break;
            }
            tr->startsolid = (uint8_t)(seen & 1);
            tr->allsolid = (uint8_t)!(seen & 2);
            /* the move hits this plane; never got out: no impact */
            if (!(seen & 2)) return BSP_OK;
            for (i = 0; i < 3; i++) tr->normal[i] = side ? -nd->n[i] : nd->n[i];
            tr->dist = side ? -nd->dist : nd->dist;
            tr->has_plane = 1;
            /* back off along the move until out of solid ("shouldn't
             * happen, but does", on sloped clipnodes) */
            frac = sp->frac;
            midf = sp->midf;
            for (i = 0; i < 3; i++) mid[i] = sp->mid[i];
            for (;;) {
                st = point_contents(t, head, mid, &c);
                if (st != BSP_OK) return st;
                if (c != CONTENTS_SOLID) break;
                frac = bsp__fsub(frac, BACK_OFF);
                if (frac < 0) break;
                midf = mid_of(sp->p1, q2, sp->p1f, q2f, frac, mid);
            }
            tr->fraction = midf;
            for (i = 0; i < 3; i++) tr->endpos[i] = mid[i];
            return BSP_OK;
        }
    }
}

/* The checks of bsp_hull_trace and bsp_hull_contents in their order
 * (collision.h, then BAD_HULL), for a call the fast test turned down. */
static bsp_status hull_args(const bsp__map *m, uint32_t model, uint32_t hull, const float *const *pts,
                            uint32_t n)
{
    bsp_status st = bsp__coll_args(m, 1, model, pts, n);
    if (st != BSP_OK) return st;
    if (hull >= m->family->coll->num_hulls || (hull > 0 && !m->clipnodes.count)) return BSP_E_BAD_HULL;
    /* (a map loaded with collision has its hulls: not reached) */
    return m->hulls ? BSP_OK : BSP_E_NOT_LOADED;
}

/* The usual call: a map with hulls, a model and hull it has, finite
 * points (every other call goes through hull_args). */
HULL_INLINE const bsp__hulls *hulls_for(const bsp__map *m, uint32_t model, uint32_t hull)
{
    const bsp__hulls *hs = m ? m->hulls : NULL;
    return hs && model < hs->models && hull < hs->usable ? hs : NULL;
}

/* Every field of *tr for a move that ends where it was going: fraction 1,
 * no plane, start- and allsolid as given (hulls have no terrain: disp -1,
 * 8.14). */
HULL_INLINE void hull_fields(bsp_trace_result *tr, uint8_t solid)
{
    uint32_t i;
    tr->fraction = 1;
    for (i = 0; i < 3; i++) tr->normal[i] = 0;
    tr->dist = 0;
    tr->contents = 0;
    tr->startsolid = tr->allsolid = solid;
    tr->has_plane = tr->reserved = 0;
    tr->disp = -1;
    tr->disp_flags = 0;
}
HULL_INLINE void hull_result(bsp_trace_result *tr, const float end[3], uint8_t solid)
{
    uint32_t i;
    hull_fields(tr, solid);
    for (i = 0; i < 3; i++) tr->endpos[i] = end[i];
}

/* Both ends' coordinates are finite (bsp__finite3 of each), in fewer
 * operations: a float's exponent bits plus one carry into bit 31 only when
 * they are all ones. */
HULL_INLINE uint32_t exp_carry(float f)
{
    union { float f; uint32_t u; } x;
    x.f = f;
    return (x.u & 0x7f800000u) + 0x00800000u;
}
HULL_INLINE int finite_ends(const float a[3], const float b[3])
{
    return !((exp_carry(a[0]) | exp_carry(a[1]) | exp_carry(a[2]) | exp_carry(b[0]) | exp_carry(b[1]) |
              exp_carry(b[2])) >> 31);
}

/* The walk with its stack for a move of bsp_hull_trace from a node of
 * hull `hull` of a model: where is the node's offset << 32 | the nodes
 * entered above it << 3 | hull (six arguments: a call that needs no
 * frame). The points are checked finite here (the map, model and hull
 * were: the only answer left is BAD_QUERY, collision.h). Also CORRUPT
 * for a path past BSP_TREE_DEPTH_MAX. */
BSP_NOINLINE bsp_status hull_trace_walk(const bsp__hulls *hs, uint32_t model, uint64_t where, const float start[3],
                                        const float end[3], bsp_trace_result *out)
{
    uint32_t hull = (uint32_t)where & 7u, k = hull > 0, depth = (uint32_t)where >> 3;
    bsp_status st = BSP_E_CORRUPT;
    if (!finite_ends(start, end)) return BSP_E_BAD_QUERY;
    /* (out->endpos may be start or end: the walk writes it only as it
     * returns from a hit, so a move it does not stop gets end after it) */
    hull_fields(out, 0);
    if (depth < BSP_TREE_DEPTH_MAX)
        st = hull_walk_trace(hs->tree[k], hs->count[k], hs->head[model * hs->num_hulls + hull],
                             (int32_t)(where >> 32), depth, start, end, out);
    if (st != BSP_OK) {
        bsp__fill(out, 0, sizeof *out);
        return st;
    }
    /* (a hit set the plane, the fraction and endpos; else the move
     * ends at end) */
    if (!out->has_plane) out->endpos[0] = end[0], out->endpos[1] = end[1], out->endpos[2] = end[2];
    if (out->fraction == 1 || out->allsolid) out->has_plane = 0;
    return st;
}

/* bsp_hull_trace for a call the usual one (below) turned down: the
 * checks in their order, then the walk from the head node. */
BSP_NOINLINE bsp_status hull_trace_checked(const bsp__map *m, uint32_t model, uint32_t hull, const float start[3],
                                           const float end[3], bsp_trace_result *out)
{
    const float *pts[2];
    bsp_status st;
    const bsp__hulls *hs;
    if (!out) return BSP_E_BAD_ARGUMENT;
    pts[0] = start, pts[1] = end;
    st = hull_args(m, model, hull, pts, 2);
    if (st != BSP_OK) return st;
    hs = m->hulls;
    return hull_trace_walk(hs, model, (uint64_t)(uint32_t)hs->head[model * hs->num_hulls + hull] << 32 | hull,
                           start, end, out);
}

/* The usual call (a map with hulls, a model and hull it has) of the
 * usual move, which meets no split: both ends on one side of every plane
 * on its path (a position test always), down to one leaf, which gives
 * the answer. At the first split the move goes on in hull_trace_walk, so
 * that this call's frame holds no stack. The points are checked finite at
 * the end: until then they are only read (the descent counts its nodes),
 * so no register keeps a copy of them. */
bsp_status bsp_hull_trace(const bsp_map *map, uint32_t model, uint32_t hull, const float start[3],
                          const float end[3], bsp_trace_result *out)
{
    const bsp__map *m = bsp__map_c(map);
    const bsp__hulls *hs = hulls_for(m, model, hull);
    const bsp__hnode *t;
    uint32_t depth = 0;
    int32_t node;
    if (!hs || !out || !start || !end) return hull_trace_checked(m, model, hull, start, end, out);
    t = hs->tree[hull > 0];
    node = model ? hs->head[model * hs->num_hulls + hull] : hs->world[hull];
    while (node >= 0) {
        const bsp__hnode *nd = NODE_AT(t, node);
        float t1, t2;
        if (BSP_UNLIKELY(depth == BSP_TREE_DEPTH_MAX)) break;
        t1 = side_of(nd, start);
        t2 = side_of(nd, end);
        if (t1 >= 0) {
            if (HULL_LIKELY(t2 >= 0)) {
                node = nd->child[0];
                depth++;
                continue;
            }
        } else if (t1 < 0) {
            if (HULL_LIKELY(t2 < 0)) {
                node = nd->child[1];
                depth++;
                continue;
            }
        }
        break;
    }
    if (node >= 0) return hull_trace_walk(hs, model, (uint64_t)(uint32_t)node << 32 | depth << 3 | hull, start, end, out);
    /* (m, model and hull were checked: BAD_QUERY is the answer left) */
    if (!finite_ends(start, end)) return BSP_E_BAD_QUERY;
    hull_result(out, end, node == CONTENTS_SOLID);
    return BSP_OK;
}

bsp_status bsp_hull_contents(const bsp_map *map, uint32_t model, uint32_t hull, const float p[3],
                             int32_t *contents)
{
    const bsp__map *m = bsp__map_c(map);
    const bsp__hulls *hs = hulls_for(m, model, hull);
    bsp_status st;
    if (!contents) return BSP_E_BAD_ARGUMENT;
    if (!hs || !p || !bsp__finite3(p)) {
        const float *pts[1];
        pts[0] = p;
        st = hull_args(m, model, hull, pts, 1);
        if (st != BSP_OK) return st;
        hs = m->hulls;
    }
    return point_contents(hs->tree[hull > 0], hs->head[model * hs->num_hulls + hull], p, contents);
}
bsp_status bsp_hull_size(const bsp_map *map, uint32_t hull, float mins[3], float maxs[3])
{
    const bsp__map *m = bsp__map_c(map);
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
