/* SPDX-License-Identifier: MIT */
/* test_slices.c - every phase of a resumable load honours the step budget:
 * with all bytes in place, budgets from 1 byte up give the arena, map and
 * answers of bsp_load; a smaller budget never takes fewer steps; at a
 * budget of 1 no step swaps or checks more than one record (so validation
 * runs in slices, not as one step; checked on files in the host's byte
 * order), and corrupted variants stop with
 * bsp_load's status and error position.
 *
 * usage: test_slices MAP...
 */
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "core/map.h"
#include "../common/files.h"
#include "../common/resume_drive.h"
#include "../../platform/memory/bsp_memstream.h"

#define FILL 0x5a
/* The widest record any layout or check walks is a few hundred bytes
 * (Source overlays: 352); a step that did more at a budget of 1 swapped or
 * checked more than one record. */
#define MAX_RECORD 512u

typedef struct sliced {
    bsp_status st;
    bsp_map m;
    uint8_t *arena;
    uint32_t need, steps, widest_step;   /* widest: most bytes one step swapped or checked */
    int swapped;                         /* the file's byte order is not the host's */
    bsp_progress last;
} sliced;

static const uint32_t budgets[] = { 1, 7, 64, 4096, 262144, 0xffffffffu };
#define NBUDGETS (sizeof budgets / sizeof budgets[0])

static int host_big_endian(void)
{
    const uint16_t one = 1;
    return *(const uint8_t *)&one == 0;
}

static bsp_options load_options(void)
{
    bsp_options o = bsp_default_options(BSP_LOAD_ALL);
    o.lzma_lclp_max = 12;
    o.pipelined = 1;   /* no read is held back: all bytes land before the first step */
    return o;
}

/* budget 0: bsp_load; else every read issued and completed first, then
 * steps of `budget` until the end. */
static void run(sliced *r, const uint8_t *file, uint32_t size, uint32_t budget)
{
    bsp_options o = load_options();
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_loader l;
    bsp_read rd;
    bsp_progress before;

    memset(r, 0, sizeof *r);
    bsp_memstream_init(&ms, &s, file, size);
    r->st = bsp_open(&h, &s);
    if (r->st == BSP_OK) r->st = bsp_measure(&h, &o, &r->need);
    if (r->st != BSP_OK) return;
    r->swapped = h.big_endian != host_big_endian();
    r->arena = malloc(r->need + 8);
    memset(r->arena, FILL, r->need + 8);
    if (!budget) {
        r->st = bsp_load(&r->m, &h, &s, r->arena, r->need, &o, NULL);
        return;
    }
    r->st = bsp_loader_begin(&l, &r->m, &h, r->arena, r->need, &o, NULL);
    while (r->st == BSP_OK && bsp_loader_next_read(&l, 0, &rd)) {
        memcpy(rd.dst, file + rd.offset, rd.length);
        r->st = bsp_loader_read_done(&l, &rd, 0);
    }
    bsp_loader_progress(&l, &before);
    while (r->st == BSP_OK && before.phase != BSP_PHASE_DONE && r->steps < 100000000u) {
        r->st = bsp_loader_step(&l, budget, &r->last);
        r->steps++;
        if (r->last.decoded == before.decoded &&
            r->last.work_done - before.work_done > r->widest_step)
            r->widest_step = r->last.work_done - before.work_done;
        before = r->last;
    }
}

static int answers_same(const bsp_map *a, const bsp_map *b)
{
    uint32_t i, seed = 11;
    uint8_t ra[4096], rb[4096];
    for (i = 0; i < 64; i++) {
        float p[3];
        uint32_t la = 0, lb = 0;
        p[0] = (float)((int)(drive_rand(&seed) % 8192) - 4096);
        p[1] = (float)((int)(drive_rand(&seed) % 8192) - 4096);
        p[2] = (float)((int)(drive_rand(&seed) % 8192) - 4096);
        if (bsp_point_leaf(a, 0, p, &la) != bsp_point_leaf(b, 0, p, &lb) || la != lb) return 0;
    }
    for (i = 0; i < 16 && i < bsp_num_clusters(a); i++) {
        bsp_status x = bsp_pvs(a, (int32_t)i, ra, sizeof ra), y = bsp_pvs(b, (int32_t)i, rb, sizeof rb);
        if (x != y || (x == BSP_OK && memcmp(ra, rb, bsp_vis_row_bytes(a)))) return 0;
    }
    return bsp_num_clusters(a) == bsp_num_clusters(b);
}

static void test_map(const char *name, const uint8_t *file, uint32_t size, int index, const char *api)
{
    sliced ref, got[NBUDGETS];
    char label[300];
    uint32_t b, seed = 1234u + (uint32_t)index, k, mism = 0;
    uint8_t *bad;
    int same = 1, grows = 1, narrow = 1;

    (void)api;
    run(&ref, file, size, 0);
    for (b = 0; b < NBUDGETS; b++) {
        sliced *g = &got[b];
        run(g, file, size, budgets[b]);
        if (g->st != ref.st || g->last.phase != (ref.st == BSP_OK ? BSP_PHASE_DONE : BSP_PHASE_FAILED) ||
            (ref.st == BSP_OK && (memcmp(g->arena, ref.arena, ref.need + 8) || !answers_same(&g->m, &ref.m))))
            same = 0;
        if (b && g->steps > got[b - 1].steps) grows = 0;
    }
    snprintf(label, sizeof label, "%s: budgets of 1 to 2^32-1 bytes give bsp_load's arena and answers", name);
    CHECK(same, label, "budget %u differs", budgets[b - 1]);
    snprintf(label, sizeof label, "%s: a smaller budget takes more steps (%u at 1 byte, %u at 64, %u at 4096, %u unlimited)",
             name, got[0].steps, got[2].steps, got[3].steps, got[NBUDGETS - 1].steps);
    /* a map with work beyond a few 4096-byte steps must show it */
    if (got[0].last.work_total > 4 * 4096 && got[3].steps <= got[NBUDGETS - 1].steps) grows = 0;
    CHECK(grows && got[0].steps > got[2].steps && got[2].steps > got[3].steps, label, "it does not");
    /* Only where nothing is swapped: a counted lump's bytes after its
     * records (vis rows) count as swap work when the last record is done,
     * in one step, though nothing is done to them. On a big-endian host
     * the console maps are the ones checked here. */
    if (!got[0].swapped) {
        narrow = got[0].widest_step <= MAX_RECORD;
        snprintf(label, sizeof label, "%s: at a budget of 1 no step checks more than one record", name);
        CHECK(narrow, label, "one step did %u bytes", got[0].widest_step);
    }
    for (b = 0; b < NBUDGETS; b++) free(got[b].arena);

    /* corrupted variants, validated one record per step */
    bad = malloc(size);
    for (k = 0; k < 12 && size > 64; k++) {
        uint32_t f, flips = 1 + drive_rand(&seed) % 6;
        sliced want, one;
        memcpy(bad, file, size);
        for (f = 0; f < flips; f++) bad[drive_rand(&seed) % size] ^= (uint8_t)(1u << (drive_rand(&seed) % 8));
        run(&want, bad, size, 0);
        run(&one, bad, size, 1);
        if (want.st != one.st ||
            (want.st != BSP_OK && (bsp__map_c(&one.m)->error_lump != bsp__map_c(&want.m)->error_lump ||
                                   bsp__map_c(&one.m)->error_offset != bsp__map_c(&want.m)->error_offset)))
            mism++;
        free(want.arena);
        free(one.arena);
    }
    free(bad);
    snprintf(label, sizeof label, "%s: corrupted variants at a budget of 1 give bsp_load's status and lump", name);
    CHECK(mism == 0, label, "%u of 12 differ", mism);
    free(ref.arena);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        check_skip("sliced loading", "no map given");
        return check_exit();
    }
    for_each_map(argc, argv, test_map);
    return check_exit();
}
