/* SPDX-License-Identifier: MIT */
/* family_quake2.c - Quake 2 ("IBSP" version 38): 19 lumps of {offset,
 * length}, little-endian. Leaves name their cluster; visibility is a dvis_t
 * with PVS and PAS rows, as in Source; lightmaps follow the Quake rule with
 * RGB luxels. */
#include "family.h"

#if BSPKIT_FAMILY_QUAKE2

enum {
    Q2_ENTITIES, Q2_PLANES, Q2_VERTEXES, Q2_VIS, Q2_NODES, Q2_TEXINFO,
    Q2_FACES, Q2_LIGHTING, Q2_LEAFS, Q2_LEAFFACES, Q2_LEAFBRUSHES, Q2_EDGES,
    Q2_SURFEDGES, Q2_MODELS, Q2_BRUSHES, Q2_BRUSHSIDES, Q2_POP, Q2_AREAS,
    Q2_AREAPORTALS
};

#define QUAKE2_LUMPS 19
#define QUAKE2_HEADER_BYTES (8 + QUAKE2_LUMPS * 8)
BSP__CHECK_DIRECTORY(quake2, QUAKE2_HEADER_BYTES, QUAKE2_LUMPS);

#if BSPKIT_STRINGS
static const char quake2_lump_names[] =
    "entities\0" "planes\0" "vertexes\0" "visibility\0" "nodes\0" "texinfo\0" "faces\0"
    "lighting\0" "leafs\0" "leaffaces\0" "leafbrushes\0" "edges\0" "surfedges\0"
    "models\0" "brushes\0" "brushsides\0" "pop\0" "areas\0" "areaportals\0";
#endif

static const bsp__layout_rule quake2_rules[] = {
    BSP_RULE(Q2_PLANES, BSP_LAYOUT_PLANES),
    BSP_RULE(Q2_VERTEXES, BSP_LAYOUT_VEC3),
    BSP_RULE(Q2_VIS, { "44", 8, BSP_LAYOUT_COUNTED }),
    /* planenum, children[2], mins[3], maxs[3], firstface, numfaces */
    BSP_RULE(Q2_NODES, { "444" "222222" "22", 28, BSP_LAYOUT_RECORDS }),
    /* vecs[2][4], flags, value, texture[32], nexttexinfo */
    BSP_RULE(Q2_TEXINFO, { "4444444444" "11111111111111111111111111111111" "4", 76,
                               BSP_LAYOUT_RECORDS }),
    BSP_RULE(Q2_FACES, { "22" "4" "22" "1111" "4", 20, BSP_LAYOUT_RECORDS }),
    /* contents, cluster, area, mins[3], maxs[3], leafface and leafbrush ranges */
    BSP_RULE(Q2_LEAFS, { "4" "22" "222222" "2222", 28, BSP_LAYOUT_RECORDS }),
    BSP_RULE(Q2_LEAFFACES, BSP_LAYOUT_INT16),
    BSP_RULE(Q2_LEAFBRUSHES, BSP_LAYOUT_INT16),
    BSP_RULE(Q2_EDGES, BSP_LAYOUT_EDGES16),
    BSP_RULE(Q2_SURFEDGES, BSP_LAYOUT_INT32),
    BSP_RULE(Q2_MODELS, { "444444444" "444", 48, BSP_LAYOUT_RECORDS }),
    BSP_RULE(Q2_BRUSHES, BSP_LAYOUT_VEC3),
    BSP_RULE(Q2_BRUSHSIDES, BSP_LAYOUT_EDGES16),
    BSP_RULE(Q2_AREAS, { "44", 8, BSP_LAYOUT_RECORDS }),
    BSP_RULE(Q2_AREAPORTALS, { "44", 8, BSP_LAYOUT_RECORDS }),
};

static const bsp__layout_table quake2_layouts = BSP_LAYOUT_TABLE(quake2_rules, NULL);

#if BSPKIT_ACCESS
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
#endif

const struct bsp_family bsp__family_quake2 = {
    .name = "quake2",
    .min_version = 38, .max_version = 38,
    .magic = "IBSP", .version_at = 4,
    .header_bytes = QUAKE2_HEADER_BYTES,
    .dir_offset = 8,
    .num_lumps = QUAKE2_LUMPS,
    .entry_words = 2,
    .entry = { 0, 1, -1, -1 },
    .role_lump = { BSP_ROLE(ENTITIES, Q2_ENTITIES), BSP_ROLE(PLANES, Q2_PLANES),
                   BSP_ROLE(NODES, Q2_NODES), BSP_ROLE(LEAFS, Q2_LEAFS),
                   BSP_ROLE(MODELS, Q2_MODELS), BSP_ROLE(VIS, Q2_VIS),
                   BSP_ROLE(FACES, Q2_FACES), BSP_ROLE(TEXINFO, Q2_TEXINFO),
                   BSP_ROLE(LIGHTING, Q2_LIGHTING), BSP_ROLE(EDGES, Q2_EDGES),
                   BSP_ROLE(SURFEDGES, Q2_SURFEDGES), BSP_ROLE(VERTEXES, Q2_VERTEXES),
                   BSP_ROLE(LEAFFACES, Q2_LEAFFACES) },
    .lighting_roles = (1u << BSP_ROLE_TEXINFO) | (1u << BSP_ROLE_EDGES) |
                      (1u << BSP_ROLE_SURFEDGES) | (1u << BSP_ROLE_VERTEXES),
    .lump_names = BSP__LUMP_NAMES(quake2_lump_names),
    .layouts = &quake2_layouts,
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
    .texinfo_vecs = 0, .luxel_bytes = 3,
    .finish = bsp__dvis_finish,
    .vis_row = bsp__dvis_row,
    .face_lightmap = bsp__extents_lightmap,
    .access = BSP__ACCESS(&quake2_access),
};

#endif
