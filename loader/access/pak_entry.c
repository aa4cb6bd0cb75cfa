/* SPDX-License-Identifier: MIT */
/* pak_entry.c - the pakfile's entries: read from a central record (the
 * open checked every record), checked against the local header where its
 * bytes are at hand, and matched against a path by Valve's rule (bspkit.h
 * "The pakfile"). */
#include "pak.h"

#if BSPKIT_PAK   /* else core/absent.c */

static bsp_status pak_bad(bsp_pak_entry *e, bsp_status st, bsp_pak_problem why)
{
    e->problem = why;
    return st;
}

/* The entry's preloaded bytes: its remap slot names a preload directory
 * entry whose range must lie inside the section's data. */
static bsp_status pak_preload_of(const bsp_pak *p, bsp_pak_entry *e)
{
    const uint8_t *s = p->preload;
    uint32_t tables = PAK_PRELOAD_HEADER + 8u * p->preload_entries + 2u * p->count, k, len, ofs;
    if (!s) return BSP_OK;
    k = p->big_endian ? ((uint32_t)s[tables - 2u * p->count + 2u * e->index] << 8) |
                            s[tables - 2u * p->count + 2u * e->index + 1]
                      : pak_u16(s + tables - 2u * p->count + 2u * e->index);
    if (k == PAK_NO_PRELOAD) return BSP_OK;
    if (k >= p->preload_entries) return pak_bad(e, BSP_E_CORRUPT, BSP_PAK_PRELOAD);
    len = bsp__get32(s + PAK_PRELOAD_HEADER + 8u * k, p->big_endian);
    ofs = bsp__get32(s + PAK_PRELOAD_HEADER + 8u * k + 4, p->big_endian);
    if (ofs > p->preload_bytes - tables || len > p->preload_bytes - tables - ofs)
        return pak_bad(e, BSP_E_CORRUPT, BSP_PAK_PRELOAD);
    e->preload_size = len;
    e->preload_offset = p->preload_data + ofs;
    e->preload = s + tables + ofs;
    return BSP_OK;
}

bsp_status bsp__pak_entry_at(const bsp_pak *p, uint32_t index, uint32_t record, bsp_pak_entry *e)
{
    const uint8_t *r = bsp__pak_at(p, record, PAK_CENTRAL_BYTES), *local;
    uint32_t stride;
    const uint8_t *next;
    bsp_status st;
    bsp__fill(e, 0, sizeof *e);
    if (!r) return BSP_E_BAD_ARGUMENT;   /* (a forged entry, see bsp_pak_next) */
    e->index = index;
    e->record = record;
    e->flags = pak_u16(r + 8);
    e->method = pak_u16(r + 10);
    e->crc = bsp__get_le32(r + 16);
    e->compressed_size = bsp__get_le32(r + 20);
    e->size = bsp__get_le32(r + 24);
    e->name_len = pak_u16(r + 28);
    e->header_offset = bsp__get_le32(r + 42);
    e->name = (const char *)r + PAK_CENTRAL_BYTES;
    stride = bsp__pak_record_bytes(p, r);
    next = bsp__pak_at(p, record + stride, PAK_CENTRAL_BYTES);
    if (index + 1 < p->count && !next) return BSP_E_BAD_ARGUMENT;
    e->next_header = index + 1 < p->count ? bsp__get_le32(next + 42) : p->dir_offset;
    st = pak_preload_of(p, e);
    if (st != BSP_OK) return st;
    local = bsp__pak_at(p, e->header_offset, BSP_PAK_LOCAL_BYTES + e->name_len);
    return local ? bsp_pak_entry_local(p, e, local, BSP_PAK_LOCAL_BYTES + e->name_len) : BSP_OK;
}

/* A local header field that must equal the directory's, or (sizes and
 * CRC with a data descriptor) may be zero. */
static int pak_agrees(uint32_t local, uint32_t central, uint32_t flags)
{
    return local == central || (local == 0 && (flags & PAK_FLAG_DESCRIPTOR));
}

bsp_status bsp_pak_entry_local(const bsp_pak *p, bsp_pak_entry *e, const void *local,
                               uint32_t bytes)
{
    const uint8_t *l = (const uint8_t *)local;
    uint32_t i, limit;
    uint64_t data, end;
    if (!p || !e || !local || bytes < BSP_PAK_LOCAL_BYTES + e->name_len) return BSP_E_BAD_ARGUMENT;
    if (bsp__get_le32(l) != PAK_LOCAL_SIG || pak_u16(l + 8) != e->method ||
        pak_u16(l + 26) != e->name_len || !pak_agrees(bsp__get_le32(l + 14), e->crc, e->flags) ||
        !pak_agrees(bsp__get_le32(l + 18), e->compressed_size, e->flags) ||
        !pak_agrees(bsp__get_le32(l + 22), e->size, e->flags))
        return pak_bad(e, BSP_E_CORRUPT, BSP_PAK_LOCAL_MISMATCH);
    for (i = 0; i < e->name_len; i++)
        if (l[BSP_PAK_LOCAL_BYTES + i] != (uint8_t)e->name[i])
            return pak_bad(e, BSP_E_CORRUPT, BSP_PAK_LOCAL_MISMATCH);
    data = (uint64_t)e->header_offset + BSP_PAK_LOCAL_BYTES + e->name_len + pak_u16(l + 28);
    end = data + e->compressed_size;
    limit = e->next_header;
    if (end > limit)
        return pak_bad(e, BSP_E_CORRUPT,
                   limit == p->dir_offset ? BSP_PAK_DIRECTORY_OVERLAP : BSP_PAK_ENTRIES_OVERLAP);
    e->offset = (uint32_t)data;
    e->data = bsp__pak_at(p, e->offset, e->compressed_size);
    return BSP_OK;
}

bsp_status bsp_pak_get(const bsp_pak *p, uint32_t index, bsp_pak_entry *e)
{
    uint32_t k, record;
    if (!p || !e) return BSP_E_BAD_ARGUMENT;
    if (index >= p->count) return pak_bad(e, BSP_E_BAD_QUERY, BSP_PAK_NOT_FOUND);
    record = p->dir_offset;
    for (k = 0; k < index; k++) record += bsp__pak_record_bytes(p, bsp__pak_at(p, record, PAK_CENTRAL_BYTES));
    return bsp__pak_entry_at(p, index, record, e);
}

bsp_status bsp_pak_next(const bsp_pak *p, bsp_pak_entry *e)
{
    uint32_t index, record;
    const uint8_t *r;
    if (!p || !e) return BSP_E_BAD_ARGUMENT;
    index = e->index + 1;
    r = bsp__pak_at(p, e->record, PAK_CENTRAL_BYTES);
    /* (an entry not of this pakfile's directory is refused, not walked) */
    if (!r || e->record < p->dir_offset || bsp__get_le32(r) != PAK_CENTRAL_SIG)
        return BSP_E_BAD_ARGUMENT;
    if (index >= p->count) return pak_bad(e, BSP_E_END, BSP_PAK_FINE);   /* a listing's end */
    record = e->record + bsp__pak_record_bytes(p, r);
    return bsp__pak_entry_at(p, index, record, e);
}


bsp_status bsp_pak_find(const bsp_pak *p, const char *path, bsp_pak_entry *e)
{
    uint32_t k, j, len = 0, record;
    if (!p || !path || !e) return BSP_E_BAD_ARGUMENT;
    while (path[len] && len < 0x10000u) len++;
    record = p->dir_offset;
    for (k = 0; k < p->count; k++) {
        const uint8_t *r = bsp__pak_at(p, record, PAK_CENTRAL_BYTES);
        if (pak_u16(r + 28) == len) {
            /* from the end: a pakfile's paths share their folders, so
             * they differ soonest there */
            const uint8_t *name = r + PAK_CENTRAL_BYTES;
            for (j = len; j && bsp__pak_fold(name[j - 1]) == bsp__pak_fold((uint8_t)path[j - 1]); j--) {}
            if (!j) return bsp__pak_entry_at(p, k, record, e);
        }
        record += bsp__pak_record_bytes(p, r);
    }
    bsp__fill(e, 0, sizeof *e);
    return pak_bad(e, BSP_E_BAD_QUERY, BSP_PAK_NOT_FOUND);
}

#endif
