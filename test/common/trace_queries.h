/* SPDX-License-Identifier: MIT */
/* trace_queries.h - the collision query sets of issue 31, one definition
 * for make bench (test/bench/bench_trace.c) and for any side-by-side timing
 * against other code: N starts spread over the world model's bounding box
 * (a fixed linear congruential sequence), and per set the end of each
 * query.
 *   move      a player box, start + (dx, dy, 0), dx, dy in [-32, 32)
 *   step      a player box, 18 units up (a stair step)
 *   down      a player box, 64 units down (the ground check of a move)
 *   ray       a point from one start to the next (long rays)
 *   position  a player box, end == start
 * (Quake family: the boxes are hull 1, the rays hull 0.) */
#ifndef TRACE_QUERIES_H
#define TRACE_QUERIES_H

#include <stdint.h>

enum { TQ_MOVE, TQ_STEP, TQ_DOWN, TQ_RAY, TQ_POSITION, TQ_SETS };
static const char *const tq_names[TQ_SETS] = { "move", "step", "down", "ray", "position" };
static const float tq_mins[3] = { -16, -16, -24 }, tq_maxs[3] = { 16, 16, 32 };

typedef struct tq_query { float start[3], end[3]; } tq_query;

static uint32_t tq_next(uint32_t *seed)
{
    *seed = *seed * 1664525u + 1013904223u;
    return *seed >> 8;
}

/* q[set * n + i]: n queries of each set over the box lo..hi. */
static void tq_make(tq_query *q, uint32_t n, const float lo[3], const float hi[3])
{
    uint32_t i, k, seed = 7, set;
    for (i = 0; i < n; i++) {
        float p[3];
        for (k = 0; k < 3; k++)
            p[k] = lo[k] + (hi[k] - lo[k]) * (float)tq_next(&seed) / 16777216.0f;
        for (set = 0; set < TQ_SETS; set++)
            for (k = 0; k < 3; k++) q[set * n + i].start[k] = q[set * n + i].end[k] = p[k];
        q[TQ_MOVE * n + i].end[0] += (float)((int)(tq_next(&seed) % 64u) - 32);
        q[TQ_MOVE * n + i].end[1] += (float)((int)(tq_next(&seed) % 64u) - 32);
        q[TQ_STEP * n + i].end[2] += 18;
        q[TQ_DOWN * n + i].end[2] -= 64;
    }
    /* rays: from each start to the next one's */
    for (i = 0; i < n; i++)
        for (k = 0; k < 3; k++)
            q[TQ_RAY * n + i].end[k] = q[TQ_POSITION * n + (i + 1) % n].start[k];
}

#endif
