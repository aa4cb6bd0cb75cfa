/* SPDX-License-Identifier: MIT */
/* lzma_decoder.h - resumable, in-place capable decoder for raw LZMA (LZMA1)
 * streams: one call for a whole buffer, or symbol-exact slices while the
 * input is still arriving.
 *
 * Xbox 360 / PS3 Source maps compress lumps with LZMA. Valve's lump header
 * is "LZMA", u32le actual size, u32le compressed size, 5 property bytes, then
 * the raw stream; the loader parses that header and calls this decoder with
 * the properties, the exact output length and the input length.
 *
 * Freestanding: no libc, no allocation, no global mutable state, reentrant.
 * The state between slices is a bsp__lzma_dec (below, ~80 bytes); the
 * decode loop keeps it in locals, i.e. registers, while it runs. The
 * probability table is the caller's: bsp__lzma_probs_bytes().
 *
 * Accept/reject rules (chosen to agree with liblzma's lzma_alone decoder
 * given the uncompressed size, i.e. raw LZMA1 with known size, EOPM allowed):
 *  - the first range coder byte must be 0x00;
 *  - a match distance must be below both the bytes produced so far and the
 *    dictionary liblzma would allocate: max(4096, dict_size rounded up to a
 *    multiple of 16); a rep match before any output is corrupt;
 *  - an end marker before out_len bytes is corrupt; a match that would run
 *    past out_len is corrupt;
 *  - at out_len the range decoder is normalised (this may read one last
 *    byte) and the stream ends if its code is 0; otherwise the next symbol
 *    must be an end marker followed by code 0;
 *  - input after the end of the stream is ignored, as liblzma leaves it
 *    unread. So, as with liblzma, a stream also decodes "validly" to a
 *    shorter out_len when all it codes after that point are 0 bits (e.g.
 *    trailing zero bytes sent as literals): the end test is code == 0.
 * Where it differs: lc + lp > 4 is accepted (liblzma refuses those props,
 * the LZMA SDK and its encoder, which Valve used, allow lc 0..8, lp 0..4).
 * A corrupt stream that runs out of input may be reported TRUNCATED here and
 * CORRUPT by liblzma or vice versa (after out_len the decoder stops at the
 * first symbol that cannot be an end marker instead of decoding it whole).
 */
#ifndef BSP_LZMA_H
#define BSP_LZMA_H

#include <stdint.h>
#include <stddef.h>

/* Every result of the decoder's functions. */
typedef enum bsp__lzma_result {
    BSP_LZMA_OK = 0,
    BSP_LZMA_BAD_PROPS,   /* lc > 8, lp > 4, pb > 4, or bad arguments */
    BSP_LZMA_CORRUPT,     /* invalid stream */
    BSP_LZMA_TRUNCATED,   /* input ran out before the stream ended */
    BSP_LZMA_OVERLAP,     /* in place: a write would overtake unread input */
    BSP_LZMA_MORE         /* bsp__lzma_run stopped between two symbols: the
                             budget is spent or it waits for input */
} bsp__lzma_result;

typedef struct bsp__lzma_props {
    uint32_t dict_size;
    uint8_t lc, lp, pb;
} bsp__lzma_props;

/* raw[0] = (pb * 5 + lp) * 9 + lc, raw[1..4] = dictionary size, LE. */
bsp__lzma_result bsp__lzma_parse_props(const uint8_t raw[5], bsp__lzma_props *out);

/* Size of the probability table bsp__lzma_decode needs, in bytes:
 * 2 * (1846 + (0x300 << (lc + lp))): 16 KB for lc=3 lp=0, 6 MB at most.
 * 0 for invalid props. */
uint32_t bsp__lzma_probs_bytes(const bsp__lzma_props *p);

/* In-place decoding.
 *
 * The caller puts the in_len compressed bytes at the tail of a region of
 * bsp__lzma_region_bytes(out_len, in_len) bytes (in_ofs = region - in_len)
 * and the decoder writes the output forward from the region's head. Before
 * each write the decoder checks that it stays below the next unread input
 * byte and returns BSP_LZMA_OVERLAP if it would not; unread input is never
 * overwritten. (Match copies may write up to 7 bytes past the match end, but
 * only below both out_len and the next unread input byte: into space later
 * output overwrites anyway.)
 *
 *      region = max(in_len, out_len + in_len / 48 + 64)
 *
 * Why. Input is read lazily, one byte per range coder normalisation, with no
 * lookahead. Let D = bytes written - bytes read, at any moment. A write is
 * allowed while D < in_ofs, so the region must be in_len + max D. D ends at
 * out_len - in_len (every valid stream is read to its last byte: the final
 * normalisation takes the flush byte the last symbol did not need), so the
 * region is out_len + E, E = the largest amount by which some suffix of the
 * stream is longer compressed than uncompressed. A stream that compresses
 * everywhere peaks at its end (E ~ 0); wholly incompressible data never has
 * D > 0 and needs just in_len. The bad case is a compressible head followed
 * by an incompressible tail: D climbs through the head and the tail then
 * pays it back slower than the head built it, so the peak is at the
 * junction and E = the tail's expansion. LZMA1 has no stored blocks: random
 * bytes cost 1.36% more than their size with the SDK's normal mode and
 * liblzma's -1..-9 (probabilities adapting around 1/2 cost a bit more than
 * one bit each), 1.44% in the SDK's fast mode, 1.50% with xz -0, and up to
 * 1.80% with liblzma's fast mode on 3-byte hash chains (hc3/bt3, i.e. -0)
 * with a dictionary of 1 MiB or more, which takes a few 3-byte matches that
 * cost more than literals. A tail is at most in_len bytes of input, so
 * E <= rate * in_len + a constant: the five start-up bytes, the end marker
 * and flush, and a transient of some dozens of bytes while probabilities
 * trained on a skewed head retrain. in_len / 48 allows 2.08% (E covered as
 * long as the tail expands by at most 1/47); the measured worst (1.80%,
 * xz -0 with a 64 MiB dictionary) keeps 0.28% of the tail in hand, normal
 * encoders about 0.7%. 64 bytes covers the constant (worst seen: 18 bytes
 * over the rate, on 100-byte streams). in_len / 64 would fail the hc3 fast
 * case by 0.2% of the tail.
 *
 * Cost: in_len / 48 + 64 over out_len, i.e. 0.5% of the output at 25%
 * compression, 0.8% at 40%, 2.1% for data that does not compress at all.
 * test/programs/test_lzma.c bisects the exact smallest region for streams of random,
 * text, zeros-then-random, binary-alphabet-then-random, alternating and
 * other data from liblzma (several presets, with/without end marker,
 * lc/lp/pb variants, -0 with a 4 MiB dictionary) and the SDK encoder, and
 * checks it never exceeds the rule, that the rule region decodes, and that
 * one byte less gives BSP_LZMA_OVERLAP with nothing corrupted. Streams
 * built to defeat the model (e.g. liblzma with mf=bt2 nice_len=2 expands
 * random data by 10%) get BSP_LZMA_OVERLAP, never corrupt output; a
 * caller can then decode out of place.
 *
 * Returns 0 if the sum overflows 32 bits. */
uint32_t bsp__lzma_region_bytes(uint32_t out_len, uint32_t in_len);

/* Decodes the raw LZMA stream buf[in_ofs .. in_ofs + in_len) into
 * buf[0 .. out_len). probs: bsp__lzma_probs_bytes(p) bytes, 2-aligned, not
 * overlapping buf; it is initialised here. Input and output may overlap
 * only as described above (input at the tail of the region), or not at all
 * (in_ofs >= out_len). Returns BSP_LZMA_OK only when exactly out_len bytes
 * were produced and the stream ended validly. On error the contents of
 * buf[0 .. out_len) are unspecified but nothing outside it, nor unread
 * input, has been written. (Inline below: the loader decodes through the
 * resumable form, and only the tests call this.) */

/* Resumable decoding. bsp__lzma_start sets up the same decoding as
 * bsp__lzma_decode (same arguments, same layout rules) and initialises the
 * tables; bsp__lzma_run then decodes in slices. `arrived` is how many of the
 * in_len input bytes are in place (a prefix; it may only grow), `budget` how
 * many output bytes to produce at most before returning, rounded up to the
 * end of a symbol (a match may add up to 272). It returns BSP_LZMA_MORE
 * when it stopped with the stream unfinished: the budget is spent, or fewer
 * than BSP_LZMA_SYMBOL_IN_MAX unread bytes have arrived (the most input one
 * symbol can take) while the input is incomplete. The end of the stream is
 * only checked once all input has arrived. Any other result is final and
 * equals what bsp__lzma_decode returns for the same data, and the output is
 * identical however the work was sliced. The state holds pointers into buf
 * and probs: both must stay where they are between calls. */
#define BSP_LZMA_SYMBOL_IN_MAX 22u

typedef struct bsp__lzma_dec {
    uint8_t *buf;
    uint16_t *probs;
    uint32_t out_pos, out_len;   /* output produced, wanted */
    uint32_t in_pos, in_ofs, in_len; /* next unread input byte, in buf */
    uint32_t range, code;
    uint32_t rep[4];
    uint32_t state;              /* the match/rep machine's state */
    uint32_t dict_lim;           /* distances must be below this */
    uint8_t lc, lp, pb_mask;
    uint8_t started;             /* the range coder's 5 bytes are taken */
    uint32_t probs_set;          /* table entries initialised so far */
} bsp__lzma_dec;

bsp__lzma_result bsp__lzma_run(bsp__lzma_dec *d, uint32_t arrived, uint32_t budget);

/* bsp__lzma_start in slices, for a caller that bounds the work of each call:
 * the table of lc + lp = 12 is 6 MB to set. bsp__lzma_setup is
 * bsp__lzma_start without the table; bsp__lzma_init_probs then sets up to
 * `max` more of its entries and returns how many are left to set.
 * bsp__lzma_run may be called once that is 0. */
bsp__lzma_result bsp__lzma_setup(bsp__lzma_dec *d, const bsp__lzma_props *p, void *probs,
                    uint8_t *buf, uint32_t out_len, uint32_t in_ofs, uint32_t in_len);
uint32_t bsp__lzma_init_probs(bsp__lzma_dec *d, uint32_t max);

/* bsp__lzma_start and bsp__lzma_decode are the setup, the whole table and
 * (decode) one run: inline, so that a build whose loads only slice (the
 * core: no pakfile reader) carries no copy of them (C99's static inline:
 * the header stands alone, for the decoder's benchmarks; marked unused
 * for the compilers that warn of an unused static inline in a file that
 * includes it, as the amalgamation is). */
#if defined(__GNUC__)
#define BSP__LZMA_INLINE static inline __attribute__((unused))
#else
#define BSP__LZMA_INLINE static inline
#endif
BSP__LZMA_INLINE bsp__lzma_result bsp__lzma_start(bsp__lzma_dec *d, const bsp__lzma_props *p,
                                                  void *probs, uint8_t *buf, uint32_t out_len,
                                                  uint32_t in_ofs, uint32_t in_len)
{
    bsp__lzma_result r = bsp__lzma_setup(d, p, probs, buf, out_len, in_ofs, in_len);
    if (r == BSP_LZMA_OK) bsp__lzma_init_probs(d, 0xFFFFFFFFu);
    return r;
}

BSP__LZMA_INLINE bsp__lzma_result bsp__lzma_decode(const bsp__lzma_props *p, void *probs,
                                                   uint8_t *buf, uint32_t out_len, uint32_t in_ofs,
                                                   uint32_t in_len)
{
    bsp__lzma_dec d;
    bsp__lzma_result r = bsp__lzma_start(&d, p, probs, buf, out_len, in_ofs, in_len);
    return r != BSP_LZMA_OK ? r : bsp__lzma_run(&d, in_len, out_len);
}

#endif
