/* SPDX-License-Identifier: MIT */
/* family_quake.c - Quake (version 29), GoldSrc / Half-Life (30) and BSP2
 * (magic "BSP2", 32-bit indices and float bounds; "2PSB", its older form
 * with 16-bit bounds): 15 lumps of {offset, length} after a 4-byte version
 * or magic, little-endian.
 *
 * Clusters are the world's visible leaves (leaf - 1 for leaves 1 ..
 * models[0].visleafs); a leaf's visofs locates its run-length PVS row; a
 * face's lightmap size comes from its vertices (bsp__extents_lightmap).
 */
#include "family.h"
#include "../query/fmath.h"

enum {
    Q_ENTITIES, Q_PLANES, Q_TEXTURES, Q_VERTEXES, Q_VIS, Q_NODES, Q_TEXINFO,
    Q_FACES, Q_LIGHTING, Q_CLIPNODES, Q_LEAFS, Q_MARKSURFACES, Q_EDGES,
    Q_SURFEDGES, Q_MODELS
};

static const char *const quake_lump_names[15] = {
    "entities", "planes", "textures", "vertexes", "visibility", "nodes",
    "texinfo", "faces", "lighting", "clipnodes", "leafs", "marksurfaces",
    "edges", "surfedges", "models"
};

/* dmodel_t: mins, maxs, origin, headnode[4], visleafs, firstface, numfaces */
#define MODEL_WIDTHS "444444444" "4444" "444"
#define MODEL_VISLEAFS 52

static const bsp__layout_rule quake_layouts[] = {
    { Q_VIS, -1, 0, 99, { NULL, 0, BSP_LAYOUT_RECORDS } },   /* run-length rows: bytes */
    { Q_PLANES, -1, 0, 99, { "44444", 20, BSP_LAYOUT_RECORDS } },
    { Q_VERTEXES, -1, 0, 99, { "444", 12, BSP_LAYOUT_RECORDS } },
    /* planenum, children[2], mins[3], maxs[3], firstface, numfaces */
    { Q_NODES, -1, 0, 99, { "4" "22" "222222" "22", 24, BSP_LAYOUT_RECORDS } },
    { Q_TEXINFO, -1, 0, 99, { "4444444444", 40, BSP_LAYOUT_RECORDS } },
    /* planenum, side, firstedge, numedges, texinfo, styles[4], lightofs */
    { Q_FACES, -1, 0, 99, { "22" "4" "22" "1111" "4", 20, BSP_LAYOUT_RECORDS } },
    { Q_CLIPNODES, -1, 0, 99, { "422", 8, BSP_LAYOUT_RECORDS } },
    /* contents, visofs, mins[3], maxs[3], marksurface range, ambient[4] */
    { Q_LEAFS, -1, 0, 99, { "44" "222222" "22" "1111", 28, BSP_LAYOUT_RECORDS } },
    { Q_MARKSURFACES, -1, 0, 99, { "2", 2, BSP_LAYOUT_RECORDS } },
    { Q_EDGES, -1, 0, 99, { "22", 4, BSP_LAYOUT_RECORDS } },
    { Q_SURFEDGES, -1, 0, 99, { "4", 4, BSP_LAYOUT_RECORDS } },
    { Q_MODELS, -1, 0, 99, { MODEL_WIDTHS, 64, BSP_LAYOUT_RECORDS } },
};

/* BSP2: the same records widened to 32-bit indices and float bounds. */
static const bsp__layout_rule bsp2_layouts[] = {
    { Q_VIS, -1, 0, 99, { NULL, 0, BSP_LAYOUT_RECORDS } },   /* run-length rows: bytes */
    { Q_PLANES, -1, 0, 99, { "44444", 20, BSP_LAYOUT_RECORDS } },
    { Q_VERTEXES, -1, 0, 99, { "444", 12, BSP_LAYOUT_RECORDS } },
    { Q_NODES, -1, 0, 99, { "444" "444444" "44", 44, BSP_LAYOUT_RECORDS } },
    { Q_TEXINFO, -1, 0, 99, { "4444444444", 40, BSP_LAYOUT_RECORDS } },
    { Q_FACES, -1, 0, 99, { "44444" "1111" "4", 28, BSP_LAYOUT_RECORDS } },
    { Q_CLIPNODES, -1, 0, 99, { "444", 12, BSP_LAYOUT_RECORDS } },
    { Q_LEAFS, -1, 0, 99, { "44" "444444" "44" "1111", 44, BSP_LAYOUT_RECORDS } },
    { Q_MARKSURFACES, -1, 0, 99, { "4", 4, BSP_LAYOUT_RECORDS } },
    { Q_EDGES, -1, 0, 99, { "44", 8, BSP_LAYOUT_RECORDS } },
    { Q_SURFEDGES, -1, 0, 99, { "4", 4, BSP_LAYOUT_RECORDS } },
    { Q_MODELS, -1, 0, 99, { MODEL_WIDTHS, 64, BSP_LAYOUT_RECORDS } },
};

/* 2PSB: BSP2 with 16-bit node and leaf bounds. */
static const bsp__layout_rule bsp2_rmq_layouts[] = {
    { Q_VIS, -1, 0, 99, { NULL, 0, BSP_LAYOUT_RECORDS } },   /* run-length rows: bytes */
    { Q_PLANES, -1, 0, 99, { "44444", 20, BSP_LAYOUT_RECORDS } },
    { Q_VERTEXES, -1, 0, 99, { "444", 12, BSP_LAYOUT_RECORDS } },
    { Q_NODES, -1, 0, 99, { "444" "222222" "44", 32, BSP_LAYOUT_RECORDS } },
    { Q_TEXINFO, -1, 0, 99, { "4444444444", 40, BSP_LAYOUT_RECORDS } },
    { Q_FACES, -1, 0, 99, { "44444" "1111" "4", 28, BSP_LAYOUT_RECORDS } },
    { Q_CLIPNODES, -1, 0, 99, { "444", 12, BSP_LAYOUT_RECORDS } },
    { Q_LEAFS, -1, 0, 99, { "44" "222222" "44" "1111", 32, BSP_LAYOUT_RECORDS } },
    { Q_MARKSURFACES, -1, 0, 99, { "4", 4, BSP_LAYOUT_RECORDS } },
    { Q_EDGES, -1, 0, 99, { "44", 8, BSP_LAYOUT_RECORDS } },
    { Q_SURFEDGES, -1, 0, 99, { "4", 4, BSP_LAYOUT_RECORDS } },
    { Q_MODELS, -1, 0, 99, { MODEL_WIDTHS, 64, BSP_LAYOUT_RECORDS } },
};

/* ---- the lightmap rule shared with Quake 2 ----------------------------- */

/* Vertex k of a face: surfedge first + k, its edge, the edge's start. */
typedef struct face_walk {
    const bsp_map *m;
    int32_t first;
} face_walk;

static const uint8_t *face_vertex(const void *ctx, int32_t k)
{
    const face_walk *w = (const face_walk *)ctx;
    const bsp_map *m = w->m;
    int32_t se = bsp__i32(m->surfedges.data + 4 * (size_t)(w->first + k));
    const uint8_t *edge = m->edges.data + (size_t)(se < 0 ? -se : se) * m->edges.stride;
    int32_t vi = bsp__field_get(edge, m->family->edge_v[se < 0 ? 1 : 0]);
    return m->vertexes.data + (size_t)vi * m->vertexes.stride;
}

bsp_status bsp__extents_lightmap(const bsp_map *m, uint32_t face, uint32_t bytes_per_luxel,
                                bsp__lightmap *lm)
{
    const struct bsp_family *fam = m->family;
    const uint8_t *f = m->faces.data + (size_t)face * m->faces.stride;
    const uint8_t *ti;
    int32_t texinfo = bsp__field_get(f, fam->face_texinfo);
    int32_t first = bsp__field_get(f, fam->face_firstedge);
    int32_t count = bsp__field_get(f, fam->face_numedges), k;
    face_walk fv;

    bsp__lightmap_blank(lm, m, f, bytes_per_luxel, 16.0f);
    if (!m->texinfo.data || !m->surfedges.data || !m->edges.data || !m->vertexes.data)
        return BSP_E_NOT_LOADED;
    if (texinfo < 0) return BSP_OK;                    /* no texture space: no lightmap */
    ti = m->texinfo.data + (size_t)texinfo * m->texinfo.stride;
    for (k = 0; k < 8; k++) lm->vecs[k / 4][k % 4] = bsp__f32(ti + 4 * k);
    if (count < 1) {
        lm->bad = 1;
        return BSP_OK;
    }
    fv.m = m;
    fv.first = first;
    bsp__lightmap_extents(lm, face_vertex, &fv, count, 16.0f);
    return BSP_OK;
}

/* ---- clusters and visibility ------------------------------------------- */

static int32_t world_visleafs(const bsp_map *m)
{
    return bsp__i32(m->models.data + MODEL_VISLEAFS);
}

static bsp_status quake_finish(bsp_map *m)
{
    int32_t n = world_visleafs(m);
    if (n < 0) return BSP_E_CORRUPT;
    m->num_clusters = (uint32_t)n;
    m->has_vis = m->vis.count > 0;
    return BSP_OK;
}

static int32_t quake_leaf_cluster(const bsp_map *m, const uint8_t *leaf, uint32_t index)
{
    (void)leaf;
    return (index >= 1 && index <= (uint32_t)world_visleafs(m)) ? (int32_t)index - 1 : -1;
}

bsp_status bsp__visofs_row(const bsp_map *m, uint64_t leaf, int compressed, bsp__vis_row *row)
{
    int32_t ofs;
    if (leaf >= m->leafs.count) return BSP_E_CORRUPT;
    ofs = bsp__i32(m->leafs.data + (size_t)leaf * m->leafs.stride + 4);
    row->all = ofs == -1;
    row->compressed = (uint8_t)compressed;
    row->data = m->vis.data;
    row->avail = 0;
    if (row->all) return BSP_OK;
    if (ofs < 0 || (uint32_t)ofs >= m->vis.count) return BSP_E_CORRUPT;
    row->data = m->vis.data + ofs;
    row->avail = m->vis.count - (uint32_t)ofs;
    return BSP_OK;
}

/* Cluster c is leaf c + 1. */
static bsp_status quake_vis_row(const bsp_map *m, int32_t cluster, int pas, bsp__vis_row *row)
{
    (void)pas;
    return bsp__visofs_row(m, (uint64_t)(uint32_t)cluster + 1, 1, row);
}

static bsp_status grey_lightmap(const bsp_map *m, uint32_t face, bsp__lightmap *lm)
{
    return bsp__extents_lightmap(m, face, 1, lm);
}

static bsp_status rgb_lightmap(const bsp_map *m, uint32_t face, bsp__lightmap *lm)
{
    return bsp__extents_lightmap(m, face, 3, lm);
}

/* ---- descriptions ------------------------------------------------------ */

static int detect_version(const uint8_t first[8], int32_t want, int32_t *version)
{
    if ((int32_t)bsp__get_le32(first) != want) return 0;
    *version = want;
    return 1;
}

static int quake_detect(const uint8_t first[8], int32_t *version)
{
    return detect_version(first, 29, version);
}

static int goldsrc_detect(const uint8_t first[8], int32_t *version)
{
    return detect_version(first, 30, version);
}

static int magic_detect(const uint8_t first[8], const char *magic, int32_t *version)
{
    if (first[0] != magic[0] || first[1] != magic[1] || first[2] != magic[2] || first[3] != magic[3])
        return 0;
    *version = 0;      /* BSP2's magic carries no version number */
    return 1;
}

static int bsp2_detect(const uint8_t first[8], int32_t *version)
{
    return magic_detect(first, "BSP2", version);
}

static int bsp2_rmq_detect(const uint8_t first[8], int32_t *version)
{
    return magic_detect(first, "2PSB", version);
}

#define QUAKE_COMMON \
    .header_bytes = 4 + 15 * 8, \
    .dir_offset = 4, \
    .num_lumps = 15, \
    .entry_words = 2, \
    .entry = { 0, 1, -1, -1 }, \
    .roles = { Q_ENTITIES, Q_PLANES, Q_NODES, Q_LEAFS, Q_MODELS, Q_VIS, Q_FACES, \
               Q_TEXINFO, Q_LIGHTING, Q_EDGES, Q_SURFEDGES, Q_VERTEXES, \
               Q_MARKSURFACES, -1, -1 }, \
    .lighting_roles = (1u << BSP_ROLE_TEXINFO) | (1u << BSP_ROLE_EDGES) | \
                      (1u << BSP_ROLE_SURFEDGES) | (1u << BSP_ROLE_VERTEXES), \
    .lump_names = quake_lump_names, \
    .leaf_contents = { 0, BSP_F_I32 }, \
    .model_headnode = { 36, BSP_F_I32 }, \
    .model_firstface = { 56, BSP_F_I32 }, .model_numfaces = { 60, BSP_F_I32 }, \
    .face_num_styles = 4, \
    .finish = quake_finish, \
    .cluster_of_leaf = quake_leaf_cluster, \
    .vis_row = quake_vis_row

#define QUAKE_RECORDS \
    .layouts = quake_layouts, \
    .num_layouts = sizeof quake_layouts / sizeof quake_layouts[0], \
    .node_plane = { 0, BSP_F_I32 }, \
    .node_child = { { 4, BSP_F_I16 }, { 6, BSP_F_I16 } }, \
    .node_firstface = { 20, BSP_F_U16 }, .node_numfaces = { 22, BSP_F_U16 }, \
    .leaf_firstleafface = { 20, BSP_F_U16 }, .leaf_numleaffaces = { 22, BSP_F_U16 }, \
    .face_plane = { 0, BSP_F_U16 }, .face_firstedge = { 4, BSP_F_I32 }, \
    .face_numedges = { 8, BSP_F_I16 }, .face_texinfo = { 10, BSP_F_I16 }, \
    .face_lightofs = { 16, BSP_F_I32 }, .face_styles_offset = 12, \
    .edge_v = { { 0, BSP_F_U16 }, { 2, BSP_F_U16 } }, \
    .leafface_face = { 0, BSP_F_U16 }

/* BSP2 faces: planenum, side, firstedge, numedges, texinfo as int32. */
#define BSP2_FACES \
    .face_plane = { 0, BSP_F_I32 }, .face_firstedge = { 8, BSP_F_I32 }, \
    .face_numedges = { 12, BSP_F_I32 }, .face_texinfo = { 16, BSP_F_I32 }, \
    .face_lightofs = { 24, BSP_F_I32 }, .face_styles_offset = 20, \
    .edge_v = { { 0, BSP_F_I32 }, { 4, BSP_F_I32 } }, \
    .leafface_face = { 0, BSP_F_I32 }

const struct bsp_family bsp__family_quake = {
    .name = "quake",
    .min_version = 29, .max_version = 29,
    QUAKE_COMMON,
    QUAKE_RECORDS,
    .detect = quake_detect,
    .face_lightmap = grey_lightmap,
};

const struct bsp_family bsp__family_goldsrc = {
    .name = "goldsrc",
    .min_version = 30, .max_version = 30,
    QUAKE_COMMON,
    QUAKE_RECORDS,
    .detect = goldsrc_detect,
    .face_lightmap = rgb_lightmap,
};

const struct bsp_family bsp__family_bsp2 = {
    .name = "bsp2",
    .min_version = 0, .max_version = 0,
    QUAKE_COMMON,
    .layouts = bsp2_layouts,
    .num_layouts = sizeof bsp2_layouts / sizeof bsp2_layouts[0],
    .node_plane = { 0, BSP_F_I32 },
    .node_child = { { 4, BSP_F_I32 }, { 8, BSP_F_I32 } },
    .node_firstface = { 36, BSP_F_I32 }, .node_numfaces = { 40, BSP_F_I32 },
    .leaf_firstleafface = { 32, BSP_F_I32 }, .leaf_numleaffaces = { 36, BSP_F_I32 },
    BSP2_FACES,
    .detect = bsp2_detect,
    .face_lightmap = grey_lightmap,
};

const struct bsp_family bsp__family_bsp2_rmq = {
    .name = "bsp2",
    .min_version = 0, .max_version = 0,
    QUAKE_COMMON,
    .layouts = bsp2_rmq_layouts,
    .num_layouts = sizeof bsp2_rmq_layouts / sizeof bsp2_rmq_layouts[0],
    .node_plane = { 0, BSP_F_I32 },
    .node_child = { { 4, BSP_F_I32 }, { 8, BSP_F_I32 } },
    .node_firstface = { 24, BSP_F_I32 }, .node_numfaces = { 28, BSP_F_I32 },
    .leaf_firstleafface = { 20, BSP_F_I32 }, .leaf_numleaffaces = { 24, BSP_F_I32 },
    BSP2_FACES,
    .detect = bsp2_rmq_detect,
    .face_lightmap = grey_lightmap,
};
