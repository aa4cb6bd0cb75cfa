/* SPDX-License-Identifier: MIT */
/* disp_grid.c - a displacement's vertex grid (docs/queries.md 8.14 Grid),
 * the one arithmetic terrain's collision (disp_build.c) and the leaves'
 * displacement lists (11.1, loader/access/disp_leaves.c) both read, so
 * that what collides and what is drawn never part. */
#include "disp_build.h"
#include "../core/map.h"
#include "../core/fmath.h"

/* (its users: terrain collision, and the map access's leaf lists) */
#if BSP__DISPCOLL || (BSPKIT_ACCESS && BSPKIT_FAMILY_SOURCE && BSPKIT_COLLISION)

int bsp__disp_corner(const bsp__map *m, const uint8_t *f, uint32_t k, float v[3])
{
    const struct bsp_family *fam = m->family;
    int32_t first = bsp__field_get(f, fam->faces.face_firstedge), se, vi;
    uint32_t e;
    if (first < 0 || (uint32_t)first + k >= m->surfedges.count) return 0;
    se = bsp__i32(m->surfedges.data + ((size_t)first + k) * m->surfedges.stride);
    e = se < 0 ? (uint32_t)0 - (uint32_t)se : (uint32_t)se;
    if (e >= m->edges.count) return 0;
    vi = bsp__field_get(m->edges.data + (size_t)e * m->edges.stride, fam->faces.edge_v[se < 0]);
    if (vi < 0 || (uint32_t)vi >= m->vertexes.count) return 0;
    bsp__vread(m->vertexes.data + (size_t)vi * m->vertexes.stride, v);
    return 1;
}

int bsp__disp_grid_begin(bsp__disp_grid *g, const bsp__map *m, const uint8_t *face, const uint8_t *info,
                         uint32_t n)
{
    float P[4][3], sp[3], best = 0, inv;
    uint32_t k, j, start = 0;
    bsp__vread(info, sp);
    /* from the corner nearest startPosition (the first of equals) */
    for (k = 0; k < 4; k++) {
        float d[3], dd;
        if (!bsp__disp_corner(m, face, k, P[k])) return 0;
        for (j = 0; j < 3; j++) d[j] = bsp__fsub(sp[j], P[k][j]);
        dd = bsp__dot(d, d);
        if (k == 0 || dd < best) {
            best = dd;
            start = k;
        }
    }
    for (k = 0; k < 4; k++)
        for (j = 0; j < 3; j++) g->Q[k][j] = P[(k + start) % 4][j];
    inv = bsp__fdiv(1.0f, (float)(n - 1));
    g->n = n;
    g->inv = inv;
    for (j = 0; j < 3; j++) {
        g->E0[j] = bsp__fmul(bsp__fsub(g->Q[1][j], g->Q[0][j]), inv);
        g->E1[j] = bsp__fmul(bsp__fsub(g->Q[2][j], g->Q[3][j]), inv);
    }
    return 1;
}

void bsp__disp_grid_row(const bsp__disp_grid *g, uint32_t r, float A[3], float S[3])
{
    uint32_t j;
    for (j = 0; j < 3; j++) {
        float B = bsp__fadd(bsp__fmul(g->E1[j], (float)r), g->Q[3][j]);
        A[j] = bsp__fadd(bsp__fmul(g->E0[j], (float)r), g->Q[0][j]);
        S[j] = bsp__fmul(bsp__fsub(B, A[j]), g->inv);
    }
}

void bsp__disp_grid_vertex(const float A[3], const float S[3], uint32_t c, const uint8_t *dv, float p[3])
{
    float dist = bsp__f32(dv + 12);
    uint32_t j;
    for (j = 0; j < 3; j++)
        p[j] = bsp__fadd(bsp__fadd(A[j], bsp__fmul(S[j], (float)c)), bsp__fmul(bsp__f32(dv + 4 * j), dist));
}

#endif
