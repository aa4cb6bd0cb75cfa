/* SPDX-License-Identifier: MIT */
/* bspx.c - names of the BSPX directory (docs/queries.md 10.1): which entry
 * a name means, and which lumps the lighting set reads. */
#include "family.h"
#include "../core/map.h"

#if BSP__USE_BSPX   /* (core/config.h: only with a family whose description has one) */

/* The lumps the queries read (10.2, 10.3, 10.5; FACENORMALS: 11.3), each
 * ending in '\0'. */
static const char lighting_names[] =
    "RGBLIGHTING\0LIGHTING_E5BGR9\0DECOUPLED_LM\0LMSHIFT\0LMOFFSET\0LMSTYLE\0LMSTYLE16\0"
    "LIGHTGRID_OCTREE\0FACENORMALS\0";

/* Is the stored name (the bytes before its first NUL, at most 24) `name`? */
static int same_name(const char *stored, const char *name)
{
    uint32_t k;
    for (k = 0; k < BSP_BSPX_NAME; k++) {
        if (stored[k] != name[k]) return 0;
        if (!name[k]) return 1;
    }
    return !name[k];
}

int bsp__bspx_index(const bsp_bspx *d, const char *name)
{
    uint32_t k;
    for (k = 0; k < d->count && k < BSP_MAX_BSPX; k++)
        if (same_name(d->name[k], name)) return (int)k;
    return -1;
}

int bsp__bspx_lighting(const char *stored)
{
    const char *n = lighting_names;
    while (*n) {
        if (same_name(stored, n)) return 1;
        while (*n++) continue;   /* past its '\0' */
    }
    return 0;
}

const uint8_t *bsp__bspx_lump(const bsp__map *m, const char *name, uint32_t *size)
{
    int k = bsp__bspx_index(&m->bspx, name);
    const uint8_t *data = k < 0 ? NULL : m->lump_data[BSP_BSPX_FIRST + (uint32_t)k];
    *size = data ? m->lump_size[BSP_BSPX_FIRST + (uint32_t)k] : 0;
    return data;
}

const void *bsp_bspx_lump(const bsp_map *map, const char *name, uint32_t *size)
{
    const bsp__map *m = bsp__map_c(map);
    uint32_t n = 0;
    const uint8_t *data = m && name ? bsp__bspx_lump(m, name, &n) : NULL;
    if (size) *size = n;
    return data;
}
#endif
