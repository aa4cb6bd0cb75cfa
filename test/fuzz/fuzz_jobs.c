/* SPDX-License-Identifier: MIT */
/* fuzz_jobs.c - the decode job protocol (options.jobs) on arbitrary maps:
 * jobs at once, how many are held back unreported and in which order they
 * are reported, the layout, read pieces and budgets all come from the
 * input. The load must give bsp_load's status and error position (bsp_load
 * without jobs), the same lump bytes on success, never hand out more jobs
 * than allowed or a window outside the arena, and refuse a report of a job
 * that is not out.
 *
 * Input: 4 bytes of driving parameters, then the map file. Seeds: the
 * resume target's. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "core/map.h"
#include "../common/resume_drive.h"
#include "../../platform/memory/bsp_memstream.h"

FUZZ_ENTRY(jobs)
{
    bsp_options o, oj;
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_map m1, m2;
    bsp_loader l;
    bsp_job bogus;
    drive_opts d;
    drive_result r;
    uint32_t need = 0, need_j = 0, size32, i;
    uint8_t *a1, *a2;
    bsp_status s1, s2;

    if (size < 4 || size - 4 > 0xffffffu) return 0;
    size32 = (uint32_t)size - 4;
    memset(&d, 0, sizeof d);
    d.seed = data[0];
    d.max_read = 1u + ((uint32_t)data[1] << (data[3] & 7));
    d.random_reads = data[1] != 0;
    d.budget = 1u + ((uint32_t)data[2] << 4);
    d.random_budget = data[2] & 1;
    d.shuffle = 1;
    d.cancel_at = -1;
    d.fail_read = -1;
    o = bsp_default_options(data[3] & 8 ? BSP_LOAD_ALL : BSP_LOAD_LIGHTING | BSP_LOAD_ENTITIES);
    o.pipelined = data[3] & 16;
    oj = o;
    oj.jobs = 1u + (data[0] & 7);                /* 1 .. 8 at once */
    d.hold_jobs = (int)(data[3] >> 5);           /* 0 .. 7 held back */
    data += 4;

    bsp_memstream_init(&ms, &s, data, size32);
    if (bsp_open(&h, &s) != BSP_OK || bsp_measure(&h, &o, &need) != BSP_OK ||
        bsp_measure(&h, &oj, &need_j) != BSP_OK || need_j > (64u << 20))
        return 0;
    FUZZ_ASSERT(need_j >= need);
    a1 = calloc(1, need + 8);
    a2 = calloc(1, need_j + 8);
    FUZZ_ASSERT(a1 && a2);
    s1 = bsp_load(&m1, &h, &s, a1, need, &o, NULL);
    s2 = bsp_loader_begin(&l, &m2, &h, a2, need_j, &oj, NULL);
    if (s2 == BSP_OK) {
        /* a report of a job never handed out is refused */
        memset(&bogus, 0, sizeof bogus);
        bogus.tag = (uint32_t)data[0] << 8 | data[1];
        FUZZ_ASSERT(bsp_loader_job_done(&l, &bogus) == BSP_E_BAD_ARGUMENT);
        s2 = drive_load(&l, data, size32, a2, need_j, &d, &r);
        FUZZ_ASSERT(!r.job_outside && r.most_jobs_out <= oj.jobs);
    }
    FUZZ_ASSERT(s2 == BSP_OK ? !r.stalled && !r.backwards && !r.beyond : 1);
    FUZZ_ASSERT(s1 == s2);
    FUZZ_ASSERT(bsp__map_c(&m1)->error_lump == bsp__map_c(&m2)->error_lump && bsp__map_c(&m1)->error_offset == bsp__map_c(&m2)->error_offset);
    for (i = 0; s1 == BSP_OK && i < BSP_MAX_LUMPS; i++)
        FUZZ_ASSERT(bsp__map_c(&m1)->lump_size[i] == bsp__map_c(&m2)->lump_size[i] &&
                    (!bsp__map_c(&m1)->lump_data[i] || !memcmp(bsp__map_c(&m1)->lump_data[i], bsp__map_c(&m2)->lump_data[i], bsp__map_c(&m1)->lump_size[i])));
    free(a1);
    free(a2);
    return 0;
}
