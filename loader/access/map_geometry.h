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

#endif
