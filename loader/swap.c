/* swap.c - the one byte swapper: walks a lump's layout description and
 * reverses every multi-byte field in place. Used only when the file's byte
 * order differs from the host's. */
#include "swap.h"

static void swap_words(uint8_t *p, uint32_t n)
{
    for (; n; n--, p += 4) bsp_put_u32(p, bsp_bswap32(bsp_u32(p)));
}

void bsp_swap_lump(uint8_t *data, uint32_t size, const bsp_layout *lay)
{
    uint32_t rec, nrec;
    const char *w;
    if (lay->prefix_words || lay->prefix_per_count) {
        /* A table of words whose length depends on its first word, read
         * after that word is swapped; the rest is bytes. */
        uint64_t words;
        if (size < 4) return;
        swap_words(data, 1);
        words = lay->prefix_words + (uint64_t)lay->prefix_per_count * bsp_u32(data);
        if (words > size / 4) words = size / 4;
        swap_words(data + 4, (uint32_t)words - 1);
        return;
    }
    if (!lay->widths || !lay->record_size) return;
    nrec = size / lay->record_size;
    for (rec = 0; rec < nrec; rec++, data += lay->record_size) {
        uint8_t *p = data;
        for (w = lay->widths; *w; p += *w++ - '0') {
            if (*w == '2') bsp_put_u16(p, bsp_bswap16(bsp_u16(p)));
            else if (*w == '4') bsp_put_u32(p, bsp_bswap32(bsp_u32(p)));
        }
    }
}
