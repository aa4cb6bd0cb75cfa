/* SPDX-License-Identifier: MIT */
/* query_grid.c - ambient light from the Quake family's LIGHTGRID_OCTREE
 * (docs/queries.md 10.5): the eight grid points around p, weighted as
 * section 7's Quake 3 grid weights them, missing ones left out. Every float
 * operation goes through fmath.h in the contract's order. */
#include "query.h"
#include "../family/light_grid.h"

#if BSP__USE_LIGHT_GRID

#define GRID_NODE_CHILDREN 12u      /* mid[3], then child[8] */

/* The count byte of grid point c, or NULL when the point is missing. The
 * load checked the tree: every walk ends within num_nodes steps. */
static const uint8_t *grid_point(const bsp__light_grid *g, const uint8_t *lump, const int64_t c[3])
{
    const uint8_t *leaf, *pt;
    uint32_t ref = g->root, k, idx;
    int64_t l[3], s[3];
    int a;
    for (a = 0; a < 3; a++)
        if (c[a] < 0 || c[a] >= g->size[a]) return NULL;
    while (!(ref & (BSP__GRID_MISSING | BSP__GRID_LEAF))) {
        const uint8_t *node = lump + BSP__GRID_HEAD + BSP__GRID_NODE * ref;
        uint32_t child = 0;
        for (a = 0; a < 3; a++)
            child = child << 1 | (uint32_t)(c[a] >= (int32_t)bsp__get_le32(node + 4u * (uint32_t)a));
        ref = bsp__get_le32(node + GRID_NODE_CHILDREN + 4u * child);
    }
    if (ref & BSP__GRID_MISSING) return NULL;
    k = ref & ~BSP__GRID_LEAF;
    leaf = lump + bsp__grid_leaf_at(g)[2 * k];
    for (a = 0; a < 3; a++) {
        l[a] = c[a] - (int32_t)bsp__get_le32(leaf + 4u * (uint32_t)a);
        s[a] = (int32_t)bsp__get_le32(leaf + 12u + 4u * (uint32_t)a);
        if (l[a] < 0 || l[a] >= s[a]) return NULL;
    }
    idx = (uint32_t)(l[0] + s[0] * (l[1] + s[1] * l[2]));
    pt = lump + bsp__grid_point_at(g)[bsp__grid_leaf_at(g)[2 * k + 1] + idx / BSP__GRID_STRIDE];
    for (idx %= BSP__GRID_STRIDE; idx > 0; idx--)      /* the points before it */
        pt += *pt == BSP__GRID_NO_DATA ? 1u : 1u + 4u * *pt;
    return *pt == BSP__GRID_NO_DATA ? NULL : pt;
}

/* A present point's colour for `style`: its first sample of that style,
 * black when it has none. */
static void grid_colour(const uint8_t *pt, uint32_t style, float rgb[3])
{
    uint32_t n = pt[0], i;
    int k;
    for (k = 0; k < 3; k++) rgb[k] = 0.0f;
    for (i = 0; i < n; i++) {
        const uint8_t *pair = pt + 1 + 4 * i;
        if (pair[0] != style) continue;
        for (k = 0; k < 3; k++) rgb[k] = (float)pair[1 + k];
        return;
    }
}

bsp_status bsp__grid_ambient(const bsp__light_grid *g, const uint8_t *lump, const float p[3],
                             uint32_t style, bsp_ambient_light *out)
{
    float frac[3], acc[3] = { 0.0f, 0.0f, 0.0f }, total = 0.0f;
    int64_t fl[3];
    uint32_t i, mask = 0;
    int a, k;

    if (!g->valid) return BSP_E_NO_AMBIENT;
    for (a = 0; a < 3; a++) {
        float inv = bsp__fdiv(1.0f, g->step[a]);
        float v = bsp__fmul(bsp__fsub(p[a], g->mins[a]), inv);
        int32_t f;
        /* floor(v) inside -2^31 .. 2^31 - 2 exactly when v is in
         * [-2^31, 2^31) (floats there past 2^23 are whole) */
        if (!(v >= -2147483648.0f && v < 2147483648.0f)) return BSP_E_NO_AMBIENT;
        f = (int32_t)v;
        if ((float)f > v) f--;
        fl[a] = f;
        frac[a] = bsp__fsub(v, (float)f);
    }
    for (i = 0; i < 8; i++) {
        float factor = 1.0f, rgb[3];
        int64_t c[3];
        const uint8_t *pt;
        for (a = 0; a < 3; a++) {
            c[a] = fl[a];
            if (i >> a & 1) {
                factor = bsp__fmul(factor, frac[a]);
                c[a]++;
            } else {
                factor = bsp__fmul(factor, bsp__fsub(1.0f, frac[a]));
            }
        }
        pt = grid_point(g, lump, c);
        if (!pt) continue;
        mask |= 1u << i;
        total = bsp__fadd(total, factor);
        grid_colour(pt, style, rgb);
        for (k = 0; k < 3; k++) acc[k] = bsp__fadd(acc[k], bsp__fmul(factor, rgb[k]));
    }
    if (!mask) return BSP_E_NO_AMBIENT;
    out->kind = BSP_AMBIENT_OCTREE;
    out->mask = mask;
    for (k = 0; k < 3; k++) {
        out->cell[k] = (int32_t)fl[k];
        out->ambient[k] = total > 0.0f ? bsp__fdiv(bsp__fdiv(acc[k], total), 255.0f) : 0.0f;
    }
    return BSP_OK;
}

#endif
