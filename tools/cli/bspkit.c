/* SPDX-License-Identifier: MIT */
/* bspkit - inspect and query BSP maps from the command line.
 *
 * Built on the public API only (loader/bspkit.h) and platform/posix. Output
 * is one JSON object per line, as docs/queries.md section 6 fixes it, so the same
 * session gives byte-identical output on every target and byte order.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>

#include "../common/tool.h"
#include "../common/resumable_load.h"
#include "ambient.h"
#include "areas.h"
#include "collision.h"

static const char usage[] =
    "usage: bspkit COMMAND [OPTIONS] MAP\n"
    "\n"
    "MAP is a file, or - for standard input (read front to back; not for\n"
    "query, which reads its queries there).\n"
    "\n"
    "commands:\n"
    "  info MAP      the header, lump directory and main counts, one JSON line:\n"
    "                family, version, endian, non-empty lumps (index, offset,\n"
    "                length, version, compressed, size), arena_bytes for a\n"
    "                full load, models, nodes, leafs, faces, clusters; quake\n"
    "                family: the BSPX directory and the light source\n"
    "  stats MAP     record counts of every non-empty lump, by lump name (bytes\n"
    "                for text and byte lumps), one JSON line\n"
    "  query MAP     answer queries read from standard input, one per line:\n"
    "                  leaf X Y Z        leaf, cluster and contents at a point\n"
    "                  pvs C | pas C     clusters visible (audible) from C\n"
    "                  light X Y Z       light falling on a point\n"
    "                  luxel F X Y Z     lightmap sample of face F at a point\n"
    "                  ambient X Y Z [STYLE]  ambient light at a point (Source\n"
    "                                    ambient cubes, Quake 3 light grid; the\n"
    "                                    Quake family's BSPX grid, STYLE 0..255)\n"
    "                  areas A B STATE   area connectivity (open, closed, hex)\n"
    "                one JSON line per query; errors as {\"q\":..,\"error\":..}\n"
    "  entities MAP  the entity lump, one JSON object per entity\n"
    "  gamelumps MAP the Source game lump's sub-lumps, unpacked: id, version,\n"
    "                flags, stored and unpacked size, FNV-1a of the bytes\n"
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
    "                (--budget); the longest step's best time over N runs\n"
    "  leaves MAP    every leaf: contents, flags, cluster, area, bounds, faces\n"
    "  faces MAP     every face: kind, plane, texture, flags, lightmap block,\n"
    "                vertices (position, texture and lightmap UV), triangles\n"
    "  models MAP    every model: bounds, origin, head node, face range\n"
    "  textures MAP  every texture name\n"
    "  brushes MAP   every brush: contents, flags, shader, its sides (plane,\n"
    "                texture, flags, dispinfo, bevel); then every leaf's brush\n"
    "                list (loads collision's lumps)\n"
    "  props MAP     every static prop of a Source map (its 'sprp')\n"
    "  cubemaps MAP [--map-name NAME]   every cubemap of a Source map: origin,\n"
    "                size, its textures' pakfile paths (bspkit cubemaps --help)\n"
    "  lights MAP    every world light of a Source map, all fields of its\n"
    "                record (--hdr: the HDR lights, lump 54)\n"
    "  pak MAP [--cat PATH | --extract DIR]\n"
    "                a Source map's pakfile (lump 40): one line per entry\n"
    "                (name, method, size, compressed_size, crc, offset,\n"
    "                preload), one entry's bytes, or every entry under DIR\n"
    "  render MAP -o OUT.png [--camera X Y Z YAW PITCH | --eye X Y Z --look X Y Z]\n"
    "             [--top] [--pvs]\n"
    "             [--lightmaps ATLAS.png] [--size W H] [--hdr] [--samples FILE]\n"
    "                a picture of the world lit by its lightmaps; its options:\n"
    "                bspkit render --help (a tool built without libstb-dev\n"
    "                says so and exits 3)\n"
    "\n";
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
    "  --resumable   load through the resumable loader: reads in pieces\n"
    "                completed in a shuffled order, work in budgeted steps\n"
    "  --budget N    bytes of work per step (default 262144)\n"
    "  --chunk M     bytes per read piece (default: whole lumps)\n"
    "  --variant V   read the map as game variant V (vindictus), or none; by\n"
    "                default a v20 map whose game lump directory has 20-byte\n"
    "                entries is read as Vindictus (README)\n"
    "  --help, -h    this text (after a command too)\n"
    "  --version, -V the version of the library, bspkit MAJOR.MINOR.PATCH\n"
    "\n"
    "A map that fails to load prints {\"error\":\"<status name>\",\"message\":\"<a\n"
    "sentence>\"} with what was found: \"lump\", \"index\", \"offset\" and \"length\"\n"
    "of the lump the load stopped in or that breaks a rule, \"file_size\", and\n"
    "\"detail\", the rule; says it on standard error too, and exits 1. A file\n"
    "that cannot be opened or written: {\"error\":\"io\"} with \"path\" and \"reason\".\n"
    "\n"
    "The exact meaning of every query and answer: docs/queries.md.\n";

int print_error_json(const char *status)
{
    printf("{\"error\":\"%s\"}\n", status);
    return 1;
}

/* --resumable, --budget, --chunk, --simulate (tools/resumable_load.c). */
static tool_resume resume_opts;

/* A map that did not load: the status's name and sentence, the lump where
 * it stopped (or that bsp_open refused) and the file's size, on standard
 * output as JSON and for a person on standard error (load_error.c). */
static int fail_load(const loaded *L, const char *path, bsp_status st)
{
    uint32_t lump = L->loading ? L->map.error_lump : BSP_NO_LUMP;
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
    return report_load_error(path, st, &L->header, lump, size, seems_at, L->os_error);
}

/* malloc, never of 0 bytes (NULL then means out of memory). */
static void *alloc(size_t bytes)
{
    return malloc(bytes ? bytes : 1);
}

static int fail_memory(const char *what, uint32_t bytes)
{
    fprintf(stderr, "bspkit: out of memory for %s (%u bytes)\n", what, (unsigned)bytes);
    return print_error_json("out_of_memory");
}

/* Quake 3 curved surfaces, counted before a collision load (bsp_measure_patches):
 * through the load's stream, or, when the load reads front to back
 * (--forward), a second, seekable handle on the same regular file (a pipe
 * or a FIFO cannot be read twice: the count then fails and the tool loads
 * without collision). Other families have nothing to count. */
static bsp_status measure_patches(loaded *L, const char *path, int forward)
{
    struct stat sb;
    void *scratch;
    bsp_file f2;
    bsp_stream s2;
    bsp_status st;
    if (strcmp(bsp_family_name(&L->header), "quake3") != 0) return BSP_OK;
    scratch = malloc(BSP_PATCH_SCRATCH_BYTES);
    if (!scratch) return BSP_E_BAD_ARGUMENT;
    if (forward && strcmp(path, "-") != 0 && stat(path, &sb) == 0 && S_ISREG(sb.st_mode) &&
        !bsp_file_open(&f2, &s2, path, 0)) {
        st = bsp_measure_patches(&L->header, &s2, scratch, BSP_PATCH_SCRATCH_BYTES);
        bsp_file_close(&f2);
    } else {
        st = bsp_measure_patches(&L->header, &L->stream, scratch, BSP_PATCH_SCRATCH_BYTES);
    }
    free(scratch);
    return st;
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
    if (st == BSP_OK) st = bsp_measure(&L->header, o, &L->arena_bytes);
    if (st == BSP_OK) {
        L->arena = alloc(L->arena_bytes);
        if (!L->arena) {
            bsp_file_close(&L->file);
            tool_lit_close(&L->lit, &L->map, 0);
            return fail_memory("the arena", L->arena_bytes), -1;
        }
        L->loading = 1;
        st = tool_resume_load(&resume_opts, &L->map, &L->header, &L->stream, L->arena,
                              L->arena_bytes, o);
    }
    L->os_error = st == BSP_E_IO ? errno : 0;
    bsp_file_close(&L->file);
    tool_lit_close(&L->lit, &L->map, st == BSP_OK);
    if (st != BSP_OK) {
        free(L->arena);
        L->arena = NULL;
    }
    return (int)st;
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
        /* A lump only collision reads has no known layout (Dota 2's brush
         * sides): everything else still answers; collision says why not. */
        o.sets &= ~BSP_LOAD_COLLISION;
        st = try_load(L, path, &o, forward);
        L->collision_status = BSP_E_BAD_LUMP_VERSION;
    }
    if (st < 0) return 1;
    return st == BSP_OK ? 0 : fail_load(L, path, (bsp_status)st);
}

void unload_map(loaded *L)
{
    free(L->arena);
    L->arena = NULL;
}

/* info's BSPX directory and light source (docs/queries.md 10.6): its
 * valid entries in directory order, then the source, when the map has a
 * directory or was given a .lit; nothing otherwise. */
static void print_bspx(const loaded *L)
{
    static const char *const sources[] = { "none", "lighting", "rgblighting", "lit",
                                            "lighting_e5bgr9", "lit_e5bgr9" };
    const bsp_bspx *d = &L->map.bspx;
    uint32_t k;
    if (d->offset) {
        printf(",\"bspx\":{\"offset\":%u,\"lumps\":[", (unsigned)d->offset);
        for (k = 0; k < d->count; k++) {
            const char *name = d->name[k];
            const char *nul = memchr(name, 0, BSP_BSPX_NAME);
            printf("%s{\"name\":", k ? "," : "");
            json_string(name, nul ? (size_t)(nul - name) : BSP_BSPX_NAME);
            printf(",\"offset\":%u,\"length\":%u}", (unsigned)d->lump_offset[k],
                   (unsigned)d->lump_length[k]);
        }
        printf("]}");
    }
    if (d->offset || L->map.light.lit != BSP_LIT_NONE)
        printf(",\"light\":\"%s\"", sources[L->map.light.source < 6 ? L->map.light.source : 0]);
}

static int cmd_info(const char *path, int hdr, int forward)
{
    loaded L;
    uint32_t i;
    int first = 1;
    if (load_map(&L, path, BSP_LOAD_ALL, hdr, forward)) return 1;
    printf("{\"family\":\"%s\",\"version\":%d,\"endian\":\"%s\",",
           bsp_family_name(&L.header), (int)L.header.version,
           L.header.big_endian ? "big" : "little");
    if (bsp_variant_name(&L.header)) printf("\"variant\":\"%s\",", bsp_variant_name(&L.header));
    printf("\"lumps\":[");
    for (i = 0; i < L.header.num_lumps; i++) {
        const bsp_lump_entry *e = &L.header.lumps[i];
        if (e->length == 0) continue;
        printf("%s{\"index\":%u,\"offset\":%u,\"length\":%u,\"version\":%u,"
               "\"compressed\":%s,\"size\":%u}",
               first ? "" : ",", (unsigned)i, (unsigned)e->offset, (unsigned)e->length,
               (unsigned)e->version, e->compressed ? "true" : "false", (unsigned)e->size);
        first = 0;
    }
    printf("]");
    print_bspx(&L);
    printf(",\"arena_bytes\":%u,\"models\":%u,\"nodes\":%u,\"leafs\":%u,"
           "\"faces\":%u,\"clusters\":%u}\n",
           (unsigned)L.arena_bytes, (unsigned)L.map.models.count,
           (unsigned)L.map.nodes.count, (unsigned)L.map.leafs.count,
           (unsigned)L.map.faces.count, (unsigned)bsp_num_clusters(&L.map));
    unload_map(&L);
    return 0;
}

static int cmd_stats(const char *path, int forward)
{
    loaded L;
    uint32_t i;
    int first = 1;
    if (load_map(&L, path, BSP_LOAD_ALL, 0, forward)) return 1;
    printf("{");
    for (i = 0; i < L.header.num_lumps; i++) {
        uint32_t rec = bsp_lump_record_size(&L.header, i);
        uint32_t size = L.header.lumps[i].size;
        if (L.header.lumps[i].length == 0) continue;
        /* a build without text (BSPKIT_STRINGS=0) names lumps "": their numbers */
        if (*bsp_lump_name(&L.header, i))
            printf("%s\"%s\":", first ? "" : ",", bsp_lump_name(&L.header, i));
        else
            printf("%s\"%u\":", first ? "" : ",", (unsigned)i);
        printf("%u", (unsigned)(rec ? size / rec : size));
        first = 0;
    }
    printf("%s\"num_clusters\":%u}\n", first ? "" : ",", (unsigned)bsp_num_clusters(&L.map));
    unload_map(&L);
    return 0;
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

/* One "key" "value" pair of an entity, `at` its place in the entity. */
typedef struct ent_pair {
    const char *key, *value;
    uint32_t key_len, value_len, at;
} ent_pair;

static int same_key(const ent_pair *a, const ent_pair *b)
{
    return a->key_len == b->key_len && !memcmp(a->key, b->key, a->key_len);
}

static int pair_order(const void *pa, const void *pb)
{
    const ent_pair *a = (const ent_pair *)pa, *b = (const ent_pair *)pb;
    uint32_t n = a->key_len < b->key_len ? a->key_len : b->key_len;
    int c = memcmp(a->key, b->key, n);
    if (c) return c;
    if (a->key_len != b->key_len) return a->key_len < b->key_len ? -1 : 1;
    return a->at < b->at ? -1 : a->at > b->at;
}

/* One entity as a JSON object. A key that repeats (Source outputs such as
 * "OnTrigger", several "target"s) would be one JSON member kept and the
 * others dropped by most parsers, so its values become one array, in file
 * order, at the key's first place. Sorting keeps this O(n log n) whatever
 * the entity's length. `sorted` and `group` have room for n. */
static void print_entity(const ent_pair *p, ent_pair *sorted, uint32_t *group, uint32_t n)
{
    uint32_t i, k, first = 1;
    if (n) {
        memcpy(sorted, p, n * sizeof *p);
        qsort(sorted, n, sizeof *sorted, pair_order);
    }
    /* group[at]: where in `sorted` the key's run starts, for its first
     * pair; UINT32_MAX for the later ones */
    for (i = 0; i < n; i = k) {
        group[sorted[i].at] = i;
        for (k = i + 1; k < n && same_key(&sorted[i], &sorted[k]); k++)
            group[sorted[k].at] = UINT32_MAX;
    }
    putchar('{');
    for (i = 0; i < n; i++) {
        uint32_t g = group[i], end = g;
        if (g == UINT32_MAX) continue;
        while (end < n && same_key(&sorted[end], &p[i])) end++;
        if (!first) putchar(',');
        first = 0;
        json_string(p[i].key, p[i].key_len);
        putchar(':');
        if (end - g == 1) {
            json_string(p[i].value, p[i].value_len);
            continue;
        }
        putchar('[');
        for (k = g; k < end; k++) {
            if (k > g) putchar(',');
            json_string(sorted[k].value, sorted[k].value_len);
        }
        putchar(']');
    }
    printf("}\n");
}

static int cmd_entities(const char *path, int forward)
{
    loaded L;
    bsp_entity_iter it;
    bsp_entity_event ev;
    ent_pair *pairs = NULL, *sorted = NULL;
    uint32_t *group = NULL, n = 0, cap = 0;
    int rc = 0;
    if (load_map(&L, path, BSP_LOAD_ENTITIES, 0, forward)) return 1;
    bsp_entity_begin(&it, (const char *)L.map.entities.data, L.map.entities.count);
    while ((ev = bsp_entity_next(&it)) != BSP_ENT_END && ev != BSP_ENT_ERROR) {
        if (ev == BSP_ENT_BEGIN) {
            n = 0;
        } else if (ev == BSP_ENT_PAIR) {
            if (n == cap) {
                uint32_t c = cap ? 2 * cap : 16;
                ent_pair *p2 = realloc(pairs, c * sizeof *pairs);
                ent_pair *s2 = p2 ? realloc(sorted, c * sizeof *sorted) : NULL;
                uint32_t *g2 = s2 ? realloc(group, c * sizeof *group) : NULL;
                if (p2) pairs = p2;
                if (s2) sorted = s2;
                if (!g2) {
                    rc = fail_memory("an entity", c);
                    break;
                }
                group = g2;
                cap = c;
            }
            pairs[n].key = it.key;
            pairs[n].key_len = it.key_len;
            pairs[n].value = it.value;
            pairs[n].value_len = it.value_len;
            pairs[n].at = n;
            n++;
        } else if (ev == BSP_ENT_CLOSE) {
            print_entity(pairs, sorted, group, n);
            n = 0;
        }
    }
    free(pairs);
    free(sorted);
    free(group);
    unload_map(&L);
    if (rc) return rc;
    if (ev == BSP_ENT_ERROR) return print_error_json("bad_entities");
    return 0;
}

/* Each game sub-lump, unpacked: id, version, flags, sizes and an FNV-1a
 * hash of the unpacked bytes (as the file holds them). */
static int cmd_gamelumps(const char *path, int forward)
{
    loaded L;
    uint32_t i, n;
    int rc = 0;
    if (load_map(&L, path, BSP_LOAD_ALL, 0, forward)) return 1;
    n = bsp_game_lump_count(&L.map);
    if (n == 0) {
        /* Silence would read as "checked, nothing there" */
        int source = !strcmp(bsp_family_name(&L.header), "source");
        fprintf(stderr, "bspkit: %s: %s\n", path,
                source ? "the map has no game lump sub-lumps"
                       : bsp_status_message(BSP_E_UNSUPPORTED));
        unload_map(&L);
        return print_error_json(source ? "no_game_lump" : bsp_status_name(BSP_E_UNSUPPORTED));
    }
    for (i = 0; i < n && rc == 0; i++) {
        bsp_game_lump g;
        uint32_t need_dst, need_tables, k, hash = 2166136261u;
        uint8_t *dst = NULL;
        void *tables = NULL;
        bsp_status st = bsp_game_lump_get(&L.map, i, &g);
        if (st == BSP_OK) st = bsp_game_lump_unpack_bytes(&g, &need_dst, &need_tables);
        if (st == BSP_OK) {
            /* need_dst may be 4 GiB - 1: no "+ 1" that wraps to a 0-byte block */
            dst = alloc(need_dst);
            tables = alloc(need_tables);
            if (!dst || !tables) {
                rc = fail_memory("a game sub-lump", need_dst);
                free(dst);
                free(tables);
                break;
            }
            st = bsp_game_lump_unpack(&g, dst, need_dst, tables, need_tables);
        }
        if (st == BSP_OK) {
            for (k = 0; k < g.size; k++) hash = (hash ^ dst[k]) * 16777619u;
            printf("{\"id\":\"%c%c%c%c\",\"version\":%u,\"flags\":%u,\"stored\":%u,"
                   "\"size\":%u,\"fnv1a\":\"%08x\"}\n",
                   (int)(g.id >> 24) & 0xff, (int)(g.id >> 16) & 0xff, (int)(g.id >> 8) & 0xff,
                   (int)g.id & 0xff, (unsigned)g.version, (unsigned)g.flags,
                   (unsigned)g.stored, (unsigned)g.size, (unsigned)hash);
        } else {
            rc = print_error_json(bsp_status_name(st));
        }
        free(dst);
        free(tables);
    }
    unload_map(&L);
    return rc;
}

/* ---- query ------------------------------------------------------------- */

#define MAX_TOKENS TOOL_COLLISION_TOKENS

static int parse_float(const char *tok, float *out)
{
    char *end;
    float v;
    errno = 0;
    v = strtof(tok, &end);
    if (end == tok || *end || !isfinite(v)) return 0;
    *out = v;
    return 1;
}

static int parse_int(const char *tok, int32_t *out)
{
    char *end;
    long long v;
    errno = 0;
    v = strtoll(tok, &end, 10);
    if (end == tok || *end || errno == ERANGE || v < INT32_MIN || v > INT32_MAX) return 0;
    *out = (int32_t)v;
    return 1;
}

static int parse_point(char **tok, float p[3])
{
    return parse_float(tok[0], &p[0]) && parse_float(tok[1], &p[1]) &&
           parse_float(tok[2], &p[2]);
}

static void print_error(const char *q, bsp_status st)
{
    printf("{\"q\":");
    json_string(q, strlen(q));
    printf(",\"error\":\"%s\"}\n", bsp_status_name(st));
}

static void print_sample(const char *q, const bsp_sample *s)
{
    uint32_t k;
    printf("{\"q\":\"%s\",\"face\":%d,\"s\":%d,\"t\":%d,\"raw\":\"", q, (int)s->face,
           (int)s->s, (int)s->t);
    for (k = 0; k < s->raw_len; k++) printf("%02x", s->raw[k]);
    printf("\",\"rgb\":[%.9g,%.9g,%.9g]%s}\n", (double)s->rgb[0], (double)s->rgb[1],
           (double)s->rgb[2], s->hdr ? ",\"hdr\":true" : "");
}

static void print_row(const char *q, int32_t cluster, const uint8_t *row, uint32_t n)
{
    uint32_t j;
    int first = 1;
    printf("{\"q\":\"%s\",\"cluster\":%d,\"visible\":[", q, (int)cluster);
    for (j = 0; j < n; j++)
        if (row[j >> 3] & (1u << (j & 7))) {
            printf(first ? "%u" : ",%u", (unsigned)j);
            first = 0;
        }
    printf("]}\n");
}

/* One query line; returns the status to report, BSP_OK once printed. */
static bsp_status run_query(const bsp_map *m, char **tok, int n, uint8_t *row, bsp_status coll_status,
                            int styled)
{
    const char *q = tok[0];
    bsp_status st;
    float p[3];
    int32_t num;
    bsp_sample s;

    if (!strcmp(q, "leaf")) {
        uint32_t leaf;
        int32_t contents, cluster;
        if (n != 4 || !parse_point(tok + 1, p)) return BSP_E_BAD_QUERY;
        st = bsp_point_leaf(m, 0, p, &leaf);
        if (st == BSP_OK) st = bsp_leaf_info(m, leaf, &contents, &cluster);
        if (st != BSP_OK) return st;
        printf("{\"q\":\"leaf\",\"leaf\":%u,\"cluster\":%d,\"contents\":%d}\n",
               (unsigned)leaf, (int)cluster, (int)contents);
    } else if (!strcmp(q, "pvs") || !strcmp(q, "pas")) {
        int pas = q[1] == 'a';
        if (n != 2 || !parse_int(tok[1], &num)) return BSP_E_BAD_QUERY;
        st = pas ? bsp_pas(m, num, row, bsp_vis_row_bytes(m))
                 : bsp_pvs(m, num, row, bsp_vis_row_bytes(m));
        if (st != BSP_OK) return st;
        print_row(q, num, row, bsp_num_clusters(m));
    } else if (!strcmp(q, "light")) {
        if (n != 4 || !parse_point(tok + 1, p)) return BSP_E_BAD_QUERY;
        st = bsp_light_point(m, p, &s);
        if (st != BSP_OK) return st;
        if (s.face < 0) printf("{\"q\":\"light\",\"face\":-1}\n");
        else print_sample(q, &s);
    } else if (!strcmp(q, "luxel")) {
        if (n != 5 || !parse_int(tok[1], &num) || !parse_point(tok + 2, p))
            return BSP_E_BAD_QUERY;
        st = bsp_luxel(m, num, p, 0, &s);
        if (st != BSP_OK) return st;
        print_sample(q, &s);
    } else if (!strcmp(q, "ambient")) {
        /* a light style after the point: the Quake family's grid only */
        int32_t style = 0;
        if (n == 5 && styled) {
            if (!parse_int(tok[4], &style) || style < 0 || style > 255) return BSP_E_BAD_QUERY;
        } else if (n != 4) {
            return BSP_E_BAD_QUERY;
        }
        if (!parse_point(tok + 1, p)) return BSP_E_BAD_QUERY;
        return tool_ambient(m, p, (uint32_t)style);
    } else if (!strcmp(q, "areas")) {
        int32_t b;
        if (n != 4 || !parse_int(tok[1], &num) || !parse_int(tok[2], &b)) return BSP_E_BAD_QUERY;
        return tool_areas(m, num, b, tok[3]);
    } else if (tool_is_collision(q)) {
        if (n > MAX_TOKENS) return BSP_E_BAD_QUERY;
        return tool_collision(m, tok, n, coll_status);
    } else {
        return BSP_E_BAD_QUERY;
    }
    return BSP_OK;
}

static int cmd_query(const char *path, int hdr, int forward)
{
    loaded L;
    char *line = NULL;
    size_t cap = 0;
    uint8_t *row;
    bsp_status st;
    const char *fam;
    int styled;
    if (load_map(&L, path, BSP_LOAD_GEOMETRY | BSP_LOAD_ENTITIES | BSP_LOAD_COLLISION, hdr, forward))
        return 1;
    row = alloc(bsp_vis_row_bytes(&L.map));
    if (!row) {
        unload_map(&L);
        return fail_memory("a vis row", bsp_vis_row_bytes(&L.map));
    }
    /* docs/queries.md 10.5: `ambient X Y Z STYLE` on these families */
    fam = bsp_family_name(&L.header);
    styled = !strcmp(fam, "quake") || !strcmp(fam, "goldsrc") || !strcmp(fam, "bsp2") ||
             !strcmp(fam, "quake2");
    while (getline(&line, &cap, stdin) >= 0) {
        char *tok[MAX_TOKENS + 1], *save = NULL, *t;
        int n = 0;
        for (t = strtok_r(line, " \t\r\n", &save); t; t = strtok_r(NULL, " \t\r\n", &save))
            if (n <= MAX_TOKENS) tok[n++] = t;
        if (n == 0) continue;
        st = run_query(&L.map, tok, n, row, L.collision_status, styled);
        if (st != BSP_OK) print_error(tok[0], st);
    }
    free(line);
    free(row);
    unload_map(&L);
    return 0;
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
    return 2;
}

/* Is a or b among the arguments? */
static int has_arg(int argc, char **argv, const char *a, const char *b)
{
    int i;
    for (i = 1; i < argc; i++)
        if (!strcmp(argv[i], a) || !strcmp(argv[i], b)) return 1;
    return 0;
}

static const char *const commands[] = {
    "info", "stats", "query", "entities", "gamelumps", "load", "leaves", "faces", "models",
    "textures", "brushes", "props", "render", "lights", NULL
};

int main(int argc, char **argv)
{
    const char *cmd = NULL, *path = NULL;
    int hdr = 0, forward = 0, i, k;
    if (has_arg(argc, argv, "--version", "-V")) {
        printf("bspkit %s\n", bsp_version_string());
        return 0;
    }
    if (argc > 1 && !strcmp(argv[1], "render")) return cmd_render(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "cubemaps")) return cmd_cubemaps(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "pak")) return cmd_pak(argc - 1, argv + 1);
    if (has_arg(argc, argv, "--help", "-h")) {
        fputs(usage, stdout);
        fputs(usage_options, stdout);
        return 0;
    }
    if (argc < 2) {
        fputs(usage, stderr);
        fputs(usage_options, stderr);
        return 2;
    }
    argc = tool_resume_args(argc, argv, &resume_opts);
    if (argc >= 0) argc = tool_variant_args(argc, argv);
    if (argc >= 0) argc = tool_lit_args(argc, argv);
    if (argc < 0) return 2;   /* the option is named on standard error */
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--hdr")) {
            hdr = 1;
        } else if (!strcmp(a, "--forward")) {
            forward = 1;
        } else if (a[0] == '-' && a[1]) {
            return usage_error("bspkit", "unknown option '%s'", a);
        } else if (!cmd) {
            for (k = 0; commands[k] && strcmp(commands[k], a); k++) continue;
            if (!commands[k]) return usage_error("bspkit", "unknown command '%s'", a);
            if (!strcmp(a, "render"))
                return usage_error("bspkit", "render comes first, its options after it: "
                                   "bspkit render MAP -o OUT.png ...");
            cmd = a;
        } else if (!path) {
            path = a;
        } else {
            return usage_error("bspkit", "unexpected argument '%s' after the map", a);
        }
    }
    if (!cmd) return usage_error("bspkit", "no command");
    if (!strcmp(cmd, "load") && !resume_opts.simulate && !resume_opts.steps)
        return usage_error("bspkit", "load needs --simulate MEDIUM or --steps");
    if (!path) return usage_error("bspkit", "%s needs a MAP", cmd);
    if (!strcmp(cmd, "query") && !strcmp(path, "-")) {
        fputs("bspkit: query reads its queries from standard input: give the map as a file\n",
              stderr);
        return 2;
    }
    if (!strcmp(cmd, "info")) return cmd_info(path, hdr, forward);
    if (!strcmp(cmd, "stats")) return cmd_stats(path, forward);
    if (!strcmp(cmd, "query")) return cmd_query(path, hdr, forward);
    if (!strcmp(cmd, "entities")) return cmd_entities(path, forward);
    if (!strcmp(cmd, "gamelumps")) return cmd_gamelumps(path, forward);
    if (!strcmp(cmd, "load") && resume_opts.simulate) return tool_simulate(&resume_opts, path);
    if (!strcmp(cmd, "load")) return tool_steps(&resume_opts, path);
    if (!strcmp(cmd, "leaves")) return cmd_leaves(path, forward);
    if (!strcmp(cmd, "faces")) return cmd_faces(path, hdr, forward);
    if (!strcmp(cmd, "models")) return cmd_models(path, forward);
    if (!strcmp(cmd, "brushes")) return cmd_brushes(path, forward);
    if (!strcmp(cmd, "props")) return cmd_props(path, forward);
    if (!strcmp(cmd, "lights")) return cmd_lights(path, hdr, forward);
    return cmd_textures(path, forward);
}
