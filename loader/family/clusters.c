/* SPDX-License-Identifier: MIT */
/* clusters.c - a leaf's cluster, and a cluster count from the leaves, for
 * every family: a leaf names its cluster, or (Quake family, Nightfire) the
 * world's leaves are the clusters. The finish rules (dvis.c, leafvis.c,
 * Quake 3's) call these; they call nothing above them. */
#include "family.h"
#include "../core/map.h"

int32_t bsp__leaf_cluster(const bsp__map *m, const uint8_t *leaf, uint32_t index)
{
    if (BSP__USE_LEAF_VIS && !m->family->tree.leaf_cluster.type) {
        /* num_clusters is the world's leaf count here (leafvis_finish) */
        uint32_t first = (uint32_t)bsp__world_first_leaf(m);
        return (index >= first && index - first < m->num_clusters) ? (int32_t)(index - first) : -1;
    }
    return bsp__field_get(leaf, m->family->tree.leaf_cluster);
}

bsp_status bsp__clusters_from_leaves(bsp__map *m)
{
    int32_t max = -1;
    uint32_t i;
    for (i = 0; i < m->leafs.count; i++) {
        int32_t c = bsp__leaf_cluster(m, m->leafs.data + (size_t)i * m->leafs.stride, i);
        if (c > max) max = c;
    }
    /* Unsigned: a Quake 3 leaf may name cluster INT32_MAX, and max + 1 in
     * int32 would overflow (undefined behaviour); 2^31 clusters then fail
     * the leaf-count check as corrupt. */
    m->num_clusters = (uint32_t)max + 1u;
    return BSP_OK;
}
