/* SPDX-License-Identifier: MIT */
/* cmd_srclumps.c - bspkit cubemaps and bspkit lights: a Source map's
 * cubemaps (lump 42) with their textures' pakfile paths, and its world
 * lights (lump 15, or 54 with --hdr), one JSON object per record in lump
 * order (docs/access.md "Cubemaps and world lights"). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/tool.h"

static void fnum(const char *key, float v)
{
    printf(",\"%s\":", key);
    json_num((double)v);
}

/* Loads every lump (42, 15 and 54 are outside the named sets) of a Source
 * map; prints the error and returns the exit status otherwise (other
 * families have no `what`: docs/tool.md "No such data"). */
static int load_source(loaded *L, const char *path, int forward, const char *what)
{
    int rc;
    if (load_map(L, path, BSP_LOAD_ALL, 0, forward)) return TOOL_EXIT_FAIL;
    if (bsp_map_family(&L->map) != BSP_FAMILY_SOURCE) {
        rc = tool_unsupported(path, bsp_family_name(&L->header), what);
        unload_map(L);
        return rc;
    }
    return TOOL_EXIT_OK;
}

static int fail(loaded *L, const char *path, bsp_status st)
{
    fprintf(stderr, "bspkit: %s: %s\n", path, bsp_status_message(st));
    unload_map(L);
    return print_error_json(bsp_status_name(st));
}

static const char cubemaps_usage[] =
    "usage: bspkit cubemaps MAP [--map-name NAME] [--forward]\n"
    "  one JSON line per cubemap of a Source map (lump 42): origin, size, and\n"
    "  the pakfile paths of its LDR and HDR textures as vbsp names them\n"
    "  (materials/maps/NAME/cX_Y_Z.vtf, .hdr.vtf; NAME: the map's file name\n"
    "  unless --map-name gives it) and whether the map's pakfile holds them\n"
    "  (in_pak, in_pak_hdr: true, false, or null when the pakfile cannot be\n"
    "  read)\n";

int cmd_cubemaps(int argc, char **argv)
{
    const char *path = NULL, *name = NULL;
    int forward = 0, i;
    loaded L;
    uint32_t n, k;
    bsp_status st, pak_st;
    bsp_pak pak;
    bsp_pak_index index;
    void *index_mem = NULL;
    int indexed = 0;
    int rc;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(cubemaps_usage, stdout);
            return 0;
        } else if (!strcmp(argv[i], "--map-name")) {
            if (++i >= argc) return usage_error("bspkit cubemaps", "--map-name needs a NAME");
            name = argv[i];
        } else if (!strcmp(argv[i], "--forward")) {
            forward = 1;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return usage_error("bspkit cubemaps", "unknown option '%s'", argv[i]);
        } else if (!path) {
            path = argv[i];
        } else {
            return usage_error("bspkit cubemaps", "unexpected argument '%s'", argv[i]);
        }
    }
    if (!path) return usage_error("bspkit cubemaps", "no MAP");
    if (!name) name = path;   /* the library strips the folders and ".bsp" */
    if ((rc = load_source(&L, path, forward, "cubemaps")) != 0) return rc;
    st = bsp_cubemap_count(&L.map, &L.header, &n);
    if (st != BSP_OK) return fail(&L, path, st);
    /* no pakfile: nothing is in it; one that does not open: unknown */
    pak_st = bsp_pak_open_map(&L.map, &pak);
    /* every cubemap looked up: sort the directory once (issue 42); no
     * memory for it: the directory walked for each */
    if (pak_st == BSP_OK && (index_mem = malloc(BSP_PAK_INDEX_BYTES(pak.count) + 4)) != NULL)
        indexed = bsp_pak_index_build(&index, &pak, index_mem, BSP_PAK_INDEX_BYTES(pak.count) + 4) == BSP_OK;
    for (k = 0; k < n; k++) {
        bsp_cubemap c;
        char tex[2][128];
        uint32_t len[2];
        int h;
        st = bsp_cubemap_get(&L.map, k, &c);
        for (h = 0; h < 2 && st == BSP_OK; h++)
            st = bsp_cubemap_texture_name(&c, name, h, tex[h], sizeof tex[h], &len[h]);
        if (st != BSP_OK) {
            free(index_mem);
            return fail(&L, path, st);
        }
        printf("{\"cubemap\":%u,\"origin\":[%d,%d,%d],\"size\":%d,\"texture\":", (unsigned)k,
               (int)c.origin[0], (int)c.origin[1], (int)c.origin[2], (int)c.size);
        json_string(tex[0], len[0]);
        printf(",\"texture_hdr\":");
        json_string(tex[1], len[1]);
        for (h = 0; h < 2; h++) {
            bsp_pak_entry e;
            bsp_status found = pak_st != BSP_OK ? pak_st
                             : indexed ? bsp_cubemap_texture_find_indexed(&index, &c, name, h, &e)
                                       : bsp_cubemap_texture_find(&pak, &c, name, h, &e);
            printf(",\"%s\":%s", h ? "in_pak_hdr" : "in_pak",
                   found == BSP_OK ? "true" : found == BSP_E_BAD_QUERY || found == BSP_E_NOT_LOADED ? "false" : "null");
        }
        printf("}\n");
    }
    free(index_mem);
    unload_map(&L);
    return 0;
}

static void print_light(const bsp_world_lights *w, uint32_t i)
{
    bsp_world_light l;
    bsp_status st = bsp_world_light_get(w, i, &l);
    if (st != BSP_OK) {
        printf("{\"light\":%u,\"error\":\"%s\"}\n", (unsigned)i, bsp_status_name(st));
        return;
    }
    printf("{\"light\":%u,\"lump\":%u,\"version\":%u", (unsigned)i, (unsigned)w->lump,
           (unsigned)w->version);
    json_vec("origin", l.origin, 3);
    json_vec("intensity", l.intensity, 3);
    json_vec("normal", l.normal, 3);
    if (l.fields & BSP_WL_SHADOW_CAST_OFFSET) json_vec("shadow_cast_offset", l.shadow_cast_offset, 3);
    printf(",\"cluster\":%d,\"type\":%u,\"style\":%d", (int)l.cluster, (unsigned)l.type,
           (int)l.style);
    fnum("stopdot", l.stopdot);
    fnum("stopdot2", l.stopdot2);
    fnum("exponent", l.exponent);
    fnum("radius", l.radius);
    fnum("constant_attn", l.constant_attn);
    fnum("linear_attn", l.linear_attn);
    fnum("quadratic_attn", l.quadratic_attn);
    printf(",\"flags\":%u,\"texinfo\":%d,\"owner\":%d}\n", (unsigned)l.flags, (int)l.texinfo,
           (int)l.owner);
}

int cmd_lights(const char *path, int hdr, int forward)
{
    loaded L;
    bsp_world_lights w;
    uint32_t i;
    bsp_status st;
    int rc;
    if ((rc = load_source(&L, path, forward, "world lights")) != 0) return rc;
    st = bsp_world_lights_open(&L.map, &L.header, hdr, &w);
    if (st != BSP_OK) return fail(&L, path, st);
    for (i = 0; i < w.count; i++) print_light(&w, i);
    unload_map(&L);
    return 0;
}
