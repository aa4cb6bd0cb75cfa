/* SPDX-License-Identifier: MIT */
/* fuzz_areas.c - areas and area portals (bsp_areas_get_info,
 * bsp_area_flood, bsp_areas_connected, bsp_area_reachable) on arbitrary
 * bytes taken as a map.
 *
 * The input is loaded with BSP_LOAD_GEOMETRY into an arena of exactly the
 * measured size with guard bytes on both sides; then under three portal
 * states (all closed, all open, the input's own bytes) every pair of the
 * first areas and a few beyond the count are asked. Each answer must be a
 * documented status, and the three calls must agree: connected(a, b) is
 * connected(b, a), bit b of a's reachable set and the equality of their
 * flood numbers. The guards must be intact.
 *
 * Seeds: the `load` target's (every generated and real map). */
#include "fuzz.h"
#include "../../platform/memory/bsp_memstream.h"

#define AREAS_ARENA_CAP (64u << 20)
#define AREAS_ASKED 24u            /* areas asked in pairs */

static int areas_status_known(bsp_status st)
{
    return st == BSP_OK || st == BSP_E_UNSUPPORTED || st == BSP_E_NOT_LOADED ||
           st == BSP_E_BAD_QUERY || st == BSP_E_CORRUPT;
}

static void areas_ask(const bsp_map *m, const bsp_areas_info *info, const uint8_t *state)
{
    static uint16_t flood[BSP_MAX_AREAS];
    static uint8_t bits[BSP_AREA_BITS_BYTES(BSP_MAX_AREAS)];
    uint32_t n = info->num_areas, a, b;
    /* quake3's flood reads a byte per pair: fewer pairs on a big map */
    uint32_t asked = info->per_pair && n > 64 ? 3 : AREAS_ASKED;
    bsp_status st = bsp_area_flood(m, state, info->state_bytes, flood, BSP_MAX_AREAS);
    FUZZ_ASSERT(st == BSP_OK || st == BSP_E_CORRUPT);
    if (st != BSP_OK) return;
    for (a = 0; a < n && a < asked; a++) {
        FUZZ_ASSERT(bsp_area_reachable(m, state, info->state_bytes, (int32_t)a, bits, sizeof bits) == BSP_OK);
        FUZZ_ASSERT(bits[a >> 3] >> (a & 7) & 1);
        for (b = 0; b < n && b < asked; b++) {
            int c1, c2;
            FUZZ_ASSERT(bsp_areas_connected(m, state, info->state_bytes, (int32_t)a, (int32_t)b, &c1) == BSP_OK);
            FUZZ_ASSERT(bsp_areas_connected(m, state, info->state_bytes, (int32_t)b, (int32_t)a, &c2) == BSP_OK);
            FUZZ_ASSERT(c1 == c2 && c1 == (flood[a] == flood[b]) && c1 == (bits[b >> 3] >> (b & 7) & 1));
        }
    }
    for (a = n; a < n + 3; a++) {
        int c;
        FUZZ_ASSERT(bsp_areas_connected(m, state, info->state_bytes, (int32_t)a, 0, &c) == BSP_E_BAD_QUERY);
    }
    {
        int c = 1;
        FUZZ_ASSERT(bsp_areas_connected(m, state, info->state_bytes, -1, 0, &c) == BSP_OK && c == 0);
    }
}

static void areas_queries(const bsp_map *m, const uint8_t *data, size_t size)
{
    bsp_areas_info info;
    uint8_t *state;
    uint32_t k;
    int c;
    bsp_status st = bsp_areas_get_info(m, &info);
    FUZZ_ASSERT(areas_status_known(st) && st != BSP_E_BAD_QUERY);
    if (st != BSP_OK) {
        /* every query reports the same refusal (or an area beyond none) */
        bsp_status q = bsp_areas_connected(m, NULL, 0, 0, 0, &c);
        FUZZ_ASSERT(q == st || q == BSP_E_BAD_QUERY);
        return;
    }
    FUZZ_ASSERT(info.num_areas <= BSP_MAX_AREAS);
    if (info.state_bytes)
        FUZZ_ASSERT(bsp_areas_connected(m, NULL, 0, 0, 0, &c) == (info.num_areas ? BSP_E_BAD_ARGUMENT
                                                                                  : BSP_E_BAD_QUERY));
    state = malloc(info.state_bytes ? info.state_bytes : 1);
    if (!state) return;
    memset(state, 0, info.state_bytes);
    areas_ask(m, &info, state);
    memset(state, 0xff, info.state_bytes);
    areas_ask(m, &info, state);
    for (k = 0; k < info.state_bytes; k++) state[k] = size ? data[k % size] : 0;
    areas_ask(m, &info, state);
    free(state);
}

FUZZ_ENTRY(areas)
{
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    bsp_options o = bsp_default_options(BSP_LOAD_GEOMETRY);
    uint32_t need = 0;
    fuzz_block b;
    if (size > 0xffffffffu) return 0;
    bsp_memstream_init(&ms, &s, data, (uint32_t)size);
    if (bsp_open(&h, &s) != BSP_OK) return 0;
    if (bsp_measure(&h, &o, &need) != BSP_OK || need > AREAS_ARENA_CAP) return 0;
    if (fuzz_block_alloc(&b, need ? need : 1)) return 0;
    if (bsp_load(&m, &h, &s, b.p, need, &o, NULL) == BSP_OK) areas_queries(&m, data, size);
    FUZZ_ASSERT(fuzz_block_guards_ok(&b));
    fuzz_block_free(&b);
    return 0;
}
