/* SPDX-License-Identifier: MIT */
/* coll_native.h - the brush families' collision records as the load
 * converts them once into the arena (coll_build.c) and the brush traces
 * read them (loader/collision/trace.c, docs/queries.md 8.2-8.10).
 *
 * Each record is read through the family's description once, at load, and
 * kept in the host's order and types: a plane with its axial type and sign
 * bits, a node with its plane and children together, a leaf with its
 * contents and leaf-brush run, a brush with its side run and contents
 * (quake3: its shader's), a side as its plane's index, a leaf brush as a
 * brush index. The load checks what a walk would otherwise check at every
 * step, and marks what fails (an index past its lump) so that a trace
 * meeting it answers CORRUPT where it did before: the walk needs no bounds
 * checks but one compare on the marked values.
 *
 * The region's size follows from the header's lump sizes alone
 * (bsp__coll_native_bytes), so bsp_measure counts it without the map.
 */
#ifndef BSP_COLL_NATIVE_H
#define BSP_COLL_NATIVE_H

#include "../family/family.h"
#include "../core/map.h"

/* A plane: normal, dist, the axial type the walks test (0, 1, 2: the
 * normal is that axis; 3: any), the sign bits of the normal (bit i:
 * n[i] < 0) and `axis`, what the point walk may trust (0, 1, 2 when the
 * normal is exactly that unit axis, whatever the file's type says: the
 * dot product is then that coordinate, bit for bit but a zero's sign,
 * which no side test sees; else 3). Quake 3 planes store no type: it is 0 / 1 / 2 when the
 * normal's x / y / z is exactly 1.0 (the engine's PlaneTypeForNormal),
 * else 3; the others store it after dist (negative: 3). */
typedef struct bsp__cplane {
    float n[3];
    float dist;
    uint8_t type, signbits, axis, pad;
} bsp__cplane;

BSP_INLINE void bsp__coll_plane(const bsp__map *m, int32_t index, bsp__cplane *p)
{
    const uint8_t *rec = m->planes.data + (size_t)index * m->planes.stride;
    int32_t type;
    p->n[0] = bsp__f32(rec);
    p->n[1] = bsp__f32(rec + 4);
    p->n[2] = bsp__f32(rec + 8);
    p->dist = bsp__f32(rec + 12);
    /* (only Quake 3's planes are 16 bytes: a build without it tests none) */
    if (!BSPKIT_FAMILY_QUAKE3 || m->planes.stride >= 20) {
        type = bsp__i32(rec + 16);
        if (type < 0 || type > 3) type = 3;
    } else {
        type = p->n[0] == 1.0f ? 0 : p->n[1] == 1.0f ? 1 : p->n[2] == 1.0f ? 2 : 3;
    }
    p->type = (uint8_t)type;
    p->signbits = (uint8_t)((p->n[0] < 0) | (p->n[1] < 0) << 1 | (p->n[2] < 0) << 2);
    p->axis = (uint8_t)(p->n[0] == 1.0f && p->n[1] == 0.0f && p->n[2] == 0.0f ? 0
                      : p->n[1] == 1.0f && p->n[0] == 0.0f && p->n[2] == 0.0f ? 1
                      : p->n[2] == 1.0f && p->n[0] == 0.0f && p->n[1] == 0.0f ? 2 : 3);
    p->pad = 0;
}

/* A node: children (>= 0 a node, < 0 -1 - leaf) and its plane's place:
 * the byte offset of its bsp__cplane in the plane array (the index times
 * the record's size, checked at load), so a walk's step reads the plane
 * with one add, as the engines' node holds a pointer. */
typedef struct bsp__cnode {
    int32_t child[2];
    uint32_t plane_at;
} bsp__cnode;

BSP_INLINE const bsp__cplane *bsp__cnode_plane(const bsp__cplane *planes, const bsp__cnode *node)
{
    return (const bsp__cplane *)(const void *)((const uint8_t *)planes + node->plane_at);
}

/* A leaf: contents, and its run of the leaf-brush list (first is
 * BSP__COLL_BAD when the run leaves the list). */
typedef struct bsp__cleaf {
    int32_t contents;
    uint32_t first, count;
} bsp__cleaf;

/* A brush: its run of sides (count <= 0: none), contents (quake3: its
 * shader's contentFlags; 0 for a brush without sides, which no mask
 * takes); first is BSP__COLL_BAD when the run leaves the side lump or
 * (quake3) the shader index leaves its lump. */
typedef struct bsp__cbrush {
    uint32_t first;
    int32_t count;
    int32_t contents;
} bsp__cbrush;

/* quake3 with curved surfaces: a leaf's run of its surface list, less the
 * surfaces at either end that are valid indices of no patch (first is
 * BSP__COLL_BAD, count 1, when the run leaves the list): most leaves hold
 * no patch and their run is empty. */
typedef struct bsp__crun {
    uint32_t first, count;
} bsp__crun;

#define BSP__COLL_BAD 0xffffffffu
/* A side: its plane's index, BSP__COLL_SIDE_BAD past the plane lump;
 * BSP__COLL_BEVEL set on Source's bevel sides (8.9 step 4). */
#define BSP__COLL_BEVEL 0x80000000u
#define BSP__COLL_SIDE_BAD 0x7fffffffu

typedef struct bsp__coll_native {
    const bsp__cplane *planes;
    const bsp__cnode *nodes;
    const bsp__cleaf *leafs;
    const bsp__cbrush *brushes;
    const uint32_t *sides;
    const uint32_t *leafbrushes;   /* brush indices, unchecked (as in the file) */
    const bsp__crun *leafsurfs;    /* per leaf (quake3 with patches; else NULL) */
    uint32_t num_planes, num_nodes, num_leafs, num_brushes, num_sides, num_leafbrushes;
    /* quake3: the world model's brushes, [lo, hi) (hi may wrap, as the
     * engine's sum) */
    uint32_t world_lo, world_hi;
    /* 1 when the load found every side's plane inside its lump and
     * (quake3) every brush with sides and a sound run followed by the six
     * sides its bounds are read from: the position tests then check no
     * index (trace.c clip_brush, test_brush) */
    uint32_t sides_checked;
} bsp__coll_native;

/* The arena bytes of a load's native collision records (0: the family
 * has no brush traces; the leaves' surface runs when h->patch_bytes says
 * the map has patches); 0xffffffff when they would not fit 32 bits. */
uint32_t bsp__coll_native_bytes(const bsp_header *h);

/* Builds them into `region` (8-aligned, `bytes` from the above) from the
 * map's views and sets m->coll_native. CORRUPT for a node whose plane or
 * child is outside its lump (the load's validation has refused those
 * already) or when the views hold more records than the header said. */
bsp_status bsp__coll_native_build(bsp__map *m, uint8_t *region, uint32_t bytes);

#endif
