/* SPDX-License-Identifier: MIT */
/* status.c - stable names of bsp_status codes. */
#include "../bspkit.h"

static const char *const status_names[BSP_STATUS_COUNT] = {
    "ok", "bad_argument", "io", "truncated", "bad_magic", "bad_version",
    "bad_lump", "bad_lump_version", "bad_arena", "arena_too_small",
    "lzma_corrupt", "lzma_overlap", "lzma_props", "not_loaded", "bad_query", "unsupported",
    "bad_cluster", "bad_face", "no_lightmap", "corrupt",
    "no_ambient", "not_on_face"
};

const char *bsp_status_name(bsp_status s)
{
    if ((unsigned)s >= (unsigned)BSP_STATUS_COUNT) return "unknown";
    return status_names[s];
}
