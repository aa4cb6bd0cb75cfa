/* SPDX-License-Identifier: MIT */
/* test_lzma.c - bspkit's LZMA decoder against liblzma and the LZMA SDK.
 *
 * Reference encoders: liblzma's raw LZMA1 encoder (LZMA_FILTER_LZMA1 writes
 * an end marker, LZMA_FILTER_LZMA1EXT without flags does not) for lc+lp <= 4,
 * and the SDK's LzmaEnc.c for every lc/lp/pb. Reference decoder: liblzma's
 * lzma_alone decoder given the uncompressed size.
 *
 * Build: `make build/t/test_lzma` (the SDK's LzmaEnc.c and LzFind.c are
 * compiled alongside; liblzma is linked). Do not pass -Iloader: the
 * decoder's header is included by path.
 *
 * Without liblzma (cross builds under qemu): -DBSP_TEST_NO_LIBLZMA
 * -I/usr/include/lzma, no -llzma. That is the one switch below: enc_xz
 * then fails and ref_decode cannot tell, the SDK encoder does all the
 * encoding, and every comparison with liblzma prints SKIP.
 *
 * BSP_TEST_QUICK=1 in the environment shrinks the data (for emulators).
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "../common/check.h"
#include "../../loader/lzma/lzma_decoder.h"
#ifdef BSP_TEST_NO_LIBLZMA
#include "LzmaEnc.h"
#define HAVE_XZ 0
#else
#include <lzma.h>
#ifndef LZMA_VERSION
#error "<lzma.h> found loader/lzma.h, not liblzma's: build without -Iloader"
#endif
#include <lzma/LzmaEnc.h>
#define HAVE_XZ 1
#endif

#define GUARD 64
#define GUARD_BYTE 0xA5

static int quick, verbose;
static char name_buf[128];

static const char *nm(const char *fmt, const char *a, int b)
{
    sprintf(name_buf, fmt, a, b);
    return name_buf;
}

/* ---------------------------------------------------------------- data */

static uint32_t rng = 0x2545F491u;
static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static void fill_random(uint8_t *d, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        d[i] = (uint8_t)rnd();
}

static void fill_alpha(uint8_t *d, size_t n, uint32_t k)
{
    size_t i;
    for (i = 0; i < n; i++)
        d[i] = (uint8_t)(rnd() % k);
}

static void fill_text(uint8_t *d, size_t n)
{
    static const char *w[] = { "the", "map", "brush", "entity", "origin", "light", "model", "prop_static",
                               "angles", "worldspawn", "info_player_start", "\"", "\n", "{", "}", "0",
                               "128", "-64", "256.5", "func_detail", "texture", "displacement", "of", "a" };
    size_t i = 0;
    while (i < n) {
        const char *s = w[rnd() % 24];
        while (*s && i < n)
            d[i++] = (uint8_t)*s++;
        if (i < n)
            d[i++] = ' ';
    }
}

static void fill_struct(uint8_t *d, size_t n)
{
    size_t i = 0;
    uint32_t k = 0;
    while (i < n) {
        uint8_t rec[24];
        int32_t v[6];
        int j;
        v[0] = (int32_t)(rnd() % 64) * 16;
        v[1] = (int32_t)(rnd() % 64) * 16 - 512;
        v[2] = (int32_t)k++;
        v[3] = (int32_t)(rnd() % 3);
        v[4] = -1;
        v[5] = (int32_t)(rnd() % 1000);
        memcpy(rec, v, 24);
        for (j = 0; j < 24 && i < n; j++)
            d[i++] = rec[j];
    }
}

/* -------------------------------------------------------------- encoders */

typedef struct enc {
    uint8_t *c;
    size_t clen;
    uint8_t props[5];
} enc;

static void *sz_alloc(void *p, size_t size) { (void)p; return malloc(size ? size : 1); }
static void sz_free(void *p, void *a) { (void)p; free(a); }
static ISzAlloc sz_allocator = { sz_alloc, sz_free };

/* The SDK encoder, any lc 0..8, lp 0..4, pb 0..4. 0 on success. */
static int enc_sdk(const uint8_t *src, size_t n, int lc, int lp, int pb, uint32_t dict,
                   int level, int eopm, enc *e)
{
    CLzmaEncProps ep;
    SizeT cap = n + n / 8 + 1024, ps = 5;
    LzmaEncProps_Init(&ep);
    ep.level = level;
    ep.dictSize = dict;
    ep.lc = lc;
    ep.lp = lp;
    ep.pb = pb;
    ep.writeEndMark = (unsigned)eopm;
    ep.numThreads = 1;
    e->c = malloc(cap);
    if (!e->c)
        return -1;
    if (LzmaEncode(e->c, &cap, src, n, &ep, e->props, &ps, eopm, NULL, &sz_allocator, &sz_allocator) != SZ_OK ||
        ps != 5) {
        free(e->c);
        e->c = NULL;
        return -1;
    }
    e->clen = cap;
    return 0;
}

static void props_make(uint8_t props[5], int lc, int lp, int pb, uint32_t dict)
{
    props[0] = (uint8_t)((pb * 5 + lp) * 9 + lc);
    props[1] = (uint8_t)dict;
    props[2] = (uint8_t)(dict >> 8);
    props[3] = (uint8_t)(dict >> 16);
    props[4] = (uint8_t)(dict >> 24);
}

#if HAVE_XZ
/* liblzma's raw LZMA1 encoder, lc + lp <= 4. 0 on success. */
static int enc_xz(const uint8_t *src, size_t n, int lc, int lp, int pb, uint32_t dict,
                  uint32_t preset, int eopm, enc *e)
{
    lzma_options_lzma o;
    lzma_filter f[2];
    size_t cap = n + n / 8 + 1024;
    if (lzma_lzma_preset(&o, preset))
        return -1;
    o.dict_size = dict;
    o.lc = (uint32_t)lc;
    o.lp = (uint32_t)lp;
    o.pb = (uint32_t)pb;
    o.ext_flags = 0;
    o.ext_size_low = 0;
    o.ext_size_high = 0;
    f[0].id = eopm ? LZMA_FILTER_LZMA1 : LZMA_FILTER_LZMA1EXT;
    f[0].options = &o;
    f[1].id = LZMA_VLI_UNKNOWN;
    f[1].options = NULL;
    e->c = malloc(cap);
    e->clen = 0;
    if (!e->c || lzma_raw_buffer_encode(f, NULL, src, n, e->c, &e->clen, cap) != LZMA_OK) {
        free(e->c);
        e->c = NULL;
        return -1;
    }
    props_make(e->props, lc, lp, pb, dict);
    return 0;
}

/* liblzma's lzma_alone decoder with the size known: 1 decoded, 0 rejected,
 * -1 props liblzma does not take (lc + lp > 4). */
static int ref_decode(const uint8_t props[5], const uint8_t *c, size_t clen, uint8_t *out, size_t n)
{
    lzma_stream s = LZMA_STREAM_INIT;
    lzma_ret r;
    uint8_t *h, *o;
    int i, res, guard = 0;
    uint32_t b = props[0];

    if (b >= 225 || b % 9 + (b / 9) % 5 > 4)
        return -1;
    h = malloc(13 + clen);
    o = malloc(n + 1);
    memcpy(h, props, 5);
    for (i = 0; i < 8; i++)
        h[5 + i] = (uint8_t)((uint64_t)n >> (8 * i));
    if (clen)
        memcpy(h + 13, c, clen);
    if (lzma_alone_decoder(&s, UINT64_MAX) != LZMA_OK) {
        free(o);
        free(h);
        return -1;
    }
    s.next_in = h;
    s.avail_in = 13 + clen;
    /* One byte of spare room: liblzma makes no progress at all with
     * avail_out 0, and stops at the known size anyway. */
    s.next_out = o;
    s.avail_out = n + 1;
    do
        r = lzma_code(&s, LZMA_FINISH);
    while (r == LZMA_OK && ++guard < 8);
    res = r == LZMA_STREAM_END && s.total_out == n;
    if (n)
        memcpy(out, o, n);
    lzma_end(&s);
    free(o);
    free(h);
    return res;
}
#else
/* Without liblzma its encoder and decoder are not there: enc_xz fails, and
 * ref_decode cannot tell (-1). Tests that need liblzma ask have_xz(). */
#define LZMA_PRESET_EXTREME 0x80000000u
static int enc_xz(const uint8_t *src, size_t n, int lc, int lp, int pb, uint32_t dict,
                  uint32_t preset, int eopm, enc *e)
{
    (void)src, (void)n, (void)lc, (void)lp, (void)pb, (void)dict, (void)preset, (void)eopm;
    e->c = NULL;
    return -1;
}

static int ref_decode(const uint8_t props[5], const uint8_t *c, size_t clen, uint8_t *out, size_t n)
{
    (void)props, (void)c, (void)clen, (void)out, (void)n;
    return -1;
}
#endif

/* Is liblzma there? If not, the check `name` is reported skipped. */
static int have_xz(const char *name)
{
    if (!HAVE_XZ) check_skip(name, "built without liblzma");
    return HAVE_XZ;
}

/* A comparison with liblzma: checked when it is there, else skipped. */
static void check_vs_xz(int ok, const char *name, const char *why)
{
    if (have_xz(name)) CHECK(ok, name, "%s", why);
}

/* Valve's settings (lc3 lp0 pb2), default level: liblzma's encoder when
 * there, else the SDK's. */
static int enc_valve(const uint8_t *src, size_t n, uint32_t dict, int eopm, enc *e)
{
    return HAVE_XZ ? enc_xz(src, n, 3, 0, 2, dict, 6, eopm, e)
                   : enc_sdk(src, n, 3, 0, 2, dict, 5, eopm, e);
}

/* ------------------------------------------------------- bspkit harness */

static void *probs_mem;
static size_t probs_cap;

static void *probs_for(const bsp__lzma_props *p)
{
    size_t need = bsp__lzma_probs_bytes(p);
    if (need > probs_cap) {
        free(probs_mem);
        probs_mem = malloc(need);
        probs_cap = need;
    }
    return probs_mem;
}

typedef struct run {
    int status;  /* bsp__lzma_decode's result */
    int clean;   /* guards intact; written bytes are a correct output prefix */
    int match;   /* output == orig (when orig is given) */
} run;

#define OUT_OF_PLACE ((size_t)-1)

/* Decodes c placed at reg[ofs ..] into reg[0 .. n), reg being max(n, ofs +
 * clen) bytes between guard bytes (ofs OUT_OF_PLACE: right after the
 * output). Afterwards:
 *  - the guards are intact;
 *  - with orig: reg is a correct output prefix, then at most 7 bytes the
 *    decoder may write past a match as it copies 8 at a time (never at or
 *    past unread input), then unchanged bytes; after success, everything
 *    past n is unchanged;
 *  - without orig: everything past n is unchanged.
 * out_copy receives the output when given. */
static run run_bsp(const uint8_t props[5], const uint8_t *c, size_t clen, const uint8_t *orig,
                   uint32_t n, size_t ofs, uint8_t *out_copy)
{
    run r;
    bsp__lzma_props p;
    size_t A, i, l1 = 0, l2 = 0;
    uint8_t *mem, *reg, *init;

    if (ofs == OUT_OF_PLACE)
        ofs = n;
    A = ofs + clen > n ? ofs + clen : n;
    mem = malloc(A + 2 * GUARD);
    init = malloc(A + 1);
    memset(mem, GUARD_BYTE, A + 2 * GUARD);
    reg = mem + GUARD;
    for (i = 0; i < A; i++)
        reg[i] = (uint8_t)(i * 7 + 3);
    if (clen)
        memcpy(reg + ofs, c, clen);
    memcpy(init, reg, A);

    r.status = bsp__lzma_parse_props(props, &p);
    if (r.status == BSP_LZMA_OK)
        r.status = bsp__lzma_decode(&p, probs_for(&p), reg, n, (uint32_t)ofs, (uint32_t)clen);

    r.clean = 1;
    for (i = 0; i < GUARD; i++)
        if (mem[i] != GUARD_BYTE || reg[A + i] != GUARD_BYTE)
            r.clean = 0;
    while (l2 < A && reg[A - 1 - l2] == init[A - 1 - l2])
        l2++;
    if (orig) {
        while (l1 < n && reg[l1] == orig[l1])
            l1++;
        r.match = l1 == n;
        if (r.status == BSP_LZMA_OK ? l2 < A - n : l1 + 7 + l2 < A)
            r.clean = 0;
    } else {
        r.match = 0;
        if (l2 < A - n)
            r.clean = 0;
    }
    if (out_copy && n)
        memcpy(out_copy, reg, n);
    free(init);
    free(mem);
    return r;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------- props */

static void test_props(void)
{
    int b, ok = 1;
    bsp__lzma_props p;
    uint8_t raw[5] = { 0, 0x78, 0x56, 0x34, 0x12 };
    uint8_t *buf = malloc(64);

    for (b = 0; b < 256; b++) {
        int r;
        raw[0] = (uint8_t)b;
        r = bsp__lzma_parse_props(raw, &p);
        if (b < 225) {
            if (r != BSP_LZMA_OK || p.lc != b % 9 || p.lp != (b / 9) % 5 || p.pb != b / 45 ||
                p.dict_size != 0x12345678u)
                ok = 0;
        } else if (r != BSP_LZMA_BAD_PROPS) {
            ok = 0;
        }
    }
    CHECK(ok, "props_parse_all_bytes", "a property byte was decoded wrongly");

    p.dict_size = 1u << 16;
    p.lc = 3; p.lp = 0; p.pb = 2;
    ok = bsp__lzma_probs_bytes(&p) == 2u * (1846 + 0x300 * 8);
    p.lc = 8; p.lp = 4;
    ok = ok && bsp__lzma_probs_bytes(&p) == 2u * (1846 + 0x300u * 4096);
    p.lc = 0; p.lp = 0;
    ok = ok && bsp__lzma_probs_bytes(&p) == 2u * (1846 + 0x300);
    p.lc = 9;
    ok = ok && bsp__lzma_probs_bytes(&p) == 0;
    CHECK(ok, "props_probs_bytes", "unexpected probability table size");

    memset(buf, 0, 64);
    ok = 1;
    p.lc = 9; p.lp = 0; p.pb = 0;
    ok = ok && bsp__lzma_decode(&p, probs_mem, buf, 10, 20, 10) == BSP_LZMA_BAD_PROPS;
    p.lc = 0; p.lp = 5;
    ok = ok && bsp__lzma_decode(&p, probs_mem, buf, 10, 20, 10) == BSP_LZMA_BAD_PROPS;
    p.lp = 0; p.pb = 5;
    ok = ok && bsp__lzma_decode(&p, probs_mem, buf, 10, 20, 10) == BSP_LZMA_BAD_PROPS;
    p.pb = 0;
    ok = ok && bsp__lzma_decode(NULL, probs_mem, buf, 10, 20, 10) == BSP_LZMA_BAD_PROPS;
    ok = ok && bsp__lzma_decode(&p, NULL, buf, 10, 20, 10) == BSP_LZMA_BAD_PROPS;
    ok = ok && bsp__lzma_decode(&p, probs_mem, NULL, 10, 20, 10) == BSP_LZMA_BAD_PROPS;
    ok = ok && bsp__lzma_decode(&p, probs_mem, buf, 10, 0xFFFFFFF0u, 0x20) == BSP_LZMA_BAD_PROPS;
    CHECK(ok, "props_bad_rejected", "bad props or arguments not rejected with BAD_PROPS");

    /* Short or wrong input before any symbol. */
    ok = 1;
    p.lc = 3; p.lp = 0; p.pb = 2; p.dict_size = 4096;
    memset(buf, 0, 64);
    ok = ok && bsp__lzma_decode(&p, probs_for(&p), buf, 10, 32, 0) == BSP_LZMA_TRUNCATED;
    ok = ok && bsp__lzma_decode(&p, probs_for(&p), buf, 10, 32, 4) == BSP_LZMA_TRUNCATED;
    buf[32] = 1;
    ok = ok && bsp__lzma_decode(&p, probs_for(&p), buf, 10, 32, 20) == BSP_LZMA_CORRUPT;
    ok = ok && bsp__lzma_decode(&p, probs_for(&p), buf, 0, 32, 1) == BSP_LZMA_CORRUPT;
    CHECK(ok, "rc_init_checks", "empty/short input or nonzero first byte misreported");

    ok = bsp__lzma_region_bytes(0, 0) == 64 && bsp__lzma_region_bytes(1000, 640) == 1000 + 13 + 64 &&
         bsp__lzma_region_bytes(100, 100000) == 100000 && bsp__lzma_region_bytes(0xFFFFFFF0u, 100) == 0;
    CHECK(ok, "region_bytes_rule", "bsp__lzma_region_bytes does not follow its rule");
    free(buf);
}

/* The table set in slices (bsp__lzma_setup, then bsp__lzma_init_probs a
 * few entries at a time, as the resumable loader does for a large lc + lp)
 * decodes exactly as with the whole table, over a table left full of a
 * wrong but valid probability, which decodes differently when an entry is
 * missed; init_probs counts down by the entries asked for, to 0. */
static void fill_probs(uint16_t *t, uint32_t n)
{
    uint32_t i;
    for (i = 0; i < n; i++)
        t[i] = 100;
}

static void test_table_slices(void)
{
    static const uint32_t slices[] = { 1, 7, 1000, 16384, 0xFFFFFFFFu };
    size_t n = 64u << 10, k;
    uint8_t *d = malloc(n), *buf = NULL;
    bsp__lzma_props p;
    bsp__lzma_dec dec;
    uint32_t total = 0, left, next;
    uint16_t *probs = NULL;
    int ok, counts = 1, same = 1, missed = 0;
    enc e;

    fill_text(d, n);
    ok = enc_sdk(d, n, 8, 4, 2, 1u << 16, 5, 0, &e) == 0 && bsp__lzma_parse_props(e.props, &p) == BSP_LZMA_OK;
    if (ok) {
        total = bsp__lzma_probs_bytes(&p) / 2;
        probs = probs_for(&p);
        buf = malloc(n + e.clen);
    }
    for (k = 0; ok && k < sizeof slices / sizeof slices[0]; k++) {
        fill_probs(probs, total);
        memcpy(buf + n, e.c, e.clen);
        if (bsp__lzma_setup(&dec, &p, probs, buf, (uint32_t)n, (uint32_t)n, (uint32_t)e.clen) != BSP_LZMA_OK) {
            same = 0;
            break;
        }
        left = bsp__lzma_init_probs(&dec, 0);
        if (left != total) counts = 0;
        while (left) {
            next = bsp__lzma_init_probs(&dec, slices[k]);
            if (next != (left > slices[k] ? left - slices[k] : 0)) counts = 0;
            left = next;
        }
        if (bsp__lzma_init_probs(&dec, slices[k]) != 0) counts = 0;
        if (bsp__lzma_run(&dec, (uint32_t)e.clen, (uint32_t)n) != BSP_LZMA_OK || memcmp(buf, d, n)) same = 0;
    }
    if (ok) {
        /* the check can fail: one entry left wrong changes the decoding */
        fill_probs(probs, total);
        memcpy(buf + n, e.c, e.clen);
        bsp__lzma_setup(&dec, &p, probs, buf, (uint32_t)n, (uint32_t)n, (uint32_t)e.clen);
        bsp__lzma_init_probs(&dec, total);
        probs[0] = 100;   /* is-match of state 0, position 0: the first decision */
        missed = bsp__lzma_run(&dec, (uint32_t)e.clen, (uint32_t)n) != BSP_LZMA_OK || memcmp(buf, d, n);
        free(e.c);
    }
    CHECK(ok, "table_slices_encoder", "the SDK encoder failed at lc 8 lp 4");
    CHECK(counts, "table_slices_count", "bsp__lzma_init_probs did not count down by the entries asked for");
    CHECK(same && missed, "table_slices_decode",
          "a table set in slices decodes differently (%d) or a missed entry goes unseen (%d)", !same, !missed);
    free(buf);
    free(d);
}

/* ------------------------------------------------------- matrix tests */

/* Data that gives lc, lp and pb something to model: text, 2/4/8-byte
 * periodic records, runs and a little noise. */
static void fill_matrix(uint8_t *d, size_t n)
{
    size_t a = n / 3, b = 2 * n / 3, i;
    fill_text(d, a);
    fill_struct(d + a, b - a);
    for (i = b; i < n; i++)
        d[i] = (uint8_t)((i & 3) == 0 ? rnd() % 4 : (i & 7) == 5 ? 0xFF : (i >> 4));
}

/* Decodes e with bspkit (and liblzma when it takes the props); 1 if both
 * give back orig. */
static int roundtrip(const enc *e, const uint8_t *orig, size_t n, char *why, size_t whylen)
{
    run r = run_bsp(e->props, e->c, e->clen, orig, (uint32_t)n, OUT_OF_PLACE, NULL);
    if (r.status != BSP_LZMA_OK || !r.match || !r.clean) {
        snprintf(why, whylen, "bspkit status %d match %d clean %d", r.status, r.match, r.clean);
        return 0;
    }
    {
        uint8_t *out = malloc(n + 1);
        int x = ref_decode(e->props, e->c, e->clen, out, n);
        int same = x != 1 || memcmp(out, orig, n) == 0;
        free(out);
        if (x == 0 || !same) {
            snprintf(why, whylen, "liblzma rejects or differs (%d)", x);
            return 0;
        }
    }
    return 1;
}

static void test_matrix(void)
{
    size_t n = quick ? 1500 : 3000;
    uint8_t *d = malloc(n);
    int lc, lp, pb, eopm, xz;
    char why[160];

    fill_matrix(d, n);
    /* The SDK's encoder takes every lc/lp/pb; liblzma's lc + lp <= 4. */
    for (xz = 0; xz <= 1; xz++) {
        if (xz && !have_xz("matrix_xz"))
            break;
        for (lc = 0; lc <= (xz ? 4 : 8); lc++) {
            int ok = 1;
            why[0] = 0;
            for (lp = 0; lp <= (xz ? 4 - lc : 4) && ok; lp++)
                for (pb = 0; pb <= 4 && ok; pb++)
                    for (eopm = 0; eopm <= 1 && ok; eopm++) {
                        enc e;
                        if (xz ? enc_xz(d, n, lc, lp, pb, 1u << 16, 6, eopm, &e)
                               : enc_sdk(d, n, lc, lp, pb, 1u << 16, 5, eopm, &e)) {
                            snprintf(why, sizeof why, "%s encoder failed lc%d lp%d pb%d",
                                     xz ? "liblzma" : "SDK", lc, lp, pb);
                            ok = 0;
                            break;
                        }
                        if (!roundtrip(&e, d, n, why, sizeof why)) {
                            size_t l = strlen(why);
                            snprintf(why + l, sizeof why - l, " at lc%d lp%d pb%d eopm%d", lc, lp, pb, eopm);
                            ok = 0;
                        }
                        free(e.c);
                    }
            CHECK(ok, nm(xz ? "matrix_xz_lc%s%d" : "matrix_sdk_lc%s%d", "", lc), "%s", why);
        }
    }
    free(d);
}

/* Data with matches far back: a random block repeated after gaps. */
static size_t fill_far(uint8_t *d, size_t n)
{
    size_t blk = n / 16, i = 0;
    fill_text(d, n);
    fill_random(d, blk);
    for (i = blk * 2; i + blk <= n; i = i * 2 + blk)
        memcpy(d + i, d, blk);
    return n;
}

static void test_dict_sizes(void)
{
    static const uint32_t dicts[] = { 4096, 65536, 100000, 1u << 18, 3u << 19, 1u << 22 };
    size_t n = quick ? 120000 : 400000;
    uint8_t *d = malloc(n);
    unsigned k;
    int ok_sdk = 1, ok_xz = 1;
    char why_sdk[160] = "", why_xz[160] = "";

    fill_far(d, n);
    for (k = 0; k < sizeof dicts / sizeof dicts[0]; k++) {
        enc e;
        if (enc_sdk(d, n, 3, 0, 2, dicts[k], 5, (int)(k & 1), &e) == 0) {
            if (ok_sdk && !roundtrip(&e, d, n, why_sdk, sizeof why_sdk))
                ok_sdk = 0;
            free(e.c);
        } else {
            ok_sdk = 0;
        }
        if (enc_xz(d, n, 3, 0, 2, dicts[k], 6, (int)(k & 1), &e) == 0) {
            if (ok_xz && !roundtrip(&e, d, n, why_xz, sizeof why_xz))
                ok_xz = 0;
            free(e.c);
        } else {
            ok_xz = 0;
        }
    }
    CHECK(ok_sdk, "dict_sizes_sdk", "%s", why_sdk);
    check_vs_xz(ok_xz, "dict_sizes_xz", why_xz);
    free(d);
}

/* One match at a known distance: props that announce a smaller dictionary
 * than the encoder used must be rejected exactly when liblzma rejects
 * them (distance above max(4096, dict rounded up to 16)). */
static void test_dict_limit(void)
{
    static const uint32_t dist[] = { 5000, 65536, 70001 };
    int ok = 1, agree = 1, tried = 0;
    unsigned k;
    char why[160] = "";

    for (k = 0; k < sizeof dist / sizeof dist[0]; k++) {
        size_t blk = 3000, n = dist[k] + blk;
        uint8_t *d = malloc(n);
        enc e;
        int32_t delta;
        fill_random(d, n);
        memcpy(d + dist[k], d, blk);
        if (enc_sdk(d, n, 3, 0, 2, 1u << 20, 5, 0, &e)) {
            ok = 0;
            free(d);
            continue;
        }
        for (delta = -40; delta <= 40; delta++) {
            uint8_t props[5];
            uint32_t ds = (uint32_t)((int32_t)dist[k] + delta), lim;
            run r;
            int expect;
            memcpy(props, e.props, 5);
            props[1] = (uint8_t)ds; props[2] = (uint8_t)(ds >> 8);
            props[3] = (uint8_t)(ds >> 16); props[4] = (uint8_t)(ds >> 24);
            lim = ds < 4096 ? 4096 : (ds + 15) & ~15u;
            expect = dist[k] <= lim;
            r = run_bsp(props, e.c, e.clen, d, (uint32_t)n, OUT_OF_PLACE, NULL);
            if ((r.status == BSP_LZMA_OK) != expect || !r.clean || (expect && !r.match)) {
                if (ok)
                    snprintf(why, sizeof why, "distance %u dict %u: status %d, expected %s",
                             dist[k], ds, r.status, expect ? "OK" : "CORRUPT");
                ok = 0;
            }
            if (!expect && r.status != BSP_LZMA_CORRUPT)
                ok = 0;
            {
                uint8_t *out = malloc(n);
                int x = ref_decode(props, e.c, e.clen, out, n);
                if (x != (r.status == BSP_LZMA_OK))
                    agree = 0;
                free(out);
            }
            tried++;
        }
        free(e.c);
        free(d);
    }
    CHECK(ok && tried > 0, "dict_limit_expected", "%s", why);
    check_vs_xz(agree, "dict_limit_vs_liblzma", "accept/reject differs from liblzma");
}

/* Exact size, off by one either way, zero, double; with and without an end
 * marker; empty streams. The data never ends in bytes coded with 0 bits
 * only: such a tail can legitimately be cut off (liblzma agrees), so
 * random nonzero bytes here. */
static void test_out_len(void)
{
    static const size_t sizes[] = { 0, 1, 2, 5, 300, 5000 };
    int ok = 1, agree = 1;
    unsigned k;
    char why[160] = "";

    for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        size_t n = sizes[k];
        uint8_t *d = malloc(n + 1);
        int eopm, encoder;
        size_t i;
        for (i = 0; i < n; i++)
            d[i] = (uint8_t)(rnd() | 0x41);
        for (encoder = 0; encoder < 1 + HAVE_XZ; encoder++)
            for (eopm = 0; eopm <= 1; eopm++) {
                enc e;
                int w;
                long lens[5];
                lens[0] = (long)n; lens[1] = (long)n - 1; lens[2] = (long)n + 1;
                lens[3] = 0; lens[4] = (long)n * 2 + 7;
                if (encoder == 1 ? enc_xz(d, n, 3, 0, 2, 1u << 16, 6, eopm, &e)
                                 : enc_sdk(d, n, 3, 0, 2, 1u << 16, 5, eopm, &e)) {
                    ok = 0;
                    continue;
                }
                for (w = 0; w < 5; w++) {
                    run r;
                    int expect_ok = lens[w] == (long)n;
                    uint8_t *out;
                    if (lens[w] < 0 || (w > 0 && lens[w] == (long)n))
                        continue;
                    out = malloc((size_t)lens[w] + 1);
                    r = run_bsp(e.props, e.c, e.clen, expect_ok ? d : NULL, (uint32_t)lens[w], OUT_OF_PLACE, out);
                    if ((r.status == BSP_LZMA_OK) != expect_ok || !r.clean ||
                        (expect_ok && !r.match)) {
                        if (ok)
                            snprintf(why, sizeof why, "n %zu enc %d eopm %d out_len %ld: status %d",
                                     n, encoder, eopm, lens[w], r.status);
                        ok = 0;
                    }
                    if (ref_decode(e.props, e.c, e.clen, out, (size_t)lens[w]) != (r.status == BSP_LZMA_OK))
                        agree = 0;
                    free(out);
                }
                free(e.c);
            }
        free(d);
    }
    CHECK(ok, "wrong_out_len_rejected", "%s", why);
    check_vs_xz(agree, "wrong_out_len_vs_liblzma", "accept/reject differs from liblzma");
}

/* ------------------------------------------------------------ in place */

struct margin_stats {
    int streams;
    double worst_rate;     /* max (rmin - n) / clen, streams of 4 KiB and up */
    long worst_excess;     /* max rmin - n - clen / 48 */
    long least_slack;      /* min rule - rmin */
    char worst_name[96], excess_name[96];
};

static struct margin_stats ms = { 0, 0.0, -1000000, 1000000, "", "" };

/* Smallest region that decodes: bisection, success is monotonic in the
 * region size (a bigger region only moves the input further from the
 * output). */
static size_t min_region(const enc *e, const uint8_t *orig, size_t n, size_t hi)
{
    size_t lo = n > e->clen ? n : e->clen;
    run r = run_bsp(e->props, e->c, e->clen, orig, (uint32_t)n, lo - e->clen, NULL);
    if (r.status == BSP_LZMA_OK)
        return lo;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        r = run_bsp(e->props, e->c, e->clen, orig, (uint32_t)n, mid - e->clen, NULL);
        if (r.status == BSP_LZMA_OK)
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

/* Rule region decodes; bisected minimum is within the rule; one byte less
 * gives OVERLAP with nothing corrupted; so does a much smaller region. */
static int inplace_one(const char *what, const enc *e, const uint8_t *orig, size_t n, char *why, size_t wl)
{
    size_t rule = bsp__lzma_region_bytes((uint32_t)n, (uint32_t)e->clen), rmin, floor_;
    run r;
    double rate;

    if (rule < n || rule < e->clen) {
        snprintf(why, wl, "%s: rule %zu below n %zu / clen %zu", what, rule, n, e->clen);
        return 0;
    }
    r = run_bsp(e->props, e->c, e->clen, orig, (uint32_t)n, rule - e->clen, NULL);
    if (r.status != BSP_LZMA_OK || !r.match || !r.clean) {
        snprintf(why, wl, "%s: in rule region %zu (n %zu clen %zu): status %d match %d clean %d",
                 what, rule, n, e->clen, r.status, r.match, r.clean);
        return 0;
    }
    rmin = min_region(e, orig, n, rule);
    ms.streams++;
    rate = e->clen >= 4096 ? (double)((long)rmin - (long)n) / (double)e->clen : 0.0;
    if (rate > ms.worst_rate) {
        ms.worst_rate = rate;
        snprintf(ms.worst_name, sizeof ms.worst_name, "%s (n %zu clen %zu rmin-n %ld)", what, n, e->clen,
                 (long)rmin - (long)n);
    }
    if ((long)rmin - (long)n - (long)(e->clen / 48) > ms.worst_excess) {
        ms.worst_excess = (long)rmin - (long)n - (long)(e->clen / 48);
        snprintf(ms.excess_name, sizeof ms.excess_name, "%s (n %zu clen %zu rmin-n %ld)", what, n, e->clen,
                 (long)rmin - (long)n);
    }
    if (verbose)
        printf("# %-24s n %7zu clen %7zu rmin-n %6ld clen/48 %5zu rule-rmin %5ld\n", what, n, e->clen,
               (long)rmin - (long)n, e->clen / 48, (long)rule - (long)rmin);
    if ((long)rule - (long)rmin < ms.least_slack)
        ms.least_slack = (long)rule - (long)rmin;

    floor_ = n > e->clen ? n : e->clen;
    if (rmin > floor_) {
        size_t tries[3];
        int t;
        tries[0] = rmin - 1;
        tries[1] = rmin - 1 - (rmin - 1 - floor_) / 2;
        tries[2] = floor_;
        for (t = 0; t < 3; t++) {
            r = run_bsp(e->props, e->c, e->clen, orig, (uint32_t)n, tries[t] - e->clen, NULL);
            if (r.status != BSP_LZMA_OVERLAP || !r.clean) {
                snprintf(why, wl, "%s: region %zu below minimum %zu: status %d clean %d",
                         what, tries[t], rmin, r.status, r.clean);
                return 0;
            }
        }
    }
    return 1;
}

typedef void (*gen_fn)(uint8_t *, size_t);

static void g_random(uint8_t *d, size_t n) { fill_random(d, n); }
static void g_zeros(uint8_t *d, size_t n) { memset(d, 0, n); }
static void g_text(uint8_t *d, size_t n) { fill_text(d, n); }
static void g_struct(uint8_t *d, size_t n) { fill_struct(d, n); }
static void g_zeros_random(uint8_t *d, size_t n) { memset(d, 0, n * 2 / 3); fill_random(d + n * 2 / 3, n - n * 2 / 3); }
static void g_text_random(uint8_t *d, size_t n) { fill_text(d, n / 2); fill_random(d + n / 2, n - n / 2); }
static void g_bits_random(uint8_t *d, size_t n) { fill_alpha(d, n / 2, 2); fill_random(d + n / 2, n - n / 2); }
static void g_alpha16_random(uint8_t *d, size_t n) { fill_alpha(d, n * 3 / 4, 16); fill_random(d + n * 3 / 4, n - n * 3 / 4); }
static void g_random_zeros(uint8_t *d, size_t n) { fill_random(d, n / 2); memset(d + n / 2, 0, n - n / 2); }
static void g_struct_random(uint8_t *d, size_t n) { fill_struct(d, n * 4 / 5); fill_random(d + n * 4 / 5, n - n * 4 / 5); }
static void g_alt4k(uint8_t *d, size_t n)
{
    size_t i;
    for (i = 0; i < n; i += 4096) {
        size_t l = n - i < 4096 ? n - i : 4096;
        if ((i / 4096) & 1)
            fill_random(d + i, l);
        else
            memset(d + i, 0, l);
    }
}
static void g_alt64(uint8_t *d, size_t n)
{
    size_t i;
    for (i = 0; i < n; i += 64) {
        size_t l = n - i < 64 ? n - i : 64;
        if ((i / 64) & 1)
            fill_random(d + i, l);
        else
            fill_alpha(d + i, l, 2);
    }
}
static void g_mixed(uint8_t *d, size_t n)
{
    size_t q = n / 4;
    fill_text(d, q);
    fill_struct(d + q, q);
    memset(d + 2 * q, 0, q / 2);
    fill_random(d + 2 * q + q / 2, n - 2 * q - q / 2);
}

static void test_inplace(void)
{
    static const struct { const char *name; gen_fn gen; size_t n; } data[] = {
        { "random", g_random, 65536 },
        { "zeros", g_zeros, 262144 },
        { "text", g_text, 131072 },
        { "struct", g_struct, 131072 },
        { "zeros_random", g_zeros_random, 196608 },
        { "text_random", g_text_random, 131072 },
        { "bits_random", g_bits_random, 131072 },
        { "alpha16_random", g_alpha16_random, 131072 },
        { "random_zeros", g_random_zeros, 131072 },
        { "struct_random", g_struct_random, 131072 },
        { "alt4k", g_alt4k, 131072 },
        { "alt64", g_alt64, 65536 },
        { "mixed", g_mixed, 131072 },
    };
    static const size_t small[] = { 0, 1, 2, 3, 17, 100, 1000, 4096, 10000 };
    unsigned k, s;
    char why[200];

    for (k = 0; k < sizeof data / sizeof data[0]; k++) {
        size_t n = quick ? data[k].n / 8 : data[k].n;
        uint8_t *d = malloc(n);
        int ok = 1, cfg;
        why[0] = 0;
        data[k].gen(d, n);
        /* Encoders: Valve-like liblzma (both end variants), liblzma fast
         * and extreme, the SDK at two levels, and unusual lc/lp/pb. */
        for (cfg = 0; cfg < 10 && ok; cfg++) {
            enc e;
            char what[96];
            int bad = 0;
            if (quick && (cfg == 2 || cfg == 3 || cfg == 6 || cfg == 9))
                continue;
            if (!HAVE_XZ && (cfg <= 4 || cfg == 9))
                continue;
            switch (cfg) {
            case 0: bad = enc_xz(d, n, 3, 0, 2, 1u << 18, 6, 0, &e); break;
            case 1: bad = enc_xz(d, n, 3, 0, 2, 1u << 18, 6, 1, &e); break;
            case 2: bad = enc_xz(d, n, 3, 0, 2, 1u << 18, 0, 0, &e); break;
            case 3: bad = enc_xz(d, n, 3, 0, 2, 1u << 18, 9 | LZMA_PRESET_EXTREME, 0, &e); break;
            case 4: bad = enc_xz(d, n, 0, 2, 2, 1u << 18, 6, 0, &e); break;
            /* -0 (fast, 3-byte hash chains) with a big dictionary: the most
             * expanding sane encoder measured, 1.8% on random data. */
            case 9: bad = enc_xz(d, n, 3, 0, 2, 4u << 20, 0, 0, &e); break;
            case 5: bad = enc_sdk(d, n, 3, 0, 2, 1u << 18, 5, 0, &e); break;
            case 6: bad = enc_sdk(d, n, 3, 0, 2, 1u << 18, 1, 1, &e); break;
            case 7: bad = enc_sdk(d, n, 8, 4, 4, 1u << 18, 5, 0, &e); break;
            case 8: bad = enc_sdk(d, n, 4, 0, 0, 1u << 16, 9, 1, &e); break;
            }
            if (bad) {
                snprintf(why, sizeof why, "encoder %d failed", cfg);
                ok = 0;
                break;
            }
            snprintf(what, sizeof what, "%s/cfg%d", data[k].name, cfg);
            ok = inplace_one(what, &e, d, n, why, sizeof why);
            free(e.c);
        }
        CHECK(ok, nm("inplace_%s_%d", data[k].name, (int)n), "%s", why);
        free(d);
    }

    /* Small streams of every kind. */
    {
        int ok = 1;
        why[0] = 0;
        for (s = 0; s < sizeof small / sizeof small[0] && ok; s++) {
            size_t n = small[s];
            uint8_t *d = malloc(n + 1);
            int g;
            for (g = 0; g < 3 && ok; g++) {
                enc e;
                char what[64];
                if (g == 0) fill_random(d, n); else if (g == 1) fill_text(d, n); else memset(d, 0, n);
                if (enc_valve(d, n, 1u << 18, (int)(s & 1), &e)) { ok = 0; break; }
                snprintf(what, sizeof what, "small%zu/g%d", n, g);
                ok = inplace_one(what, &e, d, n, why, sizeof why);
                free(e.c);
            }
            free(d);
        }
        CHECK(ok, "inplace_small_streams", "%s", why);
    }

    printf("# in-place: %d streams; worst (rmin - out_len) / in_len = %.5f at %s (rule: 1/48 = 0.02083, + 64)\n",
           ms.streams, ms.worst_rate, ms.worst_name);
    printf("# in-place: worst rmin - out_len - in_len/48 = %ld at %s (rule: 64); least slack under the rule %ld\n",
           ms.worst_excess, ms.excess_name, ms.least_slack);
    CHECK(ms.least_slack >= 0, "inplace_rule_holds", "a stream needed more than the rule");
}

/* The most expanding sane encoder measured: liblzma -0 (fast mode, 3-byte
 * hash chains) with a dictionary over 256 KiB takes 3-byte matches in
 * random data that cost more than literals (1.8%). A long random tail after
 * a compressible head: fits the rule (in_len / 48), would not fit
 * in_len / 64. */
static void test_inplace_fast_encoder(void)
{
    size_t h = 256u << 10, t = 1u << 20, n = h + t;
    uint8_t *d;
    enc e;
    char why[200] = "";
    int ok;
    if (!have_xz("inplace_xz0_bigdict"))
        return;
    if (quick) {
        check_skip("inplace_xz0_bigdict", "BSP_TEST_QUICK");
        return;
    }
    d = malloc(n);
    memset(d, 0, h);
    fill_random(d + h, t);
    ok = enc_xz(d, n, 3, 0, 2, 4u << 20, 0, 0, &e) == 0;
    if (ok) {
        size_t before = (size_t)ms.streams;
        ok = inplace_one("zeros_random_1m/xz-0-4MiB", &e, d, n, why, sizeof why);
        if (ok && (size_t)ms.streams > before) {
            size_t rmin = min_region(&e, d, n, bsp__lzma_region_bytes((uint32_t)n, (uint32_t)e.clen));
            printf("# xz -0 4 MiB dict, 1 MiB random tail: rmin - out_len = %ld, in_len/48 + 64 = %zu,"
                   " in_len/64 + 64 = %zu\n", (long)rmin - (long)n, e.clen / 48 + 64, e.clen / 64 + 64);
        }
        free(e.c);
    } else {
        snprintf(why, sizeof why, "encoder failed");
    }
    CHECK(ok, "inplace_xz0_bigdict", "%s", why);
    free(d);
}

/* A region that is too small from the start: the output would have to
 * overwrite input immediately. Nothing may be touched. */
static void test_overlap_immediate(void)
{
    size_t n = 20000;
    uint8_t *d = malloc(n);
    enc e;
    int ok;
    run r;
    memset(d, 'x', n);
    if (enc_sdk(d, n, 3, 0, 2, 1u << 16, 5, 0, &e)) {
        CHECK(0, "overlap_immediate", "encoder failed");
        free(d);
        return;
    }
    /* Input at offset 1, inside the output: the first match must stop. */
    r = run_bsp(e.props, e.c, e.clen, d, (uint32_t)n, 1, NULL);
    ok = r.status == BSP_LZMA_OVERLAP && r.clean;
    CHECK(ok, "overlap_immediate", "status %d clean %d", r.status, r.clean);
    free(e.c);
    free(d);
}

/* Input anywhere relative to the output, not just at the tail: every
 * offset decodes correctly or stops with OVERLAP, never touching unread
 * input; offsets at or past the output end always decode. */
static void test_any_offset(void)
{
    size_t n = quick ? 6000 : 20000, ofs, step;
    uint8_t *d = malloc(n);
    int ok = 1, g;
    char why[160] = "";

    for (g = 0; g < 2 && ok; g++) {
        enc e;
        if (g == 0)
            fill_text(d, n);
        else
            g_zeros_random(d, n);
        if (enc_sdk(d, n, 3, 0, 2, 1u << 16, 5, g, &e)) {
            ok = 0;
            break;
        }
        step = (n + e.clen) / 97 + 1;
        for (ofs = 0; ofs <= n + 8 && ok; ofs += (ofs + step < n - 8 || ofs >= n) ? step : 1) {
            run r = run_bsp(e.props, e.c, e.clen, d, (uint32_t)n, ofs, NULL);
            if (!r.clean || (r.status != BSP_LZMA_OK && r.status != BSP_LZMA_OVERLAP) ||
                (r.status == BSP_LZMA_OK && !r.match) || (ofs >= n && r.status != BSP_LZMA_OK)) {
                snprintf(why, sizeof why, "data %d offset %zu (n %zu clen %zu): status %d clean %d match %d",
                         g, ofs, n, e.clen, r.status, r.clean, r.match);
                ok = 0;
            }
        }
        free(e.c);
    }
    CHECK(ok, "input_at_any_offset", "%s", why);
    free(d);
}

/* ------------------------------------------------------------ slices */

/* bsp__lzma_run with the input arriving in random pieces and random
 * budgets, out of place and in place (region by the rule), against the
 * data: every run ends OK with the same output, no pause has consumed
 * input that had not arrived, and no call produced more than its budget
 * and one symbol. Bytes not yet arrived hold noise, so a
 * decoder that read ahead (its fast path past the arrived input, say)
 * would decode differently. Small pieces and budgets keep the decoder
 * near its limits, where it switches between its fast and careful
 * paths. */
static void test_sliced(void)
{
    size_t n = quick ? (24u << 10) : (96u << 10);
    uint8_t *d = malloc(n), *buf = NULL;
    bsp__lzma_props p;
    void *probs = NULL;
    uint32_t clen = 0, round;
    int ok, same = 1, early = 0, over = 0;
    char why[160] = "";
    enc e;

    g_text_random(d, n);
    ok = enc_sdk(d, n, 3, 0, 2, 1u << 16, 5, 0, &e) == 0 && bsp__lzma_parse_props(e.props, &p) == BSP_LZMA_OK;
    if (ok) {
        probs = probs_for(&p);
        clen = (uint32_t)e.clen;
    }
    for (round = 0; ok && same && !early && !over && round < 12; round++) {
        int inplace = round & 1;
        uint32_t region = inplace ? bsp__lzma_region_bytes((uint32_t)n, clen) : (uint32_t)n + clen;
        uint32_t in_ofs = region - clen, arrived = 0;
        /* small pieces, larger ones, then all input at once */
        uint32_t piece = round < 4 ? 64 : round < 8 ? 4096 : clen + 1;
        uint32_t budget_max = round < 4 ? 16 : round < 8 ? 8192 : 64;
        bsp__lzma_dec dec;
        int r;

        buf = realloc(buf, region);
        fill_random(buf, region);
        if (bsp__lzma_start(&dec, &p, probs, buf, (uint32_t)n, in_ofs, clen) != BSP_LZMA_OK) {
            same = 0;
            break;
        }
        do {
            uint32_t more = rnd() % piece, out_before, budget;
            if (more > clen - arrived)
                more = clen - arrived;
            memcpy(buf + in_ofs + arrived, e.c + arrived, more);
            arrived += more;
            out_before = dec.out_pos;
            budget = 1 + rnd() % budget_max;
            r = bsp__lzma_run(&dec, arrived, budget);
            if (r == BSP_LZMA_MORE && dec.in_pos > in_ofs + arrived)
                early = 1;
            /* the budget, rounded up to the end of a symbol */
            if (r == BSP_LZMA_MORE && dec.out_pos - out_before > budget + 272)
                over = 1;
        } while (r == BSP_LZMA_MORE && !early && !over);
        if (r != BSP_LZMA_OK || memcmp(buf, d, n)) {
            snprintf(why, sizeof why, "round %u (%s): status %d, output %s", round,
                     inplace ? "in place" : "out of place", r, memcmp(buf, d, n) ? "differs" : "same");
            same = 0;
        }
    }
    if (ok)
        free(e.c);
    CHECK(ok, "sliced_encoder", "the SDK encoder failed");
    CHECK(same, "sliced_same_output", "%s", why);
    CHECK(!early, "sliced_no_read_ahead", "a pause had consumed input that had not arrived");
    CHECK(!over, "sliced_budget", "a call produced more than its budget and one symbol");
    free(buf);
    free(d);
}

/* --------------------------------------------------------------- fuzz */

static void test_truncated(void)
{
    size_t n = 3000, cut;
    uint8_t *d = malloc(n), *out = malloc(n);
    int encoder;

    fill_matrix(d, n);
    for (encoder = 0; encoder < 2; encoder++) {
        enc e;
        int ok = 1, agree = 1;
        char why[128] = "";
        if (encoder == 0 ? enc_valve(d, n, 1u << 16, 0, &e) : enc_sdk(d, n, 3, 0, 2, 1u << 16, 5, 1, &e)) {
            CHECK(0, encoder ? "truncated_prefixes_eopm" : "truncated_prefixes", "encoder failed");
            continue;
        }
        for (cut = 0; cut < e.clen; cut++) {
            run r = run_bsp(e.props, e.c, cut, d, (uint32_t)n, OUT_OF_PLACE, NULL);
            if (r.status != BSP_LZMA_TRUNCATED || !r.clean) {
                if (ok)
                    snprintf(why, sizeof why, "prefix %zu of %zu: status %d clean %d", cut, e.clen, r.status, r.clean);
                ok = 0;
            }
            if ((cut & 7) == 0 || cut + 8 > e.clen)
                if (ref_decode(e.props, e.c, cut, out, n) != 0)
                    agree = 0;
        }
        CHECK(ok, encoder ? "truncated_prefixes_eopm" : "truncated_prefixes", "%s", why);
        check_vs_xz(agree, encoder ? "truncated_vs_liblzma_eopm" : "truncated_vs_liblzma",
                    "liblzma accepted a prefix");
        free(e.c);
    }
    free(d);
    free(out);
}

static void test_bitflips(void)
{
    size_t n = 4000, bit, step = quick ? 11 : 1;
    uint8_t *d = malloc(n), *out = malloc(n + 64), *ref = malloc(n + 64), *c;
    enc e;
    int clean = 1, agree = 1, eq = 1, accepted = 0, tries = 0;
    char why[160] = "";

    fill_matrix(d, n);
    if (enc_sdk(d, n, 3, 0, 2, 1u << 16, 5, 1, &e)) {
        CHECK(0, "bitflip_clean", "encoder failed");
        return;
    }
    c = malloc(e.clen);
    for (bit = 0; bit < e.clen * 8; bit += step) {
        run r;
        memcpy(c, e.c, e.clen);
        c[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        r = run_bsp(e.props, c, e.clen, NULL, (uint32_t)n, OUT_OF_PLACE, out);
        tries++;
        if (!r.clean) {
            if (clean)
                snprintf(why, sizeof why, "bit %zu: wrote outside the output", bit);
            clean = 0;
        }
        if (r.status == BSP_LZMA_OK)
            accepted++;
        {
            int x = ref_decode(e.props, c, e.clen, ref, n);
            if (x != (r.status == BSP_LZMA_OK))
                agree = 0;
            if (x == 1 && r.status == BSP_LZMA_OK && memcmp(out, ref, n) != 0)
                eq = 0;
        }
    }
    printf("# bitflips: %d streams, %d decoded without error\n", tries, accepted);
    CHECK(clean, "bitflip_clean", "%s", why);
    snprintf(why, sizeof why, "accept/reject or output differs from liblzma (agree %d eq %d)", agree, eq);
    check_vs_xz(agree && eq, "bitflip_vs_liblzma", why);
    free(c);
    free(e.c);
    free(d);
    free(out);
    free(ref);
}

static void test_garbage(void)
{
    int i, count = quick ? 600 : 3000, clean = 1, agree = 1, compared = 0;
    double worst = 0.0;
    uint8_t *c = malloc(2048), *out = malloc(70000), *ref = malloc(70000);

    for (i = 0; i < count; i++) {
        uint8_t props[5];
        size_t clen = 1 + rnd() % 1500;
        uint32_t n = rnd() % 4 == 0 ? rnd() % 65536 : rnd() % 3000;
        uint32_t lc = rnd() % 9, lp = rnd() % 5, pb = rnd() % 5, ds;
        double t0, t;
        run r;
        if (i % 3)
            while (lc + lp > 4) {
                lc = rnd() % 9;
                lp = rnd() % 5;
            }
        ds = rnd() % 4 == 0 ? rnd() % 8192 : 1u << (12 + rnd() % 12);
        props_make(props, (int)lc, (int)lp, (int)pb, ds);
        fill_random(c, clen);
        if (rnd() % 4)
            c[0] = 0;
        if (i % 5 == 0)      /* mostly literals: zero-ish input keeps it going */
            memset(c + 1, 0, clen > 8 ? clen / 2 : clen - 1);
        t0 = now();
        r = run_bsp(props, c, clen, NULL, n, OUT_OF_PLACE, out);
        t = now() - t0;
        if (t > worst)
            worst = t;
        if (!clean)
            continue;
        if (!r.clean)
            clean = 0;
        if (lc + lp <= 4) {
            int x = ref_decode(props, c, clen, ref, n);
            compared++;
            if (x != (r.status == BSP_LZMA_OK) || (x == 1 && n && memcmp(out, ref, n) != 0))
                agree = 0;
        }
    }
    printf("# garbage: %d streams, slowest decode %.4f s\n", count, worst);
    CHECK(clean, "garbage_clean", "a garbage stream wrote outside its output");
    CHECK(worst < 2.0, "garbage_bounded_time", "a decode took %.3f s", worst);
    check_vs_xz(agree && compared > 0, "garbage_vs_liblzma", "accept/reject or output differs from liblzma");
    free(c);
    free(out);
    free(ref);
}

/* A lump-sized stream with Valve's settings, in place, against the
 * original and liblzma. */
static void test_large(void)
{
    size_t n = quick ? (256u << 10) : (2u << 20);
    uint8_t *d = malloc(n);
    enc e;
    run r;
    char why[160] = "";
    int ok;

    g_mixed(d, n / 2);
    fill_struct(d + n / 2, n / 4);
    fill_text(d + n / 2 + n / 4, n - n / 2 - n / 4);
    ok = enc_valve(d, n, 1u << 18, 0, &e) == 0;
    if (ok) {
        r = run_bsp(e.props, e.c, e.clen, d, (uint32_t)n, bsp__lzma_region_bytes((uint32_t)n, (uint32_t)e.clen) - e.clen, NULL);
        ok = r.status == BSP_LZMA_OK && r.match && r.clean;
        if (!ok)
            snprintf(why, sizeof why, "status %d match %d clean %d", r.status, r.match, r.clean);
        else
            ok = roundtrip(&e, d, n, why, sizeof why);
        free(e.c);
    } else {
        snprintf(why, sizeof why, "encoder failed");
    }
    CHECK(ok, "large_valve_settings", "%s", why);
    free(d);
}

int main(void)
{
    const char *q = getenv("BSP_TEST_QUICK");
    quick = q && *q && *q != '0';
    q = getenv("BSP_TEST_VERBOSE");
    verbose = q && *q && *q != '0';
    probs_for(&(bsp__lzma_props){ 0, 0, 0, 0 });

    test_props();
    test_table_slices();
    test_matrix();
    test_dict_sizes();
    test_dict_limit();
    test_out_len();
    test_inplace_fast_encoder();
    test_inplace();
    test_overlap_immediate();
    test_any_offset();
    test_sliced();
    test_truncated();
    test_bitflips();
    test_garbage();
    test_large();
    free(probs_mem);
    return check_exit();
}
