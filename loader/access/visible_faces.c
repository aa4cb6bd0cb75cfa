/* SPDX-License-Identifier: MIT */
/* visible_faces.c - the faces a renderer draws from a cluster (docs/
 * queries.md 11.8): the leaf face lists of the leaves the PVS row holds,
 * Source's terrain of those leaves (disp_leaves.c), each face once.
 *
 * Nothing in a file keeps two leaves' lists apart: they may overlap or
 * repeat (a list run once per leaf could cost leaves x entries). So each
 * list only records where it ends at the entry it starts from (the
 * farthest end of those starting there), and one sweep of the leaf-face
 * entries takes the union: the work is the leaves plus the entries.
 */
#include "disp_leaves.h"
#include "../core/map.h"

#if BSPKIT_ACCESS

typedef struct layout {
    uint32_t face_words, row_words, entries;
} layout;

static void layout_of(const bsp__map *m, layout *l)
{
    l->face_words = (m->faces.count + 31) / 32;
    l->row_words = (m->num_clusters + 31) / 32;
    l->entries = m->leaffaces.data ? m->leaffaces.count : 0;
}

uint32_t bsp_visible_faces_scratch(const bsp_map *map)
{
    const bsp__map *m = bsp__map_c(map);
    layout l;
    if (!bsp__access_of(m)) return 0;
    layout_of(m, &l);
    return l.face_words + l.row_words + l.entries;
}

static int sees(const bsp__map *m, const uint8_t *row, uint32_t leaf)
{
    int32_t c = bsp__leaf_cluster(m, BSP__REC(m->leafs, leaf), leaf);
    return c >= 0 && (uint32_t)c < m->num_clusters && (row[c >> 3] >> (c & 7) & 1);
}

#define TERRAIN (BSPKIT_FAMILY_SOURCE && BSPKIT_COLLISION)
#if TERRAIN
typedef struct vis_ask {
    const bsp__map *m;
    const uint8_t *row;
    uint32_t *bits;
} vis_ask;

static int leaf_seen(void *ctx, uint32_t leaf)
{
    const vis_ask *a = (const vis_ask *)ctx;
    return sees(a->m, a->row, leaf);
}

static void take_face(void *ctx, uint32_t disp, uint32_t face)
{
    (void)disp;
    ((vis_ask *)ctx)->bits[face >> 5] |= 1u << (face & 31);
}
#endif

/* Source's terrain: *on 1 when the map's displacements are read (the
 * statuses of bsp__disps_open on Source; none elsewhere). */
static bsp_status terrain_open(const bsp__map *m, bsp__disps *d, int *on)
{
    *on = 0;
#if TERRAIN
    if (m->family->faces.face_dispinfo.type) {
        bsp_status st = bsp__disps_open(m, d);
        if (st != BSP_OK) return st;
        *on = 1;
    }
#else
    (void)d;
    if (m->family->faces.face_dispinfo.type) return BSP_E_UNSUPPORTED;   /* (no terrain walk built) */
#endif
    return BSP_OK;
}

/* Each displacement a seen leaf holds: its base face into bits. */
static bsp_status terrain(const bsp__map *m, const bsp__disps *d, const uint8_t *row, uint32_t *bits)
{
#if TERRAIN
    vis_ask a;
    a.m = m, a.row = row, a.bits = bits;
    return bsp__disps_reach(m, d, leaf_seen, take_face, &a);
#else
    (void)m, (void)d, (void)row, (void)bits;
    return BSP_OK;
#endif
}

/* The union of the seen leaves' face lists into bits. */
static bsp_status leaf_lists(const bsp__map *m, const uint8_t *row, uint32_t *ends, uint32_t entries,
                             uint32_t *bits)
{
    const struct bsp_family *f = m->family;
    uint32_t leaf, k, reach = 0;
    for (k = 0; k < entries; k++) ends[k] = 0;
    for (leaf = 0; leaf < m->leafs.count; leaf++) {
        const uint8_t *r = BSP__REC(m->leafs, leaf);
        int32_t first = bsp__field_get(r, f->tree.leaf_firstleafface);
        int32_t num = bsp__field_get(r, f->tree.leaf_numleaffaces);
        if (num <= 0 || !sees(m, row, leaf)) continue;
        /* (the load validated the run against the leaf-face lump) */
        if (first < 0 || (uint32_t)first >= entries || (uint32_t)num > entries - (uint32_t)first)
            return BSP_E_CORRUPT;
        if ((uint32_t)(first + num) > ends[first]) ends[first] = (uint32_t)(first + num);
    }
    for (k = 0; k < entries; k++) {
        uint32_t face;
        if (ends[k] > reach) reach = ends[k];
        if (k >= reach) continue;
        face = (uint32_t)bsp__field_get(BSP__REC(m->leaffaces, k), f->tree.leafface_face);
        if (face >= m->faces.count) return BSP_E_CORRUPT;
        bits[face >> 5] |= 1u << (face & 31);
    }
    return BSP_OK;
}

bsp_status bsp_visible_faces(const bsp_map *map, int32_t cluster, uint32_t *scratch, uint32_t scratch_words,
                             uint32_t *faces, uint32_t cap, uint32_t *count)
{
    const bsp__map *m = bsp__map_c(map);
    const struct bsp_family *f;
    layout l;
    bsp__disps d;
    bsp_status st;
    uint32_t k, n = 0;
    int on;
    uint8_t *row;
    if (!bsp__access_of(m) || !scratch || !count || (!faces && cap)) return bsp__no_access(m);
    f = m->family;
    layout_of(m, &l);
    if (scratch_words < l.face_words + l.row_words + l.entries) return BSP_E_BAD_ARGUMENT;
    {
        bsp__need need[2];
        need[0].data = m->leaffaces.data, need[0].lump = bsp__role_lump(f, BSP_ROLE_LEAFFACES);
        need[1].data = m->faces.data, need[1].lump = bsp__faces_lump(m);
        if ((st = bsp__needs_absent(m, need, 2, 0)) != BSP_OK) return st;
    }
    if ((st = terrain_open(m, &d, &on)) != BSP_OK) return st;
    row = (uint8_t *)(scratch + l.face_words);
    if ((st = bsp_pvs(map, cluster, row, 4 * l.row_words)) != BSP_OK) return st;
    for (k = 0; k < l.face_words; k++) scratch[k] = 0;
    st = leaf_lists(m, row, scratch + l.face_words + l.row_words, l.entries, scratch);
    if (st == BSP_OK && on) st = terrain(m, &d, row, scratch);
    if (st != BSP_OK) return st;
    for (k = 0; k < m->faces.count; k++)
        if (scratch[k >> 5] >> (k & 31) & 1) {
            if (n < cap) faces[n] = k;
            n++;
        }
    *count = n;
    return BSP_OK;
}

#endif
