/* SPDX-License-Identifier: MIT */
/* source_variants.h - Source games that changed the format, as description
 * variants over family_source.c's tables (included there once, so that
 * they share its static layouts and fields; not a header to include
 * elsewhere).
 *
 * Dark Messiah of Might and Magic (Arkane, 2006): the version word is
 * 20 | 4 << 16 (bytes 14 00 04 00; ata4/bspsrc BspFile, snake-biscuits/
 * bsp_tool branches/arkane, wfowler1/LibBSP BSPReader read it so), and three
 * records differ (bspsrc DTexInfoDM, DModelDM, BspFile.loadGameLumps):
 *   texinfo    96 bytes: 24 unknown bytes between lightmapVecs and flags;
 *   dmodel_t   52 bytes: an unknown int32 between origin and headnode;
 *   dgamelump  20 bytes: an unknown int32 before the id.
 * Its static props (access/static_props.c) may be Valve's v6 records or
 * 136-byte ones (bspsrc DStaticPropV6DM: 72 more bytes; bsp_tool: Valve's).
 * bsp_tool puts the game lump's extra int32 after filelen instead and reads
 * multiplayer maps with the standard texinfo and models; bspkit follows
 * bspsrc (which reads every such file with these records). No real Dark
 * Messiah map was available to settle it.
 */

#if BSP__DARK_MESSIAH
#define DM_TEXINFO(F) F(textureVecs, F32, 8) F(lightmapVecs, F32, 8) F(unknown, U8, 24) \
    F(flags, I32, 1) F(texdata, I32, 1)
#define DM_MODEL(F) F(mins, F32, 3) F(maxs, F32, 3) F(origin, F32, 3) F(unknown, I32, 1) \
    F(headnode, I32, 1) F(firstface, I32, 1) F(numfaces, I32, 1)
#define DM_GAME_LUMP(F) F(unknown, I32, 1) F(id, I32, 1) F(flags, U16, 1) F(version, U16, 1) \
    F(fileofs, I32, 1) F(filelen, I32, 1)
BSP_RECORD(dm_texinfo, DM_TEXINFO);
BSP_RECORD(dm_model, DM_MODEL);
BSP_RECORD(dm_game_lump, DM_GAME_LUMP);

static const bsp__layout_rule dm_rules[] = {
    BSP_RULE(L_TEXINFO, BSP_RECORDS(dm_texinfo)),
    BSP_RULE(L_MODELS, BSP_RECORDS(dm_model)),
    BSP_RULE(L_GAME_LUMP, BSP_COUNTED(dm_game_lump)),
};
static const bsp__layout_table dm_layouts = BSP_LAYOUT_TABLE(dm_rules, &source_layouts);

static const bsp__game_lump_dir dm_game_lump_dir = {
    dm_game_lump_bytes, { BSP_FIELD(dm_game_lump, id), BSP_FIELD(dm_game_lump, flags),
                          BSP_FIELD(dm_game_lump, version), BSP_FIELD(dm_game_lump, fileofs),
                          BSP_FIELD(dm_game_lump, filelen) }
};

static const bsp__access dm_access = {
    SOURCE_ACCESS_COMMON, SOURCE_ACCESS_LEAF, SOURCE_ACCESS_TEXINFO(dm_texinfo),
    SOURCE_ACCESS_AREAS(src_areaportal), .static_props = BSP_SP_DARK_MESSIAH
};

const struct bsp_family bsp__family_source_dm = {
    .name = "source", .detect.id = BSP_FAMILY_SOURCE,
    .detect.variant = "dark_messiah",
    .detect.min_version = 20, .detect.max_version = 20, .detect.version_tag = 4,
    SOURCE_COMMON,
    SOURCE_TREE,
    SOURCE_FACE_FIELDS(src_face),
    SOURCE_MODELS(dm_model),
    .faces.texinfo_flags = BSP_FIELD(dm_texinfo, flags),
    .dir.layouts = &dm_layouts,
    .access = BSP__IF(BSPKIT_ACCESS, &dm_access),
    BSP__COLL(&source_coll)
    .dir.game_lump_dir = &dm_game_lump_dir,
};
#endif

#if BSP__VINDICTUS
/* Vindictus (Nexon, 2010; also Mabinogi Heroes): version 20 with most
 * 16-bit fields widened to 32 bits (bspsrc DNodeVin, DLeafVin, DFaceVinV1/
 * V2, DEdgeVin, DBrushSideVin, DAreaportalVin, DDispInfoVin; bsp_tool
 * branches/nexon/vindictus69; LibBSP Face). The file does not say so: tools
 * guess from the game lump directory (bspsrc, LibBSP: entries read with
 * Valve's 16 bytes give ids that are not 4 letters or digits, read with 20
 * bytes they do), which lies anywhere in the file, so a forward-only load
 * cannot know in time. The caller says so (bsp_use_variant); the tool
 * applies the game lump rule to files it can read twice.
 *
 * Static props: Valve's v4 and v5; v6 and v7 put a scaling list before the
 * props (bspsrc), which bspkit does not read (bad_lump_version).
 * Faces are 72 bytes at lump version 1 and 76 at version 2, whose 4 more
 * bytes after the styles are always 255 (bspsrc reads them as an int after
 * the styles, LibBSP as 4 more style slots; bsp_tool puts them before the
 * styles). Leaves have no ambient cube (the ambient lumps 51..56 are
 * Valve's); displacement neighbours have int32 indices. */
#define VIN_NODE(F) F(planenum, I32, 1) F(children, I32, 2) F(mins, I32, 3) F(maxs, I32, 3) \
    F(firstface, I32, 1) F(numfaces, I32, 1) F(padding, I32, 1)
#define VIN_LEAF(F) F(contents, I32, 1) F(cluster, I32, 1) F(area_flags, I32, 1) \
    F(mins, I32, 3) F(maxs, I32, 3) F(firstleafface, I32, 1) F(numleaffaces, I32, 1) \
    F(firstleafbrush, I32, 1) F(numleafbrushes, I32, 1) F(leafWaterDataID, I32, 1)
#define VIN_FACE_HEAD(F) F(planenum, I32, 1) F(side, U8, 1) F(onNode, U8, 1) \
    F(unknown, I16, 1) F(firstedge, I32, 1) F(numedges, I32, 1) F(texinfo, I32, 1) \
    F(dispinfo, I32, 1) F(surfaceFogVolumeID, I32, 1) F(styles, U8, 4)
#define VIN_FACE_TAIL(F) F(lightofs, I32, 1) F(area, F32, 1) F(luxel_mins, I32, 2) \
    F(luxel_size, I32, 2) F(origFace, I32, 1) F(numPrims, I32, 1) F(firstPrimID, I32, 1) \
    F(smoothingGroups, I32, 1)
#define VIN_FACE1(F) VIN_FACE_HEAD(F) VIN_FACE_TAIL(F)
#define VIN_FACE2(F) VIN_FACE_HEAD(F) F(more_styles, U8, 4) VIN_FACE_TAIL(F)
#define VIN_BRUSHSIDE(F) F(planenum, I32, 1) F(texinfo, I32, 1) F(dispinfo, I32, 1) \
    F(bevel, I32, 1)
#define VIN_AREAPORTAL(F) F(portalKey, I32, 1) F(otherarea, I32, 1) \
    F(firstClipPortalVert, I32, 1) F(clipPortalVerts, I32, 1) F(planenum, I32, 1)
#define VIN_DISP_SUB(F, n) F(sub##n##_index, I32, 1) F(sub##n##_spans, U8, 4)
#define VIN_DISP_CORNER(F, n) F(corner##n##_index, I32, 4) F(corner##n##_count, U8, 4)
#define VIN_DISPINFO(F) F(startPosition, F32, 3) F(DispVertStart, I32, 1) \
    F(DispTriStart, I32, 1) F(power, I32, 1) F(minTess, I32, 1) F(smoothingAngle, F32, 1) \
    F(contents, I32, 1) F(MapFace, I32, 1) F(LightmapAlphaStart, I32, 1) \
    F(LightmapSamplePositionStart, I32, 1) \
    VIN_DISP_SUB(F, 0) VIN_DISP_SUB(F, 1) VIN_DISP_SUB(F, 2) VIN_DISP_SUB(F, 3) \
    VIN_DISP_SUB(F, 4) VIN_DISP_SUB(F, 5) VIN_DISP_SUB(F, 6) VIN_DISP_SUB(F, 7) \
    VIN_DISP_CORNER(F, 0) VIN_DISP_CORNER(F, 1) VIN_DISP_CORNER(F, 2) VIN_DISP_CORNER(F, 3) \
    F(allowedVerts, I32, 10)
#define VIN_GAME_LUMP(F) F(id, I32, 1) F(flags, I32, 1) F(version, I32, 1) F(fileofs, I32, 1) \
    F(filelen, I32, 1)
BSP_RECORD(vin_node, VIN_NODE);
BSP_RECORD(vin_leaf, VIN_LEAF);
BSP_RECORD(vin_face1, VIN_FACE1);
BSP_RECORD(vin_face2, VIN_FACE2);
BSP_RECORD(vin_brushside, VIN_BRUSHSIDE);
BSP_RECORD(vin_areaportal, VIN_AREAPORTAL);
BSP_RECORD(vin_dispinfo, VIN_DISPINFO);
BSP_RECORD(vin_game_lump, VIN_GAME_LUMP);

/* Each description knows one face record (its faces' lump version); a
 * face lump at the other version has no layout (bad_lump_version). */
#define VIN_FACE_RULES(v, face) \
    BSP_RULE_FOR(L_FACES, 0, 0, 1u << (v), BSP_RECORDS(face)), BSP_RULE_UNKNOWN(L_FACES), \
    BSP_RULE_FOR(L_ORIGFACES, 0, 0, 1u << (v), BSP_RECORDS(face)), BSP_RULE_UNKNOWN(L_ORIGFACES), \
    BSP_RULE_FOR(L_FACES_HDR, 0, 0, 1u << (v), BSP_RECORDS(face)), BSP_RULE_UNKNOWN(L_FACES_HDR)
static const bsp__layout_rule vin1_rules[] = { VIN_FACE_RULES(1, vin_face1) };
static const bsp__layout_rule vin2_rules[] = { VIN_FACE_RULES(2, vin_face2) };
static const bsp__layout_rule vin_rules[] = {
    BSP_RULE(L_NODES, BSP_RECORDS(vin_node)),
    BSP_RULE(L_LEAFS, BSP_RECORDS(vin_leaf)),
    BSP_RULE(L_EDGES, BSP_RECORDS(bsp__edge32)),
    BSP_RULE(L_LEAFFACES, BSP_RECORDS(bsp__int32)),
    BSP_RULE(L_LEAFBRUSHES, BSP_RECORDS(bsp__int32)),
    BSP_RULE(L_BRUSHSIDES, BSP_RECORDS(vin_brushside)),
    BSP_RULE(L_AREAPORTALS, BSP_RECORDS(vin_areaportal)),
    BSP_RULE(L_DISPINFO, BSP_RECORDS(vin_dispinfo)),
    BSP_RULE(L_GAME_LUMP, BSP_COUNTED(vin_game_lump)),
};
static const bsp__layout_table vin_layouts = BSP_LAYOUT_TABLE(vin_rules, &source_layouts);
static const bsp__layout_table vin1_layouts = BSP_LAYOUT_TABLE(vin1_rules, &vin_layouts);
static const bsp__layout_table vin2_layouts = BSP_LAYOUT_TABLE(vin2_rules, &vin_layouts);

static const bsp__game_lump_dir vin_game_lump_dir = {
    vin_game_lump_bytes, { BSP_FIELD(vin_game_lump, id), BSP_FIELD(vin_game_lump, flags),
                           BSP_FIELD(vin_game_lump, version), BSP_FIELD(vin_game_lump, fileofs),
                           BSP_FIELD(vin_game_lump, filelen) }
};

static const bsp__access vin_access = {
    SOURCE_ACCESS_COMMON, SOURCE_ACCESS_TEXINFO(src_texinfo),
    .leaf_area = BSP_FIELD(vin_leaf, area_flags), .leaf_bounds = BSP_FIELD(vin_leaf, mins),
    SOURCE_ACCESS_AREAS(vin_areaportal), .static_props = BSP_SP_VINDICTUS
};

#if BSPKIT_COLLISION
static const struct bsp__collision vin_coll = { SOURCE_COLL(vin_leaf, vin_brushside) };
#endif

/* Everything but the face record. */
#define VIN_COMMON \
    .name = "source", .detect.id = BSP_FAMILY_SOURCE, .detect.variant = "vindictus", \
    .detect.min_version = 20, .detect.max_version = 20, \
    SOURCE_COMMON, \
    SOURCE_MODELS_TEXINFO, \
    SOURCE_AMBIENT_INDEX16, \
    .amb.leaf_mins = BSP_FIELD(vin_leaf, mins), \
    .tree.node_firstface = BSP_FIELD(vin_node, firstface), \
    .tree.node_numfaces = BSP_FIELD(vin_node, numfaces), \
    .tree.leaf_cluster = BSP_FIELD(vin_leaf, cluster), \
    .tree.leaf_firstleafface = BSP_FIELD(vin_leaf, firstleafface), \
    .tree.leaf_numleaffaces = BSP_FIELD(vin_leaf, numleaffaces), \
    .faces.edge_v = { BSP_FIELD_K(bsp__edge32, v, 0), BSP_FIELD_K(bsp__edge32, v, 1) }, \
    .tree.leafface_face = BSP_FIELD(bsp__int32, v), \
    .access = BSP__IF(BSPKIT_ACCESS, &vin_access), \
    BSP__COLL(&vin_coll) \
    .dir.game_lump_dir = &vin_game_lump_dir

const struct bsp_family bsp__family_source_vindictus1 = {
    VIN_COMMON,
    SOURCE_FACE_FIELDS(vin_face1),
    .dir.layouts = &vin1_layouts,
};
const struct bsp_family bsp__family_source_vindictus2 = {
    VIN_COMMON,
    SOURCE_FACE_FIELDS(vin_face2),
    .dir.layouts = &vin2_layouts,
};
#endif

#if BSP__HL2_XBOX
/* Half-Life 2 on the original Xbox (docs/queries.md 13.5): the PC v19
 * header and records, but lumps 51 and 52 hold lightmap pages and their
 * infos (bsp_tool branches/valve/source_xbox.py), not the leaf ambient
 * index, and lump 57 an XZip pakfile. Where a face's light lies in those
 * pages is not documented and no file was seen, so this description has
 * no lighting roles (luxel and light answer no_lightmap) and no ambient
 * lumps (ambient unsupported); 51 and 52 are kept as bytes. The rule that
 * tells such a file from a PC one is bsp__family_source's dir_variant. */
static const bsp__layout_rule xbox_rules[] = {
    BSP_RULE(L_LEAF_AMBIENT_INDEX_HDR, BSP_LAYOUT_BYTES),
    BSP_RULE(L_LEAF_AMBIENT_INDEX, BSP_LAYOUT_BYTES),
};
static const bsp__layout_table xbox_layouts = BSP_LAYOUT_TABLE(xbox_rules, &source_layouts);

const struct bsp_family bsp__family_source_xbox = {
    .name = "source", .detect.id = BSP_FAMILY_SOURCE, .detect.variant = "hl2_xbox",
    .detect.min_version = 19, .detect.max_version = 19,
    SOURCE_UNLIT,
    .dir.role_lump = { SOURCE_ROLES_UNLIT },
    .amb.kind = BSP_AMB_NONE,
    SOURCE_TREE,
    SOURCE_FACE_FIELDS(src_face),
    SOURCE_MODELS_TEXINFO,
    .dir.layouts = &xbox_layouts,
    .access = BSP__IF(BSPKIT_ACCESS, &source_access),
    BSP__COLL(&source_coll)
};
#endif
