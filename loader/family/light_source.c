/* SPDX-License-Identifier: MIT */
/* light_source.c - where a map's light comes from and which lumps place a
 * face's luxels (docs/queries.md 10.2, 10.3), chosen once at the end of a
 * load. Every family gets its vanilla lighting; quake, goldsrc, bsp2 and
 * quake2 may take it from a .lit stream or BSPX lumps instead. */
#include "family.h"
#include "../core/map.h"

#if BSP__USE_BSPX

/* A candidate source: its bytes, bytes per luxel, HDR. */
typedef struct candidate {
    uint8_t source, bytes, hdr, ok;
    const uint8_t *data;
    uint32_t size;
} candidate;

static void set(candidate *c, uint8_t source, uint8_t bytes, uint8_t hdr, const uint8_t *data,
                uint32_t size, int ok)
{
    c->source = source;
    c->bytes = bytes;
    c->hdr = hdr;
    c->data = data;
    c->size = size;
    c->ok = (uint8_t)(ok && data && size);
}


/* The .lit stream's header (its size passed at plan time): the check it
 * fails, or BSP_LIT_READ with *version. */
static uint8_t lit_header(const uint8_t *lit, uint32_t size, uint64_t n, uint32_t *version)
{
    if (!lit || size < 8) return BSP_LIT_BAD_SIZE;
    if (lit[0] != 'Q' || lit[1] != 'L' || lit[2] != 'I' || lit[3] != 'T') return BSP_LIT_BAD_MAGIC;
    *version = bsp__get_le32(lit + 4);
    if (!((*version == 1 && size == 8 + 3 * n) || (*version == 0x00010001u && size == 8 + 4 * n)))
        return BSP_LIT_BAD_VERSION;
    return BSP_LIT_READ;
}

/* The face placement lumps of 10.3 that pass their length checks. */
static void placement(bsp__map *m)
{
    struct bsp__light_info *li = &m->light;
    /* (32-bit arithmetic only: a 64-bit division is a libgcc call on
     * 32-bit targets, which the freestanding loader does not link; a
     * length is a whole number of records per face when len / nf and
     * len % nf say so, with no product to overflow) */
    uint32_t nf = m->faces.count, len;
    const uint8_t *p;
    if (nf == 0) return;
    if ((p = bsp__bspx_lump(m, "DECOUPLED_LM", &len)) != NULL && len % nf == 0 && len / nf == 40)
        li->decoupled = p;
    p = bsp__bspx_lump(m, "LMSHIFT", &len);
    if (p && len != nf) return;   /* a wrong LMSHIFT: the others are ignored too (FTE) */
    li->shift = p;
    if ((p = bsp__bspx_lump(m, "LMOFFSET", &len)) != NULL && len % nf == 0 && len / nf == 4) li->offset = p;
    if ((p = bsp__bspx_lump(m, "LMSTYLE16", &len)) != NULL && len % nf == 0 && (len / nf) % 2 == 0) {
        li->styles = p;
        li->wide_styles = 1;
        li->style_slots = len / nf / 2;
    } else if ((p = bsp__bspx_lump(m, "LMSTYLE", &len)) != NULL && len % nf == 0) {
        li->styles = p;
        li->style_slots = len / nf;
    }
}

void bsp__light_resolve(bsp__map *m, const uint8_t *lit, uint32_t lit_size, uint8_t lit_check,
                        int prefer_hdr)
{
    const struct bsp_family *f = m->family;
    struct bsp__light_info *li = &m->light;
    candidate c[5];
    const uint8_t *vanilla = m->lighting.data, *rgb, *e5;
    uint64_t n = m->lighting.count;
    uint32_t rgb_len, e5_len, version = 0, i, pass;
    int grey = f->faces.luxel_bytes == 1;

    bsp__light_vanilla(li, f, vanilla, lit_check);
    if (!f->dir.bspx) return;   /* the vanilla lump, as ever */
    if (lit_check == BSP_LIT_READ) li->lit = lit_header(lit, lit_size, n, &version);
    rgb = bsp__bspx_lump(m, "RGBLIGHTING", &rgb_len);
    e5 = bsp__bspx_lump(m, "LIGHTING_E5BGR9", &e5_len);
    /* the candidates of 10.2, LDR ones first (the order within each
     * kind is the table's); goldsrc and quake2 read no RGBLIGHTING or .lit */
    set(&c[0], BSP_LIGHT_LIT, 3, 0, lit ? lit + 8 : NULL, lit_size - 8,
        grey && li->lit == BSP_LIT_READ && version == 1);
    set(&c[1], BSP_LIGHT_RGBLIGHTING, 3, 0, rgb, rgb_len,
        grey && (n ? rgb_len == 3 * n : rgb_len >= 3));
    set(&c[2], BSP_LIGHT_LIGHTING, f->faces.luxel_bytes, 0, vanilla, (uint32_t)n, n > 0);
    set(&c[3], BSP_LIGHT_LIT_E5BGR9, 4, 1, lit ? lit + 8 : NULL, lit_size - 8,
        grey && li->lit == BSP_LIT_READ && version == 0x00010001u);
    set(&c[4], BSP_LIGHT_E5BGR9, 4, 1, e5, e5_len,
        n ? (uint64_t)e5_len * (grey ? 1 : 3) == 4 * n : e5_len >= 4);
    li->source = BSP_LIGHT_NONE;
    m->lighting.data = NULL;
    m->lighting.count = 0;
    /* HDR asked for: the HDR ones first */
    for (pass = 0; pass < 2 && li->source == BSP_LIGHT_NONE; pass++)
        for (i = 0; i < 5; i++) {
            int hdr_pass = prefer_hdr ? pass == 0 : pass == 1;
            if (!c[i].ok || c[i].hdr != hdr_pass) continue;
            li->source = c[i].source;
            li->bytes = c[i].bytes;
            li->hdr = c[i].hdr;
            m->lighting.data = c[i].data;
            m->lighting.count = c[i].size;
            break;
        }
    placement(m);
}
#endif
