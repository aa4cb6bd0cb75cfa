/* SPDX-License-Identifier: MIT */
/* query_leaf.c - point to leaf, leaf contents and cluster (docs/queries.md 1-2). */
#include "query.h"
#include "../core/map.h"
#include "../cmodel/coll_native.h"

#ifdef __OPTIMIZE_SIZE__
float bsp__node_plane_dist(const bsp__map *m, const uint8_t *node, const float p[3])
{
    return bsp__node_plane_dist_inline(m, node, p);
}
#endif

/* One step down from node n: the plane's side of p (NaN: the back, as
 * `>= 0` fails), through the axis alone when the normal is exactly one
 * (coll_native.h: the same bits but a zero's sign). */
BSP_INLINE int32_t point_step(const bsp__cnode *nodes, const bsp__cplane *planes, int32_t n, const float p[3])
{
    const bsp__cnode *node = &nodes[n];
    const bsp__cplane *pl = bsp__cnode_plane(planes, node);
    float d = pl->axis < 3 ? bsp__fsub(p[pl->axis], pl->dist) : bsp__fsub(bsp__dot(pl->n, p), pl->dist);
    return node->child[!(d >= 0.0f)];
}

bsp_status bsp_point_leaf(const bsp_map *map, uint32_t model, const float p[3], uint32_t *leaf)
{
    const bsp__map *m = bsp__map_c(map);
    const bsp__cnode *nodes;
    const bsp__cplane *planes;
    uint32_t steps = 0;
    int32_t n;

    if (!m || !m->family || !p || !leaf) return BSP_E_BAD_ARGUMENT;
    if (!bsp__finite3(p)) return BSP_E_BAD_QUERY;
    if (model >= m->models.count) return BSP_E_BAD_QUERY;
    if (model == 0) {
        n = m->point_tree.world_head;
    } else {
        n = bsp__head_node(m, model);
        /* a head node field is a validated child index, never BSP_NO_HEAD */
        if (BSP__USE_HEADLESS_TREES && n == BSP_NO_HEAD) return BSP_E_UNSUPPORTED;
    }
    nodes = m->point_tree.nodes;
    planes = m->point_tree.planes;
    if (m->point_tree.bounded) {
        /* the load proved every walk ends (point_tree.c) */
        while (n >= 0) n = point_step(nodes, planes, n, p);
    } else {
        /* Indices were validated at load; only a cycle can keep the walk
         * going, and no walk in a tree is longer than the number of nodes. */
        while (n >= 0) {
            if (++steps > m->point_tree.num_nodes) return BSP_E_CORRUPT;
            n = point_step(nodes, planes, n, p);
        }
    }
    *leaf = (uint32_t)(-1 - n);
    return BSP_OK;
}

/* Deprecated for bsp_get_leaf (bspkit.h); kept for programs that call it. */
bsp_status bsp_leaf_info(const bsp_map *map, uint32_t leaf, int32_t *contents, int32_t *cluster)
{
    const bsp__map *m = bsp__map_c(map);
    const uint8_t *l;
    if (!m || !m->family) return BSP_E_BAD_ARGUMENT;
    if (leaf >= m->leafs.count) return BSP_E_BAD_QUERY;
    l = m->leafs.data + (size_t)leaf * m->leafs.stride;
    if (contents) *contents = bsp__field_get(l, m->family->tree.leaf_contents);
    if (cluster) *cluster = bsp__leaf_cluster(m, l, leaf);
    return BSP_OK;
}
