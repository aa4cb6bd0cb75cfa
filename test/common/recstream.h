/* SPDX-License-Identifier: MIT */
/* recstream.h - a bsp_stream over bytes in memory that records how it is
 * read: every call, reads outside the file, reads that go backwards on a
 * forward-only stream (both refused), calls after a failed read; and that
 * fails the fail_at-th call on purpose. Shared by test_api, test_bounds
 * and the fuzz targets, which each assert on the counts. */
#ifndef BSP_TEST_RECSTREAM_H
#define BSP_TEST_RECSTREAM_H

#include <string.h>
#include "../../loader/bspkit.h"

typedef struct rec_stream {
    const uint8_t *data;
    uint32_t size;
    int forward;          /* reads must not start before the previous end */
    uint32_t fail_at;     /* 1-based call that fails (0: none) */
    uint32_t next;        /* end of the previous read */
    uint32_t calls;       /* read calls, refused ones included */
    uint32_t reads, bytes;                 /* served reads and their bytes */
    uint32_t outside, backwards, after_fail;
    int failed;
} rec_stream;

static __attribute__((unused)) int rec_read(void *ctx, uint32_t offset, void *dst, uint32_t len)
{
    rec_stream *r = (rec_stream *)ctx;
    if (r->failed) r->after_fail++;
    r->calls++;
    if (offset > r->size || len > r->size - offset) {
        r->outside++;
        return -1;
    }
    if (r->forward && offset < r->next) {
        r->backwards++;
        return -1;
    }
    r->next = offset + len;
    if (r->calls == r->fail_at) {
        r->failed = 1;
        return -1;
    }
    memcpy(dst, r->data + offset, len);
    r->reads++;
    r->bytes += len;
    return 0;
}

static __attribute__((unused)) void rec_init(rec_stream *r, bsp_stream *s, const uint8_t *data,
                                             uint32_t size, int forward, uint32_t fail_at)
{
    memset(r, 0, sizeof *r);
    r->data = data;
    r->size = size;
    r->forward = forward;
    r->fail_at = fail_at;
    s->read = rec_read;
    s->ctx = r;
    s->size = size;
    s->forward_only = forward;
}

#endif
