/* SPDX-License-Identifier: MIT */
/* bsp_file.c - a bsp_stream over stdio. A forward-only stream skips ahead by
 * reading and discarding, as it would on a pipe or an optical disc.
 *
 * Offsets are 64-bit (fseeko/ftello with _FILE_OFFSET_BITS=64): with long
 * offsets a 32-bit host cannot even measure a file of 2 GiB or more, though
 * the format reaches 4 GiB. */
#define _FILE_OFFSET_BITS 64
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include "bsp_file.h"

static int file_read(void *ctx, uint32_t offset, void *dst, uint32_t len)
{
    bsp_file *f = (bsp_file *)ctx;
    if (offset < f->pos && !f->seekable) return -1;   /* no going back */
    if (offset != f->pos) {
        if (f->seekable) {
            if (fseeko(f->fp, (off_t)offset, SEEK_SET) != 0) return -1;
            f->pos = offset;
        } else {
            char skip[512];
            uint32_t gap = offset - f->pos;
            while (gap) {
                size_t n = gap < sizeof skip ? gap : sizeof skip, got = fread(skip, 1, n, f->fp);
                f->pos += (uint32_t)got;
                if (got != n) return feof(f->fp) ? BSP_READ_END : -1;
                gap -= (uint32_t)n;
            }
        }
    }
    if (len) {
        size_t got = fread(dst, 1, len, f->fp);
        f->pos = offset + (uint32_t)got;
        if (got != len) return feof(f->fp) ? BSP_READ_END : -1;
    }
    return 0;
}

/* The size of a regular file, or BSP_SIZE_UNKNOWN for a stream that cannot
 * seek (pipe, terminal, socket). -1 with errno set when it cannot be read. */
static int64_t file_size(FILE *fp, int forward_only)
{
    struct stat st;
    off_t size;
    if (fstat(fileno(fp), &st) != 0) return -1;
    if (S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        return -1;
    }
    if (!S_ISREG(st.st_mode) && !S_ISBLK(st.st_mode)) {
        if (forward_only) return BSP_SIZE_UNKNOWN;
        errno = ESPIPE;   /* random access needs a seekable file */
        return -1;
    }
    if (fseeko(fp, 0, SEEK_END) != 0 || (size = ftello(fp)) < 0 || fseeko(fp, 0, SEEK_SET) != 0)
        return -1;
    /* Offsets are 32-bit and BSP_SIZE_UNKNOWN is taken: 4 GiB - 1 is too big. */
    if ((uint64_t)size >= BSP_SIZE_UNKNOWN) {
        errno = EFBIG;
        return -1;
    }
    return (int64_t)size;
}

int bsp_file_open(bsp_file *f, bsp_stream *s, const char *path, int forward_only)
{
    int64_t size;
    int std_in = strcmp(path, "-") == 0;
    memset(f, 0, sizeof *f);
    if (std_in) forward_only = 1;
    f->fp = std_in ? stdin : fopen(path, "rb");
    if (!f->fp) return -1;
    f->close = !std_in;
    size = file_size(f->fp, forward_only);
    if (size < 0) {
        int e = errno;
        bsp_file_close(f);
        errno = e;
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
    if (f->fp && f->close) fclose(f->fp);
    f->fp = NULL;
}

/* The parts of a map beside it (docs/queries.md 12.2, 12.8): each opened
 * once, when first asked for, and kept open until bsp_file_parts_close. */
int bsp_file_parts_init(bsp_file_parts *p, const char *map_path, int forward_only)
{
    size_t n = strlen(map_path);
    memset(p, 0, sizeof *p);
    /* room for "_script.ent" or ".007f.bsp_lump" and the NUL */
    if (n + 16 > sizeof p->base || strcmp(map_path, "-") == 0) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(p->base, map_path, n + 1);
    p->forward_only = forward_only;
    return 0;
}

int bsp_file_part(void *ctx, bsp_part_kind kind, uint32_t index, bsp_stream *out)
{
    static const char *const kinds[5] = { "env", "fx", "script", "snd", "spawn" };
    bsp_file_parts *p = (bsp_file_parts *)ctx;
    char path[sizeof p->base + 32];
    uint32_t k;
    size_t n = strlen(p->base);
    if (kind == BSP_PART_LUMP && index < BSP_MAX_LUMPS) {
        k = index;
        snprintf(path, sizeof path, "%s.%04x.bsp_lump", p->base, (unsigned)index);
    } else if (kind == BSP_PART_ENTITIES && index < 5) {
        k = BSP_MAX_LUMPS + index;
        /* NAME without its .bsp */
        if (n >= 4 && strcmp(p->base + n - 4, ".bsp") == 0) n -= 4;
        snprintf(path, sizeof path, "%.*s_%s.ent", (int)n, p->base, kinds[index]);
    } else {
        return BSP_PART_NONE;
    }
    if (p->state[k] == 0) {
        p->state[k] = 2;
        if (bsp_file_open(&p->file[k], &p->stream[k], path, p->forward_only) == 0) p->state[k] = 1;
        else if (errno != ENOENT) p->state[k] = 3;
    }
    if (p->state[k] == 2) return BSP_PART_NONE;
    if (p->state[k] == 3) return -1;
    *out = p->stream[k];
    return 0;
}

void bsp_file_parts_close(bsp_file_parts *p)
{
    uint32_t k;
    for (k = 0; k < BSP_FILE_PARTS; k++)
        if (p->state[k] == 1) bsp_file_close(&p->file[k]);
    memset(p->state, 0, sizeof p->state);
}
