/* SPDX-License-Identifier: MIT */
/* status.c - stable names of bsp_status codes. */
#include "../bspkit.h"

/* By status, so that inserting a status cannot shift the others' names. */
static const char *const status_names[BSP_STATUS_COUNT] = {
    [BSP_OK] = "ok",
    [BSP_E_BAD_ARGUMENT] = "bad_argument",
    [BSP_E_IO] = "io",
    [BSP_E_TRUNCATED] = "truncated",
    [BSP_E_BAD_MAGIC] = "bad_magic",
    [BSP_E_BAD_VERSION] = "bad_version",
    [BSP_E_BAD_LUMP] = "bad_lump",
    [BSP_E_BAD_LUMP_VERSION] = "bad_lump_version",
    [BSP_E_BAD_ARENA] = "bad_arena",
    [BSP_E_ARENA_TOO_SMALL] = "arena_too_small",
    [BSP_E_LZMA_CORRUPT] = "lzma_corrupt",
    [BSP_E_LZMA_OVERLAP] = "lzma_overlap",
    [BSP_E_LZMA_PROPS] = "lzma_props",
    [BSP_E_NOT_LOADED] = "not_loaded",
    [BSP_E_BAD_QUERY] = "bad_query",
    [BSP_E_UNSUPPORTED] = "unsupported",
    [BSP_E_BAD_CLUSTER] = "bad_cluster",
    [BSP_E_BAD_FACE] = "bad_face",
    [BSP_E_NO_LIGHTMAP] = "no_lightmap",
    [BSP_E_CORRUPT] = "corrupt",
};

const char *bsp_status_name(bsp_status s)
{
    if ((unsigned)s >= (unsigned)BSP_STATUS_COUNT || !status_names[s]) return "unknown";
    return status_names[s];
}
