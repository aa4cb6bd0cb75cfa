/* SPDX-License-Identifier: MIT */
/* fuzz_collision.c - collision (bsp_trace, bsp_point_contents,
 * bsp_hull_trace, bsp_hull_contents) and the brushes it reads
 * (bsp_get_brush, bsp_get_brush_side, bsp_leaf_brush) on arbitrary bytes
 * taken as a map.
 *
 * Source terrain (docs/queries.md 8.14): hostile displacement records
 * (powers, runs, base faces) must be refused at load or traced within
 * bounds; the player box of Source's games runs through every move too.
 *
 * Quake 3 curved surfaces are counted first (bsp_measure_patches; a last
 * round through bsp_measure_patches_keep, the load copying what the count
 * kept), then the
 * input is loaded with BSP_LOAD_COLLISION (and the geometry the brush
 * sides' textures name) into an arena of exactly the
 * measured size with guard bytes on both sides; then a fixed set of moves
 * (points and boxes, long and short, position tests, every model up to 8,
 * every hull up to 4) runs through every query. Each answer must be a
 * documented status, and a trace's fraction in [0, 1] with a finite end
 * position; the guards must be intact. A hostile tree (deep, cyclic,
 * shared) must be refused at load or walked within the documented stack:
 * ASan's stack checks and the walk's own bound catch the rest.
 *
 * Seeds: the `load` target's (every generated and real map). */
#include "fuzz.h"
#include "../../platform/memory/bsp_memstream.h"
#include "../access/exercise_access.h"

#define COLLISION_ARENA_CAP (64u << 20)

static const float points[][3] = {
    { 0, 0, 0 }, { 64, 32, 16 }, { -300, 200, 100 }, { 1000, -1000, 500 },
    { 100.5f, 100.25f, -20 }, { -4000, 50, 30 }, { 131.28125f, 130.15625f, 24.03125f },
};
#define NUM_POINTS (sizeof points / sizeof points[0])

static int status_known(bsp_status st)
{
    return st == BSP_OK || st == BSP_E_UNSUPPORTED || st == BSP_E_BAD_MODEL ||
           st == BSP_E_BAD_HULL || st == BSP_E_CORRUPT;
}

static void check_result(bsp_status st, const bsp_trace_result *r)
{
    uint32_t i;
    FUZZ_ASSERT(status_known(st));
    if (st != BSP_OK) return;
    FUZZ_ASSERT(r->fraction >= 0 && r->fraction <= 1);
    for (i = 0; i < 3; i++) FUZZ_ASSERT(r->endpos[i] == r->endpos[i]);
    FUZZ_ASSERT(r->startsolid <= 1 && r->allsolid <= 1 && r->has_plane <= 1);
    if (r->allsolid) FUZZ_ASSERT(!r->has_plane);
    /* source terrain (8.14): a displacement of the map, or none */
    FUZZ_ASSERT(r->disp >= -1);
    if (r->disp < 0) FUZZ_ASSERT(r->disp_flags == 0);
}

static void queries(const bsp_map *m)
{
    /* Quake's player box, and Source's (origin at the feet: terrain) */
    static const float box[2][3] = { { -16, -16, -24 }, { 16, 16, 32 } };
    static const float feet[2][3] = { { -16, -16, 0 }, { 16, 16, 72 } };
    static const float zero[3] = { 0, 0, 0 };
    uint32_t a, b, model, hull, mask = bsp_trace_mask(m, BSP_MASK_PLAYERSOLID);
    bsp_trace_result r;
    int32_t c;
    for (model = 0; model < 8; model++)
        for (a = 0; a < NUM_POINTS; a++) {
            FUZZ_ASSERT(status_known(bsp_point_contents(m, model, points[a], &c)));
            for (b = 0; b < NUM_POINTS; b++) {
                check_result(bsp_trace(m, model, points[a], points[b], zero, zero, mask, &r), &r);
                check_result(bsp_trace(m, model, points[a], points[b], box[0], box[1], mask, &r), &r);
                check_result(bsp_trace(m, model, points[a], points[b], feet[0], feet[1], mask, &r), &r);
                check_result(bsp_trace(m, model, points[a], points[b], box[0], box[1], 1, &r), &r);
            }
            /* moved and turned models (8.10): one origin, three angle sets
             * (none, yaw, all three, one beyond the limit) */
            {
                static const float org[3] = { 24, -40, 8 };
                static const float ang[4][3] = { { 0, 0, 0 }, { 0, 90, 0 }, { 10, -30, 45 }, { 0, 3e7f, 0 } };
                uint32_t k;
                for (k = 0; k < 3; k++) {
                    FUZZ_ASSERT(status_known(bsp_point_contents_transformed(m, model, points[a], org, ang[k], &c)));
                    for (b = 0; b < NUM_POINTS; b += 3)
                        check_result(bsp_trace_transformed(m, model, points[a], points[b], box[0], box[1], mask,
                                                           org, ang[k], &r), &r);
                }
                FUZZ_ASSERT(bsp_point_contents_transformed(m, model, points[a], org, ang[3], &c) == BSP_E_BAD_QUERY);
                FUZZ_ASSERT(bsp_trace_transformed(m, model, points[a], points[a], box[0], box[1], mask, org, ang[3],
                                                  &r) == BSP_E_BAD_QUERY);
            }
            for (hull = 0; hull < 5; hull++) {
                FUZZ_ASSERT(status_known(bsp_hull_contents(m, model, hull, points[a], &c)));
                for (b = 0; b < NUM_POINTS; b++)
                    check_result(bsp_hull_trace(m, model, hull, points[a], points[b], &r), &r);
            }
        }
}

FUZZ_ENTRY(collision)
{
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    bsp_options o = bsp_default_options(BSP_LOAD_COLLISION | BSP_LOAD_GEOMETRY);
    uint32_t need = 0;
    fuzz_block b;
    if (size > 0xffffffffu) return 0;
    bsp_memstream_init(&ms, &s, data, (uint32_t)size);
    if (bsp_open(&h, &s) != BSP_OK) return 0;
    /* Quake 3 curved surfaces: counted first (any status is an answer) */
    {
        static uint8_t scratch[BSP_PATCH_SCRATCH_BYTES] __attribute__((aligned(8)));
        bsp_status st = bsp_measure_patches(&h, &s, scratch, sizeof scratch);
        FUZZ_ASSERT(st == BSP_OK || st == BSP_E_CORRUPT || st == BSP_E_TRUNCATED);
        if (st != BSP_OK) return 0;
    }
    if (bsp_measure(&h, &o, &need) != BSP_OK || need > COLLISION_ARENA_CAP) return 0;
    if (fuzz_block_alloc(&b, need ? need : 1)) return 0;
    if (bsp_load(&m, &h, &s, b.p, need, &o, NULL) == BSP_OK) {
        queries(&m);
        FUZZ_ASSERT(exercise_brushes(&m) == 0);
    }
    FUZZ_ASSERT(fuzz_block_guards_ok(&b));
    fuzz_block_free(&b);
    /* and for collision alone: a quake3 map's draw vertices pass through
     * their window, only the patches' run kept */
    o = bsp_default_options(BSP_LOAD_COLLISION);
    if (bsp_measure(&h, &o, &need) != BSP_OK || need > COLLISION_ARENA_CAP) return 0;
    if (fuzz_block_alloc(&b, need ? need : 1)) return 0;
    if (bsp_load(&m, &h, &s, b.p, need, &o, NULL) == BSP_OK) queries(&m);
    FUZZ_ASSERT(fuzz_block_guards_ok(&b));
    fuzz_block_free(&b);
    /* and with the patches kept by the count (bsp_measure_patches_keep):
     * a keep of 256 KiB between guards, which holds some patches or all,
     * then the load copying them */
    {
        static uint8_t scratch[BSP_PATCH_SCRATCH_BYTES] __attribute__((aligned(8)));
        fuzz_block keep;
        bsp_status st;
        if (fuzz_block_alloc(&keep, 256u << 10)) return 0;
        st = bsp_measure_patches_keep(&h, &s, scratch, sizeof scratch, keep.p, 256u << 10);
        FUZZ_ASSERT(st == BSP_OK || st == BSP_E_CORRUPT || st == BSP_E_TRUNCATED);
        FUZZ_ASSERT(h.patch_keep_used <= 256u << 10);
        if (st == BSP_OK && bsp_measure(&h, &o, &need) == BSP_OK && need <= COLLISION_ARENA_CAP &&
            !fuzz_block_alloc(&b, need ? need : 1)) {
            if (bsp_load(&m, &h, &s, b.p, need, &o, NULL) == BSP_OK) queries(&m);
            FUZZ_ASSERT(fuzz_block_guards_ok(&b));
            fuzz_block_free(&b);
        }
        FUZZ_ASSERT(fuzz_block_guards_ok(&keep));
        fuzz_block_free(&keep);
    }
    return 0;
}
