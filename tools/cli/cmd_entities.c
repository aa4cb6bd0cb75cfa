/* SPDX-License-Identifier: MIT */
/* cmd_entities.c - bspkit entities (the entity lump, one JSON object per
 * entity) and bspkit gamelumps (a Source map's game sub-lumps, unpacked
 * and hashed). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"

/* One "key" "value" pair of an entity, `at` its place in the entity. */
typedef struct ent_pair {
    const char *key, *value;
    uint32_t key_len, value_len, at;
} ent_pair;

static int same_key(const ent_pair *a, const ent_pair *b)
{
    return a->key_len == b->key_len && !memcmp(a->key, b->key, a->key_len);
}

static int pair_order(const void *pa, const void *pb)
{
    const ent_pair *a = (const ent_pair *)pa, *b = (const ent_pair *)pb;
    uint32_t n = a->key_len < b->key_len ? a->key_len : b->key_len;
    int c = memcmp(a->key, b->key, n);
    if (c) return c;
    if (a->key_len != b->key_len) return a->key_len < b->key_len ? -1 : 1;
    return a->at < b->at ? -1 : a->at > b->at;
}

/* One entity as a JSON object. A key that repeats (Source outputs such as
 * "OnTrigger", several "target"s) would be one JSON member kept and the
 * others dropped by most parsers, so its values become one array, in file
 * order, at the key's first place. Sorting keeps this O(n log n) whatever
 * the entity's length. `sorted` and `group` have room for n. */
static void print_entity(const ent_pair *p, ent_pair *sorted, uint32_t *group, uint32_t n)
{
    uint32_t i, k, first = 1;
    if (n) {
        memcpy(sorted, p, n * sizeof *p);
        qsort(sorted, n, sizeof *sorted, pair_order);
    }
    /* group[at]: where in `sorted` the key's run starts, for its first
     * pair; UINT32_MAX for the later ones */
    for (i = 0; i < n; i = k) {
        group[sorted[i].at] = i;
        for (k = i + 1; k < n && same_key(&sorted[i], &sorted[k]); k++)
            group[sorted[k].at] = UINT32_MAX;
    }
    putchar('{');
    for (i = 0; i < n; i++) {
        uint32_t g = group[i], end = g;
        if (g == UINT32_MAX) continue;
        while (end < n && same_key(&sorted[end], &p[i])) end++;
        if (!first) putchar(',');
        first = 0;
        json_string(p[i].key, p[i].key_len);
        putchar(':');
        if (end - g == 1) {
            json_string(p[i].value, p[i].value_len);
            continue;
        }
        putchar('[');
        for (k = g; k < end; k++) {
            if (k > g) putchar(',');
            json_string(sorted[k].value, sorted[k].value_len);
        }
        putchar(']');
    }
    printf("}\n");
}

int cmd_entities(const char *path, int forward)
{
    loaded L;
    bsp_entity_iter it;
    bsp_map_info info;
    bsp_entity_event ev;
    ent_pair *pairs = NULL, *sorted = NULL;
    uint32_t *group = NULL, n = 0, cap = 0;
    int rc = 0;
    if (load_map(&L, path, BSP_LOAD_ENTITIES, 0, forward)) return TOOL_EXIT_FAIL;
    bsp_get_info(&L.map, &info);
    bsp_entity_begin(&it, info.entities, info.entities_bytes);
    while ((ev = bsp_entity_next(&it)) != BSP_ENT_END && ev != BSP_ENT_ERROR) {
        if (ev == BSP_ENT_BEGIN) {
            n = 0;
        } else if (ev == BSP_ENT_PAIR) {
            if (n == cap) {
                uint32_t c = cap ? 2 * cap : 16;
                ent_pair *p2 = realloc(pairs, c * sizeof *pairs);
                ent_pair *s2 = p2 ? realloc(sorted, c * sizeof *sorted) : NULL;
                uint32_t *g2 = s2 ? realloc(group, c * sizeof *group) : NULL;
                if (p2) pairs = p2;
                if (s2) sorted = s2;
                if (!g2) {
                    rc = tool_out_of_memory("an entity", c);
                    break;
                }
                group = g2;
                cap = c;
            }
            pairs[n].key = it.key;
            pairs[n].key_len = it.key_len;
            pairs[n].value = it.value;
            pairs[n].value_len = it.value_len;
            pairs[n].at = n;
            n++;
        } else if (ev == BSP_ENT_CLOSE) {
            print_entity(pairs, sorted, group, n);
            n = 0;
        }
    }
    free(pairs);
    free(sorted);
    free(group);
    unload_map(&L);
    if (rc) return rc;
    if (ev == BSP_ENT_ERROR) return print_error_json("bad_entities");
    return 0;
}

/* Each game sub-lump, unpacked: id, version, flags, sizes and an FNV-1a
 * hash of the unpacked bytes (as the file holds them). */
int cmd_gamelumps(const char *path, int forward)
{
    loaded L;
    uint32_t i, n;
    int rc = 0;
    if (load_map(&L, path, BSP_LOAD_ALL, 0, forward)) return TOOL_EXIT_FAIL;
    n = bsp_game_lump_count(&L.map);
    /* docs/tool.md "No such data": a family without game lumps is
     * unsupported; a Source map whose game lump is empty lists nothing */
    if (bsp_map_family(&L.map) != BSP_FAMILY_SOURCE) {
        rc = tool_unsupported(path, bsp_family_name(&L.header), "game lump");
        unload_map(&L);
        return rc;
    }
    for (i = 0; i < n && rc == 0; i++) {
        bsp_game_lump g;
        uint32_t need_dst, need_tables, k, hash = 2166136261u;
        uint8_t *dst = NULL;
        void *tables = NULL;
        bsp_status st = bsp_game_lump_get(&L.map, i, &g);
        if (st == BSP_OK) st = bsp_game_lump_unpack_bytes(&g, &need_dst, &need_tables);
        if (st == BSP_OK) {
            /* need_dst may be 4 GiB - 1: no "+ 1" that wraps to a 0-byte block */
            dst = tool_alloc(need_dst);
            tables = tool_alloc(need_tables);
            if (!dst || !tables) {
                rc = tool_out_of_memory("a game sub-lump", need_dst);
                free(dst);
                free(tables);
                break;
            }
            st = bsp_game_lump_unpack(&g, dst, need_dst, tables, need_tables);
        }
        if (st == BSP_OK) {
            for (k = 0; k < g.size; k++) hash = (hash ^ dst[k]) * 16777619u;
            printf("{\"id\":\"%c%c%c%c\",\"version\":%u,\"flags\":%u,\"stored\":%u,"
                   "\"size\":%u,\"fnv1a\":\"%08x\"}\n",
                   (int)(g.id >> 24) & 0xff, (int)(g.id >> 16) & 0xff, (int)(g.id >> 8) & 0xff,
                   (int)g.id & 0xff, (unsigned)g.version, (unsigned)g.flags,
                   (unsigned)g.stored, (unsigned)g.size, (unsigned)hash);
        } else {
            rc = print_error_json(bsp_status_name(st));
        }
        free(dst);
        free(tables);
    }
    unload_map(&L);
    return rc;
}

