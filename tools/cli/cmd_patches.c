/* SPDX-License-Identifier: MIT */
/* cmd_patches.c - bspkit patches: every Quake 3 patch's grid as id's
 * renderer builds it (docs/queries.md 11.9, 11.10), one JSON object per
 * patch face, isolated or stitched. Floats print as %.9g (null when not
 * finite) or, with --hex, as their 8 hex digits (NaNs keep their bits). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"

static const char patches_usage[] =
    "usage: bspkit patches MAP [--subdivisions S] [--stitched] [--hex] [--forward]\n"
    "  one line per Quake 3 patch face: its grid as id's renderer builds it at\n"
    "  subdivision error S (default 4), stitched with its neighbours if asked\n";

static int hex_floats;

static void num(float v)
{
    union { float f; uint32_t u; } b;
    b.f = v;
    if (hex_floats) printf("\"%08lx\"", (unsigned long)b.u);
    else if (isfinite(v)) printf("%.9g", (double)v);
    else printf("null");
}

static void floats(const char *key, const float *v, uint32_t n, uint32_t stride, uint32_t count)
{
    uint32_t i, k;
    printf(",\"%s\":[", key);
    for (i = 0; i < count; i++)
        for (k = 0; k < n; k++) {
            if (i || k) putchar(',');
            num(v[(size_t)i * stride + k]);
        }
    putchar(']');
}

static void print_grid(const bsp_patch_grid *g)
{
    uint32_t n = g->width * g->height, i, k;
    const float *base = (const float *)(const void *)g->verts;
    const uint32_t stride = sizeof(bsp_grid_vertex) / sizeof(float);
    printf("{\"face\":%u,\"w\":%u,\"h\":%u", (unsigned)g->face, (unsigned)g->width,
           (unsigned)g->height);
    floats("lod_origin", g->lod_origin, 3, 3, 1);
    printf(",\"lod_radius\":");
    num(g->lod_radius);
    floats("w_err", g->width_lod_error, 1, 1, g->width);
    floats("h_err", g->height_lod_error, 1, 1, g->height);
    floats("xyz", base, 3, stride, n);
    floats("st", base + 3, 2, stride, n);
    floats("lm", base + 5, 2, stride, n);
    floats("normal", base + 7, 3, stride, n);
    printf(",\"color\":[");
    for (i = 0; i < n; i++)
        for (k = 0; k < 4; k++) printf(i || k ? ",%u" : "%u", (unsigned)g->verts[i].color[k]);
    printf("]}\n");
}

static int isolated(const bsp_map *m, float sub)
{
    bsp_counts c;
    uint32_t f;
    void *scratch = malloc(BSP_PATCH_GRID_SCRATCH_BYTES);
    if (!scratch || bsp_get_counts(m, &c) != BSP_OK) {
        free(scratch);
        return print_error_json("unsupported");
    }
    for (f = 0; f < c.faces; f++) {
        bsp_patch_grid g;
        bsp_status st = bsp_patch_grid_build(m, f, sub, scratch, BSP_PATCH_GRID_SCRATCH_BYTES, &g);
        if (st == BSP_E_UNSUPPORTED) continue;
        if (st != BSP_OK) printf("{\"face\":%u,\"error\":\"%s\"}\n", (unsigned)f, bsp_status_name(st));
        else print_grid(&g);
    }
    free(scratch);
    return 0;
}

static int stitched(const bsp_map *m, float sub)
{
    bsp_status st;
    void *mem = tool_patch_set(m, sub, &st);
    uint32_t k;
    if (!mem) return print_error_json(bsp_status_name(st));
    for (k = 0; k < bsp_patch_set_count(mem); k++) {
        bsp_patch_grid g;
        if (bsp_patch_set_grid(mem, k, &g) == BSP_OK) print_grid(&g);
    }
    free(mem);
    return 0;
}

int cmd_patches(int argc, char **argv)
{
    const char *path = NULL;
    float sub = BSP_PATCH_SUBDIVISIONS;
    int forward = 0, stitch = 0, i, rc;
    loaded L;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(patches_usage, stdout);
            return 0;
        } else if (!strcmp(argv[i], "--subdivisions")) {
            char *end;
            if (++i >= argc) return usage_error("bspkit patches", "--subdivisions needs a number");
            sub = strtof(argv[i], &end);
            if (end == argv[i] || *end) return usage_error("bspkit patches", "bad number '%s'", argv[i]);
        } else if (!strcmp(argv[i], "--stitched")) {
            stitch = 1;
        } else if (!strcmp(argv[i], "--hex")) {
            hex_floats = 1;
        } else if (!strcmp(argv[i], "--forward")) {
            forward = 1;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return usage_error("bspkit patches", "unknown option '%s'", argv[i]);
        } else if (!path) {
            path = argv[i];
        } else {
            return usage_error("bspkit patches", "unexpected argument '%s'", argv[i]);
        }
    }
    if (!path) return usage_error("bspkit patches", "no MAP");
    if (load_map(&L, path, BSP_LOAD_GEOMETRY, 0, forward)) return TOOL_EXIT_FAIL;
    if (bsp_map_family(&L.map) != BSP_FAMILY_QUAKE3) {   /* docs/tool.md "No such data" */
        rc = tool_unsupported(path, bsp_family_name(&L.header), "curved surfaces (patches)");
        unload_map(&L);
        return rc;
    }
    rc = stitch ? stitched(&L.map, sub) : isolated(&L.map, sub);
    unload_map(&L);
    return rc;
}
