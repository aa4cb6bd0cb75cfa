/* SPDX-License-Identifier: MIT */
/* point_tree.c - the node tree the point walk reads (query.h), set up at
 * the load's end for every load set: collision's native nodes and planes
 * when the load built them (coll_native.h), else a compact copy in the
 * same types, so that one walk reads a native node and its plane as the
 * engines' CM_PointLeafnum and Mod_PointInLeaf do.
 *
 * The walk needs no step count where the load proves every walk ends:
 * collision's depth check (validate_coll.c) proves it for a load with
 * collision; without, a tree whose every node's node children have
 * higher indices than the node (what every compiler writes: a node
 * before its children) cannot cycle, and a walk in it meets each node at
 * most once. A tree that is neither keeps the step count (a cycle
 * answers CORRUPT, docs/queries.md 1). */
#include "query.h"
#include "../cmodel/coll_native.h"

#define PT_ALIGN8(x) (((x) + 7u) / 8u * 8u)

/* n records of `role`'s lump as the header sizes it (0 without one). */
static uint64_t pt_records(const bsp_header *h, int role)
{
    int lump = bsp__role_lump(h->family, role);
    const bsp__layout *lay = lump >= 0 ? bsp__lump_layout(h, (uint32_t)lump) : NULL;
    return lay && lay->record_size && h->lumps[lump].length ? h->lumps[lump].size / lay->record_size : 0;
}

static uint64_t pt_size(uint64_t nodes, uint64_t planes)
{
    return PT_ALIGN8(nodes * sizeof(bsp__cnode)) + PT_ALIGN8(planes * sizeof(bsp__cplane));
}

uint32_t bsp__point_tree_bytes(const bsp_header *h, int native)
{
    uint64_t total;
    if (native) return 0;
    total = pt_size(pt_records(h, BSP_ROLE_NODES), pt_records(h, BSP_ROLE_PLANES));
    return total > 0xffffffffu - 64u ? 0xffffffffu : (uint32_t)total;
}

/* 1 when every node's node children come after it. */
static int pt_ordered(const bsp__cnode *nodes, uint32_t count)
{
    uint32_t i;
    for (i = 0; i < count; i++)
        if ((nodes[i].child[0] >= 0 && (uint32_t)nodes[i].child[0] <= i) ||
            (nodes[i].child[1] >= 0 && (uint32_t)nodes[i].child[1] <= i))
            return 0;
    return 1;
}

bsp_status bsp__point_tree_build(bsp__map *m, uint8_t *region, uint32_t bytes, int depth_checked)
{
    const struct bsp_family *f = m->family;
    struct bsp__point_tree *t = &m->point_tree;
    bsp__cnode *nodes;
    bsp__cplane *planes;
    uint32_t i, n = m->nodes.count, np = m->planes.count;

    t->world_head = m->models.count ? bsp__head_node(m, 0) : -1;
    if (m->coll_native) {
        t->nodes = m->coll_native->nodes;
        t->planes = m->coll_native->planes;
        t->num_nodes = m->coll_native->num_nodes;
        t->bounded = (uint8_t)(depth_checked != 0);
        return BSP_OK;
    }
    if (pt_size(n, np) > bytes) return BSP_E_CORRUPT;
    nodes = (bsp__cnode *)(void *)region;
    planes = (bsp__cplane *)(void *)(region + PT_ALIGN8((uint64_t)n * sizeof *nodes));
    for (i = 0; i < np; i++) bsp__coll_plane(m, (int32_t)i, &planes[i]);
    for (i = 0; i < n; i++) {
        const uint8_t *rec = m->nodes.data + (size_t)i * m->nodes.stride;
        /* (the load's validation has refused an index outside its lump) */
        uint32_t plane = (uint32_t)bsp__field_getp(rec, &f->tree.node_plane);
        nodes[i].child[0] = bsp__field_getp(rec, &f->tree.node_child[0]);
        nodes[i].child[1] = bsp__field_getp(rec, &f->tree.node_child[1]);
        if (plane >= np) return BSP_E_CORRUPT;
        nodes[i].plane_at = plane * (uint32_t)sizeof *planes;
    }
    t->nodes = nodes;
    t->planes = planes;
    t->num_nodes = n;
    t->bounded = (uint8_t)(depth_checked || pt_ordered(nodes, n));
    return BSP_OK;
}
