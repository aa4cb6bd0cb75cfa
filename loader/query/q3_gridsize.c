/* SPDX-License-Identifier: MIT */
/* q3_gridsize.c - the light grid's cell size from the first entity's
 * `gridsize` key (docs/queries.md 7), read the way ioquake3's R_LoadEntities
 * does: COM_ParseExt tokens, a case-blind key compare, sscanf("%f %f %f").
 *
 * The scanner reads decimal numbers (and recognises inf and nan, which
 * leave no grid); the value is rounded to float from a double, exact for
 * every decimal with up to 15 significant digits and exponent |e| <= 22
 * that a double holds exactly, as grid sizes are. Hexadecimal floats
 * ("0x40", "0x1.8p6") are read as C99's sscanf (glibc) reads them, rounded
 * once to float; "0x" without a hexadecimal digit fails the conversion.
 */
#include "query.h"
#include "../core/map.h"

#if BSPKIT_FAMILY_QUAKE3 && BSPKIT_AMBIENT

#define MAX_TOKEN 1023             /* COM_ParseExt keeps MAX_TOKEN_CHARS - 1 */

typedef struct token {
    const char *s;
    uint32_t len;                  /* 0: no token (end of text) */
} token;

/* One COM_ParseExt token at *pos (lines may break); bytes <= 32 are
 * space, the text's end acts as the engine's NUL. */
static token next_token(const char **pos, const char *end)
{
    const char *p = *pos;
    token t;
    t.s = p;
    t.len = 0;
    for (;;) {
        while (p < end && (uint8_t)*p <= 32) p++;
        if (p >= end) {
            *pos = end;
            return t;
        }
        if (*p == '/' && p + 1 < end && p[1] == '/') {
            while (p < end && *p != '\n') p++;
        } else if (*p == '/' && p + 1 < end && p[1] == '*') {
            p += 2;
            while (p < end && !(*p == '*' && p + 1 < end && p[1] == '/')) p++;
            if (p < end) p += 2;
        } else {
            break;
        }
    }
    if (*p == '"') {
        t.s = ++p;
        while (p < end && *p != '"') p++;
        t.len = (uint32_t)(p - t.s);
        if (p < end) p++;
        *pos = p;
        /* An empty quoted string is an empty token: len 0 ends the walk. */
        if (t.len > MAX_TOKEN) t.len = MAX_TOKEN;
        return t;
    }
    t.s = p;
    while (p < end && (uint8_t)*p > 32) p++;
    t.len = (uint32_t)(p - t.s);
    if (t.len > MAX_TOKEN) t.len = MAX_TOKEN;
    *pos = p;
    return t;
}

static int lower(int c) { return (c >= 'A' && c <= 'Z') ? c + 32 : c; }

static int same_word(const char *s, uint32_t len, const char *word)
{
    uint32_t i;
    for (i = 0; i < len; i++)
        if (!word[i] || lower((uint8_t)s[i]) != word[i]) return 0;
    return word[len] == 0;
}

static int scanf_space(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

static int hex_digit(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    c = lower(c);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* An exponent part at s (mark, sign, digits) added to *exp; s itself when
 * no digit follows (the mark is then not part of the number). */
static const char *scan_exponent(const char *s, const char *end, int mark, int32_t *exp)
{
    const char *e = s + 1;
    int eneg = 0;
    int32_t ev = 0;
    if (s >= end || lower((uint8_t)*s) != mark) return s;
    if (e < end && (*e == '+' || *e == '-')) eneg = *e++ == '-';
    if (e >= end || *e < '0' || *e > '9') return s;
    for (; e < end && *e >= '0' && *e <= '9'; e++)
        if (ev < 100000) ev = ev * 10 + (*e - '0');
    *exp += eneg ? -ev : ev;
    return e;
}

/* The hexadecimal form after "0x" at s: digits [. digits] [p exponent].
 * 28 bits of mantissa are kept (the rest only as a sticky bit), then
 * rounded to 24, half to even; 32-bit integers only (no libgcc). */
static int scan_hex(const char **p, const char *s, const char *end, int neg, float *out)
{
    uint32_t mant = 0, guard = 0, sticky = 0;
    int32_t exp2 = 0, digits = 0, d;
    int frac = 0;
    for (; s < end; s++) {
        if (*s == '.' && !frac) {
            frac = 1;
            continue;
        }
        if ((d = hex_digit((uint8_t)*s)) < 0) break;
        digits++;
        if ((mant >> 24) == 0) {
            mant = mant * 16 + (uint32_t)d;
            if (frac) exp2 -= 4;
        } else {
            sticky |= d != 0;
            if (!frac) exp2 += 4;
        }
    }
    if (digits == 0) return 0;
    s = scan_exponent(s, end, 'p', &exp2);
    while (mant >> 24) {            /* more than 24 bits: drop one */
        sticky |= guard;
        guard = mant & 1;
        mant >>= 1;
        exp2++;
    }
    if (guard && (sticky || (mant & 1))) mant++;
    if (exp2 > 300) exp2 = 300;     /* beyond float range either way */
    if (exp2 < -300) exp2 = -300;
    *out = bsp__ldexpf(neg ? -(float)mant : (float)mant, exp2);
    *p = s;
    return 1;
}

/* Reads one %f at *p; 0 when nothing matches (sscanf stops there). */
static int scan_float(const char **p, const char *end, float *out)
{
    const char *s = *p;
    uint64_t mant = 0;
    int32_t exp10 = 0, digits = 0, neg = 0;
    double v, scale = 1.0;
    int k;

    while (s < end && scanf_space((uint8_t)*s)) s++;
    if (s < end && (*s == '+' || *s == '-')) neg = *s++ == '-';
    if (s + 3 <= end && same_word(s, 3, "inf")) {
        *out = neg ? -1e30f * 1e30f : 1e30f * 1e30f;
        *p = s + (s + 8 <= end && same_word(s, 8, "infinity") ? 8 : 3);
        return 1;
    }
    if (s + 3 <= end && same_word(s, 3, "nan")) {
        float inf = 1e30f * 1e30f;
        *out = inf - inf;
        *p = s + 3;
        return 1;
    }
    if (s + 1 < end && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) return scan_hex(p, s + 2, end, neg, out);
    for (; s < end && *s >= '0' && *s <= '9'; s++, digits++) {
        if (mant < 100000000000000000ull) mant = mant * 10 + (uint64_t)(*s - '0');
        else exp10++;
    }
    if (s < end && *s == '.') {
        for (s++; s < end && *s >= '0' && *s <= '9'; s++, digits++)
            if (mant < 100000000000000000ull) {
                mant = mant * 10 + (uint64_t)(*s - '0');
                exp10--;
            }
    }
    if (digits == 0) return 0;
    s = scan_exponent(s, end, 'e', &exp10);
    /* two 32-bit halves: no 64-bit integer conversion helper on 32-bit
     * targets without libgcc; the sum rounds once, as (double)mant does */
    v = (double)(uint32_t)(mant >> 32) * 4294967296.0 + (double)(uint32_t)mant;
    for (k = 0; k < (exp10 < 0 ? -exp10 : exp10) && k < 400; k++) scale *= 10.0;
    v = exp10 < 0 ? v / scale : v * scale;
    *out = (float)(neg ? -v : v);
    *p = s;
    return 1;
}

void bsp__q3_gridsize(const bsp__map *m, float size[3])
{
    const char *pos = (const char *)m->entities.data, *end;
    const char *z;
    token t, key;
    size[0] = 64.0f;
    size[1] = 64.0f;
    size[2] = 128.0f;
    if (!pos) return;
    end = pos + m->entities.count;
    for (z = pos; z < end; z++)    /* the engine's text ends at a NUL */
        if (!*z) {
            end = z;
            break;
        }
    t = next_token(&pos, end);
    if (t.len == 0 || t.s[0] != '{') return;
    for (;;) {
        key = next_token(&pos, end);
        if (key.len == 0 || key.s[0] == '}') return;
        t = next_token(&pos, end);
        if (t.len == 0 || t.s[0] == '}') return;
        if (same_word(key.s, key.len, "gridsize")) {
            const char *v = t.s, *vend = t.s + t.len;
            int k;
            for (k = 0; k < 3 && scan_float(&v, vend, &size[k]); k++) {}
        }
    }
}

#endif
