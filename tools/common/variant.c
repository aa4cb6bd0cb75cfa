/* SPDX-License-Identifier: MIT */
/* variant.c - the tool's side of game variants a file does not announce
 * (bsp_use_variant): `--variant vindictus` or `--variant none`, and without
 * the option the rule bspsrc and LibBSP use for Vindictus, applied to files
 * the tool can read twice.
 *
 * The rule: a little-endian VBSP v20 file's game lump directory read with
 * Valve's 16-byte entries gives an id that is not four letters or digits,
 * and read with Vindictus's 20-byte entries gives only such ids.
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "tool.h"

#define GAME_LUMP 35

static int chosen = -1;   /* -1: the rule; 0: none; else a bsp_variant */

int tool_variant_args(int argc, char **argv)
{
    int i, out = 1;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--variant")) {
            if (i + 1 >= argc) return usage_error("bspkit", "option '--variant' needs a value"), -1;
            if (!strcmp(argv[i + 1], "vindictus")) chosen = BSP_VARIANT_VINDICTUS;
            else if (!strcmp(argv[i + 1], "none")) chosen = 0;
            else
                return usage_error("bspkit", "--variant takes vindictus or none, not '%s'", argv[i + 1]),
                       -1;
            i++;
        } else {
            argv[out++] = argv[i];
        }
    }
    return out;
}

/* Does the directory (count, then entries of `stride` bytes) hold only
 * ids of four letters or digits? */
static int ids_ok(const unsigned char *dir, size_t len, size_t stride)
{
    uint32_t n, i, k;
    if (len < 4) return 0;
    n = (uint32_t)dir[0] | (uint32_t)dir[1] << 8 | (uint32_t)dir[2] << 16 | (uint32_t)dir[3] << 24;
    if (n == 0 || n > (len - 4) / stride) return 0;
    for (i = 0; i < n; i++)
        for (k = 0; k < 4; k++) {
            unsigned char c = dir[4 + stride * i + k];
            if (!((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')))
                return 0;
        }
    return 1;
}

static int looks_vindictus(const bsp_header *h, const char *path)
{
    const bsp_lump_entry *e = &h->lumps[GAME_LUMP];
    unsigned char dir[4 + 20 * 64];
    size_t len = e->length < sizeof dir ? e->length : sizeof dir, got;
    struct stat st;
    FILE *f;
    if (strcmp(bsp_family_name(h), "source") || h->version != 20 || h->big_endian ||
        bsp_variant_name(h) || e->compressed || len < 4)
        return 0;
    if (stat(path, &st) || !S_ISREG(st.st_mode) || !(f = fopen(path, "rb"))) return 0;
    got = fseek(f, (long)e->offset, SEEK_SET) ? 0 : fread(dir, 1, len, f);
    fclose(f);
    return got == len && !ids_ok(dir, len, 16) && ids_ok(dir, len, 20);
}

bsp_status tool_variant_apply(bsp_header *h, const char *path)
{
    if (chosen > 0) return bsp_use_variant(h, (bsp_variant)chosen);
    if (chosen < 0 && looks_vindictus(h, path)) return bsp_use_variant(h, BSP_VARIANT_VINDICTUS);
    return BSP_OK;
}
