/* SPDX-License-Identifier: MIT */
/* status.c - stable names of bsp_status codes, and a sentence for people. */
#include "../bspkit.h"
#include "config.h"

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
    [BSP_E_NO_AMBIENT] = "no_ambient",
    [BSP_E_NOT_ON_FACE] = "not_on_face",
    [BSP_E_BAD_MODEL] = "bad_model",
    [BSP_E_BAD_HULL] = "bad_hull",
};

#if BSPKIT_STRINGS
/* Written for someone who sees only this line: what went wrong and, where
 * it helps, what to try. */
static const char *const status_messages[BSP_STATUS_COUNT] = {
    "The operation succeeded.",
    "A required pointer is NULL, or the stream's size differs from the size the header was read with.",
    "Reading the map failed: the stream's read function reported an error.",
    "The map ends before its header or one of its lumps does: the file is cut short.",
    "This is not a map format bspkit knows (unrecognised magic number).",
    "The map format is known but this version of it is not supported.",
    "A lump lies outside the file, overlaps the header or another lump, or is not a whole number of records.",
    "A lump has a format version whose record layout bspkit does not know.",
    "The arena is NULL or not aligned to BSP_ARENA_ALIGN bytes.",
    "The arena is smaller than the load needs; bsp_measure tells the size.",
    "A compressed lump is not valid LZMA data.",
    "A compressed lump cannot be decoded in place without overwriting its own unread input.",
    "A compressed lump uses wider LZMA settings (lc + lp) than the load options allow.",
    "The query needs a lump that the load options left out.",
    "The query is malformed: a number is missing, not finite or out of range.",
    "This kind of map has no such query.",
    "The cluster number is outside the map's clusters.",
    "The face number is outside the map's faces.",
    "The face has no lightmap for that light style slot.",
    "The map's data is inconsistent: an index out of range, a cycle in the tree, or a visibility row that ends early.",
    "The map has no ambient light data at that point (no ambient cubes or light grid, or a leaf without samples).",
    "The point does not lie over any triangle of the Quake 3 surface, so it has no luxel.",
    "The model number is outside the map's models.",
    "The map or model has no such clipping hull (a map compiled without clipnodes has only hull 0)."
};
#endif

const char *bsp_status_name(bsp_status s)
{
    if ((unsigned)s >= (unsigned)BSP_STATUS_COUNT || !status_names[s]) return "unknown";
    return status_names[s];
}

const char *bsp_status_message(bsp_status s)
{
#if BSPKIT_STRINGS
    if ((unsigned)s >= (unsigned)BSP_STATUS_COUNT) return "Unknown status code.";
    return status_messages[s];
#else
    return bsp_status_name(s);   /* a build without text (BSPKIT_STRINGS=0) */
#endif
}
