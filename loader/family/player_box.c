/* SPDX-License-Identifier: MIT */
/* player_box.c - the player's standing and crouching boxes of each
 * family's games (bspkit.h says where each number comes from). */
#include "family.h"
#include "../core/map.h"

/* per family: standing mins, maxs; crouching mins, maxs (a crouching
 * maxs z of 0 with mins z of 0: the game has no crouch) */
/* (the families before respawn: its boxes are not known yet, issue 44) */
#define PLAYER_BOX_ROWS (BSP_FAMILY_NIGHTFIRE + 1)
static const int8_t player_boxes[PLAYER_BOX_ROWS][2][6] = {
    /* unknown */   { { 0 }, { 0 } },
    /* source */    { { -16, -16, 0, 16, 16, 72 }, { -16, -16, 0, 16, 16, 36 } },
    /* goldsrc */   { { -16, -16, -36, 16, 16, 36 }, { -16, -16, -18, 16, 16, 18 } },
    /* quake */     { { -16, -16, -24, 16, 16, 32 }, { 0 } },
    /* bsp2 */      { { -16, -16, -24, 16, 16, 32 }, { 0 } },
    /* quake2 */    { { -16, -16, -24, 16, 16, 32 }, { -16, -16, -24, 16, 16, 4 } },
    /* quake3 */    { { -15, -15, -24, 15, 15, 32 }, { -15, -15, -24, 15, 15, 16 } },
    /* nightfire */ { { -16, -16, -36, 16, 16, 36 }, { -16, -16, -18, 16, 16, 18 } },
};

/* The box b (a row of the tables), or UNSUPPORTED when it is none. */
static bsp_status box_out(const int8_t *b, float mins[3], float maxs[3])
{
    uint32_t i;
    if (b[0] == 0) return BSP_E_UNSUPPORTED;
    for (i = 0; i < 3; i++) {
        mins[i] = b[i];
        maxs[i] = b[3 + i];
    }
    return BSP_OK;
}

bsp_status bsp_player_box(bsp_family_id family, bsp_stance stance, float mins[3], float maxs[3])
{
    if (BSPKIT_FAMILY_RESPAWN && family == BSP_FAMILY_RESPAWN && mins && maxs &&
        (uint32_t)stance <= BSP_CROUCHING)
        return BSP_E_UNSUPPORTED;
    if (!mins || !maxs || family <= BSP_FAMILY_UNKNOWN || family >= PLAYER_BOX_ROWS ||
        (uint32_t)stance > BSP_CROUCHING)
        return BSP_E_BAD_ARGUMENT;
    return box_out(player_boxes[family][stance], mins, maxs);
}

/* A game variant's boxes where its description has them (Hexen II), else
 * its family's. */
bsp_status bsp_map_player_box(const bsp_map *map, bsp_stance stance, float mins[3], float maxs[3])
{
    const bsp__map *m = bsp__map_c(map);
    if (!m || !m->family || !mins || !maxs || (uint32_t)stance > BSP_CROUCHING) return BSP_E_BAD_ARGUMENT;
#if BSP__VARIANT_PLAYER
    if (m->family->player_box) return box_out(m->family->player_box[stance], mins, maxs);
#endif
    return bsp_player_box((bsp_family_id)m->family->detect.id, stance, mins, maxs);
}
