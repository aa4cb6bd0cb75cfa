/* SPDX-License-Identifier: MIT */
/* family_nightfire.c - James Bond 007: Nightfire (int32 version 42): 18
 * lumps of {offset, length}, little-endian. The world's leaves are a block
 * models[0].LeavesIndex .. +LeavesCount; cluster n is leaf first + n, whose
 * VisibilityOffset locates an uncompressed row (-1: everything visible).
 * Point to leaf starts at node 0 (world only). A surface's lightmap axes
 * are a projection (lump 17) already scaled to luxels, its extents come
 * from its own vertex range (QUERIES.md 4). */
#include "family.h"

#if BSPKIT_FAMILY_NIGHTFIRE

enum {
    NF_ENTITIES, NF_PLANES, NF_TEXTURES, NF_MATERIALS, NF_VERTEXES,
    NF_ZEROVERTEXES, NF_DRAWINDICES, NF_VIS, NF_NODES, NF_SURFACES,
    NF_LIGHTING, NF_LEAFS, NF_LEAFSURFACES, NF_LEAFBRUSHES, NF_MODELS,
    NF_BRUSHES, NF_BRUSHSIDES, NF_PROJECTIONS
};

#define NIGHTFIRE_LUMPS 18
#define NIGHTFIRE_HEADER_BYTES (4 + NIGHTFIRE_LUMPS * 8)
BSP__CHECK_DIRECTORY(nightfire, NIGHTFIRE_HEADER_BYTES, NIGHTFIRE_LUMPS);

#if BSPKIT_STRINGS
static const char nightfire_lump_names[] =
    "entities\0" "planes\0" "textures\0" "materials\0" "vertexes\0" "zerovertexes\0"
    "drawindices\0" "visibility\0" "nodes\0" "surfaces\0" "lighting\0" "leafs\0"
    "leafsurfaces\0" "leafbrushes\0" "models\0" "brushes\0" "brushsides\0" "projections\0";
#endif

static const bsp__layout_rule nightfire_rules[] = {
    BSP_RULE(NF_VIS, BSP_LAYOUT_BYTES),   /* rows: bytes */
    BSP_RULE(NF_PLANES, BSP_LAYOUT_PLANES),
    BSP_RULE(NF_VERTEXES, BSP_LAYOUT_VEC3),
    BSP_RULE(NF_ZEROVERTEXES, BSP_LAYOUT_VEC3),
    BSP_RULE(NF_DRAWINDICES, BSP_LAYOUT_INT32),
    BSP_RULE(NF_NODES, { "444" "444444", 36, BSP_LAYOUT_RECORDS }),
    BSP_RULE(NF_SURFACES, { "4444444444" "1111" "4", 48, BSP_LAYOUT_RECORDS }),
    /* Type, VisibilityOffset, mins[3], maxs[3], surface and brush ranges */
    BSP_RULE(NF_LEAFS, { "44" "444444" "4444", 48, BSP_LAYOUT_RECORDS }),
    BSP_RULE(NF_LEAFSURFACES, BSP_LAYOUT_INT32),
    BSP_RULE(NF_LEAFBRUSHES, BSP_LAYOUT_INT32),
    /* mins[3], maxs[3], hulls[4], LeavesIndex, LeavesCount, SurfacesIndex,
     * SurfacesCount */
    BSP_RULE(NF_MODELS, { "444444" "4444" "4444", 56, BSP_LAYOUT_RECORDS }),
    BSP_RULE(NF_BRUSHES, BSP_LAYOUT_VEC3),
    BSP_RULE(NF_BRUSHSIDES, { "44", 8, BSP_LAYOUT_RECORDS }),
    BSP_RULE(NF_PROJECTIONS, { "44444444", 32, BSP_LAYOUT_RECORDS }),
};
static const bsp__layout_table nightfire_layouts = BSP_LAYOUT_TABLE(nightfire_rules, NULL);

/* Surface: plane, VerticesIndex, VerticesCount, draw index range, flags,
 * texture, material, texture projection, LightmapProjectionIndex,
 * LightStyles[4], LightingOffset. */
#define SURF_FIRST_VERTEX 4
#define SURF_VERTEX_COUNT 8
#define SURF_LM_PROJECTION 36

/* The projection index is not a validated texinfo field: a surface whose
 * index is out of range has an inconsistent lightmap, not a corrupt map. */
static bsp_status nightfire_face_lightmap(const bsp_map *m, uint32_t face, bsp__lightmap *lm)
{
    const uint8_t *f = bsp__lightmap_start(m, face, lm);
    int32_t pi = bsp__i32(f + SURF_LM_PROJECTION);
    int32_t count = bsp__i32(f + SURF_VERTEX_COUNT);
    uint32_t first = (uint32_t)bsp__i32(f + SURF_FIRST_VERTEX), k;
    float lo[2] = { 0, 0 }, hi[2] = { 0, 0 };
    int axis;

    if (!m->vertexes.data || !m->texinfo.data) return BSP_E_NOT_LOADED;
    if (pi < 0 || (uint32_t)pi >= m->texinfo.count || count < 1 || first > m->vertexes.count ||
        (uint32_t)count > m->vertexes.count - first) {
        lm->bad = 1;                /* no axes or no vertices: inconsistent */
        return BSP_OK;
    }
    bsp__lightmap_vecs(m, pi, lm);
    /* the projection is already in luxels: floor(min) and ceil(max) */
    for (k = 0; k < (uint32_t)count; k++)
        bsp__extent_add(lm->vecs, m->vertexes.data + (size_t)(first + k) * m->vertexes.stride, k, lo, hi);
    for (axis = 0; axis < 2; axis++) {
        int32_t l = bsp__floor_clamp(lo[axis], -(1 << 24), 1 << 24);
        int32_t h = -bsp__floor_clamp(-hi[axis], -(1 << 24), 1 << 24);
        lm->base[axis] = (float)l;
        if (axis == 0) lm->w = h - l + 1;
        else lm->h = h - l + 1;
    }
    return BSP_OK;
}

#if BSPKIT_ACCESS
/* Leaf Type: 1 empty, 2 solid (as compiled; others are kept as stored). */
static const bsp__flag_rule nightfire_contents[] = { { 2, BSP_CONTENTS_SOLID } };

/* Surface: plane, first vertex, vertex count, first draw index, count,
 * flags, texture, material, texture projection, lightmap projection,
 * styles[4], lighting offset. */
static const bsp__access nightfire_access = {
    .lumps = { NF_TEXTURES, -1, -1, -1, -1, -1, -1, -1, NF_PROJECTIONS },
    .geometry = BSP_GEOM_VERTEX_RUN, .texture_kind = BSP_TEX_RECORDS,
    .leaf_bounds = { 8, BSP_F_F32 },
    .face_texture = { 24, BSP_F_I32 },
    .face_first_vert = { 4, BSP_F_I32 }, .face_num_verts = { 8, BSP_F_I32 },
    .face_first_index = { 12, BSP_F_I32 }, .face_num_indexes = { 16, BSP_F_I32 },
    .face_projection = { 32, BSP_F_I32 },
    .texture_stride = 64, .texture_name_len = 64,
    .contents = nightfire_contents, .num_contents = 1,
};
#endif

const struct bsp_family bsp__family_nightfire = {
    .name = "nightfire",
    .detect.version_at = 0, .detect.min_version = 42, .detect.max_version = 42,
    .dir.header_bytes = NIGHTFIRE_HEADER_BYTES,
    .dir.dir_offset = 4,
    .dir.num_lumps = NIGHTFIRE_LUMPS,
    .dir.entry_words = 2,
    .dir.entry = { 0, 1, -1, -1 },
    .dir.role_lump = { BSP_ROLE(ENTITIES, NF_ENTITIES), BSP_ROLE(PLANES, NF_PLANES),
                   BSP_ROLE(NODES, NF_NODES), BSP_ROLE(LEAFS, NF_LEAFS),
                   BSP_ROLE(MODELS, NF_MODELS), BSP_ROLE(VIS, NF_VIS),
                   BSP_ROLE(FACES, NF_SURFACES), BSP_ROLE(LIGHTING, NF_LIGHTING),
                   BSP_ROLE(VERTEXES, NF_VERTEXES), BSP_ROLE(LEAFFACES, NF_LEAFSURFACES),
                   BSP_ROLE(TEXINFO, NF_PROJECTIONS) },
    .dir.lighting_roles = (1u << BSP_ROLE_VERTEXES) | (1u << BSP_ROLE_TEXINFO),
    .dir.lump_names = BSP__LUMP_NAMES(nightfire_lump_names),
    .dir.layouts = &nightfire_layouts,
    .tree.node_plane = { 0, BSP_F_I32 },
    .tree.node_child = { { 4, BSP_F_I32 }, { 8, BSP_F_I32 } },
    .tree.leaf_contents = { 0, BSP_F_I32 }, .tree.leaf_visofs = { 4, BSP_F_I32 },
    .tree.leaf_firstleafface = { 32, BSP_F_I32 }, .tree.leaf_numleaffaces = { 36, BSP_F_I32 },
    .tree.model_firstleaf = { 40, BSP_F_I32 }, .tree.model_numleafs = { 44, BSP_F_I32 },
    .tree.model_firstface = { 48, BSP_F_I32 }, .tree.model_numfaces = { 52, BSP_F_I32 },
    .faces.face_plane = { 0, BSP_F_I32 }, .faces.face_lightofs = { 44, BSP_F_I32 },
    .faces.face_styles_offset = 40, .faces.face_num_styles = 4,
    .faces.texinfo_vecs = 0, .faces.luxel_bytes = 3,   /* projections: vecs[2][4] */
    .tree.leafface_face = { 0, BSP_F_I32 },
    .finish = bsp__leafvis_finish,
    .vis.vis_row = bsp__leafvis_row,
    .faces.face_lightmap = nightfire_face_lightmap,
    .access = BSP__ACCESS(&nightfire_access),
};

#endif
