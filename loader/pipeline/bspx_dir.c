/* SPDX-License-Identifier: MIT */
/* bspx_dir.c - the BSPX directory (docs/queries.md 10.1): where it is, which
 * entries count. bsp_open reads it through a seekable stream; a
 * forward-only one cannot look past the lumps, so the load reads the bytes
 * after them and the same scan runs over the arena. */
#include "bspx_dir.h"
#include "../core/map.h"
#include "../core/read.h"

#if BSP__USE_BSPX   /* (core/config.h: only with a family whose description has one) */

#define ENTRY_BYTES 32u
#define CHUNK 8u   /* entries read at once */

/* Does `pos` hold a header ("BSPX", a count whose table fits the file)?
 * 1 with *count; 0 not; -1 with *st when the read failed. */
static int header_at(bsp__bspx_get get, void *ctx, uint32_t file_size, uint64_t pos,
                     uint32_t *count, bsp_status *st)
{
    uint8_t b[8];
    if (pos + 8 > file_size) return 0;
    if ((*st = get(ctx, (uint32_t)pos, b, 8)) != BSP_OK) return -1;
    if (b[0] != 'B' || b[1] != 'S' || b[2] != 'P' || b[3] != 'X') return 0;
    *count = bsp__get32(b + 4, 0);
    return (uint64_t)ENTRY_BYTES * *count <= file_size - pos - 8 ? 1 : 0;
}

/* A forward-only stream read up to `limit` (the first lump): the second
 * place's directory is read at bsp_open only when it lies before it. */
typedef struct limited { const bsp_stream *s; uint32_t limit; } limited;

/* With `check` (a forward-only stream's entries, read as lumps in file
 * order): does [ofs, ofs + len) stay clear of every entry kept? */
static int disjoint(const bsp_bspx *d, uint32_t ofs, uint32_t len, int check)
{
    uint32_t k;
    for (k = 0; check && k < d->count; k++)
        if (ofs < d->lump_offset[k] + d->lump_length[k] && d->lump_offset[k] < ofs + len) return 0;
    return 1;
}

bsp_status bsp__bspx_scan(bsp_bspx *d, bsp__bspx_get get, void *ctx, uint32_t file_size,
                          uint64_t place1, uint32_t place2, uint32_t min, uint32_t max)
{
    uint8_t chunk[CHUNK * ENTRY_BYTES];
    uint32_t count = 0, i, k;
    uint64_t pos = place1;
    bsp_status st = BSP_OK;
    int found, apart = min == BSP__BSPX_AFTER_TABLE;

    bsp__fill(d, 0, sizeof *d);
    found = header_at(get, ctx, file_size, pos, &count, &st);
    if (found == 0 && place2) {
        pos = place2;
        found = header_at(get, ctx, file_size, pos, &count, &st);
    }
    if (found <= 0) return found < 0 ? st : BSP_OK;
    d->offset = (uint32_t)pos;
    if (min == BSP__BSPX_AFTER_TABLE) min = (uint32_t)(pos + 8 + (uint64_t)ENTRY_BYTES * count);
    /* every entry is read once (the table lies inside the file), until
     * BSP_MAX_BSPX are kept */
    for (i = 0; i < count && d->count < BSP_MAX_BSPX; i += CHUNK) {
        uint32_t n = count - i < CHUNK ? count - i : CHUNK;
        if ((st = get(ctx, (uint32_t)(pos + 8 + (uint64_t)ENTRY_BYTES * i), chunk, n * ENTRY_BYTES)) != BSP_OK)
            return st;
        for (k = 0; k < n && d->count < BSP_MAX_BSPX; k++) {
            const uint8_t *e = chunk + ENTRY_BYTES * k;
            uint32_t ofs = bsp__get32(e + 24, 0), len = bsp__get32(e + 28, 0);
            if (len == 0 || (uint64_t)ofs + len > file_size || ofs < min ||
                (uint64_t)ofs + len > max || !disjoint(d, ofs, len, apart))
                continue;
            bsp__copy(d->name[d->count], e, BSP_BSPX_NAME);
            d->lump_offset[d->count] = ofs;
            d->lump_length[d->count] = len;
            d->count++;
        }
    }
    return BSP_OK;
}

static bsp_status stream_get(void *ctx, uint32_t offset, void *dst, uint32_t len)
{
    return bsp__read((const bsp_stream *)ctx, offset, dst, len);
}

/* (a read past the limit: as if the file ended there, so the place holds
 * no directory; its table is read only once the header fits) */
static bsp_status limited_get(void *ctx, uint32_t offset, void *dst, uint32_t len)
{
    const limited *l = (const limited *)ctx;
    if (offset > l->limit || len > l->limit - offset) return BSP_E_TRUNCATED;
    return bsp__read(l->s, offset, dst, len);
}

bsp_status bsp__bspx_open(bsp_header *h, const bsp_stream *s, const uint8_t *buf)
{
    const struct bsp_family *f = h->family;
    uint64_t x = 0;
    uint32_t place2 = f->dir.header_bytes, i;
    bsp_status st;

    if (!f->dir.bspx || h->file_size == BSP_SIZE_UNKNOWN) return BSP_OK;
    /* X: past every entry of the standard directory, empty ones included
     * (so the raw words, not h->lumps, which clears empty ones' offsets) */
    for (i = 0; i < f->dir.num_lumps; i++) {
        const uint8_t *e = buf + f->dir.dir_offset + 4u * i * f->dir.entry_words;
        uint64_t end = (uint64_t)bsp__get32(e + 4u * (uint32_t)f->dir.entry[0], 0) +
                       bsp__get32(e + 4u * (uint32_t)f->dir.entry[1], 0);
        if (end > x) x = end;
        if (h->lumps[i].length && h->lumps[i].offset == place2) place2 = 0;
    }
    x = (x + 3) & ~(uint64_t)3;
    if (place2 == x) place2 = 0;
    if (!s->forward_only) {
        st = bsp__bspx_scan(&h->bspx, stream_get, (void *)(uintptr_t)s, h->file_size, x, place2, 0,
                            h->file_size);
        for (i = 0; st == BSP_OK && i < h->bspx.count; i++) {
            bsp_lump_entry *e = &h->lumps[BSP_BSPX_FIRST + i];
            e->offset = h->bspx.lump_offset[i];
            e->length = e->size = h->bspx.lump_length[i];
        }
        return st;
    }
    /* forward-only, no room for a directory at X: the second place, when
     * it lies before every lump, read now, in order; its entries must lie
     * between it and the first lump, apart (each is read once, as a lump) */
    if (x + 8 > h->file_size) {
        limited l;
        l.s = s;
        l.limit = h->file_size;
        for (i = 0; i < f->dir.num_lumps; i++)
            if (h->lumps[i].length && h->lumps[i].offset < l.limit) l.limit = h->lumps[i].offset;
        if (!place2) return BSP_OK;
        st = bsp__bspx_scan(&h->bspx, limited_get, &l, h->file_size, place2, 0, BSP__BSPX_AFTER_TABLE,
                            l.limit);
        if (st == BSP_E_TRUNCATED) {   /* past the first lump: as no directory */
            bsp__fill(&h->bspx, 0, sizeof h->bspx);
            st = BSP_OK;
        }
        for (i = 0; st == BSP_OK && i < h->bspx.count; i++) {
            bsp_lump_entry *e = &h->lumps[BSP_BSPX_FIRST + i];
            e->offset = h->bspx.lump_offset[i];
            e->length = e->size = h->bspx.lump_length[i];
        }
        return st;
    }
    /* forward-only: the bytes from X on, read at load after every lump */
    if (x + 8 <= h->file_size) {
        bsp_lump_entry *e = &h->lumps[BSP__BSPX_TAIL];
        h->bspx.offset = (uint32_t)x;
        h->bspx.at_load = 1;
        e->offset = (uint32_t)x;
        e->length = e->size = h->file_size - (uint32_t)x;
    }
    return BSP_OK;
}

typedef struct tail { const uint8_t *data; uint32_t from, size; } tail;

static bsp_status tail_get(void *ctx, uint32_t offset, void *dst, uint32_t len)
{
    const tail *t = (const tail *)ctx;
    if (offset < t->from || offset - t->from > t->size || len > t->size - (offset - t->from))
        return BSP_E_TRUNCATED;
    bsp__copy(dst, t->data + (offset - t->from), len);
    return BSP_OK;
}

void bsp__bspx_from_tail(bsp__map *m, const bsp_header *h)
{
    tail t;
    uint32_t k;
    t.data = m->lump_data[BSP__BSPX_TAIL];
    t.size = m->lump_size[BSP__BSPX_TAIL];
    t.from = h->bspx.offset;
    m->lump_data[BSP__BSPX_TAIL] = NULL;
    m->lump_size[BSP__BSPX_TAIL] = 0;
    m->lump_file_offset[BSP__BSPX_TAIL] = 0;
    if (!t.data) return;
    /* (the tail reaches the end of the file: no read fails) */
    bsp__bspx_scan(&m->bspx, tail_get, &t, h->file_size, t.from, 0, t.from, h->file_size);
    for (k = 0; k < m->bspx.count; k++) {
        m->lump_data[BSP_BSPX_FIRST + k] = t.data + (m->bspx.lump_offset[k] - t.from);
        m->lump_size[BSP_BSPX_FIRST + k] = m->bspx.lump_length[k];
        m->lump_file_offset[BSP_BSPX_FIRST + k] = m->bspx.lump_offset[k];
    }
}
#endif
