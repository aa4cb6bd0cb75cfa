/* SPDX-License-Identifier: MIT */
/* foreign.c - formats bspkit recognises only to refuse them by name.
 *
 * Respawn's rBSP (Titanfall 29, Titanfall 2 37, Apex Legends 47 and later)
 * grew from Source's VBSP but is a different format: 128 lump entries,
 * lumps that live in separate .bsp_lump files, other records. bsp_open
 * answers BAD_VERSION for it and says what the file appears to be, rather
 * than "not a BSP at all". A table, so that another such format is a row.
 */
#include "family.h"

typedef struct {
    char magic[4];
    const char *appears;
} bsp__foreign;

#if BSPKIT_FAMILY_SOURCE
/* A build without text (BSPKIT_STRINGS=0) names the format only. */
#if BSPKIT_STRINGS
#define APPEARS(name, sentence) { name, sentence }
#else
#define APPEARS(name, sentence) { name, name }
#endif
static const bsp__foreign foreign[] = {
    APPEARS("rBSP", "rBSP (Titanfall/Apex Legends): a different format, not supported"),
};
#endif

/* Formats that look like a family's follow it: without Source, an rBSP
 * file is as unknown as a VBSP one (BAD_MAGIC). */
const char *bsp__foreign_format(const uint8_t first[8])
{
#if BSPKIT_FAMILY_SOURCE
    uint32_t i, k;
    for (i = 0; i < sizeof foreign / sizeof foreign[0]; i++) {
        for (k = 0; k < 4 && (uint8_t)foreign[i].magic[k] == first[k]; k++) {}
        if (k == 4) return foreign[i].appears;
    }
#else
    (void)first;
#endif
    return NULL;
}
