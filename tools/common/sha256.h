/* SPDX-License-Identifier: MIT */
/* sha256.h - SHA-256 of bytes as 64 lower-case hex digits (sha256.c). */
#ifndef BSPKIT_TOOL_SHA256_H
#define BSPKIT_TOOL_SHA256_H

#include <stddef.h>
#include <stdint.h>

void tool_sha256_hex(const void *data, size_t n, char hex[65]);

#endif
