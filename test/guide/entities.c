/* SPDX-License-Identifier: MIT */
/* The guide's spawn_points: every generated map has one spawn entity
 * (bspgen writes it with the origin of its first room); a class no entity
 * has gives 0, not an error (bsp_entity_find's end); a map loaded without
 * entities gives -1. */
#include "harness.h"

#include GUIDE_BLOCK

int main(int argc, char **argv)
{
    bsp_map m, bare;
    float origin[4][3];
    const char *cls;
    int n;
    uint32_t leaf;
    bsp_leaf l;
    if (argc < 2) guide_fail("usage: entities MAP");
    guide_load(argv[1], BSP_LOAD_ENTITIES | BSP_LOAD_QUERIES, &m);
    cls = bsp_map_family(&m) == BSP_FAMILY_QUAKE3 ? "info_player_deathmatch" : "info_player_start";
    n = spawn_points(&m, cls, origin, 4);
    if (n != 1) guide_fail("%s: %d %s entities (bspgen writes one)", argv[1], n, cls);
    if (bsp_point_leaf(&m, 0, origin[0], &leaf) != BSP_OK || bsp_get_leaf(&m, leaf, &l) != BSP_OK ||
        l.cluster < 0)
        guide_fail("%s: the spawn point %g %g %g is in no cluster", argv[1], origin[0][0], origin[0][1], origin[0][2]);
    if ((n = spawn_points(&m, "no_such_class", origin, 4)) != 0)
        guide_fail("%s: an absent class gives %d", argv[1], n);
    guide_load(argv[1], BSP_LOAD_QUERIES, &bare);
    if ((n = spawn_points(&bare, cls, origin, 4)) != -1)
        guide_fail("%s: without entity text: %d", argv[1], n);
    printf("%s: %s at %g %g %g\n", argv[1], cls, origin[0][0], origin[0][1], origin[0][2]);
    return 0;
}
