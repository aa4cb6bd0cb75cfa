/* SPDX-License-Identifier: MIT */
/* entity_text.h - what the readers of the entity text (entity_find.c,
 * player_start.c) share over the iterator of entity.c. */
#ifndef BSP_ENTITY_TEXT_H
#define BSP_ENTITY_TEXT_H

#include "../bspkit.h"
#include "../core/map.h"
#include "../core/config.h"
#include "../query/query.h"

/* The load left the entity text out (NOT_LOADED); an entity lump the file
 * stores empty is a text of 0 bytes, not this. */
int bsp__entity_text_left_out(const bsp__map *m);
/* s[0 .. n) is exactly the NUL-terminated z. */
int bsp__entity_same(const char *s, uint32_t n, const char *z);
/* The first `count` decimal numbers of s[0 .. n), separated by blanks,
 * each rounded once to float (those the text lacks: 0). 1 when the text is
 * those numbers and nothing else, 0 otherwise. */
int bsp__entity_numbers(const char *s, uint32_t n, float *v, uint32_t count);

#endif
