/* swap.h - byte-order conversion of loaded lumps, driven by bsp_layout. */
#ifndef BSP_SWAP_H
#define BSP_SWAP_H

#include "family.h"

/* Swap every multi-byte field of the lump at `data` (size bytes, aligned to
 * 4) from the other byte order to the host's. */
void bsp_swap_lump(uint8_t *data, uint32_t size, const bsp_layout *lay);

#endif
