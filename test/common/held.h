/* SPDX-License-Identifier: MIT */
/* held.h - a map loaded from bytes in memory, the way most test programs
 * load one: a memory stream over the file, bsp_open, the curved surfaces
 * measured when the load includes collision, bsp_measure, an arena of
 * exactly what it asked for from malloc (8 bytes of slack, so that a write
 * past the end is ASan's to see, not the next block's), bsp_load.
 * The caller frees H->arena.
 */
#ifndef BSP_TEST_HELD_H
#define BSP_TEST_HELD_H

#include <stdlib.h>
#include <string.h>
#include "../../loader/bspkit.h"
#include "../../platform/memory/bsp_memstream.h"

typedef struct held {
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    uint8_t *arena;
    uint32_t need;    /* what bsp_measure asked for */
    bsp_status st;    /* the first status that was not BSP_OK, else BSP_OK */
} held;

/* The options of a load of SETS, taking the generated maps' widest LZMA
 * settings (lc + lp up to 12). */
static __attribute__((unused)) bsp_options held_options(uint32_t sets)
{
    bsp_options o = bsp_default_options(sets);
    o.lzma_lclp_max = 12;
    return o;
}

/* held_open: the stream over DATA and bsp_open (H->h), nothing loaded. */
static __attribute__((unused)) bsp_status held_open(held *H, const uint8_t *data, uint32_t size)
{
    memset(H, 0, sizeof *H);
    bsp_memstream_init(&H->ms, &H->s, data, size);
    return H->st = bsp_open(&H->h, &H->s);
}

/* held_finish: the rest of the load of an opened map with options O. */
static __attribute__((unused)) bsp_status held_finish(held *H, const bsp_options *o)
{
    static uint8_t scratch[BSP_PATCH_SCRATCH_BYTES];
    if ((o->sets & BSP_LOAD_COLLISION) &&
        (H->st = bsp_measure_patches(&H->h, &H->s, scratch, sizeof scratch)) != BSP_OK)
        return H->st;
    if ((H->st = bsp_measure(&H->h, o, &H->need)) != BSP_OK) return H->st;
    H->arena = malloc(H->need + 8);
    return H->st = bsp_load(&H->m, &H->h, &H->s, H->arena, H->need, o, NULL);
}

/* held_load: held_open, then held_finish. */
static __attribute__((unused)) bsp_status held_load(held *H, const uint8_t *data, uint32_t size,
                                                    const bsp_options *o)
{
    if (held_open(H, data, size) != BSP_OK) return H->st;
    return held_finish(H, o);
}

#endif
