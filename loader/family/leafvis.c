/* SPDX-License-Identifier: MIT */
/* leafvis.c - clusters that are the world's leaves (Quake family,
 * Nightfire): cluster c is leaf first + c for the block model 0 lists, and
 * that leaf's vis offset locates its row (-1: every cluster visible). */
#include "family.h"
#include "../core/map.h"

#if BSP__USE_LEAF_VIS

int32_t bsp__world_first_leaf(const bsp__map *m)
{
    const struct bsp_family *f = m->family;
    if (!f->tree.model_firstleaf.type) return f->tree.world_first_leaf;
    return bsp__field_get(m->models.data, f->tree.model_firstleaf);
}

bsp_status bsp__leafvis_finish(bsp__map *m)
{
    int32_t n = bsp__field_get(m->models.data, m->family->tree.model_numleafs);
    if (n < 0 || bsp__world_first_leaf(m) < 0) return BSP_E_CORRUPT;
    m->num_clusters = (uint32_t)n;
    m->has_vis = m->vis.count > 0;
    return BSP_OK;
}

bsp_status bsp__leafvis_row(const bsp__map *m, int32_t cluster, int pas, bsp__vis_row *row)
{
    uint64_t leaf = (uint64_t)(uint32_t)bsp__world_first_leaf(m) + (uint32_t)cluster;
    int32_t ofs;
    (void)pas;
    if (leaf >= m->leafs.count) return BSP_E_CORRUPT;
    ofs = bsp__field_get(m->leafs.data + (size_t)leaf * m->leafs.stride, m->family->tree.leaf_visofs);
    row->all = ofs == -1;
    row->compressed = m->family->vis.vis_compressed;
    row->data = m->vis.data;
    row->avail = 0;
    if (row->all) return BSP_OK;
    if (ofs < 0 || (uint32_t)ofs >= m->vis.count) return BSP_E_CORRUPT;
    row->data = m->vis.data + ofs;
    row->avail = m->vis.count - (uint32_t)ofs;
    return BSP_OK;
}

#endif
