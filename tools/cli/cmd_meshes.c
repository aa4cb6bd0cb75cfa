/* SPDX-License-Identifier: MIT */
/* cmd_meshes.c - bspkit meshes: a model's mesh by texture (bsp_mesh_build),
 * one JSON line for the mesh, one per batch with what a reference checks:
 * its texture, page, flags, tool bits, ranges, faces and a checksum of its
 * vertices and of its indices. The checksums are FNV-1a (64 bits) over the
 * values written little-endian in the struct's field order (a NaN as
 * 0x7fc00000, whatever its payload), so they are the same on every target
 * and a reference can make them from its own values. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"

static const char meshes_usage[] =
    "usage: bspkit meshes MAP [--model N] [--subdivisions S] [--stitched] [--no-tools]\n"
    "                         [--faces] [--forward]\n"
    "  the model's vertex and index buffers by texture: a line for the mesh,\n"
    "  one per batch (texture, page, flags, tool, ranges, faces, checksums of\n"
    "  its vertices and indices); --faces adds a line per face in a batch\n";

typedef struct fnv { uint64_t h; } fnv;

static void fnv_start(fnv *f) { f->h = 0xcbf29ce484222325ull; }

static void fnv_u32(fnv *f, uint32_t v)
{
    int k;
    for (k = 0; k < 4; k++) {
        f->h ^= (v >> (8 * k)) & 0xffu;
        f->h *= 0x100000001b3ull;
    }
}

static void fnv_float(fnv *f, float x)
{
    union { float f; uint32_t u; } b;
    b.f = x;
    if ((b.u & 0x7f800000u) == 0x7f800000u && (b.u & 0x7fffffu)) b.u = 0x7fc00000u;
    fnv_u32(f, b.u);
}

static void fnv_vertex(fnv *f, const bsp_mesh_vertex *v)
{
    int k;
    for (k = 0; k < 3; k++) fnv_float(f, v->pos[k]);
    for (k = 0; k < 3; k++) fnv_float(f, v->normal[k]);
    for (k = 0; k < 2; k++) fnv_float(f, v->st[k]);
    for (k = 0; k < 2; k++) fnv_float(f, v->uv[k]);
    for (k = 0; k < 2; k++) fnv_float(f, v->lm[k]);
    fnv_float(f, v->alpha);
    fnv_u32(f, (uint32_t)v->color[0] | (uint32_t)v->color[1] << 8 | (uint32_t)v->color[2] << 16 |
                   (uint32_t)v->color[3] << 24);
    fnv_u32(f, v->present);
}

/* The sums of vertices [v0, v0 + nv) and indices [i0, i0 + ni). */
static void sums(const bsp_mesh *mesh, uint32_t v0, uint32_t nv, uint32_t i0, uint32_t ni)
{
    fnv a, b;
    uint32_t k;
    fnv_start(&a), fnv_start(&b);
    for (k = 0; k < nv; k++) fnv_vertex(&a, &mesh->vertices[v0 + k]);
    for (k = 0; k < ni; k++) fnv_u32(&b, mesh->indices[i0 + k]);
    printf(",\"vsum\":\"%016llx\",\"isum\":\"%016llx\"", (unsigned long long)a.h, (unsigned long long)b.h);
}

static void print_batch(const bsp_map *m, const bsp_mesh *mesh, uint32_t b)
{
    const bsp_mesh_batch *x = &mesh->batches[b];
    const char *name = "";
    uint32_t len = 0, k;
    printf("{\"batch\":%u,\"texture\":%d,\"name\":", (unsigned)b, (int)x->texture);
    if (x->texture >= 0 && bsp_texture_name(m, (uint32_t)x->texture, &name, &len) != BSP_OK) len = 0;
    json_string(name, len);
    printf(",\"page\":%d,\"flags\":%u,\"tool\":%u", (int)x->page, (unsigned)x->flags, (unsigned)x->tool);
    if (x->tex_size[0]) printf(",\"tex_size\":[%d,%d]", (int)x->tex_size[0], (int)x->tex_size[1]);
    else printf(",\"tex_size\":null");
    printf(",\"first_vertex\":%u,\"vertices\":%u,\"first_index\":%u,\"indices\":%u,\"faces\":[",
           (unsigned)x->first_vertex, (unsigned)x->num_vertices, (unsigned)x->first_index,
           (unsigned)x->num_indices);
    for (k = 0; k < x->num_faces; k++)
        printf(k ? ",%u" : "%u", (unsigned)mesh->batch_faces[x->first_face + k]);
    putchar(']');
    sums(mesh, x->first_vertex, x->num_vertices, x->first_index, x->num_indices);
    printf("}\n");
}

static void print_faces(const bsp_mesh *mesh)
{
    uint32_t i;
    for (i = 0; i < mesh->num_faces; i++) {
        const bsp_mesh_face *t = &mesh->faces[i];
        if (t->batch == BSP_MESH_NONE) continue;
        printf("{\"face\":%u,\"batch\":%u,\"tool\":%u,\"first_vertex\":%u,\"vertices\":%u,"
               "\"first_index\":%u,\"indices\":%u",
               (unsigned)(mesh->first_face + i), (unsigned)t->batch, (unsigned)t->tool,
               (unsigned)t->first_vertex, (unsigned)t->num_vertices, (unsigned)t->first_index,
               (unsigned)t->num_indices);
        sums(mesh, t->first_vertex, t->num_vertices, t->first_index, t->num_indices);
        printf("}\n");
    }
}

/* A stitched set for the options (the caller frees *set). */
static bsp_status stitched_set(const bsp_map *m, float sub, void **set)
{
    size_t bytes = 0;
    void *scratch = malloc(BSP_PATCH_GRID_SCRATCH_BYTES);
    bsp_status st = scratch ? bsp_measure_patch_set(m, sub, BSP_PATCH_STITCHED, scratch,
                                                    BSP_PATCH_GRID_SCRATCH_BYTES, &bytes)
                            : BSP_E_BAD_ARGUMENT;
    free(scratch);
    *set = NULL;
    while (st == BSP_OK || st == BSP_E_ARENA_TOO_SMALL) {   /* stitching may grow past the guess */
        free(*set);
        if (!(*set = tool_alloc(bytes))) return BSP_E_BAD_ARENA;
        st = bsp_patch_set_build(m, sub, BSP_PATCH_STITCHED, *set, bytes, &bytes);
        if (st == BSP_OK) break;
    }
    return st;
}

static int meshes(const bsp_map *m, uint32_t model, const bsp_mesh_options *o, int faces)
{
    size_t sbytes = bsp_mesh_scratch_bytes(m, model), bytes = 0;
    void *scratch = sbytes ? tool_alloc(sbytes) : NULL, *mem = NULL;
    bsp_mesh mesh;
    bsp_status st;
    uint32_t b, k;
    if (sbytes && !scratch) return tool_out_of_memory("the mesh's scratch", (uint32_t)sbytes);
    st = bsp_measure_mesh(m, model, o, scratch, sbytes, &bytes);
    if (st == BSP_OK && bytes && !(mem = tool_alloc(bytes))) {
        free(scratch);
        return tool_out_of_memory("the mesh", (uint32_t)bytes);
    }
    if (st == BSP_OK) st = bsp_mesh_build(m, model, o, scratch, sbytes, mem, bytes, &mesh);
    free(scratch);
    if (st != BSP_OK) {
        free(mem);
        return print_error_json(bsp_status_name(st));
    }
    printf("{\"model\":%u,\"first_face\":%u,\"faces\":%u,\"drawn\":%u,\"batches\":%u,\"vertices\":%u,"
           "\"indices\":%u,\"bytes\":%lu,\"unbatched\":[",
           (unsigned)model, (unsigned)mesh.first_face, (unsigned)mesh.num_faces, (unsigned)mesh.num_drawn,
           (unsigned)mesh.num_batches, (unsigned)mesh.num_vertices, (unsigned)mesh.num_indices,
           (unsigned long)bytes);
    for (k = b = 0; k < mesh.num_faces; k++)
        if (mesh.faces[k].batch == BSP_MESH_NONE) printf(b++ ? ",%u" : "%u", (unsigned)(mesh.first_face + k));
    printf("],\"unbatched_tool\":[");
    for (k = b = 0; k < mesh.num_faces; k++)
        if (mesh.faces[k].batch == BSP_MESH_NONE) printf(b++ ? ",%u" : "%u", (unsigned)mesh.faces[k].tool);
    printf("]}\n");
    for (b = 0; b < mesh.num_batches; b++) print_batch(m, &mesh, b);
    if (faces) print_faces(&mesh);
    free(mem);
    return 0;
}

int cmd_meshes(int argc, char **argv)
{
    const char *path = NULL;
    bsp_mesh_options o = bsp_mesh_default_options();
    uint32_t model = 0;
    int forward = 0, stitch = 0, faces = 0, i, rc;
    void *set = NULL;
    loaded L;
    for (i = 1; i < argc; i++) {
        char *end;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(meshes_usage, stdout);
            return 0;
        } else if (!strcmp(argv[i], "--model")) {
            unsigned long v;
            if (++i >= argc) return usage_error("bspkit meshes", "--model needs a number");
            v = strtoul(argv[i], &end, 10);
            if (end == argv[i] || *end || argv[i][0] == '-' || v > 0xffffffffUL)
                return usage_error("bspkit meshes", "bad model '%s'", argv[i]);
            model = (uint32_t)v;
        } else if (!strcmp(argv[i], "--subdivisions")) {
            if (++i >= argc) return usage_error("bspkit meshes", "--subdivisions needs a number");
            o.subdivisions = strtof(argv[i], &end);
            if (end == argv[i] || *end) return usage_error("bspkit meshes", "bad number '%s'", argv[i]);
        } else if (!strcmp(argv[i], "--stitched")) {
            stitch = 1;
        } else if (!strcmp(argv[i], "--no-tools")) {
            o.leave_out = BSP_MESH_TOOL_ALL;
        } else if (!strcmp(argv[i], "--faces")) {
            faces = 1;
        } else if (!strcmp(argv[i], "--forward")) {
            forward = 1;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return usage_error("bspkit meshes", "unknown option '%s'", argv[i]);
        } else if (!path) {
            path = argv[i];
        } else {
            return usage_error("bspkit meshes", "unexpected argument '%s'", argv[i]);
        }
    }
    if (!path) return usage_error("bspkit meshes", "no MAP");
    if (load_map(&L, path, BSP_LOAD_GEOMETRY, 0, forward)) return TOOL_EXIT_FAIL;
    if (stitch && bsp_map_family(&L.map) == BSP_FAMILY_QUAKE3) {
        bsp_status st = stitched_set(&L.map, o.subdivisions, &set);
        if (st != BSP_OK) {
            free(set);
            unload_map(&L);
            return print_error_json(bsp_status_name(st));
        }
        o.patch_set = set;
    }
    rc = meshes(&L.map, model, &o, faces);
    free(set);
    unload_map(&L);
    return rc;
}
