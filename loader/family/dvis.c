/* SPDX-License-Identifier: MIT */
/* dvis.c - the dvis_t visibility lump of Source and Quake 2: int32
 * numclusters, then an int32 PVS and PAS offset per cluster from the start
 * of the lump, then run-length rows. */
#include "family.h"
#include "../core/map.h"

#if BSP__USE_DVIS

/* Checks the offset table once; without a vis lump the clusters are
 * counted from the leaves. */
bsp_status bsp__dvis_finish(bsp__map *m)
{
    uint32_t n, i, size = m->vis.count;
    if (size == 0) return bsp__clusters_from_leaves(m);
    if (size < 4) return BSP_E_CORRUPT;
    n = bsp__u32(m->vis.data);
    if (n > (size - 4) / 8) return BSP_E_CORRUPT;
    for (i = 0; i < 2 * n; i++)
        if (bsp__u32(m->vis.data + 4 + 4 * i) >= size) return BSP_E_CORRUPT;
    m->num_clusters = n;
    m->has_vis = 1;
    return BSP_OK;
}

bsp_status bsp__dvis_row(const bsp__map *m, int32_t cluster, int pas, bsp__vis_row *row)
{
    uint32_t ofs = bsp__u32(m->vis.data + 4 + 8 * (uint32_t)cluster + 4 * (uint32_t)(pas != 0));
    row->data = m->vis.data + ofs;
    row->avail = m->vis.count - ofs;
    row->compressed = 1;
    row->all = 0;
    return BSP_OK;
}

#endif
