/* SPDX-License-Identifier: MIT */
/* unpack.h - Valve's LZMA blocks: the header, read in one place, and in-place
 * decoding, whole or in slices. */
#ifndef BSP_UNPACK_H
#define BSP_UNPACK_H

#include "../bspkit.h"
#include "../core/config.h"
#include "../../port/bsp_port.h"
#include "lzma_decoder.h"

/* Valve's block header: "LZMA", u32le uncompressed size, u32le compressed
 * size, 5 property bytes; little-endian in every file. */
#define BSP_VALVE_HEADER 17u

typedef struct bsp__valve_block {
    uint32_t size;           /* uncompressed bytes */
    uint32_t packed;         /* raw LZMA stream bytes after the header */
    bsp__lzma_props props;
    int props_ok;            /* the property byte is a valid lc/lp/pb */
} bsp__valve_block;

/* 1 when the `stored` bytes at hd start with Valve's header (magic and
 * length), with its fields in *v; 0 otherwise. */
int bsp__valve_block_parse(const uint8_t *hd, uint32_t stored, bsp__valve_block *v);

/* Begin decoding the block whose `stored` bytes sit at the tail of
 * region[0 .. region_bytes) into `size` bytes at the region's head. Only
 * the block's header needs to be in place. Fails with LZMA_CORRUPT (bad
 * header) or LZMA_PROPS (lc + lp over lclp_max). The decoder's table is
 * left to set (bsp__lzma_init_probs), in slices if need be. */
bsp_status bsp__unpack_start(bsp__lzma_dec *d, uint8_t *region, uint32_t region_bytes,
                             uint32_t stored, uint32_t size, void *probs, uint32_t lclp_max);

/* The status of a bsp__lzma_run result (BSP_OK for BSP_LZMA_OK and MORE). */
bsp_status bsp__unpack_status(bsp__lzma_result lzma_result);

/* Both in one call, with all stored bytes in place. */
bsp_status bsp__unpack_in_place(uint8_t *region, uint32_t region_bytes, uint32_t stored,
                               uint32_t size, void *probs, uint32_t lclp_max);

#endif
