/* SPDX-License-Identifier: MIT */
/* render_texture.h - what a face's pixels are made of (render_texture.c):
 * the library's embedded miptex (quake, goldsrc, bsp2), else a colour per
 * texture name,
 * and the light rule (render_light.h). docs/pictures.md. */
#ifndef BSPKIT_RENDER_TEXTURE_H
#define BSPKIT_RENDER_TEXTURE_H

#include "../../loader/bspkit.h"
#include "render_light.h"

typedef struct render_tex {
    uint8_t *pixels;         /* mip level 0, w * h palette indices (heap,
                                bsp_texture_mip); NULL: colour only */
    uint8_t palette[BSP_PALETTE_BYTES];   /* its 256 RGB triples */
    uint32_t w, h;
    int fence;               /* '{' name: index 255 is a hole */
    int fullbright;          /* quake palette: indices 224 .. 255 ignore the light */
    float colour[3];         /* the name's colour; a texture's mean colour */
} render_tex;

typedef struct render_look {
    const light_rule *rule;
    int textured;            /* 0: --flat, every surface white */
    uint32_t count;
    render_tex *tex;         /* count entries (heap), NULL when none */
    float curve[256];        /* texture byte to 0 .. 1 (rule->tex_exponent) */
    float exposure;          /* display light times this (1; perspective
                                views: render_look_expose) */
    int unlit;               /* 1: the lightmaps are not used (--fullbright,
                                or a map whose light is all but zero) */
    uint8_t *tool;           /* names entries (heap): 1 where the texture's
                                name is a tool texture's or fog's
                                (render_name_tool); --top leaves them out */
    uint32_t names;
    uint32_t *hist;          /* non-NULL: render.c counts each lit pixel it
                                draws here by its brightest channel before
                                the exposure (EXPOSE_BINS) */
} render_look;

#define EXPOSE_BINS 512      /* display light 0 .. EXPOSE_TOP */
#define EXPOSE_TOP 2.0f
/* The histogram bin of display light v. */
#define expose_bin(v) ((v) >= EXPOSE_TOP ? EXPOSE_BINS - 1 : (v) > 0.0f ? (int)((v) * ((float)EXPOSE_BINS / EXPOSE_TOP)) : 0)

/* The look of map m (family: bsp_family_name): raw: --raw-light; flat:
 * --flat. Returns 0, or 1 when out of memory. */
int render_look_open(render_look *lk, const bsp_map *m, const char *family, int raw, int flat);
void render_look_close(render_look *lk);

/* The colour (0 .. 1 each) of texture tex at texel coordinate (u, v),
 * wrapped; 0 where a fence texture has a hole, 2 for a full-bright texel
 * (drawn without light), else 1. */
int render_texel(const render_look *lk, int32_t tex, float u, float v, float rgb[3]);

/* The colour of a sky face: its texture's mean colour, else sky blue. */
void render_sky(const render_look *lk, int32_t tex, float rgb[3]);

/* The colour of a texture the file does not hold, from what its name
 * says (render_material.c, docs/pictures.md). */
void render_name_colour(const char *name, uint32_t len, float rgb[3]);
/* Does the name say a tool texture or fog (mat_special from nodraw on, at
 * a word's start or after "tools")? Not floor-plan material from above. */
int render_name_tool(const char *name, uint32_t len);

/* The exposure of a perspective view from the range of the map's light
 * (render_exposure.c, docs/pictures.md "Exposure"): sets lk->exposure, or
 * lk->unlit when the light is all but zero. Returns the display light
 * of the brightest luxels (the 99th percentile), -1 when no face is lit. */
float render_look_expose(render_look *lk, const bsp_map *m);
/* The exposure of one view from the histogram (lk->hist) of its lit
 * pixels, at most `most` (EXPOSE_VIEW_MAX; --top: EXPOSE_TOP_MAX, a floor
 * plan seen whole may be darker than any view in it); unchanged when it
 * drew none. */
#define EXPOSE_VIEW_MAX 8.0f
#define EXPOSE_TOP_MAX 16.0f
void render_look_expose_view(render_look *lk, float most);

#endif
