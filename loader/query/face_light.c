/* SPDX-License-Identifier: MIT */
/* face_light.c - each face's lightmap placement worked out once at load
 * (face_light.h), and whether a map without light can answer a light walk
 * at once. */
#include "face_light.h"
#include "query.h"

/* The lightmap block of `slot` lies inside the lighting lump (the section 4
 * "has a lightmap" rule: lightofs + (slot + 1) * w * h * pages * bytes per
 * luxel <= the lump's size, in exact arithmetic). *first gets the block's
 * first byte, below the lump's size. 64-bit products: w * h < 2^62 and, once
 * it is at most the size (< 2^32), times pages * bytes per luxel (at most
 * 16) and the slot (below 8) nothing wraps. (A 32-bit form through
 * divisions is 52 bytes smaller at -Os but its three divisions made every
 * light trace slower; the trace calls this for each face it tries.) */
#ifdef __OPTIMIZE_SIZE__
/* A build for size takes the 32-bit form: each product is compared with
 * the quotient of the bound first (w * h <= size exactly when
 * w <= size / h), so none wraps, and the answers are the same. */
int bsp__has_lightmap(const bsp__map *m, const bsp__lightmap *lm, uint32_t slot, uint32_t *first)
{
    uint32_t samples, per, block, rest, size = m->lighting.count;
    if (bsp__style_none(lm, slot) || size == 0 || lm->lightofs < 0) return 0;
    if (lm->w < 1 || lm->h < 1) return 0;
    if ((uint32_t)lm->w > size / (uint32_t)lm->h) return 0;
    samples = (uint32_t)lm->w * (uint32_t)lm->h;
    per = lm->pages * lm->bytes_per_luxel;
    if (per && samples > size / per) return 0;
    block = samples * per;
    if ((uint32_t)lm->lightofs > size) return 0;
    rest = size - (uint32_t)lm->lightofs;
    /* (slot + 1) * block <= rest */
    if (block && slot >= rest / block) return 0;
    *first = (uint32_t)lm->lightofs + slot * block;
    return 1;
}
#else
int bsp__has_lightmap(const bsp__map *m, const bsp__lightmap *lm, uint32_t slot, uint32_t *first)
{
    uint64_t samples, block, start, size = m->lighting.count;
    if (bsp__style_none(lm, slot) || size == 0 || lm->lightofs < 0) return 0;
    if (lm->w < 1 || lm->h < 1) return 0;
    samples = (uint64_t)lm->w * (uint64_t)lm->h;
    if (samples > size) return 0;
    block = samples * lm->pages * lm->bytes_per_luxel;
    start = (uint64_t)lm->lightofs + slot * block;
    if (start + block > size) return 0;
    *first = (uint32_t)start;
    return 1;
}
#endif

#if BSP__USE_FACE_LIGHT

/* Deepest tree the at-once answer accepts: the light walk's stack
 * (query_light.c) holds one entry per crossed ancestor. */
#define WALK_STACK 128
/* The widest lightmap the light walk samples without a clamp
 * (query_light.c ready_sample): below w = 2^23, u + 0.5 for u <= w - 1
 * rounds to at most w - 0.5, so its floor is at most w - 1. */
#define READY_MAX 0x400000

uint32_t bsp__face_light_bytes(uint32_t faces)
{
    uint64_t n = ((uint64_t)faces * sizeof(bsp__face_light) + 7u) & ~(uint64_t)7u;
    return n > 0xfffffff8u ? 0xfffffff8u : (uint32_t)n;
}

/* What testing the face costs the light walk's budget (query_light.c):
 * 1, plus its edges when the surfedges are loaded. */
static uint32_t walk_cost(const bsp__map *m, const uint8_t *rec)
{
    const struct bsp__faces *f = &m->family->faces;
    uint32_t cost = 1;
    if (m->surfedges.data && f->face_numedges.type) {
        int32_t edges = bsp__field_get(rec, f->face_numedges);
        if (edges > 0) cost += (uint32_t)edges;
    }
    return cost;
}

/* What the rule's loop may cost: its edges, or (nightfire) its vertex
 * run, when the records it walks are loaded (without them it walks none). */
static uint32_t rule_cost(const bsp__map *m, const uint8_t *rec)
{
    const struct bsp__faces *f = &m->family->faces;
    int32_t n = 0;
    if (f->face_numedges.type) {
        if (m->surfedges.data) n = bsp__field_get(rec, f->face_numedges);
    } else if (BSP__USE_FACE_VERTS && f->face_numverts.type && m->vertexes.data) {
        n = bsp__field_get(rec, f->face_numverts);
    }
    return n > 0 ? 1u + (uint32_t)n : 1u;
}

int bsp__lit_but_broken(const bsp__map *m, const bsp__lightmap *lm, uint32_t slot)
{
    return BSP__USE_BAD_EXTENTS && lm->bad && lm->lightofs >= 0 && !bsp__style_none(lm, slot) &&
           m->lighting.count;
}

void bsp__face_light_start(const bsp__map *m, uint32_t face, bsp__face_light *r)
{
    const struct bsp__faces *f = &m->family->faces;
    const uint8_t *rec = m->faces.data + (size_t)face * m->faces.stride;
    bsp__fill(r, 0, sizeof *r);
    r->cost = walk_cost(m, rec);
    r->flags = BSP__FL_LATER;
    if (f->face_dispinfo.type && bsp__field_get(rec, f->face_dispinfo) != -1) r->flags |= BSP__FL_SKIP;
}

void bsp__face_light_make(const bsp__map *m, uint32_t face, bsp__face_light *r)
{
    bsp__lightmap lm;
    bsp_status st = m->family->faces.face_lightmap(m, face, &lm);
    uint32_t k;
    bsp__face_light_start(m, face, r);
    r->flags &= (uint8_t)~BSP__FL_LATER;
    r->status = (uint8_t)st;
    if (st != BSP_OK) return;
    for (k = 0; k < 8; k++) r->vecs[k / 4][k % 4] = lm.vecs[k / 4][k % 4];
    r->base[0] = lm.base[0];
    r->base[1] = lm.base[1];
    r->scale = lm.scale;
    r->w = lm.w;
    r->h = lm.h;
    r->lightofs = lm.lightofs;
    r->pages = (uint8_t)lm.pages;
    r->bytes_per_luxel = (uint8_t)lm.bytes_per_luxel;
    if (lm.bad) r->flags |= BSP__FL_BAD;
    if (bsp__lit_but_broken(m, &lm, 0)) r->flags |= BSP__FL_BROKEN0;
    else if (bsp__has_lightmap(m, &lm, 0, &r->first)) r->flags |= BSP__FL_LIT0;
    if (!(r->flags & BSP__FL_LIT0)) return;
    /* (w, h >= 1 once lit) */
    r->umax = (float)(lm.w - 1);
    r->vmax = (float)(lm.h - 1);
    /* (a build for size samples READY0 faces with the clamp, any size,
     * and reads no GREY0) */
    if ((r->flags & BSP__FL_SKIP) || (BSP__LIGHT_PROVE && (lm.w > READY_MAX || lm.h > READY_MAX))) return;
    r->flags |= BSP__FL_READY0;
    if (BSP__LIGHT_PROVE && lm.bytes_per_luxel == 1 && !(BSP__USE_BSPX && m->light.hdr))
        r->flags |= BSP__FL_GREY0;
}

void bsp__face_light_lightmap(const bsp__map *m, uint32_t face, const bsp__face_light *r,
                              bsp__lightmap *lm)
{
    uint32_t k;
    for (k = 0; k < 8; k++) lm->vecs[k / 4][k % 4] = r->vecs[k / 4][k % 4];
    lm->base[0] = r->base[0];
    lm->base[1] = r->base[1];
    lm->scale = r->scale;
    lm->w = r->w;
    lm->h = r->h;
    lm->lightofs = r->lightofs;
    lm->pages = r->pages;
    lm->bytes_per_luxel = r->bytes_per_luxel;
    lm->bad = (r->flags & BSP__FL_BAD) != 0;
    bsp__lightmap_styles(m, face, m->faces.data + (size_t)face * m->faces.stride, lm);
}

/* Would every light walk of this map answer "nothing hit", whatever the
 * point? Without light no face has a lightmap, so a walk ends on nothing
 * unless it stops on the tree or a face: a node reached more often than
 * the tree has nodes, a path deeper than the walk's stack, faces whose
 * costs pass the walk's budget, or a face whose rule refuses. One walk
 * of the whole tree from the world's head bounds every light walk (each
 * follows some of its paths), and stops once it exceeds what a light walk
 * may do: linear in the nodes and faces. */
static int walk_finds_nothing(const bsp__map *m, const bsp__face_light *tab)
{
    const struct bsp_family *f = m->family;
    struct { int32_t node; uint32_t depth; } stack[WALK_STACK];
    uint32_t top = 0, depth = 1, visits = 0, budget = m->faces.count + m->surfedges.count;
    int32_t n;
    if (m->lighting.count || !f->tree.node_firstface.type) return 0;
    if ((!BSP__USE_HEADLESS_TREES || f->tree.model_headnode.type) && (!m->models.data || !m->models.count))
        return 0;
    n = bsp__head_node(m, 0);
    for (;;) {
        const uint8_t *node;
        uint32_t first, count, k;
        int32_t c0, c1;
        if (n < 0) {
            if (top == 0) return 1;
            top--;
            n = stack[top].node;
            depth = stack[top].depth;
            continue;
        }
        if (!m->nodes.data || (uint32_t)n >= m->nodes.count || ++visits > m->nodes.count ||
            depth > WALK_STACK)
            return 0;
        node = m->nodes.data + (size_t)n * m->nodes.stride;
        first = (uint32_t)bsp__field_get(node, f->tree.node_firstface);
        count = (uint32_t)bsp__field_get(node, f->tree.node_numfaces);
        if (first > m->faces.count || count > m->faces.count - first) return 0;
        for (k = first; k < first + count; k++) {
            const bsp__face_light *r = &tab[k];
            if (r->cost > budget) return 0;
            budget -= r->cost;
            if (!(r->flags & BSP__FL_SKIP) && (r->status || (r->flags & BSP__FL_LATER))) return 0;
        }
        c0 = bsp__field_get(node, f->tree.node_child[0]);
        c1 = bsp__field_get(node, f->tree.node_child[1]);
        /* the far child waits at its own depth: one entry per level */
        stack[top].node = c1;
        stack[top].depth = depth + 1;
        top++;
        n = c0;
        depth++;
    }
}

#if BSP__LIGHT_PROVE
/* Can the light walk go without its guards on this map? Its visit count
 * needs a tree (point_tree.tree: each node met at most once) and its file
 * node reads every node's faces in the point tree's record
 * (point_tree.faces). Its budget (query_light.c node_face_hit) is spent
 * on the faces of the nodes it crosses, a prefix of each node's range,
 * each node once: so when the costs of every node's whole range, summed
 * over all nodes, stay within the budget, no walk exhausts it. The sum
 * stops once past the budget, and each face adds at least 1: linear in
 * the nodes and the faces. */
static int walk_proved(const bsp__map *m, const bsp__face_light *tab)
{
    const struct bsp__point_tree *t = &m->point_tree;
    uint32_t budget = m->faces.count + m->surfedges.count, i, k;
    if (!t->tree || !t->faces || !t->nodes || t->num_nodes != m->nodes.count ||
        !m->family->tree.node_firstface.type ||
        (BSP__HL2_XBOX && bsp__role_lump(m->family, BSP_ROLE_LIGHTING) < 0))
        return 0;
    for (i = 0; i < t->num_nodes; i++) {
        uint32_t first = t->nodes[i].first, count = t->nodes[i].count;
        if (first > m->faces.count || count > m->faces.count - first) return 0;
        for (k = first; k < first + count; k++) {
            if (tab[k].cost > budget) return 0;
            budget -= tab[k].cost;
        }
    }
    return 1;
}
#else
#define walk_proved(m, tab) 0
#endif

void bsp__face_light_build(bsp__map *m, void *mem)
{
    bsp__face_light *tab = (bsp__face_light *)mem;
    /* each face's rule walks its own edges or vertices in a valid map:
     * past that (faces sharing one long loop) the rest wait for queries */
    uint64_t budget = (uint64_t)m->faces.count + m->surfedges.count + m->vertexes.count;
    uint32_t k;
    m->face_light = NULL;
    m->light_none = 0;
    m->light_fast = 0;
    if (!m->family->faces.face_lightmap || !m->faces.data) return;
    for (k = 0; k < m->faces.count; k++) {
        uint32_t cost = rule_cost(m, m->faces.data + (size_t)k * m->faces.stride);
        if (cost > budget) {
            bsp__face_light_start(m, k, &tab[k]);
            continue;
        }
        budget -= cost;
        bsp__face_light_make(m, k, &tab[k]);
    }
    m->face_light = tab;
    m->light_none = (uint8_t)walk_finds_nothing(m, tab);
    /* (a description without a lighting lump answers no_lightmap first:
     * query_light.c UNLIT) */
    if (m->light_none && (!BSP__HL2_XBOX || bsp__role_lump(m->family, BSP_ROLE_LIGHTING) >= 0))
        m->light_fast = BSP__LIGHT_NONE;
    else if (walk_proved(m, tab))
        m->light_fast = BSP__LIGHT_PROVED;
}

#endif
