/* SPDX-License-Identifier: MIT */
/* render_texture.c - the textures of bspkit render's pictures. Quake,
 * GoldSrc and BSP2 files embed theirs: the texture lump is a miptex
 * directory (i32 count, count i32 offsets from the lump's start, -1: none)
 * whose entries are a 40-byte header (name[16], u32 width, height,
 * offsets[4] of the mip levels from the header; offset 0: the pixels are in
 * a WAD outside the file) and the pixels, palette indices; a GoldSrc
 * miptex follows its fourth mip level with a u16 colour count and 256 RGB
 * triples, Quake and BSP2 use Quake's palette (quake_palette.c). Every
 * offset and size is checked against the lump before it is read; a miptex
 * that fails is drawn in the colour its name says (render_material.c), as
 * are the textures of the families that keep them outside the file. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render_texture.h"

#define TEXTURE_LUMP 2         /* the quake family's miptex directory */
#define MIPTEX_HEADER 40
#define MIPTEX_MAX_SIDE 4096u
#define QUAKE_FULLBRIGHT 224   /* the software renderer's colour map keeps
                                  the last 32 colours at every light level */

static uint32_t tex_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Miptex `index` of the directory lump (bytes, size): its pixels and
 * palette when the lump holds them whole; else t->pixels stays NULL. */
static void tex_miptex(render_tex *t, const uint8_t *lump, uint32_t size, uint32_t index, int goldsrc)
{
    const uint8_t *hd;
    uint32_t off, w, h, o0, o3;
    uint64_t end;
    if ((uint64_t)index * 4 + 8 > size) return;
    off = tex_le32(lump + 4 + 4 * index);
    if (off > size || size - off < MIPTEX_HEADER) return;    /* -1 is past any lump */
    hd = lump + off;
    w = tex_le32(hd + 16);
    h = tex_le32(hd + 20);
    o0 = tex_le32(hd + 24);
    o3 = tex_le32(hd + 36);
    if (w == 0 || h == 0 || w > MIPTEX_MAX_SIDE || h > MIPTEX_MAX_SIDE || o0 == 0) return;
    if ((uint64_t)off + o0 + (uint64_t)w * h > size) return;
    t->palette = quake_palette;
    t->fullbright = !goldsrc;
    if (goldsrc) {
        end = (uint64_t)off + o3 + (uint64_t)(w >> 3) * (h >> 3);
        if (o3 == 0 || end + 2 + 768 > size) return;
        t->palette = lump + end + 2;
    }
    t->pixels = hd + o0;
    t->w = w;
    t->h = h;
    t->fence = hd[0] == '{';
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

static int tex_is(const char *family, const char *name)
{
    return family && !strcmp(family, name);
}

int render_look_open(render_look *lk, const bsp_map *m, const char *family, int raw, int flat)
{
    bsp_counts c;
    uint32_t i;
    int miptex = tex_is(family, "quake") || tex_is(family, "goldsrc") || tex_is(family, "bsp2");
    uint32_t size;
    const uint8_t *lump = bsp_lump(m, TEXTURE_LUMP, &size);
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
    if (!lump || size < 4) miptex = 0;
    for (i = 0; i < c.textures; i++) {
        render_tex *t = &lk->tex[i];
        const char *name = NULL;
        uint32_t len = 0;
        if (miptex) tex_miptex(t, lump, size, i, tex_is(family, "goldsrc"));
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
