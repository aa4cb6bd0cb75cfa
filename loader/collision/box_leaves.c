/* SPDX-License-Identifier: MIT */
/* box_leaves.c - the leaves a box touches (docs/queries.md 8.12a), as the
 * engines link an entity into the map: CM_BoxLeafnums (Quake 2, Quake 3,
 * Source) and SV_FindTouchedLeafs (the Quake family), front child first.
 *
 * Each leaf is listed once. Repeats do not come from shared nodes only:
 * Quake's compilers give every solid leaf the index 0 (so a box near walls
 * reaches leaf 0 many times), and nothing in a file keeps two children
 * from naming one leaf. What every compiler writes, the load proves
 * (m->box_tree, validate_coll.c): no node has two parents and at most one
 * leaf has, so a walk meets every other leaf once, and one flag for the
 * shared leaf is the whole dedupe: a call is linear in the nodes it
 * enters, whatever the list's size. A file that shares more (a hostile
 * one) is walked as follows. The map is not written and no bit per leaf is
 * kept: the first SEEN_MAX (512) different leaves go into a hash set on
 * the stack, which answers "met before?" in a step or two, so a call's
 * work is linear in the leaves it reaches up to there. Past that (a box
 * over more leaves than a player's ever reaches) a leaf the set does not
 * hold is looked for in the caller's list, and once the list is full, in
 * a second walk of the same box up to where the first one is. A walk in a
 * tree enters each node at most once, so a walk that enters more nodes than
 * the lump holds is on shared nodes that multiply its paths: CORRUPT,
 * never an exponential walk. The load checked the depth, which bounds the
 * stack of pending back children.
 */
#include "collision.h"
#include "../core/map.h"

#if BSPKIT_COLLISION

/* The hash set of the first leaves met: SEEN_SLOTS slots, at most half of
 * them used (a probe then ends within a few slots). A slot is read only
 * when its bit in `used` says it holds a leaf, and a word of `used` only
 * when its bit in `init` says it was cleared: a call clears one word. */
#define SEEN_BITS 10
#define SEEN_SLOTS (1u << SEEN_BITS)
#define SEEN_MAX (SEEN_SLOTS / 2u)
typedef struct seen_set {
    uint32_t init;
    uint32_t count;
    uint32_t used[SEEN_SLOTS / 32u];
    uint32_t leaf[SEEN_SLOTS];
} seen_set;
BSP__CHECK(seen_init_bits, SEEN_SLOTS / 32u <= 32u);

/* 1: leaf was in the set; 0: it was not and is now; -1: it was not and
 * the set is full. */
static int seen_add(seen_set *s, uint32_t leaf)
{
    uint32_t h = (leaf * 2654435761u) >> (32 - SEEN_BITS), w;
    for (;; h = (h + 1) & (SEEN_SLOTS - 1)) {
        w = h >> 5;
        if (!(s->init >> w & 1)) {
            s->init |= 1u << w;
            s->used[w] = 0;
        }
        if (!(s->used[w] >> (h & 31) & 1)) break;
        if (s->leaf[h] == leaf) return 1;
    }
    if (s->count == SEEN_MAX) return -1;
    s->used[w] |= 1u << (h & 31);
    s->leaf[h] = leaf;
    s->count++;
    return 0;
}

/* Is `leaf` among the first `n` leaves the walk reaches (which the walk
 * at hand has reached without a fault)? */
static int reached_before(const bsp__map *m, int32_t head, const float lo[3], const float hi[3],
                          uint32_t leaf, uint32_t n)
{
    bsp__box_walk w;
    uint32_t k, l;
    bsp__box_walk_begin(&w, m, head, lo, hi);
    for (k = 0; k < n; k++)
        if (bsp__box_walk_next(&w, &l) == 1 && l == leaf) return 1;
    return 0;
}

bsp_status bsp_box_leaves(const bsp_map *map, uint32_t model, const float mins[3],
                          const float maxs[3], uint32_t *leaves, uint32_t max_leaves,
                          uint32_t *count, int32_t *topnode)
{
    const bsp__map *m = bsp__map_c(map);
    const struct bsp__collision *c;
    bsp__box_walk w;
    seen_set set;
    int32_t head, last = 0;
    uint32_t leaf, reached = 0, n = 0, k;
    int q3, more, shared_met = 0;

    if (!m || !m->family || !mins || !maxs || !count || !topnode || (!leaves && max_leaves))
        return BSP_E_BAD_ARGUMENT;
    if (!bsp__finite3(mins) || !bsp__finite3(maxs)) return BSP_E_BAD_QUERY;
    c = m->family->coll;
    q3 = c && BSPKIT_FAMILY_QUAKE3 && c->kind == BSP_COLL_Q3;
    /* quake3 walks node 0 for every model: only the world has a tree */
    if (!c || bsp__coll_unsound(c, m) || ((c->world_only || q3) && model > 0)) return BSP_E_UNSUPPORTED;
    if (!m->has_collision) return BSP_E_NOT_LOADED;
    if (model >= m->models.count) return BSP_E_BAD_MODEL;
    head = bsp__head_node(m, model);
    if (head == BSP_NO_HEAD) return BSP_E_UNSUPPORTED;
    bsp__box_walk_begin(&w, m, head, mins, maxs);
    set.init = set.count = 0;
    while ((more = bsp__box_walk_next(&w, &leaf)) == 1) {
        int seen;
        if (m->box_tree) {
            /* (a tree: only the shared leaf comes again) */
            seen = leaf == m->box_shared_leaf && shared_met;
            shared_met |= leaf == m->box_shared_leaf;
        } else {
            seen = seen_add(&set, leaf);
        }
        reached++;
        if (seen < 0) {
            /* (the set holds the first SEEN_MAX: look among the others) */
            seen = 0;
            for (k = SEEN_MAX; k < n && k < max_leaves && !seen; k++) seen = leaves[k] == leaf;
            /* a full list holds only the first max_leaves of them */
            if (!seen && n > max_leaves) seen = reached_before(m, head, mins, maxs, leaf, reached - 1);
        }
        if (seen) continue;
        if (n < max_leaves) leaves[n] = leaf;
        n++;
        if (q3 && bsp__leaf_cluster(m, BSP__REC(m->leafs, leaf), leaf) != -1) last = (int32_t)leaf;
    }
    if (more < 0) return BSP_E_CORRUPT;
    *count = n;
    *topnode = q3 ? last : w.topnode;
    return BSP_OK;
}

#endif
