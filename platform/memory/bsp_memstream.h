/* SPDX-License-Identifier: MIT */
/* bsp_memstream.h - a bsp_stream over bytes already in memory (a map linked
 * into the program, or a file a platform has read whole). Freestanding. */
#ifndef BSP_MEMSTREAM_H
#define BSP_MEMSTREAM_H

/* "bspkit.h", not a path into the source tree: the installed headers share
 * one include folder, and the build passes -I for loader/. */
#include "bspkit.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bsp_memstream {
    const uint8_t *data;
    uint32_t size;
} bsp_memstream;

/* Fill *s to read data[0 .. size). */
BSP_API void bsp_memstream_init(bsp_memstream *m, bsp_stream *s, const void *data, uint32_t size);

#ifdef __cplusplus
}
#endif

#endif
