/* SPDX-License-Identifier: MIT */
/* output.c - what every command prints the same way: JSON values, the
 * error lines, the unsupported answer and the usage error. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tool.h"

int print_error_json(const char *status)
{
    printf("{\"error\":\"%s\"}\n", status);
    return TOOL_EXIT_FAIL;
}

int tool_unsupported(const char *path, const char *family, const char *what)
{
    char msg[160];
    if (family && *family)
        snprintf(msg, sizeof msg, "%s maps have no %s", family, what);
    else
        snprintf(msg, sizeof msg, "this build of bspkit leaves out %s", what);
    printf("{\"error\":\"%s\"}\n", bsp_status_name(BSP_E_UNSUPPORTED));
    fprintf(stderr, "bspkit: %s: %s (unsupported)\n", path, msg);
    return TOOL_EXIT_UNSUPPORTED;
}

int tool_access_unsupported(const char *path, const bsp_map *map)
{
    if (bsp_map_family(map) == BSP_FAMILY_RESPAWN)
        return tool_unsupported(path, "respawn", "faces, models or textures bspkit reads yet");
    return tool_unsupported(path, NULL, "map access (BSPKIT_ACCESS=0)");
}

/* JSON string body: quotes, backslashes and control bytes escaped. */
void json_string(const char *s, size_t n)
{
    size_t i;
    putchar('"');
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') printf("\\%c", c);
        else if (c < 0x20 || c == 0x7f) printf("\\u%04x", c);
        else putchar(c);
    }
    putchar('"');
}


void json_num(double v)
{
    if (isfinite(v)) printf("%.9g", v);
    else printf("null");
}

void json_vec(const char *key, const float *v, int n)
{
    int k;
    printf(",\"%s\":[", key);
    for (k = 0; k < n; k++) {
        if (k) putchar(',');
        json_num((double)v[k]);
    }
    putchar(']');
}

/* A command line the tool cannot run: one line on standard error naming
 * what is wrong, and where the help is. Returns 2. */
int usage_error(const char *where, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: ", where);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (see %s --help)\n", where);
    return TOOL_EXIT_USAGE;
}

