/* SPDX-License-Identifier: MIT */
/* mesh.h - what the mesh files share (mesh_build.c: the public calls and
 * the layout; mesh_order.c: the batches' order; mesh_face.c: one face's
 * share of the buffers; mesh_tool.c: tool textures). */
#ifndef BSP_MESH_H
#define BSP_MESH_H

#include "map_access.h"
#include "../core/map.h"

/* A face the buffers hold, as the grouping sorts it: its texture (after
 * bsp__mesh_order: the lowest texture of its name), lightmap page,
 * BSP_SURF_* shifted up by 8 with its tool bits below them (which its name
 * and flags decide: they never split a batch nor change its place), index,
 * and its share of the buffers. Six 32-bit words (core/sort.h). */
typedef struct bsp__mesh_key {
    int32_t texture, page;
    uint32_t flags, face;
    uint32_t verts, indices;
} bsp__mesh_key;
#define BSP__MESH_FLAGS_SHIFT 8u
#define BSP__MESH_KEY_WORDS 6u
/* A texture of the keys, for the name sort: its index, its run of keys,
 * whether it has a name and the name's hash. */
#define BSP__MESH_GROUP_WORDS 5u

/* Sorts n keys (any order) into the batches' order: ascending texture,
 * flags, page, face, each texture replaced by the lowest texture index of
 * its name (names equal without ASCII case; a texture whose name is empty
 * or cannot be read is its own). groups: room for n group records; tmp:
 * for n keys (the sorts merge into it). Returns the number of batches. */
uint32_t bsp__mesh_order(const bsp__map *m, bsp__mesh_key *keys, uint32_t n, uint32_t *groups, uint32_t *tmp);
/* Do two neighbouring keys of the sorted order share a batch? */
int bsp__mesh_same_batch(const bsp__mesh_key *a, const bsp__mesh_key *b);

/* The face's BSP_MESH_TOOL_* bits: its flags and its texture's name. */
uint32_t bsp__mesh_tool(const bsp__map *m, const bsp_face *f);

/* What one face needs from the build's options. */
typedef struct bsp__mesh_src {
    const bsp__map *m;
    float subdivisions;
    const void *patch_set;
    void *grid;            /* a patch's work grid (BSP_PATCH_GRID_SCRATCH_BYTES) */
} bsp__mesh_src;

/* The face's vertices and indices in the buffers (0, 0: it has no
 * triangles), after checking what the writing will read: a mesh's
 * triangles, a patch's grid (g: that grid, for the write). */
bsp_status bsp__mesh_face_size(const bsp__mesh_src *src, uint32_t face, const bsp_face *f, uint32_t *verts,
                               uint32_t *indices, bsp_patch_grid *g);

/* Writes the face's vertices at v and its indices at idx, each index
 * plus `base` (the face's first vertex in the buffer). w: the attribute
 * walk at this face (map_vertex.h); g: its grid, for a patch. */
struct bsp__attr_walk;
bsp_status bsp__mesh_face_write(const bsp__mesh_src *src, uint32_t face, const bsp_face *f,
                                const struct bsp__attr_walk *w, const bsp_patch_grid *g,
                                bsp_mesh_vertex *v, uint32_t *idx, uint32_t base);

#endif
