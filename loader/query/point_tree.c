/* SPDX-License-Identifier: MIT */
/* point_tree.c - the node tree the point walks read (query.h bsp__pnode),
 * set up at the load's end for every load set: each file node with its
 * plane in one record, so that a walk's step reads one record as the
 * engines' CM_PointLeafnum and Mod_PointInLeaf read a node and the plane
 * it points to. It is built whatever else the load built: collision's
 * native nodes keep an index and a plane offset, which costs the walk an
 * index product and a second record a step.
 *
 * The walk needs no step count where the load proves every walk ends:
 * collision's depth check (validate_coll.c) proves it for a load with
 * collision; without, a tree whose every node's node children have
 * higher indices than the node (what every compiler writes: a node
 * before its children) cannot cycle, and a walk in it meets each node at
 * most once. A tree that is neither keeps the step count (a cycle
 * answers CORRUPT, docs/queries.md 1).
 *
 * The light walk (query_light.c) follows both sides of the nodes its
 * segment crosses, so ending is not enough for it: a tree whose nodes
 * come before their children and have one parent each (again what every
 * compiler writes) lets a walk meet each node at most once, and the walk
 * counts no visits either. */
#include "query.h"
#include "../cmodel/coll_native.h"

/* the most nodes whose byte offsets an int32_t child holds */
#define PT_MAX_NODES ((uint64_t)0x7fffffff / sizeof(bsp__pnode))

/* n records of `role`'s lump as the header sizes it (0 without one). */
static uint64_t pt_records(const bsp_header *h, int role)
{
    int lump = bsp__role_lump(h->family, role);
    /* (a node lump is records in every description) */
    uint32_t size = lump >= 0 ? bsp_lump_record_size(h, (uint32_t)lump) : 0;
    return size && h->lumps[lump].length ? h->lumps[lump].size / size : 0;
}

uint32_t bsp__point_tree_bytes(const bsp_header *h)
{
    uint64_t n = pt_records(h, BSP_ROLE_NODES);
    return n > PT_MAX_NODES ? 0xffffffffu : (uint32_t)(n * sizeof(bsp__pnode));
}

/* 1 when every node's node children come after it. */
static int pt_ordered(const bsp__pnode *nodes, uint32_t count)
{
    uint32_t i;
    for (i = 0; i < count; i++)
        if ((nodes[i].child[0] >= 0 && BSP__PNODE_INDEX(nodes[i].child[0]) <= i) ||
            (nodes[i].child[1] >= 0 && BSP__PNODE_INDEX(nodes[i].child[1]) <= i))
            return 0;
    return 1;
}

/* 1 when no node is the child of two nodes (or twice of one), counted in
 * each node's `pad` (0 when the build starts; left at the count). */
static int pt_one_parent(bsp__pnode *nodes, uint32_t count)
{
    uint32_t i, k;
    for (i = 0; i < count; i++)
        for (k = 0; k < 2; k++)
            if (nodes[i].child[k] >= 0 && ++nodes[BSP__PNODE_INDEX(nodes[i].child[k])].pad > 1)
                return 0;
    return 1;
}

#if BSP__LIGHT_PROVE
/* Each node's face range into its record (after pt_one_parent, which
 * counts in `pad`): 1 when every count fits 16 bits, else 0 and the
 * wide ones marked. Families without node faces keep 0 faces. The load's
 * validation has checked each range against the faces lump when it is
 * loaded. */
static uint8_t pt_faces(const bsp__map *m, bsp__pnode *nodes, uint32_t count)
{
    const struct bsp_family *f = m->family;
    uint32_t i;
    uint8_t all = 1;
    for (i = 0; i < count; i++) {
        const uint8_t *rec = m->nodes.data + (size_t)i * m->nodes.stride;
        uint32_t k = 0, c = 0;
        if (f->tree.node_firstface.type) {
            k = (uint32_t)bsp__field_getp(rec, &f->tree.node_firstface);
            c = (uint32_t)bsp__field_getp(rec, &f->tree.node_numfaces);
        }
        if (c >= BSP__PNODE_WIDE) {
            c = BSP__PNODE_WIDE;
            all = 0;
        }
        nodes[i].first = k;
        nodes[i].count = (uint16_t)c;
    }
    return all;
}
#endif

/* a child index (validated at load: a node below the count, or a leaf) in
 * the walks' form */
static int32_t pt_child(int32_t child)
{
    return child >= 0 ? (int32_t)((uint32_t)child * (uint32_t)sizeof(bsp__pnode)) : child;
}

bsp_status bsp__point_tree_build(bsp__map *m, uint8_t *region, uint32_t bytes, int depth_checked)
{
    const struct bsp_family *f = m->family;
    struct bsp__point_tree *t = &m->point_tree;
    bsp__pnode *nodes = (bsp__pnode *)(void *)region;
    uint32_t i, n = m->nodes.count, np = m->planes.count;

    t->world_head = m->models.count ? bsp__head_node(m, 0) : -1;
    t->world_head_at = pt_child(t->world_head);
    if ((uint64_t)n * sizeof *nodes > bytes) return BSP_E_CORRUPT;
    for (i = 0; i < n; i++) {
        const uint8_t *rec = m->nodes.data + (size_t)i * m->nodes.stride;
        /* (the load's validation has refused a child outside its lump) */
        uint32_t plane = (uint32_t)bsp__field_getp(rec, &f->tree.node_plane);
        bsp__cplane pl;
        if (plane >= np) return BSP_E_CORRUPT;
        bsp__coll_plane(m, (int32_t)plane, &pl);
        nodes[i].n[0] = pl.n[0];
        nodes[i].n[1] = pl.n[1];
        nodes[i].n[2] = pl.n[2];
        nodes[i].dist = pl.dist;
        nodes[i].child[0] = pt_child(bsp__field_getp(rec, &f->tree.node_child[0]));
        nodes[i].child[1] = pt_child(bsp__field_getp(rec, &f->tree.node_child[1]));
        nodes[i].axis = pl.axis;
        nodes[i].pad = 0;
    }
    t->nodes = nodes;
    t->num_nodes = n;
    t->tree = (uint8_t)(pt_ordered(nodes, n) && pt_one_parent(nodes, n));
#if BSP__LIGHT_PROVE
    t->faces = pt_faces(m, nodes, n);
#endif
    t->bounded = (uint8_t)(depth_checked || t->tree);
    return BSP_OK;
}
