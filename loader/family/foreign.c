/* SPDX-License-Identifier: MIT */
/* foreign.c - formats bspkit recognises only to refuse them by name.
 *
 * Respawn's rBSP grew from Source's VBSP but is a different format (128
 * lump entries, lumps in separate .bsp_lump files, other records). A build
 * with the respawn family reads Titanfall's versions (family_respawn.c)
 * and refuses Apex Legends' (47 and later, whatever the minor number:
 * docs/queries.md 12.9) by name; a build with Source and without respawn
 * refuses every rBSP file by name. bsp_open answers BAD_VERSION for them
 * and says what the file appears to be, rather than "not a BSP at all". A
 * table, so that another such format is a row.
 */
#include "family.h"

typedef struct bsp__foreign {
    char magic[4];
    const char *appears;
#if BSPKIT_FAMILY_RESPAWN
    uint16_t min_version;          /* the version word's low 16 bits, at least */
#endif
} bsp__foreign;

#if BSPKIT_FAMILY_SOURCE || BSPKIT_FAMILY_RESPAWN
#define BSP__FOREIGN 1
/* A build without text (BSPKIT_STRINGS=0) names the format only. */
#if BSPKIT_STRINGS
#define APPEARS(name, sentence) name, sentence
#else
#define APPEARS(name, sentence) name, name
#endif
static const bsp__foreign foreign[] = {
#if BSPKIT_FAMILY_RESPAWN
    { APPEARS("rBSP", "rBSP v47+ (Apex Legends): not supported"), 47 },
#else
    { APPEARS("rBSP", "rBSP (Titanfall/Apex Legends): a different format, not supported") },
#endif
};
#else
#define BSP__FOREIGN 0
#endif

/* Formats that look like a family's follow it: without Source or respawn,
 * an rBSP file is as unknown as a VBSP one (BAD_MAGIC). */
const char *bsp__foreign_format(const uint8_t first[8])
{
#if BSP__FOREIGN
    uint32_t i, k;
    for (i = 0; i < sizeof foreign / sizeof foreign[0]; i++) {
        for (k = 0; k < 4 && (uint8_t)foreign[i].magic[k] == first[k]; k++) {}
#if BSPKIT_FAMILY_RESPAWN
        if (k == 4 && (uint32_t)(first[4] | first[5] << 8) >= foreign[i].min_version)
            return foreign[i].appears;
#else
        if (k == 4) return foreign[i].appears;
#endif
    }
#else
    (void)first;
#endif
    return NULL;
}
