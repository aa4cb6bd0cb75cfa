/* SPDX-License-Identifier: MIT */
/* light_args.c - one parser for the command lines of styles, atlas and
 * atlas-check (light_args.h). */
#include <stdio.h>
#include <string.h>

#include "../common/tool.h"
#include "light_args.h"

int light_args_parse(const char *where, const char *usage, int argc, char **argv, int want_dir,
                     const light_opt *opts, int num_opts, light_args *out)
{
    int i, k;
    memset(out, 0, sizeof *out);
    for (i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(usage, stdout);
            return TOOL_EXIT_OK;
        }
    if ((argc = tool_lit_args(argc, argv)) < 0) return TOOL_EXIT_USAGE;   /* --lit, --no-lit */
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        for (k = 0; k < num_opts && strcmp(a, opts[k].name); k++) continue;
        if (k < num_opts) {
            if (opts[k].flag) {
                *opts[k].flag = 1;
            } else {
                if (i + 1 >= argc) return usage_error(where, "option '%s' needs a value", a);
                *opts[k].value = argv[++i];
            }
        } else if (!strcmp(a, "--hdr")) {
            out->hdr = 1;
        } else if (!strcmp(a, "--forward")) {
            out->forward = 1;
        } else if (a[0] == '-' && a[1]) {
            return usage_error(where, "unknown option '%s'", a);
        } else if (!out->path) {
            out->path = a;
        } else if (want_dir && !out->dir) {
            out->dir = a;
        } else {
            return usage_error(where, "unexpected argument '%s'", a);
        }
    }
    if (!out->path) return usage_error(where, "no MAP");
    if (want_dir && !out->dir) return usage_error(where, "no DIR after the map");
    return -1;
}
