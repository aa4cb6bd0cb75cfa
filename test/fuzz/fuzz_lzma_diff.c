/* SPDX-License-Identifier: MIT */
/* fuzz_lzma_diff.c - bspkit's LZMA decoder against liblzma on the same bytes.
 *
 * Input: byte 0 picks lc, lp, pb among the 75 settings liblzma accepts
 * (lc + lp <= 4, pb <= 4), bytes 1..3 the dictionary size (LE, up to 1 MiB
 * so liblzma's dictionary allocation stays small), bytes 4..6 out_len (LE,
 * low 17 bits: up to 128 KiB), then the raw LZMA1 stream.
 *
 * Reference: liblzma's lzma_alone decoder given the uncompressed size (raw
 * LZMA1 of known size, end marker allowed), as test/programs/test_lzma.c uses it and
 * loader/lzma.h documents the agreement: both decode, to the same bytes, or
 * both reject. The documented differences are outside this target's inputs
 * or allowed here: lc + lp > 4 (liblzma refuses the props; not generated),
 * and TRUNCATED versus CORRUPT (both count as a rejection).
 *
 * Built with -DBSP_TEST_NO_LIBLZMA (cross builds, no liblzma) the reference
 * is skipped and only bspkit's side runs. */
#include "fuzz.h"
#include "../../loader/lzma/lzma_decoder.h"
#ifndef BSP_TEST_NO_LIBLZMA
#include <lzma.h>
#ifndef LZMA_VERSION
#error "<lzma.h> found loader/lzma.h, not liblzma's: build without -Iloader"
#endif
#endif

#define HEAD 7

#ifndef BSP_TEST_NO_LIBLZMA
/* 1 decoded exactly n bytes and the stream ended; 0 rejected. */
static int ref_decode(const uint8_t props[5], const uint8_t *c, size_t clen, uint8_t *out, size_t n)
{
    lzma_stream s = LZMA_STREAM_INIT;
    lzma_ret r;
    uint8_t *h = (uint8_t *)malloc(13 + clen), *o = (uint8_t *)malloc(n + 1);
    int i, res, guard = 0;
    FUZZ_ASSERT(h && o);
    memcpy(h, props, 5);
    for (i = 0; i < 8; i++) h[5 + i] = (uint8_t)((uint64_t)n >> (8 * i));
    if (clen) memcpy(h + 13, c, clen);
    FUZZ_ASSERT(lzma_alone_decoder(&s, UINT64_MAX) == LZMA_OK);
    s.next_in = h;
    s.avail_in = 13 + clen;
    /* one spare byte: liblzma makes no progress with avail_out 0 */
    s.next_out = o;
    s.avail_out = n + 1;
    do
        r = lzma_code(&s, LZMA_FINISH);
    while (r == LZMA_OK && ++guard < 8);
    res = r == LZMA_STREAM_END && s.total_out == n;
    if (n) memcpy(out, o, n);
    lzma_end(&s);
    free(o);
    free(h);
    return res;
}
#endif

FUZZ_ENTRY(lzma_diff)
{
    uint8_t props[5];
    bsp__lzma_props p;
    uint32_t out_len, in_len, dict, sel, lc, lp, pb;
    fuzz_block probs, buf;
    uint8_t *ref;
    int r, ok;

    if (size < HEAD || size - HEAD > (16u << 20)) return 0;
    /* the 75 (lc, lp, pb) with lc + lp <= 4 */
    sel = data[0] % 75;
    pb = sel / 15;
    sel %= 15;
    for (lc = 0; lc <= 4; lc++) {
        if (sel <= 4 - lc) break;
        sel -= 5 - lc;
    }
    lp = sel;
    FUZZ_ASSERT(lc + lp <= 4 && pb <= 4);
    dict = fuzz_le(data + 1, 3) & 0xfffffu;
    out_len = fuzz_le(data + 4, 3) & 0x1ffffu;
    in_len = (uint32_t)(size - HEAD);
    props[0] = (uint8_t)((pb * 5 + lp) * 9 + lc);
    props[1] = (uint8_t)dict;
    props[2] = (uint8_t)(dict >> 8);
    props[3] = (uint8_t)(dict >> 16);
    props[4] = 0;
    FUZZ_ASSERT(bsp__lzma_parse_props(props, &p) == BSP_LZMA_OK);
    FUZZ_ASSERT(p.lc == lc && p.lp == lp && p.pb == pb && p.dict_size == dict);
    if (fuzz_block_alloc(&probs, bsp__lzma_probs_bytes(&p))) return 0;
    if (fuzz_block_alloc(&buf, (size_t)out_len + in_len)) {
        fuzz_block_free(&probs);
        return 0;
    }
    memcpy(buf.p + out_len, data + HEAD, in_len);
    r = bsp__lzma_decode(&p, probs.p, buf.p, out_len, out_len, in_len);
    FUZZ_ASSERT(r == BSP_LZMA_OK || r == BSP_LZMA_CORRUPT || r == BSP_LZMA_TRUNCATED);
    FUZZ_ASSERT(fuzz_block_guards_ok(&buf) && fuzz_block_guards_ok(&probs));
    ref = (uint8_t *)malloc(out_len + 1);
    FUZZ_ASSERT(ref != NULL);
#ifndef BSP_TEST_NO_LIBLZMA
    ok = ref_decode(props, data + HEAD, in_len, ref, out_len);
    if (ok != (r == BSP_LZMA_OK)) {
        fprintf(stderr, "lzma_diff: lc %u lp %u pb %u dict %u out_len %u in_len %u: bspkit %d, liblzma %s\n",
                (unsigned)lc, (unsigned)lp, (unsigned)pb, (unsigned)dict, (unsigned)out_len,
                (unsigned)in_len, r, ok ? "decodes" : "rejects");
        FUZZ_ASSERT(ok == (r == BSP_LZMA_OK));
    }
    if (ok) FUZZ_ASSERT(memcmp(ref, buf.p, out_len) == 0);
#else
    (void)ok;
#endif
    free(ref);
    fuzz_block_free(&buf);
    fuzz_block_free(&probs);
    return 0;
}
