/* SPDX-License-Identifier: MIT */
/* test_pak.c - the pakfile reader (bspkit.h "The pakfile"): a plain
 * pakfile of stored and LZMA entries (with and without end marker) and a
 * Valve aligned one (XZP2 + preload section, big-endian), both written by
 * test/craft/pak_gen.py from the format; opened whole and from the stream's
 * bytes (the same entries, the same bytes); Valve's lookup rule; and the
 * hostile cases of issue 33, each a status and the problem it names:
 * lying counts, a directory outside the pakfile or over entry data, local
 * headers that disagree, overlapping entries, an LZMA entry whose stream
 * runs past its stated size (a zip bomb) or past the caller's buffer,
 * names with a NUL, preload counts that do not fit, zip64 and split
 * archives, other methods, encryption, a CRC mismatch, and every prefix
 * of the file. Run under ASan+UBSan by the suite (test/suite/52-pak.sh).
 *
 *   test_pak PLAIN.pak ALIGNED_BE.pak [MAP_WITH_PAKFILE...]
 */
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "../common/files.h"
#include "../../platform/memory/bsp_memstream.h"

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t rd32(const uint8_t *p) { return p[0] | p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static void wr16(uint8_t *p, uint32_t v) { p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8); }
static void wr32(uint8_t *p, uint32_t v) { wr16(p, v), wr16(p + 2, v >> 16); }

/* An entry's bytes through a job, into exactly-sized heap buffers (so
 * that ASan sees any write past them). *out: malloc'd, the caller frees. */
static bsp_status read_entry(const bsp_pak_entry *e, const void *stored, uint8_t **out,
                             bsp_pak_problem *why, uint32_t shrink)
{
    bsp_pak_job j;
    uint32_t need_dst, need_tables;
    bsp_status st;
    memset(&j, 0, sizeof j);
    j.entry = *e;
    j.stored = stored;
    j.check_crc = 1;
    *out = NULL;
    st = bsp_pak_read_bytes(e, stored, &need_dst, &need_tables);
    if (st != BSP_OK) {
        bsp_pak_job_run(&j);
        *why = j.problem;
        return st;
    }
    j.dst_bytes = need_dst - shrink;
    j.tables_bytes = need_tables;
    j.dst = *out = malloc(j.dst_bytes ? j.dst_bytes : 1);
    j.tables = malloc(need_tables ? need_tables : 1);
    st = bsp_pak_job_run(&j);
    free(j.tables);
    *why = j.problem;
    if (st != j.status) CHECK(0, "pak: a job's status is what it returns", "%d, j.status %d", st, j.status);
    return st;
}

/* Open, walk, read every entry: the first failure and its problem. */
static bsp_status probe_list(const uint8_t *b, uint32_t size, int be, bsp_pak_problem *why,
                             int read);
static bsp_status probe(const uint8_t *b, uint32_t size, int be, bsp_pak_problem *why)
{
    return probe_list(b, size, be, why, 1);
}

/* read 0: open and list only */
static bsp_status probe_list(const uint8_t *b, uint32_t size, int be, bsp_pak_problem *why,
                             int read)
{
    bsp_pak p;
    bsp_pak_entry e;
    bsp_status st = bsp_pak_open(&p, b, size, be);
    *why = p.problem;
    if (st != BSP_OK || !p.count) return st;
    for (st = bsp_pak_get(&p, 0, &e); st != BSP_E_END; st = bsp_pak_next(&p, &e)) {
        uint8_t *out;
        if (st != BSP_OK) return *why = e.problem, st;
        if (!read) continue;
        st = read_entry(&e, e.data, &out, why, 0);
        free(out);
        if (st != BSP_OK) return st;
    }
    *why = BSP_PAK_FINE;
    return BSP_OK;
}

/* Central record k of a pakfile with no comment-borne XZP rules. */
static uint8_t *record(uint8_t *b, uint32_t size, uint32_t k)
{
    uint8_t *end = b + size - 22, *r;
    while (rd32(end) != 0x06054b50u) end--;
    r = b + rd32(end + 16);
    while (k--) r += 46 + rd16(r + 28) + rd16(r + 30) + rd16(r + 32);
    return r;
}
/* (the plain pakfile has no comment) */
static uint8_t *end_record(uint8_t *b, uint32_t size) { return b + size - 22; }

typedef void (*mutate_fn)(uint8_t *b, uint32_t size);

static void expect(const uint8_t *orig, uint32_t size, mutate_fn f, const char *name,
                   bsp_status want, bsp_pak_problem want_why)
{
    uint8_t *b = malloc(size);
    bsp_pak_problem why;
    bsp_status st;
    memcpy(b, orig, size);
    f(b, size);
    st = probe(b, size, 0, &why);
    CHECK(st == want && why == want_why, name, "%s (%s), want %s (%s)", bsp_status_name(st),
          bsp_pak_problem_name(why), bsp_status_name(want), bsp_pak_problem_name(want_why));
    free(b);
}

/* The hostile cases, each from the format. Entry 1 is LZMA with an end
 * marker (20 000 bytes), 5 LZMA of 70 000 bytes, 0 stored. */
static void m_count_up(uint8_t *b, uint32_t n) { uint8_t *e = end_record(b, n); wr16(e + 8, rd16(e + 8) + 1); wr16(e + 10, rd16(e + 10) + 1); }
static void m_count_down(uint8_t *b, uint32_t n) { uint8_t *e = end_record(b, n); wr16(e + 8, rd16(e + 8) - 1); wr16(e + 10, rd16(e + 10) - 1); }
static void m_count_disk(uint8_t *b, uint32_t n) { uint8_t *e = end_record(b, n); wr16(e + 8, rd16(e + 8) - 1); }
static void m_count_huge(uint8_t *b, uint32_t n) { uint8_t *e = end_record(b, n); wr16(e + 8, 60000); wr16(e + 10, 60000); }
static void m_dir_outside(uint8_t *b, uint32_t n) { uint8_t *e = end_record(b, n); wr32(e + 16, n); }
static void m_dir_size(uint8_t *b, uint32_t n) { uint8_t *e = end_record(b, n); wr32(e + 12, 0xfffffff0u); }
static void m_dir_into_data(uint8_t *b, uint32_t n) { uint8_t *e = end_record(b, n); wr32(e + 16, rd32(e + 16) - 40); wr32(e + 12, rd32(e + 12) + 40); }
static void m_data_into_dir(uint8_t *b, uint32_t n) { uint8_t *r = record(b, n, 6); wr32(r + 20, rd32(r + 20) + 200); }
static void m_local_name(uint8_t *b, uint32_t n) { uint8_t *r = record(b, n, 2); b[rd32(r + 42) + 30] ^= 0x20; }
static void m_local_method(uint8_t *b, uint32_t n) { uint8_t *r = record(b, n, 2); wr16(b + rd32(r + 42) + 8, 0); }
static void m_local_size(uint8_t *b, uint32_t n) { uint8_t *r = record(b, n, 0); wr32(b + rd32(r + 42) + 18, 5); }
static void m_local_sig(uint8_t *b, uint32_t n) { uint8_t *r = record(b, n, 1); b[rd32(r + 42)] = 'Q'; }
static void m_overlap(uint8_t *b, uint32_t n) { uint8_t *r0 = record(b, n, 0), *r1 = record(b, n, 1); wr32(r1 + 42, rd32(r0 + 42) + 10); }
static void m_overlap_grow(uint8_t *b, uint32_t n)
{
    /* entry 0's data grown by 8 in both headers: it reaches entry 1's
     * local header, found by the exact check (its own header) */
    uint8_t *r = record(b, n, 0), *l = b + rd32(r + 42);
    uint32_t room = rd32(record(b, n, 1) + 42) - (rd32(r + 42) + 30 + rd16(r + 28) + rd16(l + 28) + rd32(r + 20));
    wr32(r + 20, rd32(r + 20) + room + 1); wr32(r + 24, rd32(r + 24) + room + 1);
    wr32(l + 18, rd32(l + 18) + room + 1); wr32(l + 22, rd32(l + 22) + room + 1);
    /* the minimal span must still fit: the local extra field is 0 here */
}
static void both_size(uint8_t *b, uint32_t n, uint32_t k, uint32_t size)
{
    uint8_t *r = record(b, n, k);
    wr32(r + 24, size);
    wr32(b + rd32(r + 42) + 22, size);
}
static void m_short(uint8_t *b, uint32_t n) { both_size(b, n, 2, 20001); }
static void m_name_nul(uint8_t *b, uint32_t n) { record(b, n, 3)[46 + 4] = 0; }
static void m_name_empty(uint8_t *b, uint32_t n) { uint8_t *r = record(b, n, 6); wr16(r + 30, rd16(r + 30) + rd16(r + 28)); wr16(r + 28, 0); }
static void m_zip64(uint8_t *b, uint32_t n) { uint8_t *r = record(b, n, 2); wr32(r + 20, 0xffffffffu); }
static void m_zip64_count(uint8_t *b, uint32_t n) { uint8_t *e = end_record(b, n); wr16(e + 8, 0xffff); wr16(e + 10, 0xffff); }
static void m_disk(uint8_t *b, uint32_t n) { wr16(end_record(b, n) + 4, 1); }
static void m_disk_entry(uint8_t *b, uint32_t n) { wr16(record(b, n, 4) + 34, 2); }
static void m_method(uint8_t *b, uint32_t n) { uint8_t *r = record(b, n, 0); wr16(r + 10, 8); wr16(b + rd32(r + 42) + 8, 8); }
static void m_encrypted(uint8_t *b, uint32_t n) { uint8_t *r = record(b, n, 0); wr16(r + 8, 1); wr16(b + rd32(r + 42) + 6, 1); }
static void m_crc(uint8_t *b, uint32_t n) { uint8_t *r = record(b, n, 2); wr32(r + 16, rd32(r + 16) ^ 1); wr32(b + rd32(r + 42) + 14, rd32(r + 16)); }
static void m_lzma_props(uint8_t *b, uint32_t n) { uint8_t *r = record(b, n, 1); wr16(b + rd32(r + 42) + 30 + rd16(r + 28) + 2, 6); }
static void m_lzma_lc(uint8_t *b, uint32_t n) { uint8_t *r = record(b, n, 1); b[rd32(r + 42) + 30 + rd16(r + 28) + 4] = 225; }
static void m_lzma_first(uint8_t *b, uint32_t n) { uint8_t *r = record(b, n, 2); b[rd32(r + 42) + 30 + rd16(r + 28) + 9] = 0x80; }
static void m_lzma_short(uint8_t *b, uint32_t n) { uint8_t *r = record(b, n, 0); wr16(r + 10, 14); wr16(b + rd32(r + 42) + 8, 14); wr32(r + 20, 4); wr32(b + rd32(r + 42) + 18, 4); }
static void m_stored_sizes(uint8_t *b, uint32_t n) { uint8_t *r = record(b, n, 0); wr32(r + 24, 10); wr32(b + rd32(r + 42) + 22, 10); }
static void m_sig(uint8_t *b, uint32_t n) { record(b, n, 3)[0] = 'X'; }
static void m_locator(uint8_t *b, uint32_t n) { wr32(end_record(b, n) - 20, 0x07064b50u); }

/* LZMA entries stated shorter than their streams (entry 1: end marker,
 * 20 000 bytes; entry 5: 70 000): every cut refused as LZMA_CORRUPT
 * (lzma_too_long when it falls between two symbols, lzma_data when a match
 * crosses it), and a bomb (70 000 stated as 1 000) refused in its stated
 * size's buffer (exactly sized: ASan sees any write past it). */
static void bombs(const uint8_t *orig, uint32_t n)
{
    static const uint32_t entries[2] = {1, 5}, sizes[2] = {20000, 70000};
    uint8_t *b = malloc(n);
    uint32_t k, cut, corrupt = 0, too_long = 0, tries = 0;
    bsp_pak_problem why;
    bsp_status st;
    for (k = 0; k < 2; k++)
        for (cut = 1; cut <= 40; cut++, tries++) {
            memcpy(b, orig, n);
            both_size(b, n, entries[k], sizes[k] - cut);
            st = probe(b, n, 0, &why);
            corrupt += st == BSP_E_LZMA_CORRUPT && (why == BSP_PAK_LZMA_TOO_LONG || why == BSP_PAK_LZMA_DATA);
            too_long += why == BSP_PAK_LZMA_TOO_LONG;
        }
    CHECK(corrupt == tries && too_long > 0, "pak hostile: LZMA streams longer than their stated size",
          "%u of %u refused, %u as lzma_too_long", corrupt, tries, too_long);
    memcpy(b, orig, n);
    both_size(b, n, 5, 1000);
    st = probe(b, n, 0, &why);
    CHECK((st == BSP_E_LZMA_CORRUPT && why == BSP_PAK_LZMA_TOO_LONG) ||
          (st == BSP_E_LZMA_OVERLAP && why == BSP_PAK_LZMA_OVERLAP),
          "pak hostile: zip bomb (70 000 bytes stated as 1 000) refused within its buffer",
          "%s (%s)", bsp_status_name(st), bsp_pak_problem_name(why));
    free(b);
}

static void hostile(const uint8_t *plain, uint32_t n)
{
    static const struct {
        mutate_fn f;
        const char *name;
        bsp_status st;
        bsp_pak_problem why;
    } cases[] = {
        {m_count_up, "pak hostile: count one too many", BSP_E_CORRUPT, BSP_PAK_COUNT_MISMATCH},
        {m_count_down, "pak hostile: count one too few", BSP_E_CORRUPT, BSP_PAK_COUNT_MISMATCH},
        {m_count_disk, "pak hostile: the two counts differ", BSP_E_CORRUPT, BSP_PAK_COUNT_MISMATCH},
        {m_count_huge, "pak hostile: count over the directory", BSP_E_CORRUPT, BSP_PAK_COUNT_MISMATCH},
        {m_sig, "pak hostile: a record without its signature", BSP_E_CORRUPT, BSP_PAK_COUNT_MISMATCH},
        {m_dir_outside, "pak hostile: directory past the pakfile", BSP_E_CORRUPT, BSP_PAK_DIRECTORY_OUTSIDE},
        {m_dir_size, "pak hostile: directory size over 4 GiB", BSP_E_CORRUPT, BSP_PAK_DIRECTORY_OUTSIDE},
        {m_dir_into_data, "pak hostile: directory starting inside entry data", BSP_E_CORRUPT, BSP_PAK_COUNT_MISMATCH},
        {m_data_into_dir, "pak hostile: last entry's data over the directory", BSP_E_CORRUPT, BSP_PAK_DIRECTORY_OVERLAP},
        {m_local_name, "pak hostile: local name differs", BSP_E_CORRUPT, BSP_PAK_LOCAL_MISMATCH},
        {m_local_method, "pak hostile: local method differs", BSP_E_CORRUPT, BSP_PAK_LOCAL_MISMATCH},
        {m_local_size, "pak hostile: local size differs", BSP_E_CORRUPT, BSP_PAK_LOCAL_MISMATCH},
        {m_local_sig, "pak hostile: no local header", BSP_E_CORRUPT, BSP_PAK_LOCAL_MISMATCH},
        {m_overlap, "pak hostile: entries overlap (header inside the previous)", BSP_E_CORRUPT, BSP_PAK_ENTRIES_OVERLAP},
        {m_overlap_grow, "pak hostile: entry data reaching the next header", BSP_E_CORRUPT, BSP_PAK_ENTRIES_OVERLAP},
        {m_short, "pak hostile: LZMA stream shorter than its size", BSP_E_LZMA_CORRUPT, BSP_PAK_LZMA_DATA},
        {m_name_nul, "pak hostile: a NUL in a name", BSP_E_CORRUPT, BSP_PAK_BAD_NAME},
        {m_name_empty, "pak hostile: an empty name", BSP_E_CORRUPT, BSP_PAK_BAD_NAME},
        {m_zip64, "pak hostile: zip64 size", BSP_E_UNSUPPORTED, BSP_PAK_ZIP64},
        {m_zip64_count, "pak hostile: zip64 count", BSP_E_UNSUPPORTED, BSP_PAK_ZIP64},
        {m_locator, "pak hostile: zip64 locator", BSP_E_UNSUPPORTED, BSP_PAK_ZIP64},
        {m_disk, "pak hostile: split archive", BSP_E_UNSUPPORTED, BSP_PAK_MULTI_DISK},
        {m_disk_entry, "pak hostile: entry on another disk", BSP_E_UNSUPPORTED, BSP_PAK_MULTI_DISK},
        {m_method, "pak hostile: deflate", BSP_E_UNSUPPORTED, BSP_PAK_METHOD},
        {m_encrypted, "pak hostile: encrypted", BSP_E_UNSUPPORTED, BSP_PAK_ENCRYPTED},
        {m_crc, "pak hostile: CRC-32 mismatch", BSP_E_CORRUPT, BSP_PAK_CRC},
        {m_lzma_props, "pak hostile: LZMA property size 6", BSP_E_LZMA_CORRUPT, BSP_PAK_LZMA_HEADER},
        {m_lzma_lc, "pak hostile: LZMA properties out of range", BSP_E_LZMA_CORRUPT, BSP_PAK_LZMA_HEADER},
        {m_lzma_first, "pak hostile: LZMA stream not starting with 0", BSP_E_LZMA_CORRUPT, BSP_PAK_LZMA_DATA},
        {m_lzma_short, "pak hostile: LZMA entry shorter than its header", BSP_E_CORRUPT, BSP_PAK_SIZES},
        {m_stored_sizes, "pak hostile: stored entry with two sizes", BSP_E_CORRUPT, BSP_PAK_SIZES},
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) expect(plain, n, cases[i].f, cases[i].name, cases[i].st, cases[i].why);
    bombs(plain, n);
}

/* Every entry of the whole-file open read again from a stream-style open:
 * the tail first, then the directory, then each local header and data. */
static void from_stream(const uint8_t *b, uint32_t n, int be, const char *what)
{
    bsp_pak whole, part;
    bsp_pak_entry e, f;
    uint32_t tail = n < 64 ? n : 64, same = 0, k;
    bsp_status st;
    char name[160];
    bsp_pak_open(&whole, b, n, be);
    st = bsp_pak_open_tail(&part, b + n - tail, tail, n, be);
    snprintf(name, sizeof name, "pak %s: a short tail asks for the directory", what);
    CHECK(tail == n || (st == BSP_E_TRUNCATED && part.dir_offset == whole.dir_offset), name,
          "%s (%s), dir %u", bsp_status_name(st), bsp_pak_problem_name(part.problem), part.dir_offset);
    st = bsp_pak_open_tail(&part, b + whole.dir_offset, n - whole.dir_offset, n, be);
    snprintf(name, sizeof name, "pak %s: opens from the directory on", what);
    CHECK(st == BSP_OK && part.count == whole.count, name, "%s (%s)", bsp_status_name(st),
          bsp_pak_problem_name(part.problem));
    for (k = 0; k < whole.count; k++) {
        uint8_t *o1, *o2;
        bsp_pak_problem w1, w2;
        bsp_status s1, s2;
        if (bsp_pak_get(&whole, k, &e) != BSP_OK || bsp_pak_get(&part, k, &f) != BSP_OK) break;
        if (f.data || f.offset) break;   /* not among the bytes given */
        if (bsp_pak_entry_local(&part, &f, b + f.header_offset, BSP_PAK_LOCAL_BYTES + f.name_len) != BSP_OK ||
            f.offset != e.offset)
            break;
        s1 = read_entry(&e, e.data, &o1, &w1, 0);
        s2 = read_entry(&f, b + f.offset, &o2, &w2, 0);
        if (s1 == BSP_OK && s2 == BSP_OK && !memcmp(o1, o2, e.size)) same++;
        free(o1), free(o2);
    }
    snprintf(name, sizeof name, "pak %s: every entry read alike from the stream's bytes", what);
    CHECK(same == whole.count, name, "%u of %u", same, whole.count);
}

static void good_plain(const uint8_t *b, uint32_t n)
{
    bsp_pak p;
    bsp_pak_entry e;
    bsp_pak_problem why;
    uint8_t *out;
    uint32_t k, ok = 0, lzma = 0, eos = 0;
    bsp_status st = bsp_pak_open(&p, b, n, 0);
    CHECK(st == BSP_OK && p.count == 7 && !p.xzp && !p.preload, "pak plain: opens, 7 entries",
          "%s (%s) count %u", bsp_status_name(st), bsp_pak_problem_name(p.problem), p.count);
    for (k = 0; k < p.count; k++) {
        if (bsp_pak_get(&p, k, &e) != BSP_OK) continue;
        if (e.method == BSP_PAK_LZMA) lzma++, eos += (e.flags & 2) != 0;
        if (e.method == BSP_PAK_STORED && e.data != b + e.offset) continue;   /* in place */
        st = read_entry(&e, e.data, &out, &why, 0);
        ok += st == BSP_OK && bsp_pak_crc32(0, out, e.size) == e.crc;
        free(out);
    }
    CHECK(ok == 7 && lzma == 5 && eos == 2, "pak plain: every entry reads, CRC-32 right (5 LZMA, 2 with end marker)",
          "%u read, %u LZMA, %u with end marker", ok, lzma, eos);
    st = bsp_pak_find(&p, "MATERIALS\\maps/GEN/entry_2.VTF", &e);
    CHECK(st == BSP_OK && e.index == 2, "pak find: case folded, '\\' as '/'", "%s index %u", bsp_status_name(st), e.index);
    st = bsp_pak_find(&p, "sound/gen/ambient.wav", &e);
    CHECK(st == BSP_OK && e.index == 6, "pak find: a stored backslash name found with '/'", "%s", bsp_status_name(st));
    st = bsp_pak_find(&p, "./materials/maps/gen/entry_2.vtf", &e);
    CHECK(st == BSP_E_BAD_QUERY && e.problem == BSP_PAK_NOT_FOUND, "pak find: './' is not normalised", "%s", bsp_status_name(st));
    st = bsp_pak_find(&p, "materials/maps/gen/entry_2.vt", &e);
    CHECK(st == BSP_E_BAD_QUERY, "pak find: a prefix is not a match", "%s", bsp_status_name(st));
    /* buffer one byte short of what read_bytes asked */
    bsp_pak_get(&p, 5, &e);
    st = read_entry(&e, e.data, &out, &why, 1);
    free(out);
    CHECK(st == BSP_E_BAD_ARGUMENT && why == BSP_PAK_BUFFER_TOO_SMALL, "pak: a caller buffer one byte short is refused",
          "%s (%s)", bsp_status_name(st), bsp_pak_problem_name(why));
    st = bsp_pak_next(&p, &e);
    st = bsp_pak_next(&p, &e);
    CHECK(st == BSP_E_END && e.problem == BSP_PAK_FINE, "pak: no entry after the last: end", "%s", bsp_status_name(st));
    CHECK(bsp_pak_crc32(0, "123456789", 9) == 0xcbf43926u, "pak: CRC-32 check value", "%08x",
          bsp_pak_crc32(0, "123456789", 9));
}

static void good_aligned(const uint8_t *b, uint32_t n)
{
    bsp_pak p;
    bsp_pak_entry e;
    uint32_t k, pre = 0, aligned = 0;
    bsp_status st = bsp_pak_open(&p, b, n, 1);
    CHECK(st == BSP_OK && p.count == 8 && p.xzp == 2 && p.alignment == 2048 && p.preload,
          "pak aligned: XZP2 2048 with a preload section, 8 entries", "%s (%s) count %u xzp %u",
          bsp_status_name(st), bsp_pak_problem_name(p.problem), p.count, p.xzp);
    for (k = 0; k < p.count && bsp_pak_get(&p, k, &e) == BSP_OK; k++) {
        uint8_t *out = NULL;
        bsp_pak_problem why;
        aligned += e.offset % 2048 == 0;
        /* an entry's preload is its first bytes (the writer's rule) */
        if (e.preload_size && read_entry(&e, e.data, &out, &why, 0) == BSP_OK &&
            e.preload_size <= e.size && !memcmp(e.preload, out, e.preload_size) &&
            e.preload == b + e.preload_offset)
            pre++;
        free(out);
    }
    CHECK(aligned == 8 && pre == 3, "pak aligned: data on 2048, 3 preloads = their entries' first bytes",
          "%u aligned, %u preloads", aligned, pre);
    /* the same bytes read as little-endian: the preload header's version is not 3 */
    st = bsp_pak_open(&p, b, n, 0);
    CHECK(st == BSP_E_CORRUPT && p.problem == BSP_PAK_PRELOAD, "pak hostile: preload header in the wrong byte order",
          "%s (%s)", bsp_status_name(st), bsp_pak_problem_name(p.problem));
}

/* Preload header counts that do not fit (the section is entry 0's data). */
static void preload_hostile(const uint8_t *orig, uint32_t n)
{
    static const uint32_t at[] = {4, 8, 8, 0};
    static const uint32_t val[] = {9, 9, 0x20000000u, 4};
    static const char *const names[] = {
        "pak hostile: preload directory count differs from the zip's",
        "pak hostile: more preload entries than entries",
        "pak hostile: preload tables longer than the section",
        "pak hostile: preload version 4"};
    uint32_t i, sec;
    bsp_pak p;
    bsp_pak_entry e;
    bsp_pak_open(&p, orig, n, 1);
    bsp_pak_get(&p, 0, &e);
    sec = e.offset;
    for (i = 0; i < 4; i++) {
        uint8_t *b = malloc(n);
        bsp_status st;
        memcpy(b, orig, n);
        b[sec + at[i]] = (uint8_t)(val[i] >> 24), b[sec + at[i] + 1] = (uint8_t)(val[i] >> 16);
        b[sec + at[i] + 2] = (uint8_t)(val[i] >> 8), b[sec + at[i] + 3] = (uint8_t)val[i];
        st = bsp_pak_open(&p, b, n, 1);
        CHECK(st == BSP_E_CORRUPT && p.problem == BSP_PAK_PRELOAD, names[i], "%s (%s)",
              bsp_status_name(st), bsp_pak_problem_name(p.problem));
        free(b);
    }
    {
        /* the section's uncompressed size over its stored bytes: its
         * tables must not be read past them */
        uint8_t *b = malloc(n);
        bsp_status st;
        uint8_t *r;
        memcpy(b, orig, n);
        r = b + n - 54;   /* the end record (its XZP comment is 32 bytes) */
        r = b + rd32(r + 16);
        wr32(r + 24, rd32(r + 24) + 4096);
        wr32(b + rd32(r + 42) + 22, rd32(r + 24));
        st = bsp_pak_open(&p, b, n, 1);
        CHECK(st == BSP_E_CORRUPT && p.problem == BSP_PAK_SIZES,
              "pak hostile: preload section whose size runs past its stored bytes", "%s (%s)",
              bsp_status_name(st), bsp_pak_problem_name(p.problem));
        free(b);
    }
    {
        /* a remap slot naming a preload entry past the directory */
        uint8_t *b = malloc(n);
        bsp_pak_problem why;
        bsp_status st;
        uint32_t pre = (uint32_t)orig[sec + 8] << 24 | orig[sec + 9] << 16 | orig[sec + 10] << 8 | orig[sec + 11];
        memcpy(b, orig, n);
        b[sec + 16 + 8 * pre + 2 * 3] = 0x70;   /* entry 3's slot (the section's CRC no longer holds) */
        bsp_pak_open(&p, b, n, 1);
        st = bsp_pak_get(&p, 3, &e);
        why = e.problem;
        CHECK(st == BSP_E_CORRUPT && why == BSP_PAK_PRELOAD, "pak hostile: a remap slot past the preload directory",
              "%s (%s)", bsp_status_name(st), bsp_pak_problem_name(why));
        free(b);
    }
}

/* Every prefix and a sliding corruption: a status, never a crash. */
static void prefixes(const uint8_t *orig, uint32_t n, int be, const char *what)
{
    uint32_t k, refused = 0, tried = 0;
    bsp_pak_problem why;
    char name[120];
    uint8_t *b = malloc(n);
    /* (no end record is left in a prefix: each must be refused; 0 bytes
     * are no pakfile at all, which opens with no entries: main) */
    for (k = 1; k < n; k += (k < 4096 || n - k < 4096) ? 1 : 97, tried++) {
        memcpy(b, orig, k);
        refused += probe(b, k, be, &why) != BSP_OK;
    }
    snprintf(name, sizeof name, "pak %s: every cut-short pakfile refused", what);
    CHECK(refused == tried && tried > 4096, name, "%u of %u", refused, tried);
    for (k = n > 4096 ? n - 4096 : 0; k < n; k++) {
        memcpy(b, orig, n);
        b[k] ^= 0xa5;
        probe_list(b, n, be, &why, 0);
    }
    free(b);
}

static void maps(int argc, char **argv)
{
    int i;
    for (i = 3; i < argc; i++) {
        uint32_t size, ofs, len;
        uint8_t *data = read_file(argv[i], &size);
        bsp_memstream ms;
        bsp_stream s;
        bsp_header h;
        bsp_map m;
        bsp_pak p, q;
        bsp_options o = bsp_default_options(BSP_LOAD_QUERIES);
        uint32_t need;
        uint8_t *arena;
        bsp_status st;
        char name[300];
        if (!data) continue;
        o.extra_lumps = 1ull << BSP_PAK_LUMP;
        bsp_memstream_init(&ms, &s, data, size);
        st = bsp_open(&h, &s);
        if (st == BSP_OK) st = bsp_measure(&h, &o, &need);
        arena = malloc(st == BSP_OK ? need : 8);
        if (st == BSP_OK) st = bsp_load(&m, &h, &s, arena, need, &o, NULL);
        if (st == BSP_OK) st = bsp_pak_open_map(&m, &p);
        snprintf(name, sizeof name, "pak %s: opens from the loaded lump 40 (extra_lumps)", argv[i]);
        CHECK(st == BSP_OK, name, "%s (%s)", bsp_status_name(st), bsp_pak_problem_name(p.problem));
        st = bsp_pak_locate(&h, &ofs, &len);
        if (st == BSP_OK) st = bsp_pak_open_tail(&q, data + ofs, len, len, h.big_endian);
        snprintf(name, sizeof name, "pak %s: the stream's lump 40 opens alike", argv[i]);
        CHECK(st == BSP_OK && q.count == p.count && q.dir_offset == p.dir_offset, name, "%s", bsp_status_name(st));
        free(arena);
        free(data);
    }
}

/* The sorted index (issue 42): built in exactly BSP_PAK_INDEX_BYTES, its
 * slots in folded name order over every entry once, and every entry's
 * name (as written, and with case and '/' swapped) found through it as
 * bsp_pak_find finds it; a name not held is not found. */
static int fold_cmp(const char *a, uint32_t la, const char *b, uint32_t lb)
{
    uint32_t k;
    for (k = 0; k < la && k < lb; k++) {
        int x = a[k] >= 'A' && a[k] <= 'Z' ? a[k] + 32 : a[k] == '\\' ? '/' : a[k];
        int y = b[k] >= 'A' && b[k] <= 'Z' ? b[k] + 32 : b[k] == '\\' ? '/' : b[k];
        if (x != y) return x < y ? -1 : 1;
    }
    return la < lb ? -1 : la > lb;
}

static void indexed(const uint8_t *b, uint32_t size, int be, const char *what)
{
    bsp_pak p;
    bsp_pak_index x;
    bsp_pak_entry e, f, g;
    uint32_t *mem, k, sorted = 1, found = 0, seen = 0;
    char name[512], label[128];
    if (bsp_pak_open(&p, b, size, be) != BSP_OK) {
        CHECK(0, "pak index: open", "%s", what);
        return;
    }
    mem = malloc(BSP_PAK_INDEX_BYTES(p.count) + 4);
    snprintf(label, sizeof label, "pak index %s: statuses (NULL, too small, misaligned)", what);
    CHECK(bsp_pak_index_build(NULL, &p, mem, BSP_PAK_INDEX_BYTES(p.count)) == BSP_E_BAD_ARGUMENT &&
              bsp_pak_index_build(&x, &p, mem, BSP_PAK_INDEX_BYTES(p.count) - 1) == BSP_E_BAD_ARGUMENT &&
              bsp_pak_index_build(&x, &p, (uint8_t *)mem + 2, BSP_PAK_INDEX_BYTES(p.count)) == BSP_E_BAD_ARGUMENT &&
              bsp_pak_index_find(&x, "a", &e) == BSP_E_BAD_ARGUMENT,
          label, "see bspkit.h");
    snprintf(label, sizeof label, "pak index %s: %u entries sorted by folded name, each once", what,
             (unsigned)p.count);
    CHECK(bsp_pak_index_build(&x, &p, mem, BSP_PAK_INDEX_BYTES(p.count)) == BSP_OK && x.count == p.count, label,
          "build");
    for (k = 0; k < x.count; k++) {
        seen ^= x.slots[2 * k + 1] + 1;
        seen ^= k + 1;
        if (k && bsp_pak_get(&p, x.slots[2 * k - 1], &f) == BSP_OK && bsp_pak_get(&p, x.slots[2 * k + 1], &g) == BSP_OK &&
            fold_cmp(f.name, f.name_len, g.name, g.name_len) > 0)
            sorted = 0;
    }
    CHECK(sorted && !seen, label, "sorted %u, every entry once %d", (unsigned)sorted, !seen);
    for (k = 0; k < p.count; k++) {
        uint32_t j;
        bsp_status a, c;
        if (bsp_pak_get(&p, k, &e) != BSP_OK || e.name_len >= sizeof name) continue;
        for (j = 0; j < e.name_len; j++) {
            char ch = e.name[j];
            name[j] = ch >= 'a' && ch <= 'z' ? (char)(ch - 32) : ch >= 'A' && ch <= 'Z' ? (char)(ch + 32)
                    : ch == '/' ? '\\' : ch;
        }
        name[e.name_len] = 0;
        a = bsp_pak_find(&p, name, &f);
        c = bsp_pak_index_find(&x, name, &g);
        found += a == BSP_OK && c == BSP_OK && f.index == g.index && g.index == k;
    }
    snprintf(label, sizeof label, "pak index %s: every entry found through it, case and '/' swapped", what);
    CHECK(found == p.count, label, "%u of %u", (unsigned)found, (unsigned)p.count);
    snprintf(label, sizeof label, "pak index %s: a name not held: bad_query, not_found", what);
    CHECK(bsp_pak_index_find(&x, "materials/not/held.vtf", &g) == BSP_E_BAD_QUERY && g.problem == BSP_PAK_NOT_FOUND &&
              bsp_pak_index_find(&x, "", &g) == BSP_E_BAD_QUERY,
          label, "status");
    free(mem);
}

int main(int argc, char **argv)
{
    uint32_t np, na;
    uint8_t *plain, *aligned;
    bsp_pak p;
    if (argc < 3) {
        fprintf(stderr, "usage: test_pak PLAIN.pak ALIGNED_BE.pak [MAP...]\n");
        return 2;
    }
    plain = read_file(argv[1], &np);
    aligned = read_file(argv[2], &na);
    if (!plain || !aligned) return 2;
    CHECK(bsp_pak_open(NULL, plain, np, 0) == BSP_E_BAD_ARGUMENT &&
          bsp_pak_open(&p, NULL, np, 0) == BSP_E_BAD_ARGUMENT &&
          bsp_pak_open(&p, plain, 1, 0) == BSP_E_CORRUPT && p.problem == BSP_PAK_NO_END_RECORD,
          "pak: NULL and too few bytes for an end record", "see bspkit.h");
    /* 0 bytes: an empty lump 40, a map without a pakfile: no entries */
    CHECK(bsp_pak_open(&p, plain, 0, 0) == BSP_OK && p.count == 0 && bsp_pak_open(&p, NULL, 0, 0) == BSP_OK &&
          p.count == 0 && p.problem == BSP_PAK_FINE,
          "pak: 0 bytes (an empty lump 40) open with no entries", "see bspkit.h");
    good_plain(plain, np);
    good_aligned(aligned, na);
    hostile(plain, np);
    preload_hostile(aligned, na);
    from_stream(plain, np, 0, "plain");
    from_stream(aligned, na, 1, "aligned");
    prefixes(plain, np, 0, "plain");
    prefixes(aligned, na, 1, "aligned");
    indexed(plain, np, 0, "plain");
    indexed(aligned, na, 1, "aligned");
    maps(argc, argv);
    free(plain);
    free(aligned);
    return check_exit();
}
