/* SPDX-License-Identifier: MIT */
/* bsp_memstream.c - bsp_stream over a byte array. */
#include "bsp_memstream.h"
#include "../../port/bsp_port.h"

static int mem_read(void *ctx, uint32_t offset, void *dst, uint32_t len)
{
    const bsp_memstream *m = (const bsp_memstream *)ctx;
    if (offset > m->size || len > m->size - offset) return -1;
    bsp__copy(dst, m->data + offset, len);
    return 0;
}

void bsp_memstream_init(bsp_memstream *m, bsp_stream *s, const void *data, uint32_t size)
{
    m->data = (const uint8_t *)data;
    m->size = size;
    s->read = mem_read;
    s->ctx = m;
    s->size = size;
    s->forward_only = 0;
}
