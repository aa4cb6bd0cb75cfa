/* SPDX-License-Identifier: MIT */
/* simulate.c - `bspkit load --simulate MEDIUM MAP`: a map loaded from a
 * simulated medium, a reader thread that delivers at a fixed rate with a
 * seek latency, as a console's disc drive with DMA does. Prints the
 * resumable loader's wall time and the blocking loader's over the medium's
 * pure transfer time (the time the drive is busy), and the longest work
 * step at the budget (--budget, default 256 KiB) in processor time (the
 * wall time of a step also counts whatever else the host ran meanwhile:
 * max_step_wall_ms). Reads are --chunk bytes (default 16 KiB). --trace
 * adds, on standard error, where the time went by kind of step. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>

#include "../common/resumable_load.h"
#include "simulate.h"
#include "../common/tool.h"
#include "../../platform/memory/bsp_memstream.h"

/* ssd: a SATA solid-state drive, 500 MB/s (SATA III's 6 Gb/s link carries
 * about 560 MB/s of data, and SATA SSDs are rated 500-560 MB/s sequential)
 * and 0.1 ms to reach a new place (a 4 KiB random read's latency on such
 * drives is 0.05-0.1 ms). */
static const medium media[] = {
    { "dvd", 12e6, 0.100 }, { "bluray", 9e6, 0.150 }, { "hdd", 60e6, 0.010 },
    { "ssd", 500e6, 0.0001 }, { "memory", 0, 0 },
};

/* The console CPU factor (--console, SIM_CONSOLE_CPU_FACTOR = 8): how many
 * times longer one Xbox 360 / PS3 PPU core (in-order 64-bit PowerPC, 3.2
 * GHz, 2-way SMT, one thread running) takes for the same LZMA decoding than
 * one core of the bench host. No published LZMA figure for the PPU was
 * found, so the factor goes through an Intel Core 2, the unit of 7-Zip's
 * benchmark:
 *   - this host: 7-Zip 26.02 `7zz b 3 -mmt1 -md22` (Debian's 7zip package,
 *     installed only to measure and removed), single-thread decompression
 *     4 710-4 740 MIPS per 100 % usage (Intel Xeon, KVM, 2 vCPUs,
 *     2026-11-25);
 *   - 7-Zip's ratings are normalised so that one Core 2 thread rates about
 *     its clock in MHz (7-Zip's benchmark documentation), so a Core 2 at
 *     2.66 GHz rates about 2 660: this host's core is 4 720 / 2 660 = 1.77
 *     of it;
 *   - the PPU against that Core 2: MacResearch (2007, "Science on a G5,
 *     PS3, Mac Pro: benchmarks") ran the same single-threaded codes with
 *     gcc -O3 on a PS3 (PPU only) and a Mac Pro (Xeon 5150, Core 2, 2.66
 *     GHz): 36 s against 8 and 27 s against 6, 4.5 times slower. Primate
 *     Labs' Geekbench 2 (May 2007) agrees for integer code: the PS3's PPU
 *     scores 920 (32-bit) where a Power Mac G5 at 1.6 GHz scores 1 000, and
 *     in MacResearch's runs a G5 at 2.5 GHz is 2.25-2.7 times slower than
 *     the Xeon, so a 1.6 GHz one 3.5-4.2 times and the PPU 3.8-4.6 times;
 *   - so the PPU rates about 2 660 / 4.5 = 590 in 7-Zip's decompression,
 *     and 4 720 / 590 = 8.0.
 * LZMA decoding is the kind of code that suffers most on the PPU (7-Zip's
 * documentation: it depends on the branch misprediction penalty, the
 * pipeline's length, and the latency of multiplies and shifts; the PPU has
 * a 23-stage in-order pipeline), so 8 is not pessimistic for one thread;
 * take it as +-30 %. A worker on the second hardware thread of a busy core
 * shares its in-order pipeline and is slower still: on an Xbox 360 (3
 * cores) the main thread and 2 workers have cores of their own; on a PS3
 * the PPU has one core (its SPUs are not modelled). */
#define QUEUE 64

typedef struct request { bsp_read r; double queued; } request;

typedef struct drive {
    pthread_mutex_t mu;
    pthread_cond_t wake, done;
    const uint8_t *file;
    const medium *med;
    request queue[QUEUE];
    bsp_read finished[QUEUE];
    double clock;           /* when the drive's last transfer ends */
    int nqueue, nfinished, quit;
    uint32_t head;          /* where the last transfer ended */
    double busy;            /* seconds of seeks and transfers */
    double starved;         /* seconds with nothing queued (after the first read) */
    double last_done;       /* when the last transfer ended */
    int started;
} drive;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void sleep_until(double t)
{
    struct timespec ts;
    ts.tv_sec = (time_t)t;
    ts.tv_nsec = (long)((t - (double)ts.tv_sec) * 1e9);
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) != 0) {}
}

/* The drive: requests in order, each after its seek (if it does not start
 * where the last ended) and its transfer time; the bytes land at the end
 * of the transfer, as DMA completes. */
static void *drive_thread(void *arg)
{
    drive *d = (drive *)arg;
    pthread_mutex_lock(&d->mu);
    for (;;) {
        request q;
        bsp_read r;
        double t;
        double idle0 = now();
        while (!d->nqueue && !d->quit) pthread_cond_wait(&d->wake, &d->mu);
        if (!d->nqueue) break;
        if (d->started) d->starved += now() - idle0;
        d->started = 1;
        q = d->queue[0];
        r = q.r;
        memmove(d->queue, d->queue + 1, (size_t)(--d->nqueue) * sizeof q);
        t = medium_transfer(d->med, &d->head, r.offset, r.length);
        d->busy += t;
        /* The drive runs on its own clock, as DMA hardware does: a transfer
         * starts when the previous one ends or when it was queued, not when
         * this thread happened to be scheduled again, so the host's
         * scheduling delays do not add up over the reads. */
        d->clock = (d->clock > q.queued ? d->clock : q.queued) + t;
        pthread_mutex_unlock(&d->mu);
        if (t > 0) sleep_until(d->clock);
        memcpy(r.dst, d->file + r.offset, r.length);
        pthread_mutex_lock(&d->mu);
        d->last_done = now();
        d->finished[d->nfinished++] = r;
        pthread_cond_signal(&d->done);
    }
    pthread_mutex_unlock(&d->mu);
    return NULL;
}

static void drive_submit(drive *d, const bsp_read *r)
{
    pthread_mutex_lock(&d->mu);
    d->queue[d->nqueue].r = *r;
    d->queue[d->nqueue++].queued = now();
    pthread_cond_signal(&d->wake);
    pthread_mutex_unlock(&d->mu);
}

/* Completed reads into out (up to QUEUE); waits for one if `wait`. */
static int drive_collect(drive *d, bsp_read *out, int wait)
{
    int n;
    pthread_mutex_lock(&d->mu);
    while (wait && !d->nfinished) pthread_cond_wait(&d->done, &d->mu);
    n = d->nfinished;
    memcpy(out, d->finished, (size_t)n * sizeof *out);
    d->nfinished = 0;
    pthread_mutex_unlock(&d->mu);
    return n;
}

static void drive_start(drive *d, pthread_t *th, const uint8_t *file, const medium *med)
{
    memset(d, 0, sizeof *d);
    pthread_mutex_init(&d->mu, NULL);
    pthread_cond_init(&d->wake, NULL);
    pthread_cond_init(&d->done, NULL);
    d->file = file;
    d->med = med;
    pthread_create(th, NULL, drive_thread, d);
}

static void drive_stop(drive *d, pthread_t th)
{
    pthread_mutex_lock(&d->mu);
    d->quit = 1;
    pthread_cond_signal(&d->wake);
    pthread_mutex_unlock(&d->mu);
    pthread_join(th, NULL);
    pthread_mutex_destroy(&d->mu);
    pthread_cond_destroy(&d->wake);
    pthread_cond_destroy(&d->done);
}

/* The blocking loader's stream: each read waits for the drive. */
static int blocking_read(void *ctx, uint32_t offset, void *dst, uint32_t len)
{
    drive *d = (drive *)ctx;
    bsp_read r, got[QUEUE];
    r.offset = offset;
    r.length = len;
    r.dst = dst;
    r.tag = 0;
    drive_submit(d, &r);
    return drive_collect(d, got, 1) == 1 ? 0 : -1;
}

/* Where a resumable load's time goes, by the kind of step: decoding (LZMA
 * output grew), other work (swapping, checking), the final step, and steps
 * that found nothing to do; plus the drive's idle time and the time after
 * the last byte arrived. */
enum { K_DECODE, K_WORK, K_FINISH, K_IDLE, K_COUNT };
static const char *const kind_name[K_COUNT] = { "decode", "work", "finish", "idle" };

typedef struct sim_result {
    bsp_status st;
    double wall, busy, max_step, max_step_cpu, starved, tail;
    double kind_ms[K_COUNT], kind_max[K_COUNT];
    uint32_t steps, kind_steps[K_COUNT];
    double kind_bytes[K_COUNT];
} sim_result;

static int step_kind(const bsp_progress *a, const bsp_progress *b)
{
    if (a->phase == BSP_PHASE_VALIDATING) return K_FINISH;
    if (b->decoded != a->decoded) return K_DECODE;
    if (b->work_done != a->work_done) return K_WORK;
    return K_IDLE;
}

/* The resumable loader: up to BSP_LOADER_MAX_READS reads of `chunk` bytes
 * queued at the drive, a work step whenever data is there, a wait for the
 * drive when there is nothing to do. */
static void run_resumable(const uint8_t *file, const bsp_header *h, const bsp_options *o,
                          void *arena, uint32_t need, const medium *med, uint32_t chunk,
                          uint32_t budget, sim_result *res)
{
    drive d;
    pthread_t th;
    bsp_loader l;
    bsp_map m;
    bsp_read rd, got[QUEUE];
    bsp_progress p, before;
    int outstanding = 0, n, i;
    double t0;

    memset(res, 0, sizeof *res);
    drive_start(&d, &th, file, med);
    t0 = now();
    res->st = bsp_loader_begin(&l, &m, h, arena, need, o, NULL);
    bsp_loader_progress(&l, &p);
    while (res->st == BSP_OK && p.phase != BSP_PHASE_DONE) {
        double s0, c0, dt, dc;
        while (bsp_loader_next_read(&l, chunk, &rd)) {
            drive_submit(&d, &rd);
            outstanding++;
        }
        n = drive_collect(&d, got, 0);
        for (i = 0; i < n; i++) bsp_loader_read_done(&l, &got[i], 0);
        outstanding -= n;
        before = p;
        s0 = now();
        c0 = cpu_now();
        res->st = bsp_loader_step(&l, budget, &p);
        dc = cpu_now() - c0;
        dt = now() - s0;
        res->steps++;
        if (dt > res->max_step) res->max_step = dt;
        if (dc > res->max_step_cpu) res->max_step_cpu = dc;
        {
            int k = step_kind(&before, &p);
            res->kind_ms[k] += dc * 1e3;
            res->kind_steps[k]++;
            res->kind_bytes[k] += (double)(p.work_done - before.work_done);
            if (dc * 1e3 > res->kind_max[k]) res->kind_max[k] = dc * 1e3;
        }
        if (res->st == BSP_OK && p.phase == before.phase && p.work_done == before.work_done &&
            outstanding > 0 && n == 0) {
            /* nothing to do until the drive delivers */
            n = drive_collect(&d, got, 1);
            for (i = 0; i < n; i++) bsp_loader_read_done(&l, &got[i], 0);
            outstanding -= n;
        }
    }
    res->wall = now() - t0;
    drive_stop(&d, th);
    res->busy = d.busy;
    res->starved = d.starved;
    res->tail = t0 + res->wall - d.last_done;
}

static void run_blocking(const uint8_t *file, uint32_t size, const bsp_header *h0,
                         const bsp_options *o, void *arena, uint32_t need, const medium *med,
                         sim_result *res)
{
    drive d;
    pthread_t th;
    bsp_stream s;
    bsp_map m;
    double t0;

    memset(res, 0, sizeof *res);
    s.read = blocking_read;
    s.ctx = &d;
    s.size = size;
    s.forward_only = 1;
    drive_start(&d, &th, file, med);
    t0 = now();
    res->st = bsp_load(&m, h0, &s, arena, need, o, NULL);
    res->wall = now() - t0;
    drive_stop(&d, th);
    res->busy = d.busy;
}

uint8_t *sim_slurp(const char *path, uint32_t *size)
{
    FILE *fp = fopen(path, "rb");
    uint8_t *data = NULL;
    struct stat st;
    long n;
    if (!fp) return NULL;
    if (fstat(fileno(fp), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(fp);
        errno = EISDIR;
        return NULL;
    }
    if (fseek(fp, 0, SEEK_END) == 0 && (n = ftell(fp)) >= 0 && fseek(fp, 0, SEEK_SET) == 0 &&
        (data = malloc(n ? (size_t)n : 1)) && fread(data, 1, (size_t)n, fp) != (size_t)n) {
        free(data);
        data = NULL;
    }
    if (data) *size = (uint32_t)n;
    fclose(fp);
    return data;
}

/* The largest lc + lp of the file's compressed lumps (at least 3, Valve's
 * lc=3 lp=0): an engine sizes its decoder tables for its own content, and
 * every decode job beyond the first takes a table of that size. A lump's
 * stored bytes start with Valve's header: "LZMA", two sizes, then the
 * 5-byte properties, whose first byte is (pb * 5 + lp) * 9 + lc. */
static uint32_t file_lclp(const bsp_header *h, const uint8_t *file, uint32_t size)
{
    uint32_t i, most = 3;
    for (i = 0; i < h->num_lumps && i < BSP_MAX_LUMPS; i++) {
        const bsp_lump_entry *e = &h->lumps[i];
        uint32_t d;
        if (!e->compressed || e->length < 17 || size < 17 || e->offset > size - 17) continue;
        d = file[e->offset + 12];
        if (d < 9 * 5 * 5 && d % 9 + d / 9 % 5 > most) most = d % 9 + d / 9 % 5;
    }
    return most > 12 ? 12 : most;
}

int tool_simulate(const tool_resume *r, const char *path)
{
    const char *name = r->simulate;
    /* 16 KiB reads: a read's bytes are decoded only once it has landed,
     * so decoding trails the medium by about one read; the last one is
     * decoded after the medium has finished (256 KiB of lightmaps is about
     * 20 ms of decoding, 16 KiB about 1.3) */
    uint32_t chunk = r->chunk ? r->chunk : 16u << 10, budget = r->budget;
    const medium *med = NULL;
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_options o = bsp_default_options(BSP_LOAD_ALL), ob, o1;
    sim_result rr, rb;
    model_result mr;
    model_params mp;
    uint32_t size = 0, need = 0, need_compact = 0, need_one = 0, alloc, i;
    uint8_t *file, *arena;
    bsp_status st;
    int realtime = r->workers == 0;

    for (i = 0; i < sizeof media / sizeof media[0]; i++)
        if (!strcmp(media[i].name, name)) med = &media[i];
    if (!med) {
        fprintf(stderr, "bspkit: unknown medium '%s' (dvd, bluray, hdd, ssd, memory)\n", name);
        return 2;
    }
    errno = 0;
    file = sim_slurp(path, &size);
    if (!file) return report_io_error("bspkit", "cannot read", path, errno);
    /* reads of later lumps overlap decoding only with separate windows */
    o.pipelined = 1;
    ob = o;
    ob.pipelined = 0;
    o.jobs = r->workers;
    o1 = o;
    o1.jobs = 1;
    bsp_memstream_init(&ms, &s, file, size);
    st = bsp_open(&h, &s);
    if (st == BSP_OK) o.lzma_lclp_max = ob.lzma_lclp_max = o1.lzma_lclp_max = file_lclp(&h, file, size);
    if (st == BSP_OK) st = bsp_measure(&h, &o, &need);
    if (st == BSP_OK) st = bsp_measure(&h, &ob, &need_compact);
    if (st == BSP_OK) {
        /* a library built without decode jobs (BSPKIT_JOBS=0) has no job
         * to time for the bound: the steps' decoding is all there is */
        bsp_status one = bsp_measure(&h, &o1, &need_one);
        if (one == BSP_E_UNSUPPORTED && !r->workers) need_one = need;
        else st = one;
    }
    if (st != BSP_OK) {
        bsp_where w;
        bsp_measure_where(&h, &o, &w);
        free(file);
        return report_load_error(path, st, &h, &w, size, h.appears, 0);
    }
    /* (the model measures each lump's decode with one job: room for it) */
    alloc = need > need_one ? need : need_one;
    arena = malloc(alloc + 8);
    /* a console's memory is there from the start: touch every page once,
     * so that the steps' times do not include the host's first-touch page
     * faults */
    if (arena) memset(arena, 0, alloc + 8);
    memset(&rr, 0, sizeof rr);
    memset(&rb, 0, sizeof rb);
    memset(&mr, 0, sizeof mr);
    /* with workers the model alone runs: a real-time run would need the
     * worker cores this host may not have to spare */
    if (realtime) {
        run_resumable(file, &h, &o, arena, need, med, chunk, budget, &rr);
        run_blocking(file, size, &h, &ob, arena, need_compact, med, &rb);
    }
    mp.med = med;
    mp.chunk = chunk;
    mp.budget = budget;
    mp.workers = r->workers;
    mp.cpu_factor = r->cpu_factor;
    if (rr.st == BSP_OK && rb.st == BSP_OK)
        run_model(file, size, &h, &o, &ob, arena, alloc, need_compact, &mp, &mr);
    free(arena);
    free(file);
    if (rr.st != BSP_OK || rb.st != BSP_OK || mr.st != BSP_OK)
        return report_load_error(path, rr.st != BSP_OK ? rr.st : rb.st != BSP_OK ? rb.st : mr.st,
                                 &h, NULL, size, NULL, 0);
    printf("{\"medium\":\"%s\",", med->name);
    if (realtime)
        printf("\"transfer_ms\":%.2f,\"resumable_ms\":%.2f,\"blocking_ms\":%.2f,"
               "\"resumable_vs_transfer\":%.3f,\"blocking_vs_transfer\":%.3f,\"max_step_ms\":%.3f,"
               "\"max_step_wall_ms\":%.3f,",
               rr.busy * 1e3, rr.wall * 1e3, rb.wall * 1e3,
               rr.busy > 0 ? rr.wall / rr.busy : 0.0, rb.busy > 0 ? rb.wall / rb.busy : 0.0,
               rr.max_step_cpu * 1e3, rr.max_step * 1e3);
    else
        printf("\"realtime\":null,\"transfer_ms\":%.2f,\"resumable_ms\":null,\"blocking_ms\":null,"
               "\"resumable_vs_transfer\":null,\"blocking_vs_transfer\":null,\"max_step_ms\":null,"
               "\"max_step_wall_ms\":null,",
               mr.busy * 1e3);
    printf("\"work_ms\":%.2f,\"model_resumable_vs_transfer\":%.3f,"
           "\"model_blocking_vs_transfer\":%.3f,\"steps\":%u,\"budget\":%u,\"chunk\":%u,\"arena_bytes\":%u,\"pipelined_extra_bytes\":%u,"
           "\"workers\":%u,\"cpu_factor\":%.3f,\"model_ms\":%.2f,\"bound_ms\":%.2f,"
           "\"model_vs_transfer\":%.3f,\"model_vs_bound\":%.3f,\"bound_lump\":%d,\"stream_bound_ms\":%.2f,"
           "\"longest_job_ms\":%.2f,\"decode_ms\":%.2f,\"main_ms\":%.2f,\"last_byte_ms\":%.2f,"
           "\"last_job_end_ms\":%.2f,\"jobs\":%u,\"job_lumps\":%u,\"model_steps\":%u,\"worker_arena_bytes\":%u,"
           "\"model_vs_stream_bound\":%.3f}\n",
           mr.work * 1e3,
           mr.busy > 0 ? mr.resumable / mr.busy : 0.0, mr.busy > 0 ? mr.blocking / mr.busy : 0.0,
           realtime ? rr.steps : mr.steps, budget, chunk, need, need - need_compact - (need - need_one),
           r->workers, r->cpu_factor, mr.resumable * 1e3, mr.bound * 1e3,
           mr.busy > 0 ? mr.resumable / mr.busy : 0.0, mr.bound > 0 ? mr.resumable / mr.bound : 0.0,
           mr.bound_lump == BSP_NO_LUMP ? -1 : (int)mr.bound_lump, mr.stream_bound * 1e3,
           mr.longest_job * 1e3, mr.decode * 1e3, mr.main_cpu * 1e3, mr.last_arrival * 1e3,
           mr.last_job_end * 1e3, mr.jobs, mr.job_lumps, mr.steps,
           r->workers > 1 ? (need - need_one) / (r->workers - 1) : 0u,
           mr.stream_bound > 0 ? mr.resumable / mr.stream_bound : 0.0);
    if (r->trace && realtime) {
        /* where the resumable load's time went (standard error: not part
         * of the JSON the bench reads) */
        fprintf(stderr, "drive idle %.2f ms, after the last byte %.2f ms\n", rr.starved * 1e3,
                rr.tail * 1e3);
        for (i = 0; i < K_COUNT; i++)
            fprintf(stderr, "%-7s %5u steps %9.2f ms of processor, longest %.3f ms, %.0f bytes of work\n",
                    kind_name[i], rr.kind_steps[i], rr.kind_ms[i], rr.kind_max[i],
                    rr.kind_bytes[i]);
    }
    return 0;
}
