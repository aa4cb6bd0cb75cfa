/* SPDX-License-Identifier: MIT */
/* The guide's blocking load_map: every load set on the map; the map it
 * loads answers as the suite's own load does (same arena bytes, same
 * lumps). */
#include "harness.h"

#include GUIDE_BLOCK

int main(int argc, char **argv)
{
    static const uint32_t sets[] = {BSP_LOAD_QUERIES, BSP_LOAD_LIGHTING, BSP_LOAD_GEOMETRY,
                                    BSP_LOAD_COLLISION | BSP_LOAD_LIGHTING, BSP_LOAD_ALL};
    uint32_t size, need = 0, i, k;
    uint8_t *file;
    if (argc < 2) guide_fail("usage: load MAP");
    file = guide_read_file(argv[1], &size);
    for (i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        bsp_map map, ref;
        uint32_t too_small;
        void *arena;
        bsp_status st;
        /* too small first: the status says so and *need how much */
        st = load_map(&map, file, size, sets[i], NULL, 0, &need);
        if (st != BSP_E_ARENA_TOO_SMALL || need == 0)
            guide_fail("%s: set %#x: a 0-byte arena gave %s", argv[1], (unsigned)sets[i], bsp_status_name(st));
        arena = malloc(need);
        st = load_map(&map, file, size, sets[i], arena, need, &too_small);
        if (st != BSP_OK) guide_fail("%s: set %#x: %s", argv[1], (unsigned)sets[i], bsp_status_name(st));
        if (bsp_map_family(&map) == BSP_FAMILY_UNKNOWN) guide_fail("%s: no family", argv[1]);
        guide_load(argv[1], sets[i], &ref);
        for (k = 0; k < 128; k++) {
            uint32_t a = 0, b = 0;
            const void *pa = bsp_lump(&map, k, &a), *pb = bsp_lump(&ref, k, &b);
            if (a != b || (pa == NULL) != (pb == NULL) || (a && memcmp(pa, pb, a)))
                guide_fail("%s: set %#x: lump %u differs from the suite's load", argv[1], (unsigned)sets[i], k);
        }
        printf("set %#x: %s, %u arena bytes\n", (unsigned)sets[i], bsp_status_name(st), need);
    }
    return 0;
}
