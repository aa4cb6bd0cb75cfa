/* SPDX-License-Identifier: MIT */
/* areas.c - the query tool's `areas A B STATE` answer (docs/queries.md 6):
 * whether a and b are connected, the areas a reaches and every area's
 * flood number, under `open` (every byte 0xff), `closed` (every byte 0) or
 * the hex bytes given, zero-padded (closed) up to the map's state size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "areas.h"

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* The state bytes the token gives, at least `need` of them; NULL when the
 * token is malformed (*bad) or memory ran out. */
static uint8_t *state_from(const char *tok, uint32_t need, uint32_t *bytes, int *bad)
{
    size_t len = strlen(tok), k;
    int fill = -1;
    uint8_t *s;
    *bad = 0;
    if (!strcmp(tok, "open")) fill = 0xff;
    else if (!strcmp(tok, "closed")) fill = 0;
    else if (len % 2) { *bad = 1; return NULL; }
    *bytes = fill >= 0 ? need : (uint32_t)(len / 2) > need ? (uint32_t)(len / 2) : need;
    s = calloc(*bytes ? *bytes : 1, 1);
    if (!s) return NULL;
    if (fill >= 0) {
        memset(s, fill, *bytes);
        return s;
    }
    for (k = 0; k < len / 2; k++) {
        int hi = hex_digit(tok[2 * k]), lo = hex_digit(tok[2 * k + 1]);
        if (hi < 0 || lo < 0) {
            free(s);
            *bad = 1;
            return NULL;
        }
        s[k] = (uint8_t)(hi << 4 | lo);
    }
    return s;
}

static bsp_status print_areas(const bsp_map *m, const bsp_areas_info *info, const uint8_t *state,
                              uint32_t bytes, int32_t a, int32_t b)
{
    uint16_t flood[BSP_MAX_AREAS];
    uint8_t bits[BSP_AREA_BITS_BYTES(BSP_MAX_AREAS)];
    uint32_t i;
    int connected, first = 1;
    bsp_status st = bsp_areas_connected(m, state, bytes, a, b, &connected);
    if (st == BSP_OK) st = bsp_area_reachable(m, state, bytes, a, bits, sizeof bits);
    if (st == BSP_OK) st = bsp_area_flood(m, state, bytes, flood, BSP_MAX_AREAS);
    if (st != BSP_OK) return st;
    printf("{\"q\":\"areas\",\"a\":%d,\"b\":%d,\"connected\":%d,\"reachable\":[", (int)a, (int)b,
           connected);
    for (i = 0; i < info->num_areas; i++)
        if (bits[i >> 3] >> (i & 7) & 1) {
            printf(first ? "%u" : ",%u", (unsigned)i);
            first = 0;
        }
    printf("],\"flood\":[");
    for (i = 0; i < info->num_areas; i++) printf(i ? ",%u" : "%u", (unsigned)flood[i]);
    printf("]}\n");
    return BSP_OK;
}

bsp_status tool_areas(const bsp_map *m, int32_t a, int32_t b, const char *tok)
{
    bsp_areas_info info;
    uint32_t bytes;
    uint8_t *state;
    int bad;
    bsp_status st;
    /* a malformed state is bad_query whatever the map */
    if (strcmp(tok, "open") && strcmp(tok, "closed")) {
        state = state_from(tok, 0, &bytes, &bad);
        if (bad) return BSP_E_BAD_QUERY;
        free(state);
    }
    /* the query's own statuses in their order, with an empty state (its
     * only complaint then: the state is too short) */
    st = bsp_areas_connected(m, NULL, 0, a, b, &bad);
    if (st != BSP_OK && st != BSP_E_BAD_ARGUMENT) return st;
    st = bsp_areas_get_info(m, &info);
    if (st != BSP_OK) return st;
    state = state_from(tok, info.state_bytes, &bytes, &bad);
    if (!state) return BSP_E_BAD_QUERY;
    st = print_areas(m, &info, state, bytes, a, b);
    free(state);
    return st;
}
