/* SPDX-License-Identifier: MIT */
/* header.c - bsp_open: recognise the family, read the lump directory.
 *
 * Reads only the header bytes, in one forward pass (8 bytes to recognise the
 * family, then the rest), so that bsp_load can continue a forward-only
 * stream (a seekable one may be read further: the BSPX directory, and a
 * version-29 file's model lump when its length fits Quake and Hexen II).
 * Every non-empty lump must lie inside the file and after the header;
 * lumps are not yet checked against each other (that depends on which
 * ones a load wants).
 */
#include "../family/family.h"
#include "../core/read.h"
#include "bspx_dir.h"
#include "plan.h"

/* Read the directory's h->num_lumps entries with `order` (the positions
 * of offset, length, version and uncompressed size in an entry; -1: none). */
static void read_directory(bsp_header *h, const uint8_t *buf, const int8_t order[4])
{
    const struct bsp_family *f = h->family;
    uint32_t i, k;
    for (i = 0; i < h->num_lumps; i++) {
        bsp_lump_entry *e = &h->lumps[i];
        const uint8_t *entry = buf + f->dir.dir_offset + 4u * i * f->dir.entry_words;
        uint32_t word[4];
        for (k = 0; k < 4; k++)
            word[k] = order[k] < 0 ? 0 : bsp__get32(entry + 4u * (uint32_t)order[k], h->big_endian);
        e->offset = word[1] ? word[0] : 0;
        e->length = word[1];
        e->version = word[2];
        /* Source: a compressed lump keeps its uncompressed size where the
         * fourCC would be, and its bytes start with an LZMA header. */
        e->compressed = (uint8_t)(word[3] != 0 && word[1] != 0);
        e->size = e->compressed ? word[3] : word[1];
    }
}

uint32_t bsp__directory_misfit(const bsp_header *h)
{
    uint32_t i, best = BSP_NO_LUMP;
    /* (a family that keeps lumps in parts: the plan finds a lump past the
     * end that no part replaces, 12.8) */
    int parts = BSP__USE_PARTS && h->family && bsp__family_parts(h->family);
    for (i = 0; i < h->num_lumps && !parts; i++) {
        const bsp_lump_entry *e = &h->lumps[i];
        if (e->length && (e->offset > h->file_size || e->length > h->file_size - e->offset) &&
            (best == BSP_NO_LUMP || e->offset < h->lumps[best].offset))
            best = i;
    }
    for (i = 0; i < h->num_lumps && best == BSP_NO_LUMP; i++)
        if (h->lumps[i].length && h->lumps[i].offset < h->header_bytes) best = i;
    return best;
}

/* Does the directory as read put every non-empty lump inside the file,
 * after the header? */
static int directory_fits(const bsp_header *h)
{
    return bsp__directory_misfit(h) == BSP_NO_LUMP;
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
    if (!f || f->dir.header_bytes != bytes) {
        bsp__xor(buf, bytes, 0, h->xor_key);   /* back as the file has it */
        bsp__fill(h->xor_key, 0, sizeof h->xor_key);
        return NULL;
    }
    h->encrypted = 1;
    *st = BSP_OK;
    return f;
}
#endif

#if BSP__OPTIONAL_LAST
/* The description's optional last entry (IBSP 47's 18th, docs/queries.md
 * 13.2), h counting the entries before it: read when no lump of those
 * starts before the longer header ends, so that a forward-only stream
 * never passes a lump's first bytes; kept when its lump is empty or a
 * whole number of its records inside the file. Otherwise the header ends
 * before it and the lump stays empty. */
static bsp_status read_optional_last(bsp_header *h, const bsp_stream *s, uint8_t *buf)
{
    const struct bsp_family *f = h->family;
    uint32_t full = f->dir.header_bytes, last = f->dir.num_lumps - 1u, i, rec;
    const bsp_lump_entry *e = &h->lumps[last];
    bsp_status st;
    read_directory(h, buf, f->dir.entry);        /* (the entries before it) */
    for (i = 0; i < last; i++)
        if (h->lumps[i].length && h->lumps[i].offset < full) return BSP_OK;
    if (s->size < full) return BSP_OK;
    if ((st = bsp__read(s, h->header_bytes, buf + h->header_bytes, full - h->header_bytes)) != BSP_OK)
        return st;
    h->num_lumps++;
    read_directory(h, buf, f->dir.entry);
    rec = bsp_lump_record_size(h, last);
    if (e->length && ((rec && e->length % rec) || e->offset < full || e->offset > h->file_size ||
                      e->length > h->file_size - e->offset)) {
        bsp__fill(&h->lumps[last], 0, sizeof h->lumps[last]);
        h->num_lumps--;
        return BSP_OK;
    }
    h->header_bytes = full;
    return BSP_OK;
}
#endif

#if BSPKIT_FAMILY_RESPAWN
/* Respawn's compiler signature (docs/queries.md 12.1): the bytes after the
 * directory, up to the first lump, read as far as its first line's room
 * (63 bytes) and kept up to the first NUL. They count as header bytes, so
 * that the load continues a forward-only stream after them; no lump
 * starts before them. */
static bsp_status read_signature(bsp_header *h, const bsp_stream *s)
{
    uint32_t end = h->file_size, i, n;
    bsp_status st;
    for (i = 0; i < h->num_lumps; i++)
        if (h->lumps[i].length && h->lumps[i].offset < end) end = h->lumps[i].offset;
    if (end == BSP_SIZE_UNKNOWN || end <= h->header_bytes) return BSP_OK;
    n = end - h->header_bytes < sizeof h->signature - 1u ? end - h->header_bytes
                                                         : (uint32_t)sizeof h->signature - 1u;
    if ((st = bsp__read(s, h->header_bytes, (uint8_t *)h->signature, n)) != BSP_OK) return st;
    h->header_bytes += n;
    for (i = 0; i < n && h->signature[i]; i++) {}
    bsp__fill(h->signature + i, 0, sizeof h->signature - i);
    return BSP_OK;
}
#endif

#if BSP__MODELS_VARIANT
/* Records of lump `lump` by the lump's length (none past its last whole one). */
static uint32_t whole_records(const bsp_header *h, int lump)
{
    uint32_t rec = lump < 0 ? 0 : bsp_lump_record_size(h, (uint32_t)lump);
    return rec ? h->lumps[lump].length / rec : 0;
}

/* Is each of the n records of the variant v at `rec` plausible as a
 * model of this file (docs/queries.md 13.4)? counts: leaves, faces,
 * nodes, clipnodes. The head nodes are those before visleafs. */
static int models_plausible(const struct bsp_family *v, const uint8_t *rec, uint32_t n, uint32_t size,
                            const uint32_t counts[4])
{
    uint32_t i, k, heads = (uint32_t)(v->tree.model_numleafs.offset - v->tree.model_headnode.offset) / 4u;
    for (i = 0; i < n; i++, rec += size) {
        int32_t leaves = bsp__field_get(rec, v->tree.model_numleafs);
        int32_t first = bsp__field_get(rec, v->tree.model_firstface);
        int32_t num = bsp__field_get(rec, v->tree.model_numfaces);
        if (leaves < 0 || (uint32_t)leaves > counts[0] || first < 0 || num < 0 ||
            (uint64_t)first + (uint32_t)num > counts[1])
            return 0;
        for (k = 0; k < heads; k++) {
            int32_t head = bsp__field_get(rec, bsp__field_at(v->tree.model_headnode, k));
            if (head >= 0 && (uint32_t)head >= counts[k > 0 ? 3 : 2]) return 0;
        }
    }
    return 1;
}

/* Is the file the family's models_variant's (Hexen II: description.h)?
 * Its model lump a whole number of the variant's records and not of the
 * family's says so; of both, every record of the variant plausible, read
 * here from a seekable stream (a forward-only one cannot come back for
 * the lump: the file stays the family's). *st: a read that failed. */
static const struct bsp_family *models_variant(bsp_header *h, const bsp_stream *s, bsp_status *st)
{
    const struct bsp_family *f = h->family, *v = f->dir.models_variant;
    uint8_t chunk[4 * 128];
    int lump = bsp__role_lump(f, BSP_ROLE_MODELS);
    uint32_t len = h->lumps[lump].length, ours = bsp_lump_record_size(h, (uint32_t)lump), theirs, n, at;
    uint32_t counts[4];
    h->family = v;
    theirs = bsp_lump_record_size(h, (uint32_t)lump);
    h->family = f;
    if (!len || !theirs || !ours || theirs > sizeof chunk || len % theirs) return f;
    if (len % ours) return v;
    if (s->forward_only) return f;
    counts[0] = whole_records(h, bsp__role_lump(f, BSP_ROLE_LEAFS));
    counts[1] = whole_records(h, bsp__role_lump(f, BSP_ROLE_FACES));
    counts[2] = whole_records(h, bsp__role_lump(f, BSP_ROLE_NODES));
    counts[3] = whole_records(h, f->dir.models_clipnodes);
    for (at = 0; at < len; at += n * theirs) {
        n = (len - at) / theirs < sizeof chunk / theirs ? (len - at) / theirs : sizeof chunk / theirs;
        if ((*st = bsp__read(s, h->lumps[lump].offset + at, chunk, n * theirs)) != BSP_OK) return f;
        if (!models_plausible(v, chunk, n, theirs, counts)) return f;
    }
    return v;
}
#endif

bsp_status bsp_open(bsp_header *h, const bsp_stream *s)
{
    uint8_t buf[BSP__HEADER_MAX];
    const struct bsp_family *f;
    int32_t version = 0;
    uint8_t big = 0;
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
        /* (with respawn, an rBSP version it does not read is already
         * bad_version: Apex Legends' is named) */
        if ((st == BSP_E_BAD_MAGIC || BSPKIT_FAMILY_RESPAWN) &&
            (h->appears = bsp__foreign_format(buf)) != NULL)
            st = BSP_E_BAD_VERSION;
        return st;
    }
    h->family = f;
    h->version = version;
    h->big_endian = big;
    h->num_lumps = f->dir.num_lumps;
    h->header_bytes = f->dir.header_bytes;
    h->file_size = s->size;
#if BSP__OPTIONAL_LAST
    if (f->dir.optional_last) {
        h->num_lumps--;
        h->header_bytes -= 4u * f->dir.entry_words;
    }
#endif
    if (s->size < h->header_bytes) return BSP_E_TRUNCATED;
    if (!h->encrypted && h->header_bytes > 8 &&
        (st = bsp__read(s, 8, buf + 8, h->header_bytes - 8u)) != BSP_OK)
        return st;
#if BSP__OPTIONAL_LAST
    if (f->dir.optional_last && (st = read_optional_last(h, s, buf)) != BSP_OK) return st;
#endif
#if BSPKIT_FAMILY_RESPAWN
    /* Respawn: the highest lump index says the directory's size */
    if (f->dir.count_at && bsp__get32(buf + f->dir.count_at, big) != f->dir.num_lumps - 1u)
        return BSP_E_BAD_VERSION;
    if (f->dir.revision_at) h->revision = bsp__get32(buf + f->dir.revision_at, big);
#endif
    /* The entry order is told by plausibility, whatever the file version
     * (Left 4 Dead 2 at v21, Contagion at v27); a directory that fits in
     * neither is kept as the family's order reads it. */
    read_directory(h, buf, f->dir.entry);
    fits = directory_fits(h);
    if (!fits && f->dir.alt_entry[0] != f->dir.alt_entry[1]) {
        read_directory(h, buf, f->dir.alt_entry);
        fits = directory_fits(h);
        if (fits) h->l4d2_order = 1;
        else read_directory(h, buf, f->dir.entry);
    }
    h->family = bsp__family_for_lumps(f, h);
    if (!h->family) return BSP_E_BAD_VERSION;   /* (a variant left out of the build) */
    if (!fits) return BSP_E_BAD_LUMP;
#if BSPKIT_FAMILY_RESPAWN
    if (f->dir.signature && (st = read_signature(h, s)) != BSP_OK) return st;
#endif
#if BSP__MODELS_VARIANT
    if (h->family->dir.models_variant) {
        st = BSP_OK;
        h->family = models_variant(h, s, &st);
        if (st != BSP_OK) return st;
    }
#endif
#if BSP__USE_BSPX
    /* the BSPX directory after the lumps (docs/queries.md 10.1) */
    return bsp__bspx_open(h, s, buf);
#else
    (void)s;   /* (no family of this build has one: h->bspx stays empty) */
    return BSP_OK;
#endif
}
