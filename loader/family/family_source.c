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
#include "../core/map.h"

#if BSPKIT_FAMILY_SOURCE

enum {
    L_ENTITIES = 0, L_PLANES = 1, L_TEXDATA = 2, L_VERTEXES = 3, L_VIS = 4,
    L_NODES = 5, L_TEXINFO = 6, L_FACES = 7, L_LIGHTING = 8, L_LEAFS = 10,
    L_FACEIDS = 11, L_EDGES = 12, L_SURFEDGES = 13, L_MODELS = 14,
    L_LEAFFACES = 16, L_LEAFBRUSHES = 17, L_BRUSHES = 18, L_BRUSHSIDES = 19,
    L_AREAS = 20, L_AREAPORTALS = 21, L_FACEBRUSHES = 22, L_FACEBRUSHLIST = 23, L_ORIGFACES = 27, L_VERTNORMALS = 30,
    L_VERTNORMALINDICES = 31, L_DISP_VERTS = 33, L_GAME_LUMP = 35, L_LEAFWATERDATA = 36,
    L_PRIMITIVES = 37, L_PRIMVERTS = 38,
    L_PRIMINDICES = 39, L_CLIPPORTALVERTS = 41, L_CUBEMAPS = 42,
    L_TEXDATA_STRING_TABLE = 44, L_LEAFMINDISTTOWATER = 46,
    L_FACE_MACRO_TEXINFO = 47, L_DISP_TRIS = 48, L_LEAF_AMBIENT_INDEX_HDR = 51,
    L_LEAF_AMBIENT_INDEX = 52, L_LIGHTING_HDR = 53, L_LEAF_AMBIENT_LIGHTING_HDR = 55,
    L_LEAF_AMBIENT_LIGHTING = 56, L_XZIPPAKFILE = 57, L_FACES_HDR = 58,
    L_MAP_FLAGS = 59
};

/* Lumps only the map access reads. */
enum { L_DISPINFO = 26, L_TEXDATA_STRING_DATA = 43 };

#define SURF_BUMPLIGHT 0x800

/* Lump version masks of BSP_RULE_FOR. */
#define LV0 (1u << 0)
#define LV1 (1u << 1)
#define LV2 (1u << 2)

/* The records of Valve's bspfile.h, each described once (core/record.h). */
#define SRC_TEXDATA(F) F(reflectivity, F32, 3) F(nameStringTableID, I32, 1) F(width, I32, 1) \
    F(height, I32, 1) F(view_width, I32, 1) F(view_height, I32, 1)
#define SRC_GAME_LUMP(F) F(id, I32, 1) F(flags, U16, 1) F(version, U16, 1) F(fileofs, I32, 1) \
    F(filelen, I32, 1)
/* CompressedLightCube (6 RGBE colours) and the sample's position in its
 * leaf: bytes only. */
#define SRC_AMBIENT_SAMPLE(F) F(cube, U8, 24) F(x, U8, 1) F(y, U8, 1) F(z, U8, 1) F(pad, U8, 1)
#define SRC_AMBIENT_INDEX(F) F(count, U16, 1) F(first, U16, 1)
#define SRC_NODE(F) F(planenum, I32, 1) F(children, I32, 2) F(mins, I16, 3) F(maxs, I16, 3) \
    F(firstface, U16, 1) F(numfaces, U16, 1) F(area, I16, 1) F(padding, I16, 1)
#define SRC_TEXINFO(F) F(textureVecs, F32, 8) F(lightmapVecs, F32, 8) F(flags, I32, 1) \
    F(texdata, I32, 1)
/* The face of v18..29 and, after 8 average colours and with 8 style slots
 * then 8 "day" and 8 "night" styles, of v17. */
#define SRC_FACE(F) F(planenum, U16, 1) F(side, U8, 1) F(onNode, U8, 1) F(firstedge, I32, 1) \
    F(numedges, I16, 1) F(texinfo, I16, 1) F(dispinfo, I16, 1) F(surfaceFogVolumeID, I16, 1) \
    F(styles, U8, 4) F(lightofs, I32, 1) F(area, F32, 1) F(luxel_mins, I32, 2) \
    F(luxel_size, I32, 2) F(origFace, I32, 1) F(numPrims, U16, 1) F(firstPrimID, U16, 1) \
    F(smoothingGroups, I32, 1)
#define SRC_FACE17(F) F(avgColor, U8, 32) F(planenum, U16, 1) F(side, U8, 1) F(onNode, U8, 1) \
    F(firstedge, I32, 1) F(numedges, I16, 1) F(texinfo, I16, 1) F(dispinfo, I16, 1) \
    F(surfaceFogVolumeID, I16, 1) F(styles, U8, 8) F(day, U8, 8) F(night, U8, 8) \
    F(lightofs, I32, 1) F(area, F32, 1) F(luxel_mins, I32, 2) F(luxel_size, I32, 2) \
    F(origFace, I32, 1) F(smoothingGroups, I32, 1)
/* dleaf_t: area:9 and flags:7 share one 16-bit field; lump version 0 (not
 * v17) adds the ambient cube before the padding. */
#define SRC_LEAF_HEAD(F) F(contents, I32, 1) F(cluster, I16, 1) F(area_flags, U16, 1) \
    F(mins, I16, 3) F(maxs, I16, 3) F(firstleafface, U16, 1) F(numleaffaces, U16, 1) \
    F(firstleafbrush, U16, 1) F(numleafbrushes, U16, 1) F(leafWaterDataID, I16, 1)
#define SRC_LEAF1(F) SRC_LEAF_HEAD(F) F(padding, I16, 1)
#define SRC_LEAF0(F) SRC_LEAF_HEAD(F) F(ambient, U8, 24) F(padding, I16, 1)
#define SRC_MODEL(F) F(mins, F32, 3) F(maxs, F32, 3) F(origin, F32, 3) F(headnode, I32, 1) \
    F(firstface, I32, 1) F(numfaces, I32, 1)
#define SRC_BRUSH(F) F(firstside, I32, 1) F(numsides, I32, 1) F(contents, I32, 1)
/* Later SDKs split bevel into bevel and thin bytes; swapped as one short,
 * as the games of these versions wrote it. */
#define SRC_BRUSHSIDE(F) F(planenum, U16, 1) F(texinfo, I16, 1) F(dispinfo, I16, 1) \
    F(bevel, I16, 1)
#define SRC_AREA(F) F(numareaportals, I32, 1) F(firstareaportal, I32, 1)
#define SRC_AREAPORTAL(F) F(portalKey, U16, 1) F(otherarea, U16, 1) \
    F(firstClipPortalVert, U16, 1) F(clipPortalVerts, U16, 1) F(planenum, I32, 1)
#define SRC_DISP_VERT(F) F(vec, F32, 3) F(dist, F32, 1) F(alpha, F32, 1)
#define SRC_CUBEMAP(F) F(origin, I32, 3) F(size, I32, 1)
/* ddispinfo_t: 4 edge neighbours of 2 sub-neighbours {index, orientation,
 * span, neighbour span, pad}, 4 corner neighbours {index[4], count, pad}. */
#define SRC_DISP_SUB(F, n) F(sub##n##_index, U16, 1) F(sub##n##_spans, U8, 4)
#define SRC_DISP_CORNER(F, n) F(corner##n##_index, U16, 4) F(corner##n##_count, U8, 2)
#define SRC_DISPINFO_TAIL(F) \
    SRC_DISP_SUB(F, 0) SRC_DISP_SUB(F, 1) SRC_DISP_SUB(F, 2) SRC_DISP_SUB(F, 3) \
    SRC_DISP_SUB(F, 4) SRC_DISP_SUB(F, 5) SRC_DISP_SUB(F, 6) SRC_DISP_SUB(F, 7) \
    SRC_DISP_CORNER(F, 0) SRC_DISP_CORNER(F, 1) SRC_DISP_CORNER(F, 2) SRC_DISP_CORNER(F, 3) \
    F(allowedVerts, I32, 10)
#define SRC_DISPINFO(F) F(startPosition, F32, 3) F(DispVertStart, I32, 1) \
    F(DispTriStart, I32, 1) F(power, I32, 1) F(minTess, I32, 1) F(smoothingAngle, F32, 1) \
    F(contents, I32, 1) F(MapFace, U16, 1) F(pad, U16, 1) F(LightmapAlphaStart, I32, 1) \
    F(LightmapSamplePositionStart, I32, 1) SRC_DISPINFO_TAIL(F)
/* Dota 2's betas (docs/queries.md 13.6): Valve's record with an int32
 * after LightmapSamplePositionStart (v22, 180 bytes), and another after
 * contents (v23, 184 bytes: MapFace moves 4 bytes on). */
#define SRC_DISPINFO22(F) F(startPosition, F32, 3) F(DispVertStart, I32, 1) \
    F(DispTriStart, I32, 1) F(power, I32, 1) F(minTess, I32, 1) F(smoothingAngle, F32, 1) \
    F(contents, I32, 1) F(MapFace, U16, 1) F(pad, U16, 1) F(LightmapAlphaStart, I32, 1) \
    F(LightmapSamplePositionStart, I32, 1) F(unknown, I32, 1) SRC_DISPINFO_TAIL(F)
#define SRC_DISPINFO23(F) F(startPosition, F32, 3) F(DispVertStart, I32, 1) \
    F(DispTriStart, I32, 1) F(power, I32, 1) F(minTess, I32, 1) F(smoothingAngle, F32, 1) \
    F(contents, I32, 1) F(unknown1, I32, 1) F(MapFace, U16, 1) F(pad, U16, 1) \
    F(LightmapAlphaStart, I32, 1) F(LightmapSamplePositionStart, I32, 1) F(unknown2, I32, 1) \
    SRC_DISPINFO_TAIL(F)
BSP_RECORD(src_texdata, SRC_TEXDATA);
BSP_RECORD(src_game_lump, SRC_GAME_LUMP);
BSP_RECORD_TYPES(src_ambient_sample, SRC_AMBIENT_SAMPLE);
BSP_RECORD(src_ambient_index, SRC_AMBIENT_INDEX);
BSP_RECORD(src_node, SRC_NODE);
BSP_RECORD(src_texinfo, SRC_TEXINFO);
BSP_RECORD(src_face, SRC_FACE);
#if BSP__BLOODLINES
BSP_RECORD(src_face17, SRC_FACE17);
#endif
BSP_RECORD(src_leaf1, SRC_LEAF1);
BSP_RECORD(src_leaf0, SRC_LEAF0);
BSP_RECORD(src_model, SRC_MODEL);
BSP_RECORD(src_brush, SRC_BRUSH);
BSP_RECORD(src_brushside, SRC_BRUSHSIDE);
BSP_RECORD(src_area, SRC_AREA);
BSP_RECORD(src_areaportal, SRC_AREAPORTAL);
BSP_RECORD(src_disp_vert, SRC_DISP_VERT);
BSP_RECORD(src_cubemap, SRC_CUBEMAP);
BSP_RECORD(src_dispinfo, SRC_DISPINFO);
BSP_RECORD(src_dispinfo22, SRC_DISPINFO22);
BSP_RECORD(src_dispinfo23, SRC_DISPINFO23);

/* Valve's entry; game variants describe theirs (description.h). */
const bsp__game_lump_dir bsp__valve_game_lump_dir = {
    src_game_lump_bytes, { BSP_FIELD(src_game_lump, id), BSP_FIELD(src_game_lump, flags),
                           BSP_FIELD(src_game_lump, version), BSP_FIELD(src_game_lump, fileofs),
                           BSP_FIELD(src_game_lump, filelen) }
};

static const bsp__layout_rule source_rules[] = {
    BSP_RULE(L_PLANES, BSP_RECORDS(bsp__plane)),
    BSP_RULE(L_TEXDATA, BSP_RECORDS(src_texdata)),
    BSP_RULE(L_VERTEXES, BSP_RECORDS(bsp__vec3)),
    BSP_RULE(L_VIS, BSP_COUNTED(bsp__dvis)),
    BSP_RULE(L_GAME_LUMP, BSP_COUNTED(src_game_lump)),
    BSP_RULE(L_LEAF_AMBIENT_LIGHTING_HDR, BSP_UNSWAPPED(src_ambient_sample)),
    BSP_RULE(L_LEAF_AMBIENT_LIGHTING, BSP_UNSWAPPED(src_ambient_sample)),
    BSP_RULE_FOR(L_NODES, 0, 0, LV0, BSP_RECORDS(src_node)),
    BSP_RULE(L_TEXINFO, BSP_RECORDS(src_texinfo)),
#if BSP__BLOODLINES
    BSP_RULE_FOR(L_FACES, 17, 17, 0, BSP_RECORDS(src_face17)),
    BSP_RULE_FOR(L_ORIGFACES, 17, 17, 0, BSP_RECORDS(src_face17)),
    BSP_RULE_FOR(L_LEAFS, 17, 17, 0, BSP_RECORDS(src_leaf1)),
#endif
    BSP_RULE_FOR(L_FACES, 18, 99, LV0 | LV1, BSP_RECORDS(src_face)),
    BSP_RULE_FOR(L_ORIGFACES, 18, 99, LV0 | LV1, BSP_RECORDS(src_face)),
    BSP_RULE_FOR(L_FACES_HDR, 18, 99, LV0 | LV1, BSP_RECORDS(src_face)),
    BSP_RULE_FOR(L_LEAFS, 18, 99, LV0, BSP_RECORDS(src_leaf0)),
    BSP_RULE_FOR(L_LEAFS, 18, 99, LV1, BSP_RECORDS(src_leaf1)),
    BSP_RULE_FOR(L_FACEIDS, 0, 0, LV0, BSP_RECORDS(bsp__uint16)),
    BSP_RULE_FOR(L_EDGES, 0, 0, LV0, BSP_RECORDS(bsp__edge16)),
    BSP_RULE(L_SURFEDGES, BSP_RECORDS(bsp__int32)),
    BSP_RULE(L_MODELS, BSP_RECORDS(src_model)),
    BSP_RULE_FOR(L_LEAFFACES, 0, 0, LV0, BSP_RECORDS(bsp__uint16)),
    BSP_RULE_FOR(L_LEAFBRUSHES, 0, 0, LV0, BSP_RECORDS(bsp__uint16)),
    BSP_RULE(L_BRUSHES, BSP_RECORDS(src_brush)),
    /* Dota 2's v22 and v23 brush side {plane, texinfo, dispinfo, bevel,
     * thin} has Valve's bytes (docs/queries.md 13.6); their displacements
     * grew without a new lump version: the file version says. */
    BSP_RULE_FOR(L_BRUSHSIDES, 17, 99, LV0, BSP_RECORDS(src_brushside)),
    BSP_RULE(L_AREAS, BSP_RECORDS(src_area)),
    BSP_RULE(L_AREAPORTALS, BSP_RECORDS(src_areaportal)),
    BSP_RULE(L_VERTNORMALS, BSP_RECORDS(bsp__vec3)),
    BSP_RULE_FOR(L_VERTNORMALINDICES, 0, 0, LV0, BSP_RECORDS(bsp__uint16)),
    BSP_RULE(L_DISP_VERTS, BSP_RECORDS(src_disp_vert)),
    BSP_RULE_FOR(L_DISPINFO, 17, 21, LV0, BSP_RECORDS(src_dispinfo)),
    BSP_RULE_FOR(L_DISPINFO, 22, 22, LV0, BSP_RECORDS(src_dispinfo22)),
    BSP_RULE_FOR(L_DISPINFO, 23, 23, LV0, BSP_RECORDS(src_dispinfo23)),
    BSP_RULE_FOR(L_DISPINFO, 24, 99, LV0, BSP_RECORDS(src_dispinfo)),
    BSP_RULE(L_PRIMVERTS, BSP_RECORDS(bsp__vec3)),
    BSP_RULE(L_PRIMINDICES, BSP_RECORDS(bsp__uint16)),
    BSP_RULE(L_CLIPPORTALVERTS, BSP_RECORDS(bsp__vec3)),
    BSP_RULE(L_CUBEMAPS, BSP_RECORDS(src_cubemap)),
    BSP_RULE(L_TEXDATA_STRING_TABLE, BSP_RECORDS(bsp__int32)),
    BSP_RULE(L_LEAFMINDISTTOWATER, BSP_RECORDS(bsp__uint16)),
    BSP_RULE(L_FACE_MACRO_TEXINFO, BSP_RECORDS(bsp__uint16)),
    BSP_RULE(L_DISP_TRIS, BSP_RECORDS(bsp__uint16)),
    BSP_RULE_FOR(L_LEAF_AMBIENT_INDEX_HDR, 0, 0, LV0, BSP_RECORDS(src_ambient_index)),
    BSP_RULE_FOR(L_LEAF_AMBIENT_INDEX, 0, 0, LV0, BSP_RECORDS(src_ambient_index)),
    BSP_RULE(L_MAP_FLAGS, BSP_RECORDS(bsp__int32)),
};
static const bsp__layout_table source_layouts = BSP_LAYOUT_TABLE(source_rules, NULL);

#define SOURCE_LUMPS 64
#define SOURCE_HEADER_BYTES (8 + SOURCE_LUMPS * 16 + 4)   /* + map revision */
BSP__CHECK_DIRECTORY(source, SOURCE_HEADER_BYTES, SOURCE_LUMPS);

/* Lower-case LUMP_* names of Valve's bspfile.h, for tools and reports. */
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

/* Source's rule: the face records its luxel block (mins and size - 1 per
 * axis) instead of leaving it to be computed from vertices; bumped faces
 * (texinfo flag SURF_BUMPLIGHT) store 4 pages per style. */
static bsp_status source_face_lightmap(const bsp__map *m, uint32_t face, bsp__lightmap *lm)
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
    if (bsp__field_get(bsp__lightmap_vecs(m, texinfo, lm), fam->faces.texinfo_flags) & SURF_BUMPLIGHT)
        lm->pages = 4;
    return BSP_OK;
}

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

/* Texture names: texdata's nameStringTableID indexes the string table,
 * whose entries are offsets into the string data (names of up to 128
 * bytes). A Source face's plane is already its own (vbsp picks the plane
 * facing the face's front); `side` only says which side of the node it
 * lies on, so it is not applied (no face_side). */
#define SOURCE_TEXTURE_NAME_BYTES 128
#define SOURCE_ACCESS_TEXINFO(texinfo) \
    .texinfo_texture = BSP_FIELD(texinfo, texdata), .texinfo_flags = BSP_FIELD(texinfo, flags)
/* Displacement info: Valve's MapFace, or Dota 2's v23 record's (13.6), told
 * by its size as the layout of the file's version gives it. */
#define SOURCE_ACCESS_DISP \
    .disp_map_face = { BSP_AT(src_dispinfo, MapFace), BSP_AT(src_dispinfo23, MapFace) }, \
    .disp_shifted_bytes = src_dispinfo23_bytes
#define SOURCE_ACCESS_COMMON \
    SOURCE_ACCESS_DISP, \
    .lumps = { L_TEXDATA, L_TEXDATA_STRING_TABLE, L_TEXDATA_STRING_DATA, -1, -1, -1, L_DISPINFO, \
                L_DISP_VERTS, -1, L_AREAS, L_AREAPORTALS, L_VERTNORMALS, L_VERTNORMALINDICES }, \
    .vertnormal_index_bytes = 2, \
    .geometry = BSP_GEOM_EDGES, .texture_kind = BSP_TEX_STRING_TABLE, .contents_bits = 1, \
    .leaf_area_mask = 0x1ff, .model_origin = BSP_AT(src_model, origin), \
    .texture_stride = src_texdata_bytes, .texture_name = BSP_AT(src_texdata, nameStringTableID), \
    .texture_size = BSP_AT(src_texdata, width), \
    .texture_name_len = SOURCE_TEXTURE_NAME_BYTES, \
    .contents = source_contents, \
    .num_contents = sizeof source_contents / sizeof source_contents[0], \
    .surface = source_surface, .num_surface = sizeof source_surface / sizeof source_surface[0]
/* Area portals: Valve's narrow record, or `wide` (same fields, int32). */
#define SOURCE_ACCESS_AREAS(wide) \
    .area_rule = BSP_AREAS_PORTALS, .portal_wide_bytes = wide##_bytes, \
    .area_numportals = BSP_FIELD(src_area, numareaportals), \
    .area_firstportal = BSP_FIELD(src_area, firstareaportal), \
    .portal_key = { BSP_FIELD(src_areaportal, portalKey), BSP_FIELD(wide, portalKey) }, \
    .portal_otherarea = { BSP_FIELD(src_areaportal, otherarea), BSP_FIELD(wide, otherarea) }
#define SOURCE_ACCESS_LEAF \
    .leaf_area = BSP_FIELD(src_leaf1, area_flags), .leaf_bounds = BSP_FIELD(src_leaf1, mins)
static const bsp__access source_access = {
    SOURCE_ACCESS_COMMON, SOURCE_ACCESS_LEAF, SOURCE_ACCESS_TEXINFO(src_texinfo),
    SOURCE_ACCESS_AREAS(src_areaportal)
};

#define SOURCE_MODELS(model) \
    .tree.model_headnode = BSP_FIELD(model, headnode), \
    .tree.model_firstface = BSP_FIELD(model, firstface), \
    .tree.model_numfaces = BSP_FIELD(model, numfaces)
#define SOURCE_MODELS_TEXINFO \
    SOURCE_MODELS(src_model), .faces.texinfo_flags = BSP_FIELD(src_texinfo, flags)

/* Valve's 16-bit ambient index record {count, first sample}. */
#define SOURCE_AMBIENT_INDEX16 \
    .amb.count = BSP_FIELD(src_ambient_index, count), \
    .amb.first = BSP_FIELD(src_ambient_index, first), \
    .amb.index_bytes = src_ambient_index_bytes

/* Valve's 16-bit node, leaf, edge and leaf-face fields (the leaf fields
 * lie alike at both leaf versions; only version 0 holds a cube). */
#define SOURCE_TREE \
    SOURCE_AMBIENT_INDEX16, \
    .amb.leaf_cube_offset = BSP_AT(src_leaf0, ambient), .amb.leaf_cube_size = src_leaf0_bytes, \
    .amb.leaf_mins = BSP_FIELD(src_leaf1, mins), \
    .tree.node_firstface = BSP_FIELD(src_node, firstface), \
    .tree.node_numfaces = BSP_FIELD(src_node, numfaces), \
    .tree.leaf_cluster = BSP_FIELD(src_leaf1, cluster), \
    .tree.leaf_firstleafface = BSP_FIELD(src_leaf1, firstleafface), \
    .tree.leaf_numleaffaces = BSP_FIELD(src_leaf1, numleaffaces), \
    .faces.edge_v = { BSP_FIELD_K(bsp__edge16, v, 0), BSP_FIELD_K(bsp__edge16, v, 1) }, \
    .tree.leafface_face = BSP_FIELD(bsp__uint16, v)

/* The face fields the queries read, of a face record. */
#define SOURCE_FACE_FIELDS(face) \
    .faces.face_plane = BSP_FIELD(face, planenum), \
    .faces.face_firstedge = BSP_FIELD(face, firstedge), \
    .faces.face_numedges = BSP_FIELD(face, numedges), \
    .faces.face_texinfo = BSP_FIELD(face, texinfo), \
    .faces.face_dispinfo = BSP_FIELD(face, dispinfo), \
    .faces.face_lightofs = BSP_FIELD(face, lightofs), \
    .faces.face_styles_offset = BSP_AT(face, styles), \
    .faces.face_num_styles = sizeof(((struct face##_at *)0)->styles), \
    .faces.face_luxels_offset = BSP_AT(face, luxel_mins)

#if BSPKIT_COLLISION
/* Collision (docs/queries.md 8.9): the Quake 2 rule over Source's brushes
 * with Valve's changes (.valve) and bspflags.h's masks. Leaf brushes and brush sides are Valve's narrow
 * records or the wide ones of Strata's lump version 1 and of Vindictus,
 * told apart by their size. */
#define SOURCE_COLL(leaf, wide_side) \
    .lumps = { L_BRUSHES, L_BRUSHSIDES, L_LEAFBRUSHES, -1, -1, -1, -1, -1 }, \
    .kind = BSP_COLL_BRUSHES, .valve = 1, .side_wide_bytes = 16, .leafbrush_wide_bytes = 4, \
    .brush_firstside = BSP_FIELD(src_brush, firstside), \
    .brush_numsides = BSP_FIELD(src_brush, numsides), \
    .brush_contents = BSP_FIELD(src_brush, contents), \
    .side_plane = { BSP_FIELD(src_brushside, planenum), BSP_FIELD(bsp__int32, v) }, \
    .side_texture = { BSP_FIELD(src_brushside, texinfo), BSP_FIELD(wide_side, texinfo) }, \
    .side_dispinfo = { BSP_FIELD(src_brushside, dispinfo), BSP_FIELD(wide_side, dispinfo) }, \
    .side_bevel = { BSP_FIELD(src_brushside, bevel), BSP_FIELD(wide_side, bevel) }, \
    .side_texture_kind = BSP_SIDE_TEXINFO, \
    .leafbrush = { BSP_FIELD(bsp__uint16, v), BSP_FIELD(bsp__int32, v) }, \
    .leaf_firstleafbrush = BSP_FIELD(leaf, firstleafbrush), \
    .leaf_numleafbrushes = BSP_FIELD(leaf, numleafbrushes), \
    .masks = { 0x200400Bu, 0x201400Bu }, \
    .disp_lumps = { L_DISPINFO, L_DISP_VERTS, L_DISP_TRIS }, .has_disps = BSP__DISPCOLL
/* Dota 2's betas, v22 and v23 (docs/queries.md 13.6; v22 is also INFRA's
 * version): their brush sides read well, but the one real v23 file stores
 * plane 0 on a third of them (its own VMF says otherwise), so the brushes
 * load (brush access, the terrain build) and do not collide. */
static const struct bsp__collision source_coll = { SOURCE_COLL(src_leaf1, src_brushside),
                                                   .unsound_from = 22, .unsound_to = 23 };
#endif

/* What every Source description shares but its lightmaps: header,
 * directory, the tree, the lighting set's texinfo, and the roles that
 * are not the lightmaps'
 * (SOURCE_ROLES_UNLIT, which a description's role_lump opens with; the
 * HDR faces are among them, as their role also marks a Source
 * description: game lump, cubemaps, pakfile). */
#define SOURCE_UNLIT \
    .detect.magic = "VBSP", .detect.version_at = 4, .detect.swapped_magic = 1, \
    .dir.header_bytes = SOURCE_HEADER_BYTES, \
    .dir.dir_offset = 8, \
    .dir.num_lumps = SOURCE_LUMPS, \
    .dir.entry_words = 4, \
    .dir.entry = { 0, 1, 2, 3 }, \
    .dir.alt_entry = { 1, 2, 0, 3 }, \
    .dir.lump_names = BSP__IF(BSPKIT_STRINGS, source_lump_names), \
    .tree.node_plane = BSP_FIELD(src_node, planenum), \
    .tree.node_child = { BSP_FIELD_K(src_node, children, 0), BSP_FIELD_K(src_node, children, 1) }, \
    .tree.leaf_contents = BSP_FIELD(src_leaf1, contents), \
    .vis.has_pas = 1, \
    .faces.texinfo_vecs = BSP_AT(src_texinfo, lightmapVecs), \
    .faces.luxel_bytes = 4, \
    .finish = bsp__dvis_finish, \
    .vis.vis_row = bsp__dvis_row, \
    .faces.face_lightmap = source_face_lightmap, \
    .dir.lighting_roles = 1u << BSP_ROLE_TEXINFO
#define SOURCE_ROLES_UNLIT \
    BSP_ROLE(ENTITIES, L_ENTITIES), BSP_ROLE(PLANES, L_PLANES), BSP_ROLE(NODES, L_NODES), \
    BSP_ROLE(LEAFS, L_LEAFS), BSP_ROLE(MODELS, L_MODELS), BSP_ROLE(VIS, L_VIS), \
    BSP_ROLE(FACES, L_FACES), BSP_ROLE(TEXINFO, L_TEXINFO), BSP_ROLE(EDGES, L_EDGES), \
    BSP_ROLE(SURFEDGES, L_SURFEDGES), BSP_ROLE(VERTEXES, L_VERTEXES), \
    BSP_ROLE(LEAFFACES, L_LEAFFACES), BSP_ROLE(FACES_HDR, L_FACES_HDR)

/* What every Source description shares: the above, lighting (LDR and HDR
 * lightmaps, the ambient cubes of the leaf ambient lumps). */
#define SOURCE_COMMON \
    SOURCE_UNLIT, \
    .dir.role_lump = { SOURCE_ROLES_UNLIT, BSP_ROLE(LIGHTING, L_LIGHTING), \
                   BSP_ROLE(LIGHTING_HDR, L_LIGHTING_HDR) }, \
    .amb.kind = BSP_AMB_CUBES, \
    .amb.lumps = { { L_LEAF_AMBIENT_INDEX, L_LEAF_AMBIENT_LIGHTING }, \
                       { L_LEAF_AMBIENT_INDEX_HDR, L_LEAF_AMBIENT_LIGHTING_HDR } }

/* v18..29 (v22 INFRA and early Dota 2, v23 Dota 2 betas, v27 Contagion and
 * the others keep Valve's records); nodes at lump version 1 are Strata's. */
const struct bsp_family bsp__family_source = {
    .name = "source", .detect.id = BSP_FAMILY_SOURCE,
    .detect.min_version = 18, .detect.max_version = 29,
    SOURCE_COMMON,
    SOURCE_TREE,
    SOURCE_FACE_FIELDS(src_face),
    SOURCE_MODELS_TEXINFO,
    .dir.layouts = &source_layouts,
#if BSP__STRATA
    .dir.lump_variant = &bsp__family_source_strata, .dir.lump_variant_at = L_NODES,
    .dir.lump_variant_versions = LV1,
#endif
    .access = BSP__IF(BSPKIT_ACCESS, &source_access),
    BSP__COLL(&source_coll)
    /* the original Xbox's Half-Life 2 (source_variants.h) */
    .dir.dir_variant_version = 19, .dir.dir_variant_nonempty = L_XZIPPAKFILE,
    .dir.dir_variant_index = L_LEAF_AMBIENT_INDEX, .dir.dir_variant_per = L_LEAFS,
    .dir.dir_variant_index_bytes = src_ambient_index_bytes,
#if BSP__HL2_XBOX
    .dir.dir_variant = &bsp__family_source_xbox,
#endif
};

#if BSP__BLOODLINES
/* Vampire: The Masquerade - Bloodlines, the one game of version 17: 104-byte
 * faces that start with 8 average colours and carry 8 style slots (then 8
 * "day" and 8 "night" styles bspkit does not use); leaves are 32 bytes at
 * lump version 0. */
const struct bsp_family bsp__family_source17 = {
    .name = "source", .detect.id = BSP_FAMILY_SOURCE,
    .detect.variant = "bloodlines",
    .detect.min_version = 17, .detect.max_version = 17,
    SOURCE_COMMON,
    SOURCE_TREE,
    SOURCE_FACE_FIELDS(src_face17),
    SOURCE_MODELS_TEXINFO,
    .dir.layouts = &source_layouts,
    .access = BSP__IF(BSPKIT_ACCESS, &source_access),
    BSP__COLL(&source_coll)
};
#endif

#if BSP__STRATA
/* Strata Source (v25): the records it widened, each at its own lump
 * version, as Strata's "BSP Version 25" page lists them
 * (wiki.stratasource.org/modding/formats/bsp-v25; bsp_tool's strata branch
 * and bsppp's lump structs agree). Its compiler writes two lumps at
 * version 0 with the widened records all the same (original faces as
 * faces, face ids as int32; momentum_mp_lobby.bsp), so version 0 names
 * those too. A widened lump at any other version has no layout here (the
 * fields below would misread it). Lumps bspkit reads nothing of are
 * described for the byte swapper only; the variable-length ones (physdisp
 * 2, overlays 3), world lights 2, water overlays 1 and displacements 1 are
 * left as bytes. */
#define STRATA_NODE(F) F(planenum, I32, 1) F(children, I32, 2) F(mins, F32, 3) F(maxs, F32, 3) \
    F(firstface, I32, 1) F(numfaces, I32, 1) F(area, I16, 1) F(padding, I16, 1)
#define STRATA_FACE(F) F(planenum, I32, 1) F(side, U8, 1) F(onNode, U8, 1) F(padding, I16, 1) \
    F(firstedge, I32, 1) F(numedges, I32, 1) F(texinfo, I32, 1) F(dispinfo, I32, 1) \
    F(surfaceFogVolumeID, I32, 1) F(styles, U8, 4) F(lightofs, I32, 1) F(area, F32, 1) \
    F(luxel_mins, I32, 2) F(luxel_size, I32, 2) F(origFace, I32, 1) \
    F(shadows_numPrims, I32, 1) F(firstPrimID, I32, 1) F(smoothingGroups, I32, 1)
/* area:17 and flags:15 share one 32-bit field. */
#define STRATA_LEAF(F) F(contents, I32, 1) F(cluster, I32, 1) F(area_flags, I32, 1) \
    F(mins, F32, 3) F(maxs, F32, 3) F(firstleafface, I32, 1) F(numleaffaces, I32, 1) \
    F(firstleafbrush, I32, 1) F(numleafbrushes, I32, 1) F(leafWaterDataID, I32, 1)
#define STRATA_BRUSHSIDE(F) F(planenum, I32, 1) F(texinfo, I32, 1) F(dispinfo, I32, 1) \
    F(bevel, U8, 1) F(thin, U8, 1) F(padding, I16, 1)
#define STRATA_AMBIENT_INDEX(F) F(count, I32, 1) F(first, I32, 1)
#define STRATA_AREAPORTAL(F) F(portalKey, I32, 1) F(otherarea, I32, 1) \
    F(firstClipPortalVert, I32, 1) F(clipPortalVerts, I32, 1) F(planenum, I32, 1)
#define STRATA_FACEBRUSHLIST(F) F(count, I32, 1) F(start, I32, 1)
#define STRATA_LEAFWATERDATA(F) F(surfaceZ, F32, 1) F(minZ, F32, 1) F(surfaceTexInfoID, I32, 1)
#define STRATA_PRIMITIVE(F) F(type, U8, 1) F(padding, U8, 3) F(firstIndex, I32, 1) \
    F(indexCount, I32, 1) F(firstVert, I32, 1) F(vertCount, I32, 1)
BSP_RECORD(strata_node, STRATA_NODE);
BSP_RECORD(strata_face, STRATA_FACE);
BSP_RECORD(strata_leaf, STRATA_LEAF);
BSP_RECORD(strata_brushside, STRATA_BRUSHSIDE);
BSP_RECORD(strata_ambient_index, STRATA_AMBIENT_INDEX);
BSP_RECORD(strata_areaportal, STRATA_AREAPORTAL);
BSP_RECORD(strata_facebrushlist, STRATA_FACEBRUSHLIST);
BSP_RECORD(strata_leafwaterdata, STRATA_LEAFWATERDATA);
BSP_RECORD(strata_primitive, STRATA_PRIMITIVE);

static const bsp__layout_rule strata_rules[] = {
    BSP_RULE_FOR(L_NODES, 0, 0, LV1, BSP_RECORDS(strata_node)),
    BSP_RULE_UNKNOWN(L_NODES),
    BSP_RULE_FOR(L_FACES, 0, 0, LV2, BSP_RECORDS(strata_face)),
    BSP_RULE_UNKNOWN(L_FACES),
    BSP_RULE_FOR(L_FACES_HDR, 0, 0, LV2, BSP_RECORDS(strata_face)),
    BSP_RULE_UNKNOWN(L_FACES_HDR),
    BSP_RULE_FOR(L_ORIGFACES, 0, 0, LV0 | LV2, BSP_RECORDS(strata_face)),
    BSP_RULE_UNKNOWN(L_ORIGFACES),
    BSP_RULE_FOR(L_LEAFS, 0, 0, LV2, BSP_RECORDS(strata_leaf)),
    BSP_RULE_UNKNOWN(L_LEAFS),
    BSP_RULE_FOR(L_EDGES, 0, 0, LV1, BSP_RECORDS(bsp__edge32)),
    BSP_RULE_UNKNOWN(L_EDGES),
    BSP_RULE_FOR(L_LEAFFACES, 0, 0, LV1, BSP_RECORDS(bsp__int32)),
    BSP_RULE_UNKNOWN(L_LEAFFACES),
    BSP_RULE_FOR(L_LEAF_AMBIENT_INDEX, 0, 0, LV1, BSP_RECORDS(strata_ambient_index)),
    BSP_RULE_UNKNOWN(L_LEAF_AMBIENT_INDEX),
    BSP_RULE_FOR(L_LEAF_AMBIENT_INDEX_HDR, 0, 0, LV1, BSP_RECORDS(strata_ambient_index)),
    BSP_RULE_UNKNOWN(L_LEAF_AMBIENT_INDEX_HDR),
    BSP_RULE_FOR(L_LEAFBRUSHES, 0, 0, LV1, BSP_RECORDS(bsp__int32)),
    BSP_RULE_FOR(L_FACEIDS, 0, 0, LV0 | LV1, BSP_RECORDS(bsp__int32)),
    BSP_RULE_FOR(L_VERTNORMALINDICES, 0, 0, LV1, BSP_RECORDS(bsp__int32)),
    BSP_RULE_FOR(L_BRUSHSIDES, 0, 0, LV1, BSP_RECORDS(strata_brushside)),
    BSP_RULE_FOR(L_AREAPORTALS, 0, 0, LV1, BSP_RECORDS(strata_areaportal)),
    BSP_RULE_FOR(L_FACEBRUSHES, 0, 0, LV1, BSP_RECORDS(bsp__int32)),
    BSP_RULE_FOR(L_FACEBRUSHLIST, 0, 0, LV1, BSP_RECORDS(strata_facebrushlist)),
    BSP_RULE_FOR(L_LEAFWATERDATA, 0, 0, LV1, BSP_RECORDS(strata_leafwaterdata)),
    BSP_RULE_FOR(L_PRIMITIVES, 0, 0, LV1, BSP_RECORDS(strata_primitive)),
    BSP_RULE_FOR(L_PRIMINDICES, 0, 0, LV1, BSP_RECORDS(bsp__int32)),
};
static const bsp__layout_table strata_layouts = BSP_LAYOUT_TABLE(strata_rules, &source_layouts);

/* Leaf area is 17 bits; bounds are floats. Strata's displacement record
 * (lump 26 v1) is not described: no displacement access. */
static const bsp__access strata_access = {
    .lumps = { L_TEXDATA, L_TEXDATA_STRING_TABLE, L_TEXDATA_STRING_DATA, -1, -1, -1, -1, -1, -1,
               L_AREAS, L_AREAPORTALS, L_VERTNORMALS, L_VERTNORMALINDICES },
    .vertnormal_index_bytes = 4,   /* (its compiler writes lump 31 at version 1) */
    SOURCE_ACCESS_AREAS(strata_areaportal),
    .geometry = BSP_GEOM_EDGES, .texture_kind = BSP_TEX_STRING_TABLE, .contents_bits = 1,
    .leaf_area = BSP_FIELD(strata_leaf, area_flags), .leaf_area_mask = 0x1ffff,
    .leaf_bounds = BSP_FIELD(strata_leaf, mins), .model_origin = BSP_AT(src_model, origin),
    SOURCE_ACCESS_TEXINFO(src_texinfo),
    .texture_stride = src_texdata_bytes, .texture_name = BSP_AT(src_texdata, nameStringTableID),
    .texture_size = BSP_AT(src_texdata, width),
    .texture_name_len = SOURCE_TEXTURE_NAME_BYTES,
    .contents = source_contents,
    .num_contents = sizeof source_contents / sizeof source_contents[0],
    .surface = source_surface, .num_surface = sizeof source_surface / sizeof source_surface[0],
};

#if BSPKIT_COLLISION
static const struct bsp__collision strata_coll = { SOURCE_COLL(strata_leaf, strata_brushside),
                                                   .side_thin = BSP_FIELD(strata_brushside, thin) };
#endif

/* Chosen by the nodes lump's version (bsp__family_source.dir.lump_variant); no
 * in-leaf ambient cubes (leaf_cube_size 0 matches no stride). */
const struct bsp_family bsp__family_source_strata = {
    .name = "source", .detect.id = BSP_FAMILY_SOURCE,
    .detect.min_version = 18, .detect.max_version = 29,
    SOURCE_COMMON,
    SOURCE_MODELS_TEXINFO,
    .dir.layouts = &strata_layouts,
    .amb.leaf_mins = BSP_FIELD(strata_leaf, mins),
    .amb.count = BSP_FIELD(strata_ambient_index, count),
    .amb.first = BSP_FIELD(strata_ambient_index, first),
    .amb.index_bytes = strata_ambient_index_bytes,
    .tree.node_firstface = BSP_FIELD(strata_node, firstface),
    .tree.node_numfaces = BSP_FIELD(strata_node, numfaces),
    .tree.leaf_cluster = BSP_FIELD(strata_leaf, cluster),
    .tree.leaf_firstleafface = BSP_FIELD(strata_leaf, firstleafface),
    .tree.leaf_numleaffaces = BSP_FIELD(strata_leaf, numleaffaces),
    .faces.edge_v = { BSP_FIELD_K(bsp__edge32, v, 0), BSP_FIELD_K(bsp__edge32, v, 1) },
    .tree.leafface_face = BSP_FIELD(bsp__int32, v),
    SOURCE_FACE_FIELDS(strata_face),
    .access = BSP__IF(BSPKIT_ACCESS, &strata_access),
    BSP__COLL(&strata_coll)
};
#endif

/* The game variants built on these tables (Dark Messiah, ...). */
#include "source_variants.h"

#endif
