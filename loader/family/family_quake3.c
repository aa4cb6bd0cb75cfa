/* SPDX-License-Identifier: MIT */
/* family_quake3.c - Quake 3 ("IBSP" version 46): 17 lumps of {offset,
 * length}, little-endian, 16-byte planes. Version 47 (Return to Castle
 * Wolfenstein, Wolfenstein: ET, Quake Live; docs/queries.md 13.2) has the
 * same records and may have an 18th entry, Quake Live's adverts. Leaves name their cluster; the
 * visibility lump is numClusters, bytesPerCluster and uncompressed rows.
 * Point to leaf starts at node 0 (world only). Leaf contents are reported
 * as 0. Luxels come from a surface's triangles and its lightmap page
 * (luxel_q3.c), ambient light from the light grid (lump 15, sized by
 * the world model and the first entity's gridsize); BSP_LOAD_LIGHTING
 * brings the vertices, indexes, pages, grid and entity text they read.
 * Raven's "RBSP" 1 and qfusion's "FBSP" 1 (docs/queries.md 13.3) are
 * Quake 3 with 18 lumps, the 18th the light array (a uint16 grid point per
 * cell), and four lightmap slots in their brush sides, draw vertices,
 * surfaces and grid points: the raven_ records below. */
#include "family.h"
#include "../core/map.h"

#if BSPKIT_FAMILY_QUAKE3

enum {
    Q3_ENTITIES, Q3_SHADERS, Q3_PLANES, Q3_NODES, Q3_LEAFS, Q3_LEAFFACES,
    Q3_LEAFBRUSHES, Q3_MODELS, Q3_BRUSHES, Q3_BRUSHSIDES, Q3_DRAWVERTS,
    Q3_DRAWINDEXES, Q3_FOGS, Q3_SURFACES, Q3_LIGHTMAPS, Q3_LIGHTGRID, Q3_VIS,
    Q3_ADVERTS,                    /* IBSP 47 only, when there */
    Q3_LIGHTARRAY = Q3_ADVERTS     /* RBSP, FBSP */
};

#define QUAKE3_LUMPS 17
#define QUAKE3_HEADER_BYTES (8 + QUAKE3_LUMPS * 8)
#define QUAKE3_47_LUMPS 18
#define QUAKE3_47_HEADER_BYTES (8 + QUAKE3_47_LUMPS * 8)
BSP__CHECK_DIRECTORY(quake3, QUAKE3_HEADER_BYTES, QUAKE3_LUMPS);
BSP__CHECK_DIRECTORY(quake3_47, QUAKE3_47_HEADER_BYTES, QUAKE3_47_LUMPS);

/* (version 47's 18 names: the 17, then the adverts; Raven's: the light array) */
#define QUAKE3_NAMES_17 \
    "entities\0" "shaders\0" "planes\0" "nodes\0" "leafs\0" "leafsurfaces\0" \
    "leafbrushes\0" "models\0" "brushes\0" "brushsides\0" "drawverts\0" "drawindexes\0" \
    "fogs\0" "surfaces\0" "lightmaps\0" "lightgrid\0" "visibility\0"
static const char quake3_lump_names[] = QUAKE3_NAMES_17 "adverts\0";
#if BSP__RAVEN_RECORDS
static const char raven_lump_names[] = QUAKE3_NAMES_17 "lightarray\0";
#endif

/* The records of q3 qfiles.h, each described once (core/record.h). A
 * surface's lightmapVecs[2] is its planar normal. */
#define Q3_SHADER(F) F(shader, U8, 64) F(surfaceFlags, I32, 1) F(contentFlags, I32, 1)
#define Q3_PLANE(F) F(normal, F32, 3) F(dist, F32, 1)
#define Q3_NODE(F) F(planeNum, I32, 1) F(children, I32, 2) F(mins, I32, 3) F(maxs, I32, 3)
#define Q3_LEAF(F) F(cluster, I32, 1) F(area, I32, 1) F(mins, I32, 3) F(maxs, I32, 3) \
    F(firstLeafSurface, I32, 1) F(numLeafSurfaces, I32, 1) F(firstLeafBrush, I32, 1) \
    F(numLeafBrushes, I32, 1)
#define Q3_MODEL(F) F(mins, F32, 3) F(maxs, F32, 3) F(firstSurface, I32, 1) \
    F(numSurfaces, I32, 1) F(firstBrush, I32, 1) F(numBrushes, I32, 1)
#define Q3_BRUSH(F) F(firstSide, I32, 1) F(numSides, I32, 1) F(shaderNum, I32, 1)
#define Q3_BRUSHSIDE(F) F(planeNum, I32, 1) F(shaderNum, I32, 1)
#define Q3_DRAWVERT(F) F(xyz, F32, 3) F(st, F32, 2) F(lightmap, F32, 2) F(normal, F32, 3) \
    F(color, U8, 4)
#define Q3_FOG(F) F(shader, U8, 64) F(brushNum, I32, 1) F(visibleSide, I32, 1)
#define Q3_SURFACE(F) F(shaderNum, I32, 1) F(fogNum, I32, 1) F(surfaceType, I32, 1) \
    F(firstVert, I32, 1) F(numVerts, I32, 1) F(firstIndex, I32, 1) F(numIndexes, I32, 1) \
    F(lightmapNum, I32, 1) F(lightmapX, I32, 1) F(lightmapY, I32, 1) F(lightmapWidth, I32, 1) \
    F(lightmapHeight, I32, 1) F(lightmapOrigin, F32, 3) F(lightmapVecs, F32, 9) \
    F(patchWidth, I32, 1) F(patchHeight, I32, 1)
/* RBSP / FBSP (docs/queries.md 13.3): slot k of a surface is
 * lightmapStyles[k], lightmapNum[k] and its vertices' lightmap[k]. */
#define RAVEN_BRUSHSIDE(F) F(planeNum, I32, 1) F(shaderNum, I32, 1) F(drawSurfNum, I32, 1)
#define RAVEN_DRAWVERT(F) F(xyz, F32, 3) F(st, F32, 2) F(lightmap, F32, 8) F(normal, F32, 3) \
    F(color, U8, 16)
#define RAVEN_SURFACE(F) F(shaderNum, I32, 1) F(fogNum, I32, 1) F(surfaceType, I32, 1) \
    F(firstVert, I32, 1) F(numVerts, I32, 1) F(firstIndex, I32, 1) F(numIndexes, I32, 1) \
    F(lightmapStyles, U8, 4) F(vertexStyles, U8, 4) F(lightmapNum, I32, 4) F(lightmapX, I32, 4) \
    F(lightmapY, I32, 4) F(lightmapWidth, I32, 1) F(lightmapHeight, I32, 1) \
    F(lightmapOrigin, F32, 3) F(lightmapVecs, F32, 9) F(patchWidth, I32, 1) F(patchHeight, I32, 1)
/* The visibility lump's header: numClusters, bytesPerCluster, then rows. */
#define Q3_VIS(F) F(numClusters, I32, 1) F(clusterBytes, I32, 1)
/* Quake Live's advertisement surfaces (no query reads them) */
#define Q3_ADVERT(F) F(cellId, I32, 1) F(normal, F32, 3) F(rect, F32, 12) F(model, U8, 64)
BSP_RECORD(q3_shader, Q3_SHADER);
BSP_RECORD(q3_plane, Q3_PLANE);
BSP_RECORD(q3_node, Q3_NODE);
BSP_RECORD(q3_leaf, Q3_LEAF);
BSP_RECORD(q3_model, Q3_MODEL);
BSP_RECORD(q3_brush, Q3_BRUSH);
BSP_RECORD(q3_brushside, Q3_BRUSHSIDE);
BSP_RECORD(q3_drawvert, Q3_DRAWVERT);
BSP_RECORD(q3_fog, Q3_FOG);
BSP_RECORD(q3_surface, Q3_SURFACE);
BSP_RECORD(q3_vis, Q3_VIS);
#if BSP__IBSP47
BSP_RECORD(q3_advert, Q3_ADVERT);
BSP__CHECK(q3_advert_bytes, q3_advert_bytes == 128);
#endif
#if BSP__RAVEN_RECORDS
BSP_RECORD(raven_brushside, RAVEN_BRUSHSIDE);
BSP_RECORD(raven_drawvert, RAVEN_DRAWVERT);
BSP_RECORD(raven_surface, RAVEN_SURFACE);
BSP__CHECK(raven_sizes, raven_brushside_bytes == 12 && raven_drawvert_bytes == 80 &&
                        raven_surface_bytes == 148);
/* (the light and luxel rules read a vertex's lightmap[0] where Quake 3's is) */
BSP__CHECK(raven_vert_lightmap, BSP_AT(raven_drawvert, lightmap) == BSP_AT(q3_drawvert, lightmap));
#endif

static const bsp__layout_rule quake3_rules[] = {
    BSP_RULE(Q3_SHADERS, BSP_RECORDS(q3_shader)),
    BSP_RULE(Q3_PLANES, BSP_RECORDS(q3_plane)),
    BSP_RULE(Q3_NODES, BSP_RECORDS(q3_node)),
    BSP_RULE(Q3_LEAFS, BSP_RECORDS(q3_leaf)),
    BSP_RULE(Q3_LEAFFACES, BSP_RECORDS(bsp__int32)),
    BSP_RULE(Q3_LEAFBRUSHES, BSP_RECORDS(bsp__int32)),
    BSP_RULE(Q3_MODELS, BSP_RECORDS(q3_model)),
    BSP_RULE(Q3_BRUSHES, BSP_RECORDS(q3_brush)),
    BSP_RULE(Q3_BRUSHSIDES, BSP_RECORDS(q3_brushside)),
    BSP_RULE(Q3_DRAWVERTS, BSP_RECORDS(q3_drawvert)),
    BSP_RULE(Q3_DRAWINDEXES, BSP_RECORDS(bsp__int32)),
    BSP_RULE(Q3_FOGS, BSP_RECORDS(q3_fog)),
    BSP_RULE(Q3_SURFACES, BSP_RECORDS(q3_surface)),
    /* bytes, not 8-byte cells: a grid of the wrong size leaves the map
     * loadable without a grid (docs/queries.md 7: no_ambient), as in ioquake3 */
    BSP_RULE(Q3_LIGHTGRID, BSP_LAYOUT_BYTES),
    BSP_RULE(Q3_VIS, BSP_HEADER(q3_vis)),
};
static const bsp__layout_table quake3_layouts = BSP_LAYOUT_TABLE(quake3_rules, NULL);
#if BSP__IBSP47
static const bsp__layout_rule quake3_47_rules[] = {
    BSP_RULE(Q3_ADVERTS, BSP_RECORDS(q3_advert)),
};
static const bsp__layout_table quake3_47_layouts = BSP_LAYOUT_TABLE(quake3_47_rules, &quake3_layouts);
#endif
#if BSP__RAVEN_RECORDS
/* The grid points (30 bytes) and the light array stay bytes, as Quake 3's
 * grid: sizes that do not fit leave the map without a grid (13.3). */
static const bsp__layout_rule raven_rules[] = {
    BSP_RULE(Q3_BRUSHSIDES, BSP_RECORDS(raven_brushside)),
    BSP_RULE(Q3_DRAWVERTS, BSP_RECORDS(raven_drawvert)),
    BSP_RULE(Q3_SURFACES, BSP_RECORDS(raven_surface)),
    BSP_RULE(Q3_LIGHTARRAY, BSP_LAYOUT_BYTES),
};
static const bsp__layout_table raven_layouts = BSP_LAYOUT_TABLE(raven_rules, &quake3_layouts);
#endif

static bsp_status quake3_finish(bsp__map *m)
{
    int32_t n;
    if (m->vis.count == 0) return bsp__clusters_from_leaves(m);
    if (m->vis.count < q3_vis_bytes) return BSP_E_CORRUPT;
    n = bsp__i32(m->vis.data + BSP_AT(q3_vis, numClusters));
    if (n < 0) return BSP_E_CORRUPT;
    m->num_clusters = (uint32_t)n;
    m->has_vis = 1;
    /* the rows bsp_pvs_view hands out at once: those that lie whole in
     * the lump (rows past them, or a stride shorter than a row, answer
     * through quake3_vis_row: corrupt) */
    {
        int32_t stride = bsp__i32(m->vis.data + BSP_AT(q3_vis, clusterBytes));
        uint32_t len = ((uint32_t)n + 7) / 8;
        if (stride >= 0 && (uint32_t)stride >= len) {
            uint64_t fit = stride ? (m->vis.count - q3_vis_bytes - len) / (uint32_t)stride + 1 : (uint32_t)n;
            if (m->vis.count - q3_vis_bytes < len) fit = 0;
            m->vis_rows.data = m->vis.data + q3_vis_bytes;
            m->vis_rows.stride = (uint32_t)stride;
            m->vis_rows.count = fit < (uint32_t)n ? (uint32_t)fit : (uint32_t)n;
        }
    }
    return BSP_OK;
}

/* Row c at the header's end + c * bytesPerCluster; a stride shorter than a
 * row is corrupt. */
static bsp_status quake3_vis_row(const bsp__map *m, int32_t cluster, int pas, bsp__vis_row *row)
{
    int32_t stride = bsp__i32(m->vis.data + BSP_AT(q3_vis, clusterBytes));
    uint32_t len = (m->num_clusters + 7) / 8;
    uint64_t ofs;
    (void)pas;
    if (stride < 0 || (uint32_t)stride < len) return BSP_E_CORRUPT;
    ofs = q3_vis_bytes + (uint64_t)cluster * (uint32_t)stride;
    if (ofs + len > m->vis.count) return BSP_E_CORRUPT;
    row->data = m->vis.data + ofs;
    row->avail = len;
    row->compressed = 0;
    row->all = 0;
    return BSP_OK;
}

/* Shader surfaceFlags of q3 surfaceflags.h. Leaves store no contents. */
static const bsp__flag_rule quake3_surface[] = {
    { 0x4, BSP_SURF_SKY }, { 0x8, BSP_SURF_LADDER }, { 0x80, BSP_SURF_NODRAW },
    { 0x100, BSP_SURF_HINT }, { 0x200, BSP_SURF_SKIP }, { 0x400, BSP_SURF_NOLIGHTMAP },
};

/* Shader contentFlags of the same header: what a brush is made of (its
 * leaves store none, so they read 0 and map to no flag). */
static const bsp__flag_rule quake3_contents[] = {
    { 0x1, BSP_CONTENTS_SOLID }, { 0x8, BSP_CONTENTS_LAVA }, { 0x10, BSP_CONTENTS_SLIME },
    { 0x20, BSP_CONTENTS_WATER }, { 0x40, BSP_CONTENTS_MIST }, { 0x8000, BSP_CONTENTS_AREAPORTAL },
    { 0x10000, BSP_CONTENTS_PLAYERCLIP }, { 0x20000, BSP_CONTENTS_MONSTERCLIP },
    { 0x1000000, BSP_CONTENTS_ORIGIN }, { 0x8000000, BSP_CONTENTS_DETAIL },
    { 0x20000000, BSP_CONTENTS_TRANSLUCENT },
};

/* The access description over surface record S and draw vertex V. */
#define QUAKE3_ACCESS(S, V) { \
    .lumps = { Q3_SHADERS, -1, -1, Q3_DRAWVERTS, Q3_DRAWINDEXES, Q3_LIGHTMAPS, -1, -1, -1, -1, -1, -1, -1 }, \
    .area_rule = BSP_AREAS_PAIRS, \
    .geometry = BSP_GEOM_SURFACES, .texture_kind = BSP_TEX_RECORDS, .contents_bits = 1, \
    .contents = quake3_contents, .num_contents = sizeof quake3_contents / sizeof quake3_contents[0], \
    .leaf_area = BSP_FIELD(q3_leaf, area), .leaf_area_mask = 0xffffffffu,   /* -1: solid leaves */ \
    .leaf_bounds = BSP_FIELD(q3_leaf, mins), \
    .face_texture = BSP_FIELD(S, shaderNum), \
    .texture_flags = BSP_FIELD(q3_shader, surfaceFlags), \
    .face_type = BSP_FIELD(S, surfaceType), \
    .face_first_vert = BSP_FIELD(S, firstVert), \
    .face_num_verts = BSP_FIELD(S, numVerts), \
    .face_first_index = BSP_FIELD(S, firstIndex), \
    .face_num_indexes = BSP_FIELD(S, numIndexes), \
    .face_page = BSP_FIELD(S, lightmapNum), \
    .face_normal = BSP_AT_K(S, lightmapVecs, 6), \
    .face_patch = BSP_AT(S, patchWidth), \
    .drawvert_bytes = V##_bytes, .drawvert_normal = BSP_AT(V, normal), .drawvert_color = BSP_AT(V, color), \
    .texture_stride = q3_shader_bytes, .texture_name_len = BSP_BYTES(q3_shader, shader), \
    .surface = quake3_surface, .num_surface = sizeof quake3_surface / sizeof quake3_surface[0], \
}
static const bsp__access quake3_access = QUAKE3_ACCESS(q3_surface, q3_drawvert);
#if BSP__RAVEN_RECORDS
static const bsp__access raven_access = QUAKE3_ACCESS(raven_surface, raven_drawvert);
#endif

#if BSPKIT_COLLISION
/* A brush's contents are its shader's contentFlags. */
/* over brush side record B and surface record S */
#define QUAKE3_COLL(B, S) { \
    .lumps = { Q3_BRUSHES, Q3_BRUSHSIDES, Q3_LEAFBRUSHES, -1, Q3_SHADERS, Q3_SURFACES, \
               Q3_DRAWVERTS, Q3_LEAFFACES }, \
    .kind = BSP_COLL_Q3, \
    .brush_firstside = BSP_FIELD(q3_brush, firstSide), .brush_numsides = BSP_FIELD(q3_brush, numSides), \
    .brush_contents = BSP_FIELD(q3_brush, shaderNum), \
    .side_plane = { BSP_FIELD(B, planeNum), BSP_FIELD(B, planeNum) }, \
    .side_texture = { BSP_FIELD(B, shaderNum), BSP_FIELD(B, shaderNum) }, \
    .side_texture_kind = BSP_SIDE_SHADER, \
    .leafbrush = { BSP_FIELD(bsp__int32, v), BSP_FIELD(bsp__int32, v) }, \
    .leaf_firstleafbrush = BSP_FIELD(q3_leaf, firstLeafBrush), \
    .leaf_numleafbrushes = BSP_FIELD(q3_leaf, numLeafBrushes), \
    .model_firstbrush = BSP_FIELD(q3_model, firstBrush), \
    .model_numbrushes = BSP_FIELD(q3_model, numBrushes), \
    .shader_contents = BSP_FIELD(q3_shader, contentFlags), \
    .surf_type = BSP_FIELD(S, surfaceType), .surf_shader = BSP_FIELD(S, shaderNum), \
    .surf_firstvert = BSP_FIELD(S, firstVert), .surf_numverts = BSP_FIELD(S, numVerts), \
    .surf_width = BSP_FIELD(S, patchWidth), .surf_height = BSP_FIELD(S, patchHeight), \
    .pack_keep = BSP_BYTES(q3_drawvert, xyz),   /* the control points */ \
    .masks = { 0x1u, 0x2010001u },   /* game/bg_public.h: MASK_SOLID, MASK_PLAYERSOLID */ \
}
static const struct bsp__collision quake3_coll = QUAKE3_COLL(q3_brushside, q3_surface);
#if BSP__RAVEN_RECORDS
static const struct bsp__collision raven_coll = QUAKE3_COLL(raven_brushside, raven_surface);
#endif
#endif

/* Everything but the header, the same for every version; the records'
 * parts (S: the surface record) of RBSP and FBSP are Raven's. */
#define QUAKE3_COMMON(S, names, more_lighting, access_, coll_) \
    .detect.version_at = 4, \
    .dir.dir_offset = 8, \
    .dir.entry_words = 2, \
    .dir.entry = { 0, 1, -1, -1 }, \
    .dir.role_lump = { BSP_ROLE(ENTITIES, Q3_ENTITIES), BSP_ROLE(PLANES, Q3_PLANES), \
                   BSP_ROLE(NODES, Q3_NODES), BSP_ROLE(LEAFS, Q3_LEAFS), \
                   BSP_ROLE(MODELS, Q3_MODELS), BSP_ROLE(VIS, Q3_VIS), \
                   BSP_ROLE(FACES, Q3_SURFACES), BSP_ROLE(LIGHTING, Q3_LIGHTMAPS), \
                   BSP_ROLE(VERTEXES, Q3_DRAWVERTS), BSP_ROLE(LEAFFACES, Q3_LEAFFACES) }, \
    .dir.lighting_roles = 1u << BSP_ROLE_VERTEXES, \
    .dir.lighting_lumps = (1u << Q3_DRAWINDEXES) | (1u << Q3_LIGHTGRID) | (1u << Q3_ENTITIES) | \
                          (more_lighting), \
    .amb.kind = BSP_AMB_GRID, \
    .dir.lump_names = BSP__IF(BSPKIT_STRINGS, names), \
    .tree.node_plane = BSP_FIELD(q3_node, planeNum), \
    .tree.node_child = { BSP_FIELD_K(q3_node, children, 0), BSP_FIELD_K(q3_node, children, 1) }, \
    .tree.leaf_cluster = BSP_FIELD(q3_leaf, cluster), \
    .tree.leaf_firstleafface = BSP_FIELD(q3_leaf, firstLeafSurface), \
    .tree.leaf_numleaffaces = BSP_FIELD(q3_leaf, numLeafSurfaces), \
    .tree.model_firstface = BSP_FIELD(q3_model, firstSurface), \
    .tree.model_numfaces = BSP_FIELD(q3_model, numSurfaces), \
    .tree.leafface_face = BSP_FIELD(bsp__int32, v), \
    .finish = quake3_finish, \
    .vis.vis_row = quake3_vis_row, \
    .vis.vis_view = 1, \
    .faces.face_luxel = bsp__q3_luxel, \
    .faces.face_page = BSP_FIELD(S, lightmapNum), \
    .access = BSP__IF(BSPKIT_ACCESS, access_), \
    BSP__COLL(coll_)

const struct bsp_family bsp__family_quake3 = {
    .name = "quake3", .detect.id = BSP_FAMILY_QUAKE3,
    .detect.min_version = 46, .detect.max_version = 46,
    .dir.header_bytes = QUAKE3_HEADER_BYTES,
    .dir.num_lumps = QUAKE3_LUMPS,
    .dir.layouts = &quake3_layouts,
    .detect.magic = "IBSP", .faces.page_texels = 128,
    QUAKE3_COMMON(q3_surface, quake3_lump_names, 0, &quake3_access, &quake3_coll)
};

#if BSP__IBSP47
/* IBSP 47: the original q3map's 17 entries, or q3map2's 18 (the 18th,
 * Quake Live's adverts, read by the rule of optional_last). RTCW and ET
 * files cannot be told apart; a non-empty advert lump is Quake Live. */
const struct bsp_family bsp__family_quake3_47 = {
    .name = "quake3", .detect.id = BSP_FAMILY_QUAKE3,
    .detect.min_version = 47, .detect.max_version = 47,
    .dir.header_bytes = QUAKE3_47_HEADER_BYTES,
    .dir.num_lumps = QUAKE3_47_LUMPS,
    .dir.optional_last = 1,
    .dir.last_variant = "quakelive",
    .dir.layouts = &quake3_47_layouts,
    .detect.magic = "IBSP", .faces.page_texels = 128,
    QUAKE3_COMMON(q3_surface, quake3_lump_names, 0, &quake3_access, &quake3_coll)
};
#endif

/* RBSP 1 and FBSP 1 (docs/queries.md 13.3): 18 entries, Raven's records,
 * the light array (lump 17) between the grid's cells and its points
 * (amb.lumps[0]: points, array; index_bytes: an array entry), lightmap
 * slot styles in the surface, pages of 128 or 512 texels a side. */
#define RAVEN_COMMON \
    .detect.min_version = 1, .detect.max_version = 1, \
    .dir.header_bytes = QUAKE3_47_HEADER_BYTES, \
    .dir.num_lumps = QUAKE3_47_LUMPS, \
    .dir.layouts = &raven_layouts, \
    .amb.lumps = { { Q3_LIGHTGRID, Q3_LIGHTARRAY } }, .amb.index_bytes = 2, \
    .faces.face_styles_offset = BSP_AT(raven_surface, lightmapStyles), \
    .faces.face_num_styles = 4, \
    QUAKE3_COMMON(raven_surface, raven_lump_names, 1u << Q3_LIGHTARRAY, &raven_access, &raven_coll)
#if BSP__RAVEN
const struct bsp_family bsp__family_quake3_raven = {
    .name = "quake3", .detect.id = BSP_FAMILY_QUAKE3, .detect.variant = "raven",
    .detect.magic = "RBSP", .faces.page_texels = 128,
    RAVEN_COMMON
};
#endif
#if BSP__QFUSION
const struct bsp_family bsp__family_quake3_qfusion = {
    .name = "quake3", .detect.id = BSP_FAMILY_QUAKE3, .detect.variant = "qfusion",
    .detect.magic = "FBSP", .faces.page_texels = 512,
    RAVEN_COMMON
};

#endif

#endif
