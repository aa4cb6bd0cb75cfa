/* SPDX-License-Identifier: MIT */
/* fuzz_resume.c - the resumable loader on arbitrary maps, with read pieces,
 * completion order, budgets and a cancel point taken from the input: it
 * must give bsp_load's status, and on success the same arena bytes.
 *
 * Input: 4 bytes of driving parameters, then the map file. Seeds: the load
 * target's maps behind 4 zero bytes. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "core/map.h"
#include "../common/resume_drive.h"
#include "../../platform/memory/bsp_memstream.h"

FUZZ_ENTRY(resume)
{
    bsp_options o;
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_map m1, m2;
    bsp_loader l;
    drive_opts d;
    drive_result r;
    uint32_t need = 0, size32;
    uint8_t *a1, *a2;
    bsp_status s1, s2;

    if (size < 4 || size - 4 > 0xffffffu) return 0;
    size32 = (uint32_t)size - 4;
    memset(&d, 0, sizeof d);
    d.seed = data[0];
    d.max_read = 1u + ((uint32_t)data[1] << (data[3] & 7));
    d.random_reads = data[1] != 0;
    d.budget = 1u + ((uint32_t)data[2] << (data[3] >> 4));
    d.random_budget = data[3] & 8;
    d.shuffle = 1;
    d.cancel_at = -1;
    d.fail_read = -1;
    o = bsp_default_options(data[3] & 1 ? BSP_LOAD_ALL : BSP_LOAD_LIGHTING | BSP_LOAD_ENTITIES);
    o.pipelined = data[3] & 2;
    data += 4;

    bsp_memstream_init(&ms, &s, data, size32);
    if (bsp_open(&h, &s) != BSP_OK || bsp_measure(&h, &o, &need) != BSP_OK || need > (64u << 20))
        return 0;
    a1 = calloc(1, need + 8);
    a2 = calloc(1, need + 8);
    FUZZ_ASSERT(a1 && a2);
    s1 = bsp_load(&m1, &h, &s, a1, need, &o, NULL);
    s2 = bsp_loader_begin(&l, &m2, &h, a2, need, &o, NULL);
    if (s2 == BSP_OK) s2 = drive_load(&l, data, size32, a2, need, &d, &r);
    FUZZ_ASSERT(s2 == BSP_OK ? !r.stalled && !r.backwards && !r.beyond : 1);
    FUZZ_ASSERT(s1 == s2);
    FUZZ_ASSERT(bsp__map_c(&m1)->error_lump == bsp__map_c(&m2)->error_lump && bsp__map_c(&m1)->error_offset == bsp__map_c(&m2)->error_offset);
    FUZZ_ASSERT(s1 != BSP_OK || !memcmp(a1, a2, need));
    free(a1);
    free(a2);
    return 0;
}
