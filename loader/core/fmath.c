/* SPDX-License-Identifier: MIT */
/* fmath.c - the one copy of fmath.h's larger helpers: always the square
 * root, and in a build for size those inlined elsewhere. */
#include "fmath.h"
#include "config.h"

/* sqrtf, correctly rounded, without libm: Newton's steps in double from
 * an estimate made of the exponent's bits (4 % off at worst, then 1e-3,
 * 2e-7, 2e-14), rounded to float, then moved to the float whose rounding
 * interval holds x: the midpoints between floats have 25 bits, so their
 * squares are exact in double, and a float's root is never a midpoint.
 * NaN, infinity, zeros and negatives are returned as NaN or as they are. */
#if BSP__DISPCOLL || (BSPKIT_COLLISION && BSPKIT_FAMILY_QUAKE3) || BSPKIT_ACCESS   /* (terrain and curved surfaces take roots; so do the drawn curves) */
float bsp__fsqrt(float x)
{
    union { double d; uint64_t u; } g;
    union { float f; uint32_t u; } r, lo, hi;
    double d = x, mid;
    int k;
    if (x != x || x == 0) return x;
    if (x < 0) return bsp__fdiv(bsp__fsub(x, x), bsp__fsub(x, x));   /* NaN */
    if (!bsp__finite(x)) return x;
    if (BSP_HAVE_HW_SQRTF) return bsp__sqrtf_hw(x);
    g.d = d;
    g.u = (g.u >> 1) + 0x1ff7a3bea91d9b1bull;
    for (k = 0; k < 3; k++) g.d = bsp__round_d(0.5 * bsp__round_d(g.d + bsp__round_d(d / g.d)));
    r.f = bsp__round((float)g.d);
    lo.u = r.u - 1;
    hi.u = r.u + 1;
    mid = bsp__round_d(((double)r.f + (double)lo.f) * 0.5);
    if (d < bsp__round_d(mid * mid)) return lo.f;
    mid = bsp__round_d(((double)r.f + (double)hi.f) * 0.5);
    if (d > bsp__round_d(mid * mid)) return hi.f;
    return r.f;
}
#endif

#ifdef __OPTIMIZE_SIZE__
int bsp__finite3(const float p[3])
{
    int k;
    for (k = 0; k < 3; k++)
        if (!bsp__finite(p[k])) return 0;
    return 1;
}

int32_t bsp__floor_clamp(float x, int32_t lo, int32_t hi)
{
    return bsp__floor_clamp_inline(x, lo, hi);
}
#endif
