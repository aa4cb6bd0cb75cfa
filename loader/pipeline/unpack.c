/* SPDX-License-Identifier: MIT */
/* unpack.c - Valve's LZMA blocks, decoded in place.
 *
 * A block is Valve's 17-byte header (little-endian in every file, also in
 * big-endian console maps) followed by a raw LZMA stream. Compressed lumps
 * and compressed game lumps are both such blocks.
 */
#include "unpack.h"
#include "../lzma/lzma_decoder.h"

/* Valve's LZMA lump header: "LZMA", u32le uncompressed size, u32le
 * compressed size, 5 property bytes; little-endian in every file. */
#define LZMA_HEADER 17

#if !BSPKIT_LZMA
/* Built without the decoder: bsp_measure refuses compressed lumps first. */
bsp_status bsp__unpack_in_place(uint8_t *region, uint32_t region_bytes, uint32_t stored,
                               uint32_t size, void *probs, uint32_t lclp_max)
{
    (void)region, (void)region_bytes, (void)stored, (void)size, (void)probs, (void)lclp_max;
    return BSP_E_UNSUPPORTED;
}
#else

bsp_status bsp__unpack_in_place(uint8_t *region, uint32_t region_bytes, uint32_t stored,
                               uint32_t size, void *probs, uint32_t lclp_max)
{
    const uint8_t *hd = region + region_bytes - stored;
    bsp__lzma_props props;
    uint32_t packed;
    int r;
    if (stored < LZMA_HEADER || hd[0] != 'L' || hd[1] != 'Z' || hd[2] != 'M' || hd[3] != 'A')
        return BSP_E_LZMA_CORRUPT;
    packed = bsp__get_le32(hd + 8);
    if (bsp__get_le32(hd + 4) != size || packed > stored - LZMA_HEADER) return BSP_E_LZMA_CORRUPT;
    if (bsp__lzma_parse_props(hd + 12, &props) != BSP_LZMA_OK) return BSP_E_LZMA_CORRUPT;
    if ((uint32_t)props.lc + props.lp > lclp_max) return BSP_E_LZMA_PROPS;
    r = bsp__lzma_decode(&props, probs, region, size,
                        region_bytes - stored + LZMA_HEADER, packed);
    if (r == BSP_LZMA_OK) return BSP_OK;
    return r == BSP_LZMA_OVERLAP ? BSP_E_LZMA_OVERLAP : BSP_E_LZMA_CORRUPT;
}
#endif
