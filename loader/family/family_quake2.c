/* SPDX-License-Identifier: MIT */
/* family_quake2.c - Quake 2 ("IBSP" version 38): 19 lumps of {offset,
 * length}, little-endian. Leaves name their cluster; visibility is a dvis_t
 * with PVS and PAS rows, as in Source; lightmaps follow the Quake rule with
 * RGB luxels. The Quake II re-release's Qbism format ("QBSP" 38,
 * docs/queries.md 13.1) is the same file with nodes, faces, leaves, leaf
 * lists, edges and brush sides widened to 32 bits (bounds to floats): a
 * second description over the same tables. Daikatana ("IBSP" 41,
 * docs/queries.md 13.4) is IBSP 38 with two lumps more: 19, a float rgb[3]
 * per texinfo, and 20, plane faces (per plane an int32 count and that many
 * face indices), which nothing reads: a third description. */
#include "family.h"

#if BSPKIT_FAMILY_QUAKE2

enum {
    Q2_ENTITIES, Q2_PLANES, Q2_VERTEXES, Q2_VIS, Q2_NODES, Q2_TEXINFO,
    Q2_FACES, Q2_LIGHTING, Q2_LEAFS, Q2_LEAFFACES, Q2_LEAFBRUSHES, Q2_EDGES,
    Q2_SURFEDGES, Q2_MODELS, Q2_BRUSHES, Q2_BRUSHSIDES, Q2_POP, Q2_AREAS,
    Q2_AREAPORTALS, DK_TEXINFO_COLORS, DK_PLANE_FACES
};

#define QUAKE2_LUMPS 19
#define QUAKE2_HEADER_BYTES (8 + QUAKE2_LUMPS * 8)
BSP__CHECK_DIRECTORY(quake2, QUAKE2_HEADER_BYTES, QUAKE2_LUMPS);
#if BSP__DAIKATANA
#define DAIKATANA_LUMPS 21
#define DAIKATANA_HEADER_BYTES (8 + DAIKATANA_LUMPS * 8)
BSP__CHECK_DIRECTORY(daikatana, DAIKATANA_HEADER_BYTES, DAIKATANA_LUMPS);
#endif

static const char quake2_lump_names[] =
    "entities\0" "planes\0" "vertexes\0" "visibility\0" "nodes\0" "texinfo\0" "faces\0"
    "lighting\0" "leafs\0" "leaffaces\0" "leafbrushes\0" "edges\0" "surfedges\0"
    "models\0" "brushes\0" "brushsides\0" "pop\0" "areas\0" "areaportals\0";
#if BSP__DAIKATANA
static const char daikatana_lump_names[] =
    "entities\0" "planes\0" "vertexes\0" "visibility\0" "nodes\0" "texinfo\0" "faces\0"
    "lighting\0" "leafs\0" "leaffaces\0" "leafbrushes\0" "edges\0" "surfedges\0"
    "models\0" "brushes\0" "brushsides\0" "pop\0" "areas\0" "areaportals\0"
    "texinfo_colors\0" "plane_faces\0";
#endif

/* The records of q2 qfiles.h, each described once (core/record.h). */
#define Q2_NODE(F) F(planenum, I32, 1) F(children, I32, 2) F(mins, I16, 3) F(maxs, I16, 3) \
    F(firstface, U16, 1) F(numfaces, U16, 1)
#define Q2_TEXINFO(F) F(vecs, F32, 8) F(flags, I32, 1) F(value, I32, 1) F(texture, U8, 32) \
    F(nexttexinfo, I32, 1)
#define Q2_FACE(F) F(planenum, U16, 1) F(side, I16, 1) F(firstedge, I32, 1) F(numedges, I16, 1) \
    F(texinfo, I16, 1) F(styles, U8, 4) F(lightofs, I32, 1)
#define Q2_LEAF(F) F(contents, I32, 1) F(cluster, I16, 1) F(area, I16, 1) F(mins, I16, 3) \
    F(maxs, I16, 3) F(firstleafface, U16, 1) F(numleaffaces, U16, 1) F(firstleafbrush, U16, 1) \
    F(numleafbrushes, U16, 1)
#define Q2_MODEL(F) F(mins, F32, 3) F(maxs, F32, 3) F(origin, F32, 3) F(headnode, I32, 1) \
    F(firstface, I32, 1) F(numfaces, I32, 1)
#define Q2_BRUSH(F) F(firstside, I32, 1) F(numsides, I32, 1) F(contents, I32, 1)
#define Q2_BRUSHSIDE(F) F(planenum, U16, 1) F(texinfo, I16, 1)
#define Q2_AREA(F) F(numareaportals, I32, 1) F(firstareaportal, I32, 1)
#define Q2_AREAPORTAL(F) F(portalnum, I32, 1) F(otherarea, I32, 1)
/* QBSP (ericw-tools q2_*_qbism_t): the same records widened. */
#define QBISM_NODE(F) F(planenum, I32, 1) F(children, I32, 2) F(mins, F32, 3) F(maxs, F32, 3) \
    F(firstface, I32, 1) F(numfaces, I32, 1)
#define QBISM_FACE(F) F(planenum, I32, 1) F(side, I32, 1) F(firstedge, I32, 1) F(numedges, I32, 1) \
    F(texinfo, I32, 1) F(styles, U8, 4) F(lightofs, I32, 1)
#define QBISM_LEAF(F) F(contents, I32, 1) F(cluster, I32, 1) F(area, I32, 1) F(mins, F32, 3) \
    F(maxs, F32, 3) F(firstleafface, I32, 1) F(numleaffaces, I32, 1) F(firstleafbrush, I32, 1) \
    F(numleafbrushes, I32, 1)
#define QBISM_BRUSHSIDE(F) F(planenum, I32, 1) F(texinfo, I32, 1)
BSP_RECORD(q2_node, Q2_NODE);
BSP_RECORD(q2_texinfo, Q2_TEXINFO);
BSP_RECORD(q2_face, Q2_FACE);
BSP_RECORD(q2_leaf, Q2_LEAF);
BSP_RECORD(q2_model, Q2_MODEL);
BSP_RECORD(q2_brush, Q2_BRUSH);
BSP_RECORD(q2_brushside, Q2_BRUSHSIDE);
BSP_RECORD(q2_area, Q2_AREA);
BSP_RECORD(q2_areaportal, Q2_AREAPORTAL);
#if BSP__QBISM
BSP_RECORD(qbism_node, QBISM_NODE);
BSP_RECORD(qbism_face, QBISM_FACE);
BSP_RECORD(qbism_leaf, QBISM_LEAF);
BSP_RECORD(qbism_brushside, QBISM_BRUSHSIDE);
#endif

/* The records IBSP and QBSP share. */
static const bsp__layout_rule quake2_common_rules[] = {
    BSP_RULE(Q2_PLANES, BSP_RECORDS(bsp__plane)),
    BSP_RULE(Q2_VERTEXES, BSP_RECORDS(bsp__vec3)),
    BSP_RULE(Q2_VIS, BSP_COUNTED(bsp__dvis)),
    BSP_RULE(Q2_TEXINFO, BSP_RECORDS(q2_texinfo)),
    BSP_RULE(Q2_SURFEDGES, BSP_RECORDS(bsp__int32)),
    BSP_RULE(Q2_MODELS, BSP_RECORDS(q2_model)),
    BSP_RULE(Q2_BRUSHES, BSP_RECORDS(q2_brush)),
    BSP_RULE(Q2_AREAS, BSP_RECORDS(q2_area)),
    BSP_RULE(Q2_AREAPORTALS, BSP_RECORDS(q2_areaportal)),
};
static const bsp__layout_table quake2_common = BSP_LAYOUT_TABLE(quake2_common_rules, NULL);

/* The records QBSP widens: IBSP's, then QBSP's. */
#define QUAKE2_WIDE_RULES(node, face, leaf, index, edge, side) \
    BSP_RULE(Q2_NODES, BSP_RECORDS(node)), \
    BSP_RULE(Q2_FACES, BSP_RECORDS(face)), \
    BSP_RULE(Q2_LEAFS, BSP_RECORDS(leaf)), \
    BSP_RULE(Q2_LEAFFACES, BSP_RECORDS(index)), \
    BSP_RULE(Q2_LEAFBRUSHES, BSP_RECORDS(index)), \
    BSP_RULE(Q2_EDGES, BSP_RECORDS(edge)), \
    BSP_RULE(Q2_BRUSHSIDES, BSP_RECORDS(side))
static const bsp__layout_rule quake2_rules[] = {
    QUAKE2_WIDE_RULES(q2_node, q2_face, q2_leaf, bsp__uint16, bsp__edge16, q2_brushside)
};
static const bsp__layout_table quake2_layouts = BSP_LAYOUT_TABLE(quake2_rules, &quake2_common);
#if BSP__QBISM
static const bsp__layout_rule qbism_rules[] = {
    QUAKE2_WIDE_RULES(qbism_node, qbism_face, qbism_leaf, bsp__int32, bsp__edge32, qbism_brushside)
};
static const bsp__layout_table qbism_layouts = BSP_LAYOUT_TABLE(qbism_rules, &quake2_common);
#endif
#if BSP__DAIKATANA
/* Daikatana: IBSP's records, and its two lumps: an emissive colour per
 * texinfo, and the plane faces, variable-length runs no query reads
 * (listed as bytes). */
static const bsp__layout_rule daikatana_rules[] = {
    BSP_RULE(DK_TEXINFO_COLORS, BSP_RECORDS(bsp__vec3)),
    BSP_RULE(DK_PLANE_FACES, BSP_LAYOUT_BYTES),
};
static const bsp__layout_table daikatana_layouts = BSP_LAYOUT_TABLE(daikatana_rules, &quake2_layouts);
#endif

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
#define QUAKE2_ACCESS(leaf, face) \
    .lumps = { Q2_TEXINFO, -1, -1, -1, -1, -1, -1, -1, -1, Q2_AREAS, Q2_AREAPORTALS, -1, -1 }, \
    .area_rule = BSP_AREAS_PORTALS, \
    .area_numportals = BSP_FIELD(q2_area, numareaportals), \
    .area_firstportal = BSP_FIELD(q2_area, firstareaportal), \
    .portal_key = { BSP_FIELD(q2_areaportal, portalnum), BSP_FIELD(q2_areaportal, portalnum) }, \
    .portal_otherarea = { BSP_FIELD(q2_areaportal, otherarea), BSP_FIELD(q2_areaportal, otherarea) }, \
    .geometry = BSP_GEOM_EDGES, .texture_kind = BSP_TEX_RECORDS, .contents_bits = 1, \
    .flags_by_name = BSP_NAME_LIQUID, .light_combine = BSP_COMBINE_RESCALE, \
    .leaf_area = BSP_FIELD(leaf, area), .leaf_area_mask = 0xffff, \
    .leaf_bounds = BSP_FIELD(leaf, mins), .model_origin = BSP_AT(q2_model, origin), \
    .face_side = BSP_FIELD(face, side), \
    .texinfo_flags = BSP_FIELD(q2_texinfo, flags), \
    .texture_stride = q2_texinfo_bytes, .texture_name = BSP_AT(q2_texinfo, texture), \
    .texture_name_len = BSP_BYTES(q2_texinfo, texture), .texture_unique = 1, \
    .contents = quake2_contents, .num_contents = sizeof quake2_contents / sizeof quake2_contents[0], \
    .surface = quake2_surface, .num_surface = sizeof quake2_surface / sizeof quake2_surface[0]
static const bsp__access quake2_access = { QUAKE2_ACCESS(q2_leaf, q2_face) };
#if BSP__QBISM
static const bsp__access qbism_access = { QUAKE2_ACCESS(qbism_leaf, qbism_face) };
#endif

#if BSPKIT_COLLISION
#define QUAKE2_COLL(leaf, side, index) \
    .lumps = { Q2_BRUSHES, Q2_BRUSHSIDES, Q2_LEAFBRUSHES, -1, -1, -1, -1, -1 }, \
    .kind = BSP_COLL_BRUSHES, \
    .brush_firstside = BSP_FIELD(q2_brush, firstside), .brush_numsides = BSP_FIELD(q2_brush, numsides), \
    .brush_contents = BSP_FIELD(q2_brush, contents), \
    .side_plane = { BSP_FIELD(side, planenum), BSP_FIELD(side, planenum) }, \
    .side_texture = { BSP_FIELD(side, texinfo), BSP_FIELD(side, texinfo) }, \
    .side_texture_kind = BSP_SIDE_TEXINFO, \
    .leafbrush = { BSP_FIELD(index, v), BSP_FIELD(index, v) }, \
    .leaf_firstleafbrush = BSP_FIELD(leaf, firstleafbrush), \
    .leaf_numleafbrushes = BSP_FIELD(leaf, numleafbrushes), \
    .masks = { 0x3u, 0x2010003u }   /* game/q_shared.h: MASK_SOLID, MASK_PLAYERSOLID */
static const struct bsp__collision quake2_coll = { QUAKE2_COLL(q2_leaf, q2_brushside, bsp__uint16) };
#if BSP__QBISM
static const struct bsp__collision qbism_coll = { QUAKE2_COLL(qbism_leaf, qbism_brushside, bsp__int32) };
#endif
#endif

/* Everything but the records, the magic, the version and the number of
 * lumps (names: a string of that many). */
#define QUAKE2_COMMON(version, lumps, names) \
    .name = "quake2", .detect.id = BSP_FAMILY_QUAKE2, \
    .amb.kind = BSP_AMB_OCTREE, \
    .detect.min_version = (version), .detect.max_version = (version), \
    .detect.version_at = 4, \
    .dir.header_bytes = 8 + (lumps) * 8, \
    .dir.dir_offset = 8, \
    .dir.num_lumps = (lumps), \
    .dir.entry_words = 2, \
    .dir.bspx = 1, \
    .dir.entry = { 0, 1, -1, -1 }, \
    .dir.role_lump = { BSP_ROLE(ENTITIES, Q2_ENTITIES), BSP_ROLE(PLANES, Q2_PLANES), \
                   BSP_ROLE(NODES, Q2_NODES), BSP_ROLE(LEAFS, Q2_LEAFS), \
                   BSP_ROLE(MODELS, Q2_MODELS), BSP_ROLE(VIS, Q2_VIS), \
                   BSP_ROLE(FACES, Q2_FACES), BSP_ROLE(TEXINFO, Q2_TEXINFO), \
                   BSP_ROLE(LIGHTING, Q2_LIGHTING), BSP_ROLE(EDGES, Q2_EDGES), \
                   BSP_ROLE(SURFEDGES, Q2_SURFEDGES), BSP_ROLE(VERTEXES, Q2_VERTEXES), \
                   BSP_ROLE(LEAFFACES, Q2_LEAFFACES) }, \
    .dir.lighting_roles = (1u << BSP_ROLE_TEXINFO) | (1u << BSP_ROLE_EDGES) | \
                      (1u << BSP_ROLE_SURFEDGES) | (1u << BSP_ROLE_VERTEXES), \
    .dir.lump_names = BSP__IF(BSPKIT_STRINGS, names), \
    .tree.model_headnode = BSP_FIELD(q2_model, headnode), \
    .tree.model_firstface = BSP_FIELD(q2_model, firstface), \
    .tree.model_numfaces = BSP_FIELD(q2_model, numfaces), \
    .vis.has_pas = 1, \
    .faces.face_num_styles = 4, \
    .faces.texinfo_vecs = BSP_AT(q2_texinfo, vecs), .faces.luxel_bytes = 3, \
    .finish = bsp__dvis_finish, \
    .vis.vis_row = bsp__dvis_row, \
    .faces.face_lightmap = bsp__extents_lightmap

/* The fields of the records QBSP widens. */
#define QUAKE2_RECORDS(node, face, leaf, index, edge) \
    .tree.node_plane = BSP_FIELD(node, planenum), \
    .tree.node_child = { BSP_FIELD_K(node, children, 0), BSP_FIELD_K(node, children, 1) }, \
    .tree.node_firstface = BSP_FIELD(node, firstface), \
    .tree.node_numfaces = BSP_FIELD(node, numfaces), \
    .tree.leaf_contents = BSP_FIELD(leaf, contents), \
    .tree.leaf_cluster = BSP_FIELD(leaf, cluster), \
    .tree.leaf_firstleafface = BSP_FIELD(leaf, firstleafface), \
    .tree.leaf_numleaffaces = BSP_FIELD(leaf, numleaffaces), \
    .faces.face_plane = BSP_FIELD(face, planenum), \
    .faces.face_firstedge = BSP_FIELD(face, firstedge), \
    .faces.face_numedges = BSP_FIELD(face, numedges), \
    .faces.face_texinfo = BSP_FIELD(face, texinfo), \
    .faces.face_lightofs = BSP_FIELD(face, lightofs), \
    .faces.face_styles_offset = BSP_AT(face, styles), \
    .faces.edge_v = { BSP_FIELD_K(edge, v, 0), BSP_FIELD_K(edge, v, 1) }, \
    .tree.leafface_face = BSP_FIELD(index, v)

const struct bsp_family bsp__family_quake2 = {
    QUAKE2_COMMON(38, QUAKE2_LUMPS, quake2_lump_names),
    .detect.magic = "IBSP",
    QUAKE2_RECORDS(q2_node, q2_face, q2_leaf, bsp__uint16, bsp__edge16),
    .dir.layouts = &quake2_layouts,
    .access = BSP__IF(BSPKIT_ACCESS, &quake2_access),
    BSP__COLL(&quake2_coll)
};

#if BSP__QBISM
/* Quake II re-release / Qbism (docs/queries.md 13.1). */
const struct bsp_family bsp__family_quake2_qbism = {
    QUAKE2_COMMON(38, QUAKE2_LUMPS, quake2_lump_names),
    .detect.magic = "QBSP", .detect.variant = "qbism",
    QUAKE2_RECORDS(qbism_node, qbism_face, qbism_leaf, bsp__int32, bsp__edge32),
    .dir.layouts = &qbism_layouts,
    .access = BSP__IF(BSPKIT_ACCESS, &qbism_access),
    BSP__COLL(&qbism_coll)
};
#endif

#if BSP__DAIKATANA
/* Daikatana (docs/queries.md 13.4): every record IBSP's, 21 lumps. */
const struct bsp_family bsp__family_quake2_daikatana = {
    QUAKE2_COMMON(41, DAIKATANA_LUMPS, daikatana_lump_names),
    .detect.magic = "IBSP", .detect.variant = "daikatana",
    QUAKE2_RECORDS(q2_node, q2_face, q2_leaf, bsp__uint16, bsp__edge16),
    .dir.layouts = &daikatana_layouts,
    .access = BSP__IF(BSPKIT_ACCESS, &quake2_access),
    BSP__COLL(&quake2_coll)
};

#endif

#endif
