/* SPDX-License-Identifier: MIT */
/* png_write.h - write an 8-bit RGB picture as PNG (png_write.c). */
#ifndef BSPKIT_PNG_WRITE_H
#define BSPKIT_PNG_WRITE_H

/* rows of w RGB triples, top row first; 0 on success. */
int png_write_rgb(const char *path, int w, int h, const unsigned char *rgb);

/* 1 when the tool was built with stb_image_write (libstb-dev), 0 when
 * without picture support (png_write_rgb then always fails). */
int png_write_available(void);

/* What bspkit render says, and its exit status, in a build without it. */
#define PNG_WRITE_MISSING "bspkit was built without picture support: install libstb-dev and rebuild"
#define PNG_WRITE_MISSING_STATUS 3

#endif
