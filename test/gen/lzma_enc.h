/* SPDX-License-Identifier: MIT */
/* lzma_enc.h - LZMA-compressed lumps as Valve's tools write them.
 *
 * A compressed lump is "LZMA", uint32 LE uncompressed size, uint32 LE
 * compressed size, 5 property bytes (props byte (pb * 5 + lp) * 9 + lc, then
 * the LE uint32 dictionary size) and the raw LZMA1 stream, with or without
 * an end marker. Streams come from liblzma (LZMA_FILTER_LZMA1EXT, which can
 * leave the end marker out) when it can encode the properties (lc + lp <= 4),
 * else from the LZMA SDK encoder of Debian's lzma-dev (lzma_sdk.c), which
 * allows lc up to 8 as Valve's encoder did.
 */
#ifndef BSPGEN_LZMA_ENC_H
#define BSPGEN_LZMA_ENC_H

#include "util.h"

typedef struct {
    int lc, lp, pb;     /* 0..8, 0..4, 0..4 */
    uint32_t dict;      /* dictionary size written in the properties */
    int eos;            /* end the stream with an end marker */
    int fast;           /* cheaper match finder (large benchmark maps) */
} gen_lzma;

/* Valve's settings: lc 3, lp 0, pb 2, 256 KiB, no end marker. */
#define GEN_LZMA_VALVE {3, 0, 2, 256u * 1024u, 0, 0}

#define GEN_LZMA_HEADER 17

/* Appends the compressed form (header + stream) of in[0..n) to out. */
void gen_lzma_lump(const gen_lzma *z, const unsigned char *in, size_t n, gbuf *out);

/* 0 when neither liblzma nor the LZMA SDK encoder can encode these settings. */
int gen_lzma_can_encode(const gen_lzma *z);

/* lzma_sdk.c: 1 when the LZMA SDK encoder was compiled in. */
int gen_lzma_sdk_available(void);
/* Raw stream of in[0..n) into out[0..*out_len); returns 0 on success. */
int gen_lzma_sdk_encode(const gen_lzma *z, const unsigned char *in, size_t n, unsigned char *out, size_t *out_len);

#endif
