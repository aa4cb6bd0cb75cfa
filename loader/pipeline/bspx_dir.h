/* SPDX-License-Identifier: MIT */
/* bspx_dir.h - finding the BSPX directory (docs/queries.md 10.1), through
 * the stream at bsp_open or in the arena at load. */
#ifndef BSP_BSPX_DIR_H
#define BSP_BSPX_DIR_H

#include "../family/family.h"
#include "../core/map.h"

/* (BSP__BSPX_TAIL, a forward-only stream's tail: family/family.h) */

/* Reads len bytes at a file offset: a stream, or the tail in the arena. */
typedef bsp_status (*bsp__bspx_get)(void *ctx, uint32_t offset, void *dst, uint32_t len);

/* Fill d from the first of the two places that holds a directory (place2
 * 0: only the first), keeping the first BSP_MAX_BSPX valid entries whose
 * bytes lie in [min, max] (min BSP__BSPX_AFTER_TABLE: after the table,
 * and apart from the entries kept: a forward-only stream's, each read
 * once as a lump). d is cleared first. Statuses: OK (also
 * when there is none: d->offset 0), or the reader's failure. */
#define BSP__BSPX_AFTER_TABLE 0xffffffffu
bsp_status bsp__bspx_scan(bsp_bspx *d, bsp__bspx_get get, void *ctx, uint32_t file_size,
                          uint64_t place1, uint32_t place2, uint32_t min, uint32_t max);

/* bsp_open's part: the places from the raw directory `buf`, then the scan
 * through the stream, or for a forward-only stream the tail lump. */
bsp_status bsp__bspx_open(bsp_header *h, const bsp_stream *s, const uint8_t *buf);

/* The load's part, once the tail has arrived: the directory into m->bspx
 * and its lumps' bytes. */
void bsp__bspx_from_tail(bsp__map *m, const bsp_header *h);

#endif
