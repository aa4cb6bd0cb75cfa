/* SPDX-License-Identifier: MIT */
/* validate.h - check once, at load, every index a query will follow. */
#ifndef BSP_VALIDATE_H
#define BSP_VALIDATE_H

#include "../family/family.h"
#include "../core/map.h"

/* The record checks, numbered in the order a load reports their failures
 * (nodes, models, leafs, leaf faces, faces, surfedges, edges). Each walks
 * the records of one lump and needs only the other lumps' sizes, so it can
 * run in slices as soon as that lump is in place. */
#define BSP__CHECKS 7u

/* The lump check k walks (-1: none in this family). */
int bsp__check_lump(const bsp__map *m, uint32_t k);

/* How many records check k walks, and their stride in bytes. */
uint32_t bsp__check_records(const bsp__map *m, uint32_t k, uint32_t *stride);

/* BSP_OK, or BSP_E_CORRUPT when a record of [from, to) of check k holds an
 * index out of range (with from 0 also: no world model or no leaf); `to` is
 * at most bsp__check_records(m, k). */
bsp_status bsp__check_run(const bsp__map *m, uint32_t k, uint32_t from, uint32_t to);

/* Record in m->error_lump/error_offset the lump a failure of check k
 * blames; returns BSP_E_CORRUPT. */
bsp_status bsp__check_fail(bsp__map *m, uint32_t k);

/* After every check passed: the family's finish step (sets num_clusters)
 * and the cluster count against the leaves. On failure it records the lump
 * in m->error_lump and m->error_offset. */
bsp_status bsp__validate_finish(bsp__map *m);

/* Collision's check (validate_coll.c): the depth of every tree a
 * collision walk goes down (BSP_TREE_DEPTH_MAX); CORRUPT with error_lump
 * set when one is deeper or has a cycle. scratch: a byte per node of the
 * larger of the nodes and clipnodes lumps (plan.c). */
bsp_status bsp__coll_check_depth(bsp__map *m, uint8_t *scratch);

#endif
