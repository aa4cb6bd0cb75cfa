/* SPDX-License-Identifier: MIT */
/* atlas_pack.c - where each block of a lightmap atlas goes (docs/
 * queries.md 11.7): the blocks a map has for the caller's slots, sorted
 * by height, then width, decreasing (then by face and slot, so that the
 * order is total and the atlas the same everywhere), laid on shelves left
 * to right, a shelf as tall as its first block, each block on the first
 * shelf of the page with room (first fit decreasing height), a page after
 * another; bsp_measure_atlas.
 *
 * Both sorts are heapsorts in the rect table itself: O(n log n), no
 * memory beyond the table, and no luxel is read to pack. */
#include "lightmap_block.h"
#include "../core/config.h"

#if BSPKIT_ACCESS

/* Where the rects go while they are counted: the table (NULL: count only). */
typedef struct sink {
    bsp_atlas_rect *rects;
    size_t cap;
    uint32_t n;
    uint64_t max_w, max_h, luxels;
} sink;

static void add(sink *s, int32_t face, int32_t lightmap, uint32_t slot, uint32_t w, uint32_t h,
                const uint16_t *styles, uint32_t num_styles)
{
    uint32_t k;
    if (s->rects && s->n < s->cap) {
        bsp_atlas_rect *r = &s->rects[s->n];
        bsp__fill(r, 0, sizeof *r);
        r->face = face;
        r->lightmap = lightmap;
        r->slot = slot;
        r->w = w;
        r->h = h;
        for (k = 0; k < 8; k++) r->styles[k] = k < num_styles ? styles[k] : 0xffffu;
    }
    s->n++;
    if (w > s->max_w) s->max_w = w;
    if (h > s->max_h) s->max_h = h;
    s->luxels += (uint64_t)w * h;
}

/* Quake 3: every whole page of the lightmaps lump (128 x 128; qfusion
 * 512 x 512), slot 0. */
static bsp_status q3_pages(const bsp__map *m, const bsp_atlas_params *p, sink *s)
{
    uint32_t size, k, side = m->family->faces.page_texels;
    static const uint16_t style0[1] = { 0 };
    if (!bsp__access_lump(m, BSP_AL_LIGHTMAPS, &size)) {
        bsp_status st = bsp__access_absent(m, BSP_AL_LIGHTMAPS, BSP_OK);
        if (st != BSP_OK) return st;
    }
    if (!(p->slots & 1u)) return BSP_OK;
    for (k = 0; k < size / (side * side * 3u); k++) add(s, -1, (int32_t)k, 0, side, side, style0, 1);
    return BSP_OK;
}

/* Every face's blocks of the slots asked for, or its combined block. */
static bsp_status face_blocks(const bsp_map *map, const bsp_atlas_params *p, sink *s)
{
    const bsp__map *m = bsp__map_c(map);
    uint32_t face, k;
    if (!m->faces.data) {
        bsp_status st = bsp__lump_absent(m, bsp__faces_lump(m), BSP_OK);
        if (st != BSP_OK) return st;
    }
    for (face = 0; m->faces.data && face < m->faces.count; face++) {
        bsp__lm_face lf;
        bsp_status st;
        if (p->slots == BSP_ATLAS_COMBINED) {
            bsp_combine_info info;
            st = bsp__combine_info(map, face, &info, &lf);
            if (st == BSP_E_NO_LIGHTMAP) continue;
            if (st != BSP_OK) return st;
            add(s, (int32_t)face, -1, BSP_ATLAS_COMBINED, info.w, info.h, info.styles, info.num_slots);
            continue;
        }
        if ((st = bsp__lm_face_of(map, face, &lf)) != BSP_OK) return st;
        for (k = 0; k < lf.num_styles; k++)
            if ((p->slots >> k & 1u) && lf.slot[k])
                add(s, (int32_t)face, -1, k, lf.shape.w * lf.shape.bump, lf.shape.h, &lf.styles[k], 1);
    }
    return BSP_OK;
}

/* a before b in the packing order: taller, then wider, then the table's */
static int table_less(const bsp_atlas_rect *a, const bsp_atlas_rect *b)
{
    if (a->face != b->face) return a->face < b->face;
    if (a->lightmap != b->lightmap) return a->lightmap < b->lightmap;
    return a->slot < b->slot;
}

static int pack_less(const bsp_atlas_rect *a, const bsp_atlas_rect *b)
{
    if (a->h != b->h) return a->h > b->h;
    if (a->w != b->w) return a->w > b->w;
    return table_less(a, b);
}

static void sift(bsp_atlas_rect *r, uint32_t at, uint32_t n,
                 int (*less)(const bsp_atlas_rect *, const bsp_atlas_rect *))
{
    for (;;) {
        uint32_t big = at, c = 2 * at + 1;
        bsp_atlas_rect t;
        if (c < n && less(&r[big], &r[c])) big = c;
        if (c + 1 < n && less(&r[big], &r[c + 1])) big = c + 1;
        if (big == at) return;
        t = r[at], r[at] = r[big], r[big] = t;
        at = big;
    }
}

static void heapsort(bsp_atlas_rect *r, uint32_t n,
                     int (*less)(const bsp_atlas_rect *, const bsp_atlas_rect *))
{
    uint32_t k;
    for (k = n / 2; k-- > 0;) sift(r, k, n, less);
    for (k = n; k-- > 1;) {
        bsp_atlas_rect t = r[0];
        r[0] = r[k], r[k] = t;
        sift(r, 0, k, less);
    }
}

/* First fit decreasing height over the shelves of the page being filled:
 * a block goes on the first of them with room left (each is as tall as
 * its first block, so as tall as any later one), else on a new shelf
 * above them, else a new page begins. At most SHELVES shelves a page (a
 * page that would need more is closed), so the work is linear in the
 * blocks. Returns the pages used. */
#define SHELVES 256
static uint32_t shelves(bsp_atlas_rect *r, uint32_t n, const bsp_atlas_params *p)
{
    struct { uint32_t y, used; } shelf[SHELVES];
    uint32_t k, page = 0, top = 0, count = 0, b = p->border;
    for (k = 0; k < n; k++) {
        uint32_t gw = r[k].w + 2 * b, gh = r[k].h + 2 * b, i;
        for (i = 0; i < count && shelf[i].used + gw > p->page_width; i++) continue;
        if (i == count) {
            if (count == SHELVES || top + gh > p->page_height) {
                page++;
                top = count = 0;
            }
            i = count++;
            shelf[i].y = top;
            shelf[i].used = 0;
            top += gh;
        }
        r[k].page = page;
        r[k].x = shelf[i].used + b;
        r[k].y = shelf[i].y + b;
        shelf[i].used += gw;
    }
    return n ? page + 1 : 0;
}

static bsp_status check_params(const bsp__map *m, const bsp_atlas_params *p)
{
    if (!p->page_width || p->page_width > BSP_ATLAS_PAGE_MAX || !p->page_height ||
        p->page_height > BSP_ATLAS_PAGE_MAX || p->border > BSP_ATLAS_BORDER_MAX ||
        p->format >= BSP_TEXELS_FORMATS)
        return BSP_E_BAD_ARGUMENT;
    if (p->slots != BSP_ATLAS_COMBINED) return p->slots && !(p->slots & ~0xffu) ? BSP_OK : BSP_E_BAD_ARGUMENT;
    if (p->format == BSP_TEXELS_RGB9E5) return BSP_E_BAD_ARGUMENT;
    return bsp__combine_rule(m) == BSP_COMBINE_NONE ? BSP_E_UNSUPPORTED : BSP_OK;
}

size_t bsp__atlas_pages_at(uint32_t rects)
{
    return ((size_t)rects * sizeof(bsp_atlas_rect) + (BSP_ARENA_ALIGN - 1)) & ~(size_t)(BSP_ARENA_ALIGN - 1);
}

bsp_status bsp__atlas_pack(const bsp_map *map, const bsp_atlas_params *p, bsp_atlas_rect *rects,
                           size_t cap, bsp_atlas_size *out)
{
    const bsp__map *m = bsp__map_c(map);
    sink s;
    uint64_t total, grown = 2 * (uint64_t)p->border;
    bsp_status st;
    bsp__fill(out, 0, sizeof *out);
    if ((st = check_params(m, p)) != BSP_OK) return st;
    out->texel_bytes = bsp__texel_bytes(p->format);
    out->page_bytes = (size_t)p->page_width * p->page_height * out->texel_bytes;
    bsp__fill(&s, 0, sizeof s);
    s.rects = rects;
    s.cap = cap;
    st = m->family->access->face_page.type ? q3_pages(m, p, &s) : face_blocks(map, p, &s);
    if (st != BSP_OK) return st;
    out->rects = s.n;
    out->luxels = s.luxels;
    out->scratch_bytes = (size_t)s.n * sizeof(bsp_atlas_rect);
    out->min_page_width = s.n ? (uint32_t)(s.max_w + grown > 0xffffffffu ? 0xffffffffu : s.max_w + grown) : 0;
    out->min_page_height = s.n ? (uint32_t)(s.max_h + grown > 0xffffffffu ? 0xffffffffu : s.max_h + grown) : 0;
    if (s.n > cap || (s.n && !rects)) return BSP_E_ARENA_TOO_SMALL;
    if (out->min_page_width > p->page_width || out->min_page_height > p->page_height)
        return BSP_E_BAD_ARGUMENT;
    heapsort(rects, s.n, pack_less);
    out->pages = shelves(rects, s.n, p);
    heapsort(rects, s.n, table_less);
    total = (uint64_t)bsp__atlas_pages_at(s.n) + (uint64_t)out->pages * out->page_bytes;
    if (total > (size_t)-1) return BSP_E_BAD_ARGUMENT;
    out->bytes = (size_t)total;
    return BSP_OK;
}

bsp_status bsp_measure_atlas(const bsp_map *map, const bsp_atlas_params *p, void *scratch,
                             size_t scratch_bytes, bsp_atlas_size *out)
{
    if (!bsp__access_of(bsp__map_c(map)) || !p || !out) return bsp__no_access(bsp__map_c(map));
    if ((uintptr_t)scratch & 3u) {
        bsp_status st = bsp__atlas_pack(map, p, NULL, 0, out);
        return st == BSP_E_ARENA_TOO_SMALL ? BSP_E_BAD_ARENA : st;
    }
    return bsp__atlas_pack(map, p, (bsp_atlas_rect *)scratch, scratch_bytes / sizeof(bsp_atlas_rect), out);
}

#endif
