/* SPDX-License-Identifier: MIT */
/* fmath.c - the one copy of fmath.h's larger helpers in a build for size
 * (elsewhere they are inlined). */
#include "fmath.h"

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
