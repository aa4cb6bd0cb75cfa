/* SPDX-License-Identifier: MIT */
/* family_nightfire.c - James Bond 007: Nightfire (int32 version 42): 18
 * lumps of {offset, length}, little-endian. The world's leaves are a block
 * models[0].LeavesIndex .. +LeavesCount; cluster n is leaf first + n, whose
 * VisibilityOffset locates an uncompressed row (-1: everything visible).
 * Point to leaf starts at node 0 (world only). A surface's lightmap axes
 * are a projection (lump 17) already scaled to luxels, its extents come
 * from its own vertex range (QUERIES.md 4). */
#include "family.h"

enum {
    NF_ENTITIES, NF_PLANES, NF_TEXTURES, NF_MATERIALS, NF_VERTEXES,
    NF_ZEROVERTEXES, NF_DRAWINDICES, NF_VIS, NF_NODES, NF_SURFACES,
    NF_LIGHTING, NF_LEAFS, NF_LEAFSURFACES, NF_LEAFBRUSHES, NF_MODELS,
    NF_BRUSHES, NF_BRUSHSIDES, NF_PROJECTIONS
};

static const char *const nightfire_lump_names[18] = {
    "entities", "planes", "textures", "materials", "vertexes",
    "zerovertexes", "drawindices", "visibility", "nodes", "surfaces",
    "lighting", "leafs", "leafsurfaces", "leafbrushes", "models", "brushes",
    "brushsides", "projections"
};

/* Model: mins[3], maxs[3], hulls[4], LeavesIndex, LeavesCount,
 * SurfacesIndex, SurfacesCount */
#define MODEL_FIRST_LEAF 40
#define MODEL_LEAF_COUNT 44

static const bsp__layout_rule nightfire_layouts[] = {
    { NF_VIS, -1, 0, 99, { NULL, 0, BSP_LAYOUT_RECORDS } },   /* rows: bytes */
    { NF_PLANES, -1, 0, 99, { "44444", 20, BSP_LAYOUT_RECORDS } },
    { NF_VERTEXES, -1, 0, 99, { "444", 12, BSP_LAYOUT_RECORDS } },
    { NF_ZEROVERTEXES, -1, 0, 99, { "444", 12, BSP_LAYOUT_RECORDS } },
    { NF_DRAWINDICES, -1, 0, 99, { "4", 4, BSP_LAYOUT_RECORDS } },
    { NF_NODES, -1, 0, 99, { "444" "444444", 36, BSP_LAYOUT_RECORDS } },
    { NF_SURFACES, -1, 0, 99, { "4444444444" "1111" "4", 48, BSP_LAYOUT_RECORDS } },
    /* Type, VisibilityOffset, mins[3], maxs[3], surface and brush ranges */
    { NF_LEAFS, -1, 0, 99, { "44" "444444" "4444", 48, BSP_LAYOUT_RECORDS } },
    { NF_LEAFSURFACES, -1, 0, 99, { "4", 4, BSP_LAYOUT_RECORDS } },
    { NF_LEAFBRUSHES, -1, 0, 99, { "4", 4, BSP_LAYOUT_RECORDS } },
    { NF_MODELS, -1, 0, 99, { "444444" "4444" "4444", 56, BSP_LAYOUT_RECORDS } },
    { NF_BRUSHES, -1, 0, 99, { "444", 12, BSP_LAYOUT_RECORDS } },
    { NF_BRUSHSIDES, -1, 0, 99, { "44", 8, BSP_LAYOUT_RECORDS } },
    { NF_PROJECTIONS, -1, 0, 99, { "44444444", 32, BSP_LAYOUT_RECORDS } },
};

/* Surface: plane, VerticesIndex, VerticesCount, draw index range, flags,
 * texture, material, texture projection, LightmapProjectionIndex,
 * LightStyles[4], LightingOffset. */
#define SURF_FIRST_VERTEX 4
#define SURF_VERTEX_COUNT 8
#define SURF_LM_PROJECTION 36
#define PROJECTION_BYTES 32

typedef struct surface_walk {
    const bsp_map *m;
    uint32_t first;
} surface_walk;

static const uint8_t *surface_vertex(const void *ctx, int32_t k)
{
    const surface_walk *w = (const surface_walk *)ctx;
    return w->m->vertexes.data + (size_t)(w->first + (uint32_t)k) * w->m->vertexes.stride;
}

static bsp_status nightfire_face_lightmap(const bsp_map *m, uint32_t face, bsp__lightmap *lm)
{
    const uint8_t *f = m->faces.data + (size_t)face * m->faces.stride;
    const uint8_t *proj = m->lump_data[NF_PROJECTIONS];
    uint32_t nproj = m->lump_size[NF_PROJECTIONS] / PROJECTION_BYTES;
    int32_t pi = bsp__i32(f + SURF_LM_PROJECTION), k;
    surface_walk w;
    int32_t count = bsp__i32(f + SURF_VERTEX_COUNT);

    bsp__lightmap_blank(lm, m, f, 3, 1.0f);
    if (!m->vertexes.data || !proj) return BSP_E_NOT_LOADED;
    w.m = m;
    w.first = (uint32_t)bsp__i32(f + SURF_FIRST_VERTEX);
    if (pi < 0 || (uint32_t)pi >= nproj || count < 1 || w.first > m->vertexes.count ||
        (uint32_t)count > m->vertexes.count - w.first) {
        lm->bad = 1;                /* no axes or no vertices: inconsistent */
        return BSP_OK;
    }
    for (k = 0; k < 8; k++)
        lm->vecs[k / 4][k % 4] = bsp__f32(proj + (size_t)pi * PROJECTION_BYTES + 4 * (size_t)k);
    bsp__lightmap_extents(lm, surface_vertex, &w, count, 1.0f);
    return BSP_OK;
}

static int nightfire_detect(const uint8_t first[8], int32_t *version)
{
    if (bsp__get_le32(first) != 42) return 0;
    *version = 42;
    return 1;
}

static int32_t first_leaf(const bsp_map *m)
{
    return bsp__i32(m->models.data + MODEL_FIRST_LEAF);
}

static bsp_status nightfire_finish(bsp_map *m)
{
    int32_t n = bsp__i32(m->models.data + MODEL_LEAF_COUNT);
    if (n < 0 || first_leaf(m) < 0) return BSP_E_CORRUPT;
    m->num_clusters = (uint32_t)n;
    m->has_vis = m->vis.count > 0;
    return BSP_OK;
}

static int32_t nightfire_leaf_cluster(const bsp_map *m, const uint8_t *leaf, uint32_t index)
{
    uint32_t first = (uint32_t)first_leaf(m);
    (void)leaf;
    return (index >= first && index - first < m->num_clusters) ? (int32_t)(index - first) : -1;
}

static bsp_status nightfire_vis_row(const bsp_map *m, int32_t cluster, int pas, bsp__vis_row *row)
{
    (void)pas;
    return bsp__visofs_row(m, (uint64_t)(uint32_t)first_leaf(m) + (uint32_t)cluster, 0, row);
}

const struct bsp_family bsp__family_nightfire = {
    .name = "nightfire",
    .min_version = 42, .max_version = 42,
    .header_bytes = 4 + 18 * 8,
    .dir_offset = 4,
    .num_lumps = 18,
    .entry_words = 2,
    .entry = { 0, 1, -1, -1 },
    .roles = { NF_ENTITIES, NF_PLANES, NF_NODES, NF_LEAFS, NF_MODELS, NF_VIS, NF_SURFACES,
               -1, NF_LIGHTING, -1, -1, NF_VERTEXES, NF_LEAFSURFACES, -1, -1 },
    .lighting_roles = 1u << BSP_ROLE_VERTEXES,
    .lighting_lumps = 1u << NF_PROJECTIONS,
    .lump_names = nightfire_lump_names,
    .layouts = nightfire_layouts,
    .num_layouts = sizeof nightfire_layouts / sizeof nightfire_layouts[0],
    .node_plane = { 0, BSP_F_I32 },
    .node_child = { { 4, BSP_F_I32 }, { 8, BSP_F_I32 } },
    .leaf_contents = { 0, BSP_F_I32 },
    .leaf_firstleafface = { 32, BSP_F_I32 }, .leaf_numleaffaces = { 36, BSP_F_I32 },
    .model_firstface = { 48, BSP_F_I32 }, .model_numfaces = { 52, BSP_F_I32 },
    .face_plane = { 0, BSP_F_I32 }, .face_lightofs = { 44, BSP_F_I32 },
    .face_styles_offset = 40, .face_num_styles = 4,
    .leafface_face = { 0, BSP_F_I32 },
    .detect = nightfire_detect,
    .finish = nightfire_finish,
    .cluster_of_leaf = nightfire_leaf_cluster,
    .vis_row = nightfire_vis_row,
    .face_lightmap = nightfire_face_lightmap,
};
