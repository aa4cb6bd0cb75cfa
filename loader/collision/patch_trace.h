/* SPDX-License-Identifier: MIT */
/* patch_trace.h - sweeps and the position test against one Quake 3 patch
 * built at load (cmodel/patch_q3.h: the layout; docs/queries.md 8.11). */
#ifndef BSP_PATCH_TRACE_H
#define BSP_PATCH_TRACE_H

#include "collision.h"
#include "../cmodel/patch_q3.h"

/* One trace's move, as 8.3 step 1 makes it: the box's centre from `start`
 * to `end` (s, e: start + offset, end + offset) and the symmetric box
 * size0 .. size1. Filled once per trace by bsp__q3_patch_move_init. */
typedef struct bsp__q3_patch_move {
    float start[3], end[3];
    float offsets[8][3];   /* the box corner for each plane's sign bits */
    float lo[3], hi[3];    /* the swept box's bounds */
    int32_t point;         /* size0 == 0: a point sweep */
} bsp__q3_patch_move;

void bsp__q3_patch_move_init(bsp__q3_patch_move *mv, const float start[3], const float end[3],
                             const float size0[3], const float size1[3]);

/* The part of the trace's answer a patch changes. */
typedef struct bsp__q3_patch_hit {
    float fraction;        /* the trace's fraction so far (1 at the start) */
    float normal[3];       /* the plane hit, valid once a call returned 1 */
    float dist;
} bsp__q3_patch_hit;

/* A sweep (start != end) against one built patch: CM_TraceThroughPatchCollide
 * for a box, CM_TracePointThroughPatchCollide for a point. Returns 1 when it
 * set hit's plane (then hit->fraction may have gone down), 0 otherwise. The
 * caller takes the patch's contents when hit->fraction went below its value
 * before the call (a point sweep may set the plane at an equal fraction). */
int bsp__q3_patch_trace(const void *patch, const bsp__q3_patch_move *mv, bsp__q3_patch_hit *hit);

/* The position test (start == end): 1 when the box (or point) at
 * mv->start is inside a facet (CM_PositionTestInPatchCollide, 8.11). */
int bsp__q3_patch_position(const void *patch, const bsp__q3_patch_move *mv);

#endif
