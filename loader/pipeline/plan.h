/* SPDX-License-Identifier: MIT */
/* plan.h - where each wanted lump goes in the arena (shared by bsp_measure
 * and bsp_load, so the two cannot disagree). */
#ifndef BSP_PLAN_H
#define BSP_PLAN_H

#include "../family/family.h"
#include "../cmodel/cmodel.h"

/* The stages of a plan item's work, in the order they come (resume.c
 * steps the item being worked on through them with a switch, as a
 * decoder steps its sequence): an item starts at the stage its plan
 * gives (`start`: waiting for its input, decoding, a job's, or packing)
 * and ends with its record checks; the load is done when the last item
 * is. */
enum bsp__stage {
    BSP__STAGE_INPUT,    /* a plain lump: its stored bytes arriving */
    BSP__STAGE_DECODE,   /* compressed: decoded here as its input arrives */
    BSP__STAGE_JOB,      /* compressed: a decode job's (options.jobs), which
                            swaps it too */
    BSP__STAGE_PACK,     /* read through a window, a run of its records'
                            leading fields packed as they pass (pack_*) */
    BSP__STAGE_SWAP,     /* to the host's byte order (when the file's is not) */
    BSP__STAGE_CHECK,    /* its records checked */
    BSP__STAGE_DONE      /* every item: the last steps' turn */
};

typedef struct bsp__plan_item {
    uint8_t lump;
    uint8_t start;           /* bsp__stage its work starts at */
    uint32_t arena_offset;   /* start of the lump's region */
    uint32_t region;         /* its window: the loaded size, or for in-place
                                decompression the size plus the margin, which
                                may run on into the next lumps' (still empty)
                                regions */
} bsp__plan_item;

typedef struct bsp__plan {
    uint32_t count;                      /* items, in ascending file offset */
    bsp__plan_item items[BSP_MAX_LUMPS];
    /* The item packed (its start BSP__STAGE_PACK) when pack_keep is not
     * 0: a lump the family reads only a run of (bsp__collision.pack_keep).
     * Its region is pack_keep bytes (host order) of each of the pack_count
     * records from pack_first, then a window of pack_window bytes (whole
     * records) the lump's bytes pass through: lump byte k lands at
     * window + k % pack_window, and a read waits until the records it
     * would land on are packed. Unless pipelined, the next lumps' regions
     * start after the run, over the window: their reads wait until the
     * last record is packed. */
    uint8_t pack_keep;
    uint8_t pack_item;
    uint32_t pack_first, pack_count, pack_window;
    bsp__cmodel_regions cmodel;          /* the collision model's parts, after the
                                            lumps and the light grid */
    uint32_t tree_offset, tree_bytes;    /* the point walks' tree
                                            (query/point_tree.c) */
    uint32_t grid_offset, grid_bytes;    /* the light grid's parse and index
                                            (docs/queries.md 10.5); 0: none */
    uint32_t names_offset, names_bytes;  /* quake2's texture table numbered
                                            (family/texture_names.h); 0: none */
    uint32_t names_scratch;              /* the numbering's share of scratch */
    uint32_t face_light_offset, face_light_bytes; /* each face's lightmap
                                            placement (query/face_light.h); 0: none */
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
    /* bit (i & 31) of word i / 32: BSP_LOAD_PARTIAL left lump i out */
    uint32_t left_out[BSP_MAX_LUMPS / 32];
    uint32_t where_lump;                 /* the lump a refusal names (bsp_where);
                                            BSP_NO_LUMP: none */
#if BSP__USE_PARTS
    /* options.part (docs/queries.md 12.8): bit (i & 31) of word i / 32,
     * lump i's item is read from its part, whose stream's size is
     * part_size[i] (its entry: offset 0, that size, the directory's
     * version); such items come after the .bsp's, ascending */
    uint32_t from_part[BSP_MAX_LUMPS / 32];
    uint32_t part_size[BSP_MAX_LUMPS];
#endif
} bsp__plan;

/* The .lit's item: below the BSPX ones, past the lumps of quake and
 * bsp2, the only families that read one (Source has a lump 30: a plan
 * has this item only when it reads a .lit). */
#define BSP__LIT_SLOT (BSP_BSPX_FIRST - 2u)
BSP_INLINE int bsp__plan_is_lit(const bsp__plan *p, uint32_t lump)
{
    /* (only a family with a BSPX directory reads a .lit: lit_check) */
    return BSP__USE_BSPX && lump == BSP__LIT_SLOT && p->lit_check == BSP_LIT_READ;
}

/* Is lump's item read from its part (options.part, docs/queries.md 12.8)? */
BSP_INLINE int bsp__plan_is_part(const bsp__plan *p, uint32_t lump)
{
#if BSP__USE_PARTS
    return lump < BSP_MAX_LUMPS && (p->from_part[lump / 32] >> (lump & 31) & 1u);
#else
    (void)p, (void)lump;
    return 0;
#endif
}

/* The stream a plan item's lump is read from (bsp_read.stream): 0 the
 * map, 1 the .lit, 2 + lump its part. */
BSP_INLINE uint32_t bsp__plan_stream(const bsp__plan *p, uint32_t lump)
{
    return bsp__plan_is_part(p, lump) ? 2u + lump : (uint32_t)bsp__plan_is_lit(p, lump);
}

/* The entry of a plan item's lump: the header's, the .lit's, or its
 * part's (offset 0 of the part's stream, its whole size, uncompressed),
 * which is made in *part (the caller's: a build without parts has no
 * copy to make). */
BSP_INLINE const bsp_lump_entry *bsp__plan_entry(const bsp_header *h, const bsp__plan *p, uint32_t lump,
                                                 bsp_lump_entry *part)
{
    if (bsp__plan_is_lit(p, lump)) return &p->lit;
#if BSP__USE_PARTS
    if (bsp__plan_is_part(p, lump)) {
        *part = h->lumps[lump];
        part->offset = 0;
        part->length = part->size = p->part_size[lump];
        part->compressed = 0;
        return part;
    }
#endif
    (void)part;
    return &h->lumps[lump];
}

/* p is the caller's plan (never NULL); h and o are checked. A refusal
 * sets p->where_lump when it names a lump. */
bsp_status bsp__plan_build(const bsp_header *h, const bsp_options *o, bsp__plan *p);

/* (where.c) A bsp_where for `lump` of h: its file offset (through plan p, which
 * knows the .lit's entry, when not NULL) and its directory version (-1
 * past the family's directory or in a family whose entries have none);
 * BSP_NO_LUMP names nothing. */
void bsp__where_of(const bsp_header *h, const bsp__plan *p, uint32_t lump, bsp_where *w);

/* The lump bsp_open refuses a directory for (header.c): of those past the
 * file's end the first a front-to-back read meets, else the first over
 * the header; BSP_NO_LUMP when every non-empty lump fits. */
uint32_t bsp__directory_misfit(const bsp_header *h);

#endif
