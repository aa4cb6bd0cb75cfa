/* SPDX-License-Identifier: MIT */
/* render_view.c - bspkit render's view axes, the --top picture's fit and
 * its scale bar (docs/pictures.md). */
#include <math.h>
#include <stdlib.h>

#include "render_view.h"

#define PI_F 3.14159265f

void render_set_view(frame *fr, float yaw, float pitch)
{
    float y = yaw * PI_F / 180.0f, p = pitch * PI_F / 180.0f;
    fr->fwd[0] = cosf(p) * cosf(y);
    fr->fwd[1] = cosf(p) * sinf(y);
    fr->fwd[2] = -sinf(p);
    fr->right[0] = sinf(y);
    fr->right[1] = -cosf(y);
    fr->right[2] = 0.0f;
    fr->up[0] = fr->right[1] * fr->fwd[2] - fr->right[2] * fr->fwd[1];
    fr->up[1] = fr->right[2] * fr->fwd[0] - fr->right[0] * fr->fwd[2];
    fr->up[2] = fr->right[0] * fr->fwd[1] - fr->right[1] * fr->fwd[0];
    fr->focal = (float)fr->w * 0.5f;          /* 90 degrees across */
}

void render_look_at(frame *fr, const float eye[3], const float look[3])
{
    float d[3], flat, yaw = 0.0f, pitch = 0.0f;
    int k;
    for (k = 0; k < 3; k++) {
        fr->eye[k] = eye[k];
        d[k] = look[k] - eye[k];
    }
    flat = sqrtf(d[0] * d[0] + d[1] * d[1]);
    if (flat > 0.0f || d[2] != 0.0f) {
        /* straight up or down keeps yaw 0: the right axis stays defined */
        yaw = flat > 0.0f ? atan2f(d[1], d[0]) * 180.0f / PI_F : 0.0f;
        pitch = -atan2f(d[2], flat) * 180.0f / PI_F;
    }
    render_set_view(fr, yaw, pitch);
}

/* ---- the --top frame -------------------------------------------------------
 * The frame is fitted to the bulk of the floor plan, not to every vertex:
 * one far brush (a skybox's floor, a camera room, a stray detail) or a
 * long cable out of the map would shrink the map to a corner. Each drawn
 * triangle is weighed by its area seen from above; on each axis the bulk
 * runs between the centres below which TOP_TRIM and above which TOP_TRIM
 * of the area lies, and the frame is the box of the triangles whose
 * centres lie within TOP_REACH of the bulk's size of it (so a compact map
 * keeps its whole box). The heights the relief spans are the centres'
 * TOP_TRIM_Z and 1 - TOP_TRIM_Z quantiles the same way. A sparse map
 * (platforms in space) can leave most of that frame void: the caller then
 * fits again at a tighter level (render_fit_top), TOP_REACH halved at each
 * one and none at the last, so the frame closes in on the bulk. */
#define TOP_TRIM 0.03f
#define TOP_REACH 0.25f
#define TOP_TRIM_Z 0.02f

typedef struct top_tri {
    float lo[2], hi[2], c[3], area;
} top_tri;

typedef struct top_key {
    float key, area;
} top_key;

static int top_key_cmp(const void *a, const void *b)
{
    float x = ((const top_key *)a)->key, y = ((const top_key *)b)->key;
    return x < y ? -1 : x > y;
}

/* The key below which `q` of the area lies (keys sorted ascending). */
static float top_quantile(const top_key *k, size_t n, double total, double q)
{
    double run = 0.0;
    size_t i;
    for (i = 0; i + 1 < n; i++) {
        run += k[i].area;
        if (run > q * total) break;
    }
    return k[i].key;
}

/* Triangle t of a face seen from above; 0 when it is not finite. */
static int top_triangle(const frame *fr, const render_mface *mf, const uint32_t *t, top_tri *o)
{
    const float *v[3];
    int k, a;
    for (k = 0; k < 3; k++) v[k] = fr->mesh->vert[mf->first_vert + t[k]].pos;
    for (a = 0; a < 3; a++) {
        o->c[a] = (v[0][a] + v[1][a] + v[2][a]) / 3.0f;
        if (a == 2) break;
        o->lo[a] = fminf(v[0][a], fminf(v[1][a], v[2][a]));
        o->hi[a] = fmaxf(v[0][a], fmaxf(v[1][a], v[2][a]));
    }
    o->area = 0.5f * fabsf((v[1][0] - v[0][0]) * (v[2][1] - v[0][1]) -
                           (v[2][0] - v[0][0]) * (v[1][1] - v[0][1]));
    if (!isfinite(o->area) || !isfinite(o->c[0]) || !isfinite(o->c[1]) || !isfinite(o->c[2])) return 0;
    return 1;
}

/* The triangles a --top view draws (render_face's). Returns how many (0:
 * none or out of memory); *out is heap. */
static size_t top_tris(const frame *fr, const bsp_map *m, top_tri **out)
{
    bsp_model world;
    uint32_t i, k;
    size_t n = 0, cap = 0;
    top_tri *tt = NULL;
    *out = NULL;
    if (bsp_get_model(m, 0, &world) != BSP_OK) return 0;
    for (i = 0; i < world.num_faces; i++) {
        bsp_face f;
        uint32_t face = world.first_face + i;
        const render_mface *mf;
        if (face >= fr->mesh->num_faces || bsp_get_face(m, face, &f) != BSP_OK || !render_face_shown(fr, &f))
            continue;
        mf = &fr->mesh->face[face];
        for (k = 0; k < mf->num_tris; k++) {
            const uint32_t *t = fr->mesh->tri + 3 * (size_t)(mf->first_tri + k);
            if (!render_tri_shown(fr, mf, t)) continue;
            if (n == cap) {
                top_tri *more = realloc(tt, sizeof *tt * (cap = cap ? 2 * cap : 1024));
                if (!more) {
                    free(tt);
                    return 0;
                }
                tt = more;
            }
            if (top_triangle(fr, mf, t, &tt[n])) n++;
        }
    }
    if (!n) free(tt);
    else *out = tt;
    return n;
}

/* The x, y box of the drawn triangles' bulk and the heights of the
 * relief; 0 when the view draws none. */
static int top_box(frame *fr, const bsp_map *m, float reach_of, float lo[2], float hi[2])
{
    top_tri *tt;
    top_key *key;
    size_t n = top_tris(fr, m, &tt), i;
    double total = 0.0;
    float q[3][2];
    int a, any = 0;
    if (!n) return 0;
    key = malloc(sizeof *key * n);
    if (!key) {
        free(tt);
        return 0;
    }
    for (i = 0; i < n; i++) total += tt[i].area;
    for (a = 0; a < 3; a++) {   /* no area at all: each triangle counts 1 */
        float trim = a == 2 ? TOP_TRIM_Z : TOP_TRIM;
        for (i = 0; i < n; i++) {
            key[i].key = tt[i].c[a];
            key[i].area = total > 0.0 ? tt[i].area : 1.0f;
        }
        qsort(key, n, sizeof *key, top_key_cmp);
        q[a][0] = top_quantile(key, n, total > 0.0 ? total : (double)n, trim);
        q[a][1] = top_quantile(key, n, total > 0.0 ? total : (double)n, 1.0 - trim);
    }
    fr->zlo = q[2][0];
    fr->zhi = q[2][1];
    for (i = 0; i < n; i++) {
        int near = 1;
        for (a = 0; a < 2; a++) {
            float reach = reach_of * (q[a][1] - q[a][0]);
            if (tt[i].c[a] < q[a][0] - reach || tt[i].c[a] > q[a][1] + reach) near = 0;
        }
        if (!near) continue;
        for (a = 0; a < 2; a++) {
            if (!any || tt[i].lo[a] < lo[a]) lo[a] = tt[i].lo[a];
            if (!any || tt[i].hi[a] > hi[a]) hi[a] = tt[i].hi[a];
        }
        any = 1;
    }
    free(key);
    free(tt);
    return any;
}

/* The box fills the frame less a margin of 1/32 of its smaller side (at
 * least 2 pixels) on the tighter axis, aspect kept, centred on both; then
 * the picture is cut to the box and its margin on the other axis. */
int render_fit_top(frame *fr, const bsp_map *m, int level)
{
    float lo[2], hi[2], margin, sx, sy, cx, cy, reach = TOP_REACH;
    int a;
    if (level < 0 || level > TOP_LEVELS) return 0;
    for (a = 0; a < level; a++) reach *= 0.5f;
    if (level == TOP_LEVELS) reach = 0.0f;
    fr->zlo = fr->zhi = 0.0f;
    if (!top_box(fr, m, reach, lo, hi)) {
        bsp_model world;
        if (bsp_get_model(m, 0, &world) != BSP_OK) {
            world.mins[0] = world.mins[1] = -1.0f;
            world.maxs[0] = world.maxs[1] = 1.0f;
        }
        for (a = 0; a < 2; a++) {
            lo[a] = world.mins[a];
            hi[a] = world.maxs[a];
        }
    }
    for (a = 0; a < 2; a++)
        if (!(hi[a] - lo[a] >= 1.0f)) {        /* a line or a point: 1 unit */
            float c = (lo[a] + hi[a]) * 0.5f;
            lo[a] = c - 0.5f;
            hi[a] = c + 0.5f;
        }
    margin = (float)(fr->w < fr->h ? fr->w : fr->h) / 32.0f;
    if (margin < 2.0f) margin = 2.0f;
    sx = ((float)fr->w - 2.0f * margin) / (hi[0] - lo[0]);
    sy = ((float)fr->h - 2.0f * margin) / (hi[1] - lo[1]);
    fr->scale = sx < sy ? sx : sy;
    if (!(fr->scale > 0.0f)) fr->scale = (float)fr->w / (hi[0] - lo[0]);
    else {
        int w = (int)ceilf((hi[0] - lo[0]) * fr->scale + 2.0f * margin);
        int h = (int)ceilf((hi[1] - lo[1]) * fr->scale + 2.0f * margin);
        if (w >= 1 && w < fr->w) fr->w = w;
        if (h >= 1 && h < fr->h) fr->h = h;
    }
    cx = (lo[0] + hi[0]) * 0.5f;
    cy = (lo[1] + hi[1]) * 0.5f;
    fr->minx = cx - (float)fr->w * 0.5f / fr->scale;
    fr->maxy = cy + (float)fr->h * 0.5f / fr->scale;
    return 1;
}

/* ---- the --top relief ------------------------------------------------------
 * Walls seen from above are gaps (their faces look sideways), so a floor
 * darkens towards them, as ambient light would: by 1 - RELIEF_DEPTH * (1 -
 * d / D)^2 within D = min(w, h) / RELIEF_SPAN pixels (at least 3) of the
 * nearest pixel that shows no face or stands at the foot of a step up of
 * more than RELIEF_STEP units (a 3-4 chamfer distance, in pixels). */
#define RELIEF_DEPTH 0.45f
#define RELIEF_SPAN 6
#define RELIEF_STEP 16.0f

static int relief_seed(const frame *fr, int x, int y)
{
    static const int dx[4] = { 1, -1, 0, 0 }, dy[4] = { 0, 0, 1, -1 };
    size_t i = (size_t)y * (size_t)fr->w + (size_t)x;
    int k;
    if (fr->face[i] < 0) return 1;
    for (k = 0; k < 4; k++) {
        int nx = x + dx[k], ny = y + dy[k];
        size_t j;
        if (nx < 0 || ny < 0 || nx >= fr->w || ny >= fr->h) continue;
        j = (size_t)ny * (size_t)fr->w + (size_t)nx;
        if (fr->face[j] >= 0 && fr->wz[j] > fr->wz[i] + RELIEF_STEP) return 1;
    }
    return 0;
}

static void relief_pass(const frame *fr, int32_t *d, int down)
{
    static const int ox[4] = { -1, 0, 1, -1 }, oy[4] = { -1, -1, -1, 0 }, cost[4] = { 4, 3, 4, 3 };
    int x, y, k, s = down ? 1 : -1;
    for (y = down ? 0 : fr->h - 1; down ? y < fr->h : y >= 0; y += s)
        for (x = down ? 0 : fr->w - 1; down ? x < fr->w : x >= 0; x += s) {
            int32_t *p = &d[(size_t)y * (size_t)fr->w + (size_t)x];
            for (k = 0; k < 4; k++) {
                int nx = x + s * ox[k], ny = y + s * oy[k];
                int32_t v;
                if (nx < 0 || ny < 0 || nx >= fr->w || ny >= fr->h) continue;
                v = d[(size_t)ny * (size_t)fr->w + (size_t)nx] + cost[k];
                if (v < *p) *p = v;
            }
        }
}

int render_top_relief(frame *fr, int apply)
{
    size_t n = (size_t)fr->w * (size_t)fr->h, i;
    int32_t *d = fr->dist, far;
    int x, y, k;
    fr->span = (float)(fr->w < fr->h ? fr->w : fr->h) / (float)RELIEF_SPAN;
    if (fr->span < 3.0f) fr->span = 3.0f;
    far = (int32_t)(3.0f * fr->span) + 1;
    for (y = 0; y < fr->h; y++)
        for (x = 0; x < fr->w; x++) d[(size_t)y * (size_t)fr->w + (size_t)x] = relief_seed(fr, x, y) ? 0 : far;
    relief_pass(fr, d, 1);
    relief_pass(fr, d, 0);
    for (i = 0; i < n && apply; i++) {
        float t = (float)d[i] / 3.0f / fr->span, f;
        if (fr->face[i] < 0 || t >= 1.0f) continue;
        f = 1.0f - RELIEF_DEPTH * (1.0f - t) * (1.0f - t);
        for (k = 0; k < 3; k++) fr->rgb[3 * i + (size_t)k] = (unsigned char)((float)fr->rgb[3 * i + (size_t)k] * f);
    }
    return 0;
}

static void bar_pixel(frame *fr, int x, int y, unsigned char v)
{
    size_t i;
    if (x < 0 || y < 0 || x >= fr->w || y >= fr->h) return;
    i = (size_t)y * (size_t)fr->w + (size_t)x;
    fr->rgb[3 * i] = fr->rgb[3 * i + 1] = fr->rgb[3 * i + 2] = v;
    fr->face[i] = -1;
}

/* A white bar 3 pixels thick with 7-pixel ticks at its ends, outlined in
 * black, 8 pixels in from the bottom left corner: the largest power of two
 * units that is at most a third of the picture's width (so a sixth to a
 * third of it). */
int render_scale_bar(frame *fr)
{
    float units = 1.0f, px;
    int len, x0 = 8, y0 = fr->h - 9, x, y, pass;
    if (!(fr->scale > 0.0f)) return 0;
    while (units * 2.0f * fr->scale <= (float)fr->w / 3.0f && units < 1048576.0f) units *= 2.0f;
    px = units * fr->scale;
    if (px > (float)fr->w / 3.0f || px < 8.0f || fr->h < 24 || fr->w < 32) return 0;
    len = (int)(px + 0.5f);
    for (pass = 0; pass < 2; pass++)       /* 0: the black outline, 1: white */
        for (y = y0 - 6 - !pass; y <= y0 + 1 + !pass; y++)
            for (x = x0 - !pass; x <= x0 + len + !pass; x++) {
                int end = x <= x0 + 1 + !pass || x >= x0 + len - 1 - !pass;
                if (y < y0 - 1 - !pass && !end) continue;     /* above the bar: ticks only */
                bar_pixel(fr, x, y, pass ? 255 : 0);
            }
    return (int)units;
}
