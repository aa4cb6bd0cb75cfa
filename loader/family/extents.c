/* SPDX-License-Identifier: MIT */
/* extents.c - a face's lightmap block from its vertices (QUERIES.md 4), the
 * rule the Quake family and Nightfire share: each vertex's coordinate summed
 * in double and rounded once to float, as the compilers did. */
#include "family.h"
#include "../query/fmath.h"

void bsp__lightmap_extents(bsp__lightmap *lm, const uint8_t *(*vertex)(const void *, int32_t),
                          const void *ctx, int32_t count, float divisor)
{
    float lo[2] = { 0, 0 }, hi[2] = { 0, 0 };
    int32_t k;
    int axis;

    for (k = 0; k < count; k++) {
        const uint8_t *v = vertex(ctx, k);
        double x = bsp__f32(v), y = bsp__f32(v + 4), z = bsp__f32(v + 8);
        for (axis = 0; axis < 2; axis++) {
            const float *t = lm->vecs[axis];
            float val = (float)(((x * t[0] + y * t[1]) + z * t[2]) + (double)t[3]);
            if (k == 0 || val < lo[axis]) lo[axis] = val;
            if (k == 0 || val > hi[axis]) hi[axis] = val;
        }
    }
    for (axis = 0; axis < 2; axis++) {
        /* floor(min/d) and ceil(max/d); 1<<24 luxels is past any lump */
        float l0 = lo[axis] / divisor, h0 = -hi[axis] / divisor;
        int32_t l = bsp__floor_clamp(l0, -(1 << 24), 1 << 24);
        int32_t h = -bsp__floor_clamp(h0, -(1 << 24), 1 << 24);
        lm->base[axis] = (float)((int32_t)divisor * l);
        if (axis == 0) lm->w = h - l + 1;
        else lm->h = h - l + 1;
    }
}

void bsp__lightmap_blank(bsp__lightmap *lm, const bsp_map *m, const uint8_t *face,
                        uint32_t bytes_per_luxel, float scale)
{
    const struct bsp_family *fam = m->family;
    int k;
    lm->styles = face + fam->face_styles_offset;
    lm->num_styles = fam->face_num_styles;
    lm->lightofs = bsp__field_get(face, fam->face_lightofs);
    lm->bytes_per_luxel = bytes_per_luxel;
    lm->pages = 1;
    lm->scale = scale;
    lm->w = lm->h = 0;
    lm->bad = 0;
    lm->base[0] = lm->base[1] = 0.0f;
    for (k = 0; k < 8; k++) lm->vecs[k / 4][k % 4] = 0.0f;
}
