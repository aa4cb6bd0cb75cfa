/* SPDX-License-Identifier: MIT */
/* map.h - what a loaded map holds: the private contents of the public,
 * opaque bsp_map. Every loader folder reads and fills a map through this
 * struct; callers see only its size and alignment (bspkit.h), so the fields
 * can change between versions without breaking a program that declares a
 * bsp_map of its own. The tool and programs use the accessors of bspkit.h.
 *
 * Why the conversion is sound: a bsp_map is a union of a byte array and
 * members whose only job is alignment. No code outside the loader reads or
 * writes a bsp_map's members, and the loader reads and writes its storage
 * only as a bsp__map (bsp__map_of below), never as a bsp_map: so every
 * access to that storage by a typed lvalue is through the one type
 * bsp__map, and the only other accesses are a caller's copies and clears
 * of the whole object (memset, memcpy, assignment of bsp_map), which go
 * through a type that holds unsigned char and so may alias anything (C99
 * 6.5p7, and GCC's and Clang's alias analyses, which treat a union with a
 * character array as aliasing every type). bsp_loader's private state is
 * reached the same way (pipeline/resume.c). The size and alignment asserts
 * below make sure the private struct fits the public storage on every
 * target the library builds for. */
#ifndef BSP_MAP_H
#define BSP_MAP_H

#include "../bspkit.h"

typedef struct bsp__map {
    const struct bsp_family *family;
    int32_t version;
    uint8_t big_endian_file;
    uint8_t use_hdr;               /* lighting queries use faces/lighting HDR */
    uint8_t has_vis;
    uint8_t has_collision;         /* loaded with BSP_LOAD_COLLISION */
    uint32_t num_clusters;
    uint32_t arena_used;
    const uint8_t *lump_data[BSP_MAX_LUMPS];   /* NULL: not loaded or empty */
    uint32_t lump_size[BSP_MAX_LUMPS];
    uint32_t lump_file_offset[BSP_MAX_LUMPS];
    /* role views, resolved at load */
    bsp_view planes, nodes, leafs, models, faces, texinfo, edges, surfedges,
             vertexes, leaffaces;
    bsp_view lighting, vis, entities;          /* stride 1 */
    /* collision views (BSP_LOAD_COLLISION): brushes, brush sides, leaf
     * brushes, clipnodes; Quake 3: shaders */
    bsp_view brushes, brushsides, leafbrushes, clipnodes, shaders;
    /* quake3 curved surfaces' collision (8.11): per surface, {offset of its
     * built patch in `data`, its ordinal} (offset 0: not a patch); the
     * patches follow the table */
    bsp_view patches;
    /* source terrain's collision (8.14): a record per displacement, then
     * the vertex grids and the triangles' planes and flags, at the places
     * of their dispverts and disp tris (loader/cmodel/disp_build.h) */
    bsp_view disps, disp_verts, disp_tris;
    /* ... and the world leaves' displacement lists after them (8.14's
     * join, disp_build.h): leaf l's indices are disp_list[disp_first[l] ..
     * disp_first[l + 1]) for l below disp_leafs; disp_first NULL: no lists
     * (every trace then joins by the displacements' walks) */
    const uint32_t *disp_first;
    const uint16_t *disp_list;
    uint32_t disp_leafs, disp_list_cap;
    /* areas and area portals (BSP_LOAD_GEOMETRY; docs/queries.md 9);
     * Source's displacement info, its record length the layout's of the
     * file's version (bsp__dispinfo_stride) */
    bsp_view areas, areaportals, dispinfo;
    /* After a failed bsp_load, where it stopped: the lump's index and file
     * offset (BSP_NO_LUMP and 0 when it stopped outside any lump: header,
     * arena) and its directory version (-1: none; bsp_where). A plan-time
     * failure names the lump bsp_measure_where names. Every other field of
     * a failed map is cleared, so a failed map gives nothing. */
    uint32_t error_lump, error_offset;
    int32_t error_version;
    /* Where the game lump's sub-lump offsets count from (0 or the lump's
     * file offset), worked out once at load; BSP_NO_LUMP when the directory
     * fits neither reading. */
    uint32_t game_lump_base;
    /* The light source and luxel placement of quake, goldsrc, bsp2 and
     * quake2 (docs/queries.md 10.2, 10.3), chosen once at load; the
     * `lighting` view above shows the source's bytes (D). */
    struct bsp__light_info {
        uint8_t source;        /* bsp_light_source */
        uint8_t bytes;         /* per luxel: 1 grey, 3 RGB, 4 E5BGR9 */
        uint8_t hdr;           /* the samples are E5BGR9 */
        uint8_t lit;           /* bsp_lit_check: what became of options.lit */
        uint8_t wide_styles;   /* styles from LMSTYLE16 (uint16, 0xFFFF none) */
        uint8_t reserved[3];
        uint32_t style_slots;  /* slots a face has (LMSTYLE/16: k; else 4) */
        /* the BSPX lumps that passed their length checks, or NULL */
        const uint8_t *decoupled, *shift, *offset, *styles;
    } light;
    /* The BSPX directory (the header's, or the one found at load from a
     * forward-only stream); its lumps that the load read are
     * lump_data[BSP_BSPX_FIRST + k]. */
    bsp_bspx bspx;
    /* quake, goldsrc, bsp2, quake2: the BSPX LIGHTGRID_OCTREE parsed at
     * load (BSP_LOAD_LIGHTING), NULL without one */
    const struct bsp__light_grid *light_grid;
    /* the families with a face lightmap rule: each face's answer, worked
     * out at load (loader/query/face_light.h), NULL when the load did not
     * read the faces; light_none: no light lump and no face or tree that
     * a light walk would stop on, so bsp_light_point answers at once */
    const struct bsp__face_light *face_light;
    uint8_t light_none;
    /* light_fast: the load proved what the light walk's guards test (a
     * tree, every node's faces in its record, the faces' costs within the
     * walk's budget: face_light.c), so bsp_light_point takes the walk
     * without them; 0 until a load's end, and on a map not loaded */
    uint8_t light_fast;
    /* the Quake family's hulls (BSP_LOAD_COLLISION), converted at load for
     * the hull walks; NULL otherwise */
    const struct bsp__hulls *hulls;
    /* brush families loaded with BSP_LOAD_COLLISION: their collision
     * records converted once at load, NULL otherwise */
    const struct bsp__coll_native *coll_native;
    /* the Quake family loaded with BSP_LOAD_COLLISION: its BSPX brush
     * list, whole, in the brush traces' records (cmodel/brush_list.h);
     * NULL otherwise */
    const struct bsp__brush_list *brush_list;
    /* quake3: rows [0, count) of the vis lump, each whole within it, at
     * data + c * stride (bsp_pvs_view's; count 0 otherwise) */
    bsp_view vis_rows;
    /* Every load: the node tree as the point walks read it (query.h,
     * query/point_tree.c), each node with its plane; `bounded` when the
     * load proved that every walk ends (collision's depth check, or every
     * node's children after it), so the walk counts no steps; `tree`
     * when, besides, no node has two parents, so the light walk meets each
     * node at most once and counts no visits. */
    struct bsp__point_tree {
        /* query.h's bsp__pnode records, one a file node in its order */
        const struct bsp__pnode *nodes;
        uint32_t num_nodes;
        /* the world's head node (query.h bsp__head_node of model 0; -1
         * without models), read once at load, as an index (the trace's
         * walks) and in the point walks' form (a node's byte offset in
         * `nodes`, a leaf's -1 - leaf) */
        int32_t world_head, world_head_at;
        /* faces: every node's face range is in its record (no count past
         * 16 bits), so the light walk reads no file node */
        uint8_t bounded, tree, faces;
    } point_tree;
    /* quake3: the caller's built patch set (bsp_use_patch_set) whose grids
     * the face access hands out for patch faces; NULL: the fixed level */
    const void *patch_set;
    /* quake2 (access->texture_unique): 11.2's table numbered at load, the
     * table index of each texture record and the first record of each
     * table entry (family/texture_names.c); NULL when not loaded */
    const uint32_t *texture_of, *texture_first;
    uint32_t num_textures;
    /* Bit (i & 31) of word i / 32: the file stores lump i empty (length
     * 0), whatever the load set. A NULL lump_data[i] then means the map
     * has none of its data (the calls answer as for a map without it),
     * not that the load left it out (NOT_LOADED). */
    uint32_t lump_empty[BSP_MAX_LUMPS / 32];
    /* Bit (i & 31) of word i / 32: a BSP_LOAD_PARTIAL load left lump i out,
     * its version's layout unknown (bsp_lump_left_out). */
    uint32_t lump_left_out[BSP_MAX_LUMPS / 32];
    /* BSP_LOAD_COLLISION (validate_coll.c): 1 when no node is the child of
     * two nodes and at most one leaf, box_shared_leaf, of two child slots
     * (Quake's solid leaf 0): a box walk then reaches every other leaf at
     * most once (bsp_box_leaves keeps no set). BSP_NO_LEAF: none shared. */
    uint32_t box_tree;
    uint32_t box_shared_leaf;
} bsp__map;

#define BSP__NO_SHARED_LEAF 0xffffffffu
/* Bytes of a bit per item of n (the tree shape's scratch). */
#define BSP__TREE_BITS_BYTES(n) (((n) + 7u) / 8u)

/* The private struct fits the public storage, in size and in alignment
 * (a struct of a char and the map puts the map at its alignment). */
typedef char bsp__map_fits[sizeof(bsp__map) <= sizeof(bsp_map) ? 1 : -1];
typedef struct bsp__map_align { char c; bsp__map m; } bsp__map_align;
typedef struct bsp__map_public_align { char c; bsp_map m; } bsp__map_public_align;
typedef char bsp__map_aligned[offsetof(bsp__map_align, m) <=
                              offsetof(bsp__map_public_align, m) ? 1 : -1];

/* The contents of a caller's map, and back (NULL stays NULL). */
static inline bsp__map *bsp__map_of(bsp_map *m) { return (bsp__map *)(void *)m; }
static inline const bsp__map *bsp__map_c(const bsp_map *m)
{
    return (const bsp__map *)(const void *)m;
}
static inline const bsp_map *bsp__map_cpub(const bsp__map *m)
{
    return (const bsp_map *)(const void *)m;
}

/* The length of a Source displacement info record: its layout's at the
 * file's version (176 Valve's, 180 and 184 Dota 2's v22 and v23, 232
 * Vindictus's); Valve's when the lump has no known layout, as the lump's
 * count and every read stay within it either way. */
static inline uint32_t bsp__dispinfo_stride(const bsp__map *m)
{
    return m->dispinfo.stride >= 176u ? m->dispinfo.stride : 176u;
}

#endif
