/* SPDX-License-Identifier: MIT */
/* test_api34.c - issue 34's "API without guesses": one rule for data a
 * family lacks (UNSUPPORTED) against data the caller's load set left out
 * (NOT_LOADED), checked for every map query and access call on a map of
 * each family; the end of an iteration (BSP_E_END).
 *
 *   test_api34 MAP...   (generated maps of every family: build/maps)
 *
 * The expectations come from the table below, written from the formats
 * (what each family's file stores), not from the library's answers. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "files.h"
#include "../platform/memory/bsp_memstream.h"

/* What a family's format stores (one bit per kind of data). */
enum {
    D_BRUSHES = 1 << 0,   /* collision brushes and sides (q2, q3, source, nightfire) */
    D_HULLS = 1 << 1,     /* the fixed clipping hulls (quake, goldsrc, bsp2) */
    D_AREAS = 1 << 2,     /* areas and area portals (q2, q3, source) */
    D_PAS = 1 << 3,       /* a stored PAS (q2, source) */
    D_SOURCE = 1 << 4,    /* game lumps, static props, pakfile, cubemaps,
                             world lights (source) */
    D_AMBIENT = 1 << 5,   /* ambient light in the base format: Source's cubes,
                             Quake 3's light grid (the Quake family's BSPX
                             octree is an extension these maps do not carry) */
    D_AREAS_IN_LEAVES = 1 << 6, /* quake3: areas are a leaf field, loaded always */
    D_NODE_FACES = 1 << 7 /* nodes list their faces, which the light trace
                             walks (not quake3's, not nightfire's nodes) */
};

static const struct family_data {
    bsp_family_id id;
    const char *name;
    unsigned data;
} families[] = {
    {BSP_FAMILY_QUAKE, "quake", D_HULLS | D_NODE_FACES},
    {BSP_FAMILY_GOLDSRC, "goldsrc", D_HULLS | D_NODE_FACES},
    {BSP_FAMILY_BSP2, "bsp2", D_HULLS | D_NODE_FACES},
    {BSP_FAMILY_QUAKE2, "quake2", D_BRUSHES | D_AREAS | D_PAS | D_NODE_FACES},
    {BSP_FAMILY_QUAKE3, "quake3", D_BRUSHES | D_AREAS | D_AMBIENT | D_AREAS_IN_LEAVES},
    {BSP_FAMILY_SOURCE, "source", D_BRUSHES | D_AREAS | D_PAS | D_SOURCE | D_AMBIENT | D_NODE_FACES},
    {BSP_FAMILY_NIGHTFIRE, "nightfire", D_BRUSHES},
};

/* Which load set leaves a kind of data out (every call below needs the
 * data of one kind). */
enum need {
    N_ALWAYS,      /* the tree, leaves, models, visibility: loaded always */
    N_ENTITIES,    /* BSP_LOAD_ENTITIES */
    N_GEOMETRY,    /* faces, textures, vertices: BSP_LOAD_LIGHTING / GEOMETRY */
    N_LIGHTING,    /* light lumps: BSP_LOAD_LIGHTING */
    N_COLLISION,   /* brushes, hulls, collision's checks: BSP_LOAD_COLLISION */
    N_AREAS,       /* area lumps: BSP_LOAD_GEOMETRY */
    N_EXTRA        /* game lump, pakfile, cubemaps, world lights: BSP_LOAD_ALL
                      or options.extra_lumps */
};

typedef struct held {
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    uint8_t *arena;
} held;

static bsp_status load(held *H, const uint8_t *data, uint32_t size, uint32_t sets)
{
    static uint8_t scratch[BSP_PATCH_SCRATCH_BYTES];
    bsp_options o = bsp_default_options(sets);
    uint32_t need;
    bsp_status st;
    o.lzma_lclp_max = 12;
    H->arena = NULL;
    bsp_memstream_init(&H->ms, &H->s, data, size);
    if ((st = bsp_open(&H->h, &H->s)) != BSP_OK) return st;
    if ((sets & BSP_LOAD_COLLISION) &&
        (st = bsp_measure_patches(&H->h, &H->s, scratch, sizeof scratch)) != BSP_OK)
        return st;
    if ((st = bsp_measure(&H->h, &o, &need)) != BSP_OK) return st;
    H->arena = malloc(need + 8);
    return bsp_load(&H->m, &H->h, &H->s, H->arena, need, &o, NULL);
}

/* One call of the audit: its name, the data it reads (0: data every
 * family has), what leaves it out, and the call itself. */
typedef bsp_status (*call_fn)(held *H);
typedef struct audit_call {
    const char *name;
    unsigned data;
    enum need need;
    call_fn fn;
} audit_call;

static const float P0[3] = {0, 0, 0}, P1[3] = {8, 8, 8}, ZERO[3] = {0, 0, 0};
static const float BMIN[3] = {-16, -16, -24}, BMAX[3] = {16, 16, 32};

static bsp_status c_point_leaf(held *H) { uint32_t l; return bsp_point_leaf(&H->m, 0, P0, &l); }
static bsp_status c_get_leaf(held *H) { bsp_leaf l; return bsp_get_leaf(&H->m, 1, &l); }
static bsp_status c_leaf_info(held *H)
{
    int32_t c, k;
    return bsp_leaf_info(&H->m, 1, &c, &k);
}
static bsp_status c_get_model(held *H) { bsp_model d; return bsp_get_model(&H->m, 0, &d); }
static bsp_status c_pvs(held *H)
{
    uint8_t row[4096];
    return bsp_pvs(&H->m, 0, row, sizeof row);
}
static bsp_status c_pas(held *H)
{
    uint8_t row[4096];
    return bsp_pas(&H->m, 0, row, sizeof row);
}
static bsp_status c_cluster_visible(held *H) { int v; return bsp_cluster_visible(&H->m, 0, 0, &v); }
static bsp_status c_entity_find(held *H)
{
    uint32_t at = 0;
    return bsp_entity_find(&H->m, "classname", "worldspawn", &at);
}
static bsp_status c_entity_vector(held *H) { float v[3]; return bsp_entity_vector(&H->m, 0, "origin", v); }
static bsp_status c_get_face(held *H) { bsp_face f; return bsp_get_face(&H->m, 0, &f); }
static bsp_status c_face_vertex(held *H) { bsp_vertex v; return bsp_face_vertex(&H->m, 0, 0, &v); }
static bsp_status c_face_triangle(held *H) { uint32_t t[3]; return bsp_face_triangle(&H->m, 0, 0, t); }
static bsp_status c_face_lightmap(held *H)
{
    const uint8_t *d;
    uint32_t n;
    return bsp_face_lightmap_data(&H->m, 0, 0, &d, &n);
}
static bsp_status c_texture_name(held *H)
{
    const char *s;
    uint32_t n;
    return bsp_texture_name(&H->m, 0, &s, &n);
}
static bsp_status c_leaf_face(held *H) { uint32_t f; return bsp_leaf_face(&H->m, 1, 0, &f); }
static bsp_status c_luxel(held *H) { bsp_sample s; return bsp_luxel(&H->m, 0, P0, 0, &s); }
static bsp_status c_light_point(held *H) { bsp_sample s; return bsp_light_point(&H->m, P1, &s); }
static bsp_status c_ambient(held *H) { bsp_ambient_light a; return bsp_ambient(&H->m, P1, &a); }
static bsp_status c_ambient_style(held *H)
{
    bsp_ambient_light a;
    return bsp_ambient_style(&H->m, P1, 0, &a);
}
static bsp_status c_get_brush(held *H) { bsp_brush b; return bsp_get_brush(&H->m, 0, &b); }
static bsp_status c_brush_side(held *H) { bsp_brush_side b; return bsp_get_brush_side(&H->m, 0, 0, &b); }
static bsp_status c_leaf_brush(held *H) { uint32_t b; return bsp_leaf_brush(&H->m, 1, 0, &b); }
static bsp_status c_trace(held *H)
{
    bsp_trace_result r;
    return bsp_trace(&H->m, 0, P0, P1, BMIN, BMAX, bsp_trace_mask(&H->m, BSP_MASK_SOLID), &r);
}
static bsp_status c_trace_transformed(held *H)
{
    bsp_trace_result r;
    return bsp_trace_transformed(&H->m, 0, P0, P1, BMIN, BMAX, 0xffffffffu, ZERO, ZERO, &r);
}
static bsp_status c_box_leaves(held *H)
{
    uint32_t leaves[64], n;
    int32_t top;
    return bsp_box_leaves(&H->m, 0, BMIN, BMAX, leaves, 64, &n, &top);
}
static bsp_status c_point_contents(held *H) { int32_t c; return bsp_point_contents(&H->m, 0, P0, &c); }
static bsp_status c_point_contents_tr(held *H)
{
    int32_t c;
    return bsp_point_contents_transformed(&H->m, 0, P0, ZERO, ZERO, &c);
}
static bsp_status c_hull_size(held *H)
{
    float a[3], b[3];
    return bsp_hull_size(&H->m, 1, a, b);
}
static bsp_status c_hull_trace(held *H)
{
    bsp_trace_result r;
    return bsp_hull_trace(&H->m, 0, 1, P0, P1, &r);
}
static bsp_status c_hull_contents(held *H) { int32_t c; return bsp_hull_contents(&H->m, 0, 1, P0, &c); }
static bsp_status c_areas_info(held *H) { bsp_areas_info i; return bsp_areas_get_info(&H->m, &i); }
static bsp_status c_area_flood(held *H)
{
    static uint8_t state[BSP_MAX_AREAS * BSP_MAX_AREAS];
    uint16_t flood[BSP_MAX_AREAS];
    return bsp_area_flood(&H->m, state, sizeof state, flood, BSP_MAX_AREAS);
}
static bsp_status c_areas_connected(held *H)
{
    static uint8_t state[BSP_MAX_AREAS * BSP_MAX_AREAS];
    int c;
    return bsp_areas_connected(&H->m, state, sizeof state, 0, 0, &c);
}
static bsp_status c_area_reachable(held *H)
{
    static uint8_t state[BSP_MAX_AREAS * BSP_MAX_AREAS];
    uint8_t bits[BSP_AREA_BITS_BYTES(BSP_MAX_AREAS)];
    return bsp_area_reachable(&H->m, state, sizeof state, 0, bits, sizeof bits);
}
static bsp_status c_game_lump_get(held *H) { bsp_game_lump g; return bsp_game_lump_get(&H->m, 0, &g); }
static bsp_status c_static_props_find(held *H) { bsp_game_lump g; return bsp_static_props_find(&H->m, &g); }
static bsp_status c_pak_open_map(held *H) { bsp_pak p; return bsp_pak_open_map(&H->m, &p); }
static bsp_status c_pak_locate(held *H)
{
    uint32_t o, n;
    return bsp_pak_locate(&H->h, &o, &n);
}
static bsp_status c_cubemap_count(held *H) { uint32_t n; return bsp_cubemap_count(&H->m, &H->h, &n); }
static bsp_status c_cubemap_get(held *H) { bsp_cubemap c; return bsp_cubemap_get(&H->m, 0, &c); }
static bsp_status c_world_lights(held *H)
{
    bsp_world_lights w;
    return bsp_world_lights_open(&H->m, &H->h, 0, &w);
}

static const audit_call calls[] = {
    {"bsp_point_leaf", 0, N_ALWAYS, c_point_leaf},
    {"bsp_get_leaf", 0, N_ALWAYS, c_get_leaf},
    {"bsp_leaf_info", 0, N_ALWAYS, c_leaf_info},
    {"bsp_get_model", 0, N_ALWAYS, c_get_model},
    {"bsp_pvs", 0, N_ALWAYS, c_pvs},
    {"bsp_cluster_visible", 0, N_ALWAYS, c_cluster_visible},
    {"bsp_pas", D_PAS, N_ALWAYS, c_pas},
    {"bsp_entity_find", 0, N_ENTITIES, c_entity_find},
    {"bsp_entity_vector", 0, N_ENTITIES, c_entity_vector},
    {"bsp_get_face", 0, N_GEOMETRY, c_get_face},
    {"bsp_face_vertex", 0, N_GEOMETRY, c_face_vertex},
    {"bsp_face_triangle", 0, N_GEOMETRY, c_face_triangle},
    {"bsp_face_lightmap_data", 0, N_GEOMETRY, c_face_lightmap},
    {"bsp_texture_name", 0, N_GEOMETRY, c_texture_name},
    {"bsp_leaf_face", 0, N_GEOMETRY, c_leaf_face},
    {"bsp_luxel", 0, N_LIGHTING, c_luxel},
    {"bsp_light_point", D_NODE_FACES, N_LIGHTING, c_light_point},
    {"bsp_ambient", D_AMBIENT, N_LIGHTING, c_ambient},
    {"bsp_ambient_style", D_AMBIENT, N_LIGHTING, c_ambient_style},
    {"bsp_get_brush", D_BRUSHES, N_COLLISION, c_get_brush},
    {"bsp_get_brush_side", D_BRUSHES, N_COLLISION, c_brush_side},
    {"bsp_leaf_brush", D_BRUSHES, N_COLLISION, c_leaf_brush},
    {"bsp_trace", 0, N_COLLISION, c_trace},
    {"bsp_trace_transformed", 0, N_COLLISION, c_trace_transformed},
    {"bsp_box_leaves", 0, N_COLLISION, c_box_leaves},
    {"bsp_point_contents", D_BRUSHES, N_COLLISION, c_point_contents},
    {"bsp_point_contents_transformed", D_BRUSHES, N_COLLISION, c_point_contents_tr},
    {"bsp_hull_size", D_HULLS, N_ALWAYS, c_hull_size},
    {"bsp_hull_trace", D_HULLS, N_COLLISION, c_hull_trace},
    {"bsp_hull_contents", D_HULLS, N_COLLISION, c_hull_contents},
    {"bsp_areas_get_info", D_AREAS, N_AREAS, c_areas_info},
    {"bsp_area_flood", D_AREAS, N_AREAS, c_area_flood},
    {"bsp_areas_connected", D_AREAS, N_AREAS, c_areas_connected},
    {"bsp_area_reachable", D_AREAS, N_AREAS, c_area_reachable},
    {"bsp_game_lump_get", D_SOURCE, N_EXTRA, c_game_lump_get},
    {"bsp_static_props_find", D_SOURCE, N_EXTRA, c_static_props_find},
    {"bsp_pak_open_map", D_SOURCE, N_EXTRA, c_pak_open_map},
    {"bsp_pak_locate", D_SOURCE, N_ALWAYS, c_pak_locate},
    {"bsp_cubemap_count", D_SOURCE, N_EXTRA, c_cubemap_count},
    {"bsp_cubemap_get", D_SOURCE, N_EXTRA, c_cubemap_get},
    {"bsp_world_lights_open", D_SOURCE, N_EXTRA, c_world_lights},
};
#define NUM_CALLS (sizeof calls / sizeof calls[0])

/* The load set that leaves out what `need` names, and keeps the rest a
 * call may also read (the tree, always). */
static uint32_t set_without(enum need n)
{
    switch (n) {
    /* (quake3's lighting set reads the worldspawn's gridsize: its
     * entities come with BSP_LOAD_LIGHTING) */
    case N_ENTITIES: return BSP_LOAD_QUERIES;
    case N_GEOMETRY: return BSP_LOAD_QUERIES | BSP_LOAD_ENTITIES;
    case N_LIGHTING: return BSP_LOAD_QUERIES | BSP_LOAD_ENTITIES;
    case N_COLLISION: return BSP_LOAD_GEOMETRY | BSP_LOAD_ENTITIES;
    case N_AREAS: return BSP_LOAD_QUERIES;
    case N_EXTRA: return BSP_LOAD_GEOMETRY | BSP_LOAD_ENTITIES | BSP_LOAD_COLLISION;
    default: return 0;
    }
}

/* A status that says "the family lacks it" or "the load left it out":
 * any other (OK, BAD_QUERY for an index the map lacks, NO_LIGHTMAP, ...)
 * answers about data that is there. */
static int is_absence(bsp_status st) { return st == BSP_E_UNSUPPORTED || st == BSP_E_NOT_LOADED; }

/* The expected absence status for a call on a family whose load left out
 * (left_out) or kept what the call needs; 0: the data is there (any
 * status but the two absences). */
static bsp_status expected(const struct family_data *f, const audit_call *c, const bsp_header *h,
                           int left_out)
{
    if (c->data && !(f->data & c->data)) return BSP_E_UNSUPPORTED;
    if (!left_out) return BSP_OK;
    if (c->data == D_AREAS && (f->data & D_AREAS_IN_LEAVES)) return BSP_OK;
    /* Source's optional lumps: NOT_LOADED only for one the file has (an
     * empty lump leaves nothing out): the cubemaps (42), the LDR world
     * lights (15), the pakfile (40), the game lump (35) */
    if (c->fn == c_cubemap_count) return h->lumps[42].size ? BSP_E_NOT_LOADED : BSP_OK;
    if (c->fn == c_world_lights) return h->lumps[15].size ? BSP_E_NOT_LOADED : BSP_OK;
    /* cubemap_get has no header to tell an empty lump from one left out */
    if (c->fn == c_cubemap_get) return BSP_OK;
    return BSP_E_NOT_LOADED;
}

static const struct family_data *family_of(bsp_family_id id)
{
    uint32_t k;
    for (k = 0; k < sizeof families / sizeof families[0]; k++)
        if (families[k].id == id) return &families[k];
    return NULL;
}

static int audit_one(const struct family_data *f, const audit_call *c, held *H, int left_out,
                     const char *map)
{
    bsp_status st = c->fn(H), want = expected(f, c, &H->h, left_out);
    int ok = want == BSP_OK ? !is_absence(st) : st == want;
    char name[256];
    /* the audit table's line: function, family, load, answer */
    printf("AUDIT %-32s %-9s %-12s %s\n", c->name, f->name, left_out ? "left-out" : "all", bsp_status_name(st));
    snprintf(name, sizeof name, "%s: %s %s (%s)", f->name, c->name,
             left_out ? "with its lump left out" : "loaded with BSP_LOAD_ALL", map);
    CHECK(ok, name, "%s, expected %s", bsp_status_name(st),
          want == BSP_OK ? "an answer about data that is there" : bsp_status_name(want));
    return ok;
}

static void audit_map(const char *name, const uint8_t *data, uint32_t size, int index, const char *api)
{
    held all, part;
    const struct family_data *f;
    uint32_t k;
    (void)index, (void)api;
    memset(&all, 0, sizeof all);
    if (load(&all, data, size, BSP_LOAD_ALL | BSP_LOAD_COLLISION) != BSP_OK) {
        CHECK(0, name, "does not load");
        free(all.arena);
        return;
    }
    f = family_of(bsp_map_family(&all.m));
    if (!f) {
        CHECK(0, name, "family %d not in the table", (int)bsp_map_family(&all.m));
        free(all.arena);
        return;
    }
    for (k = 0; k < NUM_CALLS; k++) audit_one(f, &calls[k], &all, 0, name);
    for (k = 0; k < NUM_CALLS; k++) {
        if (calls[k].need == N_ALWAYS) continue;
        memset(&part, 0, sizeof part);
        if (load(&part, data, size, set_without(calls[k].need)) != BSP_OK) {
            CHECK(0, name, "does not load with a smaller set");
        } else {
            audit_one(f, &calls[k], &part, 1, name);
        }
        free(part.arena);
    }

    /* the end of an iteration: every worldspawn found, then END; a start
     * past the text is a malformed request */
    {
        uint32_t at = 0, found = 0;
        bsp_status st;
        char what[256];
        while ((st = bsp_entity_find(&all.m, "classname", "worldspawn", &at)) == BSP_OK && found < 100) {
            found++;
            at++;
        }
        snprintf(what, sizeof what, "%s: %s: bsp_entity_find ends with end after one worldspawn", f->name, name);
        CHECK(st == BSP_E_END && found == 1, what, "%s after %u", bsp_status_name(st), found);
        at = all.m.entities.count;
        st = bsp_entity_find(&all.m, "classname", "worldspawn", &at);
        snprintf(what, sizeof what, "%s: %s: bsp_entity_find from the text's end: end", f->name, name);
        CHECK(st == BSP_E_END, what, "%s", bsp_status_name(st));
        at = all.m.entities.count + 1;
        st = bsp_entity_find(&all.m, "classname", "worldspawn", &at);
        snprintf(what, sizeof what, "%s: %s: bsp_entity_find from past the text: bad_query", f->name, name);
        CHECK(st == BSP_E_BAD_QUERY, what, "%s", bsp_status_name(st));
        at = 0;
        st = bsp_entity_find(&all.m, "classname", "no_such_class_anywhere", &at);
        snprintf(what, sizeof what, "%s: %s: bsp_entity_find of a class the map lacks: end", f->name, name);
        CHECK(st == BSP_E_END, what, "%s", bsp_status_name(st));
    }
    free(all.arena);
}

static void test_status(void)
{
    CHECK(!strcmp(bsp_status_name(BSP_E_END), "end") && BSP_E_END == BSP_STATUS_COUNT - 1 &&
              BSP_E_END > BSP_E_PATCHES_NOT_MEASURED,
          "status end: named \"end\", appended after every older status", "%s = %d",
          bsp_status_name(BSP_E_END), (int)BSP_E_END);
    CHECK(strcmp(bsp_status_message(BSP_E_END), bsp_status_message(BSP_E_BAD_QUERY)) != 0,
          "status end: its own sentence", "same as bad_query's");
}

int main(int argc, char **argv)
{
    test_status();
    if (argc < 2) {
        check_skip("api34 audit", "no maps given");
        return check_exit();
    }
    for_each_map(argc, argv, audit_map);
    return check_exit();
}
