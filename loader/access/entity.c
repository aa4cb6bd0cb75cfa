/* SPDX-License-Identifier: MIT */
/* entity.c - iterate the entity lump's text in place.
 *
 * The text is a list of blocks { "key" "value" ... }. Real files end with a
 * NUL, some are cut short, some have stray bytes. The iterator never reads
 * past `end`, reports every entity it opened as closed, and stops with
 * BSP_ENT_ERROR on text it cannot read as entities.
 */
#include "../bspkit.h"

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

static void skip_space(bsp_entity_iter *it)
{
    while (it->pos < it->end && is_space(*it->pos)) it->pos++;
}

/* A quoted string at pos; 0 if there is none or it is unterminated. */
static int quoted(bsp_entity_iter *it, const char **s, uint32_t *len)
{
    const char *p;
    skip_space(it);
    if (it->pos >= it->end || *it->pos != '"') return 0;
    for (p = it->pos + 1; p < it->end && *p != '"'; p++)
        if (*p == '\n') return 0;   /* quotes never span lines */
    if (p >= it->end) return 0;
    *s = it->pos + 1;
    *len = (uint32_t)(p - (it->pos + 1));
    it->pos = p + 1;
    return 1;
}

void bsp_entity_begin(bsp_entity_iter *it, const char *text, uint32_t len)
{
    uint32_t n = 0;
    if (!it) return;
    while (text && n < len && text[n]) n++;
    it->pos = text;
    it->end = text ? text + n : text;
    it->in_entity = 0;
    it->key = it->value = NULL;
    it->key_len = it->value_len = 0;
}

bsp_entity_event bsp_entity_next(bsp_entity_iter *it)
{
    if (!it || !it->pos) return BSP_ENT_END;
    skip_space(it);
    if (it->pos >= it->end) {
        if (it->in_entity) {            /* cut-off text: close what is open */
            it->in_entity = 0;
            return BSP_ENT_CLOSE;
        }
        return BSP_ENT_END;
    }
    if (!it->in_entity) {
        if (*it->pos != '{') {
            it->pos = it->end;
            it->in_entity = 0;
            return BSP_ENT_ERROR;
        }
        it->pos++;
        it->in_entity = 1;
        return BSP_ENT_BEGIN;
    }
    if (*it->pos == '}') {
        it->pos++;
        it->in_entity = 0;
        return BSP_ENT_CLOSE;
    }
    if (*it->pos == '{') {              /* unbalanced: the open entity ends */
        it->in_entity = 0;
        return BSP_ENT_CLOSE;
    }
    if (quoted(it, &it->key, &it->key_len) && quoted(it, &it->value, &it->value_len))
        return BSP_ENT_PAIR;
    it->pos = it->end;
    it->in_entity = 0;
    return BSP_ENT_ERROR;
}
