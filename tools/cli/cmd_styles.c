/* SPDX-License-Identifier: MIT */
/* cmd_styles.c - bspkit styles: every face's lightmap with its style slots
 * combined as the engine combines them (docs/queries.md 11.6, 11.10), for
 * style values from a file or the normal ones (264 each for quake, bsp2,
 * goldsrc; 1.0 for quake2), one line per face: its size, styles, format
 * and the sha256 of bsp_face_combine's bytes. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/json_read.h"
#include "../common/sha256.h"
#include "commands.h"
#include "light_args.h"

static const char styles_usage[] =
    "usage: bspkit styles MAP [--values FILE] [--hdr] [--lit FILE | --no-lit] [--forward]\n"
    "  one line per face: its lightmap combined for the style values (FILE: a\n"
    "  JSON list of 256 numbers; default 264 each for quake, bsp2, goldsrc,\n"
    "  1.0 for quake2), {\"face\",\"w\",\"h\",\"styles\",\"format\",\"sha256\"}, or\n"
    "  {\"face\",\"error\"}\n";

/* The values file: 256 numbers, whole and unsigned 32-bit ones for the
 * integer rule. 0, or the exit status after saying what is wrong. */
static int read_values(const char *path, uint32_t *ints, float *floats, uint32_t *whole)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL, err[96];
    long n;
    json_value v;
    size_t k;
    int rc = TOOL_EXIT_USAGE;
    if (!f) return report_io_error("bspkit styles", "cannot open", path, errno);
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (text = tool_alloc((size_t)n)) != NULL && fread(text, 1, (size_t)n, f) == (size_t)n) {
        if (json_parse(text, (size_t)n, &v, err, sizeof err)) {
            usage_error("bspkit styles", "%s: not JSON: %s", path, err);
        } else if (v.type != JSON_ARRAY || v.count != 256) {
            usage_error("bspkit styles", "%s: not a list of 256 numbers", path);
        } else {
            double d;
            *whole = 1;
            for (k = 0; k < 256 && v.items[k].type == JSON_NUMBER; k++) {
                if (json_whole(&v.items[k], 0, 4294967295.0, &d)) ints[k] = (uint32_t)d;
                else *whole = 0;
                floats[k] = (float)v.items[k].number;
            }
            if (k < 256) usage_error("bspkit styles", "%s: entry %u is not a number", path, (unsigned)k);
            else rc = 0;
        }
        json_free(&v);
    } else {
        rc = report_io_error("bspkit styles", "cannot read", path, errno);
    }
    free(text);
    fclose(f);
    return rc;
}

int cmd_styles(int argc, char **argv)
{
    const char *values_path = NULL;
    const light_opt opts[] = { { "--values", &values_path, NULL } };
    static uint32_t ints[256];
    static float floats[256];
    uint32_t whole = 1, k, f;
    light_args a;
    bsp_style_values v;
    bsp_map_info info;
    bsp_counts c;
    bsp_combine_info ci;
    uint8_t *buf = NULL;
    size_t cap = 0;
    loaded L;
    int rc = light_args_parse("bspkit styles", styles_usage, argc, argv, 0, opts, 1, &a);
    if (rc >= 0) return rc;
    for (k = 0; k < 256; k++) ints[k] = 264, floats[k] = 1.0f;
    if (values_path && (rc = read_values(values_path, ints, floats, &whole)) != 0) return rc;
    if (load_map(&L, a.path, BSP_LOAD_GEOMETRY, a.hdr, a.forward)) return TOOL_EXIT_FAIL;
    bsp_get_info(&L.map, &info);
    /* the family's engine has no public rule: docs/tool.md "No such data"
     * (an E5BGR9 light source answers per face instead) */
    if (bsp_measure_combine(&L.map, 0, &ci) == BSP_E_UNSUPPORTED && !info.light_hdr) {
        rc = tool_unsupported(a.path, bsp_family_name(&L.header), "light style rule (its engine's is not public)");
        unload_map(&L);
        return rc;
    }
    v.ints = ints;
    v.floats = floats;
    v.count = 256;
    bsp_get_counts(&L.map, &c);
    for (f = 0; f < c.faces; f++) {
        char hex[65];
        bsp_status st = bsp_measure_combine(&L.map, f, &ci);
        if (st == BSP_OK && !whole && ci.channels != 4) {   /* the integer rule */
            unload_map(&L);
            free(buf);
            return usage_error("bspkit styles", "%s: the integer rule takes whole numbers from 0 to 4294967295",
                               values_path);
        }
        if (st == BSP_OK && ci.bytes > cap) {
            free(buf);
            if (!(buf = tool_alloc(cap = ci.bytes))) {
                unload_map(&L);
                return tool_out_of_memory("a combined lightmap", ci.bytes);
            }
        }
        if (st == BSP_OK) st = bsp_face_combine(&L.map, f, &v, buf, ci.bytes);
        if (st != BSP_OK) {
            printf("{\"face\":%u,\"error\":\"%s\"}\n", (unsigned)f, bsp_status_name(st));
            continue;
        }
        sha256_hex(buf, ci.bytes, hex);
        printf("{\"face\":%u,\"w\":%u,\"h\":%u,\"styles\":[", (unsigned)f, (unsigned)ci.w, (unsigned)ci.h);
        for (k = 0; k < ci.num_slots; k++) printf(k ? ",%u" : "%u", (unsigned)ci.styles[k]);
        printf("],\"format\":\"%s\",\"sha256\":\"%s\"}\n",
               ci.channels == 1 ? "grey" : ci.channels == 3 ? "rgb" : "rgba", hex);
    }
    free(buf);
    unload_map(&L);
    return TOOL_EXIT_OK;
}
