/* SPDX-License-Identifier: MIT */
/* entity_find.c - find an entity by key and value and read a vector value,
 * over the entity iterator (entity.c), without copying the text. */
#include "../bspkit.h"
#include "../core/map.h"
#include "../core/config.h"
#include "../query/query.h"

#if BSPKIT_ACCESS   /* else core/absent.c */

/* NOT_LOADED when the load left the entity text out; an entity lump the
 * file stores empty is a text of 0 bytes (the index checks answer). */
static int text_left_out(const bsp__map *m)
{
    return !m->entities.data && !bsp__lump_is_empty(m, bsp__role_lump(m->family, BSP_ROLE_ENTITIES));
}

static int same(const char *s, uint32_t n, const char *z)
{
    uint32_t i;
    for (i = 0; i < n; i++)
        if (z[i] != s[i] || !z[i]) return 0;
    return z[n] == 0;
}

bsp_status bsp_entity_find(const bsp_map *map, const char *key, const char *value, uint32_t *at)
{
    const bsp__map *m = bsp__map_c(map);
    bsp_entity_iter it;
    bsp_entity_event ev;
    const char *text, *open = NULL;
    if (!m || !m->family || !key || !value || !at) return BSP_E_BAD_ARGUMENT;
    if (text_left_out(m)) return BSP_E_NOT_LOADED;
    /* searching on from just after the last entity meets the text's end */
    if (*at >= m->entities.count) return *at == m->entities.count ? BSP_E_END : BSP_E_BAD_QUERY;
    text = (const char *)m->entities.data;
    bsp_entity_begin(&it, text + *at, m->entities.count - *at);
    while ((ev = bsp_entity_next(&it)) != BSP_ENT_END && ev != BSP_ENT_ERROR) {
        if (ev == BSP_ENT_BEGIN) {
            /* the '{' just read is the last non-space byte before pos */
            open = it.pos - 1;
            while (open > text && *open != '{') open--;
        } else if (ev == BSP_ENT_PAIR && open && same(it.key, it.key_len, key) &&
                   same(it.value, it.value_len, value)) {
            *at = (uint32_t)(open - text);
            return BSP_OK;
        }
    }
    /* no more: the text ended (or stopped at text that is not entity syntax) */
    return BSP_E_END;
}

/* A decimal number at s[0 .. n): sign, digits, fraction, exponent; the
 * value in double, rounded once to float. Returns the bytes read. */
static uint32_t read_number(const char *s, uint32_t n, float *out)
{
    uint32_t i = 0;
    double v = 0.0, scale = 1.0;
    int neg = 0, exp = 0, eneg = 0, digits = 0;
    if (i < n && (s[i] == '-' || s[i] == '+')) neg = s[i++] == '-';
    for (; i < n && s[i] >= '0' && s[i] <= '9'; i++, digits++) v = v * 10.0 + (s[i] - '0');
    if (i < n && s[i] == '.')
        for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++, digits++) {
            scale /= 10.0;
            v += (s[i] - '0') * scale;
        }
    if (!digits) return 0;
    if (i + 1 < n && (s[i] == 'e' || s[i] == 'E')) {
        uint32_t j = i + 1;
        if (s[j] == '-' || s[j] == '+') eneg = s[j++] == '-';
        if (j < n && s[j] >= '0' && s[j] <= '9') {
            for (; j < n && s[j] >= '0' && s[j] <= '9'; j++)
                if (exp < 100) exp = exp * 10 + (s[j] - '0');
            i = j;
            while (exp-- > 0) v = eneg ? v / 10.0 : v * 10.0;
        }
    }
    *out = (float)(neg ? -v : v);
    return i;
}

bsp_status bsp_entity_vector(const bsp_map *map, uint32_t at, const char *key, float v[3])
{
    const bsp__map *m = bsp__map_c(map);
    bsp_entity_iter it;
    bsp_entity_event ev;
    if (!m || !m->family || !key || !v) return BSP_E_BAD_ARGUMENT;
    if (text_left_out(m)) return BSP_E_NOT_LOADED;
    if (at >= m->entities.count || m->entities.data[at] != '{') return BSP_E_BAD_QUERY;
    bsp_entity_begin(&it, (const char *)m->entities.data + at, m->entities.count - at);
    if (bsp_entity_next(&it) != BSP_ENT_BEGIN) return BSP_E_BAD_QUERY;
    while ((ev = bsp_entity_next(&it)) == BSP_ENT_PAIR) {
        uint32_t pos = 0, k;
        if (!same(it.key, it.key_len, key)) continue;
        for (k = 0; k < 3; k++) {
            uint32_t used;
            v[k] = 0.0f;
            while (pos < it.value_len && (it.value[pos] == ' ' || it.value[pos] == '\t')) pos++;
            used = read_number(it.value + pos, it.value_len - pos, &v[k]);
            pos += used;
        }
        return BSP_OK;
    }
    return BSP_E_BAD_QUERY;
}

#endif
