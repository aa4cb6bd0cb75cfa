/* SPDX-License-Identifier: MIT */
/* ambient.h - the query tool's `ambient X Y Z` line (docs/queries.md 6). */
#ifndef BSPKIT_TOOL_AMBIENT_H
#define BSPKIT_TOOL_AMBIENT_H

#include "../../loader/bspkit.h"

/* Answers the point p (light style `style`) and prints its JSON line; the status to report when
 * it did not print. */
bsp_status tool_ambient(const bsp_map *m, const float p[3], uint32_t style);

#endif
