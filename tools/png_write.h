/* SPDX-License-Identifier: MIT */
/* png_write.h - write an 8-bit RGB picture as PNG (png_write.c). */
#ifndef BSPKIT_PNG_WRITE_H
#define BSPKIT_PNG_WRITE_H

/* rows of w RGB triples, top row first; 0 on success. */
int png_write_rgb(const char *path, int w, int h, const unsigned char *rgb);

#endif
