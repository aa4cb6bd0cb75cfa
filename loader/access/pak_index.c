/* SPDX-License-Identifier: MIT */
/* pak_index.c - the pakfile's directory sorted by name once, in the
 * caller's memory, so that a lookup costs log2(entries) name compares,
 * not the directory (bspkit.h "The pakfile": bsp_pak_index_build). Same
 * rule and answer as bsp_pak_find: ASCII case folded, '\' as '/', the
 * first of equal names. */
#include "pak.h"
#include "../core/sort.h"

#if BSPKIT_PAK   /* else core/absent.c */

/* <0, 0, >0: name a (la bytes) before, equal to, after name b, folded
 * bytes first, then the shorter. */
static int pix_compare(const uint8_t *a, uint32_t la, const uint8_t *b, uint32_t lb)
{
    uint32_t k, n = la < lb ? la : lb;
    for (k = 0; k < n; k++) {
        uint8_t x = bsp__pak_fold(a[k]), y = bsp__pak_fold(b[k]);
        if (x != y) return x < y ? -1 : 1;
    }
    return la < lb ? -1 : la > lb;
}

/* A slot: {central record offset, entry index}; the record's name. */
static const uint8_t *pix_name(const bsp_pak *p, uint32_t record, uint32_t *len)
{
    const uint8_t *r = bsp__pak_at(p, record, PAK_CENTRAL_BYTES);
    *len = pak_u16(r + 28);
    return r + PAK_CENTRAL_BYTES;
}

static int pix_before(const uint32_t *a, const uint32_t *b, const void *ctx)
{
    const bsp_pak *p = (const bsp_pak *)ctx;
    uint32_t la, lb;
    const uint8_t *na = pix_name(p, a[0], &la), *nb = pix_name(p, b[0], &lb);
    return pix_compare(na, la, nb, lb) < 0;
}

bsp_status bsp_pak_index_build(bsp_pak_index *x, const bsp_pak *p, void *mem, uint32_t mem_bytes)
{
    uint32_t *slot = (uint32_t *)mem, k, record;
    if (x) bsp__fill(x, 0, sizeof *x);
    if (!x || !p || (!mem && p->count) || ((uintptr_t)mem & 3u) ||
        mem_bytes < BSP_PAK_INDEX_BYTES(p->count))
        return BSP_E_BAD_ARGUMENT;
    record = p->dir_offset;
    /* (the open checked every record: each lies in the bytes given) */
    for (k = 0; k < p->count; k++) {
        slot[2 * k] = record;
        slot[2 * k + 1] = k;
        record += bsp__pak_record_bytes(p, bsp__pak_at(p, record, PAK_CENTRAL_BYTES));
    }
    /* stable: equal names keep the directory's order, the first first */
    if (p->count) bsp__sort(slot, slot + 2 * p->count, p->count, 2, pix_before, p);
    x->pak = p;
    x->slots = slot;
    x->count = p->count;
    return BSP_OK;
}

bsp_status bsp_pak_index_find(const bsp_pak_index *x, const char *path, bsp_pak_entry *e)
{
    uint32_t lo = 0, hi, len = 0;
    if (!x || !path || !e || !x->pak || (!x->slots && x->count) || x->count != x->pak->count)
        return BSP_E_BAD_ARGUMENT;
    while (path[len] && len < 0x10000u) len++;
    hi = x->count;
    /* the first slot whose name is not before path */
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2, ln;
        const uint8_t *name = pix_name(x->pak, x->slots[2 * mid], &ln);
        if (pix_compare(name, ln, (const uint8_t *)path, len) < 0) lo = mid + 1;
        else hi = mid;
    }
    if (lo < x->count) {
        uint32_t ln;
        const uint8_t *name = pix_name(x->pak, x->slots[2 * lo], &ln);
        if (!pix_compare(name, ln, (const uint8_t *)path, len))
            return bsp__pak_entry_at(x->pak, x->slots[2 * lo + 1], x->slots[2 * lo], e);
    }
    bsp__fill(e, 0, sizeof *e);
    e->problem = BSP_PAK_NOT_FOUND;
    return BSP_E_BAD_QUERY;
}

#endif
