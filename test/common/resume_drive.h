/* SPDX-License-Identifier: MIT */
/* resume_drive.h - drive bspkit's resumable loader over a file in memory
 * the way an engine with asynchronous reads would: reads split into pieces,
 * several outstanding, completed in a shuffled order, work steps of chosen
 * budgets, an optional cancel or failed read. Test, fuzz and tool code. */
#ifndef BSP_TEST_RESUME_DRIVE_H
#define BSP_TEST_RESUME_DRIVE_H

#include <string.h>
#include "../../loader/bspkit.h"

typedef struct drive_opts {
    uint32_t seed;
    uint32_t max_read;      /* piece size limit; 0: whole lumps */
    int random_reads;       /* pieces of 1..max_read bytes */
    uint32_t budget;        /* work step budget */
    int random_budget;      /* budgets of 1..budget bytes */
    int shuffle;            /* complete outstanding reads in random order */
    long cancel_at;         /* cancel before this step (-1: never) */
    long fail_read;         /* report this read (by count) failed (-1: never) */
    int hold_jobs;          /* decode jobs (options.jobs): keep up to this
                               many run but unreported, reporting them in
                               random order (0: report each at once) */
} drive_opts;

typedef struct drive_result {
    uint32_t steps, reads;
    int backwards;          /* a read started before the end of the previous one */
    int beyond;             /* a read outside the file or its destination outside the arena */
    int stalled;            /* no read to issue or complete and no progress */
    int progress_bad;       /* progress went backwards or past its totals */
    uint32_t jobs, most_jobs_out; /* decode jobs run; most out at once */
    uint32_t job_resumes;   /* runs that went on from where a job paused */
    int job_outside;        /* a job's window or table outside the arena */
    bsp_progress last;
} drive_result;

static uint32_t drive_rand(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

static int drive_progress_ok(const bsp_progress *a, const bsp_progress *b)
{
    return b->read_done >= a->read_done && b->decoded >= a->decoded && b->work_done >= a->work_done &&
           b->read_done <= b->read_total && b->decoded <= b->decode_total &&
           b->work_done <= b->work_total;
}

/* Run the load begun on l to its end; the file's bytes are file[0 .. size),
 * the arena [arena, arena + arena_bytes). Returns the load's status
 * (BSP_OK with r->last.phase DONE or CANCELLED). */
static __attribute__((unused)) bsp_status drive_load(bsp_loader *l, const uint8_t *file, uint32_t size,
                                                     const uint8_t *arena, uint32_t arena_bytes,
                                                     const drive_opts *o, drive_result *r)
{
    bsp_read pend[BSP_LOADER_MAX_READS];
    bsp_job jobs[BSP_MAX_JOBS];
    uint32_t njobs = 0;
    uint32_t npend = 0, k, seed = o->seed * 2654435761u + 1, last_end = 0, idle = 0;
    bsp_progress prev;
    bsp_status st = BSP_OK;

    memset(r, 0, sizeof *r);
    bsp_loader_progress(l, &prev);
    for (;;) {
        bsp_read rd;
        uint32_t len = o->max_read, budget = o->budget, n;
        int moved = 0;
        if (o->random_reads && o->max_read) len = 1 + drive_rand(&seed) % o->max_read;
        while (npend < BSP_LOADER_MAX_READS && bsp_loader_next_read(l, len, &rd)) {
            if (rd.offset < last_end) r->backwards = 1;
            last_end = rd.offset + rd.length;
            if (rd.offset > size || rd.length > size - rd.offset ||
                (const uint8_t *)rd.dst < arena ||
                (const uint8_t *)rd.dst + rd.length > arena + arena_bytes)
                r->beyond = 1;
            pend[npend++] = rd;
            moved = 1;
            if (o->random_reads && o->max_read) len = 1 + drive_rand(&seed) % o->max_read;
            if (o->shuffle && drive_rand(&seed) % 4 == 0) break;
        }
        /* complete some of the outstanding reads */
        n = npend ? (o->shuffle ? 1 + drive_rand(&seed) % npend : npend) : 0;
        while (n--) {
            int failed;
            k = o->shuffle ? drive_rand(&seed) % npend : 0;
            rd = pend[k];
            memmove(&pend[k], &pend[k + 1], (npend - k - 1) * sizeof pend[0]);
            npend--;
            failed = o->fail_read >= 0 && r->reads == (uint32_t)o->fail_read;
            if (!failed && !r->beyond) memcpy(rd.dst, file + rd.offset, rd.length);
            r->reads++;
            /* a failing medium is any non-zero but BSP_READ_END; reading past the
             * data's end is BSP_READ_END, as a stream reports it */
            st = bsp_loader_read_done(l, &rd, failed ? -1 : r->beyond ? BSP_READ_END : 0);
            moved = 1;
            if (st != BSP_OK) goto out;
        }
        /* decode jobs: run each as it is handed out (a thread would run it
         * some time later: the order of reports is what matters), report
         * them in shuffled order, holding some back */
        {
            bsp_job j;
            while (njobs < BSP_MAX_JOBS && bsp_loader_next_job(l, &j)) {
                if ((const uint8_t *)j.region < arena || (const uint8_t *)j.tables < arena ||
                    (const uint8_t *)j.region + j.window > arena + arena_bytes ||
                    (const uint8_t *)j.tables > arena + arena_bytes)
                    r->job_outside = 1;
                else
                    bsp_job_run(&j);
                jobs[njobs++] = j;
                r->jobs++;
                r->job_resumes += j.resume != 0;
                moved = 1;
            }
            if (njobs > r->most_jobs_out) r->most_jobs_out = njobs;
            while (njobs > (uint32_t)o->hold_jobs ||
                   (njobs && (!o->shuffle || drive_rand(&seed) % 3 == 0))) {
                k = o->shuffle ? drive_rand(&seed) % njobs : 0;
                j = jobs[k];
                memmove(&jobs[k], &jobs[k + 1], (njobs - k - 1) * sizeof jobs[0]);
                njobs--;
                st = bsp_loader_job_done(l, &j);
                moved = 1;
                if (st != BSP_OK) goto out;
            }
        }
        if (o->cancel_at >= 0 && r->steps == (uint32_t)o->cancel_at) {
            bsp_loader_cancel(l);
            /* reads already issued still land; wait for them */
            for (k = 0; k < npend; k++) {
                memcpy(pend[k].dst, file + pend[k].offset, pend[k].length);
                bsp_loader_read_done(l, &pend[k], 0);
            }
            npend = 0;
        }
        if (o->random_budget && o->budget) budget = 1 + drive_rand(&seed) % o->budget;
        st = bsp_loader_step(l, budget, &r->last);
        r->steps++;
        if (!drive_progress_ok(&prev, &r->last)) r->progress_bad = 1;
        if (st != BSP_OK || r->last.phase == BSP_PHASE_DONE || r->last.phase == BSP_PHASE_CANCELLED)
            break;
        if (!moved && !memcmp(&prev, &r->last, sizeof prev) && ++idle > 1000) {
            r->stalled = 1;
            st = BSP_E_IO;
            break;
        }
        if (moved || memcmp(&prev, &r->last, sizeof prev)) idle = 0;
        prev = r->last;
    }
out:
    /* an engine waits for its outstanding reads before reusing the arena */
    for (k = 0; k < npend; k++)
        if (!r->beyond) memcpy(pend[k].dst, file + pend[k].offset, pend[k].length);
    bsp_loader_progress(l, &r->last);
    return st;
}

#endif
