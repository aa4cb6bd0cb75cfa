/* SPDX-License-Identifier: MIT */
/* where.c - where a load stopped or a plan refused (bsp_where): the lump,
 * its file offset and its directory version, for bsp_measure_where, the
 * failed map (bsp_map_where) and the resumable loader's stop. */
#include "plan.h"
#include "../core/map.h"

void bsp__where_of(const bsp_header *h, const bsp__plan *p, uint32_t lump, bsp_where *w)
{
    const struct bsp_family *f = h ? h->family : NULL;
    bsp_lump_entry part;
    w->lump = lump;
    w->offset = 0;
    w->version = -1;
    if (lump >= BSP_MAX_LUMPS) {
        w->lump = BSP_NO_LUMP;
        return;
    }
    w->offset = p ? bsp__plan_entry(h, p, lump, &part)->offset : h->lumps[lump].offset;
    if (f && lump < f->dir.num_lumps && f->dir.entry[2] >= 0) w->version = (int32_t)h->lumps[lump].version;
}

void bsp_measure_where(const bsp_header *h, const bsp_options *o, bsp_where *where)
{
    bsp__plan p;
    uint32_t lump = h && h->family ? bsp__directory_misfit(h) : BSP_NO_LUMP;
    if (!where) return;
    if (lump != BSP_NO_LUMP) {
        bsp__where_of(h, NULL, lump, where);
        return;
    }
    (void)bsp__plan_build(h, o, &p);
    bsp__where_of(h, &p, p.where_lump, where);
}

void bsp_map_where(const bsp_map *map, bsp_where *where)
{
    const bsp__map *m = bsp__map_c(map);
    if (!where) return;
    where->lump = m ? m->error_lump : BSP_NO_LUMP;
    where->offset = m ? m->error_offset : 0;
    where->version = m ? m->error_version : -1;
}
