/* SPDX-License-Identifier: MIT */
/* repack.h - a PC Source map with LZMA lumps, as `bspzip -repack` writes
 * it (repack.c). */
#ifndef BSPGEN_REPACK_H
#define BSPGEN_REPACK_H

/* Reads the little-endian VBSP file `in` (lumps uncompressed) and writes
 * its repacked copy to `out`; dies with a message on any problem. */
int gen_repack(const char *in, const char *out);

#endif
