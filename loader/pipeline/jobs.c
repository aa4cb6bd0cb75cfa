/* SPDX-License-Identifier: MIT */
/* jobs.c - compressed lumps handed out as decode jobs (bspkit.h, "Decode
 * jobs").
 *
 * A job carries everything its decoding needs (the lump's window, its
 * stored and decoded sizes, a table, the swap layout), so bsp_job_run
 * reads no loader state and any thread may run it. The loader only keeps,
 * per lump, whether its job is waiting, out (and in which table) or done,
 * and a bit per table; the steps check a lump once its job is reported.
 */
#include "resume.h"
#include "swap.h"
#include "../lzma/unpack.h"

/* (without the decoder no lump is compressed; BSPKIT_JOBS=0 leaves jobs
 * out: core/absent.c) */
#if BSPKIT_LZMA && BSPKIT_JOBS
typedef char bsp__job_state_fits[sizeof(bsp__lzma_dec) <= BSP_JOB_STATE_BYTES ? 1 : -1];

static bsp__loader *jobs_loader(bsp_loader *l) { return (bsp__loader *)(void *)l; }

/* Can item i's job be handed out now, and with which table? A new one
 * needs a free table, the lump's header and BSP_JOB_MIN_INPUT (or all of
 * it), and an output that cannot reach an earlier job's unread input (the
 * default layout); a paused one, as much input again (or the rest).
 * Returns the table's slot, or BSP_MAX_JOBS. */
static uint32_t ready_slot(const bsp__loader *s, uint32_t i, uint32_t free_slot)
{
    const bsp__plan_item *it = &s->plan.items[i];
    const bsp_lump_entry *e = &s->h->lumps[it->lump];
    const uint8_t *region = s->base + it->arena_offset;
    uint32_t have = s->arrived[i], job = s->job[i], slot = job >> BSP__JOB_SLOT_SHIFT;

    if (!e->compressed) return BSP_MAX_JOBS;
    if ((job & BSP__JOB_STATE) == BSP__JOB_PAUSED)
        return have == e->length || have - s->slot_input[slot] >= BSP_JOB_MIN_INPUT ? slot
                                                                                   : BSP_MAX_JOBS;
    if (job != BSP__JOB_WAITING || free_slot == BSP_MAX_JOBS ||
        (have < e->length && have < BSP_JOB_MIN_INPUT) ||
        bsp__held_back(s, i, region, region + it->region))
        return BSP_MAX_JOBS;
    return free_slot;
}

uint32_t bsp__job_wait(const bsp__loader *s, uint32_t i)
{
    const bsp_lump_entry *e = &s->h->lumps[s->plan.items[i].lump];
    uint32_t state = s->job[i] & BSP__JOB_STATE, slot = 0, have = s->arrived[i];

    if (state == BSP__JOB_DONE || state == BSP__JOB_FAILED) return 0;
    if (state == BSP__JOB_OUT) return BSP_WAIT_JOBS;
    while (slot < s->plan.jobs && (s->slots_busy >> slot & 1)) slot++;
    if (ready_slot(s, i, slot < s->plan.jobs ? slot : BSP_MAX_JOBS) != BSP_MAX_JOBS) return 0;
    if (state == BSP__JOB_WAITING)
        return (slot < s->plan.jobs ? 0 : BSP_WAIT_JOBS) |
               (have < e->length && have < BSP_JOB_MIN_INPUT ? BSP__WAIT_INPUT : 0);
    return BSP__WAIT_INPUT;   /* paused: not yet as much input again */
}

int bsp_loader_next_job(bsp_loader *l, bsp_job *j)
{
    bsp__loader *s = jobs_loader(l);
    const bsp__plan_item *it;
    uint32_t i, best = 0, best_size = 0, slot = 0, free_slot, best_slot = 0;

    if (!l || !j || s->phase != BSP_PHASE_LOADING) return 0;
    while (slot < s->plan.jobs && (s->slots_busy >> slot & 1)) slot++;
    free_slot = slot < s->plan.jobs ? slot : BSP_MAX_JOBS;
    /* the largest lump that can go: the longest decode starts first, so
     * that the shorter ones fill the other threads around it */
    for (i = s->work_item; i < s->plan.count; i++) {
        uint32_t size = s->h->lumps[s->plan.items[i].lump].size;
        if (size >= best_size && (slot = ready_slot(s, i, free_slot)) != BSP_MAX_JOBS) {
            best = i;
            best_size = size + 1;
            best_slot = slot;
        }
    }
    if (!best_size) return 0;
    it = &s->plan.items[best];
    j->resume = s->job[best] != BSP__JOB_WAITING;
    s->job[best] = (uint8_t)(BSP__JOB_OUT | best_slot << BSP__JOB_SLOT_SHIFT);
    s->slots_busy |= 1u << best_slot;
    s->slot_input[best_slot] = s->arrived[best];
    j->lump = it->lump;
    j->size = best_size - 1;
    j->stored = s->h->lumps[it->lump].length;
    j->input = s->arrived[best];
    j->status = BSP_E_BAD_ARGUMENT;   /* until bsp_job_run says otherwise */
    j->produced = 0;
    j->finished = 0;
    j->tag = best | best_slot << 8 | (uint32_t)++s->slot_turn[best_slot] << 16;
    j->window = it->region;
    j->lclp_max = s->plan.lclp_max;
    j->region = s->base + it->arena_offset;
    j->tables = s->base + s->plan.scratch_offset + best_slot * s->plan.table_stride;
    j->layout = bsp__swap_layout(s, it->lump);
    return 1;
}

bsp_status bsp_job_run(bsp_job *j)
{
    bsp__lzma_dec *d;
    bsp__lzma_result r;
    uint32_t out;

    if (!j) return BSP_E_BAD_ARGUMENT;
    /* the decoder's state between runs heads the job's table */
    d = (bsp__lzma_dec *)j->tables;
    if (!j->resume) {
        j->status = bsp__unpack_start(d, (uint8_t *)j->region, j->window, j->stored, j->size,
                                      (uint8_t *)j->tables + BSP_JOB_STATE_BYTES, j->lclp_max);
        if (j->status != BSP_OK) return j->status;
        bsp__lzma_init_probs(d, 0xffffffffu);
    }
    out = d->out_pos;
    /* as far as the input given: a run that ran out of it stops between
     * two symbols, and the next run of the job goes on from there */
    r = bsp__lzma_run(d, j->input - BSP_VALVE_HEADER, 0xffffffffu);
    j->produced = d->out_pos - out;
    j->status = bsp__unpack_status(r);
    j->finished = r == BSP_LZMA_OK;
    if (j->finished && j->layout)
        bsp__swap_slice((uint8_t *)j->region, j->size, (const bsp__layout *)j->layout, 0,
                        0xffffffffu);
    return j->status;
}

bsp_status bsp_loader_job_done(bsp_loader *l, const bsp_job *j)
{
    bsp__loader *s = jobs_loader(l);
    uint32_t item, slot;

    if (!l || !j) return BSP_E_BAD_ARGUMENT;
    if (s->phase != BSP_PHASE_LOADING && s->phase != BSP_PHASE_VALIDATING) return BSP_OK;
    item = j->tag & 0xff;
    slot = j->tag >> 8 & 0xff;
    if (item >= s->plan.count || slot >= s->plan.jobs || j->tag >> 16 != s->slot_turn[slot] ||
        s->job[item] != (uint8_t)(BSP__JOB_OUT | slot << BSP__JOB_SLOT_SHIFT))
        return BSP_E_BAD_ARGUMENT;
    if (j->status != BSP_OK) {
        s->job[item] = BSP__JOB_FAILED;
        s->job_status[item] = (uint8_t)j->status;
        s->slots_busy &= ~(1u << slot);
        return BSP_OK;
    }
    s->decoded += j->produced;
    s->work_done += j->produced;
    if (!j->finished) {
        s->job[item] = (uint8_t)(BSP__JOB_PAUSED | slot << BSP__JOB_SLOT_SHIFT);
        return BSP_OK;
    }
    s->job[item] = BSP__JOB_DONE;
    s->slots_busy &= ~(1u << slot);
    /* its swapping, counted in the work as the steps would */
    if (bsp__swap_layout(s, s->plan.items[item].lump)) s->work_done += j->size;
    return BSP_OK;
}
#endif
