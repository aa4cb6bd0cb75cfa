/* SPDX-License-Identifier: MIT */
/* test_bspx.c - the library side of docs/queries.md section 10 that the
 * command line does not show: the .lit as a second stream (what
 * bsp_measure counts, bsp_map.light.lit for each failed check, the
 * resumable loader's reads of stream 1), style slots past 0 from LMSTYLE
 * and LMSTYLE16, and BSPX lumps by extra_lumps. The expected values come
 * from the generator's description (test/gen/bspx_variants.c): q1_lmshift
 * gives faces f % 3 == 0 a second slot of style 5 (LMSTYLE16: 300, and a
 * third slot none), luxel bytes ((7f + 3n) & 255, (11f + 5n) & 255,
 * (13f + n) & 255) for the face's n-th luxel over its slots.
 *
 * usage: test_bspx MAPS_DIR [SHARED_MAPS_DIR]
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "../../loader/bspkit.h"

/* What the map holds, as the public call says it. */
static bsp_map_info info_of(const bsp_map *m)
{
    bsp_map_info i;
    memset(&i, 0, sizeof i);
    bsp_get_info(m, &i);
    return i;
}

typedef struct mem { uint8_t *d; uint32_t n, next; int forward; } mem;

static int mem_read(void *ctx, uint32_t o, void *dst, uint32_t len)
{
    mem *m = (mem *)ctx;
    if (m->forward && o < m->next) return 2;   /* a forward-only stream cannot */
    m->next = o + len;
    if (o > m->n || len > m->n - o) return BSP_READ_END;
    memcpy(dst, m->d + o, len);
    return 0;
}

static int slurp(const char *path, mem *m)
{
    FILE *fp = fopen(path, "rb");
    long n;
    memset(m, 0, sizeof *m);
    if (!fp) return 0;
    fseek(fp, 0, SEEK_END);
    n = ftell(fp);
    rewind(fp);
    m->d = malloc((size_t)n + 1);
    m->n = (uint32_t)n;
    if (!m->d || fread(m->d, 1, (size_t)n, fp) != (size_t)n) m->n = 0;
    fclose(fp);
    return m->n > 0;
}

static void stream_of(mem *m, bsp_stream *s, int forward)
{
    m->next = 0;
    m->forward = forward;
    s->read = mem_read;
    s->ctx = m;
    s->size = m->n;
    s->forward_only = forward;
}

typedef struct loaded { bsp_header h; bsp_map m; void *arena; uint32_t need; bsp_status st; } loaded;

static void load(loaded *L, mem *map, mem *lit, uint32_t sets, int hdr, uint32_t lit_size)
{
    bsp_stream s, ls;
    bsp_options o = bsp_default_options(sets);
    stream_of(map, &s, 0);
    o.prefer_hdr = hdr;
    if (lit) {
        stream_of(lit, &ls, 0);
        ls.size = lit_size;
        o.lit = &ls;
    }
    L->arena = NULL;
    if ((L->st = bsp_open(&L->h, &s)) != BSP_OK) return;
    if ((L->st = bsp_measure(&L->h, &o, &L->need)) != BSP_OK) return;
    L->arena = malloc(L->need + 8);
    L->st = bsp_load(&L->m, &L->h, &s, L->arena, L->need, &o, NULL);
}

static void lit_checks(const char *dir)
{
    static const struct { const char *name; int hdr; uint8_t check, source; } cases[] = {
        { "q1_lit", 0, BSP_LIT_READ, BSP_LIGHT_LIT },
        { "q1_lit", 1, BSP_LIT_READ, BSP_LIGHT_LIT },
        { "q1_lit_hdr", 0, BSP_LIT_READ, BSP_LIGHT_LIGHTING },
        { "q1_lit_hdr", 1, BSP_LIT_READ, BSP_LIGHT_LIT_E5BGR9 },
        { "q1_lit_size", 0, BSP_LIT_BAD_SIZE, BSP_LIGHT_LIGHTING },
        { "q1_lit_magic", 0, BSP_LIT_BAD_MAGIC, BSP_LIGHT_LIGHTING },
        { "q1_lit_version", 0, BSP_LIT_BAD_VERSION, BSP_LIGHT_LIGHTING },
    };
    char path[1024], what[1200];
    size_t k;
    for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        mem map, lit;
        loaded L, plain;
        snprintf(path, sizeof path, "%s/bspx/%s.bsp", dir, cases[k].name);
        if (!slurp(path, &map)) {
            check_skip(path, "absent");
            continue;
        }
        snprintf(path, sizeof path, "%s/bspx/%s.lit", dir, cases[k].name);
        slurp(path, &lit);
        load(&L, &map, &lit, BSP_LOAD_LIGHTING, cases[k].hdr, lit.n);
        load(&plain, &map, NULL, BSP_LOAD_LIGHTING, cases[k].hdr, 0);
        snprintf(what, sizeof what, "%s%s: .lit check %d, light source %d", cases[k].name,
                 cases[k].hdr ? " (HDR asked)" : "", cases[k].check, cases[k].source);
        CHECK(L.st == BSP_OK && info_of(&L.m).lit == cases[k].check && info_of(&L.m).light_source == cases[k].source,
              what, "status %d check %d source %d", L.st, info_of(&L.m).lit, info_of(&L.m).light_source);
        /* measure: the .lit counted when its size fits, not otherwise */
        snprintf(what, sizeof what, "%s%s: bsp_measure counts the .lit's %u bytes%s", cases[k].name,
                 cases[k].hdr ? " (HDR asked)" : "", (unsigned)lit.n,
                 cases[k].check == BSP_LIT_BAD_SIZE ? ": not, a size that fits no rule" : "");
        if (cases[k].check == BSP_LIT_BAD_SIZE)
            CHECK(L.need == plain.need, what, "%u against %u", (unsigned)L.need, (unsigned)plain.need);
        else
            /* (the map's own end is rounded up to 8: up to 7 bytes of it
             * may be shared) */
            CHECK(L.need + 8 > plain.need + lit.n && L.need < plain.need + lit.n + 16, what,
                  "%u against %u", (unsigned)L.need, (unsigned)plain.need);
        free(L.arena);
        free(plain.arena);
        if (k == 0) {
            bsp_header h;
            bsp_stream s, ls;
            bsp_options o = bsp_default_options(BSP_LOAD_LIGHTING);
            bsp_map m;
            bsp_loader l;
            bsp_read r;
            bsp_progress p;
            uint32_t need = 0, lit_next = 0, lit_reads = 0, map_after = 0;
            int ok = 1;
            void *arena;
            /* unknown size, a family with none, the lighting left out */
            stream_of(&map, &s, 0);
            stream_of(&lit, &ls, 0);
            ls.size = BSP_SIZE_UNKNOWN;
            o.lit = &ls;
            load(&L, &map, &lit, BSP_LOAD_LIGHTING, 0, BSP_SIZE_UNKNOWN);
            CHECK(L.st == BSP_OK && info_of(&L.m).lit == BSP_LIT_UNKNOWN_SIZE && info_of(&L.m).light_source == BSP_LIGHT_LIGHTING,
                  "q1_lit: a .lit of unknown size is left unread (BSP_LIT_UNKNOWN_SIZE)", "check %d", info_of(&L.m).lit);
            free(L.arena);
            load(&L, &map, &lit, BSP_LOAD_QUERIES, 0, lit.n);
            CHECK(L.st == BSP_OK && info_of(&L.m).lit == BSP_LIT_NOT_LOADED,
                  "q1_lit: without the lighting set the .lit is not read (BSP_LIT_NOT_LOADED)", "check %d",
                  info_of(&L.m).lit);
            free(L.arena);
            /* the resumable loader, both streams forward-only: the .lit's
             * reads come after every read of the map, from 0 upwards */
            ls.size = lit.n;
            stream_of(&map, &s, 1);
            stream_of(&lit, &ls, 1);
            if (bsp_open(&h, &s) != BSP_OK || bsp_measure(&h, &o, &need) != BSP_OK) ok = 0;
            arena = malloc(need + 8);
            if (ok && bsp_loader_begin(&l, &m, &h, arena, need, &o, NULL) != BSP_OK) ok = 0;
            while (ok) {
                while (bsp_loader_next_read(&l, 1000, &r)) {
                    const bsp_stream *from = r.stream ? &ls : &s;
                    if (r.stream) {
                        ok &= r.offset == lit_next;
                        lit_next = r.offset + r.length;
                        lit_reads++;
                    } else if (lit_reads) {
                        map_after++;
                    }
                    if (bsp_loader_read_done(&l, &r, from->read(from->ctx, r.offset, r.dst, r.length)) != BSP_OK)
                        ok = 0;
                }
                if (bsp_loader_step(&l, 4096, &p) != BSP_OK) ok = 0;
                if (p.phase == BSP_PHASE_DONE) break;
            }
            CHECK(ok && lit_next == lit.n && lit_reads > 1 && !map_after && info_of(&m).light_source == BSP_LIGHT_LIT,
                  "q1_lit: resumable, forward-only: stream 1 read last, in order, whole, and used",
                  "ok %d, %u of %u bytes in %u reads, %u map reads after", ok, (unsigned)lit_next,
                  (unsigned)lit.n, (unsigned)lit_reads, (unsigned)map_after);
            free(arena);
        }
        free(map.d);
        free(lit.d);
    }
}

static void slot_checks(const char *dir, int wide)
{
    char path[1024], what[256];
    mem map;
    loaded L;
    uint32_t f, tried = 0, bad = 0, second = 0;
    snprintf(path, sizeof path, "%s/bspx/%s.bsp", dir, wide ? "q1_lmstyle16" : "q1_lmshift");
    if (!slurp(path, &map)) {
        check_skip(path, "absent");
        return;
    }
    load(&L, &map, NULL, BSP_LOAD_GEOMETRY, 0, 0);
    CHECK(L.st == BSP_OK && info_of(&L.m).style_slots == (wide ? 3u : 2u) && info_of(&L.m).wide_styles == (uint8_t)wide,
          wide ? "q1_lmstyle16: LMSTYLE16 gives 3 slots a face" : "q1_lmshift: LMSTYLE gives 2 slots a face",
          "status %d slots %u", L.st, (unsigned)info_of(&L.m).style_slots);
    for (f = 0; L.st == BSP_OK && f < info_of(&L.m).faces; f++) {
        bsp_face fc;
        bsp_vertex v;
        bsp_sample s;
        uint32_t slot;
        if (bsp_get_face(&L.m, f, &fc) != BSP_OK || !fc.lightmap.present) continue;
        if (bsp_face_vertex(&L.m, f, 0, &v) != BSP_OK) continue;
        tried++;
        for (slot = 1; slot < 4; slot++) {
            bsp_status st = bsp_luxel(&L.m, (int32_t)f, v.pos, slot, &s);
            int has = slot == 1 && f % 3 == 0;
            if (has) {
                uint32_t n = (uint32_t)(fc.lightmap.w * fc.lightmap.h) + (uint32_t)(s.t * fc.lightmap.w + s.s);
                second++;
                if (st != BSP_OK || s.raw_len != 3 || s.raw[0] != ((f * 7 + n * 3) & 255) ||
                    s.raw[1] != ((f * 11 + n * 5) & 255) || s.raw[2] != ((f * 13 + n) & 255) ||
                    fc.lightmap.wide_styles[1] != (wide ? 300 : 5) || fc.lightmap.styles[1] != (wide ? 254 : 5))
                    bad++;
            } else if (st != BSP_E_NO_LIGHTMAP) {
                bad++;
            }
        }
    }
    snprintf(what, sizeof what, "%s: slots 1-3 of %u lit faces: slot 1 of every third face (%u) is "
             "its second block, every other slot none", wide ? "q1_lmstyle16" : "q1_lmshift",
             (unsigned)tried, (unsigned)second);
    CHECK(tried > 0 && second > 0 && !bad, what, "%u wrong", (unsigned)bad);
    free(L.arena);
    free(map.d);
}

static void extra_lump_checks(const char *shared)
{
    char path[1024];
    mem map;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    bsp_options o = bsp_default_options(BSP_LOAD_QUERIES);
    uint32_t need, n = 0, k;
    const uint8_t *p;
    void *arena;
    snprintf(path, sizeof path, "%s/bsp2/example_q1_bspx.bsp", shared ? shared : "");
    if (!shared || !slurp(path, &map)) {
        check_skip("example_q1_bspx.bsp: BSPX lumps by extra_lumps", "../shared absent");
        return;
    }
    stream_of(&map, &s, 0);
    if (bsp_open(&h, &s) != BSP_OK) return;
    for (k = 0; k < h.bspx.count && strcmp(h.bspx.name[k], "BRUSHLIST"); k++) continue;
    o.extra_lumps_hi = (uint64_t)1 << (BSP_BSPX_FIRST - 64 + k);
    bsp_measure(&h, &o, &need);
    arena = malloc(need + 8);
    CHECK(k < h.bspx.count && bsp_load(&m, &h, &s, arena, need, &o, NULL) == BSP_OK &&
          (p = bsp_bspx_lump(&m, "BRUSHLIST", &n)) != NULL && n == h.bspx.lump_length[k] &&
          !memcmp(p, map.d + h.bspx.lump_offset[k], n) && !bsp_bspx_lump(&m, "RGBLIGHTING", NULL) &&
          !bsp_bspx_lump(&m, "brushlist", NULL),
          "example_q1_bspx.bsp: extra_lumps loads BRUSHLIST alone, by its exact name", "entry %u", (unsigned)k);
    free(arena);
    free(map.d);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_bspx MAPS_DIR [SHARED_MAPS_DIR]\n");
        return 2;
    }
    lit_checks(argv[1]);
    slot_checks(argv[1], 0);
    slot_checks(argv[1], 1);
    extra_lump_checks(argc > 2 ? argv[2] : NULL);
    return check_exit();
}
