/* SPDX-License-Identifier: MIT */
/* patch_set.c - a map's stitched Quake 3 patch set on the heap, as `bspkit
 * patches --stitched` prints it and `bspkit render` draws it: the measure
 * is a first guess for stitched grids, so the build is tried again at the
 * size it asks for until it fits. */
#include <stdlib.h>

#include "tool.h"

void *tool_patch_set(const bsp_map *m, float subdivisions, bsp_status *status)
{
    size_t bytes = 0;
    void *scratch = malloc(BSP_PATCH_GRID_SCRATCH_BYTES), *mem = NULL;
    bsp_status st = scratch ? bsp_measure_patch_set(m, subdivisions, BSP_PATCH_STITCHED, scratch,
                                                    BSP_PATCH_GRID_SCRATCH_BYTES, &bytes)
                            : BSP_E_BAD_ARENA;
    free(scratch);
    while (st == BSP_OK || st == BSP_E_ARENA_TOO_SMALL) {   /* stitching may grow past the guess */
        free(mem);
        if (!(mem = tool_alloc(bytes))) {
            st = BSP_E_BAD_ARENA;
            break;
        }
        st = bsp_patch_set_build(m, subdivisions, BSP_PATCH_STITCHED, mem, bytes, &bytes);
        if (st == BSP_OK) break;
    }
    if (st != BSP_OK) {
        free(mem);
        mem = NULL;
    }
    *status = st;
    return mem;
}
