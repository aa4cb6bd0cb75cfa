/* SPDX-License-Identifier: MIT */
/* swap.c - the one byte swapper: walks a lump's layout description (the
 * runs of same-width fields its record description gives, core/record.h) and
 * reverses every multi-byte field in place. Used only when the file's byte
 * order differs from the host's. */
#include "swap.h"

static void swap_records(uint8_t *data, uint32_t nrec, const bsp__layout *lay)
{
    uint32_t rec, n;
    const uint8_t *r;
    for (rec = 0; rec < nrec; rec++, data += lay->record_size) {
        uint8_t *p = data;
        for (r = lay->runs; *r < BSP_RUN_END; r++)
            for (n = BSP_RUN_COUNT(*r); n; n--, p += BSP_RUN_WIDTH(*r)) {
                if (BSP_RUN_WIDTH(*r) == 2) bsp__put_u16(p, bsp__bswap16(bsp__u16(p)));
                else if (BSP_RUN_WIDTH(*r) == 4) bsp__put_u32(p, bsp__bswap32(bsp__u32(p)));
            }
    }
}

/* Records [pos, end) of the lump are its record area: after the count for
 * a counted lump (the count itself is swapped when pos is 0). The whole
 * lump in one go is the slice with no limit. */
uint32_t bsp__swap_slice(uint8_t *data, uint32_t size, const bsp__layout *lay, uint32_t pos,
                         uint32_t budget)
{
    uint32_t end, n;
    if (!lay->runs || !lay->record_size) return size;
    if (lay->kind == BSP_LAYOUT_HEADER) {
        if (size >= lay->record_size) swap_records(data, 1, lay);
        return size;
    }
    end = size - size % lay->record_size;
    if (lay->kind == BSP_LAYOUT_COUNTED) {
        /* The count is read after it is swapped; a lying count is cut to
         * the records that fit (validation rejects the lump later). */
        if (size < 4) return size;
        if (pos == 0) {
            bsp__put_u32(data, bsp__bswap32(bsp__u32(data)));
            pos = 4;
        }
        n = bsp__u32(data);
        if (n > (size - 4) / lay->record_size) n = (size - 4) / lay->record_size;
        end = 4 + n * lay->record_size;
    }
    if (pos >= end) return size;
    n = budget / lay->record_size ? budget / lay->record_size : 1;
    if (n > (end - pos) / lay->record_size) n = (end - pos) / lay->record_size;
    swap_records(data + pos, n, lay);
    pos += n * lay->record_size;
    return pos >= end ? size : pos;
}
