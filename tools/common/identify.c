/* SPDX-License-Identifier: MIT */
/* identify.c - what a file refused for its version appears to be, from its
 * first 16 bytes, so that the message says more than "unsupported version":
 * "VBSP version 30: no known layout"; an rBSP directory of another size
 * says so (docs/queries.md 12.1: lump_count is 127). */
#include "tool.h"

#include <stdio.h>
#include <string.h>

static long get32(const unsigned char *p, int big)
{
    uint32_t v;
    if (big) v = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
    else v = (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
    return (long)(int32_t)v;
}

int tool_identify(const char *path, char *out, size_t n)
{
    unsigned char b[16];
    FILE *f;
    size_t got;
    int big;
    if (!path || strcmp(path, "-") == 0 || !(f = fopen(path, "rb"))) return 0;
    got = fread(b, 1, sizeof b, f);
    fclose(f);
    if (got < 8) return 0;
    big = memcmp(b, "PSBr", 4) == 0;
    if (got == sizeof b && (big || memcmp(b, "rBSP", 4) == 0) && get32(b + 12, big) != 127) {
        snprintf(out, n, "%s version %ld.%ld with lump_count %ld, not 127: a directory of another size",
                 big ? "PSBr (big-endian rBSP)" : "rBSP", get32(b + 4, big) & 0xffffL,
                 (get32(b + 4, big) >> 16) & 0xffffL, get32(b + 12, big));
        return 1;
    }
    if (memcmp(b, "VBSP", 4) == 0 || memcmp(b, "IBSP", 4) == 0 || memcmp(b, "QBSP", 4) == 0 ||
        memcmp(b, "RBSP", 4) == 0 || memcmp(b, "FBSP", 4) == 0)
        snprintf(out, n, "%.4s version %ld: no known layout", (const char *)b, get32(b + 4, 0));
    else if (memcmp(b, "rBSP", 4) == 0)   /* the version word: version, minor << 16 */
        snprintf(out, n, "rBSP version %ld.%ld: no known layout", get32(b + 4, 0) & 0xffffL,
                 (get32(b + 4, 0) >> 16) & 0xffffL);
    else if (memcmp(b, "PSBr", 4) == 0)
        snprintf(out, n, "PSBr (big-endian rBSP) version %ld.%ld: no known layout",
                 get32(b + 4, 1) & 0xffffL, (get32(b + 4, 1) >> 16) & 0xffffL);
    else if (memcmp(b, "PSBV", 4) == 0)
        snprintf(out, n, "PSBV (big-endian VBSP) version %ld: no known layout", get32(b + 4, 1));
    else
        snprintf(out, n, "version %ld: no known layout", get32(b, 0));
    return 1;
}
