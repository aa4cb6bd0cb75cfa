/* SPDX-License-Identifier: MIT */
/* unpack.h - decode one Valve LZMA block in place. */
#ifndef BSP_UNPACK_H
#define BSP_UNPACK_H

#include "../family/family.h"

/* The `stored` bytes of an LZMA block (Valve header + stream) sit at the
 * tail of region[0 .. region_bytes); decode `size` bytes forward into the
 * region's head. probs: decoder tables for lc + lp <= lclp_max. Fails with
 * LZMA_CORRUPT (bad header or stream), LZMA_PROPS or LZMA_OVERLAP. */
bsp_status bsp__unpack_in_place(uint8_t *region, uint32_t region_bytes, uint32_t stored,
                               uint32_t size, void *probs, uint32_t lclp_max);

#endif
