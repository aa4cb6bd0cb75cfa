/* SPDX-License-Identifier: MIT */
/* render_mesh.h - what bspkit render draws of each world face, read once
 * from the library's renderer data (render_mesh.c, docs/pictures.md
 * "Geometry"): the face vertices' attributes, a displacement's grid, a
 * Quake 3 patch's grid as id's renderer builds it. */
#ifndef BSPKIT_RENDER_MESH_H
#define BSPKIT_RENDER_MESH_H

#include "../../loader/bspkit.h"

typedef struct render_vert {
    float pos[3];
    float st[2];           /* texels (BSP_VA_ST); quake3: the normalised st
                              as stored (only names colour its textures) */
    float lm[2];           /* docs/queries.md 11.5: luxel k covers [k, k + 1)
                              of the face's block (quake3: of its page) */
    float normal[3];
    float color[3];        /* quake3: the vertex colour, byte / 255 */
} render_vert;

/* How a face is lit: its slot-0 lightmap, its vertex colours (quake3
 * lightmapNum -3, LIGHTMAP_BY_VERTEX), neither. */
enum { RENDER_UNLIT = 0, RENDER_LIGHTMAP, RENDER_VERTEX_LIGHT };

typedef struct render_mface {
    uint32_t first_vert, num_verts;
    uint32_t first_tri, num_tris;
    int lit;               /* RENDER_* */
    int curved;            /* a patch: no plane to cull it by */
} render_mface;

typedef struct render_mesh {
    uint32_t num_faces;    /* the face lump's; faces outside model 0 have none */
    render_mface *face;
    render_vert *vert;
    uint32_t num_verts, cap_verts;
    uint32_t *tri;         /* 3 vertex numbers (of the face's) each */
    uint32_t num_tris, cap_tris;
    uint32_t patches, patch_tris;  /* the patch grids drawn and their triangles */
    int stitched;          /* 1: the patches as R_StitchAllPatches leaves them */
} render_mesh;

/* Every face of model 0 (docs/pictures.md "Geometry"). Returns 0, or 1
 * when out of memory (rm closed). A face the library cannot answer for
 * is left empty. */
int render_mesh_build(render_mesh *rm, const bsp_map *m);
void render_mesh_close(render_mesh *rm);

#endif
