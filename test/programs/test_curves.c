/* SPDX-License-Identifier: MIT */
/* test_curves.c - Quake 3 curves as the renderer draws them
 * (docs/queries.md 11.9; the grids' values are test/reference/curves_ref.py's to
 * check): the calls' statuses in their documented order, the triangles
 * in RB_SurfaceGrid's order at full detail and for views, the patch set's
 * sizes (measure, too small, exact), its isolated grids equal to the
 * per-face call's, its stitched grids growing, and the largest patch at
 * any subdivision value staying within 65 x 65.
 *
 *   test_curves CURVES.bsp CURVES_BAD.bsp CURVES_BIG.bsp  (test/craft/craft_curves.py) */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "../common/files.h"
#include "../../platform/memory/bsp_memstream.h"

typedef struct held {
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    uint8_t *data, *arena;
} held;

static int load(held *H, const char *path)
{
    bsp_options o = bsp_default_options(BSP_LOAD_GEOMETRY);
    uint32_t size, need;
    H->arena = NULL;
    if (!(H->data = read_file(path, &size))) return 0;
    bsp_memstream_init(&H->ms, &H->s, H->data, size);
    if (bsp_open(&H->h, &H->s) != BSP_OK || bsp_measure(&H->h, &o, &need) != BSP_OK) return 0;
    H->arena = malloc(need + 8);
    return bsp_load(&H->m, &H->h, &H->s, H->arena, need, &o, NULL) == BSP_OK;
}

static void unload(held *H)
{
    free(H->arena);
    free(H->data);
}

/* The first patch face, and the first face that is not a patch. */
static void faces(const bsp_map *m, uint32_t *patch, uint32_t *other)
{
    bsp_counts c;
    uint32_t f;
    *patch = *other = 0xFFFFFFFFu;
    bsp_get_counts(m, &c);
    for (f = 0; f < c.faces; f++) {
        bsp_face face;
        if (bsp_get_face(m, f, &face) != BSP_OK) continue;
        if (face.kind == BSP_FACE_PATCH && *patch == 0xFFFFFFFFu) *patch = f;
        if (face.kind != BSP_FACE_PATCH && *other == 0xFFFFFFFFu) *other = f;
    }
}

static void statuses(const held *H, const held *bad, uint8_t *scratch)
{
    bsp_patch_grid g;
    bsp_counts c;
    uint32_t patch, other, f;
    const size_t S = BSP_PATCH_GRID_SCRATCH_BYTES;
    int corrupt = 0;
    faces(&H->m, &patch, &other);
    bsp_get_counts(&H->m, &c);
    CHECK(bsp_patch_grid_build(NULL, patch, 4, scratch, S, &g) == BSP_E_BAD_ARGUMENT &&
          bsp_patch_grid_build(&H->m, patch, 4, NULL, S, &g) == BSP_E_BAD_ARGUMENT &&
          bsp_patch_grid_build(&H->m, patch, 4, scratch, S, NULL) == BSP_E_BAD_ARGUMENT,
          "curves: a NULL pointer is bad_argument", "not so");
    /* each before the next: a misaligned, short scratch for a face past the end */
    CHECK(bsp_patch_grid_build(&H->m, c.faces, 4, scratch + 1, 8, &g) == BSP_E_BAD_ARENA,
          "curves: a misaligned scratch is bad_arena, before its size and the face", "not so");
    CHECK(bsp_patch_grid_build(&H->m, c.faces, 4, scratch, S - 1, &g) == BSP_E_ARENA_TOO_SMALL,
          "curves: a short scratch is arena_too_small, before the face", "not so");
    CHECK(bsp_patch_grid_build(&H->m, c.faces, 4, scratch, S, &g) == BSP_E_BAD_FACE,
          "curves: a face past the lump is bad_face", "not so");
    CHECK(other != 0xFFFFFFFFu && bsp_patch_grid_build(&H->m, other, 4, scratch, S, &g) == BSP_E_UNSUPPORTED,
          "curves: a face that is no patch is unsupported", "face %u", (unsigned)other);
    CHECK(patch != 0xFFFFFFFFu && bsp_patch_grid_build(&H->m, patch, 4, scratch, S, &g) == BSP_OK &&
          g.face == patch && g.verts == (const bsp_grid_vertex *)(void *)scratch,
          "curves: a patch answers, its vertices at the scratch's start", "face %u", (unsigned)patch);
    bsp_get_counts(&bad->m, &c);
    for (f = 0; f < c.faces; f++) {
        bsp_face face;
        bsp_status st = bsp_get_face(&bad->m, f, &face);
        if (st == BSP_E_CORRUPT && bsp_patch_grid_build(&bad->m, f, 4, scratch, S, &g) == BSP_E_CORRUPT)
            corrupt++;
    }
    CHECK(corrupt == 2, "curves: patches of 4 x 3 and 67 x 3 control points are corrupt",
          "%d of 2", corrupt);
}

/* The triangles at a level of detail, each checked against the rule. */
static int triangles_ok(const bsp_patch_grid *g, const bsp_patch_lod *lod)
{
    uint32_t w = lod->num_cols, n = 2 * (w - 1) * (lod->num_rows - 1), k, idx[3];
    for (k = 0; k < n; k++) {
        uint32_t cell = k / 2, r = cell / (w - 1), c = cell % (w - 1);
        uint32_t tl = lod->row[r] * g->width + lod->col[c], tr = lod->row[r] * g->width + lod->col[c + 1];
        uint32_t bl = lod->row[r + 1] * g->width + lod->col[c];
        uint32_t br = lod->row[r + 1] * g->width + lod->col[c + 1];
        if (bsp_patch_triangle(g, lod, k, idx) != BSP_OK) return 0;
        if (k & 1 ? (idx[0] != tr || idx[1] != bl || idx[2] != br)
                  : (idx[0] != tl || idx[1] != bl || idx[2] != tr))
            return 0;
    }
    return bsp_patch_triangle(g, lod, n, idx) == BSP_E_BAD_QUERY;
}

/* Column i is used for an error e: the ends, and errors <= e. */
static int picks(const float *err, uint32_t n, float e, const uint8_t *got, uint32_t count)
{
    uint32_t i, k = 0;
    for (i = 0; i < n; i++)
        if (i == 0 || i + 1 == n || err[i] <= e) {
            if (k >= count || got[k] != i) return 0;
            k++;
        }
    return k == count;
}

static void lods(const held *H, uint8_t *scratch)
{
    bsp_counts c;
    uint32_t f, grids = 0, full = 0, view = 0, reduced = 0;
    bsp_get_counts(&H->m, &c);
    for (f = 0; f < c.faces; f++) {
        bsp_patch_grid g;
        bsp_patch_lod lod;
        uint32_t k;
        float eye[3], axis[3] = { 1.0f, 0.0f, 0.0f };
        if (bsp_patch_grid_build(&H->m, f, 4, scratch, BSP_PATCH_GRID_SCRATCH_BYTES, &g) != BSP_OK)
            continue;
        grids++;
        if (bsp_patch_lod_full(&g, &lod) == BSP_OK && lod.num_cols == g.width && lod.num_rows == g.height &&
            triangles_ok(&g, &lod))
            full++;
        /* far along the axis: lodError = 250 / (d - r), d the distance */
        for (k = 0; k < 3; k++) eye[k] = g.lod_origin[k];
        eye[0] = g.lod_origin[0] - 20000.0f;
        if (bsp_patch_lod_for_view(&g, eye, axis, BSP_LOD_CURVE_ERROR, &lod) == BSP_OK) {
            float d = (float)(g.lod_origin[0] - eye[0]) - g.lod_radius;
            float e = BSP_LOD_CURVE_ERROR / d;
            if (picks(g.width_lod_error, g.width, e, lod.col, lod.num_cols) &&
                picks(g.height_lod_error, g.height, e, lod.row, lod.num_rows) && triangles_ok(&g, &lod))
                view++;
            if (lod.num_cols < g.width || lod.num_rows < g.height) reduced++;
        }
    }
    CHECK(grids >= 7 && full == grids,
          "curves: full detail draws every column and row, triangles (a, a+w, a+1), (a+1, a+w, a+w+1)",
          "%u of %u grids", (unsigned)full, (unsigned)grids);
    CHECK(view == grids && reduced > 0,
          "curves: a far view draws the columns and rows whose error is within its lodError",
          "%u of %u grids, %u reduced", (unsigned)view, (unsigned)grids, (unsigned)reduced);
}

static int grids_equal(const bsp_patch_grid *a, const bsp_patch_grid *b)
{
    return a->face == b->face && a->width == b->width && a->height == b->height &&
           !memcmp(a->lod_origin, b->lod_origin, sizeof a->lod_origin) &&
           !memcmp(&a->lod_radius, &b->lod_radius, sizeof a->lod_radius) &&
           !memcmp(a->width_lod_error, b->width_lod_error, a->width * sizeof(float)) &&
           !memcmp(a->height_lod_error, b->height_lod_error, a->height * sizeof(float)) &&
           !memcmp(a->verts, b->verts, (size_t)a->width * a->height * sizeof(bsp_grid_vertex));
}

/* The face access hands out every grid of a set in use, vertex for vertex
 * and triangle for triangle, and the fixed level again without it. */
static void in_use(const held *H, held *bad, const uint8_t *set)
{
    bsp_map *m = (bsp_map *)&H->m;
    uint32_t k, faces_ok = 0, verts_bad = 0, tris_bad = 0, back = 0, before[64] = { 0 };
    for (k = 0; k < bsp_patch_set_count(set) && k < 64; k++) {
        bsp_patch_grid g;
        bsp_face f;
        if (bsp_patch_set_grid(set, k, &g) == BSP_OK && bsp_get_face(m, g.face, &f) == BSP_OK)
            before[k] = f.num_verts;
    }
    CHECK(bsp_use_patch_set(NULL, set) == BSP_E_BAD_ARGUMENT &&
          bsp_use_patch_set(m, set + 8) == BSP_E_BAD_ARGUMENT &&
          bsp_use_patch_set(&bad->m, set) == BSP_E_BAD_ARGUMENT,
          "curves: a set used on no map, memory not a set, a set of another map's patches: bad_argument",
          "not so");
    CHECK(bsp_use_patch_set(m, set) == BSP_OK, "curves: the map takes its own stitched set", "not so");
    for (k = 0; k < bsp_patch_set_count(set); k++) {
        bsp_patch_grid g;
        bsp_patch_lod lod;
        bsp_face f;
        uint32_t v, t, idx[3], want[3];
        if (bsp_patch_set_grid(set, k, &g) != BSP_OK || bsp_get_face(m, g.face, &f) != BSP_OK ||
            bsp_patch_lod_full(&g, &lod) != BSP_OK)
            continue;
        if (f.num_verts != g.width * g.height || f.num_tris != 2 * (g.width - 1) * (g.height - 1)) continue;
        faces_ok++;
        for (v = 0; v < f.num_verts; v++) {
            bsp_vertex x;
            const bsp_grid_vertex *gv = &g.verts[v];
            float lm[2];
            lm[0] = gv->lm[0] * 128.0f, lm[1] = gv->lm[1] * 128.0f;
            if (bsp_face_vertex(m, g.face, v, &x) != BSP_OK || memcmp(x.pos, gv->xyz, sizeof x.pos) ||
                memcmp(x.uv, gv->st, sizeof x.uv) || memcmp(x.lm, lm, sizeof lm))
                verts_bad++;
        }
        for (t = 0; t < f.num_tris; t++)
            if (bsp_face_triangle(m, g.face, t, idx) != BSP_OK ||
                bsp_patch_triangle(&g, &lod, t, want) != BSP_OK || memcmp(idx, want, sizeof idx))
                tris_bad++;
        {
            bsp_vertex past;
            if (bsp_face_vertex(m, g.face, f.num_verts, &past) != BSP_E_BAD_QUERY) verts_bad++;
        }
    }
    CHECK(faces_ok == bsp_patch_set_count(set) && faces_ok > 0 && !verts_bad && !tris_bad,
          "curves: with the set in use, each patch face's counts, vertices and triangles are its grid's",
          "%u of %u faces, %u vertices and %u triangles differ", (unsigned)faces_ok,
          (unsigned)bsp_patch_set_count(set), (unsigned)verts_bad, (unsigned)tris_bad);
    CHECK(bsp_use_patch_set(m, NULL) == BSP_OK, "curves: the set is put down", "not so");
    for (k = 0; k < bsp_patch_set_count(set); k++) {
        bsp_patch_grid g;
        bsp_face f;
        if (bsp_patch_set_grid(set, k, &g) != BSP_OK || bsp_get_face(m, g.face, &f) != BSP_OK) continue;
        back += k < 64 && f.num_verts == before[k] && f.num_verts != g.width * g.height;
    }
    CHECK(back == bsp_patch_set_count(set),
          "curves: without a set the face access is back at the fixed level", "%u of %u", (unsigned)back,
          (unsigned)bsp_patch_set_count(set));
}

static void sets(const held *H, held *bad, uint8_t *scratch)
{
    size_t bytes = 0, need = 0, guess = 0;
    uint8_t *mem, *stitched = NULL;
    uint32_t k, equal = 0, grown = 0, tries = 0;
    bsp_status st;
    CHECK(bsp_measure_patch_set(&H->m, 4, 2, scratch, BSP_PATCH_GRID_SCRATCH_BYTES, &bytes) == BSP_E_BAD_ARGUMENT,
          "curves: a set with unknown flags is bad_argument", "not so");
    st = bsp_measure_patch_set(&H->m, 4, 0, scratch, BSP_PATCH_GRID_SCRATCH_BYTES, &bytes);
    mem = malloc(bytes + 8);
    CHECK(st == BSP_OK && bsp_patch_set_build(&H->m, 4, 0, mem, bytes - 8, &need) == BSP_E_ARENA_TOO_SMALL &&
          need == bytes, "curves: an isolated set one word short is arena_too_small, *needed the measure",
          "%s, need %lu of %lu", bsp_status_name(st), (unsigned long)need, (unsigned long)bytes);
    CHECK(bsp_patch_set_build(&H->m, 4, 0, mem + 4, bytes, &need) == BSP_E_BAD_ARENA,
          "curves: a misaligned set is bad_arena", "not so");
    st = bsp_patch_set_build(&H->m, 4, 0, mem, bytes, &need);
    CHECK(st == BSP_OK && need == bytes && bsp_patch_set_count(mem) == 8,
          "curves: an isolated set builds in the measured bytes, one grid per patch face",
          "%s, %u grids", bsp_status_name(st), (unsigned)bsp_patch_set_count(mem));
    for (k = 0; k < bsp_patch_set_count(mem); k++) {
        bsp_patch_grid a, b;
        if (bsp_patch_set_grid(mem, k, &a) != BSP_OK) continue;
        if (bsp_patch_grid_build(&H->m, a.face, 4, scratch, BSP_PATCH_GRID_SCRATCH_BYTES, &b) != BSP_OK) continue;
        equal += grids_equal(&a, &b);
    }
    CHECK(equal == 8, "curves: the isolated set's grids equal the per-face call's", "%u of 8", (unsigned)equal);
    {
        bsp_patch_grid a;
        CHECK(bsp_patch_set_grid(mem, 8, &a) == BSP_E_BAD_QUERY && bsp_patch_set_grid(scratch, 0, &a) ==
              BSP_E_BAD_ARGUMENT, "curves: a grid past the set is bad_query, memory not a set bad_argument",
              "not so");
    }
    /* stitched: from the first guess, each too-small answer a size that gets further */
    st = bsp_measure_patch_set(&H->m, 4, BSP_PATCH_STITCHED, scratch, BSP_PATCH_GRID_SCRATCH_BYTES, &guess);
    need = guess;
    do {
        free(stitched);
        stitched = malloc(need);
        bytes = need;
        st = bsp_patch_set_build(&H->m, 4, BSP_PATCH_STITCHED, stitched, bytes, &need);
    } while (st == BSP_E_ARENA_TOO_SMALL && need > bytes && ++tries < 20);
    for (k = 0; st == BSP_OK && k < bsp_patch_set_count(stitched); k++) {
        bsp_patch_grid a, b;
        bsp_patch_set_grid(stitched, k, &a);
        bsp_patch_set_grid(mem, k, &b);
        grown += a.face == b.face && a.width * a.height > b.width * b.height;
    }
    CHECK(st == BSP_OK && grown == 1 && need <= bytes,
          "curves: the stitched set builds from the measure's guess; the neighbour gains columns",
          "%s after %u tries, %u grown", bsp_status_name(st), (unsigned)tries, (unsigned)grown);
    if (st == BSP_OK) in_use(H, bad, stitched);
    free(stitched);
    free(mem);
}

static void big(const held *H, uint8_t *scratch)
{
    static const float subs[] = { 0.01f, 4.0f, 0.0f, -1.0f, 1e30f };
    bsp_counts c;
    uint32_t f, k, ok = 0, runs = 0;
    bsp_get_counts(&H->m, &c);
    for (k = 0; k < sizeof subs / sizeof subs[0] + 1; k++) {
        float s = k < 5 ? subs[k] : (float)NAN;
        for (f = 0; f < c.faces; f++) {
            bsp_patch_grid g;
            bsp_face face;
            if (bsp_get_face(&H->m, f, &face) != BSP_OK || face.kind != BSP_FACE_PATCH || face.raw_type != 2)
                continue;
            runs++;
            if (bsp_patch_grid_build(&H->m, f, s, scratch, BSP_PATCH_GRID_SCRATCH_BYTES, &g) == BSP_OK &&
                g.width >= 2 && g.height >= 2 && g.width <= 65 && g.height <= 65 && g.width >= g.height)
                ok++;
        }
    }
    CHECK(runs > 0 && ok == runs,
          "curves: 65 x 65 control points at subdivisions 0.01, 4, 0, -1, 1e30 and NaN stay within 65 x 65",
          "%u of %u", (unsigned)ok, (unsigned)runs);
}

int main(int argc, char **argv)
{
    held H, bad, large;
    uint8_t *scratch = malloc(BSP_PATCH_GRID_SCRATCH_BYTES + 8);
    if (argc < 4) {
        fprintf(stderr, "usage: test_curves CURVES.bsp CURVES_BAD.bsp CURVES_BIG.bsp\n");
        return 2;
    }
    if (!load(&H, argv[1]) || !load(&bad, argv[2]) || !load(&large, argv[3])) {
        CHECK(0, "curves: the crafted maps load", "%s", argv[1]);
        return check_exit();
    }
    statuses(&H, &bad, scratch);
    lods(&H, scratch);
    sets(&H, &bad, scratch);
    big(&large, scratch);
    unload(&H);
    unload(&bad);
    unload(&large);
    free(scratch);
    return check_exit();
}
