/* SPDX-License-Identifier: MIT */
/* sha256.h - SHA-256 of a byte run as lower-case hex (sha256.c). */
#ifndef BSPKIT_SHA256_H
#define BSPKIT_SHA256_H

#include <stddef.h>

#define SHA256_HEX 65   /* 64 hex digits and a NUL */

void sha256_hex(const void *bytes, size_t n, char out[SHA256_HEX]);

#endif
