/* SPDX-License-Identifier: MIT */
/* query_leaf.c - point to leaf, leaf contents and cluster (docs/queries.md 1-2). */
#include "query.h"
#include "../core/map.h"

/* One step down from the node at `at`: the plane's side of p, d >= 0 for
 * d = dot(n, p) - dist, through the axis alone when the normal is exactly
 * one (the same bits but a zero's sign). It is taken as dot(n, p) >= dist:
 * for a finite p the two agree on every float, an infinite or NaN dist
 * included (a difference of two floats is zero only when they are equal,
 * and NaN fails both), so the step needs no subtraction. */
BSP_INLINE ptrdiff_t point_step(const bsp__pnode *nodes, ptrdiff_t at, const float p[3])
{
    const bsp__pnode *node = bsp__pnode_at(nodes, at);
    float d = node->axis < 3 ? p[node->axis] : bsp__dot(node->n, p);
    return node->child[!(d >= node->dist)];
}

bsp_status bsp_point_leaf(const bsp_map *map, uint32_t model, const float p[3], uint32_t *leaf)
{
    const bsp__map *m = bsp__map_c(map);
    const bsp__pnode *nodes;
    uint32_t steps = 0;
    ptrdiff_t n;

    if (!m || !m->family || !p || !leaf) return BSP_E_BAD_ARGUMENT;
    if (bsp__no_tree(m)) return BSP_E_UNSUPPORTED;
    if (!bsp__finite3(p)) return BSP_E_BAD_QUERY;
    if (model >= m->models.count) return BSP_E_BAD_QUERY;
    if (model == 0) {
        n = m->point_tree.world_head_at;
    } else {
        n = bsp__head_node(m, model);
        /* a head node field is a validated child index, never BSP_NO_HEAD */
        if (BSP__USE_HEADLESS_TREES && n == BSP_NO_HEAD) return BSP_E_UNSUPPORTED;
        if (n >= 0) n = (ptrdiff_t)((uint32_t)n * (uint32_t)sizeof *nodes);
    }
    nodes = m->point_tree.nodes;
#ifdef __OPTIMIZE_SIZE__
    /* a build for size: one copy of the step, counted unless the load
     * proved every walk ends (the two loops below otherwise) */
    while (n >= 0) {
        if (!m->point_tree.bounded && ++steps > m->point_tree.num_nodes) return BSP_E_CORRUPT;
        n = point_step(nodes, n, p);
    }
#else
    if (m->point_tree.bounded) {
        /* the load proved every walk ends (point_tree.c) */
        while (n >= 0) n = point_step(nodes, n, p);
    } else {
        /* Indices were validated at load; only a cycle can keep the walk
         * going, and no walk in a tree is longer than the number of nodes. */
        while (n >= 0) {
            if (++steps > m->point_tree.num_nodes) return BSP_E_CORRUPT;
            n = point_step(nodes, n, p);
        }
    }
#endif
    *leaf = (uint32_t)(-1 - n);
    return BSP_OK;
}

/* Deprecated for bsp_get_leaf (bspkit.h); kept for programs that call it. */
bsp_status bsp_leaf_info(const bsp_map *map, uint32_t leaf, int32_t *contents, int32_t *cluster)
{
    const bsp__map *m = bsp__map_c(map);
    const uint8_t *l;
    if (!m || !m->family) return BSP_E_BAD_ARGUMENT;
    if (bsp__no_tree(m)) return BSP_E_UNSUPPORTED;
    if (leaf >= m->leafs.count) return BSP_E_BAD_QUERY;
    l = m->leafs.data + (size_t)leaf * m->leafs.stride;
    if (contents) *contents = bsp__field_get(l, m->family->tree.leaf_contents);
    if (cluster) *cluster = bsp__leaf_cluster(m, l, leaf);
    return BSP_OK;
}
