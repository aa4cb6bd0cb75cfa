/* SPDX-License-Identifier: MIT */
/* test_errors.c - what a failure tells, and streams of unknown size.
 *
 *   test_errors MAP...   (generated maps; real ones work too)
 *
 * - bsp_status_message: one distinct sentence per status.
 * - A failed bsp_load gives nothing (no lump bytes, no answers) and says
 *   where it stopped: a read failing in the last lump read, a stream ending
 *   inside a lump, a node naming a plane that does not exist.
 * - The game lump's offset base is worked out at load: fetching sub-lump 0
 *   does not look at the rest of the directory (so iterating is linear),
 *   and 65 536 sub-lumps all come back right.
 * - A forward-only stream of unknown size (BSP_SIZE_UNKNOWN) loads the same
 *   bytes as the file; cut short, it fails with TRUNCATED in the first lump
 *   that crosses the cut.
 * - A Source map whose brush sides (lump 19) are set to a lump version
 *   with no known layout: the load fails naming lump 19 and that version
 *   (bsp_measure_where, bsp_map_where); with BSP_LOAD_PARTIAL it loads in
 *   exactly the measured arena, every query that needs no brush side
 *   answers as on the unchanged map, and those that do answer not_loaded.
 */
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#include "../../loader/bspkit.h"
#include "../common/check.h"
#include "../common/files.h"

/* Where a failed load stopped, as the public call says it. */
static bsp_where where_of(const bsp_map *m)
{
    bsp_where w;
    bsp_map_where(m, &w);
    return w;
}

/* A stream over bytes in memory that can end early (`cut`: later bytes
 * read as the end of the data), fail one read (the one at `fail_at`), hide
 * its size and insist on forward order. */
typedef struct tstream {
    const uint8_t *data;
    uint32_t cut, fail_at, pos;
    int order_broken;
} tstream;

static int t_read(void *ctx, uint32_t offset, void *dst, uint32_t len)
{
    tstream *t = (tstream *)ctx;
    if (offset < t->pos) t->order_broken = 1;
    if (offset == t->fail_at) return -1;
    if (offset > t->cut || len > t->cut - offset) return BSP_READ_END;
    memcpy(dst, t->data + offset, len);
    t->pos = offset + len;
    return 0;
}

static void t_init(tstream *t, bsp_stream *s, const uint8_t *data, uint32_t size, int unknown)
{
    memset(t, 0, sizeof *t);
    t->data = data;
    t->cut = size;
    t->fail_at = 0xffffffffu;
    s->read = t_read;
    s->ctx = t;
    s->size = unknown ? BSP_SIZE_UNKNOWN : size;
    s->forward_only = 1;
}

typedef struct loaded {
    bsp_header h;
    bsp_map m;
    bsp_status open_st, st;
    uint8_t *arena;
} loaded;

static void load(loaded *L, bsp_stream *s)
{
    bsp_options o = bsp_default_options(BSP_LOAD_ALL);
    uint32_t need = 0;
    o.lzma_lclp_max = 12;   /* every generated LZMA setting */
    memset(L, 0, sizeof *L);
    L->st = L->open_st = bsp_open(&L->h, s);
    if (L->st == BSP_OK) L->st = bsp_measure(&L->h, &o, &need);
    if (L->st != BSP_OK) return;
    L->arena = malloc((size_t)need + 8);   /* malloc: aligned for any type */
    L->st = bsp_load(&L->m, &L->h, s, L->arena, need, &o, NULL);
}

/* Does the map give nothing at all? */
static int gives_nothing(const bsp_map *m)
{
    uint32_t i, size, leaf;
    float p[3] = {0, 0, 0};
    for (i = 0; i < BSP_MAX_LUMPS; i++)
        if (bsp_lump(m, i, &size) || size) return 0;
    bsp_map_info info;
    memset(&info, 0xee, sizeof info);
    return bsp_point_leaf(m, 0, p, &leaf) != BSP_OK && bsp_num_clusters(m) == 0 &&
           bsp_game_lump_count(m) == 0 && bsp_get_info(m, &info) == BSP_OK &&
           info.arena_used == 0 && info.faces == 0 && !info.entities && !info.bspx &&
           info.lit == BSP_LIT_NONE;
}

/* The accessors of a map refuse or answer for no map. */
static void test_accessors_without_map(void)
{
    bsp_map_info info;
    bsp_where w;
    memset(&w, 0xee, sizeof w);
    bsp_map_where(NULL, &w);
    bsp_map_where(NULL, NULL);
    CHECK(bsp_get_info(NULL, &info) == BSP_E_BAD_ARGUMENT && w.lump == BSP_NO_LUMP &&
              w.offset == 0 && w.version == -1,
          "accessors: bsp_get_info(NULL) is bad_argument, bsp_map_where(NULL) says no lump",
          "where %u %u %d", (unsigned)w.lump, (unsigned)w.offset, (int)w.version);
}

static void test_messages(void)
{
    int i, j, ok = 1;
    const char *bad = "";
    for (i = 0; i < BSP_STATUS_COUNT && ok; i++) {
        const char *msg = bsp_status_message((bsp_status)i);
        size_t n = msg ? strlen(msg) : 0;
        ok = n > 10 && isupper((unsigned char)msg[0]) && msg[n - 1] == '.' &&
             strcmp(msg, bsp_status_name((bsp_status)i)) != 0;
        for (j = 0; j < i && ok; j++) ok = strcmp(msg, bsp_status_message((bsp_status)j)) != 0;
        if (!ok) bad = bsp_status_name((bsp_status)i);
    }
    CHECK(ok, "messages: one distinct sentence per status", "status %s", bad);
    CHECK(bsp_status_message(BSP_STATUS_COUNT) != NULL &&
              bsp_status_message((bsp_status)-1) != NULL &&
              strcmp(bsp_status_message(BSP_STATUS_COUNT), bsp_status_message(BSP_OK)) != 0,
          "messages: out of range gives a sentence", "NULL or the OK sentence");
}

/* The non-empty lump read last (the plan reads in ascending offset order),
 * and the first one whose bytes cross `cut`. */
static uint32_t last_lump(const bsp_header *h)
{
    uint32_t i, best = BSP_NO_LUMP;
    for (i = 0; i < h->num_lumps; i++)
        if (h->lumps[i].length && (best == BSP_NO_LUMP || h->lumps[i].offset > h->lumps[best].offset))
            best = i;
    return best;
}

static uint32_t first_crossing(const bsp_header *h, uint32_t cut)
{
    uint32_t i, best = BSP_NO_LUMP;
    for (i = 0; i < h->num_lumps; i++) {
        const bsp_lump_entry *e = &h->lumps[i];
        if (e->length && (uint64_t)e->offset + e->length > cut &&
            (best == BSP_NO_LUMP || e->offset < h->lumps[best].offset))
            best = i;
    }
    return best;
}

static void test_failed_load(const char *name, const uint8_t *data, uint32_t size)
{
    char label[256];
    bsp_stream s;
    tstream t;
    loaded L;
    uint32_t lump, nodes = BSP_NO_LUMP, i;
    uint8_t *copy;

    t_init(&t, &s, data, size, 0);
    load(&L, &s);
    free(L.arena);
    if (L.st != BSP_OK) {
        check_skip(name, "does not load");
        return;
    }
    for (i = 0; i < L.h.num_lumps; i++) {
        const char *ln = bsp_lump_name(&L.h, i);
        if (ln && !strcmp(ln, "nodes")) nodes = i;
    }

    /* the read of the last lump fails: everything read before is dropped */
    lump = last_lump(&L.h);
    t_init(&t, &s, data, size, 0);
    t.fail_at = L.h.lumps[lump].offset;
    load(&L, &s);
    snprintf(label, sizeof label, "%s: read failing in lump %u: IO, nothing given, stopped there",
             name, (unsigned)lump);
    CHECK(L.st == BSP_E_IO && gives_nothing(&L.m) && where_of(&L.m).lump == lump &&
              where_of(&L.m).offset == L.h.lumps[lump].offset,
          label, "status %s, error_lump %u offset %u, gives nothing %d", bsp_status_name(L.st),
          (unsigned)where_of(&L.m).lump, (unsigned)where_of(&L.m).offset, gives_nothing(&L.m));
    free(L.arena);

    /* an index out of range: validation fails in the nodes lump */
    if (nodes == BSP_NO_LUMP || L.h.lumps[nodes].compressed || L.h.lumps[nodes].length < 4) return;
    copy = malloc(size);
    memcpy(copy, data, size);
    /* plane index 0x7fffff7f in either byte order */
    memcpy(copy + L.h.lumps[nodes].offset, "\x7f\xff\xff\x7f", 4);
    t_init(&t, &s, copy, size, 0);
    load(&L, &s);
    snprintf(label, sizeof label, "%s: node with no plane: CORRUPT, nothing given, stopped in nodes",
             name);
    CHECK(L.st == BSP_E_CORRUPT && gives_nothing(&L.m) && where_of(&L.m).lump == nodes &&
              where_of(&L.m).offset == L.h.lumps[nodes].offset,
          label, "status %s, error_lump %u offset %u, gives nothing %d", bsp_status_name(L.st),
          (unsigned)where_of(&L.m).lump, (unsigned)where_of(&L.m).offset, gives_nothing(&L.m));
    free(L.arena);
    free(copy);
}

static void test_unknown_size(const char *name, const uint8_t *data, uint32_t size)
{
    char label[256];
    bsp_stream s;
    tstream t;
    loaded known, L;
    uint32_t i, same = 1, cut, lump;

    t_init(&t, &s, data, size, 0);
    load(&known, &s);
    t_init(&t, &s, data, size, 1);
    load(&L, &s);
    for (i = 0; i < BSP_MAX_LUMPS && known.st == BSP_OK && L.st == BSP_OK; i++) {
        uint32_t a, b;
        const void *pa = bsp_lump(&known.m, i, &a), *pb = bsp_lump(&L.m, i, &b);
        if (a != b || (a && memcmp(pa, pb, a))) same = 0;
    }
    snprintf(label, sizeof label, "%s: unknown size, forward only: the same lumps as the file",
             name);
    CHECK(L.st == known.st && same && !t.order_broken && L.h.file_size == BSP_SIZE_UNKNOWN, label,
          "status %s (file: %s), same %u, order broken %d", bsp_status_name(L.st),
          bsp_status_name(known.st), (unsigned)same, t.order_broken);
    free(L.arena);
    if (known.st != BSP_OK) {
        free(known.arena);
        return;
    }

    /* cut inside the lump that ends last: TRUNCATED there */
    lump = last_lump(&known.h);
    cut = known.h.lumps[lump].offset + known.h.lumps[lump].length / 2;
    lump = first_crossing(&known.h, cut);
    t_init(&t, &s, data, size, 1);
    t.cut = cut;
    load(&L, &s);
    snprintf(label, sizeof label, "%s: unknown size cut at %u: TRUNCATED in lump %u", name,
             (unsigned)cut, (unsigned)lump);
    CHECK(L.st == BSP_E_TRUNCATED && where_of(&L.m).lump == lump && gives_nothing(&L.m), label,
          "status %s, error_lump %u", bsp_status_name(L.st), (unsigned)where_of(&L.m).lump);
    free(L.arena);

    /* cut inside the header: bsp_open says TRUNCATED */
    t_init(&t, &s, data, size, 1);
    t.cut = 6;
    load(&L, &s);
    snprintf(label, sizeof label, "%s: unknown size, 6 bytes: TRUNCATED at open", name);
    CHECK(L.open_st == BSP_E_TRUNCATED, label, "status %s", bsp_status_name(L.open_st));
    free(L.arena);
    free(known.arena);
}

/* Sub-lump 0 is fetched from its own entry and the base found at load:
 * spoiling another entry after the load does not change it. (Before, every
 * call walked the whole directory, which made iterating quadratic.) */
static void test_game_lump_base(const char *name, const uint8_t *data, uint32_t size)
{
    char label[256];
    bsp_stream s;
    tstream t;
    loaded L;
    bsp_game_lump before, after;
    uint8_t *dir;
    uint32_t entries, v = 0xfffffff0u;

    t_init(&t, &s, data, size, 0);
    load(&L, &s);
    if (L.st != BSP_OK || bsp_game_lump_count(&L.m) == 0 ||
        bsp_game_lump_get(&L.m, 0, &before) != BSP_OK) {
        free(L.arena);
        return;
    }
    dir = (uint8_t *)bsp_lump(&L.m, 35, NULL);   /* the test owns the arena */
    memcpy(&entries, dir, 4);                     /* native order after load */
    if (entries < 2) {
        free(L.arena);
        return;
    }
    memcpy(dir + 4 + 16 * (entries - 1) + 8, &v, 4);
    snprintf(label, sizeof label, "%s: game sub-lump 0 does not depend on the last entry", name);
    CHECK(bsp_game_lump_get(&L.m, 0, &after) == BSP_OK && after.data == before.data &&
              after.id == before.id && after.version == before.version,
          label, "sub-lump 0 changed or failed");
    free(L.arena);
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* A little-endian VBSP map given a new game lump, appended, with `n`
 * four-byte sub-lumps holding their own index. */
static void test_many_game_lumps(const char *name, const uint8_t *data, uint32_t size)
{
    const uint32_t n = 65536;
    uint32_t lump_at = (size + 3) & ~3u, lump_len = 4 + 20 * n, total = lump_at + lump_len, i, bad = 0;
    uint8_t *file, *gl;
    bsp_stream s;
    tstream t;
    loaded L;

    if (size < 1036 || memcmp(data, "VBSP", 4) != 0) return;
    file = calloc(1, total);
    memcpy(file, data, size);
    gl = file + lump_at;
    put32(gl, n);
    for (i = 0; i < n; i++) {
        uint8_t *e = gl + 4 + 16 * i;
        put32(e, i);                                    /* id */
        put32(e + 4, 0);                                /* flags, version */
        put32(e + 8, lump_at + 4 + 16 * n + 4 * i);     /* offset from the file */
        put32(e + 12, 4);
        put32(gl + 4 + 16 * n + 4 * i, i);
    }
    put32(file + 8 + 16 * 35, lump_at);
    put32(file + 8 + 16 * 35 + 4, lump_len);
    put32(file + 8 + 16 * 35 + 8, 0);
    put32(file + 8 + 16 * 35 + 12, 0);
    t_init(&t, &s, file, total, 0);
    load(&L, &s);
    if (L.st != BSP_OK) {
        CHECK(0, "65536 game sub-lumps", "%s with them does not load: %s", name,
              bsp_status_name(L.st));
    } else {
        for (i = 0; i < n; i++) {
            bsp_game_lump g;
            if (bsp_game_lump_get(&L.m, i, &g) != BSP_OK || g.id != i || g.size != 4 ||
                (uint32_t)(g.data[0] | g.data[1] << 8 | g.data[2] << 16 | (uint32_t)g.data[3] << 24) != i)
                bad++;
        }
        CHECK(bsp_game_lump_count(&L.m) == n && bad == 0, "65536 game sub-lumps, each right",
              "count %u, %u wrong", (unsigned)bsp_game_lump_count(&L.m), (unsigned)bad);
    }
    free(L.arena);
    free(file);
}

/* Load `data` with `sets` into an arena of exactly the measured size;
 * *need gets the measure, *used the bytes the load says it used. */
static void load_sets(loaded *L, const uint8_t *data, uint32_t size, uint32_t sets, uint32_t *need,
                      uint32_t *used)
{
    bsp_stream s;
    tstream t;
    bsp_options o = bsp_default_options(sets);
    memset(L, 0, sizeof *L);
    *need = *used = 0;
    t_init(&t, &s, data, size, 0);
    L->st = L->open_st = bsp_open(&L->h, &s);
    if (L->st == BSP_OK) L->st = bsp_measure(&L->h, &o, need);
    if (L->st != BSP_OK) return;
    L->arena = malloc((size_t)*need + 8);
    L->st = bsp_load(&L->m, &L->h, &s, L->arena, *need, &o, used);
}

/* The answers that need no brush side, compared between the two maps;
 * returns how many differ. */
static uint32_t compare_answers(const bsp_map *a, const bsp_map *b)
{
    static const float c[] = { 0.0f, 17.5f, -63.25f, 128.0f, -300.0f, 511.0f };
    uint32_t differ = 0, i, j, k, n;
    bsp_counts ca, cb;
    uint8_t ra[4096], rb[4096];
    const void *ea, *eb;
    uint32_t sa, sb;
    memset(&ca, 0, sizeof ca);
    memset(&cb, 0, sizeof cb);
    if (bsp_get_counts(a, &ca) != bsp_get_counts(b, &cb) || ca.leaves != cb.leaves ||
        ca.faces != cb.faces || ca.models != cb.models || ca.planes != cb.planes ||
        ca.textures != cb.textures)
        differ++;
    for (i = 0; i < 6; i++)
        for (j = 0; j < 6; j++)
            for (k = 0; k < 6; k++) {
                float p[3];
                uint32_t la = 0, lb = 0;
                bsp_sample xa, xb;
                bsp_ambient_light aa, ab;
                p[0] = c[i], p[1] = c[j], p[2] = c[k];
                memset(&xa, 0, sizeof xa), memset(&xb, 0, sizeof xb);
                memset(&aa, 0, sizeof aa), memset(&ab, 0, sizeof ab);
                if (bsp_point_leaf(a, 0, p, &la) != bsp_point_leaf(b, 0, p, &lb) || la != lb) differ++;
                if (bsp_light_point(a, p, &xa) != bsp_light_point(b, p, &xb) || memcmp(&xa, &xb, sizeof xa))
                    differ++;
                if (bsp_ambient(a, p, &aa) != bsp_ambient(b, p, &ab) || memcmp(&aa, &ab, sizeof aa)) differ++;
            }
    n = bsp_num_clusters(a);
    for (i = 0; i < n && i < 64; i++) {
        memset(ra, 0, sizeof ra), memset(rb, 0, sizeof rb);
        if (bsp_pvs(a, (int32_t)i, ra, sizeof ra) != bsp_pvs(b, (int32_t)i, rb, sizeof rb) ||
            memcmp(ra, rb, sizeof ra))
            differ++;
    }
    for (i = 0; i < ca.leaves && i < 256; i++) {
        /* (a leaf's brush list is collision's: none on the partial map) */
        bsp_leaf la, lb;
        memset(&la, 0, sizeof la), memset(&lb, 0, sizeof lb);
        if (bsp_get_leaf(a, i, &la) != bsp_get_leaf(b, i, &lb) || lb.num_brushes != 0) differ++;
        la.num_brushes = 0;
        if (memcmp(&la, &lb, sizeof la)) differ++;
    }
    for (i = 0; i < ca.faces && i < 256; i++) {
        bsp_face fa, fb;
        memset(&fa, 0, sizeof fa), memset(&fb, 0, sizeof fb);
        if (bsp_get_face(a, i, &fa) != bsp_get_face(b, i, &fb) || memcmp(&fa, &fb, sizeof fa)) differ++;
    }
    for (i = 0; i < ca.models; i++) {
        bsp_model ma, mb;
        memset(&ma, 0, sizeof ma), memset(&mb, 0, sizeof mb);
        if (bsp_get_model(a, i, &ma) != bsp_get_model(b, i, &mb) || memcmp(&ma, &mb, sizeof ma)) differ++;
    }
    for (i = 0; i < ca.textures; i++) {
        const char *na = NULL, *nb = NULL;
        uint32_t a_len = 0, b_len = 0;
        if (bsp_texture_name(a, i, &na, &a_len) != bsp_texture_name(b, i, &nb, &b_len) || a_len != b_len ||
            (a_len && memcmp(na, nb, a_len)))
            differ++;
    }
    ea = bsp_lump(a, 0, &sa);
    eb = bsp_lump(b, 0, &sb);
    if (sa != sb || !ea || !eb || memcmp(ea, eb, sa)) differ++;
    return differ;
}

/* Traces, contents and brush records: `whole` answers, `part` answers
 * not_loaded for every one; returns the calls that do not. */
static uint32_t compare_collision(const bsp_map *whole, const bsp_map *part, int unsound)
{
    static const float z[3] = { 0, 0, 0 }, mn[3] = { -16, -16, -36 }, mx[3] = { 16, 16, 36 };
    uint32_t wrong = 0, k, mask = bsp_trace_mask(whole, BSP_MASK_PLAYERSOLID);
    /* Dota 2's v22/v23 collide with nothing, loaded or not (docs/queries.md
     * 13.6: unsupported comes before not_loaded) */
    bsp_status ws = unsound ? BSP_E_UNSUPPORTED : BSP_OK, ps = unsound ? BSP_E_UNSUPPORTED : BSP_E_NOT_LOADED;
    for (k = 0; k < 16; k++) {
        float st[3], en[3];
        int32_t contents;
        bsp_trace_result r;
        st[0] = -256.0f + 32.0f * (float)k, st[1] = 8.0f, st[2] = 40.0f;
        en[0] = st[0] + 100.0f, en[1] = -40.0f, en[2] = -200.0f;
        if (bsp_trace(whole, 0, st, en, k & 1 ? mn : z, k & 1 ? mx : z, mask, &r) != ws ||
            bsp_trace(part, 0, st, en, k & 1 ? mn : z, k & 1 ? mx : z, mask, &r) != ps)
            wrong++;
        if (bsp_point_contents(whole, 0, st, &contents) != ws || bsp_point_contents(part, 0, st, &contents) != ps)
            wrong++;
    }
    {
        bsp_brush b;
        bsp_brush_side side;
        if (bsp_get_brush(whole, 0, &b) != BSP_OK || bsp_get_brush(part, 0, &b) != BSP_E_NOT_LOADED ||
            bsp_get_brush_side(whole, 0, 0, &side) != BSP_OK ||
            bsp_get_brush_side(part, 0, 0, &side) != BSP_E_NOT_LOADED)
            wrong++;
    }
    return wrong;
}

static void test_partial(const char *name, const uint8_t *data, uint32_t size)
{
    const uint32_t sets = BSP_LOAD_GEOMETRY | BSP_LOAD_COLLISION, sides = 19, unknown = 99;
    char label[256];
    loaded W, F, P;
    bsp_options o = bsp_default_options(sets);
    bsp_where mw, lw;
    uint32_t need, fneed, used, pneed, pused, differ, wrong, brushes;
    bsp_counts wc;
    uint8_t *spoiled;
    load_sets(&W, data, size, sets, &need, &used);
    memset(&wc, 0, sizeof wc);
    brushes = W.st == BSP_OK && bsp_get_counts(&W.m, &wc) == BSP_OK && wc.brushes && wc.brush_sides;
    /* a PC-order VBSP map that loads whole, with brush sides at a known layout */
    if (W.st != BSP_OK || memcmp(data, "VBSP", 4) || W.h.l4d2_order || !W.h.lumps[sides].length ||
        !bsp_lump_record_size(&W.h, sides) || !brushes) {
        free(W.arena);
        return;
    }
    spoiled = malloc(size);
    memcpy(spoiled, data, size);
    put32(spoiled + 8 + 16 * sides + 8, unknown);
    load_sets(&F, spoiled, size, sets, &fneed, &used);
    bsp_measure_where(&F.h, &o, &mw);
    if (F.open_st == BSP_OK) {
        /* the load itself, which refuses at its plan: the map names it */
        bsp_stream s;
        tstream t;
        static uint64_t small[64];
        t_init(&t, &s, spoiled, size, 0);
        F.st = bsp_load(&F.m, &F.h, &s, small, sizeof small, &o, NULL);
    }
    bsp_map_where(&F.m, &lw);
    snprintf(label, sizeof label, "%s: brush sides at version %u: the failure names lump 19 and the version",
             name, (unsigned)unknown);
    CHECK(F.open_st == BSP_OK && F.st == BSP_E_BAD_LUMP_VERSION && mw.lump == sides &&
              mw.version == (int32_t)unknown && mw.offset == F.h.lumps[sides].offset &&
              lw.lump == mw.lump && lw.version == mw.version && lw.offset == mw.offset &&
              gives_nothing(&F.m),
          label, "status %s, measure names lump %u version %d offset %u, load lump %u version %d offset %u",
          bsp_status_name(F.st), (unsigned)mw.lump, (int)mw.version, (unsigned)mw.offset, (unsigned)lw.lump,
          (int)lw.version, (unsigned)lw.offset);
    load_sets(&P, spoiled, size, sets | BSP_LOAD_PARTIAL, &pneed, &pused);
    bsp_map_where(&P.m, &lw);
    snprintf(label, sizeof label, "%s: BSP_LOAD_PARTIAL loads it in exactly the measured arena, lump 19 left out",
             name);
    CHECK(P.st == BSP_OK && pused == pneed && pneed < need &&
              bsp_lump_left_out(&P.m, sides) && !bsp_lump_left_out(&W.m, sides) &&
              !bsp_lump(&P.m, sides, &used) && lw.lump == BSP_NO_LUMP && lw.version == -1,
          label, "status %s, measured %u used %u (whole %u), left out %d", bsp_status_name(P.st),
          (unsigned)pneed, (unsigned)pused, (unsigned)need, bsp_lump_left_out(&P.m, sides));
    if (P.st == BSP_OK) {
        differ = compare_answers(&W.m, &P.m);
        wrong = compare_collision(&W.m, &P.m, !memcmp(data, "VBSP", 4) && (W.h.version == 22 || W.h.version == 23));
        snprintf(label, sizeof label,
                 "%s: the partial map answers as the whole one, but not_loaded where brush sides are needed",
                 name);
        CHECK(differ == 0 && wrong == 0, label, "%u answers differ, %u collision calls not not_loaded",
              (unsigned)differ, (unsigned)wrong);
    }
    free(W.arena);
    free(F.arena);
    free(P.arena);
    free(spoiled);
}

int main(int argc, char **argv)
{
    int i, many = 0;
    test_messages();
    test_accessors_without_map();
    for (i = 1; i < argc; i++) {
        uint32_t size;
        uint8_t *data = read_file(argv[i], &size);
        if (!data) {
            CHECK(0, argv[i], "cannot read");
            continue;
        }
        test_failed_load(argv[i], data, size);
        test_unknown_size(argv[i], data, size);
        test_game_lump_base(argv[i], data, size);
        test_partial(argv[i], data, size);
        if (!many && size >= 1036 && !memcmp(data, "VBSP", 4)) {
            test_many_game_lumps(argv[i], data, size);
            many = 1;
        }
        free(data);
    }
    return check_exit();
}
