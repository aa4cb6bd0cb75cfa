/* SPDX-License-Identifier: MIT */
/* fuzz_lit.c - a map's `.lit` as a second stream (options.lit,
 * docs/queries.md 10.2) on arbitrary bytes: the input is a 4-byte
 * little-endian length L, then L bytes of map, then the .lit. Loaded with
 * the lighting set through bsp_load (seekable streams) and through the
 * resumable loader with both streams forward-only, reads completed in an
 * order from the input.
 *
 * Checked: statuses of the enum; the arena's guards; reads of each stream
 * forward, each byte once, only the .lit's (bsp_read.stream 1) from
 * options.lit and only when the sizes let the plan read it; both loads
 * give the same status, light source, .lit check and luxels; a .lit used
 * as the source is exactly its bytes after the 8-byte header; every face's
 * luxel answers a status of the enum.
 *
 * Seeds: the generator's bspx/q1_lit* maps with their .lit files. */
#include "fuzz.h"
#include "core/map.h"
#include "../common/exercise.h"

#define LIT_ARENA_CAP (64u << 20)

typedef struct part { const uint8_t *data; uint32_t size, next; int forward; } part;

static int part_read(void *ctx, uint32_t offset, void *dst, uint32_t len)
{
    part *p = (part *)ctx;
    if (p->forward) {
        FUZZ_ASSERT(offset >= p->next);
        p->next = offset + len;
    }
    if (offset > p->size || len > p->size - offset) return BSP_READ_END;
    memcpy(dst, p->data + offset, len);
    return 0;
}

typedef struct result {
    bsp_status st;
    uint8_t source, lit;
    uint32_t faces;
    bsp_sample s[64];
    bsp_status fs[64];
} result;

static void answers(const bsp_map *m, result *r)
{
    uint32_t f;
    float p[3] = { 16, 16, 16 };
    r->source = bsp__map_c(m)->light.source;
    r->lit = bsp__map_c(m)->light.lit;
    r->faces = bsp__map_c(m)->faces.count < 64 ? bsp__map_c(m)->faces.count : 64;
    for (f = 0; f < r->faces; f++) {
        memset(&r->s[f], 0, sizeof r->s[f]);
        r->fs[f] = bsp_luxel(m, (int32_t)f, p, 0, &r->s[f]);
        FUZZ_ASSERT((unsigned)r->fs[f] < BSP_STATUS_COUNT);
    }
}

static void load(part *map, part *lit, int resumable, uint32_t seed, result *r)
{
    bsp_options o = bsp_default_options(BSP_LOAD_LIGHTING);
    bsp_stream s, ls;
    bsp_header h;
    bsp_map m;
    fuzz_block a;
    uint32_t need;
    memset(r, 0, sizeof *r);
    map->next = lit->next = 0;
    map->forward = lit->forward = resumable;
    s.read = ls.read = part_read;
    s.ctx = map;
    ls.ctx = lit;
    s.size = map->size;
    ls.size = lit->size;
    s.forward_only = ls.forward_only = resumable;
    o.lit = &ls;
    r->st = bsp_open(&h, &s);
    if (r->st != BSP_OK) return;
    r->st = bsp_measure(&h, &o, &need);
    if (r->st != BSP_OK) return;
    if (need > LIT_ARENA_CAP || fuzz_block_alloc(&a, need)) {
        r->st = BSP_E_ARENA_TOO_SMALL;
        return;
    }
    if (!resumable) {
        r->st = bsp_load(&m, &h, &s, a.p, need, &o, NULL);
    } else {
        bsp_loader l;
        bsp_read pend[BSP_LOADER_MAX_READS], rd;
        bsp_progress pr;
        uint32_t n = 0;
        r->st = bsp_loader_begin(&l, &m, &h, a.p, need, &o, NULL);
        while (r->st == BSP_OK) {
            int fail[BSP_LOADER_MAX_READS];
            /* each read done in issue order (forward-only streams) ... */
            while (n < BSP_LOADER_MAX_READS && bsp_loader_next_read(&l, 4096, &rd)) {
                part *from = rd.stream ? lit : map;
                FUZZ_ASSERT(rd.stream <= 1);
                fail[n] = part_read(from, rd.offset, rd.dst, rd.length);
                pend[n++] = rd;
            }
            /* ... and reported in an order from the input */
            while (n && r->st == BSP_OK) {
                uint32_t i = seed % n;
                int failed = fail[i];
                rd = pend[i];
                pend[i] = pend[--n];
                fail[i] = fail[n];
                seed = seed * 1103515245u + 12345u;
                r->st = bsp_loader_read_done(&l, &rd, failed);
            }
            if (r->st != BSP_OK) break;
            r->st = bsp_loader_step(&l, 1 + seed % 65536, &pr);
            seed = seed * 1103515245u + 12345u;
            if (pr.phase == BSP_PHASE_DONE) break;
        }
    }
    FUZZ_ASSERT((unsigned)r->st < BSP_STATUS_COUNT);
    FUZZ_ASSERT(fuzz_block_guards_ok(&a));
    if (r->st == BSP_OK) {
        uint32_t n8 = bsp__map_c(&m)->lighting.count;
        if (bsp__map_c(&m)->light.source == BSP_LIGHT_LIT || bsp__map_c(&m)->light.source == BSP_LIGHT_LIT_E5BGR9)
            FUZZ_ASSERT(n8 == lit->size - 8 && !memcmp(bsp__map_c(&m)->lighting.data, lit->data + 8, n8));
        if (bsp__map_c(&m)->light.lit != BSP_LIT_READ && bsp__map_c(&m)->light.lit != BSP_LIT_BAD_MAGIC &&
            bsp__map_c(&m)->light.lit != BSP_LIT_BAD_VERSION)
            FUZZ_ASSERT(lit->next == 0);   /* never read */
        answers(&m, r);
        FUZZ_ASSERT(exercise_map(&m) == 0);
    }
    fuzz_block_free(&a);
}

FUZZ_ENTRY(lit)
{
    part map, lit;
    result a, b;
    uint32_t len, f;
    if (size < 4 || size > 0xffffffffu) return 0;
    len = fuzz_le(data, 4);
    if (len > size - 4) len = (uint32_t)(size - 4);
    map.data = data + 4;
    map.size = len;
    lit.data = data + 4 + len;
    lit.size = (uint32_t)(size - 4 - len);
    load(&map, &lit, 0, 0, &a);
    load(&map, &lit, 1, len, &b);
    FUZZ_ASSERT(a.st == b.st);
    if (a.st != BSP_OK) return 0;
    FUZZ_ASSERT(a.source == b.source && a.lit == b.lit && a.faces == b.faces);
    for (f = 0; f < a.faces; f++) {
        FUZZ_ASSERT(a.fs[f] == b.fs[f]);
        FUZZ_ASSERT(a.fs[f] != BSP_OK || !memcmp(&a.s[f], &b.s[f], sizeof a.s[f]));
    }
    return 0;
}
