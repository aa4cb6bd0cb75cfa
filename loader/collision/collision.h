/* SPDX-License-Identifier: MIT */
/* collision.h - what the collision files share: planes as collision reads
 * them, the argument checks every collision query starts with, and the
 * entries of the walks' explicit stacks (docs/queries.md 8). */
#ifndef BSP_COLLISION_H
#define BSP_COLLISION_H

#include "../query/query.h"

#define BSP__REC(v, i) ((v).data + (size_t)(i) * (v).stride)

/* A plane: normal, dist and the axial type the walks test (0, 1, 2: the
 * normal is that axis; 3 or more: any). Quake 3 planes store no type: it
 * is 0 / 1 / 2 when the normal's x / y / z is exactly 1.0 (the engine's
 * PlaneTypeForNormal), else 3; the others store it after dist. */
typedef struct bsp__cplane {
    float n[3];
    float dist;
    int32_t type;
} bsp__cplane;

BSP_INLINE void bsp__coll_plane(const bsp_map *m, int32_t index, bsp__cplane *p)
{
    const uint8_t *rec = BSP__REC(m->planes, index);
    p->n[0] = bsp__f32(rec);
    p->n[1] = bsp__f32(rec + 4);
    p->n[2] = bsp__f32(rec + 8);
    p->dist = bsp__f32(rec + 12);
    /* (only Quake 3's planes are 16 bytes: a build without it tests none) */
    if (!BSPKIT_FAMILY_QUAKE3 || m->planes.stride >= 20) {
        p->type = bsp__i32(rec + 16);
        if (p->type < 0) p->type = 3;
    } else {
        p->type = p->n[0] == 1.0f ? 0 : p->n[1] == 1.0f ? 1 : p->n[2] == 1.0f ? 2 : 3;
    }
}

/* dot(n, p) - dist, or p[type] - dist on an axial plane (8.2). */
BSP_INLINE float bsp__coll_side(const bsp__cplane *pl, const float p[3])
{
    if (pl->type < 3) return bsp__fsub(p[pl->type], pl->dist);
    return bsp__fsub(bsp__dot(pl->n, p), pl->dist);
}

/* The first checks of every collision query (the order of bspkit.h):
 * BAD_ARGUMENT, BAD_QUERY (each of the n points not finite), UNSUPPORTED
 * (the family is not of `kind`: hulls or brushes), NOT_LOADED, BAD_MODEL. */
bsp_status bsp__coll_args(const bsp_map *m, int hulls, uint32_t model, const float *const *pts,
                          uint32_t n);

/* bsp_trace on the Quake family (8.4a, hull_box.c): the hull the box
 * picks, its trace from start - offset to end - offset. Every status of
 * bsp_trace, BAD_HULL for a hull the model lacks. */
bsp_status bsp__trace_hulls(const bsp_map *m, uint32_t model, const float start[3],
                            const float end[3], const float mins[3], const float maxs[3],
                            bsp_trace_result *out);

/* A pending part of a walk: a subtree and the part of the move inside it
 * (fractions p1f..p2f, points p1..p2). 36 bytes: BSP_TRACE_STACK_BYTES. */
typedef struct bsp__coll_span {
    int32_t node;
    float p1f, p2f;
    float p1[3], p2[3];
} bsp__coll_span;
/* a walk's stack: a span per node of the deepest path, and the current one */
BSP__CHECK(coll_span_bytes, sizeof(bsp__coll_span) * (BSP_TREE_DEPTH_MAX + 1) == BSP_TRACE_STACK_BYTES);

/* The per-trace brush mark of bspkit.h (BSP_TRACE_MARK_BRUSHES): `bits`
 * words are valid only where their `dirty` bit is set this trace, so
 * clearing the mark clears `dirty` alone. */
typedef struct bsp__mark {
    uint32_t dirty[BSP_TRACE_MARK_BRUSHES / 1024u];
    uint32_t bits[BSP_TRACE_MARK_BRUSHES / 32u];
} bsp__mark;
BSP__CHECK(mark_bytes, sizeof(bsp__mark) == BSP_TRACE_MARK_STACK_BYTES);

/* Clears the mark for indices below n (a trace asks only about brushes
 * of the lump: a small map clears a word, not 128 bytes). */
BSP_INLINE void bsp__mark_clear(bsp__mark *k, uint32_t n)
{
    uint32_t words = n >= BSP_TRACE_MARK_BRUSHES ? BSP_TRACE_MARK_BRUSHES / 1024u : (n + 1023u) / 1024u;
    bsp__fill(k->dirty, 0, words * sizeof k->dirty[0]);
}

/* 1 when i (below the n of bsp__mark_clear) was marked before in this
 * trace; marks it. An i past the bitmap is never marked (0: the caller
 * does its work again). */
BSP_INLINE int bsp__mark_seen(bsp__mark *k, uint32_t i)
{
    uint32_t w = i >> 5, bit = 1u << (i & 31u), d = 1u << (w & 31u);
    if (i >= BSP_TRACE_MARK_BRUSHES) return 0;
    if (!(k->dirty[w >> 5] & d)) {
        k->dirty[w >> 5] |= d;
        k->bits[w] = bit;
        return 0;
    }
    if (k->bits[w] & bit) return 1;
    k->bits[w] |= bit;
    return 0;
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
