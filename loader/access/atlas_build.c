/* SPDX-License-Identifier: MIT */
/* atlas_build.c - a lightmap atlas in caller memory (docs/queries.md
 * 11.7): the packing of atlas_pack.c, then every block's texels and
 * border written into its page; a rect found by face and slot; a combined
 * atlas brought up to date when styles change (what a Quake engine's
 * R_BuildLightMap does each frame for the surfaces whose cached_light
 * differs). */
#include "lightmap_block.h"
#include "../core/config.h"

#if BSPKIT_ACCESS

/* The interior of rect r, then its border, on its page. */
static bsp_status put_rect(const bsp_map *map, const bsp_atlas *a, const bsp_atlas_rect *r,
                           const bsp_style_values *v)
{
    const bsp__map *m = bsp__map_c(map);
    uint8_t *page = a->pixels + (size_t)r->page * a->page_bytes;
    size_t row = (size_t)a->page_width * a->texel_bytes;
    bsp__lm_face lf;
    bsp__lm_block b;
    bsp_status st;
    if (r->face < 0) {
        uint32_t size;
        bsp__q3_page_block(bsp__access_lump(m, BSP_AL_LIGHTMAPS, &size), (uint32_t)r->lightmap,
                           m->family->faces.page_texels, &b);
        bsp__put_block(&b, a->format, page, row, r->x, r->y);
    } else if (r->slot == BSP_ATLAS_COMBINED) {
        bsp_combine_info info;
        if ((st = bsp__combine_info(map, (uint32_t)r->face, &info, &lf)) != BSP_OK) return st;
        if (info.w != r->w || info.h != r->h) return BSP_E_BAD_ARGUMENT;
        bsp__combine_put(m, &info, &lf, v, a->format, page + (size_t)r->y * row + (size_t)r->x * a->texel_bytes,
                         row);
    } else {
        if ((st = bsp__lm_face_of(map, (uint32_t)r->face, &lf)) != BSP_OK) return st;
        if (r->slot >= 8 || !lf.slot[r->slot] || lf.shape.w * lf.shape.bump != r->w || lf.shape.h != r->h)
            return BSP_E_BAD_ARGUMENT;
        b = lf.shape;
        b.data = lf.slot[r->slot];
        bsp__put_block(&b, a->format, page, row, r->x, r->y);
    }
    bsp__put_border(page, row, a->texel_bytes, r->x, r->y, r->w, r->h, a->border);
    return BSP_OK;
}

/* Zero n bytes at p (8-aligned), a word at a time: a page of 2048 x 2048
 * is 12 MiB, which a byte loop takes milliseconds over. */
static void zero(uint8_t *p, size_t n)
{
    for (; n >= 8; n -= 8, p += 8) {
        *(bsp__alias_u32 *)(void *)p = 0;
        *(bsp__alias_u32 *)(void *)(p + 4) = 0;
    }
    while (n--) *p++ = 0;
}

bsp_status bsp_atlas_build(const bsp_map *map, const bsp_atlas_params *p,
                           const bsp_style_values *v, void *mem, size_t bytes, size_t *needed,
                           bsp_atlas *out)
{
    const bsp__map *m = bsp__map_c(map);
    bsp_atlas_size size;
    bsp_atlas a;
    uint32_t k;
    bsp_status st;
    if (!bsp__access_of(m) || !p || !out) return bsp__no_access(m);
    if (!mem || ((uintptr_t)mem & (BSP_ARENA_ALIGN - 1))) {
        st = bsp__atlas_pack(map, p, NULL, 0, &size);
        return st == BSP_OK || st == BSP_E_ARENA_TOO_SMALL ? BSP_E_BAD_ARENA : st;
    }
    st = bsp__atlas_pack(map, p, (bsp_atlas_rect *)mem, bytes / sizeof(bsp_atlas_rect), &size);
    if (st == BSP_E_ARENA_TOO_SMALL && needed) *needed = size.scratch_bytes;
    if (st != BSP_OK) return st;
    if (p->slots == BSP_ATLAS_COMBINED && !bsp__values_ok(m, v)) return BSP_E_BAD_ARGUMENT;
    if (needed) *needed = size.bytes;
    if (bytes < size.bytes) return BSP_E_ARENA_TOO_SMALL;
    a.page_width = p->page_width;
    a.page_height = p->page_height;
    a.border = p->border;
    a.slots = p->slots;
    a.format = p->format;
    a.texel_bytes = size.texel_bytes;
    a.pages = size.pages;
    a.num_rects = size.rects;
    a.page_bytes = size.page_bytes;
    a.luxels = size.luxels;
    a.rects = (const bsp_atlas_rect *)mem;
    a.pixels = (uint8_t *)mem + bsp__atlas_pages_at(size.rects);
    zero(a.pixels, size.bytes - bsp__atlas_pages_at(size.rects));
    for (k = 0; k < a.num_rects; k++)
        if ((st = put_rect(map, &a, &a.rects[k], v)) != BSP_OK) return st;
    *out = a;
    return BSP_OK;
}

bsp_status bsp_atlas_find(const bsp_map *map, const bsp_atlas *a, uint32_t face, uint32_t slot,
                          bsp_atlas_rect *out)
{
    const bsp__map *m = bsp__map_c(map);
    int32_t key_face = (int32_t)face, key_lightmap = -1;
    uint32_t lo = 0, hi;
    if (!bsp__access_of(m) || !a || !out || (a->num_rects && !a->rects)) return bsp__no_access(m);
    if (!m->faces.data || face >= m->faces.count) return BSP_E_BAD_FACE;
    if (m->family->access->face_page.type) {   /* quake3: the face's page */
        bsp_face f;
        if (bsp_get_face(map, face, &f) != BSP_OK || !f.lightmap.present || slot) return BSP_E_NO_LIGHTMAP;
        key_face = -1;
        key_lightmap = f.lightmap.page;
        slot = 0;
    }
    hi = a->num_rects;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        const bsp_atlas_rect *r = &a->rects[mid];
        int less = r->face != key_face ? r->face < key_face
                   : r->lightmap != key_lightmap ? r->lightmap < key_lightmap : r->slot < slot;
        if (less) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    if (lo == a->num_rects || a->rects[lo].face != key_face || a->rects[lo].lightmap != key_lightmap ||
        a->rects[lo].slot != slot)
        return BSP_E_NO_LIGHTMAP;
    *out = a->rects[lo];
    return BSP_OK;
}

/* Rect r lies in its page with its border (the write stays inside). */
static int inside(const bsp_atlas *a, const bsp_atlas_rect *r)
{
    return r->face >= 0 && r->page < a->pages && r->x >= a->border && r->y >= a->border &&
           (uint64_t)r->x + r->w + a->border <= a->page_width &&
           (uint64_t)r->y + r->h + a->border <= a->page_height;
}

static int touched(const bsp_atlas_rect *r, const uint32_t *changed, uint32_t words)
{
    uint32_t k;
    for (k = 0; k < 8 && r->styles[k] != 0xffffu; k++)
        if (r->styles[k] < 32u * words && (changed[r->styles[k] >> 5] >> (r->styles[k] & 31) & 1u)) return 1;
    return 0;
}

bsp_status bsp_atlas_update(const bsp_map *map, const bsp_atlas *a, const bsp_style_values *v,
                            const uint32_t *changed, uint32_t changed_words, uint32_t *updated,
                            uint32_t *dirty, uint32_t dirty_words)
{
    const bsp__map *m = bsp__map_c(map);
    uint32_t k, n = 0;
    bsp_status st = BSP_OK;
    if (updated) *updated = 0;
    if (!bsp__access_of(m) || !a || !v || (!changed && changed_words)) return bsp__no_access(m);
    if (a->slots != BSP_ATLAS_COMBINED || (a->num_rects && (!a->rects || !a->pixels)) ||
        (a->format != BSP_TEXELS_RGB8 && a->format != BSP_TEXELS_RGBA8) ||
        a->texel_bytes != bsp__texel_bytes(a->format) ||
        a->page_bytes != (size_t)a->page_width * a->page_height * a->texel_bytes)
        return BSP_E_BAD_ARGUMENT;
    for (k = 0; k < a->num_rects; k++)
        if (!inside(a, &a->rects[k])) return BSP_E_BAD_ARGUMENT;
    if (bsp__combine_rule(m) == BSP_COMBINE_NONE) return BSP_E_UNSUPPORTED;
    if (!bsp__values_ok(m, v)) return BSP_E_BAD_ARGUMENT;
    for (k = 0; k < a->num_rects && st == BSP_OK; k++) {
        const bsp_atlas_rect *r = &a->rects[k];
        if (!touched(r, changed, changed_words)) continue;
        if ((st = put_rect(map, a, r, v)) != BSP_OK) break;
        n++;
        if (dirty && r->page < 32u * dirty_words) dirty[r->page >> 5] |= 1u << (r->page & 31);
    }
    if (updated) *updated = n;
    return st;
}

#endif
