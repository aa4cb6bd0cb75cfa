/* SPDX-License-Identifier: MIT */
/* fmath.h - the few float operations the queries need, without libm.
 *
 * QUERIES.md fixes the arithmetic: IEEE single precision, no fused
 * multiply-add, operations in the written order. These helpers keep that
 * promise on every target (the loader is built with -ffp-contract=off).
 */
#ifndef BSP_FMATH_H
#define BSP_FMATH_H

#include "../../port/bsp_port.h"

/* x is neither NaN nor infinite. */
BSP_INLINE int bsp__finite(float x) { return x == x && x - x == 0.0f; }

/* dot(a, b) = ((a.x*b.x + a.y*b.y) + a.z*b.z), each step rounded to float. */
BSP_INLINE float bsp__dot(const float a[3], const float b[3])
{
    float xy = a[0] * b[0] + a[1] * b[1];
    return xy + a[2] * b[2];
}

/* clamp(floor(x), lo, hi) for lo <= hi; NaN gives lo. */
BSP_INLINE int32_t bsp__floor_clamp(float x, int32_t lo, int32_t hi)
{
    int32_t i;
    if (!(x >= (float)lo)) return lo;
    if (x >= (float)hi) return hi;
    i = (int32_t)x;                 /* truncates toward zero */
    if ((float)i > x) i--;
    if (i < lo) i = lo;
    return i;
}

/* ldexpf(x, e) for |e| <= 1000: the product is exact in double for the
 * values the queries pass (x in [0, 1], e a signed byte), so one rounding to
 * float gives the same bits as the C library's ldexpf. */
BSP_INLINE float bsp__ldexpf(float x, int e)
{
    union { uint64_t u; double d; } scale;
    scale.u = (uint64_t)(1023 + e) << 52;
    return (float)((double)x * scale.d);
}

#endif
