/* SPDX-License-Identifier: MIT */
/* validate_coll.c - what a load with BSP_LOAD_COLLISION checks before a
 * trace may walk a tree (docs/queries.md 8.13): the depth of every tree a
 * collision walk goes down. (The indices collision follows in brushes,
 * brush sides, leaf brushes and clipnodes are checked where collision
 * reads them: a compare each, less code than a load-time pass.)
 *
 * The check needs every tree whole, so it is part of the last step: the
 * height of every node of a lump is worked out in passes over the lump,
 * with a byte per node of the arena's scratch (the decoder's tables are
 * done with by then; bsp_measure counts the larger of the two). No stack:
 * compilers write a node before its children, so the first pass, from the
 * last node back, finds nearly every height and the second finds no more.
 */
#include <stddef.h>
#include "validate.h"
#include "../core/map.h"

#if BSPKIT_COLLISION

#define REC(v, i) ((v).data + (size_t)(i) * (v).stride)
/* height[n]: the most nodes on a path from node n down to a leaf, or 0
 * when that is more than BSP_TREE_DEPTH_MAX or never ends (a cycle). A
 * pass gives a node its height once both children have theirs (a leaf, or
 * a clipnode child past its lump, counts 0: the walk that meets the latter
 * answers corrupt); a pass that gives none ends it. Pass k has found every
 * height up to k, so there are at most BSP_TREE_DEPTH_MAX + 1 of them, and
 * a subtree shared by several trees (GoldSrc compilers share clipnodes
 * between hulls) is measured once. */
static void coll_heights(const bsp_view *nodes, const bsp__field child[2], uint8_t *height)
{
    int more = 1;
    bsp__fill(height, 0, nodes->count);
    while (more) {
        uint32_t n = nodes->count;
        more = 0;
        while (n-- > 0) {
            uint32_t k, most = 0;
            for (k = 0; k < 2 && !height[n]; k++) {
                int32_t c = bsp__field_get(REC(*nodes, n), child[k]);
                if (c < 0 || (uint32_t)c >= nodes->count) continue;
                if (!height[c]) break;
                if (height[c] > most) most = height[c];
            }
            if (k == 2 && most < BSP_TREE_DEPTH_MAX) {
                height[n] = (uint8_t)(most + 1);
                more = 1;
            }
        }
    }
}

/* A tree from `head` is too deep (or has a cycle): its head has no height
 * (a head outside the lump: a walk that starts there answers corrupt). */
static int coll_too_deep(const bsp_view *nodes, int32_t head, const uint8_t *height)
{
    return head >= 0 && (uint32_t)head < nodes->count && !height[head];
}

/* Is the node lump a forest whose leaves have one parent each, but for at
 * most one leaf (Quake's compilers give every solid leaf the index 0)?
 * Then a box walk from any head node reaches every other leaf at most
 * once, and bsp_box_leaves needs no set of the leaves it has met. A bit
 * per node and per leaf of the scratch, one pass over the children. */
static void coll_tree_shape(bsp__map *m, uint8_t *scratch)
{
    const struct bsp_family *f = m->family;
    uint32_t n, k, nodes = m->nodes.count, leafs = m->leafs.count;
    uint8_t *node_bit = scratch, *leaf_bit = scratch + BSP__TREE_BITS_BYTES(nodes);
    m->box_tree = 0;
    m->box_shared_leaf = BSP__NO_SHARED_LEAF;
    /* (the scratch holds a bit per 4 bytes of the leaf lump) */
    if (m->leafs.stride < 4) return;
    bsp__fill(scratch, 0, BSP__TREE_BITS_BYTES(nodes) + BSP__TREE_BITS_BYTES(leafs));
    for (n = 0; n < nodes; n++)
        for (k = 0; k < 2; k++) {
            int32_t c = bsp__field_get(REC(m->nodes, n), f->tree.node_child[k]);
            uint8_t *bits = c >= 0 ? node_bit : leaf_bit;
            uint32_t i = c >= 0 ? (uint32_t)c : (uint32_t)(-1 - c);
            /* (a child outside its lump: the walk that meets it answers
             * corrupt, so it is never reached twice) */
            if (i >= (c >= 0 ? nodes : leafs)) continue;
            if (bits[i >> 3] >> (i & 7) & 1) {
                if (c >= 0 || (m->box_shared_leaf != BSP__NO_SHARED_LEAF && m->box_shared_leaf != i)) {
                    m->box_shared_leaf = BSP__NO_SHARED_LEAF;
                    return;
                }
                m->box_shared_leaf = i;
            }
            bits[i >> 3] = (uint8_t)(bits[i >> 3] | 1u << (i & 7));
        }
    m->box_tree = 1;
}

/* The trees: the node tree from each model's head node (quake3 and
 * nightfire: from node 0 for the world), and the Quake family's clipnode
 * trees from each model's head nodes of hulls 1 and up. */
bsp_status bsp__coll_check_depth(bsp__map *m, uint8_t *scratch)
{
    const struct bsp_family *f = m->family;
    const struct bsp__collision *c = f->coll;
    uint32_t model, hull;
    int lump;
    coll_heights(&m->nodes, f->tree.node_child, scratch);
    for (model = 0; model < m->models.count; model++) {
        const uint8_t *rec = REC(m->models, model);
        int32_t head = f->tree.model_headnode.type ? bsp__field_get(rec, f->tree.model_headnode)
                                                   : (model == 0 ? 0 : -1);
        if (coll_too_deep(&m->nodes, head, scratch)) {
            lump = bsp__role_lump(f, BSP_ROLE_NODES);
            goto deep;
        }
    }
    coll_tree_shape(m, scratch);
    if (!BSP__QUAKE_FAMILY || c->kind != BSP_COLL_HULLS || !m->clipnodes.data) return BSP_OK;
    coll_heights(&m->clipnodes, c->clipnode_child, scratch);
    for (model = 0; model < m->models.count; model++)
        for (hull = 1; hull < c->num_hulls; hull++) {
            int32_t head = bsp__field_get(REC(m->models, model),
                                          bsp__field_at(f->tree.model_headnode, hull));
            if (coll_too_deep(&m->clipnodes, head, scratch)) {
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
