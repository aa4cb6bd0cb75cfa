/* SPDX-License-Identifier: MIT */
/* entity_find.c - find an entity by key and value and read a vector value,
 * over the entity iterator (entity.c), without copying the text. */
#include "entity_text.h"
#include "../core/map.h"

#if BSPKIT_ACCESS   /* else core/absent.c */

int bsp__entity_text_left_out(const bsp__map *m)
{
    return !m->entities.data && !bsp__lump_is_empty(m, bsp__role_lump(m->family, BSP_ROLE_ENTITIES));
}

int bsp__entity_same(const char *s, uint32_t n, const char *z)
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
    if (bsp__entity_text_left_out(m)) return BSP_E_NOT_LOADED;
    /* searching on from just after the last entity meets the text's end */
    if (*at >= m->entities.count) return *at == m->entities.count ? BSP_E_END : BSP_E_BAD_QUERY;
    text = (const char *)m->entities.data;
    bsp_entity_begin(&it, text + *at, m->entities.count - *at);
    while ((ev = bsp_entity_next(&it)) != BSP_ENT_END && ev != BSP_ENT_ERROR) {
        if (ev == BSP_ENT_BEGIN) {
            /* the '{' just read is the last non-space byte before pos */
            open = it.pos - 1;
            while (open > text && *open != '{') open--;
        } else if (ev == BSP_ENT_PAIR && open && bsp__entity_same(it.key, it.key_len, key) &&
                   bsp__entity_same(it.value, it.value_len, value)) {
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

int bsp__entity_numbers(const char *s, uint32_t n, float *v, uint32_t count)
{
    uint32_t pos = 0, k;
    int whole = 1;
    for (k = 0; k < count; k++) {
        uint32_t used;
        v[k] = 0.0f;
        while (pos < n && (s[pos] == ' ' || s[pos] == '\t')) pos++;
        used = read_number(s + pos, n - pos, &v[k]);
        if (!used) whole = 0;
        pos += used;
    }
    while (pos < n && (s[pos] == ' ' || s[pos] == '\t')) pos++;
    return whole && pos == n;
}

/* The first pair of `key` in the entity whose '{' is at byte `at`: its
 * value in *value, *len. The statuses of bsp_entity_value. */
static bsp_status find_key(const bsp__map *m, uint32_t at, const char *key, const char **value, uint32_t *len)
{
    bsp_entity_iter it;
    if (!m || !m->family || !key) return BSP_E_BAD_ARGUMENT;
    if (bsp__entity_text_left_out(m)) return BSP_E_NOT_LOADED;
    if (at >= m->entities.count || m->entities.data[at] != '{') return BSP_E_BAD_QUERY;
    bsp_entity_begin(&it, (const char *)m->entities.data + at, m->entities.count - at);
    if (bsp_entity_next(&it) != BSP_ENT_BEGIN) return BSP_E_BAD_QUERY;
    while (bsp_entity_next(&it) == BSP_ENT_PAIR)
        if (bsp__entity_same(it.key, it.key_len, key)) {
            *value = it.value;
            *len = it.value_len;
            return BSP_OK;
        }
    return BSP_E_BAD_QUERY;
}

bsp_status bsp_entity_value(const bsp_map *map, uint32_t at, const char *key, const char **value, uint32_t *len)
{
    const bsp__map *m = bsp__map_c(map);
    if (!value || !len) return BSP_E_BAD_ARGUMENT;
    return find_key(m, at, key, value, len);
}

/* The first `count` numbers of `key`'s value (bsp_entity_number, _vector). */
static bsp_status key_numbers(const bsp__map *m, uint32_t at, const char *key, float *v, uint32_t count)
{
    const char *s;
    uint32_t n;
    bsp_status st;
    if (!v) return BSP_E_BAD_ARGUMENT;
    if ((st = find_key(m, at, key, &s, &n)) != BSP_OK) return st;
    bsp__entity_numbers(s, n, v, count);
    return BSP_OK;
}

bsp_status bsp_entity_number(const bsp_map *map, uint32_t at, const char *key, float *v)
{
    return key_numbers(bsp__map_c(map), at, key, v, 1);
}

bsp_status bsp_entity_vector(const bsp_map *map, uint32_t at, const char *key, float v[3])
{
    return key_numbers(bsp__map_c(map), at, key, v, 3);
}

bsp_status bsp_entity_model(const bsp_map *map, uint32_t at, uint32_t *model)
{
    const bsp__map *m = bsp__map_c(map);
    const char *s;
    uint32_t n, k, v = 0;
    bsp_status st;
    if (!model) return BSP_E_BAD_ARGUMENT;
    if ((st = find_key(m, at, "model", &s, &n)) != BSP_OK) return st;
    /* "*N": decimal digits only (a file path names a model file instead) */
    if (n < 2 || n > 11 || s[0] != '*') return BSP_E_BAD_QUERY;
    for (k = 1; k < n; k++) {
        if (s[k] < '0' || s[k] > '9') return BSP_E_BAD_QUERY;
        if (v > (0xffffffffu - 9) / 10) return BSP_E_BAD_MODEL;
        v = v * 10 + (uint32_t)(s[k] - '0');
    }
    if (v >= m->models.count) return BSP_E_BAD_MODEL;
    *model = v;
    return BSP_OK;
}

#endif
