/* SPDX-License-Identifier: MIT */
/* patches.c - Quake 3's draw vertices for the curved surfaces alone (plan
 * verts_xyz): the lump passes through a window, only the xyz of the run the
 * control points lie in is kept (packed in the host's order), and once the
 * patches are built (cmodel/patch_region.c) the vertices are forgotten.
 */
#include "patches.h"

#if BSPKIT_COLLISION && BSPKIT_FAMILY_QUAKE3

uint32_t bsp__patches_pack_some(const bsp__plan *p, uint8_t *base, uint32_t stride, int big,
                                uint32_t *pos, uint32_t have, uint32_t budget)
{
    uint8_t *xyz = base + p->items[p->verts_item].arena_offset;
    const uint8_t *window = xyz + (size_t)p->verts_count * 12u;
    uint32_t from = *pos, to = have - have % stride, i = from / stride, ring = from % p->verts_window, j;
    if (to <= from) return 0;
    if (to - from > budget) to = from + (budget / stride ? budget / stride : 1u) * stride;
    for (; *pos < to; *pos += stride, i++) {
        /* (the window holds whole records: one never wraps) */
        const uint8_t *rec = window + ring;
        ring = ring + stride == p->verts_window ? 0 : ring + stride;
        if (i - p->verts_first >= p->verts_count) continue;   /* (below the run: wraps) */
        for (j = 0; j < 3; j++)
            bsp__put_u32(xyz + 12u * (i - p->verts_first) + 4u * j, bsp__get32(rec + 4u * j, big));
    }
    return to - from;
}

void bsp__patches_point_verts(bsp_map *m, const bsp__plan *p, uint8_t *base)
{
    m->vertexes.data = base + p->items[p->verts_item].arena_offset;
    m->vertexes.count = p->verts_count;
    m->vertexes.stride = 12;
}

void bsp__patches_drop_verts(bsp_map *m)
{
    int lump = m->family->coll->lumps[BSP_CL_VERTS];
    m->vertexes.data = NULL;
    m->vertexes.count = 0;
    m->vertexes.stride = 1;
    m->lump_data[lump] = NULL;
    m->lump_size[lump] = 0;
    m->lump_file_offset[lump] = 0;
}

#endif
