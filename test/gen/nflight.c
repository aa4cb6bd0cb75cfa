/* SPDX-License-Identifier: MIT */
/* nflight.c - Nightfire lightmaps of a generated world (docs/queries.md 4,
 * nightfire): a face's lightmap axes are its texinfo's lightmap vecs
 * (written as projection 2t + 1), its size comes from its four vertices
 * by the contract's rule (per vertex in double, rounded once to float;
 * lo = floor(min), hi = ceil(max), W = hi - lo + 1, no division by 16),
 * its RGB block holds one W x H page per style (the pattern of
 * gen_sample). The last lit face's LightingOffset points 3 bytes before
 * the lump's end, so its block runs past it: no_lightmap for every slot.
 */
#include "nflight.h"

#include <math.h>
#include <stdlib.h>

static void nf_axes(const gen_view *v, int f, float out[2][4])
{
    const gen_texinfo *t = &gen_texinfos[v->w->faces[f].texinfo];
    int a, k;
    for (a = 0; a < 2; a++)
        for (k = 0; k < 4; k++) out[a][k] = t->lm[a][k];
}

static void nf_extents(const gen_view *v, int f, gen_qlm *q)
{
    const gen_face *fc = &v->w->faces[f];
    float vecs[2][4];
    int vi[4], a, k;
    nf_axes(v, f, vecs);
    id_face_verts(v->w, f, vi);
    for (a = 0; a < 2; a++) {
        float lo = 0, hi = 0;
        for (k = 0; k < 4; k++) {
            const int *p = v->w->verts[vi[k]];
            float val = gen_extent_val(p[0], p[1], fc->rect.lo[2], vecs[a]);
            if (k == 0 || val < lo) lo = val;
            if (k == 0 || val > hi) hi = val;
        }
        q->tmins[a] = (int)floorf(lo);
        q->extents[a] = (int)ceilf(hi) - q->tmins[a];
    }
    q->w = q->extents[0] + 1;
    q->h = q->extents[1] + 1;
}

void gen_nf_light_build(gen_view *v)
{
    const gen_world *w = v->w;
    int f, last = -1, total = 0;
    v->nf_ofs = malloc(((size_t)w->nfaces + 1) * sizeof *v->nf_ofs);
    v->qlm = calloc((size_t)w->nfaces + 1, sizeof *v->qlm);
    if (!v->nf_ofs || !v->qlm) gen_die("out of memory");
    for (f = 0; f < w->nfaces; f++) {
        const gen_face *fc = &w->faces[f];
        nf_extents(v, f, &v->qlm[f]);
        v->nf_ofs[f] = -1;
        if (fc->nstyles == 0) continue;
        v->nf_ofs[f] = total;
        total += 3 * fc->nstyles * v->qlm[f].w * v->qlm[f].h;
        last = f;
    }
    if (last < 0) gen_die("nightfire: no lit face");
    total = v->nf_ofs[last]; /* the last face's block is not written... */
    v->nf_ofs[last] = total - 3; /* ...and its offset runs it past the lump */
    v->nf_lightbytes = total;
    v->luxel_bytes = 3;
}

void gen_nf_light_lump(const gen_view *v, gbuf *out)
{
    const gen_world *w = v->w;
    int f, slot, i, j;
    for (f = 0; f < w->nfaces; f++) {
        const gen_face *fc = &w->faces[f];
        if (!gen_nf_has_lightmap(v, f, 0)) continue;
        if ((size_t)v->nf_ofs[f] != out->len) gen_die("nightfire lighting out of order at face %d", f);
        for (slot = 0; slot < fc->nstyles; slot++)
            for (j = 0; j < v->qlm[f].h; j++)
                for (i = 0; i < v->qlm[f].w; i++) {
                    unsigned char s[4];
                    gen_sample(0, f, slot, 0, i, j, s);
                    gbuf_put(out, s, 3);
                }
    }
    if (out->len != (size_t)v->nf_lightbytes) gen_die("nightfire lighting: %lu bytes", (unsigned long)out->len);
}

int gen_nf_has_lightmap(const gen_view *v, int f, int slot)
{
    const gen_face *fc = &v->w->faces[f];
    long block = 3L * v->qlm[f].w * v->qlm[f].h;
    if (v->nf_ofs[f] < 0 || !gen_face_has_lightmap(fc, slot)) return 0;
    return v->nf_ofs[f] + block * (slot + 1) <= v->nf_lightbytes;
}

/* s - lo (luxels) before rounding, float in the contract's order. */
void gen_nf_lux(const gen_view *v, int f, const float p[3], float out[2])
{
    float vecs[2][4];
    int a;
    nf_axes(v, f, vecs);
    for (a = 0; a < 2; a++) {
        float d = p[0] * vecs[a][0] + p[1] * vecs[a][1];
        d = d + p[2] * vecs[a][2];
        d = d + vecs[a][3];
        out[a] = d - (float)v->qlm[f].tmins[a];
    }
}
