/* SPDX-License-Identifier: MIT */
/* collision.h - the query tool's collision lines (docs/queries.md 6 and 8):
 * trace, hulltrace, contents, hullcontents. */
#ifndef BSPKIT_TOOL_COLLISION_H
#define BSPKIT_TOOL_COLLISION_H

#include "../../loader/bspkit.h"

/* The most tokens a collision line has (trace with a box, a mask, a model,
 * an origin and angles: 25). */
#define TOOL_COLLISION_TOKENS 25

/* Answers the line tok[0 .. n) and prints its JSON line; the status to
 * report when it did not print. unloaded: not BSP_OK when the map was
 * loaded without collision because collision's lumps could not be (a
 * well-formed line then answers this status). */
bsp_status tool_collision(const bsp_map *m, char **tok, int n, bsp_status unloaded);

#endif
