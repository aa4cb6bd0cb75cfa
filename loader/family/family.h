/* SPDX-License-Identifier: MIT */
/* family.h - what a BSP family is to the loader: a description.
 *
 * A family is data (lump directory shape, which lump plays which role,
 * record layouts for the byte swapper, where the queries find each field)
 * plus the few functions whose rule truly differs between families: the
 * shape of the visibility lump and how a face's lightmap is addressed. Everything else (plan, fetch, swap, validate, queries) is one
 * implementation over these descriptions.
 */
#ifndef BSP_FAMILY_H
#define BSP_FAMILY_H

#include "../bspkit.h"
#include "../../port/bsp_port.h"
#include "../query/fmath.h"
#include "selection.h"

/* Roles a lump plays for the loader and the queries. */
enum bsp__role {
    BSP_ROLE_ENTITIES, BSP_ROLE_PLANES, BSP_ROLE_NODES, BSP_ROLE_LEAFS,
    BSP_ROLE_MODELS, BSP_ROLE_VIS, BSP_ROLE_FACES, BSP_ROLE_TEXINFO,
    BSP_ROLE_LIGHTING, BSP_ROLE_EDGES, BSP_ROLE_SURFEDGES, BSP_ROLE_VERTEXES,
    BSP_ROLE_LEAFFACES, BSP_ROLE_FACES_HDR, BSP_ROLE_LIGHTING_HDR,
    BSP_ROLE_COUNT
};

/* A description names the lump of each role it has by designated
 * initializer, BSP_ROLE(PLANES, Q_PLANES): stored one up, so that a role
 * left out is 0 and reads back as "no lump" (-1), whatever roles are added
 * later. */
#define BSP_ROLE(role, lump) [BSP_ROLE_##role] = (uint8_t)((lump) + 1)
#define bsp__role_lump(f, role) ((int)(f)->role_lump[role] - 1)

/* One integer field of a record: where it is and how wide. */
enum bsp__field_type { BSP_F_NONE = 0, BSP_F_U8, BSP_F_I16, BSP_F_U16, BSP_F_I32,
                      BSP_F_F32 /* map access only: bsp__field_get reads 0 */ };
typedef struct bsp__field { uint8_t offset, type; } bsp__field;

BSP_INLINE int32_t bsp__field_read(const uint8_t *rec, bsp__field f)
{
    switch (f.type) {
    case BSP_F_U8: return rec[f.offset];
    case BSP_F_I16: return bsp__i16(rec + f.offset);
    case BSP_F_U16: return bsp__u16(rec + f.offset);
    case BSP_F_I32: return bsp__i32(rec + f.offset);
    default: return 0;
    }
}

/* Inlined, a field read is fast on the hot paths (the node walks); a build
 * for size would keep one copy in each of the nine files that read fields,
 * so there it is one function (families.c). */
#ifdef __OPTIMIZE_SIZE__
/* Two scalars, not the struct: 32-bit PowerPC passes a struct through a
 * copy in memory at every call. */
int32_t bsp__field_get_at(const uint8_t *rec, uint32_t offset, uint32_t type);
BSP_INLINE int32_t bsp__field_get(const uint8_t *rec, bsp__field f)
{
    return bsp__field_get_at(rec, f.offset, f.type);
}
#else
#define bsp__field_get bsp__field_read
#endif

/* A lump's byte-order description, walked by the one swapper (swap.c).
 * `widths` has one digit per field of a record ('1', '2', '4'); the record
 * size is their sum. Kinds:
 *   BSP_LAYOUT_RECORDS  the lump is an array of records;
 *   BSP_LAYOUT_COUNTED  an int32 count, that many records, then bytes
 *                       (Source visibility, the game lump directory);
 *   BSP_LAYOUT_HEADER   one record, then bytes (Quake 3 visibility);
 *   widths NULL         text or bytes, never swapped. */
enum { BSP_LAYOUT_RECORDS = 0, BSP_LAYOUT_COUNTED = 1, BSP_LAYOUT_HEADER = 2,
       /* a rule that ends the search: this (lump, version) has no known
        * layout in this description, whatever rules follow in the chain */
       BSP_LAYOUT_UNKNOWN = 3 };
typedef struct bsp__layout {
    const char *widths;
    uint16_t record_size;
    uint8_t kind;
} bsp__layout;

/* Records most families share. */
#define BSP_LAYOUT_BYTES { NULL, 0, BSP_LAYOUT_RECORDS }
#define BSP_LAYOUT_PLANES { "44444", 20, BSP_LAYOUT_RECORDS }  /* normal, dist, type */
#define BSP_LAYOUT_VEC3 { "444", 12, BSP_LAYOUT_RECORDS }
#define BSP_LAYOUT_INT32 { "4", 4, BSP_LAYOUT_RECORDS }
#define BSP_LAYOUT_INT16 { "2", 2, BSP_LAYOUT_RECORDS }
#define BSP_LAYOUT_EDGES16 { "22", 4, BSP_LAYOUT_RECORDS }
#define BSP_LAYOUT_EDGES32 { "44", 8, BSP_LAYOUT_RECORDS }

/* The layout of `lump`. A rule applies to every file unless it names file
 * versions (min_version..max_version, both 0: any) or lump versions
 * (lump_versions: bit v for lump version v, 0: any). */
typedef struct bsp__layout_rule {
    bsp__layout layout;        /* first: the bytes after it pack in its padding */
    uint8_t lump;
    uint8_t min_version, max_version;
    uint8_t lump_versions;
} bsp__layout_rule;

/* A family's rules, then those it shares with related families (`next`):
 * the first matching rule along the chain wins. */
typedef struct bsp__layout_table {
    const bsp__layout_rule *rules;
    uint16_t count;
    const struct bsp__layout_table *next;
} bsp__layout_table;
/* BSP_RULE(lump, layout): every file; BSP_RULE_FOR adds the versions. */
#define BSP_RULE(lump_, ...) { .lump = (lump_), .layout = __VA_ARGS__ }
#define BSP_RULE_FOR(lump_, min_, max_, lump_versions_, ...) \
    { .lump = (lump_), .min_version = (min_), .max_version = (max_), \
      .lump_versions = (lump_versions_), .layout = __VA_ARGS__ }
#define BSP_RULE_UNKNOWN(lump_) { .lump = (lump_), .layout = { NULL, 0, BSP_LAYOUT_UNKNOWN } }
#define BSP_LAYOUT_TABLE(rules, next) { rules, sizeof rules / sizeof rules[0], next }

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
int bsp__has_lightmap(const bsp_map *m, const bsp__lightmap *lm, uint32_t slot, uint32_t *first);

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
    uint32_t leaf_area_mask;
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
    uint16_t dispinfo_bytes;       /* Source ddispinfo_t (0: Valve's 176) */
} bsp__access;

/* A description's access table, or none in a build without map access. */
#if BSPKIT_ACCESS
#define BSP__ACCESS(table) (table)
#else
#define BSP__ACCESS(table) NULL
#endif
/* A description's lump names, or none in a build without text. */
#if BSPKIT_STRINGS
#define BSP__LUMP_NAMES(names) (names)
#else
#define BSP__LUMP_NAMES(names) NULL
#endif

struct bsp_family {
    const char *name;
    /* Recognising the file from its first 8 bytes: `magic` at offset 0
     * (all zero: none, the version number is the magic), the int32 version
     * at `version_at` (-1: none, version 0); with swapped_magic, the magic
     * byte-reversed marks a big-endian file (Source PSBV). */
    char magic[4];
    int8_t version_at;
    uint8_t swapped_magic;
    int16_t min_version, max_version;
    /* Header: how the directory is laid out. */
    uint16_t header_bytes;         /* up to the end of the directory */
    uint16_t dir_offset;           /* first lump entry */
    uint8_t num_lumps;
    uint8_t entry_words;           /* 32-bit words per directory entry */
    /* Word index of {offset, length, version, uncompressed size} in an
     * entry (-1: absent); alt_entry: a second order the file may use
     * (Left 4 Dead 2), chosen by the rule in QUERIES.md. */
    int8_t entry[4], alt_entry[4];
    uint8_t role_lump[BSP_ROLE_COUNT]; /* BSP_ROLE(); read with bsp__role_lump */
    uint32_t lighting_roles;       /* roles BSP_LOAD_LIGHTING adds (bit per role) */
    uint64_t lighting_lumps;       /* further lumps it adds (bit per lump) */
    /* Ambient light (QUERIES.md 7): BSP_AMB_CUBES reads the index and
     * sample lumps ambient_lumps[hdr] = {index, samples} (hdr: the lighting
     * the load chose), BSP_LOAD_LIGHTING loads that pair; leaves of
     * leaf_cube_size bytes hold their own cube at leaf_cube_offset.
     * BSP_AMB_GRID is the Quake 3 light grid. */
    uint8_t ambient;
    uint8_t ambient_lumps[2][2];
    uint8_t leaf_cube_offset, leaf_cube_size;
    bsp__field leaf_mins;          /* mins[3] then maxs[3] of this type:
                                      int16, or float (Strata) */
    /* An ambient index record: {count, first sample} of this width. */
    bsp__field ambient_count, ambient_first;
    uint8_t ambient_index_bytes;
    /* Records whose fields move with a lump's version (Strata Source):
     * when lump `lump_variant_at` has a version in the mask
     * lump_variant_versions (bit v: version v), the file is read with
     * `lump_variant` instead, a description with the same magic and
     * directory. Layouts then follow each lump's version inside that
     * description. (Not the game variants below: those are other games.)
     * Strata is the only one: builds without it never follow the chain. */
    uint8_t lump_variant_at, lump_variant_versions;   /* here: they fill padding */
    const struct bsp_family *lump_variant;
    const char *lump_names;        /* num_lumps names, each ending in '\0'
                                      (one string: no pointer per name) */
    const bsp__layout_table *layouts;
    /* Record fields the queries and the validator read. Planes are the same
     * in every family: float normal[3], float dist first (Quake 3 stops
     * there, the others add an int32 type). */
    bsp__field node_plane, node_child[2], node_firstface, node_numfaces;
    bsp__field leaf_contents, leaf_firstleafface, leaf_numleaffaces;
    /* A leaf names its cluster (leaf_cluster), or the clusters are the
     * world's leaves model 0 lists from model_firstleaf (absent: from
     * world_first_leaf), model_numleafs of them, each locating its vis row
     * at leaf_visofs (Quake family, Nightfire). */
    bsp__field leaf_cluster, leaf_visofs;
    bsp__field model_headnode, model_firstface, model_numfaces;
    bsp__field model_firstleaf, model_numleafs;
    uint8_t world_first_leaf;
    uint8_t vis_compressed;        /* leaf_visofs rows are run-length coded */
    uint8_t has_pas;
    bsp__field face_plane, face_firstedge, face_numedges, face_texinfo,
              face_dispinfo, face_lightofs;
    bsp__field edge_v[2];
    bsp__field leafface_face;
    uint8_t face_styles_offset, face_num_styles;
    uint8_t face_luxels_offset;    /* Source: int32 luxel mins[2], size[2] */
    /* Lightmaps: float vecs[2][4] at texinfo_vecs in a texinfo record,
     * luxel_bytes per sample (4: RGBE; 3: RGB; 1: grey). */
    uint8_t texinfo_vecs, luxel_bytes;
    bsp__field texinfo_flags;      /* Source: SURF_BUMPLIGHT */
    /* The rules that truly differ: checks after the generic validation
     * (sets m->num_clusters), locating a vis row, a face's lightmap (NULL:
     * the family has no lightmap query). */
    bsp_status (*finish)(bsp_map *m);
    bsp_status (*vis_row)(const bsp_map *m, int32_t cluster, int pas, bsp__vis_row *row);
    bsp_status (*face_lightmap)(const bsp_map *m, uint32_t face, bsp__lightmap *lm);
    /* A luxel rule that is not a projection into a face's block (Quake 3
     * surfaces); called with a valid face index. */
    bsp_status (*face_luxel)(const bsp_map *m, uint32_t face, const float p[3], uint32_t slot,
                             bsp_sample *out);
    const bsp__access *access;     /* the map access description */
    /* Game variants of a family (source_variants.h): the variant's short
     * name (NULL: none); version_tag, the high 16 bits the version word must
     * carry (Dark Messiah: 4, the only one: detection reads it only in
     * builds with Dark Messiah), whose low 16 bits are then the version; the
     * game lump directory's entries (NULL: Valve's, bsp__valve_game_lump_dir). */
    const char *variant;
    uint16_t version_tag;
    const struct bsp__game_lump_dir *game_lump_dir;
};

/* A Source game lump directory entry: its size and where each field lies,
 * in the order of enum bsp__game_lump_field (one loop reads an entry). */
enum bsp__game_lump_field { BSP_GL_ID, BSP_GL_FLAGS, BSP_GL_VERSION, BSP_GL_OFFSET,
                            BSP_GL_LENGTH, BSP_GL_FIELDS };
typedef struct bsp__game_lump_dir {
    uint8_t entry_bytes;
    bsp__field field[BSP_GL_FIELDS];
} bsp__game_lump_dir;
extern const bsp__game_lump_dir bsp__valve_game_lump_dir;

/* What bsp_open says a file it refuses appears to be (foreign.c): formats
 * that share a family's look but are different (Titanfall's rBSP). NULL:
 * nothing known. */
const char *bsp__foreign_format(const uint8_t first[8]);

/* Tactical Intervention's encryption (xor.c): every byte of the file XORed
 * with key[offset % 32]. The key sits where the plain header has 32 zero
 * bytes (lump entries 23.5..25.5, never used), so the file carries it. */
#define BSP__XOR_KEY_AT 384
#define BSP__XOR_KEY_BYTES 32
#define BSP__XOR_HEADER_BYTES 1036   /* the Source header it hides */
void bsp__xor(uint8_t *p, uint32_t len, uint32_t file_offset, const uint8_t *key);

enum { BSP_AMB_NONE = 0, BSP_AMB_CUBES, BSP_AMB_GRID };

/* Hidden limits, checked at compile time next to each description. */
#define BSP__HEADER_MAX 1040   /* bytes bsp_open reads for any header */
#define BSP__CHECK(name, cond) typedef char bsp__check_##name[(cond) ? 1 : -1]
#define BSP__CHECK_DIRECTORY(name, header_bytes, num_lumps) \
    BSP__CHECK(name##_header, (header_bytes) <= BSP__HEADER_MAX); \
    BSP__CHECK(name##_lumps, (num_lumps) <= BSP_MAX_LUMPS)

/* The families this build carries (selection.h), NULL-terminated. */
extern const struct bsp_family *const bsp__families[];

/* The family whose magic and version the first 8 bytes carry; NULL with
 * *status BAD_MAGIC (no family's magic) or BAD_VERSION (a known magic with
 * no matching version: never a guess). *big_endian for the file. */
const struct bsp_family *bsp__detect(const uint8_t first[8], int32_t *version,
                                     uint8_t *big_endian, bsp_status *status);

/* The description that reads this file: `f` or, along its lump_variant chain,
 * the one the directory's lump versions select. */
const struct bsp_family *bsp__family_for_lumps(const struct bsp_family *f, const bsp_header *h);

/* The record layout of lump `index` in this file; NULL if none is known.
 * Role lumps always have one (their validation depends on it). */
const bsp__layout *bsp__lump_layout(const bsp_header *h, uint32_t index);

/* The node (or -1 - leaf) a model's tree starts at. Families without a
 * head node field (Quake 3, Nightfire) start the world at node 0 and have
 * BSP_NO_HEAD for other models. */
#define BSP_NO_HEAD INT32_MIN
BSP_INLINE int32_t bsp__head_node(const bsp_map *m, uint32_t model)
{
    if (!BSP__USE_HEADLESS_TREES || m->family->model_headnode.type)
        return bsp__field_get(m->models.data + (size_t)model * m->models.stride,
                             m->family->model_headnode);
    if (model != 0) return BSP_NO_HEAD;
    return m->nodes.count ? 0 : -1;
}

/* dot(plane normal, p) - plane dist for node's plane. Every walk of the
 * tree (the point walk, the light trace) sides a point by these same
 * rounded steps, so they are written once: inline in every walk, or one
 * out-of-line copy in a build for size (query_leaf.c). */
BSP_INLINE float bsp__node_plane_dist_inline(const bsp_map *m, const uint8_t *node, const float p[3])
{
    const uint8_t *plane =
        m->planes.data + (size_t)bsp__field_get(node, m->family->node_plane) * m->planes.stride;
    float normal[3];
    normal[0] = bsp__f32(plane);
    normal[1] = bsp__f32(plane + 4);
    normal[2] = bsp__f32(plane + 8);
    return bsp__fsub(bsp__dot(normal, p), bsp__f32(plane + 12));
}
#ifdef __OPTIMIZE_SIZE__
float bsp__node_plane_dist(const bsp_map *m, const uint8_t *node, const float p[3]);
#else
#define bsp__node_plane_dist bsp__node_plane_dist_inline
#endif

/* The cluster of leaf number `index` (record `leaf`): -1 for none. */
int32_t bsp__leaf_cluster(const bsp_map *m, const uint8_t *leaf, uint32_t index);

/* num_clusters = one more than the largest cluster a leaf names; for
 * families whose map may have no vis lump. */
bsp_status bsp__clusters_from_leaves(bsp_map *m);

/* Clusters as world leaves (leafvis.c): the first and count from model 0;
 * the row of a cluster from its leaf's leaf_visofs, -1 meaning every
 * cluster is visible. */
int32_t bsp__world_first_leaf(const bsp_map *m);
bsp_status bsp__leafvis_finish(bsp_map *m);
bsp_status bsp__leafvis_row(const bsp_map *m, int32_t cluster, int pas, bsp__vis_row *row);

/* Every lightmap rule starts here: the face's styles, light offset and
 * luxel size filled, the rest cleared (scale 1); returns the face record.
 * bsp__lightmap_vecs reads texinfo's lightmap vectors, returns its record. */
const uint8_t *bsp__lightmap_start(const bsp_map *m, uint32_t face, bsp__lightmap *lm);
const uint8_t *bsp__lightmap_vecs(const bsp_map *m, int32_t texinfo, bsp__lightmap *lm);

/* One vertex (float x, y, z at v) into a face's texture-space extents, as
 * the compilers computed them: per axis dot(v, vecs.xyz) + vecs.w summed in
 * double, each double operation rounded to double (fmath.h says why), then
 * rounded once to float; k == 0 starts lo and hi. */
BSP_INLINE void bsp__extent_add(float vecs[2][4], const uint8_t *v, uint32_t k, float lo[2],
                                float hi[2])
{
    double x = bsp__f32(v), y = bsp__f32(v + 4), z = bsp__f32(v + 8);
    int axis;
    for (axis = 0; axis < 2; axis++) {
        const float *t = vecs[axis];
        double px = bsp__round_d(x * t[0]), py = bsp__round_d(y * t[1]);
        double pz = bsp__round_d(z * t[2]), sxy = bsp__round_d(px + py);
        double sum = bsp__round_d(bsp__round_d(sxy + pz) + (double)t[3]);
        float val = bsp__round((float)sum);
        if (k == 0 || val < lo[axis]) lo[axis] = val;
        if (k == 0 || val > hi[axis]) hi[axis] = val;
    }
}

/* The Quake-family lightmap of QUERIES.md section 4: extents from the
 * face's vertices, 16 texels per luxel (quake, goldsrc, bsp2, quake2). */
bsp_status bsp__extents_lightmap(const bsp_map *m, uint32_t face, bsp__lightmap *lm);

/* The Quake 3 surface luxel of QUERIES.md 4 (query_luxel_q3.c). */
bsp_status bsp__q3_luxel(const bsp_map *m, uint32_t face, const float p[3], uint32_t slot,
                        bsp_sample *out);

/* The Quake 3 light grid of QUERIES.md 7 (query_ambient_q3.c). */
bsp_status bsp__q3_light_grid(const bsp_map *m, const float p[3], bsp_ambient_light *out);
/* Its cell size: (64, 64, 128) or the first entity's gridsize. */
void bsp__q3_gridsize(const bsp_map *m, float size[3]);

/* The checks a point query with a result starts with (light, luxel,
 * ambient): BSP_E_BAD_ARGUMENT, BSP_E_BAD_QUERY or BSP_OK. */
bsp_status bsp__point_query_args(const bsp_map *m, const float p[3], const void *out);

/* The finishing of a luxel shared by every rule: raw bytes and colour. */
void bsp__sample_bytes(bsp_sample *out, const uint8_t *s, uint32_t bytes);

/* Source and Quake 2 dvis_t: numclusters, then a PVS and a PAS offset per
 * cluster; checks the table at load and locates rows. */
bsp_status bsp__dvis_finish(bsp_map *m);
bsp_status bsp__dvis_row(const bsp_map *m, int32_t cluster, int pas, bsp__vis_row *row);

extern const struct bsp_family bsp__family_source, bsp__family_source17, bsp__family_source_strata,
    bsp__family_source_dm, bsp__family_source_vindictus1, bsp__family_source_vindictus2;
extern const struct bsp_family bsp__family_quake, bsp__family_goldsrc, bsp__family_bsp2,
    bsp__family_bsp2_rmq, bsp__family_quake2, bsp__family_quake3, bsp__family_nightfire;

#endif
