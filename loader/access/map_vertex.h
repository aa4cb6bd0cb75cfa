/* SPDX-License-Identifier: MIT */
/* map_vertex.h - what the vertex attribute calls share (map_vertex.c,
 * map_disp.c). */
#ifndef BSP_MAP_VERTEX_H
#define BSP_MAP_VERTEX_H

#include "map_access.h"
#include "../core/map.h"

/* Texture `texture`'s stored width and height (docs/queries.md 11.4): 1
 * when the family stores them and both are positive, else 0 (size 0, 0). */
int bsp__texture_size(const bsp__map *m, int32_t texture, int32_t size[2]);

/* Stored vertex k's normal, tangent and bitangent from a valid BSPX
 * FACENORMALS (1), or 0 when the map has none that is valid. */
int bsp__facenormal(const bsp__map *m, uint32_t face, uint32_t k, bsp_vertex_attr *out);

/* The lightmap coordinates of a displacement's corners P0 .. P3 for a
 * block of u x v luxel steps (LightmapTextureSizeInLuxels): the centres of
 * the block's corner luxels (CCoreDispSurface::CalcLuxelCoords). */
void bsp__disp_luxel_corners(int32_t u, int32_t v, float c[4][2]);

#endif
