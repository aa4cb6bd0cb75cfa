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
 * bsp_tool puts the game lump's extra int32 after filelen instead and reads
 * multiplayer maps with the standard texinfo and models; bspkit follows
 * bspsrc (which reads every such file with these records). No real Dark
 * Messiah map was available to settle it.
 */

#if BSP__DARK_MESSIAH
#define DM_TEXINFO_WIDTHS "4444444444444444" "111111111111111111111111" "44"
static const bsp__layout_rule dm_rules[] = {
    BSP_RULE(L_TEXINFO, { DM_TEXINFO_WIDTHS, 96, BSP_LAYOUT_RECORDS }),
    BSP_RULE(L_MODELS, { "4444444444444", 52, BSP_LAYOUT_RECORDS }),
    BSP_RULE(L_GAME_LUMP, { "442244", 20, BSP_LAYOUT_COUNTED }),
};
static const bsp__layout_table dm_layouts = BSP_LAYOUT_TABLE(dm_rules, &source_layouts);

static const bsp__game_lump_dir dm_game_lump_dir = {
    20, { { 4, BSP_F_I32 }, { 8, BSP_F_U16 }, { 10, BSP_F_U16 }, { 12, BSP_F_I32 },
          { 16, BSP_F_I32 } }
};

#if BSPKIT_ACCESS
static const bsp__access dm_access = {
    SOURCE_ACCESS_COMMON, SOURCE_ACCESS_LEAF,
    .texinfo_texture = { 92, BSP_F_I32 }, .texinfo_flags = { 88, BSP_F_I32 }
};
#endif

const struct bsp_family bsp__family_source_dm = {
    .name = "source",
    .detect.variant = "dark_messiah",
    .detect.min_version = 20, .detect.max_version = 20, .detect.version_tag = 4,
    SOURCE_COMMON,
    SOURCE_TREE,
    SOURCE_FACES,
    .tree.model_headnode = { 40, BSP_F_I32 },
    .tree.model_firstface = { 44, BSP_F_I32 }, .tree.model_numfaces = { 48, BSP_F_I32 },
    .texinfo_flags = { 88, BSP_F_I32 },
    .dir.layouts = &dm_layouts,
    .access = BSP__ACCESS(&dm_access),
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
 *   dnode_t     48: planenum, children[2], mins[3], maxs[3], firstface,
 *                   numfaces, padding: all int32
 *   dleaf_t     56: contents, cluster, area:9/flags:7, mins[3], maxs[3],
 *                   leafface and leafbrush ranges, water id: all int32, no
 *                   ambient cube (the ambient lumps 51..56 as Valve's)
 *   dface_t     72 (lump version 1) or 76 (2): uint32 planenum, side,
 *                   onNode, int16 unknown, int32 firstedge, numedges,
 *                   texinfo, dispinfo, fog volume, styles[4], (v2: 4 more
 *                   bytes, always 255: bspsrc reads them as an int after
 *                   the styles, LibBSP as 4 more style slots; bsp_tool puts
 *                   them before the styles), lightofs, area, luxel mins[2]
 *                   and size[2], origFace, numPrims, firstPrimID,
 *                   smoothingGroups: all 32-bit
 *   edges 8, leaf faces and leaf brushes 4, brush sides 16, area portals
 *   20, dispinfo 232 (neighbours with int32 indices), game lump entries 20
 *   {id, int32 flags, int32 version, offset, length}.
 */
#define VIN_FACE_HEAD "4" "11" "2" "44444" "1111"
#define VIN_FACE_TAIL "4" "4" "4444" "4444"
#define VIN_DISP_SUB "41111"
#define VIN_DISP_CORNER "4444" "1111"
#define VIN_DISPINFO_WIDTHS "444" "4444" "44" "444" \
    VIN_DISP_SUB VIN_DISP_SUB VIN_DISP_SUB VIN_DISP_SUB VIN_DISP_SUB VIN_DISP_SUB VIN_DISP_SUB \
    VIN_DISP_SUB VIN_DISP_CORNER VIN_DISP_CORNER VIN_DISP_CORNER VIN_DISP_CORNER "4444444444"
#define VIN_FACE1 { VIN_FACE_HEAD VIN_FACE_TAIL, 72, BSP_LAYOUT_RECORDS }
#define VIN_FACE2 { VIN_FACE_HEAD "1111" VIN_FACE_TAIL, 76, BSP_LAYOUT_RECORDS }
/* Each description knows one face record (its faces' lump version); a
 * face lump at the other version has no layout (bad_lump_version). */
#define VIN_FACE_RULES(v, layout) \
    BSP_RULE_FOR(L_FACES, 0, 0, 1u << (v), layout), BSP_RULE_UNKNOWN(L_FACES), \
    BSP_RULE_FOR(L_ORIGFACES, 0, 0, 1u << (v), layout), BSP_RULE_UNKNOWN(L_ORIGFACES), \
    BSP_RULE_FOR(L_FACES_HDR, 0, 0, 1u << (v), layout), BSP_RULE_UNKNOWN(L_FACES_HDR)
static const bsp__layout_rule vin1_rules[] = { VIN_FACE_RULES(1, VIN_FACE1) };
static const bsp__layout_rule vin2_rules[] = { VIN_FACE_RULES(2, VIN_FACE2) };
static const bsp__layout_rule vin_rules[] = {
    BSP_RULE(L_NODES, { "444444444444", 48, BSP_LAYOUT_RECORDS }),
    BSP_RULE(L_LEAFS, { "44444444444444", 56, BSP_LAYOUT_RECORDS }),
    BSP_RULE(L_EDGES, BSP_LAYOUT_EDGES32),
    BSP_RULE(L_LEAFFACES, BSP_LAYOUT_INT32),
    BSP_RULE(L_LEAFBRUSHES, BSP_LAYOUT_INT32),
    BSP_RULE(L_BRUSHSIDES, { "4444", 16, BSP_LAYOUT_RECORDS }),
    BSP_RULE(L_AREAPORTALS, { "44444", 20, BSP_LAYOUT_RECORDS }),
    BSP_RULE(L_DISPINFO, { VIN_DISPINFO_WIDTHS, 232, BSP_LAYOUT_RECORDS }),
    BSP_RULE(L_GAME_LUMP, { "44444", 20, BSP_LAYOUT_COUNTED }),
};
static const bsp__layout_table vin_layouts = BSP_LAYOUT_TABLE(vin_rules, &source_layouts);
static const bsp__layout_table vin1_layouts = BSP_LAYOUT_TABLE(vin1_rules, &vin_layouts);
static const bsp__layout_table vin2_layouts = BSP_LAYOUT_TABLE(vin2_rules, &vin_layouts);

static const bsp__game_lump_dir vin_game_lump_dir = {
    20, { { 0, BSP_F_I32 }, { 4, BSP_F_I32 }, { 8, BSP_F_I32 }, { 12, BSP_F_I32 },
          { 16, BSP_F_I32 } }
};

#if BSPKIT_ACCESS
static const bsp__access vin_access = {
    SOURCE_ACCESS_COMMON, SOURCE_ACCESS_TEXINFO,
    .leaf_area = { 8, BSP_F_I32 }, .leaf_bounds = { 12, BSP_F_I32 },
    .dispinfo_bytes = 232
};
#endif

/* Everything but where a face's lighting fields lie (after the 4 extra
 * bytes of lump version 2). */
#define VIN_COMMON \
    .name = "source", .detect.variant = "vindictus", \
    .detect.min_version = 20, .detect.max_version = 20, \
    SOURCE_COMMON, \
    SOURCE_MODELS_TEXINFO, \
    SOURCE_AMBIENT_INDEX16, \
    .amb.leaf_mins = { 12, BSP_F_I32 }, \
    .tree.node_firstface = { 36, BSP_F_I32 }, .tree.node_numfaces = { 40, BSP_F_I32 }, \
    .tree.leaf_cluster = { 4, BSP_F_I32 }, \
    .tree.leaf_firstleafface = { 36, BSP_F_I32 }, .tree.leaf_numleaffaces = { 40, BSP_F_I32 }, \
    .faces.edge_v = { { 0, BSP_F_I32 }, { 4, BSP_F_I32 } }, \
    .tree.leafface_face = { 0, BSP_F_I32 }, \
    .faces.face_plane = { 0, BSP_F_I32 }, .faces.face_firstedge = { 8, BSP_F_I32 }, \
    .faces.face_numedges = { 12, BSP_F_I32 }, .faces.face_texinfo = { 16, BSP_F_I32 }, \
    .faces.face_dispinfo = { 20, BSP_F_I32 }, \
    .faces.face_styles_offset = 28, .faces.face_num_styles = 4, \
    .access = BSP__ACCESS(&vin_access), \
    .dir.game_lump_dir = &vin_game_lump_dir

const struct bsp_family bsp__family_source_vindictus1 = {
    VIN_COMMON,
    .faces.face_lightofs = { 32, BSP_F_I32 }, .faces.face_luxels_offset = 40,
    .dir.layouts = &vin1_layouts,
};
const struct bsp_family bsp__family_source_vindictus2 = {
    VIN_COMMON,
    .faces.face_lightofs = { 36, BSP_F_I32 }, .faces.face_luxels_offset = 44,
    .dir.layouts = &vin2_layouts,
};
#endif
