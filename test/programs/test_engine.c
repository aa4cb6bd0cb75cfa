/* SPDX-License-Identifier: MIT */
/* test_engine.c - what an engine holds on to (issue 30): the family enum,
 * the players' boxes, the guide's player-move loop run unchanged on every
 * family, the leaves a box touches, and the status for a Quake 3 load that
 * skipped bsp_measure_patches.
 *
 *   test_engine MAP...   (the suite: a generated map of every family, the
 *                        BRUSHLIST maps, the real maps) */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "../common/files.h"
#include "../common/held.h"
#include "../../platform/memory/bsp_memstream.h"

/* the guide's code, verbatim (part 46 checks docs/guide.md holds this file) */
#include "../../docs/examples/player_move.c"

static bsp_status load(held *H, const uint8_t *data, uint32_t size)
{
    bsp_options o = held_options(BSP_LOAD_COLLISION);
    uint32_t need;
    bsp_status st;
    if (held_open(H, data, size) != BSP_OK) return H->st;
    if (!strcmp(bsp_family_name(&H->h), "quake3")) {
        /* a Quake 3 collision load that skips bsp_measure_patches */
        bsp_header bare = H->h;
        uint8_t *arena;
        bsp_map tmp;
        st = bsp_measure(&bare, &o, &need);
        CHECK(st == BSP_E_PATCHES_NOT_MEASURED && !strcmp(bsp_status_name(st), "patches_not_measured") &&
                  strstr(bsp_status_message(st), "bsp_measure_patches") != NULL,
              "quake3: bsp_measure without bsp_measure_patches says so", "%s: %s", bsp_status_name(st),
              bsp_status_message(st));
        /* bsp_load refuses the same header before it reads anything (an
         * arena of the measured map's size, measured on a copy) */
        if (held_finish(H, &o) != BSP_OK) return H->st;
        arena = malloc(H->need + 8);
        bare = H->h;
        bare.patches_measured = 0;
        st = bsp_load(&tmp, &bare, &H->s, arena, H->need, &o, NULL);
        CHECK(st == BSP_E_PATCHES_NOT_MEASURED, "quake3: bsp_load without bsp_measure_patches says so", "%s",
              bsp_status_name(st));
        free(arena);
        return H->st;
    }
    return held_finish(H, &o);
}

/* the names bsp_family_name gives, in the enum's order */
static const char *const names[BSP_FAMILY_COUNT] = { "unknown", "source", "goldsrc", "quake", "bsp2",
                                                     "quake2", "quake3", "nightfire", "respawn" };

static int position_solid(const bsp_map *m, const float p[3], const float mins[3], const float maxs[3])
{
    bsp_trace_result tr;
    return bsp_trace(m, 0, p, p, mins, maxs, bsp_trace_mask(m, BSP_MASK_PLAYERSOLID), &tr) != BSP_OK ||
           tr.startsolid;
}

/* An open place for the player inside the map (a leaf with a cluster: not
 * the void around a sealed map), the first on a grid over the world's
 * box, from the top down. */
static int find_start(const bsp_map *m, const float mins[3], const float maxs[3], float p[3], int listed)
{
    bsp_model w;
    int i, j, k, a;
    const int N = 24;
    /* (the Quake family's void is solid: a map without vis has no clusters;
     * not to a box on a BRUSHLIST map, which has no brush outside the
     * walls: there the point's hull 0 leaf must not be solid) */
    int hulls = bsp_map_family(m) == BSP_FAMILY_QUAKE || bsp_map_family(m) == BSP_FAMILY_GOLDSRC ||
                bsp_map_family(m) == BSP_FAMILY_BSP2;
    if (bsp_get_model(m, 0, &w) != BSP_OK) return 0;
    for (k = 1; k < N; k++)
        for (j = 1; j < N; j++)
            for (i = 1; i < N; i++) {
                uint32_t leaf;
                bsp_leaf lf;
                int at[3];
                at[0] = i, at[1] = j, at[2] = N - k;
                for (a = 0; a < 3; a++)
                    p[a] = w.mins[a] + (w.maxs[a] - w.mins[a]) * (float)at[a] / (float)N + 0.40625f;
                if (bsp_point_leaf(m, 0, p, &leaf) != BSP_OK ||
                    bsp_get_leaf(m, leaf, &lf) != BSP_OK || (lf.cluster < 0 && !hulls) ||
                    (listed && lf.contents == -2))
                    continue;
                if (!position_solid(m, p, mins, maxs)) return 1;
            }
    return 0;
}

/* A quake-family map's BSPX BRUSHLIST (docs/queries.md 13.7), as the map
 * access API lists it: the brushes model 0 collides with under `mask`, each
 * as its side planes. A brush lying inside a sub-model's box (grown by 1)
 * is taken as that model's (the API does not say which block a brush came
 * from; the player moves through model 0 only). */
typedef struct {
    uint32_t n;
    uint32_t *first, *count;   /* per brush: its run of planes */
    float (*plane)[4];
} list_brushes;

static int list_read(const bsp_map *m, uint32_t mask, list_brushes *L)
{
    bsp_counts c;
    bsp_brush b;
    uint32_t i, k, nb = 0, total = 0, sides = 0;
    memset(L, 0, sizeof *L);
    if (bsp_get_counts(m, &c) != BSP_OK) return 0;
    /* (brushes 0 .. until the first index the API refuses) */
    while (nb < (1u << 20) && bsp_get_brush(m, nb, &b) == BSP_OK) sides += b.num_sides, nb++;
    if (!nb) return 0;
    L->first = malloc(nb * sizeof *L->first);
    L->count = malloc(nb * sizeof *L->count);
    L->plane = malloc((sides + 1) * sizeof *L->plane);
    if (!L->first || !L->count || !L->plane) return 0;
    for (i = 0; i < nb; i++) {
        float lo[3] = { 1e30f, 1e30f, 1e30f }, hi[3] = { -1e30f, -1e30f, -1e30f };
        uint32_t md;
        int sub = 0;
        if (bsp_get_brush(m, i, &b) != BSP_OK) return 0;
        if (!(b.flags & mask)) continue;
        L->first[L->n] = total;
        L->count[L->n] = 0;
        for (k = 0; k < b.num_sides && total < sides; k++) {
            bsp_brush_side sd;
            int a;
            if (bsp_get_brush_side(m, i, k, &sd) != BSP_OK) return 0;
            memcpy(L->plane[total], sd.normal, sizeof sd.normal);
            L->plane[total][3] = sd.dist;
            /* the axial sides give the bounds */
            for (a = 0; a < 3; a++) {
                if (sd.normal[a] == 1.0f) hi[a] = sd.dist;
                if (sd.normal[a] == -1.0f) lo[a] = -sd.dist;
            }
            total++;
            L->count[L->n]++;
        }
        for (md = 1; md < c.models && !sub; md++) {
            bsp_model sm;
            int a, in = 1;
            if (bsp_get_model(m, md, &sm) != BSP_OK) continue;
            for (a = 0; a < 3; a++) in &= lo[a] >= sm.mins[a] - 1 && hi[a] <= sm.maxs[a] + 1;
            sub = in;
        }
        if (!sub) L->n++;
    }
    return 1;
}

static void list_free(list_brushes *L)
{
    free(L->first);
    free(L->count);
    free(L->plane);
}

/* The box [p + mins, p + maxs] overlaps the inside of a listed brush: for
 * every side, dot(p, n) - (dist - dot(ofs, n)) < 0 strictly, ofs[j] = n[j]
 * < 0 ? maxs[j] : mins[j] (the box's corner deepest along -n), in double. */
static int in_list_brush(const list_brushes *L, const float p[3], const float mins[3], const float maxs[3])
{
    uint32_t i, k;
    for (i = 0; i < L->n; i++) {
        int inside = 1;
        for (k = 0; k < L->count[i] && inside; k++) {
            const float *pl = L->plane[L->first[i] + k];
            double d = 0;
            int j;
            for (j = 0; j < 3; j++) d += ((double)p[j] + (pl[j] < 0 ? maxs[j] : mins[j])) * pl[j];
            inside = d - pl[3] < 0;
        }
        if (inside) return 1;
    }
    return 0;
}

static void player_checks(const char *name, const bsp_map *m)
{
    float mins[3], maxs[3], p[3], v[3], below[3];
    bsp_trace_result tr;
    char what[256];
    int frame, in_solid = 0, errors = 0, stuck = 0, in_brush = 0, stand = 0, i;
    float lowest;
    bsp_model w;
    bsp_brush b0;
    bsp_family_id f = bsp_map_family(m);
    bsp_status ts;
    list_brushes L;
    /* a quake-family map with a BSPX BRUSHLIST lists its brushes (13.7) */
    int listed = (f == BSP_FAMILY_QUAKE || f == BSP_FAMILY_GOLDSRC || f == BSP_FAMILY_BSP2) &&
                 bsp_get_brush(m, 0, &b0) == BSP_OK;
    memset(&L, 0, sizeof L);
    bsp_map_player_box(m, BSP_STANDING, mins, maxs);
    p[0] = p[1] = p[2] = 0;
    ts = bsp_trace(m, 0, p, p, mins, maxs, bsp_trace_mask(m, BSP_MASK_PLAYERSOLID), &tr);
    if (!listed && ts == BSP_E_BAD_HULL) {
        /* a map compiled without clipnodes has hull 0 only (8.4a) */
        snprintf(what, sizeof what, "%s: no clipnodes: the player's box is bad_hull, as hull 1 is", name);
        CHECK(bsp_hull_trace(m, 0, 1, p, p, &tr) == BSP_E_BAD_HULL, what, "hull 1 answers");
        return;
    }
    if (listed) {
        /* no clipnodes but a brush list: the player's box runs 8.2's rule
         * over model 0's list brushes */
        if (bsp_hull_trace(m, 0, 1, p, p, &tr) == BSP_E_BAD_HULL) {
            snprintf(what, sizeof what, "%s: no clipnodes, a BRUSHLIST: the player's box is not bad_hull", name);
            CHECK(ts == BSP_OK, what, "%s", bsp_status_name(ts));
            if (ts != BSP_OK) return;
        }
        snprintf(what, sizeof what, "%s: the BRUSHLIST brushes read through the map access API", name);
        CHECK(list_read(m, bsp_trace_mask(m, BSP_MASK_PLAYERSOLID), &L) && L.n > 0, what, "%u brushes", L.n);
    }
    bsp_get_model(m, 0, &w);
    if (!find_start(m, mins, maxs, p, listed)) {
        if (!listed) {
            snprintf(what, sizeof what, "%s: README player move", name);
            check_skip(what, "no open place for the player's box on the grid");
            return;
        }
        /* a list whose world's box lies inside its brushes (q1_cube: one
         * brush, no room): the player falls onto the top from 64 above
         * its centre and stands there (no walk off its edge) */
        stand = 1;
        for (i = 0; i < 3; i++) p[i] = (w.mins[i] + w.maxs[i]) * 0.5f;
        p[2] = w.maxs[2] - mins[2] + 64.0f;
    }
    lowest = w.mins[2] - 64;
    /* fall for 2 s, walk for 2 s, stand (and fall off whatever ledge the
     * walk ended on) for 4 s, at 60 frames a second, gravity 800 */
    v[0] = v[1] = v[2] = 0;
    for (frame = 0; frame < 480; frame++) {
        int r;
        v[0] = frame >= 120 && frame < 240 && !stand ? 200.0f : 0.0f;
        v[1] = frame >= 120 && frame < 240 && !stand ? 90.0f : 0.0f;
        v[2] -= 800.0f / 60.0f;
        r = player_move(m, p, v, 1.0f / 60.0f);
        errors += r < 0;
        stuck += r == 1;
        in_solid += position_solid(m, p, mins, maxs);
        if (listed) in_brush += in_list_brush(&L, p, mins, maxs);
    }
    snprintf(what, sizeof what, "%s: README player move runs (no error, never ends a frame in solid)", name);
    CHECK(!errors && !stuck && !in_solid, what, "%d errors, %d stuck, %d frames in solid", errors, stuck, in_solid);
    if (listed) {
        snprintf(what, sizeof what,
                 "%s: the player's box never overlaps the inside of a BRUSHLIST brush (%u brushes, by the test's "
                 "own plane test)", name, L.n);
        CHECK(in_brush == 0, what, "%d of 480 frames inside a brush, the last at %.9g %.9g %.9g", in_brush, p[0], p[1],
              p[2]);
        list_free(&L);
    }
    /* standing on something: 2 units down hits, above the world's floor */
    memcpy(below, p, sizeof below);
    below[2] -= 2;
    snprintf(what, sizeof what, "%s: README player move ends standing on a floor", name);
    if (bsp_trace(m, 0, p, below, mins, maxs, bsp_trace_mask(m, BSP_MASK_PLAYERSOLID), &tr) != BSP_OK)
        tr.fraction = 2;
    CHECK(tr.fraction < 1 && tr.has_plane && tr.normal[2] > 0.7f && p[2] > lowest,
          what, "at %.9g %.9g %.9g: fraction %g normal z %g, startsolid %d allsolid %d plane %d", p[0], p[1], p[2], tr.fraction, tr.normal[2], tr.startsolid, tr.allsolid, tr.has_plane);
    /* the leaves the box touches where it stands */
    {
        float lo[3], hi[3];
        uint32_t all[4096], few[4], count, count2, leaf, k, j;
        int32_t top, top2;
        int ok = 1, once = 1, has = 0, q3 = bsp_map_family(m) == BSP_FAMILY_QUAKE3;
        bsp_status st;
        for (k = 0; k < 3; k++) lo[k] = p[k] + mins[k] - 64, hi[k] = p[k] + maxs[k] + 64;
        st = bsp_box_leaves(m, 0, lo, hi, all, 4096, &count, &top);
        snprintf(what, sizeof what, "%s: box leaves: each once, the standing point's leaf among them", name);
        bsp_point_leaf(m, 0, p, &leaf);
        for (k = 0; st == BSP_OK && k < count && k < 4096; k++) {
            has |= all[k] == leaf;
            for (j = 0; j < k; j++) once &= all[j] != all[k];
        }
        CHECK(st == BSP_OK && once && has && count <= 4096, what, "%s, count %u, once %d, has %d",
              bsp_status_name(st), count, once, has);
        snprintf(what, sizeof what, "%s: box leaves: a short list gets the first leaves and the same count", name);
        for (k = 0; k <= 4 && st == BSP_OK; k++) {
            bsp_status s2 = bsp_box_leaves(m, 0, lo, hi, k ? few : NULL, k, &count2, &top2);
            ok &= s2 == BSP_OK && count2 == count && top2 == top;
            for (j = 0; j < k && j < count; j++) ok &= few[j] == all[j];
        }
        CHECK(ok, what, "count %u", count);
        snprintf(what, sizeof what, "%s: box leaves: a top node exactly when the box spans a plane", name);
        if (!q3) CHECK(count <= 1 || top >= 0, what, "count %u, topnode %d", count, top);
        snprintf(what, sizeof what, "%s: box leaves: statuses", name);
        {
            float nan3[3];
            nan3[0] = nan3[1] = nan3[2] = NAN;
            CHECK(bsp_box_leaves(m, 0, lo, hi, NULL, 1, &count2, &top2) == BSP_E_BAD_ARGUMENT &&
                      bsp_box_leaves(m, 0, lo, hi, all, 4, NULL, &top2) == BSP_E_BAD_ARGUMENT &&
                      bsp_box_leaves(m, 0, nan3, hi, all, 4, &count2, &top2) == BSP_E_BAD_QUERY &&
                      bsp_box_leaves(m, 0xffffffffu, lo, hi, all, 4, &count2, &top2) ==
                          (q3 || bsp_map_family(m) == BSP_FAMILY_NIGHTFIRE ? BSP_E_UNSUPPORTED : BSP_E_BAD_MODEL),
                  what, "a status out of order");
        }
    }
}

static void one_map(const char *name, const uint8_t *data, uint32_t size, int index, const char *api)
{
    held H;
    bsp_status st;
    bsp_family_id f;
    float mins[3], maxs[3], hmins[3], hmaxs[3];
    char what[256];
    (void)index, (void)api;
    st = load(&H, data, size);
    snprintf(what, sizeof what, "%s: loads with collision", name);
    CHECK(st == BSP_OK, what, "%s", bsp_status_name(st));
    if (st != BSP_OK) {
        free(H.arena);
        return;
    }
    f = bsp_map_family(&H.m);
    snprintf(what, sizeof what, "%s: the family enum names the family bsp_family_name does", name);
    CHECK(f > BSP_FAMILY_UNKNOWN && f < BSP_FAMILY_COUNT && f == bsp_header_family(&H.h) &&
              !strcmp(names[f], bsp_family_name(&H.h)),
          what, "%d for %s", (int)f, bsp_family_name(&H.h));
    /* the Quake family's boxes are its hulls: standing hull 1, goldsrc's
     * crouching hull 3 (bsp_hull_size, from the engines' hull tables);
     * Hexen II's hulls are its own (13.4: bsp_map_player_box below) */
    if (f == BSP_FAMILY_QUAKE || f == BSP_FAMILY_GOLDSRC || f == BSP_FAMILY_BSP2) {
        int k, same = 1, own = bsp_variant_name(&H.h) && !strcmp(bsp_variant_name(&H.h), "hexen2");
        bsp_player_box(f, BSP_STANDING, mins, maxs);
        bsp_hull_size(&H.m, 1, hmins, hmaxs);
        for (k = 0; k < 3; k++) same &= mins[k] == hmins[k] && maxs[k] == hmaxs[k];
        if (f == BSP_FAMILY_GOLDSRC) {
            bsp_player_box(f, BSP_CROUCHING, mins, maxs);
            bsp_hull_size(&H.m, 3, hmins, hmaxs);
            for (k = 0; k < 3; k++) same &= mins[k] == hmins[k] && maxs[k] == hmaxs[k];
        } else {
            same &= bsp_player_box(f, BSP_CROUCHING, mins, maxs) == BSP_E_UNSUPPORTED;
        }
        snprintf(what, sizeof what, "%s: the player's boxes are the engine's hulls", name);
        if (!own) CHECK(same, what, "a box differs from its hull");
        /* the masks a BRUSHLIST's brushes meet (docs/queries.md 13.7):
         * SOLID | SKY, and the player's adds PLAYERCLIP | MONSTERCLIP */
        snprintf(what, sizeof what, "%s: the Quake family's masks are 0x21 and 0xe1", name);
        CHECK(bsp_trace_mask(&H.m, BSP_MASK_SOLID) == 0x21u && bsp_trace_mask(&H.m, BSP_MASK_PLAYERSOLID) == 0xe1u,
              what, "0x%x, 0x%x", (unsigned)bsp_trace_mask(&H.m, BSP_MASK_SOLID),
              (unsigned)bsp_trace_mask(&H.m, BSP_MASK_PLAYERSOLID));
    } else {
        snprintf(what, sizeof what, "%s: the player's crouching box is lower than its standing one", name);
        CHECK(bsp_player_box(f, BSP_STANDING, mins, maxs) == BSP_OK &&
                  bsp_player_box(f, BSP_CROUCHING, hmins, hmaxs) == BSP_OK &&
                  hmaxs[2] - hmins[2] < maxs[2] - mins[2] && hmins[0] == mins[0] && hmaxs[1] == maxs[1],
              what, "boxes");
    }
    {
        /* the map's game's boxes (bsp_map_player_box): its family's, but
         * Hexen II's own, which bsp_trace gives hulls of their size (13.4:
         * standing hull 1, crouching hull 3) */
        float b[2][2][3], fb[2][3];
        int k, s, ok = 1, hexen2 = bsp_variant_name(&H.h) && !strcmp(bsp_variant_name(&H.h), "hexen2");
        for (s = 0; s < 2; s++) {
            bsp_status ms = bsp_map_player_box(&H.m, (bsp_stance)s, b[s][0], b[s][1]);
            bsp_status fs = bsp_player_box(f, (bsp_stance)s, fb[0], fb[1]);
            if (hexen2) {
                ok &= ms == BSP_OK && bsp_hull_size(&H.m, s ? 3u : 1u, hmins, hmaxs) == BSP_OK;
                for (k = 0; k < 3 && ms == BSP_OK; k++)
                    ok &= b[s][1][k] - b[s][0][k] == hmaxs[k] - hmins[k] && b[s][0][2] == 0;
            } else {
                ok &= ms == fs;
                for (k = 0; k < 3 && ms == BSP_OK; k++) ok &= b[s][0][k] == fb[0][k] && b[s][1][k] == fb[1][k];
            }
        }
        ok &= bsp_map_player_box(NULL, BSP_STANDING, b[0][0], b[0][1]) == BSP_E_BAD_ARGUMENT &&
              bsp_map_player_box(&H.m, (bsp_stance)2, b[0][0], b[0][1]) == BSP_E_BAD_ARGUMENT &&
              bsp_map_player_box(&H.m, BSP_STANDING, NULL, b[0][1]) == BSP_E_BAD_ARGUMENT;
        snprintf(what, sizeof what, "%s: bsp_map_player_box gives %s", name,
                 hexen2 ? "Hexen II's boxes, the size of hulls 1 and 3, the origin at the feet" : "the family's boxes");
        CHECK(ok, what, "a box or status differs");
    }
    player_checks(name, &H.m);
    free(H.arena);
}

int main(int argc, char **argv)
{
    float a[3], b[3];
    CHECK(bsp_player_box(BSP_FAMILY_UNKNOWN, BSP_STANDING, a, b) == BSP_E_BAD_ARGUMENT &&
              bsp_player_box(BSP_FAMILY_COUNT, BSP_STANDING, a, b) == BSP_E_BAD_ARGUMENT &&
              bsp_player_box(BSP_FAMILY_SOURCE, (bsp_stance)2, a, b) == BSP_E_BAD_ARGUMENT &&
              bsp_player_box(BSP_FAMILY_SOURCE, BSP_STANDING, NULL, b) == BSP_E_BAD_ARGUMENT &&
              bsp_header_family(NULL) == BSP_FAMILY_UNKNOWN && bsp_map_family(NULL) == BSP_FAMILY_UNKNOWN,
          "player boxes and the family enum: statuses", "a status out of order");
    for_each_map(argc, argv, one_map);
    return check_exit();
}
