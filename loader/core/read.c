/* SPDX-License-Identifier: MIT */
/* read.c - one read through a stream, its result as a status. A stream of
 * unknown size finds a cut-short file only here, so the end of the data
 * must stay distinguishable from a failing medium. */
#include "read.h"

bsp_status bsp__read(const bsp_stream *s, uint32_t offset, void *dst, uint32_t len)
{
    int r = s->read(s->ctx, offset, dst, len);
    if (r == 0) return BSP_OK;
    return r == BSP_READ_END ? BSP_E_TRUNCATED : BSP_E_IO;
}
