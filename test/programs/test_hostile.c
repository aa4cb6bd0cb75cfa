/* SPDX-License-Identifier: MIT */
/* test_hostile.c - truncated, corrupted and lying maps through bsp_open,
 * bsp_load and every query. Built with ASan and UBSan: a pass means every
 * input ended in a status code, with no out-of-bounds access and no hang.
 *
 * usage: test_hostile [--vindictus] MAP...   (small maps: every prefix
 *        length is tried; --vindictus: read as Vindictus, bsp_use_variant)
 */
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "../common/files.h"
#include "../common/exercise.h"
#include "../../platform/memory/bsp_memstream.h"
#include "../../port/bsp_port.h"

typedef struct outcome { int loaded, failed, bad_status; } outcome;

/* --vindictus: every map is read with bsp_use_variant (a file that cannot
 * be one then fails with a status like any other). */
static int game_variant;

/* Open, load with everything and, if it loads, run every query. The arena is
 * a fresh heap block of exactly the measured size, so ASan sees any write
 * past it. */
static void try_bytes(const uint8_t *data, uint32_t size, outcome *o)
{
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    bsp_options opt = bsp_default_options(BSP_LOAD_ALL);
    uint32_t need = 0;
    bsp_status st;
    void *arena;

    bsp_memstream_init(&ms, &s, data, size);
    st = bsp_open(&h, &s);
    if (st == BSP_OK && game_variant) st = bsp_use_variant(&h, (bsp_variant)game_variant);
    if (st == BSP_OK) st = bsp_measure(&h, &opt, &need);
    if (st != BSP_OK) {
        if ((unsigned)st >= BSP_STATUS_COUNT) o->bad_status++;
        o->failed++;
        return;
    }
    arena = malloc(need ? need : 1);
    st = bsp_load(&m, &h, &s, arena, need, &opt, NULL);
    if (st == BSP_OK) {
        o->loaded++;
        o->bad_status += exercise_map(&m);
    } else {
        if ((unsigned)st >= BSP_STATUS_COUNT) o->bad_status++;
        o->failed++;
    }
    free(arena);
}

static uint32_t rng(uint32_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 17;
    *state ^= *state << 5;
    return *state;
}

/* The intact file's header, through the library (lump offsets in any
 * family and lump_t order). */
static int header_of(const uint8_t *data, uint32_t size, bsp_header *h)
{
    bsp_memstream ms;
    bsp_stream s;
    bsp_memstream_init(&ms, &s, data, size);
    return bsp_open(h, &s) == BSP_OK &&
           (!game_variant || bsp_use_variant(h, (bsp_variant)game_variant) == BSP_OK);
}

/* Every prefix that cuts into a lump must fail; prefixes that only drop
 * trailing padding may load. */
static uint32_t get32(const uint8_t *p, int big)
{
    return big ? bsp__get_be32(p) : bsp__get_le32(p);
}

static void put32(uint8_t *p, uint32_t v, int big)
{
    int k;
    for (k = 0; k < 4; k++) p[big ? 3 - k : k] = (uint8_t)(v >> (8 * k));
}

static void test_prefixes(const char *name, const uint8_t *data, uint32_t size)
{
    outcome o = { 0, 0, 0 };
    uint32_t len, step = size > 32768 ? size / 8192 + 1 : 1, data_end = 0, i, early = 0;
    char label[256];
    bsp_header h;
    if (header_of(data, size, &h))
        for (i = 0; i < h.num_lumps; i++)
            if (h.lumps[i].length && h.lumps[i].offset + h.lumps[i].length > data_end)
                data_end = h.lumps[i].offset + h.lumps[i].length;
    for (len = 0; len < size; len += step) {
        /* a fresh exact-size copy, so a read past the prefix is an ASan error */
        uint8_t *prefix = malloc(len ? len : 1);
        int before = o.loaded;
        memcpy(prefix, data, len);
        try_bytes(prefix, len, &o);
        if (o.loaded != before && len < data_end) early++;
        free(prefix);
    }
    snprintf(label, sizeof label, "%s: every prefix that cuts a lump is rejected cleanly", name);
    CHECK(early == 0 && o.bad_status == 0, label, "%u cut prefixes loaded, %d bad statuses",
          (unsigned)early, o.bad_status);
}

static void test_flips(const char *name, const uint8_t *data, uint32_t size, uint32_t seed)
{
    outcome o = { 0, 0, 0 };
    uint8_t *buf = malloc(size);
    char label[256];
    int i, k, rounds = size > 100000 ? 120 : 800;
    for (i = 0; i < rounds; i++) {
        int flips = 1 + (int)(rng(&seed) % 8);
        memcpy(buf, data, size);
        for (k = 0; k < flips; k++) {
            uint32_t at = rng(&seed) % size;
            /* bias half the flips into the header, where they hurt most */
            if (k & 1) at %= size < 1036 ? size : 1036;
            buf[at] ^= (uint8_t)(1u << (rng(&seed) & 7));
            if (rng(&seed) % 5 == 0) buf[at] = (uint8_t)rng(&seed);
        }
        try_bytes(buf, size, &o);
    }
    free(buf);
    snprintf(label, sizeof label, "%s: %d corrupted copies end in status codes (%d loaded)",
             name, rounds, o.loaded);
    CHECK(o.bad_status == 0, label, "%d bad statuses", o.bad_status);
}

/* Rewrite lump directory entries: overlapping, inside the header, past the
 * end, huge, negative, misaligned, odd sizes. Source layout (16-byte entries
 * at offset 8); other families are skipped here. */
static void test_lying_tables(const char *name, const uint8_t *data, uint32_t size, uint32_t seed)
{
    outcome o = { 0, 0, 0 };
    uint8_t *buf = malloc(size);
    char label[256];
    int i, rounds = size > 100000 ? 150 : 1000;
    int big = size >= 4 && memcmp(data, "PSBV", 4) == 0;
    if (size < 1036 || (memcmp(data, "VBSP", 4) != 0 && !big)) {
        free(buf);
        return;
    }
    for (i = 0; i < rounds; i++) {
        uint32_t lump = rng(&seed) % 64, other = rng(&seed) % 64, v;
        uint8_t *e = buf + 8 + 16 * lump, *oe = buf + 8 + 16 * other;
        memcpy(buf, data, size);
        switch (i % 9) {
        case 0: memcpy(e, oe, 8); break;                             /* alias another lump */
        case 1: put32(e, get32(oe, big) + 4, big); break;            /* overlap it */
        case 2: put32(e, rng(&seed) % 1036, big); break;             /* inside the header */
        case 3: put32(e, size - 3, big); break;                      /* runs off the end */
        case 4: put32(e + 4, 0xfffffff0u, big); break;               /* huge length */
        case 5: put32(e, 0x80000000u, big); break;                   /* negative offset */
        case 6: put32(e + 4, get32(e + 4, big) - 1 - rng(&seed) % 5, big); break;
        case 7: put32(e + 12, rng(&seed) % 0x100000u, big); break;   /* claims compression */
        default: v = rng(&seed) % 3; put32(e + 8, v, big); break;    /* other lump version */
        }
        try_bytes(buf, size, &o);
    }
    free(buf);
    snprintf(label, sizeof label, "%s: %d lying lump tables end in status codes (%d loaded)",
             name, rounds, o.loaded);
    CHECK(o.bad_status == 0, label, "%d bad statuses", o.bad_status);
}

/* Point a node's child at itself (a cycle) and at its parent: walks must
 * stop with CORRUPT, not loop. */
static void test_cycles(const char *name, const uint8_t *data, uint32_t size)
{
    uint8_t *buf;
    uint32_t nodes_ofs, nodes_len, head, n, rec;
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    bsp_options opt = bsp_default_options(BSP_LOAD_LIGHTING);
    uint32_t need, leaf;
    bsp_sample smp;
    float p[3] = { 0, 0, 0 };
    char label[256];
    bsp_status st, st2;
    void *arena;
    int unlit;

    if (size < 1036 || memcmp(data, "VBSP", 4) != 0 || !header_of(data, size, &h)) return;
    nodes_ofs = h.lumps[5].offset;
    nodes_len = h.lumps[5].length;
    rec = bsp_lump_record_size(&h, 5);   /* 32; Vindictus 48 */
    if (!rec || nodes_len < 2 * rec || h.lumps[5].compressed) return;   /* can't edit packed nodes */
    buf = malloc(size);
    memcpy(buf, data, size);
    head = 0;
    /* every child of every node points back at node 0: a cycle whatever the
     * point, and a DAG for the trace */
    for (n = 0; n < nodes_len / rec; n++) {
        memcpy(buf + nodes_ofs + rec * n + 4, &head, 4);
        memcpy(buf + nodes_ofs + rec * n + 8, &head, 4);
    }
    bsp_memstream_init(&ms, &s, buf, size);
    st = bsp_open(&h, &s);
    if (st == BSP_OK && game_variant) st = bsp_use_variant(&h, (bsp_variant)game_variant);
    if (st == BSP_OK) st = bsp_measure(&h, &opt, &need);
    arena = malloc(st == BSP_OK ? need : 1);
    if (st == BSP_OK) st = bsp_load(&m, &h, &s, arena, need, &opt, NULL);
    if (st == BSP_OK) {
        st = bsp_point_leaf(&m, 0, p, &leaf);
        st2 = bsp_light_point(&m, p, &smp);
    } else {
        st2 = st;
    }
    /* the original Xbox's HL2 reads no lightmap: light answers so before
     * any walk (docs/queries.md 13.5) */
    unlit = bsp_variant_name(&h) && !strcmp(bsp_variant_name(&h), "hl2_xbox");
    snprintf(label, sizeof label, unlit ? "%s: a node cycle makes point_leaf fail as corrupt, light no_lightmap"
                                        : "%s: a node cycle makes point_leaf and light_point fail as corrupt",
             name);
    CHECK(st == BSP_E_CORRUPT && st2 == (unlit ? BSP_E_NO_LIGHTMAP : BSP_E_CORRUPT), label,
          "point_leaf %s, light %s", bsp_status_name(st), bsp_status_name(st2));
    free(arena);
    free(buf);
}

static void test_map(const char *name, const uint8_t *data, uint32_t size, int index,
                     const char *api)
{
    outcome o = { 0, 0, 0 };
    char label[256];
    (void)api;
    try_bytes(data, size, &o);
    snprintf(label, sizeof label, "%s: the intact map loads", name);
    CHECK(o.loaded == 1 && o.bad_status == 0, label, "it does not");
    test_prefixes(name, data, size);
    test_flips(name, data, size, 0x9e3779b9u + (uint32_t)index);
    test_lying_tables(name, data, size, 0x85ebca6bu + (uint32_t)index);
    test_cycles(name, data, size);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        check_skip("hostile inputs", "no map given");
        return check_exit();
    }
    if (!strcmp(argv[1], "--vindictus")) {
        game_variant = BSP_VARIANT_VINDICTUS;
        argv[1] = argv[0];
        argc--;
        argv++;
    }
    for_each_map(argc, argv, test_map);
    return check_exit();
}
