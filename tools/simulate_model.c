/* SPDX-License-Identifier: MIT */
/* simulate_model.c - `load --simulate` on a virtual clock (simulate.h).
 * The real-time run measures wall time, which on a shared machine also
 * counts other processes; here the clock moves only by the drive's
 * transfers and by the processor time of the loader's own steps. */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <time.h>

#include "simulate.h"

double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

double medium_transfer(const medium *m, uint32_t *head, uint32_t offset, uint32_t length)
{
    double t = 0;
    if (m->rate > 0) {
        double gap = offset >= *head ? (offset - *head) / m->rate : m->seek;
        t = (gap < m->seek ? gap : m->seek) + length / m->rate;
    }
    *head = offset + length;
    return t;
}

typedef struct pending { bsp_read r; double done; } pending;

/* bsp_load's stream: each read waits for the drive. */
typedef struct clocked {
    const uint8_t *file;
    const medium *med;
    uint32_t head;
    double busy;
} clocked;

static int clocked_read(void *ctx, uint32_t offset, void *dst, uint32_t len)
{
    clocked *c = (clocked *)ctx;
    c->busy += medium_transfer(c->med, &c->head, offset, len);
    memcpy(dst, c->file + offset, len);
    return 0;
}

void run_model(const uint8_t *file, uint32_t size, const bsp_header *h, const bsp_options *o,
               const bsp_options *ob, void *arena, uint32_t need, uint32_t need_b,
               const medium *med, uint32_t chunk, uint32_t budget, model_result *res)
{
    pending q[BSP_LOADER_MAX_READS];
    uint32_t nq = 0, head = 0;
    double t = 0, drive = 0, c0;
    bsp_loader l;
    bsp_map m;
    bsp_read rd;
    bsp_progress p, before;
    bsp_stream s;
    clocked c;

    memset(res, 0, sizeof *res);
    res->st = bsp_loader_begin(&l, &m, h, arena, need, o, NULL);
    bsp_loader_progress(&l, &p);
    while (res->st == BSP_OK && p.phase != BSP_PHASE_DONE) {
        int delivered = 0;
        while (nq < BSP_LOADER_MAX_READS && bsp_loader_next_read(&l, chunk, &rd)) {
            double x = medium_transfer(med, &head, rd.offset, rd.length);
            drive = (drive > t ? drive : t) + x;
            res->busy += x;
            q[nq].r = rd;
            q[nq++].done = drive;
        }
        /* reads finish in issue order: the drive serves them one by one */
        while (nq && q[0].done <= t) {
            memcpy(q[0].r.dst, file + q[0].r.offset, q[0].r.length);
            bsp_loader_read_done(&l, &q[0].r, 0);
            memmove(q, q + 1, (--nq) * sizeof q[0]);
            delivered = 1;
        }
        before = p;
        c0 = cpu_now();
        res->st = bsp_loader_step(&l, budget, &p);
        c0 = cpu_now() - c0;
        t += c0;
        res->work += c0;
        if (!delivered && nq && p.phase == before.phase && p.work_done == before.work_done &&
            q[0].done > t)
            t = q[0].done;   /* nothing to do until the next read lands */
    }
    res->resumable = t;
    if (res->st != BSP_OK) return;

    c.file = file;
    c.med = med;
    c.head = 0;
    c.busy = 0;
    s.read = clocked_read;
    s.ctx = &c;
    s.size = size;
    s.forward_only = 1;
    c0 = cpu_now();
    res->st = bsp_load(&m, h, &s, arena, need_b, ob, NULL);
    /* no overlap: every transfer, then every byte of work */
    res->blocking = cpu_now() - c0 + c.busy;
}
