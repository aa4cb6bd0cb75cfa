/* SPDX-License-Identifier: MIT */
/* light_grid.c - LIGHTGRID_OCTREE checked and indexed at load
 * (docs/queries.md 10.5). The lump packs its fields with no padding (one
 * byte misaligns what follows), so every field is read byte by byte,
 * little-endian, whatever the host and the file. */
#include "light_grid.h"
#include "../core/map.h"

#if BSP__USE_LIGHT_GRID

#define GRID_HEAD_BYTES (BSP__GRID_HEAD + 4u)         /* with numleafs: the least a lump holds */
#define GRID_UNSEEN 0xffffffffu
#define GRID_TOP 0xfffffffeu

static float grid_f32(const uint8_t *p)
{
    union { uint32_t u; float f; } v;
    v.u = bsp__get_le32(p);
    return v.f;
}

/* Index words a lump can need: a leaf takes 24 bytes and 2 words, its n
 * points at least n bytes and ceil(n / 8) words, a node 44 bytes and (for
 * the tree check) 1 word, so every 8 bytes after the fixed part pay for a
 * word. */
static uint32_t grid_index_words(uint32_t lump_size)
{
    return lump_size > GRID_HEAD_BYTES ? (lump_size - GRID_HEAD_BYTES) / 8u : 0;
}

uint32_t bsp__light_grid_bytes(uint32_t lump_size)
{
    return (uint32_t)BSP__GRID_STRUCT + ((4u * grid_index_words(lump_size) + 7u) & ~7u);
}

static uint32_t grid_child(const uint8_t *lump, uint32_t node, uint32_t slot)
{
    return bsp__get_le32(lump + BSP__GRID_HEAD + BSP__GRID_NODE * node + 12u + 4u * slot);
}

/* From the root every reference is missing, a leaf below num_leafs, or a
 * node below num_nodes met for the first time (no cycle, no node reached
 * twice). Depth first without a stack: parent[n] is GRID_UNSEEN until node n is
 * reached, and leads back up once its children are done; the slot a node
 * was reached through is the first of its parent's that names it (a second
 * would have been a node reached twice). At most 8 steps down and 8 back
 * per node. */
static bsp_status grid_check_tree(const bsp__light_grid *g, const uint8_t *lump, uint32_t *parent)
{
    uint32_t cur = g->root, slot = 0, n;
    if (cur & BSP__GRID_MISSING) return BSP_OK;
    if (cur & BSP__GRID_LEAF) return (cur & ~BSP__GRID_LEAF) < g->num_leafs ? BSP_OK : BSP_E_CORRUPT;
    if (cur >= g->num_nodes) return BSP_E_CORRUPT;
    for (n = 0; n < g->num_nodes; n++) parent[n] = GRID_UNSEEN;
    parent[cur] = GRID_TOP;
    for (;;) {
        uint32_t c;
        if (slot == 8) {
            uint32_t up = parent[cur];
            if (up == GRID_TOP) return BSP_OK;
            for (slot = 0; slot < 8 && grid_child(lump, up, slot) != cur; slot++) {}
            cur = up;
            slot++;
            continue;
        }
        c = grid_child(lump, cur, slot);
        if (c & BSP__GRID_MISSING) {
            slot++;
        } else if (c & BSP__GRID_LEAF) {
            if ((c & ~BSP__GRID_LEAF) >= g->num_leafs) return BSP_E_CORRUPT;
            slot++;
        } else {
            if (c >= g->num_nodes || parent[c] != GRID_UNSEEN) return BSP_E_CORRUPT;
            parent[c] = cur;
            cur = c;
            slot = 0;
        }
    }
}

/* The leaves in file order: each one's header and points indexed, every
 * read inside the lump; the data must end exactly at the lump's end. */
static bsp_status grid_index_leaves(const bsp__light_grid *g, const uint8_t *lump, uint32_t pos,
                               uint32_t *words, uint32_t cap)
{
    uint32_t len = g->lump_size, k, used = 0;
    uint32_t *leaf_at = words, *point_at = words + 2u * g->num_leafs;
    /* (a valid lump always fits: grid_index_words) */
    if (g->num_leafs > cap / 2u) return BSP_E_CORRUPT;
    cap -= 2u * g->num_leafs;
    for (k = 0; k < g->num_leafs; k++) {
        uint64_t n = 1, i;
        int32_t s[3];
        int a;
        if (len - pos < BSP__GRID_LEAF_HEAD) return BSP_E_CORRUPT;
        for (a = 0; a < 3; a++) {
            s[a] = (int32_t)bsp__get_le32(lump + pos + 12u + 4u * (uint32_t)a);
            if (s[a] < 0) return BSP_E_CORRUPT;
        }
        leaf_at[2 * k] = pos;
        leaf_at[2 * k + 1] = used;
        pos += BSP__GRID_LEAF_HEAD;
        /* each point takes at least a byte: a count past the bytes left
         * is refused before it is multiplied further (no overflow) */
        for (a = 0; a < 3 && n; a++) {
            n *= (uint32_t)s[a];
            if (n > len - pos) return BSP_E_CORRUPT;
        }
        if ((n + BSP__GRID_STRIDE - 1u) / BSP__GRID_STRIDE > cap - used) return BSP_E_CORRUPT;
        for (i = 0; i < n; i++) {
            uint32_t count;
            if (pos >= len) return BSP_E_CORRUPT;
            if (i % BSP__GRID_STRIDE == 0) point_at[used++] = pos;
            count = lump[pos++];
            if (count == BSP__GRID_NO_DATA) continue;
            if (4u * count > len - pos) return BSP_E_CORRUPT;
            pos += 4u * count;
        }
    }
    return pos == len ? BSP_OK : BSP_E_CORRUPT;
}

bsp_status bsp__light_grid_build(const uint8_t *lump, uint32_t lump_size, void *region,
                                 const bsp__light_grid **out)
{
    bsp__light_grid *g = (bsp__light_grid *)region;
    uint32_t *words = (uint32_t *)(void *)((uint8_t *)region + BSP__GRID_STRUCT);
    uint32_t cap, pos;
    bsp_status st;
    int a;

    cap = grid_index_words(lump_size);
    /* all of it cleared, the tree check's scratch again below: a load's
     * arena bytes depend on the file only */
    bsp__fill(region, 0, BSP__GRID_STRUCT + 4u * (size_t)cap);
    g->lump_size = lump_size;
    *out = g;
    if (!lump || lump_size < GRID_HEAD_BYTES) return BSP_E_CORRUPT;
    for (a = 0; a < 3; a++) {
        g->step[a] = grid_f32(lump + 4u * (uint32_t)a);
        g->size[a] = (int32_t)bsp__get_le32(lump + 12u + 4u * (uint32_t)a);
        g->mins[a] = grid_f32(lump + 24u + 4u * (uint32_t)a);
        if (!(bsp__finite(g->step[a]) && g->step[a] > 0.0f) || !bsp__finite(g->mins[a]))
            return BSP_E_CORRUPT;
    }
    /* byte 36 is numstyles, not used for a lookup */
    g->root = bsp__get_le32(lump + 37);
    g->num_nodes = bsp__get_le32(lump + 41);
    if (g->num_nodes > (lump_size - GRID_HEAD_BYTES) / BSP__GRID_NODE) return BSP_E_CORRUPT;
    pos = BSP__GRID_HEAD + BSP__GRID_NODE * g->num_nodes;
    g->num_leafs = bsp__get_le32(lump + pos);
    pos += 4;
    if (g->num_leafs > (lump_size - pos) / BSP__GRID_LEAF_HEAD) return BSP_E_CORRUPT;
    /* the tree first, with the index's words as its scratch (a word per
     * node fits: 44 bytes each), then the leaves' index over it */
    st = grid_check_tree(g, lump, words);
    bsp__fill(words, 0, 4u * (size_t)(g->num_nodes < cap ? g->num_nodes : cap));
    if (st == BSP_OK) st = grid_index_leaves(g, lump, pos, words, cap);
    g->valid = st == BSP_OK;
    return st;
}

void bsp__light_grid_attach(bsp__map *m, void *region, uint32_t bytes)
{
    uint32_t n;
    int k = bsp__bspx_index(&m->bspx, "LIGHTGRID_OCTREE");
    const uint8_t *lump = bsp__bspx_lump(m, "LIGHTGRID_OCTREE", &n);
    if (!lump || bsp__light_grid_bytes(n) > bytes) return;
    (void)bsp__light_grid_build(lump, n, region, &m->light_grid);
    ((bsp__light_grid *)region)->entry = (uint32_t)k;
}

#endif
