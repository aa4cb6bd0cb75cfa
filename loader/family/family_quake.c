/* SPDX-License-Identifier: MIT */
/* family_quake.c - Quake (version 29), GoldSrc / Half-Life (30) and BSP2
 * (magic "BSP2", 32-bit indices and float bounds; "2PSB", its older form
 * with 16-bit bounds): 15 lumps of {offset, length} after a 4-byte version
 * or magic, little-endian.
 *
 * Clusters are the world's visible leaves (leaf - 1 for leaves 1 ..
 * models[0].visleafs); a leaf's visofs locates its run-length PVS row; a
 * face's lightmap size comes from its vertices (bsp__extents_lightmap).
 * Everything here is data: the rules are leafvis.c and lightmap_extents.c.
 */
#include "family.h"

#if BSP__QUAKE_FAMILY

enum {
    Q_ENTITIES, Q_PLANES, Q_TEXTURES, Q_VERTEXES, Q_VIS, Q_NODES, Q_TEXINFO,
    Q_FACES, Q_LIGHTING, Q_CLIPNODES, Q_LEAFS, Q_MARKSURFACES, Q_EDGES,
    Q_SURFEDGES, Q_MODELS
};

#define QUAKE_LUMPS 15
#define QUAKE_HEADER_BYTES (4 + QUAKE_LUMPS * 8)
BSP__CHECK_DIRECTORY(quake, QUAKE_HEADER_BYTES, QUAKE_LUMPS);

#if BSPKIT_STRINGS
static const char quake_lump_names[] =
    "entities\0" "planes\0" "textures\0" "vertexes\0" "visibility\0" "nodes\0" "texinfo\0"
    "faces\0" "lighting\0" "clipnodes\0" "leafs\0" "marksurfaces\0" "edges\0"
    "surfedges\0" "models\0";
#endif

/* What the three formats share: bytes, planes, vertexes, texinfo
 * (vecs[2][4], miptex, flags), surfedges, and models (mins, maxs, origin,
 * headnode[4], visleafs, firstface, numfaces). */
static const bsp__layout_rule quake_common_rules[] = {
    BSP_RULE(Q_VIS, BSP_LAYOUT_BYTES),   /* run-length rows */
    BSP_RULE(Q_PLANES, BSP_LAYOUT_PLANES),
    BSP_RULE(Q_VERTEXES, BSP_LAYOUT_VEC3),
    BSP_RULE(Q_TEXINFO, { "4444444444", 40, BSP_LAYOUT_RECORDS }),
    BSP_RULE(Q_SURFEDGES, BSP_LAYOUT_INT32),
    BSP_RULE(Q_MODELS, { "444444444" "4444" "444", 64, BSP_LAYOUT_RECORDS }),
};
static const bsp__layout_table quake_common = BSP_LAYOUT_TABLE(quake_common_rules, NULL);

#if BSPKIT_FAMILY_QUAKE || BSPKIT_FAMILY_GOLDSRC
/* Quake and GoldSrc: 16-bit indices and bounds. */
static const bsp__layout_rule quake_rules[] = {
    /* planenum, children[2], mins[3], maxs[3], firstface, numfaces */
    BSP_RULE(Q_NODES, { "4" "22" "222222" "22", 24, BSP_LAYOUT_RECORDS }),
    /* planenum, side, firstedge, numedges, texinfo, styles[4], lightofs */
    BSP_RULE(Q_FACES, { "22" "4" "22" "1111" "4", 20, BSP_LAYOUT_RECORDS }),
    BSP_RULE(Q_CLIPNODES, { "422", 8, BSP_LAYOUT_RECORDS }),
    /* contents, visofs, mins[3], maxs[3], marksurface range, ambient[4] */
    BSP_RULE(Q_LEAFS, { "44" "222222" "22" "1111", 28, BSP_LAYOUT_RECORDS }),
    BSP_RULE(Q_MARKSURFACES, BSP_LAYOUT_INT16),
    BSP_RULE(Q_EDGES, BSP_LAYOUT_EDGES16),
};
static const bsp__layout_table quake_layouts = BSP_LAYOUT_TABLE(quake_rules, &quake_common);
#endif

#if BSPKIT_FAMILY_BSP2
/* BSP2: the same records widened to 32-bit indices and float bounds. */
static const bsp__layout_rule bsp2_rules[] = {
    BSP_RULE(Q_NODES, { "444" "444444" "44", 44, BSP_LAYOUT_RECORDS }),
    BSP_RULE(Q_FACES, { "44444" "1111" "4", 28, BSP_LAYOUT_RECORDS }),
    BSP_RULE(Q_CLIPNODES, { "444", 12, BSP_LAYOUT_RECORDS }),
    BSP_RULE(Q_LEAFS, { "44" "444444" "44" "1111", 44, BSP_LAYOUT_RECORDS }),
    BSP_RULE(Q_MARKSURFACES, BSP_LAYOUT_INT32),
    BSP_RULE(Q_EDGES, BSP_LAYOUT_EDGES32),
};
static const bsp__layout_table bsp2_layouts = BSP_LAYOUT_TABLE(bsp2_rules, &quake_common);

/* 2PSB: BSP2 with 16-bit node and leaf bounds. */
static const bsp__layout_rule bsp2_rmq_rules[] = {
    BSP_RULE(Q_NODES, { "444" "222222" "44", 32, BSP_LAYOUT_RECORDS }),
    BSP_RULE(Q_LEAFS, { "44" "222222" "44" "1111", 32, BSP_LAYOUT_RECORDS }),
};
static const bsp__layout_table bsp2_rmq_layouts = BSP_LAYOUT_TABLE(bsp2_rmq_rules, &bsp2_layouts);
#endif

/* ---- map access ---------------------------------------------------------- */

#if BSPKIT_ACCESS
/* One contents value per leaf (bspfile.h CONTENTS_*; -9 .. -14 currents,
 * -15 translucent and -16 ladder are GoldSrc's). */
static const bsp__flag_rule quake_contents[] = {
    { -2, BSP_CONTENTS_SOLID }, { -3, BSP_CONTENTS_WATER }, { -4, BSP_CONTENTS_SLIME },
    { -5, BSP_CONTENTS_LAVA }, { -6, BSP_CONTENTS_SKY }, { -7, BSP_CONTENTS_ORIGIN },
    { -8, BSP_CONTENTS_PLAYERCLIP | BSP_CONTENTS_MONSTERCLIP },
    { -9, BSP_CONTENTS_CURRENT | BSP_CONTENTS_WATER }, { -10, BSP_CONTENTS_CURRENT | BSP_CONTENTS_WATER },
    { -11, BSP_CONTENTS_CURRENT | BSP_CONTENTS_WATER }, { -12, BSP_CONTENTS_CURRENT | BSP_CONTENTS_WATER },
    { -13, BSP_CONTENTS_CURRENT | BSP_CONTENTS_WATER }, { -14, BSP_CONTENTS_CURRENT | BSP_CONTENTS_WATER },
    { -15, BSP_CONTENTS_TRANSLUCENT }, { -16, BSP_CONTENTS_LADDER },
};

/* texinfo flags: TEX_SPECIAL (sky and liquids: no lightmap). Names add
 * sky, warp and translucency (flags_by_name). */
static const bsp__flag_rule quake_surface[] = { { 1, BSP_SURF_NOLIGHTMAP } };

#define QUAKE_ACCESS_COMMON \
    .lumps = { Q_TEXTURES, -1, -1, -1, -1, -1, -1, -1, -1 }, \
    .geometry = BSP_GEOM_EDGES, .texture_kind = BSP_TEX_MIPTEX, .flags_by_name = 1, \
    .model_origin = 24, \
    .texinfo_texture = { 32, BSP_F_I32 }, .texinfo_flags = { 36, BSP_F_I32 }, \
    .texture_name_len = 16, \
    .contents = quake_contents, .num_contents = sizeof quake_contents / sizeof quake_contents[0], \
    .surface = quake_surface, .num_surface = 1

#if BSPKIT_FAMILY_QUAKE || BSPKIT_FAMILY_GOLDSRC
static const bsp__access quake_access = {
    QUAKE_ACCESS_COMMON,
    .leaf_bounds = { 8, BSP_F_I16 }, .face_side = { 2, BSP_F_I16 },
};
#endif
#if BSPKIT_FAMILY_BSP2
static const bsp__access bsp2_access = {
    QUAKE_ACCESS_COMMON,
    .leaf_bounds = { 8, BSP_F_F32 }, .face_side = { 4, BSP_F_I32 },
};
static const bsp__access bsp2_rmq_access = {
    QUAKE_ACCESS_COMMON,
    .leaf_bounds = { 8, BSP_F_I16 }, .face_side = { 4, BSP_F_I32 },
};
#endif
#endif


#define QUAKE_COMMON \
    .dir.header_bytes = QUAKE_HEADER_BYTES, \
    .dir.dir_offset = 4, \
    .dir.num_lumps = QUAKE_LUMPS, \
    .dir.entry_words = 2, \
    .dir.entry = { 0, 1, -1, -1 }, \
    .dir.role_lump = { BSP_ROLE(ENTITIES, Q_ENTITIES), BSP_ROLE(PLANES, Q_PLANES), \
                   BSP_ROLE(NODES, Q_NODES), BSP_ROLE(LEAFS, Q_LEAFS), \
                   BSP_ROLE(MODELS, Q_MODELS), BSP_ROLE(VIS, Q_VIS), \
                   BSP_ROLE(FACES, Q_FACES), BSP_ROLE(TEXINFO, Q_TEXINFO), \
                   BSP_ROLE(LIGHTING, Q_LIGHTING), BSP_ROLE(EDGES, Q_EDGES), \
                   BSP_ROLE(SURFEDGES, Q_SURFEDGES), BSP_ROLE(VERTEXES, Q_VERTEXES), \
                   BSP_ROLE(LEAFFACES, Q_MARKSURFACES) }, \
    .dir.lighting_roles = (1u << BSP_ROLE_TEXINFO) | (1u << BSP_ROLE_EDGES) | \
                      (1u << BSP_ROLE_SURFEDGES) | (1u << BSP_ROLE_VERTEXES), \
    .dir.lump_names = BSP__LUMP_NAMES(quake_lump_names), \
    .tree.leaf_contents = { 0, BSP_F_I32 }, .tree.leaf_visofs = { 4, BSP_F_I32 }, \
    .tree.model_headnode = { 36, BSP_F_I32 }, .tree.model_numleafs = { 52, BSP_F_I32 }, \
    .tree.model_firstface = { 56, BSP_F_I32 }, .tree.model_numfaces = { 60, BSP_F_I32 }, \
    .tree.world_first_leaf = 1, \
    .vis.vis_compressed = 1, \
    .faces.face_num_styles = 4, \
    .faces.texinfo_vecs = 0, \
    .finish = bsp__leafvis_finish, \
    .vis.vis_row = bsp__leafvis_row, \
    .faces.face_lightmap = bsp__extents_lightmap

#define QUAKE_RECORDS \
    .dir.layouts = &quake_layouts, \
    .tree.node_plane = { 0, BSP_F_I32 }, \
    .tree.node_child = { { 4, BSP_F_I16 }, { 6, BSP_F_I16 } }, \
    .tree.node_firstface = { 20, BSP_F_U16 }, .tree.node_numfaces = { 22, BSP_F_U16 }, \
    .tree.leaf_firstleafface = { 20, BSP_F_U16 }, .tree.leaf_numleaffaces = { 22, BSP_F_U16 }, \
    .faces.face_plane = { 0, BSP_F_U16 }, .faces.face_firstedge = { 4, BSP_F_I32 }, \
    .faces.face_numedges = { 8, BSP_F_I16 }, .faces.face_texinfo = { 10, BSP_F_I16 }, \
    .faces.face_lightofs = { 16, BSP_F_I32 }, .faces.face_styles_offset = 12, \
    .faces.edge_v = { { 0, BSP_F_U16 }, { 2, BSP_F_U16 } }, \
    .tree.leafface_face = { 0, BSP_F_U16 }

/* BSP2 faces: planenum, side, firstedge, numedges, texinfo as int32. */
#define BSP2_RECORDS \
    .tree.node_plane = { 0, BSP_F_I32 }, \
    .tree.node_child = { { 4, BSP_F_I32 }, { 8, BSP_F_I32 } }, \
    .faces.face_plane = { 0, BSP_F_I32 }, .faces.face_firstedge = { 8, BSP_F_I32 }, \
    .faces.face_numedges = { 12, BSP_F_I32 }, .faces.face_texinfo = { 16, BSP_F_I32 }, \
    .faces.face_lightofs = { 24, BSP_F_I32 }, .faces.face_styles_offset = 20, \
    .faces.edge_v = { { 0, BSP_F_I32 }, { 4, BSP_F_I32 } }, \
    .tree.leafface_face = { 0, BSP_F_I32 }

#if BSPKIT_FAMILY_QUAKE
const struct bsp_family bsp__family_quake = {
    .name = "quake",
    .detect.version_at = 0, .detect.min_version = 29, .detect.max_version = 29,
    QUAKE_COMMON,
    QUAKE_RECORDS,
    .faces.luxel_bytes = 1,
    .access = BSP__ACCESS(&quake_access),
};
#endif

#if BSPKIT_FAMILY_GOLDSRC
const struct bsp_family bsp__family_goldsrc = {
    .name = "goldsrc",
    .detect.version_at = 0, .detect.min_version = 30, .detect.max_version = 30,
    QUAKE_COMMON,
    QUAKE_RECORDS,
    .faces.luxel_bytes = 3,
    .access = BSP__ACCESS(&quake_access),
};
#endif

#if BSPKIT_FAMILY_BSP2
/* The magic carries no version number: version 0. */
const struct bsp_family bsp__family_bsp2 = {
    .name = "bsp2",
    .detect.magic = "BSP2", .detect.version_at = -1,
    QUAKE_COMMON,
    BSP2_RECORDS,
    .dir.layouts = &bsp2_layouts,
    .tree.node_firstface = { 36, BSP_F_I32 }, .tree.node_numfaces = { 40, BSP_F_I32 },
    .tree.leaf_firstleafface = { 32, BSP_F_I32 }, .tree.leaf_numleaffaces = { 36, BSP_F_I32 },
    .faces.luxel_bytes = 1,
    .access = BSP__ACCESS(&bsp2_access),
};

const struct bsp_family bsp__family_bsp2_rmq = {
    .name = "bsp2",
    .detect.magic = "2PSB", .detect.version_at = -1,
    QUAKE_COMMON,
    BSP2_RECORDS,
    .dir.layouts = &bsp2_rmq_layouts,
    .tree.node_firstface = { 24, BSP_F_I32 }, .tree.node_numfaces = { 28, BSP_F_I32 },
    .tree.leaf_firstleafface = { 20, BSP_F_I32 }, .tree.leaf_numleaffaces = { 24, BSP_F_I32 },
    .faces.luxel_bytes = 1,
    .access = BSP__ACCESS(&bsp2_rmq_access),
};
#endif

#endif
