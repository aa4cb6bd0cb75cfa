/* SPDX-License-Identifier: MIT */
/* swap.h - byte-order conversion of loaded lumps, driven by bsp__layout. */
#ifndef BSP_SWAP_H
#define BSP_SWAP_H

#include "../family/family.h"

/* Swap every multi-byte field of the lump at `data` (size bytes, aligned to
 * 4) from the other byte order to the host's. */
void bsp__swap_lump(uint8_t *data, uint32_t size, const bsp__layout *lay);

#endif
