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
 * Quake 64 (" 46Q", docs/queries.md 13.4) is Quake with a longer miptex
 * header, Hexen II (13.4) Quake with 80-byte models (8 head nodes) and six
 * hulls: variants over the same tables.
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

static const char quake_lump_names[] =
    "entities\0" "planes\0" "textures\0" "vertexes\0" "visibility\0" "nodes\0" "texinfo\0"
    "faces\0" "lighting\0" "clipnodes\0" "leafs\0" "marksurfaces\0" "edges\0"
    "surfedges\0" "models\0";

/* The records of Quake's bspfile.h, each described once (core/record.h).
 * What the three formats share: planes, vertexes, texinfo, surfedges and
 * models; the textures lump is a miptex directory (bytes), whose entries
 * name a texture in 16 bytes. */
#define Q1_TEXINFO(F) F(vecs, F32, 8) F(miptex, I32, 1) F(flags, I32, 1)
#define Q1_MODEL(F) F(mins, F32, 3) F(maxs, F32, 3) F(origin, F32, 3) F(headnode, I32, 4) \
    F(visleafs, I32, 1) F(firstface, I32, 1) F(numfaces, I32, 1)
#define Q1_MIPTEX(F) F(name, U8, 16) F(width, I32, 1) F(height, I32, 1) F(offsets, I32, 4)
/* Quake 64's miptex header (docs/queries.md 13.4): a uint32 `shift`
 * before the offsets, kept as stored (bspkit gives it no meaning). */
#define Q64_MIPTEX(F) F(name, U8, 16) F(width, I32, 1) F(height, I32, 1) F(shift, I32, 1) \
    F(offsets, I32, 4)
BSP_RECORD(q1_texinfo, Q1_TEXINFO);
BSP_RECORD(q1_model, Q1_MODEL);
BSP_RECORD_TYPES(q1_miptex, Q1_MIPTEX);
#if BSP__QUAKE64
BSP_RECORD_TYPES(q64_miptex, Q64_MIPTEX);
#endif
#if BSP__HEXEN2
/* Hexen II's model (docs/queries.md 13.4): eight head nodes */
#define H2_MODEL(F) F(mins, F32, 3) F(maxs, F32, 3) F(origin, F32, 3) F(headnode, I32, 8) \
    F(visleafs, I32, 1) F(firstface, I32, 1) F(numfaces, I32, 1)
BSP_RECORD(h2_model, H2_MODEL);
BSP__CHECK(h2_model_origin, BSP_AT(h2_model, origin) == BSP_AT(q1_model, origin));
#endif

static const bsp__layout_rule quake_common_rules[] = {
    BSP_RULE(Q_VIS, BSP_LAYOUT_BYTES),   /* run-length rows */
    BSP_RULE(Q_PLANES, BSP_RECORDS(bsp__plane)),
    BSP_RULE(Q_VERTEXES, BSP_RECORDS(bsp__vec3)),
    BSP_RULE(Q_TEXINFO, BSP_RECORDS(q1_texinfo)),
    BSP_RULE(Q_SURFEDGES, BSP_RECORDS(bsp__int32)),
    BSP_RULE(Q_MODELS, BSP_RECORDS(q1_model)),
};
static const bsp__layout_table quake_common = BSP_LAYOUT_TABLE(quake_common_rules, NULL);

/* Quake and GoldSrc: 16-bit indices and bounds. A leaf's marksurface range
 * is followed by its four ambient sound levels. */
#define Q1_NODE(F) F(planenum, I32, 1) F(children, I16, 2) F(mins, I16, 3) F(maxs, I16, 3) \
    F(firstface, U16, 1) F(numfaces, U16, 1)
#define Q1_FACE(F) F(planenum, U16, 1) F(side, I16, 1) F(firstedge, I32, 1) F(numedges, I16, 1) \
    F(texinfo, I16, 1) F(styles, U8, 4) F(lightofs, I32, 1)
#define Q1_CLIPNODE(F) F(planenum, I32, 1) F(children, I16, 2)
#define Q1_LEAF(F) F(contents, I32, 1) F(visofs, I32, 1) F(mins, I16, 3) F(maxs, I16, 3) \
    F(firstmarksurface, U16, 1) F(nummarksurfaces, U16, 1) F(ambient_level, U8, 4)

/* BSP2: the same records widened to 32-bit indices and float bounds. */
#define BSP2_NODE(F) F(planenum, I32, 1) F(children, I32, 2) F(mins, F32, 3) F(maxs, F32, 3) \
    F(firstface, I32, 1) F(numfaces, I32, 1)
#define BSP2_FACE(F) F(planenum, I32, 1) F(side, I32, 1) F(firstedge, I32, 1) F(numedges, I32, 1) \
    F(texinfo, I32, 1) F(styles, U8, 4) F(lightofs, I32, 1)
#define BSP2_CLIPNODE(F) F(planenum, I32, 1) F(children, I32, 2)
#define BSP2_LEAF(F) F(contents, I32, 1) F(visofs, I32, 1) F(mins, F32, 3) F(maxs, F32, 3) \
    F(firstmarksurface, I32, 1) F(nummarksurfaces, I32, 1) F(ambient_level, U8, 4)
/* 2PSB: BSP2 with 16-bit node and leaf bounds. */
#define RMQ_NODE(F) F(planenum, I32, 1) F(children, I32, 2) F(mins, I16, 3) F(maxs, I16, 3) \
    F(firstface, I32, 1) F(numfaces, I32, 1)
#define RMQ_LEAF(F) F(contents, I32, 1) F(visofs, I32, 1) F(mins, I16, 3) F(maxs, I16, 3) \
    F(firstmarksurface, I32, 1) F(nummarksurfaces, I32, 1) F(ambient_level, U8, 4)

/* Fields the three leaf records share (contents, visofs) read through the
 * Quake record. */
BSP_RECORD_TYPES(q1_leaf, Q1_LEAF);
BSP_RECORD_TYPES(q1_face, Q1_FACE);

#if BSPKIT_FAMILY_QUAKE || BSPKIT_FAMILY_GOLDSRC
BSP_RECORD(q1_node, Q1_NODE);
static BSP_RECORD_RUNS(q1_face, Q1_FACE);
BSP_RECORD(q1_clipnode, Q1_CLIPNODE);
static BSP_RECORD_RUNS(q1_leaf, Q1_LEAF);
static const bsp__layout_rule quake_rules[] = {
    BSP_RULE(Q_NODES, BSP_RECORDS(q1_node)),
    BSP_RULE(Q_FACES, BSP_RECORDS(q1_face)),
    BSP_RULE(Q_CLIPNODES, BSP_RECORDS(q1_clipnode)),
    BSP_RULE(Q_LEAFS, BSP_RECORDS(q1_leaf)),
    BSP_RULE(Q_MARKSURFACES, BSP_RECORDS(bsp__uint16)),
    BSP_RULE(Q_EDGES, BSP_RECORDS(bsp__edge16)),
};
static const bsp__layout_table quake_layouts = BSP_LAYOUT_TABLE(quake_rules, &quake_common);
#endif
#if BSP__HEXEN2
static const bsp__layout_rule hexen2_rules[] = { BSP_RULE(Q_MODELS, BSP_RECORDS(h2_model)) };
static const bsp__layout_table hexen2_layouts = BSP_LAYOUT_TABLE(hexen2_rules, &quake_layouts);
#endif

#if BSPKIT_FAMILY_BSP2
BSP_RECORD(bsp2_node, BSP2_NODE);
BSP_RECORD(bsp2_face, BSP2_FACE);
BSP_RECORD(bsp2_clipnode, BSP2_CLIPNODE);
BSP_RECORD(bsp2_leaf, BSP2_LEAF);
BSP_RECORD(rmq_node, RMQ_NODE);
BSP_RECORD(rmq_leaf, RMQ_LEAF);
static const bsp__layout_rule bsp2_rules[] = {
    BSP_RULE(Q_NODES, BSP_RECORDS(bsp2_node)),
    BSP_RULE(Q_FACES, BSP_RECORDS(bsp2_face)),
    BSP_RULE(Q_CLIPNODES, BSP_RECORDS(bsp2_clipnode)),
    BSP_RULE(Q_LEAFS, BSP_RECORDS(bsp2_leaf)),
    BSP_RULE(Q_MARKSURFACES, BSP_RECORDS(bsp__int32)),
    BSP_RULE(Q_EDGES, BSP_RECORDS(bsp__edge32)),
};
static const bsp__layout_table bsp2_layouts = BSP_LAYOUT_TABLE(bsp2_rules, &quake_common);

static const bsp__layout_rule bsp2_rmq_rules[] = {
    BSP_RULE(Q_NODES, BSP_RECORDS(rmq_node)),
    BSP_RULE(Q_LEAFS, BSP_RECORDS(rmq_leaf)),
};
static const bsp__layout_table bsp2_rmq_layouts = BSP_LAYOUT_TABLE(bsp2_rmq_rules, &bsp2_layouts);
#endif

/* ---- map access ---------------------------------------------------------- */

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

#define QUAKE_ACCESS_COMMON(mt) \
    .lumps = { Q_TEXTURES, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1 }, \
    .geometry = BSP_GEOM_EDGES, .texture_kind = BSP_TEX_MIPTEX, \
    .flags_by_name = BSP_NAME_SKY | BSP_NAME_LIQUID | BSP_NAME_FENCE, \
    .model_origin = BSP_AT(q1_model, origin), \
    .texinfo_texture = BSP_FIELD(q1_texinfo, miptex), .texinfo_flags = BSP_FIELD(q1_texinfo, flags), \
    .texture_name_len = BSP_BYTES(mt, name), .texture_size = BSP_AT(mt, width), \
    .miptex_header = mt##_bytes, .miptex_offsets = BSP_AT(mt, offsets), \
    .contents = quake_contents, .num_contents = sizeof quake_contents / sizeof quake_contents[0], \
    .surface = quake_surface, .num_surface = 1, .light_combine = BSP_COMBINE_SHIFT7

#if BSPKIT_FAMILY_QUAKE
static const bsp__access quake_access = {
    QUAKE_ACCESS_COMMON(q1_miptex), .texture_palette = BSP_PALETTE_QUAKE,
    .leaf_bounds = BSP_FIELD(q1_leaf, mins), .face_side = BSP_FIELD(q1_face, side),
};
#endif
#if BSP__QUAKE64
static const bsp__access quake64_access = {
    QUAKE_ACCESS_COMMON(q64_miptex), .texture_palette = BSP_PALETTE_QUAKE,
    .leaf_bounds = BSP_FIELD(q1_leaf, mins), .face_side = BSP_FIELD(q1_face, side),
};
#endif
#if BSPKIT_FAMILY_GOLDSRC
/* GoldSrc's miptex carry their own palette after mip 3 */
static const bsp__access goldsrc_access = {
    QUAKE_ACCESS_COMMON(q1_miptex), .texture_palette = BSP_PALETTE_OWN,
    .leaf_bounds = BSP_FIELD(q1_leaf, mins), .face_side = BSP_FIELD(q1_face, side),
};
#endif
#if BSPKIT_FAMILY_BSP2
static const bsp__access bsp2_access = {
    QUAKE_ACCESS_COMMON(q1_miptex), .texture_palette = BSP_PALETTE_QUAKE,
    .leaf_bounds = BSP_FIELD(bsp2_leaf, mins), .face_side = BSP_FIELD(bsp2_face, side),
};
static const bsp__access bsp2_rmq_access = {
    QUAKE_ACCESS_COMMON(q1_miptex), .texture_palette = BSP_PALETTE_QUAKE,
    .leaf_bounds = BSP_FIELD(rmq_leaf, mins), .face_side = BSP_FIELD(bsp2_face, side),
};
#endif

#if BSPKIT_COLLISION
/* The clipping hulls (docs/queries.md 8.4): the box each hull's tree was
 * built for, mins then maxs; hull 0 is a point. Clipnodes are the same in
 * quake and goldsrc (int16 children), int32 in bsp2. The rules that pick
 * a hull from a box's size (8.4a; description.h hull_pick): Quake's
 * SV_HullForEntity, GoldSrc's SV_HullForBsp (its crouching hull 3 by the
 * height), Hexen II's (docs/queries.md 13.4, bspkit's reading of its
 * engine: hull 4 only by bsp_hull_trace, as for a world without spawnflag
 * 1; hull 2 likewise, as the engine gives it only to an entity that names
 * it). */
#define QUAKE_PICK { { 3, 0, 0, 1 }, { 32, 0, 1, 0 }, { 0, 0, 2, 0 } }
#define GOLDSRC_PICK { { 8, 0, 0, 0 }, { 36, 36, 3, 0 }, { 36, 0, 1, 0 }, { 0, 0, 2, 0 } }
#define HEXEN2_PICK { { 3, 0, 0, 1 }, { 32, 28, 3, 0 }, { 32, 0, 1, 0 }, { 0, 0, 5, 0 } }
#if BSPKIT_FAMILY_QUAKE || BSPKIT_FAMILY_BSP2
static const float quake_hulls[3][2][3] = {
    { { 0, 0, 0 }, { 0, 0, 0 } },
    { { -16, -16, -24 }, { 16, 16, 32 } },
    { { -32, -32, -24 }, { 32, 32, 64 } },
};
#endif
#define QUAKE_COLL(clipnode, table, pick) \
    .lumps = { -1, -1, -1, Q_CLIPNODES, -1, -1, -1, -1 }, \
    .kind = BSP_COLL_HULLS, .num_hulls = sizeof table / sizeof table[0], .hulls = (table), \
    .hull_pick = pick, \
    .clipnode_plane = BSP_FIELD(clipnode, planenum), \
    .clipnode_child = { BSP_FIELD_K(clipnode, children, 0), BSP_FIELD_K(clipnode, children, 1) }, \
    .list_contents = quake_contents, .num_list_contents = sizeof quake_contents / sizeof quake_contents[0], \
    /* (hull traces take no mask; a brush list's box traces do: what the \
     * clip hulls hold, solid and sky, and for a player the clip brushes) */ \
    .masks = { BSP_CONTENTS_SOLID | BSP_CONTENTS_SKY, \
               BSP_CONTENTS_SOLID | BSP_CONTENTS_SKY | BSP_CONTENTS_PLAYERCLIP | BSP_CONTENTS_MONSTERCLIP }
#if BSPKIT_FAMILY_QUAKE
static const struct bsp__collision quake_coll = { QUAKE_COLL(q1_clipnode, quake_hulls, QUAKE_PICK) };
#endif
#if BSP__HEXEN2
/* Hexen II's hulls 1-5 as the contract lists them (docs/queries.md 13.4;
 * uHexen2's engine takes hulls 1 and 3 mirrored, -maxs .. -mins, which is
 * how its compilers' tables, these, expand a brush) */
static const float hexen2_hulls[6][2][3] = {
    { { 0, 0, 0 }, { 0, 0, 0 } },
    { { -16, -16, -32 }, { 16, 16, 24 } },
    { { -24, -24, -20 }, { 24, 24, 20 } },
    { { -16, -16, -16 }, { 16, 16, 12 } },
    { { -8, -8, -8 }, { 8, 8, 8 } },
    { { -28, -28, -40 }, { 28, 28, 40 } },
};
BSP__CHECK(hexen2_hulls, sizeof hexen2_hulls / sizeof hexen2_hulls[0] <= BSP__HULLS_MAX);
static const struct bsp__collision hexen2_coll = { QUAKE_COLL(q1_clipnode, hexen2_hulls, HEXEN2_PICK) };
#endif
#if BSPKIT_FAMILY_GOLDSRC
static const float goldsrc_hulls[4][2][3] = {
    { { 0, 0, 0 }, { 0, 0, 0 } },
    { { -16, -16, -36 }, { 16, 16, 36 } },
    { { -32, -32, -32 }, { 32, 32, 32 } },
    { { -16, -16, -18 }, { 16, 16, 18 } },
};
static const struct bsp__collision goldsrc_coll = {
    QUAKE_COLL(q1_clipnode, goldsrc_hulls, GOLDSRC_PICK), .hull0_at_origin = 1
};
#endif
#if BSPKIT_FAMILY_BSP2
static const struct bsp__collision bsp2_coll = { QUAKE_COLL(bsp2_clipnode, quake_hulls, QUAKE_PICK) };
#endif
#endif

#define QUAKE_COMMON(model) \
    .amb.kind = BSP_AMB_OCTREE, \
    .dir.header_bytes = QUAKE_HEADER_BYTES, \
    .dir.dir_offset = 4, \
    .dir.num_lumps = QUAKE_LUMPS, \
    .dir.entry_words = 2, \
    .dir.bspx = 1, \
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
    .dir.lump_names = BSP__IF(BSPKIT_STRINGS, quake_lump_names), \
    .tree.leaf_contents = BSP_FIELD(q1_leaf, contents), .tree.leaf_visofs = BSP_FIELD(q1_leaf, visofs), \
    .tree.model_headnode = BSP_FIELD(model, headnode), \
    .tree.model_numleafs = BSP_FIELD(model, visleafs), \
    .tree.model_firstface = BSP_FIELD(model, firstface), \
    .tree.model_numfaces = BSP_FIELD(model, numfaces), \
    .tree.world_first_leaf = 1, \
    .vis.vis_compressed = 1, \
    .faces.face_num_styles = 4, \
    .faces.texinfo_vecs = BSP_AT(q1_texinfo, vecs), \
    .finish = bsp__leafvis_finish, \
    .vis.vis_row = bsp__leafvis_row, \
    .faces.face_lightmap = bsp__extents_lightmap

#define QUAKE_RECORDS(lay) \
    .dir.layouts = (lay), \
    .tree.node_plane = BSP_FIELD(q1_node, planenum), \
    .tree.node_child = { BSP_FIELD_K(q1_node, children, 0), BSP_FIELD_K(q1_node, children, 1) }, \
    .tree.node_firstface = BSP_FIELD(q1_node, firstface), \
    .tree.node_numfaces = BSP_FIELD(q1_node, numfaces), \
    .tree.leaf_firstleafface = BSP_FIELD(q1_leaf, firstmarksurface), \
    .tree.leaf_numleaffaces = BSP_FIELD(q1_leaf, nummarksurfaces), \
    .faces.face_plane = BSP_FIELD(q1_face, planenum), \
    .faces.face_firstedge = BSP_FIELD(q1_face, firstedge), \
    .faces.face_numedges = BSP_FIELD(q1_face, numedges), \
    .faces.face_texinfo = BSP_FIELD(q1_face, texinfo), \
    .faces.face_lightofs = BSP_FIELD(q1_face, lightofs), \
    .faces.face_styles_offset = BSP_AT(q1_face, styles), \
    .faces.edge_v = { BSP_FIELD_K(bsp__edge16, v, 0), BSP_FIELD_K(bsp__edge16, v, 1) }, \
    .tree.leafface_face = BSP_FIELD(bsp__uint16, v)

/* BSP2 and 2PSB faces, edges and leaf faces; their nodes and leaves differ. */
#define BSP2_RECORDS(node, leaf) \
    .tree.node_plane = BSP_FIELD(node, planenum), \
    .tree.node_child = { BSP_FIELD_K(node, children, 0), BSP_FIELD_K(node, children, 1) }, \
    .tree.node_firstface = BSP_FIELD(node, firstface), \
    .tree.node_numfaces = BSP_FIELD(node, numfaces), \
    .tree.leaf_firstleafface = BSP_FIELD(leaf, firstmarksurface), \
    .tree.leaf_numleaffaces = BSP_FIELD(leaf, nummarksurfaces), \
    .faces.face_plane = BSP_FIELD(bsp2_face, planenum), \
    .faces.face_firstedge = BSP_FIELD(bsp2_face, firstedge), \
    .faces.face_numedges = BSP_FIELD(bsp2_face, numedges), \
    .faces.face_texinfo = BSP_FIELD(bsp2_face, texinfo), \
    .faces.face_lightofs = BSP_FIELD(bsp2_face, lightofs), \
    .faces.face_styles_offset = BSP_AT(bsp2_face, styles), \
    .faces.edge_v = { BSP_FIELD_K(bsp__edge32, v, 0), BSP_FIELD_K(bsp__edge32, v, 1) }, \
    .tree.leafface_face = BSP_FIELD(bsp__int32, v)

#if BSPKIT_FAMILY_QUAKE
const struct bsp_family bsp__family_quake = {
    .name = "quake", .detect.id = BSP_FAMILY_QUAKE,
    .detect.version_at = 0, .detect.min_version = 29, .detect.max_version = 29,
    QUAKE_COMMON(q1_model),
    QUAKE_RECORDS(&quake_layouts),
#if BSP__HEXEN2
    .dir.models_variant = &bsp__family_quake_hexen2, .dir.models_clipnodes = Q_CLIPNODES,
#endif
    .faces.luxel_bytes = 1,
    .access = BSP__IF(BSPKIT_ACCESS, &quake_access),
    BSP__COLL(&quake_coll)
};
#endif

#if BSP__HEXEN2
/* Hexen II's player (its game code's client.hc: setsize in
 * PutClientInServer and when crouching): the origin at the feet, hull 1
 * standing and hull 3 crouching (hexen2_hulls) */
static const int8_t hexen2_player[2][6] = { { -16, -16, 0, 16, 16, 56 }, { -16, -16, 0, 16, 16, 28 } };

/* Hexen II (docs/queries.md 13.4): version 29 told by its model lump
 * (pipeline/header.c), 80-byte models and six hulls. Not in the detection
 * list: Quake's description names it. */
const struct bsp_family bsp__family_quake_hexen2 = {
    .name = "quake", .detect.id = BSP_FAMILY_QUAKE, .detect.variant = "hexen2",
    .detect.version_at = 0, .detect.min_version = 29, .detect.max_version = 29,
    QUAKE_COMMON(h2_model),
    QUAKE_RECORDS(&hexen2_layouts),
    .faces.luxel_bytes = 1,
    .access = BSP__IF(BSPKIT_ACCESS, &quake_access),
    .player_box = hexen2_player,
    BSP__COLL(&hexen2_coll)
};
#endif

#if BSP__QUAKE64
/* Quake 64 (docs/queries.md 13.4): the bytes " 46Q" where Quake has its
 * version (no version number: 0), Quake's records but the miptex header. */
const struct bsp_family bsp__family_quake64 = {
    .name = "quake", .detect.id = BSP_FAMILY_QUAKE, .detect.variant = "quake64",
    .detect.magic = " 46Q", .detect.version_at = -1,
    QUAKE_COMMON(q1_model),
    QUAKE_RECORDS(&quake_layouts),
    .faces.luxel_bytes = 1,
    .access = BSP__IF(BSPKIT_ACCESS, &quake64_access),
    BSP__COLL(&quake_coll)
};
#endif

#if BSPKIT_FAMILY_GOLDSRC
const struct bsp_family bsp__family_goldsrc = {
    .name = "goldsrc", .detect.id = BSP_FAMILY_GOLDSRC,
    .detect.version_at = 0, .detect.min_version = 30, .detect.max_version = 30,
    QUAKE_COMMON(q1_model),
    QUAKE_RECORDS(&quake_layouts),
    .faces.luxel_bytes = 3,
    .access = BSP__IF(BSPKIT_ACCESS, &goldsrc_access),
    BSP__COLL(&goldsrc_coll)
};
#endif

#if BSPKIT_FAMILY_BSP2
/* The magic carries no version number: version 0. */
const struct bsp_family bsp__family_bsp2 = {
    .name = "bsp2", .detect.id = BSP_FAMILY_BSP2,
    .detect.magic = "BSP2", .detect.version_at = -1,
    QUAKE_COMMON(q1_model),
    BSP2_RECORDS(bsp2_node, bsp2_leaf),
    .dir.layouts = &bsp2_layouts,
    .faces.luxel_bytes = 1,
    .access = BSP__IF(BSPKIT_ACCESS, &bsp2_access),
    BSP__COLL(&bsp2_coll)
};

const struct bsp_family bsp__family_bsp2_rmq = {
    .name = "bsp2", .detect.id = BSP_FAMILY_BSP2,
    .detect.magic = "2PSB", .detect.version_at = -1,
    QUAKE_COMMON(q1_model),
    BSP2_RECORDS(rmq_node, rmq_leaf),
    .dir.layouts = &bsp2_rmq_layouts,
    .faces.luxel_bytes = 1,
    .access = BSP__IF(BSPKIT_ACCESS, &bsp2_rmq_access),
    BSP__COLL(&bsp2_coll)
};
#endif

#endif
