/* SPDX-License-Identifier: MIT */
/* texture_names.c - quake2's texture table numbered at load: a face names a
 * texinfo, and 11.2's table is the texinfos' distinct names, so a face's
 * texture is the place of its texinfo's name among the names in first
 * appearance order. Found per call that is a scan of every record before
 * it per record (quadratic in a lump the file sizes); sorted once, each
 * call reads a word. */
#include "texture_names.h"
#include "../core/sort.h"

#if BSPKIT_ACCESS

uint32_t bsp__texture_names_bytes(const struct bsp_family *f, uint32_t records)
{
    if (!f->access || !f->access->texture_unique || !records) return 0;
    return records > 0x0fffffffu ? 0xffffffffu : 8u * records;   /* (the plan refuses that) */
}

uint32_t bsp__texture_names_scratch(const struct bsp_family *f, uint32_t records)
{
    return bsp__texture_names_bytes(f, records);
}

typedef struct names_ctx {
    const uint8_t *base;
    uint32_t stride, at, len;
} names_ctx;

/* Names of ctx->len bytes at most, ordered bytewise up to the first NUL
 * (a name ends at its NUL or at len). */
static int names_cmp(const names_ctx *c, uint32_t a, uint32_t b)
{
    const uint8_t *x = c->base + (size_t)a * c->stride + c->at;
    const uint8_t *y = c->base + (size_t)b * c->stride + c->at;
    uint32_t k;
    for (k = 0; k < c->len; k++) {
        if (x[k] != y[k]) return x[k] < y[k] ? -1 : 1;
        if (!x[k]) return 0;
    }
    return 0;
}

static int names_before(const uint32_t *a, const uint32_t *b, const void *ctx)
{
    return names_cmp((const names_ctx *)ctx, *a, *b) < 0;
}

void bsp__texture_names_build(bsp__map *m, uint8_t *region, uint8_t *scratch)
{
    const bsp__access *a = m->family->access;
    int lump = a->lumps[BSP_AL_TEXTURES];
    uint32_t *of = (uint32_t *)(void *)region, *first, n, i, k = 0;
    uint32_t *order = (uint32_t *)(void *)scratch, *tmp;
    names_ctx c;
    m->texture_of = NULL;
    m->texture_first = NULL;
    m->num_textures = 0;
    if (lump < 0 || !m->lump_data[lump]) return;
    n = m->lump_size[lump] / a->texture_stride;
    if (!n) return;
    first = of + n;
    tmp = order + n;
    c.base = m->lump_data[lump];
    c.stride = a->texture_stride;
    c.at = a->texture_name;
    c.len = a->texture_name_len;
    for (i = 0; i < n; i++) order[i] = i;
    /* stable: equal names stay in record order, the first one leading */
    bsp__sort(order, tmp, n, 1, names_before, &c);
    for (i = 0; i < n; i++) {
        uint32_t lead = i && names_cmp(&c, order[i - 1], order[i]) == 0 ? of[order[i - 1]] : order[i];
        of[order[i]] = lead;
    }
    /* in record order: a leader takes the next number, the others their
     * leader's (an earlier record, numbered already) */
    for (i = 0; i < n; i++) {
        if (of[i] == i) {
            first[k] = i;
            of[i] = k++;
        } else {
            of[i] = of[of[i]];
        }
    }
    m->texture_of = of;
    m->texture_first = first;
    m->num_textures = k;
}

#endif
