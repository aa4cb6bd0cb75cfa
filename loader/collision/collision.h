/* SPDX-License-Identifier: MIT */
/* collision.h - what the collision files share: planes as collision reads
 * them, the argument checks every collision query starts with, and the
 * entries of the walks' explicit stacks (docs/queries.md 8). */
#ifndef BSP_COLLISION_H
#define BSP_COLLISION_H

#include "../query/query.h"
#include "../core/map.h"
#include "../cmodel/coll_native.h"

#define BSP__REC(v, i) ((v).data + (size_t)(i) * (v).stride)

/* Do the brushes of this file load without colliding (description.h
 * unsound_from: Dota 2's v22/v23)? */
#define bsp__coll_unsound(c, m) \
    ((c)->unsound_to && (m)->version >= (c)->unsound_from && (m)->version <= (c)->unsound_to)

/* (planes as collision reads them, bsp__cplane and bsp__coll_plane, and
 * the records the load converted: coll_native.h) */

/* dot(n, p) - dist, or p[type] - dist on an axial plane (8.2). */
BSP_INLINE float bsp__coll_side(const bsp__cplane *pl, const float p[3])
{
    if (pl->type < 3) return bsp__fsub(p[pl->type], pl->dist);
    return bsp__fsub(bsp__dot(pl->n, p), pl->dist);
}

/* BoxOnPlaneSide of 8.2 for the box [lo, hi]: 1 front, 2 back, 3 both, 0
 * when rounding leaves it on neither side (only a sloped plane can).
 * Axial planes compare their one coordinate; others the box corners
 * farthest and nearest along the normal. One rule for every walk that
 * sends a box down the tree (the position test, leaves touching a box,
 * terrain) and for the terrain's straddle test. */
BSP_INLINE int bsp__coll_box_sides_raw(const bsp__cplane *pl, const float lo[3], const float hi[3])
{
    float far[3], near[3];
    uint32_t i;
    if (pl->type < 3) return pl->dist <= lo[pl->type] ? 1 : pl->dist >= hi[pl->type] ? 2 : 3;
    for (i = 0; i < 3; i++) {
        far[i] = pl->n[i] < 0 ? lo[i] : hi[i];
        near[i] = pl->n[i] < 0 ? hi[i] : lo[i];
    }
    return (bsp__dot(pl->n, far) >= pl->dist) | (bsp__dot(pl->n, near) < pl->dist) << 1;
}

/* The same for a walk: a box on neither side goes down both. */
BSP_INLINE int bsp__coll_box_sides(const bsp__cplane *pl, const float lo[3], const float hi[3])
{
    int sides = bsp__coll_box_sides_raw(pl, lo, hi);
    return sides ? sides : 3;
}

/* A box on its way down a model's nodes (box_walk.c), front child first,
 * as 8.12a walks it. */
typedef struct bsp__box_walk {
    const bsp__map *m;
    const float *lo, *hi;
    int32_t node;              /* the node or -1 - leaf at hand */
    int at_hand;               /* node holds something to walk */
    uint32_t top, entered;
    int32_t topnode;           /* the first node the box spans, -1: none */
    int32_t pending[BSP_TREE_DEPTH_MAX];   /* back children owed */
} bsp__box_walk;

/* Start the walk of [lo, hi] (kept by pointer) from node `head`. */
void bsp__box_walk_begin(bsp__box_walk *w, const bsp__map *m, int32_t head, const float lo[3],
                         const float hi[3]);
/* The next leaf reached (repeats included): 1 and *leaf; 0 when the walk
 * is over; -1 on a corrupt tree (a node or leaf outside its lump, more
 * nodes entered than the lump holds, a path deeper than
 * BSP_TREE_DEPTH_MAX). */
int bsp__box_walk_next(bsp__box_walk *w, uint32_t *leaf);
/* The walk of a displacement whose grid's bounds are [lo, hi]: the box
 * [lo - 1, hi + 1] (kept in `box`, lo then hi) down the world's nodes. A
 * displacement belongs to every leaf it reaches (8.14's join, 11.1). */
void bsp__disp_walk_begin(bsp__box_walk *w, const bsp__map *m, const float lo[3], const float hi[3],
                          float box[6]);

/* The first checks of every collision query (the order of bspkit.h):
 * BAD_ARGUMENT, BAD_QUERY (each of the n points not finite), UNSUPPORTED
 * (the family is not of `kind`: hulls or brushes), NOT_LOADED, BAD_MODEL. */
bsp_status bsp__coll_args(const bsp__map *m, int hulls, uint32_t model, const float *const *pts,
                          uint32_t n);

/* bsp_trace on the Quake family (8.4a, hull_box.c): the hull the box
 * picks, its trace from start - offset to end - offset; a model without
 * that hull, its BSPX brush list (13.7) when the map has one for it
 * (`mask` meets the brushes' BSP_CONTENTS_* flags). Every status of
 * bsp_trace, BAD_HULL for a hull the model lacks and no list. */
bsp_status bsp__trace_hulls(const bsp__map *m, uint32_t model, const float start[3],
                            const float end[3], const float mins[3], const float maxs[3],
                            uint32_t mask, bsp_trace_result *out);
/* Quake 2's rule (8.2) over the brush list's run of `model` (which it
 * has: m->brush_list->model_first[model] is not BSP__COLL_BAD), the
 * arguments checked (trace.c). */
bsp_status bsp__trace_brush_list(const bsp__map *m, uint32_t model, const float start[3], const float end[3],
                                 const float mins[3], const float maxs[3], uint32_t mask, bsp_trace_result *out);

/* A pending part of a walk: a subtree and the part of the move inside it
 * (fractions p1f..p2f, points p1..p2). 36 bytes: BSP_TRACE_STACK_BYTES. */
typedef struct bsp__coll_span {
    int32_t node;
    float p1f, p2f;
    float p1[3], p2[3];
} bsp__coll_span;
/* a walk's stack: a span per node of the deepest path, and the current one */
BSP__CHECK(coll_span_bytes, sizeof(bsp__coll_span) * (BSP_TREE_DEPTH_MAX + 1) == BSP_TRACE_STACK_BYTES);

/* The per-trace brush mark of bspkit.h (BSP_TRACE_MARK_BRUSHES): a bit
 * per brush, in blocks of 1024 brushes whose words are valid only where
 * their `dirty` bit is set this trace. Clearing the mark clears `dirty`
 * alone; a block is cleared when a trace first meets one of its brushes,
 * so that the test of a brush is that of a plain bitmap. */
typedef struct bsp__mark {
    uint32_t dirty;
    uint32_t bits[BSP_TRACE_MARK_BRUSHES / 32u];
} bsp__mark;
BSP__CHECK(mark_blocks, BSP_TRACE_MARK_BRUSHES / 1024u <= 32u);
BSP__CHECK(mark_bytes, sizeof(bsp__mark) <= BSP_TRACE_MARK_STACK_BYTES);

BSP_INLINE void bsp__mark_clear(bsp__mark *k)
{
    k->dirty = 0;
}

/* The words of block `block`, cleared, and the block valid. */
BSP_INLINE void bsp__mark_block(bsp__mark *k, uint32_t block)
{
    uint32_t *b = k->bits + block * 32u;
    k->dirty |= 1u << block;
#ifdef __OPTIMIZE_SIZE__
    {
        uint32_t i;
        for (i = 0; i < 32u; i++) b[i] = 0;
    }
#else
    /* (straight stores, which the compiler merges into wider ones) */
#define BSP__Z4(i) (b[i] = 0, b[(i) + 1] = 0, b[(i) + 2] = 0, b[(i) + 3] = 0)
    BSP__Z4(0), BSP__Z4(4), BSP__Z4(8), BSP__Z4(12), BSP__Z4(16), BSP__Z4(20), BSP__Z4(24), BSP__Z4(28);
#undef BSP__Z4
#endif
}

/* 1 when i was marked before in this trace; marks it. An i past the
 * bitmap is never marked (0: the caller does its work again). */
BSP_INLINE int bsp__mark_seen(bsp__mark *k, uint32_t i)
{
    uint32_t *word, bit = 1u << (i & 31u);
    if (i >= BSP_TRACE_MARK_BRUSHES) return 0;
    if (!(k->dirty >> (i >> 10) & 1u)) bsp__mark_block(k, i >> 10);
    word = &k->bits[i >> 5];
    if (*word & bit) return 1;
    *word |= bit;
    return 0;
}

/* 1 when bit i of a dirty-word bitmap was set before in this trace;
 * sets it. */
BSP_INLINE int bsp__bits_seen(uint32_t *dirty, uint32_t *bits, uint32_t i)
{
    uint32_t w = i >> 5, bit = 1u << (i & 31u), d = 1u << (w & 31u);
    if (!(dirty[w >> 5] & d)) {
        dirty[w >> 5] |= d;
        bits[w] = bit;
        return 0;
    }
    if (bits[w] & bit) return 1;
    bits[w] |= bit;
    return 0;
}

/* Quake 3's mark of the patches tested in a trace (by ordinal), in the
 * same form: clearing it clears 32 bytes, not a bit per patch. */
typedef struct bsp__patch_mark {
    uint32_t dirty[BSP_TRACE_PATCHES_MAX / 1024u];
    uint32_t bits[BSP_TRACE_PATCHES_MAX / 32u];
} bsp__patch_mark;

BSP_INLINE void bsp__patch_mark_clear(bsp__patch_mark *k)
{
    uint32_t i;
    for (i = 0; i < BSP_TRACE_PATCHES_MAX / 1024u; i++) k->dirty[i] = 0;
}

/* (the load numbers patches below BSP_TRACE_PATCHES_MAX) */
BSP_INLINE int bsp__patch_seen(bsp__patch_mark *k, uint32_t ordinal)
{
    return ordinal < BSP_TRACE_PATCHES_MAX && bsp__bits_seen(k->dirty, k->bits, ordinal);
}

/* mid = p1 + frac * (p2 - p1) per component, and the fraction p1f +
 * (p2f - p1f) * frac, in the contract's operations (8.2, 8.4). mid may be
 * s->p1: each component is read before it is written. */
BSP_INLINE float bsp__coll_mid(const bsp__coll_span *s, float frac, float mid[3])
{
    uint32_t i;
    for (i = 0; i < 3; i++)
        mid[i] = bsp__fadd(s->p1[i], bsp__fmul(frac, bsp__fsub(s->p2[i], s->p1[i])));
    return bsp__fadd(s->p1f, bsp__fmul(bsp__fsub(s->p2f, s->p1f), frac));
}

#endif
