/* SPDX-License-Identifier: MIT */
/* props.c - the opening `bspkit props` and `bspkit render --props` share:
 * find the 'sprp' sub-lump, unpack it into heap memory when it is
 * compressed, open it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

bsp_status tool_props_open(const bsp_map *m, tool_props *tp)
{
    bsp_game_lump g;
    uint32_t need_dst, need_tables;
    void *tables;
    bsp_status st;
    memset(tp, 0, sizeof *tp);
    st = bsp_static_props_find(m, &g);
    if (st != BSP_OK) return st;
    if (!g.compressed) return bsp_static_props_open(m, &g, g.data, g.size, &tp->props);
    st = bsp_game_lump_unpack_bytes(&g, &need_dst, &need_tables);
    if (st != BSP_OK) return st;
    /* need_dst may be 4 GiB - 1: malloc(0) is avoided, not need_dst + 1 */
    tp->bytes = malloc(need_dst ? need_dst : 1);
    tables = malloc(need_tables ? need_tables : 1);
    if (!tp->bytes || !tables) {
        fprintf(stderr, "bspkit: out of memory for the static props (%lu bytes)\n",
                (unsigned long)need_dst);
        exit(1);
    }
    st = bsp_game_lump_unpack(&g, tp->bytes, need_dst, tables, need_tables);
    free(tables);
    if (st == BSP_OK) st = bsp_static_props_open(m, &g, tp->bytes, g.size, &tp->props);
    return st;
}

void tool_props_close(tool_props *tp)
{
    free(tp->bytes);
    memset(tp, 0, sizeof *tp);
}
