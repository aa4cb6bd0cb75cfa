/* SPDX-License-Identifier: MIT */
/* simulate.h - the simulated medium shared by `load --simulate`'s two
 * runs: a reader thread in real time (simulate.c) and a model on a virtual
 * clock (simulate_model.c). */
#ifndef BSP_TOOL_SIMULATE_H
#define BSP_TOOL_SIMULATE_H

#include "../loader/bspkit.h"

typedef struct medium { const char *name; double rate, seek; } medium;

/* Seconds the drive spends on `length` bytes at `offset` with its head at
 * *head (a seek, or reading through a short forward gap when that is
 * quicker); the head moves to the end of the read. */
double medium_transfer(const medium *m, uint32_t *head, uint32_t offset, uint32_t length);

/* The whole file at `path` (malloc'd; NULL if it cannot be read). */
uint8_t *sim_slurp(const char *path, uint32_t *size);

/* This thread's processor time in seconds. */
double cpu_now(void);

typedef struct model_result {
    bsp_status st;
    double resumable, blocking, busy;   /* seconds on the virtual clock; drive busy */
    double work;                        /* processor seconds of all work steps */
} model_result;

/* The same loads on a virtual clock: the drive as in simulate.c, each work
 * step advancing the clock by the processor time it took. Other processes
 * on the host then cost nothing, so the result says what the loader's
 * overlap is worth on a core of its own. o: the resumable load's options,
 * ob: bsp_load's (arena need_b). */
void run_model(const uint8_t *file, uint32_t size, const bsp_header *h, const bsp_options *o,
               const bsp_options *ob, void *arena, uint32_t need, uint32_t need_b,
               const medium *med, uint32_t chunk, uint32_t budget, model_result *res);

#endif
