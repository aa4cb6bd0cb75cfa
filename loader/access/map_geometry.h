/* SPDX-License-Identifier: MIT */
/* map_geometry.h - a face's geometry kind and size (map_geometry.c). */
#ifndef BSP_MAP_GEOMETRY_H
#define BSP_MAP_GEOMETRY_H

#include "map_access.h"
#include "../core/map.h"

/* Sets out->kind, raw_type, num_verts and num_tris, checking every range
 * the vertices and triangles will read (CORRUPT when one lies outside its
 * lump, NOT_LOADED when a lump it needs is absent). */
bsp_status bsp__face_shape(const bsp__map *m, uint32_t face, bsp_face *out);

/* A face's stored vertices (docs/queries.md 11.3's order: its edge loop,
 * vertex run or draw vertices): how many, the first, its displacement
 * record (NULL: none) and that displacement's start corner. */
typedef struct bsp__stored {
    bsp_face_kind kind;
    uint32_t first, count, start;
    const uint8_t *disp;
} bsp__stored;
/* Fills *out after bsp_face_vertex's checks (and a quake3 flare's run). */
bsp_status bsp__face_stored(const bsp__map *m, uint32_t face, bsp__stored *out);
/* Stored vertex k's position; quake3: returns its drawVert (else NULL). */
const uint8_t *bsp__stored_vertex(const bsp__map *m, const bsp__stored *s, uint32_t k, float pos[3]);

/* A face's texture axes S, T (two float[4]: quake family, quake2 and
 * source texinfo, nightfire projection), NULL when it has none; and
 * texdot(p, axis) = dot(p, axis.xyz) + axis.w, rounded as written. */
const uint8_t *bsp__face_texvecs(const bsp__map *m, uint32_t face);
float bsp__texdot(const uint8_t *vecs, uint32_t axis, const float p[3]);

#endif
