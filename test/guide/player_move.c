/* SPDX-License-Identifier: MIT */
/* The guide's (and docs/examples/') player_move: from an open place, fall
 * for a second, walk for a second, stand for two; no error, never stuck,
 * never ends a frame inside solid. (test_engine checks more of it, on the
 * real maps too.) */
#include "harness.h"

#include GUIDE_BLOCK

int main(int argc, char **argv)
{
    bsp_map m;
    bsp_trace_result tr;
    float p[3], v[3], mins[3], maxs[3];
    int frame, r;
    if (argc < 2) guide_fail("usage: player_move MAP");
    guide_load(argv[1], BSP_LOAD_COLLISION, &m);
    if (bsp_map_player_box(&m, BSP_STANDING, mins, maxs) != BSP_OK)
        guide_fail("%s: no player box", argv[1]);
    if (!guide_open_place(&m, mins, maxs, p)) guide_fail("%s: no open place", argv[1]);
    v[0] = v[1] = v[2] = 0;
    for (frame = 0; frame < 240; frame++) {
        v[0] = frame >= 60 && frame < 120 ? 200.0f : 0.0f;
        v[1] = frame >= 60 && frame < 120 ? 90.0f : 0.0f;
        v[2] -= 800.0f / 60.0f;
        if ((r = player_move(&m, p, v, 1.0f / 60.0f)) != 0)
            guide_fail("%s: frame %d: player_move %d", argv[1], frame, r);
        if (bsp_trace(&m, 0, p, p, mins, maxs, bsp_trace_mask(&m, BSP_MASK_PLAYERSOLID), &tr) != BSP_OK ||
            tr.startsolid)
            guide_fail("%s: frame %d ends in solid at %g %g %g", argv[1], frame, p[0], p[1], p[2]);
    }
    printf("%s: stands at %g %g %g\n", argv[1], p[0], p[1], p[2]);
    return 0;
}
