/* SPDX-License-Identifier: MIT */
/* test_styles.c - light styles combined and the lightmap atlas (docs/
 * queries.md 11.6, 11.7; issue 41): exact sizes, a buffer one byte short
 * refused with nothing written past it, pages smaller than a block, bad
 * arguments, and answers that follow from the contract's text alone:
 *
 * - bsp_light_style_values: the engines' 10 Hz table ('a' 0 .. 'm' 264,
 *   1.0), written out by hand;
 * - bsp_face_combine: style value 128 (integer rule) or 1.0 (float rule)
 *   on a single-slot face gives its bytes back, 0 gives black;
 * - texels: grey bytes as b, b, b, RGB as stored; RGB9E5 decodes to the
 *   byte / 255 within the shared exponent's half step;
 * - the atlas: every rect of the table found by bsp_atlas_find, inside its
 *   page with its border, the same atlas twice; a combined atlas brought up
 *   to date after one style changed equals one built for the new values.
 *
 *   test_styles MAP...   (the generated maps and ../shared's real ones) */
#include <stdlib.h>
#include <string.h>

#include "../../loader/bspkit.h"
#include "../../platform/memory/bsp_memstream.h"
#include "../common/check.h"
#include "../common/files.h"

static void style_values(void)
{
    static const char *const s[] = { "m", "a", "z", "mmnmmommommnonmmonqnmmo", NULL, "", "A" };
    uint32_t ints[7] = { 0 };
    float floats[7] = { 0 };
    CHECK(bsp_light_style_values(s, 7, 0, ints, floats) == BSP_OK && ints[0] == 264 && floats[0] == 1.0f &&
              ints[1] == 0 && floats[1] == 0.0f && ints[2] == 550 && floats[2] == 25.0f / 12.0f &&
              ints[3] == 264 && ints[4] == 256 && floats[4] == 1.0f && ints[5] == 256 &&
              ints[6] == (uint32_t)(-32 * 22) && floats[6] == -32.0f / 12.0f,
          "styles: lightstyle strings at time 0 ('m' 264 / 1.0, 'a' 0, 'z' 550, none 256 / 1.0)", "got %u %u %u %u %u",
          ints[0], ints[1], ints[2], ints[4], ints[6]);
    /* 250 ms is frame 2 ('n'); 2300 ms frame 23 = 0 of 23 ('m'); 2499 ms
     * frame 24 = 1 ('m'); 1899 ms frame 18 ('q') */
    bsp_light_style_values(s + 3, 1, 250, ints, floats);
    CHECK(ints[0] == 286 && floats[0] == 13.0f / 12.0f, "styles: frame 2 of the flicker string is 'n' (286)", "%u", ints[0]);
    bsp_light_style_values(s + 3, 1, 2300, ints, NULL);
    CHECK(ints[0] == 264, "styles: frame 23 wraps to the first character", "%u", ints[0]);
    bsp_light_style_values(s + 3, 1, 1899, NULL, floats);
    CHECK(floats[0] == 16.0f / 12.0f, "styles: 1899 ms is frame 18 ('q')", "%g", (double)floats[0]);
    CHECK(bsp_light_style_values(NULL, 1, 0, ints, floats) == BSP_E_BAD_ARGUMENT &&
              bsp_light_style_values(s, 1, 0, NULL, NULL) == BSP_E_BAD_ARGUMENT &&
              bsp_light_style_values(NULL, 0, 0, ints, NULL) == BSP_OK,
          "styles: NULL strings with a count, or no table, is bad_argument", "%s", "");
}

typedef struct loaded_map {
    bsp_map m;
    void *arena;
    bsp_family_id family;
    uint32_t faces;
} loaded_map;

static int load(const char *name, const uint8_t *data, uint32_t size, loaded_map *L)
{
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_options o = bsp_default_options(BSP_LOAD_GEOMETRY);
    bsp_counts c;
    uint32_t need;
    o.lzma_lclp_max = 12;   /* the generated console maps of wide LZMA tables too */
    bsp_memstream_init(&ms, &s, data, size);
    if (bsp_open(&h, &s) != BSP_OK || bsp_measure(&h, &o, &need) != BSP_OK) return 0;
    L->arena = malloc(need ? need : 1);
    if (!L->arena || bsp_load(&L->m, &h, &s, L->arena, need, &o, NULL) != BSP_OK) {
        free(L->arena);
        (void)name;
        return 0;
    }
    L->family = bsp_map_family(&L->m);
    bsp_get_counts(&L->m, &c);
    L->faces = c.faces;
    return 1;
}

static void combine_checks(const char *name, loaded_map *L)
{
    static uint32_t v128[256], zero[256];
    static float one[256], fzero[256];
    bsp_style_values half = { v128, one, 256 }, dark = { zero, fzero, 256 }, none = { NULL, NULL, 256 };
    uint32_t f, lit = 0, single = 0, bad_size = 0, bad_short = 0, bad_back = 0, bad_dark = 0, k;
    int q2 = L->family == BSP_FAMILY_QUAKE2, integer = L->family == BSP_FAMILY_QUAKE ||
             L->family == BSP_FAMILY_BSP2 || L->family == BSP_FAMILY_GOLDSRC;
    char what[160];
    bsp_combine_info ci;
    for (k = 0; k < 256; k++) v128[k] = 128, one[k] = 1.0f;
    if (!integer && !q2) {
        CHECK(bsp_measure_combine(&L->m, 0, &ci) == BSP_E_UNSUPPORTED &&
                  bsp_face_combine(&L->m, 0, &half, (uint8_t *)zero, 4) == BSP_E_UNSUPPORTED,
              name, "combine: family %d has no engine rule: unsupported", (int)L->family);
        return;
    }
    for (f = 0; f < L->faces; f++) {
        const uint8_t *d;
        uint32_t bytes;
        uint8_t *out;
        bsp_status st = bsp_measure_combine(&L->m, f, &ci);
        if (st == BSP_E_UNSUPPORTED) break;   /* an E5BGR9 light source */
        if (st != BSP_OK) continue;
        lit++;
        if (ci.bytes != ci.w * ci.h * ci.channels || ci.channels != (q2 ? 4u : ci.channels) ||
            (integer && ci.channels != 1 && ci.channels != 3))
            bad_size++;
        out = malloc(ci.bytes);   /* exactly: ASan sees a write past it */
        if (!out) continue;
        memset(out, 0xa5, ci.bytes);
        if (bsp_face_combine(&L->m, f, &half, out, ci.bytes - 1) != BSP_E_ARENA_TOO_SMALL || out[0] != 0xa5)
            bad_short++;
        if (bsp_face_combine(&L->m, f, &none, out, ci.bytes) != BSP_E_BAD_ARGUMENT) bad_short++;
        /* one slot at 128 (1.0): the block's own bytes */
        if (ci.num_slots == 1 && bsp_face_lightmap_data(&L->m, f, 0, &d, &bytes) == BSP_OK &&
            bsp_face_combine(&L->m, f, &half, out, ci.bytes) == BSP_OK) {
            uint32_t i;
            single++;
            for (i = 0; i < ci.w * ci.h; i++) {
                uint32_t c, top = 0;
                for (c = 0; c < (q2 ? 3u : ci.channels); c++) {
                    uint8_t b = d[i * (q2 ? 3u : ci.channels) + c];
                    if (out[i * ci.channels + c] != b) bad_back++;
                    if (b > top) top = b;
                }
                if (q2 && out[i * 4 + 3] != top) bad_back++;
            }
        }
        if (bsp_face_combine(&L->m, f, &dark, out, ci.bytes) == BSP_OK)
            for (k = 0; k < ci.bytes; k++) bad_dark += out[k] != 0;
        free(out);
    }
    snprintf(what, sizeof what, "%s: combine on %u lit faces (%u of one slot): exact sizes, one byte short refused",
             name, (unsigned)lit, (unsigned)single);
    CHECK(!bad_size && !bad_short, what, "%u sizes, %u short buffers", (unsigned)bad_size, (unsigned)bad_short);
    snprintf(what, sizeof what, "%s: one slot at %s gives its bytes back, value 0 gives black", name,
             q2 ? "1.0" : "128");
    CHECK(!bad_back && !bad_dark, what, "%u bytes differ, %u not black", (unsigned)bad_back, (unsigned)bad_dark);
    CHECK(bsp_measure_combine(&L->m, L->faces, &ci) == BSP_E_BAD_FACE || L->faces == 0, name,
          "combine: a face past the lump is bad_face");
}

/* RGB9E5 back to floats: 2^(e - 24) steps of 9-bit mantissas. */
static void rgb9e5_decode(uint32_t w, double out[3])
{
    int k;
    for (k = 0; k < 3; k++) {
        double m = (double)(w >> (9 * k) & 511u), s = 1;
        int e = (int)(w >> 27) - 24;
        for (; e > 0; e--) s *= 2;
        for (; e < 0; e++) s /= 2;
        out[k] = m * s;
    }
}

static void texel_checks(const char *name, loaded_map *L)
{
    uint32_t f, slot, blocks = 0, bad = 0, bad_hdr = 0, bad_size = 0;
    char what[160];
    for (f = 0; f < L->faces; f++)
        for (slot = 0; slot < 8; slot++) {
            const uint8_t *d;
            uint32_t bytes, need = 0, need4, i, n;
            bsp_face fc;
            uint8_t *t3, *t4;
            if (bsp_face_lightmap_data(&L->m, f, slot, &d, &bytes) != BSP_OK) continue;
            bsp_get_face(&L->m, f, &fc);
            blocks++;
            if (bsp_face_lightmap_texels(&L->m, f, slot, BSP_TEXELS_RGB8, NULL, 0, &need) != BSP_E_ARENA_TOO_SMALL ||
                bsp_face_lightmap_texels(&L->m, f, slot, BSP_TEXELS_RGB9E5, NULL, 0, &need4) != BSP_E_ARENA_TOO_SMALL ||
                need / 3 != need4 / 4 || bsp_face_lightmap_texels(&L->m, f, slot, 7, NULL, 0, &need) != BSP_E_BAD_ARGUMENT) {
                bad_size++;
                continue;
            }
            n = need / 3;
            t3 = malloc(need);
            t4 = malloc(need4);
            if (!t3 || !t4) return;
            memset(t3, 0x5a, need);
            if (bsp_face_lightmap_texels(&L->m, f, slot, BSP_TEXELS_RGB8, t3, need - 1, NULL) != BSP_E_ARENA_TOO_SMALL ||
                t3[0] != 0x5a || bsp_face_lightmap_texels(&L->m, f, slot, BSP_TEXELS_RGB8, t3, need, NULL) != BSP_OK ||
                bsp_face_lightmap_texels(&L->m, f, slot, BSP_TEXELS_RGB9E5, t4, need4, NULL) != BSP_OK)
                bad_size++;
            for (i = 0; i < n && fc.lightmap.bytes_per_luxel < 4; i++) {
                uint32_t c, w;
                double v[3];
                const uint8_t *s = fc.lightmap.page >= 0 ? d + 3 * i : d + fc.lightmap.bytes_per_luxel * i;
                for (c = 0; c < 3; c++)
                    if (t3[3 * i + c] != s[fc.lightmap.bytes_per_luxel == 1 ? 0 : c]) bad++;
                memcpy(&w, t4 + 4 * i, 4);
                rgb9e5_decode(w, v);
                for (c = 0; c < 3; c++) {
                    double want = s[fc.lightmap.bytes_per_luxel == 1 ? 0 : c] / 255.0, step = 1;
                    int e = (int)(w >> 27) - 24;
                    for (; e > 0; e--) step *= 2;
                    for (; e < 0; e++) step /= 2;
                    if (v[c] - want > step / 2 + 1e-9 || want - v[c] > step / 2 + 1e-9) bad_hdr++;
                }
            }
            free(t3);
            free(t4);
        }
    snprintf(what, sizeof what, "%s: texels of %u blocks: exact sizes (RGB8 3, RGB9E5 4 a texel), one byte short refused",
             name, (unsigned)blocks);
    CHECK(!bad_size, what, "%u", (unsigned)bad_size);
    snprintf(what, sizeof what, "%s: grey and RGB texels are the bytes; RGB9E5 decodes to byte / 255 within half a step", name);
    CHECK(!bad && !bad_hdr, what, "%u RGB8, %u RGB9E5 texels off", (unsigned)bad, (unsigned)bad_hdr);
}

/* The atlas of params p: measured, built exactly, checked; returns the
 * memory (the caller frees) or NULL. */
static void *atlas_of(const char *name, loaded_map *L, const bsp_atlas_params *p, const bsp_style_values *v,
                      bsp_atlas *a, bsp_atlas_size *size, int report)
{
    char what[200];
    void *scratch, *mem, *mem2;
    size_t needed = 0;
    bsp_atlas a2;
    bsp_status st = bsp_measure_atlas(&L->m, p, NULL, 0, size);
    if (st == BSP_E_ARENA_TOO_SMALL) {
        bsp_atlas_size s2;
        scratch = malloc(size->scratch_bytes);
        if (!scratch) return NULL;
        if (report)
            CHECK(size->scratch_bytes < sizeof(bsp_atlas_rect) ||
                      bsp_measure_atlas(&L->m, p, scratch, size->scratch_bytes - 1, &s2) == BSP_E_ARENA_TOO_SMALL,
                  name, "atlas: a scratch one byte short is refused");
        if (report && size->scratch_bytes >= 8)
            CHECK(bsp_measure_atlas(&L->m, p, (uint8_t *)scratch + 1, size->scratch_bytes - 1, &s2) == BSP_E_BAD_ARENA,
                  name, "atlas: a misaligned scratch is bad_arena");
        st = bsp_measure_atlas(&L->m, p, scratch, size->scratch_bytes, size);
        free(scratch);
    }
    if (st != BSP_OK) return NULL;
    mem = malloc(size->bytes ? size->bytes : 1);
    mem2 = malloc(size->bytes ? size->bytes : 1);
    if (!mem || !mem2) return NULL;
    if (report && size->bytes > 8) {
        /* one byte short: refused, the exact size said, nothing past the end
         * written (mem2 is then built exactly: ASan sees any write past it) */
        void *shortm = malloc(size->bytes - 1);
        st = bsp_atlas_build(&L->m, p, v, shortm, size->bytes - 1, &needed, &a2);
        snprintf(what, sizeof what, "%s: atlas %ux%u border %u slots 0x%x: a memory one byte short is refused with the exact size",
                 name, (unsigned)p->page_width, (unsigned)p->page_height, (unsigned)p->border, (unsigned)p->slots);
        CHECK(st == BSP_E_ARENA_TOO_SMALL && needed == size->bytes, what, "%s, needed %lu of %lu",
              bsp_status_name(st), (unsigned long)needed, (unsigned long)size->bytes);
        free(shortm);
        if (size->rects) {
            st = bsp_atlas_build(&L->m, p, v, mem, 8, &needed, &a2);
            CHECK(st == BSP_E_ARENA_TOO_SMALL && needed == size->scratch_bytes, name,
                  "atlas: a memory below the rect table asks for the table (%s, %lu)", bsp_status_name(st),
                  (unsigned long)needed);
        }
    }
    st = bsp_atlas_build(&L->m, p, v, mem, size->bytes, &needed, a);
    if (st != BSP_OK || needed != size->bytes) {
        CHECK(0, name, "atlas: the build fails at the measured size: %s", bsp_status_name(st));
        free(mem), free(mem2);
        return NULL;
    }
    if (report) {
        st = bsp_atlas_build(&L->m, p, v, mem2, size->bytes, NULL, &a2);
        CHECK(st == BSP_OK && !memcmp(mem, mem2, size->bytes), name, "atlas: built twice, the same bytes");
    }
    free(mem2);
    return mem;
}

static void atlas_checks(const char *name, loaded_map *L)
{
    static uint32_t ints[256], ints2[256];
    static float floats[256], floats2[256];
    bsp_style_values v = { ints, floats, 256 }, v2 = { ints2, floats2, 256 };
    bsp_atlas_params p;
    bsp_atlas_size size, s2;
    bsp_atlas a, b;
    void *mem, *mem2;
    uint32_t k, bad = 0, inside = 0, changed[8], touched = 0, updated = 0, dirty[1] = { 0 };
    char what[200];
    int combined_ok;
    for (k = 0; k < 256; k++) ints[k] = ints2[k] = 264, floats[k] = floats2[k] = 1.0f;
    memset(&p, 0, sizeof p);
    p.page_width = p.page_height = 512;
    p.border = 1;
    p.slots = 0xff;
    p.format = BSP_TEXELS_RGB8;
    /* (qfusion's 512 x 512 pages, docs/queries.md 13.3, need 1024 with their
     * border: what the measure says would do) */
    {
        bsp_status st = bsp_measure_atlas(&L->m, &p, NULL, 0, &s2);
        if (st == BSP_E_ARENA_TOO_SMALL) {
            void *scratch = malloc(s2.scratch_bytes ? s2.scratch_bytes : 1);
            st = scratch ? bsp_measure_atlas(&L->m, &p, scratch, s2.scratch_bytes, &s2) : st;
            free(scratch);
        }
        if (st == BSP_E_BAD_ARGUMENT && s2.min_page_width > 512 && s2.min_page_width <= 1024 &&
            s2.min_page_height <= 1024)
            p.page_width = p.page_height = 1024;
    }
    /* bad params */
    {
        bsp_atlas_params q = p;
        int bad_params = 0;
        q.page_width = 0;
        bad_params += bsp_measure_atlas(&L->m, &q, NULL, 0, &s2) != BSP_E_BAD_ARGUMENT;
        q = p, q.page_height = BSP_ATLAS_PAGE_MAX + 1;
        bad_params += bsp_measure_atlas(&L->m, &q, NULL, 0, &s2) != BSP_E_BAD_ARGUMENT;
        q = p, q.border = BSP_ATLAS_BORDER_MAX + 1;
        bad_params += bsp_measure_atlas(&L->m, &q, NULL, 0, &s2) != BSP_E_BAD_ARGUMENT;
        q = p, q.format = BSP_TEXELS_FORMATS;
        bad_params += bsp_measure_atlas(&L->m, &q, NULL, 0, &s2) != BSP_E_BAD_ARGUMENT;
        q = p, q.slots = 0;
        bad_params += bsp_measure_atlas(&L->m, &q, NULL, 0, &s2) != BSP_E_BAD_ARGUMENT;
        q = p, q.slots = 0x200;
        bad_params += bsp_measure_atlas(&L->m, &q, NULL, 0, &s2) != BSP_E_BAD_ARGUMENT;
        q = p, q.slots = BSP_ATLAS_COMBINED, q.format = BSP_TEXELS_RGB9E5;
        bad_params += bsp_measure_atlas(&L->m, &q, NULL, 0, &s2) != BSP_E_BAD_ARGUMENT;
        bad_params += bsp_measure_atlas(NULL, &p, NULL, 0, &s2) != BSP_E_BAD_ARGUMENT;
        CHECK(!bad_params, name, "atlas: pages of 0 or past the largest, a border past the largest, a format, a slot set "
              "outside the ranges, combined RGB9E5, a NULL map: bad_argument (%d wrong)", bad_params);
    }
    mem = atlas_of(name, L, &p, &v, &a, &size, 1);
    if (!mem) {
        CHECK(0, name, "atlas: no atlas of %u x %u", (unsigned)p.page_width, (unsigned)p.page_height);
        return;
    }
    /* every rect inside its page with its border, found by face and slot */
    for (k = 0; k < a.num_rects; k++) {
        const bsp_atlas_rect *r = &a.rects[k];
        bsp_atlas_rect got;
        if (r->page < a.pages && r->x >= a.border && r->y >= a.border && r->x + r->w + a.border <= a.page_width &&
            r->y + r->h + a.border <= a.page_height)
            inside++;
        if (r->face >= 0 &&
            (bsp_atlas_find(&L->m, &a, (uint32_t)r->face, r->slot, &got) != BSP_OK || memcmp(&got, r, sizeof got)))
            bad++;
    }
    snprintf(what, sizeof what, "%s: atlas of %u rects on %u pages: each inside its page with its border, found by face and slot",
             name, (unsigned)a.num_rects, (unsigned)a.pages);
    CHECK(inside == a.num_rects && !bad, what, "%u outside, %u not found", (unsigned)(a.num_rects - inside), (unsigned)bad);
    {
        bsp_atlas_rect got;
        CHECK(bsp_atlas_find(&L->m, &a, L->faces, 0, &got) == BSP_E_BAD_FACE || L->faces == 0, name,
              "atlas: find of a face past the lump is bad_face");
    }
    /* pages smaller than the largest block with its border */
    if (size.rects) {
        bsp_atlas_params q = p;
        bsp_status st1, st2;
        q.page_width = size.min_page_width - 1;
        st1 = bsp_measure_atlas(&L->m, &q, NULL, 0, &s2);
        if (st1 == BSP_E_ARENA_TOO_SMALL) {
            void *scratch = malloc(s2.scratch_bytes);
            st1 = bsp_measure_atlas(&L->m, &q, scratch, s2.scratch_bytes, &s2);
            q.page_width = size.min_page_width;
            q.page_height = size.min_page_height;
            st2 = bsp_measure_atlas(&L->m, &q, scratch, s2.scratch_bytes, &s2);
            free(scratch);
        } else {
            st2 = BSP_E_CORRUPT;
        }
        snprintf(what, sizeof what, "%s: a page one texel narrower than the largest block (%u x %u with its border) is bad_argument, that size packs",
                 name, (unsigned)size.min_page_width, (unsigned)size.min_page_height);
        CHECK((st1 == BSP_E_BAD_ARGUMENT || size.min_page_width == 1) && st2 == BSP_OK, what, "%s, %s",
              bsp_status_name(st1), bsp_status_name(st2));
    }
    free(mem);
    /* HDR: the same rects, 4 bytes a texel */
    p.format = BSP_TEXELS_RGB9E5;
    if ((mem = atlas_of(name, L, &p, &v, &b, &s2, 0)) != NULL) {
        CHECK(s2.rects == size.rects && s2.texel_bytes == 4 && s2.page_bytes == (size_t)p.page_width * p.page_height * 4, name,
              "atlas: RGB9E5 holds the same %u blocks, 4 bytes a texel", (unsigned)size.rects);
        free(mem);
    }
    /* combined, and brought up to date after one style changed */
    p.format = BSP_TEXELS_RGBA8;
    p.slots = BSP_ATLAS_COMBINED;
    combined_ok = bsp_measure_atlas(&L->m, &p, NULL, 0, &s2) != BSP_E_UNSUPPORTED;
    if (!combined_ok) {
        bsp_combine_info ci;
        CHECK(bsp_measure_combine(&L->m, 0, &ci) == BSP_E_UNSUPPORTED, name,
              "atlas: combined is unsupported where combine is");
        return;
    }
    mem = atlas_of(name, L, &p, &v, &a, &size, 1);
    if (!mem) return;
    for (k = 0; k < a.num_rects; k++) {
        const bsp_atlas_rect *r = &a.rects[k];
        uint32_t j;
        for (j = 0; j < 8 && r->styles[j] != 0xffff; j++)
            if (r->styles[j] == a.rects[0].styles[0]) {
                touched++;
                break;
            }
    }
    if (a.num_rects) {
        uint32_t s = a.rects[0].styles[0];
        ints2[s] = 37;
        floats2[s] = 0.3125f;
        memset(changed, 0, sizeof changed);
        changed[s >> 5] |= 1u << (s & 31);
        CHECK(bsp_atlas_update(&L->m, &a, &v2, changed, 8, &updated, dirty, 1) == BSP_OK && updated == touched &&
                  (dirty[0] & 1u),
              name, "atlas update: style %u changed, %u blocks of it combined again (%u)", (unsigned)s,
              (unsigned)touched, (unsigned)updated);
        mem2 = atlas_of(name, L, &p, &v2, &b, &s2, 0);
        snprintf(what, sizeof what, "%s: combined atlas brought up to date equals one built for the new values (%u blocks)",
                 name, (unsigned)a.num_rects);
        CHECK(mem2 && !memcmp(a.pixels, b.pixels, a.pages * a.page_bytes), what, "%s", "pages differ");
        free(mem2);
        CHECK(bsp_atlas_update(&L->m, &a, &v2, changed, 0, &updated, NULL, 0) == BSP_OK && updated == 0, name,
              "atlas update: no style changed, nothing written");
        {
            bsp_atlas forged = a;
            bsp_atlas_rect *r = (bsp_atlas_rect *)a.rects;
            uint32_t x = r->x;
            r->x = a.page_width;   /* not as the build left it */
            CHECK(bsp_atlas_update(&L->m, &forged, &v2, changed, 8, &updated, NULL, 0) == BSP_E_BAD_ARGUMENT, name,
                  "atlas update: a rect outside its page is bad_argument");
            r->x = x;
            forged.slots = 0xff;
            CHECK(bsp_atlas_update(&L->m, &forged, &v2, changed, 8, &updated, NULL, 0) == BSP_E_BAD_ARGUMENT, name,
                  "atlas update: an atlas that is not combined is bad_argument");
        }
        /* a combined block's texels are the combine's bytes */
        {
            bsp_combine_info ci;
            const bsp_atlas_rect *r = &a.rects[0];
            uint8_t *c = NULL;
            uint32_t x, y, off = 0;
            if (bsp_measure_combine(&L->m, (uint32_t)r->face, &ci) == BSP_OK && (c = malloc(ci.bytes)) &&
                bsp_face_combine(&L->m, (uint32_t)r->face, &v2, c, ci.bytes) == BSP_OK)
                for (y = 0; y < r->h; y++)
                    for (x = 0; x < r->w; x++) {
                        const uint8_t *t = a.pixels + r->page * a.page_bytes + ((size_t)(r->y + y) * a.page_width + r->x + x) * 4;
                        const uint8_t *w = c + (y * ci.w + x) * ci.channels;
                        off += t[0] != w[0] || t[1] != w[ci.channels == 1 ? 0 : 1] ||
                               t[2] != w[ci.channels == 1 ? 0 : 2] || t[3] != (ci.channels == 4 ? w[3] : 255);
                    }
            CHECK(c && !off, name, "atlas: a combined block shows bsp_face_combine's bytes (%u texels off)", (unsigned)off);
            free(c);
        }
    }
    free(mem);
}

static void one_map(const char *name, const uint8_t *data, uint32_t size, int index, const char *api)
{
    loaded_map L;
    (void)index, (void)api;
    if (!load(name, data, size, &L)) {
        check_skip(name, "does not load with BSP_LOAD_GEOMETRY");
        return;
    }
    combine_checks(name, &L);
    texel_checks(name, &L);
    atlas_checks(name, &L);
    free(L.arena);
}

int main(int argc, char **argv)
{
    bsp_map cleared;
    bsp_combine_info ci;
    bsp_atlas_size size;
    bsp_atlas_params p = { 512, 512, 1, 1, BSP_TEXELS_RGB8 };
    style_values();
    memset(&cleared, 0, sizeof cleared);
    CHECK(bsp_measure_combine(&cleared, 0, &ci) == BSP_E_BAD_ARGUMENT &&
              bsp_measure_combine(NULL, 0, &ci) == BSP_E_BAD_ARGUMENT &&
              bsp_measure_atlas(&cleared, &p, NULL, 0, &size) == BSP_E_BAD_ARGUMENT &&
              bsp_atlas_update(&cleared, NULL, NULL, NULL, 0, NULL, NULL, 0) == BSP_E_BAD_ARGUMENT,
          "styles: a map not loaded is bad_argument", "%s", "");
    for_each_map(argc, argv, one_map);
    return check_exit();
}
