/* SPDX-License-Identifier: MIT */
/* simulate_model.c - `load --simulate` on a virtual clock (simulate.h).
 * The real-time run measures wall time, which on a shared machine also
 * counts other processes; here the clock moves only by the drive's
 * transfers and by the processor time of the loader's own calls on the
 * main thread. With --workers N the decode jobs run on N simulated worker
 * cores: each job is run here at once (its processor time measured), and
 * reported to the loader when its virtual core would have finished it.
 * Every processor time is multiplied by --cpu-factor (a console core's
 * speed against this host's: see simulate.c). */
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
typedef struct running { bsp_job j; double end; } running;

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

/* The read [offset, offset + length) lands at `done`: the compressed lumps
 * it covers have their last byte no earlier. */
static void note_arrival(const bsp_header *h, const bsp_read *r, double done, double *arrive,
                         double *first)
{
    uint32_t i;
    for (i = 0; i < h->num_lumps && i < BSP_MAX_LUMPS; i++) {
        const bsp_lump_entry *e = &h->lumps[i];
        if (!e->compressed || !e->length) continue;
        if (r->offset < e->offset + e->length && e->offset < r->offset + r->length) {
            if (done > arrive[i]) arrive[i] = done;
            if (first[i] < 0 || done < first[i]) first[i] = done;
        }
    }
}

/* Each compressed lump's decode cost as a job (processor seconds on this
 * host), for the bound of a load whose steps decode (workers 0): the same
 * load from memory with options.jobs = 1. */
static void measure_jobs(const uint8_t *file, const bsp_header *h, const bsp_options *o,
                         void *arena, uint32_t need, double *cost)
{
    bsp_options oj = *o;
    bsp_loader l;
    bsp_map m;
    bsp_read rd;
    bsp_job j;
    bsp_progress pr;
    bsp_status st;
    oj.jobs = 1;
    st = bsp_loader_begin(&l, &m, h, arena, need, &oj, NULL);
    pr.phase = BSP_PHASE_LOADING;
    while (st == BSP_OK && pr.phase != BSP_PHASE_DONE) {
        while (st == BSP_OK && bsp_loader_next_read(&l, 0, &rd)) {
            memcpy(rd.dst, file + rd.offset, rd.length);
            st = bsp_loader_read_done(&l, &rd, 0);
        }
        while (st == BSP_OK && bsp_loader_next_job(&l, &j)) {
            double c0 = cpu_now();
            bsp_job_run(&j);
            if (j.lump < BSP_MAX_LUMPS)
                cost[j.lump] = (cost[j.lump] < 0 ? 0 : cost[j.lump]) + cpu_now() - c0;
            st = bsp_loader_job_done(&l, &j);
        }
        if (st == BSP_OK) st = bsp_loader_step(&l, 1u << 30, &pr);
    }
}

void run_model(const uint8_t *file, uint32_t size, const bsp_header *h, const bsp_options *o,
               const bsp_options *ob, void *arena, uint32_t need, uint32_t need_b,
               const model_params *mp, model_result *res)
{
    pending q[BSP_LOADER_MAX_READS];
    running w[BSP_MAX_JOBS];
    double arrive[BSP_MAX_LUMPS], first[BSP_MAX_LUMPS], cost[BSP_MAX_LUMPS];
    uint32_t nq = 0, nw = 0, head = 0, idle = 0, i;
    const double f = mp->cpu_factor;
    double t = 0, drive = 0, c0, c1;
    bsp_loader l;
    bsp_map m;
    bsp_read rd;
    bsp_job j;
    bsp_progress p, before;
    bsp_stream s;
    clocked c;

    memset(res, 0, sizeof *res);
    for (i = 0; i < BSP_MAX_LUMPS; i++) arrive[i] = first[i] = cost[i] = -1;
    /* the main thread's processor time advances the clock: the calls into
     * the loader (begin, reads issued and reported, jobs taken and
     * reported, steps), not the tool's own bookkeeping nor the copies a
     * drive's DMA would make */
    c0 = cpu_now();
    res->st = bsp_loader_begin(&l, &m, h, arena, need, o, NULL);
    bsp_loader_progress(&l, &p);
    c1 = (cpu_now() - c0) * f;
    t += c1;
    res->main_cpu += c1;
    while (res->st == BSP_OK && p.phase != BSP_PHASE_DONE) {
        uint32_t nq0 = nq;
        int moved = 0;

        /* issue reads: up to BSP_LOADER_MAX_READS at the drive, served in
         * issue order, each starting when the last ends or when issued */
        c0 = cpu_now();
        while (nq < BSP_LOADER_MAX_READS && bsp_loader_next_read(&l, mp->chunk, &rd)) {
            double x = medium_transfer(mp->med, &head, rd.offset, rd.length);
            drive = (drive > t ? drive : t) + x;
            res->busy += x;
            q[nq].r = rd;
            q[nq++].done = drive;
        }
        c1 = (cpu_now() - c0) * f;
        t += c1;
        res->main_cpu += c1;
        for (i = nq0; i < nq; i++) {
            note_arrival(h, &q[i].r, q[i].done, arrive, first);
            if (q[i].done > res->last_arrival) res->last_arrival = q[i].done;
        }

        /* reads that have landed, and jobs whose worker has finished */
        {
            uint32_t nd = 0;
            while (nd < nq && q[nd].done <= t) {
                memcpy(q[nd].r.dst, file + q[nd].r.offset, q[nd].r.length);
                nd++;
            }
            c0 = cpu_now();
            for (i = 0; i < nd && res->st == BSP_OK; i++)
                res->st = bsp_loader_read_done(&l, &q[i].r, 0);
            for (i = 0; i < nw && res->st == BSP_OK;) {
                if (w[i].end <= t) {
                    res->st = bsp_loader_job_done(&l, &w[i].j);
                    w[i] = w[--nw];
                    moved = 1;
                } else i++;
            }
            c1 = (cpu_now() - c0) * f;
            t += c1;
            res->main_cpu += c1;
            if (nd) {
                memmove(q, q + nd, (nq - nd) * sizeof q[0]);
                nq -= nd;
                moved = 1;
            }
            if (res->st != BSP_OK) break;
        }

        /* a free worker core takes the next job at once: the job runs
         * here and now, its report waits for the virtual worker's end */
        c0 = cpu_now();
        while (nw < mp->workers && bsp_loader_next_job(&l, &j)) {
            double d0 = cpu_now(), d;
            bsp_job_run(&j);
            d = cpu_now();
            c1 = (d0 - c0) * f;   /* bsp_loader_next_job: main thread */
            t += c1;
            res->main_cpu += c1;
            c0 = d;
            d = (d - d0) * f;
            w[nw].j = j;
            w[nw++].end = t + d;
            /* a lump's job may run several times, as its reads land */
            if (j.lump < BSP_MAX_LUMPS) {
                if (cost[j.lump] < 0) res->job_lumps++;
                cost[j.lump] = (cost[j.lump] < 0 ? 0 : cost[j.lump]) + d / f;
            }
            if (t + d > res->last_job_end) res->last_job_end = t + d;
            res->jobs++;
            moved = 1;
        }
        c1 = (cpu_now() - c0) * f;
        t += c1;
        res->main_cpu += c1;

        before = p;
        c0 = cpu_now();
        res->st = bsp_loader_step(&l, mp->budget, &p);
        c1 = (cpu_now() - c0) * f;
        t += c1;
        res->main_cpu += c1;
        res->work += c1;
        res->steps++;
        if (p.phase != before.phase || p.work_done != before.work_done ||
            p.decoded != before.decoded)
            moved = 1;
        if (res->st != BSP_OK || p.phase == BSP_PHASE_DONE) break;
        if (!moved) {
            /* nothing to do until the next read lands or job ends */
            double next = -1;
            if (nq) next = q[0].done;
            for (i = 0; i < nw; i++)
                if (next < 0 || w[i].end < next) next = w[i].end;
            if (next > t) t = next;
            if (next < 0 && ++idle > 1000) {
                res->st = BSP_E_IO;   /* stalled: nothing outstanding, no progress */
                break;
            }
        } else idle = 0;
    }
    res->resumable = t;
    if (res->st != BSP_OK) return;

    /* the bound: the drive, and each lump's decode after its last byte */
    if (!mp->workers) measure_jobs(file, h, o, arena, need, cost);
    res->bound = res->busy;
    res->bound_lump = BSP_NO_LUMP;
    for (i = 0; i < BSP_MAX_LUMPS; i++)
        if (cost[i] >= 0 && arrive[i] >= 0 && arrive[i] + cost[i] * f > res->bound) {
            res->bound = arrive[i] + cost[i] * f;
            res->bound_lump = i;
        }
    /* the same with a lump's decode free to start at its first byte (as
     * the steps decode, reads of 'chunk' bytes): a job runs on the bytes
     * arrived so far, so this is the lower bound of a load with jobs; the
     * bound above is the one whole-lump jobs could reach */
    res->stream_bound = res->busy;
    for (i = 0; i < BSP_MAX_LUMPS; i++)
        if (cost[i] >= 0 && first[i] >= 0) {
            double e = first[i] + cost[i] * f;
            if (arrive[i] > e) e = arrive[i];
            if (e > res->stream_bound) res->stream_bound = e;
        }
    for (i = 0; i < BSP_MAX_LUMPS; i++)
        if (cost[i] >= 0) {
            res->decode += cost[i] * f;
            if (cost[i] * f > res->longest_job) res->longest_job = cost[i] * f;
        }

    c.file = file;
    c.med = mp->med;
    c.head = 0;
    c.busy = 0;
    s.read = clocked_read;
    s.ctx = &c;
    s.size = size;
    s.forward_only = 1;
    c0 = cpu_now();
    res->st = bsp_load(&m, h, &s, arena, need_b, ob, NULL);
    /* no overlap: every transfer, then every byte of work */
    res->blocking = (cpu_now() - c0) * f + c.busy;
}
