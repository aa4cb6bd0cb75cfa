/* SPDX-License-Identifier: MIT */
/* header.c - bsp_open: recognise the family, read the lump directory.
 *
 * Reads only the header bytes, in one forward pass (8 bytes to recognise the
 * family, then the rest), so that bsp_load can continue a forward-only
 * stream. Every non-empty lump must lie inside the file and after the
 * header; lumps are not yet checked against each other (that depends on
 * which ones a load wants).
 */
#include "../family/family.h"
#include "read.h"

static uint32_t dir_word(const uint8_t *buf, const struct bsp_family *f, int big,
                         uint32_t lump, int8_t word)
{
    if (word < 0) return 0;
    return bsp__get32(buf + f->dir_offset + 4u * (lump * f->entry_words + (uint32_t)word), big);
}

/* Does reading the directory with `order` put every non-empty lump inside
 * the file, after the header? */
static int order_fits(const uint8_t *buf, const struct bsp_family *f, int big,
                      const int8_t order[4], uint32_t file_size)
{
    uint32_t i;
    for (i = 0; i < f->num_lumps; i++) {
        uint32_t ofs = dir_word(buf, f, big, i, order[0]);
        uint32_t len = dir_word(buf, f, big, i, order[1]);
        if (len == 0) continue;
        if (ofs < f->header_bytes || ofs > file_size || len > file_size - ofs) return 0;
    }
    return 1;
}

static void read_directory(bsp_header *h, const uint8_t *buf, const int8_t order[4])
{
    const struct bsp_family *f = h->family;
    uint32_t i;
    for (i = 0; i < f->num_lumps; i++) {
        bsp_lump_entry *e = &h->lumps[i];
        uint32_t unpacked = dir_word(buf, f, h->big_endian, i, order[3]);
        e->offset = dir_word(buf, f, h->big_endian, i, order[0]);
        e->length = dir_word(buf, f, h->big_endian, i, order[1]);
        e->version = dir_word(buf, f, h->big_endian, i, order[2]);
        if (e->length == 0) e->offset = 0;
        /* Source: a compressed lump keeps its uncompressed size where the
         * fourCC would be, and its bytes start with an LZMA header. */
        e->compressed = (uint8_t)(unpacked != 0 && e->length != 0);
        e->size = e->compressed ? unpacked : e->length;
    }
}

#if BSP__TACTICAL_INTERVENTION
/* Tactical Intervention: a file whose first bytes match no family may be
 * encrypted (xor.c). With a whole Source header's worth of file, read it,
 * take the key at BSP__XOR_KEY_AT and try again on the decrypted bytes;
 * buf then holds the plain header. NULL (status unchanged, BAD_MAGIC) if
 * that does not make a file bspkit knows; *st the read's status if the
 * medium failed. */
static const struct bsp_family *bsp__detect_encrypted(bsp_header *h, const bsp_stream *s,
                                                      uint8_t *buf, int32_t *version,
                                                      uint8_t *big, bsp_status *st)
{
    const struct bsp_family *f;
    bsp_status ignored;
    uint32_t i, bytes = BSP__XOR_HEADER_BYTES;
    bsp_status rs;
    if (s->size < bytes) return NULL;
    /* A file that ends first is simply not encrypted (bad_magic stays); a
     * failing medium is an I/O error whatever the file is. */
    if ((rs = bsp__read(s, 8, buf + 8, bytes - 8u)) != BSP_OK) {
        if (rs != BSP_E_TRUNCATED) *st = rs;
        return NULL;
    }
    for (i = 0; i < BSP__XOR_KEY_BYTES; i++) h->xor_key[i] = buf[BSP__XOR_KEY_AT + i];
    bsp__xor(buf, bytes, 0, h->xor_key);
    f = bsp__detect(buf, version, big, &ignored);
    if (!f || f->header_bytes != bytes) {
        bsp__xor(buf, bytes, 0, h->xor_key);   /* back as the file has it */
        bsp__fill(h->xor_key, 0, sizeof h->xor_key);
        return NULL;
    }
    h->encrypted = 1;
    *st = BSP_OK;
    return f;
}
#endif

bsp_status bsp_open(bsp_header *h, const bsp_stream *s)
{
    uint8_t buf[BSP__HEADER_MAX];
    const struct bsp_family *f;
    int32_t version = 0;
    uint8_t big = 0;
    const int8_t *order;
    int fits;
    bsp_status st;

    if (!h || !s || !s->read) return BSP_E_BAD_ARGUMENT;
    bsp__fill(h, 0, sizeof *h);
    /* BSP_SIZE_UNKNOWN passes these size checks: the reads find the end. */
    if (s->size < 8) return BSP_E_TRUNCATED;
    if ((st = bsp__read(s, 0, buf, 8)) != BSP_OK) return st;
    f = bsp__detect(buf, &version, &big, &st);
#if BSP__TACTICAL_INTERVENTION
    if (!f && st == BSP_E_BAD_MAGIC) f = bsp__detect_encrypted(h, s, buf, &version, &big, &st);
#endif
    if (!f) {
        if (st == BSP_E_BAD_MAGIC && (h->appears = bsp__foreign_format(buf)) != NULL)
            st = BSP_E_BAD_VERSION;
        return st;
    }
    if (s->size < f->header_bytes) return BSP_E_TRUNCATED;
    if (!h->encrypted && f->header_bytes > 8 &&
        (st = bsp__read(s, 8, buf + 8, f->header_bytes - 8u)) != BSP_OK)
        return st;

    h->family = f;
    h->version = version;
    h->big_endian = big;
    h->num_lumps = f->num_lumps;
    h->header_bytes = f->header_bytes;
    h->file_size = s->size;
    /* The entry order is told by plausibility, whatever the file version
     * (Left 4 Dead 2 at v21, Contagion at v27). */
    order = f->entry;
    fits = order_fits(buf, f, big, order, s->size);
    if (!fits && f->alt_entry[0] != f->alt_entry[1] &&
        order_fits(buf, f, big, f->alt_entry, s->size)) {
        h->l4d2_order = 1;
        order = f->alt_entry;
        fits = 1;
    }
    read_directory(h, buf, order);
    h->family = bsp__family_for_lumps(f, h);
    return fits ? BSP_OK : BSP_E_BAD_LUMP;
}
