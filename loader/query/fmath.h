/* SPDX-License-Identifier: MIT */
/* fmath.h - the few float operations the queries need, without libm.
 *
 * QUERIES.md fixes the arithmetic: IEEE single precision, no fused
 * multiply-add, operations in the written order. These helpers keep that
 * promise on every target (the loader is built with -ffp-contract=off).
 *
 * How to write a float operation so that it rounds: one operation per
 * statement, its result assigned to a float (or use bsp__fmul, bsp__fadd,
 * bsp__fsub, bsp__fdiv). C99 lets a compiler keep `a * b + c` in wider
 * precision (FLT_EVAL_METHOD 1 or 2: i686 with x87 math, m68k, s390x), but
 * an assignment or a cast must round to float, so only that form gives the
 * same bits on every target. Comparisons of floats already held in
 * variables are exact and need nothing. Rounding each step in wider
 * precision and then to float gives the float result (double and x87
 * extended both have more than 2 * 24 + 2 bits), so this is enough.
 */
#ifndef BSP_FMATH_H
#define BSP_FMATH_H

#include "../../port/bsp_port.h"

/* x is neither NaN nor infinite. */
BSP_INLINE int bsp__finite(float x) { return x == x && x - x == 0.0f; }

/* One float operation, rounded to float (see above). */
BSP_INLINE float bsp__fmul(float a, float b) { float r = a * b; return r; }
BSP_INLINE float bsp__fadd(float a, float b) { float r = a + b; return r; }
BSP_INLINE float bsp__fsub(float a, float b) { float r = a - b; return r; }
BSP_INLINE float bsp__fdiv(float a, float b) { float r = a / b; return r; }

/* dot(a, b) = ((a.x*b.x + a.y*b.y) + a.z*b.z), each step rounded to float. */
BSP_INLINE float bsp__dot(const float a[3], const float b[3])
{
    float x = a[0] * b[0], y = a[1] * b[1], z = a[2] * b[2];
    float xy = x + y;
    float r = xy + z;
    return r;
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
