/* SPDX-License-Identifier: MIT */
/* main.c - the bare-metal test: load the embedded maps with bspkit and
 * compare every answer with the host's, bit for bit.
 *
 * Freestanding: no libc, no heap. Maps come from maps.S through
 * platform/memory's bsp_memstream, the arena is a static array sized by the
 * host's bsp_measure (sizes.h), expected answers are tables (tables.c, see
 * bm.h), and the only I/O is the board's console (board.h). Output follows
 * test/common/check.h: one "PASS name" or "FAIL name: detail" line per check, then
 * "N passed, N failed"; test/baremetal/run.sh reads it from the serial port.
 */
#include "bm.h"
#include "sizes.h"
#include "../../platform/e500/board.h"
#include "../../platform/memory/bsp_memstream.h"
#include "../../loader/core/map.h"   /* the map's family and model count */

/* Bytes past the largest map's arena that must stay untouched too. */
#define GUARD 64
#define FILL 0xA5u

static uint8_t arena[BM_ARENA_MAX + GUARD] __attribute__((aligned(8)));
static uint8_t row[4096];
static uint32_t passed, failed;

static const char *const kind_name[BM_KINDS] = { "leaf", "pvs", "pas", "light", "luxel", "ambient",
                                                 "trace", "hulltrace", "contents", "hullcontents" };

/* ---- console output, integers only -------------------------------------- */

static void put(const char *s) { board_puts(s); }

static void put_u32(uint32_t v)
{
    char buf[11];
    int n = 0;
    do buf[n++] = (char)('0' + v % 10); while (v /= 10);
    while (n) board_putc(buf[--n]);
}

static void put_i32(int32_t v)
{
    if (v < 0) {
        board_putc('-');
        put_u32(0u - (uint32_t)v);
    } else {
        put_u32((uint32_t)v);
    }
}

static void put_hex(uint32_t v)
{
    int i;
    put("0x");
    for (i = 28; i >= 0; i -= 4) board_putc("0123456789abcdef"[(v >> i) & 15u]);
}

/* "PASS baremetal MAP: " or "FAIL FILE:LINE: baremetal MAP: ": the caller
 * prints the check's name, then (failed) ": detail", then ends the line
 * with done(). */
#define verdict(ok, map) verdict_at(__FILE__, __LINE__, ok, map)
static void verdict_at(const char *file, uint32_t line, int ok, const char *map)
{
    if (ok) {
        put("PASS baremetal ");
    } else {
        put("FAIL ");
        put(file);
        put(":");
        put_u32(line);
        put(": baremetal ");
    }
    put(map);
    put(": ");
    if (ok) passed++; else failed++;
}

static void done(void) { board_putc('\n'); }

static int str_eq(const char *a, const char *b)
{
    while (*a && *a == *b) a++, b++;
    return *a == *b;
}

static float f32(uint32_t bits)
{
    union { uint32_t u; float f; } v;
    v.u = bits;
    return v.f;
}

static uint32_t bits32(float f)
{
    union { uint32_t u; float f; } v;
    v.f = f;
    return v.u;
}

/* ---- one query ------------------------------------------------------------ */

static void say_status(bsp_status st)
{
    put(bsp_status_name(st));
}

/* An ambient answer against the host's: integers, then every colour's bits. */
static int ambient_same(const bsp_ambient_light *a, const bm_query *q, int say)
{
    const float *f[3];
    int32_t e[3], num = 0;
    uint32_t j, per = 3;
    int ok;
    if (q->nvis == 18) {
        e[0] = a->leaf;
        e[1] = a->from;
        e[2] = a->first;
        num = a->count;
        ok = a->kind == BSP_AMBIENT_CUBE;
        per = 18;
        f[0] = &a->cube[0][0];
    } else {
        for (j = 0; j < 3; j++) e[j] = a->cell[j];
        ok = a->kind == BSP_AMBIENT_LIGHT_GRID;
        f[0] = a->ambient;
        f[1] = a->directed;
        f[2] = a->dir;
    }
    ok = ok && e[0] == q->e[0] && e[1] == q->e[1] && e[2] == q->e[2] && num == q->num;
    for (j = 0; ok && j < q->nvis; j++)
        ok = bits32(f[j / per][j % per]) == bm_vis[q->vis + j];
    if (!ok && say) {
        put("ambient ");
        put_i32(e[0]);
        put(" ");
        put_i32(e[1]);
        put(" ");
        put_i32(e[2]);
        put(" count ");
        put_i32(num);
        put(", expected ");
        put_i32(q->e[0]);
        put(" ");
        put_i32(q->e[1]);
        put(" ");
        put_i32(q->e[2]);
        put(" count ");
        put_i32(q->num);
        put(" (or a colour's bits differ)");
    }
    return ok;
}

/* A collision query (BM_TRACE .. BM_HULLCONTENTS): the call the tool
 * makes, and its answer against the host's, bit for bit. */
static int collision_same(const bsp_map *m, const bm_query *q, const float p[3], int say)
{
    const uint32_t *v = &bm_vis[q->vis];
    float in[9], moved[6];   /* moved: origin, angles (nvis 23, 8.10) */
    bsp_trace_result r;
    bsp_status st;
    int32_t contents = 0;
    uint32_t j, mask = q->raw[3] ? bsp_trace_mask(m, BSP_MASK_PLAYERSOLID) : (uint32_t)q->e[1];
    int ok;
    r.fraction = 0;
    r.contents = 0;
    for (j = 0; j < 9; j++) in[j] = f32(v[j]);
    for (j = 0; j < 6; j++) moved[j] = q->nvis == 23 ? f32(v[17 + j]) : 0.0f;
    if (q->kind == BM_TRACE && q->nvis == 23)
        st = bsp_trace_transformed(m, (uint32_t)q->num, p, in, in + 3, in + 6, mask, moved, moved + 3, &r);
    else if (q->kind == BM_CONTENTS && q->nvis == 23)
        st = bsp_point_contents_transformed(m, (uint32_t)q->num, p, moved, moved + 3, &contents);
    else if (q->kind == BM_TRACE)
        st = bsp_trace(m, (uint32_t)q->num, p, in, in + 3, in + 6, mask, &r);
    else if (q->kind == BM_HULLTRACE)
        st = bsp_hull_trace(m, (uint32_t)q->num, (uint32_t)q->e[0], p, in, &r);
    else if (q->kind == BM_CONTENTS)
        st = bsp_point_contents(m, (uint32_t)q->num, p, &contents);
    else
        st = bsp_hull_contents(m, (uint32_t)q->num, (uint32_t)q->e[0], p, &contents);
    if (st != q->status || (st != BSP_OK && !str_eq(bsp_status_name(st), q->error))) {
        if (say) {
            put("status ");
            say_status(st);
            put(", expected ");
            put(q->error ? q->error : bsp_status_name(BSP_OK));
        }
        return 0;
    }
    if (st != BSP_OK) return 1;
    if (q->kind == BM_CONTENTS || q->kind == BM_HULLCONTENTS) {
        ok = contents == q->e[2];
    } else {
        ok = r.startsolid == q->raw[0] && r.allsolid == q->raw[1] && r.has_plane == q->raw[2] &&
             bits32(r.fraction) == v[9] && (q->kind == BM_HULLTRACE || r.contents == q->e[2]);
        for (j = 0; ok && j < 3; j++) ok = bits32(r.endpos[j]) == v[10 + j];
        for (j = 0; ok && r.has_plane && j < 3; j++) ok = bits32(r.normal[j]) == v[13 + j];
        if (ok && r.has_plane) ok = bits32(r.dist) == v[16];
    }
    if (!ok && say) {
        put("fraction bits ");
        put_hex(bits32(r.fraction));
        put(" contents ");
        put_i32(contents | r.contents);
        put(", expected fraction bits ");
        put_hex(v[9]);
        put(" contents ");
        put_i32(q->e[2]);
    }
    return ok;
}

/* Run query q and compare; with `say`, print why it differs. */
static int run_query(const bsp_map *m, const bm_query *q, int say)
{
    float p[3];
    bsp_status st;
    bsp_sample s;
    bsp_ambient_light amb;
    uint32_t leaf = 0, j, k, n, rb;
    int32_t contents = 0, cluster = 0;
    int ok = 1;

    p[0] = f32(q->p[0]);
    p[1] = f32(q->p[1]);
    p[2] = f32(q->p[2]);
    s.face = s.s = s.t = 0;
    s.raw_len = 0;
    if (q->kind >= BM_TRACE) return collision_same(m, q, p, say);
    switch (q->kind) {
    case BM_LEAF:
        st = bsp_point_leaf(m, 0, p, &leaf);
        if (st == BSP_OK) {
            bsp_leaf lf;
            st = bsp_get_leaf(m, leaf, &lf);
            if (st == BSP_OK) contents = lf.contents, cluster = lf.cluster;
        }
        break;
    case BM_PVS:
    case BM_PAS:
        rb = bsp_vis_row_bytes(m);
        if (rb > sizeof row) {
            if (say) put("vis row longer than the test's buffer");
            return 0;
        }
        st = q->kind == BM_PVS ? bsp_pvs(m, q->num, row, rb) : bsp_pas(m, q->num, row, rb);
        break;
    case BM_LIGHT:
        st = bsp_light_point(m, p, &s);
        break;
    case BM_AMBIENT:
        st = bsp_ambient(m, p, &amb);
        break;
    default:
        st = bsp_luxel(m, q->num, p, 0, &s);
        break;
    }

    if (st != q->status || (st != BSP_OK && !str_eq(bsp_status_name(st), q->error))) {
        if (say) {
            put("status ");
            say_status(st);
            put(", expected ");
            put(q->error ? q->error : bsp_status_name(BSP_OK));
        }
        return 0;
    }
    if (st != BSP_OK) return 1;

    switch (q->kind) {
    case BM_LEAF:
        ok = (int32_t)leaf == q->e[0] && cluster == q->e[1] && contents == q->e[2];
        if (!ok && say) {
            put("leaf ");
            put_u32(leaf);
            put(" cluster ");
            put_i32(cluster);
            put(" contents ");
            put_i32(contents);
            put(", expected ");
            put_i32(q->e[0]);
            put(" ");
            put_i32(q->e[1]);
            put(" ");
            put_i32(q->e[2]);
        }
        return ok;
    case BM_PVS:
    case BM_PAS:
        /* bit j of the row <=> j in the host's ascending list */
        n = bsp_num_clusters(m);
        for (j = 0, k = 0; j < n; j++) {
            int want = k < q->nvis && bm_vis[q->vis + k] == j;
            int got = (row[j >> 3] >> (j & 7)) & 1;
            if (want) k++;
            if (want != got) {
                if (say) {
                    put("cluster ");
                    put_u32(j);
                    put(got ? " visible, expected not" : " not visible, expected visible");
                }
                return 0;
            }
        }
        if (k != q->nvis) {
            if (say) put("the host lists clusters past num_clusters");
            return 0;
        }
        return 1;
    case BM_AMBIENT:
        return ambient_same(&amb, q, say);
    default:
        if (q->e[0] < 0) {
            ok = s.face < 0;
        } else {
            ok = s.face == q->e[0] && s.s == q->e[1] && s.t == q->e[2] &&
                 s.raw_len == q->raw_len;
            for (j = 0; ok && j < q->raw_len; j++) ok = s.raw[j] == q->raw[j];
            for (j = 0; ok && j < 3; j++) ok = bits32(s.rgb[j]) == q->rgb[j];
        }
        if (!ok && say) {
            put("face ");
            put_i32(s.face);
            put(" s ");
            put_i32(s.s);
            put(" t ");
            put_i32(s.t);
            put(" rgb bits ");
            for (j = 0; j < 3; j++) {
                put_hex(bits32(s.rgb[j]));
                put(" ");
            }
            put("expected face ");
            put_i32(q->e[0]);
            put(" s ");
            put_i32(q->e[1]);
            put(" t ");
            put_i32(q->e[2]);
            put(" rgb bits ");
            for (j = 0; j < 3; j++) {
                put_hex(q->rgb[j]);
                put(j < 2 ? " " : "");
            }
        }
        return ok;
    }
}

/* One check per kind of answer, and one for the error answers. */
static void run_queries(const bm_map *bm, const bsp_map *m)
{
    uint32_t count[BM_KINDS + 1] = { 0 }, bad[BM_KINDS + 1] = { 0 };
    uint32_t first_bad[BM_KINDS + 1] = { 0 };
    uint32_t i, k;

    for (i = 0; i < bm->nq; i++) {
        const bm_query *q = &bm->q[i];
        k = q->status == BSP_OK ? q->kind : BM_KINDS;
        count[k]++;
        if (!run_query(m, q, 0) && bad[k]++ == 0) first_bad[k] = i;
    }
    for (k = 0; k <= BM_KINDS; k++) {
        if (!count[k]) continue;
        verdict(!bad[k], bm->name);
        put_u32(count[k]);
        if (k < BM_KINDS) {
            put(" ");
            put(kind_name[k]);
            put(" queries answer bit for bit as expected");
        } else {
            put(" queries give the expected error (bad_cluster, bad_face, no_lightmap, ...)");
        }
        if (bad[k]) {
            const bm_query *q = &bm->q[first_bad[k]];
            put(": ");
            put_u32(bad[k]);
            put(" differ; first: line ");
            put_u32(q->line);
            put(" (");
            put(kind_name[q->kind]);
            put("): ");
            run_query(m, q, 1);
        }
        done();
    }
}

/* ---- one map ------------------------------------------------------------- */

/* Opened and, for a Quake 3 collision load, its curved surfaces counted
 * (bsp_measure_patches; nothing to do for the other families). */
static uint8_t patch_scratch[BSP_PATCH_SCRATCH_BYTES] __attribute__((aligned(8)));
static bsp_status open_map(const bm_map *bm, bsp_memstream *ms, bsp_stream *s, bsp_header *h)
{
    bsp_status st;
    bsp_memstream_init(ms, s, bm->data, (uint32_t)(bm->end - bm->data));
    st = bsp_open(h, s);
    if (st == BSP_OK) st = bsp_measure_patches(h, s, patch_scratch, sizeof patch_scratch);
    return st;
}

/* The family's name, through a header that names only the family. */
static int family_is(const bsp_map *m, const char *name)
{
    bsp_header h;
    h.family = bsp__map_c(m)->family;
    return str_eq(bsp_family_name(&h), name);
}

/* Families without node face lists (Quake 3, Nightfire) answer `light`
 * unsupported, ahead of anything about its arguments (docs/queries.md 5). */
static int light_unsupported(const bsp_map *m)
{
    return family_is(m, "quake3") || family_is(m, "nightfire");
}

/* Source and Quake 3 answer `ambient`; the others unsupported. */
static int ambient_unsupported(const bsp_map *m)
{
    return !family_is(m, "source") && !family_is(m, "quake3");
}

/* Queries the library itself must refuse: what the tool's parser never
 * lets through (non-finite points) and what it never asks (other models,
 * style slots). docs/queries.md: bad_query comes first; a style slot is only
 * looked at once the family has lightmaps at all. */
static void check_bad_queries(const bm_map *bm, const bsp_map *m)
{
    float nan_p[3], inf_p[3], p[3] = { 1.5f, 2.5f, 3.5f };
    uint32_t leaf;
    bsp_sample s;
    bsp_ambient_light amb;
    bsp_status a, b, c, d;
    int ok;

    nan_p[0] = f32(0x7fc00000u);
    nan_p[1] = nan_p[2] = 0.0f;
    inf_p[0] = inf_p[1] = 0.0f;
    inf_p[2] = f32(0xff800000u);
    a = bsp_point_leaf(m, 0, nan_p, &leaf);
    b = bsp_light_point(m, inf_p, &s);
    c = bsp_point_leaf(m, bsp__map_c(m)->models.count, p, &leaf);
    d = bsp_luxel(m, 0, p, 99, &s);
    /* Quake 3 has no style slots: any slot but 0 is no_lightmap (patches:
     * unsupported; a map without surfaces: bad_face) */
    ok = a == BSP_E_BAD_QUERY && b == BSP_E_BAD_QUERY && c == BSP_E_BAD_QUERY &&
         (family_is(m, "quake3") ? (d == BSP_E_NO_LIGHTMAP || d == BSP_E_UNSUPPORTED || d == BSP_E_BAD_FACE)
                                 : d == BSP_E_BAD_QUERY) &&
         bsp_ambient(m, nan_p, &amb) == BSP_E_BAD_QUERY;
    verdict(ok, bm->name);
    put("a NaN or infinite point, a model or a style slot out of range is bad_query");
    if (!ok) {
        put(": got ");
        say_status(a);
        put(" ");
        say_status(b);
        put(" ");
        say_status(c);
        put(" ");
        say_status(d);
    }
    done();
}

static void test_map(const bm_map *bm)
{
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    bsp_options o = bsp_default_options(BM_LOAD_SETS);
    bsp_status st;
    uint32_t need = 0, used = 0, i;
    int ok;

    /* 1. bsp_measure here equals bsp_measure on the host */
    st = open_map(bm, &ms, &s, &h);
    if (st == BSP_OK) st = bsp_measure(&h, &o, &need);
    ok = st == BSP_OK && need == bm->arena;
    verdict(ok, bm->name);
    put("bsp_measure equals the host's (");
    put_u32(bm->arena);
    put(" bytes)");
    if (!ok) {
        put(": status ");
        say_status(st);
        put(", ");
        put_u32(need);
        put(" bytes");
    }
    done();
    if (st != BSP_OK || need > BM_ARENA_MAX) return;

    /* 2. one byte short: arena_too_small, and how much is needed */
    for (i = 0; i < sizeof arena; i++) arena[i] = FILL;
    st = open_map(bm, &ms, &s, &h);
    if (st == BSP_OK) st = bsp_load(&m, &h, &s, arena, need - 1, &o, &used);
    ok = st == BSP_E_ARENA_TOO_SMALL && used == need;
    verdict(ok, bm->name);
    put("an arena one byte short is arena_too_small, needing the measured size");
    if (!ok) {
        put(": status ");
        say_status(st);
        put(", needed ");
        put_u32(used);
    }
    done();

    /* 3. the real load, into exactly the measured bytes */
    st = open_map(bm, &ms, &s, &h);
    if (st == BSP_OK) st = bsp_load(&m, &h, &s, arena, need, &o, &used);
    ok = st == BSP_OK && used == need;
    verdict(ok, bm->name);
    put("loads into the measured arena, using all of it");
    if (!ok) {
        put(": status ");
        say_status(st);
        put(", used ");
        put_u32(used);
    }
    done();
    if (st != BSP_OK) return;

    /* 4. the queries */
    run_queries(bm, &m);

    /* 5. neither load nor queries wrote past the measured bytes */
    for (i = need; i < sizeof arena && arena[i] == FILL; i++)
        ;
    verdict(i == sizeof arena, bm->name);
    put("nothing written past the measured arena");
    if (i != sizeof arena) {
        put(": byte ");
        put_u32(i);
        put(" changed");
    }
    done();

    /* 5b. the resumable loader, 4 KiB reads and 256-byte work steps (so
     * decoding, swapping and checking all run in slices), gives a map that
     * answers the same */
    {
        bsp_loader l;
        bsp_read r;
        bsp_progress pr;
        uint32_t steps = 0;
        st = open_map(bm, &ms, &s, &h);
        if (st == BSP_OK) st = bsp_loader_begin(&l, &m, &h, arena, need, &o, NULL);
        while (st == BSP_OK) {
            while (st == BSP_OK && bsp_loader_next_read(&l, 4096, &r))
                st = bsp_loader_read_done(&l, &r, s.read(s.ctx, r.offset, r.dst, r.length));
            if (st == BSP_OK) st = bsp_loader_step(&l, 256, &pr);
            steps++;
            if (st != BSP_OK || pr.phase == BSP_PHASE_DONE) break;
        }
        verdict(st == BSP_OK, bm->name);
        put("loads through the resumable loader with 256-byte steps (");
        put_u32(steps);
        put(" steps)");
        if (st != BSP_OK) {
            put(": status ");
            say_status(st);
        }
        done();
        if (st == BSP_OK) run_queries(bm, &m);
    }

    /* 6. error answers of the API itself */
    check_bad_queries(bm, &m);

    st = open_map(bm, &ms, &s, &h);
    if (st == BSP_OK) st = bsp_load(&m, &h, &s, arena + 1, need, &o, &used);
    verdict(st == BSP_E_BAD_ARENA, bm->name);
    put("a misaligned arena is bad_arena");
    if (st != BSP_E_BAD_ARENA) {
        put(": got ");
        say_status(st);
    }
    done();

    /* 7. a queries-only load answers lighting queries with not_loaded
     * (unsupported where the family has none) */
    o = bsp_default_options(BSP_LOAD_QUERIES);
    st = open_map(bm, &ms, &s, &h);
    if (st == BSP_OK) st = bsp_measure(&h, &o, &need);
    if (st == BSP_OK) st = bsp_load(&m, &h, &s, arena, need, &o, &used);
    if (st == BSP_OK) {
        float p[3] = { 0.5f, 0.5f, 0.5f };
        bsp_sample smp;
        bsp_ambient_light amb;
        bsp_status a = bsp_light_point(&m, p, &smp), b = bsp_luxel(&m, 0, p, 0, &smp);
        bsp_status c = bsp_ambient(&m, p, &amb);
        ok = a == (light_unsupported(&m) ? BSP_E_UNSUPPORTED : BSP_E_NOT_LOADED) &&
             b == BSP_E_NOT_LOADED &&
             c == (ambient_unsupported(&m) ? BSP_E_UNSUPPORTED : BSP_E_NOT_LOADED);
        verdict(ok, bm->name);
        put("loaded without lighting, light, luxel and ambient are not_loaded (unsupported where the family has no such query)");
        if (!ok) {
            put(": got ");
            say_status(a);
            put(" ");
            say_status(b);
            put(" ");
            say_status(c);
        }
    } else {
        verdict(0, bm->name);
        put("loaded without lighting, light and luxel are not_loaded: the load failed: ");
        say_status(st);
    }
    done();
}

/* The stack's high-water mark, for porters sizing STACK_SIZE: paint the
 * unused stack below this frame, look for the deepest change at the end. */
extern uint8_t __stack_bottom[], __stack_top[];
#define PAINT 0x5Au

static void stack_paint(void)
{
    uint8_t *p = __stack_bottom, *sp = (uint8_t *)__builtin_frame_address(0) - 256;
    while (p < sp) *p++ = PAINT;
}

static uint32_t stack_used(void)
{
    const uint8_t *p = __stack_bottom;
    while (p < __stack_top && *p == PAINT) p++;
    return (uint32_t)(__stack_top - p);
}

int main(void)
{
    uint32_t i;
    stack_paint();
    board_console_init();
    put("bspkit bare-metal test: ");
    put_u32(bm_num_maps);
    put(" maps\n");
    for (i = 0; i < bm_num_maps; i++) {
        if (bm_maps[i].host_only) {
            put("# ");
            put(bm_maps[i].name);
            put(": ");
            put_u32(bm_maps[i].host_only);
            put(" query lines are refused by the tool's parser and not run here\n");
        }
        test_map(&bm_maps[i]);
    }
    put("# stack used: ");
    put_u32(stack_used());
    put(" of ");
    put_u32((uint32_t)(__stack_top - __stack_bottom));
    put(" bytes\n");
    put_u32(passed);
    put(" passed, ");
    put_u32(failed);
    put(" failed\n");
    return failed ? 1 : 0;
}
