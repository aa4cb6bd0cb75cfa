/* SPDX-License-Identifier: MIT */
/* resumable_load.c - `--resumable --budget N --chunk M` (and the options
 * `load --simulate`/`--steps` take): load through the resumable loader the
 * way an engine with asynchronous reads would. */
#include <stdlib.h>
#include <string.h>

#include "resumable_load.h"
#include "tool.h"

int tool_resume_args(int argc, char **argv, tool_resume *r)
{
    int i, n = 1;
    memset(r, 0, sizeof *r);
    r->budget = 256u << 10;
    r->cpu_factor = 1;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        int value = !strcmp(a, "--budget") || !strcmp(a, "--chunk") || !strcmp(a, "--simulate") ||
                    !strcmp(a, "--repeat") || !strcmp(a, "--workers") || !strcmp(a, "--cpu-factor");
        if (value && i + 1 >= argc) return usage_error("bspkit", "option '%s' needs a value", a), -1;
        if (!strcmp(a, "--resumable")) r->on = 1;
        else if (!strcmp(a, "--trace")) r->trace = 1;
        else if (!strcmp(a, "--steps")) r->steps = 1;
        else if (!strcmp(a, "--console")) r->cpu_factor = SIM_CONSOLE_CPU_FACTOR;
        else if (!strcmp(a, "--simulate")) r->simulate = argv[++i];
        else if (!strcmp(a, "--workers")) {
            char *end;
            unsigned long v = strtoul(argv[++i], &end, 10);
            if (*end || !*argv[i] || *argv[i] == '-' || v > BSP_MAX_JOBS)
                return usage_error("bspkit", "option '%s' takes a whole number from 0 to %u, not '%s'",
                                   a, BSP_MAX_JOBS, argv[i]), -1;
            r->workers = (uint32_t)v;
        } else if (!strcmp(a, "--cpu-factor")) {
            char *end;
            double v = strtod(argv[++i], &end);
            if (*end || !*argv[i] || !(v > 0 && v <= 1000))
                return usage_error("bspkit", "option '%s' takes a number over 0 and at most 1000, not '%s'",
                                   a, argv[i]), -1;
            r->cpu_factor = v;
        } else if (value) {
            char *end;
            unsigned long v = strtoul(argv[++i], &end, 10);
            if (*end || v == 0 || v > 0xffffffffUL)
                return usage_error("bspkit", "option '%s' takes a whole number from 1 to 4294967295, not '%s'",
                                   a, argv[i]), -1;
            if (a[2] == 'b') r->budget = (uint32_t)v;
            else if (a[2] == 'r') r->repeat = (uint32_t)v;
            else r->chunk = (uint32_t)v;
        } else argv[n++] = argv[i];
    }
    return n;
}

static uint32_t next_rand(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

/* The stream a read is for: the map, its .lit, or a part (asked for
 * again: options.part gives the same stream each time). */
static const bsp_stream *read_stream(const bsp_options *o, const bsp_stream *s, uint32_t n,
                                     bsp_stream *part)
{
    static const bsp_stream none = { NULL, NULL, 0, 0 };
    if (n == 0) return s;
    if (n == 1) return o->lit;
    return o->part && o->part(o->part_ctx, BSP_PART_LUMP, n - 2, part) == 0 ? part : &none;
}

/* A read of stream `from`: -1 when there is none (a part gone since the plan). */
static int read_from(const bsp_stream *from, const bsp_read *rd)
{
    return from->read ? from->read(from->ctx, rd->offset, rd->dst, rd->length) : -1;
}

bsp_status tool_resume_load(const tool_resume *r, bsp_map *m, const bsp_header *h,
                            const bsp_stream *s, void *arena, uint32_t arena_bytes,
                            const bsp_options *o)
{
    bsp_loader l;
    bsp_read pend[BSP_LOADER_MAX_READS], rd;
    bsp_stream part;
    int pfail[BSP_LOADER_MAX_READS];
    bsp_progress p;
    uint32_t npend = 0, seed = 1, k;
    bsp_status st;

    if (!r->on) return bsp_load(m, h, s, arena, arena_bytes, o, NULL);
    st = bsp_loader_begin(&l, m, h, arena, arena_bytes, o, NULL);
    if (st != BSP_OK) return st;
    if (s->size != h->file_size) {
        bsp_loader_cancel(&l);
        return BSP_E_BAD_ARGUMENT;
    }
    do {
        while (npend < BSP_LOADER_MAX_READS && bsp_loader_next_read(&l, r->chunk, &rd)) {
            /* a forward-only stream must be read in issue order; others
             * are read when the read "completes" (the map, or its .lit) */
            const bsp_stream *from = read_stream(o, s, rd.stream, &part);
            pfail[npend] = from->forward_only ? read_from(from, &rd) : 0;
            pend[npend++] = rd;
        }
        /* complete about half of the outstanding reads, in random order */
        for (k = npend ? 1 + next_rand(&seed) % npend : 0; k > 0; k--) {
            uint32_t i = next_rand(&seed) % npend;
            int failed = pfail[i];
            const bsp_stream *from;
            rd = pend[i];
            pend[i] = pend[--npend];
            pfail[i] = pfail[npend];
            from = read_stream(o, s, rd.stream, &part);
            if (!from->forward_only) failed = read_from(from, &rd);
            st = bsp_loader_read_done(&l, &rd, failed);
            if (st != BSP_OK) return st;
        }
        st = bsp_loader_step(&l, r->budget, &p);
    } while (st == BSP_OK && p.phase != BSP_PHASE_DONE);
    return st;
}
