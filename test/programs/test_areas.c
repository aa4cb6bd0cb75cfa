/* SPDX-License-Identifier: MIT */
/* test_areas.c - areas and area portals (docs/queries.md 9): statuses and
 * their order, load sets, the generator's chain of doors (test/gen/world.h:
 * door k joins areas k and k + 1, quake3 k - 1 and k, so closing one door
 * cuts the chain there), docs/access.md's entity culling, and hand-corrupted
 * area lumps of a generated Quake 2 map.
 *
 *   test_areas MAP...   (generated maps are named by the suite; real maps
 *                        get the status checks only) */
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "../common/files.h"
#include "../common/held.h"
#include "../../platform/memory/bsp_memstream.h"

static bsp_status load(held *H, const uint8_t *data, uint32_t size, uint32_t sets)
{
    bsp_options o = held_options(sets);
    return held_load(H, data, size, &o);
}

/* ---- the docs/access.md example: is an entity at `at` in an area the
 * viewer's area reaches through open portals? ------------------------------ */

static int entity_visible(const bsp_map *m, const uint8_t *portals, uint32_t portal_bytes,
                          const float eye[3], const float at[3])
{
    uint32_t leaf;
    bsp_leaf from, to;
    int connected = 0;
    if (bsp_point_leaf(m, 0, eye, &leaf) != BSP_OK || bsp_get_leaf(m, leaf, &from) != BSP_OK ||
        bsp_point_leaf(m, 0, at, &leaf) != BSP_OK || bsp_get_leaf(m, leaf, &to) != BSP_OK)
        return 1;   /* no answer: draw it */
    if (bsp_areas_connected(m, portals, portal_bytes, from.area, to.area, &connected) != BSP_OK)
        return 1;
    return connected;
}

/* ---- the generator's chain ----------------------------------------------- */

static int is_generated(const char *path)
{
    return strstr(path, "/maps/") && !strstr(path, "shared/");
}

/* A state with only the doors in `doors` open (bit k: door k). */
static void chain_state(const bsp_areas_info *info, uint32_t doors, uint8_t *state)
{
    uint32_t n = info->num_areas, k, a, b;
    memset(state, 0, info->state_bytes);
    if (!info->per_pair) {
        for (k = 0; k < 8 * info->state_bytes && k < 32; k++)
            if (doors >> k & 1) state[k >> 3] = (uint8_t)(state[k >> 3] | 1u << (k & 7));
        return;
    }
    for (a = 0; a < n; a++)
        for (b = 0; b < n; b++)
            if ((a + 1 == b && (doors >> b & 1)) || (b + 1 == a && (doors >> a & 1)))
                state[a * n + b] = 1;
}

/* The chain's answer: a and b (first <= a, b < n) are joined when every
 * door between them is open. */
static int chain_connected(const bsp_areas_info *info, uint32_t doors, uint32_t a, uint32_t b)
{
    uint32_t lo = a < b ? a : b, hi = a < b ? b : a, k;
    for (k = lo + 1; k <= hi; k++) {
        uint32_t door = info->per_pair ? k : k - 1;   /* the door below area k */
        if (!(doors >> door & 1)) return 0;
    }
    return 1;
}

static void check_chain(const char *name, const bsp_map *m, const bsp_areas_info *info)
{
    uint32_t n = info->num_areas, a, b, s, k, bad = 0, leaf;
    uint8_t *state = malloc(info->state_bytes + 1);
    uint16_t flood[BSP_MAX_AREAS];
    uint8_t bits[BSP_AREA_BITS_BYTES(BSP_MAX_AREAS)];
    char what[256];
    uint32_t doors[4] = { 0, ~0u, 0, 0 };
    bsp_counts c;
    int conn;
    doors[2] = 1u << (info->per_pair ? 2 : 1);                 /* one door open */
    doors[3] = ~(1u << (info->per_pair ? n / 2 : n / 2));      /* one door closed */
    snprintf(what, sizeof what, "%s: the generator's areas: %s", name,
             info->per_pair ? "quake3 leaves' areas 0 .. n-1" : "null area 0, then a chain");
    CHECK(n >= 2 && info->first_area == (info->per_pair ? 0u : 1u), what, "%u areas, first %u", n,
          info->first_area);
    for (s = 0; s < 4; s++) {
        chain_state(info, doors[s], state);
        if (bsp_area_flood(m, state, info->state_bytes, flood, BSP_MAX_AREAS) != BSP_OK) bad++;
        for (a = info->first_area; a < n; a++) {
            if (bsp_area_reachable(m, state, info->state_bytes, (int32_t)a, bits, sizeof bits) != BSP_OK)
                bad++;
            for (b = info->first_area; b < n; b++) {
                int want = chain_connected(info, doors[s], a, b);
                if (bsp_areas_connected(m, state, info->state_bytes, (int32_t)a, (int32_t)b, &conn) != BSP_OK ||
                    conn != want || (flood[a] == flood[b]) != want || (int)(bits[b >> 3] >> (b & 7) & 1) != want)
                    bad++;
            }
        }
    }
    snprintf(what, sizeof what, "%s: closed, open, one door open, one closed: exactly the chain's joins", name);
    CHECK(bad == 0, what, "%u wrong answers", bad);
    if (!info->per_pair) {
        chain_state(info, ~0u, state);
        snprintf(what, sizeof what, "%s: area 0 (null): connected to itself only, flood number 0", name);
        CHECK(bsp_areas_connected(m, state, info->state_bytes, 0, 0, &conn) == BSP_OK && conn == 1 &&
              bsp_areas_connected(m, state, info->state_bytes, 0, 1, &conn) == BSP_OK && conn == 0 &&
              bsp_area_flood(m, state, info->state_bytes, flood, BSP_MAX_AREAS) == BSP_OK && flood[0] == 0,
              what, "no");
    }
    /* docs/access.md's culling: a viewer in the first area's leaf, an entity
     * in the last area's, through every door then none */
    {
        float eye[3], at[3];
        int have_eye = 0, have_at = 0, open_vis, closed_vis;
        bsp_leaf l;
        bsp_get_counts(m, &c);
        for (leaf = 0; leaf < c.leaves; leaf++) {
            float *p;
            if (bsp_get_leaf(m, leaf, &l) != BSP_OK || l.cluster < 0) continue;
            if (l.area == (int32_t)info->first_area && !have_eye) p = eye, have_eye = 1;
            else if (l.area == (int32_t)(n - 1) && !have_at) p = at, have_at = 1;
            else continue;
            for (k = 0; k < 3; k++) p[k] = (l.mins[k] + l.maxs[k]) * 0.5f + 0.375f;
        }
        chain_state(info, ~0u, state);
        open_vis = entity_visible(m, state, info->state_bytes, eye, at);
        chain_state(info, 0, state);
        closed_vis = entity_visible(m, state, info->state_bytes, eye, at);
        snprintf(what, sizeof what, "%s: README culling: seen through open doors, culled behind closed ones", name);
        CHECK(have_eye && have_at && open_vis == 1 && closed_vis == 0, what, "%d %d %d %d", have_eye, have_at,
              open_vis, closed_vis);
    }
    free(state);
}

/* ---- statuses --------------------------------------------------------------- */

static void check_statuses(const char *name, const bsp_map *m, const bsp_areas_info *info)
{
    uint8_t state[4] = { 0, 0, 0, 0 };
    uint16_t flood[BSP_MAX_AREAS];
    uint8_t bits[BSP_AREA_BITS_BYTES(BSP_MAX_AREAS)];
    char what[256];
    int c = 7;
    uint32_t n = info->num_areas;
    uint8_t *full = calloc(info->state_bytes + 1, 1);
    snprintf(what, sizeof what, "%s: BAD_ARGUMENT for NULLs, a short state or output; BAD_QUERY beyond the areas", name);
    CHECK(bsp_areas_connected(NULL, full, info->state_bytes, 0, 0, &c) == BSP_E_BAD_ARGUMENT &&
          bsp_areas_connected(m, full, info->state_bytes, 0, 0, NULL) == BSP_E_BAD_ARGUMENT &&
          bsp_areas_connected(m, NULL, 4, 0, 0, &c) == BSP_E_BAD_ARGUMENT &&
          bsp_areas_get_info(m, NULL) == BSP_E_BAD_ARGUMENT &&
          (info->state_bytes == 0 ||
           bsp_areas_connected(m, state, info->state_bytes - 1, 0, 0, &c) == BSP_E_BAD_ARGUMENT) &&
          bsp_area_flood(m, full, info->state_bytes, flood, n - 1) == BSP_E_BAD_ARGUMENT &&
          bsp_area_reachable(m, full, info->state_bytes, 0, bits, BSP_AREA_BITS_BYTES(n) - 1) ==
              BSP_E_BAD_ARGUMENT &&
          bsp_areas_connected(m, full, info->state_bytes, (int32_t)n, 0, &c) == BSP_E_BAD_QUERY &&
          bsp_areas_connected(m, full, info->state_bytes, 0, (int32_t)n, &c) == BSP_E_BAD_QUERY &&
          bsp_areas_connected(m, NULL, 0, (int32_t)n, 0, &c) == BSP_E_BAD_QUERY &&
          bsp_area_reachable(m, full, info->state_bytes, (int32_t)n, bits, sizeof bits) == BSP_E_BAD_QUERY,
          what, "a status differs");
    snprintf(what, sizeof what, "%s: a negative area is connected to nothing and reaches nothing", name);
    CHECK(bsp_areas_connected(m, full, info->state_bytes, -1, 0, &c) == BSP_OK && c == 0 &&
          bsp_areas_connected(m, full, info->state_bytes, -1, -1, &c) == BSP_OK && c == 0 &&
          bsp_area_reachable(m, full, info->state_bytes, -5, bits, sizeof bits) == BSP_OK && bits[0] == 0,
          what, "no");
    free(full);
}

/* ---- hand-corrupted Quake 2 area lumps ------------------------------------- */

static uint32_t rd32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static void wr32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}

/* A copy of a generated Quake 2 map (lump 17: areas {num, first}; 18:
 * portals {key, other}) with one int32 changed; the status under all doors
 * open. */
static bsp_status corrupted(const uint8_t *data, uint32_t size, int lump, uint32_t at, uint32_t value)
{
    uint8_t *copy = malloc(size);
    held H;
    bsp_status st;
    int c;
    uint8_t open[8192];
    memcpy(copy, data, size);
    memset(open, 0xff, sizeof open);
    wr32(copy + rd32(copy + 8 + 8 * lump) + at, value);
    st = load(&H, copy, size, BSP_LOAD_GEOMETRY);
    if (st == BSP_OK) st = bsp_areas_connected(&H.m, open, sizeof open, 1, 2, &c);
    free(H.arena);
    free(copy);
    return st;
}

static void check_corrupt(const uint8_t *data, uint32_t size)
{
    /* the generator's records (world.h): area 1 = {1, 1}, area 2 = {2, 2};
     * record 1 = {key 1, area 2}, record 2 = {key 1, area 1} */
    CHECK(corrupted(data, size, 18, 8 * 1 + 4, 99) == BSP_E_CORRUPT,
          "quake2: a portal naming an area beyond the area lump is CORRUPT", "no");
    CHECK(corrupted(data, size, 18, 8 * 1, 70000) == BSP_E_CORRUPT,
          "quake2: a portal key above 65535 is CORRUPT", "no");
    CHECK(corrupted(data, size, 18, 8 * 1, 0xffffffffu) == BSP_E_CORRUPT,
          "quake2: a negative portal key is CORRUPT", "no");
    CHECK(corrupted(data, size, 17, 8 * 2 + 4, 1000) == BSP_E_CORRUPT,
          "quake2: an area's portals beyond the portal lump are CORRUPT", "no");
    CHECK(corrupted(data, size, 17, 8 * 2, 0x80000000u) == BSP_E_CORRUPT,
          "quake2: a negative portal count is CORRUPT", "no");
    /* area 2 without portals: area 1 floods into it, area 3 comes back to
     * it through a door of its own (a one-way portal, id's "reflooded") */
    CHECK(corrupted(data, size, 17, 8 * 2, 0) == BSP_E_CORRUPT,
          "quake2: a one-way portal is CORRUPT", "no");
    CHECK(corrupted(data, size, 18, 8 * 1, 1) == BSP_OK,
          "quake2: the unchanged value answers", "no");
}

static void check_map(const char *path)
{
    uint32_t size;
    uint8_t *data = read_file(path, &size);
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    held H;
    bsp_status st;
    bsp_areas_info info;
    char what[256];
    int c;
    if (!data) {
        check_report(0, path, "cannot read");
        return;
    }
    /* without BSP_LOAD_GEOMETRY: quake2 and source NOT_LOADED, quake3 answers */
    if (load(&H, data, size, BSP_LOAD_QUERIES) == BSP_OK) {
        const char *fam = bsp_family_name(&H.h);
        bsp_status want = !strcmp(fam, "quake2") || !strcmp(fam, "source") ? BSP_E_NOT_LOADED
                        : !strcmp(fam, "quake3") ? BSP_OK : BSP_E_UNSUPPORTED;
        st = bsp_areas_get_info(&H.m, &info);
        snprintf(what, sizeof what, "%s: without BSP_LOAD_GEOMETRY: %s", name, bsp_status_name(want));
        CHECK(st == want && bsp_areas_connected(&H.m, NULL, 0, 0, 0, &c) ==
              (want == BSP_OK ? (info.state_bytes ? BSP_E_BAD_ARGUMENT : BSP_OK) : want),
              what, "%s", bsp_status_name(st));
    }
    free(H.arena);
    if ((st = load(&H, data, size, BSP_LOAD_GEOMETRY)) != BSP_OK) {
        snprintf(what, sizeof what, "%s: loads", name);
        check_report(st == BSP_E_BAD_VERSION || st == BSP_E_BAD_LUMP_VERSION, what, "%s", bsp_status_name(st));
        free(H.arena);
        free(data);
        return;
    }
    st = bsp_areas_get_info(&H.m, &info);
    {
        const char *fam = bsp_family_name(&H.h);
        int has = !strcmp(fam, "quake2") || !strcmp(fam, "source") || !strcmp(fam, "quake3");
        snprintf(what, sizeof what, "%s: %s", name, has ? "areas answer" : "UNSUPPORTED (no areas)");
        CHECK(has ? st == BSP_OK : st == BSP_E_UNSUPPORTED && bsp_areas_connected(&H.m, NULL, 0, 0, 0, &c) ==
                                                                  BSP_E_UNSUPPORTED,
              what, "%s", bsp_status_name(st));
    }
    if (st == BSP_OK && info.num_areas > 0) {
        check_statuses(name, &H.m, &info);
        if (is_generated(path) && info.num_areas > 2) check_chain(name, &H.m, &info);
        if (is_generated(path) && !strcmp(bsp_family_name(&H.h), "quake2") && !strcmp(name, "q2.bsp"))
            check_corrupt(data, size);
    }
    free(H.arena);
    free(data);
}

int main(int argc, char **argv)
{
    int i;
    for (i = 1; i < argc; i++) check_map(argv[i]);
    printf("%d passed, %d failed\n", check_counts.passed, check_counts.failed);
    return check_counts.failed != 0;
}
