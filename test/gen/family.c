/* SPDX-License-Identifier: MIT */
/* family.c - gen_view: a gen_world as one BSP family numbers and answers
 * it (see family.h). */
#include "family.h"
#include "nflight.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int gen_family_quakelike(int family)
{
    return family == GEN_FAM_QUAKE || family == GEN_FAM_GOLDSRC || family == GEN_FAM_BSP2 ||
           family == GEN_FAM_BSP2RMQ || family == GEN_FAM_QUAKE2;
}

static int q1_leaves(int family)
{
    return family == GEN_FAM_QUAKE || family == GEN_FAM_GOLDSRC || family == GEN_FAM_BSP2 ||
           family == GEN_FAM_BSP2RMQ;
}

/* ---------------- quake-like texture vecs and lightmap extents ---------------- */

const int gen_num_qk_texinfos = 6;

void gen_qk_vecs(int t, float out[2][4])
{
    int a, k;
    if (t < 0 || t >= gen_num_qk_texinfos) gen_die("no quake texinfo %d", t);
    if (t == GEN_QK_ODD_TEXINFO) {
        static const float odd[2][4] = {{3.192f, 0, 0, 193.92f}, {0, 1, 0, 0}};
        memcpy(out, odd, sizeof odd);
        return;
    }
    /* 16 texture units per luxel: the world's lightmap vecs times 16
     * (exact: those are multiples of 1/16). */
    for (a = 0; a < 2; a++)
        for (k = 0; k < 4; k++) out[a][k] = 16.0f * gen_texinfos[t].lm[a][k];
}

float gen_extent_val(int x, int y, int z, const float vec[4])
{
    double d = (double)x * (double)vec[0] + (double)y * (double)vec[1];
    d = d + (double)z * (double)vec[2];
    d = d + (double)vec[3];
    return (float)d;
}

/* docs/queries.md section 4: per vertex the value in double, rounded once to
 * float; texturemins = 16 floor(min / 16), extents = 16 ceil(max / 16) -
 * texturemins. */
static void qk_extents(const gen_face *fc, int texinfo, gen_qlm *q)
{
    float vecs[2][4];
    int corner[4][2], a, k;
    gen_qk_vecs(texinfo, vecs);
    corner[0][0] = corner[1][0] = fc->rect.lo[0];
    corner[2][0] = corner[3][0] = fc->rect.hi[0];
    corner[0][1] = corner[3][1] = fc->rect.lo[1];
    corner[1][1] = corner[2][1] = fc->rect.hi[1];
    for (a = 0; a < 2; a++) {
        float lo = 0, hi = 0;
        int bl, bh;
        for (k = 0; k < 4; k++) {
            float val = gen_extent_val(corner[k][0], corner[k][1], fc->rect.lo[2], vecs[a]);
            if (k == 0 || val < lo) lo = val;
            if (k == 0 || val > hi) hi = val;
        }
        bl = (int)floor((double)lo / 16.0);
        bh = (int)ceil((double)hi / 16.0);
        q->tmins[a] = 16 * bl;
        q->extents[a] = 16 * (bh - bl);
    }
    q->w = q->extents[0] / 16 + 1;
    q->h = q->extents[1] / 16 + 1;
}

/* s, t in texture space, float arithmetic in the contract's order. */
static void qk_st(const gen_view *v, int f, const float p[3], float *s, float *t)
{
    float vecs[2][4], r[2];
    int a;
    gen_qk_vecs(v->face_texinfo[f], vecs);
    for (a = 0; a < 2; a++) {
        float d = p[0] * vecs[a][0] + p[1] * vecs[a][1];
        d = d + p[2] * vecs[a][2];
        r[a] = d + vecs[a][3];
    }
    *s = r[0];
    *t = r[1];
}

/* Luxel coordinate before rounding: (s - texturemins) / 16. */
static float qk_lux(float s, int tmins) { return (s - (float)tmins) / 16.0f; }

static int qk_round(float x, int n)
{
    float r = floorf(x + 0.5f);
    if (r < 0) return 0;
    if (r > (float)(n - 1)) return n - 1;
    return (int)r;
}

static int qk_round_clear(float x, int n, float eps)
{
    float u = x + 0.5f, k = floorf(u + 0.5f);
    if (k < 1 || k > (float)(n - 1)) return 1;
    return fabsf(u - k) > eps;
}

/* light: texturemins <= s <= texturemins + extents */
static int qk_face_test(const void *ctx, int f, const float p[3], float eps, int *clear)
{
    const gen_view *v = ctx;
    const gen_qlm *q = &v->qlm[f];
    float s, t, lo0, hi0, lo1, hi1, e = eps * 16.0f;
    if (!gen_view_has_lightmap(v, f, 0)) return 0;
    qk_st(v, f, p, &s, &t);
    lo0 = (float)q->tmins[0];
    hi0 = (float)(q->tmins[0] + q->extents[0]);
    lo1 = (float)q->tmins[1];
    hi1 = (float)(q->tmins[1] + q->extents[1]);
    if (clear && !(fabsf(s - lo0) > e && fabsf(s - hi0) > e && fabsf(t - lo1) > e && fabsf(t - hi1) > e))
        *clear = 0;
    if (s >= lo0 && s <= hi0 && t >= lo1 && t <= hi1) {
        if (clear && !gen_view_st_clear(v, f, p, eps)) *clear = 0;
        return 1;
    }
    return 0;
}

/* ---------------- building a view ---------------- */

static int *alloc_ints(int n)
{
    int *p = calloc((size_t)n + 1, sizeof *p);
    if (!p) gen_die("out of memory");
    return p;
}

static int room_sees(const gen_world *w, int a, int b)
{
    return w->desc->sees[(size_t)a * (size_t)w->desc->nrooms + (size_t)b] != 0;
}

static void set_bit(unsigned char *row, int k) { row[k >> 3] |= (unsigned char)(1u << (k & 7)); }

static void all_bits(unsigned char *row, int n)
{
    int k;
    memset(row, 0, (size_t)gen_vis_rowbytes(n));
    for (k = 0; k < n; k++) set_bit(row, k);
}

void gen_view_build(const gen_world *w, int family, int vis, gen_view *v)
{
    int l, c, d, nworld_nodes = 0, nworld_leaves = 0;
    memset(v, 0, sizeof *v);
    v->w = w;
    v->family = family;
    v->vis = vis;
    v->lightmaps = family == GEN_FAM_SOURCE || gen_family_quakelike(family);
    v->has_pas = family == GEN_FAM_SOURCE || family == GEN_FAM_QUAKE2;
    v->submodels = family != GEN_FAM_QUAKE3 && family != GEN_FAM_NIGHTFIRE;
    v->luxel_bytes = family == GEN_FAM_SOURCE ? 4
                     : (family == GEN_FAM_GOLDSRC || family == GEN_FAM_QUAKE2) ? 3
                                                                             : 1;

    /* The world's nodes and leaves come first (compiled first). */
    while (nworld_nodes < w->nnodes && w->nodes[nworld_nodes].model == 0) nworld_nodes++;
    for (l = nworld_nodes; l < w->nnodes; l++)
        if (w->nodes[l].model == 0) gen_die("world nodes are not contiguous");
    while (1 + nworld_leaves < w->nleaves && w->leaves[1 + nworld_leaves].model == 0) nworld_leaves++;
    for (l = 1 + nworld_leaves; l < w->nleaves; l++)
        if (w->leaves[l].model == 0) gen_die("world leaves are not contiguous");
    v->nnodes = (family == GEN_FAM_QUAKE3 || family == GEN_FAM_NIGHTFIRE) ? nworld_nodes : w->nnodes;

    v->leaf_of = alloc_ints(w->nleaves);
    v->leaf_src = alloc_ints(w->nleaves);
    v->leaf_cluster = alloc_ints(w->nleaves);
    v->leaf_contents = alloc_ints(w->nleaves);
    v->leaf_allvis = alloc_ints(w->nleaves);

    if (q1_leaves(family)) {
        /* leaf 0 stands for every solid leaf; then the world's empty
         * leaves, then the door's */
        int pass;
        v->nleaves = 1;
        v->leaf_src[0] = 0;
        v->leaf_cluster[0] = -1;
        v->leaf_contents[0] = -2; /* CONTENTS_SOLID */
        for (l = 0; l < w->nleaves; l++) v->leaf_of[l] = 0;
        for (pass = 0; pass < 2; pass++) {
            int first = v->nleaves;
            for (l = 1; l < w->nleaves; l++) {
                const gen_leaf *lf = &w->leaves[l];
                if (lf->model != pass || lf->contents != GEN_CONTENTS_EMPTY) continue;
                v->leaf_of[l] = v->nleaves;
                v->leaf_src[v->nleaves] = l;
                v->leaf_cluster[v->nleaves] = pass == 0 ? v->nleaves - 1 : -1;
                v->leaf_contents[v->nleaves] = -1; /* CONTENTS_EMPTY */
                v->leaf_allvis[v->nleaves] = pass == 0 ? !vis : 1;
                v->nleaves++;
            }
            if (pass == 0) {
                v->world_first = first;
                v->world_count = v->nleaves - first;
            } else {
                v->door_first = first;
                v->door_count = v->nleaves - first;
            }
        }
        v->nclusters = v->world_count;
    } else {
        int first_solid = -1;
        v->nleaves = family == GEN_FAM_QUAKE3 ? 1 + nworld_leaves : w->nleaves;
        for (l = 0; l < w->nleaves; l++) {
            const gen_leaf *lf = &w->leaves[l];
            v->leaf_of[l] = l < v->nleaves ? l : -1;
            if (l >= v->nleaves) continue;
            v->leaf_src[l] = l;
            v->leaf_cluster[l] = lf->cluster;
            v->leaf_contents[l] = lf->contents;
            if (family == GEN_FAM_QUAKE3) v->leaf_contents[l] = 0; /* the contract's answer */
            if (family == GEN_FAM_NIGHTFIRE) {
                int world = l >= 1 && l <= nworld_leaves;
                v->leaf_contents[l] = lf->contents == GEN_CONTENTS_EMPTY ? 1 : 2; /* Type */
                v->leaf_cluster[l] = world ? l - 1 : -1;
                v->leaf_allvis[l] = !world && l != 0;
                if (world && lf->contents == GEN_CONTENTS_SOLID && first_solid < 0) {
                    first_solid = l;
                    v->leaf_allvis[l] = 1;
                }
            }
        }
        if (family == GEN_FAM_NIGHTFIRE) {
            v->world_first = 1;
            v->world_count = nworld_leaves;
            v->door_first = 1 + nworld_leaves;
            v->door_count = w->nleaves - v->door_first;
            v->nclusters = nworld_leaves;
            if (!vis) gen_die("nightfire maps are written with visibility");
        } else {
            v->nclusters = w->nclusters;
        }
    }

    /* PVS rows as the queries answer them */
    v->rowbytes = gen_vis_rowbytes(v->nclusters);
    v->pvs = calloc((size_t)v->nclusters * (size_t)v->rowbytes + 1, 1);
    if (!v->pvs) gen_die("out of memory");
    for (c = 0; c < v->nclusters; c++) {
        unsigned char *row = v->pvs + (size_t)c * (size_t)v->rowbytes;
        if (q1_leaves(family) || family == GEN_FAM_NIGHTFIRE) {
            int lc = v->world_first + c;
            const gen_leaf *a = &w->leaves[v->leaf_src[lc]];
            if (v->leaf_allvis[lc]) {
                all_bits(row, v->nclusters);
                continue;
            }
            for (d = 0; d < v->nclusters; d++) {
                const gen_leaf *b = &w->leaves[v->leaf_src[v->world_first + d]];
                if (a->contents == GEN_CONTENTS_EMPTY ? (b->contents == GEN_CONTENTS_EMPTY &&
                                                         room_sees(w, a->cluster, b->cluster))
                                                      : d == c)
                    set_bit(row, d);
            }
        } else if (vis) {
            gen_vis_row(w, c, 0, row);
        } else {
            all_bits(row, v->nclusters);
        }
    }

    if (gen_family_quakelike(family)) {
        int f;
        v->face_texinfo = alloc_ints(w->nfaces);
        v->qlm = calloc((size_t)w->nfaces + 1, sizeof *v->qlm);
        if (!v->qlm) gen_die("out of memory");
        for (f = 0; f < w->nfaces; f++) {
            const gen_face *fc = &w->faces[f];
            v->face_texinfo[f] = fc->texinfo;
            if (fc->model == 1 && fc->rect.lo[2] == w->desc->door.hi[2]) v->face_texinfo[f] = GEN_QK_ODD_TEXINFO;
            qk_extents(fc, v->face_texinfo[f], &v->qlm[f]);
        }
    }
}

void gen_view_free(gen_view *v)
{
    free(v->leaf_of);
    free(v->leaf_src);
    free(v->leaf_cluster);
    free(v->leaf_contents);
    free(v->leaf_allvis);
    free(v->pvs);
    free(v->face_texinfo);
    free(v->qlm);
    free(v->nf_ofs);
    memset(v, 0, sizeof *v);
}

/* ---------------- answers ---------------- */

int gen_view_leaf(const gen_view *v, int model, const float p[3])
{
    int l = gen_point_leaf(v->w, model, p);
    if (model != 0 && !v->submodels) gen_die("family %d: no point_leaf on model %d", v->family, model);
    if (v->leaf_of[l] < 0) gen_die("leaf %d is not written", l);
    return v->leaf_of[l];
}

int gen_view_has_lightmap(const gen_view *v, int f, int slot)
{
    if (v->nf_ofs) return gen_nf_has_lightmap(v, f, slot);
    return v->lightmaps && gen_face_has_lightmap(&v->w->faces[f], slot);
}

void gen_view_ij(const gen_view *v, int f, const float p[3], int *i, int *j)
{
    float s, t;
    if (v->family == GEN_FAM_SOURCE) {
        gen_face_ij(&v->w->faces[f], p, i, j);
        return;
    }
    if (v->nf_ofs) {
        float l[2];
        gen_nf_lux(v, f, p, l);
        *i = qk_round(l[0], v->qlm[f].w);
        *j = qk_round(l[1], v->qlm[f].h);
        return;
    }
    qk_st(v, f, p, &s, &t);
    *i = qk_round(qk_lux(s, v->qlm[f].tmins[0]), v->qlm[f].w);
    *j = qk_round(qk_lux(t, v->qlm[f].tmins[1]), v->qlm[f].h);
}

int gen_view_st_clear(const gen_view *v, int f, const float p[3], float eps)
{
    float s, t;
    if (v->family == GEN_FAM_SOURCE) return gen_face_st_clear(&v->w->faces[f], p, eps);
    if (v->nf_ofs) {
        float l[2];
        gen_nf_lux(v, f, p, l);
        return qk_round_clear(l[0], v->qlm[f].w, eps) && qk_round_clear(l[1], v->qlm[f].h, eps);
    }
    qk_st(v, f, p, &s, &t);
    return qk_round_clear(qk_lux(s, v->qlm[f].tmins[0]), v->qlm[f].w, eps) &&
           qk_round_clear(qk_lux(t, v->qlm[f].tmins[1]), v->qlm[f].h, eps);
}

int gen_view_sample(const gen_view *v, int hdr, int f, int slot, int i, int j, unsigned char out[4])
{
    unsigned char s[4];
    int k;
    gen_sample(v->family == GEN_FAM_SOURCE ? hdr : 0, f, slot, 0, i, j, s);
    for (k = 0; k < 4; k++) out[k] = k < v->luxel_bytes ? s[k] : 0;
    return v->luxel_bytes;
}

int gen_view_light_point(const gen_view *v, const float p[3], int *clear)
{
    if (!v->lightmaps) gen_die("family %d has no lightmaps", v->family);
    if (v->family == GEN_FAM_SOURCE) return gen_light_point(v->w, p, clear);
    return gen_light_point_with(v->w, p, clear, qk_face_test, v);
}

void gen_view_row(const gen_view *v, int c, int pas, unsigned char *row)
{
    if (c < 0 || c >= v->nclusters) gen_die("no cluster %d", c);
    if (pas) {
        if (!v->has_pas) gen_die("family %d has no PAS", v->family);
        if (v->vis) gen_vis_row(v->w, c, 1, row);
        else all_bits(row, v->nclusters);
        return;
    }
    memcpy(row, v->pvs + (size_t)c * (size_t)v->rowbytes, (size_t)v->rowbytes);
}

void gen_region_bounds(const gen_world *w, const gen_region *r, int model, int lo[3], int hi[3])
{
    const gen_ibox *mb = &w->models[model].box;
    int a, s;
    for (s = 0; s < 2; s++)
        for (a = 0; a < 3; a++) {
            float x = s ? r->hi[a] : r->lo[a];
            float mn = (float)(mb->lo[a] - 16), mx = (float)(mb->hi[a] + 16);
            x = x < mn ? mn : x > mx ? mx : x;
            if (s) hi[a] = (int)x;
            else lo[a] = (int)x;
        }
}
