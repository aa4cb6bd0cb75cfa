/* SPDX-License-Identifier: MIT */
/* strata_writer.h - the records Strata Source (VBSP v25) widened, written
 * at the lump versions that announce them. */
#ifndef BSPGEN_STRATA_WRITER_H
#define BSPGEN_STRATA_WRITER_H

#include "world.h"

#define STRATA_FACE_BYTES 72

void strata_nodes(const gen_world *w, gbuf *b);
void strata_faces(const gen_world *w, const int *lightofs, gbuf *b);
void strata_leaves(const gen_world *w, gbuf *b);
/* edges, leaf faces, leaf brushes, brush sides: 32-bit indices */
void strata_indices(const gen_world *w, gbuf *edges, gbuf *leaffaces, gbuf *leafbrushes, gbuf *sides);
/* The area portal lump (21, version 1): the world's portals (world.h) as
 * 20-byte records (a 12-byte reading rejects the lump's length). */
void strata_areaportals(const gen_desc *d, gbuf *b);
/* An ambient index of uint16 {count, first} pairs as Strata's uint32 ones. */
void strata_widen16(gbuf *b);
/* Lump versions of a Strata map (lumps not named keep theirs). */
void strata_lump_versions(int *lump_version);
/* Field widths of lump `lump`'s Strata record for byte swapping; NULL:
 * not a Strata record. */
const char *strata_widths(int lump);

#endif
