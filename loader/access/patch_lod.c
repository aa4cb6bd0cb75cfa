/* SPDX-License-Identifier: MIT */
/* patch_lod.c - which columns and rows of a curve's grid are drawn, and
 * its triangles in RB_SurfaceGrid's order (docs/queries.md 11.9). Needs
 * no map: the grid's LOD errors and sphere decide. */
#include "../bspkit.h"
#include "../core/config.h"
#include "../core/fmath.h"

#if BSPKIT_ACCESS   /* else core/absent.c */

static int lod_grid_ok(const bsp_patch_grid *g)
{
    return g && g->width >= 2 && g->height >= 2 && g->width <= BSP_PATCH_GRID_MAX &&
           g->height <= BSP_PATCH_GRID_MAX;
}

/* The first, the last, and those between whose error is <= limit
 * (a NULL error table: all of them). */
static uint32_t lod_pick(const float *err, uint32_t n, float limit, uint8_t *out)
{
    uint32_t i, k = 0;
    out[k++] = 0;
    for (i = 1; i + 1 < n; i++)
        if (!err || err[i] <= limit) out[k++] = (uint8_t)i;
    out[k++] = (uint8_t)(n - 1);
    return k;
}

bsp_status bsp_patch_lod_full(const bsp_patch_grid *g, bsp_patch_lod *out)
{
    if (!lod_grid_ok(g) || !out) return BSP_E_BAD_ARGUMENT;
    out->num_cols = lod_pick(NULL, g->width, 0.0f, out->col);
    out->num_rows = lod_pick(NULL, g->height, 0.0f, out->row);
    return BSP_OK;
}

bsp_status bsp_patch_lod_for_view(const bsp_patch_grid *g, const float view[3],
                                  const float axis0[3], float lod_curve_error, bsp_patch_lod *out)
{
    float rel[3], d, error = 0.0f;
    if (!lod_grid_ok(g) || !view || !axis0 || !out) return BSP_E_BAD_ARGUMENT;
    if (!(lod_curve_error < 0.0f)) {   /* LodErrorForVolume */
        bsp__vsub(g->lod_origin, view, rel);
        d = bsp__dot(rel, axis0);
        if (d < 0.0f) d = -d;
        d = bsp__fsub(d, g->lod_radius);
        if (d < 1.0f) d = 1.0f;
        error = bsp__fdiv(lod_curve_error, d);
    }
    out->num_cols = lod_pick(g->width_lod_error, g->width, error, out->col);
    out->num_rows = lod_pick(g->height_lod_error, g->height, error, out->row);
    return BSP_OK;
}

bsp_status bsp_patch_triangle(const bsp_patch_grid *g, const bsp_patch_lod *lod, uint32_t k,
                              uint32_t idx[3])
{
    uint32_t cells, cell, r, c, a, i, w;
    uint32_t v[4];
    if (!lod_grid_ok(g) || !lod || !idx || lod->num_cols < 2 || lod->num_rows < 2 ||
        lod->num_cols > BSP_PATCH_GRID_MAX || lod->num_rows > BSP_PATCH_GRID_MAX)
        return BSP_E_BAD_ARGUMENT;
    for (i = 0; i < lod->num_cols; i++)
        if (lod->col[i] >= g->width) return BSP_E_BAD_ARGUMENT;
    for (i = 0; i < lod->num_rows; i++)
        if (lod->row[i] >= g->height) return BSP_E_BAD_ARGUMENT;
    w = lod->num_cols;
    cells = (w - 1) * (lod->num_rows - 1);
    if (k >= 2 * cells) return BSP_E_BAD_QUERY;
    cell = k / 2;
    r = cell / (w - 1), c = cell % (w - 1);
    a = r * w + c;   /* in the used vertices; then mapped to the grid's */
    {
        uint32_t used[4];
        used[0] = a, used[1] = a + 1, used[2] = a + w, used[3] = a + w + 1;
        for (i = 0; i < 4; i++)
            v[i] = (uint32_t)lod->row[used[i] / w] * g->width + lod->col[used[i] % w];
    }
    if (!(k & 1)) idx[0] = v[0], idx[1] = v[2], idx[2] = v[1];
    else idx[0] = v[1], idx[1] = v[2], idx[2] = v[3];
    return BSP_OK;
}

#endif
