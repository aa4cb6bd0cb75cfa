/* SPDX-License-Identifier: MIT */
/* load.c - how every command opens and loads a map: a heap arena sized by
 * bsp_measure, the variant, the .lit, Quake 3's patch count, the
 * resumable loader when asked, and a second try where a PC can do better
 * (wide LZMA tables; a load without collision when only its lumps fail). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "resumable_load.h"
#include "tool.h"

/* --resumable, --budget, --chunk (resumable_load.c), as main parsed them. */
static tool_resume resume_opts;
/* --partial, as main parsed it */
static int partial_opt;

void tool_load_through(const tool_resume *r)
{
    resume_opts = *r;
}

void tool_load_partial(int on)
{
    partial_opt = on;
}

/* A map that did not load: the status's name and sentence, the lump where
 * it stopped (or that bsp_open refused) and the file's size, on standard
 * output as JSON and for a person on standard error (load_error.c). */
static int fail_load(const loaded *L, const char *path, bsp_status st)
{
    uint32_t size = L->stream.size;
    char seems[96];
    const char *seems_at = NULL;
    /* What a refused file appears to be: a format the loader names
     * (header.appears), else for a version with no known layout, what its
     * first bytes say (files only: a pipe cannot be read again). */
    if (L->header.appears) seems_at = L->header.appears;
    else if (st == BSP_E_BAD_VERSION && tool_identify(path, seems, sizeof seems)) seems_at = seems;
    /* a stream of unknown size that ended: where its data ended */
    if (size == BSP_SIZE_UNKNOWN && st == BSP_E_TRUNCATED) size = L->file.pos;
    return report_load_error(path, st, &L->header, &L->where, size, seems_at, L->os_error);
}

void *tool_alloc(size_t bytes)
{
    return malloc(bytes ? bytes : 1);
}

int tool_out_of_memory(const char *what, uint32_t bytes)
{
    fprintf(stderr, "bspkit: out of memory for %s (%u bytes)\n", what, (unsigned)bytes);
    return print_error_json("out_of_memory");
}

/* Quake 3 curved surfaces, counted before a collision load
 * (bsp_measure_patches_keep, which keeps what it builds for the load to
 * copy: L->patch_keep, freed once the load returns): through the load's
 * stream, or, when the load reads front to back (--forward), a second,
 * seekable handle on the same regular file (a pipe or a FIFO cannot be
 * read twice: the count then fails and the tool loads without collision).
 * Other families have nothing to count. */
#define TOOL_KEEP_MIN (1u << 20)
#define TOOL_KEEP_MAX (64u << 20)
static bsp_status measure_patches(loaded *L, const char *path, int forward)
{
    struct stat sb;
    void *scratch;
    bsp_file f2;
    bsp_stream s2;
    bsp_status st;
    uint32_t keep_bytes;
    if (strcmp(bsp_family_name(&L->header), "quake3") != 0) return BSP_OK;
    scratch = malloc(BSP_PATCH_SCRATCH_BYTES);
    if (!scratch) return BSP_E_BAD_ARGUMENT;
    /* (a keep too small for every patch keeps the first: the load builds
     * the rest; facets take some 8 times their control points' bytes) */
    keep_bytes = L->stream.size == BSP_SIZE_UNKNOWN || L->stream.size > TOOL_KEEP_MAX / 8
                     ? TOOL_KEEP_MAX
                     : L->stream.size * 8 < TOOL_KEEP_MIN ? TOOL_KEEP_MIN : L->stream.size * 8;
    L->patch_keep = malloc(keep_bytes);
    if (!L->patch_keep) keep_bytes = 0;
    if (forward && strcmp(path, "-") != 0 && stat(path, &sb) == 0 && S_ISREG(sb.st_mode) &&
        !bsp_file_open(&f2, &s2, path, 0)) {
        st = bsp_measure_patches_keep(&L->header, &s2, scratch, BSP_PATCH_SCRATCH_BYTES, L->patch_keep,
                                      keep_bytes);
        bsp_file_close(&f2);
    } else {
        st = bsp_measure_patches_keep(&L->header, &L->stream, scratch, BSP_PATCH_SCRATCH_BYTES,
                                      L->patch_keep, keep_bytes);
    }
    free(scratch);
    return st;
}

/* The parts the load opened (bsp_file_parts), closed and freed. */
static void free_parts(loaded *L)
{
    if (L->parts) bsp_file_parts_close(L->parts);
    free(L->parts);
    L->parts = NULL;
}

/* Open `path` and load it with options o into a fresh heap arena. Returns
 * the status, or -1 (printed) when the file cannot be opened or the arena
 * cannot be allocated. */
static int try_load(loaded *L, const char *path, const bsp_options *opts, int forward)
{
    bsp_options own = *opts;
    const bsp_options *o = &own;
    bsp_status st;
    L->loading = 0;
    L->where.lump = BSP_NO_LUMP;
    if (partial_opt) own.sets |= BSP_LOAD_PARTIAL;
    if (bsp_file_open(&L->file, &L->stream, path, forward))
        return report_io_error("bspkit", "cannot open", path, errno), -1;
    errno = 0;
    st = bsp_open(&L->header, &L->stream);
    if (st == BSP_OK) st = tool_variant_apply(&L->header, path);
    if (st == BSP_OK && (o->sets & BSP_LOAD_COLLISION)) {
        /* curved surfaces that cannot be counted (a patch the engine
         * refuses; a pipe read once): load the rest, collision says why */
        bsp_status why = measure_patches(L, path, forward);
        if (why != BSP_OK) {
            own.sets &= ~BSP_LOAD_COLLISION;
            L->collision_status = why;
        }
    }
    /* the map's .lit, a second stream (lit.c) */
    if (st == BSP_OK && tool_lit_open(&L->lit, &L->header, path, forward)) own.lit = &L->lit.stream;
    /* the map's parts beside it (rBSP .bsp_lump and .ent files, 12.8):
     * only a family that keeps parts asks for them */
    if (st == BSP_OK && (L->parts = malloc(sizeof *L->parts)) != NULL &&
        bsp_file_parts_init(L->parts, path, forward) == 0) {
        own.part = bsp_file_part;
        own.part_ctx = L->parts;
    }
    if (st == BSP_OK) st = bsp_measure(&L->header, o, &L->arena_bytes);
    /* (bsp_open's refusal of a lump too: the directory is filled) */
    if (st == BSP_E_BAD_LUMP || st == BSP_E_BAD_LUMP_VERSION) bsp_measure_where(&L->header, o, &L->where);
    if (st == BSP_OK) {
        L->arena = tool_alloc(L->arena_bytes);
        if (!L->arena) {
            free_parts(L);
            bsp_file_close(&L->file);
            tool_lit_close(&L->lit, &L->map, 0);
            free(L->patch_keep);
            L->patch_keep = NULL;
            return tool_out_of_memory("the arena", L->arena_bytes), -1;
        }
        L->loading = 1;
        st = tool_resume_load(&resume_opts, &L->map, &L->header, &L->stream, L->arena,
                              L->arena_bytes, o);
    }
    if (L->loading) bsp_map_where(&L->map, &L->where);
    L->os_error = st == BSP_E_IO ? errno : 0;
    /* (the patches kept for the load are in the arena now) */
    free(L->patch_keep);
    L->patch_keep = NULL;
    bsp_file_close(&L->file);
    free_parts(L);
    tool_lit_close(&L->lit, &L->map, st == BSP_OK);
    if (st != BSP_OK) {
        free(L->arena);
        L->arena = NULL;
    }
    return (int)st;
}

/* --partial: the lumps the load left out, on standard error. */
static void note_left_out(const loaded *L, const char *path)
{
    uint32_t i;
    for (i = 0; i < BSP_MAX_LUMPS; i++)
        if (bsp_lump_left_out(&L->map, i)) {
            const char *name = bsp_lump_name(&L->header, i);
            fprintf(stderr, "bspkit: %s: lump %u (%s), version %u, left out: its layout is unknown\n", path,
                    (unsigned)i, name && *name ? name : "?", (unsigned)L->header.lumps[i].version);
        }
}

/* Open and load `path` with the given sets; prints the error and returns
 * non-zero on failure. */
int load_map(loaded *L, const char *path, uint32_t sets, int hdr, int forward)
{
    bsp_options o = bsp_default_options(sets);
    int st;
    memset(L, 0, sizeof *L);
    o.prefer_hdr = hdr;
    st = try_load(L, path, &o, forward);
    if (st == BSP_E_LZMA_PROPS && strcmp(path, "-") != 0 && L->stream.size != BSP_SIZE_UNKNOWN) {
        /* Unusual LZMA settings: a PC has the memory for the widest decoder
         * tables, so load again with them (a pipe cannot be read twice). */
        o.lzma_lclp_max = 12;
        st = try_load(L, path, &o, forward);
    }
    if (st == BSP_E_BAD_LUMP_VERSION && (sets & BSP_LOAD_COLLISION) && strcmp(path, "-") != 0 &&
        L->stream.size != BSP_SIZE_UNKNOWN) {
        /* A lump only collision reads has no known layout (brush sides at
         * a lump version bspkit has no record for): everything else still
         * answers; collision says why not. */
        o.sets &= ~BSP_LOAD_COLLISION;
        st = try_load(L, path, &o, forward);
        L->collision_status = BSP_E_BAD_LUMP_VERSION;
    }
    if (st < 0) return 1;
    if (st == BSP_OK) note_left_out(L, path);
    /* a collision lump left out takes collision with it: say why */
    if (st == BSP_OK && (sets & BSP_LOAD_COLLISION) && partial_opt && !L->collision_status) {
        bsp_map_info info;
        if (bsp_get_info(&L->map, &info) == BSP_OK && !info.collision)
            L->collision_status = BSP_E_BAD_LUMP_VERSION;
    }
    return st == BSP_OK ? 0 : fail_load(L, path, (bsp_status)st);
}

void unload_map(loaded *L)
{
    free(L->arena);
    L->arena = NULL;
}

