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

#if BSPKIT_FAMILY_QUAKE3

enum {
    Q3_ENTITIES, Q3_SHADERS, Q3_PLANES, Q3_NODES, Q3_LEAFS, Q3_LEAFFACES,
    Q3_LEAFBRUSHES, Q3_MODELS, Q3_BRUSHES, Q3_BRUSHSIDES, Q3_DRAWVERTS,
    Q3_DRAWINDEXES, Q3_FOGS, Q3_SURFACES, Q3_LIGHTMAPS, Q3_LIGHTGRID, Q3_VIS
};

#define QUAKE3_LUMPS 17
#define QUAKE3_HEADER_BYTES (8 + QUAKE3_LUMPS * 8)
BSP__CHECK_DIRECTORY(quake3, QUAKE3_HEADER_BYTES, QUAKE3_LUMPS);

#if BSPKIT_STRINGS
static const char quake3_lump_names[] =
    "entities\0" "shaders\0" "planes\0" "nodes\0" "leafs\0" "leafsurfaces\0"
    "leafbrushes\0" "models\0" "brushes\0" "brushsides\0" "drawverts\0" "drawindexes\0"
    "fogs\0" "surfaces\0" "lightmaps\0" "lightgrid\0" "visibility\0";
#endif

#define NAME64 "1111111111111111111111111111111111111111111111111111111111111111"

static const bsp__layout_rule quake3_rules[] = {
    BSP_RULE(Q3_SHADERS, { NAME64 "44", 72, BSP_LAYOUT_RECORDS }),
    BSP_RULE(Q3_PLANES, { "4444", 16, BSP_LAYOUT_RECORDS }),
    BSP_RULE(Q3_NODES, { "444" "444444", 36, BSP_LAYOUT_RECORDS }),
    /* cluster, area, mins[3], maxs[3], leafsurface and leafbrush ranges */
    BSP_RULE(Q3_LEAFS, { "44" "444444" "4444", 48, BSP_LAYOUT_RECORDS }),
    BSP_RULE(Q3_LEAFFACES, BSP_LAYOUT_INT32),
    BSP_RULE(Q3_LEAFBRUSHES, BSP_LAYOUT_INT32),
    BSP_RULE(Q3_MODELS, { "444444" "4444", 40, BSP_LAYOUT_RECORDS }),
    BSP_RULE(Q3_BRUSHES, BSP_LAYOUT_VEC3),
    BSP_RULE(Q3_BRUSHSIDES, { "44", 8, BSP_LAYOUT_RECORDS }),
    BSP_RULE(Q3_DRAWVERTS, { "4444444444" "1111", 44, BSP_LAYOUT_RECORDS }),
    BSP_RULE(Q3_DRAWINDEXES, BSP_LAYOUT_INT32),
    BSP_RULE(Q3_FOGS, { NAME64 "44", 72, BSP_LAYOUT_RECORDS }),
    BSP_RULE(Q3_SURFACES, { "444444444444" "444444444" "444" "44", 104,
                                BSP_LAYOUT_RECORDS }),
    /* bytes, not 8-byte cells: a grid of the wrong size leaves the map
     * loadable without a grid (QUERIES.md 7: no_ambient), as in ioquake3 */
    BSP_RULE(Q3_LIGHTGRID, BSP_LAYOUT_BYTES),
    BSP_RULE(Q3_VIS, { "44", 8, BSP_LAYOUT_HEADER }),
};
static const bsp__layout_table quake3_layouts = BSP_LAYOUT_TABLE(quake3_rules, NULL);

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

#if BSPKIT_ACCESS
/* Shader surfaceFlags of q3 surfaceflags.h. Leaves store no contents. */
static const bsp__flag_rule quake3_surface[] = {
    { 0x4, BSP_SURF_SKY }, { 0x8, BSP_SURF_LADDER }, { 0x80, BSP_SURF_NODRAW },
    { 0x100, BSP_SURF_HINT }, { 0x200, BSP_SURF_SKIP }, { 0x400, BSP_SURF_NOLIGHTMAP },
};

/* dsurface_t: shaderNum, fogNum, surfaceType, firstVert, numVerts,
 * firstIndex, numIndexes, lightmapNum, lightmapX, Y, W, H, origin[3],
 * vecs[3][3] (vecs[2]: the planar normal), patchWidth, patchHeight. */
static const bsp__access quake3_access = {
    .lumps = { Q3_SHADERS, -1, -1, Q3_DRAWVERTS, Q3_DRAWINDEXES, Q3_LIGHTMAPS, -1, -1, -1 },
    .geometry = BSP_GEOM_SURFACES, .texture_kind = BSP_TEX_RECORDS,
    .leaf_area = { 4, BSP_F_I32 }, .leaf_area_mask = 0xffff,
    .leaf_bounds = { 8, BSP_F_I32 },
    .face_texture = { 0, BSP_F_I32 }, .texture_flags = { 64, BSP_F_I32 },
    .face_type = { 8, BSP_F_I32 }, .face_first_vert = { 12, BSP_F_I32 },
    .face_num_verts = { 16, BSP_F_I32 }, .face_first_index = { 20, BSP_F_I32 },
    .face_num_indexes = { 24, BSP_F_I32 }, .face_page = { 28, BSP_F_I32 },
    .face_normal = 84, .face_patch = 96,
    .texture_stride = 72, .texture_name_len = 64,
    .surface = quake3_surface, .num_surface = sizeof quake3_surface / sizeof quake3_surface[0],
};
#endif

const struct bsp_family bsp__family_quake3 = {
    .name = "quake3",
    .detect.min_version = 46, .detect.max_version = 46,
    .detect.magic = "IBSP", .detect.version_at = 4,
    .dir.header_bytes = QUAKE3_HEADER_BYTES,
    .dir.dir_offset = 8,
    .dir.num_lumps = QUAKE3_LUMPS,
    .dir.entry_words = 2,
    .dir.entry = { 0, 1, -1, -1 },
    .dir.role_lump = { BSP_ROLE(ENTITIES, Q3_ENTITIES), BSP_ROLE(PLANES, Q3_PLANES),
                   BSP_ROLE(NODES, Q3_NODES), BSP_ROLE(LEAFS, Q3_LEAFS),
                   BSP_ROLE(MODELS, Q3_MODELS), BSP_ROLE(VIS, Q3_VIS),
                   BSP_ROLE(FACES, Q3_SURFACES), BSP_ROLE(LIGHTING, Q3_LIGHTMAPS),
                   BSP_ROLE(VERTEXES, Q3_DRAWVERTS), BSP_ROLE(LEAFFACES, Q3_LEAFFACES) },
    .dir.lighting_roles = 1u << BSP_ROLE_VERTEXES,
    .dir.lighting_lumps = (1u << Q3_DRAWINDEXES) | (1u << Q3_LIGHTGRID) | (1u << Q3_ENTITIES),
    .amb.kind = BSP_AMB_GRID,
    .dir.lump_names = BSP__LUMP_NAMES(quake3_lump_names),
    .dir.layouts = &quake3_layouts,
    .tree.node_plane = { 0, BSP_F_I32 },
    .tree.node_child = { { 4, BSP_F_I32 }, { 8, BSP_F_I32 } },
    .tree.leaf_cluster = { 0, BSP_F_I32 },
    .tree.leaf_firstleafface = { 32, BSP_F_I32 }, .tree.leaf_numleaffaces = { 36, BSP_F_I32 },
    .tree.model_firstface = { 24, BSP_F_I32 }, .tree.model_numfaces = { 28, BSP_F_I32 },
    .tree.leafface_face = { 0, BSP_F_I32 },
    .finish = quake3_finish,
    .vis.vis_row = quake3_vis_row,
    .faces.face_luxel = bsp__q3_luxel,
    .access = BSP__ACCESS(&quake3_access),
};

#endif
