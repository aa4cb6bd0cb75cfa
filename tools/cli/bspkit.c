/* SPDX-License-Identifier: MIT */
/* bspkit - inspect and query BSP maps from the command line: main and the
 * table of commands (commands.h) that the help and the dispatch read.
 *
 * Built on the public API only (loader/bspkit.h) and platform/posix. Output
 * is one JSON object per line, as docs/queries.md section 6 fixes it, so the same
 * session gives byte-identical output on every target and byte order.
 */
#include <stdio.h>
#include <string.h>

#include "../common/resumable_load.h"
#include "../simulate/simulate.h"
#include "commands.h"

static const char usage_head[] =
    "usage: bspkit COMMAND [OPTIONS] MAP\n"
    "\n"
    "MAP is a file, or - for standard input (read front to back; not for\n"
    "query, which reads its queries there).\n"
    "\n"
    "commands:\n";

/* The commands' own arguments: the map and the options every command
 * shares (parsed by main), or, for a command that comes first, its whole
 * command line from its own word on. */
typedef struct tool_run {
    const char *path;
    int hdr, forward;
    const tool_resume *resume;
    int argc;
    char **argv;
} tool_run;

static int run_info(const tool_run *r) { return cmd_info(r->path, r->hdr, r->forward); }
static int run_stats(const tool_run *r) { return cmd_stats(r->path, r->forward); }
static int run_entities(const tool_run *r) { return cmd_entities(r->path, r->forward); }
static int run_gamelumps(const tool_run *r) { return cmd_gamelumps(r->path, r->forward); }
static int run_leaves(const tool_run *r) { return cmd_leaves(r->path, r->forward); }
static int run_faces(const tool_run *r) { return cmd_faces(r->path, r->hdr, r->forward); }
static int run_models(const tool_run *r) { return cmd_models(r->path, r->forward); }
static int run_textures(const tool_run *r) { return cmd_textures(r->argc, r->argv); }
static int run_wad(const tool_run *r) { return cmd_wad(r->argc, r->argv); }
static int run_brushes(const tool_run *r) { return cmd_brushes(r->path, r->forward); }
static int run_props(const tool_run *r) { return cmd_props(r->path, r->forward); }
static int run_lights(const tool_run *r) { return cmd_lights(r->path, r->hdr, r->forward); }
static int run_cubemaps(const tool_run *r) { return cmd_cubemaps(r->argc, r->argv); }
static int run_pak(const tool_run *r) { return cmd_pak(r->argc, r->argv); }
static int run_render(const tool_run *r) { return cmd_render(r->argc, r->argv); }
static int run_patches(const tool_run *r) { return cmd_patches(r->argc, r->argv); }
static int run_meshes(const tool_run *r) { return cmd_meshes(r->argc, r->argv); }
static int run_dispverts(const tool_run *r) { return cmd_dispverts(r->path, r->hdr, r->forward); }
static int run_styles(const tool_run *r) { return cmd_styles(r->argc, r->argv); }
static int run_atlas(const tool_run *r) { return cmd_atlas(r->argc, r->argv); }
static int run_atlas_check(const tool_run *r) { return cmd_atlas_check(r->argc, r->argv); }

static int run_query(const tool_run *r)
{
    if (!strcmp(r->path, "-")) {
        fputs("bspkit: query reads its queries from standard input: give the map as a file\n",
              stderr);
        return TOOL_EXIT_USAGE;
    }
    return cmd_query(r->path, r->hdr, r->forward);
}

static int run_load(const tool_run *r)
{
    if (r->resume->simulate) return tool_simulate(r->resume, r->path);
    if (r->resume->steps) return tool_steps(r->resume, r->path);
    return usage_error("bspkit", "load needs --simulate MEDIUM or --steps");
}

/* The commands: their word, what runs them and their lines of --help, in
 * the order --help lists them. `first`: the command comes first and reads
 * its own command line (its options are its own: `bspkit render --help`).
 * `more`: lines --help prints after the command's own (query's lines,
 * from the table its parser reads). The dispatch, the unknown-command
 * check and --help all read this table, so none can miss a command. */
typedef struct tool_command {
    const char *name;
    int (*run)(const tool_run *r);
    int first;
    const char *help;
    void (*more)(FILE *out, int indent);
} tool_command;

static const tool_command commands[] = {
    { "info", run_info, 0,
      "  info MAP      the header, lump directory and main counts, one JSON line:\n"
      "                family, version, endian, non-empty lumps (index, offset,\n"
      "                length, version, compressed, size), arena_bytes for a\n"
      "                full load, models, nodes, leafs, faces, clusters; quake\n"
      "                family: the BSPX directory and the light source\n", NULL },
    { "stats", run_stats, 0,
      "  stats MAP     record counts of every non-empty lump, by lump name (bytes\n"
      "                for text and byte lumps), one JSON line\n", NULL },
    { "query", run_query, 0,
      "  query MAP     answer queries read from standard input, one per line, one\n"
      "                JSON line per query; errors as {\"q\":..,\"error\":..}:\n",
      tool_print_query_lines },
    { "entities", run_entities, 0,
      "  entities MAP  the entity lump, one JSON object per entity\n", NULL },
    { "gamelumps", run_gamelumps, 0,
      "  gamelumps MAP the Source game lump's sub-lumps, unpacked: id, version,\n"
      "                flags, stored and unpacked size, FNV-1a of the bytes\n", NULL },
    { "load", run_load, 0,
      "  load --simulate MEDIUM MAP   load from a simulated dvd, bluray, hdd,\n"
      "                ssd or memory; the resumable and blocking loaders' times\n"
      "                over the medium's transfer time and the longest work step,\n"
      "                as JSON; with --workers N (1 .. 32) decode jobs on N\n"
      "                simulated cores, on a virtual clock only (the real-time\n"
      "                keys are null), also the time over the bound (the drive,\n"
      "                or a lump's last byte plus its decode); --cpu-factor F\n"
      "                multiplies every processor time (--console: an Xbox 360 /\n"
      "                PS3 core's figure)\n"
      "  load --steps [--repeat N] MAP   every byte in place, then work steps\n"
      "                (--budget); the longest step's best time over N runs\n", NULL },
    { "leaves", run_leaves, 0,
      "  leaves MAP    every leaf: contents, flags, cluster, area, bounds, faces\n", NULL },
    { "faces", run_faces, 0,
      "  faces MAP     every face: kind, plane, texture, flags, lightmap block,\n"
      "                vertices (position, texture and lightmap UV), triangles;\n"
      "                the stored vertices' normal, colour, st, uv, lm (attrs)\n", NULL },
    { "dispverts", run_dispverts, 0,
      "  dispverts MAP every Source displacement's grid: alpha, positions,\n"
      "                texture and lightmap coordinates\n", NULL },
    { "models", run_models, 0,
      "  models MAP    every model: bounds, origin, head node, face range\n", NULL },
    { "textures", run_textures, 1,
      "  textures MAP [--wad FILE]... [--extract DIR]\n"
      "                the texture table: name, size, status, sha256 of the\n"
      "                palette and each mip's indices and RGBA8; external ones\n"
      "                from the WADs given, in order (bspkit textures --help)\n", NULL },
    { "wad", run_wad, 1,
      "  wad FILE [--extract DIR]   a WAD2/WAD3 file's lumps, its textures'\n"
      "                sizes and digests (bspkit wad --help)\n", NULL },
    { "brushes", run_brushes, 0,
      "  brushes MAP   every brush: contents, flags, shader, its sides (plane,\n"
      "                texture, flags, dispinfo, bevel); then every leaf's brush\n"
      "                list (loads collision's lumps)\n", NULL },
    { "props", run_props, 0,
      "  props MAP     every static prop of a Source map (its 'sprp')\n", NULL },
    { "cubemaps", run_cubemaps, 1,
      "  cubemaps MAP [--map-name NAME]   every cubemap of a Source map: origin,\n"
      "                size, its textures' pakfile paths (bspkit cubemaps --help)\n", NULL },
    { "lights", run_lights, 0,
      "  lights MAP    every world light of a Source map, all fields of its\n"
      "                record (--hdr: the HDR lights, lump 54)\n", NULL },
    { "patches", run_patches, 1,
      "  patches MAP [--subdivisions S] [--stitched] [--hex]\n"
      "                every Quake 3 patch's grid as id's renderer builds it\n"
      "                (sizes, LOD errors and sphere, vertices; bspkit patches --help)\n", NULL },
    { "meshes", run_meshes, 1,
      "  meshes MAP [--model N] [--subdivisions S] [--stitched] [--no-tools] [--faces]\n"
      "                a model's vertex and index buffers by texture: the mesh,\n"
      "                then one line per batch (texture, page, flags, tool bits,\n"
      "                ranges, faces, checksums; bspkit meshes --help)\n", NULL },
    { "pak", run_pak, 1,
      "  pak MAP [--cat PATH | --extract DIR]\n"
      "                a Source map's pakfile (lump 40): one line per entry\n"
      "                (name, method, size, compressed_size, crc, offset,\n"
      "                preload), one entry's bytes, or every entry under DIR\n", NULL },
    { "styles", run_styles, 1,
      "  styles MAP [--values FILE]   every face's lightmap with its style slots\n"
      "                combined as its engine combines them (FILE: 256 style\n"
      "                values as JSON; default normal light): size, styles,\n"
      "                format, sha256 (bspkit styles --help)\n", NULL },
    { "atlas", run_atlas, 1,
      "  atlas MAP DIR [--page N] [--png]   every lit (face, slot) lightmap block\n"
      "                packed onto N x N pages (default 512, border 1):\n"
      "                DIR/atlas.json and the pages (bspkit atlas --help)\n", NULL },
    { "atlas-check", run_atlas_check, 1,
      "  atlas-check MAP DIR   any lightmap atlas in DIR held against the map\n"
      "                (docs/queries.md 11.7); exit 1 when it is not valid\n", NULL },
    { "render", run_render, 1,
      "  render MAP -o OUT.png [--camera X Y Z YAW PITCH | --eye X Y Z --look X Y Z]\n"
      "             [--top] [--pvs]\n"
      "             [--lightmaps ATLAS.png] [--size W H] [--hdr] [--samples FILE]\n"
      "                a picture of the world lit by its lightmaps; its options:\n"
      "                bspkit render --help (a tool built without libstb-dev\n"
      "                says so and exits 3)\n", NULL },
};
#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

static const tool_command *command_named(const char *name)
{
    size_t k;
    for (k = 0; k < COMMAND_COUNT; k++)
        if (!strcmp(commands[k].name, name)) return &commands[k];
    return NULL;
}

/* (two strings: C99 promises literals of 4095 bytes only) */
static const char usage_options[] =
    "options:\n"
    "  --hdr         answer lighting queries from HDR lighting where both exist\n"
    "                (quake family: LIGHTING_E5BGR9 or an HDR .lit first)\n"
    "  --lit FILE    quake, bsp2: the map's coloured light from FILE (by\n"
    "                default MAP's name with .lit, when that file exists)\n"
    "  --no-lit      read no .lit\n"
    "  --forward     read the file front to back only (as from a disc or a\n"
    "                pipe; a pipe's size need not be known)\n"
    "  --partial     leave out the lumps whose version's layout is unknown and\n"
    "                answer the rest (BSP_LOAD_PARTIAL; each is named on standard\n"
    "                error, queries that need one answer not_loaded)\n"
    "  --resumable   load through the resumable loader: reads in pieces\n"
    "                completed in a shuffled order, work in budgeted steps\n"
    "  --budget N    bytes of work per step (default 262144)\n"
    "  --chunk M     bytes per read piece (default: whole lumps)\n"
    "  --variant V   read the map as game variant V (vindictus), or none; by\n"
    "                default a v20 map whose game lump directory has 20-byte\n"
    "                entries is read as Vindictus (docs/formats.md)\n"
    "  --help, -h    this text (after a command too)\n"
    "  --list-commands, --list-queries   the command words, the query words,\n"
    "                one a line\n"
    "  --version, -V the version of the library, bspkit MAJOR.MINOR.PATCH\n"
    "\n"
    "A map that fails to load prints {\"error\":\"<status name>\",\"message\":\"<a\n"
    "sentence>\"} with what was found: \"lump\", \"index\", \"offset\" and \"length\"\n"
    "of the lump the load stopped in or that breaks a rule, \"lump_version\" (its\n"
    "directory version, when it has one), \"file_size\", and\n"
    "\"detail\", the rule; says it on standard error too, and exits 1. A file\n"
    "that cannot be opened or written: {\"error\":\"io\"} with \"path\" and \"reason\".\n"
    "\n";
static const char usage_exit[] =
    "exit status:\n"
    "  0  done (query: also when lines answered errors; each line says)\n"
    "  1  the map did not load, a file could not be read or written, out of\n"
    "     memory, or the data is corrupt ({\"error\":..} says which)\n"
    "  2  a command line the tool cannot run (standard error says why)\n"
    "  3  unsupported: the map's family has no such data (brushes on quake,\n"
    "     props on anything but source, ...) or this build leaves it out:\n"
    "     {\"error\":\"unsupported\"}, standard error names what is missing;\n"
    "     a map of a family that has the data but holds none lists nothing\n"
    "     and exits 0\n"
    "\n"
    "Every command, option and output: docs/tool.md. The exact meaning of\n"
    "every query and answer: docs/queries.md.\n";


/* Is a or b (NULL: none) among the arguments? */
static int has_arg(int argc, char **argv, const char *a, const char *b)
{
    int i;
    for (i = 1; i < argc; i++)
        if (!strcmp(argv[i], a) || (b && !strcmp(argv[i], b))) return 1;
    return 0;
}

/* --help: the commands (with the query lines from the query parser's own
 * table, cmd_query.c), the options and the exit statuses. */
static void print_usage(FILE *out)
{
    size_t k;
    fputs(usage_head, out);
    for (k = 0; k < COMMAND_COUNT; k++) {
        fputs(commands[k].help, out);
        if (commands[k].more) commands[k].more(out, 18);
    }
    fputs("\n", out);
    fputs(usage_options, out);
    fputs(usage_exit, out);
}

int main(int argc, char **argv)
{
    tool_resume resume_opts;
    tool_run run;
    const tool_command *cmd = NULL, *named;
    const char *path = NULL;
    int hdr = 0, forward = 0, i;
    size_t k;
    if (has_arg(argc, argv, "--version", "-V")) {
        printf("bspkit %s\n", bsp_version_string());
        return 0;
    }
    memset(&run, 0, sizeof run);
    named = argc > 1 ? command_named(argv[1]) : NULL;
    if (named && named->first) {
        run.argc = argc - 1;
        run.argv = argv + 1;
        return named->run(&run);
    }
    if (has_arg(argc, argv, "--list-queries", NULL)) {
        tool_print_query_words(stdout);
        return TOOL_EXIT_OK;
    }
    if (has_arg(argc, argv, "--list-commands", NULL)) {
        for (k = 0; k < COMMAND_COUNT; k++) printf("%s\n", commands[k].name);
        return TOOL_EXIT_OK;
    }
    if (has_arg(argc, argv, "--help", "-h")) {
        print_usage(stdout);
        return TOOL_EXIT_OK;
    }
    if (argc < 2) {
        print_usage(stderr);
        return TOOL_EXIT_USAGE;
    }
    argc = tool_resume_args(argc, argv, &resume_opts);
    tool_load_through(&resume_opts);
    if (argc >= 0) argc = tool_variant_args(argc, argv);
    if (argc >= 0) argc = tool_lit_args(argc, argv);
    if (argc < 0) return TOOL_EXIT_USAGE;   /* the option is named on standard error */
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--hdr")) {
            hdr = 1;
        } else if (!strcmp(a, "--forward")) {
            forward = 1;
        } else if (!strcmp(a, "--partial")) {
            tool_load_partial(1);
        } else if (a[0] == '-' && a[1]) {
            return usage_error("bspkit", "unknown option '%s'", a);
        } else if (!cmd) {
            cmd = command_named(a);
            if (!cmd) return usage_error("bspkit", "unknown command '%s'", a);
            if (cmd->first)
                return usage_error("bspkit", "%s comes first, its options after it: "
                                   "bspkit %s MAP ...", a, a);
        } else if (!path) {
            path = a;
        } else {
            return usage_error("bspkit", "unexpected argument '%s' after the map", a);
        }
    }
    if (!cmd) return usage_error("bspkit", "no command");
    if (!path) return usage_error("bspkit", "%s needs a MAP", cmd->name);
    run.path = path;
    run.hdr = hdr;
    run.forward = forward;
    run.resume = &resume_opts;
    return cmd->run(&run);
}
