/* SPDX-License-Identifier: MIT */
/* bm.h - the tables the host generates for the bare-metal test.
 *
 * mktables.py turns each map's query lines and the host's JSON answers into
 * bm_query records (tables.c); measure.c writes the host's bsp_measure
 * results (sizes.h); maps.S embeds the map files. Floats travel as IEEE
 * single bit patterns, so the board compares answers bit for bit without
 * parsing or printing a float.
 */
#ifndef BSP_BM_H
#define BSP_BM_H

#include "../../loader/bspkit.h"

/* What the board (and the host, for sizes.h) loads: the `bspkit query`
 * tool's sets, so the answers are the tool's. */
#define BM_LOAD_SETS (BSP_LOAD_LIGHTING | BSP_LOAD_ENTITIES | BSP_LOAD_COLLISION)

enum { BM_LEAF, BM_PVS, BM_PAS, BM_LIGHT, BM_LUXEL, BM_AMBIENT, BM_TRACE, BM_HULLTRACE,
       BM_CONTENTS, BM_HULLCONTENTS, BM_KINDS };

/* Collision records (docs/queries.md 8): p is the start (contents: the
 * point); num the model; e[0] the hull, e[1] the mask's bits, e[2] the
 * expected contents; raw[0..2] the expected startsolid, allsolid and
 * "normal and dist printed", raw[3] 1 when the line names no mask (the
 * family's MASK_PLAYERSOLID, bsp_trace_mask); bm_vis[vis .. vis + 17): end,
 * mins, maxs, then the expected fraction, endpos, normal, dist (bits). */
#define BM_TRACE_FLOATS 17u

typedef struct bm_query {
    uint32_t line;          /* line of the query file, for messages */
    uint8_t kind;           /* BM_LEAF ... */
    uint8_t raw_len;        /* light/luxel: bytes in raw */
    uint8_t raw[4];
    int32_t num;            /* pvs/pas: cluster; luxel: face; ambient
                               (Source): the sample count */
    uint32_t p[3];          /* leaf/light/luxel: the point's bits */
    bsp_status status;      /* expected status; BSP_OK: the fields below */
    const char *error;      /* its stable name, NULL for BSP_OK */
    int32_t e[3];           /* leaf: leaf, cluster, contents;
                               light/luxel: face, s, t (light: face -1 =
                               nothing hit, the rest unused); ambient:
                               leaf, from, first (Source) or the cell */
    uint32_t rgb[3];        /* light/luxel: the colour's bits */
    uint32_t vis, nvis;     /* pvs/pas: bm_vis[vis .. vis + nvis), ascending;
                               ambient: the colour bits bm_vis[vis ..
                               vis + nvis): 18 (the cube) or 9 (ambient,
                               directed, dir); collision: end, mins, maxs
                               and the answer (17), then origin and angles
                               of a moved query (23) */
} bm_query;

typedef struct bm_map {
    const char *name;
    const uint8_t *data, *end;  /* the embedded file */
    uint32_t arena;             /* bsp_measure(BM_LOAD_SETS) on the host */
    const bm_query *q;
    uint32_t nq;
    uint32_t host_only;         /* query lines the tool rejects before any
                                   library call (its own parser): not run */
} bm_map;

extern const bm_map bm_maps[];
extern const uint32_t bm_num_maps;
extern const uint32_t bm_vis[];

#endif
