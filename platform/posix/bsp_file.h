/* SPDX-License-Identifier: MIT */
/* bsp_file.h - a bsp_stream over a stdio FILE (hosted platforms). */
#ifndef BSP_FILE_H
#define BSP_FILE_H

#include <stdio.h>
/* "bspkit.h", not a path into the source tree: the installed headers share
 * one include folder, and the build passes -I for loader/. */
#include "bspkit.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bsp_file {
    FILE *fp;
    uint32_t pos;          /* where the next sequential read starts; after
                              BSP_READ_END, where the data ended */
    int seekable;
    int close;             /* 0: standard input, left open */
} bsp_file;

/* Open `path` for reading and fill *s; "-" is standard input, read forward
 * only. forward_only: read it front to back without seeking (also useful to
 * prove the loader's read order); a pipe or other stream that cannot seek
 * then gets size BSP_SIZE_UNKNOWN. Reads past the end of the data return
 * BSP_READ_END. Returns 0 on success, -1 with errno set if the file cannot be
 * opened, is a directory, cannot seek without forward_only (ESPIPE), or is
 * 4 GiB - 1 bytes or more (EFBIG). */
BSP_API int bsp_file_open(bsp_file *f, bsp_stream *s, const char *path, int forward_only);
BSP_API void bsp_file_close(bsp_file *f);

#ifdef __cplusplus
}
#endif

#endif
