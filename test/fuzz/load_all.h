/* SPDX-License-Identifier: MIT */
/* load_all.h - the whole API on bytes taken as a map file: what fuzz_load
 * does with its input and fuzz_family with the map it builds.
 *
 * load_all(data, size): bsp_open, then bsp_measure and bsp_load under several load
 * options (QUERIES, LIGHTING through a strict forward-only stream,
 * LIGHTING|ENTITIES preferring HDR with the widest LZMA tables, ALL, ALL
 * with too-narrow tables, ALL through a forward-only stream, ENTITIES with
 * extra_lumps picked by the input, ALL read as Vindictus through
 * bsp_use_variant, GEOMETRY|COLLISION with BSP_LOAD_PARTIAL) into an arena of
 * exactly the measured size with guard bytes on both sides; then every query
 * on a spread of points, clusters and faces (test/common/exercise.h), the entity
 * iterator over the loaded entity text, the player start, the game lump API, bsp_lump and the
 * header helpers. Checked on every path: each call returns a status of the
 * enum, the loader reads only inside the file (and, forward-only, in
 * ascending order, each byte once), writes only inside the arena, and a
 * successful load used exactly what bsp_measure said; a random-access and
 * a forward-only full load agree byte for byte; a larger load set never
 * measures less; a failure names a lump of the directory or none, the
 * same from bsp_measure_where and the failed map's bsp_map_where when it
 * failed at the plan; a lump a partial load left out gives no bytes.
 */
#ifndef BSP_FUZZ_LOAD_ALL_H
#define BSP_FUZZ_LOAD_ALL_H

#include "fuzz.h"
#include "core/map.h"
#include "../common/exercise.h"
#include "../common/recstream.h"

/* Loads whose arena would exceed this are only asked for arena_too_small. */
#define ARENA_CAP (64u << 20)

static void status_ok(bsp_status st)
{
    FUZZ_ASSERT((unsigned)st < BSP_STATUS_COUNT);
}

/* Walk an entity text; events stay inside it and iteration ends. */
static void walk_entities(const uint8_t *text, uint32_t len)
{
    bsp_entity_iter it;
    bsp_entity_event ev;
    uint32_t steps = 0;
    const char *t = (const char *)text;
    bsp_entity_begin(&it, t, len);
    while ((ev = bsp_entity_next(&it)) != BSP_ENT_END && ev != BSP_ENT_ERROR) {
        FUZZ_ASSERT(ev == BSP_ENT_BEGIN || ev == BSP_ENT_PAIR || ev == BSP_ENT_CLOSE);
        FUZZ_ASSERT(++steps <= 2 * len + 2);   /* see fuzz_entity.c */
        if (ev == BSP_ENT_PAIR)
            FUZZ_ASSERT(it.key >= t && it.key + it.key_len <= t + len && it.value >= t &&
                        it.value + it.value_len <= t + len);
    }
}

/* The player start (bsp_player_start) on whatever entity text the map
 * has: a known status; on OK an origin of finite numbers at an entity's
 * '{' inside the text, the eye straight above the spawn, above the origin. */
static void player_start(const bsp_map *m)
{
    bsp_player_start_info p;
    bsp_status st = bsp_player_start(m, &p);
    status_ok(st);
    FUZZ_ASSERT(st == BSP_OK || st == BSP_E_END || st == BSP_E_CORRUPT || st == BSP_E_NOT_LOADED ||
                (st == BSP_E_UNSUPPORTED && bsp_map_family(m) == BSP_FAMILY_RESPAWN));
    FUZZ_ASSERT(bsp_player_start(m, NULL) == BSP_E_BAD_ARGUMENT && bsp_player_start(NULL, &p) == BSP_E_BAD_ARGUMENT);
    if (st != BSP_OK) return;
    FUZZ_ASSERT(bsp__map_c(m)->entities.data && p.entity < bsp__map_c(m)->entities.count && bsp__map_c(m)->entities.data[p.entity] == '{');
    FUZZ_ASSERT(p.classname != NULL && p.view_height > 0.0f);
    FUZZ_ASSERT(p.origin[0] - p.origin[0] == 0.0f && p.origin[1] - p.origin[1] == 0.0f &&
                p.origin[2] - p.origin[2] == 0.0f);
    FUZZ_ASSERT(p.eye[0] == p.spawn[0] && p.eye[1] == p.spawn[1] && p.spawn[0] == p.origin[0] &&
                p.spawn[1] == p.origin[1] && !(p.eye[2] < p.spawn[2]) && !(p.spawn[2] < p.origin[2]));
}

static void api_on_map(const bsp_map *m, const bsp_header *h)
{
    uint32_t i, sz;
    FUZZ_ASSERT(exercise_map(m) == 0);
    for (i = 0; i <= BSP_MAX_LUMPS; i++) {
        const void *p = bsp_lump(m, i, &sz);
        FUZZ_ASSERT(p || sz == 0);
        if (bsp_lump_left_out(m, i)) FUZZ_ASSERT(!p && i < h->num_lumps);
        if (p && i < h->num_lumps) FUZZ_ASSERT(sz == h->lumps[i].size);
    }
    if (bsp__map_c(m)->entities.data) walk_entities(bsp__map_c(m)->entities.data, bsp__map_c(m)->entities.count);
    player_start(m);
}

static void header_helpers(const bsp_header *h)
{
    uint32_t i;
    FUZZ_ASSERT(bsp_family_name(h) != NULL);
    (void)bsp_variant_name(h);
    for (i = 0; i <= h->num_lumps; i++) {
        const char *name = bsp_lump_name(h, i);
        FUZZ_ASSERT((name != NULL) == (i < h->num_lumps));
        (void)bsp_lump_record_size(h, i);
    }
}

typedef struct variant {
    uint32_t sets;
    int prefer_hdr;
    uint32_t lclp_max;
    int forward;
    int extra;            /* extra_lumps: a set of lumps picked by the input */
    int game;             /* bsp_use_variant(game) after bsp_open (0: none) */
} variant;

static const variant variants[] = {
    { BSP_LOAD_QUERIES, 0, 0, 0, 0, 0 },
    { BSP_LOAD_LIGHTING, 0, 0, 1, 0, 0 },
    { BSP_LOAD_LIGHTING | BSP_LOAD_ENTITIES, 1, 12, 0, 0, 0 },
    { BSP_LOAD_ALL, 0, 0, 0, 0, 0 },
    { BSP_LOAD_ALL, 1, 1, 0, 0, 0 },
    { BSP_LOAD_ALL, 0, 12, 1, 0, 0 },
    { BSP_LOAD_ENTITIES, 0, 3, 0, 1, 0 },
    { BSP_LOAD_ALL, 0, 0, 0, 0, BSP_VARIANT_VINDICTUS },
    { BSP_LOAD_GEOMETRY | BSP_LOAD_COLLISION | BSP_LOAD_PARTIAL, 0, 0, 0, 0, 0 },
};

/* A bsp_where names a lump (with its file offset, for a plan's refusal
 * of a lump of the directory), or nothing. */
static void where_ok(const bsp_header *h, const bsp_where *w, int plan)
{
    if (w->lump == BSP_NO_LUMP) FUZZ_ASSERT(w->version == -1 && (!plan || w->offset == 0));
    else FUZZ_ASSERT(w->lump < BSP_MAX_LUMPS && w->version >= -1);
    if (plan && w->lump < h->num_lumps) FUZZ_ASSERT(w->offset == h->lumps[w->lump].offset);
}

/* A lump set from the input's bytes (FNV-1a of its first 64), so some loads
 * take lumps without the ones their queries need (faces without texinfo). */
static uint64_t extra_of(const uint8_t *data, uint32_t size)
{
    uint64_t h = 0xcbf29ce484222325u;
    uint32_t i;
    for (i = 0; i < size && i < 64; i++) h = (h ^ data[i]) * 0x100000001b3u;
    return h ^ ((uint64_t)size << 32);
}

static void load_variant(const uint8_t *data, uint32_t size, const variant *v, uint32_t fail_at)
{
    rec_stream rs;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    bsp_options o = bsp_default_options(v->sets);
    uint32_t need = 0, reported = 0;
    bsp_status st;
    fuzz_block arena;

    o.prefer_hdr = v->prefer_hdr;
    o.lzma_lclp_max = v->lclp_max;
    if (v->extra) {
        o.extra_lumps = extra_of(data, size);
        o.extra_lumps_hi = o.extra_lumps * 0x9e3779b97f4a7c15u;   /* lumps 64..127, BSPX entries */
    }
    rec_init(&rs, &s, data, size, v->forward, fail_at);
    st = bsp_open(&h, &s);
    status_ok(st);
    if (st != BSP_OK) return;
    FUZZ_ASSERT(h.family != NULL && h.num_lumps <= BSP_MAX_LUMPS && h.file_size == size);
    if (v->game) {
        bsp_header before = h;
        st = bsp_use_variant(&h, (bsp_variant)v->game);
        status_ok(st);
        /* a refused variant leaves the header as it was */
        if (st != BSP_OK) FUZZ_ASSERT(memcmp(&before, &h, sizeof h) == 0);
        if (st != BSP_OK) return;
    }
    header_helpers(&h);
    st = bsp_measure(&h, &o, &need);
    status_ok(st);
    if (st != BSP_OK) {
        bsp_where mw, lw;
        FUZZ_ASSERT(need == 0);
        /* load agrees with measure about the options and the plan, and
         * about where it refused */
        FUZZ_ASSERT(bsp_load(&m, &h, &s, NULL, 0, &o, NULL) == st);
        bsp_measure_where(&h, &o, &mw);
        bsp_map_where(&m, &lw);
        where_ok(&h, &mw, 1);
        FUZZ_ASSERT(mw.lump == lw.lump && mw.version == lw.version && mw.offset == lw.offset);
        return;
    }
    if (need > ARENA_CAP) {
        uint8_t small[64] __attribute__((aligned(8)));
        st = bsp_load(&m, &h, &s, small, sizeof small, &o, &reported);
        FUZZ_ASSERT(st == BSP_E_ARENA_TOO_SMALL && reported == need);
        return;
    }
    if (fuzz_block_alloc(&arena, need)) return;
    /* A one-byte-short arena is refused before anything is read. */
    if (need > 0) {
        uint32_t calls = rs.calls;
        FUZZ_ASSERT(bsp_load(&m, &h, &s, arena.p, need - 1, &o, &reported) ==
                        BSP_E_ARENA_TOO_SMALL &&
                    reported == need && rs.calls == calls);
    }
    st = bsp_load(&m, &h, &s, arena.p, (uint32_t)need, &o, &reported);
    status_ok(st);
    /* The loader never asks for bytes outside the file (lumps are checked
     * against the header's file size before anything is read), nor, on a
     * forward-only stream, for bytes before its last read. */
    FUZZ_ASSERT(rs.outside == 0 && rs.backwards == 0);
    FUZZ_ASSERT(fuzz_block_guards_ok(&arena));
    {
        /* the accessors (bsp_get_info, bsp_map_where) agree with the load */
        bsp_map_info info;
        bsp_where where;
        FUZZ_ASSERT(bsp_get_info(&m, &info) == BSP_OK);
        bsp_map_where(&m, &where);
        /* (a lump named carries its directory version; none, -1) */
        FUZZ_ASSERT(where.lump == BSP_NO_LUMP ? where.version == -1 : where.lump < BSP_MAX_LUMPS);
        if (st == BSP_OK)
            FUZZ_ASSERT(info.arena_used == need && info.bspx && where.lump == BSP_NO_LUMP &&
                        (info.entities || info.entities_bytes == 0));
        else
            FUZZ_ASSERT(info.arena_used == 0 && !info.bspx && !info.entities);
    }
    if (st == BSP_OK) {
        FUZZ_ASSERT(bsp__map_c(&m)->arena_used == need && reported == need);
        api_on_map(&m, &h);
    } else {
        bsp_where w;
        /* a failed load answers no query, and says so with a status */
        FUZZ_ASSERT(exercise_map(&m) == 0);
        bsp_map_where(&m, &w);
        where_ok(&h, &w, 0);
    }
    FUZZ_ASSERT(fuzz_block_guards_ok(&arena));
    fuzz_block_free(&arena);
}

/* bsp_measure of a set, ~0u when it fails. */
static uint32_t measure_of(const uint8_t *data, uint32_t size, uint32_t sets)
{
    rec_stream rs;
    bsp_stream s;
    bsp_header h;
    bsp_options o = bsp_default_options(sets);
    uint32_t need;
    rec_init(&rs, &s, data, size, 0, 0);
    if (bsp_open(&h, &s) != BSP_OK || bsp_measure(&h, &o, &need) != BSP_OK) return ~0u;
    return need;
}

/* A full load through a random-access stream and through a forward-only
 * one: the same verdict, and the same bytes in every lump. */
static void same_either_way(const uint8_t *data, uint32_t size)
{
    rec_stream rs[2];
    bsp_stream s[2];
    bsp_header h[2];
    bsp_map m[2];
    bsp_status st[2];
    fuzz_block arena[2];
    bsp_options o = bsp_default_options(BSP_LOAD_ALL);
    uint32_t need = 0, k, i, sz[2];
    o.lzma_lclp_max = 12;
    for (k = 0; k < 2; k++) {
        arena[k].raw = NULL;
        rec_init(&rs[k], &s[k], data, size, (int)k, 0);
        st[k] = bsp_open(&h[k], &s[k]);
        if (st[k] == BSP_OK) st[k] = bsp_measure(&h[k], &o, &need);
        if (st[k] == BSP_OK && need <= ARENA_CAP && fuzz_block_alloc(&arena[k], need) == 0)
            st[k] = bsp_load(&m[k], &h[k], &s[k], arena[k].p, need, &o, NULL);
    }
    FUZZ_ASSERT(rs[0].outside + rs[1].outside + rs[1].backwards == 0);
    /* (a version-29 file whose model lump 64 and 80 both divide is Hexen
     * II's only by its models' bytes, which only the random-access stream
     * reads at bsp_open: docs/queries.md 13.4; the forward-only one reads
     * it as Quake's) */
    if (bsp_variant_name(&h[0]) != bsp_variant_name(&h[1]) && bsp_variant_name(&h[0]) &&
        !strcmp(bsp_variant_name(&h[0]), "hexen2")) {
        fuzz_block_free(&arena[0]);
        fuzz_block_free(&arena[1]);
        return;
    }
    FUZZ_ASSERT(st[0] == st[1]);
    if (st[0] == BSP_OK && arena[0].raw && arena[1].raw) {
        FUZZ_ASSERT(bsp__map_c(&m[0])->num_clusters == bsp__map_c(&m[1])->num_clusters && bsp__map_c(&m[0])->has_vis == bsp__map_c(&m[1])->has_vis);
        for (i = 0; i < BSP_MAX_LUMPS; i++) {
            const void *a = bsp_lump(&m[0], i, &sz[0]), *b = bsp_lump(&m[1], i, &sz[1]);
            FUZZ_ASSERT((a == NULL) == (b == NULL) && sz[0] == sz[1]);
            if (a) FUZZ_ASSERT(memcmp(a, b, sz[0]) == 0);
        }
    }
    fuzz_block_free(&arena[0]);
    fuzz_block_free(&arena[1]);
}

static void load_all(const uint8_t *data, uint32_t size32)
{
    uint32_t k, q, l, a;
    for (k = 0; k < sizeof variants / sizeof variants[0]; k++) load_variant(data, size32, &variants[k], 0);
    same_either_way(data, size32);
    /* a larger set never needs less arena */
    q = measure_of(data, size32, BSP_LOAD_QUERIES);
    l = measure_of(data, size32, BSP_LOAD_LIGHTING);
    a = measure_of(data, size32, BSP_LOAD_ALL);
    if (q != ~0u && l != ~0u) FUZZ_ASSERT(q <= l);
    if (l != ~0u && a != ~0u) FUZZ_ASSERT(l <= a);
    /* A read that fails midway (the stream's I/O error) on a full load. */
    load_variant(data, size32, &variants[3], 3 + (size32 % 7));
}

#endif

