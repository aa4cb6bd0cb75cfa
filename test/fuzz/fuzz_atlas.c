/* SPDX-License-Identifier: MIT */
/* fuzz_atlas.c - light styles combined and the lightmap atlas (issue 41)
 * on arbitrary bytes taken as a map: bsp_measure_combine and
 * bsp_face_combine on every face (up to 4096) with style values taken
 * from the input's last bytes, bsp_face_lightmap_texels on every block,
 * bsp_measure_atlas and bsp_atlas_build at a page size and border from
 * the input (pages smaller than a block among them), a combined atlas and
 * bsp_atlas_update with every style changed.
 *
 * Each answer must be a documented status; sizes exact (a buffer one
 * byte short refused, every write inside the caller's guarded memory);
 * rects inside their pages; the combined atlas brought up to date equal
 * to one built for the new values. Work is bounded: atlases past
 * ATLAS_CAP bytes are measured only.
 *
 * Seeds: the `load` target's (every generated and real map). */
#include "fuzz.h"
#include "core/map.h"
#include "../../platform/memory/bsp_memstream.h"

#define ATLAS_ARENA_CAP (64u << 20)
#define ATLAS_CAP (16u << 20)
#define FACES_MAX 4096u

static int combine_status(bsp_status st)
{
    return st == BSP_OK || st == BSP_E_UNSUPPORTED || st == BSP_E_NOT_LOADED || st == BSP_E_BAD_FACE ||
           st == BSP_E_NO_LIGHTMAP || st == BSP_E_CORRUPT;
}

static void combines(const bsp_map *m, const bsp_style_values *v, uint32_t faces)
{
    uint32_t f;
    for (f = 0; f <= faces && f <= FACES_MAX; f++) {
        bsp_combine_info ci;
        fuzz_block b;
        bsp_status st = bsp_measure_combine(m, f, &ci);
        FUZZ_ASSERT(combine_status(st));
        FUZZ_ASSERT(st != BSP_E_BAD_FACE || f >= faces);
        if (st == BSP_E_UNSUPPORTED) return;
        if (st != BSP_OK) continue;
        FUZZ_ASSERT(ci.bytes == ci.w * ci.h * ci.channels && ci.num_slots >= 1 && ci.num_slots <= 8);
        if (ci.bytes > ATLAS_CAP || fuzz_block_alloc(&b, ci.bytes)) continue;
        FUZZ_ASSERT(bsp_face_combine(m, f, v, b.p, ci.bytes - 1) == BSP_E_ARENA_TOO_SMALL);
        FUZZ_ASSERT(bsp_face_combine(m, f, v, b.p, ci.bytes) == BSP_OK);
        FUZZ_ASSERT(fuzz_block_guards_ok(&b));
        fuzz_block_free(&b);
    }
}

static void texels(const bsp_map *m, uint32_t faces)
{
    uint32_t f, slot;
    for (f = 0; f < faces && f < FACES_MAX; f++)
        for (slot = 0; slot < 8; slot++) {
            uint32_t need = 0;
            fuzz_block b;
            bsp_status st = bsp_face_lightmap_texels(m, f, slot, BSP_TEXELS_RGB9E5, NULL, 0, &need);
            FUZZ_ASSERT(st == BSP_E_ARENA_TOO_SMALL || combine_status(st) || st == BSP_E_BAD_ARGUMENT);
            if (st != BSP_E_ARENA_TOO_SMALL || need > ATLAS_CAP || fuzz_block_alloc(&b, need)) continue;
            FUZZ_ASSERT(need % 4 == 0);
            FUZZ_ASSERT(bsp_face_lightmap_texels(m, f, slot, BSP_TEXELS_RGB9E5, b.p, need, NULL) == BSP_OK);
            FUZZ_ASSERT(fuzz_block_guards_ok(&b));
            fuzz_block_free(&b);
        }
}

/* An atlas of params p: measured, built exactly (and one byte short);
 * returns its block (the caller frees) or leaves b->raw NULL. */
static void atlas(const bsp_map *m, const bsp_atlas_params *p, const bsp_style_values *v, fuzz_block *b,
                  bsp_atlas *a)
{
    bsp_atlas_size size;
    fuzz_block s;
    size_t needed = 0;
    uint32_t k;
    bsp_status st = bsp_measure_atlas(m, p, NULL, 0, &size);
    b->raw = NULL;
    FUZZ_ASSERT(st == BSP_OK || st == BSP_E_ARENA_TOO_SMALL || st == BSP_E_BAD_ARGUMENT ||
                st == BSP_E_UNSUPPORTED || st == BSP_E_NOT_LOADED || st == BSP_E_CORRUPT);
    if (st == BSP_E_ARENA_TOO_SMALL) {
        FUZZ_ASSERT(size.scratch_bytes == (size_t)size.rects * sizeof(bsp_atlas_rect));
        if (size.scratch_bytes > ATLAS_CAP || fuzz_block_alloc(&s, size.scratch_bytes)) return;
        st = bsp_measure_atlas(m, p, s.p, size.scratch_bytes, &size);
        FUZZ_ASSERT(fuzz_block_guards_ok(&s));
        fuzz_block_free(&s);
    }
    if (st == BSP_E_BAD_ARGUMENT)
        FUZZ_ASSERT(size.min_page_width > p->page_width || size.min_page_height > p->page_height || !size.rects);
    if (st != BSP_OK || size.bytes > ATLAS_CAP) return;
    FUZZ_ASSERT(size.pages <= size.rects && size.bytes >= (size_t)size.pages * size.page_bytes);
    if (size.bytes && !fuzz_block_alloc(&s, size.bytes - 1)) {
        st = bsp_atlas_build(m, p, v, s.p, size.bytes - 1, &needed, a);
        FUZZ_ASSERT(st == BSP_E_ARENA_TOO_SMALL && needed == size.bytes);
        FUZZ_ASSERT(fuzz_block_guards_ok(&s));
        fuzz_block_free(&s);
    }
    if (fuzz_block_alloc(b, size.bytes ? size.bytes : 1)) return;
    st = bsp_atlas_build(m, p, v, b->p, size.bytes, &needed, a);
    FUZZ_ASSERT(st == BSP_OK && needed == size.bytes);
    FUZZ_ASSERT(fuzz_block_guards_ok(b));
    FUZZ_ASSERT(a->num_rects == size.rects && a->pages == size.pages);
    for (k = 0; k < a->num_rects; k++) {
        const bsp_atlas_rect *r = &a->rects[k];
        FUZZ_ASSERT(r->page < a->pages && r->x >= a->border && r->y >= a->border &&
                    (uint64_t)r->x + r->w + a->border <= a->page_width &&
                    (uint64_t)r->y + r->h + a->border <= a->page_height);
        if (k) FUZZ_ASSERT(r->face > r[-1].face || (r->face == r[-1].face && (r->lightmap > r[-1].lightmap ||
                                                   (r->lightmap == r[-1].lightmap && r->slot > r[-1].slot))));
    }
}

FUZZ_ENTRY(atlas)
{
    static uint32_t ints[256], ints2[256];
    static float floats[256], floats2[256];
    bsp_style_values v = { ints, floats, 256 }, v2 = { ints2, floats2, 256 };
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    bsp_options o = bsp_default_options(BSP_LOAD_GEOMETRY);
    bsp_atlas_params p;
    uint32_t need = 0, k, changed[8], updated;
    uint8_t knob = size ? data[size - 1] : 0;
    fuzz_block b;
    if (size > 0xffffffffu) return 0;
    for (k = 0; k < 256; k++) {
        uint8_t x = size ? data[(size_t)k * 7919u % size] : 0;
        ints[k] = (uint32_t)x * 5u;
        floats[k] = (float)x / 64.0f;
        ints2[k] = ints[k] ^ 0x55u;
        floats2[k] = floats[k] * 0.5f;
    }
    bsp_memstream_init(&ms, &s, data, (uint32_t)size);
    if (bsp_open(&h, &s) != BSP_OK) return 0;
    if (bsp_measure(&h, &o, &need) != BSP_OK || need > ATLAS_ARENA_CAP) return 0;
    if (fuzz_block_alloc(&b, need ? need : 1)) return 0;
    if (bsp_load(&m, &h, &s, b.p, need, &o, NULL) == BSP_OK) {
        uint32_t faces = bsp__map_c(&m)->faces.count;
        fuzz_block at, at2;
        bsp_atlas a, a2;
        combines(&m, &v, faces);
        texels(&m, faces);
        memset(&p, 0, sizeof p);
        /* pages of 16 .. 2048 (16 is smaller than most blocks), border 0 .. 3 */
        p.page_width = p.page_height = 16u << (knob & 7);
        p.border = knob >> 3 & 3;
        p.slots = 0xff;
        p.format = knob & 0x20 ? BSP_TEXELS_RGBA8 : BSP_TEXELS_RGB8;
        atlas(&m, &p, &v, &at, &a);
        fuzz_block_free(&at);
        p.slots = BSP_ATLAS_COMBINED;
        atlas(&m, &p, &v, &at, &a);
        atlas(&m, &p, &v2, &at2, &a2);
        if (at.raw && at2.raw) {
            memset(changed, 0xff, sizeof changed);
            FUZZ_ASSERT(bsp_atlas_update(&m, &a, &v2, changed, 8, &updated, NULL, 0) == BSP_OK);
            FUZZ_ASSERT(updated <= a.num_rects);
            FUZZ_ASSERT(!memcmp(a.pixels, a2.pixels, a.pages * a.page_bytes));
            FUZZ_ASSERT(fuzz_block_guards_ok(&at));
        }
        fuzz_block_free(&at);
        fuzz_block_free(&at2);
    }
    FUZZ_ASSERT(fuzz_block_guards_ok(&b));
    fuzz_block_free(&b);
    return 0;
}
