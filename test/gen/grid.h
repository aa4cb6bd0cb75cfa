/* SPDX-License-Identifier: MIT */
/* grid.h - the BSPX LIGHTGRID_OCTREE lump of a generated map
 * (docs/queries.md 10.5), built from a description, and the answers of
 * `ambient` at its grid points worked out from that description. */
#ifndef BSPGEN_GRID_H
#define BSPGEN_GRID_H

#include "util.h"

/* Lumps that break one rule of 10.5's validation each. */
enum {
    GEN_GRID_OK = 0,
    GEN_GRID_CYCLE,       /* node 1 leads back to the root */
    GEN_GRID_TWICE,       /* the root reaches node 1 through two children */
    GEN_GRID_LEAF_RANGE,  /* a child names leaf numleafs */
    GEN_GRID_NODE_RANGE,  /* a child names node numnodes */
    GEN_GRID_SHORT,       /* the lump lacks its last byte */
    GEN_GRID_LONG,        /* a byte after the data */
    GEN_GRID_STEP,        /* step[1] = 0 */
    GEN_GRID_NEG_LEAF,    /* a leaf of size -1 along y */
    GEN_GRID_COUNTS,      /* numnodes so large that 44 * numnodes wraps 32 bits */
    GEN_GRID_KINDS
};

/* A grid of size[] points from mins, step apart. The root splits at
 * split[]; octant 7 (every coordinate >= split) is a second node splitting
 * its box in the middle, whose child 5 is missing; octant 3 is missing;
 * octant 6's leaf stops one point short along x; every other box is one
 * leaf. Each point's samples come from a hash of (x, y, z, seed): missing
 * (count 255), count 0, or 1..3 pairs of styles 0, 1, 5, 32 (a third pair
 * repeats the first one's style with another colour). */
typedef struct {
    float step[3], mins[3];
    int32_t size[3], split[3];
    uint32_t seed;
    int hostile;          /* GEN_GRID_* */
} gen_grid;

/* The lump's bytes appended to out. */
void gen_grid_lump(const gen_grid *g, gbuf *out);

/* `ambient` lines at grid points (on and just outside the grid, several
 * styles) into q, their answers into e, from the description: on a grid
 * point the corners past it weigh 0, so the answer is that point's colour
 * (black without one) and the mask says which of the 8 corners have data. */
void gen_grid_expect(const gen_grid *g, gbuf *q, gbuf *e);

/* Writes into OUTDIR/grid: quake, goldsrc, bsp2 and quake2 maps (from the
 * q1, goldsrc, bsp2 and q2 maps already in OUTDIR) with a grid, with a grid
 * in the directory after the header, a grid of about 400 KiB (q1_grid_big)
 * and with each hostile grid; NAME.bsp,
 * NAME.queries, NAME.expected, and NAME.lump (the first grid's bytes). */
void gen_grid_variants(const char *outdir);

#endif
