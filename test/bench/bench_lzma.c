/* SPDX-License-Identifier: MIT */
/* bench_lzma.c - bspkit's LZMA decoder against the LZMA SDK's LzmaDec.c and
 * liblzma on the same streams.
 *
 * Data: ~4 MB generated to look like map lumps (entity text, vertex and plane
 * arrays, face records, lightmap samples, sparse vis bits), compressed with
 * liblzma as Valve does: raw LZMA1, lc=3 lp=0 pb=2, 256 KiB dictionary, no
 * end marker. In each of ROUNDS rounds every decoder decodes every stream,
 * the decoders taking turns stream by stream in an order reversed every
 * other time; a ratio is the median over the rounds of the two decoders'
 * times in that round (on a shared or virtual machine the best-of figures
 * of two decoders may come from different moments; the rounds' medians
 * move far less). MB/s are of output, 10^6
 * bytes, from each decoder's best round. `--only NAME` runs one decoder
 * alone (for instruction counts under cachegrind), `--rounds N` sets the
 * number of rounds. bspkit decodes out of place (input after the
 * output in one buffer); its in-place figure is printed too.
 *
 * Build: `make build/bench/bench_lzma` (LzmaDec.c is the SDK's and the
 * old decoder comes from git, both compiled with the library's flags and
 * only into this program).
 */
#define _POSIX_C_SOURCE 199309L
#include <lzma.h>
#ifndef LZMA_VERSION
#error "<lzma.h> found loader/lzma.h, not liblzma's: build without -Iloader"
#endif
#include <lzma/LzmaDec.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "../../loader/lzma/lzma_decoder.h"

#ifdef BENCH_OLD_LZMA
/* The decoder before its rewrite (Makefile: LZMA_OLD_REV), same contract. */
int old__lzma_decode(const bsp__lzma_props *p, void *probs, uint8_t *buf, uint32_t out_len,
                     uint32_t in_ofs, uint32_t in_len);
#define DECODERS 5
#else
#define DECODERS 4
#endif

/* Rounds: each decodes all streams once with every decoder, the order
 * reversed every other round. */
#define ROUNDS 41
#define MAX_ROUNDS 1000
#define NSTREAMS 6

static uint32_t rng_state = 12345;
static uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static size_t gen_entities(uint8_t *d, size_t n)
{
    static const char *cls[] = { "prop_static", "light", "info_player_start", "func_detail",
                                 "env_cubemap", "prop_physics", "trigger_multiple", "info_node" };
    static const char *mdl[] = { "props/barrel", "props/crate", "props_c17/fence", "props/chair",
                                 "props_junk/cardboard_box", "props_wasteland/rock" };
    size_t o = 0;
    while (o + 300 < n) {
        o += (size_t)sprintf((char *)d + o,
            "{\n\"classname\" \"%s\"\n\"origin\" \"%d %d %d\"\n\"angles\" \"0 %u 0\"\n",
            cls[rnd() % 8], (int)(rnd() % 8192) - 4096, (int)(rnd() % 8192) - 4096,
            (int)(rnd() % 1024) - 128, (rnd() % 8) * 45);
        if (rnd() % 2)
            o += (size_t)sprintf((char *)d + o, "\"model\" \"models/%s%02u.mdl\"\n\"skin\" \"%u\"\n",
                                 mdl[rnd() % 6], rnd() % 12, rnd() % 3);
        else
            o += (size_t)sprintf((char *)d + o, "\"_light\" \"%u %u %u %u\"\n\"_quadratic_attn\" \"1\"\n",
                                 200 + rnd() % 56, 180 + rnd() % 76, 150 + rnd() % 106, 50 + rnd() % 400);
        o += (size_t)sprintf((char *)d + o, "}\n");
    }
    while (o < n)
        d[o++] = '\n';
    return n;
}

static size_t gen_vertices(uint8_t *d, size_t n)
{
    size_t o = 0;
    float v[3];
    while (o + 12 <= n) {
        int i;
        for (i = 0; i < 3; i++)
            v[i] = (float)((int)(rnd() % 512) - 256) * 16.0f + ((rnd() % 8) ? 0.0f : (float)(rnd() % 100) / 8.0f);
        memcpy(d + o, v, 12);
        o += 12;
    }
    while (o < n)
        d[o++] = 0;
    return n;
}

static size_t gen_planes(uint8_t *d, size_t n)
{
    static const float axes[6][3] = { {1,0,0}, {-1,0,0}, {0,1,0}, {0,-1,0}, {0,0,1}, {0,0,-1} };
    size_t o = 0;
    while (o + 20 <= n) {
        float rec[4];
        int32_t type;
        uint32_t a = rnd() % 8;
        if (a < 6) {
            memcpy(rec, axes[a], 12);
            type = (int32_t)(a / 2);
        } else {
            rec[0] = (float)(rnd() % 1000) / 1000.0f;
            rec[1] = (float)(rnd() % 1000) / 1000.0f;
            rec[2] = 0.0f;
            type = 3 + (int32_t)(rnd() % 3);
        }
        rec[3] = (float)((int)(rnd() % 1024) - 512) * 8.0f;
        memcpy(d + o, rec, 16);
        memcpy(d + o + 16, &type, 4);
        o += 20;
    }
    while (o < n)
        d[o++] = 0;
    return n;
}

static size_t gen_faces(uint8_t *d, size_t n)
{
    size_t o = 0;
    uint32_t edge = 0, i = 0;
    while (o + 56 <= n) {
        uint16_t h[4];
        uint32_t w[8];
        uint32_t k;
        h[0] = (uint16_t)(rnd() % 4096); h[1] = (uint16_t)(rnd() % 2); h[2] = 0; h[3] = (uint16_t)(i % 7);
        w[0] = edge; w[1] = 3 + rnd() % 6; edge += w[1];
        w[2] = rnd() % 2000; w[3] = rnd() % 64; w[4] = i * 96;
        w[5] = 0xFFFFFFFFu; w[6] = rnd() % 16 * 16; w[7] = i;
        memcpy(d + o, h, 8);
        memcpy(d + o + 8, w, 32);
        for (k = 0; k < 16; k++)
            d[o + 40 + k] = (uint8_t)(k < 4 ? (rnd() % 2 ? 0 : 255) : 0);
        o += 56;
        i++;
    }
    while (o < n)
        d[o++] = 0;
    return n;
}

static size_t gen_lightmaps(uint8_t *d, size_t n)
{
    size_t o;
    uint32_t base = 128;
    for (o = 0; o + 4 <= n; o += 4) {
        if (o % 1024 == 0)
            base = 64 + rnd() % 128;
        d[o] = (uint8_t)(base + rnd() % 8);
        d[o + 1] = (uint8_t)(base - 10 + rnd() % 8);
        d[o + 2] = (uint8_t)(base / 2 + rnd() % 8);
        d[o + 3] = (uint8_t)(rnd() % 16 ? 0xFE : 0xFF);
    }
    for (; o < n; o++)
        d[o] = 0;
    return n;
}

static size_t gen_vis(uint8_t *d, size_t n)
{
    size_t o;
    for (o = 0; o < n; o++) {
        uint32_t r = rnd() % 16;
        d[o] = (uint8_t)(r < 10 ? 0 : r < 13 ? 0xFF : (uint8_t)rnd());
    }
    return n;
}

struct stream {
    const char *name;
    uint8_t *raw;
    size_t raw_len;
    uint8_t *comp;
    size_t comp_len;
    uint8_t *work;      /* bspkit: output, then the compressed bytes */
    uint8_t *region;    /* bspkit in place: bsp__lzma_region_bytes() */
    size_t region_len;
    uint8_t *out[2];    /* LzmaDec, liblzma */
    uint8_t *old;       /* the old decoder, laid out as work */
};

static void compress(struct stream *s, lzma_options_lzma *o)
{
    lzma_filter f[2];
    size_t cap = s->raw_len + s->raw_len / 16 + 1024;
    f[0].id = LZMA_FILTER_LZMA1EXT;
    f[0].options = o;
    f[1].id = LZMA_VLI_UNKNOWN;
    f[1].options = NULL;
    s->comp = malloc(cap);
    s->comp_len = 0;
    if (!s->comp || lzma_raw_buffer_encode(f, NULL, s->raw, s->raw_len, s->comp, &s->comp_len, cap) != LZMA_OK) {
        fprintf(stderr, "compress %s failed\n", s->name);
        exit(1);
    }
}

static void *sz_alloc(void *p, size_t size) { (void)p; return malloc(size); }
static void sz_free(void *p, void *a) { (void)p; free(a); }
static ISzAlloc sz_allocator = { sz_alloc, sz_free };

/* 0 when the decoder reports success with the full length. */
static int decode_one(int k, struct stream *s, const lzma_options_lzma *o, const uint8_t props[5],
                      const bsp__lzma_props *bp, void *probs, uint8_t *dst)
{
    if (k == 0)
        return bsp__lzma_decode(bp, probs, dst, (uint32_t)s->raw_len, (uint32_t)s->raw_len,
                               (uint32_t)s->comp_len) != BSP_LZMA_OK;
    if (k == 3) {
        /* In place destroys the input: put it back each time (a memcpy of
         * the compressed size, included in the time). */
        memcpy(dst + s->region_len - s->comp_len, s->comp, s->comp_len);
        return bsp__lzma_decode(bp, probs, dst, (uint32_t)s->raw_len, (uint32_t)(s->region_len - s->comp_len),
                               (uint32_t)s->comp_len) != BSP_LZMA_OK;
    }
#ifdef BENCH_OLD_LZMA
    if (k == 4)
        return old__lzma_decode(bp, probs, dst, (uint32_t)s->raw_len, (uint32_t)s->raw_len,
                                (uint32_t)s->comp_len) != BSP_LZMA_OK;
#endif
    if (k == 1) {
        SizeT dl = s->raw_len, sl = s->comp_len;
        ELzmaStatus st;
        return LzmaDecode(dst, &dl, s->comp, &sl, props, 5, LZMA_FINISH_END, &st, &sz_allocator) != SZ_OK ||
               dl != s->raw_len;
    } else {
        lzma_filter f[2];
        lzma_options_lzma od = *o;
        size_t ip = 0, op = 0;
        od.ext_flags = LZMA_LZMA1EXT_ALLOW_EOPM;
        od.ext_size_low = (uint32_t)s->raw_len;
        od.ext_size_high = 0;
        f[0].id = LZMA_FILTER_LZMA1EXT;
        f[0].options = &od;
        f[1].id = LZMA_VLI_UNKNOWN;
        f[1].options = NULL;
        return lzma_raw_buffer_decode(f, NULL, s->comp, &ip, s->comp_len, dst, &op, s->raw_len) != LZMA_OK ||
               op != s->raw_len;
    }
}

static const char *const dec_name[5] = { "bspkit", "lzmadec", "liblzma", "inplace", "old" };

static uint8_t *dst_of(int k, struct stream *s)
{
    return k == 0 ? s->work : k == 3 ? s->region : k == 4 ? s->old : s->out[k - 1];
}

/* Did decoder k leave the right bytes in every stream? */
static int output_ok(int k, const struct stream *s)
{
    size_t i;

    for (i = 0; i < NSTREAMS; i++)
        if (memcmp(dst_of(k, (struct stream *)&s[i]), s[i].raw, s[i].raw_len))
            return 0;
    return 1;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The median over rounds of num[r] / den[r]. */
static double median_ratio(const double *num, const double *den, int n)
{
    double r[MAX_ROUNDS];
    int i;

    for (i = 0; i < n; i++)
        r[i] = num[i] / den[i];
    qsort(r, (size_t)n, sizeof r[0], cmp_double);
    return n % 2 ? r[n / 2] : (r[n / 2 - 1] + r[n / 2]) / 2;
}

int main(int argc, char **argv)
{
    static const struct { const char *name; size_t (*gen)(uint8_t *, size_t); size_t len; } spec[NSTREAMS] = {
        { "entities", gen_entities, 1000000 },
        { "vertices", gen_vertices, 600000 },
        { "planes", gen_planes, 600000 },
        { "faces", gen_faces, 800000 },
        { "lightmaps", gen_lightmaps, 700000 },
        { "vis", gen_vis, 300000 },
    };
    struct stream s[NSTREAMS];
    lzma_options_lzma o;
    uint8_t props[5];
    bsp__lzma_props bp;
    size_t total_raw = 0, total_comp = 0, i;
    void *probs;
    double best[5] = { 1e30, 1e30, 1e30, 1e30, 1e30 };
    static double times[5][MAX_ROUNDS];
    int run, j, k, bad = 0, rounds = ROUNDS, only = -1, arg;

    for (arg = 1; arg < argc; arg++) {
        if (!strcmp(argv[arg], "--rounds") && arg + 1 < argc) {
            rounds = atoi(argv[++arg]);
        } else if (!strcmp(argv[arg], "--only") && arg + 1 < argc) {
            for (k = 0; k < DECODERS && strcmp(argv[arg + 1], dec_name[k]); k++)
                ;
            only = k;
            arg++;
        } else {
            only = DECODERS;
        }
        if (only == DECODERS || rounds < 1 || rounds > MAX_ROUNDS) {
            fprintf(stderr, "usage: bench_lzma [--rounds 1..%d] [--only bspkit|lzmadec|liblzma|inplace%s]\n",
                    MAX_ROUNDS, DECODERS > 4 ? "|old" : "");
            return 2;
        }
    }
    if (only >= 0 && rounds == ROUNDS)
        rounds = 1;

    lzma_lzma_preset(&o, 6);
    o.dict_size = 256u << 10;
    o.lc = 3;
    o.lp = 0;
    o.pb = 2;
    o.ext_flags = 0;    /* no end marker, as Valve's lumps */
    o.ext_size_low = 0;
    o.ext_size_high = 0;
    props[0] = (uint8_t)((o.pb * 5 + o.lp) * 9 + o.lc);
    props[1] = (uint8_t)o.dict_size; props[2] = (uint8_t)(o.dict_size >> 8);
    props[3] = (uint8_t)(o.dict_size >> 16); props[4] = (uint8_t)(o.dict_size >> 24);
    bsp__lzma_parse_props(props, &bp);

    for (i = 0; i < NSTREAMS; i++) {
        s[i].name = spec[i].name;
        s[i].raw_len = spec[i].len;
        s[i].raw = malloc(s[i].raw_len + 400);
        spec[i].gen(s[i].raw, s[i].raw_len);
        compress(&s[i], &o);
        total_raw += s[i].raw_len;
        total_comp += s[i].comp_len;
        s[i].out[0] = malloc(s[i].raw_len);
        s[i].out[1] = malloc(s[i].raw_len);
        printf("%-10s %8zu -> %8zu (%.1f%%)\n", s[i].name, s[i].raw_len, s[i].comp_len,
               100.0 * (double)s[i].comp_len / (double)s[i].raw_len);
    }
    printf("total      %8zu -> %8zu (%.1f%%)\n", total_raw, total_comp, 100.0 * (double)total_comp / (double)total_raw);

    probs = malloc(bsp__lzma_probs_bytes(&bp));

    /* bspkit decodes with the input placed after the output in one buffer,
     * as the loader's out-of-place path; set up once, decoding does not
     * touch the input. */
    for (i = 0; i < NSTREAMS; i++) {
        s[i].work = malloc(s[i].raw_len + s[i].comp_len);
        memcpy(s[i].work + s[i].raw_len, s[i].comp, s[i].comp_len);
        s[i].old = malloc(s[i].raw_len + s[i].comp_len);
        memcpy(s[i].old + s[i].raw_len, s[i].comp, s[i].comp_len);
        s[i].region_len = bsp__lzma_region_bytes((uint32_t)s[i].raw_len, (uint32_t)s[i].comp_len);
        s[i].region = malloc(s[i].region_len);
    }
    if (only >= 0) {
        /* One decoder alone, for instruction counts (cachegrind): the
         * setup above is the same for every decoder, so the difference
         * between two such runs is the decoders' own. */
        for (run = 0; run < rounds; run++)
            for (i = 0; i < NSTREAMS; i++)
                if (decode_one(only, &s[i], &o, props, &bp, probs, dst_of(only, &s[i])) != 0)
                    bad = 1;
        if (bad || !output_ok(only, s)) {
            printf("FAIL %s produced wrong output\n", dec_name[only]);
            return 1;
        }
        printf("%s: %d rounds decoded\n", dec_name[only], rounds);
        return 0;
    }
    for (run = 0; run < rounds; run++) {
        /* The decoders take turns stream by stream (a few milliseconds
         * each), so that what else the machine runs falls on all of them
         * alike within a round; the order alternates so that no decoder
         * always runs right after the same one (caches, frequency
         * steps). */
        for (i = 0; i < NSTREAMS; i++)
            for (j = 0; j < DECODERS; j++) {
                double t0;
                k = (run + (int)i) % 2 ? DECODERS - 1 - j : j;
                t0 = now();
                if (decode_one(k, &s[i], &o, props, &bp, probs, dst_of(k, &s[i])) != 0)
                    bad = 1;
                times[k][run] += now() - t0;
            }
        for (k = 0; k < DECODERS; k++)
            if (times[k][run] < best[k])
                best[k] = times[k][run];
    }
    for (k = 0; k < DECODERS; k++)
        if (!output_ok(k, s))
            bad = 1;
    if (bad) {
        printf("FAIL a decoder produced wrong output\n");
        return 1;
    }
    {
        /* Throughputs from each decoder's best round; ratios as the median
         * of the per-round ratios, as both decoders of a round saw about
         * the same machine (steadier than a ratio of two bests). */
        double mb = (double)total_raw / 1e6;
        double a = mb / best[0], b = mb / best[1], c = mb / best[2];
        double vs_dec = median_ratio(times[1], times[0], rounds);
        double vs_lib = median_ratio(times[2], times[0], rounds);
        printf("bspkit   %8.1f MB/s (in place, region = rule: %.1f MB/s)\n", a, mb / best[3]);
        printf("LzmaDec  %8.1f MB/s\n", b);
        printf("liblzma  %8.1f MB/s\n", c);
        printf("bspkit/LzmaDec %.3f (best rounds %.3f)  bspkit/liblzma %.3f (best rounds %.3f), median of %d rounds\n",
               vs_dec, a / b, vs_lib, a / c, rounds);
        if (DECODERS > 4)
            printf("old      %8.1f MB/s (the decoder before its rewrite; bspkit/old %.3f, best rounds %.3f)\n",
                   mb / best[4], median_ratio(times[4], times[0], rounds), a / (mb / best[4]));
        printf("{\"lzma_mbps\":%.1f,\"lzmadec_mbps\":%.1f,\"liblzma_mbps\":%.1f,"
               "\"lzma_vs_lzmadec\":%.3f,\"lzma_vs_liblzma\":%.3f,"
               "\"lzma_vs_lzmadec_best\":%.3f,\"rounds\":%d", a, b, c, vs_dec, vs_lib, a / b, rounds);
        if (DECODERS > 4) {
            double d = mb / best[4];
            printf(",\"old_mbps\":%.1f,\"lzma_vs_old\":%.3f,\"lzma_vs_old_best\":%.3f", d,
                   median_ratio(times[4], times[0], rounds), a / d);
        }
        printf("}\n");
    }
    return 0;
}
