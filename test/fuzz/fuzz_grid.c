/* SPDX-License-Identifier: MIT */
/* fuzz_grid.c - the LIGHTGRID_OCTREE parse and lookup alone
 * (docs/queries.md 10.5).
 *
 * Input: the lump's bytes. The lump sits in a guarded block of exactly its
 * size, the parse in a guarded block of exactly bsp__light_grid_bytes(),
 * so a read past the lump or a write past the index is caught (guards, and
 * ASan's poisoning). Checked: the parse answers OK or CORRUPT and marks the
 * grid valid exactly when OK; every lookup (on and between grid points
 * around the grid, far away, at points from the input's last bytes, in
 * several styles) answers OK or NO_AMBIENT, an invalid grid always
 * NO_AMBIENT; an answer names at least one corner and its colours lie in
 * [0, 1]. The lump is never written. */
#include "fuzz.h"
#include "../../loader/family/light_grid.h"
#include "../../loader/query/query.h"

static float le_float(const uint8_t *p)
{
    union { uint32_t u; float f; } v;
    v.u = fuzz_le(p, 4);
    return v.f;
}

static void lookup(const bsp__light_grid *g, const uint8_t *lump, const float p[3], uint32_t style)
{
    bsp_ambient_light a;
    bsp_status st;
    int k;
    memset(&a, 0, sizeof a);
    st = bsp__grid_ambient(g, lump, p, style, &a);
    FUZZ_ASSERT(st == BSP_OK || st == BSP_E_NO_AMBIENT);
    if (!g->valid) FUZZ_ASSERT(st == BSP_E_NO_AMBIENT);
    if (st != BSP_OK) return;
    FUZZ_ASSERT(a.kind == BSP_AMBIENT_OCTREE && a.mask != 0 && a.mask < 256);
    for (k = 0; k < 3; k++) FUZZ_ASSERT(a.ambient[k] >= 0.0f && a.ambient[k] <= 1.0001f);
}

FUZZ_ENTRY(grid)
{
    fuzz_block lump, region;
    const bsp__light_grid *g = NULL;
    uint32_t bytes, n;
    bsp_status st;
    int i, j, k;

    if (size > (1u << 20)) return 0;
    n = (uint32_t)size;
    bytes = bsp__light_grid_bytes(n);
    if (fuzz_block_alloc(&lump, n ? n : 1) != 0) return 0;
    if (fuzz_block_alloc(&region, bytes) != 0) {
        fuzz_block_free(&lump);
        return 0;
    }
    if (n) memcpy(lump.p, data, n);
    st = bsp__light_grid_build(n ? lump.p : NULL, n, region.p, &g);
    FUZZ_ASSERT(st == BSP_OK || st == BSP_E_CORRUPT);
    FUZZ_ASSERT(g == (const bsp__light_grid *)(void *)region.p);
    FUZZ_ASSERT((st == BSP_OK) == (g->valid != 0));
    FUZZ_ASSERT(fuzz_block_guards_ok(&region));
    FUZZ_ASSERT(n == 0 || memcmp(lump.p, data, n) == 0);
    if (g->valid) {
        /* grid points and cell centres from one step outside to one past */
        for (i = -1; i <= 3; i++)
            for (j = -1; j <= 3; j++)
                for (k = -1; k <= 3; k++) {
                    float p[3], half = (i + j + k) & 1 ? 0.5f : 0.0f;
                    p[0] = g->mins[0] + g->step[0] * ((float)i + half);
                    p[1] = g->mins[1] + g->step[1] * ((float)j + half);
                    p[2] = g->mins[2] + g->step[2] * ((float)k + half);
                    if (!(p[0] - p[0] == 0.0f && p[1] - p[1] == 0.0f && p[2] - p[2] == 0.0f)) continue;
                    lookup(g, lump.p, p, (uint32_t)((i + 2) * 7 + j) & 255u);
                }
        {
            static const float far[3] = { 1e30f, -1e30f, 3e38f };
            lookup(g, lump.p, far, 0);
        }
        if (n >= 12) {
            float p[3];
            for (k = 0; k < 3; k++) p[k] = le_float(data + n - 12 + 4 * k);
            if (p[0] - p[0] == 0.0f && p[1] - p[1] == 0.0f && p[2] - p[2] == 0.0f) {
                lookup(g, lump.p, p, 0);
                lookup(g, lump.p, p, data[n - 1]);
            }
        }
    } else {
        static const float origin[3] = { 0, 0, 0 };
        lookup(g, lump.p, origin, 0);
    }
    FUZZ_ASSERT(fuzz_block_guards_ok(&region));
    fuzz_block_free(&region);
    fuzz_block_free(&lump);
    return 0;
}
