/* SPDX-License-Identifier: MIT */
/* ambient.c - the query tool's `ambient X Y Z [STYLE]` answer, printed in the
 * shapes of docs/queries.md 6 and 10.6 (Source cube, Quake 3 grid, the Quake
 * family's octree grid), numbers as %.9g. */
#include <stdio.h>

#include "ambient.h"

static void print_vec(const char *name, const float v[3])
{
    printf(",\"%s\":[%.9g,%.9g,%.9g]", name, (double)v[0], (double)v[1], (double)v[2]);
}

bsp_status tool_ambient(const bsp_map *m, const float p[3], uint32_t style)
{
    bsp_ambient_light a;
    bsp_status st = bsp_ambient_style(m, p, style, &a);
    int k;
    if (st != BSP_OK) return st;
    if (a.kind == BSP_AMBIENT_CUBE) {
        printf("{\"q\":\"ambient\",\"leaf\":%d,\"from\":%d,\"first\":%d,\"count\":%d,\"cube\":[",
               (int)a.leaf, (int)a.from, (int)a.first, (int)a.count);
        for (k = 0; k < 6; k++)
            printf("%s[%.9g,%.9g,%.9g]", k ? "," : "", (double)a.cube[k][0],
                   (double)a.cube[k][1], (double)a.cube[k][2]);
        printf("]}\n");
        return BSP_OK;
    }
    if (a.kind == BSP_AMBIENT_OCTREE) {
        printf("{\"q\":\"ambient\",\"cell\":[%d,%d,%d],\"mask\":%u", (int)a.cell[0],
               (int)a.cell[1], (int)a.cell[2], (unsigned)a.mask);
        print_vec("ambient", a.ambient);
        printf("}\n");
        return BSP_OK;
    }
    printf("{\"q\":\"ambient\",\"cell\":[%d,%d,%d]", (int)a.cell[0], (int)a.cell[1],
           (int)a.cell[2]);
    print_vec("ambient", a.ambient);
    print_vec("directed", a.directed);
    print_vec("dir", a.dir);
    printf("}\n");
    return BSP_OK;
}
