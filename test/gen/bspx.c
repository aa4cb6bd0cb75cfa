/* SPDX-License-Identifier: MIT */
/* bspx.c - the BSPX writer (bspx.h): reads a map the generator wrote,
 * writes it again with a directory of named lumps. */
#include "bspx.h"

#include <stdlib.h>
#include <string.h>

void gen_read_file(const char *path, gbuf *b)
{
    FILE *f = fopen(path, "rb");
    unsigned char chunk[65536];
    size_t got;
    memset(b, 0, sizeof *b);
    if (!f) gen_die("cannot read %s", path);
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) gbuf_put(b, chunk, got);
    fclose(f);
}

static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

void gen_bspx_write(const char *in_path, const char *out_path, int place,
                    const gen_bspx_lump *l, int n, long count)
{
    gbuf in, out;
    int quake2, nlumps, dir_at, header, i;
    uint32_t end = 0, dir, data, shift = 0;

    gen_read_file(in_path, &in);
    quake2 = in.len >= 4 && memcmp(in.data, "IBSP", 4) == 0;
    nlumps = quake2 ? 19 : 15;
    dir_at = quake2 ? 8 : 4;
    header = dir_at + 8 * nlumps;
    for (i = 0; i < nlumps; i++) {
        uint32_t e = le32(in.data + dir_at + 8 * i) + le32(in.data + dir_at + 8 * i + 4);
        if (e > end) end = e;
    }
    memset(&out, 0, sizeof out);
    if (place == GEN_BSPX_HEADER) {
        /* the directory right after the header, the lumps it names after
         * it, then the standard lumps, moved */
        uint32_t size = 8 + 32u * (uint32_t)n;
        for (i = 0; i < n; i++) size += (l[i].len + 3) & ~3u;
        shift = size;
        gbuf_put(&out, in.data, (size_t)header);
        for (i = 0; i < nlumps; i++) {
            uint32_t ofs = le32(in.data + dir_at + 8 * i), len = le32(in.data + dir_at + 8 * i + 4);
            /* an empty lump stays where it was (no lump starts at the header's end) */
            gbuf_set_le32(&out, (size_t)(dir_at + 8 * i), len ? ofs + shift : ofs);
        }
        dir = (uint32_t)header;
    } else {
        /* (bytes after the last lump, if any, give way to the directory) */
        gbuf_put(&out, in.data, end < in.len ? end : in.len);
        gbuf_zero(&out, ((end + 3) & ~3u) - (uint32_t)out.len);
        dir = (uint32_t)out.len;
    }
    /* directory */
    gbuf_put(&out, "BSPX", 4);
    gbuf_le32(&out, (uint32_t)(count < 0 ? n : count));
    data = dir + 8 + 32u * (uint32_t)n;
    for (i = 0; i < n; i++) {
        char name[24];
        memset(name, 0, sizeof name);
        memcpy(name, l[i].name, strlen(l[i].name) < 24 ? strlen(l[i].name) : 24);
        gbuf_put(&out, name, 24);
        gbuf_le32(&out, l[i].bad_ofs || l[i].bad_len ? l[i].bad_ofs : data);
        gbuf_le32(&out, l[i].bad_ofs || l[i].bad_len ? l[i].bad_len : l[i].len);
        data += (l[i].len + 3) & ~3u;
    }
    for (i = 0; i < n; i++) {
        gbuf_put(&out, l[i].data, l[i].len);
        gbuf_zero(&out, ((l[i].len + 3) & ~3u) - l[i].len);
    }
    if (place == GEN_BSPX_HEADER) gbuf_put(&out, in.data + header, in.len - (size_t)header);
    if (gbuf_save(&out, out_path)) gen_die("cannot write %s", out_path);
    gbuf_free(&in);
    gbuf_free(&out);
}
