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

/* The x, y box of the vertices of the faces a --top view draws (of the
 * world model); 0 when it draws none. */
static int top_box(const frame *fr, const bsp_map *m, float lo[2], float hi[2])
{
    bsp_model world;
    uint32_t i, k;
    int any = 0;
    if (bsp_get_model(m, 0, &world) != BSP_OK) return 0;
    for (i = 0; i < world.num_faces; i++) {
        bsp_face f;
        uint32_t face = world.first_face + i;
        if (bsp_get_face(m, face, &f) != BSP_OK || !render_face_shown(fr, &f)) continue;
        for (k = 0; k < f.num_verts; k++) {
            bsp_vertex v;
            int a;
            if (bsp_face_vertex(m, face, k, &v) != BSP_OK) break;
            for (a = 0; a < 2; a++) {
                if (!any || v.pos[a] < lo[a]) lo[a] = v.pos[a];
                if (!any || v.pos[a] > hi[a]) hi[a] = v.pos[a];
            }
            any = 1;
        }
    }
    return any;
}

/* The box fills the frame less a margin of 1/32 of its smaller side (at
 * least 2 pixels) on the tighter axis, aspect kept, centred on both. */
void render_fit_top(frame *fr, const bsp_map *m)
{
    float lo[2], hi[2], margin, sx, sy, cx, cy;
    int a;
    if (!top_box(fr, m, lo, hi)) {
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
    cx = (lo[0] + hi[0]) * 0.5f;
    cy = (lo[1] + hi[1]) * 0.5f;
    fr->minx = cx - (float)fr->w * 0.5f / fr->scale;
    fr->maxy = cy + (float)fr->h * 0.5f / fr->scale;
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
