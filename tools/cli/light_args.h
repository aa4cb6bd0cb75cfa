/* SPDX-License-Identifier: MIT */
/* light_args.h - the command lines of styles, atlas and atlas-check
 * (light_args.c): the map, a folder for the atlas commands, the loading
 * options (--hdr, --forward, --lit FILE, --no-lit) and each command's own. */
#ifndef BSPKIT_TOOL_LIGHT_ARGS_H
#define BSPKIT_TOOL_LIGHT_ARGS_H

/* A command's own option: `--name` with a value (value != NULL) or a flag. */
typedef struct light_opt {
    const char *name;
    const char **value;
    int *flag;
} light_opt;

typedef struct light_args {
    const char *path, *dir;
    int hdr, forward;
} light_args;

/* Parse argv (argv[0] the command's word) into *out; `want_dir`: a DIR
 * after the map. Returns -1 when parsed, else the exit status to return
 * (0 after --help, which prints `usage`; 2 after a usage error). */
int light_args_parse(const char *where, const char *usage, int argc, char **argv, int want_dir,
                     const light_opt *opts, int num_opts, light_args *out);

#endif
