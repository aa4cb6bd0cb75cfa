/* SPDX-License-Identifier: MIT */
/* parse.c - the numbers of a query line, read one way by every line: a
 * token is a number only if all of it is (no trailing text), a float only
 * if finite, an integer only if it fits an int32. */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "tool.h"

int tool_parse_floats(char **tok, int n, float *out)
{
    int i;
    for (i = 0; i < n; i++) {
        char *end;
        out[i] = strtof(tok[i], &end);
        if (end == tok[i] || *end || !isfinite(out[i])) return 0;
    }
    return 1;
}

int tool_parse_int32(const char *tok, int32_t *out)
{
    char *end;
    long long v;
    errno = 0;
    v = strtoll(tok, &end, 10);
    if (end == tok || *end || errno == ERANGE || v < INT32_MIN || v > INT32_MAX) return 0;
    *out = (int32_t)v;
    return 1;
}
