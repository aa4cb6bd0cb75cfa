/* SPDX-License-Identifier: MIT */
/* light_combine.c - a face's style slots summed for a moment's style
 * values, as the engine's R_BuildLightMap sums them (docs/queries.md
 * 11.6): GLQuake's integer rule for quake, bsp2 and goldsrc, Quake 2
 * ref_gl's float rule with its rescale. Which rule a family uses is its
 * description's (light_combine); the luxels are bsp_face_lightmap_data's.
 *
 * The sum is written luxel by luxel wherever the caller wants it: packed
 * (bsp_face_combine) or as texels of an atlas page (atlas_build.c), so
 * no block is ever copied twice. */
#include "lightmap_block.h"
#include "../core/config.h"
#include "../core/fmath.h"

#if BSPKIT_ACCESS

uint32_t bsp__combine_rule(const bsp__map *m)
{
    if (m->light.hdr) return BSP_COMBINE_NONE;   /* E5BGR9: no engine rule yet */
    return m->family->access->light_combine;
}

int bsp__values_ok(const bsp__map *m, const bsp_style_values *v)
{
    if (!v) return 0;
    return bsp__combine_rule(m) == BSP_COMBINE_RESCALE ? v->floats != NULL : v->ints != NULL;
}

bsp_status bsp__combine_info(const bsp_map *map, uint32_t face, bsp_combine_info *out,
                             bsp__lm_face *lf)
{
    const bsp__map *m = bsp__map_c(map);
    bsp__lm_face own;
    uint32_t k;
    bsp_status st;
    if (!bsp__access_of(m) || !out) return bsp__no_access(m);
    if (!lf) lf = &own;
    bsp__fill(out, 0, sizeof *out);
    for (k = 0; k < 8; k++) out->styles[k] = 0xffffu;
    if (bsp__combine_rule(m) == BSP_COMBINE_NONE) return BSP_E_UNSUPPORTED;
    if ((st = bsp__lm_face_of(map, face, lf)) != BSP_OK) return st;
    /* the engines' maps < MAXLIGHTMAPS && styles[maps] != 255, each slot
     * taken with a block */
    if (!lf->slot[0]) return BSP_E_NO_LIGHTMAP;
    for (k = 0; k < lf->num_styles && lf->styles[k] != 0xffffu; k++) {
        if (!lf->slot[k]) return BSP_E_NO_LIGHTMAP;
        out->styles[k] = lf->styles[k];
    }
    out->num_slots = k;
    out->w = lf->shape.w;
    out->h = lf->shape.h;
    out->channels = bsp__combine_rule(m) == BSP_COMBINE_RESCALE ? 4u : lf->shape.bpl;
    /* the block lies in the light source, so w * h * 3 fits; 4 channels
     * of a block of over 3 GiB would not */
    if ((uint64_t)out->w * out->h * out->channels > 0xffffffffu) return BSP_E_CORRUPT;
    out->bytes = out->w * out->h * out->channels;
    return BSP_OK;
}

/* (int)x toward zero where C defines it; NaN 0, 2^31 and above 2^31 - 1. */
static int32_t cut(float x)
{
    if (!(x > -2147483648.0f)) return x == x ? INT32_MIN : 0;
    if (x >= 2147483648.0f) return INT32_MAX;
    return (int32_t)x;
}

/* One luxel's combined bytes (1, 3 or 4) into c, from the slots' luxel i. */
static uint32_t luxel(uint32_t rule, const uint8_t *const *slot, uint32_t n, uint32_t bpl,
                      const uint32_t *ints, const float *floats, uint32_t i, uint8_t c[4])
{
    uint32_t k, ch;
    if (rule == BSP_COMBINE_SHIFT7) {
        for (ch = 0; ch < bpl; ch++) {
            uint32_t acc = 0, t;
            for (k = 0; k < n; k++) acc += (uint32_t)slot[k][(size_t)i * bpl + ch] * ints[k];
            t = acc >> 7;
            c[ch] = (uint8_t)(t > 255u ? 255u : t);
        }
        return bpl;
    } else {
        int32_t v[4], top;
        for (ch = 0; ch < 3; ch++) {
            float bl = 0.0f;
            for (k = 0; k < n; k++)
                bl = bsp__fadd(bl, bsp__fmul((float)slot[k][(size_t)i * 3 + ch], floats[k]));
            v[ch] = cut(bl);
            if (v[ch] < 0) v[ch] = 0;
        }
        top = v[0] > v[1] ? v[0] : v[1];
        if (v[2] > top) top = v[2];
        v[3] = top;
        if (top > 255) {
            /* (an int above 2^24 rounds on its way to float: rounded here,
             * whatever precision the target computes in) */
            float t = bsp__fdiv(255.0f, bsp__round((float)top));
            for (ch = 0; ch < 4; ch++) v[ch] = cut(bsp__fmul(bsp__round((float)v[ch]), t));
        }
        for (ch = 0; ch < 4; ch++) c[ch] = (uint8_t)v[ch];
        return 4;
    }
}

void bsp__combine_put(const bsp__map *m, const bsp_combine_info *info, const bsp__lm_face *lf,
                      const bsp_style_values *v, uint32_t kind, uint8_t *dst, size_t row_bytes)
{
    uint32_t ints[8], k, x, y, bpl, rule = bsp__combine_rule(m);
    float floats[8];
    for (k = 0; k < info->num_slots; k++) {
        uint32_t s = info->styles[k];
        /* a style past the caller's table adds nothing */
        ints[k] = s < v->count && v->ints ? v->ints[s] : 0;
        floats[k] = s < v->count && v->floats ? v->floats[s] : 0.0f;
    }
    bpl = rule == BSP_COMBINE_RESCALE ? 3u : info->channels;
    for (y = 0; y < info->h; y++) {
        uint8_t *row = dst + (size_t)y * row_bytes;
        for (x = 0; x < info->w; x++) {
            uint8_t c[4] = { 0, 0, 0, 0 };
            uint32_t n = luxel(rule, lf->slot, info->num_slots, bpl, ints, floats, y * info->w + x, c);
            if (kind == BSP__COMBINE_OWN) {
                for (k = 0; k < n; k++) *row++ = c[k];
                continue;
            }
            row[0] = c[0];
            row[1] = c[n == 1 ? 0 : 1];
            row[2] = c[n == 1 ? 0 : 2];
            if (kind == BSP_TEXELS_RGBA8) row[3] = n == 4 ? c[3] : 255;
            row += bsp__texel_bytes(kind);
        }
    }
}

bsp_status bsp_measure_combine(const bsp_map *m, uint32_t face, bsp_combine_info *out)
{
    return bsp__combine_info(m, face, out, NULL);
}

bsp_status bsp_face_combine(const bsp_map *map, uint32_t face, const bsp_style_values *v,
                            uint8_t *out, uint32_t bytes)
{
    bsp_combine_info info;
    bsp__lm_face lf;
    bsp_status st = bsp__combine_info(map, face, &info, &lf);
    if (st != BSP_OK) return st;
    if (!bsp__values_ok(bsp__map_c(map), v) || !out) return BSP_E_BAD_ARGUMENT;
    if (bytes < info.bytes) return BSP_E_ARENA_TOO_SMALL;
    bsp__combine_put(bsp__map_c(map), &info, &lf, v, BSP__COMBINE_OWN, out, (size_t)info.w * info.channels);
    return BSP_OK;
}

#endif
