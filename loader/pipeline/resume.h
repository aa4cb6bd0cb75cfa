/* SPDX-License-Identifier: MIT */
/* resume.h - the resumable loader's private state (inside bsp_loader). */
#ifndef BSP_RESUME_H
#define BSP_RESUME_H

#include "plan.h"
#include "../core/map.h"
#include "../lzma/lzma_decoder.h"
#include "validate.h"

/* How far the work item's decoding stage (BSP__STAGE_DECODE) is: not
 * started; lz holds its decoder and sets its table; lz decodes it. */
enum bsp__unpack_step { BSP__UNPACK_START, BSP__UNPACK_TABLE, BSP__UNPACK_DECODE };

/* Where a compressed lump's decode job is (options.jobs): not handed out
 * yet; out (the slot of its table in the high bits); paused, reported
 * having decoded all the input it was given, its decoder state kept in its
 * table; decoded and swapped; reported failed (job_status says how). */
enum bsp__job_state { BSP__JOB_WAITING, BSP__JOB_OUT, BSP__JOB_PAUSED, BSP__JOB_DONE,
                      BSP__JOB_FAILED };
#define BSP__JOB_STATE 7u
#define BSP__JOB_SLOT_SHIFT 3

/* An issued read, in issue order; `end` is the lump position it reaches. */
typedef struct bsp__read_slot {
    uint32_t end;
    uint8_t item, done;
} bsp__read_slot;

typedef struct bsp__loader {
    bsp__plan plan;
    bsp__lzma_dec lz;
    bsp__map *map;
    const bsp_header *h;
    uint8_t *base;
    uint32_t arrived[BSP_MAX_LUMPS];  /* per item: stored bytes in place, a prefix */
    bsp__read_slot reads[BSP_LOADER_MAX_READS];
    uint32_t read_head, read_count;   /* ring of outstanding reads, by tag */
    uint32_t issue_item, issue_pos;   /* where the next read starts */
    uint32_t work_item, work_pos;     /* item being worked on; swapped (packed) bytes */
    uint32_t check_pos;               /* records of check `check` done on work_item */
    uint8_t check;                    /* next record check to consider for work_item */
    uint8_t bad_check;                /* first check that failed (BSP__CHECKS: none) */
    uint8_t checked;                  /* bit k: check k has walked all its records */
    uint8_t swap;                     /* the file's byte order is not the host's */
    uint8_t stage;                    /* bsp__stage: where work_item's work is */
    uint8_t unpack;                   /* bsp__unpack_step: how far its decoding is */
    uint8_t checked_all;              /* the last step's checks are done */
    bsp__cmodel_cursor cmodel;        /* the collision model being built */
    uint8_t job[BSP_MAX_LUMPS];       /* per item: bsp__job_state | slot << SHIFT */
    uint8_t job_status[BSP_MAX_LUMPS];/* per item: a failed job's bsp_status */
    uint32_t slots_busy;              /* bit k: table k is a job's */
    uint32_t slot_input[BSP_MAX_JOBS];/* stored bytes table k's job was given */
    uint8_t slot_turn[BSP_MAX_JOBS];  /* hand-outs of table k, in its jobs' tags:
                                         a stale copy of a job is refused */
    uint32_t stall_have;              /* arrived[work_item] + 1 when the last step
                                         could not decode it further (0: it
                                         could): the step waits for input */
    bsp_phase phase;                  /* where the load is (bspkit.h) */
    bsp_status status;                /* its result once it has ended */
    uint32_t read_done, read_total, decoded, decode_total, work_done, work_total, next_offset;
} bsp__loader;

/* Would bytes landing at [lo, hi) hit the unread input of a compressed
 * lump before `item` that has not finished decoding (a job's input is
 * unread until the job is reported)? Only possible when windows share
 * arena (not pipelined): for a read landing there, and for a job whose
 * output would. */
int bsp__held_back(const bsp__loader *s, uint32_t item, const uint8_t *lo, const uint8_t *hi);

/* What item i's decode job waits for (options.jobs): 0 when its job is
 * done or failed (a step has work) or can be handed out now;
 * BSP_WAIT_JOBS when it is out, or waits for a table that jobs out hold;
 * BSP__WAIT_INPUT (with it or alone) when it needs more of its input. */
#define BSP__WAIT_INPUT 0x100u
uint32_t bsp__job_wait(const bsp__loader *s, uint32_t i);

/* The layout to swap `lump` with, or NULL when it has no fields to swap
 * (byte lumps have a layout too) or the file is in the host's order. */
const bsp__layout *bsp__swap_layout(const bsp__loader *s, uint32_t lump);

#endif
