/* SPDX-License-Identifier: MIT */
/* simulate.h - the simulated medium shared by `load --simulate`'s two
 * runs: a reader thread in real time (simulate.c) and a model on a virtual
 * clock (simulate_model.c). */
#ifndef BSP_TOOL_SIMULATE_H
#define BSP_TOOL_SIMULATE_H

#include "../../loader/bspkit.h"
#include "../common/resumable_load.h"

typedef struct medium { const char *name; double rate, seek; } medium;

/* Seconds the drive spends on `length` bytes at `offset` with its head at
 * *head (a seek, or reading through a short forward gap when that is
 * quicker); the head moves to the end of the read. */
double medium_transfer(const medium *m, uint32_t *head, uint32_t offset, uint32_t length);

/* The whole file at `path` (malloc'd; NULL if it cannot be read). */
uint8_t *sim_slurp(const char *path, uint32_t *size);

/* This thread's processor time in seconds. */
double cpu_now(void);

/* How the model drives the load: reads of `chunk` bytes, steps of
 * `budget`; `workers` simulated cores run decode jobs (0: the steps
 * decode, options.jobs must then be 0; else options.jobs = workers);
 * every processor time measured on this host is multiplied by
 * `cpu_factor` (the console's core against this one). */
typedef struct model_params {
    const medium *med;
    uint32_t chunk, budget, workers;
    double cpu_factor;
} model_params;

typedef struct model_result {
    bsp_status st;
    double resumable, blocking, busy;   /* seconds on the virtual clock; drive busy */
    double work;                        /* processor seconds of all work steps (x factor) */
    double main_cpu;                    /* main thread's processor seconds (x factor) */
    double bound;                       /* max(busy, max over compressed lumps of the
                                           arrival of its last byte + its decode) */
    double stream_bound;                /* the bound were a lump's decode free to start at
                                           its first byte (no later than its last) */
    double decode;                      /* all jobs' decode seconds (x factor) */
    double longest_job;                 /* seconds (x factor) */
    double last_arrival, last_job_end;  /* when the drive delivered the last byte, the
                                           last job ended (virtual) */
    uint32_t jobs, steps;               /* jobs: runs handed out */
    uint32_t job_lumps;                 /* lumps decoded by jobs */
    uint32_t bound_lump;                /* the lump that sets the bound (BSP_NO_LUMP: the drive) */
} model_result;

/* The same loads on a virtual clock: the drive as in simulate.c, each
 * main-thread call advancing the clock by the processor time it took (x
 * the factor), decode jobs on simulated worker cores. Other processes on
 * the host then cost nothing, so the result says what the loader's overlap
 * is worth on cores of its own. o: the resumable load's options (o->jobs =
 * p->workers), ob: bsp_load's (arena need_b). */
void run_model(const uint8_t *file, uint32_t size, const bsp_header *h, const bsp_options *o,
               const bsp_options *ob, void *arena, uint32_t need, uint32_t need_b,
               const model_params *p, model_result *res);

/* `bspkit load --simulate MEDIUM MAP`: one JSON line of timings; reads of
 * r->chunk bytes (0: 16 KiB), steps of r->budget, r->workers decode
 * workers, processor times x r->cpu_factor. */
int tool_simulate(const tool_resume *r, const char *path);

/* `bspkit load --steps MAP`: every byte in place first, then steps of
 * r->budget, r->repeat times; one JSON line with the longest step's best
 * time. */
int tool_steps(const tool_resume *r, const char *path);

#endif
