/* SPDX-License-Identifier: MIT */
/* exercise.h - run every query of a loaded map over a spread of points,
 * clusters and faces. Used by the hostile-input tests and the fuzz targets:
 * whatever the map, each call must return a valid status and stay inside
 * its buffers (the sanitizers watch that). */
#ifndef BSP_TEST_EXERCISE_H
#define BSP_TEST_EXERCISE_H

#include <stdlib.h>
#include "../../loader/bspkit.h"

/* Returns the number of calls that returned a status outside the enum. */
static int exercise_map(const bsp_map *m)
{
    static const float coords[] = { 0.0f, 1.5f, -7.25f, 64.0f, -300.0f, 1000.5f, 1e6f, -1e-3f };
    uint8_t row[4096 + 8];
    uint32_t rowlen = bsp_vis_row_bytes(m), n = bsp_num_clusters(m);
    int bad = 0, i, j, k;
    bsp_status st;
    for (i = 0; i < 8; i++)
        for (j = 0; j < 8; j++) {
            float p[3];
            uint32_t leaf;
            bsp_leaf lf;
            bsp_sample s;
            p[0] = coords[i];
            p[1] = coords[j];
            p[2] = coords[(i + j) & 7];
            for (k = 0; k < 3; k++) {
                st = bsp_point_leaf(m, (uint32_t)k, p, &leaf);
                if ((unsigned)st >= BSP_STATUS_COUNT) bad++;
                if (st == BSP_OK && bsp_get_leaf(m, leaf, &lf) != BSP_OK) bad++;
            }
            st = bsp_light_point(m, p, &s);
            if ((unsigned)st >= BSP_STATUS_COUNT) bad++;
            {
                bsp_ambient_light amb;
                st = bsp_ambient(m, p, &amb);
                if ((unsigned)st >= BSP_STATUS_COUNT) bad++;
            }
            for (k = -1; k < 40; k += 7) {
                st = bsp_luxel(m, k, p, (uint32_t)(i & 3), &s);
                if ((unsigned)st >= BSP_STATUS_COUNT) bad++;
            }
        }
    {
        /* game sub-lumps: directory, then unpacking into exact buffers */
        uint32_t g, count = bsp_game_lump_count(m);
        for (g = 0; g < count && g < 8; g++) {
            bsp_game_lump gl;
            uint32_t need_dst, need_tables;
            st = bsp_game_lump_get(m, g, &gl);
            if ((unsigned)st >= BSP_STATUS_COUNT) bad++;
            if (st != BSP_OK) continue;
            st = bsp_game_lump_unpack_bytes(&gl, &need_dst, &need_tables);
            if (st == BSP_OK && need_dst <= (1u << 24) && need_tables <= (1u << 24)) {
                void *dst = malloc(need_dst ? need_dst : 1), *tables = malloc(need_tables + 2);
                st = bsp_game_lump_unpack(&gl, dst, need_dst, tables, need_tables);
                if (st == BSP_OK && gl.id == 0x73707270u) {   /* 'sprp': every prop */
                    bsp_static_props sp;
                    bsp_static_prop p;
                    const char *name;
                    uint32_t sp_i, len, leaf;
                    st = bsp_static_props_open(m, &gl, dst, gl.size, &sp);
                    for (sp_i = 0; st == BSP_OK && sp_i < sp.num_props; sp_i++)
                        if ((unsigned)bsp_static_prop_get(&sp, sp_i, &p) >= BSP_STATUS_COUNT) bad++;
                    for (sp_i = 0; st == BSP_OK && sp_i < sp.num_models; sp_i++)
                        if (bsp_static_prop_model(&sp, sp_i, &name, &len) != BSP_OK || len > 128) bad++;
                    for (sp_i = 0; st == BSP_OK && sp_i < sp.num_leaves; sp_i++)
                        if (bsp_static_prop_leaf(&sp, sp_i, &leaf) != BSP_OK) bad++;
                }
                free(dst);
                free(tables);
            }
            if ((unsigned)st >= BSP_STATUS_COUNT) bad++;
        }
    }
    if (rowlen <= 4096) {
        int32_t c;
        for (c = -1; c <= (int32_t)(n < 64 ? n : 64); c++) {
            int vis;
            if ((unsigned)bsp_pvs(m, c, row, rowlen) >= BSP_STATUS_COUNT) bad++;
            if ((unsigned)bsp_pas(m, c, row, rowlen) >= BSP_STATUS_COUNT) bad++;
            if ((unsigned)bsp_cluster_visible(m, c, (int32_t)n - 1 - c, &vis) >= BSP_STATUS_COUNT) bad++;
            {
                /* the row view: every byte it hands out readable, the
                 * bytes bsp_pvs writes but the last one's bits past n */
                const uint8_t *vr;
                uint32_t vb, byte_i, diff = 0;
                bsp_status vs = bsp_pvs_view(m, c, &vr, &vb), ps = bsp_pvs(m, c, row, rowlen);
                if ((unsigned)vs >= BSP_STATUS_COUNT) bad++;
                /* the pointer is the view's row, NULL where it refuses */
                if (bsp_pvs_pointer(m, c) != (vs == BSP_OK ? vr : NULL)) bad++;
                if (vs == BSP_OK) {
                    if (vb != rowlen || ps != BSP_OK) bad++;
                    else
                        for (byte_i = 0; byte_i < vb; byte_i++)
                            diff |= (uint32_t)(vr[byte_i] ^ row[byte_i]) & (byte_i + 1 < vb || !(n & 7) ? 0xffu : (1u << (n & 7)) - 1);
                    if (diff) bad++;
                } else if (vr != NULL || vb != 0) {
                    bad++;
                }
            }
        }
    }
    return bad;
}

#endif
