/* SPDX-License-Identifier: MIT */
/* render.h - the software rasteriser of bspkit render (render.c) and what
 * the command (render_cmd.c) shares with it. */
#ifndef BSPKIT_RENDER_H
#define BSPKIT_RENDER_H

#include "../../loader/bspkit.h"
#include "render_mesh.h"
#include "render_texture.h"

typedef struct frame {
    int w, h, top;
    float eye[3], right[3], up[3], fwd[3], focal;
    float minx, maxy, scale;    /* --top: world x, y to pixels */
    int relief;                 /* --top but --raw-light: shade by height and
                                   by the distance to the nearest wall */
    float zlo, zhi;             /* --top: the heights the shade spans */
    int32_t *dist;              /* --top relief: each pixel's 3-4 chamfer
                                   distance to a wall or a step up */
    float span;                 /* --top relief: its reach D in pixels */
    unsigned char *rgb;
    float *depth;               /* larger is nearer: 1/z, or world z (--top) */
    float *wz;                  /* the depth drawn (--top: world z) */
    int32_t *face;              /* face drawn, -1 none */
    float *lmu, *lmv;           /* lightmap coordinate drawn (NaN: the face
                                   has no lightmap) */
    const render_look *look;    /* light rule and textures (render_texture.h) */
    const render_mesh *mesh;    /* what each face draws (render_mesh.h) */
} frame;

/* Does the frame draw face f (not no-draw, skip, hint, trigger; sky only
 * in perspective; --top: not translucent nor a tool texture or fog by
 * name either; a planar face seen from its front: --top, from above)? */
int render_face_shown(const frame *fr, const bsp_face *f);
/* Of a face it draws, does it draw triangle t (--top: of a patch, one
 * whose vertex normals add up to look up; every other)? */
int render_tri_shown(const frame *fr, const render_mface *mf, const uint32_t t[3]);
/* Draw face `face` of m into the frame; tint: --pvs colour. */
void render_face(frame *fr, const bsp_map *m, uint32_t face, int tint);

/* --top relief: the shade of height z, TOP_LOW at fr->zlo to 1 at
 * fr->zhi (1 when they are within a unit); render_view.c. */
float render_height_cue(const frame *fr, float z);

/* A cross marking world point p (--props: a static prop's origin). */
void render_marker(frame *fr, const float p[3], const unsigned char rgb[3]);

/* A display value 0 .. 1 to a byte; the display bytes of luxel (i, j) of
 * a lightmap block under a light rule (render_light.h). */
unsigned char render_byte(float v);
void render_luxel(const uint8_t *block, int32_t w, uint32_t bpl, const light_rule *rule, int32_t i,
                  int32_t j, unsigned char out[3]);

#endif
