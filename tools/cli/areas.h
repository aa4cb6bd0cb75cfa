/* SPDX-License-Identifier: MIT */
/* areas.h - the query tool's `areas A B STATE` line (docs/queries.md 6, 9). */
#ifndef BSPKIT_TOOL_AREAS_H
#define BSPKIT_TOOL_AREAS_H

#include "../../loader/bspkit.h"

/* Answers areas a and b under the state the token names (`open`,
 * `closed`, or hex bytes) and prints its JSON line; the status to report
 * when it did not print. */
bsp_status tool_areas(const bsp_map *m, int32_t a, int32_t b, const char *state);

#endif
