/* SPDX-License-Identifier: MIT */
/* family_quake3.c - Quake 3 ("IBSP" version 46): 17 lumps of {offset,
 * length}, little-endian, 16-byte planes. Leaves name their cluster; the
 * visibility lump is numClusters, bytesPerCluster and uncompressed rows.
 * Point to leaf starts at node 0 (world only). Leaf contents are reported
 * as 0. Luxels come from a surface's triangles and its lightmap page
 * (query_luxel_q3.c), ambient light from the light grid (lump 15, sized by
 * the world model and the first entity's gridsize); BSP_LOAD_LIGHTING
 * brings the vertices, indexes, pages, grid and entity text they read. */
#include "family.h"

enum {
    Q3_ENTITIES, Q3_SHADERS, Q3_PLANES, Q3_NODES, Q3_LEAFS, Q3_LEAFFACES,
    Q3_LEAFBRUSHES, Q3_MODELS, Q3_BRUSHES, Q3_BRUSHSIDES, Q3_DRAWVERTS,
    Q3_DRAWINDEXES, Q3_FOGS, Q3_SURFACES, Q3_LIGHTMAPS, Q3_LIGHTGRID, Q3_VIS
};

static const char *const quake3_lump_names[17] = {
    "entities", "shaders", "planes", "nodes", "leafs", "leafsurfaces",
    "leafbrushes", "models", "brushes", "brushsides", "drawverts",
    "drawindexes", "fogs", "surfaces", "lightmaps", "lightgrid", "visibility"
};

#define NAME64 "1111111111111111111111111111111111111111111111111111111111111111"

static const bsp__layout_rule quake3_layouts[] = {
    { Q3_SHADERS, -1, 0, 99, { NAME64 "44", 72, BSP_LAYOUT_RECORDS } },
    { Q3_PLANES, -1, 0, 99, { "4444", 16, BSP_LAYOUT_RECORDS } },
    { Q3_NODES, -1, 0, 99, { "444" "444444", 36, BSP_LAYOUT_RECORDS } },
    /* cluster, area, mins[3], maxs[3], leafsurface and leafbrush ranges */
    { Q3_LEAFS, -1, 0, 99, { "44" "444444" "4444", 48, BSP_LAYOUT_RECORDS } },
    { Q3_LEAFFACES, -1, 0, 99, { "4", 4, BSP_LAYOUT_RECORDS } },
    { Q3_LEAFBRUSHES, -1, 0, 99, { "4", 4, BSP_LAYOUT_RECORDS } },
    { Q3_MODELS, -1, 0, 99, { "444444" "4444", 40, BSP_LAYOUT_RECORDS } },
    { Q3_BRUSHES, -1, 0, 99, { "444", 12, BSP_LAYOUT_RECORDS } },
    { Q3_BRUSHSIDES, -1, 0, 99, { "44", 8, BSP_LAYOUT_RECORDS } },
    { Q3_DRAWVERTS, -1, 0, 99, { "4444444444" "1111", 44, BSP_LAYOUT_RECORDS } },
    { Q3_DRAWINDEXES, -1, 0, 99, { "4", 4, BSP_LAYOUT_RECORDS } },
    { Q3_FOGS, -1, 0, 99, { NAME64 "44", 72, BSP_LAYOUT_RECORDS } },
    { Q3_SURFACES, -1, 0, 99, { "444444444444" "444444444" "444" "44", 104,
                                BSP_LAYOUT_RECORDS } },
    { Q3_LIGHTGRID, -1, 0, 99, { NULL, 8, BSP_LAYOUT_RECORDS } },
    { Q3_VIS, -1, 0, 99, { "44", 8, BSP_LAYOUT_HEADER } },
};

static bsp_status quake3_finish(bsp_map *m)
{
    int32_t n;
    if (m->vis.count == 0) return bsp__clusters_from_leaves(m);
    if (m->vis.count < 8) return BSP_E_CORRUPT;
    n = bsp__i32(m->vis.data);
    if (n < 0) return BSP_E_CORRUPT;
    m->num_clusters = (uint32_t)n;
    m->has_vis = 1;
    return BSP_OK;
}

static int32_t quake3_leaf_cluster(const bsp_map *m, const uint8_t *leaf, uint32_t index)
{
    (void)m;
    (void)index;
    return bsp__i32(leaf);
}

/* Row c at 8 + c * bytesPerCluster; a stride shorter than a row is corrupt. */
static bsp_status quake3_vis_row(const bsp_map *m, int32_t cluster, int pas, bsp__vis_row *row)
{
    int32_t stride = bsp__i32(m->vis.data + 4);
    uint32_t len = (m->num_clusters + 7) / 8;
    uint64_t ofs;
    (void)pas;
    if (stride < 0 || (uint32_t)stride < len) return BSP_E_CORRUPT;
    ofs = 8 + (uint64_t)cluster * (uint32_t)stride;
    if (ofs + len > m->vis.count) return BSP_E_CORRUPT;
    row->data = m->vis.data + ofs;
    row->avail = len;
    row->compressed = 0;
    row->all = 0;
    return BSP_OK;
}

const struct bsp_family bsp__family_quake3 = {
    .name = "quake3",
    .min_version = 46, .max_version = 46,
    .header_bytes = 8 + 17 * 8,
    .dir_offset = 8,
    .num_lumps = 17,
    .entry_words = 2,
    .entry = { 0, 1, -1, -1 },
    .roles = { Q3_ENTITIES, Q3_PLANES, Q3_NODES, Q3_LEAFS, Q3_MODELS, Q3_VIS, Q3_SURFACES,
               -1, Q3_LIGHTMAPS, -1, -1, Q3_DRAWVERTS, Q3_LEAFFACES, -1, -1 },
    .lighting_roles = 1u << BSP_ROLE_VERTEXES,
    .lighting_lumps = (1u << Q3_DRAWINDEXES) | (1u << Q3_LIGHTGRID) | (1u << Q3_ENTITIES),
    .ambient = BSP_AMB_GRID,
    .lump_names = quake3_lump_names,
    .layouts = quake3_layouts,
    .num_layouts = sizeof quake3_layouts / sizeof quake3_layouts[0],
    .node_plane = { 0, BSP_F_I32 },
    .node_child = { { 4, BSP_F_I32 }, { 8, BSP_F_I32 } },
    .leaf_cluster = { 0, BSP_F_I32 },
    .leaf_firstleafface = { 32, BSP_F_I32 }, .leaf_numleaffaces = { 36, BSP_F_I32 },
    .model_firstface = { 24, BSP_F_I32 }, .model_numfaces = { 28, BSP_F_I32 },
    .leafface_face = { 0, BSP_F_I32 },
    .detect = bsp__ibsp_detect,
    .finish = quake3_finish,
    .cluster_of_leaf = quake3_leaf_cluster,
    .vis_row = quake3_vis_row,
    .face_luxel = bsp__q3_luxel,
};
