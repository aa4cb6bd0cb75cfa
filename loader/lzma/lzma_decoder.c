/* SPDX-License-Identifier: MIT */
/* lzma_decoder.c - raw LZMA1 decoder, in place capable, resumable between
 * any two symbols.
 *
 * Written from the format description (range coder, literal coder with
 * lc/lp, 12-state match/rep machine, length and distance coders, align
 * bits). See lzma_decoder.h for the contract and the in-place margin rule.
 * One loop, lz_decode, decodes whole symbols: a slice ends only between
 * two, so what survives a pause is the range coder, the four distances and
 * the state, never a half-decoded symbol.
 */
#include "lzma_decoder.h"
#include "../../port/bsp_port.h"

#if defined(__GNUC__) || defined(__clang__)
#define LZ_UNLIKELY(x) __builtin_expect(!!(x), 0)
/* Unaligned 8-byte chunks for match copies; other compilers copy bytes. */
#define LZ_COPY8 1
typedef uint64_t __attribute__((may_alias, aligned(1))) lz_u64;
#else
#define LZ_UNLIKELY(x) (x)
#endif

/* Range coder: 11-bit probabilities of a 0 bit, adapted by 1/32. */
#define RC_TOP (1u << 24)
#define PROB_BITS 11
#define PROB_ONE (1u << PROB_BITS)
#define PROB_INIT (PROB_ONE / 2)
#define MOVE_BITS 5

/* The match/rep machine's 12 states, named (as in xz-embedded) by the
 * last two or three symbols. Below LIT_MATCH the previous symbol was a
 * literal, so the next literal is coded plainly, otherwise against the byte
 * at rep0. */
enum lz_state {
    LIT_LIT, MATCH_LIT_LIT, REP_LIT_LIT, SHORTREP_LIT_LIT,
    MATCH_LIT, REP_LIT, SHORTREP_LIT,
    LIT_MATCH, LIT_LONGREP, LIT_SHORTREP, NONLIT_MATCH, NONLIT_REP
};
#define STATES 12

BSP_INLINE uint32_t after_literal(uint32_t s)
{
    return s <= SHORTREP_LIT_LIT ? LIT_LIT : s <= LIT_SHORTREP ? s - 3 : s - 6;
}
BSP_INLINE uint32_t after_match(uint32_t s) { return s < LIT_MATCH ? LIT_MATCH : NONLIT_MATCH; }
BSP_INLINE uint32_t after_long_rep(uint32_t s) { return s < LIT_MATCH ? LIT_LONGREP : NONLIT_REP; }
BSP_INLINE uint32_t after_short_rep(uint32_t s) { return s < LIT_MATCH ? LIT_SHORTREP : NONLIT_REP; }

/* Would writing n bytes at out land on unread input, [in, in_end)? The one
 * test that keeps in-place decoding from overtaking its own input. Ordered
 * so that the usual answer (no: out is well below in) takes two compares. */
BSP_INLINE int overtakes(const uint8_t *out, size_t n, const uint8_t *in, const uint8_t *in_end)
{
    return (out >= in || (size_t)(in - out) < n) && in < in_end && out < in_end;
}

#define P_IS_MATCH 0                        /* [STATES][16 pos states] */
#define P_IS_REP (P_IS_MATCH + STATES * 16) /* [STATES] */
#define P_IS_REP0 (P_IS_REP + STATES)
#define P_IS_REP1 (P_IS_REP0 + STATES)
#define P_IS_REP2 (P_IS_REP1 + STATES)
#define P_REP0_LONG (P_IS_REP2 + STATES)    /* [STATES][16] */
#define P_DIST_SLOT (P_REP0_LONG + STATES * 16) /* [4 len states][64] */
#define P_DIST_SPEC (P_DIST_SLOT + 4 * 64)  /* reverse trees of slots 4..13 */
#define P_ALIGN (P_DIST_SPEC + 114)         /* [16], reverse tree */
#define P_LEN (P_ALIGN + 16)                /* match lengths */
#define P_REP_LEN (P_LEN + LEN_PROBS)       /* rep match lengths */
#define P_LITERAL (P_REP_LEN + LEN_PROBS)   /* [0x300 << (lc + lp)] */
#define P_BASE P_LITERAL                    /* 1846 */

/* A length coder: 2..9 from low[pos_state], 10..17 from mid[pos_state],
 * 18..273 from high. */
#define L_CHOICE 0
#define L_CHOICE2 1
#define L_LOW 2
#define L_MID (L_LOW + 16 * 8)
#define L_HIGH (L_MID + 16 * 8)
#define LEN_PROBS (L_HIGH + 256)

#define LIT_SIZE 0x300
#define EOPM_DIST 0xFFFFFFFFu

typedef bsp__alias_u16 prob;

/* One bit against probability *P_, lazily normalised: a byte is read only
 * when a bit needs it, so no byte is read before its time (the in-place
 * margin depends on it) and the end check sees exactly what liblzma sees.
 * The input bound check sits on this path, taken about once per input
 * byte; hoisting it out (a safe-margin fast loop, as the SDK and liblzma
 * do) measured no gain. */
#define RC_NORM() \
    do { \
        if (range < RC_TOP) { \
            if (LZ_UNLIKELY(in == in_end)) goto truncated; \
            range <<= 8; \
            code = (code << 8) | *in++; \
        } \
    } while (0)

#define RC_IF0(P_) \
    RC_NORM(); \
    pv = *(P_); \
    bound = (range >> PROB_BITS) * pv; \
    if (code < bound)

#define RC_UPD0(P_) \
    do { range = bound; *(P_) = (uint16_t)(pv + ((PROB_ONE - pv) >> MOVE_BITS)); } while (0)
#define RC_UPD1(P_) \
    do { range -= bound; code -= bound; *(P_) = (uint16_t)(pv - (pv >> MOVE_BITS)); } while (0)

/* One step down a bit tree rooted at P_ with node index S_. */
#define RC_TREE(P_, S_) \
    do { \
        RC_IF0((P_) + (S_)) { RC_UPD0((P_) + (S_)); (S_) <<= 1; } \
        else { RC_UPD1((P_) + (S_)); (S_) = ((S_) << 1) + 1; } \
    } while (0)

/* N_ steps down a bit tree from S_ = 1. Unrolled, the decoder is about
 * 11 KB of PowerPC code; a build for size (-Os, or BSPKIT_LZMA_SMALL=1)
 * loops instead and is under a third of that, at some speed. */
#ifndef BSPKIT_LZMA_SMALL
#ifdef __OPTIMIZE_SIZE__
#define BSPKIT_LZMA_SMALL 1
#else
#define BSPKIT_LZMA_SMALL 0
#endif
#endif
#if BSPKIT_LZMA_SMALL
#define RC_TREE_N(P_, S_, N_) do RC_TREE(P_, S_); while ((S_) < (1u << (N_)))
#define LIT_MATCHED_8() do LIT_MATCHED(); while (sym < 0x100)
#else
#define RC_TREE_3(P_, S_) RC_TREE(P_, S_); RC_TREE(P_, S_); RC_TREE(P_, S_)
#define RC_TREE_6(P_, S_) RC_TREE_3(P_, S_); RC_TREE_3(P_, S_)
#define RC_TREE_8(P_, S_) RC_TREE_6(P_, S_); RC_TREE(P_, S_); RC_TREE(P_, S_)
#define RC_TREE_N(P_, S_, N_) RC_TREE_##N_(P_, S_)
#define LIT_MATCHED_8() \
    LIT_MATCHED(); LIT_MATCHED(); LIT_MATCHED(); LIT_MATCHED(); \
    LIT_MATCHED(); LIT_MATCHED(); LIT_MATCHED(); LIT_MATCHED()
#endif

/* One bit of a literal coded against the byte at rep0 (mbyte): while the
 * bits so far equal it, use the half of the table its next bit selects; at
 * the first difference offs drops to 0 and the plain tree takes over. */
#define LIT_MATCHED() \
    do { \
        mbyte <<= 1; \
        mbit = mbyte & offs; \
        q = p + offs + mbit + sym; \
        RC_IF0(q) { RC_UPD0(q); sym <<= 1; offs &= ~mbit; } \
        else { RC_UPD1(q); sym = (sym << 1) + 1; offs &= mbit; } \
    } while (0)

/* Length (2..273) into len, from the coder at L_, for pos_state. */
#if BSPKIT_LZMA_SMALL
#define LEN_DECODE(L_) \
    do { \
        prob *lq_ = (L_); \
        uint32_t base_ = 2, top_ = 8; \
        RC_IF0(lq_ + L_CHOICE) { \
            RC_UPD0(lq_ + L_CHOICE); \
            lq_ += L_LOW + (pos_state << 3); \
        } else { \
            RC_UPD1(lq_ + L_CHOICE); \
            RC_IF0(lq_ + L_CHOICE2) { \
                RC_UPD0(lq_ + L_CHOICE2); \
                lq_ += L_MID + (pos_state << 3); \
                base_ = 10; \
            } else { \
                RC_UPD1(lq_ + L_CHOICE2); \
                lq_ += L_HIGH; \
                base_ = 18; \
                top_ = 256; \
            } \
        } \
        len = 1; \
        do RC_TREE(lq_, len); while (len < top_); \
        len = len - top_ + base_; \
    } while (0)
#else
#define LEN_DECODE(L_) \
    do { \
        prob *lq_ = (L_); \
        RC_IF0(lq_ + L_CHOICE) { \
            RC_UPD0(lq_ + L_CHOICE); \
            lq_ += L_LOW + (pos_state << 3); \
            len = 1; \
            RC_TREE_N(lq_, len, 3); \
            len -= 8u - 2u; \
        } else { \
            RC_UPD1(lq_ + L_CHOICE); \
            RC_IF0(lq_ + L_CHOICE2) { \
                RC_UPD0(lq_ + L_CHOICE2); \
                lq_ += L_MID + (pos_state << 3); \
                len = 1; \
                RC_TREE_N(lq_, len, 3); \
                len += 10u - 8u; \
            } else { \
                RC_UPD1(lq_ + L_CHOICE2); \
                lq_ += L_HIGH; \
                len = 1; \
                RC_TREE_N(lq_, len, 8); \
                len -= 256u - 18u; \
            } \
        } \
    } while (0)

#endif

/* The distance of a match (into rep0), for the length in len: a 6-bit
 * slot by length class, then reverse-tree bits (slots 4..13), or direct
 * bits and 4 align bits (slots 14..63). */
#define DIST_DECODE() \
    do { \
        p = pr + P_DIST_SLOT + ((len < 6 ? len - 2 : 3) << 6); \
        slot = 1; \
        RC_TREE_N(p, slot, 6); \
        slot -= 64; \
        if (slot < 4) { \
            rep0 = slot; \
        } else { \
            nbits = (slot >> 1) - 1; \
            rep0 = (2 | (slot & 1)) << nbits; \
            if (slot < 14) { \
                /* reverse tree; slots 4..13 share one packed array */ \
                p = pr + (P_DIST_SPEC - 1) + (rep0 - slot); \
            } else { \
                /* Direct bits at probability 1/2. The subtract-and- \
                 * restore form matches other decoders bit for bit even \
                 * on corrupt input where code >= range. */ \
                nbits -= 4; \
                sym = 0; \
                do { \
                    RC_NORM(); \
                    range >>= 1; \
                    code -= range; \
                    t = 0u - (code >> 31); \
                    code += range & t; \
                    sym = (sym << 1) + (t + 1); \
                } while (--nbits); \
                rep0 += sym << 4; \
                p = pr + P_ALIGN; \
                nbits = 4; \
            } \
            sym = 1; \
            t = 1; \
            do { \
                RC_IF0(p + sym) { RC_UPD0(p + sym); sym <<= 1; } \
                else { RC_UPD1(p + sym); sym = (sym << 1) + 1; rep0 += t; } \
                t <<= 1; \
            } while (--nbits); \
        } \
    } while (0)

/* Decode symbols from d's state until the output is complete, `budget`
 * bytes are produced, or (input incomplete) fewer than a symbol's worth of
 * unread bytes have arrived before `avail`. Symbols are decoded whole, so
 * the state saved between calls is just the coder's and the machine's. */
static int lz_decode(bsp__lzma_dec *d, const uint8_t *avail, uint32_t budget)
{
    prob *const pr = d->probs;
    uint8_t *const buf = d->buf;
    const uint8_t *in = buf + d->in_pos;
    const uint8_t *const in_end = buf + d->in_ofs + d->in_len;
    const int complete = avail == in_end;
    const uint8_t *in_stop = in_end;   /* a symbol starts only at in <= in_stop */
    uint8_t *out = buf + d->out_pos;
    uint8_t *const out_end = buf + d->out_len;
    uint8_t *const out_stop = budget < (uint32_t)(out_end - out) ? out + budget : out_end;
    const uint32_t dict_lim = d->dict_lim;
    const uint32_t lit_shift = 8u - d->lc, pb_mask = d->pb_mask;
    const uint32_t lit_mask = (1u << (d->lc + d->lp)) - 1;
    uint32_t range = d->range, code = d->code, bound, pv;
    uint32_t rep0 = d->rep[0], rep1 = d->rep[1], rep2 = d->rep[2], rep3 = d->rep[3];
    uint32_t state = d->state;
    uint32_t pos_state, sym, len, slot, nbits, t;
    const uint8_t *src;
    prob *p;

    if (!complete) {
        if ((size_t)(avail - in) < BSP_LZMA_SYMBOL_IN_MAX)
            return BSP_LZMA_MORE;
        in_stop = avail - BSP_LZMA_SYMBOL_IN_MAX;
    }
    for (;;) {
        if (LZ_UNLIKELY(out >= out_stop || in > in_stop))
            break;
        pos_state = (uint32_t)(out - buf) & pb_mask;
        p = pr + P_IS_MATCH + (state << 4) + pos_state;
        RC_IF0(p) {
            /* a literal */
            RC_UPD0(p);
            /* ((pos & lp_mask) << lc) + (prev >> (8 - lc)) in one go: shift
             * pos:prev right by 8 - lc and keep lc + lp bits. */
            t = ((uint32_t)(out - buf) << 8) + (out != buf ? out[-1] : 0u);
            p = pr + P_LITERAL + LIT_SIZE * ((t >> lit_shift) & lit_mask);
            sym = 1;
            if (state < LIT_MATCH) {
                RC_TREE_N(p, sym, 8);
            } else {
                uint32_t mbyte = *(out - 1 - rep0), offs = 0x100, mbit;
                prob *q;
                LIT_MATCHED_8();
            }
            state = after_literal(state);
            if (overtakes(out, 1, in, in_end))
                goto overlap;
            *out++ = (uint8_t)sym;
            continue;
        }
        RC_UPD1(p);
        p = pr + P_IS_REP + state;
        RC_IF0(p) {
            /* a match: new length and distance */
            RC_UPD0(p);
            state = after_match(state);
            rep3 = rep2;
            rep2 = rep1;
            rep1 = rep0;
            LEN_DECODE(pr + P_LEN);
            DIST_DECODE();
            /* also rejects the end marker (distance 2^32 - 1) before out_len */
            if (rep0 >= (uint32_t)(out - buf) || rep0 >= dict_lim)
                goto corrupt;
        } else {
            /* a repeated distance: rep0 as one byte (short rep) or rep0..3
             * with a new length (long rep) */
            RC_UPD1(p);
            if (out == buf)
                goto corrupt;
            p = pr + P_IS_REP0 + state;
            RC_IF0(p) {
                RC_UPD0(p);
                p = pr + P_REP0_LONG + (state << 4) + pos_state;
                RC_IF0(p) {
                    RC_UPD0(p);
                    state = after_short_rep(state);
                    if (overtakes(out, 1, in, in_end))
                        goto overlap;
                    *out = *(out - 1 - rep0);
                    out++;
                    continue;
                }
                RC_UPD1(p);
            } else {
                RC_UPD1(p);
                p = pr + P_IS_REP1 + state;
                RC_IF0(p) {
                    RC_UPD0(p);
                    t = rep1;
                } else {
                    RC_UPD1(p);
                    p = pr + P_IS_REP2 + state;
                    RC_IF0(p) {
                        RC_UPD0(p);
                        t = rep2;
                    } else {
                        RC_UPD1(p);
                        t = rep3;
                        rep3 = rep2;
                    }
                    rep2 = rep1;
                }
                rep1 = rep0;
                rep0 = t;
            }
            state = after_long_rep(state);
            LEN_DECODE(pr + P_REP_LEN);
        }

        /* Copy len bytes from rep0 + 1 back. Source and destination may
         * overlap (distance 1 repeats a byte), so forward, byte by byte
         * unless the distance allows eight at a time. */
        if (len > (uint32_t)(out_end - out))
            goto corrupt;
        if (overtakes(out, len, in, in_end))
            goto overlap;
        src = out - 1 - rep0;
#ifdef LZ_COPY8
        /* Eight at a time when the source stays eight behind and the
         * overshoot (up to 7 bytes, rewritten later) stays below the
         * output end and off unread input. */
        if (rep0 >= 7 && (size_t)(out_end - out) >= len + 8 &&
            !overtakes(out, len + 8, in, in_end)) {
            uint8_t *const e = out + len;
            do {
                *(lz_u64 *)(void *)out = *(const lz_u64 *)(const void *)src;
                out += 8;
                src += 8;
            } while (out < e);
            out = e;
            continue;
        }
#endif
        do {
            *out++ = *src++;
        } while (--len);
    }

    d->in_pos = (uint32_t)(in - buf);
    d->out_pos = (uint32_t)(out - buf);
    d->range = range;
    d->code = code;
    d->rep[0] = rep0;
    d->rep[1] = rep1;
    d->rep[2] = rep2;
    d->rep[3] = rep3;
    d->state = state;
    if (out != out_end || !complete)
        return BSP_LZMA_MORE;

    /* All output is there and all input has arrived. The encoder's flush
     * may leave one byte the last symbol did not need; liblzma reads it
     * too, then wants code 0, or else an end marker: a match (not a rep)
     * with distance 2^32 - 1, then code 0. */
    RC_NORM();
    if (code == 0)
        return BSP_LZMA_OK;
    pos_state = (uint32_t)(out - buf) & pb_mask;
    p = pr + P_IS_MATCH + (state << 4) + pos_state;
    RC_IF0(p)
        goto corrupt;
    RC_UPD1(p);
    p = pr + P_IS_REP + state;
    RC_IF0(p) {
        RC_UPD0(p);
        LEN_DECODE(pr + P_LEN);
        DIST_DECODE();
        if (rep0 == EOPM_DIST) {
            RC_NORM();
            return code == 0 ? BSP_LZMA_OK : BSP_LZMA_CORRUPT;
        }
    }
    goto corrupt;

truncated:
    return BSP_LZMA_TRUNCATED;
corrupt:
    return BSP_LZMA_CORRUPT;
overlap:
    return BSP_LZMA_OVERLAP;
}

int bsp__lzma_parse_props(const uint8_t raw[5], bsp__lzma_props *out)
{
    uint32_t b;

    if (!raw || !out)
        return BSP_LZMA_BAD_PROPS;
    b = raw[0];
    if (b >= 9 * 5 * 5)
        return BSP_LZMA_BAD_PROPS;
    out->lc = (uint8_t)(b % 9);
    b /= 9;
    out->lp = (uint8_t)(b % 5);
    out->pb = (uint8_t)(b / 5);
    out->dict_size = bsp__get_le32(raw + 1);
    return BSP_LZMA_OK;
}

static int props_ok(const bsp__lzma_props *p)
{
    return p && p->lc <= 8 && p->lp <= 4 && p->pb <= 4;
}

uint32_t bsp__lzma_probs_bytes(const bsp__lzma_props *p)
{
    if (!props_ok(p))
        return 0;
    return 2u * (P_BASE + ((uint32_t)LIT_SIZE << (p->lc + p->lp)));
}

uint32_t bsp__lzma_region_bytes(uint32_t out_len, uint32_t in_len)
{
    uint32_t margin = in_len / 48 + 64;   /* see lzma.h */

    if (out_len > 0xFFFFFFFFu - margin)
        return 0;
    return out_len + margin > in_len ? out_len + margin : in_len;
}

int bsp__lzma_setup(bsp__lzma_dec *d, const bsp__lzma_props *p, void *probs,
                    uint8_t *buf, uint32_t out_len, uint32_t in_ofs, uint32_t in_len)
{
    if (!d || !props_ok(p) || !probs || !buf || in_len > 0xFFFFFFFFu - in_ofs)
        return BSP_LZMA_BAD_PROPS;
    d->probs = (uint16_t *)probs;
    d->probs_set = 0;
    /* liblzma's dictionary: at least 4 KiB, a multiple of 16. */
    d->dict_lim = p->dict_size < 4096 ? 4096 : p->dict_size;
    d->dict_lim = d->dict_lim > 0xFFFFFFF0u ? 0xFFFFFFFFu : (d->dict_lim + 15) & ~15u;
    d->buf = buf;
    d->out_pos = 0;
    d->out_len = out_len;
    d->in_pos = in_ofs;
    d->in_ofs = in_ofs;
    d->in_len = in_len;
    d->range = 0xFFFFFFFFu;
    d->code = 0;
    d->rep[0] = d->rep[1] = d->rep[2] = d->rep[3] = 0;
    d->state = LIT_LIT;
    d->lc = p->lc;
    d->lp = p->lp;
    d->pb_mask = (uint8_t)((1u << p->pb) - 1);
    d->started = 0;
    return BSP_LZMA_OK;
}

uint32_t bsp__lzma_init_probs(bsp__lzma_dec *d, uint32_t max)
{
    uint32_t n = P_BASE + ((uint32_t)LIT_SIZE << (d->lc + d->lp)), i = d->probs_set;
    uint32_t end = max < n - i ? i + max : n;

    for (; i < end; i++)
        d->probs[i] = (uint16_t)PROB_INIT;
    d->probs_set = end;
    return n - end;
}

int bsp__lzma_start(bsp__lzma_dec *d, const bsp__lzma_props *p, void *probs,
                    uint8_t *buf, uint32_t out_len, uint32_t in_ofs, uint32_t in_len)
{
    int r = bsp__lzma_setup(d, p, probs, buf, out_len, in_ofs, in_len);

    if (r == BSP_LZMA_OK)
        bsp__lzma_init_probs(d, 0xFFFFFFFFu);
    return r;
}

int bsp__lzma_run(bsp__lzma_dec *d, uint32_t arrived, uint32_t budget)
{
    const uint8_t *in;

    if (arrived > d->in_len)
        arrived = d->in_len;
    if (!d->started) {
        /* The range coder's first byte is always 0; the next four are the
         * initial code. */
        in = d->buf + d->in_ofs;
        if (d->in_len == 0)
            return BSP_LZMA_TRUNCATED;
        if (arrived == 0)
            return BSP_LZMA_MORE;
        if (in[0] != 0)
            return BSP_LZMA_CORRUPT;
        if (d->in_len < 5)
            return BSP_LZMA_TRUNCATED;
        if (arrived < 5)
            return BSP_LZMA_MORE;
        d->code = bsp__get_be32(in + 1);
        d->in_pos = d->in_ofs + 5;
        d->started = 1;
    }
    return lz_decode(d, d->buf + d->in_ofs + arrived, budget);
}

int bsp__lzma_decode(const bsp__lzma_props *p, void *probs,
                    uint8_t *buf, uint32_t out_len,
                    uint32_t in_ofs, uint32_t in_len)
{
    bsp__lzma_dec d;
    int r = bsp__lzma_start(&d, p, probs, buf, out_len, in_ofs, in_len);

    return r != BSP_LZMA_OK ? r : bsp__lzma_run(&d, in_len, out_len);
}
