/* SPDX-License-Identifier: MIT */
/* fmath.c - the one copy of fmath.h's larger helpers: always for the
 * point check and the square root, and in a build for size for those inlined elsewhere. */
#include "fmath.h"
#include "config.h"

int bsp__finite3(const float p[3])
{
    int k;
    for (k = 0; k < 3; k++)
        if (!bsp__finite(p[k])) return 0;
    return 1;
}

/* sqrtf, correctly rounded, without libm: the root of the significand
 * (scaled to 48 or 50 bits) taken bit by bit in integers, rounded to 24
 * bits. A float's root is never halfway between two floats, so the guard
 * bit alone decides. NaN, infinity, zeros and negatives are returned as
 * NaN or as they are. */
#if BSPKIT_COLLISION   /* (collision alone takes roots) */
float bsp__fsqrt(float x)
{
    union { float f; uint32_t u; } v;
    uint32_t ex, k;
    int32_t e, shift;
    uint64_t m, rem, root, bit;
    if (x != x || x == 0) return x;
    if (x < 0) return bsp__fdiv(bsp__fsub(x, x), bsp__fsub(x, x));   /* NaN */
    if (!bsp__finite(x)) return x;
    v.f = x;
    ex = (v.u >> 23) & 0xffu;
    m = v.u & 0x7fffffu;
    if (ex) {
        m |= 0x800000u;
        e = (int32_t)ex - 150;
    } else {
        e = -149;
    }
    for (k = 0; k < 24 && m < 0x800000u; k++) {
        m <<= 1;
        e--;
    }
    if (e & 1) {             /* two's complement: odd also for negative e */
        m <<= 1;
        e--;
    }
    shift = m < 0x1000000u ? 26 : 24;    /* m << shift in [2^48, 2^50) */
    m <<= shift;
    e -= shift;
    /* root = floor(sqrt(m)), 25 bits */
    root = 0;
    rem = m;
    bit = (uint64_t)1 << 48;
    for (k = 0; k < 25; k++) {
        if (rem >= root + bit) {
            rem -= root + bit;
            root = (root >> 1) + bit;
        } else {
            root >>= 1;
        }
        bit >>= 2;
    }
    /* sqrt(x) = root * 2^(e/2) = (root / 2) * 2^(e/2 + 1), rounded to
     * 24 bits (2^24 after a carry: still exact) */
    root = (root >> 1) + (root & 1);
    return bsp__ldexpf((float)(uint32_t)root, e / 2 + 1);
}
#endif

#ifdef __OPTIMIZE_SIZE__
int32_t bsp__floor_clamp(float x, int32_t lo, int32_t hi)
{
    return bsp__floor_clamp_inline(x, lo, hi);
}
#endif
