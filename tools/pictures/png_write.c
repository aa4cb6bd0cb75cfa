/* SPDX-License-Identifier: MIT */
/* png_write.c - PNG files through stb_image_write (Debian's libstb-dev,
 * header-only). Third-party code: its own warnings are not ours.
 * BSPKIT_PICTURES=0 (the Makefile's choice when stb_image_write.h is not
 * there, or BSPKIT_STB=0) builds the tool without it: png_write_available
 * says 0 and bspkit render refuses at once. */
#include "png_write.h"

#ifndef BSPKIT_PICTURES
#define BSPKIT_PICTURES 1
#endif

#if BSPKIT_PICTURES
#include "stb_quiet.h"
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

int png_write_rgb(const char *path, int w, int h, const unsigned char *rgb)
{
    return stbi_write_png(path, w, h, 3, rgb, w * 3) ? 0 : -1;
}
#else
int png_write_rgb(const char *path, int w, int h, const unsigned char *rgb)
{
    (void)path;
    (void)w;
    (void)h;
    (void)rgb;
    return -1;
}
#endif

int png_write_available(void)
{
    return BSPKIT_PICTURES;
}
