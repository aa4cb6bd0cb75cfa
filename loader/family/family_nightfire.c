/* SPDX-License-Identifier: MIT */
/* family_nightfire.c - James Bond 007: Nightfire (int32 version 42): 18
 * lumps of {offset, length}, little-endian. The world's leaves are a block
 * models[0].LeavesIndex .. +LeavesCount; cluster n is leaf first + n, whose
 * VisibilityOffset locates an uncompressed row (-1: everything visible).
 * Point to leaf starts at node 0 (world only). A surface's lightmap axes
 * are a projection (lump 17) already scaled to luxels, its extents come
 * from its own vertex range (docs/queries.md 4). */
#include "family.h"
#include "../core/map.h"

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

static const char nightfire_lump_names[] =
    "entities\0" "planes\0" "textures\0" "materials\0" "vertexes\0" "zerovertexes\0"
    "drawindices\0" "visibility\0" "nodes\0" "surfaces\0" "lighting\0" "leafs\0"
    "leafsurfaces\0" "leafbrushes\0" "models\0" "brushes\0" "brushsides\0" "projections\0";

/* The records of the Nightfire format document, each described once
 * (core/record.h). A surface's lightmap projection is a projections
 * record already scaled to luxels; Hulls[4] of a model are always zero. */
#define NF_TEXTURE(F) F(name, U8, 64)
#define NF_NODE(F) F(planenum, I32, 1) F(children, I32, 2) F(mins, F32, 3) F(maxs, F32, 3)
#define NF_SURFACE(F) F(planenum, I32, 1) F(firstvertex, I32, 1) F(numvertices, I32, 1) \
    F(firstindex, I32, 1) F(numindices, I32, 1) F(flags, I32, 1) F(texture, I32, 1) \
    F(material, I32, 1) F(textureprojection, I32, 1) F(lightmapprojection, I32, 1) \
    F(styles, U8, 4) F(lightofs, I32, 1)
#define NF_LEAF(F) F(type, I32, 1) F(visofs, I32, 1) F(mins, F32, 3) F(maxs, F32, 3) \
    F(firstleafsurface, I32, 1) F(numleafsurfaces, I32, 1) F(firstleafbrush, I32, 1) \
    F(numleafbrushes, I32, 1)
#define NF_MODEL(F) F(mins, F32, 3) F(maxs, F32, 3) F(hulls, I32, 4) F(firstleaf, I32, 1) \
    F(numleafs, I32, 1) F(firstsurface, I32, 1) F(numsurfaces, I32, 1)
#define NF_BRUSH(F) F(attributes, I32, 1) F(firstside, I32, 1) F(numsides, I32, 1)
#define NF_BRUSHSIDE(F) F(surface, I32, 1) F(planenum, I32, 1)
#define NF_PROJECTION(F) F(vecs, F32, 8)
BSP_RECORD_TYPES(nf_texture, NF_TEXTURE);
BSP_RECORD(nf_node, NF_NODE);
BSP_RECORD(nf_surface, NF_SURFACE);
BSP_RECORD(nf_leaf, NF_LEAF);
BSP_RECORD(nf_model, NF_MODEL);
BSP_RECORD(nf_brush, NF_BRUSH);
BSP_RECORD(nf_brushside, NF_BRUSHSIDE);
BSP_RECORD(nf_projection, NF_PROJECTION);

static const bsp__layout_rule nightfire_rules[] = {
    BSP_RULE(NF_VIS, BSP_LAYOUT_BYTES),   /* rows: bytes */
    BSP_RULE(NF_PLANES, BSP_RECORDS(bsp__plane)),
    BSP_RULE(NF_VERTEXES, BSP_RECORDS(bsp__vec3)),
    BSP_RULE(NF_ZEROVERTEXES, BSP_RECORDS(bsp__vec3)),
    BSP_RULE(NF_DRAWINDICES, BSP_RECORDS(bsp__int32)),
    BSP_RULE(NF_NODES, BSP_RECORDS(nf_node)),
    BSP_RULE(NF_SURFACES, BSP_RECORDS(nf_surface)),
    BSP_RULE(NF_LEAFS, BSP_RECORDS(nf_leaf)),
    BSP_RULE(NF_LEAFSURFACES, BSP_RECORDS(bsp__int32)),
    BSP_RULE(NF_LEAFBRUSHES, BSP_RECORDS(bsp__int32)),
    BSP_RULE(NF_MODELS, BSP_RECORDS(nf_model)),
    BSP_RULE(NF_BRUSHES, BSP_RECORDS(nf_brush)),
    BSP_RULE(NF_BRUSHSIDES, BSP_RECORDS(nf_brushside)),
    BSP_RULE(NF_PROJECTIONS, BSP_RECORDS(nf_projection)),
};
static const bsp__layout_table nightfire_layouts = BSP_LAYOUT_TABLE(nightfire_rules, NULL);

/* The projection index is not a validated texinfo field: a surface whose
 * index is out of range has an inconsistent lightmap, not a corrupt map. */
static bsp_status nightfire_face_lightmap(const bsp__map *m, uint32_t face, bsp__lightmap *lm)
{
    const uint8_t *f = bsp__lightmap_start(m, face, lm);
    int32_t pi = bsp__i32(f + BSP_AT(nf_surface, lightmapprojection));
    int32_t count = bsp__i32(f + BSP_AT(nf_surface, numvertices));
    uint32_t first = (uint32_t)bsp__i32(f + BSP_AT(nf_surface, firstvertex)), k;
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

/* Leaf Type: 1 empty, 2 solid (as compiled; others are kept as stored). */
static const bsp__flag_rule nightfire_contents[] = { { 2, BSP_CONTENTS_SOLID } };

static const bsp__access nightfire_access = {
    .lumps = { NF_TEXTURES, -1, -1, -1, -1, -1, -1, -1, NF_PROJECTIONS, -1, -1, -1, -1 },
    .geometry = BSP_GEOM_VERTEX_RUN, .texture_kind = BSP_TEX_RECORDS,
    .leaf_bounds = BSP_FIELD(nf_leaf, mins),
    .face_texture = BSP_FIELD(nf_surface, texture),
    .face_first_vert = BSP_FIELD(nf_surface, firstvertex),
    .face_num_verts = BSP_FIELD(nf_surface, numvertices),
    .face_first_index = BSP_FIELD(nf_surface, firstindex),
    .face_num_indexes = BSP_FIELD(nf_surface, numindices),
    .face_projection = BSP_FIELD(nf_surface, textureprojection),
    .texture_stride = nf_texture_bytes, .texture_name_len = BSP_BYTES(nf_texture, name),
    .contents = nightfire_contents, .num_contents = 1,
};

#if BSPKIT_COLLISION
/* The brush attributes have no known meaning: every brush and every leaf
 * collides, and `contents` answers the attributes word (8.9). */
static const struct bsp__collision nightfire_coll = {
    .lumps = { NF_BRUSHES, NF_BRUSHSIDES, NF_LEAFBRUSHES, -1, -1, -1, -1, -1 },
    .kind = BSP_COLL_BRUSHES, .mask_all = 1, .world_only = 1, .solid_leaf = 2,
    .brush_firstside = BSP_FIELD(nf_brush, firstside), .brush_numsides = BSP_FIELD(nf_brush, numsides),
    .brush_contents = BSP_FIELD(nf_brush, attributes),
    .side_plane = { BSP_FIELD(nf_brushside, planenum), BSP_FIELD(nf_brushside, planenum) },
    .side_texture = { BSP_FIELD(nf_brushside, surface), BSP_FIELD(nf_brushside, surface) },
    .side_texture_kind = BSP_SIDE_FACE,
    .leafbrush = { BSP_FIELD(bsp__int32, v), BSP_FIELD(bsp__int32, v) },
    .leaf_firstleafbrush = BSP_FIELD(nf_leaf, firstleafbrush),
    .leaf_numleafbrushes = BSP_FIELD(nf_leaf, numleafbrushes),
    .masks = { 0xffffffffu, 0xffffffffu },
};
#endif

const struct bsp_family bsp__family_nightfire = {
    .name = "nightfire", .detect.id = BSP_FAMILY_NIGHTFIRE,
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
    .dir.lump_names = BSP__IF(BSPKIT_STRINGS, nightfire_lump_names),
    .dir.layouts = &nightfire_layouts,
    .tree.node_plane = BSP_FIELD(nf_node, planenum),
    .tree.node_child = { BSP_FIELD_K(nf_node, children, 0), BSP_FIELD_K(nf_node, children, 1) },
    .tree.leaf_contents = BSP_FIELD(nf_leaf, type), .tree.leaf_visofs = BSP_FIELD(nf_leaf, visofs),
    .tree.leaf_firstleafface = BSP_FIELD(nf_leaf, firstleafsurface),
    .tree.leaf_numleaffaces = BSP_FIELD(nf_leaf, numleafsurfaces),
    .tree.model_firstleaf = BSP_FIELD(nf_model, firstleaf),
    .tree.model_numleafs = BSP_FIELD(nf_model, numleafs),
    .tree.model_firstface = BSP_FIELD(nf_model, firstsurface),
    .tree.model_numfaces = BSP_FIELD(nf_model, numsurfaces),
    .faces.face_plane = BSP_FIELD(nf_surface, planenum),
    .faces.face_lightofs = BSP_FIELD(nf_surface, lightofs),
    .faces.face_numverts = BSP_FIELD(nf_surface, numvertices),
    .faces.face_styles_offset = BSP_AT(nf_surface, styles), .faces.face_num_styles = 4,
    .faces.texinfo_vecs = BSP_AT(nf_projection, vecs), .faces.luxel_bytes = 3,
    .tree.leafface_face = BSP_FIELD(bsp__int32, v),
    .finish = bsp__leafvis_finish,
    .vis.vis_row = bsp__leafvis_row,
    .faces.face_lightmap = nightfire_face_lightmap,
    .access = BSP__IF(BSPKIT_ACCESS, &nightfire_access),
    BSP__COLL(&nightfire_coll)
};

#endif
