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

/* The files of a map beside its .bsp (Respawn's rBSP, docs/queries.md 12.2
 * and 12.8), for bsp_options.part: set part = bsp_file_part and part_ctx
 * to a bsp_file_parts that bsp_file_parts_init filled with the map's path.
 * (BSP_PART_LUMP, i) opens PATH.%04x.bsp_lump (PATH the .bsp's path),
 * (BSP_PART_ENTITIES, k) NAME_env.ent, _fx, _script, _snd or _spawn.ent
 * (NAME the path without .bsp); a file that does not exist is
 * BSP_PART_NONE, one that cannot be opened -1. Each is opened when first
 * asked for and kept open (asked again, the same stream) until
 * bsp_file_parts_close. Init returns -1 (errno ENAMETOOLONG) for a path of
 * more than 1007 bytes or standard input ("-"). */
#define BSP_FILE_PARTS (BSP_MAX_LUMPS + 5)
typedef struct bsp_file_parts {
    char base[1024];
    int forward_only;
    unsigned char state[BSP_FILE_PARTS];   /* 0 not asked, 1 open, 2 none, 3 failed */
    bsp_file file[BSP_FILE_PARTS];
    bsp_stream stream[BSP_FILE_PARTS];
} bsp_file_parts;
BSP_API int bsp_file_parts_init(bsp_file_parts *p, const char *map_path, int forward_only);
BSP_API int bsp_file_part(void *ctx, bsp_part_kind kind, uint32_t index, bsp_stream *out);
BSP_API void bsp_file_parts_close(bsp_file_parts *p);

#ifdef __cplusplus
}
#endif

#endif
