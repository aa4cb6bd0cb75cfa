/* SPDX-License-Identifier: MIT */
/* patch_grid.h - what the curve files share (patch_grid.c builds one
 * grid as id's R_SubdividePatchToGrid does; patch_set.c keeps every grid
 * of a map and stitches them). The work grid is id's ctrl[65][65]: row
 * j, column i at c[j][i]. */
#ifndef BSP_PATCH_GRID_H
#define BSP_PATCH_GRID_H

#include "map_access.h"
#include "../core/map.h"

#define BSP__GRID BSP_PATCH_GRID_MAX
typedef bsp_grid_vertex bsp__grid_row[BSP__GRID];

/* A patch face as the renderer reads it (ParseMesh), after its checks. */
typedef struct bsp__patch_src {
    uint32_t face, first, w, h;   /* control points: drawverts first .. + w*h */
    int nodraw;                   /* its shader has SURF_NODRAW */
    float lod_origin[3], lod_radius;
} bsp__patch_src;

/* The one place the curve files read the map: the face's record
 * (statuses as bsp_patch_grid_build's from BAD_FACE on) ... */
bsp_status bsp__patch_source(const bsp__map *m, uint32_t face, bsp__patch_src *src);
/* ... and its control points, into c[j][i] (normals as stored). */
void bsp__patch_points(const bsp__map *m, const bsp__patch_src *src, bsp__grid_row *c);

/* R_SubdividePatchToGrid on the control points in c (*w x *h): leaves the
 * grid in c, its size in *w, *h and the error tables in err. */
void bsp__patch_subdivide(bsp__grid_row *c, uint32_t *w, uint32_t *h, float subdivisions,
                          float err[2][BSP__GRID]);
/* MakeMeshNormals and LerpDrawVert, for the stitching's inserts. */
void bsp__mesh_normals(uint32_t w, uint32_t h, bsp__grid_row *c);
void bsp__lerp_vertex(const bsp_grid_vertex *a, const bsp_grid_vertex *b, bsp_grid_vertex *out);

#endif
