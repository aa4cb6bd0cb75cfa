/* SPDX-License-Identifier: MIT */
/* validate_coll.c - what a load with BSP_LOAD_COLLISION checks before a
 * trace may walk a tree (docs/queries.md 8.13): the depth of every tree a
 * collision walk goes down. (The indices collision follows in brushes,
 * brush sides, leaf brushes and clipnodes are checked where collision
 * reads them: a compare each, less code than a load-time pass.)
 *
 * The check needs every tree whole, so it is part of the last step: each
 * node's height is worked out once, with an explicit stack of
 * BSP_TREE_DEPTH_MAX entries and a byte per node of the arena's scratch
 * (the decoder's tables are done with by then; bsp_measure counts the
 * larger of the two).
 */
#include <stddef.h>
#include "validate.h"

#if BSPKIT_COLLISION

#define REC(v, i) ((v).data + (size_t)(i) * (v).stride)
/* The height of every node of one lump's trees: the most nodes on a path
 * from it down to a leaf. height[n] (0: not known yet) is scratch memory
 * of a byte per node, so a subtree shared by several trees (GoldSrc
 * compilers share clipnodes between hulls) is measured once. A cycle never
 * gets a height: its path grows until it passes BSP_TREE_DEPTH_MAX. */
static int coll_tree_ok(const bsp_view *nodes, const bsp__field child[2], int32_t head, uint8_t *height)
{
    struct { int32_t node; uint8_t next; uint8_t most; } stack[BSP_TREE_DEPTH_MAX];
    uint32_t top = 0;
    if (head < 0 || (uint32_t)head >= nodes->count || height[head]) return 1;
    stack[0].node = head;
    stack[0].next = 0;
    stack[0].most = 0;
    top = 1;
    while (top) {
        uint8_t *t = &stack[top - 1].next;
        int32_t n = stack[top - 1].node;
        if (*t < 2) {
            int32_t c = bsp__field_get(REC(*nodes, n), child[(*t)++]);
            /* (a clipnode child past its lump: the walk that meets it
             * answers corrupt) */
            uint8_t h = c < 0 || (uint32_t)c >= nodes->count ? 0 : height[c];
            if (c >= 0 && (uint32_t)c < nodes->count && !h) {   /* not measured yet: down */
                if (top == BSP_TREE_DEPTH_MAX) return 0;
                stack[top].node = c;
                stack[top].next = 0;
                stack[top].most = 0;
                top++;
                continue;
            }
            if (h > stack[top - 1].most) stack[top - 1].most = h;
            continue;
        }
        /* both children measured: this node's height, then its parent's */
        if (stack[top - 1].most >= BSP_TREE_DEPTH_MAX) return 0;
        height[n] = (uint8_t)(stack[top - 1].most + 1);
        top--;
        if (top && height[n] > stack[top - 1].most) stack[top - 1].most = height[n];
    }
    return 1;
}

/* The trees: the node tree from each model's head node (quake3 and
 * nightfire: from node 0 for the world), and the Quake family's clipnode
 * trees from each model's head nodes of hulls 1 and up. */
bsp_status bsp__coll_check_depth(bsp_map *m, uint8_t *scratch)
{
    const struct bsp_family *f = m->family;
    const struct bsp__collision *c = f->coll;
    uint32_t model, hull;
    int lump;
    bsp__fill(scratch, 0, m->nodes.count);
    for (model = 0; model < m->models.count; model++) {
        const uint8_t *rec = REC(m->models, model);
        int32_t head = f->tree.model_headnode.type ? bsp__field_get(rec, f->tree.model_headnode)
                                                   : (model == 0 ? 0 : -1);
        if (!coll_tree_ok(&m->nodes, f->tree.node_child, head, scratch)) {
            lump = bsp__role_lump(f, BSP_ROLE_NODES);
            goto deep;
        }
    }
    if (!BSP__QUAKE_FAMILY || c->kind != BSP_COLL_HULLS || !m->clipnodes.data) return BSP_OK;
    bsp__fill(scratch, 0, m->clipnodes.count);
    for (model = 0; model < m->models.count; model++)
        for (hull = 1; hull < c->num_hulls; hull++) {
            int32_t head = bsp__field_get(REC(m->models, model),
                                          bsp__field_at(f->tree.model_headnode, hull));
            if (!coll_tree_ok(&m->clipnodes, c->clipnode_child, head, scratch)) {
                lump = c->lumps[BSP_CL_CLIPNODES];
                goto deep;
            }
        }
    return BSP_OK;
deep:
    m->error_lump = (uint32_t)lump;
    m->error_offset = m->lump_file_offset[lump];
    return BSP_E_CORRUPT;
}

#endif
