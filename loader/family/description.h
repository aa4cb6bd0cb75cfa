/* SPDX-License-Identifier: MIT */
/* description.h - what a BSP family is to the loader: a description.
 *
 * A family is data (how the file is recognised, the lump directory's shape,
 * which lump plays which role, its records (core/record.h), where the
 * generic code finds each field) plus the few functions whose rule truly
 * differs between families: the shape of the visibility lump and how a
 * face's lightmap is addressed. Everything else (plan, fetch, swap,
 * validate, queries, map access) is one implementation over these
 * descriptions. The struct is grouped by who reads it: detection
 * (family/families.c), the directory and layouts (pipeline/), the tree,
 * faces and lightmaps, visibility and ambient light (family rules and
 * query/), and map access (access/).
 */
#ifndef BSP_DESCRIPTION_H
#define BSP_DESCRIPTION_H

#include "../bspkit.h"
#include "../core/map.h"
#include "../core/config.h"
#include "records.h"

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
#define bsp__role_lump(f, role) ((int)(f)->dir.role_lump[role] - 1)

/* Where a face's lightmap lies and how a point maps into it; filled by the
 * family's face_lightmap function. A point p maps to
 *   u = (dot(p, vecs[0].xyz) + vecs[0].w - base[0]) / scale   (v likewise)
 * which is docs/queries.md section 4 for every family (Source: base = luxel mins,
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
    uint8_t wide_styles;       /* styles are little-endian uint16 (LMSTYLE16) */
    int bad;                   /* extents cannot be computed (no vertices):
                                  the face's data is inconsistent */
} bsp__lightmap;

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
/* Common flags from a family's rules: bit rules when `bits`, else the rule
 * whose value equals raw. */
BSP_INLINE uint32_t bsp__map_flags(const bsp__flag_rule *rules, uint32_t n, int bits, int32_t raw)
{
    uint32_t k, out = 0;
    for (k = 0; k < n; k++)
        if (bits ? (raw & rules[k].raw) != 0 : raw == rules[k].raw) out |= rules[k].flags;
    return out;
}
enum bsp__access_lump {
    BSP_AL_TEXTURES, BSP_AL_STRING_TABLE, BSP_AL_STRING_DATA, BSP_AL_DRAWVERTS,
    BSP_AL_DRAWINDEXES, BSP_AL_LIGHTMAPS, BSP_AL_DISPINFO, BSP_AL_DISPVERTS,
    BSP_AL_PROJECTIONS, BSP_AL_AREAS, BSP_AL_AREAPORTALS, BSP_AL_VERTNORMALS,
    BSP_AL_VERTNORMAL_INDICES, BSP_AL_COUNT
};
/* Where area connectivity comes from (docs/queries.md 9): none (quake
 * family, nightfire); the area and area-portal lumps, a portal open by its
 * key's bit (quake2, source); the leaves' areas and a flag per pair of
 * areas (quake3). */
enum bsp__area_rule { BSP_AREAS_NONE = 0, BSP_AREAS_PORTALS, BSP_AREAS_PAIRS };
/* How faces hold their geometry: an edge loop (quake family, quake2,
 * source), quake3 surfaces, or a run of vertices (nightfire). */
enum bsp__geometry { BSP_GEOM_EDGES = 0, BSP_GEOM_SURFACES, BSP_GEOM_VERTEX_RUN };
/* How texture names are stored: records with a name (quake2 texinfo,
 * quake3 shaders, nightfire textures), a miptex directory (quake family),
 * a string table into string data (source texdata). */
enum bsp__texture_kind { BSP_TEX_RECORDS = 0, BSP_TEX_MIPTEX, BSP_TEX_STRING_TABLE };
/* Which of Quake's texture-name rules add surface flags (flags_by_name):
 * "sky..." sky, '*' a liquid (warp), '{' a fence (translucent). The Quake
 * family's engines draw by name alone; Quake 2 takes its flags from the
 * texture's .wal file, so a map compiled without it (a Quake level ported
 * over, whose water is "*water0") has flags 0 and only the name says
 * liquid. */
#define BSP_NAME_SKY 1u
#define BSP_NAME_LIQUID 2u
#define BSP_NAME_FENCE 4u
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
    uint8_t drawvert_normal;       /* quake3: a drawVert's float normal[3] (28; Raven 52) */
    uint16_t texture_stride;       /* BSP_TEX_RECORDS, STRING_TABLE: bytes */
    uint8_t texture_name, texture_name_len;  /* name offset, bytes */
    uint8_t texture_size;          /* int32 width, height at this offset of
                                      the texture record or miptex header
                                      (docs/queries.md 11.4); 0: not stored */
    uint8_t miptex_header, miptex_offsets;  /* BSP_TEX_MIPTEX: the header's
                                      bytes, where its uint32 mip offsets[4]
                                      lie (Quake 40, 24; Quake 64 44, 28:
                                      docs/queries.md 13.4) */
    uint8_t texture_palette;       /* a miptex's colours (bsp_palette_kind):
                                      the Quake palette or its own */
    uint8_t texture_unique;        /* 1: the texture table (11.2) is the
                                      records' distinct names in first
                                      appearance order (quake2 texinfo) */
    uint8_t drawvert_color;        /* quake3: its uint8 color[4] (40; Raven's color[0], 64) */
    const bsp__flag_rule *contents, *surface;
    uint8_t num_contents, num_surface;
    /* Source ddispinfo_t (its length is the layout's: the load's dispinfo
     * view): where its uint16 MapFace lies, or, in a record of
     * disp_shifted_bytes (Dota 2's v23, docs/queries.md 13.6), the second */
    uint8_t disp_map_face[2];
    uint16_t disp_shifted_bytes;
    uint8_t vertnormal_index_bytes;/* lump 31's index: 2 (Valve's version 0),
                                      4 (Strata's version 1) */
    /* Areas: an area record's portal range; a portal's key and other
     * area, narrow, or wide when its records are portal_wide_bytes long
     * (Strata's lump version 1, Vindictus) */
    uint8_t area_rule, portal_wide_bytes;
    bsp__field area_numportals, area_firstportal, portal_key[2], portal_otherarea[2];
    uint8_t static_props;          /* whose static prop layouts: BSP_SP_* */
    uint8_t light_combine;         /* how the engine sums a face's style
                                      slots (docs/queries.md 11.6):
                                      BSP_COMBINE_* */
    /* quake3 drawVerts: their bytes (44; Raven's 80, docs/queries.md 13.3);
     * with drawvert_normal and drawvert_color, each in a byte of padding */
    uint8_t drawvert_bytes;
} bsp__access;
/* The engines' light style sums (access/light_combine.c): none (source,
 * nightfire, quake3: unsupported), GLQuake's integer sum shifted by 7
 * (quake, goldsrc, bsp2), Quake 2 ref_gl's float sum with its rescale. */
enum bsp__light_combine { BSP_COMBINE_NONE = 0, BSP_COMBINE_SHIFT7, BSP_COMBINE_RESCALE };
/* The games whose static prop records differ (access/static_props.c). */
enum bsp__static_props_game { BSP_SP_VALVE = 0, BSP_SP_DARK_MESSIAH, BSP_SP_VINDICTUS };

/* A part of a description that exists only in builds with an option
 * (core/config.h): BSP__IF(BSPKIT_ACCESS, &table) is NULL without it. */
#define BSP__IF(option, value) ((option) ? (value) : NULL)

/* A Source game lump directory entry: its size and where each field lies,
 * in the order of enum bsp__game_lump_field (one loop reads an entry). */
enum bsp__game_lump_field { BSP_GL_ID, BSP_GL_FLAGS, BSP_GL_VERSION, BSP_GL_OFFSET,
                            BSP_GL_LENGTH, BSP_GL_FIELDS };
typedef struct bsp__game_lump_dir {
    uint8_t entry_bytes;
    bsp__field field[BSP_GL_FIELDS];
} bsp__game_lump_dir;
extern const bsp__game_lump_dir bsp__valve_game_lump_dir;

/* BSP_AMB_OCTREE: the BSPX LIGHTGRID_OCTREE of the Quake family (10.5), when
 * the map has one. */
enum bsp__ambient_kind { BSP_AMB_NONE = 0, BSP_AMB_CUBES, BSP_AMB_GRID, BSP_AMB_OCTREE };

/* Recognising the file from its first 8 bytes: `magic` at offset 0 (all
 * zero: none, the version number is the magic), the int32 version at
 * `version_at` (-1: none, version 0); with swapped_magic, the magic
 * byte-reversed marks a big-endian file (Source PSBV). Game variants of a
 * family (source_variants.h) have a short name (NULL: none) and may need a
 * version_tag, the high 16 bits the version word must carry (Dark Messiah:
 * 4, the only one), whose low 16 bits are then the version. */
struct bsp__detection {
    const char *variant;
    char magic[4];
    int8_t version_at;
    uint8_t swapped_magic;
    int16_t min_version, max_version;
    uint16_t version_tag;
    uint8_t id;                    /* bsp_family_id (in the padding) */
};

/* The header and lump directory, and how each lump is read. */
struct bsp__directory {
    const char *lump_names;        /* num_lumps names, each ending in '\0'
                                      (one string: no pointer per name) */
    const bsp__layout_table *layouts;
    /* Records whose fields move with a lump's version (Strata Source):
     * when lump `lump_variant_at` has a version in the mask
     * lump_variant_versions (bit v: version v), the file is read with
     * `lump_variant` instead, a description with the same magic and
     * directory. Layouts then follow each lump's version inside that
     * description. (Not the game variants: those are other games.) */
    const struct bsp_family *lump_variant;
    /* The game lump directory's entries (NULL: Valve's,
     * bsp__valve_game_lump_dir). */
    const struct bsp__game_lump_dir *game_lump_dir;
    uint32_t lighting_lumps;       /* further lumps BSP_LOAD_LIGHTING adds (bit per
                                      lump; Quake 3's, all below 32) */
    uint32_t lighting_roles;       /* roles BSP_LOAD_LIGHTING adds (bit per role) */
    uint16_t header_bytes;         /* up to the end of the directory */
    uint16_t dir_offset;           /* first lump entry */
    uint8_t num_lumps;
    uint8_t entry_words;           /* 32-bit words per directory entry */
    /* Word index of {offset, length, version, uncompressed size} in an
     * entry (-1: absent); alt_entry: a second order the file may use
     * (Left 4 Dead 2), chosen by the rule in docs/queries.md. */
    int8_t entry[4], alt_entry[4];
    uint8_t role_lump[BSP_ROLE_COUNT]; /* BSP_ROLE(); read with bsp__role_lump */
    uint8_t lump_variant_at, lump_variant_versions;
    uint8_t bspx;                  /* a BSPX directory may follow the lumps
                                      (docs/queries.md 10.1) */
#if BSP__USE_PARTS
    uint8_t parts;                 /* lumps may be kept in files of their own
                                      (options.part, docs/queries.md 12.8):
                                      an entry past the file's end is not
                                      refused at open */
#endif
    /* 1: the directory's last entry is there only when no other lump
     * starts inside it and it is empty or a whole number of its records
     * inside the file (IBSP 47: 17 or 18 entries, docs/queries.md 13.2);
     * else the header ends before it and the lump is empty. A file whose
     * last entry is there and not empty is the variant last_variant. */
#if BSP__OPTIONAL_LAST
    uint8_t optional_last;
    const char *last_variant;
#endif
    /* A game that wrote the family's header and directory with other
     * lumps in them (the original Xbox's Half-Life 2, docs/queries.md
     * 13.5): at file version dir_variant_version (0: no such game), a file
     * whose lump dir_variant_nonempty is not empty, or whose lump
     * dir_variant_index is neither empty nor dir_variant_index_bytes per
     * record of lump dir_variant_per, is read with dir_variant (NULL in a
     * build without that variant: the file is then bad_version, never
     * read as the family's). */
#if BSP__MODELS_VARIANT
    /* A game that wrote the family's file with longer model records
     * (Hexen II, docs/queries.md 13.4): a file whose model lump is a whole
     * number of models_variant's records and not of the family's, or of
     * both and each of models_variant's records plausible (header.c), is
     * read with models_variant; models_clipnodes: the lump its head nodes
     * past the first index */
    const struct bsp_family *models_variant;
    uint8_t models_clipnodes;
#endif
#if BSPKIT_FAMILY_RESPAWN
    /* Respawn's header (docs/queries.md 12.1): the uint32 at count_at must
     * be num_lumps - 1 (else bad_version: a directory of another size);
     * the map revision is the uint32 at revision_at; with `signature`, the
     * bytes after the directory up to the first lump are a compiler's
     * signature (its first line: h->signature). 0: none of these. */
    uint8_t count_at, revision_at, signature;
#endif
#if BSP__DIR_VARIANT
    const struct bsp_family *dir_variant;
    uint8_t dir_variant_version, dir_variant_nonempty, dir_variant_index, dir_variant_per,
        dir_variant_index_bytes;
#endif
};

/* The tree: nodes, leaves, models and leaf faces. Planes are the same in
 * every family: float normal[3], float dist first (Quake 3 stops there, the
 * others add an int32 type). A leaf names its cluster (leaf_cluster), or
 * the clusters are the world's leaves model 0 lists from model_firstleaf
 * (absent: from world_first_leaf), model_numleafs of them, each locating
 * its vis row at leaf_visofs (Quake family, Nightfire). */
struct bsp__tree {
    bsp__field node_plane, node_child[2], node_firstface, node_numfaces;
    bsp__field leaf_contents, leaf_firstleafface, leaf_numleaffaces;
    bsp__field leaf_cluster, leaf_visofs;
    bsp__field model_headnode, model_firstface, model_numfaces;
    bsp__field model_firstleaf, model_numleafs;
    bsp__field leafface_face;
    uint8_t world_first_leaf;
};

/* Faces, edges, texinfo and lightmaps: float vecs[2][4] at texinfo_vecs in
 * a texinfo record, luxel_bytes per sample (4: RGBE; 3: RGB; 1: grey). The
 * rules: a face's lightmap (NULL: the family has no lightmap query), and a
 * luxel rule that is not a projection into a face's block (Quake 3
 * surfaces; called with a valid face index). */
struct bsp__faces {
    bsp_status (*face_lightmap)(const bsp__map *m, uint32_t face, bsp__lightmap *lm);
    bsp_status (*face_luxel)(const bsp__map *m, uint32_t face, const float p[3], uint32_t slot,
                             bsp_sample *out);
    bsp__field face_plane, face_firstedge, face_numedges, face_texinfo, face_dispinfo,
              face_lightofs;
    bsp__field face_numverts;      /* a face whose lightmap rule reads a run of
                                      vertices, not an edge loop (nightfire):
                                      its length bounds the rule's work */
    bsp__field edge_v[2];
    bsp__field texinfo_flags;      /* Source: SURF_BUMPLIGHT */
    uint8_t face_styles_offset, face_num_styles;
    uint8_t face_luxels_offset;    /* Source: int32 luxel mins[2], size[2] */
    uint8_t texinfo_vecs, luxel_bytes;
    /* quake3 surfaces (face_luxel): the lightmap page a surface names
     * (lightmapNum[0]), each page page_texels a side (128; qfusion 512:
     * docs/queries.md 13.3); with face_num_styles, its slots' styles */
    bsp__field face_page;
    uint16_t page_texels;
};

/* Visibility: the rule that locates a row; leaf_visofs rows are run-length
 * coded when vis_compressed; vis_view: every row is stored whole and
 * uncompressed with no all-visible marker (quake3), so bsp_pvs_view hands
 * it out where it lies. */
struct bsp__vis {
    bsp_status (*vis_row)(const bsp__map *m, int32_t cluster, int pas, bsp__vis_row *row);
    uint8_t vis_compressed;
    uint8_t vis_view;
    uint8_t has_pas;
};

/* Ambient light (docs/queries.md 7): BSP_AMB_CUBES reads the index and
 * sample lumps lumps[hdr] = {index, samples} (hdr: the lighting the load
 * chose), BSP_LOAD_LIGHTING loads that pair; leaves of leaf_cube_size bytes
 * hold their own cube at leaf_cube_offset. BSP_AMB_GRID is the Quake 3
 * light grid: 8-byte cells in its lump, or (index_bytes 2: RBSP, FBSP,
 * docs/queries.md 13.3) 30-byte points, lumps[0] = {points, light array}
 * the array's uint16 per cell naming one. An ambient index record is
 * {count, first sample} of this width; leaf_mins: mins[3] then maxs[3] of this type (int16, or float in
 * Strata). */
struct bsp__ambient {
    bsp__field leaf_mins;
    bsp__field count, first;
    uint8_t kind;
    uint8_t lumps[2][2];
    uint8_t leaf_cube_offset, leaf_cube_size;
    uint8_t index_bytes;
};

/* Collision (docs/queries.md 8): where a family keeps its brushes or
 * clipping hulls. BSP_COLL_BRUSHES is the Quake 2 rule (quake2, source,
 * nightfire: 8.2, 8.9), BSP_COLL_Q3 its Quake 3 changes (8.3), and
 * BSP_COLL_HULLS the Quake family's hull traces (8.4). Index records (leaf
 * brushes; brush sides' planes) may be stored narrow or wide in one family
 * (Strata's lump versions): the wide field is read when the lump's records
 * are `wide_bytes` long. Brush contents: the brush's own field, or (Quake
 * 3) its shader's contentFlags. */
enum bsp__coll_kind { BSP_COLL_BRUSHES = 1, BSP_COLL_Q3, BSP_COLL_HULLS };
/* What a brush side's texture field indexes (map access: bsp_get_brush_side):
 * a texinfo (quake2, source), a shader (quake3), a face whose texture it
 * takes (nightfire). */
enum bsp__side_texture { BSP_SIDE_NO_TEXTURE = 0, BSP_SIDE_TEXINFO, BSP_SIDE_SHADER, BSP_SIDE_FACE };
enum bsp__coll_lump { BSP_CL_BRUSHES, BSP_CL_BRUSHSIDES, BSP_CL_LEAFBRUSHES, BSP_CL_CLIPNODES,
                      BSP_CL_SHADERS, BSP_CL_VIEWS, /* the lumps above have views of their own */
                      BSP_CL_SURFACES = BSP_CL_VIEWS, BSP_CL_VERTS, BSP_CL_LEAFSURFACES,
                      BSP_CL_COUNT };
struct bsp__collision {
    int8_t lumps[BSP_CL_COUNT];    /* -1: none (list all BSP_CL_COUNT: an
                                      entry left out would be lump 0) */
    uint8_t kind;
    uint8_t mask_all;              /* every brush and leaf collides (nightfire) */
    uint8_t world_only;            /* models above 0 unsupported (nightfire) */
    /* file versions unsound_from..unsound_to (0: none): the brushes load
     * (brush access, the terrain build) but are not sound enough to
     * collide, and the collision queries answer unsupported (Dota 2's
     * v22/v23, docs/queries.md 13.6); bsp__coll_unsound */
    uint8_t unsound_from, unsound_to;
    uint8_t num_hulls;             /* BSP_COLL_HULLS: 3, 4 or 6 (at most
                                      BSP__HULLS_MAX) */
    /* BSP_COLL_HULLS: the hull a box of size `size` collides as (trace,
     * docs/queries.md 8.4a): the first rule {x, z, hull, below} whose
     * limits hold, size.x <= x (size.x < x when below) and size.z <= z, a
     * limit of 0 holding always (the last rule has none); with
     * hull0_at_origin, hull 0 takes the box's origin (GoldSrc), else
     * its lower corner, as every other hull does */
    uint8_t hull_pick[4][4];
    uint8_t hull0_at_origin;
    uint8_t side_wide_bytes, leafbrush_wide_bytes;
    /* Valve's brush rules (source, 8.9): the box centred, no leaf filter,
     * the plane pushed out by |n|.ext, bevel sides skipped by a point */
    uint8_t valve;
    /* a leaf of this contents is solid itself, whatever its brushes
     * (nightfire: 2, 8.9); 0: none */
    uint8_t solid_leaf;
    bsp__field brush_firstside, brush_numsides, brush_contents;
    bsp__field side_plane[2], leafbrush[2];   /* narrow, wide */
    /* map access only (bsp_get_brush_side): a side's texture field (of
     * side_texture_kind), and Source's dispinfo and bevel; narrow, wide */
    bsp__field side_texture[2], side_dispinfo[2], side_bevel[2];
    bsp__field side_thin;          /* wide records' thin byte (Strata) */
    uint8_t side_texture_kind;
    bsp__field leaf_firstleafbrush, leaf_numleafbrushes;
    bsp__field model_firstbrush, model_numbrushes;   /* quake3 inline models */
    bsp__field shader_contents;
    bsp__field clipnode_plane, clipnode_child[2];
    /* quake3 curved surfaces (8.11): the surfaces (the faces view), their
     * control points (the vertexes view: float xyz first) and the leaves'
     * surface lists (the leaffaces view) */
    bsp__field surf_type, surf_shader, surf_firstvert, surf_numverts, surf_width, surf_height;
    /* When the curved surfaces alone read the BSP_CL_VERTS lump: the
     * bytes of each record they need (its leading 4-byte fields), kept
     * for the run of records the header names (patch_verts_first,
     * patch_verts_count) while the lump passes through a window (the
     * load's packing stage, pipeline/plan.h); 0: the lump is loaded whole */
    uint8_t pack_keep;
    uint32_t masks[2];             /* BSP_MASK_SOLID, BSP_MASK_PLAYERSOLID */
    /* source terrain (8.14): dispinfo, disp verts, disp tris (meaningful
     * when has_disps) */
    int8_t disp_lumps[3];
    uint8_t has_disps;
    const float (*hulls)[2][3];    /* BSP_COLL_HULLS: mins, maxs of hulls 0.. */
    /* BSP_COLL_HULLS: a BSPX BRUSHLIST (docs/queries.md 13.7) stands for
     * the hulls a map lacks, its brushes' contents mapped by these rules
     * to BSP_CONTENTS_* (the family's access table); NULL: never read */
    const bsp__flag_rule *list_contents;
    uint8_t num_list_contents;
};
#define BSP__HULLS_MAX (BSP__HEXEN2 ? 6 : 4) /* Hexen II: hulls 0-5 */

/* A description's collision part, named in its initialiser through
 * BSP__COLL(&part) (nothing in a build without collision: core/config.h). */
#if BSPKIT_COLLISION
#define BSP__COLL(part) .coll = (part),
#define bsp__coll_of(f) ((f)->coll)
#else
#define BSP__COLL(part)
#define bsp__coll_of(f) ((const struct bsp__collision *)0)
#endif

/* In this order the parts pack with almost no padding (tree and amb are
 * bytes; the others hold pointers). */
struct bsp_family {
    const char *name;
    struct bsp__detection detect;
    struct bsp__directory dir;
    struct bsp__tree tree;
    struct bsp__ambient amb;
    struct bsp__faces faces;
    struct bsp__vis vis;
    /* Checks after the generic validation (sets m->num_clusters). */
    bsp_status (*finish)(bsp__map *m);
    const bsp__access *access;     /* the map access description */
#if BSP__VARIANT_PLAYER
    /* a game variant's own player boxes (family/player_box.c: standing,
     * crouching, mins then maxs); NULL: its family's */
    const int8_t (*player_box)[6];
#endif
#if BSPKIT_COLLISION
    const struct bsp__collision *coll;
#endif
};

/* A map of a family whose tree, faces, light and collision bspkit does
 * not read yet: Respawn's (docs/queries.md 12; later steps of issue 44).
 * Its load keeps the header, the lumps and the entities; it has no world
 * model to require, and every query of the tree, faces, light and
 * collision answers UNSUPPORTED. 0 in a build without the family. */
#if BSPKIT_FAMILY_RESPAWN
#define bsp__no_tree(m) ((m)->family->detect.id == BSP_FAMILY_RESPAWN)
#else
#define bsp__no_tree(m) 0
#endif

/* Hidden limits, checked at compile time next to each description. */
/* bytes bsp_open reads for any header (Respawn's: 16 + 128 entries of 16) */
#define BSP__HEADER_MAX (BSPKIT_FAMILY_RESPAWN ? 2064 : 1040)
#define BSP__CHECK_DIRECTORY(name, header_bytes, num_lumps) \
    BSP__CHECK(name##_header, (header_bytes) <= BSP__HEADER_MAX); \
    BSP__CHECK(name##_lumps, (num_lumps) <= BSP_MAX_LUMPS)

extern const struct bsp_family bsp__family_source, bsp__family_source17, bsp__family_source_strata,
    bsp__family_source_dm, bsp__family_source_vindictus1, bsp__family_source_vindictus2,
    bsp__family_source_xbox;
extern const struct bsp_family bsp__family_quake, bsp__family_quake64, bsp__family_quake_hexen2,
    bsp__family_goldsrc, bsp__family_bsp2,
    bsp__family_bsp2_rmq, bsp__family_quake2, bsp__family_quake2_qbism,
    bsp__family_quake2_daikatana, bsp__family_quake3, bsp__family_quake3_47, bsp__family_quake3_raven,
    bsp__family_quake3_qfusion, bsp__family_nightfire;
extern const struct bsp_family bsp__family_respawn29, bsp__family_respawn;

#endif
