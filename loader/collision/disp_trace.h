/* SPDX-License-Identifier: MIT */
/* disp_trace.h - Source terrain in a trace (docs/queries.md 8.14): the
 * displacements a trace can meet, each tested after the brushes of the
 * first leaf of its own that the walk reaches (disp_trace.c). */
#ifndef BSP_DISP_TRACE_H
#define BSP_DISP_TRACE_H

#include "collision.h"
#include "../core/map.h"
#include "../cmodel/disp_build.h"

/* A trace's terrain state, on the caller's stack: the move as 8.14 takes
 * it and a bit per displacement. With the leaves' lists (m->disp_first):
 * a bit per displacement already met, cleared at the first met (`fresh`
 * until then), so that a trace near no terrain touches none of it.
 * Without: a bit per displacement still to be tested (those whose bounds
 * pass the query's cull; `any` 0 when none can be met). */
typedef struct bsp__disp_trace {
    const bsp__map *m;
    bsp_trace_result *tr;
    bsp__cplane *hit;          /* the trace's plane, set on a terrain hit */
    const uint32_t *first;     /* m->disp_first, or NULL */
    uint32_t leafs;            /* m->disp_leafs */
    float s[3], ext[3], d[3];  /* centred start, extents, move */
    float inv[3];              /* 1 / d (FLT_MAX where d is 0), once a trace */
    float e[3], grow[3];       /* s + d and ext + DIST_EPSILON, with inv: each
                                * triangle and box test reads them, rounded once */
    uint32_t mask;
    uint8_t point, position, any, fresh;
    uint8_t ordered;           /* inv finite and grow >= 0: the ordered cull */
    uint32_t left[BSP_TRACE_DISPS_MAX / 32];   /* a bit per displacement */
} bsp__disp_trace;

/* Set up t for a trace of model `model` (terrain: model 0 only) and mark
 * the displacements it may meet; tr->disp becomes -1. The move as the
 * trace centred it (8.9 step 1, Valve's Ray_t): start s, end e, extents
 * ext; point: ext is 0; position: s is e. */
void bsp__disp_trace_init(bsp__disp_trace *t, const bsp__map *m, uint32_t model, const float s[3], const float e[3],
                          const float ext[3], int point, int position, uint32_t mask, bsp_trace_result *tr,
                          bsp__cplane *hit);

/* After leaf l's brushes: its displacements not yet tested, in index
 * order (none when the trace is already startsolid). CORRUPT: the walk
 * met a node outside its lump. */
bsp_status bsp__disp_leaf(bsp__disp_trace *t, uint32_t leaf);

/* The same, answering at once for a leaf whose list is empty (most of a
 * trace's leaves: the walk then pays two loads for terrain). */
BSP_INLINE bsp_status bsp__disp_leaf_at(bsp__disp_trace *t, uint32_t leaf)
{
    if (t->first && (leaf >= t->leafs || t->first[leaf] == t->first[leaf + 1])) return BSP_OK;
    return bsp__disp_leaf(t, leaf);
}

/* Fill the leaves' lists the build placed (disp_build.h), once the whole
 * region is built: each displacement's walk twice, counting then placing.
 * A map whose pairs outgrow the room, or whose walk fails (a tree of
 * shared nodes), keeps none (m->disp_first NULL): its traces then walk
 * each displacement as before, so the answers never depend on the room. */
void bsp__disp_lists_build(bsp__map *m);

#endif
