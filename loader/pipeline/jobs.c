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
#include "unpack.h"

#if BSPKIT_LZMA   /* (without the decoder no lump is compressed: core/absent.c) */
static bsp__loader *state(bsp_loader *l) { return (bsp__loader *)(void *)l; }

int bsp_loader_next_job(bsp_loader *l, bsp_job *j)
{
    bsp__loader *s = state(l);
    const bsp__plan_item *it;
    uint32_t i, best = 0, best_size = 0, slot = 0;

    if (!l || !j || s->phase != BSP_PHASE_LOADING) return 0;
    while (slot < s->plan.jobs && (s->slots_busy >> slot & 1)) slot++;
    if (slot >= s->plan.jobs) return 0;
    /* the largest lump that has all arrived: the longest decode starts
     * first, so that the shorter ones fill the other threads around it */
    for (i = s->work_item; i < s->plan.count; i++) {
        const bsp_lump_entry *e = &s->h->lumps[s->plan.items[i].lump];
        uint8_t *region = s->base + s->plan.items[i].arena_offset;
        /* (its output must not reach the input of an earlier lump's job
         * still to run, in the default layout) */
        if (e->compressed && s->job[i] == BSP__JOB_WAITING && s->arrived[i] == e->length &&
            e->size >= best_size && !bsp__held_back(s, i, region, region + s->plan.items[i].region)) {
            best = i;
            best_size = e->size + 1;
        }
    }
    if (!best_size) return 0;
    it = &s->plan.items[best];
    s->job[best] = (uint8_t)(BSP__JOB_OUT | slot << BSP__JOB_SLOT_SHIFT);
    s->slots_busy |= 1u << slot;
    j->lump = it->lump;
    j->size = best_size - 1;
    j->stored = s->arrived[best];
    j->status = BSP_OK;
    j->tag = best | slot << 8;
    j->window = it->region;
    j->lclp_max = s->plan.lclp_max;
    j->region = s->base + it->arena_offset;
    j->tables = s->base + s->plan.scratch_offset + slot * s->plan.table_stride;
    j->layout = bsp__swap_layout(s, it->lump);
    return 1;
}

bsp_status bsp_job_run(bsp_job *j)
{
    if (!j) return BSP_E_BAD_ARGUMENT;
    j->status = bsp__unpack_in_place((uint8_t *)j->region, j->window, j->stored, j->size,
                                     j->tables, j->lclp_max);
    if (j->status == BSP_OK && j->layout)
        bsp__swap_slice((uint8_t *)j->region, j->size, (const bsp__layout *)j->layout, 0,
                        0xffffffffu);
    return j->status;
}

bsp_status bsp_loader_job_done(bsp_loader *l, const bsp_job *j)
{
    bsp__loader *s = state(l);
    uint32_t item, slot;

    if (!l || !j) return BSP_E_BAD_ARGUMENT;
    if (s->phase != BSP_PHASE_LOADING && s->phase != BSP_PHASE_VALIDATING) return BSP_OK;
    item = j->tag & 0xff;
    slot = j->tag >> 8;
    if (item >= s->plan.count || slot >= s->plan.jobs ||
        s->job[item] != (uint8_t)(BSP__JOB_OUT | slot << BSP__JOB_SLOT_SHIFT))
        return BSP_E_BAD_ARGUMENT;
    s->slots_busy &= ~(1u << slot);
    if (j->status != BSP_OK) {
        s->job[item] = BSP__JOB_FAILED;
        s->job_status[item] = (uint8_t)j->status;
        return BSP_OK;
    }
    s->job[item] = BSP__JOB_DONE;
    s->decoded += j->size;
    s->work_done += j->size;
    /* its swapping, counted in the work as the steps would */
    if (bsp__swap_layout(s, s->plan.items[item].lump)) s->work_done += j->size;
    return BSP_OK;
}
#endif
