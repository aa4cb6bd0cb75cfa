/* SPDX-License-Identifier: MIT */
/* family_source.c - Valve's Source engine maps: VBSP (PC, little-endian) and
 * PSBV (Xbox 360 / PS3, big-endian), versions 17 to 21.
 *
 * Facts from the Source BSP format documents: a 1036-byte header (ident,
 * version, 64 lump_t of 16 bytes, map revision), 56-byte faces (104 in v17),
 * leaves of 56 bytes (lump version 0: with the ambient cube) or 32 bytes
 * (lump version 1, and all of v17), and dvis_t visibility.
 */
#include "family.h"
#include "../query/fmath.h"

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

static const bsp__layout_rule source_layouts[] = {
    { L_PLANES, -1, 0, 99, { "44444", 20, BSP_LAYOUT_RECORDS } },
    { L_TEXDATA, -1, 0, 99, { "44444444", 32, BSP_LAYOUT_RECORDS } },
    { L_VERTEXES, -1, 0, 99, { "444", 12, BSP_LAYOUT_RECORDS } },
    { L_VIS, -1, 0, 99, { "44", 8, BSP_LAYOUT_COUNTED } },
    { L_GAME_LUMP, -1, 0, 99, { "42244", 16, BSP_LAYOUT_COUNTED } },
    { L_LEAF_AMBIENT_LIGHTING_HDR, -1, 0, 99, { NULL, 28, BSP_LAYOUT_RECORDS } },
    { L_LEAF_AMBIENT_LIGHTING, -1, 0, 99, { NULL, 28, BSP_LAYOUT_RECORDS } },
    { L_NODES, -1, 0, 99, { "4442222222222", 32, BSP_LAYOUT_RECORDS } },
    { L_TEXINFO, -1, 0, 99, { "444444444444444444", 72, BSP_LAYOUT_RECORDS } },
    { L_FACES, -1, 17, 17, { FACE17_WIDTHS, 104, BSP_LAYOUT_RECORDS } },
    { L_ORIGFACES, -1, 17, 17, { FACE17_WIDTHS, 104, BSP_LAYOUT_RECORDS } },
    { L_FACES, -1, 18, 99, { FACE_WIDTHS, 56, BSP_LAYOUT_RECORDS } },
    { L_ORIGFACES, -1, 18, 99, { FACE_WIDTHS, 56, BSP_LAYOUT_RECORDS } },
    { L_FACES_HDR, -1, 18, 99, { FACE_WIDTHS, 56, BSP_LAYOUT_RECORDS } },
    { L_LEAFS, -1, 17, 17, { LEAF1_WIDTHS, 32, BSP_LAYOUT_RECORDS } },
    { L_LEAFS, 0, 18, 99, { LEAF0_WIDTHS, 56, BSP_LAYOUT_RECORDS } },
    { L_LEAFS, 1, 18, 99, { LEAF1_WIDTHS, 32, BSP_LAYOUT_RECORDS } },
    { L_FACEIDS, -1, 0, 99, { "2", 2, BSP_LAYOUT_RECORDS } },
    { L_EDGES, -1, 0, 99, { "22", 4, BSP_LAYOUT_RECORDS } },
    { L_SURFEDGES, -1, 0, 99, { "4", 4, BSP_LAYOUT_RECORDS } },
    { L_MODELS, -1, 0, 99, { "444444444444", 48, BSP_LAYOUT_RECORDS } },
    { L_LEAFFACES, -1, 0, 99, { "2", 2, BSP_LAYOUT_RECORDS } },
    { L_LEAFBRUSHES, -1, 0, 99, { "2", 2, BSP_LAYOUT_RECORDS } },
    { L_BRUSHES, -1, 0, 99, { "444", 12, BSP_LAYOUT_RECORDS } },
    { L_BRUSHSIDES, -1, 0, 99, { "2222", 8, BSP_LAYOUT_RECORDS } },
    { L_AREAS, -1, 0, 99, { "44", 8, BSP_LAYOUT_RECORDS } },
    { L_AREAPORTALS, -1, 0, 99, { "22224", 12, BSP_LAYOUT_RECORDS } },
    { L_VERTNORMALS, -1, 0, 99, { "444", 12, BSP_LAYOUT_RECORDS } },
    { L_VERTNORMALINDICES, -1, 0, 99, { "2", 2, BSP_LAYOUT_RECORDS } },
    { L_DISP_VERTS, -1, 0, 99, { "44444", 20, BSP_LAYOUT_RECORDS } },
    { L_PRIMVERTS, -1, 0, 99, { "444", 12, BSP_LAYOUT_RECORDS } },
    { L_PRIMINDICES, -1, 0, 99, { "2", 2, BSP_LAYOUT_RECORDS } },
    { L_CLIPPORTALVERTS, -1, 0, 99, { "444", 12, BSP_LAYOUT_RECORDS } },
    { L_CUBEMAPS, -1, 0, 99, { "4444", 16, BSP_LAYOUT_RECORDS } },
    { L_TEXDATA_STRING_TABLE, -1, 0, 99, { "4", 4, BSP_LAYOUT_RECORDS } },
    { L_LEAFMINDISTTOWATER, -1, 0, 99, { "2", 2, BSP_LAYOUT_RECORDS } },
    { L_FACE_MACRO_TEXINFO, -1, 0, 99, { "2", 2, BSP_LAYOUT_RECORDS } },
    { L_DISP_TRIS, -1, 0, 99, { "2", 2, BSP_LAYOUT_RECORDS } },
    { L_LEAF_AMBIENT_INDEX_HDR, -1, 0, 99, { "22", 4, BSP_LAYOUT_RECORDS } },
    { L_LEAF_AMBIENT_INDEX, -1, 0, 99, { "22", 4, BSP_LAYOUT_RECORDS } },
    { L_MAP_FLAGS, -1, 0, 99, { "4", 4, BSP_LAYOUT_RECORDS } },
};

/* Lower-case LUMP_* names of Valve's bspfile.h, for tools and reports. */
static const char *const source_lump_names[64] = {
    "entities", "planes", "texdata", "vertexes", "visibility", "nodes",
    "texinfo", "faces", "lighting", "occlusion", "leafs", "faceids", "edges",
    "surfedges", "models", "worldlights", "leaffaces", "leafbrushes",
    "brushes", "brushsides", "areas", "areaportals", "propcollision",
    "clusters", "portalverts", "clusterportals", "dispinfo",
    "originalfaces", "physdisp", "physcollide", "vertnormals",
    "vertnormalindices", "disp_lightmap_alphas", "disp_verts",
    "disp_lightmap_sample_positions", "game_lump", "leafwaterdata",
    "primitives", "primverts", "primindices", "pakfile", "clipportalverts",
    "cubemaps", "texdata_string_data", "texdata_string_table", "overlays",
    "leafmindisttowater", "face_macro_texture_info", "disp_tris",
    "physcollidesurface", "wateroverlays", "leaf_ambient_index_hdr",
    "leaf_ambient_index", "lighting_hdr", "worldlights_hdr",
    "leaf_ambient_lighting_hdr", "leaf_ambient_lighting", "xzippakfile",
    "faces_hdr", "map_flags", "overlay_fades", "overlay_system_levels",
    "physlevel", "disp_multiblend"
};

static int source_detect(const uint8_t first[8], int32_t *version)
{
    if (first[0] == 'V' && first[1] == 'B' && first[2] == 'S' && first[3] == 'P') {
        *version = (int32_t)bsp__get_le32(first + 4);
        return 1;
    }
    if (first[0] == 'P' && first[1] == 'S' && first[2] == 'B' && first[3] == 'V') {
        *version = (int32_t)bsp__get_be32(first + 4);
        return 2;
    }
    return 0;
}

static int32_t source_leaf_cluster(const bsp_map *m, const uint8_t *leaf, uint32_t index)
{
    (void)m;
    (void)index;
    return bsp__i16(leaf + 4);
}

static bsp_status source_face_lightmap(const bsp_map *m, uint32_t face, bsp__lightmap *lm)
{
    const struct bsp_family *fam = m->family;
    const uint8_t *f = m->faces.data + (size_t)face * m->faces.stride;
    const uint8_t *luxels = f + fam->face_luxels_offset;  /* mins[2], size[2] */
    const uint8_t *ti;
    int32_t texinfo = bsp__field_get(f, fam->face_texinfo), size0, size1;
    uint32_t k;

    lm->styles = f + fam->face_styles_offset;
    lm->num_styles = fam->face_num_styles;
    lm->lightofs = bsp__field_get(f, fam->face_lightofs);
    lm->bytes_per_luxel = 4;
    lm->scale = 1.0f;
    lm->base[0] = (float)bsp__i32(luxels);
    lm->base[1] = (float)bsp__i32(luxels + 4);
    size0 = bsp__i32(luxels + 8);
    size1 = bsp__i32(luxels + 12);
    /* A size outside 0..65535 cannot describe a block inside a real lump;
     * such a face simply has no lightmap. */
    lm->w = (size0 >= 0 && size0 < 65536) ? size0 + 1 : 0;
    lm->h = (size1 >= 0 && size1 < 65536) ? size1 + 1 : 0;
    lm->pages = 1;
    lm->bad = 0;
    for (k = 0; k < 8; k++) lm->vecs[k / 4][k % 4] = 0.0f;
    if (!m->texinfo.data) return BSP_E_NOT_LOADED;
    if (texinfo < 0) {
        lm->w = 0;
        return BSP_OK;
    }
    ti = m->texinfo.data + (size_t)texinfo * m->texinfo.stride;
    for (k = 0; k < 8; k++) lm->vecs[k / 4][k % 4] = bsp__f32(ti + 32 + 4 * k);
    if (bsp__u32(ti + 64) & SURF_BUMPLIGHT) lm->pages = 4;
    return BSP_OK;
}

/* Everything but the face record is shared by v17 and v18..21. */
#define SOURCE_COMMON \
    .header_bytes = 8 + 64 * 16 + 4, \
    .dir_offset = 8, \
    .num_lumps = 64, \
    .entry_words = 4, \
    .entry = { 0, 1, 2, 3 }, \
    .alt_entry = { 1, 2, 0, 3 }, \
    .roles = { L_ENTITIES, L_PLANES, L_NODES, L_LEAFS, L_MODELS, L_VIS, \
               L_FACES, L_TEXINFO, L_LIGHTING, L_EDGES, L_SURFEDGES, \
               L_VERTEXES, L_LEAFFACES, L_FACES_HDR, L_LIGHTING_HDR }, \
    .lighting_roles = 1u << BSP_ROLE_TEXINFO, \
    .ambient = BSP_AMB_CUBES, \
    .ambient_lumps = { { L_LEAF_AMBIENT_INDEX, L_LEAF_AMBIENT_LIGHTING }, \
                       { L_LEAF_AMBIENT_INDEX_HDR, L_LEAF_AMBIENT_LIGHTING_HDR } }, \
    .leaf_cube_offset = 30, .leaf_cube_size = 56, \
    .leaf_mins = { 8, BSP_F_I16 }, \
    .lump_names = source_lump_names, \
    .layouts = source_layouts, \
    .num_layouts = sizeof source_layouts / sizeof source_layouts[0], \
    .node_plane = { 0, BSP_F_I32 }, \
    .node_child = { { 4, BSP_F_I32 }, { 8, BSP_F_I32 } }, \
    .node_firstface = { 24, BSP_F_U16 }, .node_numfaces = { 26, BSP_F_U16 }, \
    .leaf_contents = { 0, BSP_F_I32 }, .leaf_cluster = { 4, BSP_F_I16 }, \
    .leaf_firstleafface = { 20, BSP_F_U16 }, .leaf_numleaffaces = { 22, BSP_F_U16 }, \
    .model_headnode = { 36, BSP_F_I32 }, \
    .model_firstface = { 40, BSP_F_I32 }, .model_numfaces = { 44, BSP_F_I32 }, \
    .edge_v = { { 0, BSP_F_U16 }, { 2, BSP_F_U16 } }, \
    .leafface_face = { 0, BSP_F_U16 }, \
    .has_pas = 1, \
    .detect = source_detect, \
    .finish = bsp__dvis_finish, \
    .cluster_of_leaf = source_leaf_cluster, \
    .vis_row = bsp__dvis_row, \
    .face_lightmap = source_face_lightmap

const struct bsp_family bsp__family_source = {
    .name = "source",
    .min_version = 18, .max_version = 21,
    SOURCE_COMMON,
    .face_plane = { 0, BSP_F_U16 }, .face_firstedge = { 4, BSP_F_I32 },
    .face_numedges = { 8, BSP_F_I16 }, .face_texinfo = { 10, BSP_F_I16 },
    .face_dispinfo = { 12, BSP_F_I16 }, .face_lightofs = { 20, BSP_F_I32 },
    .face_styles_offset = 16, .face_num_styles = 4, .face_luxels_offset = 28,
};

/* Vampire: The Masquerade - Bloodlines: 104-byte faces that start with 8
 * average colours and carry 8 style slots (then 8 "day" and 8 "night"
 * styles bspkit does not use); leaves are 32 bytes at lump version 0. */
const struct bsp_family bsp__family_source17 = {
    .name = "source",
    .min_version = 17, .max_version = 17,
    SOURCE_COMMON,
    .face_plane = { 32, BSP_F_U16 }, .face_firstedge = { 36, BSP_F_I32 },
    .face_numedges = { 40, BSP_F_I16 }, .face_texinfo = { 42, BSP_F_I16 },
    .face_dispinfo = { 44, BSP_F_I16 }, .face_lightofs = { 72, BSP_F_I32 },
    .face_styles_offset = 48, .face_num_styles = 8, .face_luxels_offset = 80,
};
