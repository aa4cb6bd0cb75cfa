/* SPDX-License-Identifier: MIT */
/* test_stack.c - the stack one collision call uses, measured (issue 31,
 * docs/queries.md 8.13): a thread runs on a stack of our own, paints the
 * part below its frame with a pattern, makes the calls, and counts the
 * bytes the calls left untouched. What they touched must be within
 * BSP_TRACE_CALL_STACK_BYTES.
 *
 *   test_stack MAP RAYFILE|- [MAP RAYFILE|-]...
 * For each map (loaded with BSP_LOAD_COLLISION, curved surfaces too), the
 * thread traces the segment of RAYFILE ("x y z x y z", the one crossing
 * every node of a crafted deepest tree) with a point and a player box, and
 * a spread of segments over the world model, through every entry a map's
 * family answers (bsp_trace, bsp_point_contents; bsp_hull_trace and
 * bsp_hull_contents on every hull). Built without sanitizers: their frames
 * are not the library's. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bspkit.h"
#include "core/map.h"
#include "bsp_file.h"

#define STACK_BYTES (1u << 20)
#define PAINT 0xa5u
#define SPREAD 2000u

typedef struct job {
    const bsp_map *m;
    float ray[6];
    int have_ray;
    uint8_t *stack;
    size_t used;
} job;

static void calls(const job *j, const float a[3], const float b[3])
{
    static const float zero[3] = { 0, 0, 0 }, mins[3] = { -16, -16, -24 }, maxs[3] = { 16, 16, 32 };
    static const float origin[3] = { 8, -8, 4 }, angles[3] = { 10, 30, 5 };
    bsp_trace_result tr;
    float lo[3], hi[3];
    int32_t c, top;
    uint32_t hull, k, n, leaves[64];
    bsp_trace(j->m, 0, a, b, zero, zero, 0xffffffffu, &tr);
    bsp_trace(j->m, 0, a, b, mins, maxs, 0xffffffffu, &tr);
    bsp_trace(j->m, 0, a, a, mins, maxs, 0xffffffffu, &tr);
    bsp_point_contents(j->m, 0, a, &c);
    /* moved and turned (8.10), the leaves a box touches (8.12a) */
    bsp_trace_transformed(j->m, 0, a, b, mins, maxs, 0xffffffffu, origin, angles, &tr);
    bsp_point_contents_transformed(j->m, 0, a, origin, angles, &c);
    for (k = 0; k < 3; k++) {
        lo[k] = a[k] < b[k] ? a[k] : b[k];
        hi[k] = a[k] < b[k] ? b[k] : a[k];
    }
    bsp_box_leaves(j->m, 0, lo, hi, leaves, sizeof leaves / sizeof leaves[0], &n, &top);
    for (hull = 0; bsp_hull_size(j->m, hull, lo, hi) == BSP_OK; hull++) {
        bsp_hull_trace(j->m, 0, hull, a, b, &tr);
        bsp_hull_contents(j->m, 0, hull, a, &c);
    }
}

/* (not inlined: its frame is what the calls' depth is measured from) */
static void __attribute__((noinline)) run(job *j)
{
    volatile uint8_t here = 0;
    /* (through integers: the compiler knows `here` is one byte) */
    uint8_t *top = j->stack + ((uintptr_t)&here - (uintptr_t)j->stack - 512), *p;
    uint32_t i, k, seed = 11;
    float lo[3], hi[3], pts[2][3];
    for (p = j->stack; p < top; p++) *(volatile uint8_t *)p = PAINT;
    if (j->have_ray) calls(j, j->ray, j->ray + 3);
    for (k = 0; k < 3; k++) {
        memcpy(&lo[k], bsp__map_c(j->m)->models.data + 4 * k, 4);
        memcpy(&hi[k], bsp__map_c(j->m)->models.data + 12 + 4 * k, 4);
    }
    for (i = 0; i < SPREAD; i++) {
        for (k = 0; k < 6; k++) {
            seed = seed * 1664525u + 1013904223u;
            pts[k / 3][k % 3] = lo[k % 3] + (hi[k % 3] - lo[k % 3]) * (float)(seed >> 8) / 16777216.0f;
        }
        calls(j, pts[0], pts[1]);
    }
    for (p = j->stack; p < top && *p == PAINT; p++) continue;
    j->used = (size_t)(top - p) + 512;
    (void)here;
}

static void *thread_main(void *arg)
{
    run(arg);
    return NULL;
}

int main(int argc, char **argv)
{
    static uint8_t scratch[BSP_PATCH_SCRATCH_BYTES];
    int a, fails = 0;
    for (a = 1; a + 1 < argc; a += 2) {
        bsp_file f;
        bsp_stream s;
        bsp_header h;
        bsp_map m;
        bsp_options o = bsp_default_options(BSP_LOAD_COLLISION);
        uint32_t need;
        uint8_t *arena = NULL;
        pthread_attr_t at;
        pthread_t t;
        job j;
        FILE *rf;
        memset(&j, 0, sizeof j);
        if (bsp_file_open(&f, &s, argv[a], 0) || bsp_open(&h, &s) != BSP_OK ||
            bsp_measure_patches(&h, &s, scratch, sizeof scratch) != BSP_OK ||
            bsp_measure(&h, &o, &need) != BSP_OK || !(arena = malloc(need ? need : 1)) ||
            bsp_load(&m, &h, &s, arena, need, &o, &need) != BSP_OK) {
            printf("FAIL %s:%d: stack: cannot load %s\n", __FILE__, __LINE__, argv[a]);
            fails++;
            free(arena);
            continue;
        }
        bsp_file_close(&f);
        j.m = &m;
        if (strcmp(argv[a + 1], "-") && (rf = fopen(argv[a + 1], "r"))) {
            j.have_ray = fscanf(rf, "%f %f %f %f %f %f", &j.ray[0], &j.ray[1], &j.ray[2], &j.ray[3],
                                &j.ray[4], &j.ray[5]) == 6;
            fclose(rf);
        }
        j.stack = malloc(STACK_BYTES);
        if (!j.stack || pthread_attr_init(&at) || pthread_attr_setstack(&at, j.stack, STACK_BYTES) ||
            pthread_create(&t, &at, thread_main, &j) || pthread_join(t, NULL)) {
            printf("FAIL %s:%d: stack: cannot run a thread on our own stack\n", __FILE__, __LINE__);
            return 1;
        }
        pthread_attr_destroy(&at);
        if (j.used <= BSP_TRACE_CALL_STACK_BYTES)
            printf("PASS stack: %s: a collision call uses %zu bytes of stack (BSP_TRACE_CALL_STACK_BYTES %u)\n",
                   argv[a], j.used, (unsigned)BSP_TRACE_CALL_STACK_BYTES);
        else {
            printf("FAIL %s:%d: stack: %s: a collision call uses %zu bytes of stack, more than BSP_TRACE_CALL_STACK_BYTES %u\n",
                   __FILE__, __LINE__, argv[a], j.used, (unsigned)BSP_TRACE_CALL_STACK_BYTES);
            fails++;
        }
        free(j.stack);
        free(arena);
    }
    return fails != 0;
}
