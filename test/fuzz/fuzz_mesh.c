/* SPDX-License-Identifier: MIT */
/* fuzz_mesh.c - meshes by texture (bsp_measure_mesh, bsp_mesh_build) on
 * arbitrary bytes taken as a map: every model (up to 16), with the
 * defaults, with the tool faces left out, at a subdivision value the
 * input's last byte picks (Quake 3 patches: 0.25 to 64, NaN), and with an
 * isolated patch set in the options.
 *
 * Each answer must be a documented status; a measured size must build
 * (or answer the build's own corrupt) in exactly that many bytes with the
 * memory's guards intact, and one byte less must be arena_too_small
 * without a byte written; the scratch one byte short is bad_argument;
 * the mesh must hold together: batches tiling the buffers, every index
 * inside its face's vertices, every listed face inside the span. A
 * hostile grouping (every face its own texture, names that compare
 * equal) must end within the fuzzer's timeout: the sorts are n log n.
 *
 * Seeds: the `load` target's and test/craft/craft_mesh.py's maps. */
#include "fuzz.h"
#include "core/map.h"
#include "../../platform/memory/bsp_memstream.h"

#define MESH_ARENA_CAP (64u << 20)
#define MESH_CAP (32u << 20)

static int mesh_status_ok(bsp_status st)
{
    return st == BSP_OK || st == BSP_E_NOT_LOADED || st == BSP_E_BAD_MODEL || st == BSP_E_CORRUPT ||
           st == BSP_E_UNSUPPORTED || st == BSP_E_BAD_ARGUMENT || st == BSP_E_BAD_FACE;
}

static void holds(const bsp_mesh *mesh)
{
    uint32_t b, k, c, vert = 0, index = 0;
    FUZZ_ASSERT(mesh->num_batches <= mesh->num_drawn && mesh->num_drawn <= mesh->num_faces);
    for (b = 0; b < mesh->num_batches; b++) {
        const bsp_mesh_batch *x = &mesh->batches[b];
        uint32_t fv = x->first_vertex, fi = x->first_index;
        FUZZ_ASSERT(x->first_vertex == vert && x->first_index == index && x->num_faces > 0);
        for (k = 0; k < x->num_faces; k++) {
            uint32_t face = mesh->batch_faces[x->first_face + k];
            const bsp_mesh_face *t;
            FUZZ_ASSERT(face >= mesh->first_face && face - mesh->first_face < mesh->num_faces);
            t = &mesh->faces[face - mesh->first_face];
            FUZZ_ASSERT(t->batch == b && t->first_vertex == fv && t->first_index == fi);
            FUZZ_ASSERT(t->num_indices % 3 == 0);
            for (c = 0; c < t->num_indices; c++)
                FUZZ_ASSERT(mesh->indices[fi + c] >= fv && mesh->indices[fi + c] - fv < t->num_vertices);
            fv += t->num_vertices, fi += t->num_indices;
        }
        FUZZ_ASSERT(fv == x->first_vertex + x->num_vertices && fi == x->first_index + x->num_indices);
        vert = fv, index = fi;
    }
    FUZZ_ASSERT(vert == mesh->num_vertices && index == mesh->num_indices);
}

static void one(const bsp_map *m, uint32_t model, const bsp_mesh_options *o)
{
    size_t sb = bsp_mesh_scratch_bytes(m, model), bytes = 0;
    fuzz_block s, mem, less;
    bsp_mesh mesh;
    bsp_status st;
    if (sb > MESH_ARENA_CAP || fuzz_block_alloc(&s, sb ? sb : 1)) return;
    st = bsp_measure_mesh(m, model, o, s.p, sb, &bytes);
    FUZZ_ASSERT(mesh_status_ok(st));
    if (st == BSP_OK && sb) FUZZ_ASSERT(bsp_measure_mesh(m, model, o, s.p, sb - 1, &bytes) == BSP_E_BAD_ARGUMENT);
    if (st == BSP_OK) st = bsp_measure_mesh(m, model, o, s.p, sb, &bytes);
    if (st == BSP_OK && bytes <= MESH_CAP && !fuzz_block_alloc(&mem, bytes ? bytes : 1)) {
        st = bsp_mesh_build(m, model, o, s.p, sb, mem.p, bytes, &mesh);
        FUZZ_ASSERT(st == BSP_OK || st == BSP_E_CORRUPT);   /* (corrupt: a vertex normal index) */
        FUZZ_ASSERT(fuzz_block_guards_ok(&mem));
        if (st == BSP_OK) holds(&mesh);
        if (bytes && !fuzz_block_alloc(&less, bytes - 1)) {
            size_t k;
            memset(less.p, 0x5a, bytes - 1);
            FUZZ_ASSERT(bsp_mesh_build(m, model, o, s.p, sb, less.p, bytes - 1, &mesh) == BSP_E_ARENA_TOO_SMALL);
            FUZZ_ASSERT(fuzz_block_guards_ok(&less));
            for (k = 0; k + 1 < bytes; k++) FUZZ_ASSERT(less.p[k] == 0x5a);   /* nothing written */
            fuzz_block_free(&less);
        }
        fuzz_block_free(&mem);
    }
    FUZZ_ASSERT(fuzz_block_guards_ok(&s));
    fuzz_block_free(&s);
}

static void meshes(const bsp_map *m, uint8_t pick)
{
    static const float sub[] = { 4.0f, 0.25f, 1.0f, 2.0f, 8.0f, 64.0f };
    bsp_mesh_options o = bsp_mesh_default_options();
    bsp_counts c;
    uint32_t model, n;
    size_t need = 0;
    void *grid, *set = NULL;
    if (bsp_get_counts(m, &c) != BSP_OK) return;
    n = c.models < 16 ? c.models : 16;
    for (model = 0; model <= n; model++) one(m, model == n ? c.models : model, &o);   /* and one past */
    o.leave_out = BSP_MESH_TOOL_ALL;
    one(m, 0, &o);
    o.leave_out = 0;
    {
        union { uint32_t u; float f; } nan;
        nan.u = 0x7fc00000u;
        o.subdivisions = pick % 7 == 6 ? nan.f : sub[pick % 7];
    }
    if (bsp_map_family(m) != BSP_FAMILY_QUAKE3) return;
    one(m, 0, &o);
    if (!(grid = malloc(BSP_PATCH_GRID_SCRATCH_BYTES))) return;
    if (bsp_measure_patch_set(m, o.subdivisions, 0, grid, BSP_PATCH_GRID_SCRATCH_BYTES, &need) == BSP_OK &&
        need <= MESH_CAP && (set = malloc(need ? need : 8)) != NULL &&
        bsp_patch_set_build(m, o.subdivisions, 0, set, need, &need) == BSP_OK) {
        o.patch_set = set;
        one(m, 0, &o);
    }
    free(set);
    free(grid);
}

FUZZ_ENTRY(mesh)
{
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    bsp_options o = bsp_default_options(BSP_LOAD_GEOMETRY);
    uint32_t need = 0;
    fuzz_block b;
    if (size > 0xffffffffu || size < 1) return 0;
    bsp_memstream_init(&ms, &s, data, (uint32_t)size);
    if (bsp_open(&h, &s) != BSP_OK) return 0;
    if (bsp_measure(&h, &o, &need) != BSP_OK || need > MESH_ARENA_CAP) return 0;
    if (fuzz_block_alloc(&b, need ? need : 1)) return 0;
    if (bsp_load(&m, &h, &s, b.p, need, &o, NULL) == BSP_OK) meshes(&m, data[size - 1]);
    FUZZ_ASSERT(fuzz_block_guards_ok(&b));
    fuzz_block_free(&b);
    return 0;
}
