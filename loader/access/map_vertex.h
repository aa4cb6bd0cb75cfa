/* SPDX-License-Identifier: MIT */
/* map_vertex.h - what the vertex attribute calls share (map_vertex.c,
 * map_disp.c). */
#ifndef BSP_MAP_VERTEX_H
#define BSP_MAP_VERTEX_H

#include "map_access.h"
#include "../core/map.h"
#include "map_geometry.h"

/* Texture `texture`'s stored width and height (docs/queries.md 11.4): 1
 * when the family stores them and both are positive, else 0 (size 0, 0). */
int bsp__texture_size(const bsp__map *m, int32_t texture, int32_t size[2]);

/* Where a face's vertices start in the per-vertex normal tables (Source
 * lumps 30 and 31, BSPX FACENORMALS): the sum of numedges over the faces
 * before it, which no record stores. A walk of faces in ascending order
 * keeps it (start once, step past each face), so that a whole model costs
 * its vertices rather than faces^2 / 2; whether the map has vertex normals
 * and a valid FACENORMALS is found once at the start. */
typedef struct bsp__attr_walk {
    uint64_t run;
    int vertnormals, facenormals;
} bsp__attr_walk;
void bsp__attr_walk_start(const bsp__map *m, uint32_t face, bsp__attr_walk *w);
void bsp__attr_walk_step(const bsp__map *m, uint32_t face, bsp__attr_walk *w);

/* What every vertex of one face shares, found once per face: its
 * texture's size, its texture axes, its lightmap rule's answer (the
 * Quake family's extents walk every edge of the face: per vertex, a face
 * would cost its edges squared). */
typedef struct bsp__attr_face {
    int size_known, lm_ok;
    int32_t size[2];
    const uint8_t *vecs;
    bsp__lightmap lm;
} bsp__attr_face;
void bsp__attr_face_start(const bsp__map *m, uint32_t face, const bsp_face *f, bsp__attr_face *af);

/* bsp_face_vertex_attr after its checks: f and s are the face's
 * (bsp_get_face, bsp__face_stored), w the walk at the face, af the
 * face's shared part. */
bsp_status bsp__vertex_attr(const bsp__map *m, const bsp_face *f, const bsp__stored *s, const bsp__attr_walk *w,
                            const bsp__attr_face *af, uint32_t k, bsp_vertex_attr *out);

/* bsp_disp_vertex's grid vertex k from the displacement face itself (f
 * and s its bsp_get_face and bsp__face_stored, f->kind a displacement):
 * what a walk of faces reads without looking for the face of a
 * displacement. out->face is left as it is. */
bsp_status bsp__disp_vertex_of(const bsp__map *m, uint32_t face, const bsp_face *f, const bsp__stored *s,
                               uint32_t k, bsp_disp_vert *out);

/* The lightmap coordinates of a displacement's corners P0 .. P3 for a
 * block of u x v luxel steps (LightmapTextureSizeInLuxels): the centres of
 * the block's corner luxels (CCoreDispSurface::CalcLuxelCoords). */
void bsp__disp_luxel_corners(int32_t u, int32_t v, float c[4][2]);

#endif
