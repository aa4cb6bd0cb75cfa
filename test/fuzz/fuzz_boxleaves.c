/* SPDX-License-Identifier: MIT */
/* fuzz_boxleaves.c - the engine-facing calls of issue 30 on arbitrary
 * bytes taken as a map: bsp_box_leaves (every model up to 8, boxes from a
 * point to the whole world, lists too short and long enough), and
 * bsp_trace with the game's player boxes (bsp_map_player_box,
 * bsp_map_family) and boxes on each side of the Quake family's hull
 * boundaries (8.4a).
 *
 * Each answer must be a documented status; a box's leaves must be the same
 * whatever the list's length (a short list gets the first ones and the
 * same count), each listed once and inside the leaf lump; the arena's
 * guards must be intact. A hostile tree (shared nodes: the load accepts a
 * bounded depth, not a tree) must end with an answer or CORRUPT, never an
 * exponential walk (the fuzzer's timeout).
 *
 * A Quake-family map's BSPX brush list (docs/queries.md 13.7), when the
 * load kept it: every brush and side through the access (a brush's six
 * bounding sides first, each facing along an axis, every float finite),
 * the counts the same as the list's, and player boxes (which pick hulls
 * the map lacks) traced and position-tested on every model: an answer or
 * BAD_HULL (a model the list has no block for), never CORRUPT, fraction
 * in [0, 1], a position test inside answering fraction 0.
 *
 * Seeds: the `load` target's (every generated and real map, the brush
 * list maps among them). */
#include "fuzz.h"
#include "core/map.h"
#include "core/fmath.h"
#include "cmodel/brush_list.h"
#include "../../platform/memory/bsp_memstream.h"

#define BOXLEAVES_ARENA_CAP (64u << 20)
#define LIST 512u

static const float boxes[][6] = {
    { 0, 0, 0, 0, 0, 0 }, { -16, -16, -24, 16, 16, 32 }, { 100, 100, -20, 164, 140, 60 },
    { -4000, -4000, -4000, 4000, 4000, 4000 }, { -1.5f, -1.5f, -4, 1.5f, 1.5f, 4 },
    { -18, -18, -18.5f, 18, 18, 18.5f }, { -16.5f, -16, -24, 16.5f, 16, 32 }, { 5, 5, 5, -5, -5, -5 },
};
#define NUM_BOXES (sizeof boxes / sizeof boxes[0])

static void box_leaves(const bsp_map *m)
{
    static uint32_t all[LIST];
    uint32_t few[3], n, n2, model, k, i, j;
    int32_t top, top2;
    for (model = 0; model < 8; model++)
        for (k = 0; k < NUM_BOXES; k++) {
            bsp_status st = bsp_box_leaves(m, model, boxes[k], boxes[k] + 3, all, LIST, &n, &top);
            FUZZ_ASSERT(st == BSP_OK || st == BSP_E_UNSUPPORTED || st == BSP_E_BAD_MODEL ||
                        st == BSP_E_CORRUPT);
            if (st != BSP_OK) continue;
            FUZZ_ASSERT(n <= bsp__map_c(m)->leafs.count);
            for (i = 0; i < n && i < LIST; i++) {
                FUZZ_ASSERT(all[i] < bsp__map_c(m)->leafs.count);
                for (j = 0; j < i; j++) FUZZ_ASSERT(all[j] != all[i]);
            }
            st = bsp_box_leaves(m, model, boxes[k], boxes[k] + 3, few, 3, &n2, &top2);
            FUZZ_ASSERT(st == BSP_OK && n2 == n && top2 == top);
            for (i = 0; i < 3 && i < n && i < LIST; i++) FUZZ_ASSERT(few[i] == all[i]);
        }
}

static void traces(const bsp_map *m)
{
    static const float a[3] = { 64, 32, 16 }, b[3] = { 131.28125f, -130.15625f, -200 };
    float mins[3], maxs[3];
    bsp_trace_result r;
    bsp_family_id f = bsp_map_family(m);
    uint32_t k, stance, i;
    FUZZ_ASSERT(f > BSP_FAMILY_UNKNOWN && f < BSP_FAMILY_COUNT);
    for (stance = 0; stance < 2; stance++) {
        /* (the map's game's box: a variant's own, Hexen II's) */
        bsp_status st = bsp_map_player_box(m, (bsp_stance)stance, mins, maxs);
        FUZZ_ASSERT(st == BSP_OK || st == BSP_E_UNSUPPORTED);
        if (st != BSP_OK) continue;
        st = bsp_trace(m, 0, a, b, mins, maxs, bsp_trace_mask(m, BSP_MASK_PLAYERSOLID), &r);
        /* (unsupported: brushes that load but do not collide, Source v22/v23) */
        FUZZ_ASSERT(st == BSP_OK || st == BSP_E_BAD_HULL || st == BSP_E_CORRUPT ||
                    (st == BSP_E_UNSUPPORTED && f == BSP_FAMILY_SOURCE));
    }
    for (k = 0; k < NUM_BOXES; k++) {
        bsp_status st = bsp_trace(m, k & 1, a, b, boxes[k], boxes[k] + 3, 1, &r);
        FUZZ_ASSERT(st == BSP_OK || st == BSP_E_UNSUPPORTED || st == BSP_E_BAD_MODEL ||
                    st == BSP_E_BAD_HULL || st == BSP_E_CORRUPT);
        if (st != BSP_OK) continue;
        FUZZ_ASSERT(r.fraction >= 0 && r.fraction <= 1);
        for (i = 0; i < 3; i++) FUZZ_ASSERT(r.endpos[i] == r.endpos[i]);
        /* 8.4a: a whole move ends at end itself */
        if (r.fraction == 1 && (f == BSP_FAMILY_QUAKE || f == BSP_FAMILY_GOLDSRC || f == BSP_FAMILY_BSP2))
            for (i = 0; i < 3; i++) FUZZ_ASSERT(r.endpos[i] == b[i]);
    }
}

static void brush_list(const bsp_map *m)
{
    static const float a[3] = { 64, 32, 16 }, b[3] = { -40, 90, -300 };
    static const float pmin[3] = { -16, -16, -24 }, pmax[3] = { 16, 16, 32 };
    const bsp__map *im = bsp__map_c(m);
    bsp_counts c;
    bsp_brush br;
    bsp_brush_side sd;
    bsp_trace_result r;
    uint32_t i, k, j, model;
    if (!im->brush_list) {
        FUZZ_ASSERT(!im->family->coll || im->family->coll->kind != BSP_COLL_HULLS || bsp_get_brush(m, 0, &br) != BSP_OK);
        return;
    }
    /* (a build without the map access answers its counts unsupported) */
    if (bsp_get_counts(m, &c) == BSP_OK) FUZZ_ASSERT(c.brushes == im->brush_list->nat.num_brushes);
    else c.brushes = 0;
    for (i = 0; i < c.brushes && i < 4096; i++) {
        FUZZ_ASSERT(bsp_get_brush(m, i, &br) == BSP_OK && br.num_sides >= 6);
        for (k = 0; k < br.num_sides; k++) {
            FUZZ_ASSERT(bsp_get_brush_side(m, i, k, &sd) == BSP_OK && sd.plane == -1);
            FUZZ_ASSERT(bsp__finite3(sd.normal) && bsp__finite(sd.dist));
            if (k < 6) {
                for (j = 0; j < 3; j++)
                    FUZZ_ASSERT(sd.normal[j] == (j == k / 2 ? (k & 1 ? 1.0f : -1.0f) : 0.0f));
            }
        }
        FUZZ_ASSERT(bsp_get_brush_side(m, i, br.num_sides, &sd) == BSP_E_BAD_QUERY);
    }
    if (c.brushes) FUZZ_ASSERT(bsp_get_brush(m, c.brushes, &br) == BSP_E_BAD_QUERY);
    for (model = 0; model < im->models.count && model < 8; model++) {
        bsp_status st = bsp_trace(m, model, a, b, pmin, pmax, bsp_trace_mask(m, BSP_MASK_PLAYERSOLID), &r);
        FUZZ_ASSERT(st == BSP_OK || (st == BSP_E_BAD_HULL && im->brush_list->model_first[model] == BSP__COLL_BAD));
        if (st != BSP_OK) continue;
        FUZZ_ASSERT(r.fraction >= 0 && r.fraction <= 1);
        st = bsp_trace(m, model, r.endpos, r.endpos, pmin, pmax, 0xffffffffu, &r);
        FUZZ_ASSERT(st == BSP_OK && (!r.startsolid || r.fraction == 0));
    }
}

FUZZ_ENTRY(boxleaves)
{
    static uint8_t scratch[BSP_PATCH_SCRATCH_BYTES] __attribute__((aligned(8)));
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    bsp_options o = bsp_default_options(BSP_LOAD_COLLISION);
    uint32_t need = 0;
    fuzz_block b;
    if (size > 0xffffffffu) return 0;
    bsp_memstream_init(&ms, &s, data, (uint32_t)size);
    if (bsp_open(&h, &s) != BSP_OK) return 0;
    if (bsp_measure_patches(&h, &s, scratch, sizeof scratch) != BSP_OK) return 0;
    if (bsp_measure(&h, &o, &need) != BSP_OK || need > BOXLEAVES_ARENA_CAP) return 0;
    if (fuzz_block_alloc(&b, need ? need : 1)) return 0;
    if (bsp_load(&m, &h, &s, b.p, need, &o, NULL) == BSP_OK) {
        box_leaves(&m);
        traces(&m);
        brush_list(&m);
    }
    FUZZ_ASSERT(fuzz_block_guards_ok(&b));
    fuzz_block_free(&b);
    return 0;
}
