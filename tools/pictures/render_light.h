/* SPDX-License-Identifier: MIT */
/* render_light.h - light as each engine shows it (render_light.c): the
 * overbright factor, cap and display gamma per family, docs/pictures.md. */
#ifndef BSPKIT_RENDER_LIGHT_H
#define BSPKIT_RENDER_LIGHT_H

#include <stdint.h>

typedef struct light_rule {
    const char *family;    /* bsp_family_name; "raw" for --raw-light */
    float factor;          /* linear luxel value times this */
    float gamma;           /* then raised to 1 / gamma */
    float cap;             /* the most light a surface shows (2: twice its texture) */
    float tex_exponent;    /* embedded texture bytes: (b / 255) ^ this */
} light_rule;

/* The family's rule (an unknown family: the raw one); raw: --raw-light. */
const light_rule *light_rule_of(const char *family, int raw);

/* The display light of a linear luxel value c: min(cap, (factor c)^(1/gamma)). */
float light_display(const light_rule *r, float c);

/* Luxel (i, j) of a block of w-wide rows, bpl bytes each (1 grey, 3 RGB,
 * 4 RGBE; LIGHT_E5BGR9: 4 bytes of HDR E5BGR9), as display light per
 * channel. light_bpl: the bpl of a face's lightmap block. */
#define LIGHT_E5BGR9 0x104u
#define light_bpl(block) ((block)->hdr ? LIGHT_E5BGR9 : (block)->bytes_per_luxel)
void light_luxel(const light_rule *r, const uint8_t *block, int32_t w, uint32_t bpl, int32_t i,
                 int32_t j, float out[3]);

#endif
