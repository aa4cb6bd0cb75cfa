/* SPDX-License-Identifier: MIT */
/* test_api34.c - issue 34's "API without guesses": one rule for data a
 * family lacks (UNSUPPORTED) against data the caller's load set left out
 * (NOT_LOADED), checked for every map query and access call on a map of
 * each family; a third case, the call's lump stored empty in the file
 * (a map without the data: its answer, whatever the load set); the end of
 * an iteration (BSP_E_END).
 *
 *   test_api34 MAP...   (generated maps of every family: build/maps)
 *
 * The expectations come from the table below, written from the formats
 * (what each family's file stores), not from the library's answers. */
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "../common/files.h"
#include "../common/held.h"
#include "../common/empty_lumps.h"
#include "../../platform/memory/bsp_memstream.h"

/* What the map holds, as the public call says it. */
static bsp_map_info info_of(const bsp_map *m)
{
    bsp_map_info i;
    memset(&i, 0, sizeof i);
    bsp_get_info(m, &i);
    return i;
}

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

static bsp_status load(held *H, const uint8_t *data, uint32_t size, uint32_t sets)
{
    bsp_options o = held_options(sets);
    return held_load(H, data, size, &o);
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
static bsp_status c_player_start(held *H) { bsp_player_start_info p; return bsp_player_start(&H->m, &p); }
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
static bsp_status c_texture_count(held *H) { uint32_t n; return bsp_texture_count(&H->m, &n); }
static bsp_status c_texture_get(held *H) { bsp_texture t; return bsp_texture_get(&H->m, 0, &t); }
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
    {"bsp_get_model", 0, N_ALWAYS, c_get_model},
    {"bsp_pvs", 0, N_ALWAYS, c_pvs},
    {"bsp_cluster_visible", 0, N_ALWAYS, c_cluster_visible},
    {"bsp_pas", D_PAS, N_ALWAYS, c_pas},
    {"bsp_entity_find", 0, N_ENTITIES, c_entity_find},
    {"bsp_entity_vector", 0, N_ENTITIES, c_entity_vector},
    {"bsp_player_start", 0, N_ENTITIES, c_player_start},
    {"bsp_get_face", 0, N_GEOMETRY, c_get_face},
    {"bsp_face_vertex", 0, N_GEOMETRY, c_face_vertex},
    {"bsp_face_triangle", 0, N_GEOMETRY, c_face_triangle},
    {"bsp_face_lightmap_data", 0, N_GEOMETRY, c_face_lightmap},
    {"bsp_texture_name", 0, N_GEOMETRY, c_texture_name},
    {"bsp_texture_count", 0, N_GEOMETRY, c_texture_count},
    {"bsp_texture_get", 0, N_GEOMETRY, c_texture_get},
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
    {"bsp_point_contents", 0, N_COLLISION, c_point_contents},
    {"bsp_point_contents_transformed", 0, N_COLLISION, c_point_contents_tr},
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
    if (c->fn == c_cubemap_get) return h->lumps[42].size ? BSP_E_NOT_LOADED : BSP_OK;
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

/* ---- the third case: the call's lump stored empty ------------------------
 * The answer of a map without the data (bspkit.h, each call's statuses):
 * the text of 0 bytes ends at once (bsp_entity_find: END) and holds no
 * entity at byte 0 (bsp_entity_vector: BAD_QUERY); no areas (info and
 * flood: OK with 0 areas; area 0 is past them: BAD_QUERY); no game
 * sub-lumps (sub-lump 0, the 'sprp' one: BAD_QUERY); a pakfile of no
 * entries (bsp_pak_open_map OK, bsp_pak_locate OK with size 0); 0
 * cubemaps (count OK, cubemap 0: BAD_QUERY); 0 world lights (OK). The
 * family's own lack (UNSUPPORTED) comes first, as always. */
static bsp_status expected_none(const struct family_data *f, const audit_call *c)
{
    if (c->data && !(f->data & c->data)) return BSP_E_UNSUPPORTED;
    if (c->fn == c_entity_find || c->fn == c_player_start) return BSP_E_END;
    if (c->fn == c_entity_vector || c->fn == c_areas_connected || c->fn == c_area_reachable ||
        c->fn == c_game_lump_get || c->fn == c_static_props_find || c->fn == c_cubemap_get)
        return BSP_E_BAD_QUERY;
    return BSP_OK;
}

/* Is the call's data in a lump empty_lumps.h empties for this family? */
static int reads_emptied(int kind, const audit_call *c)
{
    if (c->need == N_ENTITIES) return 1;
    if (c->data == D_AREAS) return 1;
    return c->data == D_SOURCE && kind == EMPTY_SOURCE;
}

static void audit_empty(const struct family_data *f, const char *name, const uint8_t *data, uint32_t size)
{
    int kind;
    uint8_t *copy = empty_copy(data, size, &kind);
    uint32_t k, j;
    char what[256];
    if (!copy) return;
    for (k = 0; k < NUM_CALLS; k++) {
        const audit_call *c = &calls[k];
        if (!reads_emptied(kind, c)) continue;
        /* in the load set (everything), then left out: the same answer */
        for (j = 0; j < 2; j++) {
            held H;
            bsp_status st, want = expected_none(f, c);
            uint32_t sets = j ? set_without(c->need == N_ALWAYS ? N_EXTRA : c->need)
                              : BSP_LOAD_ALL | BSP_LOAD_COLLISION;
            memset(&H, 0, sizeof H);
            st = load(&H, copy, size, sets);
            if (st == BSP_OK) st = c->fn(&H);
            printf("AUDIT %-32s %-9s %-12s %s\n", c->name, f->name, j ? "empty-out" : "empty", bsp_status_name(st));
            snprintf(what, sizeof what, "%s: %s with its lump stored empty, %s (%s)", f->name, c->name,
                     j ? "and left out of the load" : "in the load set", name);
            CHECK(st == want, what, "%s, expected %s", bsp_status_name(st), bsp_status_name(want));
            free(H.arena);
        }
    }
    free(copy);
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
    audit_empty(f, name, data, size);

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
        at = info_of(&all.m).entities_bytes;
        st = bsp_entity_find(&all.m, "classname", "worldspawn", &at);
        snprintf(what, sizeof what, "%s: %s: bsp_entity_find from the text's end: end", f->name, name);
        CHECK(st == BSP_E_END, what, "%s", bsp_status_name(st));
        at = info_of(&all.m).entities_bytes + 1;
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

/* ---- the resumable loader's waiting flags -------------------------------
 * A simulated machine: a read completes READ_TICKS after it is issued, a
 * job JOB_TICKS after it is handed out (it is run at once; its report is
 * what is held back). Time moves only when the loop sleeps (loop "sleep")
 * or after every step (loop "spin", the straightforward loop that calls
 * step whatever the loader says). Before every step, with every read
 * issued and every job handed out that can be, the loader's progress must
 * say waiting exactly when the step then does nothing. */
#define READ_TICKS 3u
#define JOB_TICKS 5u
#define READ_PIECE 16384u

typedef struct pending { bsp_read r; bsp_job j; uint32_t due; int is_job; } pending;

typedef struct sim {
    const uint8_t *file;
    const bsp_header *h;
    bsp_loader l;
    pending out[BSP_LOADER_MAX_READS + BSP_MAX_JOBS];
    uint32_t n_out, now, steps, reads, jobs;
    uint32_t wrong_zero, wrong_wait, wrong_flags, wrong_lump;
    uint32_t saw_reads, saw_jobs;
    bsp_status st;
    bsp_progress p;
} sim;

static void sim_issue(sim *S)
{
    bsp_read r;
    bsp_job j;
    while (S->n_out < sizeof S->out / sizeof S->out[0] && bsp_loader_next_read(&S->l, READ_PIECE, &r)) {
        memset(&S->out[S->n_out], 0, sizeof S->out[0]);
        S->out[S->n_out].r = r;
        S->out[S->n_out].due = S->now + READ_TICKS;
        S->n_out++;
        S->reads++;
    }
    while (S->n_out < sizeof S->out / sizeof S->out[0] && bsp_loader_next_job(&S->l, &j)) {
        bsp_job_run(&j);
        memset(&S->out[S->n_out], 0, sizeof S->out[0]);
        S->out[S->n_out].j = j;
        S->out[S->n_out].is_job = 1;
        S->out[S->n_out].due = S->now + JOB_TICKS;
        S->n_out++;
        S->jobs++;
    }
}

/* Report everything due by now. */
static void sim_complete(sim *S)
{
    uint32_t k = 0;
    while (k < S->n_out) {
        pending *q = &S->out[k];
        if (q->due > S->now) {
            k++;
            continue;
        }
        if (q->is_job) {
            bsp_loader_job_done(&S->l, &q->j);
        } else {
            memcpy(q->r.dst, S->file + q->r.offset, q->r.length);
            bsp_loader_read_done(&S->l, &q->r, 0);
        }
        S->out[k] = S->out[--S->n_out];
    }
}

/* Do the flags name what is out? READS: a read of wait_lump is out; JOBS:
 * a job is out (of wait_lump, or holding the table it waits for). */
static void sim_check_flags(sim *S, const bsp_progress *p)
{
    uint32_t k, read_of_lump = 0, job_of_lump = 0, any_job = 0;
    const bsp_lump_entry *e = p->wait_lump < BSP_MAX_LUMPS ? &S->h->lumps[p->wait_lump] : NULL;
    if (p->waiting & BSP_WAIT_READS) S->saw_reads++;
    if (p->waiting & BSP_WAIT_JOBS) S->saw_jobs++;
    if (!e) {
        S->wrong_lump++;
        return;
    }
    for (k = 0; k < S->n_out; k++) {
        const pending *q = &S->out[k];
        if (q->is_job) {
            any_job = 1;
            job_of_lump |= q->j.lump == p->wait_lump;
        } else if (q->r.offset >= e->offset && q->r.offset < e->offset + e->length) {
            read_of_lump = 1;
        }
    }
    if (((p->waiting & BSP_WAIT_READS) && !read_of_lump) || ((p->waiting & BSP_WAIT_JOBS) && !any_job) ||
        (p->waiting == BSP_WAIT_JOBS && !job_of_lump && S->n_out == 0))
        S->wrong_flags++;
}

/* One load to its end; sleep: do not step while the loader waits. */
static bsp_status sim_load(sim *S, bsp_map *m, const bsp_header *h, const uint8_t *file, uint8_t *arena,
                           uint32_t need, const bsp_options *o, uint32_t budget, int sleep)
{
    int quiet = 0;
    memset(S, 0, sizeof *S);
    S->file = file;
    S->h = h;
    if ((S->st = bsp_loader_begin(&S->l, m, h, arena, need, o, NULL)) != BSP_OK) return S->st;
    for (;;) {
        bsp_progress before;
        uint32_t out_before = S->reads + S->jobs;
        sim_issue(S);
        /* a step that changed nothing the caller sees did work only if it
         * let a read or job out (it moved past a lump whose input held
         * them back, or on to a lump whose job can go) */
        if (quiet && S->reads + S->jobs == out_before) S->wrong_zero++;
        quiet = 0;
        bsp_loader_progress(&S->l, &before);
        if (before.waiting) sim_check_flags(S, &before);
        else if (before.wait_lump != BSP_NO_LUMP) S->wrong_lump++;
        if (sleep && before.waiting) {
            /* sleep until the first of what is out completes */
            uint32_t k, first = 0xffffffffu;
            for (k = 0; k < S->n_out; k++)
                if (S->out[k].due < first) first = S->out[k].due;
            if (first == 0xffffffffu) {
                S->wrong_flags++;   /* waiting for nothing that is out */
                return S->st = BSP_E_IO;
            }
            S->now = first;
            sim_complete(S);
            continue;
        }
        S->st = bsp_loader_step(&S->l, budget, &S->p);
        S->steps++;
        if (S->st != BSP_OK || S->p.phase == BSP_PHASE_DONE) break;
        {
            int worked = S->p.work_done != before.work_done || S->p.decoded != before.decoded ||
                         S->p.phase != before.phase;
            int moved = S->p.waiting != before.waiting || S->p.wait_lump != before.wait_lump;
            if (!before.waiting && !worked && !moved) quiet = 1;   /* said "work": did it? */
            if (before.waiting && (worked || moved)) S->wrong_wait++;   /* said "wait", worked */
        }
        /* (a loader that never says waiting would keep the sleeping loop
         * here for ever: time moves only while it sleeps) */
        if (S->steps > 1000000u || S->wrong_zero > 1000u) return S->st = BSP_E_IO;
        if (!sleep) {
            S->now++;
            sim_complete(S);
        }
    }
    return S->st;
}

static void waiting_map(const char *name, const uint8_t *data, uint32_t size, uint32_t jobs)
{
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_options o = bsp_default_options(BSP_LOAD_ALL);
    uint32_t need, bound, leaf_a = 0, leaf_b = 1;
    bsp_map m, ref;
    uint8_t *arena, *ref_arena;
    static sim A, B;
    char what[256];
    const uint32_t budget = 65536;
    const float p[3] = {8, 8, 8};

    o.lzma_lclp_max = 12;
    o.jobs = jobs;
    bsp_memstream_init(&ms, &s, data, size);
    if (bsp_open(&h, &s) != BSP_OK || bsp_measure(&h, &o, &need) != BSP_OK) {
        CHECK(0, name, "does not open");
        return;
    }
    arena = malloc(need + 8);
    ref_arena = malloc(need + 8);
    bsp_load(&ref, &h, &s, ref_arena, need, &o, NULL);
    bsp_point_leaf(&ref, 0, p, &leaf_a);

    sim_load(&A, &m, &h, data, arena, need, &o, budget, 1);
    if (A.st == BSP_OK) bsp_point_leaf(&m, 0, p, &leaf_b);
    snprintf(what, sizeof what, "waiting: %s, %u jobs, a loop that sleeps while the loader waits: loads as bsp_load",
             name, jobs);
    CHECK(A.st == BSP_OK && A.p.phase == BSP_PHASE_DONE && leaf_a == leaf_b && A.p.waiting == 0 &&
              A.p.wait_lump == BSP_NO_LUMP, what, "%s, phase %d, leaf %u / %u",
          bsp_status_name(A.st), (int)A.p.phase, leaf_a, leaf_b);
    snprintf(what, sizeof what, "waiting: %s, %u jobs: waiting is 0 before every step that worked, "
             "set before none (%u steps)", name, jobs, A.steps);
    CHECK(!A.wrong_zero && !A.wrong_wait, what, "%u steps did nothing after waiting 0, %u worked after waiting",
          A.wrong_zero, A.wrong_wait);
    snprintf(what, sizeof what, "waiting: %s, %u jobs: the flags name a read or job that is out and its lump "
             "(%u times reads, %u jobs)", name, jobs, A.saw_reads, A.saw_jobs);
    CHECK(!A.wrong_flags && !A.wrong_lump && A.saw_reads > 0 && (jobs == 0 || A.saw_jobs > 0), what,
          "%u wrong flags, %u wrong lumps, reads %u, jobs %u", A.wrong_flags, A.wrong_lump, A.saw_reads,
          A.saw_jobs);
    /* every step but the waiting ones works: steps are bounded by the work
     * in budgets and the reads and jobs that each end a wait */
    bound = A.p.work_total / budget + A.reads + A.jobs + 2;
    sim_load(&B, &m, &h, data, arena, need, &o, budget, 0);
    snprintf(what, sizeof what, "waiting: %s, %u jobs: the sleeping loop makes %u step calls (at most %u), "
             "the spinning one %u", name, jobs, A.steps, bound, B.steps);
    CHECK(A.steps <= bound && B.st == BSP_OK && A.steps < B.steps && !B.wrong_zero && !B.wrong_wait, what,
          "%u steps, bound %u, spinning %u (%s; %u, %u wrong)", A.steps, bound, B.steps,
          bsp_status_name(B.st), B.wrong_zero, B.wrong_wait);
    free(arena);
    free(ref_arena);
}

static void test_waiting(int argc, char **argv)
{
    int i;
    for (i = 1; i < argc; i++) {
        const char *name = strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i];
        uint32_t size;
        uint8_t *data;
        if (strcmp(name, "x360_v20_ldr.bsp") && strcmp(name, "v20_ldr.bsp") && strcmp(name, "q1.bsp")) continue;
        if (!(data = read_file(argv[i], &size))) continue;
        waiting_map(name, data, size, 0);
        if (!strcmp(name, "x360_v20_ldr.bsp")) {
            waiting_map(name, data, size, 1);
            waiting_map(name, data, size, 3);
        }
        free(data);
    }
}

/* ---- the liquid flag of Quake-family texture names -----------------------
 * A copy of the map with the texture of face 0 renamed: a name starting
 * with '*' is a liquid (BSP_SURF_WARP) on every face using it, in quake,
 * goldsrc and bsp2 (their engines draw by the name) and in quake2 (whose
 * flags come from the .wal file: a map compiled without it, as LibreQuake
 * levels built for Quake 2, has flags 0 and only the name says water). A
 * quake miptex slot of offset -1 has no name in the file: no flag. */
static uint32_t le32(const uint8_t *p) { return p[0] | p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static void put_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}

/* Faces using `texture`, and how many of them carry BSP_SURF_WARP. */
static void warp_count(const uint8_t *data, uint32_t size, int32_t texture, uint32_t *faces, uint32_t *warp,
                       uint32_t *name_len)
{
    held H;
    bsp_counts c;
    bsp_face f;
    const char *nm;
    uint32_t k;
    *faces = *warp = 0;
    *name_len = 0xffffffffu;
    if (load(&H, data, size, BSP_LOAD_GEOMETRY) == BSP_OK && bsp_get_counts(&H.m, &c) == BSP_OK) {
        for (k = 0; k < c.faces; k++)
            if (bsp_get_face(&H.m, k, &f) == BSP_OK && f.texture == texture) {
                (*faces)++;
                *warp += (f.flags & BSP_SURF_WARP) != 0;
            }
        if (bsp_texture_name(&H.m, (uint32_t)texture, &nm, name_len) != BSP_OK) *name_len = 0xffffffffu;
    }
    free(H.arena);
}

static void liquid_map(const char *name, const uint8_t *data, uint32_t size, bsp_family_id fam)
{
    held H;
    bsp_face f;
    uint8_t *copy;
    uint8_t *name_at = NULL;
    uint32_t faces, warp, len, slot = 0;
    int32_t tex;
    char what[256];
    if (load(&H, data, size, BSP_LOAD_GEOMETRY) != BSP_OK || bsp_get_face(&H.m, 0, &f) != BSP_OK ||
        f.texture < 0) {
        CHECK(0, name, "no face 0 with a texture");
        free(H.arena);
        return;
    }
    free(H.arena);
    tex = f.texture;
    copy = malloc(size);
    memcpy(copy, data, size);
    if (fam == BSP_FAMILY_QUAKE2) {
        /* IBSP 38: lump 5 texinfo, 76-byte records: flags at 32, name at 40 */
        uint8_t *rec = copy + le32(copy + 8 + 5 * 8) + 76u * (uint32_t)tex;
        put_le32(rec + 32, 0);
        name_at = rec + 40;
    } else {
        /* quake, goldsrc: lump 2 at 4; bsp2: the same directory; miptex
         * directory: count, then offsets; a miptex starts with name[16] */
        uint8_t *dir = copy + le32(copy + 4 + 2 * 8);
        slot = 4 + 4 * (uint32_t)tex;
        name_at = dir + le32(dir + slot);
        slot = (uint32_t)(dir + slot - copy);
    }
    memcpy(name_at, "*water0\0", 8);
    warp_count(copy, size, tex, &faces, &warp, &len);
    snprintf(what, sizeof what, "liquid: %s: faces of a texture named \"*water0\" are liquid (warp): %u of %u", name,
             warp, faces);
    CHECK(faces > 0 && warp == faces && len == 7, what, "%u of %u, name length %u", warp, faces, len);
    memcpy(name_at, "water0\0", 7);
    warp_count(copy, size, tex, &faces, &warp, &len);
    snprintf(what, sizeof what, "liquid: %s: the same texture named \"water0\": not liquid", name);
    CHECK(faces > 0 && warp == 0, what, "%u of %u warp", warp, faces);
    if (fam != BSP_FAMILY_QUAKE2) {
        memcpy(name_at, "*water0\0", 8);
        put_le32(copy + slot, 0xffffffffu);   /* the miptex is missing: offset -1 */
        warp_count(copy, size, tex, &faces, &warp, &len);
        snprintf(what, sizeof what, "liquid: %s: a missing miptex (offset -1) has no name in the file, no flag",
                 name);
        CHECK(faces > 0 && warp == 0 && len == 0, what, "%u of %u warp, name length %u", warp, faces, len);
    }
    free(copy);
}

static void test_liquid(int argc, char **argv)
{
    static const struct { const char *file; bsp_family_id fam; } maps[] = {
        {"q1.bsp", BSP_FAMILY_QUAKE}, {"goldsrc.bsp", BSP_FAMILY_GOLDSRC},
        {"bsp2.bsp", BSP_FAMILY_BSP2}, {"q2.bsp", BSP_FAMILY_QUAKE2}};
    int i;
    uint32_t k;
    for (i = 1; i < argc; i++) {
        const char *name = strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i];
        for (k = 0; k < sizeof maps / sizeof maps[0]; k++) {
            uint32_t size;
            uint8_t *data;
            if (strcmp(name, maps[k].file) || !(data = read_file(argv[i], &size))) continue;
            liquid_map(name, data, size, maps[k].fam);
            free(data);
        }
    }
}

static void test_status(void)
{
    CHECK(!strcmp(bsp_status_name(BSP_E_END), "end") && BSP_E_END == BSP_STATUS_COUNT - 4 && BSP_E_BAD_LEAF == BSP_STATUS_COUNT - 3 &&
              BSP_E_END > BSP_E_PATCHES_NOT_MEASURED && BSP_E_BAD_DISP == BSP_STATUS_COUNT - 2 &&
              !strcmp(bsp_status_name(BSP_E_BAD_DISP), "bad_disp") && BSP_E_BAD_TEXTURE == BSP_STATUS_COUNT - 1 &&
              !strcmp(bsp_status_name(BSP_E_BAD_TEXTURE), "bad_texture"),
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
    test_waiting(argc, argv);
    test_liquid(argc, argv);
    return check_exit();
}
