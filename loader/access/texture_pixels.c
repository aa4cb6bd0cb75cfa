/* SPDX-License-Identifier: MIT */
/* texture_pixels.c - a texture's mips and palette into caller memory
 * (docs/queries.md 11.2): indices as stored, or RGBA8 through a palette,
 * from a map's lump in memory or a caller's stream (WAD, .wal). */
#include "texture.h"
#include "../core/config.h"
#include "../core/read.h"
#include "../../port/bsp_port.h"

#if BSPKIT_ACCESS   /* else core/absent.c */

const char *bsp_texture_status_name(bsp_texture_status s)
{
    static const char *const names[BSP_TEXTURE_STATUS_COUNT] = {
        "embedded", "external", "missing", "corrupt", "size_only", "name_only"
    };
    return (unsigned)s < (unsigned)BSP_TEXTURE_STATUS_COUNT ? names[s] : "unknown";
}

/* The statuses every pixel call starts with, and mip k's texel count. */
static bsp_status tex_mip_texels(const bsp_texture *t, uint32_t mip, uint32_t *texels)
{
    if (mip >= BSP_TEXTURE_MIPS) return BSP_E_BAD_ARGUMENT;
    if (t->status != BSP_TEXTURE_EMBEDDED && t->status != BSP_TEXTURE_CORRUPT) return BSP_E_UNSUPPORTED;
    if (t->status == BSP_TEXTURE_CORRUPT) return BSP_E_CORRUPT;
    /* (an embedded texture's mips lie inside its lump: below 4 GiB) */
    *texels = (t->width >> mip) * (t->height >> mip);
    return BSP_OK;
}

bsp_status bsp_texture_mip_bytes(const bsp_texture *t, uint32_t mip, bsp_pixel_format format, uint32_t *bytes)
{
    uint32_t n;
    bsp_status st;
    if (!t || !bytes || (format != BSP_PIXELS_INDEXED && format != BSP_PIXELS_RGBA8)) return BSP_E_BAD_ARGUMENT;
    *bytes = 0;
    if ((st = tex_mip_texels(t, mip, &n)) != BSP_OK) return st;
    if (format == BSP_PIXELS_RGBA8) {
        if (n > 0xffffffffu / 4u) return BSP_E_CORRUPT;   /* (no RGBA8 past 4 GiB) */
        n *= 4u;
    }
    *bytes = n;
    return BSP_OK;
}

/* n bytes of t at `at` (from its record's start; checked inside t->size)
 * into dst. */
static bsp_status tex_record_bytes(const bsp_texture *t, uint32_t at, void *dst, uint32_t n)
{
    if (t->bytes) {
        bsp__copy(dst, t->bytes + at, n);
        return BSP_OK;
    }
    return bsp__read(t->stream, t->offset + at, dst, n);
}

/* The texture's own colours: in place, or read into buf. */
static bsp_status tex_own_colours(const bsp_texture *t, uint8_t *buf, const uint8_t **pal)
{
    if (t->palette == BSP_PALETTE_QUAKE) {
        *pal = bsp_quake_palette();
        return BSP_OK;
    }
    if (t->bytes) {
        *pal = t->bytes + t->palette_offset;
        return BSP_OK;
    }
    *pal = buf;
    return bsp__read(t->stream, t->offset + t->palette_offset, buf, BSP_PALETTE_BYTES);
}

/* RGBA8 of n indices at src into dst. src may be dst + 3n (indices read
 * into the last quarter): texel i's 4 bytes end at 4i + 3, before index
 * i + 1 at 3n + i + 1, so widening forward never overwrites an index it
 * has yet to read. */
static void tex_widen(const uint8_t *src, uint8_t *dst, uint32_t n, const uint8_t *pal, int transparent255)
{
    uint8_t rgba[256 * 4];
    uint32_t c, i;
    for (c = 0; c < 256; c++) {
        rgba[4 * c] = pal[3 * c];
        rgba[4 * c + 1] = pal[3 * c + 1];
        rgba[4 * c + 2] = pal[3 * c + 2];
        rgba[4 * c + 3] = 255;
    }
    if (transparent255) rgba[4 * 255 + 3] = 0;
    for (i = 0; i < n; i++) {
        const uint8_t *p = rgba + 4 * (uint32_t)src[i];
        uint8_t *d = dst + 4 * (size_t)i;
        d[0] = p[0];
        d[1] = p[1];
        d[2] = p[2];
        d[3] = p[3];
    }
}

bsp_status bsp_texture_mip(const bsp_texture *t, uint32_t mip, bsp_pixel_format format,
                           const uint8_t *palette, void *dst, uint32_t dst_bytes)
{
    uint8_t buf[BSP_PALETTE_BYTES];
    const uint8_t *pal = palette, *src;
    uint8_t *out = (uint8_t *)dst;
    uint32_t need, n;
    bsp_status st = bsp_texture_mip_bytes(t, mip, format, &need);
    if (st != BSP_OK) return st;
    if (!dst || dst_bytes < need) return BSP_E_BAD_ARGUMENT;
    if (format == BSP_PIXELS_RGBA8 && !pal && t->palette == BSP_PALETTE_CALLER) return BSP_E_BAD_ARGUMENT;
    n = format == BSP_PIXELS_RGBA8 ? need / 4u : need;
    if (!bsp__texture_fits(t, mip, n)) return BSP_E_CORRUPT;
    if (format == BSP_PIXELS_INDEXED) return tex_record_bytes(t, t->mip_offset[mip], out, n);
    if (!pal && (st = tex_own_colours(t, buf, &pal)) != BSP_OK) return st;
    if (t->bytes) {
        src = t->bytes + t->mip_offset[mip];
    } else {
        src = out + 3 * (size_t)n;
        if ((st = bsp__read(t->stream, t->offset + t->mip_offset[mip], out + 3 * (size_t)n, n)) != BSP_OK)
            return st;
    }
    tex_widen(src, out, n, pal, t->transparent255);
    return BSP_OK;
}

bsp_status bsp_texture_palette(const bsp_texture *t, uint8_t out[BSP_PALETTE_BYTES])
{
    const uint8_t *pal;
    bsp_status st;
    if (!t || !out) return BSP_E_BAD_ARGUMENT;
    if (t->palette != BSP_PALETTE_QUAKE && t->palette != BSP_PALETTE_OWN) return BSP_E_UNSUPPORTED;
    if (t->status != BSP_TEXTURE_EMBEDDED || !bsp__texture_fits(t, 0, 0)) return BSP_E_CORRUPT;
    if ((st = tex_own_colours(t, out, &pal)) != BSP_OK) return st;
    if (pal != out) bsp__copy(out, pal, BSP_PALETTE_BYTES);
    return BSP_OK;
}

#endif
