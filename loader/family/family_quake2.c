/* SPDX-License-Identifier: MIT */
/* family_quake2.c - Quake 2 ("IBSP" version 38): 19 lumps of {offset,
 * length}, little-endian. Leaves name their cluster; visibility is a dvis_t
 * with PVS and PAS rows, as in Source; lightmaps follow the Quake rule with
 * RGB luxels. */
#include "family.h"

enum {
    Q2_ENTITIES, Q2_PLANES, Q2_VERTEXES, Q2_VIS, Q2_NODES, Q2_TEXINFO,
    Q2_FACES, Q2_LIGHTING, Q2_LEAFS, Q2_LEAFFACES, Q2_LEAFBRUSHES, Q2_EDGES,
    Q2_SURFEDGES, Q2_MODELS, Q2_BRUSHES, Q2_BRUSHSIDES, Q2_POP, Q2_AREAS,
    Q2_AREAPORTALS
};

static const char *const quake2_lump_names[19] = {
    "entities", "planes", "vertexes", "visibility", "nodes", "texinfo",
    "faces", "lighting", "leafs", "leaffaces", "leafbrushes", "edges",
    "surfedges", "models", "brushes", "brushsides", "pop", "areas",
    "areaportals"
};

static const bsp__layout_rule quake2_layouts[] = {
    { Q2_PLANES, -1, 0, 99, { "44444", 20, BSP_LAYOUT_RECORDS } },
    { Q2_VERTEXES, -1, 0, 99, { "444", 12, BSP_LAYOUT_RECORDS } },
    { Q2_VIS, -1, 0, 99, { "44", 8, BSP_LAYOUT_COUNTED } },
    /* planenum, children[2], mins[3], maxs[3], firstface, numfaces */
    { Q2_NODES, -1, 0, 99, { "444" "222222" "22", 28, BSP_LAYOUT_RECORDS } },
    /* vecs[2][4], flags, value, texture[32], nexttexinfo */
    { Q2_TEXINFO, -1, 0, 99, { "4444444444" "11111111111111111111111111111111" "4", 76,
                               BSP_LAYOUT_RECORDS } },
    { Q2_FACES, -1, 0, 99, { "22" "4" "22" "1111" "4", 20, BSP_LAYOUT_RECORDS } },
    /* contents, cluster, area, mins[3], maxs[3], leafface and leafbrush ranges */
    { Q2_LEAFS, -1, 0, 99, { "4" "22" "222222" "2222", 28, BSP_LAYOUT_RECORDS } },
    { Q2_LEAFFACES, -1, 0, 99, { "2", 2, BSP_LAYOUT_RECORDS } },
    { Q2_LEAFBRUSHES, -1, 0, 99, { "2", 2, BSP_LAYOUT_RECORDS } },
    { Q2_EDGES, -1, 0, 99, { "22", 4, BSP_LAYOUT_RECORDS } },
    { Q2_SURFEDGES, -1, 0, 99, { "4", 4, BSP_LAYOUT_RECORDS } },
    { Q2_MODELS, -1, 0, 99, { "444444444" "444", 48, BSP_LAYOUT_RECORDS } },
    { Q2_BRUSHES, -1, 0, 99, { "444", 12, BSP_LAYOUT_RECORDS } },
    { Q2_BRUSHSIDES, -1, 0, 99, { "22", 4, BSP_LAYOUT_RECORDS } },
    { Q2_AREAS, -1, 0, 99, { "44", 8, BSP_LAYOUT_RECORDS } },
    { Q2_AREAPORTALS, -1, 0, 99, { "44", 8, BSP_LAYOUT_RECORDS } },
};

int bsp__ibsp_detect(const uint8_t first[8], int32_t *version)
{
    if (first[0] != 'I' || first[1] != 'B' || first[2] != 'S' || first[3] != 'P') return 0;
    *version = (int32_t)bsp__get_le32(first + 4);
    return 1;
}

static int32_t quake2_leaf_cluster(const bsp_map *m, const uint8_t *leaf, uint32_t index)
{
    (void)m;
    (void)index;
    return bsp__i16(leaf + 4);
}

static bsp_status quake2_lightmap(const bsp_map *m, uint32_t face, bsp__lightmap *lm)
{
    return bsp__extents_lightmap(m, face, 3, lm);
}

/* Contents and texinfo surface bits of q2 bspfile.h. */
static const bsp__flag_rule quake2_contents[] = {
    { 0x1, BSP_CONTENTS_SOLID }, { 0x2, BSP_CONTENTS_WINDOW }, { 0x8, BSP_CONTENTS_LAVA },
    { 0x10, BSP_CONTENTS_SLIME }, { 0x20, BSP_CONTENTS_WATER }, { 0x40, BSP_CONTENTS_MIST },
    { 0x8000, BSP_CONTENTS_AREAPORTAL }, { 0x10000, BSP_CONTENTS_PLAYERCLIP },
    { 0x20000, BSP_CONTENTS_MONSTERCLIP }, { 0xfc0000, BSP_CONTENTS_CURRENT },
    { 0x1000000, BSP_CONTENTS_ORIGIN }, { 0x8000000, BSP_CONTENTS_DETAIL },
    { 0x10000000, BSP_CONTENTS_TRANSLUCENT }, { 0x20000000, BSP_CONTENTS_LADDER },
};
static const bsp__flag_rule quake2_surface[] = {
    { 0x1, BSP_SURF_LIGHT }, { 0x4, BSP_SURF_SKY | BSP_SURF_NOLIGHTMAP },
    { 0x8, BSP_SURF_WARP | BSP_SURF_NOLIGHTMAP }, { 0x30, BSP_SURF_TRANSLUCENT },
    { 0x80, BSP_SURF_NODRAW }, { 0x100, BSP_SURF_HINT }, { 0x200, BSP_SURF_SKIP },
};

/* Textures are the texinfo records' names (one per texinfo). */
static const bsp__access quake2_access = {
    .lumps = { Q2_TEXINFO, -1, -1, -1, -1, -1, -1, -1, -1 },
    .geometry = BSP_GEOM_EDGES, .texture_kind = BSP_TEX_RECORDS, .contents_bits = 1,
    .leaf_area = { 6, BSP_F_I16 }, .leaf_area_mask = 0xffff,
    .leaf_bounds = { 8, BSP_F_I16 }, .model_origin = 24, .face_side = { 2, BSP_F_I16 },
    .texinfo_flags = { 32, BSP_F_I32 },
    .texture_stride = 76, .texture_name = 40, .texture_name_len = 32,
    .contents = quake2_contents, .num_contents = sizeof quake2_contents / sizeof quake2_contents[0],
    .surface = quake2_surface, .num_surface = sizeof quake2_surface / sizeof quake2_surface[0],
};

const struct bsp_family bsp__family_quake2 = {
    .name = "quake2",
    .min_version = 38, .max_version = 38,
    .header_bytes = 8 + 19 * 8,
    .dir_offset = 8,
    .num_lumps = 19,
    .entry_words = 2,
    .entry = { 0, 1, -1, -1 },
    .roles = { Q2_ENTITIES, Q2_PLANES, Q2_NODES, Q2_LEAFS, Q2_MODELS, Q2_VIS, Q2_FACES,
               Q2_TEXINFO, Q2_LIGHTING, Q2_EDGES, Q2_SURFEDGES, Q2_VERTEXES,
               Q2_LEAFFACES, -1, -1 },
    .lighting_roles = (1u << BSP_ROLE_TEXINFO) | (1u << BSP_ROLE_EDGES) |
                      (1u << BSP_ROLE_SURFEDGES) | (1u << BSP_ROLE_VERTEXES),
    .lump_names = quake2_lump_names,
    .layouts = quake2_layouts,
    .num_layouts = sizeof quake2_layouts / sizeof quake2_layouts[0],
    .node_plane = { 0, BSP_F_I32 },
    .node_child = { { 4, BSP_F_I32 }, { 8, BSP_F_I32 } },
    .node_firstface = { 24, BSP_F_U16 }, .node_numfaces = { 26, BSP_F_U16 },
    .leaf_contents = { 0, BSP_F_I32 }, .leaf_cluster = { 4, BSP_F_I16 },
    .leaf_firstleafface = { 20, BSP_F_U16 }, .leaf_numleaffaces = { 22, BSP_F_U16 },
    .model_headnode = { 36, BSP_F_I32 },
    .model_firstface = { 40, BSP_F_I32 }, .model_numfaces = { 44, BSP_F_I32 },
    .face_plane = { 0, BSP_F_U16 }, .face_firstedge = { 4, BSP_F_I32 },
    .face_numedges = { 8, BSP_F_I16 }, .face_texinfo = { 10, BSP_F_I16 },
    .face_lightofs = { 16, BSP_F_I32 },
    .edge_v = { { 0, BSP_F_U16 }, { 2, BSP_F_U16 } },
    .leafface_face = { 0, BSP_F_U16 },
    .face_styles_offset = 12, .face_num_styles = 4,
    .has_pas = 1,
    .detect = bsp__ibsp_detect,
    .finish = bsp__dvis_finish,
    .cluster_of_leaf = quake2_leaf_cluster,
    .vis_row = bsp__dvis_row,
    .face_lightmap = quake2_lightmap,
    .access = &quake2_access,
};
