/* SPDX-License-Identifier: MIT */
/* status.c - stable names of bsp_status codes, and a sentence for people. */
#include "../bspkit.h"
#include <stddef.h>
#include "config.h"

/* The names in status order (a compile error if one is missing), kept in
 * one block of characters with an offset each: a pointer per name would
 * cost 4 or 8 bytes, an offset 2 (the names passed 256 bytes with the
 * 25th). */
/* S(name, in, from): a name that is the end of another's ("corrupt" of
 * "lzma_corrupt"), kept once. */
#define STATUS_NAMES(X, S) X(ok) X(bad_argument) X(io) X(truncated) X(bad_magic) X(bad_version) \
    X(bad_lump) X(bad_lump_version) X(bad_arena) X(arena_too_small) X(lzma_corrupt) \
    X(lzma_overlap) X(lzma_props) X(not_loaded) X(bad_query) X(unsupported) X(bad_cluster) \
    X(bad_face) X(no_lightmap) S(corrupt, lzma_corrupt, 5) X(no_ambient) X(not_on_face) \
    X(bad_model) X(bad_hull) X(patches_not_measured) X(end) X(bad_leaf) X(bad_disp) \
    X(bad_texture)
#define STATUS_NONE(name, in, from)
#define STATUS_CHARS(name) char name[sizeof #name];
#define STATUS_TEXT(name) #name,
#define STATUS_AT(name) (uint16_t)offsetof(struct status_chars, name),
#define STATUS_AT_END(name, in, from) (uint16_t)(offsetof(struct status_chars, in) + (from)),
#define STATUS_ONE(name) + 1
#define STATUS_ONE_END(name, in, from) + 1
/* "unknown" (a status out of range) first, at offset 0 */
struct status_chars { char unknown[sizeof "unknown"]; STATUS_NAMES(STATUS_CHARS, STATUS_NONE) };
/* one object: no padding between the characters and the offsets */
static const struct {
    struct status_chars chars;
    uint16_t at[BSP_STATUS_COUNT];
} status_table = { { "unknown", STATUS_NAMES(STATUS_TEXT, STATUS_NONE) },
                   { STATUS_NAMES(STATUS_AT, STATUS_AT_END) } };
typedef char bsp__status_names_all[(0 STATUS_NAMES(STATUS_ONE, STATUS_ONE_END)) == BSP_STATUS_COUNT ? 1 : -1];
typedef char bsp__status_names_fit[offsetof(struct status_chars, end) < 65536 ? 1 : -1];

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
    "The map or model has no such clipping hull (a map compiled without clipnodes has only hull 0).",
    "A Quake 3 map loaded with collision needs bsp_measure_patches called on its header after bsp_open and before bsp_measure.",
    "The iteration has no more items (not an error: the end of the loop).",
    "The leaf number is outside the map's leaves.",
    "A displacement number is outside the map's displacements.",
    "The texture number is outside the map's texture table."
};
#endif

const char *bsp_status_name(bsp_status s)
{
    /* (an offset into the whole block, not into its first name) */
    return (const char *)&status_table +
           ((unsigned)s < (unsigned)BSP_STATUS_COUNT ? status_table.at[s] : 0);
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
