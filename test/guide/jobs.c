/* SPDX-License-Identifier: MIT */
/* The guide's job-system loop, load_with_jobs, with a job system of POSIX
 * threads: one reader thread lands the reads (the file is in memory: a
 * copy), two workers run the jobs, wait_for sleeps on a condition variable
 * or runs a queued job on the loading thread. Checked: the load gives
 * bsp_load's lumps; on a map with compressed lumps jobs were handed out
 * and run; a step that says it waits for reads or jobs has some out; the
 * loop steps a bounded number of times (no spinning: at most two steps a
 * read or job event, plus the work itself, plus a margin). */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <time.h>

#include "harness.h"

#define QMAX 256
static const uint8_t *file_bytes;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t work = PTHREAD_COND_INITIALIZER, event = PTHREAD_COND_INITIALIZER;
static bsp_read reads_todo[QMAX], reads_done[QMAX];
static bsp_job jobs_todo[QMAX], jobs_done[QMAX];
static int nreads_todo, nreads_done, njobs_todo, njobs_done, quit;
static int reads_out, jobs_out;          /* issued and not yet reported (loading thread) */
static long steps, events, jobs_run, helped, slept;
static uint32_t work_total;

static void *reader(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&mu);
    for (;;) {
        bsp_read r;
        while (!nreads_todo && !quit) pthread_cond_wait(&work, &mu);
        if (!nreads_todo) break;
        r = reads_todo[0];
        memmove(reads_todo, reads_todo + 1, (size_t)--nreads_todo * sizeof r);
        pthread_mutex_unlock(&mu);
        memcpy(r.dst, file_bytes + r.offset, r.length);
        pthread_mutex_lock(&mu);
        reads_done[nreads_done++] = r;
        pthread_cond_broadcast(&event);
    }
    pthread_mutex_unlock(&mu);
    return NULL;
}
static void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&mu);
    for (;;) {
        bsp_job j;
        while (!njobs_todo && !quit) pthread_cond_wait(&work, &mu);
        if (!njobs_todo) break;
        j = jobs_todo[--njobs_todo];
        pthread_mutex_unlock(&mu);
        bsp_job_run(&j);
        pthread_mutex_lock(&mu);
        jobs_done[njobs_done++] = j;
        jobs_run++;
        pthread_cond_broadcast(&event);
    }
    pthread_mutex_unlock(&mu);
    return NULL;
}
static void start_read(const bsp_read *rd)
{
    pthread_mutex_lock(&mu);
    if (nreads_todo == QMAX) guide_fail("read queue full");
    reads_todo[nreads_todo++] = *rd;
    reads_out++;
    pthread_cond_broadcast(&work);
    pthread_mutex_unlock(&mu);
}
static int finished_read(bsp_read *rd)
{
    int got = 0;
    pthread_mutex_lock(&mu);
    if (nreads_done) { *rd = reads_done[--nreads_done]; got = 1; reads_out--; events++; }
    pthread_mutex_unlock(&mu);
    return got;
}
static void submit_job(const bsp_job *job)
{
    pthread_mutex_lock(&mu);
    if (njobs_todo == QMAX) guide_fail("job queue full");
    jobs_todo[njobs_todo++] = *job;
    jobs_out++;
    pthread_cond_broadcast(&work);
    pthread_mutex_unlock(&mu);
}
static int finished_job(bsp_job *job)
{
    int got = 0;
    pthread_mutex_lock(&mu);
    if (njobs_done) { *job = jobs_done[--njobs_done]; got = 1; jobs_out--; events++; }
    pthread_mutex_unlock(&mu);
    return got;
}
/* Until a read or job the step waits for has finished: run a queued job
 * here when the step waits for jobs, else sleep (10 s with nothing: the
 * loader waits for something that is not out). */
static void wait_for(uint32_t waiting)
{
    pthread_mutex_lock(&mu);
    while (!nreads_done && !njobs_done) {
        struct timespec t;
        if ((waiting & BSP_WAIT_JOBS) && njobs_todo) {
            bsp_job j = jobs_todo[--njobs_todo];
            pthread_mutex_unlock(&mu);
            bsp_job_run(&j);
            pthread_mutex_lock(&mu);
            jobs_done[njobs_done++] = j;
            jobs_run++;
            helped++;
            break;
        }
        clock_gettime(CLOCK_REALTIME, &t);
        t.tv_sec += 10;
        slept++;
        if (pthread_cond_timedwait(&event, &mu, &t) != 0) guide_fail("waited 10 s for %#x: nothing came", (unsigned)waiting);
    }
    pthread_mutex_unlock(&mu);
}
static bsp_status counted_step(bsp_loader *l, uint32_t budget, bsp_progress *p)
{
    bsp_status st = bsp_loader_step(l, budget, p);
    steps++;
    work_total = p->work_total;
    if (st == BSP_OK && (p->waiting & BSP_WAIT_READS) && !reads_out)
        guide_fail("the step waits for reads (lump %u), none is out", (unsigned)p->wait_lump);
    if (st == BSP_OK && (p->waiting & BSP_WAIT_JOBS) && !jobs_out)
        guide_fail("the step waits for jobs (lump %u), none is out", (unsigned)p->wait_lump);
    if (st == BSP_OK && p->waiting && p->wait_lump == BSP_NO_LUMP)
        guide_fail("the step waits (%#x) for no lump", (unsigned)p->waiting);
    return st;
}
#define bsp_loader_step counted_step
#include GUIDE_BLOCK
#undef bsp_loader_step

int main(int argc, char **argv)
{
    pthread_t th[3];
    uint32_t size, need = 0, k, compressed = 0;
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_options o = bsp_default_options(BSP_LOAD_ALL);
    bsp_map map, ref;
    bsp_status st;
    void *arena;
    int i;
    if (argc < 2) guide_fail("usage: jobs MAP");
    o.jobs = 2;
    o.lzma_lclp_max = 8;                      /* x360_lc8: a decoder table of lc 8 a job */
    o.pipelined = 1;
    file_bytes = guide_read_file(argv[1], &size);
    bsp_memstream_init(&ms, &s, file_bytes, size);
    if (bsp_open(&h, &s) != BSP_OK || bsp_measure(&h, &o, &need) != BSP_OK) guide_fail("%s: open", argv[1]);
    for (k = 0; k < h.num_lumps; k++) compressed += h.lumps[k].compressed != 0;
    arena = malloc(need);
    pthread_create(&th[0], NULL, reader, NULL);
    for (i = 1; i < 3; i++) pthread_create(&th[i], NULL, worker, NULL);
    st = load_with_jobs(&map, &h, arena, need, &o);
    pthread_mutex_lock(&mu);
    quit = 1;
    pthread_cond_broadcast(&work);
    pthread_mutex_unlock(&mu);
    for (i = 0; i < 3; i++) pthread_join(th[i], NULL);
    if (st != BSP_OK) guide_fail("%s: load_with_jobs: %s", argv[1], bsp_status_name(st));
    guide_load(argv[1], BSP_LOAD_ALL, &ref);
    for (k = 0; k < 128; k++) {
        uint32_t a = 0, b = 0;
        const void *pa = bsp_lump(&map, k, &a), *pb = bsp_lump(&ref, k, &b);
        if (a != b || (a && memcmp(pa, pb, a))) guide_fail("%s: lump %u differs from bsp_load's", argv[1], k);
    }
    if (compressed && !jobs_run) guide_fail("%s: %u compressed lumps, no job ran", argv[1], compressed);
    if (steps > 2 * events + work_total / (256u << 10) + 2 * (long)h.num_lumps + 16)
        guide_fail("%s: %ld steps for %ld reads and jobs: the loop spins", argv[1], steps, events);
    printf("%s: %u compressed lumps, %ld jobs run (%ld by the loading thread), %ld steps, %ld events, %ld sleeps\n",
           argv[1], compressed, jobs_run, helped, steps, events, slept);
    return 0;
}
