/* SPDX-License-Identifier: MIT */
/* test_q3arena.c - a Quake 3 collision-only load of a map with curved
 * surfaces (issue 31's arena): the draw vertices pass through a window and
 * only the run the control points lie in is kept.
 *
 *   test_q3arena MAP...
 *
 * For each map, and for a generated map a variant made here whose draw
 * vertex lump is many windows long with the patches' run in its middle
 * (moved with the surfaces to the file's end, vertices first, as in
 * openarena's maps): the header's run is the one the surfaces lump gives
 * (read here from the file's bytes); bsp_measure equals what bsp_load
 * uses; the collision-only load builds the same facets and answers the
 * same traces as a load with the geometry, also read through a
 * forward-only stream and through the resumable loader in small shuffled
 * pieces; its arena holds the run's positions, not the vertex lump; a
 * header whose run misses a control point is CORRUPT, not a crash. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../common/check.h"
#include "core/map.h"
#include "../common/recstream.h"
#include "../common/resume_drive.h"

#define SURFACES 13
#define DRAWVERTS 10
#define SURF_BYTES 104
#define VERT_BYTES 44

static uint8_t pscratch[BSP_PATCH_SCRATCH_BYTES];

static uint32_t le32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }
static void put_le32(uint8_t *p, uint32_t v) { p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24); }

/* The patches' run of draw vertices, from the surfaces lump (type 2). */
static int patch_run(const uint8_t *file, uint32_t *first, uint32_t *count)
{
    uint32_t off = le32(file + 8 + 8 * SURFACES), len = le32(file + 12 + 8 * SURFACES), i, lo = ~0u, hi = 0;
    for (i = 0; i + SURF_BYTES <= len; i += SURF_BYTES) {
        const uint8_t *s = file + off + i;
        uint32_t f = le32(s + 12), n = le32(s + 16);
        if (le32(s + 8) != 2) continue;
        if (f < lo) lo = f;
        if (f + n > hi) hi = f + n;
    }
    *first = hi ? lo : 0;
    *count = hi ? hi - lo : 0;
    return hi != 0;
}

/* The variant: `before` and `after` copies of vertex 0 around the lump,
 * the surfaces' first vertices moved by `before`; both lumps appended. */
static uint8_t *widen(const uint8_t *file, uint32_t size, uint32_t before, uint32_t after, uint32_t *out_size)
{
    uint32_t voff = le32(file + 8 + 8 * DRAWVERTS), vlen = le32(file + 12 + 8 * DRAWVERTS);
    uint32_t soff = le32(file + 8 + 8 * SURFACES), slen = le32(file + 12 + 8 * SURFACES), i;
    uint32_t nvlen = vlen + (before + after) * VERT_BYTES, at = (size + 3) & ~3u;
    uint8_t *w = calloc(1, at + nvlen + slen), *v;
    if (!w || vlen < VERT_BYTES) return NULL;
    memcpy(w, file, size);
    v = w + at;
    for (i = 0; i < before; i++) memcpy(v + i * VERT_BYTES, file + voff, VERT_BYTES);
    memcpy(v + before * VERT_BYTES, file + voff, vlen);
    for (i = 0; i < after; i++) memcpy(v + before * VERT_BYTES + vlen + i * VERT_BYTES, file + voff, VERT_BYTES);
    memcpy(w + at + nvlen, file + soff, slen);
    for (i = 0; i + SURF_BYTES <= slen; i += SURF_BYTES) {
        uint8_t *s = w + at + nvlen + i;
        put_le32(s + 12, le32(s + 12) + before);
    }
    put_le32(w + 8 + 8 * DRAWVERTS, at);
    put_le32(w + 12 + 8 * DRAWVERTS, nvlen);
    put_le32(w + 8 + 8 * SURFACES, at + nvlen);
    *out_size = at + nvlen + slen;
    return w;
}

typedef struct loaded {
    bsp_map m;
    bsp_header h;
    uint8_t *arena;
    uint32_t need, used;
    bsp_status st;
} loaded;

/* open, measure the patches (seekable), measure; then load through
 * bsp_load (forward: a forward-only stream) or the resumable loader in
 * shuffled pieces (pieces != 0); `tweak` edits the header's run first */
static void load(loaded *L, const uint8_t *file, uint32_t size, uint32_t sets, int forward, uint32_t pieces,
                 int tweak, rec_stream *rec)
{
    bsp_stream s;
    bsp_options o = bsp_default_options(sets);
    memset(L, 0, sizeof *L);
    rec_init(rec, &s, file, size, 0, 0);
    L->st = bsp_open(&L->h, &s);
    if (L->st == BSP_OK) L->st = bsp_measure_patches(&L->h, &s, pscratch, sizeof pscratch);
    if (tweak == 1) L->h.patch_verts_count--;
    if (tweak == 2) L->h.patch_verts_first++;
    if (tweak == 3) L->h.patch_verts_count = 0xffffffffu;
    if (tweak == 4) L->h.patch_verts_first = L->h.patch_verts_count = 0;   /* kept from before 0.8.0 */
    if (L->st == BSP_OK) L->st = bsp_measure(&L->h, &o, &L->need);
    if (L->st != BSP_OK || !(L->arena = malloc(L->need + 64))) return;
    memset(L->arena, 0xa5, L->need);
    if (pieces) {
        static bsp_loader l;
        drive_opts d;
        drive_result r;
        memset(&d, 0, sizeof d);
        d.seed = pieces, d.max_read = pieces, d.random_reads = 1, d.shuffle = 1, d.budget = 3000;
        d.random_budget = 1, d.cancel_at = -1, d.fail_read = -1;
        L->st = bsp_loader_begin(&l, &L->m, &L->h, L->arena, L->need, &o, &L->used);
        if (L->st == BSP_OK) L->st = drive_load(&l, file, size, L->arena, L->need, &d, &r);
        if (L->st == BSP_OK && (r.backwards || r.beyond || r.stalled || r.progress_bad)) L->st = BSP_E_IO;
        L->used = bsp__map_c(&L->m)->arena_used;
        return;
    }
    rec_init(rec, &s, file, size, forward, 0);
    L->st = bsp_load(&L->m, &L->h, &s, L->arena, L->need, &o, &L->used);
}

/* traces over the world's bounds that the two maps must answer alike;
 * returns the differing ones, *hits the ones that hit */
static uint32_t compare_traces(const bsp_map *a, const bsp_map *b, uint32_t *hits)
{
    static const float mn[3] = { -15, -15, -24 }, mx[3] = { 15, 15, 32 }, z[3] = { 0, 0, 0 };
    float lo[3], hi[3];
    uint32_t k, j, differ = 0, seed = 777u, mask = bsp_trace_mask(a, BSP_MASK_PLAYERSOLID);
    for (k = 0; k < 3; k++) {
        memcpy(&lo[k], bsp__map_c(a)->models.data + 4 * k, 4);
        memcpy(&hi[k], bsp__map_c(a)->models.data + 12 + 4 * k, 4);
    }
    *hits = 0;
    for (k = 0; k < 10000; k++) {
        float st[3], en[3];
        bsp_trace_result ra, rb;
        bsp_status sa, sb;
        for (j = 0; j < 3; j++) {
            seed = seed * 1103515245u + 12345u;
            st[j] = lo[j] + (hi[j] - lo[j]) * (float)(seed >> 8 & 0xffff) / 65536.0f;
            seed = seed * 1103515245u + 12345u;
            en[j] = lo[j] + (hi[j] - lo[j]) * (float)(seed >> 8 & 0xffff) / 65536.0f;
        }
        if (k & 1) memcpy(en, st, sizeof en), en[2] -= 64;
        sa = bsp_trace(a, 0, st, en, k & 2 ? z : mn, k & 2 ? z : mx, mask, &ra);
        sb = bsp_trace(b, 0, st, en, k & 2 ? z : mn, k & 2 ? z : mx, mask, &rb);
        if (sa != sb || (sa == BSP_OK && (memcmp(&ra.fraction, &rb.fraction, 4) || memcmp(ra.endpos, rb.endpos, 12) ||
                                          ra.contents != rb.contents || ra.startsolid != rb.startsolid ||
                                          ra.allsolid != rb.allsolid)))
            differ++;
        if (sa == BSP_OK && ra.fraction < 1) (*hits)++;
    }
    return differ;
}

static void one_map(const char *name, const uint8_t *file, uint32_t size)
{
    static loaded full, coll, fwd, res;
    rec_stream rec;
    char what[512];
    uint32_t first, count, hits, vlen = le32(file + 12 + 8 * DRAWVERTS), t;
    int has = patch_run(file, &first, &count);

    load(&full, file, size, BSP_LOAD_COLLISION | BSP_LOAD_GEOMETRY, 0, 0, 0, &rec);
    load(&coll, file, size, BSP_LOAD_COLLISION, 0, 0, 0, &rec);
    snprintf(what, sizeof what, "%s: both loads, measure == used", name);
    CHECK(full.st == BSP_OK && coll.st == BSP_OK && full.need == full.used && coll.need == coll.used &&
              bsp__map_c(&coll.m)->arena_used == coll.need,
          what, "%s/%s, %u/%u, %u/%u", bsp_status_name(full.st), bsp_status_name(coll.st), full.need, full.used,
          coll.need, coll.used);
    if (full.st != BSP_OK || coll.st != BSP_OK) goto done;
    snprintf(what, sizeof what, "%s: the header's run of control points is the surfaces'", name);
    CHECK(coll.h.patch_verts_first == first && coll.h.patch_verts_count == count, what,
          "header %u+%u, surfaces %u+%u", coll.h.patch_verts_first, coll.h.patch_verts_count, first, count);
    snprintf(what, sizeof what, "%s: the collision-only arena keeps no draw vertex lump", name);
    /* (the arena's lumps, facets and scratch are those of the load with
     * the geometry less the vertices and the faces' other lumps: the
     * vertex lump itself cannot fit in what is left beside the rest) */
    CHECK(!bsp__map_c(&coll.m)->vertexes.data && !bsp_lump(&coll.m, DRAWVERTS, NULL) &&
              (!has || coll.need + vlen - 12u * count - 16384u <= full.need),
          what, "arena %u, with the geometry %u, vertex lump %u", coll.need, full.need, vlen);
    snprintf(what, sizeof what, "%s: the same facets from the packed run", name);
    CHECK(coll.h.patch_bytes == full.h.patch_bytes &&
              (!coll.h.patch_bytes ||
               !memcmp(bsp__map_c(&coll.m)->patches.data, bsp__map_c(&full.m)->patches.data, coll.h.patch_bytes)),
          what, "%u/%u bytes", coll.h.patch_bytes, full.h.patch_bytes);
    snprintf(what, sizeof what, "%s: collision-only and geometry loads trace the same", name);
    t = compare_traces(&coll.m, &full.m, &hits);
    CHECK(t == 0 && hits > 0, what, "%u of 10000 differ, %u hit", t, hits);

    load(&fwd, file, size, BSP_LOAD_COLLISION, 1, 0, 0, &rec);
    snprintf(what, sizeof what, "%s: through a forward-only stream, each byte once, the same traces", name);
    t = fwd.st == BSP_OK ? compare_traces(&fwd.m, &full.m, &hits) : 1;
    CHECK(fwd.st == BSP_OK && !rec.backwards && !rec.outside && fwd.used == coll.need && t == 0, what,
          "%s, %u backwards, %u differ", bsp_status_name(fwd.st), rec.backwards, t);
    free(fwd.arena);

    for (t = 1; t <= 3; t++) {
        uint32_t pieces = t == 1 ? 700u : t == 2 ? 5000u : 20000u, d;
        load(&res, file, size, BSP_LOAD_COLLISION, 0, pieces, 0, &rec);
        d = res.st == BSP_OK ? compare_traces(&res.m, &full.m, &hits) : 1;
        snprintf(what, sizeof what, "%s: resumable, shuffled pieces of up to %u bytes: the same map and traces",
                 name, pieces);
        CHECK(res.st == BSP_OK && res.used == coll.need && d == 0 && res.h.patch_bytes == coll.h.patch_bytes &&
                  (!coll.h.patch_bytes || !memcmp(bsp__map_c(&res.m)->patches.data, bsp__map_c(&coll.m)->patches.data, coll.h.patch_bytes)),
              what, "%s, %u differ", bsp_status_name(res.st), d);
        free(res.arena);
    }

    if (has) {
        static const char *const tweaks[] = { "", "one vertex short", "starting one late", "of 2^32-1 vertices",
                                              "0 (a header kept from before the run's fields)" };
        for (t = 1; t <= 4; t++) {
            uint32_t d = 1;
            load(&res, file, size, BSP_LOAD_COLLISION, 0, 0, (int)t, &rec);
            if (t == 4 && res.st == BSP_OK) d = compare_traces(&res.m, &full.m, &hits);
            snprintf(what, sizeof what, "%s: a header whose run is %s: %s, measure == used", name, tweaks[t],
                     t == 3 ? "loads" : t == 4 ? "loads every vertex, the same traces" : "corrupt");
            CHECK((t == 3   ? res.st == BSP_OK && res.used == res.need
                   : t == 4 ? res.st == BSP_OK && res.used == res.need && res.need >= coll.need && d == 0
                            : res.st == BSP_E_CORRUPT),
                  what, "%s", bsp_status_name(res.st));
            free(res.arena);
        }
    }
done:
    free(full.arena);
    free(coll.arena);
}

int main(int argc, char **argv)
{
    int i;
    for (i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        long size;
        uint8_t *file, *wide;
        uint32_t wsize, first, count;
        char name[512];
        if (!f) {
            check_skip(argv[i], "absent");
            continue;
        }
        fseek(f, 0, SEEK_END);
        size = ftell(f);
        fseek(f, 0, SEEK_SET);
        file = malloc((size_t)size);
        if (!file || fread(file, 1, (size_t)size, f) != (size_t)size) return 2;
        fclose(f);
        if (size < 8 + 8 * 17 || memcmp(file, "IBSP", 4) || le32(file + 4) != 46) {
            check_skip(argv[i], "not a Quake 3 map");
            free(file);
            continue;
        }
        one_map(argv[i], file, (uint32_t)size);
        /* a generated map: the oa_dm5-like variant, its run past the first
         * windows and the lump many windows long */
        if (size < 1000000 && patch_run(file, &first, &count) &&
            (wide = widen(file, (uint32_t)size, 3001, 2003, &wsize))) {
            snprintf(name, sizeof name, "%s (vertex lump widened, run moved)", argv[i]);
            one_map(name, wide, wsize);
            free(wide);
        }
        free(file);
    }
    return check_counts.failed ? 1 : 0;
}
