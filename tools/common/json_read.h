/* SPDX-License-Identifier: MIT */
/* json_read.h - a JSON text read into a tree (json_read.c): what the
 * commands that read the files of other programs (atlas-check's
 * atlas.json, styles --values) need, strict RFC 8259 syntax. */
#ifndef BSPKIT_TOOL_JSON_READ_H
#define BSPKIT_TOOL_JSON_READ_H

#include <stddef.h>

typedef enum json_type { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_type;

typedef struct json_value {
    json_type type;
    double number;         /* JSON_NUMBER; JSON_BOOL: 0 or 1 */
    char *string;          /* JSON_STRING (NUL-terminated, escapes undone) */
    size_t count;          /* JSON_ARRAY, JSON_OBJECT: entries */
    struct json_value *items;   /* the entries' values */
    char **keys;           /* JSON_OBJECT: the entries' keys */
} json_value;

/* Parse text[0 .. n - 1] into *out (0), or say where it fails into err
 * (-1; *out is then empty). Nesting deeper than 64 fails. */
int json_parse(const char *text, size_t n, json_value *out, char *err, size_t err_bytes);
/* Object member `key` (the first of that name), NULL when absent or not
 * an object. */
const json_value *json_member(const json_value *obj, const char *key);
/* A number that is a whole value in [lo, hi] into *out: 1, else 0. */
int json_whole(const json_value *v, double lo, double hi, double *out);
void json_free(json_value *v);

#endif
