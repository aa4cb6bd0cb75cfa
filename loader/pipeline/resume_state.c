/* SPDX-License-Identifier: MIT */
/* resume_state.c - what the resumable loader's steps and its decode jobs
 * both ask of the loader's state: how a lump is swapped, and whether a
 * read or a job's window would land on input not yet decoded. Kept apart
 * from resume.c and jobs.c so that neither calls back into the other.
 */
#include "resume.h"
#include "swap.h"

static const bsp_lump_entry *state_entry(const bsp__loader *s, uint32_t item, bsp_lump_entry *part)
{
    return bsp__plan_entry(s->h, &s->plan, s->plan.items[item].lump, part);
}

const bsp__layout *bsp__swap_layout(const bsp__loader *s, uint32_t lump)
{
    const bsp__layout *lay = s->swap ? bsp__lump_layout(s->h, lump) : NULL;
    return lay && lay->runs && lay->record_size ? lay : NULL;
}

int bsp__held_back(const bsp__loader *s, uint32_t item, const uint8_t *lo, const uint8_t *hi)
{
    uint32_t i;
    /* a packed lump's bytes pass through a window over the next lumps'
     * regions until its last record is packed (plan pack_keep) */
    if (BSP__PACKING && s->plan.pack_keep && s->work_item <= s->plan.pack_item && item > s->plan.pack_item) {
        const uint8_t *w = s->base + s->plan.items[s->plan.pack_item].arena_offset +
                           (size_t)s->plan.pack_count * s->plan.pack_keep;
        if (lo < w + s->plan.pack_window && hi > w) return 1;
    }
    for (i = s->work_item; i < item; i++) {
        const bsp__plan_item *it = &s->plan.items[i];
        bsp_lump_entry ev;
        const bsp_lump_entry *e = state_entry(s, i, &ev);
        const uint8_t *end = s->base + it->arena_offset + it->region;
        const uint8_t *in = end - e->length;   /* its stored bytes, at the window's tail */
        if (!e->compressed) continue;
        if (i == s->work_item && s->stage > BSP__STAGE_JOB) continue;   /* decoded */
        /* a job's input is all unread until it is reported */
        if (BSPKIT_LZMA && BSPKIT_JOBS && s->plan.jobs) {
            if ((s->job[i] & BSP__JOB_STATE) == BSP__JOB_DONE) continue;
        } else if (i == s->work_item && s->unpack != BSP__UNPACK_START) {
            in = s->lz.buf + s->lz.in_pos;
        }
        if (lo < end && hi > in) return 1;
    }
    return 0;
}
