/* SPDX-License-Identifier: MIT */
/* render_texture.c - the textures of bspkit render's pictures, from the
 * library's texture table (docs/queries.md 11.2): an embedded miptex's
 * mip 0 as palette indices with its palette (bsp_texture_mip,
 * bsp_texture_palette: Quake's for quake and bsp2, the texture's own for
 * goldsrc) and its '{' transparency; every other texture, and one the
 * library calls corrupt, is drawn in the colour its name says
 * (render_material.c), as are the textures of the families that keep
 * them outside the file. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render_texture.h"

#define MIPTEX_MAX_SIDE 4096u
#define QUAKE_FULLBRIGHT 224   /* the software renderer's colour map keeps
                                  the last 32 colours at every light level */

/* Texture `index` of the map's table: its mip 0 and palette when the map
 * holds them (else t->pixels stays NULL). Returns 1 when out of memory. */
static int tex_load(render_tex *t, const bsp_map *m, uint32_t index)
{
    bsp_texture tx;
    uint32_t n;
    uint8_t *pixels;
    if (bsp_texture_get(m, index, &tx) != BSP_OK || tx.status != BSP_TEXTURE_EMBEDDED) return 0;
    if (tx.width > MIPTEX_MAX_SIDE || tx.height > MIPTEX_MAX_SIDE) return 0;
    if (bsp_texture_mip_bytes(&tx, 0, BSP_PIXELS_INDEXED, &n) != BSP_OK || n == 0) return 0;
    if (!(pixels = malloc(n))) return 1;
    if (bsp_texture_mip(&tx, 0, BSP_PIXELS_INDEXED, NULL, pixels, n) != BSP_OK ||
        bsp_texture_palette(&tx, t->palette) != BSP_OK) {
        free(pixels);
        return 0;
    }
    t->pixels = pixels;
    t->w = tx.width;
    t->h = tx.height;
    t->fence = tx.transparent255;
    t->fullbright = tx.palette == BSP_PALETTE_QUAKE;
    return 0;
}

static void tex_mean(const render_look *lk, render_tex *t)
{
    double sum[3] = { 0, 0, 0 };
    uint32_t n = t->w * t->h, step = n / 1024u + 1u, i, taken = 0;
    int k;
    for (i = 0; i < n; i += step, taken++)   /* at most 1024 texels: a hostile */
        for (k = 0; k < 3; k++)               /* lump cannot make this slow */
            sum[k] += lk->curve[t->palette[3 * t->pixels[i] + k]];
    for (k = 0; k < 3; k++) t->colour[k] = (float)(sum[k] / (double)taken);
}

int render_look_open(render_look *lk, const bsp_map *m, const char *family, int raw, int flat)
{
    bsp_counts c;
    uint32_t i;
    memset(lk, 0, sizeof *lk);
    lk->rule = light_rule_of(family, raw);
    lk->textured = !flat;
    lk->exposure = 1.0f;
    for (i = 0; i < 256; i++) lk->curve[i] = powf((float)i / 255.0f, lk->rule->tex_exponent);
    if (bsp_get_counts(m, &c) != BSP_OK || c.textures == 0) return 0;
    lk->tool = calloc(c.textures, 1);
    if (!lk->tool) return 1;
    lk->names = c.textures;
    for (i = 0; i < c.textures; i++) {
        const char *name = NULL;
        uint32_t len = 0;
        if (bsp_texture_name(m, i, &name, &len) == BSP_OK) lk->tool[i] = (uint8_t)render_name_tool(name, len);
    }
    if (flat) return 0;
    lk->tex = calloc(c.textures, sizeof *lk->tex);
    if (!lk->tex) {
        render_look_close(lk);
        return 1;
    }
    lk->count = c.textures;
    for (i = 0; i < c.textures; i++) {
        render_tex *t = &lk->tex[i];
        const char *name = NULL;
        uint32_t len = 0;
        if (tex_load(t, m, i)) {
            render_look_close(lk);
            return 1;
        }
        if (t->pixels) {
            tex_mean(lk, t);
        } else if (bsp_texture_name(m, i, &name, &len) == BSP_OK && len > 0) {
            render_name_colour(name, len, t->colour);
        } else {
            t->colour[0] = t->colour[1] = t->colour[2] = 0.7f;
        }
    }
    return 0;
}

void render_look_close(render_look *lk)
{
    uint32_t i;
    for (i = 0; lk->tex && i < lk->count; i++) free(lk->tex[i].pixels);
    free(lk->tex);
    free(lk->tool);
    lk->tex = NULL;
    lk->tool = NULL;
    lk->names = 0;
    lk->count = 0;
}

/* floor(x) modulo n, for any finite or infinite x. */
static uint32_t tex_wrap(float x, uint32_t n)
{
    float f = fmodf(floorf(x), (float)n);
    if (f < 0.0f) f += (float)n;
    if (!(f >= 0.0f) || f >= (float)n) return 0;
    return (uint32_t)f;
}

int render_texel(const render_look *lk, int32_t tex, float u, float v, float rgb[3])
{
    const render_tex *t;
    const uint8_t *p;
    uint8_t idx;
    int k;
    if (!lk->textured || tex < 0 || (uint32_t)tex >= lk->count) {
        rgb[0] = rgb[1] = rgb[2] = lk->textured ? 0.7f : 1.0f;
        return 1;
    }
    t = &lk->tex[tex];
    if (!t->pixels) {
        for (k = 0; k < 3; k++) rgb[k] = t->colour[k];
        return 1;
    }
    idx = t->pixels[(size_t)tex_wrap(v, t->h) * t->w + tex_wrap(u, t->w)];
    if (t->fence && idx == 255) return 0;
    p = t->palette + 3 * (size_t)idx;
    for (k = 0; k < 3; k++) rgb[k] = lk->curve[p[k]];
    return t->fullbright && idx >= QUAKE_FULLBRIGHT ? 2 : 1;
}

void render_sky(const render_look *lk, int32_t tex, float rgb[3])
{
    static const float blue[3] = { 0.45f, 0.62f, 0.85f };
    int k;
    for (k = 0; k < 3; k++)
        rgb[k] = tex >= 0 && (uint32_t)tex < lk->count && lk->tex[tex].pixels ? lk->tex[tex].colour[k] : blue[k];
}
