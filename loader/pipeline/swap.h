/* SPDX-License-Identifier: MIT */
/* swap.h - byte-order conversion of loaded lumps, driven by bsp__layout. */
#ifndef BSP_SWAP_H
#define BSP_SWAP_H

#include "../family/family.h"

/* Swap the multi-byte fields of the lump at `data` (size bytes, aligned to
 * 4) from the other byte order to the host's, in slices: from byte `pos`
 * (0 at the start, then what the last call returned), whole records, about
 * `budget` bytes but at least one record (0xffffffff: the whole lump). Returns where the next slice starts, `size` once the lump is
 * done. */
uint32_t bsp__swap_slice(uint8_t *data, uint32_t size, const bsp__layout *lay, uint32_t pos,
                         uint32_t budget);

#endif
