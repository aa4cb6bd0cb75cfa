/* SPDX-License-Identifier: MIT */
/* fmath.c - the one copy of fmath.h's larger helpers: always for the
 * point check, and in a build for size for those inlined elsewhere. */
#include "fmath.h"

int bsp__finite3(const float p[3])
{
    int k;
    for (k = 0; k < 3; k++)
        if (!bsp__finite(p[k])) return 0;
    return 1;
}

#ifdef __OPTIMIZE_SIZE__
int32_t bsp__floor_clamp(float x, int32_t lo, int32_t hi)
{
    return bsp__floor_clamp_inline(x, lo, hi);
}
#endif
