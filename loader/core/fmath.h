/* SPDX-License-Identifier: MIT */
/* fmath.h - the few float operations the queries need, without libm.
 *
 * docs/queries.md fixes the arithmetic: IEEE single precision, no fused
 * multiply-add, operations in the written order. These helpers keep that
 * promise on every target (the loader is built with -ffp-contract=off).
 *
 * How to write a float operation so that it rounds: use bsp__fmul,
 * bsp__fadd, bsp__fsub, bsp__fdiv (one operation each), never a bare
 * `a * b + c`. C99 lets a compiler keep such an expression in wider
 * precision (FLT_EVAL_METHOD 1 or 2: i686 with x87 math, m68k, s390x); an
 * assignment or a cast must round it, but GCC outside its strict -std=c99/c11
 * modes (-fexcess-precision=fast, the default for gnu99 and gnu17) does not
 * always. So on those targets bsp__round goes through a volatile float,
 * which every compiler must store as 4 bytes; elsewhere it is free.
 * Comparisons of rounded values are exact and need nothing. Rounding each
 * step in wider precision and then to float gives the float result (double
 * and x87 extended both have more than 2 * 24 + 2 bits), so this is enough.
 */
#ifndef BSP_FMATH_H
#define BSP_FMATH_H

#include <float.h>
#include "../../port/bsp_port.h"

#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
BSP_INLINE float bsp__round(float x) { return x; }
BSP_INLINE double bsp__round_d(double x) { return x; }
#else
BSP_INLINE float bsp__round(float x) { volatile float v = x; return v; }
BSP_INLINE double bsp__round_d(double x) { volatile double v = x; return v; }
#endif

/* x is neither NaN nor infinite. */
BSP_INLINE int bsp__finite(float x) { return x == x && x - x == 0.0f; }
/* Every coordinate of a query point is finite. Every
 * query checks its points first, so where speed counts it is inline and
 * without a branch; a build for size keeps one copy (fmath.c). */
#ifdef __OPTIMIZE_SIZE__
int bsp__finite3(const float p[3]);
#else
BSP_INLINE int bsp__finite3(const float p[3])
{
    /* x - x is +0 for a finite x and NaN for an infinite or NaN one, in
     * any evaluation precision; a sum holding a NaN is NaN (three
     * subtractions and two additions: fewer instructions than three
     * exponent masks). The sum is +0 or NaN, so comparing it with itself
     * tells them apart without a zero to compare with. */
    float s = (p[0] - p[0]) + (p[1] - p[1]) + (p[2] - p[2]);
    return s == s;
}
#endif

/* One float operation, rounded to float (see above). */
BSP_INLINE float bsp__fmul(float a, float b) { return bsp__round(a * b); }
BSP_INLINE float bsp__fadd(float a, float b) { return bsp__round(a + b); }
BSP_INLINE float bsp__fsub(float a, float b) { return bsp__round(a - b); }
BSP_INLINE float bsp__fdiv(float a, float b) { return bsp__round(a / b); }
/* |x| (+0 for either zero), without libm and without a branch. */
BSP_INLINE float bsp__fabs(float x) { return bsp__fabs_bits(x); }
/* a*b - c*d, each product rounded before the difference (cross products,
 * 2 x 2 determinants). */
BSP_INLINE float bsp__fmsub(float a, float b, float c, float d)
{
    return bsp__fsub(bsp__fmul(a, b), bsp__fmul(c, d));
}

/* o = a - b and o = a x b per component, each step rounded to float; three
 * floats read from native-order bytes (a record already swapped). */
BSP_INLINE void bsp__vsub(const float a[3], const float b[3], float o[3])
{
    o[0] = bsp__fsub(a[0], b[0]);
    o[1] = bsp__fsub(a[1], b[1]);
    o[2] = bsp__fsub(a[2], b[2]);
}

BSP_INLINE void bsp__vcross(const float a[3], const float b[3], float o[3])
{
    o[0] = bsp__fmsub(a[1], b[2], a[2], b[1]);
    o[1] = bsp__fmsub(a[2], b[0], a[0], b[2]);
    o[2] = bsp__fmsub(a[0], b[1], a[1], b[0]);
}

BSP_INLINE void bsp__vread(const uint8_t *p, float v[3])
{
    v[0] = bsp__f32(p);
    v[1] = bsp__f32(p + 4);
    v[2] = bsp__f32(p + 8);
}

/* dot(a, b) = ((a.x*b.x + a.y*b.y) + a.z*b.z), each step rounded to float. */
BSP_INLINE float bsp__dot(const float a[3], const float b[3])
{
    return bsp__fadd(bsp__fadd(bsp__fmul(a[0], b[0]), bsp__fmul(a[1], b[1])), bsp__fmul(a[2], b[2]));
}

/* clamp(floor(x), lo, hi) for lo <= hi; NaN gives lo. */
BSP_INLINE int32_t bsp__floor_clamp_inline(float x, int32_t lo, int32_t hi)
{
    int32_t i;
    if (!(x >= (float)lo)) return lo;
    if (x >= (float)hi) return hi;
    i = (int32_t)x;                 /* truncates toward zero */
    if ((float)i > x) i--;
    if (i < lo) i = lo;
    return i;
}
/* Six call sites in four files: a build for size keeps one copy (fmath.c). */
#ifdef __OPTIMIZE_SIZE__
int32_t bsp__floor_clamp(float x, int32_t lo, int32_t hi);
#else
#define bsp__floor_clamp bsp__floor_clamp_inline
#endif

/* sqrtf(x), correctly rounded as IEEE requires, without libm (fmath.c). */
float bsp__fsqrt(float x);

/* ldexpf(x, e) for |e| <= 1000: the product is exact in double for the
 * values the queries pass (x in [0, 1], e a signed byte), so one rounding to
 * float gives the same bits as the C library's ldexpf. */
BSP_INLINE float bsp__ldexpf(float x, int e)
{
    union { uint64_t u; double d; } scale;
    scale.u = (uint64_t)(1023 + e) << 52;
    return bsp__round((float)((double)x * scale.d));
}

#endif
