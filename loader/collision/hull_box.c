/* SPDX-License-Identifier: MIT */
/* hull_box.c - bsp_trace on the Quake family (docs/queries.md 8.4a): the
 * box picks one of the map's fixed hulls as the engine's SV_HullForEntity
 * does (WinQuake world.c; GoldSrc's SV_HullForBsp), and the hull trace of
 * 8.4 moves that hull so that its lower corner and the box's coincide. So
 * one player-move loop calls bsp_trace on every family. */
#include "collision.h"
#include "../core/map.h"
#include "../cmodel/brush_list.h"

#if BSPKIT_COLLISION

/* The hull a box of that size collides as: Quake and BSP2 by its width
 * alone, GoldSrc also by its height (the crouching player's hull 3). */
static uint32_t hull_for(int goldsrc, const float size[3])
{
    if (goldsrc) {
        if (size[0] <= 8.0f) return 0;
        if (size[0] <= 36.0f) return size[2] <= 36.0f ? 3 : 1;
        return 2;
    }
    if (size[0] < 3.0f) return 0;
    return size[0] <= 32.0f ? 1 : 2;
}

bsp_status bsp__trace_hulls(const bsp__map *m, uint32_t model, const float start[3],
                            const float end[3], const float mins[3], const float maxs[3],
                            uint32_t mask, bsp_trace_result *out)
{
    const float *pts[4];
    float size[3], offset[3], s[3], e[3];
    uint32_t hull, i;
    int goldsrc;
    bsp_status st;

    pts[0] = start, pts[1] = end, pts[2] = mins, pts[3] = maxs;
    st = bsp__coll_args(m, 1, model, pts, 4);
    if (st != BSP_OK) return st;
    goldsrc = m->family->coll->num_hulls == 4;
    for (i = 0; i < 3; i++) size[i] = bsp__fsub(maxs[i], mins[i]);
    hull = hull_for(goldsrc, size);
    /* a map without clipnodes (hull 0 alone): its brush list's run of the
     * model, when it has one (13.7) */
    if (BSP__BRUSH_LIST && hull > 0 && !m->clipnodes.count && m->brush_list &&
        m->brush_list->model_first[model] != BSP__COLL_BAD)
        return bsp__trace_brush_list(m, model, start, end, mins, maxs, mask, out);
    (void)mask;
    for (i = 0; i < 3; i++) {
        /* (GoldSrc's engine takes no offset for hull 0; Quake's moves
         * the point to the box's lower corner, as for every hull) */
        offset[i] = goldsrc && hull == 0 ? 0.0f : bsp__fsub(m->family->coll->hulls[hull][0][i], mins[i]);
        s[i] = bsp__fsub(start[i], offset[i]);
        e[i] = bsp__fsub(end[i], offset[i]);
    }
    st = bsp_hull_trace(bsp__map_cpub(m), model, hull, s, e, out);
    if (st != BSP_OK) return st;
    /* SV_ClipMoveToEntity moves endpos back only for a move that was
     * clipped: a whole move ends at end itself */
    for (i = 0; i < 3; i++)
        out->endpos[i] = out->fraction == 1 ? end[i] : bsp__fadd(out->endpos[i], offset[i]);
    return BSP_OK;
}

#endif
