/* SPDX-License-Identifier: MIT */
/* swap.c - the one byte swapper: walks a lump's layout description and
 * reverses every multi-byte field in place. Used only when the file's byte
 * order differs from the host's. */
#include "swap.h"

static void swap_records(uint8_t *data, uint32_t nrec, const bsp__layout *lay)
{
    uint32_t rec;
    const char *w;
    for (rec = 0; rec < nrec; rec++, data += lay->record_size) {
        uint8_t *p = data;
        for (w = lay->widths; *w; p += *w++ - '0') {
            if (*w == '2') bsp__put_u16(p, bsp__bswap16(bsp__u16(p)));
            else if (*w == '4') bsp__put_u32(p, bsp__bswap32(bsp__u32(p)));
        }
    }
}

void bsp__swap_lump(uint8_t *data, uint32_t size, const bsp__layout *lay)
{
    if (!lay->widths || !lay->record_size) return;
    if (lay->kind == BSP_LAYOUT_COUNTED) {
        /* The count is read after it is swapped; a lying count is cut to
         * the records that fit (validation rejects the lump later). */
        uint32_t n;
        if (size < 4) return;
        bsp__put_u32(data, bsp__bswap32(bsp__u32(data)));
        n = bsp__u32(data);
        if (n > (size - 4) / lay->record_size) n = (size - 4) / lay->record_size;
        swap_records(data + 4, n, lay);
        return;
    }
    if (lay->kind == BSP_LAYOUT_HEADER) {
        if (size >= lay->record_size) swap_records(data, 1, lay);
        return;
    }
    swap_records(data, size / lay->record_size, lay);
}
