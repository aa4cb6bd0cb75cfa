/* SPDX-License-Identifier: MIT */
/* lightmap.c - what every family's lightmap rule starts from: the face's
 * style slots and light offset, and its texinfo's lightmap vectors. */
#include "family.h"
#include "../core/map.h"

void bsp__lightmap_styles(const bsp__map *m, uint32_t face, const uint8_t *f, bsp__lightmap *lm)
{
    const struct bsp__light_info *li = &m->light;
    /* (BSPX LMSTYLE/LMSTYLE16: none without BSP__USE_BSPX) */
    if (BSP__USE_BSPX && li->styles) {
        lm->styles = li->styles + (size_t)face * li->style_slots * (li->wide_styles ? 2u : 1u);
        lm->num_styles = li->style_slots;
        lm->wide_styles = li->wide_styles;
        return;
    }
    lm->styles = f + m->family->faces.face_styles_offset;
    lm->num_styles = m->family->faces.face_num_styles;
    lm->wide_styles = 0;
}

const uint8_t *bsp__lightmap_start(const bsp__map *m, uint32_t face, bsp__lightmap *lm)
{
    const struct bsp_family *fam = m->family;
    const uint8_t *f = m->faces.data + (size_t)face * m->faces.stride;
    /* all bits zero is 0.0f for the floats (IEEE) */
    bsp__fill(lm, 0, sizeof *lm);
    bsp__lightmap_styles(m, face, f, lm);
    lm->lightofs = bsp__field_get(f, fam->faces.face_lightofs);
    lm->bytes_per_luxel = fam->faces.luxel_bytes;
    lm->pages = 1;
    lm->scale = 1.0f;
    return f;
}

const uint8_t *bsp__lightmap_vecs(const bsp__map *m, int32_t texinfo, bsp__lightmap *lm)
{
    const uint8_t *ti = m->texinfo.data + (size_t)texinfo * m->texinfo.stride;
    uint32_t k;
    for (k = 0; k < 8; k++) lm->vecs[k / 4][k % 4] = bsp__f32(ti + m->family->faces.texinfo_vecs + 4 * k);
    return ti;
}

void bsp__sample_bytes(bsp_sample *out, const uint8_t *s, uint32_t bytes)
{
    uint32_t k;
    /* RGBE (4 bytes), RGB (3) or grey (one byte for every channel); the
     * scale by 2^0 of the others is exact, so they skip it */
    int exponent;
    out->hdr = 0;
    out->raw_len = bytes;
    /* (grey and RGB, what nearly every lit map holds, without the loops:
     * the same bytes and the same divisions) */
    if (bytes == 1) {
        bsp__sample_grey(out, s);
        return;
    }
    if (bytes == 3) {
        out->raw[0] = s[0];
        out->raw[1] = s[1];
        out->raw[2] = s[2];
        out->raw[3] = 0;
        out->rgb[0] = bsp__fdiv((float)s[0], 255.0f);
        out->rgb[1] = bsp__fdiv((float)s[1], 255.0f);
        out->rgb[2] = bsp__fdiv((float)s[2], 255.0f);
        return;
    }
    exponent = bytes == 4 ? (int8_t)s[3] : 0;
    for (k = 0; k < 4; k++) out->raw[k] = k < bytes ? s[k] : 0;
    for (k = 0; k < 3; k++) {
        float c = bsp__fdiv((float)s[bytes >= 3 ? k : 0], 255.0f);
        out->rgb[k] = exponent ? bsp__ldexpf(c, exponent) : c;
    }
}

void bsp__sample_light(const bsp__map *m, bsp_sample *out, const uint8_t *s, uint32_t bytes)
{
#if BSP__USE_BSPX
    if (m->light.hdr) {
        bsp__sample_e5bgr9(out, s);
        return;
    }
#else
    (void)m;   /* (E5BGR9 light comes only from BSPX or a .lit) */
#endif
    bsp__sample_bytes(out, s, bytes);
}

#if BSP__USE_BSPX
void bsp__sample_e5bgr9(bsp_sample *out, const uint8_t *s)
{
    uint32_t w, k;
    out->hdr = 1;
    /* E5BGR9: 9-bit mantissas and a shared exponent, 1.0 at byte 128;
     * on the byte scale c * 2^(e - 17) / 255, the ldexpf exact */
    w = bsp__get_le32(s);
    out->raw_len = 4;
    for (k = 0; k < 4; k++) out->raw[k] = s[k];
    for (k = 0; k < 3; k++)
        out->rgb[k] = bsp__fdiv(bsp__ldexpf((float)(w >> (9 * k) & 511u), (int)(w >> 27) - 17), 255.0f);
}
#endif
