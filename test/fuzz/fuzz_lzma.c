/* SPDX-License-Identifier: MIT */
/* fuzz_lzma.c - bsp__lzma_decode alone, out of place and in place.
 *
 * Input: byte 0 the props byte (lc/lp/pb, taken modulo 225), bytes 1..4 the
 * dictionary size (LE), bytes 5..7 out_len (LE, low 18 bits: up to 256 KiB),
 * byte 8 the in-place layout, byte 9 a slack amount, then the raw stream.
 *
 * Every input is decoded out of place (input after the output and a canary
 * gap) and in place (input at the tail of a region of
 * bsp__lzma_region_bytes(), that minus or plus the slack, or just
 * max(out_len, in_len)), with the
 * probability table in an exact-size block. Checked: the result is one of
 * the enum; out of place, nothing but buf[0 .. out_len) is written (the
 * canary and the input are intact); in place the result is the out-of-place
 * one or BSP_LZMA_OVERLAP, never a different verdict, and a decoded output
 * equals the out-of-place output byte for byte (so in-place decoding never
 * corrupted input it had yet to read). */
#include "fuzz.h"
#include "../../loader/lzma/lzma_decoder.h"

#define HEAD 10
#define CANARY 32
#define OUT_MAX ((1u << 18) - 1)

FUZZ_ENTRY(lzma)
{
    uint8_t raw_props[5];
    bsp__lzma_props p;
    uint32_t out_len, in_len, region, slack, mode, probs_bytes, k;
    fuzz_block probs, oop, inp;
    int r1, r2;

    if (size < HEAD || size - HEAD > (64u << 20)) return 0;
    raw_props[0] = (uint8_t)(data[0] % 225);
    memcpy(raw_props + 1, data + 1, 4);
    out_len = fuzz_le(data + 5, 3) & OUT_MAX;
    mode = data[8] & 3;
    slack = data[9];
    in_len = (uint32_t)(size - HEAD);

    FUZZ_ASSERT(bsp__lzma_parse_props(raw_props, &p) == BSP_LZMA_OK);
    FUZZ_ASSERT(bsp__lzma_parse_props(NULL, &p) == BSP_LZMA_BAD_PROPS);
    probs_bytes = bsp__lzma_probs_bytes(&p);
    FUZZ_ASSERT(probs_bytes >= 2 * (1846 + 0x300));
    if (fuzz_block_alloc(&probs, probs_bytes)) return 0;

    /* out of place: [out_len][canary][input] */
    if (fuzz_block_alloc(&oop, (size_t)out_len + CANARY + in_len)) {
        fuzz_block_free(&probs);
        return 0;
    }
    memset(oop.p + out_len, 0x5a, CANARY);
    memcpy(oop.p + out_len + CANARY, data + HEAD, in_len);
    r1 = bsp__lzma_decode(&p, probs.p, oop.p, out_len, out_len + CANARY, in_len);
    FUZZ_ASSERT(r1 >= BSP_LZMA_OK && r1 <= BSP_LZMA_OVERLAP);
    FUZZ_ASSERT(r1 != BSP_LZMA_OVERLAP && r1 != BSP_LZMA_BAD_PROPS);
    for (k = 0; k < CANARY; k++) FUZZ_ASSERT(oop.p[out_len + k] == 0x5a);
    FUZZ_ASSERT(memcmp(oop.p + out_len + CANARY, data + HEAD, in_len) == 0);
    FUZZ_ASSERT(fuzz_block_guards_ok(&oop) && fuzz_block_guards_ok(&probs));

    /* in place: the input at the tail of the region */
    region = bsp__lzma_region_bytes(out_len, in_len);
    FUZZ_ASSERT(region >= in_len && region >= out_len);
    if (mode == 1) region = region > slack ? region - slack : 0;   /* below the rule */
    if (mode == 2) region += slack;                                   /* above it */
    if (mode == 3) region = 0;                                        /* no margin at all */
    if (region < out_len) region = out_len;
    if (region < in_len) region = in_len;
    if (fuzz_block_alloc(&inp, region) == 0) {
        memcpy(inp.p + region - in_len, data + HEAD, in_len);
        r2 = bsp__lzma_decode(&p, probs.p, inp.p, out_len, region - in_len, in_len);
        FUZZ_ASSERT(r2 >= BSP_LZMA_OK && r2 <= BSP_LZMA_OVERLAP);
        FUZZ_ASSERT(r2 == r1 || r2 == BSP_LZMA_OVERLAP);
        if (r2 == BSP_LZMA_OK) FUZZ_ASSERT(memcmp(inp.p, oop.p, out_len) == 0);
        FUZZ_ASSERT(fuzz_block_guards_ok(&inp) && fuzz_block_guards_ok(&probs));
        fuzz_block_free(&inp);
    }
    fuzz_block_free(&oop);
    fuzz_block_free(&probs);
    return 0;
}
