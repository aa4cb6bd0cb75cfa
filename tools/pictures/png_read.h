/* SPDX-License-Identifier: MIT */
/* png_read.h - read an 8-bit PNG (png_read.c): atlas-check's pages. */
#ifndef BSPKIT_PNG_READ_H
#define BSPKIT_PNG_READ_H

/* The picture at path as rows of *channels bytes a pixel (1 .. 4, as the
 * file stores it), top row first, malloc'd (free it); NULL when it cannot
 * be read, is not an 8-bit PNG, or the tool has no picture support. */
unsigned char *png_read(const char *path, int *w, int *h, int *channels);

#endif
