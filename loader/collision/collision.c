/* SPDX-License-Identifier: MIT */
/* collision.c - what every collision query checks first, and the masks. */
#include "collision.h"
#include "../core/map.h"

#if BSPKIT_COLLISION

bsp_status bsp__coll_args(const bsp__map *m, int hulls, uint32_t model, const float *const *pts,
                          uint32_t n)
{
    const struct bsp__collision *c;
    bsp_status st = BSP_OK;
    uint32_t i;
    if (!m || !m->family) return BSP_E_BAD_ARGUMENT;
    /* (one pass: a missing point answers before a point not finite, even
     * one earlier in the list) */
    for (i = 0; i < n; i++) {
        if (!pts[i]) return BSP_E_BAD_ARGUMENT;
        if (!bsp__finite3(pts[i])) st = BSP_E_BAD_QUERY;
    }
    if (st != BSP_OK) return st;
    c = m->family->coll;
    if (!c || bsp__coll_unsound(c, m) || (c->kind == BSP_COLL_HULLS) != (hulls != 0) || (c->world_only && model > 0))
        return BSP_E_UNSUPPORTED;
    if (!m->has_collision) return BSP_E_NOT_LOADED;
    if (model >= m->models.count) return BSP_E_BAD_MODEL;
    return BSP_OK;
}

uint32_t bsp_trace_mask(const bsp_map *map, bsp_mask_kind kind)
{
    const bsp__map *m = bsp__map_c(map);
    if (!m || !m->family || (uint32_t)kind > BSP_MASK_PLAYERSOLID) return 0;
    return m->family->coll ? m->family->coll->masks[kind] : 0xffffffffu;
}

#endif
