/* SPDX-License-Identifier: MIT */
/* hull_build.c - the Quake family's hulls converted once at load
 * (hull_build.h): a node with its plane in one 32-byte record, hull 0's
 * leaf children turned into their leaves' contents (the engine's
 * Mod_MakeHull0), every index checked here so the walks check none, and
 * each model's head nodes in one table. Read through the family's fields,
 * for every family with hulls.
 */
#include <stddef.h>
#include "hull_build.h"
#include "../core/map.h"
#include "../family/records.h"

#if BSPKIT_COLLISION && BSP__QUAKE_FAMILY

#define TYPE_ANY 3u   /* a plane type the walks take as "any normal" */

/* Records of lump `lump` by header h's sizes (0: none). */
static uint32_t records_of(const bsp_header *h, int lump)
{
    const bsp__layout *lay;
    if (lump < 0 || h->lumps[lump].length == 0) return 0;
    lay = bsp__lump_layout(h, (uint32_t)lump);
    return lay && lay->record_size ? h->lumps[lump].size / lay->record_size : 0;
}

/* The counts the region holds: nodes, clipnodes, models. */
static void counts_of(const bsp_header *h, uint32_t n[3])
{
    const struct bsp_family *f = h->family;
    n[0] = records_of(h, bsp__role_lump(f, BSP_ROLE_NODES));
    n[1] = records_of(h, f->coll->lumps[BSP_CL_CLIPNODES]);
    n[2] = records_of(h, bsp__role_lump(f, BSP_ROLE_MODELS));
}

#define ALIGN_UP(x) (((x) + BSP_ARENA_ALIGN - 1) & ~(uint64_t)(BSP_ARENA_ALIGN - 1))
/* The record's room: the same on every target, so that bsp_measure is
 * (its pointers are 4 or 8 bytes) */
#define HULLS_BYTES 64u
BSP__CHECK(hulls_bytes, sizeof(bsp__hulls) <= HULLS_BYTES && HULLS_BYTES % BSP_ARENA_ALIGN == 0);

uint32_t bsp__hulls_bytes(const bsp_header *h)
{
    const struct bsp__collision *c = h->family ? bsp__coll_of(h->family) : NULL;
    uint32_t n[3];
    uint64_t bytes;
    if (!c || c->kind != BSP_COLL_HULLS) return 0;
    counts_of(h, n);
    if (n[0] > BSP__HULL_NODES_MAX || n[1] > BSP__HULL_NODES_MAX) return 0xffffffffu;
    /* (each tree and its corrupt node; lump sizes are 32-bit, so no sum
     * here nears 2^64; the plan refuses one past 32 bits) */
    bytes = HULLS_BYTES + ((uint64_t)n[0] + n[1] + 2) * sizeof(bsp__hnode) +
            ALIGN_UP((uint64_t)n[2] * c->num_hulls * 4u);
    return bytes > 0xffffffffu ? 0xffffffffu : (uint32_t)bytes;
}

/* Node n's offset in its tree (count nodes, at most BSP__HULL_NODES_MAX),
 * the corrupt node's for one outside it; contents (< 0) stay. */
static int32_t node_ref(int32_t n, uint32_t count)
{
    if (n < 0) return n;
    return (int32_t)(((uint32_t)n < count ? (uint32_t)n : count) << BSP__HNODE_SHIFT);
}

/* The corrupt node of a tree of `count` nodes (hull_build.h). */
static void corrupt_node(bsp__hnode *t, uint32_t count)
{
    static const uint32_t nan_bits = 0x7fc00000u;
    bsp__hnode *x = &t[count];
    bsp__fill(x, 0, sizeof *x);
    x->dist = bsp__f32((const uint8_t *)&nan_bits);
    x->child[0] = x->child[1] = node_ref((int32_t)count, count);
}

/* Child value c as the walks take it: hull 0 reads a leaf's contents
 * (which may again be a node: a hostile file's, bounded by the walks'
 * step counts; a leaf past the lump: the corrupt node). */
static int32_t child_value(const bsp__map *m, int32_t c, uint32_t count, int hull0)
{
    if (hull0 && c < 0) {
        uint32_t leaf = (uint32_t)(-1 - c);
        if (leaf >= m->leafs.count) return node_ref((int32_t)count, count);
        c = bsp__field_get(m->leafs.data + (size_t)leaf * m->leafs.stride, m->family->tree.leaf_contents);
    }
    return node_ref(c, count);
}

/* Tree k (0: hull 0 from the nodes; 1: the clipnodes) into t. */
static void build_tree(const bsp__map *m, bsp__hnode *t, uint32_t count, int k)
{
    const struct bsp_family *f = m->family;
    const bsp_view *v = k ? &m->clipnodes : &m->nodes;
    bsp__field plane = k ? f->coll->clipnode_plane : f->tree.node_plane;
    const bsp__field *child = k ? f->coll->clipnode_child : f->tree.node_child;
    uint32_t i, j;
    corrupt_node(t, count);
    for (i = 0; i < count; i++) {
        bsp__hnode *x = &t[i];
        const uint8_t *rec = v->data + (size_t)i * v->stride, *pl;
        uint32_t p, type;
        if (i >= v->count || m->planes.stride < bsp__plane_bytes ||
            (p = (uint32_t)bsp__field_get(rec, plane)) >= m->planes.count) {
            *x = t[count];
            continue;
        }
        pl = m->planes.data + (size_t)p * m->planes.stride;
        for (j = 0; j < 3; j++) x->n[j] = bsp__f32(pl + BSP_AT_K(bsp__plane, normal, j));
        x->dist = bsp__f32(pl + BSP_AT(bsp__plane, dist));
        type = (uint32_t)bsp__i32(pl + BSP_AT(bsp__plane, type));
        x->type = type < 3 ? type : TYPE_ANY;
        x->reserved = 0;
        for (j = 0; j < 2; j++) x->child[j] = child_value(m, bsp__field_get(rec, child[j]), count, !k);
    }
}

void bsp__hulls_build(bsp__map *m, const bsp_header *h, uint8_t *region)
{
    const struct bsp_family *f = m->family;
    const struct bsp__collision *c = bsp__coll_of(f);
    bsp__hulls *hs = (bsp__hulls *)(void *)region;
    bsp__hnode *t0 = (bsp__hnode *)(void *)(region + HULLS_BYTES);
    bsp__hnode *t1;
    int32_t *head;
    uint32_t n[3], model, hull;
    counts_of(h, n);
    t1 = t0 + n[0] + 1;
    head = (int32_t *)(void *)(t1 + n[1] + 1);
    build_tree(m, t0, n[0], 0);
    build_tree(m, t1, n[1], 1);
    for (model = 0; model < n[2]; model++)
        for (hull = 0; hull < c->num_hulls; hull++) {
            uint32_t count = n[hull > 0];
            int32_t v = model < m->models.count
                            ? bsp__field_get(m->models.data + (size_t)model * m->models.stride,
                                             bsp__field_at(f->tree.model_headnode, hull))
                            : (int32_t)count;
            head[model * c->num_hulls + hull] = node_ref(v, count);
        }
    for (hull = 0; hull < BSP__HULLS_MAX; hull++)
        hs->world[hull] = n[2] && hull < c->num_hulls ? head[hull] : node_ref((int32_t)n[hull > 0], n[hull > 0]);
    hs->tree[0] = t0;
    hs->tree[1] = t1;
    hs->head = head;
    hs->count[0] = n[0];
    hs->count[1] = n[1];
    hs->models = n[2];
    hs->num_hulls = c->num_hulls;
    hs->usable = m->clipnodes.count ? c->num_hulls : 1;
    m->hulls = hs;
}

#endif
