/* SPDX-License-Identifier: MIT */
/* tool.h - what the bspkit tool's folders share (tools/common/: load.c,
 * output.c, props.c, lit.c, variant.c, load_error.c, identify.c,
 * patch_set.c). The
 * bottom of the tool's chain: nothing here calls a command. */
#ifndef BSPKIT_TOOL_H
#define BSPKIT_TOOL_H

#include <stddef.h>
#include "../../loader/bspkit.h"
#include "../../platform/posix/bsp_file.h"

/* A map's .lit (lit.c, docs/queries.md 10.6): strip `--lit FILE` and
 * `--no-lit` from argv (returns the new argc, -1 when --lit has no file);
 * after bsp_open, open the .lit to hand over as options.lit (1: opened;
 * the named one, or the one beside a quake or bsp2 map); after the load,
 * close it and say on standard error why the library ignored it. */
typedef struct tool_lit {
    bsp_file file;
    bsp_stream stream;
    int open;
    char path[4096];
} tool_lit;
typedef struct loaded {
    bsp_file file;
    bsp_stream stream;
    bsp_header header;
    bsp_map map;
    void *arena;
    uint32_t arena_bytes;
    int loading;           /* bsp_load ran: bsp_map_where says where it stopped */
    bsp_where where;       /* where a failed open, plan or load stopped */
    int os_error;          /* errno after a load that failed with BSP_E_IO */
    bsp_status collision_status; /* not BSP_OK: loaded without collision,
                                    which this load status refused */
    tool_lit lit;          /* the .lit handed over with the map */
    bsp_file_parts *parts; /* its parts beside it (options.part), during the load */
    void *patch_keep;      /* Quake 3 patches the count built, until the
                              load has copied them */
} loaded;

/* The exit statuses every command keeps (docs/tool.md "Exit status"). */
enum {
    TOOL_EXIT_OK = 0,
    TOOL_EXIT_FAIL = 1,        /* the map, a file or the memory failed */
    TOOL_EXIT_USAGE = 2,       /* a command line the tool cannot run */
    TOOL_EXIT_UNSUPPORTED = 3  /* the map's family, or this build, has no
                                  such data */
};

/* Open and load `path` with the given sets into a heap arena; prints
 * {"error":..} and returns non-zero on failure. */
int load_map(loaded *L, const char *path, uint32_t sets, int hdr, int forward);
/* --partial: every later load_map adds BSP_LOAD_PARTIAL (and names on
 * standard error each lump it left out). */
void tool_load_partial(int on);
void unload_map(loaded *L);
/* Print {"error":"<status>"} and return 1. */
int print_error_json(const char *status);
/* The one answer to "this family has no such data" (family NULL: this
 * build leaves it out): {"error":"unsupported"} on standard output, and
 * on standard error "bspkit: MAP: <family> maps have no <what>
 * (unsupported)"; returns TOOL_EXIT_UNSUPPORTED. */
int tool_unsupported(const char *path, const char *family, const char *what);
/* A map access command answered UNSUPPORTED: a respawn map (its faces,
 * models and textures are a later step of issue 44), or a build without
 * map access (BSPKIT_ACCESS=0). */
int tool_access_unsupported(const char *path, const bsp_map *map);
/* malloc, never of 0 bytes (NULL then means out of memory). */
void *tool_alloc(size_t bytes);
/* "out of memory for <what>" on standard error, {"error":"out_of_memory"};
 * returns 1. */
int tool_out_of_memory(const char *what, uint32_t bytes);
/* A map that did not load (load_error.c): {"error":..,"message":..} with
 * what was found ("lump", "index", "offset", "length" of the lump it
 * stopped in or bsp_open refused, "file_size" unless BSP_SIZE_UNKNOWN,
 * "detail": the rule the lump breaks, "appears", "reason": the OS's for an
 * io error; "lump_version": the lump's directory version, when it has one)
 * on standard output, a sentence on standard error. h as bsp_open left it;
 * where: bsp_map_where after bsp_load, bsp_measure_where before (NULL:
 * none). Returns 1. */
int report_load_error(const char *path, bsp_status st, const bsp_header *h, const bsp_where *where,
                      uint32_t file_size, const char *appears, int os_error);
/* A file that cannot be opened or written: {"error":"io","message":..,
 * "path":..,"reason":strerror(os_error)} on standard output, "<where>:
 * <doing> <path>: <reason>" on standard error. Returns 1. */
int report_io_error(const char *where, const char *doing, const char *path, int os_error);
/* A command line the tool cannot run: "<where>: <fmt...> (see <where>
 * --help)" on standard error; returns 2, the exit status. */
int usage_error(const char *where, const char *fmt, ...);

/* Query-line numbers (common/parse.c): n whole, finite floats; a whole
 * integer that fits an int32. 1 when every token is one, else 0. */
int tool_parse_floats(char **tok, int n, float *out);
int tool_parse_int32(const char *tok, int32_t *out);
/* A JSON number (%.9g; null when not finite), and ,"key":[numbers] of n
 * floats. */
void json_num(double v);
void json_vec(const char *key, const float *v, int n);
/* A JSON string: quotes, backslashes and control bytes escaped. */
void json_string(const char *s, size_t n);
/* What the file at `path` appears to be ("VBSP version 30: no known
 * layout") into out; 0 when it cannot be read again (standard input). */
int tool_identify(const char *path, char *out, size_t n);

/* Game variants (variant.c): strip `--variant NAME` from argv (returns the
 * new argc, -1 on a bad or missing name, named on standard error); after bsp_open, apply the chosen variant or
 * the rule that recognises Vindictus in a file read twice. */
int tool_variant_args(int argc, char **argv);
bsp_status tool_variant_apply(bsp_header *h, const char *path);

int tool_lit_args(int argc, char **argv);
int tool_lit_open(tool_lit *t, const bsp_header *h, const char *map_path, int forward);
void tool_lit_close(tool_lit *t, const bsp_map *m, int loaded_ok);

/* A map's static props (cmd_props.c): the 'sprp' sub-lump found, unpacked
 * into `bytes` (heap) when compressed, and opened. BAD_QUERY: the map has
 * none. tool_props_close frees the bytes (also after a failure). */
typedef struct tool_props {
    bsp_static_props props;
    void *bytes;
} tool_props;
bsp_status tool_props_open(const bsp_map *m, tool_props *tp);
void tool_props_close(tool_props *tp);

/* The map's Quake 3 patches stitched at a subdivision (patch_set.c):
 * bsp_patch_set_build's set on the heap (free it), grown until the
 * stitching fits; NULL with *status the failing one (BAD_ARENA: out of
 * memory). A map without patches: a set of none. */
void *tool_patch_set(const bsp_map *m, float subdivisions, bsp_status *status);

#endif
