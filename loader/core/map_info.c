/* SPDX-License-Identifier: MIT */
/* map_info.c - what a loaded map holds, for tools and logs: the few
 * private fields a caller may read, copied out of the private map. */
#include "../bspkit.h"
#include "map.h"

bsp_status bsp_get_info(const bsp_map *map, bsp_map_info *out)
{
    const bsp__map *m = bsp__map_c(map);
    const bsp_map_info none = {0};
    if (!m || !out) return BSP_E_BAD_ARGUMENT;
    *out = none;
    if (!m->family) return BSP_OK;       /* failed or cleared: nothing */
    out->arena_used = m->arena_used;
    out->models = m->models.count;
    out->nodes = m->nodes.count;
    out->leafs = m->leafs.count;
    out->faces = m->faces.count;
    out->entities = (const char *)m->entities.data;
    out->entities_bytes = m->entities.data ? m->entities.count : 0;
    out->bspx = &m->bspx;
    out->light_source = m->light.source;
    out->lit = m->light.lit;
    out->light_bytes = m->light.bytes;
    out->light_hdr = m->light.hdr;
    out->wide_styles = m->light.wide_styles;
    out->collision = m->has_collision;
    out->style_slots = m->light.style_slots;
    return BSP_OK;
}
