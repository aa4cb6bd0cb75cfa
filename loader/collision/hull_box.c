/* SPDX-License-Identifier: MIT */
/* hull_box.c - bsp_trace on the Quake family (docs/queries.md 8.4a): the
 * box picks one of the map's fixed hulls as the engine's SV_HullForEntity
 * does (WinQuake world.c; GoldSrc's SV_HullForBsp; Hexen II's by
 * docs/queries.md 13.4), by the family's hull_pick rules, and the hull trace of
 * 8.4 moves that hull so that its lower corner and the box's coincide. So
 * one player-move loop calls bsp_trace on every family. */
#include "collision.h"
#include "../core/map.h"

#if BSPKIT_COLLISION

/* The hull a box of that size collides as: the first of the family's
 * rules whose limits hold (description.h hull_pick: Quake and BSP2 by the
 * width alone, GoldSrc and Hexen II also by the height, their crouching
 * player's hull 3). */
static uint32_t hull_for(const struct bsp__collision *c, const float size[3])
{
    uint32_t k;
    for (k = 0; k < 3; k++) {
        const uint8_t *r = c->hull_pick[k];
        int x = !r[0] || (r[3] ? size[0] < (float)r[0] : size[0] <= (float)r[0]);
        if (x && (!r[1] || size[2] <= (float)r[1])) break;
    }
    return c->hull_pick[k][2];
}

bsp_status bsp__trace_hulls(const bsp__map *m, uint32_t model, const float start[3],
                            const float end[3], const float mins[3], const float maxs[3],
                            bsp_trace_result *out)
{
    const float *pts[4];
    float size[3], offset[3], s[3], e[3];
    const struct bsp__collision *c;
    uint32_t hull, i;
    bsp_status st;

    pts[0] = start, pts[1] = end, pts[2] = mins, pts[3] = maxs;
    st = bsp__coll_args(m, 1, model, pts, 4);
    if (st != BSP_OK) return st;
    c = m->family->coll;
    for (i = 0; i < 3; i++) size[i] = bsp__fsub(maxs[i], mins[i]);
    hull = hull_for(c, size);
    for (i = 0; i < 3; i++) {
        /* (GoldSrc's engine takes no offset for hull 0; Quake's moves
         * the point to the box's lower corner, as for every hull) */
        offset[i] = c->hull0_at_origin && hull == 0 ? 0.0f : bsp__fsub(c->hulls[hull][0][i], mins[i]);
        s[i] = bsp__fsub(start[i], offset[i]);
        e[i] = bsp__fsub(end[i], offset[i]);
        /* (size is done with: it keeps end, read before out is written,
         * which may be end; no new local, since an unoptimised build gives
         * each its own bytes of BSP_TRACE_CALL_STACK_BYTES) */
        size[i] = end[i];
    }
    st = bsp_hull_trace(bsp__map_cpub(m), model, hull, s, e, out);
    if (st != BSP_OK) return st;
    /* SV_ClipMoveToEntity moves endpos back only for a move that was
     * clipped: a whole move ends at end itself */
    for (i = 0; i < 3; i++)
        out->endpos[i] = out->fraction == 1 ? size[i] : bsp__fadd(out->endpos[i], offset[i]);
    return BSP_OK;
}

#endif
