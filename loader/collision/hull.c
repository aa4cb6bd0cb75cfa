/* SPDX-License-Identifier: MIT */
/* hull.c - the Quake family's hull traces and hull contents (docs/queries.md
 * 8.4, 8.12): the origin of a fixed box moved through a tree that was
 * built for that box (hull 0: the nodes, whose leaves give contents; hulls
 * 1 and up: clipnodes, whose negative children are contents).
 *
 * The engine's recursion (SV_RecursiveHullCheck) goes on after the near
 * side only when that side did not stop the move, so the explicit stack
 * holds the nodes whose far side is still to be decided; the fraction of a
 * split is worked out again when its near side is done, in the same
 * operations, rather than kept.
 */
#include "collision.h"

#if BSPKIT_COLLISION && BSP__QUAKE_FAMILY

#define CONTENTS_SOLID (-2)
#define Q1_EPSILON 0.03125f   /* DIST_EPSILON */
#define BACK_OFF 0.1f         /* the engine's "frac -= 0.1" */

typedef struct hull_walk {
    const bsp_map *m;
    const bsp_view *nodes;       /* nodes (hull 0) or clipnodes */
    bsp__field child[2], plane;
    int hull0;
    int32_t head;
} hull_walk;

/* Child k of node n, as a hull reads it: hull 0 turns a leaf into its
 * contents (the engine's hull 0 made from the nodes). */
static int32_t child_of(const hull_walk *h, int32_t n, uint32_t k)
{
    int32_t c = bsp__field_get(BSP__REC(*h->nodes, n), h->child[k]);
    if (h->hull0 && c < 0)
        return bsp__field_get(BSP__REC(h->m->leafs, -1 - c), h->m->family->tree.leaf_contents);
    return c;
}

/* Node n's plane; 0 when n or its plane index is outside its lump
 * (clipnodes are checked where they are read: the load checks only the
 * trees' shape). */
static int plane_of(const hull_walk *h, int32_t n, bsp__cplane *pl)
{
    uint32_t plane;
    if ((uint32_t)n >= h->nodes->count) return 0;
    plane = (uint32_t)bsp__field_get(BSP__REC(*h->nodes, n), h->plane);
    if (plane >= h->m->planes.count) return 0;
    bsp__coll_plane(h->m, (int32_t)plane, pl);
    return 1;
}

/* SV_HullPointContents from node n: a point on a plane goes to the front.
 * *out gets the contents; CORRUPT for a head node past the lump. */
static bsp_status point_contents(const hull_walk *h, int32_t n, const float p[3], int32_t *out)
{
    uint32_t steps = 0;
    while (n >= 0) {
        bsp__cplane pl;
        if (++steps > BSP_TREE_DEPTH_MAX || !plane_of(h, n, &pl)) return BSP_E_CORRUPT;
        n = child_of(h, n, bsp__coll_side(&pl, p) < 0);
    }
    *out = n;
    return BSP_OK;
}

/* One split's numbers for span s at node n: t1, t2, frac, side. Used when
 * the split is made and again when its near side is done. -1: corrupt. */
static int split(const hull_walk *h, const bsp__coll_span *s, bsp__cplane *pl, float *t1, float *frac)
{
    float t2;
    if (!plane_of(h, s->node, pl)) return -1;
    *t1 = bsp__coll_side(pl, s->p1);
    t2 = bsp__coll_side(pl, s->p2);
    if (*t1 >= 0 && t2 >= 0) return 0;    /* front only */
    if (*t1 < 0 && t2 < 0) return 1;      /* back only */
    *frac = bsp__fdiv(*t1 < 0 ? bsp__fadd(*t1, Q1_EPSILON) : bsp__fsub(*t1, Q1_EPSILON),
                      bsp__fsub(*t1, t2));
    *frac = *frac < 0 ? 0 : *frac > 1 ? 1 : *frac;
    return 2 + (*t1 < 0);                 /* both: 2 + the near side */
}

static bsp_status trace_hull(const hull_walk *h, const float start[3], const float end[3],
                             bsp_trace_result *tr)
{
    bsp__coll_span stack[BSP_TREE_DEPTH_MAX], s;
    uint32_t top = 0, i;
    bsp_status st;

    tr->fraction = 1;
    tr->allsolid = 1;
    for (i = 0; i < 3; i++) {
        tr->endpos[i] = end[i];
        s.p1[i] = start[i];
        s.p2[i] = end[i];
    }
    s.node = h->head;
    s.p1f = 0;
    s.p2f = 1;
    for (;;) {
        /* go down to a leaf, owing the far side of every split */
        while (s.node >= 0) {
            bsp__cplane pl;
            float t1, frac;
            int k;
            k = split(h, &s, &pl, &t1, &frac);
            if (k < 0) return BSP_E_CORRUPT;
            if (k < 2) {
                s.node = child_of(h, s.node, (uint32_t)k);
                continue;
            }
            if (top == BSP_TREE_DEPTH_MAX) return BSP_E_CORRUPT;
            stack[top++] = s;
            s.p2f = bsp__coll_mid(&stack[top - 1], frac, s.p2);
            s.node = child_of(h, s.node, (uint32_t)(k - 2));
        }
        /* a leaf: open or solid */
        if (s.node != CONTENTS_SOLID) tr->allsolid = 0;
        else tr->startsolid = 1;
        /* the near side of the innermost split is done: its far side */
        for (;;) {
            bsp__cplane pl;
            float t1, frac, mid[3], midf;
            int32_t far, c;
            int side;
            if (top == 0) return BSP_OK;
            s = stack[--top];
            side = split(h, &s, &pl, &t1, &frac) - 2;
            midf = bsp__coll_mid(&s, frac, mid);
            far = child_of(h, s.node, (uint32_t)(side ^ 1));
            st = point_contents(h, far, mid, &c);
            if (st != BSP_OK) return st;
            if (c != CONTENTS_SOLID) {
                /* go on through the far side */
                s.node = far;
                s.p1f = midf;
                for (i = 0; i < 3; i++) s.p1[i] = mid[i];
                break;
            }
            /* the move hits this plane; never got out: no impact */
            if (tr->allsolid) return BSP_OK;
            for (i = 0; i < 3; i++) tr->normal[i] = side ? -pl.n[i] : pl.n[i];
            tr->dist = side ? -pl.dist : pl.dist;
            tr->has_plane = 1;
            /* back off along the move until out of solid ("shouldn't
             * happen, but does", on sloped clipnodes) */
            for (;;) {
                st = point_contents(h, h->head, mid, &c);
                if (st != BSP_OK) return st;
                if (c != CONTENTS_SOLID) break;
                frac = bsp__fsub(frac, BACK_OFF);
                if (frac < 0) break;
                midf = bsp__coll_mid(&s, frac, mid);
            }
            tr->fraction = midf;
            for (i = 0; i < 3; i++) tr->endpos[i] = mid[i];
            return BSP_OK;
        }
    }
}

/* The hull's tree for `model`; BAD_HULL for a hull the family or the map
 * does not have. */
static bsp_status hull_of(const bsp_map *m, uint32_t model, uint32_t hull, hull_walk *h)
{
    const struct bsp_family *f = m->family;
    const struct bsp__collision *c = f->coll;
    if (hull >= c->num_hulls || (hull > 0 && !m->clipnodes.count)) return BSP_E_BAD_HULL;
    h->m = m;
    h->hull0 = hull == 0;
    h->nodes = hull ? &m->clipnodes : &m->nodes;
    h->child[0] = hull ? c->clipnode_child[0] : f->tree.node_child[0];
    h->child[1] = hull ? c->clipnode_child[1] : f->tree.node_child[1];
    h->plane = hull ? c->clipnode_plane : f->tree.node_plane;
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
    if (st == BSP_OK) st = point_contents(&h, h.head, p, contents);
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
