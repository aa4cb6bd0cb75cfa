/* SPDX-License-Identifier: MIT */
/* test_absent.c - a lump the file stores empty against one the load left
 * out (bspkit.h: not_loaded only for a lump the load left out; a lump
 * stored empty is a map without the data, whatever the load set), with
 * the values a map without the data gives (counts 0, a pakfile of no
 * entries, no areas); and the deprecated bsp_leaf_info, which must keep
 * answering as bsp_get_leaf does.
 *
 *   test_absent MAP...   (generated maps: build/maps)
 *
 * The expectations are bspkit.h's documented answers; the emptied copies
 * come from empty_lumps.h (Source and Quake 2 maps). */
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "../common/files.h"
#include "../common/held.h"
#include "../common/empty_lumps.h"
#include "../../platform/memory/bsp_memstream.h"

static void load(held *H, const uint8_t *data, uint32_t size, const bsp_options *o)
{
    held_load(H, data, size, o);
}

static bsp_options opts(uint32_t sets, uint64_t extra)
{
    bsp_options o = bsp_default_options(sets);
    o.extra_lumps = extra;
    o.lzma_lclp_max = 12;
    return o;
}

/* Source's calls on a copy whose game lump, pakfile, cubemaps and world
 * lights are stored empty: the answers of a map without them. */
static void source_none(const char *what, held *H)
{
    char name[512];
    bsp_game_lump g;
    bsp_pak p, q;
    bsp_pak_entry e;
    bsp_world_lights w;
    bsp_cubemap c;
    uint32_t n = 99, ofs = 99, len = 99;
    bsp_status st;

    snprintf(name, sizeof name, "%s: no game sub-lumps: count 0, sub-lump 0 and 'sprp' bad_query", what);
    CHECK(bsp_game_lump_count(&H->m) == 0 && bsp_game_lump_get(&H->m, 0, &g) == BSP_E_BAD_QUERY &&
              bsp_static_props_find(&H->m, &g) == BSP_E_BAD_QUERY,
          name, "count %u, get %s, find %s", bsp_game_lump_count(&H->m),
          bsp_status_name(bsp_game_lump_get(&H->m, 0, &g)), bsp_status_name(bsp_static_props_find(&H->m, &g)));

    memset(&p, 0xab, sizeof p);
    st = bsp_pak_open_map(&H->m, &p);
    snprintf(name, sizeof name, "%s: the pakfile opens with no entries; entry 0 and a lookup are bad_query", what);
    CHECK(st == BSP_OK && p.count == 0 && p.size == 0 && p.problem == BSP_PAK_FINE &&
              bsp_pak_get(&p, 0, &e) == BSP_E_BAD_QUERY &&
              bsp_pak_find(&p, "materials/maps/x/c0_0_0.vtf", &e) == BSP_E_BAD_QUERY &&
              e.problem == BSP_PAK_NOT_FOUND,
          name, "%s, count %u, size %u", bsp_status_name(st), p.count, p.size);

    st = bsp_pak_locate(&H->h, &ofs, &len);
    snprintf(name, sizeof name, "%s: bsp_pak_locate gives size 0, which bsp_pak_open_tail opens with no entries",
             what);
    CHECK(st == BSP_OK && len == 0 && bsp_pak_open_tail(&q, NULL, 0, len, 0) == BSP_OK && q.count == 0, name,
          "%s, size %u", bsp_status_name(st), len);

    st = bsp_cubemap_count(&H->m, &H->h, &n);
    snprintf(name, sizeof name, "%s: 0 cubemaps; cubemap 0 is bad_query", what);
    CHECK(st == BSP_OK && n == 0 && bsp_cubemap_get(&H->m, 0, &c) == BSP_E_BAD_QUERY, name, "%s, %u; get %s",
          bsp_status_name(st), n, bsp_status_name(bsp_cubemap_get(&H->m, 0, &c)));

    snprintf(name, sizeof name, "%s: no world lights, LDR and HDR", what);
    st = bsp_world_lights_open(&H->m, &H->h, 0, &w);
    n = w.count;
    if (st == BSP_OK) st = bsp_world_lights_open(&H->m, &H->h, 1, &w);
    CHECK(st == BSP_OK && n == 0 && w.count == 0, name, "%s, %u and %u", bsp_status_name(st), n, w.count);
}

/* Areas and entities stored empty (Source and Quake 2). */
static void areas_none(const char *what, held *H)
{
    char name[512];
    bsp_areas_info i;
    uint16_t flood[4] = { 7, 7, 7, 7 };
    uint8_t bits[4];
    int con = 5;
    uint32_t at = 0;
    float v[3];
    bsp_status st = bsp_areas_get_info(&H->m, &i);

    snprintf(name, sizeof name, "%s: no areas: 0 areas and portals, a state of 0 bytes", what);
    CHECK(st == BSP_OK && i.num_areas == 0 && i.num_portals == 0 && i.state_bytes == 0 && !i.per_pair, name,
          "%s, %u areas, %u portals, %u bytes", bsp_status_name(st), i.num_areas, i.num_portals, i.state_bytes);
    snprintf(name, sizeof name, "%s: no areas: the flood writes nothing; area 0 is bad_query; -1 reaches nothing",
             what);
    CHECK(bsp_area_flood(&H->m, NULL, 0, flood, 4) == BSP_OK && flood[0] == 7 &&
              bsp_areas_connected(&H->m, NULL, 0, 0, 0, &con) == BSP_E_BAD_QUERY &&
              bsp_areas_connected(&H->m, NULL, 0, -1, -1, &con) == BSP_OK && con == 0 &&
              bsp_area_reachable(&H->m, NULL, 0, 0, bits, sizeof bits) == BSP_E_BAD_QUERY,
          name, "flood %s", bsp_status_name(bsp_area_flood(&H->m, NULL, 0, flood, 4)));

    st = bsp_entity_find(&H->m, "classname", "worldspawn", &at);
    snprintf(name, sizeof name, "%s: no entity text: a search ends at once, no entity at byte 0", what);
    CHECK(st == BSP_E_END && bsp_entity_vector(&H->m, 0, "origin", v) == BSP_E_BAD_QUERY, name, "%s, %s",
          bsp_status_name(st), bsp_status_name(bsp_entity_vector(&H->m, 0, "origin", v)));
}

/* The same calls on the map as generated, its lumps left out: not_loaded
 * for each lump the file does store. */
static void left_out(const char *map, const uint8_t *data, uint32_t size, int kind)
{
    char name[512];
    held H;
    bsp_options o = opts(BSP_LOAD_QUERIES, 0);
    bsp_areas_info i;
    bsp_game_lump g;
    bsp_pak p;
    bsp_cubemap c;
    uint32_t at = 0;
    bsp_status st;
    load(&H, data, size, &o);
    if (H.st != BSP_OK) {
        CHECK(0, map, "does not load: %s", bsp_status_name(H.st));
        free(H.arena);
        return;
    }
    snprintf(name, sizeof name, "%s: areas and entities left out: not_loaded", map);
    CHECK(bsp_areas_get_info(&H.m, &i) == BSP_E_NOT_LOADED &&
              bsp_entity_find(&H.m, "classname", "worldspawn", &at) == BSP_E_NOT_LOADED,
          name, "areas %s", bsp_status_name(bsp_areas_get_info(&H.m, &i)));
    if (kind == EMPTY_SOURCE) {
        snprintf(name, sizeof name, "%s: game lump, pakfile and cubemaps left out: not_loaded (each stored)", map);
        st = bsp_cubemap_get(&H.m, 0, &c);
        CHECK(H.h.lumps[35].length && H.h.lumps[40].length && H.h.lumps[42].length &&
                  bsp_game_lump_get(&H.m, 0, &g) == BSP_E_NOT_LOADED &&
                  bsp_static_props_find(&H.m, &g) == BSP_E_NOT_LOADED &&
                  bsp_pak_open_map(&H.m, &p) == BSP_E_NOT_LOADED && st == BSP_E_NOT_LOADED,
              name, "cubemap_get %s; lengths %u %u %u", bsp_status_name(st), H.h.lumps[35].length,
              H.h.lumps[40].length, H.h.lumps[42].length);
    }
    free(H.arena);

    /* the area lump loaded, its portals left out: not an area map
     * without portals (a flood would join nothing) but not_loaded */
    {
        uint32_t areas = kind == EMPTY_SOURCE ? 20u : 17u;
        o = opts(BSP_LOAD_QUERIES, 1ull << areas);
        load(&H, data, size, &o);
        st = H.st == BSP_OK ? bsp_areas_get_info(&H.m, &i) : H.st;
        snprintf(name, sizeof name, "%s: the area lump loaded (extra_lumps), the portal lump left out: not_loaded",
                 map);
        CHECK(st == BSP_E_NOT_LOADED && H.h.lumps[areas + 1].length, name, "%s", bsp_status_name(st));
        free(H.arena);
    }
}

static void empty_map(const char *map, const uint8_t *data, uint32_t size, int index, const char *api)
{
    int kind, j;
    uint8_t *copy = empty_copy(data, size, &kind);
    (void)index, (void)api;
    if (!copy) return;
    /* every lump in the load set, then none of the emptied ones: the same
     * answers */
    for (j = 0; j < 2; j++) {
        char what[200];
        held H;
        bsp_options o = j ? opts(BSP_LOAD_QUERIES, 0) : opts(BSP_LOAD_ALL | BSP_LOAD_COLLISION, 0);
        load(&H, copy, size, &o);
        snprintf(what, sizeof what, "%s stored empty, %s", map, j ? "left out" : "in the load set");
        if (H.st != BSP_OK) {
            CHECK(0, what, "does not load: %s", bsp_status_name(H.st));
        } else {
            areas_none(what, &H);
            if (kind == EMPTY_SOURCE) source_none(what, &H);
        }
        free(H.arena);
    }
    left_out(map, data, size, kind);
    free(copy);
}

/* ---- bsp_leaf_info: deprecated, kept answering as bsp_get_leaf ----------
 * (the one test of it in a full build; a build without map access, where
 * it is the leaf reader, answers the tool's leaf queries through it:
 * suite part 35) */
static void leaf_info_map(const char *map, const uint8_t *data, uint32_t size, int index, const char *api)
{
    char name[512];
    held H;
    bsp_options o = opts(BSP_LOAD_QUERIES, 0);
    bsp_counts n;
    bsp_map failed;
    uint32_t leaf, bad = 0;
    int32_t contents = 0, cluster = 0;
    (void)index, (void)api;
    load(&H, data, size, &o);
    if (H.st != BSP_OK || bsp_get_counts(&H.m, &n) != BSP_OK || n.leaves == 0) {
        CHECK(0, map, "does not load: %s", bsp_status_name(H.st));
        free(H.arena);
        return;
    }
    for (leaf = 0; leaf < n.leaves; leaf++) {
        bsp_leaf l;
        int32_t only_cluster = 0, only_contents = 0;
        if (bsp_get_leaf(&H.m, leaf, &l) != BSP_OK || bsp_leaf_info(&H.m, leaf, &contents, &cluster) != BSP_OK ||
            bsp_leaf_info(&H.m, leaf, NULL, &only_cluster) != BSP_OK ||
            bsp_leaf_info(&H.m, leaf, &only_contents, NULL) != BSP_OK ||
            bsp_leaf_info(&H.m, leaf, NULL, NULL) != BSP_OK || contents != l.contents || cluster != l.cluster ||
            only_cluster != l.cluster || only_contents != l.contents)
            bad++;
    }
    snprintf(name, sizeof name, "%s: bsp_leaf_info gives bsp_get_leaf's contents and cluster for all %u leaves "
             "(either pointer may be NULL)", map, n.leaves);
    CHECK(bad == 0, name, "%u leaves differ", bad);
    memset(&failed, 0, sizeof failed);
    snprintf(name, sizeof name, "%s: bsp_leaf_info: bad_query past the leaves, bad_argument without a map", map);
    CHECK(bsp_leaf_info(&H.m, n.leaves, &contents, &cluster) == BSP_E_BAD_QUERY &&
              bsp_leaf_info(NULL, 0, &contents, &cluster) == BSP_E_BAD_ARGUMENT &&
              bsp_leaf_info(&failed, 0, &contents, &cluster) == BSP_E_BAD_ARGUMENT,
          name, "past the end: %s", bsp_status_name(bsp_leaf_info(&H.m, n.leaves, &contents, &cluster)));
    free(H.arena);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        check_skip("absent", "no maps given");
        return check_exit();
    }
    for_each_map(argc, argv, empty_map);
    for_each_map(argc, argv, leaf_info_map);
    return check_exit();
}
