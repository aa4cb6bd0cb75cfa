/* SPDX-License-Identifier: MIT */
/* bspx.h - a BSPX directory (docs/queries.md 10.1) added to a written
 * quake, goldsrc, bsp2 or quake2 map, and a `.lit` beside it. */
#ifndef BSPGEN_BSPX_H
#define BSPGEN_BSPX_H

#include "util.h"

typedef struct {
    const char *name;          /* up to 24 bytes; 24 leave no NUL */
    const void *data;
    uint32_t len;
    /* hostile entries: written as they are instead of where the data went
     * (0, 0: the data's own place and length) */
    uint32_t bad_ofs, bad_len;
} gen_bspx_lump;

enum { GEN_BSPX_AFTER = 1, GEN_BSPX_HEADER = 2 };

/* The map at in_path, with a directory of lumps l[0 .. n-1] at `place`
 * (GEN_BSPX_AFTER: align4 past the standard lumps, as ericw-tools;
 * GEN_BSPX_HEADER: right after the header, every standard lump moved
 * after it), the lumps' bytes after the directory, to out_path.
 * count: the directory's numlumps as written (< 0: n). */
void gen_bspx_write(const char *in_path, const char *out_path, int place,
                    const gen_bspx_lump *l, int n, long count);

/* The section 10 maps into OUTDIR/bspx/ (bspx_variants.c), from the q1,
 * bsp2, goldsrc and q2 maps already in OUTDIR. */
void gen_bspx_variants(const char *outdir);

/* The BRUSHLIST maps of docs/queries.md 13.7 into OUTDIR/brushlist/
 * (brushlist.c), from the q1, bsp2 and goldsrc maps already in OUTDIR. */
void gen_brushlist_variants(const char *outdir);

/* The file at path into *b (b cleared first); dies on failure. */
void gen_read_file(const char *path, gbuf *b);

#endif
