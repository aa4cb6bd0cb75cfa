/* SPDX-License-Identifier: MIT */
/* test_mesh.c - meshes by texture (bsp_measure_mesh, bsp_mesh_build;
 * the buffers' values are test/reference/bspref_mesh.py's to check): on
 * every map given, every model,
 *
 *   - the measure is exact: one byte short is arena_too_small and writes
 *     nothing, the exact size builds and writes nothing past it, twice the
 *     same bytes; the scratch one byte short is bad_argument;
 *   - the statuses in their documented order (NULL pointers, options,
 *     a model past the lump, misaligned memory);
 *   - the layout holds together: batches tile the buffers in order,
 *     ascending by (texture, flags, page), their faces ascending, every
 *     face of a batch has its texture's name and the batch's flags and
 *     page, every index inside its face's vertices;
 *   - each face's vertices and triangles are what the one-at-a-time calls
 *     answer for it (bsp_face_vertex_attr, bsp_disp_vertex, the patch grid,
 *     bsp_face_triangle, bsp_patch_triangle at full detail);
 *   - leave_out: the tool faces go, nothing else does;
 *
 * and on the Quake 3 maps a stitched set in the options (its grids), a
 * set of another map refused; and hostile input: a Quake 3 triangle past
 * its vertices (corrupt in both calls), a Source vertex normal index past
 * its lump (the build's corrupt, the measure's not), a model run past the
 * face lump.
 *
 *   test_mesh MAP...   (the maps of test/craft/craft_mesh.py among them) */
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "../common/files.h"
#include "../common/held.h"
#include "../../platform/memory/bsp_memstream.h"

#define GUARD 64
#define FILL 0xA5

/* A map of its own bytes (the file kept while it is loaded). */
typedef struct map_file {
    held H;
    uint8_t *data;
} map_file;

static int load(map_file *F, const char *path)
{
    bsp_options o = held_options(BSP_LOAD_GEOMETRY);
    uint32_t size;
    F->H.arena = NULL;
    if (!(F->data = read_file(path, &size))) return 0;
    return held_load(&F->H, F->data, size, &o) == BSP_OK;
}

static void unload(map_file *F)
{
    free(F->H.arena);
    free(F->data);
    F->H.arena = F->data = NULL;
}

/* 8-aligned memory of n bytes with GUARD bytes of FILL after it. */
static uint8_t *block(size_t n)
{
    uint8_t *p = (uint8_t *)malloc(n + GUARD + 8);
    if (p) memset(p, FILL, n + GUARD + 8);
    return p;
}

static int untouched(const uint8_t *p, size_t n)
{
    size_t k;
    for (k = 0; k < n; k++)
        if (p[k] != FILL) return 0;
    return 1;
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* Does texture a's name equal b's, without ASCII case? (-1: no name) */
static int same_name(const bsp_map *m, int32_t a, int32_t b)
{
    const char *na, *nb;
    uint32_t la, lb, k;
    if (a == b) return 1;
    if (a < 0 || b < 0 || bsp_texture_name(m, (uint32_t)a, &na, &la) != BSP_OK ||
        bsp_texture_name(m, (uint32_t)b, &nb, &lb) != BSP_OK || !la || la != lb)
        return 0;
    for (k = 0; k < la; k++) {
        char x = na[k], y = nb[k];
        if (x >= 'A' && x <= 'Z') x = (char)(x + 32);
        if (y >= 'A' && y <= 'Z') y = (char)(y + 32);
        if (x != y) return 0;
    }
    return 1;
}

static int same_vertex_attr(const bsp_mesh_vertex *v, const bsp_vertex_attr *a)
{
    uint32_t want = a->present & (BSP_VA_COLOR | BSP_VA_ST | BSP_VA_UV | BSP_VA_LM);
    return !memcmp(v->pos, a->pos, 12) && !memcmp(v->normal, a->normal, 12) && !memcmp(v->st, a->st, 8) &&
           !memcmp(v->uv, a->uv, 8) && !memcmp(v->lm, a->lm, 8) && !memcmp(v->color, a->color, 4) &&
           v->alpha == 0.0f && v->present == want;
}

static int same_disp(const bsp_mesh_vertex *v, const bsp_disp_vert *d, const bsp_face *f)
{
    return !memcmp(v->pos, d->pos, 12) && !memcmp(v->normal, f->normal, 12) && !memcmp(v->st, d->st, 8) &&
           !memcmp(v->uv, d->uv, 8) && !memcmp(v->lm, d->lm, 8) && !memcmp(&v->alpha, &d->alpha, 4) &&
           v->present == d->present;
}

/* (lm: the page's texels, its side from the page's bytes: 128, or 512 on
 * qfusion's FBSP, docs/queries.md 13.3) */
static int same_grid(const bsp_mesh_vertex *v, const bsp_grid_vertex *g, int lit, float side)
{
    float lm[2];
    lm[0] = lit ? g->lm[0] * side : 0.0f;
    lm[1] = lit ? g->lm[1] * side : 0.0f;
    return !memcmp(v->pos, g->xyz, 12) && !memcmp(v->normal, g->normal, 12) && !memcmp(v->uv, g->st, 8) &&
           !memcmp(v->lm, lm, 8) && !memcmp(v->color, g->color, 4) &&
           v->present == (BSP_VA_COLOR | BSP_VA_UV | (lit ? BSP_VA_LM : 0u));
}

/* The disp record face `f` names: its raw_type. */
static uint32_t disp_of(const bsp_face *f) { return (uint32_t)f->raw_type; }

/* Face `face`'s share of the mesh against the one-at-a-time calls; the
 * patch grids from `set` when given. 1: the same. */
static int face_agrees(const bsp_map *m, const bsp_mesh *mesh, uint32_t face, const void *set, float sub,
                       uint8_t *grid, char *why, size_t whyn)
{
    const bsp_mesh_face *t = &mesh->faces[face - mesh->first_face];
    const bsp_mesh_vertex *v = mesh->vertices + t->first_vertex;
    const uint32_t *ix = mesh->indices + t->first_index;
    bsp_face f;
    uint32_t k, c;
    float side;
    if (bsp_get_face(m, face, &f) != BSP_OK) return snprintf(why, whyn, "face %u: get_face", face), 0;
    if (f.kind == BSP_FACE_PATCH) {
        bsp_patch_grid g;
        bsp_patch_lod lod;
        int found = 0;
        if (set) {
            for (k = 0; k < bsp_patch_set_count(set) && !found; k++)
                found = bsp_patch_set_grid(set, k, &g) == BSP_OK && g.face == face;
        } else {
            found = bsp_patch_grid_build(m, face, sub, grid, BSP_PATCH_GRID_SCRATCH_BYTES, &g) == BSP_OK;
        }
        if (!found || bsp_patch_lod_full(&g, &lod) != BSP_OK)
            return snprintf(why, whyn, "face %u: no grid", face), 0;
        if (t->num_vertices != g.width * g.height || t->num_indices != 6 * (g.width - 1) * (g.height - 1))
            return snprintf(why, whyn, "face %u: counts", face), 0;
        {
            const uint8_t *page;
            uint32_t bytes = 0;
            if (f.lightmap.present) bsp_face_lightmap_data(m, face, 0, &page, &bytes);
            side = bytes == 512u * 512u * 3u ? 512.0f : 128.0f;
        }
        for (k = 0; k < t->num_vertices; k++)
            if (!same_grid(&v[k], &g.verts[k], f.lightmap.present, side))
                return snprintf(why, whyn, "face %u: grid vertex %u", face, k), 0;
        for (k = 0; 3 * k < t->num_indices; k++) {
            uint32_t idx[3];
            if (bsp_patch_triangle(&g, &lod, k, idx) != BSP_OK) return snprintf(why, whyn, "patch tri"), 0;
            for (c = 0; c < 3; c++)
                if (ix[3 * k + c] != t->first_vertex + idx[c])
                    return snprintf(why, whyn, "face %u: patch triangle %u", face, k), 0;
        }
        return 1;
    }
    if (t->num_vertices != f.num_verts || t->num_indices != 3 * f.num_tris)
        return snprintf(why, whyn, "face %u: counts %u %u, face %u %u", face, t->num_vertices, t->num_indices,
                        f.num_verts, f.num_tris), 0;
    for (k = 0; k < f.num_verts; k++) {
        if (f.kind == BSP_FACE_DISPLACEMENT) {
            bsp_disp_vert d;
            if (bsp_disp_vertex(m, disp_of(&f), k, &d) != BSP_OK || !same_disp(&v[k], &d, &f))
                return snprintf(why, whyn, "face %u: displacement vertex %u", face, k), 0;
        } else {
            bsp_vertex_attr a;
            if (bsp_face_vertex_attr(m, face, k, &a) != BSP_OK || !same_vertex_attr(&v[k], &a))
                return snprintf(why, whyn, "face %u: vertex %u", face, k), 0;
        }
    }
    for (k = 0; k < f.num_tris; k++) {
        uint32_t idx[3];
        if (bsp_face_triangle(m, face, k, idx) != BSP_OK) return snprintf(why, whyn, "face %u: tri", face), 0;
        for (c = 0; c < 3; c++)
            if (ix[3 * k + c] != t->first_vertex + idx[c])
                return snprintf(why, whyn, "face %u: triangle %u", face, k), 0;
    }
    return 1;
}

/* The layout's promises. */
static int layout_holds(const bsp_map *m, const bsp_mesh *mesh, char *why, size_t whyn)
{
    uint32_t b, k, vert = 0, index = 0, listed = 0, drawn = 0;
    for (k = 0; k < mesh->num_faces; k++) drawn += mesh->faces[k].batch != BSP_MESH_NONE;
    if (drawn != mesh->num_drawn) return snprintf(why, whyn, "drawn %u, table %u", mesh->num_drawn, drawn), 0;
    for (b = 0; b < mesh->num_batches; b++) {
        const bsp_mesh_batch *x = &mesh->batches[b];
        uint32_t fv = x->first_vertex, fi = x->first_index;
        if (x->first_vertex != vert || x->first_index != index || x->first_face != listed || !x->num_faces)
            return snprintf(why, whyn, "batch %u does not follow the one before", b), 0;
        if (b) {
            const bsp_mesh_batch *p = x - 1;
            int after = p->texture != x->texture ? p->texture < x->texture
                      : p->flags != x->flags ? p->flags < x->flags : p->page < x->page;
            if (!after) return snprintf(why, whyn, "batch %u not after batch %u", b, b - 1), 0;
        }
        for (k = 0; k < x->num_faces; k++) {
            uint32_t face = mesh->batch_faces[x->first_face + k], c;
            const bsp_mesh_face *t;
            bsp_face f;
            if (face < mesh->first_face || face - mesh->first_face >= mesh->num_faces)
                return snprintf(why, whyn, "batch %u lists face %u outside the span", b, face), 0;
            t = &mesh->faces[face - mesh->first_face];
            if (k && face <= mesh->batch_faces[x->first_face + k - 1])
                return snprintf(why, whyn, "batch %u: faces not ascending", b), 0;
            if (t->batch != b || t->first_vertex != fv || t->first_index != fi || t->tool != x->tool)
                return snprintf(why, whyn, "face %u: table does not place it in batch %u", face, b), 0;
            if (bsp_get_face(m, face, &f) != BSP_OK || f.flags != x->flags || f.lightmap.page != x->page ||
                !same_name(m, f.texture, x->texture) || f.texture < x->texture)
                return snprintf(why, whyn, "face %u: not of batch %u's texture, flags, page", face, b), 0;
            for (c = 0; c < t->num_indices; c++)
                if (mesh->indices[fi + c] < fv || mesh->indices[fi + c] >= fv + t->num_vertices)
                    return snprintf(why, whyn, "face %u: an index outside its vertices", face), 0;
            fv += t->num_vertices, fi += t->num_indices;
        }
        if (fv != x->first_vertex + x->num_vertices || fi != x->first_index + x->num_indices)
            return snprintf(why, whyn, "batch %u: its faces do not fill its ranges", b), 0;
        vert = fv, index = fi, listed += x->num_faces;
    }
    if (vert != mesh->num_vertices || index != mesh->num_indices || listed != mesh->num_drawn)
        return snprintf(why, whyn, "the batches leave %u vertices, %u indices", mesh->num_vertices - vert,
                        mesh->num_indices - index), 0;
    return 1;
}

typedef struct built {
    uint8_t *mem, *scratch;
    size_t bytes, sbytes;
    bsp_mesh mesh;
    bsp_status st;
} built;

static void build(const bsp_map *m, uint32_t model, const bsp_mesh_options *o, built *B)
{
    B->sbytes = bsp_mesh_scratch_bytes(m, model);
    B->scratch = block(B->sbytes);
    B->mem = NULL;
    B->bytes = 0;
    B->st = bsp_measure_mesh(m, model, o, B->scratch, B->sbytes, &B->bytes);
    if (B->st != BSP_OK) return;
    B->mem = block(B->bytes);
    B->st = bsp_mesh_build(m, model, o, B->scratch, B->sbytes, B->mem, B->bytes, &B->mesh);
}

static void unbuild(built *B)
{
    free(B->mem);
    free(B->scratch);
}

/* Sizes exact, statuses, layout and agreement on one model. */
static void one_model(const char *name, const bsp_map *m, uint32_t model, uint32_t *faces_checked)
{
    char what[160], why[200] = "";
    bsp_mesh_options o = bsp_mesh_default_options();
    built B, C;
    bsp_mesh mesh;
    uint8_t *grid = (uint8_t *)malloc(BSP_PATCH_GRID_SCRATCH_BYTES);
    uint32_t k;
    int ok = 1;
    snprintf(what, sizeof what, "mesh %s model %u", name, model);
    build(m, model, NULL, &B);
    if (B.st != BSP_OK) {
        check_report(B.st == BSP_E_CORRUPT, what, "%s", bsp_status_name(B.st));
        unbuild(&B), free(grid);
        return;
    }
    /* one byte short: refused, nothing written */
    if (B.bytes) {
        uint8_t *short_mem = block(B.bytes - 1);
        bsp_status st = bsp_mesh_build(m, model, NULL, B.scratch, B.sbytes, short_mem, B.bytes - 1, &mesh);
        ok = st == BSP_E_ARENA_TOO_SMALL && untouched(short_mem, B.bytes - 1 + GUARD);
        free(short_mem);
        if (!ok) snprintf(why, sizeof why, "%zu bytes: %s", B.bytes - 1, bsp_status_name(st));
    }
    ok = ok && untouched(B.mem + B.bytes, GUARD);
    if (ok && B.sbytes) {
        size_t n = 0;
        bsp_status st = bsp_measure_mesh(m, model, NULL, B.scratch, B.sbytes - 1, &n);
        bsp_status st2 = bsp_mesh_build(m, model, NULL, B.scratch, B.sbytes - 1, B.mem, B.bytes, &mesh);
        ok = st == BSP_E_BAD_ARGUMENT && st2 == BSP_E_BAD_ARGUMENT && untouched(B.scratch + B.sbytes, GUARD);
        if (!ok) snprintf(why, sizeof why, "scratch one byte short: %s, %s", bsp_status_name(st), bsp_status_name(st2));
    }
    build(m, model, NULL, &C);   /* twice: the same bytes */
    if (ok && (C.st != BSP_OK || C.bytes != B.bytes || memcmp(B.mem, C.mem, B.bytes)))
        ok = 0, snprintf(why, sizeof why, "a second build differs");
    unbuild(&C);
    CHECK(ok, "mesh: measure exact (one byte short refused, nothing written past it), scratch exact, "
              "built the same twice", "%s: %s", what, why);
    if (!layout_holds(m, &B.mesh, why, sizeof why)) {
        CHECK(0, "mesh: the layout holds", "%s: %s", what, why);
    } else {
        for (k = 0; ok && k < B.mesh.num_drawn; k++)
            ok = face_agrees(m, &B.mesh, B.mesh.batch_faces[k], NULL, BSP_PATCH_SUBDIVISIONS, grid, why, sizeof why);
        *faces_checked += k;
        CHECK(ok, "mesh: the layout holds; every face's vertices and triangles are the face access's",
              "%s: %s", what, why);
    }
    /* leave_out: exactly the tool faces go */
    o.leave_out = BSP_MESH_TOOL_ALL;
    build(m, model, &o, &C);
    ok = C.st == BSP_OK && C.mesh.num_faces == B.mesh.num_faces;
    for (k = 0; ok && k < B.mesh.num_faces; k++) {
        const bsp_mesh_face *a = &B.mesh.faces[k], *b = &C.mesh.faces[k];
        ok = a->tool == b->tool && ((a->batch == BSP_MESH_NONE || a->tool) ? b->batch == BSP_MESH_NONE
                                                                         : b->batch != BSP_MESH_NONE);
    }
    for (k = 0; ok && k < C.mesh.num_batches; k++) ok = C.mesh.batches[k].tool == 0;
    CHECK(ok, "mesh: leave_out takes the tool faces out, and only them", "%s", what);
    unbuild(&C);
    unbuild(&B);
    free(grid);
}

static void statuses(const char *name, const bsp_map *m, uint32_t models)
{
    size_t sb = bsp_mesh_scratch_bytes(m, 0), bytes = 0;
    uint8_t *s = block(sb + 8), *mem;
    bsp_mesh_options o = bsp_mesh_default_options();
    bsp_mesh mesh;
    int ok;
    bsp_measure_mesh(m, 0, NULL, s, sb, &bytes);
    mem = block(bytes + 8);
    ok = bsp_measure_mesh(NULL, 0, NULL, s, sb, &bytes) == BSP_E_BAD_ARGUMENT &&
         bsp_measure_mesh(m, 0, NULL, s, sb, NULL) == BSP_E_BAD_ARGUMENT &&
         bsp_mesh_build(m, 0, NULL, s, sb, mem, bytes, NULL) == BSP_E_BAD_ARGUMENT;
    o.leave_out = 0x80;
    ok = ok && bsp_measure_mesh(m, models, &o, NULL, 0, &bytes) == BSP_E_BAD_ARGUMENT;   /* options first */
    ok = ok && bsp_measure_mesh(m, models, NULL, NULL, 0, &bytes) == BSP_E_BAD_MODEL &&
         bsp_mesh_build(m, models, NULL, NULL, 0, mem, 0, &mesh) == BSP_E_BAD_MODEL &&
         bsp_mesh_scratch_bytes(m, models) == 0 && bsp_mesh_scratch_bytes(NULL, 0) == 0;
    if (sb) {
        ok = ok && bsp_measure_mesh(m, 0, NULL, NULL, sb, &bytes) == BSP_E_BAD_ARGUMENT &&
             bsp_measure_mesh(m, 0, NULL, s + 4, sb, &bytes) == BSP_E_BAD_ARGUMENT;
    }
    bsp_measure_mesh(m, 0, NULL, s, sb, &bytes);
    ok = ok && bsp_mesh_build(m, 0, NULL, s, sb, mem + 4, bytes, &mesh) == BSP_E_BAD_ARENA;
    if (bytes) ok = ok && bsp_mesh_build(m, 0, NULL, s, sb, NULL, bytes, &mesh) == BSP_E_BAD_ARENA;
    CHECK(ok, "mesh: statuses in their order (NULLs, options, a model past the lump, the scratch, the memory)",
          "%s", name);
    free(s), free(mem);
}

/* Quake 3: the grids of a stitched set in the options; a set of another
 * map (its faces are not these) refused. */
static void with_set(const char *name, const bsp_map *m, const bsp_map *other)
{
    size_t need = 0, sb;
    uint8_t *grid = (uint8_t *)malloc(BSP_PATCH_GRID_SCRATCH_BYTES), *set = NULL;
    bsp_mesh_options o = bsp_mesh_default_options();
    bsp_status st = bsp_measure_patch_set(m, 4.0f, BSP_PATCH_STITCHED, grid, BSP_PATCH_GRID_SCRATCH_BYTES, &need);
    built B;
    char why[200] = "";
    uint32_t k, patches = 0;
    int ok = 1;
    while (st == BSP_OK || st == BSP_E_ARENA_TOO_SMALL) {
        free(set);
        set = block(need);
        if ((st = bsp_patch_set_build(m, 4.0f, BSP_PATCH_STITCHED, set, need, &need)) == BSP_OK) break;
    }
    if (st != BSP_OK || !bsp_patch_set_count(set)) {
        free(set), free(grid);
        return;
    }
    o.patch_set = set;
    build(m, 0, &o, &B);
    ok = B.st == BSP_OK;
    for (k = 0; ok && k < B.mesh.num_drawn; k++) {
        bsp_face f;
        uint32_t face = B.mesh.batch_faces[k];
        if (bsp_get_face(m, face, &f) == BSP_OK && f.kind == BSP_FACE_PATCH) patches++;
        ok = face_agrees(m, &B.mesh, face, set, 0, grid, why, sizeof why);
    }
    CHECK(ok && patches, "mesh: a stitched set's grids, as the set holds them", "%s: %u patches, %s (%s)", name,
          patches, why, bsp_status_name(B.st));
    unbuild(&B);
    if (other) {
        /* the other map's set (of no patch) for this map's patches */
        uint8_t *set2 = NULL;
        need = 0;
        st = bsp_measure_patch_set(other, 4.0f, 0, grid, BSP_PATCH_GRID_SCRATCH_BYTES, &need);
        if (st == BSP_OK) st = bsp_patch_set_build(other, 4.0f, 0, set2 = block(need), need, &need);
        o.patch_set = set2;
        sb = bsp_mesh_scratch_bytes(m, 0);
        B.scratch = block(sb);
        if (st == BSP_OK) st = bsp_measure_mesh(m, 0, &o, B.scratch, sb, &need);
        CHECK(st == BSP_E_BAD_ARGUMENT, "mesh: a set without this map's patches is bad_argument", "%s: %s", name,
              bsp_status_name(st));
        free(B.scratch), free(set2);
    }
    free(set), free(grid);
}

/* A face of `kind` in model 0 (-1: none). */
static int32_t face_of_kind(const bsp_map *m, bsp_face_kind kind)
{
    bsp_model md;
    uint32_t f;
    bsp_get_model(m, 0, &md);
    for (f = md.first_face; f < md.first_face + md.num_faces; f++) {
        bsp_face x;
        if (bsp_get_face(m, f, &x) == BSP_OK && x.kind == kind && x.num_tris) return (int32_t)f;
    }
    return -1;
}

/* Hostile input, through the loaded lumps (test code may write them). */
static void hostile(const char *name, map_file *F)
{
    bsp_map *m = &F->H.m;
    bsp_mesh_options o = bsp_mesh_default_options();
    size_t sb = bsp_mesh_scratch_bytes(m, 0), bytes = 0;
    uint8_t *s = block(sb), *mem;
    bsp_mesh mesh;
    bsp_status st;
    uint32_t size;
    int32_t f;
    if (bsp_map_family(m) == BSP_FAMILY_QUAKE3 && (f = face_of_kind(m, BSP_FACE_MESH)) >= 0) {
        /* a triangle naming a vertex past its surface's */
        uint8_t *surf = (uint8_t *)bsp_lump(m, 13, &size) + 104 * (size_t)f;
        uint8_t *ix = (uint8_t *)bsp_lump(m, 11, &size);
        int32_t first, old, bad = 1000000;
        memcpy(&first, surf + 20, 4);
        memcpy(&old, ix + 4 * (size_t)first, 4);
        memcpy(ix + 4 * (size_t)first, &bad, 4);
        st = bsp_measure_mesh(m, 0, &o, s, sb, &bytes);
        mem = block(1 << 20);
        CHECK(st == BSP_E_CORRUPT && bsp_mesh_build(m, 0, &o, s, sb, mem, 1 << 20, &mesh) == BSP_E_CORRUPT,
              "mesh hostile: a Quake 3 triangle past its vertices is corrupt (measure and build)", "%s: %s", name,
              bsp_status_name(st));
        memcpy(ix + 4 * (size_t)first, &old, 4);
        free(mem);
    }
    if (bsp_map_family(m) == BSP_FAMILY_SOURCE && bsp_lump(m, 31, &size) && size >= 2) {
        /* every vertex normal index past lump 30 */
        uint8_t *idx = (uint8_t *)bsp_lump(m, 31, &size), *copy = (uint8_t *)malloc(size);
        memcpy(copy, idx, size);
        memset(idx, 0xff, size);
        st = bsp_measure_mesh(m, 0, &o, s, sb, &bytes);
        mem = block(bytes);
        CHECK(st == BSP_OK && bsp_mesh_build(m, 0, &o, s, sb, mem, bytes, &mesh) == BSP_E_CORRUPT &&
              untouched(mem + bytes, GUARD),
              "mesh hostile: a vertex normal index past lump 30 is the build's corrupt (the measure does not read it)",
              "%s: %s", name, bsp_status_name(st));
        memcpy(idx, copy, size);
        free(copy), free(mem);
    }
    {
        /* model 0's run past the face lump: its numfaces, the record's
         * last field (quake, goldsrc, bsp2, quake2, source) or its 8th
         * (quake3) */
        bsp_family_id fam = bsp_map_family(m);
        int lump = fam == BSP_FAMILY_QUAKE3 ? 7 : fam == BSP_FAMILY_QUAKE2 ? 13 : 14;
        uint8_t *mod = (uint8_t *)bsp_lump(m, (uint32_t)lump, &size);
        bsp_counts c;
        uint32_t at, old, want = 0x7ffffff0u, rec;
        bsp_get_counts(m, &c);
        if (mod && fam != BSP_FAMILY_NIGHTFIRE && c.models) {
            rec = size / c.models;
            at = fam == BSP_FAMILY_QUAKE3 ? 28 : rec - 4;
            memcpy(&old, mod + at, 4);
            memcpy(mod + at, &want, 4);
            st = bsp_measure_mesh(m, 0, &o, NULL, 0, &bytes);
            CHECK(st == BSP_E_CORRUPT && bsp_mesh_scratch_bytes(m, 0) == 0,
                  "mesh hostile: a model run past the face lump is corrupt", "%s: %s", name, bsp_status_name(st));
            memcpy(mod + at, &old, 4);
        }
    }
    free(s);
}

int main(int argc, char **argv)
{
    map_file H, Q3;
    int a;
    const char *q3_path = NULL;
    uint32_t faces = 0, maps = 0;
    if (argc < 2) {
        fprintf(stderr, "usage: test_mesh MAP...\n");
        return 2;
    }
    for (a = 1; a < argc; a++) {
        bsp_counts c;
        uint32_t model;
        if (!load(&H, argv[a])) {
            check_skip(base_name(argv[a]), "does not load with BSP_LOAD_GEOMETRY");
            unload(&H);
            continue;
        }
        maps++;
        bsp_get_counts(&H.H.m, &c);
        for (model = 0; model < c.models && model < 64; model++) one_model(base_name(argv[a]), &H.H.m, model, &faces);
        statuses(base_name(argv[a]), &H.H.m, c.models);
        if (bsp_map_family(&H.H.m) == BSP_FAMILY_QUAKE3 && face_of_kind(&H.H.m, BSP_FACE_PATCH) < 0 && !q3_path)
            q3_path = argv[a];
        if (bsp_map_family(&H.H.m) == BSP_FAMILY_QUAKE3 && face_of_kind(&H.H.m, BSP_FACE_PATCH) >= 0) {
            /* another map's set: one of a Quake 3 map without patches,
             * which holds none of these */
            int other = q3_path && load(&Q3, q3_path);
            with_set(base_name(argv[a]), &H.H.m, other ? &Q3.H.m : NULL);
            if (q3_path) unload(&Q3);
        }
        hostile(base_name(argv[a]), &H);
        unload(&H);
    }
    CHECK(maps > 0 && faces > 0, "mesh: maps and faces checked", "%u maps, %u faces", maps, faces);
    printf("test_mesh: %u maps, %u drawn faces compared with the face access\n", maps, faces);
    return check_exit();
}
