/* SPDX-License-Identifier: MIT */
/* test_api.c - the public API on real and generated maps: streaming order,
 * measure versus load, arena discipline, load options, error precedence,
 * and (given a .api file from the generator) expected answers.
 *
 * usage: test_api MAP [MAP.api] ...   (a .api argument applies to the map
 * before it)
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "../common/recstream.h"
#include "../common/files.h"
#include "../../platform/memory/bsp_memstream.h"

/* What the map holds, as the public call says it. */
static bsp_map_info info_of(const bsp_map *m)
{
    bsp_map_info i;
    memset(&i, 0, sizeof i);
    bsp_get_info(m, &i);
    return i;
}

#define GUARD 64

typedef struct loaded_map {
    bsp_header h;
    bsp_map m;
    uint8_t *block;        /* arena with guard bytes on both sides */
    uint8_t *arena;
    uint32_t need;
} loaded_map;

/* Load through a strict forward-only stream into an exact-size guarded
 * arena; returns the status. */
static bsp_status load_guarded(loaded_map *L, const uint8_t *data, uint32_t size,
                               const bsp_options *o, rec_stream *ss)
{
    bsp_stream s;
    bsp_status st;
    rec_init(ss, &s, data, size, 1, 0);
    memset(L, 0, sizeof *L);
    st = bsp_open(&L->h, &s);
    if (st == BSP_OK) st = bsp_measure(&L->h, o, &L->need);
    if (st != BSP_OK) return st;
    L->block = malloc(L->need + 2 * GUARD);
    memset(L->block, 0xa5, L->need + 2 * GUARD);
    L->arena = L->block + GUARD;
    return bsp_load(&L->m, &L->h, &s, L->arena, L->need, o, NULL);
}

/* As load_guarded; a map with LZMA settings beyond the default tables must
 * say so with lzma_props, and then load with the widest tables. */
static bsp_status load_any(loaded_map *L, const uint8_t *data, uint32_t size,
                           bsp_options o, rec_stream *ss, int *widened)
{
    bsp_status st = load_guarded(L, data, size, &o, ss);
    *widened = 0;
    if (st == BSP_E_LZMA_PROPS) {
        free(L->block);
        o.lzma_lclp_max = 12;
        *widened = 1;
        st = load_guarded(L, data, size, &o, ss);
    }
    return st;
}

static int guards_intact(const loaded_map *L)
{
    uint32_t i;
    for (i = 0; i < GUARD; i++)
        if (L->block[i] != 0xa5 || L->block[GUARD + L->need + i] != 0xa5) return 0;
    return 1;
}

static void unload(loaded_map *L)
{
    free(L->block);
    L->block = NULL;
}

/* docs/queries.md 5: Nightfire and Quake 3 nodes list no faces, so `light`
 * is unsupported there (their luxels answer). */
static int light_unsupported(const bsp_header *h)
{
    return !strcmp(bsp_family_name(h), "quake3") || !strcmp(bsp_family_name(h), "nightfire");
}

/* docs/queries.md 7: ambient light is Source's and Quake 3's. */
static int ambient_supported(const bsp_header *h, const bsp_map *m)
{
    uint32_t k;
    const bsp_bspx *d = info_of(m).bspx;
    const char *variant = bsp_variant_name(h);
    /* (the original Xbox's HL2 has no ambient index: docs/queries.md 13.5) */
    if (variant && !strcmp(variant, "hl2_xbox")) return 0;
    if (!strcmp(bsp_family_name(h), "source") || !strcmp(bsp_family_name(h), "quake3")) return 1;
    /* the Quake family with a BSPX light grid (docs/queries.md 10.5), in
     * the directory the load saw (a forward-only load finds it at the end) */
    for (k = 0; d && k < d->count && k < BSP_MAX_BSPX; k++)
        if (!strncmp(d->name[k], "LIGHTGRID_OCTREE", BSP_BSPX_NAME)) return 1;
    return 0;
}

#define LABEL(...) (snprintf(label, sizeof label, __VA_ARGS__), label)

static void test_loading(const char *name, const uint8_t *data, uint32_t size)
{
    static const uint32_t sets[] = { BSP_LOAD_QUERIES, BSP_LOAD_LIGHTING,
                                     BSP_LOAD_LIGHTING | BSP_LOAD_ENTITIES, BSP_LOAD_ALL };
    char label[300];
    uint32_t k, prev = 0;
    for (k = 0; k < 4; k++) {
        bsp_options o = bsp_default_options(sets[k]);
        loaded_map L;
        rec_stream ss;
        int widened;
        bsp_status st = load_any(&L, data, size, o, &ss, &widened);
        CHECK(st == BSP_OK, LABEL("%s: loads with sets 0x%x through a forward-only stream", name,
                                  (unsigned)sets[k]), "%s", bsp_status_name(st));
        if (st != BSP_OK) {
            unload(&L);
            continue;
        }
        CHECK(ss.outside + ss.backwards == 0, LABEL("%s/0x%x: reads ascend and no byte is read twice", name,
                                        (unsigned)sets[k]), "%u outside, %u backwards",
              (unsigned)ss.outside, (unsigned)ss.backwards);
        CHECK(info_of(&L.m).arena_used == L.need, LABEL("%s/0x%x: measure equals what load used", name,
                                              (unsigned)sets[k]), "measure %u, used %u",
              (unsigned)L.need, (unsigned)info_of(&L.m).arena_used);
        CHECK(guards_intact(&L), LABEL("%s/0x%x: nothing written outside the arena", name,
                                       (unsigned)sets[k]), "guard bytes changed");
        CHECK(L.need >= prev, LABEL("%s/0x%x: a larger set needs no less arena", name,
                                    (unsigned)sets[k]), "%u < %u", (unsigned)L.need, (unsigned)prev);
        prev = L.need;
        if (sets[k] == BSP_LOAD_QUERIES) {
            bsp_sample smp;
            float p[3] = { 0, 0, 0 };
            uint32_t sz;
            bsp_ambient_light amb;
            CHECK(bsp_luxel(&L.m, 0, p, 0, &smp) == BSP_E_NOT_LOADED &&
                  bsp_ambient(&L.m, p, &amb) ==
                      (ambient_supported(&L.h, &L.m) ? BSP_E_NOT_LOADED : BSP_E_UNSUPPORTED) &&
                  bsp_lump(&L.m, 0, &sz) == NULL && sz == 0,
                  LABEL("%s: a queries-only load leaves lighting and entities out", name),
                  "luxel %s, ambient %s", bsp_status_name(bsp_luxel(&L.m, 0, p, 0, &smp)),
                  bsp_status_name(bsp_ambient(&L.m, p, &amb)));
        }
        if (sets[k] == BSP_LOAD_ALL) {
            uint32_t i, missing = 0, sz;
            for (i = 0; i < L.h.num_lumps; i++)
                if (L.h.lumps[i].length && (!bsp_lump(&L.m, i, &sz) || sz != L.h.lumps[i].size))
                    missing++;
            CHECK(missing == 0, LABEL("%s: a full load holds every non-empty lump", name),
                  "%u lumps missing", (unsigned)missing);
        }
        unload(&L);
    }

    /* arena too small by one byte, misaligned, NULL */
    {
        bsp_options o = bsp_default_options(BSP_LOAD_ALL);
        bsp_memstream ms;
        bsp_stream s;
        bsp_header h;
        bsp_map m;
        uint32_t need = 0, reported = 0;
        uint8_t *block;
        bsp_memstream_init(&ms, &s, data, size);
        if (bsp_open(&h, &s) == BSP_OK && bsp_measure(&h, &o, &need) == BSP_OK) {
            block = malloc(need + 16);
            CHECK(bsp_load(&m, &h, &s, block, need - 1, &o, &reported) == BSP_E_ARENA_TOO_SMALL &&
                      reported == need,
                  LABEL("%s: one byte short is arena_too_small and reports the need", name),
                  "reported %u of %u", (unsigned)reported, (unsigned)need);
            CHECK(bsp_load(&m, &h, &s, block + 1, need + 8, &o, NULL) == BSP_E_BAD_ARENA &&
                      bsp_load(&m, &h, &s, NULL, need, &o, NULL) == BSP_E_BAD_ARENA,
                  LABEL("%s: misaligned or NULL arena is bad_arena", name), "accepted");
            free(block);
        }
    }
}

/* Query-level rules of docs/queries.md that hold on any map. */
static void test_query_rules(const char *name, const uint8_t *data, uint32_t size)
{
    bsp_options o = bsp_default_options(BSP_LOAD_LIGHTING);
    loaded_map L;
    rec_stream ss;
    char label[300];
    uint32_t n, rowlen;
    uint8_t *row, *row2;
    bsp_sample smp;
    float p[3] = { 0, 0, 0 }, nan_p[3] = { 0, NAN, 0 };
    uint32_t leaf;
    int32_t a, b;
    int bad = 0, vis, widened;

    if (load_any(&L, data, size, o, &ss, &widened) != BSP_OK) {
        unload(&L);
        return;
    }
    n = bsp_num_clusters(&L.m);
    rowlen = bsp_vis_row_bytes(&L.m);
    row = malloc(rowlen + 1);
    row2 = malloc(rowlen + 1);
    CHECK(rowlen == (n + 7) / 8, LABEL("%s: row length is ceil(clusters/8)", name), "%u", (unsigned)rowlen);
    CHECK(bsp_pvs(&L.m, -1, row, rowlen) == BSP_E_BAD_CLUSTER &&
              bsp_pvs(&L.m, (int32_t)n, row, rowlen) == BSP_E_BAD_CLUSTER,
          LABEL("%s: clusters -1 and num_clusters are bad_cluster", name), "accepted");
    if (light_unsupported(&L.h))
        CHECK(bsp_light_point(&L.m, p, &smp) == BSP_E_UNSUPPORTED &&
                  bsp_pas(&L.m, 0, row, rowlen) == BSP_E_UNSUPPORTED,
              LABEL("%s: light and PAS are unsupported", name), "not");
    if (!ambient_supported(&L.h, &L.m)) {
        bsp_ambient_light amb;
        CHECK(bsp_ambient(&L.m, p, &amb) == BSP_E_UNSUPPORTED &&
                  bsp_ambient(&L.m, nan_p, &amb) == BSP_E_BAD_QUERY,
              LABEL("%s: ambient is unsupported (a NaN point: bad_query)", name), "not");
    }
    CHECK(bsp_luxel(&L.m, -1, p, 0, &smp) == BSP_E_BAD_FACE &&
              bsp_luxel(&L.m, (int32_t)info_of(&L.m).faces, p, 0, &smp) == BSP_E_BAD_FACE,
          LABEL("%s: faces -1 and face count are bad_face", name), "accepted");
    CHECK(bsp_luxel(&L.m, -1, nan_p, 0, &smp) == BSP_E_BAD_QUERY &&
              bsp_point_leaf(&L.m, 0, nan_p, &leaf) == BSP_E_BAD_QUERY &&
              bsp_light_point(&L.m, nan_p, &smp) == BSP_E_BAD_QUERY,
          LABEL("%s: a NaN point is bad_query before anything else", name), "not");
    CHECK(bsp_point_leaf(&L.m, info_of(&L.m).models, p, &leaf) == BSP_E_BAD_QUERY,
          LABEL("%s: a model past the model lump is bad_query", name), "accepted");

    /* every row: bits past num_clusters clear; cluster_visible agrees with
     * the row; a row decoded twice is the same */
    for (a = 0; a < (int32_t)n && a < 512; a++) {
        bsp_status st = bsp_pvs(&L.m, a, row, rowlen);
        if (st != BSP_OK) continue;
        if ((n & 7) && (row[rowlen - 1] >> (n & 7))) bad++;
        bsp_pvs(&L.m, a, row2, rowlen);
        if (memcmp(row, row2, rowlen)) bad++;
        for (b = 0; b < (int32_t)n && b < 512; b++)
            if (bsp_cluster_visible(&L.m, a, b, &vis) != BSP_OK ||
                vis != ((row[b >> 3] >> (b & 7)) & 1))
                bad++;
    }
    CHECK(bad == 0, LABEL("%s: PVS rows are clean and cluster_visible agrees with them", name),
          "%d mismatches", bad);

    /* the row view (quake3 alone): the bytes bsp_pvs writes, the last
     * byte's bits past num_clusters as stored; a quake3 map it refuses has
     * no vis data, so its rows are all visible; other families refuse it
     * and leave NULL, 0 */
    bad = 0;
    {
        int q3 = !strcmp(bsp_family_name(&L.h), "quake3");
        const uint8_t *vr = row;
        uint32_t vb = 7;
        bsp_status st = bsp_pvs_view(&L.m, 0, &vr, &vb);
        /* the pointer: the view's row on OK, NULL on any other status */
        if (bsp_pvs_pointer(NULL, 0) != NULL || bsp_pvs_pointer(&L.m, -1) != NULL ||
            bsp_pvs_pointer(&L.m, (int32_t)n) != NULL || bsp_pvs_pointer(&L.m, 0) != (st == BSP_OK ? vr : NULL))
            bad++;
        if (bsp_pvs_view(&L.m, 0, NULL, &vb) != BSP_E_BAD_ARGUMENT || bsp_pvs_view(NULL, 0, &vr, &vb) != BSP_E_BAD_ARGUMENT)
            bad++;
        /* a refused call clears what it was given */
        if (vr != NULL || vb != 0) bad++;
        vb = 7;
        st = bsp_pvs_view(&L.m, 0, &vr, &vb);
        if (!q3 || !n) {
            if (st != BSP_E_UNSUPPORTED || vr != NULL || vb != 0) bad++;
        } else if (st == BSP_E_UNSUPPORTED) {
            if (vr != NULL || vb != 0 || bsp_pvs(&L.m, 0, row, rowlen) != BSP_OK) bad++;
            else
                for (b = 0; b < (int32_t)n; b++) bad += !((row[b >> 3] >> (b & 7)) & 1);
        } else {
            if (bsp_pvs_view(&L.m, -1, &vr, &vb) != BSP_E_BAD_CLUSTER || vr != NULL ||
                bsp_pvs_view(&L.m, (int32_t)n, &vr, &vb) != BSP_E_BAD_CLUSTER)
                bad++;
            for (a = 0; a < (int32_t)n && a < 512; a++) {
                if (bsp_pvs(&L.m, a, row, rowlen) != BSP_OK) {
                    if (bsp_pvs_view(&L.m, a, &vr, &vb) != BSP_E_CORRUPT || bsp_pvs_pointer(&L.m, a)) bad++;
                    continue;
                }
                if (bsp_pvs_view(&L.m, a, &vr, &vb) != BSP_OK || vb != rowlen || bsp_pvs_pointer(&L.m, a) != vr) {
                    bad++;
                    continue;
                }
                memcpy(row2, vr, rowlen);
                if (n & 7) row2[rowlen - 1] &= (uint8_t)((1u << (n & 7)) - 1);
                if (memcmp(row, row2, rowlen)) bad++;
            }
        }
    }
    CHECK(bad == 0, LABEL("%s: the PVS row view is bsp_pvs's row where it lies (quake3), unsupported elsewhere", name),
          "%d mismatches", bad);

    /* every leaf's cluster is -1 or a valid cluster, and point_leaf lands in
     * a leaf at a spread of points */
    bad = 0;
    for (leaf = 0; leaf < info_of(&L.m).leafs; leaf++) {
        bsp_leaf lf;
        if (bsp_get_leaf(&L.m, leaf, &lf) != BSP_OK || lf.cluster < -1 || lf.cluster >= (int32_t)n)
            bad++;
    }
    CHECK(bad == 0, LABEL("%s: every leaf names cluster -1 or a valid cluster", name), "%d bad", bad);
    free(row);
    free(row2);
    unload(&L);
}

/* Expectations written by the generator (test/gen), one per line:
 *   leafm MODEL X Y Z LEAF
 *   luxel HDR FACE SLOT X Y Z RAWHEX|error-name
 *   clusters N
 *   pvs C HEX | pas C HEX     (the decompressed row)
 */
static void test_expectations(const char *name, const uint8_t *data, uint32_t size, const char *api)
{
    FILE *fp = fopen(api, "r");
    char line[512], label[300];
    int lineno = 0;
    loaded_map maps[2];
    rec_stream ss;
    int hdr;
    if (!fp) {
        CHECK(0, LABEL("%s: expectations file", name), "cannot open %s", api);
        return;
    }
    for (hdr = 0; hdr < 2; hdr++) {
        bsp_options o = bsp_default_options(BSP_LOAD_LIGHTING);
        int widened;
        o.prefer_hdr = hdr;
        if (load_any(&maps[hdr], data, size, o, &ss, &widened) != BSP_OK) {
            CHECK(0, LABEL("%s: loads for expectations", name), "load failed");
            fclose(fp);
            return;
        }
    }
    while (fgets(line, sizeof line, fp)) {
        char kind[16], want[64], got[64];
        float p[3];
        int model, face, slot, h, n;
        unsigned wleaf;
        lineno++;
        if (sscanf(line, "%15s", kind) != 1 || kind[0] == '#') continue;
        if (!strcmp(kind, "leafm") &&
            sscanf(line, "%*s %d %f %f %f %u", &model, &p[0], &p[1], &p[2], &wleaf) == 5) {
            uint32_t leaf = 0;
            bsp_status st = bsp_point_leaf(&maps[0].m, (uint32_t)model, p, &leaf);
            CHECK(st == BSP_OK && leaf == wleaf, LABEL("%s: api line %d (model %d leaf)", name, lineno, model),
                  "want leaf %u, got %s %u", wleaf, bsp_status_name(st), (unsigned)leaf);
        } else if (!strcmp(kind, "luxel") &&
                   sscanf(line, "%*s %d %d %d %f %f %f %63s", &h, &face, &slot, &p[0], &p[1], &p[2],
                          want) == 7) {
            bsp_sample s;
            bsp_status st = bsp_luxel(&maps[h != 0].m, face, p, (uint32_t)slot, &s);
            uint32_t k;
            if (st == BSP_OK) {
                for (k = 0; k < s.raw_len; k++) sprintf(got + 2 * k, "%02x", s.raw[k]);
            } else {
                snprintf(got, sizeof got, "%s", bsp_status_name(st));
            }
            CHECK(!strcmp(got, want), LABEL("%s: api line %d (luxel hdr %d face %d slot %d)", name,
                                            lineno, h, face, slot), "want %s, got %s", want, got);
        } else if ((!strcmp(kind, "pvs") || !strcmp(kind, "pas")) &&
                   sscanf(line, "%*s %d %63s", &n, want) == 2) {
            uint8_t row[32];
            uint32_t k, len = bsp_vis_row_bytes(&maps[0].m);
            bsp_status st = BSP_E_BAD_ARGUMENT;
            got[0] = 0;
            if (len <= sizeof row) {
                st = kind[1] == 'v' ? bsp_pvs(&maps[0].m, n, row, len) : bsp_pas(&maps[0].m, n, row, len);
                for (k = 0; st == BSP_OK && k < len; k++) sprintf(got + 2 * k, "%02x", row[k]);
            }
            CHECK(st == BSP_OK && !strcmp(got, want), LABEL("%s: api line %d (%s %d)", name, lineno, kind, n),
                  "want %s, got %s %s", want, bsp_status_name(st), got);
        } else if (!strcmp(kind, "clusters") && sscanf(line, "%*s %d", &n) == 1) {
            CHECK(bsp_num_clusters(&maps[0].m) == (uint32_t)n, LABEL("%s: api line %d (clusters)", name, lineno),
                  "want %d, got %u", n, (unsigned)bsp_num_clusters(&maps[0].m));
        } else {
            CHECK(0, LABEL("%s: api line %d parses", name, lineno), "%s", line);
        }
    }
    fclose(fp);
    unload(&maps[0]);
    unload(&maps[1]);
}

static void test_map(const char *name, const uint8_t *data, uint32_t size, int index,
                     const char *api)
{
    (void)index;
    test_loading(name, data, size);
    test_query_rules(name, data, size);
    if (api) test_expectations(name, data, size, api);
}

int main(int argc, char **argv)
{
    for_each_map(argc, argv, test_map);
    return check_exit();
}
