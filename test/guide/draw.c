/* SPDX-License-Identifier: MIT */
/* The guide's faces_to_draw: from an open place of the map it marks at
 * least one face and returns how many it marked; a point in a leaf
 * without a cluster (outside the world, where the family's tree says so)
 * marks none. */
#include "harness.h"

#include GUIDE_BLOCK

int main(int argc, char **argv)
{
    bsp_map m;
    bsp_counts c;
    bsp_model w;
    float eye[3], mins[3], maxs[3], out[3];
    uint8_t *draw;
    uint32_t n, f, marked = 0, leaf;
    bsp_leaf l;
    if (argc < 2) guide_fail("usage: draw MAP");
    guide_load(argv[1], BSP_LOAD_GEOMETRY | BSP_LOAD_COLLISION, &m);
    bsp_get_counts(&m, &c);
    bsp_player_box(bsp_map_family(&m), BSP_STANDING, mins, maxs);
    if (!guide_open_place(&m, mins, maxs, eye)) guide_fail("%s: no open place", argv[1]);
    draw = (uint8_t *)calloc(c.faces + 1, 1);
    n = faces_to_draw(&m, eye, draw);
    for (f = 0; f < c.faces; f++) marked += draw[f];
    if (n == 0 || n != marked) guide_fail("%s: %u faces to draw, %u marked", argv[1], n, marked);
    bsp_get_model(&m, 0, &w);
    out[0] = w.maxs[0] + 1000, out[1] = w.maxs[1] + 1000, out[2] = w.maxs[2] + 1000;
    memset(draw, 0, c.faces + 1);
    if (bsp_point_leaf(&m, 0, out, &leaf) == BSP_OK && bsp_get_leaf(&m, leaf, &l) == BSP_OK &&
        l.cluster < 0 && faces_to_draw(&m, out, draw) != 0)
        guide_fail("%s: faces to draw from a leaf without a cluster", argv[1]);
    printf("%s: %u of %u faces to draw from %g %g %g\n", argv[1], n, c.faces, eye[0], eye[1], eye[2]);
    return 0;
}
