/* SPDX-License-Identifier: MIT */
/* pak_open.c - opening the pakfile (bspkit.h "The pakfile"): the end of
 * central directory record, Valve's XZP comment, and one walk over the
 * central directory that checks every record, so that listing and lookup
 * afterwards trust it.
 *
 * The walk is where hostile archives are stopped: counts that disagree or
 * overrun the directory, records outside it, empty names or names with a
 * NUL, local headers out of the directory's order or overlapping (each
 * must start after the previous one's header, name and data; the last
 * data must end before the directory). Keeping entries in directory order
 * makes the overlap test one comparison per entry instead of a sort, which
 * would need memory the reader does not have; every pakfile writer
 * (vbsp, bspzip, Valve's XZip tool, zip tools) keeps that order.
 */
#include "pak.h"
#include "../core/map.h"
#include "../family/family.h"
#include "../query/query.h"

#if BSPKIT_PAK   /* else core/absent.c */

static bsp_status pak_fail(bsp_pak *p, bsp_status st, bsp_pak_problem why)
{
    p->problem = why;
    return st;
}

/* "XZP1 n" / "XZP2 n" (case-insensitive XZP, as Valve reads it): the
 * format and the alignment n, a power of two (else 0, as Valve). */
static void pak_read_comment(bsp_pak *p, const uint8_t *c, uint32_t len)
{
    uint32_t i = 4, n = 0;
    if (len < 4 || (c[0] | 0x20) != 'x' || (c[1] | 0x20) != 'z' || (c[2] | 0x20) != 'p') return;
    p->xzp = c[3] == '2' ? 2 : 1;
    while (i < len && c[i] == ' ') i++;
    while (i < len && c[i] >= '0' && c[i] <= '9' && n < 0x10000000u) n = n * 10 + (uint32_t)(c[i++] - '0');
    p->alignment = (n & (n - 1)) == 0 ? n : 0;
}

/* The last end record whose comment fits before the end of the bytes:
 * its offset in the bytes, or -1. */
static int32_t pak_find_end(const uint8_t *b, uint32_t have)
{
    uint32_t i, lowest;
    if (have < PAK_END_BYTES) return -1;
    lowest = have > BSP_PAK_TAIL_BYTES ? have - BSP_PAK_TAIL_BYTES : 0;
    for (i = have - PAK_END_BYTES;; i--) {
        if (bsp__get_le32(b + i) == PAK_END_SIG && pak_u16(b + i + 20) <= have - i - PAK_END_BYTES)
            return (int32_t)i;
        if (i == lowest) return -1;
    }
}

/* Every record: inside the directory, signed, named, single-disk, 32-bit
 * sizes, its local header after the previous entry's data. */
static bsp_status pak_walk(bsp_pak *p, uint32_t count)
{
    const uint8_t *rec = bsp__pak_at(p, p->dir_offset, p->dir_bytes);
    uint32_t pos = 0, k, j;
    uint64_t prev_end = 0;
    for (k = 0; k < count; k++) {
        const uint8_t *r = rec + pos;
        uint32_t nlen, stride, lho, csize;
        uint64_t end;
        if (p->dir_bytes - pos < PAK_CENTRAL_BYTES || bsp__get_le32(r) != PAK_CENTRAL_SIG)
            return pak_fail(p, BSP_E_CORRUPT, BSP_PAK_COUNT_MISMATCH);
        stride = bsp__pak_record_bytes(p, r);
        if (stride > p->dir_bytes - pos) return pak_fail(p, BSP_E_CORRUPT, BSP_PAK_COUNT_MISMATCH);
        nlen = pak_u16(r + 28);
        if (nlen == 0) return pak_fail(p, BSP_E_CORRUPT, BSP_PAK_BAD_NAME);
        for (j = 0; j < nlen; j++)
            if (r[PAK_CENTRAL_BYTES + j] == 0) return pak_fail(p, BSP_E_CORRUPT, BSP_PAK_BAD_NAME);
        if (pak_u16(r + 34) != 0) return pak_fail(p, BSP_E_UNSUPPORTED, BSP_PAK_MULTI_DISK);
        csize = bsp__get_le32(r + 20);
        lho = bsp__get_le32(r + 42);
        if (csize == 0xffffffffu || bsp__get_le32(r + 24) == 0xffffffffu || lho == 0xffffffffu)
            return pak_fail(p, BSP_E_UNSUPPORTED, BSP_PAK_ZIP64);
        if (lho < prev_end) return pak_fail(p, BSP_E_CORRUPT, BSP_PAK_ENTRIES_OVERLAP);
        /* the least the entry takes: its header, name and data */
        end = (uint64_t)lho + BSP_PAK_LOCAL_BYTES + nlen + csize;
        if (end > p->dir_offset) return pak_fail(p, BSP_E_CORRUPT, BSP_PAK_DIRECTORY_OVERLAP);
        prev_end = end;
        pos += stride;
    }
    /* The records fill the directory; an aligned zip pads it with zeros
     * (a count that lies short leaves records there). */
    for (; pos < p->dir_bytes; pos++)
        if (!p->alignment || rec[pos]) return pak_fail(p, BSP_E_CORRUPT, BSP_PAK_COUNT_MISMATCH);
    p->count = count;
    return BSP_OK;
}

bsp_status bsp_pak_open_tail(bsp_pak *p, const void *tail, uint32_t tail_bytes, uint32_t size,
                             int big_endian)
{
    const uint8_t *b = (const uint8_t *)tail, *end;
    uint32_t end_ofs, count;
    int32_t at;
    bsp_status st;
    if (!p) return BSP_E_BAD_ARGUMENT;
    bsp__fill(p, 0, sizeof *p);
    if ((!tail && tail_bytes) || tail_bytes > size) return BSP_E_BAD_ARGUMENT;
    p->bytes = b;
    p->size = size;
    p->have = tail_bytes;
    p->big_endian = big_endian != 0;
    /* no bytes: a map without a pakfile (an empty lump 40) has no entries */
    if (!size) return BSP_OK;
    at = pak_find_end(b, tail_bytes);
    if (at < 0)
        return pak_fail(p, tail_bytes < size && tail_bytes < BSP_PAK_TAIL_BYTES ? BSP_E_TRUNCATED : BSP_E_CORRUPT,
                    BSP_PAK_NO_END_RECORD);
    end = b + at;
    end_ofs = size - tail_bytes + (uint32_t)at;
    /* zip64 puts its locator right before the end record */
    if (at >= (int32_t)PAK_ZIP64_LOCATOR_BYTES &&
        bsp__get_le32(end - PAK_ZIP64_LOCATOR_BYTES) == PAK_ZIP64_LOCATOR_SIG)
        return pak_fail(p, BSP_E_UNSUPPORTED, BSP_PAK_ZIP64);
    if (pak_u16(end + 4) || pak_u16(end + 6)) return pak_fail(p, BSP_E_UNSUPPORTED, BSP_PAK_MULTI_DISK);
    count = pak_u16(end + 10);
    p->dir_bytes = bsp__get_le32(end + 12);
    p->dir_offset = bsp__get_le32(end + 16);
    if (count == 0xffffu || p->dir_bytes == 0xffffffffu || p->dir_offset == 0xffffffffu)
        return pak_fail(p, BSP_E_UNSUPPORTED, BSP_PAK_ZIP64);
    if (pak_u16(end + 8) != count) return pak_fail(p, BSP_E_CORRUPT, BSP_PAK_COUNT_MISMATCH);
    if (p->dir_offset > end_ofs || p->dir_bytes > end_ofs - p->dir_offset)
        return pak_fail(p, BSP_E_CORRUPT, BSP_PAK_DIRECTORY_OUTSIDE);
    if ((uint64_t)count * PAK_CENTRAL_BYTES > p->dir_bytes)
        return pak_fail(p, BSP_E_CORRUPT, BSP_PAK_COUNT_MISMATCH);
    pak_read_comment(p, end + PAK_END_BYTES, pak_u16(end + 20));
    if (!bsp__pak_at(p, p->dir_offset, p->dir_bytes)) return pak_fail(p, BSP_E_TRUNCATED, BSP_PAK_NOT_READ);
    st = pak_walk(p, count);
    if (st != BSP_OK) return st;
    /* With the whole pakfile at hand, its preload section is read now. */
    if (tail_bytes == size && count) {
        bsp_pak_entry e0;
        st = bsp__pak_entry_at(p, 0, p->dir_offset, &e0);
        if (st != BSP_OK) return pak_fail(p, st, e0.problem);
        if (e0.name_len == sizeof BSP_PAK_PRELOAD_NAME - 1 && e0.method == BSP_PAK_STORED) {
            uint32_t i = 0;
            while (i < e0.name_len && e0.name[i] == BSP_PAK_PRELOAD_NAME[i]) i++;
            if (i == e0.name_len) return bsp_pak_use_preload(p, &e0, e0.data);
        }
    }
    return BSP_OK;
}

bsp_status bsp_pak_open(bsp_pak *p, const void *bytes, uint32_t size, int big_endian)
{
    return bsp_pak_open_tail(p, bytes, size, size, big_endian);
}

/* Source only: the family with HDR faces (as the game lump's reader). */
static int pak_is_source(const struct bsp_family *f)
{
    return f && bsp__role_lump(f, BSP_ROLE_FACES_HDR) >= 0;
}

bsp_status bsp_pak_open_map(const bsp_map *map, bsp_pak *p)
{
    const bsp__map *m = bsp__map_c(map);
    if (!m || !p) return BSP_E_BAD_ARGUMENT;
    if (!pak_is_source(m->family)) return BSP_E_UNSUPPORTED;
    if (!m->lump_data[BSP_PAK_LUMP] && !bsp__lump_is_empty(m, (int)BSP_PAK_LUMP))
        return BSP_E_NOT_LOADED;
    /* (an empty lump 40: no bytes, opened with count 0) */
    return bsp_pak_open(p, m->lump_data[BSP_PAK_LUMP], m->lump_size[BSP_PAK_LUMP], m->big_endian_file);
}

bsp_status bsp_pak_locate(const bsp_header *h, uint32_t *offset, uint32_t *size)
{
    const bsp_lump_entry *l;
    if (!h || !offset || !size) return BSP_E_BAD_ARGUMENT;
    if (!pak_is_source(h->family) || h->num_lumps <= BSP_PAK_LUMP) return BSP_E_UNSUPPORTED;
    l = &h->lumps[BSP_PAK_LUMP];
    /* compressed or encrypted bytes are not the zip's */
    if (l->compressed || h->encrypted) return BSP_E_UNSUPPORTED;
    /* (an empty lump 40: size 0, which bsp_pak_open_tail opens with no
     * entries) */
    *offset = l->offset;
    *size = l->length;
    return BSP_OK;
}

bsp_status bsp_pak_use_preload(bsp_pak *p, const bsp_pak_entry *e0, const void *section)
{
    const uint8_t *s = (const uint8_t *)section;
    uint32_t bytes, entries, preloads;
    uint64_t tables;
    if (!p || !e0 || !section || e0->index != 0 || !e0->offset || e0->method != BSP_PAK_STORED)
        return BSP_E_BAD_ARGUMENT;
    bytes = e0->size;
    /* (a stored entry's two sizes must agree before its bytes are trusted) */
    if (bytes != e0->compressed_size) return pak_fail(p, BSP_E_CORRUPT, BSP_PAK_SIZES);
    if (bytes < PAK_PRELOAD_HEADER || bsp__get32(s, p->big_endian) != PAK_PRELOAD_VERSION)
        return pak_fail(p, BSP_E_CORRUPT, BSP_PAK_PRELOAD);
    entries = bsp__get32(s + 4, p->big_endian);
    preloads = bsp__get32(s + 8, p->big_endian);
    tables = PAK_PRELOAD_HEADER + 8ull * preloads + 2ull * entries;
    if (entries != p->count || preloads > entries || tables > bytes)
        return pak_fail(p, BSP_E_CORRUPT, BSP_PAK_PRELOAD);
    p->preload = s;
    p->preload_bytes = bytes;
    p->preload_entries = preloads;
    p->preload_data = e0->offset + (uint32_t)tables;
    return BSP_OK;
}

#endif
