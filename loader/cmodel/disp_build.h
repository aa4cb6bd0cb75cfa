/* SPDX-License-Identifier: MIT */
/* disp_build.h - Source terrain's collision (docs/queries.md 8.14) as the
 * load builds it into the arena and the traces read it (disp_build.c).
 *
 * The region's size follows from the header alone, so that bsp_measure
 * counts it without reading the map: a record per displacement (lump 26's
 * count), a vertex per disp vert (lump 33's count) and a triangle per disp
 * tri (lump 48's count). A displacement's grid and triangles sit at the
 * places of its own disp verts and disp tris (DispVertStart, DispTriStart),
 * so two displacements whose runs overlap would need the same slots: such
 * a file is corrupt (Valve's compiler never shares a run).
 */
#ifndef BSP_DISP_BUILD_H
#define BSP_DISP_BUILD_H

#include "../family/family.h"
#include "../core/map.h"

/* A displacement's record, native order, 4-byte fields:
 * bounds lo[3], hi[3] (the union of its cells' boxes), contents, flags
 * (NOHULL, NORAY), power, first vertex slot, first triangle slot, its base
 * face (the build's own, -1 before it is found). */
#define BSP__DISP_REC_BYTES 48u
#define BSP__DISP_LO 0
#define BSP__DISP_HI 12
#define BSP__DISP_CONTENTS 24
#define BSP__DISP_FLAGS 28
#define BSP__DISP_POWER 32
#define BSP__DISP_VSTART 36
#define BSP__DISP_TSTART 40
#define BSP__DISP_FACE 44
/* a vertex slot: x, y, z; a triangle slot: n[3], d, flags. After the
 * triangle slots, 12 bytes per slot hold the cells' boxes (a cell's two
 * triangles, 24 bytes), from byte 12 * DispTriStart: the displacement's
 * cells in Morton order, each four that make one block of level 1 kept
 * together as six rows of four floats (lo x, y, z then hi x, y, z, a lane
 * per cell: bsp__disp_cell_float), so that a trace reads the four boxes
 * it tests side by side as rows. Then 4 bytes per slot hold the
 * displacement's quadtree boxes (lo, hi; fewer than a sixth of its
 * triangles), from byte 4 * DispTriStart: the blocks of 2^L x 2^L cells,
 * level L = power first, block b of level L (cells b * 4^L .. in Morton
 * order) at index (4^(power-L) - 1) / 3 + b, so that a trace skips every
 * cell of a block its cull rejects. */
#define BSP__DISP_VERT_BYTES 12u
#define BSP__DISP_TRI_BYTES 20u
#define BSP__DISP_CELL_SLOT 12u
#define BSP__DISP_NODE_SLOT 4u
#define BSP__DISP_NODE_BYTES 24u

/* After the quadtree slots, BSP__DISP_EDGE_BYTES per triangle slot: the
 * 9 edge planes its box sweep tries (8.14 step 2: edge g crossed with
 * axis ax, plane 3 * ax + g), built once at load as Valve's m_aEdgePlanes:
 * a uint32 (bit q: plane q is skipped, a zero component; bit 9 + q: its
 * normal was turned, so its axis component is -0), then per plane its two
 * other components (i, j: the axes after ax) and its distance. */
#define BSP__DISP_EDGE_BYTES 112u
/* every byte a triangle slot takes, in the four runs */
#define BSP__DISP_SLOT_BYTES (BSP__DISP_TRI_BYTES + BSP__DISP_CELL_SLOT + BSP__DISP_NODE_SLOT + BSP__DISP_EDGE_BYTES)
#define BSP__DISP_EDGE_SKIP(q) (1u << (q))
#define BSP__DISP_EDGE_TURNED(q) (1u << (9 + (q)))

/* The cells' boxes of the displacement whose triangles start at ts, and
 * the byte of float f (0..5) of its cell z (Morton order) from there. */
BSP_INLINE const uint8_t *bsp__disp_cells(const bsp__map *m, uint32_t ts)
{
    return m->disp_tris.data + (size_t)m->disp_tris.count * BSP__DISP_TRI_BYTES + (size_t)ts * BSP__DISP_CELL_SLOT;
}
BSP_INLINE size_t bsp__disp_cell_float(uint32_t z, uint32_t f)
{
    return (size_t)(z >> 2) * (4 * BSP__DISP_NODE_BYTES) + 16 * (size_t)f + 4 * (size_t)(z & 3);
}
/* Node `index` of the displacement whose triangles start at ts. */
BSP_INLINE const uint8_t *bsp__disp_node(const bsp__map *m, uint32_t ts, uint32_t index)
{
    return m->disp_tris.data + (size_t)m->disp_tris.count * (BSP__DISP_TRI_BYTES + BSP__DISP_CELL_SLOT) +
           (size_t)ts * BSP__DISP_NODE_SLOT + (size_t)index * BSP__DISP_NODE_BYTES;
}
/* Within its level, a block's box is kept with its three siblings' (the
 * children of one block, nodes first + 4g .. first + 4g + 3): six rows of
 * four floats, lo x, y, z then hi x, y, z, a lane per sibling, so that a
 * trace tests the four boxes side by side (collision/disp_trace.c). The
 * root (level power, node 0) has no siblings: its six floats in a row.
 * The byte of float f (0..5) of node k of the level whose first node is
 * `first`, from the displacement's node 0. */
BSP_INLINE size_t bsp__disp_node_float(uint32_t first, uint32_t k, uint32_t f)
{
    if (first == 0) return (size_t)4 * f;
    return (size_t)first * BSP__DISP_NODE_BYTES + (size_t)(k >> 2) * (4 * BSP__DISP_NODE_BYTES) + 16 * (size_t)f +
           4 * (size_t)(k & 3);
}
/* The edge planes of triangle slot `slot`. */
BSP_INLINE const uint8_t *bsp__disp_edges(const bsp__map *m, uint32_t slot)
{
    return m->disp_tris.data +
           (size_t)m->disp_tris.count * (BSP__DISP_TRI_BYTES + BSP__DISP_CELL_SLOT + BSP__DISP_NODE_SLOT) +
           (size_t)slot * BSP__DISP_EDGE_BYTES;
}
/* The first node of level L of a displacement of this power. */
#define BSP__DISP_LEVEL(power, L) (((1u << (2 * ((power) - (L)))) - 1) / 3)
/* After the triangle slots' region: the world leaves' displacement lists,
 * 8.14's join worked out once by the load (collision/disp_trace.c fills
 * them after the build) so that a trace asks a leaf only for its own: a
 * uint32 per leaf of the leafs lump and one more (leaf l's entries are
 * [first[l], first[l + 1])), then room for BSP__DISP_LIST_PER entries per
 * displacement, each a uint16 displacement index, ascending within a
 * leaf. The room follows from the header (bsp_measure counts it); a map
 * whose pairs need more keeps no lists, and its traces join as before. */
#define BSP__DISP_LIST_PER 64u
#define BSP__DISP_NOHULL 4u
#define BSP__DISP_NORAY 8u
/* In a record's flags (the file's never reach bit 31): a vertex of the
 * displacement is not finite, so its boxes may hold a NaN (the trace's
 * ordered cull takes boxes without one: collision/disp_trace.c). */
#define BSP__DISP_NONFINITE 0x80000000u

/* Triangle k of a displacement whose grid is n vertices wide: cell k / 2,
 * split as Valve's compiler and engine split it (a checkerboard: along
 * (a + 1, a + n) when the cell's first vertex a is odd, along (a, a + n + 1)
 * when even); the vertices in the contract's order (8.14). Face access
 * draws the same triangles. */
BSP_INLINE void bsp__disp_tri(uint32_t n, uint32_t k, uint32_t idx[3])
{
    uint32_t cell = k / 2, a = (cell / (n - 1)) * n + cell % (n - 1);
    if (a & 1) {
        idx[0] = (k & 1) ? a + 1 : a;
        idx[1] = a + n;
        idx[2] = (k & 1) ? a + n + 1 : a + 1;
    } else {
        idx[0] = a;
        idx[1] = (k & 1) ? a + n + 1 : a + n;
        idx[2] = (k & 1) ? a + 1 : a + n + 1;
    }
}

/* 8.14's Grid of one displacement (disp_grid.c): its corners from the
 * one nearest startPosition, the steps along its two sides. */
typedef struct bsp__disp_grid {
    float Q[4][3], E0[3], E1[3], inv;
    uint32_t n;                /* vertices per row, 2^power + 1 */
} bsp__disp_grid;

/* Base face f's corner k (the edge loop's vertex); 0 when an index lies
 * outside its lump. */
int bsp__disp_corner(const bsp__map *m, const uint8_t *f, uint32_t k, float v[3]);
/* Set up g over base face `face` for the dispinfo record `info` (its
 * startPosition first), n vertices a row; 0 when a corner's index lies
 * outside its lump. */
int bsp__disp_grid_begin(bsp__disp_grid *g, const bsp__map *m, const uint8_t *face, const uint8_t *info,
                         uint32_t n);
/* Row r's start A and step S. */
void bsp__disp_grid_row(const bsp__disp_grid *g, uint32_t r, float A[3], float S[3]);
/* Vertex c of the row (A, S), displaced by its disp vert dv (lump 33:
 * vector, dist). */
void bsp__disp_grid_vertex(const float A[3], const float S[3], uint32_t c, const uint8_t *dv, float p[3]);

/* normalize(v) of 8.14: v * (1 / sqrtf(((x*x + y*y) + z*z) + 1e-10f)). */
void bsp__disp_normalize(float v[3]);

/* The region's bytes for the map the header describes (the leaves' lists
 * included), 0 when it has no displacements or the load builds none
 * (`collision` 0). BAD_LUMP when the sum does not fit 32 bits. */
bsp_status bsp__disp_region(const bsp_header *h, int collision, uint32_t *bytes);

/* The lumps a load with displacement collision reads besides collision's
 * own (the three displacement lumps; the faces, edges and vertexes roles
 * are the caller's). */
int bsp__disp_lump(const struct bsp_family *f, uint32_t k);

/* Where a build stands. All 0 before the first call. */
typedef struct bsp__disp_cursor {
    uint32_t phase;     /* 0: base faces, 1: displacements */
    uint32_t next;
    uint32_t bytes;     /* of the region, built so far */
} bsp__disp_cursor;

/* Build the region (plan's disp_bytes at `region`, 4-aligned) about
 * `budget` bytes per call, with `scratch` for a bit per vertex and
 * triangle slot; points m->disps, disp_verts, disp_tris and the leaves'
 * lists (to be filled, bsp__disp_lists_build) at it. *did gets
 * the work done, *done 1 once the last is built. CORRUPT: a power outside
 * 2..4, a run outside its lump or shared with another displacement, no
 * base face with 4 edges, an edge or vertex outside its lump. */
bsp_status bsp__disps_build(bsp__map *m, const bsp_header *h, uint8_t *region, uint8_t *scratch,
                            bsp__disp_cursor *c, uint32_t budget, uint32_t *did, int *done);

/* The scratch a build needs: a bit per vertex and triangle slot. */
uint32_t bsp__disp_scratch(const bsp_header *h);

#endif
