/* SPDX-License-Identifier: MIT */
/* family.h - what a BSP family is to the loader: a description.
 *
 * A family is data (lump directory shape, which lump plays which role,
 * record layouts for the byte swapper, where the queries find each field)
 * plus the few functions whose rule truly differs between families: how a
 * leaf names its cluster, where a vis row starts, how a face's lightmap is
 * addressed. Everything else (plan, fetch, swap, validate, queries) is one
 * implementation over these descriptions.
 */
#ifndef BSP_FAMILY_H
#define BSP_FAMILY_H

#include "../bspkit.h"
#include "../../port/bsp_port.h"

/* Roles a lump plays for the loader and the queries. */
enum bsp__role {
    BSP_ROLE_ENTITIES, BSP_ROLE_PLANES, BSP_ROLE_NODES, BSP_ROLE_LEAFS,
    BSP_ROLE_MODELS, BSP_ROLE_VIS, BSP_ROLE_FACES, BSP_ROLE_TEXINFO,
    BSP_ROLE_LIGHTING, BSP_ROLE_EDGES, BSP_ROLE_SURFEDGES, BSP_ROLE_VERTEXES,
    BSP_ROLE_LEAFFACES, BSP_ROLE_FACES_HDR, BSP_ROLE_LIGHTING_HDR,
    BSP_ROLE_COUNT
};

/* One integer field of a record: where it is and how wide. */
enum bsp__field_type { BSP_F_NONE = 0, BSP_F_U8, BSP_F_I16, BSP_F_U16, BSP_F_I32,
                      BSP_F_F32 /* map access only: bsp__field_get reads 0 */ };
typedef struct bsp__field { uint8_t offset, type; } bsp__field;

BSP_INLINE int32_t bsp__field_get(const uint8_t *rec, bsp__field f)
{
    switch (f.type) {
    case BSP_F_U8: return rec[f.offset];
    case BSP_F_I16: return bsp__i16(rec + f.offset);
    case BSP_F_U16: return bsp__u16(rec + f.offset);
    case BSP_F_I32: return bsp__i32(rec + f.offset);
    default: return 0;
    }
}

/* A lump's byte-order description, walked by the one swapper (swap.c).
 * `widths` has one digit per field of a record ('1', '2', '4'); the record
 * size is their sum. Kinds:
 *   BSP_LAYOUT_RECORDS  the lump is an array of records;
 *   BSP_LAYOUT_COUNTED  an int32 count, that many records, then bytes
 *                       (Source visibility, the game lump directory);
 *   BSP_LAYOUT_HEADER   one record, then bytes (Quake 3 visibility);
 *   widths NULL         text or bytes, never swapped. */
enum { BSP_LAYOUT_RECORDS = 0, BSP_LAYOUT_COUNTED = 1, BSP_LAYOUT_HEADER = 2 };
typedef struct bsp__layout {
    const char *widths;
    uint16_t record_size;
    uint8_t kind;
} bsp__layout;

/* The layout of `lump` when its version is lump_version (-1: any) in files
 * of versions min_version..max_version. First match wins. */
typedef struct bsp__layout_rule {
    int8_t lump;
    int8_t lump_version;
    int16_t min_version, max_version;
    bsp__layout layout;
} bsp__layout_rule;

/* Where a face's lightmap lies and how a point maps into it; filled by the
 * family's face_lightmap function. A point p maps to
 *   u = (dot(p, vecs[0].xyz) + vecs[0].w - base[0]) / scale   (v likewise)
 * which is QUERIES.md section 4 for every family (Source: base = luxel mins,
 * scale 1; Quake family: base = texturemins, scale 16). */
typedef struct bsp__lightmap {
    float vecs[2][4];
    float base[2];
    float scale;
    int32_t w, h;              /* samples per row and column */
    int32_t lightofs;
    uint32_t pages;            /* Source bumped faces: 4 pages per style */
    uint32_t bytes_per_luxel;  /* 4: RGBE; 3: RGB; 1: grey */
    const uint8_t *styles;
    uint32_t num_styles;
    int bad;                   /* extents cannot be computed (no vertices):
                                  the face's data is inconsistent */
} bsp__lightmap;

/* The QUERIES.md section 4 "has a lightmap" rule for `slot`; *first gets
 * the block's first byte in the lighting lump (query_light.c). */
int bsp__has_lightmap(const bsp_map *m, const bsp__lightmap *lm, uint32_t slot, uint64_t *first);

/* A located vis row: `data[0 .. avail)` is where it starts; `all` means the
 * family's "every cluster visible" marker. */
typedef struct bsp__vis_row {
    const uint8_t *data;
    uint32_t avail;
    uint8_t compressed;
    uint8_t all;
} bsp__vis_row;

/* Map access (loader/access/map_*.c): where the typed read API finds what
 * the query fields do not cover. A flag rule maps a family's own contents
 * or surface value (a bit, or an enumerated value) onto BSP_CONTENTS_* or
 * BSP_SURF_*. Lumps are named by access role; -1: the family has none. */
typedef struct bsp__flag_rule { int32_t raw; uint32_t flags; } bsp__flag_rule;
enum bsp__access_lump {
    BSP_AL_TEXTURES, BSP_AL_STRING_TABLE, BSP_AL_STRING_DATA, BSP_AL_DRAWVERTS,
    BSP_AL_DRAWINDEXES, BSP_AL_LIGHTMAPS, BSP_AL_DISPINFO, BSP_AL_DISPVERTS,
    BSP_AL_PROJECTIONS, BSP_AL_COUNT
};
/* How faces hold their geometry: an edge loop (quake family, quake2,
 * source), quake3 surfaces, or a run of vertices (nightfire). */
enum bsp__geometry { BSP_GEOM_EDGES = 0, BSP_GEOM_SURFACES, BSP_GEOM_VERTEX_RUN };
/* How texture names are stored: records with a name (quake2 texinfo,
 * quake3 shaders, nightfire textures), a miptex directory (quake family),
 * a string table into string data (source texdata). */
enum bsp__texture_kind { BSP_TEX_RECORDS = 0, BSP_TEX_MIPTEX, BSP_TEX_STRING_TABLE };
typedef struct bsp__access {
    int8_t lumps[BSP_AL_COUNT];
    uint8_t geometry, texture_kind, contents_bits, flags_by_name;
    bsp__field leaf_area;          /* masked by leaf_area_mask (source: 9 bits) */
    uint16_t leaf_area_mask;
    bsp__field leaf_bounds;        /* mins[3] then maxs[3] of this type */
    uint8_t model_origin;          /* float origin[3] offset; 0: none */
    bsp__field face_side;
    bsp__field face_texture;       /* a texture index in the face itself */
    bsp__field texinfo_texture;    /* else through its texinfo (NONE: the
                                      texinfo record is the texture) */
    bsp__field texinfo_flags, texture_flags;
    bsp__field face_type, face_first_vert, face_num_verts, face_first_index,
              face_num_indexes, face_page, face_projection;
    uint8_t face_normal;           /* float normal[3] in the face; 0: none */
    uint8_t face_patch;            /* int32 patch width, height; 0: none */
    uint16_t texture_stride;       /* BSP_TEX_RECORDS, STRING_TABLE: bytes */
    uint8_t texture_name, texture_name_len;  /* name offset, bytes */
    const bsp__flag_rule *contents, *surface;
    uint8_t num_contents, num_surface;
} bsp__access;

struct bsp_family {
    const char *name;
    /* Header: how the directory is laid out. */
    uint16_t header_bytes;         /* up to the end of the directory */
    uint16_t dir_offset;           /* first lump entry */
    uint8_t num_lumps;
    uint8_t entry_words;           /* 32-bit words per directory entry */
    /* Word index of {offset, length, version, uncompressed size} in an
     * entry (-1: absent); alt_entry: a second order the file may use
     * (Left 4 Dead 2), chosen by the rule in QUERIES.md. */
    int8_t entry[4], alt_entry[4];
    int16_t min_version, max_version;
    int8_t roles[BSP_ROLE_COUNT];  /* lump index playing each role; -1 none */
    uint32_t lighting_roles;       /* roles BSP_LOAD_LIGHTING adds (bit per role) */
    const char *const *lump_names; /* num_lumps names */
    const bsp__layout_rule *layouts;
    uint16_t num_layouts;
    /* Record fields the queries and the validator read. Planes are the same
     * in every family: float normal[3], float dist first (Quake 3 stops
     * there, the others add an int32 type). */
    bsp__field node_plane, node_child[2], node_firstface, node_numfaces;
    bsp__field leaf_contents, leaf_cluster, leaf_firstleafface, leaf_numleaffaces;
    bsp__field model_headnode, model_firstface, model_numfaces;
    bsp__field face_plane, face_firstedge, face_numedges, face_texinfo,
              face_dispinfo, face_lightofs;
    bsp__field edge_v[2];
    bsp__field leafface_face;
    uint8_t face_styles_offset, face_num_styles;
    uint8_t face_luxels_offset;    /* Source: int32 luxel mins[2], size[2] */
    uint8_t has_pas;
    /* Recognise the file from its first 8 bytes: 0 no, 1 little-endian,
     * 2 big-endian. */
    int (*detect)(const uint8_t first[8], int32_t *version);
    /* Checks after the generic validation; sets m->num_clusters. */
    bsp_status (*finish)(bsp_map *m);
    int32_t (*cluster_of_leaf)(const bsp_map *m, const uint8_t *leaf, uint32_t index);
    bsp_status (*vis_row)(const bsp_map *m, int32_t cluster, int pas, bsp__vis_row *row);
    bsp_status (*face_lightmap)(const bsp_map *m, uint32_t face, bsp__lightmap *lm);
    const bsp__access *access;     /* the map access description */
};

/* The families bspkit knows, for detection. */
extern const struct bsp_family *const bsp__families[];

/* The record layout of lump `index` in this file; NULL if none is known.
 * Role lumps always have one (their validation depends on it). */
const bsp__layout *bsp__lump_layout(const bsp_header *h, uint32_t index);

/* The node (or -1 - leaf) a model's tree starts at. Families without a
 * head node field (Quake 3, Nightfire) start the world at node 0 and have
 * BSP_NO_HEAD for other models. */
#define BSP_NO_HEAD INT32_MIN
BSP_INLINE int32_t bsp__head_node(const bsp_map *m, uint32_t model)
{
    if (m->family->model_headnode.type)
        return bsp__field_get(m->models.data + (size_t)model * m->models.stride,
                             m->family->model_headnode);
    if (model != 0) return BSP_NO_HEAD;
    return m->nodes.count ? 0 : -1;
}

/* num_clusters = one more than the largest cluster a leaf names; for
 * families whose map may have no vis lump. */
bsp_status bsp__clusters_from_leaves(bsp_map *m);

/* One vertex (float x, y, z at v) into a face's texture-space extents, as
 * the compilers computed them: per axis dot(v, vecs.xyz) + vecs.w summed in
 * double and rounded once to float; k == 0 starts lo and hi. */
BSP_INLINE void bsp__extent_add(float vecs[2][4], const uint8_t *v, uint32_t k, float lo[2],
                                float hi[2])
{
    double x = bsp__f32(v), y = bsp__f32(v + 4), z = bsp__f32(v + 8);
    int axis;
    for (axis = 0; axis < 2; axis++) {
        const float *t = vecs[axis];
        float val = (float)(((x * t[0] + y * t[1]) + z * t[2]) + (double)t[3]);
        if (k == 0 || val < lo[axis]) lo[axis] = val;
        if (k == 0 || val > hi[axis]) hi[axis] = val;
    }
}

/* The Quake-family lightmap of QUERIES.md section 4: extents from the
 * face's vertices, 16 texels per luxel, `bytes_per_luxel` 1 (grey) or 3
 * (RGB). Shared by quake, goldsrc, bsp2 and quake2; texinfo vecs at 0. */
bsp_status bsp__extents_lightmap(const bsp_map *m, uint32_t face, uint32_t bytes_per_luxel,
                                bsp__lightmap *lm);

/* The row of a leaf whose int32 at offset 4 is a vis offset (Quake family,
 * Nightfire): -1 means every cluster is visible; others must lie in the
 * vis lump. */
bsp_status bsp__visofs_row(const bsp_map *m, uint64_t leaf, int compressed, bsp__vis_row *row);

/* "IBSP" files: Quake 2 (38) and Quake 3 (46) share the magic. */
int bsp__ibsp_detect(const uint8_t first[8], int32_t *version);

/* Source and Quake 2 dvis_t: numclusters, then a PVS and a PAS offset per
 * cluster; checks the table at load and locates rows. */
bsp_status bsp__dvis_finish(bsp_map *m);
bsp_status bsp__dvis_row(const bsp_map *m, int32_t cluster, int pas, bsp__vis_row *row);

extern const struct bsp_family bsp__family_source, bsp__family_source17;
extern const struct bsp_family bsp__family_quake, bsp__family_goldsrc, bsp__family_bsp2,
    bsp__family_bsp2_rmq, bsp__family_quake2, bsp__family_quake3, bsp__family_nightfire;

#endif
