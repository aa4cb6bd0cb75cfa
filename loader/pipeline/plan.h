/* SPDX-License-Identifier: MIT */
/* plan.h - where each wanted lump goes in the arena (shared by bsp_measure
 * and bsp_load, so the two cannot disagree). */
#ifndef BSP_PLAN_H
#define BSP_PLAN_H

#include "../family/family.h"
#include "../cmodel/cmodel.h"

typedef struct bsp__plan_item {
    uint8_t lump;
    uint32_t arena_offset;   /* start of the lump's region */
    uint32_t region;         /* its window: the loaded size, or for in-place
                                decompression the size plus the margin, which
                                may run on into the next lumps' (still empty)
                                regions */
} bsp__plan_item;

typedef struct bsp__plan {
    uint32_t count;                      /* items, in ascending file offset */
    bsp__plan_item items[BSP_MAX_LUMPS];
    /* quake3: 1 when the draw vertices are read for the patches alone.
     * Item verts_item's region is the xyz (12 bytes a vertex) of the
     * verts_count vertices from verts_first (the run the header says the
     * control points lie in), then a window of verts_window bytes (whole
     * records) the lump's bytes pass through: lump byte k lands at
     * window + k % verts_window, and a read waits until the records it
     * would land on are packed. Unless pipelined, the next lumps' regions
     * start after the run, over the window: their reads wait until the
     * last vertex is packed. The map keeps no vertex once the patches are
     * built. */
    uint8_t verts_xyz;
    uint8_t verts_item;
    uint32_t verts_first, verts_count, verts_window;
    bsp__cmodel_regions cmodel;          /* the collision model's parts, after the
                                            lumps and the light grid */
    uint32_t grid_offset, grid_bytes;    /* the light grid's parse and index
                                            (docs/queries.md 10.5); 0: none */
    uint32_t scratch_offset, scratch_bytes; /* decoder tables, arena end */
    uint32_t total;
    uint8_t use_hdr;
    uint8_t collision;                   /* BSP_LOAD_COLLISION in a build and
                                            family that have it */
    uint8_t lclp_max;                    /* decoder tables fit lc + lp <= this */
    uint8_t jobs;                        /* options.jobs: decode jobs at once */
    uint32_t table_stride;               /* job k's table: scratch + k * this */
    /* The caller's .lit stream (options.lit, docs/queries.md 10.2), read
     * last as item lump BSP__LIT_SLOT when lit_check is BSP_LIT_READ; its
     * entry: offset 0 of that stream, its whole size. */
    bsp_lump_entry lit;
    uint8_t lit_check;                   /* BSP_LIT_*: what the sizes say */
    uint8_t prefer_hdr;                  /* options.prefer_hdr */
} bsp__plan;

/* The .lit's item: below the BSPX ones, past the lumps of quake and
 * bsp2, the only families that read one (Source has a lump 30: a plan
 * has this item only when it reads a .lit). */
#define BSP__LIT_SLOT (BSP_BSPX_FIRST - 2u)
BSP_INLINE int bsp__plan_is_lit(const bsp__plan *p, uint32_t lump)
{
    return lump == BSP__LIT_SLOT && p->lit_check == BSP_LIT_READ;
}

/* The entry of a plan item's lump: the header's, or the .lit's. */
BSP_INLINE const bsp_lump_entry *bsp__plan_entry(const bsp_header *h, const bsp__plan *p,
                                                 uint32_t lump)
{
    return bsp__plan_is_lit(p, lump) ? &p->lit : &h->lumps[lump];
}

/* p is the caller's plan (never NULL); h and o are checked. */
bsp_status bsp__plan_build(const bsp_header *h, const bsp_options *o, bsp__plan *p);

#endif
