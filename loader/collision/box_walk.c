/* SPDX-License-Identifier: MIT */
/* box_walk.c - a box sent down a model's nodes (docs/queries.md 8.12a), one
 * leaf at a time: the walk of bsp_box_leaves, of terrain's membership in
 * the leaves (8.14) and of the leaves' displacement lists (11.1), so that
 * collision and drawing never disagree on which leaves a box reaches.
 * A walk that enters more nodes than the lump holds is on shared nodes
 * that multiply its paths: -1, never an exponential walk. */
#include "collision.h"
#include "../core/map.h"

#if BSPKIT_COLLISION

void bsp__box_walk_begin(bsp__box_walk *w, const bsp__map *m, int32_t head, const float lo[3],
                         const float hi[3])
{
    w->m = m;
    w->lo = lo;
    w->hi = hi;
    w->node = head;
    w->at_hand = 1;
    w->top = w->entered = 0;
    w->topnode = -1;
}

int bsp__box_walk_next(bsp__box_walk *w, uint32_t *leaf)
{
    const struct bsp_family *f = w->m->family;
    for (;;) {
        if (!w->at_hand) {
            if (w->top == 0) return 0;
            w->node = w->pending[--w->top];
            w->at_hand = 1;
        }
        while (w->node >= 0) {
            const uint8_t *rec;
            bsp__cplane pl;
            int sides;
            /* (child and plane indices were checked at load) */
            if (++w->entered > w->m->nodes.count || (uint32_t)w->node >= w->m->nodes.count)
                return -1;
            rec = BSP__REC(w->m->nodes, w->node);
            bsp__coll_plane(w->m, bsp__field_getp(rec, &f->tree.node_plane), &pl);
            sides = bsp__coll_box_sides(&pl, w->lo, w->hi);
            if (sides == 3) {
                if (w->topnode < 0) w->topnode = w->node;
                if (w->top == BSP_TREE_DEPTH_MAX) return -1;
                w->pending[w->top++] = bsp__field_getp(rec, &f->tree.node_child[1]);
                sides = 1;
            }
            w->node = bsp__field_getp(rec, &f->tree.node_child[sides == 2]);
        }
        w->at_hand = 0;
        *leaf = (uint32_t)(-1 - w->node);
        return (uint32_t)*leaf < w->m->leafs.count ? 1 : -1;
    }
}

void bsp__disp_walk_begin(bsp__box_walk *w, const bsp__map *m, const float lo[3], const float hi[3],
                          float box[6])
{
    uint32_t k;
    for (k = 0; k < 3; k++) {
        box[k] = bsp__fsub(lo[k], 1.0f);
        box[k + 3] = bsp__fadd(hi[k], 1.0f);
    }
    bsp__box_walk_begin(w, m, bsp__head_node(m, 0), box, box + 3);
}

#endif
