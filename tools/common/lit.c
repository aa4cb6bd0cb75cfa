/* SPDX-License-Identifier: MIT */
/* lit.c - the tool's side of a map's `.lit` (docs/queries.md 10.6): the
 * file beside the map as engines find it (maps/start.bsp ->
 * maps/start.lit) for quake and bsp2, `--lit FILE` for another, `--no-lit`
 * for none; handed to the library as options.lit, and one line on
 * standard error when the library ignores it. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "tool.h"

static const char *named;   /* --lit FILE */
static int none;            /* --no-lit */

int tool_lit_args(int argc, char **argv)
{
    int i, out = 1;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--lit")) {
            if (i + 1 >= argc) return usage_error("bspkit", "option '--lit' needs a file"), -1;
            named = argv[++i];
        } else if (!strcmp(argv[i], "--no-lit")) {
            none = 1;
        } else {
            argv[out++] = argv[i];
        }
    }
    return out;
}

/* The .lit beside `path`: its last extension replaced (or .lit added). */
static int beside(const char *path, char *out, size_t n)
{
    const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');
    size_t stem = dot && (!slash || dot > slash) ? (size_t)(dot - path) : strlen(path);
    if (stem + 5 > n) return 0;
    memcpy(out, path, stem);
    memcpy(out + stem, ".lit", 5);
    return 1;
}

int tool_lit_open(tool_lit *t, const bsp_header *h, const char *map_path, int forward)
{
    struct stat sb;
    const char *fam = bsp_family_name(h);
    const char *path = named;
    memset(t, 0, sizeof *t);
    if (none) return 0;
    if (!path) {
        /* engines look for one beside quake and bsp2 maps only */
        if (strcmp(fam, "quake") && strcmp(fam, "bsp2")) return 0;
        if (!strcmp(map_path, "-") || !beside(map_path, t->path, sizeof t->path)) return 0;
        if (stat(t->path, &sb) != 0 || !S_ISREG(sb.st_mode)) return 0;
        path = t->path;
    } else {
        snprintf(t->path, sizeof t->path, "%s", path);
    }
    if (bsp_file_open(&t->file, &t->stream, path, forward)) {
        fprintf(stderr, "bspkit: cannot open the .lit %s: ignored\n", path);
        return 0;
    }
    t->open = 1;
    return 1;
}

void tool_lit_close(tool_lit *t, const bsp_map *m, int loaded_ok)
{
    bsp_map_info info;
    static const char *const why[BSP_LIT_CHECK_COUNT] = {
        NULL, "the family reads no .lit (only quake and bsp2)",
        "the load leaves the lighting out", "its size is not known",
        "its size is not 8 + 3 or 8 + 4 bytes per byte of the lighting lump",
        "it does not start with QLIT", "its version is not 1 (or 0x00010001 with 4 bytes a luxel)",
        NULL
    };
    if (!t->open) return;
    bsp_file_close(&t->file);
    t->open = 0;
    if (loaded_ok && bsp_get_info(m, &info) == BSP_OK && info.lit < BSP_LIT_CHECK_COUNT && why[info.lit])
        fprintf(stderr, "bspkit: %s ignored: %s\n", t->path, why[info.lit]);
}
