/* SPDX-License-Identifier: MIT */
/* json_read.c - a recursive-descent JSON reader into json_value trees
 * (json_read.h). Strings keep \uXXXX escapes below 0x80 as bytes and
 * others as UTF-8; numbers go through strtod after the grammar's check. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_read.h"

typedef struct reader {
    const char *p, *end, *start;
    char *err;
    size_t err_bytes;
    int failed;
} reader;

static int fail(reader *r, const char *what)
{
    if (!r->failed) snprintf(r->err, r->err_bytes, "%s at byte %lu", what, (unsigned long)(r->p - r->start));
    r->failed = 1;
    return -1;
}

static void space(reader *r)
{
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r')) r->p++;
}

static int value(reader *r, json_value *v, int depth);

static int hex4(reader *r, unsigned *out)
{
    unsigned k, c = 0;
    if (r->end - r->p < 4) return fail(r, "short \\u escape");
    for (k = 0; k < 4; k++) {
        char h = *r->p++;
        c <<= 4;
        if (h >= '0' && h <= '9') c |= (unsigned)(h - '0');
        else if (h >= 'a' && h <= 'f') c |= (unsigned)(h - 'a' + 10);
        else if (h >= 'A' && h <= 'F') c |= (unsigned)(h - 'A' + 10);
        else return fail(r, "bad \\u escape");
    }
    *out = c;
    return 0;
}

static int string(reader *r, char **out)
{
    size_t cap = 16, n = 0;
    char *s = malloc(cap);
    r->p++;   /* the opening quote */
    while (s) {
        unsigned c;
        if (r->p >= r->end) break;
        c = (unsigned char)*r->p++;
        if (c == '"') {
            s[n] = '\0';
            *out = s;
            return 0;
        }
        if (c < 0x20) break;
        if (c == '\\') {
            if (r->p >= r->end) break;
            c = (unsigned char)*r->p++;
            switch (c) {
            case '"': case '\\': case '/': break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'n': c = '\n'; break;
            case 'r': c = '\r'; break;
            case 't': c = '\t'; break;
            case 'u':
                if (hex4(r, &c)) {
                    free(s);
                    return -1;
                }
                break;
            default:
                free(s);
                return fail(r, "bad escape");
            }
        }
        if (n + 4 >= cap) {
            char *t = realloc(s, cap *= 2);
            if (!t) break;
            s = t;
        }
        if (c < 0x80) {
            s[n++] = (char)c;
        } else if (c < 0x800) {
            s[n++] = (char)(0xc0 | c >> 6);
            s[n++] = (char)(0x80 | (c & 0x3f));
        } else {
            s[n++] = (char)(0xe0 | c >> 12);
            s[n++] = (char)(0x80 | (c >> 6 & 0x3f));
            s[n++] = (char)(0x80 | (c & 0x3f));
        }
    }
    free(s);
    return fail(r, "bad string");
}

static int number(reader *r, json_value *v)
{
    const char *q = r->p;
    char buf[64];
    if (q < r->end && *q == '-') q++;
    if (q >= r->end || *q < '0' || *q > '9') return fail(r, "bad number");
    if (*q == '0') q++;
    else while (q < r->end && *q >= '0' && *q <= '9') q++;
    if (q < r->end && *q == '.') {
        if (++q >= r->end || *q < '0' || *q > '9') return fail(r, "bad number");
        while (q < r->end && *q >= '0' && *q <= '9') q++;
    }
    if (q < r->end && (*q == 'e' || *q == 'E')) {
        q++;
        if (q < r->end && (*q == '+' || *q == '-')) q++;
        if (q >= r->end || *q < '0' || *q > '9') return fail(r, "bad number");
        while (q < r->end && *q >= '0' && *q <= '9') q++;
    }
    if ((size_t)(q - r->p) >= sizeof buf) return fail(r, "number too long");
    memcpy(buf, r->p, (size_t)(q - r->p));
    buf[q - r->p] = '\0';
    v->type = JSON_NUMBER;
    v->number = strtod(buf, NULL);
    r->p = q;
    return 0;
}

static int word(reader *r, const char *w, json_value *v, json_type type, double num)
{
    size_t n = strlen(w);
    if ((size_t)(r->end - r->p) < n || memcmp(r->p, w, n)) return fail(r, "unexpected character");
    r->p += n;
    v->type = type;
    v->number = num;
    return 0;
}

/* Append an entry to an array or object, growing its tables. */
static json_value *grow(json_value *v, size_t *cap)
{
    if (v->count == *cap) {
        size_t c = *cap ? 2 * *cap : 8;
        json_value *items = realloc(v->items, c * sizeof *items);
        if (!items) return NULL;
        v->items = items;
        if (v->type == JSON_OBJECT) {
            char **keys = realloc(v->keys, c * sizeof *keys);
            if (!keys) return NULL;
            v->keys = keys;
        }
        *cap = c;
    }
    memset(&v->items[v->count], 0, sizeof v->items[0]);
    if (v->keys) v->keys[v->count] = NULL;
    return &v->items[v->count++];
}

static int members(reader *r, json_value *v, int depth, char close)
{
    size_t cap = 0;
    r->p++;
    space(r);
    if (r->p < r->end && *r->p == close) {
        r->p++;
        return 0;
    }
    for (;;) {
        json_value *item;
        char *key = NULL;
        space(r);
        if (close == '}') {
            if (r->p >= r->end || *r->p != '"') return fail(r, "expected a key");
            if (string(r, &key)) return -1;
            space(r);
            if (r->p >= r->end || *r->p != ':') {
                free(key);
                return fail(r, "expected ':'");
            }
            r->p++;
        }
        if (!(item = grow(v, &cap))) {
            free(key);
            return fail(r, "out of memory");
        }
        if (v->keys) v->keys[v->count - 1] = key;
        if (value(r, item, depth + 1)) return -1;
        space(r);
        if (r->p < r->end && *r->p == ',') {
            r->p++;
            continue;
        }
        if (r->p < r->end && *r->p == close) {
            r->p++;
            return 0;
        }
        return fail(r, close == '}' ? "expected ',' or '}'" : "expected ',' or ']'");
    }
}

static int value(reader *r, json_value *v, int depth)
{
    memset(v, 0, sizeof *v);
    if (depth > 64) return fail(r, "nested too deeply");
    space(r);
    if (r->p >= r->end) return fail(r, "unexpected end");
    switch (*r->p) {
    case '{': v->type = JSON_OBJECT; return members(r, v, depth, '}');
    case '[': v->type = JSON_ARRAY; return members(r, v, depth, ']');
    case '"': v->type = JSON_STRING; return string(r, &v->string);
    case 't': return word(r, "true", v, JSON_BOOL, 1);
    case 'f': return word(r, "false", v, JSON_BOOL, 0);
    case 'n': return word(r, "null", v, JSON_NULL, 0);
    default: return number(r, v);
    }
}

void json_free(json_value *v)
{
    size_t k;
    for (k = 0; k < v->count; k++) {
        json_free(&v->items[k]);
        if (v->keys) free(v->keys[k]);
    }
    free(v->items);
    free(v->keys);
    free(v->string);
    memset(v, 0, sizeof *v);
}

int json_parse(const char *text, size_t n, json_value *out, char *err, size_t err_bytes)
{
    reader r;
    r.p = r.start = text;
    r.end = text + n;
    r.err = err;
    r.err_bytes = err_bytes;
    r.failed = 0;
    if (err_bytes) err[0] = '\0';
    if (value(&r, out, 0) == 0) {
        space(&r);
        if (r.p == r.end) return 0;
        fail(&r, "text after the value");
    }
    json_free(out);
    return -1;
}

const json_value *json_member(const json_value *obj, const char *key)
{
    size_t k;
    if (!obj || obj->type != JSON_OBJECT) return NULL;
    for (k = 0; k < obj->count; k++)
        if (obj->keys[k] && !strcmp(obj->keys[k], key)) return &obj->items[k];
    return NULL;
}

int json_whole(const json_value *v, double lo, double hi, double *out)
{
    if (!v || v->type != JSON_NUMBER || !(v->number >= lo && v->number <= hi) ||
        v->number != (double)(long long)v->number)
        return 0;
    *out = v->number;
    return 1;
}
