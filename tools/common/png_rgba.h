/* SPDX-License-Identifier: MIT */
/* png_rgba.h - an RGBA8 picture as a PNG file without a compressor
 * (png_rgba.c): bspkit textures/wad --extract, whatever the build's
 * picture support. */
#ifndef BSPKIT_PNG_RGBA_H
#define BSPKIT_PNG_RGBA_H

#include <stdint.h>

/* rows of w R, G, B, A quads, top row first; 0 on success, else errno's
 * value is the reason. */
int png_write_rgba(const char *path, uint32_t w, uint32_t h, const unsigned char *rgba);

#endif
