/* SPDX-License-Identifier: MIT */
/* lightmap.c - lightmap samples and the contract's light queries
 * (docs/queries.md sections 4 and 5), computed from the description.
 *
 * All s/t arithmetic is float, in the contract's order, built with
 * -ffp-contract=off, so it matches the loader bit for bit.
 */
#include "world.h"

#include <math.h>
#include <stdlib.h>

/* Mostly small exponents, both signs, plus a few extremes (-128, 127,
 * subnormal results) that a careless ldexpf or exponent sign gets wrong. */
static const signed char exponents[32] = {-8, -7, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3, -1, -2, -3, -4,
                                          -5, -6, 0, 1, -9, -10, -12, -16, 4, 5, 6, 7, -128, -127, 127, -20};

/* The demo map's light (gen_demo_light): a person should see rooms, so
 * each luxel is a tile of a checkered floor or a panelled ceiling in its
 * room's colour, not the tests' random bytes. NULL: the tests' light. */
static const gen_world *demo_world;

void gen_demo_light(const gen_world *w) { demo_world = w; }

/* Tiles of 2 x 2 luxels (32 units: a player's width), light and dark; a
 * floor (facing up) brighter than a ceiling; a band of 2 luxels along
 * each face's edge a step darker, so rooms' borders show; and a light
 * over each face's middle, fading to 85 % at the corners. */
static void demo_sample(int hdr, int face, int slot, int page, int i, int j, unsigned char out[4])
{
    static const unsigned char rooms[6][3] = {
        {208, 176, 128}, {128, 168, 208}, {176, 200, 136}, {208, 144, 128}, {184, 168, 208}, {200, 200, 184},
    };
    const gen_face *f = &demo_world->faces[face];
    const gen_plane *pl = &demo_world->planes[f->plane];
    int up = (pl->normal[2] > 0.0f) == (f->side == 0);
    int room = f->room < 0 ? 5 : f->room % 6, k, w = f->lsize[0] + 1, h = f->lsize[1] + 1;
    int edge = i < 2 || j < 2 || i >= w - 2 || j >= h - 2;
    float shade = (((i >> 1) + (j >> 1)) & 1) ? 1.0f : 0.7f;
    if (!up) shade *= 0.55f;                  /* the ceiling */
    float di = (2.0f * (float)i + 1.0f) / (float)w - 1.0f, dj = (2.0f * (float)j + 1.0f) / (float)h - 1.0f;
    if (edge) shade *= 0.8f;
    shade *= 1.0f - 0.3f * (di * di + dj * dj) / 2.0f;   /* a light over the middle */
    if (slot > 0 || page > 0) shade *= 0.5f;  /* other styles and pages: dimmer */
    if (hdr) shade *= 0.9f;                   /* LDR and HDR still differ */
    for (k = 0; k < 3; k++) out[k] = (unsigned char)(rooms[room][k] * shade);
    out[3] = 0;
}

void gen_sample(int hdr, int face, int slot, int page, int i, int j, unsigned char out[4])
{
    if (demo_world) {
        demo_sample(hdr, face, slot, page, i, j, out);
        return;
    }
    {
    /* The HDR seed differs, so LDR and HDR bytes of the same luxel differ:
     * reading the wrong lighting lump cannot go unnoticed. */
    uint32_t h = gen_hash32(hdr ? 0x48445230u : 0x4c445230u, (uint32_t)face, (uint32_t)(slot * 8 + page),
                            ((uint32_t)i << 16) ^ (uint32_t)j);
    out[0] = (unsigned char)(h & 0xff);
    out[1] = (unsigned char)((h >> 8) & 0xff);
    out[2] = (unsigned char)((h >> 16) & 0xff);
    out[3] = (unsigned char)exponents[(h >> 24) & 31];
    }
}

int gen_face_has_lightmap(const gen_face *f, int slot)
{
    return slot >= 0 && slot < 4 && f->styles[slot] != GEN_NO_STYLE;
}

int gen_face_w(const gen_face *f) { return f->lsize[0] + 1; }
int gen_face_h(const gen_face *f) { return f->lsize[1] + 1; }

static float lm_coord(const float v[4], int mins, const float p[3])
{
    float d = p[0] * v[0] + p[1] * v[1];
    d = d + p[2] * v[2];
    d = d + v[3];
    return d - (float)mins;
}

void gen_face_st(const gen_face *f, const float p[3], float *s, float *t)
{
    const gen_texinfo *ti = &gen_texinfos[f->texinfo];
    *s = lm_coord(ti->lm[0], f->lmins[0], p);
    *t = lm_coord(ti->lm[1], f->lmins[1], p);
}

static int round_clamp(float s, int n)
{
    float r = floorf(s + 0.5f);
    if (r < 0) return 0;
    if (r > (float)(n - 1)) return n - 1;
    return (int)r;
}

void gen_face_ij(const gen_face *f, const float p[3], int *i, int *j)
{
    float s, t;
    gen_face_st(f, p, &s, &t);
    *i = round_clamp(s, gen_face_w(f));
    *j = round_clamp(t, gen_face_h(f));
}

/* Rounding is robust when s + 0.5 is not near an integer that changes the
 * clamped result (1 .. W-1). */
static int round_clear(float s, int n, float eps)
{
    float u = s + 0.5f, k = floorf(u + 0.5f);
    if (k < 1 || k > (float)(n - 1)) return 1;
    return fabsf(u - k) > eps;
}

/* The light range test 0 <= s <= W-1 is robust away from both ends. */
static int range_clear(float s, int n, float eps)
{
    return fabsf(s) > eps && fabsf(s - (float)(n - 1)) > eps;
}

int gen_face_st_clear(const gen_face *f, const float p[3], float eps)
{
    float s, t;
    gen_face_st(f, p, &s, &t);
    return round_clear(s, gen_face_w(f), eps) && round_clear(t, gen_face_h(f), eps);
}

static int cmp_desc(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x < y) - (x > y);
}

/* The contract's test of one face for the Source families: the face has a
 * lightmap for slot 0 and 0 <= s <= W-1, 0 <= t <= H-1 at p. */
static int source_face_test(const void *ctx, int f, const float p[3], float eps, int *clear)
{
    const gen_face *fc = &((const gen_world *)ctx)->faces[f];
    float s, t;
    int W = gen_face_w(fc), H = gen_face_h(fc);
    if (!gen_face_has_lightmap(fc, 0)) return 0;
    gen_face_st(fc, p, &s, &t);
    if (clear && !(range_clear(s, W, eps) && range_clear(t, H, eps))) *clear = 0;
    if (s >= 0 && s <= (float)(W - 1) && t >= 0 && t <= (float)(H - 1)) {
        if (clear && !gen_face_st_clear(fc, p, eps)) *clear = 0;
        return 1;
    }
    return 0;
}

int gen_light_point_with(const gen_world *w, const float p[3], int *clear, gen_face_test test, const void *ctx)
{
    const gen_model *m = &w->models[0];
    int *zs = malloc((size_t)(m->numfaces + 1) * sizeof *zs);
    int nz = 0, k, f, hit = -1;
    const float eps = 0.01f;
    if (!zs) gen_die("out of memory");
    /* The walk below is only the contract's trace when the crossing point
     * never matters: no texinfo may take z into s or t. */
    for (k = 0; k < gen_num_texinfos; k++)
        if (gen_texinfos[k].lm[0][2] != 0 || gen_texinfos[k].lm[1][2] != 0) gen_die("lightmap vecs use z");

    /* Every z plane holding world faces, highest first; each spans all xy,
     * so a vertical segment from p crosses exactly those below p. */
    for (f = m->firstface; f < m->firstface + m->numfaces; f++) {
        int z = w->faces[f].rect.lo[2];
        for (k = 0; k < nz && zs[k] != z; k++) {
        }
        if (k == nz) zs[nz++] = z;
    }
    qsort(zs, (size_t)nz, sizeof *zs, cmp_desc);
    for (k = 0; k < nz && hit < 0; k++) {
        if (!((float)zs[k] < p[2] && (float)zs[k] > p[2] - 32768.0f)) continue;
        for (f = m->firstface; f < m->firstface + m->numfaces && hit < 0; f++) {
            if (w->faces[f].rect.lo[2] != zs[k]) continue;
            if (test(ctx, f, p, eps, clear)) hit = f;
        }
    }
    free(zs);
    return hit;
}

int gen_light_point(const gen_world *w, const float p[3], int *clear)
{
    return gen_light_point_with(w, p, clear, source_face_test, w);
}
