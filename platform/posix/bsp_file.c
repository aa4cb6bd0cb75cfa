/* SPDX-License-Identifier: MIT */
/* bsp_file.c - a bsp_stream over stdio. A forward-only stream skips ahead by
 * reading and discarding, as it would on a pipe or an optical disc. */
#include "bsp_file.h"

static int file_read(void *ctx, uint32_t offset, void *dst, uint32_t len)
{
    bsp_file *f = (bsp_file *)ctx;
    if (offset < f->pos && !f->seekable) return -1;   /* no going back */
    if (offset != f->pos) {
        if (f->seekable) {
            if (fseek(f->fp, (long)offset, SEEK_SET) != 0) return -1;
        } else {
            char skip[512];
            uint32_t gap = offset - f->pos;
            while (gap) {
                size_t n = gap < sizeof skip ? gap : sizeof skip;
                if (fread(skip, 1, n, f->fp) != n) return -1;
                gap -= (uint32_t)n;
            }
        }
    }
    if (len && fread(dst, 1, len, f->fp) != len) return -1;
    f->pos = offset + len;
    return 0;
}

int bsp_file_open(bsp_file *f, bsp_stream *s, const char *path, int forward_only)
{
    long size;
    f->fp = fopen(path, "rb");
    if (!f->fp) return -1;
    if (fseek(f->fp, 0, SEEK_END) != 0 || (size = ftell(f->fp)) < 0 ||
        (unsigned long)size > 0xffffffffUL || fseek(f->fp, 0, SEEK_SET) != 0) {
        fclose(f->fp);
        f->fp = NULL;
        return -1;
    }
    f->pos = 0;
    f->seekable = !forward_only;
    s->read = file_read;
    s->ctx = f;
    s->size = (uint32_t)size;
    s->forward_only = forward_only;
    return 0;
}

void bsp_file_close(bsp_file *f)
{
    if (f->fp) fclose(f->fp);
    f->fp = NULL;
}
