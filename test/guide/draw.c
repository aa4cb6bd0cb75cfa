/* SPDX-License-Identifier: MIT */
/* The guide's faces_to_draw: from an open place of the map it marks at
 * least one face and returns how many it marked; a point in a leaf
 * without a cluster (outside the world, where the family's tree says so)
 * marks none. The player's view of terrain: on a map with displacements,
 * every leaf with a cluster that lists a displacement (bsp_leaf_disps)
 * draws its base face from its cluster. */
#include "harness.h"

#include GUIDE_BLOCK

static void terrain(const bsp_map *m, const bsp_counts *c, const char *name)
{
    uint32_t words = bsp_visible_faces_scratch(m), leaf, k, f, n, count, disps = 0, seen_n = 0;
    uint32_t *bits = (uint32_t *)calloc(words + 1, 4), list[BSP_TRACE_DISPS_MAX];
    int32_t *base = (int32_t *)calloc(BSP_TRACE_DISPS_MAX, 4);
    uint8_t *seen = (uint8_t *)calloc(BSP_TRACE_DISPS_MAX, 1);
    bsp_face face;
    bsp_leaf l;
    if (!bits || !base || !seen) guide_fail("out of memory");
    for (f = 0; f < c->faces; f++)
        if (bsp_get_face(m, f, &face) == BSP_OK && face.kind == BSP_FACE_DISPLACEMENT && face.raw_type >= 0 &&
            face.raw_type < (int32_t)BSP_TRACE_DISPS_MAX && !base[face.raw_type] && face.num_verts) {
            base[face.raw_type] = (int32_t)f + 1;
            disps++;
        }
    for (leaf = 0; disps && leaf < c->leaves; leaf++) {
        if (bsp_get_leaf(m, leaf, &l) != BSP_OK || l.cluster < 0) continue;
        if (bsp_leaf_disps(m, leaf, list, BSP_TRACE_DISPS_MAX, &count) != BSP_OK) guide_fail("%s: leaf_disps", name);
        if (!count) continue;
        if (bsp_visible_faces(m, l.cluster, bits, words, NULL, 0, &n) != BSP_OK) guide_fail("%s: visible", name);
        for (k = 0; k < count; k++) {
            int32_t b = base[list[k]] - 1;
            if (b < 0 || !(bits[b >> 5] >> (b & 31) & 1))
                guide_fail("%s: leaf %u lists displacement %u, its cluster %d does not draw it", name, leaf,
                           list[k], l.cluster);
            if (!seen[list[k]]) seen_n++;
            seen[list[k]] = 1;
        }
    }
    /* (a generated map may keep a displacement in solid, below its rooms:
     * the real maps' every displacement is seen, test/checks/draw_check.py view) */
    if (disps) printf("%s: %u of %u displacements in a leaf with a cluster, drawn from it\n", name, seen_n, disps);
    free(bits), free(base), free(seen);
}

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
    terrain(&m, &c, argv[1]);
    printf("%s: %u of %u faces to draw from %g %g %g\n", argv[1], n, c.faces, eye[0], eye[1], eye[2]);
    return 0;
}
