/* SPDX-License-Identifier: MIT */
/* bench_jobs.c - decode jobs on real threads: the way an engine with a job
 * system loads a map, here with POSIX threads and the map in memory.
 *
 * The main thread is the only one that calls bsp_loader_*: it lands the
 * reads (a copy: the file is in memory), queues every job the loader hands
 * out, reports finished ones and runs the steps; the other threads run
 * jobs from the queue, and the main thread runs one itself whenever it has
 * nothing else to do. That is the whole protocol: a mutex and two
 * condition variables here, a job system's own queue in an engine.
 *
 *   bench_jobs [--repeats R] MAP...   one line per map, the last one JSON:
 *       the best two-thread load against the best one-thread bsp_load
 *       (same options, same run) and against its bound, the larger of half
 *       the one-thread time and the longest single job
 *   bench_jobs --check MAP...         PASS/FAIL lines: loads on 2, 3 and 4
 *       threads with 1 .. 8 jobs out (whole reads on 2 threads, 4 KiB
 *       reads landing while jobs decode on 3 and 4), and corrupted variants
 *       of each map, give bsp_load's status, error position and lump bytes
 *       (the suite runs this under ThreadSanitizer)
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../common/check.h"
#include "core/map.h"
#include "../common/files.h"
#include "../../loader/bspkit.h"
#include "../../platform/memory/bsp_memstream.h"

#define MAX_THREADS 8
#define BUDGET (256u << 10)

static double now(clockid_t c)
{
    struct timespec t;
    clock_gettime(c, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Jobs handed out and not yet run (FIFO: the loader hands the largest out
 * first), and jobs run and not yet reported. */
typedef struct queue {
    pthread_mutex_t mu;
    pthread_cond_t work, done;
    bsp_job todo[BSP_MAX_JOBS], finished[BSP_MAX_JOBS];
    int ntodo, nfinished, quit;
    double longest;          /* seconds of the longest job (thread time) */
} queue;

/* Run one job and time it on this thread's clock. */
static void run_timed(queue *q, bsp_job *j)
{
    double t0 = now(CLOCK_THREAD_CPUTIME_ID), t;
    bsp_job_run(j);
    t = now(CLOCK_THREAD_CPUTIME_ID) - t0;
    pthread_mutex_lock(&q->mu);
    if (t > q->longest) q->longest = t;
    pthread_mutex_unlock(&q->mu);
}

static int pop_todo(queue *q, bsp_job *j)
{
    if (!q->ntodo) return 0;
    *j = q->todo[0];
    memmove(q->todo, q->todo + 1, (size_t)--q->ntodo * sizeof *j);
    return 1;
}

static void *worker(void *arg)
{
    queue *q = (queue *)arg;
    bsp_job j;
    pthread_mutex_lock(&q->mu);
    for (;;) {
        while (!q->ntodo && !q->quit) pthread_cond_wait(&q->work, &q->mu);
        if (!pop_todo(q, &j)) break;
        pthread_mutex_unlock(&q->mu);
        run_timed(q, &j);
        pthread_mutex_lock(&q->mu);
        q->finished[q->nfinished++] = j;
        pthread_cond_signal(&q->done);
    }
    pthread_mutex_unlock(&q->mu);
    return NULL;
}

typedef struct run_result {
    bsp_status st;
    double wall, longest;
} run_result;

/* One load of file[0 .. size) on `threads` threads (the main one
 * included) with `jobs` jobs out at most. */
static void threaded_load(const uint8_t *file, uint32_t size, const bsp_options *o, int threads,
                          uint32_t chunk, void *arena, uint32_t arena_bytes, bsp_map *m,
                          run_result *res)
{
    pthread_t th[MAX_THREADS];
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_loader l;
    bsp_progress p, before;
    bsp_read rd;
    bsp_job j, got[BSP_MAX_JOBS];
    queue q;
    int i, n, out = 0;
    double t0;

    memset(&q, 0, sizeof q);
    pthread_mutex_init(&q.mu, NULL);
    pthread_cond_init(&q.work, NULL);
    pthread_cond_init(&q.done, NULL);
    for (i = 1; i < threads; i++) pthread_create(&th[i], NULL, worker, &q);
    t0 = now(CLOCK_MONOTONIC);
    bsp_memstream_init(&ms, &s, file, size);
    res->st = bsp_open(&h, &s);
    if (res->st == BSP_OK) res->st = bsp_loader_begin(&l, m, &h, arena, arena_bytes, o, NULL);
    if (res->st == BSP_OK) bsp_loader_progress(&l, &p);
    while (res->st == BSP_OK && p.phase != BSP_PHASE_DONE) {
        int moved = 0, k = 0;
        /* chunk 0: every read at once; else a few reads of `chunk` bytes
         * a round, landing while workers decode the same lump's first
         * bytes */
        while ((!chunk || k++ < 4) && bsp_loader_next_read(&l, chunk, &rd)) {
            memcpy(rd.dst, file + rd.offset, rd.length);
            res->st = bsp_loader_read_done(&l, &rd, 0);
            moved = 1;
        }
        pthread_mutex_lock(&q.mu);
        while (q.ntodo < (int)BSP_MAX_JOBS && bsp_loader_next_job(&l, &j)) {
            q.todo[q.ntodo++] = j;
            out++;
            pthread_cond_signal(&q.work);
        }
        n = q.nfinished;
        memcpy(got, q.finished, (size_t)n * sizeof *got);
        q.nfinished = 0;
        pthread_mutex_unlock(&q.mu);
        for (i = 0; i < n; i++) bsp_loader_job_done(&l, &got[i]);
        out -= n;
        before = p;
        if (res->st == BSP_OK) res->st = bsp_loader_step(&l, BUDGET, &p);
        if (res->st != BSP_OK || moved || n || memcmp(&before, &p, sizeof p)) continue;
        /* nothing to do here: run a queued job, or wait for one */
        pthread_mutex_lock(&q.mu);
        if (pop_todo(&q, &j)) {
            pthread_mutex_unlock(&q.mu);
            run_timed(&q, &j);
            bsp_loader_job_done(&l, &j);
            out--;
            continue;
        }
        if (out > 0 && !q.nfinished) pthread_cond_wait(&q.done, &q.mu);
        pthread_mutex_unlock(&q.mu);
    }
    /* a failed load may leave jobs out: they still write to the arena */
    pthread_mutex_lock(&q.mu);
    while (q.ntodo) {
        pop_todo(&q, &j);
        out--;
    }
    while (out > q.nfinished) pthread_cond_wait(&q.done, &q.mu);
    q.quit = 1;
    pthread_cond_broadcast(&q.work);
    pthread_mutex_unlock(&q.mu);
    for (i = 1; i < threads; i++) pthread_join(th[i], NULL);
    res->wall = now(CLOCK_MONOTONIC) - t0;
    res->longest = q.longest;
    pthread_mutex_destroy(&q.mu);
    pthread_cond_destroy(&q.work);
    pthread_cond_destroy(&q.done);
}

static bsp_status plain_load(const uint8_t *file, uint32_t size, const bsp_options *o,
                             void *arena, uint32_t arena_bytes, bsp_map *m)
{
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_status st;
    bsp_memstream_init(&ms, &s, file, size);
    st = bsp_open(&h, &s);
    return st == BSP_OK ? bsp_load(m, &h, &s, arena, arena_bytes, o, NULL) : st;
}

static uint32_t measure(const uint8_t *file, uint32_t size, const bsp_options *o)
{
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    uint32_t need = 0;
    bsp_memstream_init(&ms, &s, file, size);
    if (bsp_open(&h, &s) != BSP_OK || bsp_measure(&h, o, &need) != BSP_OK) return 0;
    return need;
}

static int same_lumps(const bsp_map *a, const bsp_map *b)
{
    int i;
    if (bsp__map_c(a)->error_lump != bsp__map_c(b)->error_lump || bsp__map_c(a)->error_offset != bsp__map_c(b)->error_offset) return 0;
    for (i = 0; i < BSP_MAX_LUMPS; i++)
        if (bsp__map_c(a)->lump_size[i] != bsp__map_c(b)->lump_size[i] || !bsp__map_c(a)->lump_data[i] != !bsp__map_c(b)->lump_data[i] ||
            (bsp__map_c(a)->lump_data[i] && memcmp(bsp__map_c(a)->lump_data[i], bsp__map_c(b)->lump_data[i], bsp__map_c(a)->lump_size[i])))
            return 0;
    return 1;
}

static const char *base_name(const char *p)
{
    const char *b = strrchr(p, '/');
    return b ? b + 1 : p;
}

/* The threaded loads of one file against bsp_load; returns the number of
 * mismatches and describes the last in why. */
static int check_file(const uint8_t *file, uint32_t size, char *why, size_t why_len)
{
    static const int threads[] = { 2, 3, 4 };
    bsp_options o = bsp_default_options(BSP_LOAD_ALL);
    bsp_map ref, m;
    uint8_t *ra, *a;
    uint32_t need, need_j;
    bsp_status st;
    int t, jobs, pipe, bad = 0;

    for (pipe = 0; pipe < 2; pipe++) {
        o.pipelined = pipe;
        o.jobs = 0;
        need = measure(file, size, &o);
        if (!need) return 0;
        ra = malloc(need);
        st = plain_load(file, size, &o, ra, need, &ref);
        for (t = 0; t < 3; t++) {
            for (jobs = 1; jobs <= 8; jobs += jobs < 3 ? 1 : 5) {
                run_result r;
                o.jobs = (uint32_t)jobs;
                need_j = measure(file, size, &o);
                a = malloc(need_j);
                threaded_load(file, size, &o, threads[t], t ? 4096 : 0, a, need_j, &m, &r);
                if (r.st != st || !same_lumps(&m, &ref)) {
                    snprintf(why, why_len, "%d threads, %d jobs%s: %s (bsp_load %s)", threads[t],
                             jobs, pipe ? ", pipelined" : "", bsp_status_name(r.st),
                             bsp_status_name(st));
                    bad++;
                }
                free(a);
            }
        }
        free(ra);
    }
    return bad;
}

static int check_main(int argc, char **argv)
{
    int a;
    for (a = 0; a < argc; a++) {
        uint32_t size, k, seed = 5;
        uint8_t *file = read_file(argv[a], &size), *bad_file;
        char name[300], why[200] = "";
        int bad;
        if (!file) {
            CHECK(0, base_name(argv[a]), "cannot read");
            continue;
        }
        bad = check_file(file, size, why, sizeof why);
        snprintf(name, sizeof name, "%s: loads on 2, 3 and 4 threads with 1, 2, 3 and 8 jobs out equal bsp_load",
                 base_name(argv[a]));
        CHECK(bad == 0, name, "%s", why);
        /* corrupted variants: flips in the second half (where the
         * compressed lumps of a console map sit) */
        bad_file = malloc(size);
        bad = 0;
        for (k = 0; k < 6 && size > 64; k++) {
            memcpy(bad_file, file, size);
            seed = seed * 1664525u + 1013904223u;
            bad_file[size / 2 + (seed >> 8) % (size / 2)] ^= (uint8_t)(1u << (seed % 8));
            bad += check_file(bad_file, size, why, sizeof why) != 0;
        }
        snprintf(name, sizeof name, "%s: 6 corrupted variants, threaded, give bsp_load's status and lumps",
                 base_name(argv[a]));
        CHECK(bad == 0, name, "%s", why);
        free(bad_file);
        free(file);
    }
    return check_exit();
}

int main(int argc, char **argv)
{
    int a = 1, repeats = 7, r;
    if (a < argc && !strcmp(argv[a], "--check")) return check_main(argc - 2, argv + 2);
    if (a + 1 < argc && !strcmp(argv[a], "--repeats")) {
        repeats = atoi(argv[a + 1]);
        a += 2;
    }
    if (a >= argc || repeats < 1) {
        fprintf(stderr, "usage: bench_jobs [--repeats R] MAP... | bench_jobs --check MAP...\n");
        return 2;
    }
    for (; a < argc; a++) {
        bsp_options o = bsp_default_options(BSP_LOAD_ALL), oj;
        uint32_t size, need, need_j;
        uint8_t *file = read_file(argv[a], &size), *arena, *arena_j;
        double one = 1e30, two = 1e30, longest = 1e30, bound;
        bsp_map m;
        if (!file) {
            fprintf(stderr, "bench_jobs: cannot read %s\n", argv[a]);
            return 1;
        }
        /* both with a window per lump: jobs want it (no read held back),
         * and the one-thread load then does the same work */
        o.pipelined = 1;
        oj = o;
        oj.jobs = 4;     /* two running, two queued: a thread never waits for a report */
        need = measure(file, size, &o);
        need_j = measure(file, size, &oj);
        arena = malloc(need ? need : 1);
        arena_j = malloc(need_j ? need_j : 1);
        if (!need || !need_j || !arena || !arena_j) {
            fprintf(stderr, "bench_jobs: %s does not load\n", argv[a]);
            return 1;
        }
        memset(arena, 0, need);
        memset(arena_j, 0, need_j);
        /* alternate the two, best of each (the host is shared) */
        for (r = 0; r < repeats; r++) {
            run_result res;
            double t0 = now(CLOCK_MONOTONIC);
            if (plain_load(file, size, &o, arena, need, &m) != BSP_OK) return 1;
            t0 = now(CLOCK_MONOTONIC) - t0;
            if (t0 < one) one = t0;
            threaded_load(file, size, &oj, 2, 0, arena_j, need_j, &m, &res);
            if (res.st != BSP_OK) return 1;
            if (res.wall < two) two = res.wall;
            /* the longest job of the quietest run (a job's processor time
             * also holds what the host takes from it) */
            if (res.longest < longest) longest = res.longest;
        }
        bound = one / 2 > longest ? one / 2 : longest;
        printf("%s: one thread %.2f ms, two threads %.2f ms, longest job %.2f ms, bound %.2f ms\n",
               base_name(argv[a]), one * 1e3, two * 1e3, longest * 1e3, bound * 1e3);
        printf("{\"map\":\"%s\",\"one_ms\":%.3f,\"two_ms\":%.3f,\"longest_job_ms\":%.3f,"
               "\"bound_ms\":%.3f,\"threads2_vs_one\":%.3f,\"threads2_vs_bound\":%.3f}\n",
               base_name(argv[a]), one * 1e3, two * 1e3, longest * 1e3, bound * 1e3, two / one,
               two / bound);
        free(arena);
        free(arena_j);
        free(file);
    }
    return 0;
}
