/* SPDX-License-Identifier: MIT */
/* png_write.c - PNG files through stb_image_write (Debian's libstb-dev,
 * header-only). Third-party code: its own warnings are not ours. */
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wstrict-prototypes"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#endif
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

#include "png_write.h"

int png_write_rgb(const char *path, int w, int h, const unsigned char *rgb)
{
    return stbi_write_png(path, w, h, 3, rgb, w * 3) ? 0 : -1;
}
