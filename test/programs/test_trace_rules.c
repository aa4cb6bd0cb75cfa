/* SPDX-License-Identifier: MIT */
/* test_trace_rules.c - the moved and turned model queries' statuses and
 * their relation to the plain ones (docs/queries.md 8.10, bspkit.h), and
 * that a trace writes nothing into the map (the brush mark lives on the
 * caller's stack: queries are reentrant on a const map).
 *
 *   test_trace_rules MAP...   (generated maps of every family)
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bspkit.h"
#include "core/map.h"
#include "../../platform/memory/bsp_memstream.h"
#include "../common/check.h"
#include "../common/files.h"

static uint8_t scratch[BSP_PATCH_SCRATCH_BYTES];

static uint32_t sum(const uint8_t *p, uint32_t n)
{
    uint32_t h = 2166136261u, i;
    for (i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
    return h;
}

static int same_answer(const bsp_trace_result *a, const bsp_trace_result *b)
{
    return a->fraction == b->fraction && a->startsolid == b->startsolid && a->allsolid == b->allsolid &&
           a->contents == b->contents && a->has_plane == b->has_plane &&
           (!a->has_plane || (!memcmp(a->normal, b->normal, sizeof a->normal) && a->dist == b->dist));
}

static void one_map(const char *name, const uint8_t *data, uint32_t size, int index, const char *api)
{
    static const float zero[3] = { 0, 0, 0 }, mins[3] = { -16, -16, -24 }, maxs[3] = { 16, 16, 32 };
    static const float org[3] = { 24, -40, 8 }, yaw[3] = { 0, 90, 0 };
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    bsp_options o = bsp_default_options(BSP_LOAD_COLLISION);
    uint32_t need, before, i, k, bad = 0, same = 0, n = 0;
    uint8_t *arena;
    bsp_trace_result a, b;
    bsp_status st, st2;
    float lo[3], hi[3], hlo[3], hhi[3], nan3[3], big[3], edge[3];
    int hulls;
    char label[160];
    int32_t c;
    (void)index, (void)api;
    bsp_memstream_init(&ms, &s, data, size);
    if (bsp_open(&h, &s) != BSP_OK || bsp_measure_patches(&h, &s, scratch, sizeof scratch) != BSP_OK ||
        bsp_measure(&h, &o, &need) != BSP_OK || !(arena = malloc(need ? need : 1))) {
        CHECK(0, name, "cannot measure");
        return;
    }
    if (bsp_load(&m, &h, &s, arena, need, &o, NULL) != BSP_OK) {
        CHECK(0, name, "cannot load");
        free(arena);
        return;
    }
    memcpy(lo, bsp__map_c(&m)->models.data, sizeof lo);
    memcpy(hi, bsp__map_c(&m)->models.data + 12, sizeof hi);
    nan3[0] = nan3[1] = nan3[2] = (float)NAN;
    big[0] = big[2] = 0, big[1] = 33554432.0f;
    edge[0] = edge[2] = 0, edge[1] = -16777216.0f;
    before = sum(arena, need);

    /* statuses, in bspkit.h's order */
    snprintf(label, sizeof label, "%s: transformed statuses", name);
    st = bsp_trace_transformed(&m, 0, nan3, zero, zero, zero, 1, NULL, zero, &a);
    st2 = bsp_trace_transformed(&m, 0, zero, zero, zero, zero, 1, nan3, zero, &a);
    CHECK(st == BSP_E_BAD_ARGUMENT && st2 == BSP_E_BAD_QUERY &&
              bsp_trace_transformed(&m, 0, zero, zero, zero, zero, 1, zero, big, &a) == BSP_E_BAD_QUERY &&
              bsp_point_contents_transformed(&m, 0, zero, zero, NULL, &c) == BSP_E_BAD_ARGUMENT &&
              bsp_point_contents_transformed(&m, 0, zero, zero, big, &c) == BSP_E_BAD_QUERY &&
              bsp_trace_transformed(&m, 0, zero, zero, zero, zero, 1, zero, zero, NULL) == BSP_E_BAD_ARGUMENT,
          label, "NULL %d, NaN origin %d", (int)st, (int)st2);
    /* the family's own answer: a hull family refuses angles, and answers
     * origin alone as bsp_trace does; a brush family takes both; past the
     * model lump: bad_model (nightfire: any model above 0 unsupported) */
    st = bsp_trace(&m, 0, zero, zero, mins, maxs, 1, &a);
    st2 = bsp_trace_transformed(&m, 0, zero, zero, mins, maxs, 1, zero, yaw, &b);
    hulls = bsp_hull_size(&m, 1, hlo, hhi) == BSP_OK;
    snprintf(label, sizeof label, "%s: angles %s", name, hulls ? "refused (hulls), origin alone as bsp_trace" : "taken");
    if (hulls) {
        /* contents (8.12) is hull 0's, moved by the origin alone */
        static const float back[3] = { -24, 40, -8 };
        int32_t h0 = 1, c0 = 2, hm = 3, cm = 4;
        CHECK(st2 == BSP_E_UNSUPPORTED &&
                  bsp_trace_transformed(&m, 0, zero, zero, mins, maxs, 1, zero, edge, &b) == BSP_E_UNSUPPORTED &&
                  bsp_point_contents_transformed(&m, 0, zero, zero, yaw, &c) == BSP_E_UNSUPPORTED,
              label, "%d", (int)st2);
        snprintf(label, sizeof label, "%s: contents is hull 0's, moved by the origin", name);
        CHECK(bsp_point_contents(&m, 0, zero, &c0) == BSP_OK && bsp_hull_contents(&m, 0, 0, zero, &h0) == BSP_OK &&
                  c0 == h0 && bsp_point_contents_transformed(&m, 0, zero, org, zero, &cm) == BSP_OK &&
                  bsp_hull_contents(&m, 0, 0, back, &hm) == BSP_OK && cm == hm &&
                  bsp_point_contents(&m, bsp__map_c(&m)->models.count, zero, &c) == BSP_E_BAD_MODEL,
              label, "%d/%d, moved %d/%d", (int)c0, (int)h0, (int)cm, (int)hm);
        st2 = bsp_trace_transformed(&m, 0, zero, zero, mins, maxs, 1, zero, zero, &b);
        CHECK(st2 == st, label, "origin alone %d, bsp_trace %d", (int)st2, (int)st);
    } else {
        CHECK(st == BSP_OK && st2 == BSP_OK &&
                  bsp_trace_transformed(&m, 0, zero, zero, mins, maxs, 1, zero, edge, &b) == BSP_OK &&
                  bsp_trace_transformed(&m, bsp__map_c(&m)->models.count, zero, zero, mins, maxs, 1, org, yaw, &b) ==
                      (bsp__map_c(&m)->models.count > 1 && bsp_trace(&m, 1, zero, zero, zero, zero, 1, &a) == BSP_E_UNSUPPORTED
                           ? BSP_E_UNSUPPORTED : BSP_E_BAD_MODEL),
              label, "bsp_trace %d, transformed %d", (int)st, (int)st2);
    }

    /* without a turn or a move the answer is bsp_trace's, endpos computed
     * again from the fraction; with an origin alone (quake2-like families,
     * whose box is not made symmetric first) it is the moved trace's */
    for (i = 0; i < 200 && st == BSP_OK && !hulls; i++) {
        float p[3], e[3], pm[3], em[3];
        for (k = 0; k < 3; k++) {
            p[k] = lo[k] + (hi[k] - lo[k]) * (float)((i * 37 + k * 11) % 101) / 100.0f;
            e[k] = lo[k] + (hi[k] - lo[k]) * (float)((i * 53 + k * 29 + 7) % 101) / 100.0f;
            pm[k] = p[k] - org[k];
            em[k] = e[k] - org[k];
        }
        for (k = 0; k < 2; k++) {
            const float *bmin = k ? mins : zero, *bmax = k ? maxs : zero;
            if (bsp_trace(&m, 0, p, e, bmin, bmax, 0xffffffffu, &a) != BSP_OK ||
                bsp_trace_transformed(&m, 0, p, e, bmin, bmax, 0xffffffffu, zero, zero, &b) != BSP_OK) {
                bad++;
                continue;
            }
            n++;
            if (!same_answer(&a, &b) || b.endpos[0] != p[0] + b.fraction * (e[0] - p[0])) bad++;
            if (bsp_trace(&m, 0, pm, em, bmin, bmax, 0xffffffffu, &a) == BSP_OK &&
                bsp_trace_transformed(&m, 0, p, e, bmin, bmax, 0xffffffffu, org, zero, &b) == BSP_OK &&
                same_answer(&a, &b))
                same++;
        }
    }
    if (st == BSP_OK && !hulls) {
        snprintf(label, sizeof label, "%s: no turn, no move: bsp_trace's answer (%u traces)", name, n);
        CHECK(n > 0 && bad == 0, label, "%u differ", bad);
        snprintf(label, sizeof label, "%s: an origin alone moves the trace (%u of %u)", name, same, n);
        /* (Quake 3 makes the box symmetric before it moves the points: the
         * same sums in another order may round apart) */
        CHECK(same == n || (same * 10 >= n * 9 && !strcmp(bsp_family_name(&h), "quake3")),
              label, "%u of %u", same, n);
    }
    /* a player-move loop traces on from the last answer's end:
     * bsp_trace(map, 0, tr.endpos, next, ..., &tr). The points are read
     * before the result is written (bspkit.h), so an answer into the
     * result that holds the start or the end is the answer into another */
    for (i = 0, bad = n = 0; i < 200 && st == BSP_OK; i++) {
        float p[3], e[3];
        for (k = 0; k < 3; k++) {
            p[k] = lo[k] + (hi[k] - lo[k]) * (float)((i * 41 + k * 13) % 101) / 100.0f;
            e[k] = lo[k] + (hi[k] - lo[k]) * (float)((i * 59 + k * 23 + 3) % 101) / 100.0f;
        }
        for (k = 0; k < 4; k++) {
            const float *bmin = k & 1 ? mins : zero, *bmax = k & 1 ? maxs : zero;
            const float *q = k & 2 ? p : e;   /* a position test, then a move */
            memset(&a, 0, sizeof a), memset(&b, 0, sizeof b);
            if (bsp_trace(&m, 0, p, q, bmin, bmax, 0xffffffffu, &a) != BSP_OK) continue;
            n++;
            memcpy(b.endpos, p, sizeof p);
            if (bsp_trace(&m, 0, b.endpos, q, bmin, bmax, 0xffffffffu, &b) != BSP_OK || memcmp(&a, &b, sizeof a))
                bad++;
            memset(&b, 0, sizeof b);
            memcpy(b.endpos, q, sizeof p);
            if (bsp_trace(&m, 0, p, b.endpos, bmin, bmax, 0xffffffffu, &b) != BSP_OK || memcmp(&a, &b, sizeof a))
                bad++;
            /* the moved model's trace and a hull's own */
            memset(&a, 0, sizeof a), memset(&b, 0, sizeof b);
            if (bsp_trace_transformed(&m, 0, p, q, bmin, bmax, 0xffffffffu, org, zero, &a) == BSP_OK) {
                n++;
                memcpy(b.endpos, p, sizeof p);
                if (bsp_trace_transformed(&m, 0, b.endpos, q, bmin, bmax, 0xffffffffu, org, zero, &b) != BSP_OK ||
                    memcmp(&a, &b, sizeof a))
                    bad++;
                memset(&b, 0, sizeof b);
                memcpy(b.endpos, q, sizeof p);
                if (bsp_trace_transformed(&m, 0, p, b.endpos, bmin, bmax, 0xffffffffu, org, zero, &b) != BSP_OK ||
                    memcmp(&a, &b, sizeof a))
                    bad++;
            }
            memset(&a, 0, sizeof a), memset(&b, 0, sizeof b);
            if (hulls && bsp_hull_trace(&m, 0, k & 1, p, q, &a) == BSP_OK) {
                n++;
                memcpy(b.endpos, p, sizeof p);
                if (bsp_hull_trace(&m, 0, k & 1, b.endpos, q, &b) != BSP_OK || memcmp(&a, &b, sizeof a)) bad++;
                memset(&b, 0, sizeof b);
                memcpy(b.endpos, q, sizeof p);
                if (bsp_hull_trace(&m, 0, k & 1, p, b.endpos, &b) != BSP_OK || memcmp(&a, &b, sizeof a)) bad++;
            }
        }
    }
    snprintf(label, sizeof label, "%s: a trace from or to its own result's endpos answers as into another (%u)",
             name, n);
    CHECK(n > 0 && bad == 0, label, "%u of %u differ", bad, 2 * n);
    snprintf(label, sizeof label, "%s: traces leave the map's bytes as they were", name);
    CHECK(sum(arena, need) == before, label, "the arena changed");
    free(arena);
}

int main(int argc, char **argv)
{
    for_each_map(argc, argv, one_map);
    return check_exit();
}
