/* SPDX-License-Identifier: MIT */
/* family.h - what each BSP family makes of a gen_world: how it numbers
 * leaves, what a cluster is, which visibility rows and lightmaps it holds.
 *
 * A gen_view is derived once per variant from the world (never from a
 * written file). The family's writer serialises the world through it and
 * expect.c computes every answer from it, so both agree by construction.
 *
 *   source, quake2, quake3  leaves as compiled (leaf 0: the unreferenced
 *                           solid placeholder); cluster = room; PVS row of
 *                           a cluster = the rooms it is declared to see.
 *                           quake3 writes the world model's nodes and
 *                           leaves only (its brush models have no tree).
 *   quake, goldsrc, bsp2    every solid leaf becomes leaf 0 (as qbsp
 *                           writes them); the world's empty leaves follow
 *                           in compile order (1 .. visleafs), then the door
 *                           model's empty leaves. Clusters are leaves 1 ..
 *                           visleafs; leaf a sees leaf b when their rooms
 *                           see each other.
 *   nightfire               leaves as compiled; the world's leaves 1 ..
 *                           LeavesCount (solid ones included) are the
 *                           clusters; an empty leaf sees the empty leaves
 *                           of the rooms its room sees, a solid leaf only
 *                           itself, and the first solid world leaf has
 *                           VisibilityOffset -1 (sees everything). The
 *                           door's leaves follow (offset -1), its nodes
 *                           are not written (models' hulls are all 0).
 *
 * Lightmaps of the quake-like families (quake, goldsrc, bsp2, quake2) use
 * texture vecs 16 times the world's lightmap vecs (one luxel per 16
 * texture units, as those engines fix it), so every face keeps its
 * lightmap size, but for the door's top face, which gets an extra
 * texinfo (GEN_QK_ODD_TEXINFO) with s = 3.192 x + 193.92: at x = 240 the
 * sum is 959.99997711 in double, 960 once rounded to float (the contract's
 * rule), 959.99994 in float arithmetic, so texturemins is 960 by the rule
 * and 944 by either shortcut, and the face's lightmap width differs.
 */
#ifndef BSPGEN_FAMILY_H
#define BSPGEN_FAMILY_H

#include "world.h"

enum {
    GEN_FAM_SOURCE = 0,
    GEN_FAM_QUAKE,     /* version 29 */
    GEN_FAM_GOLDSRC,   /* version 30 */
    GEN_FAM_BSP2,      /* "BSP2": 32-bit indices, float bounds */
    GEN_FAM_BSP2RMQ,   /* "2PSB": 32-bit indices, int16 bounds */
    GEN_FAM_QUAKE2,    /* IBSP 38 */
    GEN_FAM_QUAKE3,    /* IBSP 46 */
    GEN_FAM_NIGHTFIRE  /* version 42 */
};
/* Game variants a writer may write the same world as (gen_view.variant;
 * docs/queries.md 13): quake2 as QBSP 38 (13.1) or Daikatana's IBSP 41
 * (13.4), quake as Quake 64 (13.4). */
enum {
    GEN_VAR_NONE = 0,
    GEN_VAR_QBISM,     /* quake2: "QBSP" 38 */
    GEN_VAR_DAIKATANA, /* quake2: "IBSP" 41, 21 lumps */
    GEN_VAR_QUAKE64,   /* quake: " 46Q", 44-byte miptex headers */
    GEN_VAR_Q3V47_RTCW,  /* quake3: IBSP 47, 17 entries, data from byte 144, an ET foliage surface */
    GEN_VAR_Q3V47_QL,    /* quake3: IBSP 47, 18 entries, two Quake Live advert records */
    GEN_VAR_Q3V47_BADADS, /* quake3: IBSP 47, 18 written, the 18th 100 bytes long: read as 17 */
    GEN_VAR_RAVEN,       /* quake3: "RBSP" 1 (13.3): Raven's records, the light array */
    GEN_VAR_RAVEN_DARK,  /* quake3: "RBSP" 1, GEN_Q3_RAVEN_DARK's grid and styles */
    GEN_VAR_QFUSION,     /* quake3: "FBSP" 1: as GEN_VAR_RAVEN, 512 x 512 pages */
    GEN_VAR_HEXEN2,      /* quake: Hexen II (13.4), 80-byte models, hulls 0-5 */
    GEN_VAR_HEXEN2_640,  /* quake: Hexen II with 8 models (640 bytes: plausible, hexen2) */
    GEN_VAR_QUAKE_640    /* quake: Quake with 10 models (640 bytes: not plausible as Hexen II) */
};
#define GEN_VAR_IS_RAVEN(v) ((v) >= GEN_VAR_RAVEN && (v) <= GEN_VAR_QFUSION)

#define GEN_QK_ODD_TEXINFO 5 /* quake-like families only: see above */

typedef struct {
    int tmins[2], extents[2]; /* texture units, the contract's rule */
    int w, h;                 /* luxels */
} gen_qlm;

typedef struct {
    const gen_world *w;
    int family;
    int vis; /* visibility data written */
    int variant; /* GEN_VAR_*: a game variant of the family's format */

    /* leaves as written */
    int nleaves;
    int *leaf_of;       /* [w->nleaves] gen leaf -> file leaf, -1: not written */
    int *leaf_src;      /* [nleaves] file leaf -> a gen leaf it stands for */
    int *leaf_cluster;  /* [nleaves] cluster of a file leaf, -1: none */
    int *leaf_contents; /* [nleaves] contents field as stored */
    int *leaf_allvis;   /* [nleaves] row written as -1 (quake, nightfire) */
    int nnodes;         /* nodes written: all, or the world's (quake3, nightfire) */
    int world_first, world_count; /* quake: 1, visleafs; nightfire: LeavesIndex, LeavesCount */
    int door_first, door_count;   /* the door model's leaves (quake, nightfire) */

    /* answers */
    int nclusters, rowbytes;
    unsigned char *pvs; /* nclusters rows as a query answers them */
    int has_pas;        /* source, quake2 (rows: gen_vis_row) */
    int lightmaps;      /* luxel and light queries supported */
    int luxel_bytes;    /* 4 source, 1 quake/bsp2, 3 goldsrc/quake2 */
    int submodels;      /* point_leaf on model 1 supported */

    /* quake3 lighting (q3light.h), nightfire lightmaps (nflight.c);
     * NULL / 0: the family's surfaces are unlit */
    const struct gen_q3l *q3l;
    int *nf_ofs; /* [w->nfaces] LightingOffset, -1: none */
    int nf_lightbytes;

    /* quake-like lightmaps */
    int *face_texinfo; /* [w->nfaces] */
    gen_qlm *qlm;      /* [w->nfaces] */
} gen_view;

int gen_family_quakelike(int family); /* quake, goldsrc, bsp2, 2PSB, quake2 */
void gen_view_build(const gen_world *w, int family, int vis, gen_view *v);
void gen_view_free(gen_view *v);

/* Texture vecs of texinfo t in a quake-like family (t < gen_num_qk_texinfos). */
extern const int gen_num_qk_texinfos;
void gen_qk_vecs(int t, float out[2][4]);

/* docs/queries.md 4: a vertex's lightmap-axis value, in double, rounded once
 * to float (the quake-like and nightfire extents). */
float gen_extent_val(int x, int y, int z, const float vec[4]);

/* Answers through a view. */
int gen_view_leaf(const gen_view *v, int model, const float p[3]); /* file leaf */
int gen_view_has_lightmap(const gen_view *v, int f, int slot);
void gen_view_ij(const gen_view *v, int f, const float p[3], int *i, int *j);
int gen_view_st_clear(const gen_view *v, int f, const float p[3], float eps);
/* The sample's bytes in file order; returns how many (luxel_bytes). */
int gen_view_sample(const gen_view *v, int hdr, int f, int slot, int i, int j, unsigned char out[4]);
int gen_view_light_point(const gen_view *v, const float p[3], int *clear);
/* Uncompressed PVS (pas 0) or PAS (pas 1) row of a cluster. */
void gen_view_row(const gen_view *v, int c, int pas, unsigned char *row);

/* Bounds of a node or leaf region as written: clipped to its model's box
 * grown by 16 (open sides of the tree are infinite). */
void gen_region_bounds(const gen_world *w, const gen_region *r, int model, int lo[3], int hi[3]);

#endif
