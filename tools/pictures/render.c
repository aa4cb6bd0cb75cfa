/* SPDX-License-Identifier: MIT */
/* render.c - bspkit render: a picture of the world model lit by its
 * lightmaps, drawn with the public map access API only.
 *
 * A software rasteriser with a depth buffer: every triangle of every face
 * of model 0 (but no-draw, skip, hint and trigger faces, and sky faces in
 * --top pictures), as the library gives a renderer its geometry
 * (render_mesh.c: vertex attributes, displacement grids, Quake 3 patches
 * at the renderer's subdivision), is clipped to the near plane, projected
 * and filled; a pixel's light is the luxel of style slot 0 under its
 * lightmap coordinate (docs/queries.md 11.5: luxel k covers [k, k + 1)),
 * or a Quake 3 vertex-lit surface's vertex colours through the same rule,
 * its texel the one at its texture coordinate (all perspective-correct;
 * a value the triangle's three vertices share stays exact, so --top
 * pictures keep the light query's bytes). Perspective views are also
 * drawn for a person to read (docs/pictures.md "Perspective views"): the
 * light times the view's exposure (render_exposure.c), coloured light
 * lifted towards grey, every face shaded by its vertex normals and its
 * distance, the sky and the void graded; --top pictures keep the
 * engine's rule exactly (part 45 checks them against the light query,
 * part 47 terrain, vertex colours and curves against the references:
 * test/access/render_data_check.py). Back faces of planar faces
 * are not drawn, so a view from above looks through ceilings onto floors.
 *
 * A pixel is min(1, texture * light), light the luxel through the family's
 * rule (render_light.c), texture the face's texel (render_texture.c: the
 * embedded miptex, else the colour its name says, render_material.c; 1
 * with --flat); display
 * byte = round(255 * v), clamped. Unlit faces: light 1 when textured (the
 * engines draw them full bright), grey by the vertex normals with --flat. Sky
 * faces: hidden in --top pictures, else their texture's mean colour or sky
 * blue, unlit and unshaded. --fullbright, or a map whose light is all but
 * zero: light 1 everywhere, shaded by the normal in every view.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "png_write.h"
#include "render.h"
#include "../common/tool.h"

#define NEAR_Z 1.0f

/* What a vertex carries to its pixels, interpolated across a triangle. */
enum {
    A_LMU, A_LMV,               /* lightmap coordinate (docs/queries.md 11.5) */
    A_TU, A_TV,                 /* texels */
    A_SHADE,                    /* perspective views: by the normal */
    A_GREY,                     /* unlit faces */
    A_LIGHT,                    /* vertex light: display light, 3 channels */
    A_COUNT = A_LIGHT + 3
};

typedef struct sv {             /* a vertex on its way to the screen */
    float cam[3];               /* camera space: x right, y up, z forward */
    float world[3];
    float a[A_COUNT];
} sv;

typedef struct face_paint {
    const uint8_t *lm;          /* lightmap block, slot 0; NULL: none */
    int32_t w, h;               /* its luxels (quake3: the page's) */
    uint32_t bpl;
    int vertex_light;           /* lit by A_LIGHT (quake3 vertex colours) */
    const render_look *look;
    int32_t tex;                /* texture index; -1: none */
    int sky;                    /* drawn in sky_rgb, unlit */
    float sky_rgb[3];
    float lift;                 /* perspective views: LIGHT_LIFT */
    int tint;                   /* --pvs: visible from the camera's cluster */
} face_paint;

unsigned char render_byte(float v)
{
    float b = floorf(v * 255.0f + 0.5f);
    return (unsigned char)(b < 0.0f ? 0.0f : b > 255.0f ? 255.0f : b);
}

/* The colour of luxel (i, j) of a block under the rule, as display bytes. */
void render_luxel(const uint8_t *block, int32_t w, uint32_t bpl, const light_rule *rule, int32_t i,
                  int32_t j, unsigned char out[3])
{
    float l[3];
    int k;
    light_luxel(rule, block, w, bpl, i, j, l);
    for (k = 0; k < 3; k++) out[k] = render_byte(l[k]);
}

static int32_t clampi(int32_t v, int32_t lo, int32_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* The pixel of the attributes a (A_*); 0: a hole. cue: the perspective
 * view's distance (faces) or height (sky) factor. */
static int paint(const face_paint *p, const float *a, float cue, unsigned char out[3])
{
    float light[3], tex[3];
    int k, got;
    if (p->sky) {
        for (k = 0; k < 3; k++) out[k] = render_byte(p->sky_rgb[k] * cue);
        return 1;
    }
    got = render_texel(p->look, p->tex, a[A_TU], a[A_TV], tex);
    if (!got) return 0;
    if (got == 2 || p->look->unlit) {
        for (k = 0; k < 3; k++) light[k] = 1.0f;
    } else if (p->lm || p->vertex_light) {
        if (p->lm) {   /* luxel k covers [k, k + 1) */
            int32_t i = clampi((int32_t)floorf(a[A_LMU]), 0, p->w - 1);
            int32_t j = clampi((int32_t)floorf(a[A_LMV]), 0, p->h - 1);
            light_luxel(p->look->rule, p->lm, p->w, p->bpl, i, j, light);
        } else {
            for (k = 0; k < 3; k++) light[k] = a[A_LIGHT + k];
        }
        for (k = 0; k < 3; k++) {  /* weak channels towards the strongest */
            float hi = fmaxf(light[0], fmaxf(light[1], light[2]));
            light[k] += p->lift * (hi - light[k]);
        }
        if (p->look->hist) {   /* the pixel before the exposure: its brightest channel */
            float hi = 0.0f;
            for (k = 0; k < 3; k++) hi = fmaxf(hi, tex[k] * light[k]);
            p->look->hist[expose_bin(hi * a[A_SHADE] * cue)]++;
        }
        for (k = 0; k < 3; k++) light[k] *= p->look->exposure;
    } else {
        for (k = 0; k < 3; k++) light[k] = p->look->textured ? 1.0f : a[A_GREY];
    }
    for (k = 0; k < 3; k++) {
        float c = tex[k] * light[k];
        out[k] = (unsigned char)((float)render_byte(c < 1.0f ? c : 1.0f) * a[A_SHADE] * cue);
    }
    if (p->tint) {
        out[0] = (unsigned char)(out[0] * 3 / 5);
        out[1] = (unsigned char)(out[1] * 3 / 5 + 102);
        out[2] = (unsigned char)(out[2] * 3 / 5);
    }
    return 1;
}

/* ---- the frame ------------------------------------------------------------ */

static float dot3(const float a[3], const float b[3])
{
    float xy = a[0] * b[0] + a[1] * b[1];
    return xy + a[2] * b[2];
}

static void to_camera(const frame *fr, const float p[3], float cam[3])
{
    float d[3];
    int k;
    for (k = 0; k < 3; k++) d[k] = p[k] - fr->eye[k];
    cam[0] = dot3(d, fr->right);
    cam[1] = dot3(d, fr->up);
    cam[2] = dot3(d, fr->fwd);
}

/* Screen position (x, y), depth and the perspective weight of a vertex. */
static void to_screen(const frame *fr, const sv *v, float s[4])
{
    if (fr->top) {
        s[0] = (v->world[0] - fr->minx) * fr->scale;
        s[1] = (fr->maxy - v->world[1]) * fr->scale;
        s[2] = v->world[2];
        s[3] = 1.0f;
    } else {
        float iz = 1.0f / v->cam[2];
        s[0] = (float)fr->w * 0.5f + v->cam[0] * iz * fr->focal;
        s[1] = (float)fr->h * 0.5f - v->cam[1] * iz * fr->focal;
        s[2] = iz;
        s[3] = iz;
    }
}

#define TOP_LOW 0.55f   /* --top: the lowest floor's shade, the highest 1 */
float render_height_cue(const frame *fr, float z)
{
    float t;
    if (!(fr->zhi - fr->zlo >= 1.0f)) return 1.0f;
    t = (z - fr->zlo) / (fr->zhi - fr->zlo);
    t = t < 0.0f ? 0.0f : t > 1.0f ? 1.0f : t;
    return TOP_LOW + (1.0f - TOP_LOW) * t;
}

/* Perspective views only (--top: 1): a face's pixel dims with its depth z,
 * 1 - CUE_FAR * z / (z + CUE_DIST), so one floor or wall under flat light
 * still shows its slant; the sky is lighter towards the horizon,
 * SKY_HORIZON - SKY_ZENITH * the height of the ray (its z over its length). */
#define CUE_FAR 0.45f
#define CUE_DIST 1024.0f
#define SKY_HORIZON 1.08f
#define SKY_ZENITH 0.38f
static float view_cue(const frame *fr, const face_paint *p, float px, float py, float d)
{
    float ray[3], len;
    int k;
    if (fr->top) return fr->relief ? render_height_cue(fr, d) : 1.0f;
    if (!p->sky) {
        float z = d > 0.0f ? 1.0f / d : CUE_DIST * 1e6f;
        return 1.0f - CUE_FAR * z / (z + CUE_DIST);
    }
    for (k = 0; k < 3; k++)
        ray[k] = fr->fwd[k] * fr->focal + fr->right[k] * (px - (float)fr->w * 0.5f) -
                 fr->up[k] * (py - (float)fr->h * 0.5f);
    len = sqrtf(dot3(ray, ray));
    return SKY_HORIZON - SKY_ZENITH * (len > 0.0f && ray[2] > 0.0f ? ray[2] / len : 0.0f);
}

static void fill(frame *fr, const sv *a, const sv *b, const sv *c, int32_t face, const face_paint *p)
{
    float s[3][4], area;
    const sv *v[3];
    int x0, x1, y0, y1, x, y, k;
    v[0] = a; v[1] = b; v[2] = c;
    for (k = 0; k < 3; k++) to_screen(fr, v[k], s[k]);
    area = (s[1][0] - s[0][0]) * (s[2][1] - s[0][1]) - (s[2][0] - s[0][0]) * (s[1][1] - s[0][1]);
    if (area == 0.0f || !isfinite(area)) return;
    x0 = (int)floorf(fminf(s[0][0], fminf(s[1][0], s[2][0])));
    x1 = (int)ceilf(fmaxf(s[0][0], fmaxf(s[1][0], s[2][0])));
    y0 = (int)floorf(fminf(s[0][1], fminf(s[1][1], s[2][1])));
    y1 = (int)ceilf(fmaxf(s[0][1], fmaxf(s[1][1], s[2][1])));
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > fr->w - 1) x1 = fr->w - 1;
    if (y1 > fr->h - 1) y1 = fr->h - 1;
    for (y = y0; y <= y1; y++)
        for (x = x0; x <= x1; x++) {
            float px = (float)x + 0.5f, py = (float)y + 0.5f, wgt[3], d, pw, at[A_COUNT];
            size_t i = (size_t)y * (size_t)fr->w + (size_t)x;
            for (k = 0; k < 3; k++) {
                const float *p1 = s[(k + 1) % 3], *p2 = s[(k + 2) % 3];
                wgt[k] = ((p2[0] - p1[0]) * (py - p1[1]) - (p2[1] - p1[1]) * (px - p1[0])) / area;
            }
            if (wgt[0] < 0.0f || wgt[1] < 0.0f || wgt[2] < 0.0f) continue;
            d = wgt[0] * s[0][2] + wgt[1] * s[1][2] + wgt[2] * s[2][2];
            if (d <= fr->depth[i]) continue;
            pw = wgt[0] * s[0][3] + wgt[1] * s[1][3] + wgt[2] * s[2][3];
            for (k = 0; k < A_COUNT; k++)   /* perspective-correct; one value stays exact */
                at[k] = a->a[k] == b->a[k] && b->a[k] == c->a[k] ? a->a[k]
                        : (wgt[0] * s[0][3] * a->a[k] + wgt[1] * s[1][3] * b->a[k] +
                           wgt[2] * s[2][3] * c->a[k]) / pw;
            if (!paint(p, at, view_cue(fr, p, px, py, d), fr->rgb + 3 * i)) continue;
            fr->depth[i] = d;
            fr->face[i] = face;
            fr->wz[i] = d;
            fr->lmu[i] = p->lm ? at[A_LMU] : NAN;
            fr->lmv[i] = p->lm ? at[A_LMV] : NAN;
        }
}

static void lerp_sv(const sv *a, const sv *b, float t, sv *out)
{
    int k;
    for (k = 0; k < 3; k++) {
        out->cam[k] = a->cam[k] + (b->cam[k] - a->cam[k]) * t;
        out->world[k] = a->world[k] + (b->world[k] - a->world[k]) * t;
    }
    for (k = 0; k < A_COUNT; k++)
        out->a[k] = a->a[k] == b->a[k] ? a->a[k] : a->a[k] + (b->a[k] - a->a[k]) * t;
}

/* Clip a triangle to z >= NEAR_Z (perspective) and fill the pieces. */
static void draw_tri(frame *fr, const sv *t, int32_t face, const face_paint *p)
{
    sv poly[4];
    int n = 0, k;
    if (fr->top) {
        fill(fr, &t[0], &t[1], &t[2], face, p);
        return;
    }
    for (k = 0; k < 3; k++) {
        const sv *a = &t[k], *b = &t[(k + 1) % 3];
        int ina = a->cam[2] >= NEAR_Z, inb = b->cam[2] >= NEAR_Z;
        if (ina) poly[n++] = *a;
        if (ina != inb) lerp_sv(a, b, (NEAR_Z - a->cam[2]) / (b->cam[2] - a->cam[2]), &poly[n++]);
    }
    for (k = 2; k < n; k++) fill(fr, &poly[0], &poly[k - 1], &poly[k], face, p);
}

#define HIDDEN (BSP_SURF_SKY | BSP_SURF_NODRAW | BSP_SURF_SKIP | BSP_SURF_HINT | BSP_SURF_TRIGGER)
/* --top shows the floor plan: no roof of sky, no glass or fog volume over
 * it, no tool brush the compiler kept */
#define HIDDEN_TOP (HIDDEN | BSP_SURF_TRANSLUCENT)

int render_face_shown(const frame *fr, const bsp_face *f)
{
    if ((f->flags & (fr->top ? HIDDEN_TOP : HIDDEN & ~BSP_SURF_SKY)) || f->num_tris == 0) return 0;
    if (fr->top && f->texture >= 0 && (uint32_t)f->texture < fr->look->names && fr->look->tool[f->texture])
        return 0;
    if (f->kind == BSP_FACE_PATCH) return 1;   /* curved: render_tri_shown */
    if (f->normal[0] == 0.0f && f->normal[1] == 0.0f && f->normal[2] == 0.0f) return 1;
    return fr->top ? f->normal[2] > 0.0f : dot3(f->normal, fr->eye) - f->dist > 0.0f;
}

int render_tri_shown(const frame *fr, const render_mface *mf, const uint32_t t[3])
{
    const render_vert *v = fr->mesh->vert + mf->first_vert;
    if (!fr->top || !mf->curved) return 1;
    return v[t[0]].normal[2] + v[t[1]].normal[2] + v[t[2]].normal[2] > 0.0f;
}

/* Perspective views raise a luxel's weaker channels a quarter of the way
 * to its strongest: a room under pure blue light keeps its hue and still
 * shows its walls (--top --raw-light keeps the engine's light). */
#define LIGHT_LIFT 0.25f
#define SHADE_BASE 0.55f
#define SHADE_SPAN 0.45f
static const float shade_dir[3] = { 0.3017f, 0.4526f, 0.8391f };   /* unit */

void render_face(frame *fr, const bsp_map *m, uint32_t face, int tint)
{
    bsp_face f;
    face_paint p;
    const render_mface *mf;
    uint32_t k, bytes;
    sv *v;
    if (face >= fr->mesh->num_faces || bsp_get_face(m, face, &f) != BSP_OK || !render_face_shown(fr, &f))
        return;
    mf = &fr->mesh->face[face];
    if (mf->num_verts == 0) return;
    memset(&p, 0, sizeof p);
    p.tint = tint;
    p.look = fr->look;
    p.tex = f.texture;
    p.sky = (f.flags & BSP_SURF_SKY) != 0;
    if (p.sky) render_sky(fr->look, f.texture, p.sky_rgb);
    p.lift = fr->top && !fr->relief ? 0.0f : LIGHT_LIFT;
    if (mf->lit == RENDER_LIGHTMAP && bsp_face_lightmap_data(m, face, 0, &p.lm, &bytes) != BSP_OK) p.lm = NULL;
    p.vertex_light = mf->lit == RENDER_VERTEX_LIGHT;
    p.w = f.lightmap.page >= 0 ? 128 : f.lightmap.w;   /* quake3: the page */
    p.h = f.lightmap.page >= 0 ? 128 : f.lightmap.h;
    p.bpl = f.lightmap.page >= 0 ? 3 : light_bpl(&f.lightmap);
    v = malloc(sizeof *v * mf->num_verts);
    if (!v) return;
    for (k = 0; k < mf->num_verts; k++) {
        const render_vert *rv = fr->mesh->vert + mf->first_vert + k;
        const float *n = rv->normal;
        int c;
        memcpy(v[k].world, rv->pos, sizeof rv->pos);
        to_camera(fr, rv->pos, v[k].cam);
        v[k].a[A_LMU] = rv->lm[0];
        v[k].a[A_LMV] = rv->lm[1];
        v[k].a[A_TU] = rv->st[0];
        v[k].a[A_TV] = rv->st[1];
        v[k].a[A_GREY] = 0.35f + 0.4f * fabsf(n[2]) + 0.15f * fabsf(n[0]);
        /* a light from above and aside, so no two wall directions look
           alike (--top: only when the picture is not lit by the lightmaps) */
        v[k].a[A_SHADE] = fr->top && !fr->look->unlit ? 1.0f
                          : SHADE_BASE + SHADE_SPAN * (0.5f + 0.5f * dot3(n, shade_dir));
        for (c = 0; c < 3; c++) v[k].a[A_LIGHT + c] = light_display(fr->look->rule, rv->color[c]);
    }
    for (k = 0; k < mf->num_tris; k++) {
        const uint32_t *t = fr->mesh->tri + 3 * (size_t)(mf->first_tri + k);
        sv tri[3];
        if (!render_tri_shown(fr, mf, t)) continue;
        tri[0] = v[t[0]]; tri[1] = v[t[1]]; tri[2] = v[t[2]];
        draw_tri(fr, tri, (int32_t)face, &p);
    }
    free(v);
}

/* A 7 x 7 cross at world point p, drawn over what is nearer (perspective:
 * unless a face lies in front of it; --top: always, as seen from above). */
void render_marker(frame *fr, const float p[3], const unsigned char rgb[3])
{
    sv v;
    float s[4];
    int x, y, k, d;
    memset(&v, 0, sizeof v);
    for (k = 0; k < 3; k++) v.world[k] = p[k];
    to_camera(fr, p, v.cam);
    if (!fr->top && v.cam[2] < NEAR_Z) return;
    to_screen(fr, &v, s);
    if (!(s[0] > -8.0f && s[0] < (float)fr->w + 8.0f && s[1] > -8.0f && s[1] < (float)fr->h + 8.0f))
        return;
    for (d = -3; d <= 3; d++)
        for (k = 0; k < 2; k++) {
            size_t i;
            x = (int)s[0] + (k ? d : 0);
            y = (int)s[1] + (k ? 0 : d);
            if (x < 0 || y < 0 || x >= fr->w || y >= fr->h) continue;
            i = (size_t)y * (size_t)fr->w + (size_t)x;
            if (!fr->top && fr->depth[i] > s[2] * 1.01f) continue;   /* behind a face */
            fr->rgb[3 * i] = rgb[0];
            fr->rgb[3 * i + 1] = rgb[1];
            fr->rgb[3 * i + 2] = rgb[2];
        }
}
