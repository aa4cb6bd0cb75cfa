/* SPDX-License-Identifier: MIT */
/* texture_names.h - a texture table of distinct names (docs/queries.md
 * 11.2: quake2's textures are its texinfo records' names, each once, in the
 * order they first appear), numbered once at load. */
#ifndef BSP_TEXTURE_NAMES_H
#define BSP_TEXTURE_NAMES_H

#include "../core/map.h"
#include "description.h"

/* Arena bytes the numbering of `records` texture records needs (the table
 * index of each record and the first record of each name): 0 for a family
 * whose table is its records (access->texture_unique 0). */
uint32_t bsp__texture_names_bytes(const struct bsp_family *f, uint32_t records);

/* Scratch bytes the numbering needs at load (a sort's two arrays). */
uint32_t bsp__texture_names_scratch(const struct bsp_family *f, uint32_t records);

/* Numbers the records of m's texture lump into `region` (its
 * bsp__texture_names_bytes) with `scratch` (bsp__texture_names_scratch
 * bytes, 4-aligned), as m->texture_of and m->texture_first: n log n name
 * comparisons whatever the file, no other memory. */
void bsp__texture_names_build(bsp__map *m, uint8_t *region, uint8_t *scratch);

#endif
