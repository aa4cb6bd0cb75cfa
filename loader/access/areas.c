/* SPDX-License-Identifier: MIT */
/* areas.c - which areas the caller's open area portals join
 * (docs/queries.md 9): the flood id's engines run when a door opens or
 * closes, over the family's area lumps or, for quake3, over a flag per pair
 * of areas. One walk: every query floods every area, then compares flood
 * numbers, so an answer never depends on where the walk started. */
#include "map_access.h"
#include "../core/map.h"

#if BSPKIT_ACCESS   /* else core/absent.c */

/* The bit of a portal key, the flag of a pair of areas. */
#define AREAS_STATE_BIT(s, k) ((s)[(k) >> 3] >> ((k) & 7) & 1)

/* What a map's areas are: counted, checked, and how a portal record is read. */
typedef struct areas_map {
    const bsp__access *a;
    uint32_t num_areas, num_portals, state_bytes;
    uint8_t wide;                  /* portal records read with the wide fields */
} areas_map;

/* Quake 3: one more than the largest area a leaf names (a negative area is
 * none: solid leaves). */
static uint32_t areas_from_leaves(const bsp__map *m, const bsp__access *a)
{
    uint32_t i, n = 0;
    for (i = 0; i < m->leafs.count; i++) {
        int32_t v = bsp__field_get(BSP__REC(m->leafs, i), a->leaf_area);
        if (v >= 0 && ((uint32_t)v & a->leaf_area_mask) + 1 > n) n = ((uint32_t)v & a->leaf_area_mask) + 1;
    }
    return n;
}

/* Is a record of `stride` bytes long enough for field f? (A lump whose
 * version has no layout is viewed a byte at a time.) */
static int areas_fits(uint32_t stride, bsp__field f)
{
    return bsp__field_at(f, 1).offset <= stride;
}

/* The statuses every entry point shares, in order: BAD_ARGUMENT, UNSUPPORTED
 * (the family; too many areas), NOT_LOADED; then BAD_QUERY is the caller's,
 * and check_records gives CORRUPT. */
static bsp_status areas_open(const bsp__map *m, areas_map *s)
{
    const bsp__access *a = bsp__access_of(m);
    if (!a) return bsp__no_access(m);
    s->a = a;
    s->wide = 0;
    s->num_portals = 0;
    if (a->area_rule == BSP_AREAS_NONE) return BSP_E_UNSUPPORTED;
    if (a->area_rule == BSP_AREAS_PAIRS) {
        s->num_areas = areas_from_leaves(m, a);
        if (s->num_areas > BSP_MAX_AREAS) return BSP_E_UNSUPPORTED;
        s->state_bytes = s->num_areas * s->num_areas;
        return BSP_OK;
    }
    /* (a lump the file stores empty is a map without areas or portals:
     * count 0; one the load left out is NOT_LOADED) */
    if ((!m->areas.data && !bsp__lump_is_empty(m, a->lumps[BSP_AL_AREAS])) ||
        (!m->areaportals.data && !bsp__lump_is_empty(m, a->lumps[BSP_AL_AREAPORTALS])))
        return BSP_E_NOT_LOADED;
    s->num_areas = m->areas.count;
    s->num_portals = m->areaportals.count;
    if (s->num_areas > BSP_MAX_AREAS) return BSP_E_UNSUPPORTED;
    s->wide = (uint8_t)(s->num_portals && a->portal_wide_bytes &&
                        m->areaportals.stride == a->portal_wide_bytes);
    s->state_bytes = 0;
    if ((s->num_areas && (!areas_fits(m->areas.stride, a->area_numportals) ||
                          !areas_fits(m->areas.stride, a->area_firstportal))) ||
        (s->num_portals && (!areas_fits(m->areaportals.stride, a->portal_key[s->wide]) ||
                            !areas_fits(m->areaportals.stride, a->portal_otherarea[s->wide]))))
        return BSP_E_UNSUPPORTED;
    return BSP_OK;
}

/* Every area's portal range lies in the portal lump, and the ranges hold
 * no more records than the lump (a compiler writes each area's portals
 * once, one range after another; ranges that overlap beyond the lump
 * would make the flood, which reads each area's range once, read
 * areas x portals records: CORRUPT, so that a flood reads at most the
 * lump); every portal names an area of the lump and a key of 0 ..
 * BSP_MAX_AREA_PORTAL_KEY. Sets the state's size from the largest key. */
static bsp_status check_records(const bsp__map *m, areas_map *s)
{
    const bsp__access *a = s->a;
    uint32_t i, keys = 0, total = 0;
    if (a->area_rule != BSP_AREAS_PORTALS) return BSP_OK;
    for (i = 0; i < s->num_areas; i++) {
        const uint8_t *r = BSP__REC(m->areas, i);
        int32_t num = bsp__field_get(r, a->area_numportals);
        int32_t first = bsp__field_get(r, a->area_firstportal);
        if (num < 0 || first < 0 || (uint32_t)num > s->num_portals ||
            (uint32_t)first > s->num_portals - (uint32_t)num ||
            (uint32_t)num > s->num_portals - total)
            return BSP_E_CORRUPT;
        total += (uint32_t)num;
    }
    for (i = 0; i < s->num_portals; i++) {
        const uint8_t *r = BSP__REC(m->areaportals, i);
        int32_t key = bsp__field_get(r, a->portal_key[s->wide]);
        int32_t other = bsp__field_get(r, a->portal_otherarea[s->wide]);
        if (key < 0 || key > (int32_t)BSP_MAX_AREA_PORTAL_KEY || other < 0 ||
            (uint32_t)other >= s->num_areas)
            return BSP_E_CORRUPT;
        if ((uint32_t)key + 1 > keys) keys = (uint32_t)key + 1;
    }
    s->state_bytes = (keys + 7) / 8;
    return BSP_OK;
}

/* Give `to` flood number f if no flood has it yet (pushing it on the
 * worklist); an area an earlier flood holds is a one-way portal (CORRUPT:
 * id's engines stop with "reflooded"). */
static int areas_reach(uint16_t *flood, uint16_t *work, uint32_t *top, uint32_t to, uint16_t f)
{
    if (flood[to] == f) return 0;
    if (flood[to]) return 1;
    flood[to] = f;
    work[(*top)++] = (uint16_t)to;
    return 0;
}

/* Flood from every area in turn (quake3 from area 0, the others from area
 * 1: area 0 is their null area), each area not yet reached starting the
 * next flood number. The worklist holds each area once. */
static bsp_status areas_flood(const bsp__map *m, const areas_map *s, const uint8_t *state,
                              uint16_t *flood)
{
    const bsp__access *a = s->a;
    uint16_t work[BSP_MAX_AREAS];
    uint32_t n = s->num_areas, start, top, j;
    uint16_t next = 0;
    bsp__fill(flood, 0, n * sizeof *flood);
    for (start = a->area_rule == BSP_AREAS_PAIRS ? 0 : 1; start < n; start++) {
        if (flood[start]) continue;
        next++;
        top = 0;
        flood[start] = next;
        work[top++] = (uint16_t)start;
        while (top) {
            uint32_t area = work[--top];
            if (a->area_rule == BSP_AREAS_PAIRS) {
                /* open either way round: the engine adjusts both flags */
                for (j = 0; j < n; j++)
                    if ((state[area * n + j] || state[j * n + area]) &&
                        areas_reach(flood, work, &top, j, next))
                        return BSP_E_CORRUPT;
                continue;
            }
            {
                const uint8_t *r = BSP__REC(m->areas, area);
                uint32_t first = (uint32_t)bsp__field_get(r, a->area_firstportal);
                uint32_t k, num = (uint32_t)bsp__field_get(r, a->area_numportals);
                for (k = 0; k < num; k++) {
                    const uint8_t *p = BSP__REC(m->areaportals, first + k);
                    uint32_t key = (uint32_t)bsp__field_get(p, a->portal_key[s->wide]);
                    uint32_t other = (uint32_t)bsp__field_get(p, a->portal_otherarea[s->wide]);
                    if (AREAS_STATE_BIT(state, key) &&
                        areas_reach(flood, work, &top, other, next))
                        return BSP_E_CORRUPT;
                }
            }
        }
    }
    return BSP_OK;
}

bsp_status bsp_areas_get_info(const bsp_map *map, bsp_areas_info *out)
{
    const bsp__map *m = bsp__map_c(map);
    areas_map s;
    bsp_status st;
    if (!out) return BSP_E_BAD_ARGUMENT;
    bsp__fill(out, 0, sizeof *out);
    st = areas_open(m, &s);
    if (st == BSP_OK) st = check_records(m, &s);
    if (st != BSP_OK) return st;
    out->num_areas = s.num_areas;
    out->num_portals = s.num_portals;
    out->state_bytes = s.state_bytes;
    out->per_pair = s.a->area_rule == BSP_AREAS_PAIRS;
    out->first_area = s.a->area_rule == BSP_AREAS_PAIRS ? 0 : 1;
    return BSP_OK;
}

/* The checks of the three queries and the flood: area a (b, when not
 * NULL) must be below the count. */
static bsp_status areas_run(const bsp__map *m, const uint8_t *state, uint32_t state_bytes,
                            const int32_t *areas, uint32_t num_areas, uint16_t *flood,
                            areas_map *s)
{
    uint32_t k;
    bsp_status st;
    if (!state && state_bytes) return BSP_E_BAD_ARGUMENT;
    st = areas_open(m, s);
    if (st != BSP_OK) return st;
    for (k = 0; k < num_areas; k++)
        if (areas[k] >= 0 && (uint32_t)areas[k] >= s->num_areas) return BSP_E_BAD_QUERY;
    st = check_records(m, s);
    if (st != BSP_OK) return st;
    if (state_bytes < s->state_bytes) return BSP_E_BAD_ARGUMENT;
    return areas_flood(m, s, state, flood);
}

bsp_status bsp_area_flood(const bsp_map *map, const uint8_t *state, uint32_t state_bytes,
                          uint16_t *flood, uint32_t num)
{
    const bsp__map *m = bsp__map_c(map);
    areas_map s;
    bsp_status st;
    uint16_t own[BSP_MAX_AREAS];
    uint32_t i;
    if (!flood && num) return BSP_E_BAD_ARGUMENT;
    st = areas_run(m, state, state_bytes, NULL, 0, own, &s);
    if (st != BSP_OK) return st;
    if (num < s.num_areas) return BSP_E_BAD_ARGUMENT;
    for (i = 0; i < s.num_areas; i++) flood[i] = own[i];
    return BSP_OK;
}

bsp_status bsp_areas_connected(const bsp_map *map, const uint8_t *state, uint32_t state_bytes,
                               int32_t a, int32_t b, int *connected)
{
    const bsp__map *m = bsp__map_c(map);
    areas_map s;
    bsp_status st;
    uint16_t flood[BSP_MAX_AREAS];
    int32_t ab[2];
    if (!connected) return BSP_E_BAD_ARGUMENT;
    *connected = 0;
    ab[0] = a;
    ab[1] = b;
    st = areas_run(m, state, state_bytes, ab, 2, flood, &s);
    if (st != BSP_OK) return st;
    *connected = a >= 0 && b >= 0 && flood[a] == flood[b];
    return BSP_OK;
}

bsp_status bsp_area_reachable(const bsp_map *map, const uint8_t *state, uint32_t state_bytes,
                              int32_t a, uint8_t *bits, uint32_t bits_bytes)
{
    const bsp__map *m = bsp__map_c(map);
    areas_map s;
    bsp_status st;
    uint16_t flood[BSP_MAX_AREAS];
    uint32_t i;
    if (!bits && bits_bytes) return BSP_E_BAD_ARGUMENT;
    st = areas_run(m, state, state_bytes, &a, 1, flood, &s);
    if (st != BSP_OK) return st;
    if (bits_bytes < BSP_AREA_BITS_BYTES(s.num_areas)) return BSP_E_BAD_ARGUMENT;
    bsp__fill(bits, 0, bits_bytes);
    for (i = 0; a >= 0 && i < s.num_areas; i++)
        if (flood[i] == flood[a]) bits[i >> 3] = (uint8_t)(bits[i >> 3] | 1u << (i & 7));
    return BSP_OK;
}

#endif
