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
 */
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#include "../loader/bspkit.h"
#include "check.h"
#include "files.h"

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
           info.lit == BSP_LIT_NONE && where_of(m).version == -1;
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
        if (!many && size >= 1036 && !memcmp(data, "VBSP", 4)) {
            test_many_game_lumps(argv[i], data, size);
            many = 1;
        }
        free(data);
    }
    return check_exit();
}
