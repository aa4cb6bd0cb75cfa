/* SPDX-License-Identifier: MIT */
/* png_rgba.c - an RGBA8 PNG written with stored (uncompressed) deflate
 * blocks: bigger than a compressed one, but needs no library, so the
 * textures the tool extracts open in any viewer on any build. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "png_rgba.h"

static uint32_t crc_table[256];

static uint32_t crc(uint32_t c, const unsigned char *p, size_t n)
{
    size_t i;
    if (!crc_table[1]) {
        uint32_t k, b, v;
        for (k = 0; k < 256; k++) {
            for (v = k, b = 0; b < 8; b++) v = v & 1u ? 0xedb88320u ^ (v >> 1) : v >> 1;
            crc_table[k] = v;
        }
    }
    c = ~c;
    for (i = 0; i < n; i++) c = crc_table[(c ^ p[i]) & 0xffu] ^ (c >> 8);
    return ~c;
}

static void be32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24), p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8), p[3] = (unsigned char)v;
}

static int chunk(FILE *f, const char *type, const unsigned char *data, uint32_t n)
{
    unsigned char head[8], tail[4];
    uint32_t c;
    be32(head, n);
    memcpy(head + 4, type, 4);
    c = crc(0, head + 4, 4);
    c = crc(c, data, n);
    be32(tail, c);
    return fwrite(head, 1, 8, f) != 8 || (n && fwrite(data, 1, n, f) != n) || fwrite(tail, 1, 4, f) != 4;
}

int png_write_rgba(const char *path, uint32_t w, uint32_t h, const unsigned char *rgba)
{
    static const unsigned char signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
    unsigned char ihdr[13];
    size_t row = 1 + 4 * (size_t)w, raw = row * h, blocks = raw / 65535 + 1, z, at, i;
    size_t zbytes = 2 + 5 * blocks + raw + 4;
    unsigned char *idat;
    uint32_t a = 1, b = 0;
    FILE *f;
    int bad;
    if ((uint64_t)zbytes > 0x7fffffffu || !(idat = malloc(zbytes))) return errno = ENOMEM;
    idat[0] = 0x78, idat[1] = 0x01;   /* deflate, 32K window, no preset dictionary */
    z = 2;
    for (at = 0; at < raw || at == 0; ) {
        size_t n = raw - at < 65535 ? raw - at : 65535;
        idat[z] = (unsigned char)(at + n == raw);   /* BFINAL on the last; BTYPE 00: stored */
        idat[z + 1] = (unsigned char)n, idat[z + 2] = (unsigned char)(n >> 8);
        idat[z + 3] = (unsigned char)~n, idat[z + 4] = (unsigned char)(~n >> 8);
        z += 5;
        for (i = 0; i < n; i++, at++) {
            size_t y = at / row, x = at % row;
            unsigned char v = x ? rgba[y * 4 * (size_t)w + x - 1] : 0;   /* filter 0 per row */
            idat[z++] = v;
            a = (a + v) % 65521u;
            b = (b + a) % 65521u;
        }
        if (!raw) break;
    }
    be32(idat + z, b << 16 | a);
    z += 4;
    be32(ihdr, w);
    be32(ihdr + 4, h);
    ihdr[8] = 8, ihdr[9] = 6, ihdr[10] = 0, ihdr[11] = 0, ihdr[12] = 0;   /* 8-bit RGBA */
    if (!(f = fopen(path, "wb"))) {
        free(idat);
        return errno ? errno : EIO;
    }
    bad = fwrite(signature, 1, 8, f) != 8 || chunk(f, "IHDR", ihdr, 13) ||
          chunk(f, "IDAT", idat, (uint32_t)z) || chunk(f, "IEND", NULL, 0);
    free(idat);
    bad |= fclose(f) != 0;
    return bad ? (errno ? errno : EIO) : 0;
}
