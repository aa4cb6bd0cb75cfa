/* SPDX-License-Identifier: MIT */
/* fmath.c - the one copy of fmath.h's larger helpers: always for the
 * point check, and in a build for size for those inlined elsewhere. */
#include "fmath.h"

int bsp__finite3(const float p[3])
{
    return bsp__finite(p[0]) && bsp__finite(p[1]) && bsp__finite(p[2]);
}

#ifdef __OPTIMIZE_SIZE__
int32_t bsp__floor_clamp(float x, int32_t lo, int32_t hi)
{
    return bsp__floor_clamp_inline(x, lo, hi);
}
#endif
