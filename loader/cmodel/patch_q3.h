/* SPDX-License-Identifier: MIT */
/* patch_q3.h - Quake 3 curved surfaces as collision sees them
 * (docs/queries.md 8.11): one patch's facets built from its control grid
 * at load (patch_build.c); the sweeps and the position test against them
 * are collision's (collision/patch_trace.h).
 *
 * The algorithm is that of id Software's cm_patch.c under the engine's
 * default settings, learned from ioquake3's source and written anew,
 * operation for operation as test/reference/bspref_trace.py has it (every
 * float operation rounded to float, the engine's double constants taken in
 * single precision: 8.6).
 *
 * Building a patch, in two calls so that a loader sizes its arena exactly:
 *
 *   bsp__q3_patch_measure(points, stride, width, height, scratch, bytes, &sizes)
 *       builds the facets in `scratch` and says how many bytes the result
 *       takes (sizes.bytes);
 *   bsp__q3_patch_build(points, stride, width, height, scratch, bytes, out, out_bytes)
 *       builds them again and writes the result at `out`;
 *   bsp__q3_patch_measure_out(..., &sizes, out, out_bytes)
 *       measures, and writes the result at `out` too when out_bytes holds
 *       it (sizes.bytes <= out_bytes): one build for both, where the
 *       result can be kept until the arena is there.
 *
 * `points` is the first control point's xyz (three native floats); the
 * next control point is `stride` bytes further (a Quake 3 draw vertex: 44
 * bytes), row after row (point (i, j) is number j * width + i). `scratch`,
 * `points` and `out` are 4-byte aligned. `scratch` needs
 * BSP__Q3_PATCH_SCRATCH bytes (the subdivided grid of 129 x 129 points,
 * the grid's square planes, 2048 planes, 1024 facets of 26 borders, three
 * windings); its content between the calls does not matter.
 *
 * Statuses: BSP_E_BAD_ARGUMENT (a NULL or misaligned pointer, scratch too
 * small, `out_bytes` below what measure said), BSP_E_CORRUPT where the
 * engine stops with an error or the grid is not a patch: a side under 3 or
 * even, a side over 129 control points or more than 1024 of them, a grid
 * subdivided past 129 points per side, more than 1024 facets, more than
 * 2048 planes, a winding of more than 64 points, a plane without a largest
 * axis (not finite).
 *
 * The built patch (position-independent: offsets from its first byte; all
 * fields 4-byte aligned, native byte order, the same on 32- and 64-bit):
 *
 *   header, 64 bytes
 *      0 u32 bytes          the whole patch
 *      4 u32 num_planes     <= 2048
 *      8 u32 num_facets     <= 1024
 *     12 u32 num_borders    all facets' borders together
 *     16 u32 planes_ofs     64
 *     20 u32 facets_ofs
 *     24 u32 borders_ofs
 *     28 u32 grid           width | height << 16 after subdivision (statistics)
 *     32 f32 lo[3]          the subdivided grid's bounds, 1 unit wider
 *     44 f32 hi[3]
 *     56 u32 reserved[2]    0
 *   planes, 20 bytes each, in the engine's order of creation
 *      0 f32 normal[3], 12 f32 dist, 16 u32 signbits (bit k: normal[k] < 0)
 *   facets, 8 bytes each, in the engine's order
 *      0 u16 surface plane, 2 u16 number of borders (<= 26), 4 u32 first border
 *   borders, 4 bytes each, facet after facet, in the engine's order
 *      0 u16 plane, 2 u16 inward (1: the plane is used flipped)
 *
 * size = 64 + 20 * planes + 8 * facets + 4 * borders.
 */
#ifndef BSP_PATCH_Q3_H
#define BSP_PATCH_Q3_H

#include "../family/family.h"
#include "../core/fmath.h"

#define BSP__Q3_PATCH_GRID_MAX 129     /* MAX_GRID_SIZE: points per side after subdivision */
#define BSP__Q3_PATCH_VERTS_MAX 1024   /* control points of one patch (the engine's buffer) */
#define BSP__Q3_PATCH_FACETS_MAX 1024  /* MAX_FACETS */
#define BSP__Q3_PATCH_PLANES_MAX 2048  /* MAX_PATCH_PLANES */
#define BSP__Q3_PATCH_BORDERS_MAX 26   /* 4 + 6 + 16 borders of one facet */
#define BSP__Q3_PATCH_HEAD_BYTES 64

/* The scratch of measure and build: 393 216 bytes (384 KiB); patch_q3.c
 * checks that its work area fits. */
#define BSP__Q3_PATCH_SCRATCH 393216u


typedef struct bsp__q3_patch_sizes {
    uint32_t bytes;          /* what the built patch takes */
    uint32_t planes, facets, borders;
    uint32_t width, height;  /* the grid after subdivision */
    uint32_t side;           /* the grid's longest side while it was built */
} bsp__q3_patch_sizes;

/* A smaller work area: the caps of the largest patches a build meets, in
 * one word (the grid's side, planes, facets; borders: 26 a facet), from
 * the measured sizes. bsp__q3_patch_build_in builds in the work area laid
 * out for `caps` (bsp__q3_patch_scratch_bytes(caps) bytes, 8-aligned):
 * CORRUPT for a patch that needs more. BSP__Q3_PATCH_CAPS_FULL: any patch,
 * BSP__Q3_PATCH_SCRATCH bytes (measure and build use it). */
#define BSP__Q3_PATCH_CAPS(side, planes, facets) \
    ((uint32_t)(side) | (uint32_t)(planes) << 8 | (uint32_t)(facets) << 20)
#define BSP__Q3_PATCH_CAPS_FULL \
    BSP__Q3_PATCH_CAPS(BSP__Q3_PATCH_GRID_MAX, BSP__Q3_PATCH_PLANES_MAX, BSP__Q3_PATCH_FACETS_MAX)
size_t bsp__q3_patch_scratch_bytes(uint32_t caps);
bsp_status bsp__q3_patch_build_in(const uint8_t *points, uint32_t stride, int32_t width,
                                  int32_t height, void *scratch, size_t scratch_bytes, uint32_t caps,
                                  void *out, size_t out_bytes);

bsp_status bsp__q3_patch_measure(const uint8_t *points, uint32_t stride, int32_t width,
                                 int32_t height, void *scratch, size_t scratch_bytes,
                                 bsp__q3_patch_sizes *sizes);
bsp_status bsp__q3_patch_build(const uint8_t *points, uint32_t stride, int32_t width,
                               int32_t height, void *scratch, size_t scratch_bytes,
                               void *out, size_t out_bytes);
bsp_status bsp__q3_patch_measure_out(const uint8_t *points, uint32_t stride, int32_t width,
                                     int32_t height, void *scratch, size_t scratch_bytes,
                                     bsp__q3_patch_sizes *sizes, void *out, size_t out_bytes);

/* The built patch's header fields (patch: its first byte). */
BSP_INLINE uint32_t bsp__q3_patch_u32(const void *patch, uint32_t ofs)
{
    return bsp__u32((const uint8_t *)patch + ofs);
}
#define bsp__q3_patch_bytes(p) bsp__q3_patch_u32((p), 0)
#define bsp__q3_patch_num_planes(p) bsp__q3_patch_u32((p), 4)
#define bsp__q3_patch_num_facets(p) bsp__q3_patch_u32((p), 8)
#define bsp__q3_patch_num_borders(p) bsp__q3_patch_u32((p), 12)

#endif
