/* SPDX-License-Identifier: MIT */
/* test_props.c - the static prop API (bsp_static_props_*): every generated
 * map's props against what the generator wrote (NAME.props next to the
 * map: test/gen/main.c), the fields each record stores, the defaults of
 * the others; statuses; and hostile sub-lumps built from a real one (a
 * record count that does not fit, a model outside the dictionary, a leaf
 * run outside the leaf list, an unknown version with props, truncation).
 *
 *   test_props MAP...   (a map without NAME.props: statuses and hostile
 *                        sub-lumps only) */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "../common/files.h"
#include "../common/held.h"
#include "../../platform/memory/bsp_memstream.h"

/* vindictus: read as Vindictus (bsp_use_variant; the file does not say) */
static bsp_status load(held *H, const uint8_t *data, uint32_t size, int vindictus)
{
    bsp_options o = held_options(BSP_LOAD_ALL);
    if (held_open(H, data, size) != BSP_OK) return H->st;
    if (vindictus && (H->st = bsp_use_variant(&H->h, BSP_VARIANT_VINDICTUS)) != BSP_OK) return H->st;
    return held_finish(H, &o);
}

/* The sub-lump's unpacked bytes in a fresh block of exactly its size. */
static uint8_t *unpacked(const bsp_game_lump *g, bsp_status *st)
{
    uint32_t nd, nt;
    uint8_t *dst, *out;
    void *tables;
    if ((*st = bsp_game_lump_unpack_bytes(g, &nd, &nt)) != BSP_OK) return NULL;
    dst = malloc(nd ? nd : 1);
    tables = malloc(nt ? nt : 2);
    *st = bsp_game_lump_unpack(g, dst, nd, tables, nt);
    free(tables);
    out = malloc(g->size ? g->size : 1);
    if (*st == BSP_OK) memcpy(out, dst, g->size);
    free(dst);
    return out;
}

/* BSP_PROP_* bits of the generator's field letters (source_writer.c). */
static uint32_t fields_of(const char *letters)
{
    static const struct { char c; uint32_t bit; } map[] = {
        {'g', BSP_PROP_FLAGS}, {'G', BSP_PROP_FLAGS}, {'F', BSP_PROP_FORCED_FADE},
        {'x', BSP_PROP_DX_LEVEL}, {'p', BSP_PROP_CPU_GPU_LEVEL}, {'r', BSP_PROP_DIFFUSE},
        {'X', BSP_PROP_DISABLE_X360}, {'E', BSP_PROP_FLAGS_EX}, {'S', BSP_PROP_UNIFORM_SCALE},
        {'L', BSP_PROP_LIGHTMAP_RES}};
    uint32_t bits = 0, k;
    for (; *letters; letters++)
        for (k = 0; k < sizeof map / sizeof map[0]; k++)
            if (map[k].c == *letters) bits |= map[k].bit;
    return bits;
}

/* Each prop against its NAME.props line; the fields the letters name. */
static void check_expected(const char *name, const bsp_static_props *p, FILE *fp)
{
    char line[1024], letters[64], what[256];
    int version = -1, n = 0, ok = 1, defaults = 1;
    uint32_t bits;
    if (!fgets(line, sizeof line, fp) || sscanf(line, "sprp %d %63s", &version, letters) != 2) {
        check_report(0, name, "unreadable .props");
        return;
    }
    snprintf(what, sizeof what, "%s: sprp version %d as written", name, version);
    check_report(p->version == (uint32_t)version, what, "%u", (unsigned)p->version);
    if (!strcmp(letters, "-")) letters[0] = 0;
    bits = fields_of(letters);
    while (fgets(line, sizeof line, fp)) {
        int i, model, skin, nl, k, at;
        unsigned solid, flags, leaf[4];
        char mname[256];
        float o[3], a[3];
        bsp_static_prop s;
        const char *nm;
        uint32_t len, got;
        if (sscanf(line, "prop %d %d %255s %f %f %f %f %f %f %d %u %u %d%n", &i, &model, mname, &o[0],
                   &o[1], &o[2], &a[0], &a[1], &a[2], &skin, &solid, &flags, &nl, &at) != 13 ||
            nl < 0 || nl > 4) {
            ok = 0;
            break;
        }
        for (k = 0; k < nl; k++) {
            int used;
            if (sscanf(line + at, " %u%n", &leaf[k], &used) != 1) ok = 0;
            at += used;
        }
        n++;
        if (bsp_static_prop_get(p, (uint32_t)i, &s) != BSP_OK ||
            bsp_static_prop_model(p, s.model, &nm, &len) != BSP_OK) {
            ok = 0;
            continue;
        }
        if (s.model != (uint32_t)model || len != strlen(mname) || memcmp(nm, mname, len) ||
            memcmp(s.origin, o, sizeof o) || memcmp(s.angles, a, sizeof a) || s.skin != skin ||
            s.solid != solid || s.leaf_count != (uint32_t)nl || s.fields != bits)
            ok = 0;
        if ((bits & BSP_PROP_FLAGS) &&
            s.flags != (strchr(letters, 'G') ? (flags | 256u) : flags))
            ok = 0;
        for (k = 0; k < nl; k++)
            if (bsp_static_prop_leaf(p, s.first_leaf + (uint32_t)k, &got) != BSP_OK ||
                got != leaf[k])
                ok = 0;
        /* what the record does not store reads as the documented default */
        if ((!(bits & BSP_PROP_FORCED_FADE) && s.forced_fade_scale != 1.0f) ||
            (!(bits & BSP_PROP_UNIFORM_SCALE) && s.uniform_scale != 1.0f) ||
            (!(bits & BSP_PROP_DIFFUSE) && (s.diffuse[0] != 255 || s.diffuse[3] != 255)) ||
            (!(bits & BSP_PROP_FLAGS_EX) && s.flags_ex != 0) ||
            (!(bits & BSP_PROP_DX_LEVEL) && s.dx_level[1] != 0))
            defaults = 0;
        /* the generator's values of the optional fields (source_writer.c) */
        if (((bits & BSP_PROP_FORCED_FADE) && s.forced_fade_scale != 1.0f + 0.5f * (float)i) ||
            ((bits & BSP_PROP_UNIFORM_SCALE) && s.uniform_scale != 1.0f + 0.25f * (float)i) ||
            ((bits & BSP_PROP_DIFFUSE) && (s.diffuse[1] != 128 + i || s.diffuse[3] != 250)) ||
            ((bits & BSP_PROP_FLAGS_EX) && s.flags_ex != 0x10u + (uint32_t)i) ||
            ((bits & BSP_PROP_DX_LEVEL) && (s.dx_level[0] != 80u + (uint32_t)i || s.dx_level[1] != 95)) ||
            ((bits & BSP_PROP_CPU_GPU_LEVEL) && (s.cpu_gpu_level[0] != i || s.cpu_gpu_level[3] != 3)) ||
            ((bits & BSP_PROP_DISABLE_X360) && s.disable_x360 != (uint32_t)(i & 1)) ||
            ((bits & BSP_PROP_LIGHTMAP_RES) &&
             (s.lightmap_res[0] != 16u * (uint32_t)(i + 1) || s.lightmap_res[1] != 8)) ||
            s.fade_min != 100.0f * (float)i)
            ok = 0;
    }
    snprintf(what, sizeof what, "%s: %d props equal to the generator's, fields %s", name, n,
             letters[0] ? letters : "-");
    check_report(ok && (uint32_t)n == p->num_props, what, "a prop differs (%u props)",
                 (unsigned)p->num_props);
    snprintf(what, sizeof what, "%s: fields the record lacks read as the defaults", name);
    check_report(defaults, what, "a default differs");
}

/* A copy of the bytes with the 32-bit count at `at` set to v. */
static void put_count(uint8_t *b, uint32_t at, uint32_t v, int big)
{
    int k;
    for (k = 0; k < 4; k++) b[at + (uint32_t)k] = (uint8_t)(v >> (big ? 24 - 8 * k : 8 * k));
}

static void check_hostile(const char *name, const held *H, const bsp_game_lump *g,
                          const uint8_t *bytes, const bsp_static_props *p)
{
    char what[256];
    uint8_t *b = malloc(g->size + 64);
    bsp_static_props q;
    bsp_static_prop s;
    bsp_game_lump g2 = *g;
    uint32_t count_at = (uint32_t)(p->props - bytes) - 4, rec = p->record_bytes;
    int big = p->big_endian, ok;
    if (p->num_props == 0) {
        free(b);
        return;
    }
    /* one prop more than the bytes hold; one less */
    memcpy(b, bytes, g->size);
    put_count(b, count_at, p->num_props + 1, big);
    ok = bsp_static_props_open(&H->m, g, b, g->size, &q) == BSP_E_CORRUPT && q.num_props == 0;
    put_count(b, count_at, p->num_props - 1, big);
    ok = ok && bsp_static_props_open(&H->m, g, b, g->size, &q) == BSP_E_CORRUPT;
    snprintf(what, sizeof what, "%s: a prop count the bytes do not fit is corrupt", name);
    check_report(ok, what, "opened");
    /* truncated inside the last prop; a negative model count */
    memcpy(b, bytes, g->size);
    g2.size = g->size - 1;
    ok = bsp_static_props_open(&H->m, &g2, b, g2.size, &q) == BSP_E_CORRUPT;
    put_count(b, 0, 0x80000001u, big);
    ok = ok && bsp_static_props_open(&H->m, g, b, g->size, &q) == BSP_E_CORRUPT;
    put_count(b, 0, 0x7fffffffu, big);
    ok = ok && bsp_static_props_open(&H->m, g, b, g->size, &q) == BSP_E_CORRUPT;
    snprintf(what, sizeof what, "%s: truncated bytes, huge or negative counts are corrupt", name);
    check_report(ok, what, "opened");
    /* versions whose structure is unknown */
    g2 = *g;
    g2.version = 99;
    ok = bsp_static_props_open(&H->m, &g2, bytes, g->size, &q) == BSP_E_BAD_LUMP_VERSION;
    g2.version = 3;
    ok = ok && bsp_static_props_open(&H->m, &g2, bytes, g->size, &q) == BSP_E_BAD_LUMP_VERSION;
    snprintf(what, sizeof what, "%s: versions 3 and 99 are bad_lump_version", name);
    check_report(ok, what, "opened");
    /* a model outside the dictionary; a leaf run past the leaf list */
    memcpy(b, bytes, g->size);
    ok = bsp_static_props_open(&H->m, g, b, g->size, &q) == BSP_OK;
    {
        uint8_t *r = b + (p->props - bytes) + (p->num_props - 1) * rec;
        r[big ? 24 : 25] = 0xff;                 /* model: u16 at 24 */
        ok = ok && bsp_static_prop_get(&q, p->num_props - 1, &s) == BSP_E_CORRUPT;
        memcpy(b, bytes, g->size);
        r[big ? 28 : 29] = 0xff;                 /* leaf count: u16 at 28 */
        ok = ok && bsp_static_prop_get(&q, p->num_props - 1, &s) == BSP_E_CORRUPT;
        memcpy(b, bytes, g->size);
        r[big ? 26 : 27] = 0xff;                 /* first leaf: u16 at 26 */
        ok = ok && bsp_static_prop_get(&q, p->num_props - 1, &s) == BSP_E_CORRUPT;
    }
    snprintf(what, sizeof what, "%s: a model or leaf run outside its list is corrupt", name);
    check_report(ok, what, "read");
    free(b);
}

/* Strata's v12: 32-bit leaves, its record unknown. Built here: no models,
 * two leaves (70000, 5), then no props (opens) or one 80-byte prop
 * (bad_lump_version). */
static void check_v12(const char *name, const held *H, const bsp_game_lump *g, int big)
{
    char what[256];
    uint8_t b[4 + 4 + 8 + 4 + 80];
    bsp_game_lump g12 = *g;
    bsp_static_props q;
    uint32_t leaf[2] = { 0, 0 };
    int ok;
    memset(b, 0, sizeof b);
    put_count(b, 4, 2, big);
    put_count(b, 8, 70000, big);
    put_count(b, 12, 5, big);
    g12.version = 12;
    g12.size = 20;
    ok = bsp_static_props_open(&H->m, &g12, b, 20, &q) == BSP_OK && q.num_leaves == 2 &&
         q.num_props == 0 && bsp_static_prop_leaf(&q, 0, &leaf[0]) == BSP_OK &&
         bsp_static_prop_leaf(&q, 1, &leaf[1]) == BSP_OK && leaf[0] == 70000 && leaf[1] == 5;
    put_count(b, 16, 1, big);
    g12.size = sizeof b;
    ok = ok && bsp_static_props_open(&H->m, &g12, b, sizeof b, &q) == BSP_E_BAD_LUMP_VERSION;
    snprintf(what, sizeof what, "%s: v12: 32-bit leaves; with props bad_lump_version", name);
    check_report(ok, what, "leaves %u %u", (unsigned)leaf[0], (unsigned)leaf[1]);
}

static void check_statuses(const char *name, const held *H, const bsp_game_lump *g,
                           const uint8_t *bytes, const bsp_static_props *p)
{
    char what[256];
    bsp_static_props q;
    bsp_static_prop s;
    bsp_game_lump g2 = *g;
    const char *nm;
    uint32_t len, leaf;
    int ok = bsp_static_props_open(NULL, g, bytes, g->size, &q) == BSP_E_BAD_ARGUMENT &&
             bsp_static_props_open(&H->m, g, bytes, g->size + 1, &q) == BSP_E_BAD_ARGUMENT &&
             bsp_static_prop_get(p, p->num_props, &s) == BSP_E_BAD_QUERY &&
             bsp_static_prop_model(p, p->num_models, &nm, &len) == BSP_E_BAD_QUERY &&
             bsp_static_prop_leaf(p, p->num_leaves, &leaf) == BSP_E_BAD_QUERY &&
             bsp_static_prop_get(NULL, 0, &s) == BSP_E_BAD_ARGUMENT &&
             bsp_static_prop_model(p, 0, NULL, &len) == BSP_E_BAD_ARGUMENT &&
             bsp_static_prop_leaf(p, 0, NULL) == BSP_E_BAD_ARGUMENT;
    g2.id = 0x64707270u;   /* dprp */
    ok = ok && bsp_static_props_open(&H->m, &g2, bytes, g->size, &q) == BSP_E_BAD_ARGUMENT;
    snprintf(what, sizeof what, "%s: argument and index statuses", name);
    check_report(ok, what, "a status differs");
    check_v12(name, H, g, p->big_endian);
}

static void check_map(const char *name, const uint8_t *data, uint32_t size, int index,
                      const char *api)
{
    held H;
    bsp_game_lump g;
    bsp_static_props p;
    bsp_status st;
    uint8_t *bytes;
    char what[1100], path[1100];
    FILE *fp;
    (void)index, (void)api;
    if ((st = load(&H, data, size, strstr(name, "vindictus") != NULL)) != BSP_OK) {
        snprintf(what, sizeof what, "%s: loads", name);
        check_skip(what, bsp_status_name(st));
        free(H.arena);
        return;
    }
    st = bsp_static_props_find(&H.m, &g);
    if (strcmp(bsp_family_name(&H.h), "source") != 0) {
        snprintf(what, sizeof what, "%s: not Source: no static props (unsupported)", name);
        check_report(st == BSP_E_UNSUPPORTED, what, "%s", bsp_status_name(st));
        free(H.arena);
        return;
    }
    if (st == BSP_E_BAD_QUERY) {
        snprintf(what, sizeof what, "%s: no sprp sub-lump", name);
        check_skip(what, "nothing to read");
        free(H.arena);
        return;
    }
    bytes = st == BSP_OK ? unpacked(&g, &st) : NULL;
    if (st == BSP_OK) st = bsp_static_props_open(&H.m, &g, bytes, g.size, &p);
    snprintf(what, sizeof what, "%s: sprp v%u opens (%u bytes%s)", name, (unsigned)g.version,
             (unsigned)g.size, g.compressed ? ", compressed" : "");
    check_report(st == BSP_OK, what, "%s", bsp_status_name(st));
    if (st == BSP_OK) {
        snprintf(path, sizeof path, "%.*s.props", (int)(strlen(name) - 4), name);
        if ((fp = fopen(path, "r")) != NULL) {
            check_expected(name, &p, fp);
            fclose(fp);
        }
        check_statuses(name, &H, &g, bytes, &p);
        if (strstr(name, "vindictus") && p.num_props) {   /* its v6, v7: a scaling list */
            bsp_game_lump g6 = g;
            bsp_static_props q;
            g6.version = 6;
            snprintf(what, sizeof what, "%s: Vindictus's v6 with props is bad_lump_version", name);
            st = bsp_static_props_open(&H.m, &g6, bytes, g.size, &q);
            check_report(st == BSP_E_BAD_LUMP_VERSION, what, "%s", bsp_status_name(st));
        }
        check_hostile(name, &H, &g, bytes, &p);
    }
    free(bytes);
    free(H.arena);
}

int main(int argc, char **argv)
{
    int i;
    for (i = 1; i < argc; i++) {
        uint32_t size;
        uint8_t *data = read_file(argv[i], &size);
        if (!data) {
            check_report(0, argv[i], "cannot read");
            continue;
        }
        check_map(argv[i], data, size, i, NULL);
        free(data);
    }
    printf("%d passed, %d failed\n", check_counts.passed, check_counts.failed);
    return check_counts.failed != 0;
}
