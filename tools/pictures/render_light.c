/* SPDX-License-Identifier: MIT */
/* render_light.c - light as each engine shows it. A luxel's linear value c
 * (byte / 255; Source RGBE: ldexpf(byte / 255, exponent), as the light
 * query gives it) becomes the display light
 *     L = min(cap, (factor * c) ^ (1 / gamma))
 * and a pixel min(1, texture * L). The numbers are each engine's defaults,
 * read from public sources (docs/pictures.md has the list):
 *   quake, bsp2: the lightmap is stored at half intensity; the software
 *     renderer's colour map and GLQuake's lightmap build (>> 7 of luxel
 *     times the style's 256) double it; the software colour map goes on to
 *     twice the texture's colour (cap 2); palette display gamma 1.
 *   goldsrc, nightfire: the same doubling (>> 7), clamped at 255 in the
 *     lightmap texture (cap 1); the light gamma table is the identity at
 *     the defaults (lightgamma 2.5 = gamma 2.5, brightness 0); textures go
 *     through texgamma / gamma = 2.0 / 2.5 (bytes ^ 0.8).
 *   quake2: textures scaled by intensity 2, gl_modulate 1, vid_gamma 1:
 *     twice the light (cap 2).
 *   quake3: r_mapOverBrightBits 2: one bit shifted into the lightmap
 *     (clamped at 1) and one by the hardware gamma ramp (r_overBrightBits
 *     1): 4 times the light, at most 2; r_gamma 1.
 *   source: LDR lightmaps hold (c ^ (1 / 2.2)) / 2 (overbright 2) and the
 *     shader doubles them: L = c ^ (1 / 2.2), at most 2.
 *   raw (--raw-light): L = min(1, c). */
#include <math.h>
#include <stddef.h>

#include "render_light.h"

static const light_rule light_rules[] = {
    { "quake", 2.0f, 1.0f, 2.0f, 1.0f },
    { "bsp2", 2.0f, 1.0f, 2.0f, 1.0f },
    { "goldsrc", 2.0f, 1.0f, 1.0f, 0.8f },
    { "nightfire", 2.0f, 1.0f, 1.0f, 0.8f },
    { "quake2", 2.0f, 1.0f, 2.0f, 1.0f },
    { "quake3", 4.0f, 1.0f, 2.0f, 1.0f },
    { "source", 1.0f, 2.2f, 2.0f, 1.0f },
};
static const light_rule light_raw = { "raw", 1.0f, 1.0f, 1.0f, 1.0f };

static int light_same(const char *a, const char *b)
{
    while (*a && *a == *b) a++, b++;
    return *a == *b;
}

const light_rule *light_rule_of(const char *family, int raw)
{
    unsigned k;
    if (raw || !family) return &light_raw;
    for (k = 0; k < sizeof light_rules / sizeof light_rules[0]; k++)
        if (light_same(light_rules[k].family, family)) return &light_rules[k];
    return &light_raw;
}

float light_display(const light_rule *r, float c)
{
    float v = r->factor * c;
    if (!(v > 0.0f)) return 0.0f;
    if (r->gamma != 1.0f) v = powf(v, 1.0f / r->gamma);
    return v < r->cap ? v : r->cap;
}

void light_luxel(const light_rule *r, const uint8_t *block, int32_t w, uint32_t bpl, int32_t i,
                 int32_t j, float out[3])
{
    const uint8_t *s = block + ((size_t)j * (size_t)w + (size_t)i) * (bpl & 0xff);
    uint32_t e5 = (uint32_t)s[0] | (uint32_t)s[1] << 8 | (uint32_t)s[2] << 16 | (uint32_t)s[3] << 24;
    int k;
    for (k = 0; k < 3; k++) {
        float c;
        /* E5BGR9 (docs/queries.md 10.2): 9-bit mantissas, 1.0 at byte 128 */
        if (bpl == LIGHT_E5BGR9) c = ldexpf((float)(e5 >> (9 * k) & 511u), (int)(e5 >> 27) - 17) / 255.0f;
        else if (bpl == 4) c = ldexpf((float)s[k] / 255.0f, (int8_t)s[3]);
        else c = (float)s[bpl == 1 ? 0 : k] / 255.0f;
        out[k] = light_display(r, c);
    }
}
