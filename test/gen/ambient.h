/* SPDX-License-Identifier: MIT */
/* ambient.h - Source ambient light of a generated world (docs/queries.md 7):
 * the index and sample lumps (52/56, HDR 51/55) the writer stores, the
 * in-leaf cubes of 56-byte leaves, and the answers expect.c prints, all
 * derived from the world and a hash, never from a written file. */
#ifndef BSPGEN_AMBIENT_H
#define BSPGEN_AMBIENT_H

#include "family.h"

/* What `ambient` answers from (gen_expect_opts.ambient). */
enum {
    GEN_AMB_UNSUPPORTED = 0, /* families without the query */
    GEN_AMB_NONE,            /* no ambient data: no_ambient */
    GEN_AMB_IN_LEAF,         /* the 56-byte leaves' own cubes */
    GEN_AMB_LUMPS            /* index + sample lumps */
};

/* Which kind a Source variant carries: lumps in v20+ maps with 32-byte
 * leaves (when the sample numbers fit 16 bits), in-leaf cubes with 56-byte
 * leaves, nothing in v17. */
int gen_amb_mode(const gen_world *w, int version, int leaf_version);

/* The k-th solid leaf whose borrowing names another borrowing leaf (a
 * chain the contract follows once), or -1. */
int gen_amb_chain_leaf(const gen_world *w, int k);

/* Leaf l's CompressedLightCube (the 56-byte leaf's bytes 30..53). */
void gen_amb_leaf_cube(int l, unsigned char out[24]);

/* The index (4 bytes a leaf, little-endian) and sample (28 bytes) lumps. */
void gen_amb_lumps(const gen_world *w, int hdr, gbuf *index, gbuf *samples);

/* The JSON answer for point p in file leaf `leaf`, appended to e. */
void gen_amb_answer(const gen_world *w, int mode, int hdr, int leaf, const float p[3], gbuf *e);

#endif
