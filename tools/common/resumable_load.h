/* SPDX-License-Identifier: MIT */
/* resumable_load.h - the tool's resumable-loading options
 * (resumable_load.c), which `load --simulate` and `load --steps`
 * (tools/simulate/) read too. */
#ifndef BSP_TOOL_RESUMABLE_LOAD_H
#define BSP_TOOL_RESUMABLE_LOAD_H

#include "../../loader/bspkit.h"

/* --console: how many times longer an Xbox 360 / PS3 PPU core takes than
 * one core of the bench host for the same LZMA decoding (the figure's
 * source and arithmetic: tools/simulate/simulate.c). */
#define SIM_CONSOLE_CPU_FACTOR 8.0

typedef struct tool_resume {
    int on;                 /* --resumable */
    uint32_t budget;        /* --budget N: work step budget */
    uint32_t chunk;         /* --chunk M: read piece size (0: whole lumps) */
    const char *simulate;   /* --simulate MEDIUM */
    int trace;              /* --trace: --simulate's time per kind of step */
    int steps;              /* --steps: each step's best time (tools/steps.c) */
    uint32_t repeat;        /* --repeat N: runs for --steps (0: 10) */
    uint32_t workers;       /* --workers N: --simulate's decode jobs on N
                               simulated cores (0: the steps decode) */
    double cpu_factor;      /* --cpu-factor F (--console: the console's
                               figure, simulate.h); 1: this host's speed */
} tool_resume;

/* Take the options above out of argv; returns the new argc, -1 on a
 * missing or bad value (named on standard error). */
int tool_resume_args(int argc, char **argv, tool_resume *r);

/* bsp_load, or with r->on the resumable loader: reads cut into r->chunk
 * pieces completed in a shuffled order, work steps of r->budget bytes. */
bsp_status tool_resume_load(const tool_resume *r, bsp_map *m, const bsp_header *h,
                            const bsp_stream *s, void *arena, uint32_t arena_bytes,
                            const bsp_options *o);

/* Every later load_map goes through r (main hands over its options). */
void tool_load_through(const tool_resume *r);

#endif
