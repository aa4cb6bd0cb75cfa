/* source_writer.h - serialise a gen_world as a little-endian Source VBSP. */
#ifndef BSPGEN_SOURCE_WRITER_H
#define BSPGEN_SOURCE_WRITER_H

#include "world.h"

typedef struct {
    int version;      /* 19, 20 or 21 */
    int leaf_version; /* 0: 56-byte leaves (ambient cube); 1: 32-byte */
    int ldr, hdr;     /* write faces+lighting 7/8, and/or 58/53 */
    int vis;          /* write the visibility lump */
    int l4d2;         /* lump_t stored as {version, fileofs, filelen, fourCC} */
    int index_order;  /* lumps in index order instead of vbsp's order */
} src_opts;

/* Writes path; fills counts with the records written (see main.c). */
void src_write(const gen_world *w, const src_opts *o, const char *path, gen_counts *counts);

#endif
