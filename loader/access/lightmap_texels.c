/* SPDX-License-Identifier: MIT */
/* lightmap_texels.c - a lightmap block as texels (docs/queries.md 11.7's
 * texel rule; RGB9E5 for HDR), written into a page with the border that
 * repeats its edges, and bsp_face_lightmap_texels: one block alone.
 *
 * The texel rule is section 4's decode carried back to bytes, so grey and
 * RGB bytes pass as they are and only RGBE and E5BGR9 go through floats;
 * RGB9E5 encodes the decoded float exactly, in integers (the float's own
 * mantissa shifted with rounding half up), so it is the same bits on
 * every target. */
#include "lightmap_block.h"
#include "../core/config.h"
#include "../core/fmath.h"
#include "../family/family.h"

#if BSPKIT_ACCESS

void bsp__q3_page_block(const uint8_t *pages, uint32_t page, uint32_t side, bsp__lm_block *out)
{
    out->data = pages + (size_t)page * side * side * 3u;
    out->w = out->h = side;
    out->bump = 1;
    out->bpl = 3;
    out->hdr = 0;
}

bsp_status bsp__lm_face_of(const bsp_map *map, uint32_t face, bsp__lm_face *out)
{
    const bsp__map *m = bsp__map_c(map);
    bsp__lightmap lm;
    uint32_t k;
    bsp_status st;
    if (!bsp__access_of(m)) return bsp__no_access(m);
    bsp__fill(out, 0, sizeof *out);
    for (k = 0; k < 8; k++) out->styles[k] = 0xffffu;
    if (!m->faces.data) return bsp__lump_absent(m, bsp__faces_lump(m), BSP_E_BAD_FACE);
    if (face >= m->faces.count) return BSP_E_BAD_FACE;
    if (!m->lighting.data) return m->family->faces.face_lightmap ? BSP_OK : BSP_E_UNSUPPORTED;
    if ((st = bsp__face_lightmap(m, face, &lm)) != BSP_OK) return st;
    out->shape.w = (uint32_t)lm.w;
    out->shape.h = (uint32_t)lm.h;
    out->shape.bump = lm.pages ? lm.pages : 1;
    out->shape.bpl = lm.bytes_per_luxel;
    out->shape.hdr = m->light.hdr;
    out->num_styles = lm.num_styles > 8 ? 8 : lm.num_styles;
    for (k = 0; k < out->num_styles; k++) {
        out->styles[k] = (uint16_t)bsp__lightmap_style(&lm, k);
        out->slot[k] = bsp__lightmap_slot(m, &lm, k);
    }
    return BSP_OK;
}

bsp_status bsp__lm_block_of(const bsp_map *map, uint32_t face, uint32_t slot, bsp__lm_block *out)
{
    const bsp__map *m = bsp__map_c(map);
    bsp__lm_face lf;
    uint32_t bytes;
    bsp_status st;
    if (slot >= 8 || (bsp__access_of(m) && m->family->access->face_page.type)) {
        /* quake3's page, or a slot past those kept: the public reading */
        bsp_face f;
        if ((st = bsp_face_lightmap_data(map, face, slot, &out->data, &bytes)) != BSP_OK) return st;
        if ((st = bsp_get_face(map, face, &f)) != BSP_OK) return st;
        if (f.lightmap.page >= 0) {
            bsp__q3_page_block(out->data, 0, m->family->faces.page_texels, out);
            return BSP_OK;
        }
        out->w = (uint32_t)f.lightmap.w;
        out->h = (uint32_t)f.lightmap.h;
        out->bump = f.lightmap.pages ? f.lightmap.pages : 1;
        out->bpl = f.lightmap.bytes_per_luxel;
        out->hdr = (uint8_t)(f.lightmap.hdr != 0);
        return BSP_OK;
    }
    if ((st = bsp__lm_face_of(map, face, &lf)) != BSP_OK) return st;
    if (!lf.slot[slot]) return BSP_E_NO_LIGHTMAP;
    *out = lf.shape;
    out->data = lf.slot[slot];
    return BSP_OK;
}

/* round(c * 2^k) with halves up, for c >= 0 finite and a result below
 * 2^10: from the float's bits, exactly. */
static uint32_t scaled_mantissa(float c, int k)
{
    union { float f; uint32_t u; } b;
    uint32_t e, mant;
    int shift;
    b.f = c;
    e = b.u >> 23 & 0xffu;
    mant = b.u & 0x7fffffu;
    if (e) mant |= 0x800000u;
    shift = (e ? (int)e : 1) - 150 + k;      /* c = mant * 2^((e or 1) - 150) */
    if (shift >= 0) return shift > 9 ? 0x3ffu : mant << shift;
    shift = -shift;
    if (shift > 25) return 0;
    return (mant + (1u << (shift - 1))) >> shift;
}

/* GL_EXT_texture_shared_exponent's encoding of rgb (N = 9 mantissa bits,
 * bias 15), each channel first clamped into [0, 65408]. */
static uint32_t rgb9e5(const float rgb[3])
{
    union { float f; uint32_t u; } b;
    float c[3], top = 0.0f;
    int k, e;
    uint32_t s[3];
    for (k = 0; k < 3; k++) {
        c[k] = rgb[k] > 0.0f ? rgb[k] : 0.0f;            /* NaN too */
        if (c[k] > 65408.0f) c[k] = 65408.0f;
        if (c[k] > top) top = c[k];
    }
    if (top == 0.0f) return 0;
    b.f = top;
    e = (int)(b.u >> 23 & 0xffu) - 127;                    /* floor(log2(top)) */
    if (e < -16) e = -16;
    e += 16;                                               /* 0 .. 31 */
    if (scaled_mantissa(top, 24 - e) == 512u) e++;
    for (k = 0; k < 3; k++) s[k] = scaled_mantissa(c[k], 24 - e);
    return s[0] | s[1] << 9 | s[2] << 18 | (uint32_t)e << 27;
}

/* Texel x, y of block b as `format` at dst. */
static void texel(const bsp__lm_block *b, uint32_t x, uint32_t y, uint32_t format, uint8_t *dst)
{
    const uint8_t *s = b->data + (size_t)b->bpl * ((size_t)(x / b->w) * b->w * b->h +
                                                   (size_t)y * b->w + x % b->w);
    bsp_sample sample;
    uint32_t k;
    if (format != BSP_TEXELS_RGB9E5 && b->bpl < 4) {
        for (k = 0; k < 3; k++) dst[k] = s[b->bpl == 1 ? 0 : k];
    } else {
        /* section 4 / 10.2's linear decode: RGBE, E5BGR9, or bytes / 255 */
#if BSP__USE_BSPX
        if (b->hdr) bsp__sample_e5bgr9(&sample, s);
        else
#endif
            bsp__sample_bytes(&sample, s, b->bpl);
        if (format == BSP_TEXELS_RGB9E5) {
            uint32_t w = rgb9e5(sample.rgb);
            bsp__copy(dst, &w, 4);
            return;
        }
        for (k = 0; k < 3; k++)
            dst[k] = (uint8_t)bsp__floor_clamp(bsp__fadd(bsp__fmul(sample.rgb[k], 255.0f), 0.5f), 0, 255);
    }
    if (format == BSP_TEXELS_RGBA8) dst[3] = 255;
}

void bsp__put_block(const bsp__lm_block *b, uint32_t format, uint8_t *page, size_t row_bytes,
                    uint32_t x0, uint32_t y0)
{
    uint32_t tb = bsp__texel_bytes(format), x, y, w = b->w * b->bump;
    for (y = 0; y < b->h; y++) {
        uint8_t *row = page + (size_t)(y0 + y) * row_bytes + (size_t)x0 * tb;
        for (x = 0; x < w; x++) texel(b, x, y, format, row + (size_t)x * tb);
    }
}

void bsp__put_border(uint8_t *page, size_t row_bytes, uint32_t tb, uint32_t x0, uint32_t y0,
                     uint32_t w, uint32_t h, uint32_t border)
{
    uint32_t y, k;
    if (!border) return;
    for (y = y0; y < y0 + h; y++) {
        uint8_t *row = page + (size_t)y * row_bytes;
        for (k = 1; k <= border; k++) {
            bsp__copy(row + (size_t)(x0 - k) * tb, row + (size_t)x0 * tb, tb);
            bsp__copy(row + (size_t)(x0 + w - 1 + k) * tb, row + (size_t)(x0 + w - 1) * tb, tb);
        }
    }
    /* the rows above and below repeat the grown first and last rows: the
     * corners take the corner texel */
    for (k = 1; k <= border; k++) {
        size_t from = (size_t)(x0 - border) * tb, n = (size_t)(w + 2 * border) * tb;
        bsp__copy(page + (size_t)(y0 - k) * row_bytes + from, page + (size_t)y0 * row_bytes + from, n);
        bsp__copy(page + (size_t)(y0 + h - 1 + k) * row_bytes + from,
                  page + (size_t)(y0 + h - 1) * row_bytes + from, n);
    }
}

bsp_status bsp_face_lightmap_texels(const bsp_map *map, uint32_t face, uint32_t slot,
                                    uint32_t format, uint8_t *out, uint32_t bytes,
                                    uint32_t *needed)
{
    bsp__lm_block b;
    uint64_t size;
    bsp_status st;
    if ((!out && bytes) || format >= BSP_TEXELS_FORMATS) return BSP_E_BAD_ARGUMENT;
    st = bsp__lm_block_of(map, face, slot, &b);
    if (st != BSP_OK) return st;
    size = (uint64_t)b.w * b.bump * b.h * bsp__texel_bytes(format);
    if (needed) *needed = size > 0xffffffffu ? 0xffffffffu : (uint32_t)size;
    if (size > bytes) return BSP_E_ARENA_TOO_SMALL;
    bsp__put_block(&b, format, out, (size_t)b.w * b.bump * bsp__texel_bytes(format), 0, 0);
    return BSP_OK;
}

#endif
