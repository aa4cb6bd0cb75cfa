/* SPDX-License-Identifier: MIT */
/* query.h - what the query files share: the tree walk's steps, the
 * argument checks and the rules one query lends another. */
#ifndef BSP_QUERY_H
#define BSP_QUERY_H

#include "../family/family.h"
#include "../core/map.h"

/* Does the file store lump `lump` (-1: one the family lacks) empty? Then
 * the map has none of its records whatever the load set. */
BSP_INLINE int bsp__lump_is_empty(const bsp__map *m, int lump)
{
    return lump >= 0 && lump < BSP_MAX_LUMPS && (m->lump_empty[lump >> 5] >> (lump & 31) & 1u);
}

/* The answer for a lump that is not in memory: `none` (what a map without
 * its records answers: an index outside it, the end of an iteration) when
 * the file stores it empty; NOT_LOADED when the load left it out. */
BSP_INLINE bsp_status bsp__lump_absent(const bsp__map *m, int lump, bsp_status none)
{
    return bsp__lump_is_empty(m, lump) ? none : BSP_E_NOT_LOADED;
}

/* The lump m->faces shows (LDR or HDR faces, as the load chose). */
BSP_INLINE int bsp__faces_lump(const bsp__map *m)
{
    return bsp__role_lump(m->family, m->use_hdr ? BSP_ROLE_FACES_HDR : BSP_ROLE_FACES);
}

/* The node (or -1 - leaf) a model's tree starts at. Families without a
 * head node field (Quake 3, Nightfire) start the world at node 0 and have
 * BSP_NO_HEAD for other models. */
#define BSP_NO_HEAD INT32_MIN
BSP_INLINE int32_t bsp__head_node(const bsp__map *m, uint32_t model)
{
    if (!BSP__USE_HEADLESS_TREES || m->family->tree.model_headnode.type)
        return bsp__field_get(m->models.data + (size_t)model * m->models.stride,
                             m->family->tree.model_headnode);
    if (model != 0) return BSP_NO_HEAD;
    return m->nodes.count ? 0 : -1;
}

/* A node of the point walks (map.h's point_tree): its plane's normal and
 * distance as the file stores them, its children, a node as its byte
 * offset in the array (>= 0), a leaf as -1 - leaf, and `axis`, 0-2 when
 * the normal is that axis's unit vector exactly (coll_native.h), else 3.
 * The plane sits in the node and a child is an offset so that a step reads
 * one record with no index arithmetic, as the engines' node holds its
 * plane's pointer; 32 bytes, so that an offset needs no product. The
 * node's face range rides along for the light walk (query_light.c), which
 * tests the faces of the nodes its segment crosses: `first`, and `count`
 * when it fits 16 bits (BSP__PNODE_WIDE otherwise, and point_tree.faces
 * is 0: the walk reads the file's node). */
typedef struct bsp__pnode {
    float n[3];
    float dist;
    int32_t child[2];
    uint32_t first;
    uint16_t count;
    uint8_t axis, pad;
} bsp__pnode;
#define BSP__PNODE_WIDE 0xffffu

BSP_INLINE const bsp__pnode *bsp__pnode_at(const bsp__pnode *nodes, ptrdiff_t at)
{
    return (const bsp__pnode *)(const void *)((const uint8_t *)nodes + at);
}
/* the node a walk's offset names, as an index of the file's nodes */
#define BSP__PNODE_INDEX(at) ((uint32_t)(at) / (uint32_t)sizeof(bsp__pnode))

/* Whether a load proves the light walk's guards unneeded (face_light.c
 * walk_proved, map.h light_fast): the proof and the walk without guards
 * cost code, so a build for size keeps the guarded walk alone (the same
 * answers). */
#ifdef __OPTIMIZE_SIZE__
#define BSP__LIGHT_PROVE 0
#else
#define BSP__LIGHT_PROVE 1
#endif

/* The point walks' tree (map.h's point_tree, point_tree.c): its arena
 * bytes for a header (0xffffffff when its offsets would not fit 31 bits),
 * and its set-up at the load's end, after collision's build, in `region`
 * (8-aligned, `bytes` from the former); `depth_checked` when collision's
 * depth check passed. CORRUPT: more records than the header said, a
 * node's plane outside its lump. */
uint32_t bsp__point_tree_bytes(const bsp_header *h);
bsp_status bsp__point_tree_build(bsp__map *m, uint8_t *region, uint32_t bytes, int depth_checked);

/* The docs/queries.md section 4 "has a lightmap" rule for `slot`; *first gets
 * the block's first byte in the lighting lump (face_light.c). */
int bsp__has_lightmap(const bsp__map *m, const bsp__lightmap *lm, uint32_t slot, uint32_t *first);

/* The checks a point query with a result starts with (light, luxel,
 * ambient): BSP_E_BAD_ARGUMENT, BSP_E_BAD_QUERY or BSP_OK. */
bsp_status bsp__point_query_args(const bsp__map *m, const float p[3], const void *out);

/* The Quake 3 light grid of docs/queries.md 7 (query_ambient_q3.c). */
bsp_status bsp__q3_light_grid(const bsp__map *m, const float p[3], uint32_t style, bsp_ambient_light *out);
/* Its cell size: (64, 64, 128) or the first entity's gridsize. */
void bsp__q3_gridsize(const bsp__map *m, float size[3]);

/* The Quake family's LIGHTGRID_OCTREE (`lump`, parsed into g) at p for
 * light style `style` (docs/queries.md 10.5; query_grid.c). */
struct bsp__light_grid;
bsp_status bsp__grid_ambient(const struct bsp__light_grid *g, const uint8_t *lump, const float p[3],
                             uint32_t style, bsp_ambient_light *out);

#endif
