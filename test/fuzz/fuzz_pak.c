/* SPDX-License-Identifier: MIT */
/* fuzz_pak.c - the pakfile reader (bsp_pak_*) on arbitrary bytes taken as
 * a pakfile: every entry point.
 *
 * The first byte chooses: bit 0 the map's byte order (for a preload
 * section), bit 1 the stream's way (bsp_pak_open_tail on the last bytes,
 * from the directory on when asked, then bsp_pak_entry_local on each
 * entry's local header and bsp_pak_use_preload), else bsp_pak_open on the
 * whole. The bytes sit in a guarded block of exactly their size. Every
 * entry is listed (bsp_pak_get, bsp_pak_next), looked up by its own name
 * (bsp_pak_find must find an entry of that name, folded; the sorted index,
 * bsp_pak_index_*, built in a block of exactly its size, must answer the
 * same for it and for it one byte longer) and read through
 * a job into guarded blocks of exactly the sizes bsp_pak_read_bytes gives,
 * with the CRC checked; LZMA entries over 4 MiB decoded are skipped.
 * Promises checked: statuses inside the enum, problems inside theirs, a
 * listed entry's data inside the bytes, nothing written past a block.
 *
 * Seeds: test/craft/pak_gen.py's plain, aligned (XZP2 and preload) and XZP1
 * pakfiles in both byte orders, each with flag bytes 0..3 (mk/fuzz.mk). */
#include "fuzz.h"
#include "../../loader/bspkit.h"

#define PAK_OUT_CAP (4u << 20)

static void read_one(const bsp_pak_entry *e, const uint8_t *stored)
{
    uint32_t need_dst, need_tables;
    fuzz_block dst, tables;
    bsp_pak_job j;
    bsp_status st = bsp_pak_read_bytes(e, stored, &need_dst, &need_tables);
    FUZZ_ASSERT((unsigned)st < BSP_STATUS_COUNT);
    if (st != BSP_OK || need_dst > PAK_OUT_CAP || need_tables > (7u << 20)) return;
    if (fuzz_block_alloc(&dst, need_dst ? need_dst : 1)) return;
    if (fuzz_block_alloc(&tables, need_tables ? need_tables : 2)) {
        fuzz_block_free(&dst);
        return;
    }
    memset(&j, 0, sizeof j);
    j.entry = *e;
    j.stored = stored;
    j.dst = dst.p;
    j.dst_bytes = need_dst;
    j.tables = tables.p;
    j.tables_bytes = need_tables;
    j.check_crc = 1;
    st = bsp_pak_job_run(&j);
    FUZZ_ASSERT(st == j.status && (unsigned)st < BSP_STATUS_COUNT);
    FUZZ_ASSERT((unsigned)j.problem < BSP_PAK_PROBLEM_COUNT);
    FUZZ_ASSERT(st != BSP_OK || bsp_pak_crc32(0, dst.p, e->size) == e->crc);
    FUZZ_ASSERT(fuzz_block_guards_ok(&dst) && fuzz_block_guards_ok(&tables));
    fuzz_block_free(&dst);
    fuzz_block_free(&tables);
}

static void walk(bsp_pak *p, const uint8_t *whole, uint32_t size, int stream)
{
    bsp_pak_entry e, f, g;
    bsp_status st;
    char name[300];
    uint32_t k, listed = 0;
    fuzz_block ib;
    bsp_pak_index x;
    int indexed;
    if (!p->count) return;
    /* the sorted index (issue 42) in a block of exactly its size: every
     * lookup below answers as bsp_pak_find does */
    if (fuzz_block_alloc(&ib, BSP_PAK_INDEX_BYTES(p->count))) return;
    FUZZ_ASSERT(bsp_pak_index_build(&x, p, ib.p, BSP_PAK_INDEX_BYTES(p->count) - 1) == BSP_E_BAD_ARGUMENT);
    indexed = bsp_pak_index_build(&x, p, ib.p, BSP_PAK_INDEX_BYTES(p->count)) == BSP_OK;
    FUZZ_ASSERT(indexed && fuzz_block_guards_ok(&ib));
    for (st = bsp_pak_get(p, 0, &e); st != BSP_E_END; st = bsp_pak_next(p, &e)) {
        FUZZ_ASSERT((unsigned)st < BSP_STATUS_COUNT && (unsigned)e.problem < BSP_PAK_PROBLEM_COUNT);
        FUZZ_ASSERT(listed++ < p->count);
        if (st != BSP_OK) continue;
        if (stream && !e.offset && e.header_offset < size &&
            size - e.header_offset >= BSP_PAK_LOCAL_BYTES + e.name_len) {
            st = bsp_pak_entry_local(p, &e, whole + e.header_offset, BSP_PAK_LOCAL_BYTES + e.name_len);
            if (st == BSP_OK && e.index == 0 && e.offset <= size && e.size <= size - e.offset)
                bsp_pak_use_preload(p, &e, whole + e.offset);
        }
        if (st != BSP_OK || !e.offset) continue;
        FUZZ_ASSERT(e.offset <= size && e.compressed_size <= size - e.offset);
        FUZZ_ASSERT(!e.data || e.data == whole + e.offset);
        FUZZ_ASSERT(!e.preload_size || (e.preload_offset <= size && e.preload_size <= size - e.preload_offset));
        read_one(&e, whole + e.offset);
        if (e.name_len < sizeof name) {
            memcpy(name, e.name, e.name_len);
            name[e.name_len] = 0;
            st = bsp_pak_find(p, name, &f);
            FUZZ_ASSERT(st == BSP_OK || f.problem != BSP_PAK_NOT_FOUND);
            FUZZ_ASSERT(bsp_pak_index_find(&x, name, &g) == st && g.index == f.index && g.problem == f.problem);
            /* a name one byte longer: the same answer both ways */
            if (e.name_len + 1 < sizeof name) {
                name[e.name_len] = 'x';
                name[e.name_len + 1] = 0;
                st = bsp_pak_find(p, name, &f);
                FUZZ_ASSERT(bsp_pak_index_find(&x, name, &g) == st && g.index == f.index);
                name[e.name_len] = 0;
            }
            if (f.name_len == e.name_len)
                for (k = 0; k < e.name_len; k++) {
                    char a = name[k], b = f.name[k];
                    if (a >= 'A' && a <= 'Z') a = (char)(a + 32);
                    if (b >= 'A' && b <= 'Z') b = (char)(b + 32);
                    FUZZ_ASSERT(a == b || ((a == '/' || a == '\\') && (b == '/' || b == '\\')));
                }
        }
    }
    FUZZ_ASSERT(bsp_pak_get(p, p->count, &e) == BSP_E_BAD_QUERY);
    FUZZ_ASSERT(fuzz_block_guards_ok(&ib));
    fuzz_block_free(&ib);
}

FUZZ_ENTRY(pak)
{
    fuzz_block b;
    bsp_pak p;
    bsp_status st;
    uint32_t n, tail;
    int be, stream;
    if (size < 1 || size > (64u << 20)) return 0;
    be = data[0] & 1;
    stream = (data[0] >> 1) & 1;
    n = (uint32_t)size - 1;
    if (fuzz_block_alloc(&b, n ? n : 1)) return 0;
    memcpy(b.p, data + 1, n);
    if (!stream) {
        st = bsp_pak_open(&p, b.p, n, be);
    } else {
        tail = n < BSP_PAK_TAIL_BYTES ? n : BSP_PAK_TAIL_BYTES;
        st = bsp_pak_open_tail(&p, b.p + n - tail, tail, n, be);
        if (st == BSP_E_TRUNCATED && p.dir_offset < n)
            st = bsp_pak_open_tail(&p, b.p + p.dir_offset, n - p.dir_offset, n, be);
    }
    FUZZ_ASSERT((unsigned)st < BSP_STATUS_COUNT && (unsigned)p.problem < BSP_PAK_PROBLEM_COUNT);
    if (st == BSP_OK) walk(&p, b.p, n, stream);
    fuzz_block_free(&b);
    return 0;
}
