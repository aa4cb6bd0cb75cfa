/* SPDX-License-Identifier: MIT */
/* The guide's entity_visible over open places of the map: with every door
 * open, two places in areas are always visible to each other; with every
 * door closed, places in two different areas are not (bspgen's Quake 2,
 * Quake 3 and Source maps join their areas by doors only); a family
 * without areas always answers "draw it". */
#include "harness.h"

#include GUIDE_BLOCK

#define MAXP 256

int main(int argc, char **argv)
{
    bsp_map m;
    bsp_model w;
    bsp_areas_info info;
    static float pts[MAXP][3];
    int32_t area[MAXP];
    uint8_t *open_state, *closed_state;
    uint32_t bytes, leaf;
    int n = 0, i, j, a, apart = 0, has_areas;
    if (argc < 2) guide_fail("usage: areas MAP");
    guide_load(argv[1], BSP_LOAD_GEOMETRY, &m);
    bsp_get_model(&m, 0, &w);
    for (i = 1; i < 16 && n < MAXP; i++)
        for (j = 1; j < 16 && n < MAXP; j++)
            for (a = 1; a < 8 && n < MAXP; a++) {
                bsp_leaf l;
                float *p = pts[n];
                p[0] = w.mins[0] + (w.maxs[0] - w.mins[0]) * (float)i / 16.0f + 0.40625f;
                p[1] = w.mins[1] + (w.maxs[1] - w.mins[1]) * (float)j / 16.0f + 0.40625f;
                p[2] = w.mins[2] + (w.maxs[2] - w.mins[2]) * (float)a / 8.0f + 0.40625f;
                if (bsp_point_leaf(&m, 0, p, &leaf) == BSP_OK && bsp_get_leaf(&m, leaf, &l) == BSP_OK &&
                    l.cluster >= 0)
                    area[n++] = l.area;
            }
    if (n < 2) guide_fail("%s: %d open places", argv[1], n);
    has_areas = bsp_areas_get_info(&m, &info) == BSP_OK;
    bytes = has_areas && info.state_bytes ? info.state_bytes : 1;
    open_state = (uint8_t *)malloc(bytes);
    closed_state = (uint8_t *)calloc(bytes, 1);
    memset(open_state, 0xff, bytes);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            int vo = entity_visible(&m, open_state, bytes, pts[i], pts[j]);
            int vc = entity_visible(&m, closed_state, bytes, pts[i], pts[j]);
            if (!has_areas || area[i] < (int32_t)info.first_area || area[j] < (int32_t)info.first_area) {
                if (has_areas && (area[i] < 0 || area[j] < 0)) continue;
                if (!has_areas && (!vo || !vc)) guide_fail("%s: no areas, yet not visible", argv[1]);
                continue;
            }
            if (!vo) guide_fail("%s: areas %d and %d not connected with every door open", argv[1], area[i], area[j]);
            if (area[i] != area[j]) {
                apart++;
                if (vc) guide_fail("%s: areas %d and %d connected with every door closed", argv[1], area[i], area[j]);
            } else if (!vc) {
                guide_fail("%s: area %d does not reach itself", argv[1], area[i]);
            }
        }
    if (has_areas && info.num_portals && !apart) guide_fail("%s: no two places in different areas", argv[1]);
    printf("%s: %d places, %s, %d pairs in different areas\n", argv[1], n,
           has_areas ? "areas" : "no areas", apart);
    return 0;
}
