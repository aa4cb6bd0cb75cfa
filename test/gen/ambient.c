/* SPDX-License-Identifier: MIT */
/* ambient.c - ambient samples of a generated Source world and the answers
 * docs/queries.md 7 gives for them.
 *
 * Index: an empty leaf l has 1 + (l + hdr) % 4 samples of its own (one
 * sample: its cube as is; more: the distance blend); a solid leaf borrows
 * (count 0, first = an empty leaf) when l % 3 != 1, else names itself
 * (count 0, first l: no_ambient), but when l % 7 == 5 it names a solid
 * leaf that borrows in turn: the contract borrows once, so no_ambient
 * (an engine that followed the chain would find samples); leaf 0 has
 * {0, 0}. Samples are hash
 * bytes, exponents -8..-1, positions anywhere in the leaf's box. The HDR
 * pair uses other counts and bytes, so reading the wrong pair shows.
 */
#include "ambient.h"

#include <math.h>
#include <stdio.h>

#define SAMPLE_BYTES 28

static int leaf_empty(const gen_world *w, int l)
{
    return l != 0 && w->leaves[l].contents == GEN_CONTENTS_EMPTY;
}

/* An empty leaf for solid leaf l to borrow from: the next one, cyclically. */
static int lender(const gen_world *w, int l)
{
    int k;
    for (k = 1; k <= w->nleaves; k++) {
        int c = (l + k) % w->nleaves;
        if (leaf_empty(w, c)) return c;
    }
    return 0;
}

static int chain_start(const gen_world *w, int l) { return l != 0 && !leaf_empty(w, l) && l % 3 != 1 && l % 7 == 5; }

/* A solid leaf that borrows from an empty one, for chain_start leaves. */
static int chain_lender(const gen_world *w, int l)
{
    int k;
    for (k = 1; k < w->nleaves; k++) {
        int c = (l + k) % w->nleaves;
        if (c != 0 && !leaf_empty(w, c) && c % 3 != 1 && !chain_start(w, c)) return c;
    }
    return lender(w, l);
}

int gen_amb_chain_leaf(const gen_world *w, int k)
{
    int l;
    for (l = 1; l < w->nleaves; l++)
        if (chain_start(w, l) && k-- == 0) return l;
    return -1;
}

static void index_of(const gen_world *w, int hdr, int l, int *count, int *first)
{
    int k, n = 0;
    *count = 0;
    *first = 0;
    if (l == 0) return;
    if (!leaf_empty(w, l)) {
        *first = l % 3 == 1 ? l : chain_start(w, l) ? chain_lender(w, l) : lender(w, l);
        return;
    }
    for (k = 1; k < l; k++)
        if (leaf_empty(w, k)) n += 1 + (k + hdr) % 4;
    *count = 1 + (l + hdr) % 4;
    *first = n;
}

static void sample_bytes(int hdr, int k, unsigned char s[SAMPLE_BYTES])
{
    int b;
    for (b = 0; b < 6; b++) {
        uint32_t h = gen_hash32(0x414d4253u + (uint32_t)hdr, (uint32_t)k, (uint32_t)b, 0);
        s[4 * b] = h & 0xff;
        s[4 * b + 1] = (h >> 8) & 0xff;
        s[4 * b + 2] = (h >> 16) & 0xff;
        s[4 * b + 3] = (unsigned char)(signed char)(-1 - (int)((h >> 24) % 8));
    }
    for (b = 0; b < 3; b++) s[24 + b] = gen_hash32(0x414d4250u + (uint32_t)hdr, (uint32_t)k, (uint32_t)b, 1) & 0xff;
    s[27] = 0;
}

void gen_amb_leaf_cube(int l, unsigned char out[24])
{
    int k;
    for (k = 0; k < 6; k++) {
        uint32_t h = gen_hash32(0x414d4230u, (uint32_t)l, (uint32_t)k, 0);
        out[4 * k] = h & 0xff;
        out[4 * k + 1] = (h >> 8) & 0xff;
        out[4 * k + 2] = (h >> 16) & 0xff;
        out[4 * k + 3] = (unsigned char)(signed char)((int)((h >> 24) % 9) - 6);
    }
}

int gen_amb_mode(const gen_world *w, int version, int leaf_version)
{
    int count, first;
    if (version == 17) return GEN_AMB_NONE;
    if (leaf_version == 0) return GEN_AMB_IN_LEAF;
    if (w->nleaves > 65535) return GEN_AMB_NONE;
    index_of(w, 1, w->nleaves - 1, &count, &first);
    if (first + count + 8 > 65535) return GEN_AMB_NONE; /* sample numbers are 16 bits */
    return GEN_AMB_LUMPS;
}

void gen_amb_lumps(const gen_world *w, int hdr, gbuf *index, gbuf *samples)
{
    int l, k, count, first, total = 0;
    unsigned char s[SAMPLE_BYTES];
    for (l = 0; l < w->nleaves; l++) {
        if (leaf_empty(w, l)) {     /* index_of's rule, summed as we go */
            count = 1 + (l + hdr) % 4;
            first = total;
        } else {
            index_of(w, hdr, l, &count, &first);
        }
        gbuf_le16(index, (unsigned)count);
        gbuf_le16(index, (unsigned)first);
        total += count;
    }
    for (k = 0; k < total; k++) {
        sample_bytes(hdr, k, s);
        gbuf_put(samples, s, SAMPLE_BYTES);
    }
}

/* ldexpf(c, e) of each channel: the engine's scale. */
static void decode(const unsigned char *c, float cube[6][3])
{
    int side, ch;
    for (side = 0; side < 6; side++)
        for (ch = 0; ch < 3; ch++) cube[side][ch] = ldexpf((float)c[4 * side + ch], (signed char)c[4 * side + 3]);
}

static void put_cube(gbuf *e, int leaf, int from, int first, int count, float cube[6][3])
{
    int side;
    gbuf_printf(e, "{\"q\":\"ambient\",\"leaf\":%d,\"from\":%d,\"first\":%d,\"count\":%d,\"cube\":[", leaf, from,
                first, count);
    for (side = 0; side < 6; side++)
        gbuf_printf(e, "%s[%.9g,%.9g,%.9g]", side ? "," : "", (double)cube[side][0], (double)cube[side][1],
                    (double)cube[side][2]);
    gbuf_printf(e, "]}\n");
}

void gen_amb_answer(const gen_world *w, int mode, int hdr, int leaf, const float p[3], gbuf *e)
{
    float cube[6][3], sum[6][3], h[3], lo[3], total = 0.0f, inv;
    unsigned char s[SAMPLE_BYTES];
    int count, first, from = leaf, k, a, side, ch, blo[3], bhi[3];
    if (mode == GEN_AMB_UNSUPPORTED || mode == GEN_AMB_NONE) {
        gbuf_printf(e, "{\"q\":\"ambient\",\"error\":\"%s\"}\n",
                    mode == GEN_AMB_NONE ? "no_ambient" : "unsupported");
        return;
    }
    if (mode == GEN_AMB_IN_LEAF) {
        gen_amb_leaf_cube(leaf, s);
        decode(s, cube);
        put_cube(e, leaf, leaf, -1, 1, cube);
        return;
    }
    index_of(w, hdr, leaf, &count, &first);
    if (count == 0 && first != 0) {
        from = first;
        index_of(w, hdr, from, &count, &first);
    }
    if (count == 0) {
        gbuf_printf(e, "{\"q\":\"ambient\",\"error\":\"no_ambient\"}\n");
        return;
    }
    if (count == 1) {
        sample_bytes(hdr, first, s);
        decode(s, cube);
        put_cube(e, leaf, from, first, 1, cube);
        return;
    }
    /* the blend over leaf `from`'s box as the file stores it */
    gen_region_bounds(w, &w->leaves[from].box, w->leaves[from].model, blo, bhi);
    for (a = 0; a < 3; a++) {
        lo[a] = (float)blo[a];
        h[a] = (float)(bhi[a] - blo[a]) * 0.5f;
    }
    for (side = 0; side < 6; side++)
        for (ch = 0; ch < 3; ch++) sum[side][ch] = 0.0f;
    for (k = first; k < first + count; k++) {
        float d[3], dist, factor, t;
        sample_bytes(hdr, k, s);
        decode(s, cube);
        for (a = 0; a < 3; a++) {
            t = (float)s[24 + a] * h[a];
            t = t * (2.0f / 255.0f);
            t = lo[a] + t;
            d[a] = t - p[a];
        }
        t = d[0] * d[0];
        dist = d[1] * d[1];
        dist = t + dist;
        t = d[2] * d[2];
        dist = dist + t;
        factor = 1.0f / (dist + 1.0f);
        total = total + factor;
        for (side = 0; side < 6; side++)
            for (ch = 0; ch < 3; ch++) {
                t = cube[side][ch] * factor;
                sum[side][ch] = sum[side][ch] + t;
            }
    }
    inv = 1.0f / total;
    for (side = 0; side < 6; side++)
        for (ch = 0; ch < 3; ch++) sum[side][ch] = sum[side][ch] * inv;
    put_cube(e, leaf, from, first, count, sum);
}
