/* SPDX-License-Identifier: MIT */
/* fmath.c - the one copy of fmath.h's larger helpers that a build for size
 * calls instead of inlining them at every site. */
#include "fmath.h"

#ifdef __OPTIMIZE_SIZE__
int32_t bsp__floor_clamp(float x, int32_t lo, int32_t hi)
{
    return bsp__floor_clamp_inline(x, lo, hi);
}
#else
typedef int bsp__fmath_inlined;   /* ISO C: a file declares something */
#endif
