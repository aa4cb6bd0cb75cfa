/* SPDX-License-Identifier: MIT */
/* fuzz_entity.c - the entity iterator on arbitrary text.
 *
 * The whole input is the text (an exact-size copy, so a read past it is an
 * ASan error), iterated with its full length and with a length one short.
 * Checked: events are of the enum; a pair's key and value lie inside the
 * text before its first NUL; iteration ends within 2 * len + 2 events; every
 * BEGIN is matched by a CLOSE unless iteration stops with ERROR; after END or
 * ERROR the iterator keeps answering END. */
#include "fuzz.h"
#include "../../loader/bspkit.h"

static void walk(const char *text, uint32_t len)
{
    bsp_entity_iter it;
    bsp_entity_event ev;
    uint32_t steps = 0, n = 0, open = 0;
    const char *end;
    while (n < len && text[n]) n++;
    end = text + n;
    bsp_entity_begin(&it, text, len);
    for (;;) {
        ev = bsp_entity_next(&it);
        /* every event consumes a byte, except a CLOSE before a '{' (the
         * BEGIN after it consumes that), the CLOSE at the end and END */
        FUZZ_ASSERT(++steps <= 2 * n + 2);
        FUZZ_ASSERT((unsigned)ev <= BSP_ENT_ERROR);
        if (ev == BSP_ENT_END) {
            FUZZ_ASSERT(open == 0);
            break;
        }
        if (ev == BSP_ENT_ERROR) break;
        if (ev == BSP_ENT_BEGIN) {
            FUZZ_ASSERT(open == 0);
            open = 1;
        } else if (ev == BSP_ENT_CLOSE) {
            FUZZ_ASSERT(open == 1);
            open = 0;
        } else {
            FUZZ_ASSERT(open == 1);
            FUZZ_ASSERT(it.key >= text && it.key <= end && it.key_len <= (uint32_t)(end - it.key));
            FUZZ_ASSERT(it.value >= text && it.value <= end &&
                        it.value_len <= (uint32_t)(end - it.value));
            FUZZ_ASSERT(it.key + it.key_len <= it.value);
        }
    }
    FUZZ_ASSERT(bsp_entity_next(&it) == BSP_ENT_END);
    FUZZ_ASSERT(bsp_entity_next(&it) == BSP_ENT_END);
}

FUZZ_ENTRY(entity)
{
    char *text;
    bsp_entity_iter it;
    if (size > (16u << 20)) return 0;
    text = (char *)calloc(1, size ? size : 1);
    FUZZ_ASSERT(text != NULL);
    if (size) memcpy(text, data, size);
    walk(text, (uint32_t)size);
    if (size) walk(text, (uint32_t)size - 1);
    /* NULL text and NULL iterator are answered, not followed */
    bsp_entity_begin(&it, NULL, 5);
    FUZZ_ASSERT(bsp_entity_next(&it) == BSP_ENT_END);
    bsp_entity_begin(NULL, text, (uint32_t)size);
    FUZZ_ASSERT(bsp_entity_next(NULL) == BSP_ENT_END);
    free(text);
    return 0;
}
