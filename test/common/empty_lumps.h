/* SPDX-License-Identifier: MIT */
/* empty_lumps.h - a copy of a generated map whose header stores some lumps
 * empty (offset 0, length 0), as a map compiled without that data is
 * stored: for the tests of bspkit.h's rule that a lump the file stores
 * empty is "none", whatever the load set, and NOT_LOADED only a lump the
 * load left out (test_api34, test_absent).
 *
 * Which lumps (the formats' numbers): Source (VBSP, little-endian; PSBV,
 * the consoles' big-endian twin): entities 0, LDR world lights 15, areas
 * 20, area portals 21, game lump 35, pakfile 40, cubemaps 42, HDR world
 * lights 54; Quake 2 (IBSP 38): entities 0, areas 17, area portals 18.
 * Other families: none (the copy is not made). */
#ifndef BSP_TEST_EMPTY_LUMPS_H
#define BSP_TEST_EMPTY_LUMPS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { EMPTY_NONE, EMPTY_SOURCE, EMPTY_QUAKE2 };

/* The family of the file by its first bytes, as the formats define them
 * (the byte order does not matter: only zeros are written). */
static __attribute__((unused)) int empty_kind(const uint8_t *d, uint32_t size)
{
    if (size < 8) return EMPTY_NONE;
    if (!memcmp(d, "VBSP", 4) || !memcmp(d, "PSBV", 4)) return EMPTY_SOURCE;
    if (!memcmp(d, "IBSP", 4) && d[4] == 38 && !d[5] && !d[6] && !d[7]) return EMPTY_QUAKE2;
    return EMPTY_NONE;
}

/* Does the copy empty lump `lump`? */
static __attribute__((unused)) int empty_has(int kind, uint32_t lump)
{
    static const uint32_t source[] = { 0, 15, 20, 21, 35, 40, 42, 54 }, quake2[] = { 0, 17, 18 };
    const uint32_t *l = kind == EMPTY_SOURCE ? source : quake2;
    uint32_t n = kind == EMPTY_SOURCE ? 8 : kind == EMPTY_QUAKE2 ? 3 : 0, k;
    for (k = 0; k < n; k++)
        if (l[k] == lump) return 1;
    return 0;
}

/* A malloc'd copy with those lumps' directory entries zeroed (Source: the
 * offset, length and uncompressed size; the lump version stays), or NULL
 * for another family. The lumps' old bytes stay where they were, in no
 * lump. */
static __attribute__((unused)) uint8_t *empty_copy(const uint8_t *data, uint32_t size, int *kind)
{
    uint32_t lump, entry, stride;
    uint8_t *copy;
    *kind = empty_kind(data, size);
    if (*kind == EMPTY_NONE) return NULL;
    /* Source: 64 entries {offset, length, version, uncompressed size} after
     * the magic and version; Quake 2: 19 entries {offset, length} */
    stride = *kind == EMPTY_SOURCE ? 16 : 8;
    if (size < 8 + stride * (*kind == EMPTY_SOURCE ? 64 : 19) || !(copy = malloc(size))) return NULL;
    memcpy(copy, data, size);
    for (lump = 0; lump < 64; lump++) {
        if (!empty_has(*kind, lump)) continue;
        entry = 8 + stride * lump;
        memset(copy + entry, 0, 8);                             /* offset, length */
        if (*kind == EMPTY_SOURCE) memset(copy + entry + 12, 0, 4);   /* uncompressed size */
    }
    return copy;
}

#endif
