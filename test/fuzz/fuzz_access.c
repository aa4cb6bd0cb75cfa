/* SPDX-License-Identifier: MIT */
/* fuzz_access.c - the map access API on arbitrary bytes taken as a map.
 *
 * The input is loaded with BSP_LOAD_GEOMETRY into an arena of exactly the
 * measured size with guard bytes on both sides; then every access function
 * runs over every record (test/access/exercise_access.h says what is
 * checked), and the guards must be intact.
 *
 * Seeds: the `load` target's (every generated and real map). */
#include "fuzz.h"
#include "../../platform/memory/bsp_memstream.h"
#include "../access/exercise_access.h"

#define ACCESS_ARENA_CAP (64u << 20)

FUZZ_ENTRY(access)
{
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    bsp_options o = bsp_default_options(BSP_LOAD_GEOMETRY);
    uint32_t need = 0;
    fuzz_block b;
    if (size > 0xffffffffu) return 0;
    bsp_memstream_init(&ms, &s, data, (uint32_t)size);
    if (bsp_open(&h, &s) != BSP_OK) return 0;
    if (bsp_measure(&h, &o, &need) != BSP_OK || need > ACCESS_ARENA_CAP) return 0;
    if (fuzz_block_alloc(&b, need ? need : 1)) return 0;
    if (bsp_load(&m, &h, &s, b.p, need, &o, NULL) == BSP_OK)
        FUZZ_ASSERT(exercise_access(&m, b.p, b.p + need) == 0);
    FUZZ_ASSERT(fuzz_block_guards_ok(&b));
    fuzz_block_free(&b);
    return 0;
}
