/* SPDX-License-Identifier: MIT */
/* render_exposure.c - how bright a perspective view is drawn, from the
 * range of the map's own light (docs/pictures.md, "Exposure"). The
 * engines' rules (render_light.c) show some maps very dark: a histogram
 * of the display light (the brightest channel) of every slot-0 luxel of
 * the world's drawn faces (Quake 3: the face's rectangle of its page)
 * gives the 90th percentile p90 and the 99th p99; the exposure is
 * EXPOSE_TARGET / p90 within [EXPOSE_MIN, EXPOSE_MAX]. When p99 is under
 * UNLIT_BELOW the light is all but zero (a map compiled without light, or
 * HDR exponents far below 0): the view is drawn full bright, shaded by
 * the faces' normals, and the command says so. */
#include <math.h>
#include <string.h>

#include "render_texture.h"

#define EXPOSE_TARGET 1.0f
#define EXPOSE_MIN 0.8f
#define EXPOSE_MAX 8.0f
#define UNLIT_BELOW 0.04f
#define VIEW_MID 0.45f
#define VIEW_HIGH 1.2f

#define EXPOSE_HIDDEN (BSP_SURF_SKY | BSP_SURF_NODRAW | BSP_SURF_SKIP | BSP_SURF_HINT | BSP_SURF_TRIGGER)

static void expose_face(const render_look *lk, const bsp_map *m, uint32_t face, uint32_t *hist,
                        uint64_t *n)
{
    bsp_face f;
    const uint8_t *data;
    uint32_t bytes, bpl = 3;
    int32_t i, j, x0 = 0, y0 = 0, w, h, stride;
    if (bsp_get_face(m, face, &f) != BSP_OK || (f.flags & EXPOSE_HIDDEN) ||
        bsp_face_lightmap_data(m, face, 0, &data, &bytes) != BSP_OK)
        return;
    w = f.lightmap.w;
    h = f.lightmap.h;
    stride = w;
    if (f.lightmap.page >= 0) {          /* a rectangle of a 128 x 128 page */
        x0 = f.lightmap.x;
        y0 = f.lightmap.y;
        stride = 128;
        if (x0 < 0 || y0 < 0 || w < 0 || h < 0 || x0 + w > 128 || y0 + h > 128) return;
    } else {
        bpl = light_bpl(&f.lightmap);
    }
    for (j = y0; j < y0 + h; j++)
        for (i = x0; i < x0 + w; i++) {
            float l[3], v;
            light_luxel(lk->rule, data, stride, bpl, i, j, l);
            v = l[0] > l[1] ? l[0] : l[1];
            if (l[2] > v) v = l[2];
            hist[expose_bin(v)]++;
            (*n)++;
        }
}

/* The display light under which a fraction q of the luxels lie. */
static float expose_percentile(const uint32_t *hist, uint64_t n, double q)
{
    uint64_t below = 0, want = (uint64_t)((double)n * q);
    int b;
    for (b = 0; b < EXPOSE_BINS; b++) {
        below += hist[b];
        if (below > want) break;
    }
    return ((float)b + 0.5f) * (EXPOSE_TOP / (float)EXPOSE_BINS);
}

static void expose_set(render_look *lk, float p90)
{
    lk->exposure = EXPOSE_TARGET / p90;
    if (lk->exposure < EXPOSE_MIN) lk->exposure = EXPOSE_MIN;
    if (lk->exposure > EXPOSE_MAX) lk->exposure = EXPOSE_MAX;
}

float render_look_expose(render_look *lk, const bsp_map *m)
{
    uint32_t hist[EXPOSE_BINS];
    bsp_model world;
    uint64_t n = 0;
    uint32_t k;
    float p90, p99;
    lk->exposure = 1.0f;
    if (lk->unlit || bsp_get_model(m, 0, &world) != BSP_OK) return -1.0f;
    memset(hist, 0, sizeof hist);
    for (k = 0; k < world.num_faces; k++) expose_face(lk, m, world.first_face + k, hist, &n);
    if (n == 0) return -1.0f;
    p90 = expose_percentile(hist, n, 0.90);
    p99 = expose_percentile(hist, n, 0.99);
    if (p99 < UNLIT_BELOW) {
        lk->unlit = 1;
        return p99;
    }
    expose_set(lk, p90);
    return p99;
}

void render_look_expose_view(render_look *lk, float most)
{
    uint64_t n = 0;
    int b;
    if (!lk->hist || lk->unlit) return;
    for (b = 0; b < EXPOSE_BINS; b++) n += lk->hist[b];
    if (n == 0) return;
    lk->exposure = fminf(VIEW_MID / expose_percentile(lk->hist, n, 0.50),
                         VIEW_HIGH / expose_percentile(lk->hist, n, 0.95));
    if (lk->exposure < EXPOSE_MIN) lk->exposure = EXPOSE_MIN;
    if (lk->exposure > most) lk->exposure = most;
}
