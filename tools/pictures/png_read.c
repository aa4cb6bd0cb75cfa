/* SPDX-License-Identifier: MIT */
/* png_read.c - PNG files through stb_image (Debian's libstb-dev,
 * header-only), PNG only; third-party code, its warnings are not ours.
 * Without picture support (BSPKIT_PICTURES=0) nothing reads. */
#include <stdlib.h>

#include "png_read.h"

#ifndef BSPKIT_PICTURES
#define BSPKIT_PICTURES 1
#endif

#if BSPKIT_PICTURES
#include "stb_quiet.h"
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#define STBI_NO_STDIO_WARNINGS
#include <stb_image.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

unsigned char *png_read(const char *path, int *w, int *h, int *channels)
{
    unsigned char *px;
    if (stbi_is_16_bit(path)) return NULL;
    px = stbi_load(path, w, h, channels, 0);
    return px;
}
#else
unsigned char *png_read(const char *path, int *w, int *h, int *channels)
{
    (void)path, (void)w, (void)h, (void)channels;
    return NULL;
}
#endif
