/* SPDX-License-Identifier: MIT */
/* family_source.c - Valve's Source engine maps: VBSP (PC, little-endian) and
 * PSBV (Xbox 360 / PS3, big-endian), versions 17 to 29, and Strata Source's
 * widened records.
 *
 * Facts from the Source BSP format documents: a 1036-byte header (ident,
 * version, 64 lump_t of 16 bytes, map revision), 56-byte faces (104 in v17),
 * leaves of 56 bytes (lump version 0: with the ambient cube) or 32 bytes
 * (lump version 1, and all of v17), and dvis_t visibility. A record's
 * layout follows its lump's version; the file version only where a game
 * changed a record without changing its lump version (v17 faces, the Dota 2
 * brush sides and displacements of v22 and v23).
 */
#include "family.h"

#if BSPKIT_FAMILY_SOURCE

enum {
    L_ENTITIES = 0, L_PLANES = 1, L_TEXDATA = 2, L_VERTEXES = 3, L_VIS = 4,
    L_NODES = 5, L_TEXINFO = 6, L_FACES = 7, L_LIGHTING = 8, L_LEAFS = 10,
    L_FACEIDS = 11, L_EDGES = 12, L_SURFEDGES = 13, L_MODELS = 14,
    L_LEAFFACES = 16, L_LEAFBRUSHES = 17, L_BRUSHES = 18, L_BRUSHSIDES = 19,
    L_AREAS = 20, L_AREAPORTALS = 21, L_ORIGFACES = 27, L_VERTNORMALS = 30,
    L_VERTNORMALINDICES = 31, L_DISP_VERTS = 33, L_GAME_LUMP = 35, L_PRIMVERTS = 38,
    L_PRIMINDICES = 39, L_CLIPPORTALVERTS = 41, L_CUBEMAPS = 42,
    L_TEXDATA_STRING_TABLE = 44, L_LEAFMINDISTTOWATER = 46,
    L_FACE_MACRO_TEXINFO = 47, L_DISP_TRIS = 48, L_LEAF_AMBIENT_INDEX_HDR = 51,
    L_LEAF_AMBIENT_INDEX = 52, L_LIGHTING_HDR = 53, L_LEAF_AMBIENT_LIGHTING_HDR = 55,
    L_LEAF_AMBIENT_LIGHTING = 56, L_FACES_HDR = 58,
    L_MAP_FLAGS = 59
};

/* Lumps only the map access reads. */
enum { L_DISPINFO = 26, L_TEXDATA_STRING_DATA = 43 };

#define SURF_BUMPLIGHT 0x800

/* dface_t of v18..21: planenum, side, onNode, firstedge, numedges, texinfo,
 * dispinfo, fog volume, styles[4], lightofs, area, luxel mins[2] and
 * size[2], origFace, numPrims, firstPrimID, smoothingGroups. */
#define FACE_WIDTHS "2114" "2222" "1111" "4444444" "22" "4"
/* dleaf_t: contents, cluster, area:9/flags:7, mins[3], maxs[3], leafface
 * and leafbrush ranges, water id; version 0 adds the 24-byte ambient cube. */
/* v17 dface_t: 8 average colours, planenum, side, onNode, firstedge,
 * numedges, texinfo, dispinfo, fog volume, styles[8], day[8], night[8],
 * lightofs, area, luxel mins[2] and size[2], origFace, smoothingGroups. */
#define FACE17_WIDTHS "11111111111111111111111111111111" "2114" "2222" \
    "111111111111111111111111" "44" "44444" "4"
#define LEAF1_WIDTHS "4" "22" "222222" "2222" "2" "2"
#define LEAF0_WIDTHS "4" "22" "222222" "2222" "2" "111111111111111111111111" "2"

/* ddispinfo_t: startPosition[3], DispVertStart, DispTriStart, power,
 * minTess, smoothingAngle, contents, MapFace (+2 pad), LightmapAlphaStart,
 * LightmapSamplePositionStart, 4 edge neighbours of 2 sub-neighbours
 * {u16 index, u8 orientation, span, neighborSpan, pad}, 4 corner
 * neighbours {u16 index[4], u8 count, pad}, allowedVerts[10]. */
#define DISP_SUB "21111"
#define DISP_CORNER "2222" "11"
#define DISPINFO_WIDTHS "444" "4444" "44" "22" "44" \
    DISP_SUB DISP_SUB DISP_SUB DISP_SUB DISP_SUB DISP_SUB DISP_SUB DISP_SUB \
    DISP_CORNER DISP_CORNER DISP_CORNER DISP_CORNER "4444444444"

/* Valve's entry; game variants describe theirs (description.h). */
const bsp__game_lump_dir bsp__valve_game_lump_dir = {
    16, { { 0, BSP_F_I32 }, { 4, BSP_F_U16 }, { 6, BSP_F_U16 }, { 8, BSP_F_I32 },
          { 12, BSP_F_I32 } }
};

/* Lump version masks of BSP_RULE_FOR. */
#define LV0 (1u << 0)
#define LV1 (1u << 1)
#define LV2 (1u << 2)

static const bsp__layout_rule source_rules[] = {
    BSP_RULE(L_PLANES, BSP_LAYOUT_PLANES),
    BSP_RULE(L_TEXDATA, { "44444444", 32, BSP_LAYOUT_RECORDS }),
    BSP_RULE(L_VERTEXES, BSP_LAYOUT_VEC3),
    BSP_RULE(L_VIS, { "44", 8, BSP_LAYOUT_COUNTED }),
    BSP_RULE(L_GAME_LUMP, { "42244", 16, BSP_LAYOUT_COUNTED }),
    BSP_RULE(L_LEAF_AMBIENT_LIGHTING_HDR, { NULL, 28, BSP_LAYOUT_RECORDS }),
    BSP_RULE(L_LEAF_AMBIENT_LIGHTING, { NULL, 28, BSP_LAYOUT_RECORDS }),
    BSP_RULE_FOR(L_NODES, 0, 0, LV0, { "4442222222222", 32, BSP_LAYOUT_RECORDS }),
    BSP_RULE(L_TEXINFO, { "444444444444444444", 72, BSP_LAYOUT_RECORDS }),
#if BSP__BLOODLINES
    BSP_RULE_FOR(L_FACES, 17, 17, 0, { FACE17_WIDTHS, 104, BSP_LAYOUT_RECORDS }),
    BSP_RULE_FOR(L_ORIGFACES, 17, 17, 0, { FACE17_WIDTHS, 104, BSP_LAYOUT_RECORDS }),
    BSP_RULE_FOR(L_LEAFS, 17, 17, 0, { LEAF1_WIDTHS, 32, BSP_LAYOUT_RECORDS }),
#endif
    BSP_RULE_FOR(L_FACES, 18, 99, LV0 | LV1, { FACE_WIDTHS, 56, BSP_LAYOUT_RECORDS }),
    BSP_RULE_FOR(L_ORIGFACES, 18, 99, LV0 | LV1, { FACE_WIDTHS, 56, BSP_LAYOUT_RECORDS }),
    BSP_RULE_FOR(L_FACES_HDR, 18, 99, LV0 | LV1, { FACE_WIDTHS, 56, BSP_LAYOUT_RECORDS }),
    BSP_RULE_FOR(L_LEAFS, 18, 99, LV0, { LEAF0_WIDTHS, 56, BSP_LAYOUT_RECORDS }),
    BSP_RULE_FOR(L_LEAFS, 18, 99, LV1, { LEAF1_WIDTHS, 32, BSP_LAYOUT_RECORDS }),
    BSP_RULE_FOR(L_FACEIDS, 0, 0, LV0, BSP_LAYOUT_INT16),
    BSP_RULE_FOR(L_EDGES, 0, 0, LV0, BSP_LAYOUT_EDGES16),
    BSP_RULE(L_SURFEDGES, BSP_LAYOUT_INT32),
    BSP_RULE(L_MODELS, { "444444444444", 48, BSP_LAYOUT_RECORDS }),
    BSP_RULE_FOR(L_LEAFFACES, 0, 0, LV0, BSP_LAYOUT_INT16),
    BSP_RULE_FOR(L_LEAFBRUSHES, 0, 0, LV0, BSP_LAYOUT_INT16),
    BSP_RULE(L_BRUSHES, BSP_LAYOUT_VEC3),
    /* Dota 2 (v22, v23) changed brush sides and displacements without a new
     * lump version; their layouts are not public: no rule (bytes). */
    BSP_RULE_FOR(L_BRUSHSIDES, 17, 21, LV0, { "2222", 8, BSP_LAYOUT_RECORDS }),
    BSP_RULE_FOR(L_BRUSHSIDES, 24, 99, LV0, { "2222", 8, BSP_LAYOUT_RECORDS }),
    BSP_RULE(L_AREAS, { "44", 8, BSP_LAYOUT_RECORDS }),
    BSP_RULE(L_AREAPORTALS, { "22224", 12, BSP_LAYOUT_RECORDS }),
    BSP_RULE(L_VERTNORMALS, BSP_LAYOUT_VEC3),
    BSP_RULE_FOR(L_VERTNORMALINDICES, 0, 0, LV0, BSP_LAYOUT_INT16),
    BSP_RULE(L_DISP_VERTS, BSP_LAYOUT_PLANES),
    BSP_RULE_FOR(L_DISPINFO, 17, 21, LV0, { DISPINFO_WIDTHS, 176, BSP_LAYOUT_RECORDS }),
    BSP_RULE_FOR(L_DISPINFO, 24, 99, LV0, { DISPINFO_WIDTHS, 176, BSP_LAYOUT_RECORDS }),
    BSP_RULE(L_PRIMVERTS, BSP_LAYOUT_VEC3),
    BSP_RULE(L_PRIMINDICES, BSP_LAYOUT_INT16),
    BSP_RULE(L_CLIPPORTALVERTS, BSP_LAYOUT_VEC3),
    BSP_RULE(L_CUBEMAPS, { "4444", 16, BSP_LAYOUT_RECORDS }),
    BSP_RULE(L_TEXDATA_STRING_TABLE, BSP_LAYOUT_INT32),
    BSP_RULE(L_LEAFMINDISTTOWATER, BSP_LAYOUT_INT16),
    BSP_RULE(L_FACE_MACRO_TEXINFO, BSP_LAYOUT_INT16),
    BSP_RULE(L_DISP_TRIS, BSP_LAYOUT_INT16),
    BSP_RULE_FOR(L_LEAF_AMBIENT_INDEX_HDR, 0, 0, LV0, BSP_LAYOUT_EDGES16),
    BSP_RULE_FOR(L_LEAF_AMBIENT_INDEX, 0, 0, LV0, BSP_LAYOUT_EDGES16),
    BSP_RULE(L_MAP_FLAGS, BSP_LAYOUT_INT32),
};
static const bsp__layout_table source_layouts = BSP_LAYOUT_TABLE(source_rules, NULL);

#define SOURCE_LUMPS 64
#define SOURCE_HEADER_BYTES (8 + SOURCE_LUMPS * 16 + 4)   /* + map revision */
BSP__CHECK_DIRECTORY(source, SOURCE_HEADER_BYTES, SOURCE_LUMPS);

/* Lower-case LUMP_* names of Valve's bspfile.h, for tools and reports. */
#if BSPKIT_STRINGS
static const char source_lump_names[] =
    "entities\0" "planes\0" "texdata\0" "vertexes\0" "visibility\0" "nodes\0" "texinfo\0"
    "faces\0" "lighting\0" "occlusion\0" "leafs\0" "faceids\0" "edges\0" "surfedges\0"
    "models\0" "worldlights\0" "leaffaces\0" "leafbrushes\0" "brushes\0" "brushsides\0"
    "areas\0" "areaportals\0" "propcollision\0" "clusters\0" "portalverts\0"
    "clusterportals\0" "dispinfo\0" "originalfaces\0" "physdisp\0" "physcollide\0"
    "vertnormals\0" "vertnormalindices\0" "disp_lightmap_alphas\0" "disp_verts\0"
    "disp_lightmap_sample_positions\0" "game_lump\0" "leafwaterdata\0" "primitives\0"
    "primverts\0" "primindices\0" "pakfile\0" "clipportalverts\0" "cubemaps\0"
    "texdata_string_data\0" "texdata_string_table\0" "overlays\0" "leafmindisttowater\0"
    "face_macro_texture_info\0" "disp_tris\0" "physcollidesurface\0" "wateroverlays\0"
    "leaf_ambient_index_hdr\0" "leaf_ambient_index\0" "lighting_hdr\0" "worldlights_hdr\0"
    "leaf_ambient_lighting_hdr\0" "leaf_ambient_lighting\0" "xzippakfile\0" "faces_hdr\0"
    "map_flags\0" "overlay_fades\0" "overlay_system_levels\0" "physlevel\0"
    "disp_multiblend\0";
#endif

/* Source's rule: the face records its luxel block (mins and size - 1 per
 * axis) instead of leaving it to be computed from vertices; bumped faces
 * (texinfo flag SURF_BUMPLIGHT) store 4 pages per style. */
static bsp_status source_face_lightmap(const bsp_map *m, uint32_t face, bsp__lightmap *lm)
{
    const struct bsp_family *fam = m->family;
    const uint8_t *f = bsp__lightmap_start(m, face, lm);
    const uint8_t *luxels = f + fam->faces.face_luxels_offset;  /* mins[2], size[2] */
    int32_t texinfo = bsp__field_get(f, fam->faces.face_texinfo), size0, size1;

    lm->base[0] = (float)bsp__i32(luxels);
    lm->base[1] = (float)bsp__i32(luxels + 4);
    size0 = bsp__i32(luxels + 8);
    size1 = bsp__i32(luxels + 12);
    /* A size outside 0..65535 cannot describe a block inside a real lump;
     * such a face simply has no lightmap. */
    lm->w = (size0 >= 0 && size0 < 65536) ? size0 + 1 : 0;
    lm->h = (size1 >= 0 && size1 < 65536) ? size1 + 1 : 0;
    if (!m->texinfo.data) return BSP_E_NOT_LOADED;
    if (texinfo < 0) {
        lm->w = 0;
        return BSP_OK;
    }
    if (bsp__field_get(bsp__lightmap_vecs(m, texinfo, lm), fam->texinfo_flags) & SURF_BUMPLIGHT)
        lm->pages = 4;
    return BSP_OK;
}

#if BSPKIT_ACCESS
/* Contents and texinfo surface bits of Valve's bspflags.h. */
static const bsp__flag_rule source_contents[] = {
    { 0x1, BSP_CONTENTS_SOLID }, { 0x2, BSP_CONTENTS_WINDOW }, { 0x8, BSP_CONTENTS_GRATE },
    { 0x10, BSP_CONTENTS_SLIME }, { 0x20, BSP_CONTENTS_WATER },
    { 0x8000, BSP_CONTENTS_AREAPORTAL }, { 0x10000, BSP_CONTENTS_PLAYERCLIP },
    { 0x20000, BSP_CONTENTS_MONSTERCLIP }, { 0xfc0000, BSP_CONTENTS_CURRENT },
    { 0x1000000, BSP_CONTENTS_ORIGIN }, { 0x8000000, BSP_CONTENTS_DETAIL },
    { 0x10000000, BSP_CONTENTS_TRANSLUCENT }, { 0x20000000, BSP_CONTENTS_LADDER },
};
static const bsp__flag_rule source_surface[] = {
    { 0x1, BSP_SURF_LIGHT }, { 0x6, BSP_SURF_SKY }, { 0x8, BSP_SURF_WARP },
    { 0x10, BSP_SURF_TRANSLUCENT }, { 0x40, BSP_SURF_TRIGGER }, { 0x80, BSP_SURF_NODRAW },
    { 0x100, BSP_SURF_HINT }, { 0x200, BSP_SURF_SKIP }, { 0x400, BSP_SURF_NOLIGHTMAP },
};

/* texdata: reflectivity[3], nameStringTableID, width, height, view size;
 * the string table indexes the string data; texinfo: textureVecs,
 * lightmapVecs, flags, texdata. Leaf: area is the low 9 bits at 6. */
/* A Source face's plane is already its own (vbsp picks the plane facing
 * the face's front); `side` only says which side of the node it lies on,
 * so it is not applied (no face_side). */
#define SOURCE_ACCESS_TEXINFO .texinfo_texture = { 68, BSP_F_I32 }, .texinfo_flags = { 64, BSP_F_I32 }
#define SOURCE_ACCESS_COMMON \
    .lumps = { L_TEXDATA, L_TEXDATA_STRING_TABLE, L_TEXDATA_STRING_DATA, -1, -1, -1, L_DISPINFO, \
                L_DISP_VERTS, -1 }, \
    .geometry = BSP_GEOM_EDGES, .texture_kind = BSP_TEX_STRING_TABLE, .contents_bits = 1, \
    .leaf_area_mask = 0x1ff, .model_origin = 24, \
    .texture_stride = 32, .texture_name = 12, .texture_name_len = 128, \
    .contents = source_contents, \
    .num_contents = sizeof source_contents / sizeof source_contents[0], \
    .surface = source_surface, .num_surface = sizeof source_surface / sizeof source_surface[0]
#define SOURCE_ACCESS_LEAF .leaf_area = { 6, BSP_F_U16 }, .leaf_bounds = { 8, BSP_F_I16 }
static const bsp__access source_access = {
    SOURCE_ACCESS_COMMON, SOURCE_ACCESS_LEAF, SOURCE_ACCESS_TEXINFO
};
#endif

/* dmodel_t: mins, maxs, origin, headnode, firstface, numfaces; texinfo:
 * textureVecs[2][4], lightmapVecs[2][4], flags, texdata. */
#define SOURCE_MODELS_TEXINFO \
    .tree.model_headnode = { 36, BSP_F_I32 }, \
    .tree.model_firstface = { 40, BSP_F_I32 }, .tree.model_numfaces = { 44, BSP_F_I32 }, \
    .texinfo_flags = { 64, BSP_F_I32 }

/* Valve's 16-bit ambient index record {count, first sample}. */
#define SOURCE_AMBIENT_INDEX16 \
    .amb.count = { 0, BSP_F_U16 }, .amb.first = { 2, BSP_F_U16 }, \
    .amb.index_bytes = 4

/* Valve's 16-bit node, leaf, edge and leaf-face fields. */
#define SOURCE_TREE \
    SOURCE_AMBIENT_INDEX16, \
    .amb.leaf_cube_offset = 30, .amb.leaf_cube_size = 56, \
    .amb.leaf_mins = { 8, BSP_F_I16 }, \
    .tree.node_firstface = { 24, BSP_F_U16 }, .tree.node_numfaces = { 26, BSP_F_U16 }, \
    .tree.leaf_cluster = { 4, BSP_F_I16 }, \
    .tree.leaf_firstleafface = { 20, BSP_F_U16 }, .tree.leaf_numleaffaces = { 22, BSP_F_U16 }, \
    .faces.edge_v = { { 0, BSP_F_U16 }, { 2, BSP_F_U16 } }, \
    .tree.leafface_face = { 0, BSP_F_U16 }

/* The dface_t fields of v18..21 (FACE_WIDTHS). */
#define SOURCE_FACES \
    .faces.face_plane = { 0, BSP_F_U16 }, .faces.face_firstedge = { 4, BSP_F_I32 }, \
    .faces.face_numedges = { 8, BSP_F_I16 }, .faces.face_texinfo = { 10, BSP_F_I16 }, \
    .faces.face_dispinfo = { 12, BSP_F_I16 }, .faces.face_lightofs = { 20, BSP_F_I32 }, \
    .faces.face_styles_offset = 16, .faces.face_num_styles = 4, .faces.face_luxels_offset = 28

/* What every Source description shares: header, directory, roles, lighting. */
#define SOURCE_COMMON \
    .detect.magic = "VBSP", .detect.version_at = 4, .detect.swapped_magic = 1, \
    .dir.header_bytes = SOURCE_HEADER_BYTES, \
    .dir.dir_offset = 8, \
    .dir.num_lumps = SOURCE_LUMPS, \
    .dir.entry_words = 4, \
    .dir.entry = { 0, 1, 2, 3 }, \
    .dir.alt_entry = { 1, 2, 0, 3 }, \
    .dir.role_lump = { BSP_ROLE(ENTITIES, L_ENTITIES), BSP_ROLE(PLANES, L_PLANES), \
                   BSP_ROLE(NODES, L_NODES), BSP_ROLE(LEAFS, L_LEAFS), \
                   BSP_ROLE(MODELS, L_MODELS), BSP_ROLE(VIS, L_VIS), \
                   BSP_ROLE(FACES, L_FACES), BSP_ROLE(TEXINFO, L_TEXINFO), \
                   BSP_ROLE(LIGHTING, L_LIGHTING), BSP_ROLE(EDGES, L_EDGES), \
                   BSP_ROLE(SURFEDGES, L_SURFEDGES), BSP_ROLE(VERTEXES, L_VERTEXES), \
                   BSP_ROLE(LEAFFACES, L_LEAFFACES), BSP_ROLE(FACES_HDR, L_FACES_HDR), \
                   BSP_ROLE(LIGHTING_HDR, L_LIGHTING_HDR) }, \
    .dir.lighting_roles = 1u << BSP_ROLE_TEXINFO, \
    .amb.kind = BSP_AMB_CUBES, \
    .amb.lumps = { { L_LEAF_AMBIENT_INDEX, L_LEAF_AMBIENT_LIGHTING }, \
                       { L_LEAF_AMBIENT_INDEX_HDR, L_LEAF_AMBIENT_LIGHTING_HDR } }, \
    .dir.lump_names = BSP__LUMP_NAMES(source_lump_names), \
    .tree.node_plane = { 0, BSP_F_I32 }, \
    .tree.node_child = { { 4, BSP_F_I32 }, { 8, BSP_F_I32 } }, \
    .tree.leaf_contents = { 0, BSP_F_I32 }, \
    .vis.has_pas = 1, \
    .faces.texinfo_vecs = 32, \
    .faces.luxel_bytes = 4, \
    .finish = bsp__dvis_finish, \
    .vis.vis_row = bsp__dvis_row, \
    .faces.face_lightmap = source_face_lightmap

/* v18..29 (v22 INFRA and early Dota 2, v23 Dota 2 betas, v27 Contagion and
 * the others keep Valve's records); nodes at lump version 1 are Strata's. */
const struct bsp_family bsp__family_source = {
    .name = "source",
    .detect.min_version = 18, .detect.max_version = 29,
    SOURCE_COMMON,
    SOURCE_TREE,
    SOURCE_FACES,
    SOURCE_MODELS_TEXINFO,
    .dir.layouts = &source_layouts,
#if BSP__STRATA
    .dir.lump_variant = &bsp__family_source_strata, .dir.lump_variant_at = L_NODES,
    .dir.lump_variant_versions = LV1,
#endif
    .access = BSP__ACCESS(&source_access),
};

#if BSP__BLOODLINES
/* Vampire: The Masquerade - Bloodlines, the one game of version 17: 104-byte
 * faces that start with 8 average colours and carry 8 style slots (then 8
 * "day" and 8 "night" styles bspkit does not use); leaves are 32 bytes at
 * lump version 0. */
const struct bsp_family bsp__family_source17 = {
    .name = "source",
    .detect.variant = "bloodlines",
    .detect.min_version = 17, .detect.max_version = 17,
    SOURCE_COMMON,
    SOURCE_TREE,
    .faces.face_plane = { 32, BSP_F_U16 }, .faces.face_firstedge = { 36, BSP_F_I32 },
    .faces.face_numedges = { 40, BSP_F_I16 }, .faces.face_texinfo = { 42, BSP_F_I16 },
    .faces.face_dispinfo = { 44, BSP_F_I16 }, .faces.face_lightofs = { 72, BSP_F_I32 },
    .faces.face_styles_offset = 48, .faces.face_num_styles = 8, .faces.face_luxels_offset = 80,
    SOURCE_MODELS_TEXINFO,
    .dir.layouts = &source_layouts,
    .access = BSP__ACCESS(&source_access),
};
#endif

#if BSP__STRATA
/* Strata Source (v25): the records it widened, each at its own lump
 * version (Strata's "BSP v25" page; bsp_tool's strata branch and bsppp's
 * lump structs agree): nodes v1 {planenum, children[2], float mins[3],
 * maxs[3], uint32 firstface, numfaces, int16 area, pad}; faces v2 {uint32
 * planenum, side, onNode, pad[2], then int32 firstedge, numedges, texinfo,
 * dispinfo, fog volume, styles[4], lightofs, area, luxel mins[2] and
 * size[2], origFace, shadows:1/numPrims:31, firstPrimID, smoothingGroups};
 * leaves v2 {contents, int32 cluster, area:17/flags:15, float mins[3],
 * maxs[3], uint32 leafface and leafbrush ranges, water id}; 32-bit edges,
 * leaf faces, leaf brushes, face ids, vertex normal indices (v1); brush
 * sides v1 {uint32 planenum, texinfo, dispinfo, bevel, thin, pad}; ambient
 * index v1 {uint32 count, first}. A lump at any other version has no
 * layout here (the fields below would misread it). */
#define NODE1_WIDTHS "444" "444444" "44" "22"
#define FACE2_WIDTHS "4" "11" "2" "44444" "1111" "4" "4" "4444" "4" "4" "4" "4"
#define LEAF2_WIDTHS "4" "4" "4" "444444" "4444" "4"

static const bsp__layout_rule strata_rules[] = {
    BSP_RULE_FOR(L_NODES, 0, 0, LV1, { NODE1_WIDTHS, 48, BSP_LAYOUT_RECORDS }),
    BSP_RULE_UNKNOWN(L_NODES),
    BSP_RULE_FOR(L_FACES, 0, 0, LV2, { FACE2_WIDTHS, 72, BSP_LAYOUT_RECORDS }),
    BSP_RULE_UNKNOWN(L_FACES),
    BSP_RULE_FOR(L_FACES_HDR, 0, 0, LV2, { FACE2_WIDTHS, 72, BSP_LAYOUT_RECORDS }),
    BSP_RULE_UNKNOWN(L_FACES_HDR),
    BSP_RULE_FOR(L_ORIGFACES, 0, 0, LV2, { FACE2_WIDTHS, 72, BSP_LAYOUT_RECORDS }),
    BSP_RULE_UNKNOWN(L_ORIGFACES),
    BSP_RULE_FOR(L_LEAFS, 0, 0, LV2, { LEAF2_WIDTHS, 56, BSP_LAYOUT_RECORDS }),
    BSP_RULE_UNKNOWN(L_LEAFS),
    BSP_RULE_FOR(L_EDGES, 0, 0, LV1, BSP_LAYOUT_EDGES32),
    BSP_RULE_UNKNOWN(L_EDGES),
    BSP_RULE_FOR(L_LEAFFACES, 0, 0, LV1, BSP_LAYOUT_INT32),
    BSP_RULE_UNKNOWN(L_LEAFFACES),
    BSP_RULE_FOR(L_LEAF_AMBIENT_INDEX, 0, 0, LV1, BSP_LAYOUT_EDGES32),
    BSP_RULE_UNKNOWN(L_LEAF_AMBIENT_INDEX),
    BSP_RULE_FOR(L_LEAF_AMBIENT_INDEX_HDR, 0, 0, LV1, BSP_LAYOUT_EDGES32),
    BSP_RULE_UNKNOWN(L_LEAF_AMBIENT_INDEX_HDR),
    BSP_RULE_FOR(L_LEAFBRUSHES, 0, 0, LV1, BSP_LAYOUT_INT32),
    BSP_RULE_FOR(L_FACEIDS, 0, 0, LV1, BSP_LAYOUT_INT32),
    BSP_RULE_FOR(L_VERTNORMALINDICES, 0, 0, LV1, BSP_LAYOUT_INT32),
    BSP_RULE_FOR(L_BRUSHSIDES, 0, 0, LV1, { "444" "11" "2", 16, BSP_LAYOUT_RECORDS }),
};
static const bsp__layout_table strata_layouts = BSP_LAYOUT_TABLE(strata_rules, &source_layouts);

#if BSPKIT_ACCESS
/* Leaf area is 17 bits; bounds are floats. Strata's displacement record
 * (lump 26 v1) is not described: no displacement access. */
static const bsp__access strata_access = {
    .lumps = { L_TEXDATA, L_TEXDATA_STRING_TABLE, L_TEXDATA_STRING_DATA, -1, -1, -1, -1, -1, -1 },
    .geometry = BSP_GEOM_EDGES, .texture_kind = BSP_TEX_STRING_TABLE, .contents_bits = 1,
    .leaf_area = { 8, BSP_F_I32 }, .leaf_area_mask = 0x1ffff,
    .leaf_bounds = { 12, BSP_F_F32 }, .model_origin = 24,
    .texinfo_texture = { 68, BSP_F_I32 }, .texinfo_flags = { 64, BSP_F_I32 },
    .texture_stride = 32, .texture_name = 12, .texture_name_len = 128,
    .contents = source_contents,
    .num_contents = sizeof source_contents / sizeof source_contents[0],
    .surface = source_surface, .num_surface = sizeof source_surface / sizeof source_surface[0],
};
#endif

/* Chosen by the nodes lump's version (bsp__family_source.dir.lump_variant); no
 * in-leaf ambient cubes (leaf_cube_size 0 matches no stride). */
const struct bsp_family bsp__family_source_strata = {
    .name = "source",
    .detect.min_version = 18, .detect.max_version = 29,
    SOURCE_COMMON,
    SOURCE_MODELS_TEXINFO,
    .dir.layouts = &strata_layouts,
    .amb.leaf_mins = { 12, BSP_F_F32 },
    .amb.count = { 0, BSP_F_I32 }, .amb.first = { 4, BSP_F_I32 },
    .amb.index_bytes = 8,
    .tree.node_firstface = { 36, BSP_F_I32 }, .tree.node_numfaces = { 40, BSP_F_I32 },
    .tree.leaf_cluster = { 4, BSP_F_I32 },
    .tree.leaf_firstleafface = { 36, BSP_F_I32 }, .tree.leaf_numleaffaces = { 40, BSP_F_I32 },
    .faces.edge_v = { { 0, BSP_F_I32 }, { 4, BSP_F_I32 } },
    .tree.leafface_face = { 0, BSP_F_I32 },
    .faces.face_plane = { 0, BSP_F_I32 }, .faces.face_firstedge = { 8, BSP_F_I32 },
    .faces.face_numedges = { 12, BSP_F_I32 }, .faces.face_texinfo = { 16, BSP_F_I32 },
    .faces.face_dispinfo = { 20, BSP_F_I32 }, .faces.face_lightofs = { 32, BSP_F_I32 },
    .faces.face_styles_offset = 28, .faces.face_num_styles = 4, .faces.face_luxels_offset = 40,
    .access = BSP__ACCESS(&strata_access),
};
#endif

/* The game variants built on these tables (Dark Messiah, ...). */
#include "source_variants.h"

#endif
