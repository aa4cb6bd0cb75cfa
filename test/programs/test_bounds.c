/* SPDX-License-Identifier: MIT */
/* test_bounds.c - bounded time and bounded memory, case by case.
 *
 * Part 1 builds small hostile maps by hand (Source v20 and Quake v29, byte
 * by byte, little-endian whatever the host) and checks that each one ends in
 * its documented status, promptly:
 *   - tree walks: a node cycle, a DAG whose naive trace is exponential, a
 *     valid tree deeper than the trace's stack, and the worst cases for the
 *     light trace's face tests (every node sharing every face, every face
 *     sharing one long edge loop), which are astronomically slow unless the
 *     work is bounded by the loaded data; beside them, large valid maps of
 *     the same shape that must still answer;
 *   - visibility: rows pointing past the lump, backwards into the offset
 *     table, ending early, runs past the row, lying cluster counts;
 *   - LZMA lumps claiming 4 GiB, or more than their stream holds;
 *   - lump directories: overlapping lumps, lumps over the header or past
 *     the end, negative offsets, huge lengths;
 *   - negative and huge counts and indices;
 *   - alignment: lump file offsets need none (a map with every lump at an
 *     odd offset answers exactly as the aligned one); a lump that is not a
 *     whole number of records is bad_lump; a misaligned arena is bad_arena.
 * "Promptly" is checked without reading a clock during the work: the worst
 * cases are built so that any cost above linear in the map would take
 * hours, and a watchdog (alarm(), BOUNDS_TIMEOUT seconds, default 120 for
 * qemu) turns a call that does not return into a FAIL line.
 *
 * Part 2 (arena and stream discipline) loads every map given on the command
 * line, every family and console variant, with guard bytes on both sides of
 * the arena and a stream that records every read: under each load option,
 * through random-access and forward-only streams, with an I/O error at each
 * read in turn, with the last lump read corrupted, truncated at many
 * lengths, and one byte short of arena. The loader must write only inside
 * the arena (and nothing at all when the arena is too small), never touch
 * the file's bytes, read only inside the file, forward-only in ascending
 * order without reading a byte twice, and stop reading after a failed read.
 *
 * Files: the builder and guarded loading in test/bounds/builder.c, part 2 in
 * test/bounds/discipline.c, the cases of part 1 here.
 *
 * usage: test_bounds [MAP...]
 *        test_bounds --write DIR   write the light-trace worst case (the
 *                                  fuzz regression input) to DIR and exit
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CHECK_TALLY_SHARED
#include "../common/check.h"
#include "core/map.h"
#include "../common/files.h"
#include "../bounds/bounds.h"
#include "../../platform/memory/bsp_memstream.h"

check_tally check_counts;   /* the program's one tally (check.h) */

/* ------------------------------------------------------------ watchdog */

static unsigned watchdog_s = 120;
static char watchdog_msg[400];
static size_t watchdog_len;

static void on_alarm(int sig)
{
    ssize_t r;
    (void)sig;
    r = write(1, watchdog_msg, watchdog_len);
    (void)r;
    _exit(1);
}

/* Name the case about to run; if it has not finished in watchdog_s
 * seconds the program prints a FAIL line for it and exits. */
void watch(const char *name)
{
    int n = snprintf(watchdog_msg, sizeof watchdog_msg, "FAIL %s: did not return within %u s\n", name,
                     watchdog_s);
    watchdog_len = n > 0 && (size_t)n < sizeof watchdog_msg ? (size_t)n : sizeof watchdog_msg - 1;
    fflush(stdout);
    alarm(watchdog_s);
}

char label[400];
static const float P_ABOVE[3] = { 0.5f, 0.5f, 10.0f };

/* A Source map with one leaf per side of N nodes; a face (texinfo 0) so a
 * LIGHTING load has faces. Plane i: z = dist[i]. */
static void source_base(mb *m)
{
    mb_init(m, FAM_SOURCE);
    texinfo(m, 0);
    leaf(m, 1, -1);      /* leaf 0: solid */
    leaf(m, 0, 0);       /* leaf 1 */
}

/* ------------------------------------------------- 1. trees and traces */

static void test_cycles(void)
{
    mb m;
    loaded L;
    uint32_t leaf_i;
    bsp_sample s;
    int n;
    for (n = 1; n <= 3; n += 2) {
        int i;
        source_base(&m);
        face(&m, 0, -1, 0, 0, 0, 1, 1);
        for (i = 0; i < n; i++) {
            plane(&m, 0, 0, 1, (float)-i);
            node(&m, (uint32_t)i, (i + 1) % n, (i + 1) % n, 0, 1);
        }
        model(&m, 0, 0, 0, 1);
        watch(LABEL("tree cycle of %d node(s)", n));
        EXPECT(load_mb(&L, &m, BSP_LOAD_LIGHTING), BSP_OK, "tree cycle of %d node(s): loads (the loader does not walk trees)", n);
        EXPECT(bsp_point_leaf(&L.m, 0, P_ABOVE, &leaf_i), BSP_E_CORRUPT,
               "tree cycle of %d node(s): point_leaf is corrupt", n);
        EXPECT(bsp_light_point(&L.m, P_ABOVE, &s), BSP_E_CORRUPT,
               "tree cycle of %d node(s): light_point is corrupt", n);
        unload(&L);
        mb_free(&m);
    }
}

/* Node i: plane z = -i, both children node i + 1 (the last: leaf 1). A
 * recursive trace that follows both sides of every crossed plane would make
 * 2^N visits; bspkit's stops after N. */
static void test_dag(void)
{
    const int n = 200;
    mb m;
    loaded L;
    uint32_t leaf_i = 0;
    bsp_sample s;
    int i;
    source_base(&m);
    face(&m, 0, -1, 0, 0, 0, 1, 1);
    for (i = 0; i < n; i++) {
        int32_t next = i + 1 < n ? i + 1 : -2;
        plane(&m, 0, 0, 1, (float)-i);
        node(&m, (uint32_t)i, next, next, 0, 0);
    }
    model(&m, 0, 0, 0, 1);
    watch("DAG trace");
    EXPECT(load_mb(&L, &m, BSP_LOAD_LIGHTING), BSP_OK, "DAG of %d nodes (2^%d trace paths): loads", n, n);
    EXPECT(bsp_point_leaf(&L.m, 0, P_ABOVE, &leaf_i), BSP_OK, "DAG of %d nodes: point_leaf walks %d nodes", n, n);
    CHECK(leaf_i == 1, "DAG: point_leaf reaches leaf 1", "leaf %u", (unsigned)leaf_i);
    EXPECT(bsp_light_point(&L.m, P_ABOVE, &s), BSP_E_CORRUPT,
           "DAG of %d nodes: light_point stops as corrupt after %d node visits", n, n);
    unload(&L);
    mb_free(&m);
}

/* A valid tree 200 deep along the trace's near side: the trace's stack of
 * 128 pending far sides is documented; deeper is corrupt, point_leaf works. */
static void test_deep_tree(void)
{
    const int n = 200;
    mb m;
    loaded L;
    uint32_t leaf_i = 0;
    bsp_sample s;
    int i;
    float p[3] = { 0.5f, 0.5f, 1000.0f };
    source_base(&m);
    face(&m, 0, -1, 0, 0, 0, 1, 1);
    for (i = 0; i < n; i++) {
        plane(&m, 0, 0, 1, (float)i);
        node(&m, (uint32_t)i, i + 1 < n ? i + 1 : -2, -1, 0, 0);
    }
    model(&m, 0, 0, 0, 1);
    watch("deep tree");
    EXPECT(load_mb(&L, &m, BSP_LOAD_LIGHTING), BSP_OK, "tree %d deep: loads", n);
    EXPECT(bsp_point_leaf(&L.m, 0, p, &leaf_i), BSP_OK, "tree %d deep: point_leaf answers", n);
    EXPECT(bsp_light_point(&L.m, p, &s), BSP_E_CORRUPT,
           "tree %d deep: light_point needs more than its 128-entry stack: corrupt", n);
    unload(&L);
    mb_free(&m);
}

/* The light trace's face tests. A chain of N nodes, each crossed by the
 * downward segment (plane z = -i, front child a leaf, back child the next
 * node), so the trace pops every one of them and tests its faces.
 *   shared: every node lists all F faces and every face uses the same E
 *           surfedges, so unbounded work would be N * F * E extents steps;
 *   valid:  node i has face i alone, with its own 4 edges; the trace tests
 *           every face once and must answer (nothing lit: face -1). */
static void chain_map(mb *m, int fam, int n, int shared, int edges_per_face)
{
    int i, k;
    if (fam == FAM_SOURCE) {
        source_base(m);
    } else {
        mb_init(m, fam);
        texinfo(m, 0);
        leaf(m, -2, -1);
        leaf(m, -1, -1);
    }
    if (shared && fam == FAM_QUAKE) {
        /* one square, its loop repeated: E surfedges over 4 edges */
        uint32_t first = square(m, 0, 0, 0, 16);
        for (k = 4; k < edges_per_face; k++) u32(&m->l[L_SURFEDGES], 1 + (uint32_t)(k % 4));
        (void)first;
    }
    for (i = 0; i < n; i++) {
        plane(m, 0, 0, 1, (float)-i);
        node(m, (uint32_t)i, -2, i + 1 < n ? i + 1 : -2, shared ? 0 : (uint32_t)i, shared ? (uint32_t)n : 1);
        if (fam == FAM_QUAKE && !shared) {
            uint32_t first = square(m, 0, 0, (float)-i, 16);
            face(m, 0, -1, 0, (int32_t)first, 4, 1, 1);
        } else {
            face(m, 0, -1, 0, 0, fam == FAM_QUAKE ? edges_per_face : 0, 2, 2);
        }
    }
    model(m, 0, 0, 0, (uint32_t)n);
    if (fam == FAM_SOURCE) {
        /* a lighting lump, so the faces are only "unlit" for lightofs -1 */
        for (k = 0; k < 16; k++) u8(&m->l[L_LIGHT], 0x40);
    }
}

/* --write: the quake worst case at a size that any superlinear trace
 * cannot finish in the replay's time limit (1500^3 extents steps). */
static int write_worst(const char *dir)
{
    mb m;
    uint32_t size;
    uint8_t *f;
    char path[1024];
    FILE *fp;
    chain_map(&m, FAM_QUAKE, 1500, 1, 1500);
    f = mb_file(&m, &size);
    snprintf(path, sizeof path, "%s/light-trace-shared-faces-and-edges.bsp", dir);
    fp = fopen(path, "wb");
    if (!fp || fwrite(f, 1, size, fp) != size) {
        perror(path);
        return 1;
    }
    fclose(fp);
    printf("wrote %s (%u bytes)\n", path, (unsigned)size);
    free(f);
    mb_free(&m);
    return 0;
}

static void test_face_work(void)
{
    static const struct { int fam, n, shared, e; const char *name; } cases[] = {
        { FAM_QUAKE, 3000, 1, 3000, "quake: 3000 nodes x 3000 shared faces x 3000 shared edges" },
        { FAM_SOURCE, 20000, 1, 0, "source: 20000 nodes x 20000 shared faces" },
        { FAM_QUAKE, 3000, 0, 4, "quake: valid chain of 3000 nodes, a face each" },
        { FAM_SOURCE, 20000, 0, 0, "source: valid chain of 20000 nodes, a face each" },
    };
    size_t c;
    for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        mb m;
        loaded L;
        bsp_sample s;
        uint32_t leaf_i;
        bsp_status st;
        chain_map(&m, cases[c].fam, cases[c].n, cases[c].shared, cases[c].e);
        watch(cases[c].name);
        st = load_mb(&L, &m, BSP_LOAD_LIGHTING);
        EXPECT(st, BSP_OK, "%s: loads", cases[c].name);
        if (st == BSP_OK) {
            s.face = 7;
            EXPECT(bsp_point_leaf(&L.m, 0, P_ABOVE, &leaf_i), BSP_OK, "%s: point_leaf", cases[c].name);
            /* the load proves the walk needs no guard (light_fast 2) on the
             * valid chains only: shared faces pass the budget */
            CHECK(bsp__map_c(&L.m)->light_fast == (cases[c].shared ? 0 : 2),
                  LABEL("%s: the load %s the light walk", cases[c].name, cases[c].shared ? "guards" : "proves"),
                  "light_fast %d", (int)bsp__map_c(&L.m)->light_fast);
            if (cases[c].shared) {
                EXPECT(bsp_light_point(&L.m, P_ABOVE, &s), BSP_E_CORRUPT,
                       "%s: light_point stops as corrupt within the map's own face and edge counts",
                       cases[c].name);
            } else {
                st = bsp_light_point(&L.m, P_ABOVE, &s);
                CHECK(st == BSP_OK && s.face == -1,
                      LABEL("%s: light_point tests every face once and answers no hit", cases[c].name),
                      "%s, face %d", bsp_status_name(st), (int)s.face);
            }
            /* one face's lightmap is one pass over its edges */
            st = bsp_luxel(&L.m, 0, P_ABOVE, 0, &s);
            CHECK(st == BSP_E_NO_LIGHTMAP, LABEL("%s: luxel of an unlit face is no_lightmap", cases[c].name),
                  "%s", bsp_status_name(st));
        }
        unload(&L);
        mb_free(&m);
    }

    /* The bound is exact, not a timeout: a trace through the valid quake
     * chain spends faces + surfedges (each face 1 + its 4 edges) and
     * answers; let the last node list the face before it as well (one face
     * tested twice) and the same trace is one face over: corrupt. */
    {
        const int n = 3000;
        mb m;
        loaded L;
        bsp_sample s;
        uint8_t *last;
        chain_map(&m, FAM_QUAKE, n, 0, 4);
        last = m.l[L_NODES].p + 24 * (n - 1);
        last[20] = (uint8_t)(n - 2);
        last[21] = (uint8_t)((n - 2) >> 8);
        last[22] = 2;
        last[23] = 0;
        watch("exact face budget");
        EXPECT(load_mb(&L, &m, BSP_LOAD_LIGHTING), BSP_OK, "quake: valid chain but one face on two nodes: loads");
        CHECK(bsp__map_c(&L.m)->light_fast == 0,
              LABEL("quake: one face on two nodes passes the budget: the light walk stays guarded"),
              "light_fast %d", (int)bsp__map_c(&L.m)->light_fast);
        EXPECT(bsp_light_point(&L.m, P_ABOVE, &s), BSP_E_CORRUPT,
               "quake: a trace testing one face twice is corrupt: the work bound is exactly faces + surfedges");
        unload(&L);
        mb_free(&m);
    }
}

/* A map without light answers light_point at once only when the load
 * proved no walk stops on anything (loader/query/face_light.c): a valid
 * chain 100 deep is answered at once; with one face on two nodes (past the
 * walk's budget) it walks and keeps its corrupt; 200 deep (paths longer
 * than the walk's stack, which this chain never fills) it walks and finds
 * nothing. */
static void test_unlit_at_once(void)
{
    static const struct { int n, twice, at_once; bsp_status st; const char *name; } cases[] = {
        { 100, 0, 1, BSP_OK, "quake, no light: valid chain of 100 nodes" },
        { 100, 1, 0, BSP_E_CORRUPT, "quake, no light: chain of 100 nodes, one face on two nodes" },
        { 200, 0, 0, BSP_OK, "quake, no light: chain of 200 nodes (deeper than the proof takes)" },
    };
    size_t c;
    for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        mb m;
        loaded L;
        bsp_sample s;
        bsp_status st;
        float p[3] = { 0.5f, 0.5f, 10.0f };
        chain_map(&m, FAM_QUAKE, cases[c].n, 0, 4);
        if (cases[c].twice) {
            uint8_t *last = m.l[L_NODES].p + 24 * (cases[c].n - 1);
            last[20] = (uint8_t)(cases[c].n - 2);
            last[21] = (uint8_t)((cases[c].n - 2) >> 8);
            last[22] = 2;
            last[23] = 0;
        }
        watch(cases[c].name);
        st = load_mb(&L, &m, BSP_LOAD_LIGHTING);
        EXPECT(st, BSP_OK, "%s: loads", cases[c].name);
        if (st == BSP_OK) {
            CHECK(bsp__map_c(&L.m)->light_none == cases[c].at_once,
                  LABEL("%s: %s", cases[c].name, cases[c].at_once ? "answered at once" : "walked"),
                  "light_none %d", (int)bsp__map_c(&L.m)->light_none);
            s.face = 7;
            st = bsp_light_point(&L.m, p, &s);
            CHECK(st == cases[c].st && (st != BSP_OK || s.face == -1),
                  LABEL("%s: light_point %s", cases[c].name, bsp_status_name(cases[c].st)),
                  "%s, face %d", bsp_status_name(st), (int)s.face);
        }
        unload(&L);
        mb_free(&m);
    }
}

/* ---------------------------------------------------------- 2. visibility */

/* Source map with 20 leaves/clusters and a dvis_t built by the caller. */
static void source_vis_map(mb *m, uint32_t nclusters)
{
    uint32_t i;
    source_base(m);
    m->l[L_LEAFS].n = 0;
    leaf(m, 1, -1);
    for (i = 0; i < nclusters && i < 40; i++) leaf(m, 0, (int32_t)i);
    plane(m, 0, 0, 1, 0);
    node(m, 0, -2, -1, 0, 0);
    model(m, 0, 0, 0, 0);
}

static void test_vis(void)
{
    uint8_t row[16];
    int vis, k;
    mb m;
    loaded L;
    bsp_status st;

    /* a row offset past the lump: the offset table is checked at load */
    source_vis_map(&m, 20);
    u32(&m.l[L_VIS], 20);
    for (k = 0; k < 40; k++) u32(&m.l[L_VIS], k == 6 ? 10000 : 4 + 160);
    u8(&m.l[L_VIS], 0xff);
    u8(&m.l[L_VIS], 0xff);
    u8(&m.l[L_VIS], 0x0f);
    watch("vis");
    EXPECT(load_mb(&L, &m, BSP_LOAD_QUERIES), BSP_E_CORRUPT, "source vis: a row offset past the lump is corrupt at load");
    unload(&L);
    mb_free(&m);

    /* offsets pointing backwards, into the offset table: rows are whatever
     * bytes are there, decoded within the lump */
    source_vis_map(&m, 20);
    u32(&m.l[L_VIS], 20);
    for (k = 0; k < 40; k++) u32(&m.l[L_VIS], (uint32_t)(k % 3 == 0 ? 0 : k % 3 == 1 ? 4 : 164));
    u8(&m.l[L_VIS], 0xff);
    u8(&m.l[L_VIS], 0xff);
    u8(&m.l[L_VIS], 0xff);
    EXPECT(load_mb(&L, &m, BSP_LOAD_QUERIES), BSP_OK, "source vis: row offsets into the offset table load");
    st = bsp_pvs(&L.m, 0, row, sizeof row);
    CHECK(st == BSP_OK && (row[2] & 0xf0) == 0, "source vis: a row read from the offset table decodes, bits past 20 clear",
          "%s %02x", bsp_status_name(st), row[2]);
    EXPECT(bsp_cluster_visible(&L.m, 3, 19, &vis), BSP_OK, "source vis: cluster_visible on such a row answers");
    unload(&L);
    mb_free(&m);

    /* rows at base: 00 ff (a run of 255 zeros, past the row's end: cut
     * there); base + 2: ff ff 00 (runs off the lump's end before the row
     * is full); base + 4: 00 (a zero byte whose count is missing) */
    source_vis_map(&m, 20);
    u32(&m.l[L_VIS], 20);
    for (k = 0; k < 40; k++) {
        uint32_t base = 4 + 160;
        u32(&m.l[L_VIS], k == 0 ? base + 2 : k == 4 ? base + 4 : base);
    }
    u8(&m.l[L_VIS], 0x00);
    u8(&m.l[L_VIS], 0xff);
    u8(&m.l[L_VIS], 0xff);
    u8(&m.l[L_VIS], 0xff);
    u8(&m.l[L_VIS], 0x00);
    EXPECT(load_mb(&L, &m, BSP_LOAD_QUERIES), BSP_OK, "source vis: rows checked where read: loads");
    EXPECT(bsp_pvs(&L.m, 0, row, sizeof row), BSP_E_CORRUPT, "source vis: a row running off the lump's end is corrupt");
    EXPECT(bsp_cluster_visible(&L.m, 0, 19, &vis), BSP_E_CORRUPT, "source vis: cluster_visible past such a row's end is corrupt");
    EXPECT(bsp_cluster_visible(&L.m, 0, 3, &vis), BSP_OK, "source vis: cluster_visible before the row's end answers");
    EXPECT(bsp_pvs(&L.m, 2, row, sizeof row), BSP_E_CORRUPT, "source vis: a zero byte with no count is corrupt");
    st = bsp_pvs(&L.m, 1, row, sizeof row);
    CHECK(st == BSP_OK && row[0] == 0 && row[1] == 0 && row[2] == 0, "source vis: a run past the row's end is cut there",
          "%s", bsp_status_name(st));
    EXPECT(bsp_pvs(&L.m, 20, row, sizeof row), BSP_E_BAD_CLUSTER, "source vis: cluster num_clusters is bad_cluster");
    EXPECT(bsp_pvs(&L.m, 1, row, 2), BSP_E_BAD_ARGUMENT, "source vis: a row buffer one byte short is bad_argument");
    unload(&L);
    mb_free(&m);

    /* lying cluster counts */
    {
        static const uint32_t counts[] = { 0xffffffffu, 0x7fffffffu, 0x20000000u, 41 };
        size_t c;
        for (c = 0; c < 4; c++) {
            source_vis_map(&m, 40);
            u32(&m.l[L_VIS], counts[c]);
            for (k = 0; k < 80; k++) u32(&m.l[L_VIS], 4 + 320);
            u8(&m.l[L_VIS], 0);
            u8(&m.l[L_VIS], 5);
            EXPECT(load_mb(&L, &m, BSP_LOAD_QUERIES), BSP_E_CORRUPT, "source vis: numclusters %#x is corrupt at load",
                   (unsigned)counts[c]);
            unload(&L);
            mb_free(&m);
        }
    }
    /* a leaf naming a cluster past every leaf (no vis lump) */
    source_vis_map(&m, 3);
    leaf(&m, 0, 1000);
    EXPECT(load_mb(&L, &m, BSP_LOAD_QUERIES), BSP_E_CORRUPT, "source: a cluster count above the leaf count is corrupt");
    unload(&L);
    mb_free(&m);

    /* Quake: visofs per leaf */
    {
        static const struct { int32_t visofs; bsp_status want; const char *what; } q[] = {
            { -1, BSP_OK, "visofs -1 sees everything" },
            { -2, BSP_E_CORRUPT, "visofs -2 (pointing before the lump) is corrupt" },
            { (int32_t)0x80000000, BSP_E_CORRUPT, "visofs INT32_MIN is corrupt" },
            { 3, BSP_E_CORRUPT, "visofs past the lump is corrupt" },
            { 2, BSP_E_CORRUPT, "a row that runs off the lump's end is corrupt" },
            { 0, BSP_OK, "a good row answers" },
        };
        size_t c;
        for (c = 0; c < sizeof q / sizeof q[0]; c++) {
            mb_init(&m, FAM_QUAKE);
            leaf(&m, -2, -1);
            for (k = 0; k < 12; k++) leaf(&m, -1, k == 0 ? q[c].visofs : 0);
            plane(&m, 0, 0, 1, 0);
            node(&m, 0, -2, -1, 0, 0);
            model(&m, 0, 12, 0, 0);
            u8(&m.l[L_VIS], 0xff);     /* 0: ff 0f (12 clusters: 2 bytes) */
            u8(&m.l[L_VIS], 0x0f);
            u8(&m.l[L_VIS], 0xff);     /* 2: one byte, then the lump ends */
            EXPECT(load_mb(&L, &m, BSP_LOAD_QUERIES), BSP_OK, "quake vis case %d: loads", (int)c);
            st = bsp_pvs(&L.m, 0, row, sizeof row);
            EXPECT(st, q[c].want, "quake vis: %s", q[c].what);
            if (st == BSP_OK) CHECK((row[1] & 0xf0) == 0, LABEL("quake vis: %s: bits past 12 clear", q[c].what), "%02x", row[1]);
            unload(&L);
            mb_free(&m);
        }
        /* visleafs negative or above the leaf count */
        for (c = 0; c < 2; c++) {
            mb_init(&m, FAM_QUAKE);
            leaf(&m, -2, -1);
            leaf(&m, -1, -1);
            plane(&m, 0, 0, 1, 0);
            node(&m, 0, -2, -1, 0, 0);
            model(&m, 0, c == 0 ? -1 : 3, 0, 0);
            EXPECT(load_mb(&L, &m, BSP_LOAD_QUERIES), BSP_E_CORRUPT, "quake: visleafs %d (of 2 leaves) is corrupt at load",
                   c == 0 ? -1 : 3);
            unload(&L);
            mb_free(&m);
        }
    }
}

/* -------------------------------------------------------------- 3. LZMA */

/* The Source map of test_dag's shape with a small lighting lump marked
 * compressed: Valve's header claims `size`, the stream is 5 zero bytes. */
static uint8_t *lzma_map(uint32_t size, uint32_t dir_size, uint32_t *file_size)
{
    mb m;
    uint8_t *f;
    int k;
    source_base(&m);
    face(&m, 0, 0, 0, 0, 0, 1, 1);
    plane(&m, 0, 0, 1, 0);
    node(&m, 0, -2, -1, 0, 1);
    model(&m, 0, 0, 0, 1);
    put(&m.l[L_LIGHT], "LZMA", 4);
    u32(&m.l[L_LIGHT], size);
    u32(&m.l[L_LIGHT], 5);
    put(&m.l[L_LIGHT], "\x5d\x00\x00\x01\x00", 5);
    for (k = 0; k < 5; k++) u8(&m.l[L_LIGHT], 0);
    m.l[L_LIGHT].packed_size = dir_size;
    f = mb_file(&m, file_size);
    mb_free(&m);
    return f;
}

static void test_lzma(void)
{
    static const struct { uint32_t size; bsp_status measure; const char *what; } c4[] = {
        { 0xffffffffu, BSP_E_BAD_LUMP, "claims 4 GiB - 1" },
        { 0xfffffff0u, BSP_E_BAD_LUMP, "claims 4 GiB - 16" },
        { 0xffffffbfu - 64, BSP_E_BAD_LUMP, "claims just under 4 GiB" },
        { 0xf0000000u, BSP_OK, "claims 3.75 GiB" },
    };
    size_t c;
    uint32_t size, need = 0, reported = 0;
    uint8_t *f;
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_map mp;
    bsp_options o = bsp_default_options(BSP_LOAD_LIGHTING);
    loaded L;
    static uint8_t small[4096] __attribute__((aligned(8)));

    watch("lzma lumps");
    for (c = 0; c < sizeof c4 / sizeof c4[0]; c++) {
        bsp_status st;
        f = lzma_map(c4[c].size, c4[c].size, &size);
        bsp_memstream_init(&ms, &s, f, size);
        st = bsp_open(&h, &s);
        if (st == BSP_OK) st = bsp_measure(&h, &o, &need);
        EXPECT(st, c4[c].measure, "an LZMA lump that %s: measure", c4[c].what);
        if (st == BSP_OK) {
            CHECK(need >= c4[c].size, LABEL("an LZMA lump that %s: measure says so", c4[c].what), "%u", (unsigned)need);
            st = bsp_load(&mp, &h, &s, small, sizeof small, &o, &reported);
            CHECK(st == BSP_E_ARENA_TOO_SMALL && reported == need,
                  LABEL("an LZMA lump that %s: a small arena is arena_too_small with the need", c4[c].what), "%s %u",
                  bsp_status_name(st), (unsigned)reported);
        } else {
            EXPECT(bsp_load(&mp, &h, &s, small, sizeof small, &o, NULL), c4[c].measure,
                   "an LZMA lump that %s: load says the same", c4[c].what);
        }
        free(f);
    }
    /* more than the stream holds: decoding stops where the input ends */
    f = lzma_map(4u << 20, 4u << 20, &size);
    EXPECT(load(&L, f, size, BSP_LOAD_LIGHTING), BSP_E_LZMA_CORRUPT,
           "an LZMA lump claiming 4 MiB from 5 bytes of stream is lzma_corrupt");
    unload(&L);
    free(f);
    /* the directory and Valve's header disagree about the size */
    f = lzma_map(1000, 2000, &size);
    EXPECT(load(&L, f, size, BSP_LOAD_LIGHTING), BSP_E_LZMA_CORRUPT,
           "an LZMA lump whose header and directory disagree is lzma_corrupt");
    unload(&L);
    free(f);
}

/* ---------------------------------------------------- 4. lump directories */

/* A small valid map of either family. */
static uint8_t *small_map(int fam, uint32_t *size)
{
    mb m;
    uint8_t *f;
    if (fam == FAM_SOURCE) {
        source_base(&m);
    } else {
        mb_init(&m, FAM_QUAKE);
        texinfo(&m, 0);
        leaf(&m, -2, -1);
        leaf(&m, -1, -1);
        put(&m.l[L_ENT], "{\n\"classname\" \"worldspawn\"\n}\n", 29);
        put(&m.l[2], "textures", 8);     /* a lump the queries do not use */
    }
    plane(&m, 0, 0, 1, 0);
    plane(&m, 1, 0, 0, 0);
    node(&m, 0, 1, -1, 0, 1);
    node(&m, 1, -2, -2, 0, 0);
    {
        uint32_t first = square(&m, 0, 0, 0, 32);
        face(&m, 0, 0, 0, (int32_t)first, 4, 3, 3);
    }
    model(&m, 0, 1, 0, 1);
    {
        int k;
        for (k = 0; k < 64; k++) u8(&m.l[L_LIGHT], (uint32_t)k);
    }
    f = mb_file(&m, size);
    mb_free(&m);
    return f;
}

static bsp_status open_measure(const uint8_t *f, uint32_t size, uint32_t sets)
{
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_options o = bsp_default_options(sets);
    uint32_t need;
    bsp_status st;
    bsp_memstream_init(&ms, &s, f, size);
    st = bsp_open(&h, &s);
    if (st == BSP_OK) st = bsp_measure(&h, &o, &need);
    return st;
}

static void test_directory(void)
{
    int fam;
    watch("lump directories");
    for (fam = 0; fam < 2; fam++) {
        const char *fn = fam == FAM_SOURCE ? "source" : "quake";
        uint32_t size, hb = header_bytes(fam);
        uint8_t *orig = small_map(fam, &size), *f = malloc(size);
        uint8_t *planes_e, *nodes_e;
        loaded L;
#define RESET() memcpy(f, orig, size)
        RESET();
        EXPECT(load(&L, f, size, BSP_LOAD_ALL), BSP_OK, "%s: the small map loads", fn);
        unload(&L);
        planes_e = dir_entry(f, fam, L_PLANES);
        nodes_e = dir_entry(f, fam, L_NODES);

        memcpy(nodes_e, planes_e, 4);    /* nodes start where planes do */
        EXPECT(open_measure(f, size, BSP_LOAD_QUERIES), BSP_E_BAD_LUMP, "%s: two loaded lumps at one offset are bad_lump", fn);
        RESET();
        le32_at(nodes_e, get_le32(planes_e) + 4);   /* inside the planes */
        EXPECT(open_measure(f, size, BSP_LOAD_QUERIES), BSP_E_BAD_LUMP, "%s: a lump starting inside another is bad_lump", fn);
        RESET();
        le32_at(nodes_e, hb - 4);                        /* over the header's end */
        EXPECT(open_measure(f, size, BSP_LOAD_QUERIES), BSP_E_BAD_LUMP, "%s: a lump over the header is bad_lump", fn);
        RESET();
        le32_at(nodes_e, 0);
        EXPECT(open_measure(f, size, BSP_LOAD_QUERIES), BSP_E_BAD_LUMP, "%s: a lump at offset 0 is bad_lump", fn);
        RESET();
        le32_at(nodes_e, size - 2);
        EXPECT(open_measure(f, size, BSP_LOAD_QUERIES), BSP_E_BAD_LUMP, "%s: a lump running past the end is bad_lump", fn);
        RESET();
        le32_at(nodes_e, 0x80000000u);
        EXPECT(open_measure(f, size, BSP_LOAD_QUERIES), BSP_E_BAD_LUMP, "%s: a negative offset is bad_lump", fn);
        RESET();
        le32_at(nodes_e + 4, 0xfffffff0u);
        EXPECT(open_measure(f, size, BSP_LOAD_QUERIES), BSP_E_BAD_LUMP, "%s: a huge length is bad_lump", fn);
        RESET();
        le32_at(nodes_e, 0xfffffff0u);
        le32_at(nodes_e + 4, 0x20);
        EXPECT(open_measure(f, size, BSP_LOAD_QUERIES), BSP_E_BAD_LUMP, "%s: offset + length wrapping 32 bits is bad_lump", fn);
        RESET();
        /* lumps the load does not read may overlap (only loaded ones are
         * placed), but not once they are loaded too */
        if (fam == FAM_QUAKE) {
            memcpy(dir_entry(f, fam, 2), dir_entry(f, fam, L_ENT), 4);
            EXPECT(open_measure(f, size, BSP_LOAD_QUERIES), BSP_OK, "quake: overlapping lumps a load leaves out are fine");
            EXPECT(open_measure(f, size, BSP_LOAD_ALL), BSP_E_BAD_LUMP, "quake: ... and bad_lump once loaded");
            RESET();
        }
        /* not a whole number of records */
        le32_at(planes_e + 4, get_le32(planes_e + 4) - 1);
        EXPECT(open_measure(f, size, BSP_LOAD_QUERIES), BSP_E_BAD_LUMP, "%s: a planes lump one byte short of a record is bad_lump", fn);
        RESET();
        /* truncated below the header */
        EXPECT(open_measure(f, hb - 1, BSP_LOAD_QUERIES), BSP_E_TRUNCATED, "%s: a file shorter than its header is truncated", fn);
        EXPECT(open_measure(f, 7, BSP_LOAD_QUERIES), BSP_E_TRUNCATED, "%s: 7 bytes are truncated", fn);
        free(f);
        free(orig);
#undef RESET
    }
}

/* ------------------------------------------------- 5. counts and indices */

typedef void (*mutate_fn)(mb *m);
static void bad_numedges(mb *m) { m->l[L_FACES].p[8] = 0xff; m->l[L_FACES].p[9] = 0xff; }
static void bad_texinfo(mb *m) { m->l[L_FACES].p[10] = 0xfe; m->l[L_FACES].p[11] = 0xff; }
static void bad_firstedge(mb *m) { le32_at(m->l[L_FACES].p + 4, 0x80000000u); }
static void huge_node_faces(mb *m) { m->l[L_NODES].p[26] = 0xff; m->l[L_NODES].p[27] = 0xff; }
static void bad_headnode(mb *m) { le32_at(m->l[L_MODELS].p + 36, 1000); }
static void bad_headleaf(mb *m) { le32_at(m->l[L_MODELS].p + 36, (uint32_t)-1000); }
static void bad_child(mb *m) { le32_at(m->l[L_NODES].p + 4, 0x7fffffffu); }
static void bad_child_leaf(mb *m) { le32_at(m->l[L_NODES].p + 4, 0x80000000u); }
static void bad_plane(mb *m) { le32_at(m->l[L_NODES].p, 0xffffffffu); }
static void bad_surfedge(mb *m) { le32_at(m->l[L_SURFEDGES].p, 0x80000000u); }
static void bad_edge(mb *m) { m->l[L_EDGES].p[6] = 0xff; m->l[L_EDGES].p[7] = 0xff; }
static void model_faces(mb *m) { le32_at(m->l[L_MODELS].p + 44, 0x7fffffffu); }
static void no_models(mb *m) { m->l[L_MODELS].n = 0; }
static void no_leafs(mb *m) { m->l[L_LEAFS].n = 0; }
static void game_count(mb *m)
{
    lump *g = &m->l[L_GAME];
    u32(g, 0x7fffffffu);
    u32(g, 0x73707270u);
    u32(g, 0);
    u32(g, 0);
    u32(g, 0);
}

static void test_counts(void)
{
    static const struct { mutate_fn fn; uint32_t sets; bsp_status want; const char *what; } cases[] = {
        { bad_numedges, BSP_LOAD_ALL, BSP_E_CORRUPT, "a face with numedges -1" },
        { bad_texinfo, BSP_LOAD_LIGHTING, BSP_E_CORRUPT, "a face with texinfo -2" },
        { bad_firstedge, BSP_LOAD_ALL, BSP_E_CORRUPT, "a face with firstedge INT32_MIN" },
        { huge_node_faces, BSP_LOAD_LIGHTING, BSP_E_CORRUPT, "a node with 65535 faces" },
        { bad_headnode, BSP_LOAD_QUERIES, BSP_E_CORRUPT, "a model head node past the nodes" },
        { bad_headleaf, BSP_LOAD_QUERIES, BSP_E_CORRUPT, "a model head leaf past the leaves" },
        { bad_child, BSP_LOAD_QUERIES, BSP_E_CORRUPT, "a child INT32_MAX" },
        { bad_child_leaf, BSP_LOAD_QUERIES, BSP_E_CORRUPT, "a child INT32_MIN (leaf 2^31 - 1)" },
        { bad_plane, BSP_LOAD_QUERIES, BSP_E_CORRUPT, "a node plane -1" },
        { bad_surfedge, BSP_LOAD_ALL, BSP_E_CORRUPT, "a surfedge INT32_MIN" },
        { bad_edge, BSP_LOAD_ALL, BSP_E_CORRUPT, "an edge vertex 65535" },
        { model_faces, BSP_LOAD_LIGHTING, BSP_E_CORRUPT, "a model with INT32_MAX faces" },
        { no_models, BSP_LOAD_QUERIES, BSP_E_CORRUPT, "no models" },
        { no_leafs, BSP_LOAD_QUERIES, BSP_E_CORRUPT, "no leaves" },
        { game_count, BSP_LOAD_ALL, BSP_OK, "a game lump directory claiming 2^31 - 1 entries (loads)" },
    };
    size_t c;
    watch("counts");
    for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        mb m;
        loaded L;
        uint32_t size;
        uint8_t *f;
        source_base(&m);
        plane(&m, 0, 0, 1, 0);
        plane(&m, 1, 0, 0, 0);
        node(&m, 0, 1, -1, 0, 1);
        node(&m, 1, -2, -2, 0, 0);
        face(&m, 0, 0, 0, (int32_t)square(&m, 0, 0, 0, 32), 4, 3, 3);
        model(&m, 0, 0, 0, 1);
        u32(&m.l[L_LIGHT], 0);
        cases[c].fn(&m);
        f = mb_file(&m, &size);
        EXPECT(load(&L, f, size, cases[c].sets), cases[c].want, "source: %s", cases[c].what);
        if (cases[c].fn == game_count) {
            bsp_game_lump g;
            CHECK(bsp_game_lump_count(&L.m) == 0 && bsp_game_lump_get(&L.m, 0, &g) == BSP_E_BAD_QUERY,
                  "source: a game lump directory that does not fit has no entries", "count %u",
                  (unsigned)bsp_game_lump_count(&L.m));
        }
        unload(&L);
        free(f);
        mb_free(&m);
    }
}

/* One face on the one node the trace crosses (plane z = 0), a 32x32
 * square at z = 0 under P_ABOVE, lit by a 64-byte lighting lump. */
static void face_map(mb *m, int fam, int32_t tinfo, int32_t lightofs, int numedges)
{
    uint32_t first;
    int k;
    if (fam == FAM_SOURCE) {
        source_base(m);
    } else {
        mb_init(m, FAM_QUAKE);
        texinfo(m, 0);
        leaf(m, -2, -1);
        leaf(m, -1, -1);
    }
    plane(m, 0, 0, 1, 0);
    node(m, 0, -2, -1, 0, 1);
    first = square(m, 0, 0, 0, 32);
    face(m, tinfo, lightofs, 0, (int32_t)first, numedges, 3, 3);
    model(m, 0, 0, 0, 1);
    for (k = 0; k < 64; k++) u8(&m->l[L_LIGHT], (uint32_t)(k + 1));
}

static void test_faces(void)
{
    int fam;
    watch("faces");
    for (fam = 0; fam < 2; fam++) {
        const char *fn = fam == FAM_SOURCE ? "source" : "quake";
        mb m;
        loaded L;
        bsp_sample s;
        bsp_options o;
        bsp_status st;

        face_map(&m, fam, 0, 0, 4);
        EXPECT(load_mb(&L, &m, BSP_LOAD_LIGHTING), BSP_OK, "%s: one lit face under the point: loads", fn);
        st = bsp_light_point(&L.m, P_ABOVE, &s);
        CHECK(st == BSP_OK && s.face == 0, LABEL("%s: light_point hits it", fn), "%s face %d", bsp_status_name(st),
              (int)s.face);
        EXPECT(bsp_luxel(&L.m, 0, P_ABOVE, 4, &s), BSP_E_BAD_QUERY, "%s: style slot 4 is bad_query", fn);
        EXPECT(bsp_luxel(&L.m, 0, P_ABOVE, 1, &s), BSP_E_NO_LIGHTMAP, "%s: an unused style slot is no_lightmap", fn);
        unload(&L);
        /* the faces alone (extra_lumps), without what their lightmaps need */
        o = bsp_default_options(BSP_LOAD_QUERIES);
        o.extra_lumps = (uint64_t)1 << L_FACES;
        {
            uint32_t size;
            uint8_t *f = mb_file(&m, &size);
            EXPECT(load_opts(&L, f, size, o), BSP_OK, "%s: faces loaded alone by extra_lumps", fn);
            EXPECT(bsp_luxel(&L.m, 0, P_ABOVE, 0, &s), BSP_E_NOT_LOADED, "%s: ... luxel is not_loaded", fn);
            EXPECT(bsp_light_point(&L.m, P_ABOVE, &s), BSP_E_NOT_LOADED, "%s: ... light_point is not_loaded", fn);
            unload(&L);
            free(f);
        }
        mb_free(&m);

        face_map(&m, fam, -1, 0, 4);
        EXPECT(load_mb(&L, &m, BSP_LOAD_LIGHTING), BSP_OK, "%s: a face with texinfo -1: loads", fn);
        EXPECT(bsp_luxel(&L.m, 0, P_ABOVE, 0, &s), BSP_E_NO_LIGHTMAP, "%s: texinfo -1 has no lightmap", fn);
        st = bsp_light_point(&L.m, P_ABOVE, &s);
        CHECK(st == BSP_OK && s.face == -1, LABEL("%s: light_point passes a texinfo -1 face", fn), "%s face %d",
              bsp_status_name(st), (int)s.face);
        unload(&L);
        mb_free(&m);

        if (fam == FAM_QUAKE) {
            /* lit, but no edges to compute the lightmap's extents from */
            face_map(&m, fam, 0, 0, 0);
            EXPECT(load_mb(&L, &m, BSP_LOAD_LIGHTING), BSP_OK, "quake: a lit face with no edges: loads");
            EXPECT(bsp_luxel(&L.m, 0, P_ABOVE, 0, &s), BSP_E_CORRUPT, "quake: luxel of a lit face with no edges is corrupt");
            EXPECT(bsp_light_point(&L.m, P_ABOVE, &s), BSP_E_CORRUPT,
                   "quake: light_point reaching a lit face with no edges is corrupt");
            unload(&L);
            mb_free(&m);
        }
    }

    /* Source game lump: an entry flagged compressed that is not LZMA and
     * runs past the lump; an uncompressed one unpacked into a short buffer */
    {
        mb m;
        loaded L;
        bsp_game_lump g;
        uint32_t need_dst = 0, need_tables = 0;
        uint8_t dst[64];
        lump *gl;
        face_map(&m, FAM_SOURCE, 0, 0, 4);
        gl = &m.l[L_GAME];
        u32(gl, 2);
        u32(gl, 0x73707270u);       /* sprp: 8 bytes right after the directory */
        u16(gl, 0);
        u16(gl, 5);
        u32(gl, 36);
        u32(gl, 8);
        u32(gl, 0x64707270u);       /* dprp: flagged compressed, not LZMA, runs past */
        u16(gl, 1);
        u16(gl, 4);
        u32(gl, 44);
        u32(gl, 100000);
        put(gl, "abcdefghXXXXXXXX", 16);
        /* relative offsets: the file offset of the lump is not 0 */
        EXPECT(load_mb(&L, &m, BSP_LOAD_ALL), BSP_OK, "source game lump: loads");
        CHECK(bsp_game_lump_count(&L.m) == 2, "source game lump: two entries", "%u", (unsigned)bsp_game_lump_count(&L.m));
        EXPECT(bsp_game_lump_get(&L.m, 1, &g), BSP_E_CORRUPT,
               "source game lump: an entry flagged compressed, not LZMA, past the lump is corrupt");
        EXPECT(bsp_game_lump_get(&L.m, 2, &g), BSP_E_BAD_QUERY, "source game lump: entry 2 of 2 is bad_query");
        EXPECT(bsp_game_lump_get(&L.m, 0, &g), BSP_OK, "source game lump: entry 0 answers");
        EXPECT(bsp_game_lump_unpack_bytes(&g, &need_dst, &need_tables), BSP_OK, "source game lump: unpack_bytes");
        CHECK(need_dst == 8 && need_tables == 0, "source game lump: an uncompressed entry needs its size", "%u %u",
              (unsigned)need_dst, (unsigned)need_tables);
        EXPECT(bsp_game_lump_unpack(&g, dst, 7, NULL, 0), BSP_E_BAD_ARGUMENT,
               "source game lump: unpacking into a buffer one byte short is bad_argument");
        EXPECT(bsp_game_lump_unpack(&g, dst, 8, NULL, 0), BSP_OK, "source game lump: unpacking into its size works");
        CHECK(!memcmp(dst, "abcdefgh", 8), "source game lump: the unpacked bytes", "differ");
        unload(&L);
        mb_free(&m);
    }
}

/* ---------------------------------------------------------- 6. alignment */

/* The loader's rule: lump file offsets need no alignment (each lump is read
 * into its own aligned arena region), so a map whose lumps sit at odd
 * offsets loads and answers exactly as the aligned one. */
static void answers(const bsp_map *m, char *out, size_t cap)
{
    static const float pts[][3] = { { 1, 1, 5 }, { -1, 2, -5 }, { 2, 2, 1 }, { 10, 10, 10 } };
    size_t i, n = 0;
    for (i = 0; i < 4; i++) {
        uint32_t leaf_i = 99;
        bsp_sample s;
        bsp_status a = bsp_point_leaf(m, 0, pts[i], &leaf_i), b;
        memset(&s, 0, sizeof s);
        b = bsp_luxel(m, 0, pts[i], 0, &s);
        n += (size_t)snprintf(out + n, cap - n, "%d:%u %d:%d,%d:%02x%02x%02x%02x ", (int)a, (unsigned)leaf_i, (int)b,
                              (int)s.s, (int)s.t, s.raw[0], s.raw[1], s.raw[2], s.raw[3]);
    }
}

static void test_alignment(void)
{
    int fam, pad;
    watch("alignment");
    for (fam = 0; fam < 2; fam++) {
        const char *fn = fam == FAM_SOURCE ? "source" : "quake";
        char want[512], got[512];
        for (pad = 0; pad < 4; pad++) {
            mb m;
            loaded L;
            int i;
            bsp_status st;
            if (fam == FAM_SOURCE) {
                source_base(&m);
            } else {
                mb_init(&m, FAM_QUAKE);
                texinfo(&m, 0);
                leaf(&m, -2, -1);
                leaf(&m, -1, -1);
            }
            plane(&m, 0, 0, 1, 0);
            plane(&m, 1, 0, 0, 0);
            node(&m, 0, 1, -1, 0, 1);
            node(&m, 1, -2, -2, 0, 0);
            face(&m, 0, 0, 0, (int32_t)square(&m, 0, 0, 0, 32), 4, 3, 3);
            model(&m, 0, 1, 0, 1);
            for (i = 0; i < 64; i++) u8(&m.l[L_LIGHT], (uint32_t)(i * 7));
            for (i = 0; i < 64; i++) m.pad[i] = (uint32_t)((pad * (i + 1)) & 3);
            st = load_mb(&L, &m, BSP_LOAD_ALL);
            if (pad == 0) {
                EXPECT(st, BSP_OK, "%s: the aligned map loads", fn);
                answers(&L.m, want, sizeof want);
            } else {
                EXPECT(st, BSP_OK, "%s: lumps at offsets misaligned by up to 3 (pattern %d) load", fn, pad);
                if (st == BSP_OK) {
                    answers(&L.m, got, sizeof got);
                    CHECK(!strcmp(want, got), LABEL("%s: misaligned pattern %d answers as the aligned map", fn, pad),
                          "%s vs %s", got, want);
                }
            }
            if (pad == 3 && st == BSP_OK) {
                bsp_memstream ms;
                bsp_stream s;
                bsp_options o = bsp_default_options(BSP_LOAD_ALL);
                uint32_t size;
                uint8_t *f = mb_file(&m, &size);
                bsp_memstream_init(&ms, &s, f, size);
                EXPECT(bsp_load(&L.m, &L.h, &s, L.block + GUARD + 4, L.need, &o, NULL), BSP_E_BAD_ARENA,
                       "%s: an arena 4 bytes off alignment is bad_arena", fn);
                free(f);
            }
            unload(&L);
            mb_free(&m);
        }
    }
}

static void discipline_of(const char *name, const uint8_t *data, uint32_t size, int index,
                          const char *api)
{
    (void)index;
    (void)api;
    test_discipline(name, data, size);
}

int main(int argc, char **argv)
{
    const char *env = getenv("BOUNDS_TIMEOUT");
    if (env && atoi(env) > 0) watchdog_s = (unsigned)atoi(env);
    if (argc == 3 && !strcmp(argv[1], "--write")) return write_worst(argv[2]);
    signal(SIGALRM, on_alarm);

    test_cycles();
    test_dag();
    test_deep_tree();
    test_face_work();
    test_unlit_at_once();
    test_vis();
    test_lzma();
    test_directory();
    test_counts();
    test_faces();
    test_alignment();
    for_each_map(argc, argv, discipline_of);
    if (argc < 2) check_skip("arena and stream discipline", "no map given");
    alarm(0);
    return check_exit();
}
