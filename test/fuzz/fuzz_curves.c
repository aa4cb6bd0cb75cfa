/* SPDX-License-Identifier: MIT */
/* fuzz_curves.c - Quake 3 curves as the renderer builds them
 * (docs/queries.md 11.9) on hostile input.
 *
 * Input byte 0 0xC5 (no map starts so): a control grid alone. Bytes 1 and 2 give its size
 * (odd, 3 .. 65 each), bytes 3 .. 6 the subdivision error as a float (any
 * bits: NaN, 0, negative, 0.01), the rest the control points' bytes,
 * repeated to fill 65 x 65 points when short (so a few bytes make the
 * largest grid). The subdivision runs in a guarded work grid of exactly
 * id's 65 x 65; checked: the result is 2 .. 65 each way and no taller than
 * wide, the LOD picks and every triangle name vertices of the grid.
 *
 * Otherwise the input is a map, loaded with BSP_LOAD_GEOMETRY; every face
 * through bsp_patch_grid_build (in a guarded scratch of exactly its size),
 * and the patch set, isolated and stitched, in guarded memory grown from
 * the measure as *needed says (a few times at most). Statuses stay in the
 * documented sets and the guards intact.
 *
 * Seeds: the `load` target's maps (the crafted curve maps among them). */
#include "fuzz.h"
#include "../../platform/memory/bsp_memstream.h"
#include "../../loader/access/patch_grid.h"

#define CURVES_ARENA_CAP (64u << 20)
#define CURVES_SET_CAP (32u << 20)
#define RAW_GRID 0xC5u

static void check_grid(const bsp_patch_grid *g)
{
    static const float views[3][3] = { { 0, 0, 0 }, { 1e4f, -3e3f, 50 }, { 1e30f, 0, 0 } };
    bsp_patch_lod lod;
    uint32_t v, k, idx[3], n;
    FUZZ_ASSERT(g->width >= 2 && g->height >= 2 && g->width <= 65 && g->height <= 65);
    FUZZ_ASSERT(g->width >= g->height);
    for (v = 0; v < 4; v++) {
        static const float axis[3] = { 0.6f, 0.8f, 0.0f };
        bsp_status st = v == 3 ? bsp_patch_lod_full(g, &lod)
                               : bsp_patch_lod_for_view(g, views[v], axis, BSP_LOD_CURVE_ERROR, &lod);
        FUZZ_ASSERT(st == BSP_OK);
        FUZZ_ASSERT(lod.num_cols >= 2 && lod.num_cols <= g->width && lod.num_rows >= 2 &&
                    lod.num_rows <= g->height);
        n = 2 * (lod.num_cols - 1) * (lod.num_rows - 1);
        for (k = 0; k < n; k += 1 + n / 64) {
            FUZZ_ASSERT(bsp_patch_triangle(g, &lod, k, idx) == BSP_OK);
            FUZZ_ASSERT(idx[0] < g->width * g->height && idx[1] < g->width * g->height &&
                        idx[2] < g->width * g->height);
        }
        FUZZ_ASSERT(bsp_patch_triangle(g, &lod, n, idx) == BSP_E_BAD_QUERY);
    }
}

static void raw_grid(const uint8_t *data, size_t size)
{
    fuzz_block work;
    bsp__grid_row *c;
    float err[2][BSP__GRID], s;
    uint32_t w, h, i, j, k;
    union { uint32_t u; float f; } bits;
    bsp_patch_grid g;
    if (size < 8) return;
    w = (uint32_t)(data[1] % 32u) * 2u + 3u;
    h = (uint32_t)(data[2] % 32u) * 2u + 3u;
    bits.u = fuzz_le(data + 3, 4);
    s = bits.f;
    data += 7, size -= 7;
    if (fuzz_block_alloc(&work, BSP_PATCH_GRID_SCRATCH_BYTES)) return;
    c = (bsp__grid_row *)(void *)work.p;
    for (j = 0, k = 0; j < h; j++)
        for (i = 0; i < w; i++) {
            bsp_grid_vertex *p = &c[j][i];
            uint32_t f;
            for (f = 0; f < 10; f++, k += 4) {
                uint8_t b[4];
                union { uint32_t u; float f; } x;
                b[0] = data[k % size], b[1] = data[(k + 1) % size];
                b[2] = data[(k + 2) % size], b[3] = data[(k + 3) % size];
                x.u = fuzz_le(b, 4);
                if (f < 3) p->xyz[f] = x.f;
                else if (f < 5) p->st[f - 3] = x.f;
                else if (f < 7) p->lm[f - 5] = x.f;
                else p->normal[f - 7] = x.f;
            }
            for (f = 0; f < 4; f++) p->color[f] = data[(k + f) % size];
        }
    bsp__patch_subdivide(c, &w, &h, s, err);
    FUZZ_ASSERT(fuzz_block_guards_ok(&work));
    memset(&g, 0, sizeof g);
    g.width = w, g.height = h;
    for (i = 0; i < w && i < 65; i++) g.width_lod_error[i] = err[0][i];
    for (i = 0; i < h && i < 65; i++) g.height_lod_error[i] = err[1][i];
    g.verts = (const bsp_grid_vertex *)(void *)work.p;
    check_grid(&g);
    fuzz_block_free(&work);
}

static int grid_status(bsp_status st)
{
    return st == BSP_OK || st == BSP_E_UNSUPPORTED || st == BSP_E_CORRUPT || st == BSP_E_NOT_LOADED ||
           st == BSP_E_BAD_FACE;
}

/* The face access over a set in use: every patch face's grid walked
 * through bsp_face_vertex and bsp_face_triangle, indices inside it. */
static void faces_through(const bsp_map *cm, const void *set)
{
    bsp_map *m = (bsp_map *)cm;   /* the fuzzer's own map: put back below */
    uint32_t k;
    FUZZ_ASSERT(bsp_use_patch_set(m, set) == BSP_OK);
    for (k = 0; k < bsp_patch_set_count(set); k++) {
        bsp_patch_grid g;
        bsp_face f;
        uint32_t v, idx[3];
        bsp_vertex x;
        if (bsp_patch_set_grid(set, k, &g) != BSP_OK) continue;
        FUZZ_ASSERT(bsp_get_face(m, g.face, &f) == BSP_OK && f.num_verts == g.width * g.height);
        for (v = 0; v < f.num_verts; v++) FUZZ_ASSERT(bsp_face_vertex(m, g.face, v, &x) == BSP_OK);
        for (v = 0; v < f.num_tris; v++) {
            FUZZ_ASSERT(bsp_face_triangle(m, g.face, v, idx) == BSP_OK);
            FUZZ_ASSERT(idx[0] < f.num_verts && idx[1] < f.num_verts && idx[2] < f.num_verts);
        }
    }
    FUZZ_ASSERT(bsp_use_patch_set(m, NULL) == BSP_OK);
}

static void sets(const bsp_map *m, float s, uint8_t *scratch)
{
    uint32_t flags;
    for (flags = 0; flags <= BSP_PATCH_STITCHED; flags++) {
        size_t bytes = 0, need = 0;
        int tries;
        bsp_status st = bsp_measure_patch_set(m, s, flags, scratch, BSP_PATCH_GRID_SCRATCH_BYTES, &bytes);
        FUZZ_ASSERT(grid_status(st));
        if (st != BSP_OK) continue;
        for (tries = 0; tries < 4 && bytes <= CURVES_SET_CAP; tries++) {
            fuzz_block mem;
            uint32_t k;
            if (fuzz_block_alloc(&mem, bytes ? bytes : 1)) return;
            st = bsp_patch_set_build(m, s, flags, mem.p, bytes, &need);
            FUZZ_ASSERT(fuzz_block_guards_ok(&mem));
            FUZZ_ASSERT(st == BSP_OK || st == BSP_E_ARENA_TOO_SMALL);
            if (st == BSP_OK) {
                for (k = 0; k < bsp_patch_set_count(mem.p); k++) {
                    bsp_patch_grid g;
                    FUZZ_ASSERT(bsp_patch_set_grid(mem.p, k, &g) == BSP_OK);
                    check_grid(&g);
                }
                faces_through(m, mem.p);
            } else {
                FUZZ_ASSERT(flags && need > bytes);   /* isolated: the measure is exact */
            }
            fuzz_block_free(&mem);
            if (st == BSP_OK) break;
            bytes = need;
        }
    }
}

static void map_grids(const uint8_t *data, size_t size)
{
    static const float subs[] = { 4.0f, 0.01f, 2.0f, 8.0f, -1.0f };
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    bsp_options o = bsp_default_options(BSP_LOAD_GEOMETRY);
    bsp_counts c;
    uint32_t need = 0, f, patches = 0;
    fuzz_block b, scratch;
    if (size > 0xffffffffu) return;
    bsp_memstream_init(&ms, &s, data, (uint32_t)size);
    if (bsp_open(&h, &s) != BSP_OK) return;
    if (bsp_measure(&h, &o, &need) != BSP_OK || need > CURVES_ARENA_CAP) return;
    if (fuzz_block_alloc(&b, need ? need : 1)) return;
    if (fuzz_block_alloc(&scratch, BSP_PATCH_GRID_SCRATCH_BYTES)) {
        fuzz_block_free(&b);
        return;
    }
    if (bsp_load(&m, &h, &s, b.p, need, &o, NULL) == BSP_OK && bsp_get_counts(&m, &c) == BSP_OK) {
        for (f = 0; f <= c.faces; f++) {
            bsp_patch_grid g;
            bsp_status st = bsp_patch_grid_build(&m, f, subs[f % 5], scratch.p,
                                                 BSP_PATCH_GRID_SCRATCH_BYTES, &g);
            FUZZ_ASSERT(grid_status(st));
            FUZZ_ASSERT(fuzz_block_guards_ok(&scratch));
            if (f == c.faces) FUZZ_ASSERT(st == BSP_E_BAD_FACE);
            if (st != BSP_OK) continue;
            patches++;
            check_grid(&g);
        }
        if (patches <= 512) sets(&m, subs[size % 5], scratch.p);   /* stitching is n^2 in the patches */
    }
    FUZZ_ASSERT(fuzz_block_guards_ok(&b));
    fuzz_block_free(&scratch);
    fuzz_block_free(&b);
}

FUZZ_ENTRY(curves)
{
    if (size < 1) return 0;
    if (data[0] == RAW_GRID) raw_grid(data, size);
    else map_grids(data, size);
    return 0;
}
