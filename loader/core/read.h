/* SPDX-License-Identifier: MIT */
/* read.h - one read through a stream, its result as a status. */
#ifndef BSP_READ_H
#define BSP_READ_H

#include "../bspkit.h"

/* BSP_OK; BSP_E_TRUNCATED when the stream says its data ended
 * (BSP_READ_END); BSP_E_IO on any other failure. */
bsp_status bsp__read(const bsp_stream *s, uint32_t offset, void *dst, uint32_t len);

#endif
