/* SPDX-License-Identifier: MIT */
/* lzma_decoder.c - raw LZMA1 decoder, in place capable, resumable between
 * any two symbols.
 *
 * Written from the format description (range coder, literal coder with
 * lc/lp, 12-state match/rep machine, length and distance coders, align
 * bits). See lzma_decoder.h for the contract and the in-place margin rule.
 * lz_symbol decodes one whole symbol and lz_decode loops over it: a slice
 * ends only between two, so what survives a pause is the range coder, the
 * four distances and the state, never a half-decoded symbol.
 */
#include "lzma_decoder.h"
#include "../../port/bsp_port.h"

#define LZ_UNLIKELY(x) BSP_UNLIKELY(x)
/* Unaligned 8-byte chunks for match copies where the port has them
 * (bsp_port.h); other compilers copy bytes. */
#ifdef BSP_HAVE_U64_CHUNKS
#define LZ_COPY8 1
typedef bsp__chunk_u64 lz_u64;
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

/* After a literal: a table, as the state after a literal follows no
 * pattern a branch predictor learns (two compares measured ~2% of the
 * decoder's mispredictions). */
BSP_INLINE uint32_t after_literal(uint32_t s)
{
    static const uint8_t next[STATES] = {
        LIT_LIT, LIT_LIT, LIT_LIT, LIT_LIT,
        MATCH_LIT_LIT, REP_LIT_LIT, SHORTREP_LIT_LIT,
        MATCH_LIT, REP_LIT, SHORTREP_LIT, MATCH_LIT, REP_LIT
    };
    return next[s];
}
BSP_INLINE uint32_t after_match(uint32_t s) { return s < LIT_MATCH ? LIT_MATCH : NONLIT_MATCH; }
BSP_INLINE uint32_t after_long_rep(uint32_t s) { return s < LIT_MATCH ? LIT_LONGREP : NONLIT_REP; }
BSP_INLINE uint32_t after_short_rep(uint32_t s) { return s < LIT_MATCH ? LIT_SHORTREP : NONLIT_REP; }

/* Would writing n bytes at out land on unread input, [in, in_end)? The one
 * test that keeps in-place decoding from overtaking its own input. out + n
 * stays inside the output (the callers check that first). Ordered so that
 * the usual answer (no: out + n is at or below in) takes one compare. */
BSP_INLINE int overtakes(const uint8_t *out, size_t n, const uint8_t *in, const uint8_t *in_end)
{
    return in < out + n && out < in_end && in < in_end;
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

/* Two builds of one source. The fast form (-O2) inlines every coder
 * function below, unrolls the bit trees and instantiates the symbol
 * decoder twice: a fast path that runs while a whole symbol's input and
 * output are known to be in bounds, so it checks neither per bit nor per
 * byte, and a careful path for the last symbols before the end of the
 * input, the output or the unread input (in place). A build for size (-Os,
 * or BSPKIT_LZMA_SMALL=1) keeps only the careful path and calls the coder
 * functions, one copy each: about a quarter of the code, at some speed. */
#ifndef BSPKIT_LZMA_SMALL
#ifdef __OPTIMIZE_SIZE__
#define BSPKIT_LZMA_SMALL 1
#else
#define BSPKIT_LZMA_SMALL 0
#endif
#endif
#if BSPKIT_LZMA_SMALL
#define LZ_FN static
#define LZ_UNROLL
#undef LZ_COPY8
#else
#define LZ_FN BSP_ALWAYS_INLINE
#define LZ_UNROLL BSP_UNROLL8
#endif
/* careful: the path that checks bounds; the size build has no other. */
#define CAREFUL (BSPKIT_LZMA_SMALL || careful)

/* The most output one symbol writes: a match of 273 bytes, and the copy's
 * overshoot of up to 7 (see the copy below). */
#define SYMBOL_OUT_MAX (273u + 8u)

/* The range decoder. Input is read lazily, one byte when a bit needs it,
 * so no byte is read before its time (the in-place margin depends on it)
 * and the end check sees exactly what liblzma sees.
 *
 * On the careful path, a bit that needs a byte past the end of the input
 * sets STOP_INPUT and goes on with zeros: the decoder finishes the symbol
 * (a bounded number of bits) and reports truncation before it judges the
 * symbol, as if it had stopped at once. Of such a symbol it writes at most
 * a literal's byte (inside the output, off unread input: what the contract
 * allows on error). So the bit functions never jump out. The fast path
 * starts a symbol only with BSP_LZMA_SYMBOL_IN_MAX bytes left, and needs no
 * check at all. */
typedef struct lz_rc {
    uint32_t range, code;
    const uint8_t *in, *in_end;
    uint32_t stop;            /* STOP_ flags: the symbol ends the decoding */
} lz_rc;
#define STOP_INPUT 1u    /* the input ran out: truncated */
#define STOP_END 2u      /* out_len reached: only an end marker may follow */

LZ_FN void rc_norm(lz_rc *rc, int careful)
{
    if (rc->range < RC_TOP) {
        rc->range <<= 8;
        rc->code <<= 8;
        if (CAREFUL && LZ_UNLIKELY(rc->in == rc->in_end))
            rc->stop |= STOP_INPUT;
        else
            rc->code |= *rc->in++;
    }
}

/* Where the stream may end: normalised, the code is 0. */
LZ_FN int rc_finished(lz_rc *rc)
{
    rc_norm(rc, 1);
    return rc->code == 0 && !(rc->stop & STOP_INPUT);
}

/* One bit against *p, the probability of a 0, which adapts by 1/32. */
LZ_FN uint32_t rc_bit(lz_rc *rc, prob *p, int careful)
{
    uint32_t pv, bound;

    rc_norm(rc, careful);
    pv = *p;
    bound = (rc->range >> PROB_BITS) * pv;
    if (rc->code < bound) {
        rc->range = bound;
        *p = (uint16_t)(pv + ((PROB_ONE - pv) >> MOVE_BITS));
        return 0;
    }
    rc->range -= bound;
    rc->code -= bound;
    *p = (uint16_t)(pv - (pv >> MOVE_BITS));
    return 1;
}

/* n bits down the bit tree at p (node 1 the root), most significant
 * first. A literal after a match is coded against the byte at rep0 (mbyte,
 * with offs = 0x100): while the bits so far equal it, the half of the
 * table its next bit selects is used; at the first difference offs drops to
 * 0 and the plain tree takes over. offs = 0 is the plain tree throughout;
 * inlined with that constant, the fast form's loop does nothing more. */
LZ_FN uint32_t rc_tree(lz_rc *rc, prob *p, uint32_t n, uint32_t mbyte, uint32_t offs, int careful)
{
    uint32_t s = 1, mbit, i;

    LZ_UNROLL
    for (i = 0; i < n; i++) {
        mbyte <<= 1;
        mbit = mbyte & offs;
        if (rc_bit(rc, p + offs + mbit + s, careful)) {
            s = (s << 1) + 1;
            offs &= mbit;
        } else {
            s <<= 1;
            offs &= ~mbit;
        }
    }
    return s - (1u << n);
}

#if BSPKIT_LZMA_SMALL
/* The size build has one tree function: the plain tree is offs 0. */
#define rc_tree_pl(rc, p, pv, n, careful) ((void)(pv), rc_tree(rc, p, n, 0, 0, careful))
#define rc_tree_ml(rc, p, mbyte, careful) rc_tree(rc, p, 8, mbyte, 0x100, careful)

/* The same tree with the value's bits least significant first, added to
 * v. */
LZ_FN uint32_t rc_tree_rev(lz_rc *rc, prob *p, uint32_t n, uint32_t v, int careful)
{
    uint32_t s = 1, m = 1;

    do {
        if (rc_bit(rc, p + s, careful)) {
            s = (s << 1) + 1;
            v += m;
        } else {
            s <<= 1;
        }
        m <<= 1;
    } while (--n);
    return v;
}
#else
/* The fast form's plain tree, pv being p[1], already loaded. Both
 * children of a node are loaded before its bit is decided, so whichever
 * way the bit goes (and the branch on it, when mispredicted, restarts
 * there) the next probability is at hand: a mispredicted tree bit costs
 * the restart, not a restart and a load. Measured about 3% faster on map
 * data (literals, distance slots) than loading after the branch, and
 * faster than a branch-free bit, whose multiply then sits on the path
 * from one bit to the next. The length trees (3 bits, well predicted)
 * gain nothing and stay with rc_tree. */
LZ_FN uint32_t rc_tree_pl(lz_rc *rc, prob *p, uint32_t pv, uint32_t n, int careful)
{
    uint32_t s = 1, i, p0 = 0, p1 = 0, bound;

    LZ_UNROLL
    for (i = 0; i < n; i++) {
        rc_norm(rc, careful);
        if (i + 1 < n) {
            p0 = p[2 * s];
            p1 = p[2 * s + 1];
        }
        bound = (rc->range >> PROB_BITS) * pv;
        if (rc->code < bound) {
            rc->range = bound;
            p[s] = (uint16_t)(pv + ((PROB_ONE - pv) >> MOVE_BITS));
            s <<= 1;
            pv = p0;
        } else {
            rc->range -= bound;
            rc->code -= bound;
            p[s] = (uint16_t)(pv - (pv >> MOVE_BITS));
            s = (s << 1) + 1;
            pv = p1;
        }
    }
    return s - (1u << n);
}

/* A literal after a match, against the match byte (see rc_tree), with
 * rc_tree_pl's preload: the two probabilities the bit can lead to are
 * loaded before it is decided. About 1% faster on x86-64 than rc_tree
 * here, for 0.5% more instructions on 32-bit PowerPC. Measured and not
 * kept: the same tree branch-free (these bits mispredict about a third of
 * the time, yet only 0.4% faster on x86-64 and 6.6% more instructions on
 * PowerPC, no cmov there), branch-free with preloads (slower), the
 * preloaded child chosen by mask rather than by the branch (slower), both
 * children as one 32-bit value (no gain), preloads in the length trees
 * (slower), a separate short-rep exit (slower). */
LZ_FN uint32_t rc_tree_ml(lz_rc *rc, prob *p, uint32_t mbyte, int careful)
{
    uint32_t s = 1, offs = 0x100, i, pv, bound, o0, o1;
    prob *q = p + offs + (mbyte >> 7 & 1) * 0x100 + 1, *q0 = q, *q1 = q;

    pv = *q;
    LZ_UNROLL
    for (i = 0; i < 8; i++) {
        rc_norm(rc, careful);
        mbyte <<= 1;
        if (i < 7) {
            /* next offs for a 0 bit and for a 1 bit */
            o0 = offs & ~(mbyte & offs);
            o1 = offs & mbyte;
            q0 = p + o0 + ((mbyte << 1) & o0) + 2 * s;
            q1 = p + o1 + ((mbyte << 1) & o1) + 2 * s + 1;
        } else {
            o0 = o1 = 0;
        }
        bound = (rc->range >> PROB_BITS) * pv;
        if (rc->code < bound) {
            rc->range = bound;
            *q = (uint16_t)(pv + ((PROB_ONE - pv) >> MOVE_BITS));
            s <<= 1;
            offs = o0;
            q = q0;
        } else {
            rc->range -= bound;
            rc->code -= bound;
            *q = (uint16_t)(pv - (pv >> MOVE_BITS));
            s = (s << 1) + 1;
            offs = o1;
            q = q1;
        }
        if (i < 7)
            pv = *q;
    }
    return s - 0x100;
}

/* The reverse tree (a distance's low bits: mostly noise to a branch
 * predictor), without a branch on the bits. With b the bit and m = 0 - b
 * (all ones for a 1): range becomes bound for a 0 and range - bound for a
 * 1, code loses bound & m, and the probability update folds both cases
 * into one shift, for a 0 p + (2048 - p) / 32 = p + 64 - (p + 31) / 32,
 * for a 1 p - p / 32 = p + 64 - (p + 2048) / 32 (unsigned floors). The
 * value's bits are added to v. */
LZ_FN uint32_t rc_tree_rev(lz_rc *rc, prob *p, uint32_t n, uint32_t v, int careful)
{
    uint32_t s = 1, k = 1, pv, bound, b, m;

    do {
        rc_norm(rc, careful);
        pv = p[s];
        bound = (rc->range >> PROB_BITS) * pv;
        b = rc->code >= bound;
        m = 0u - b;
        rc->range = b ? rc->range - bound : bound;
        rc->code -= bound & m;
        p[s] = (uint16_t)(pv + 64 - ((pv + 31 + (m & (PROB_ONE - 31))) >> MOVE_BITS));
        s = (s << 1) + b;
        v += k & m;
        k <<= 1;
    } while (--n);
    return v;
}
#endif

/* n bits at probability 1/2. The subtract-and-restore form matches other
 * decoders bit for bit even on corrupt input where code >= range. */
LZ_FN uint32_t rc_direct(lz_rc *rc, uint32_t n, int careful)
{
    uint32_t v = 0, t;

    do {
        rc_norm(rc, careful);
        rc->range >>= 1;
        rc->code -= rc->range;
        t = 0u - (rc->code >> 31);
        rc->code += rc->range & t;
        v = (v << 1) + (t + 1);
    } while (--n);
    return v;
}

/* A length, 2..273, from the length coder at l (match or rep lengths):
 * 2..9 and 10..17 from the 3-bit trees of pos_state, 18.. from the 8-bit
 * tree. */
LZ_FN uint32_t rc_len(lz_rc *rc, prob *l, uint32_t pos_state, int careful)
{
    uint32_t base = 2;
    prob *t = l + L_LOW + (pos_state << 3);

    if (rc_bit(rc, l + L_CHOICE, careful)) {
        if (rc_bit(rc, l + L_CHOICE2, careful))
            return 18 + rc_tree(rc, l + L_HIGH, 8, 0, 0, careful);
        base = 10;
        t += L_MID - L_LOW;
    }
    return base + rc_tree(rc, t, 3, 0, 0, careful);
}

/* A match distance for the length len: a 6-bit slot by length class, then
 * reverse-tree bits (slots 4..13, which share one packed array), or direct
 * bits and 4 align bits (slots 14..63). */
LZ_FN uint32_t rc_dist(lz_rc *rc, prob *pr, uint32_t len, int careful)
{
    prob *ps = pr + P_DIST_SLOT + ((len < 6 ? len - 2 : 3) << 6);
    uint32_t slot = rc_tree_pl(rc, ps, ps[1], 6, careful);
    uint32_t nbits, dist;
    prob *p;

    if (slot < 4)
        return slot;
    nbits = (slot >> 1) - 1;
    dist = (2 | (slot & 1)) << nbits;
    if (slot < 14) {
        p = pr + (P_DIST_SPEC - 1) + (dist - slot);
    } else {
        dist += rc_direct(rc, nbits - 4, careful) << 4;
        p = pr + P_ALIGN;
        nbits = 4;
    }
    return rc_tree_rev(rc, p, nbits, dist, careful);
}

/* What one symbol changes besides the coder: the output position, the
 * distances and the machine's state. Kept in registers (the coder too, in
 * the fast form, where nothing takes its address). */
typedef struct lz {
    uint8_t *out;
    uint32_t rep0, rep1, rep2, rep3, state;
} lz;

/* What a call does not change. */
typedef struct lz_env {
    prob *pr;
    uint8_t *buf, *out_end;
    uint32_t dict_lim, lit_shift, lit_mask, pb_mask;
} lz_env;

#define LZ_NEXT (-1)   /* a symbol decoded: go on */

/* Decodes the symbol at z->out: LZ_NEXT, or a final status. Without
 * `careful` the caller guarantees that the symbol's input and output
 * (SYMBOL_OUT_MAX bytes) are in bounds and off unread input, and that
 * some output precedes it. */
LZ_FN int lz_symbol(lz_rc *rc, lz *z, const lz_env *e, int careful)
{
    prob *const pr = e->pr;
    uint8_t *out = z->out;
    const uint32_t pos = (uint32_t)(out - e->buf), pos_state = pos & e->pb_mask;
    uint32_t state = z->state, len, t;
    const uint8_t *src;
    prob *p = 0;
    uint32_t pv = 0;

    /* A literal's table, ((pos & lp_mask) << lc) + (prev >> (8 - lc)) in
     * one go: shift pos:prev right by 8 - lc, keep lc + lp bits. The fast
     * path finds it, and loads its root, before the literal/match bit is
     * decided (output precedes the symbol there). */
    if (!CAREFUL) {
        t = (pos << 8) + out[-1];
        p = pr + P_LITERAL + LIT_SIZE * ((t >> e->lit_shift) & e->lit_mask);
        pv = p[1];
    }
    if (!rc_bit(rc, pr + P_IS_MATCH + (state << 4) + pos_state, careful)) {
        /* a literal */
        if (CAREFUL && (rc->stop & STOP_END))
            return BSP_LZMA_CORRUPT;
        if (CAREFUL) {
            t = (pos << 8) + (out == e->buf ? 0u : out[-1]);
            p = pr + P_LITERAL + LIT_SIZE * ((t >> e->lit_shift) & e->lit_mask);
            pv = p[1];
        }
        /* the fast form decodes the plain tree apart: no match byte */
        if (!BSPKIT_LZMA_SMALL && state < LIT_MATCH)
            t = rc_tree_pl(rc, p, pv, 8, careful);
        else if (!BSPKIT_LZMA_SMALL)
            t = rc_tree_ml(rc, p, *(out - 1 - z->rep0), careful);
        else
            t = rc_tree(rc, p, 8, state < LIT_MATCH ? 0 : *(out - 1 - z->rep0),
                        state < LIT_MATCH ? 0 : 0x100, careful);
        z->state = after_literal(state);
        if (CAREFUL && overtakes(out, 1, rc->in, rc->in_end))
            return BSP_LZMA_OVERLAP;
        *out = (uint8_t)t;
        z->out = out + 1;
        return LZ_NEXT;
    }
    if (!rc_bit(rc, pr + P_IS_REP + state, careful)) {
        /* a match: new length and distance */
        z->state = after_match(state);
        z->rep3 = z->rep2;
        z->rep2 = z->rep1;
        z->rep1 = z->rep0;
        len = rc_len(rc, pr + P_LEN, pos_state, careful);
        z->rep0 = rc_dist(rc, pr, len, careful);
        /* also rejects the end marker (distance 2^32 - 1), which only
         * ends the stream at out_len */
        if (z->rep0 >= pos || z->rep0 >= e->dict_lim) {
            if (CAREFUL && rc->stop == STOP_END && z->rep0 == EOPM_DIST && rc_finished(rc))
                return BSP_LZMA_OK;
            return BSP_LZMA_CORRUPT;
        }
    } else {
        /* a repeated distance: rep0 as one byte (short rep, len 1) or
         * rep0..3 with a new length (long rep) */
        if (CAREFUL && (pos == 0 || rc->stop))
            return BSP_LZMA_CORRUPT;
        len = 0;
        if (!rc_bit(rc, pr + P_IS_REP0 + state, careful)) {
            if (!rc_bit(rc, pr + P_REP0_LONG + (state << 4) + pos_state, careful)) {
                z->state = after_short_rep(state);
                len = 1;
            }
        } else {
            if (!rc_bit(rc, pr + P_IS_REP1 + state, careful)) {
                t = z->rep1;
            } else {
                if (!rc_bit(rc, pr + P_IS_REP2 + state, careful)) {
                    t = z->rep2;
                } else {
                    t = z->rep3;
                    z->rep3 = z->rep2;
                }
                z->rep2 = z->rep1;
            }
            z->rep1 = z->rep0;
            z->rep0 = t;
        }
        if (len == 0) {
            z->state = after_long_rep(state);
            len = rc_len(rc, pr + P_REP_LEN, pos_state, careful);
        }
    }

    /* Copy len bytes from rep0 + 1 back. Source and destination may
     * overlap (distance 1 repeats a byte), so forward, byte by byte
     * unless the distance allows eight at a time. The bounds are checked
     * once per match, here. */
    if (CAREFUL) {
        if (rc->stop || len > (uint32_t)(e->out_end - out))
            return BSP_LZMA_CORRUPT;
        if (overtakes(out, len, rc->in, rc->in_end))
            return BSP_LZMA_OVERLAP;
    }
    src = out - 1 - z->rep0;
    z->out = out + len;
#ifdef LZ_COPY8
    /* Eight at a time when the source stays eight behind and the
     * overshoot (up to 7 bytes, rewritten later) stays below the output
     * end and off unread input. */
    if (z->rep0 >= 7 && (!CAREFUL || ((size_t)(e->out_end - out) >= len + 8 &&
                                      !overtakes(out, len + 8, rc->in, rc->in_end)))) {
        do {
            *(lz_u64 *)(void *)out = *(const lz_u64 *)(const void *)src;
            out += 8;
            src += 8;
        } while (out < z->out);
        return LZ_NEXT;
    }
#endif
    do {
        *out++ = *src++;
    } while (--len);
    return LZ_NEXT;
}

/* Decode symbols from d's state until the output is complete, `budget`
 * bytes are produced, or (input incomplete) fewer than a symbol's worth of
 * unread bytes have arrived before `avail`. Symbols are decoded whole, so
 * the state saved between calls is just the coder's and the machine's. */
static bsp__lzma_result lz_decode(bsp__lzma_dec *d, const uint8_t *avail, uint32_t budget)
{
    uint8_t *const buf = d->buf;
    const uint8_t *const in_end = buf + d->in_ofs + d->in_len;
    const int complete = avail == in_end;
    const uint8_t *in_stop = in_end;   /* a symbol starts only at in <= in_stop */
    uint8_t *out_stop;
    int r;
    lz_env e;
    lz_rc rc;
    lz z;

    e.pr = d->probs;
    e.buf = buf;
    e.out_end = buf + d->out_len;
    e.dict_lim = d->dict_lim;
    e.lit_shift = 8u - d->lc;
    e.lit_mask = (1u << (d->lc + d->lp)) - 1;
    e.pb_mask = d->pb_mask;
    rc.range = d->range;
    rc.code = d->code;
    rc.in = buf + d->in_pos;
    rc.in_end = in_end;
    rc.stop = 0;
    z.out = buf + d->out_pos;
    z.rep0 = d->rep[0];
    z.rep1 = d->rep[1];
    z.rep2 = d->rep[2];
    z.rep3 = d->rep[3];
    z.state = d->state;
    out_stop = budget < (uint32_t)(e.out_end - z.out) ? z.out + budget : e.out_end;
    if (!complete) {
        if ((size_t)(avail - rc.in) < BSP_LZMA_SYMBOL_IN_MAX)
            return BSP_LZMA_MORE;
        in_stop = avail - BSP_LZMA_SYMBOL_IN_MAX;
    }
    for (;;) {
#if !BSPKIT_LZMA_SMALL
        /* The fast path, while a whole symbol's input has arrived, its
         * output fits, and (in place) it stays off unread input. A symbol
         * writes at least one byte and reads at most
         * BSP_LZMA_SYMBOL_IN_MAX, so one output limit also bounds the
         * input: one compare a symbol. The limits are taken with in as it
         * is now, which only grows, so they stay safe while the loop
         * runs; when it stops short they are taken again. Each limit
         * is above out here, so out_lim is too. */
        if (z.out != buf && z.out < out_stop && (size_t)(avail - rc.in) >= BSP_LZMA_SYMBOL_IN_MAX &&
            (size_t)(e.out_end - z.out) > SYMBOL_OUT_MAX &&
            (e.out_end <= rc.in || (z.out < rc.in && (size_t)(rc.in - z.out) > SYMBOL_OUT_MAX))) {
            size_t n = (size_t)(avail - rc.in) / BSP_LZMA_SYMBOL_IN_MAX;
            uint8_t *out_lim = e.out_end - SYMBOL_OUT_MAX;

            if (out_lim > out_stop)
                out_lim = out_stop;
            if ((size_t)(out_lim - z.out) > n)
                out_lim = z.out + n;
            if (e.out_end > rc.in && out_lim > rc.in - SYMBOL_OUT_MAX)
                out_lim = buf + ((rc.in - buf) - SYMBOL_OUT_MAX);
            while (z.out < out_lim) {
                r = lz_symbol(&rc, &z, &e, 0);
                if (r != LZ_NEXT)
                    return (bsp__lzma_result)r;
            }
        }
#endif
        if (z.out >= out_stop || rc.in > in_stop) {
            /* between two symbols: what a pause keeps */
            d->in_pos = (uint32_t)(rc.in - buf);
            d->out_pos = (uint32_t)(z.out - buf);
            d->range = rc.range;
            d->code = rc.code;
            d->rep[0] = z.rep0;
            d->rep[1] = z.rep1;
            d->rep[2] = z.rep2;
            d->rep[3] = z.rep3;
            d->state = z.state;
            if (z.out != e.out_end || !complete)
                return BSP_LZMA_MORE;
            /* All output is there and all input has arrived. The
             * encoder's flush may leave one byte the last symbol did not
             * need; liblzma reads it too, then wants code 0, or else an
             * end marker: a match (not a rep) with distance 2^32 - 1, then
             * code 0, which lz_symbol accepts under STOP_END. */
            if (rc_finished(&rc))
                return BSP_LZMA_OK;
            rc.stop |= STOP_END;
        }
        /* A symbol cut short by the end of the input is judged truncated
         * whatever its garbage tail decoded to; lz_symbol goes on after
         * one only under STOP_INPUT (STOP_END ends in a status). */
        r = lz_symbol(&rc, &z, &e, 1);
        if (r != LZ_NEXT || rc.stop)
            return rc.stop & STOP_INPUT ? BSP_LZMA_TRUNCATED : (bsp__lzma_result)r;
    }
}

bsp__lzma_result bsp__lzma_parse_props(const uint8_t raw[5], bsp__lzma_props *out)
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

bsp__lzma_result bsp__lzma_setup(bsp__lzma_dec *d, const bsp__lzma_props *p, void *probs,
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

bsp__lzma_result bsp__lzma_run(bsp__lzma_dec *d, uint32_t arrived, uint32_t budget)
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
