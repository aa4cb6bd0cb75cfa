/* SPDX-License-Identifier: MIT */
/* light_styles.c - the style values of a moment from the game's
 * `lightstyle` strings, as the engines animate them at 10 Hz: GLQuake's
 * R_AnimateLight (integers, 'a' = 0 in steps of 22, 'm' = 264) and Quake
 * 2's CL_RunLightStyles (floats, 'm' = 1.0). It reads no map, so every
 * build has it, map access or not. */
#include "lightmap_block.h"
#include "../core/fmath.h"

bsp_status bsp_light_style_values(const char *const *strings, uint32_t count, uint32_t time_ms,
                                  uint32_t *ints, float *floats)
{
    uint32_t frame = time_ms / 100u, i;
    if ((!strings && count) || (!ints && !floats)) return BSP_E_BAD_ARGUMENT;
    for (i = 0; i < count; i++) {
        const char *s = strings[i];
        uint32_t n = 0;
        int32_t c;
        while (s && s[n]) n++;
        if (!n) {
            if (ints) ints[i] = 256;
            if (floats) floats[i] = 1.0f;
            continue;
        }
        c = (int32_t)(unsigned char)s[frame % n] - 'a';
        if (ints) ints[i] = (uint32_t)(c * 22);
        if (floats) floats[i] = bsp__fdiv((float)c, 12.0f);
    }
    return BSP_OK;
}

