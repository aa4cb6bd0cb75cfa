/* SPDX-License-Identifier: MIT */
/* steps.c - `bspkit load --steps MAP`: how long the loader's own work steps
 * take, apart from the host. Every read is completed first, so the steps
 * are the same in every run (no reader thread decides where they end);
 * the load is repeated --repeat times (default 10) and each step keeps its
 * best processor time. On a shared machine one run's longest step mostly
 * measures the other processes (a step that follows another process
 * through the cache, or on a virtual machine's stolen time, takes several
 * times its own cost); the best of several runs of the same step is what
 * the budget bounds. Prints one JSON line: the longest best step, which
 * step it was and its work, and the sum of the best times. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/resumable_load.h"
#include "simulate.h"
#include "../common/tool.h"
#include "../../platform/memory/bsp_memstream.h"

typedef struct step_times {
    double *best;       /* per step: the least processor time seen */
    uint32_t *work;     /* per step: work_done it added */
    uint32_t n, cap;
} step_times;

/* One load, all reads done before the first step; step k's time into t. */
static bsp_status run_once(const uint8_t *file, const bsp_header *h, const bsp_options *o,
                           void *arena, uint32_t need, uint32_t budget, step_times *t)
{
    bsp_loader l;
    bsp_map m;
    bsp_read rd;
    bsp_progress p, before;
    bsp_status st = bsp_loader_begin(&l, &m, h, arena, need, o, NULL);
    uint32_t k = 0;

    while (st == BSP_OK && bsp_loader_next_read(&l, 0, &rd)) {
        memcpy(rd.dst, file + rd.offset, rd.length);
        st = bsp_loader_read_done(&l, &rd, 0);
    }
    bsp_loader_progress(&l, &p);
    while (st == BSP_OK && p.phase != BSP_PHASE_DONE) {
        double c0;
        if (k == t->cap) {
            uint32_t cap = t->cap ? 2 * t->cap : 1024;
            double *b = realloc(t->best, cap * sizeof *b);
            uint32_t *w = b ? realloc(t->work, cap * sizeof *w) : NULL;
            if (b) t->best = b;
            if (!w) return BSP_E_ARENA_TOO_SMALL;
            t->work = w;
            for (; t->cap < cap; t->cap++) t->best[t->cap] = 1e9;
        }
        before = p;
        c0 = cpu_now();
        st = bsp_loader_step(&l, budget, &p);
        c0 = cpu_now() - c0;
        if (c0 < t->best[k]) t->best[k] = c0;
        t->work[k++] = p.work_done - before.work_done;
    }
    t->n = k;
    return st;
}

int tool_steps(const tool_resume *r, const char *path)
{
    uint32_t size = 0, need = 0, i, at = 0, repeat = r->repeat ? r->repeat : 10;
    uint8_t *file, *arena = NULL;
    bsp_options o = bsp_default_options(BSP_LOAD_ALL);
    step_times t = { NULL, NULL, 0, 0 };
    double total = 0;
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_status st;

    errno = 0;
    if (!(file = sim_slurp(path, &size))) return report_io_error("bspkit", "cannot read", path, errno);
    /* as --simulate loads */
    o.pipelined = 1;
    o.lzma_lclp_max = 12;
    bsp_memstream_init(&ms, &s, file, size);
    st = bsp_open(&h, &s);
    if (st == BSP_OK) st = bsp_measure(&h, &o, &need);
    if (st == BSP_OK) st = (arena = malloc(need + 8)) ? BSP_OK : BSP_E_ARENA_TOO_SMALL;
    /* touched once, so no step pays the host's first-touch page faults */
    if (st == BSP_OK) memset(arena, 0, need + 8);
    for (i = 0; i < repeat && st == BSP_OK; i++) st = run_once(file, &h, &o, arena, need, r->budget, &t);
    if (st == BSP_OK) {
        for (i = 0; i < t.n; i++) {
            total += t.best[i];
            if (t.best[i] > t.best[at]) at = i;
        }
        printf("{\"budget\":%u,\"repeat\":%u,\"steps\":%u,\"max_step_ms\":%.3f,\"at_step\":%u,"
               "\"step_work\":%u,\"work_ms\":%.2f}\n",
               r->budget, repeat, t.n, t.n ? t.best[at] * 1e3 : 0.0, at, t.n ? t.work[at] : 0,
               total * 1e3);
    } else {
        bsp_where w;
        bsp_measure_where(&h, &o, &w);
        report_load_error(path, st, &h, &w, size, h.appears, 0);
    }
    free(t.best);
    free(t.work);
    free(arena);
    free(file);
    return st == BSP_OK ? 0 : 1;
}
