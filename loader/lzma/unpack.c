/* SPDX-License-Identifier: MIT */
/* unpack.c - Valve's LZMA blocks, decoded in place.
 *
 * A block is Valve's 17-byte header (little-endian in every file, also in
 * big-endian console maps) followed by a raw LZMA stream. Compressed lumps
 * and compressed game lumps are both such blocks.
 */
#include "unpack.h"

#if !BSPKIT_LZMA
/* Built without the decoder: bsp_measure refuses compressed lumps first, so
 * these only keep the pipeline linkable. */
int bsp__valve_block_parse(const uint8_t *hd, uint32_t stored, bsp__valve_block *v)
{
    (void)hd, (void)stored, (void)v;
    return 0;
}

bsp_status bsp__unpack_start(bsp__lzma_dec *d, uint8_t *region, uint32_t region_bytes,
                             uint32_t stored, uint32_t size, void *probs, uint32_t lclp_max)
{
    (void)d, (void)region, (void)region_bytes, (void)stored, (void)size, (void)probs, (void)lclp_max;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp__unpack_status(bsp__lzma_result lzma_result)
{
    return lzma_result == BSP_LZMA_OK ? BSP_OK : BSP_E_UNSUPPORTED;
}

bsp_status bsp__unpack_in_place(uint8_t *region, uint32_t region_bytes, uint32_t stored,
                               uint32_t size, void *probs, uint32_t lclp_max)
{
    (void)region, (void)region_bytes, (void)stored, (void)size, (void)probs, (void)lclp_max;
    return BSP_E_UNSUPPORTED;
}
#else
int bsp__valve_block_parse(const uint8_t *hd, uint32_t stored, bsp__valve_block *v)
{
    /* "LZMA" read as one little-endian word */
    if (stored < BSP_VALVE_HEADER || bsp__get_le32(hd) != 0x414d5a4cu) return 0;
    v->size = bsp__get_le32(hd + 4);
    v->packed = bsp__get_le32(hd + 8);
    v->props_ok = bsp__lzma_parse_props(hd + 12, &v->props) == BSP_LZMA_OK;
    return 1;
}

bsp_status bsp__unpack_start(bsp__lzma_dec *d, uint8_t *region, uint32_t region_bytes,
                             uint32_t stored, uint32_t size, void *probs, uint32_t lclp_max)
{
    bsp__valve_block v;
    if (!bsp__valve_block_parse(region + region_bytes - stored, stored, &v) || v.size != size ||
        v.packed > stored - BSP_VALVE_HEADER || !v.props_ok)
        return BSP_E_LZMA_CORRUPT;
    if ((uint32_t)v.props.lc + v.props.lp > lclp_max) return BSP_E_LZMA_PROPS;
    return bsp__unpack_status(bsp__lzma_setup(d, &v.props, probs, region, size,
                                              region_bytes - stored + BSP_VALVE_HEADER, v.packed));
}

bsp_status bsp__unpack_status(bsp__lzma_result lzma_result)
{
    if (lzma_result == BSP_LZMA_OK || lzma_result == BSP_LZMA_MORE) return BSP_OK;
    return lzma_result == BSP_LZMA_OVERLAP ? BSP_E_LZMA_OVERLAP : BSP_E_LZMA_CORRUPT;
}


bsp_status bsp__unpack_in_place(uint8_t *region, uint32_t region_bytes, uint32_t stored,
                               uint32_t size, void *probs, uint32_t lclp_max)
{
    bsp__lzma_dec d;
    bsp_status st = bsp__unpack_start(&d, region, region_bytes, stored, size, probs, lclp_max);
    if (st != BSP_OK) return st;
    bsp__lzma_init_probs(&d, 0xffffffffu);
    return bsp__unpack_status(bsp__lzma_run(&d, d.in_len, size));
}
#endif
