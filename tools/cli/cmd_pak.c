/* SPDX-License-Identifier: MIT */
/* cmd_pak.c - bspkit pak: a Source map's pakfile (lump 40; bspkit.h "The
 * pakfile", docs/pakfile.md).
 *
 *   bspkit pak MAP                one JSON object per entry, in central
 *                                 directory order
 *   bspkit pak MAP --cat PATH     the entry's bytes on standard output
 *   bspkit pak MAP --extract DIR  every entry written under DIR
 *
 * Every read checks the entry's CRC-32. --extract refuses a name that
 * could leave DIR (a ".." part, an absolute path, a drive letter), says so
 * and writes the others; it exits 1 when it refused or failed any.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../common/tool.h"

static int pak_error(bsp_status st, bsp_pak_problem why)
{
    printf("{\"error\":\"%s\",\"problem\":\"%s\"}\n", bsp_status_name(st), bsp_pak_problem_name(why));
    fprintf(stderr, "bspkit: pakfile: %s (%s)\n", bsp_status_message(st), bsp_pak_problem_name(why));
    return 1;
}

/* The entry's bytes: in place when stored, else decoded into *heap. */
static bsp_status entry_bytes(const bsp_pak_entry *e, const uint8_t **out, void **heap,
                              bsp_pak_problem *why)
{
    bsp_pak_job j;
    uint32_t need_dst, need_tables;
    bsp_status st;
    *heap = NULL;
    *why = e->problem;
    if (!e->data) return *why = BSP_PAK_NOT_READ, BSP_E_CORRUPT;
    st = bsp_pak_read_bytes(e, e->data, &need_dst, &need_tables);
    if (st != BSP_OK) {
        /* (the problem is the job's: run one to learn it) */
        memset(&j, 0, sizeof j);
        j.entry = *e;
        j.stored = e->data;
        bsp_pak_job_run(&j);
        *why = j.problem;
        return st;
    }
    if (e->method == BSP_PAK_STORED) {
        *out = e->data;
        if (bsp_pak_crc32(0, e->data, e->size) != e->crc) return *why = BSP_PAK_CRC, BSP_E_CORRUPT;
        return BSP_OK;
    }
    memset(&j, 0, sizeof j);
    j.entry = *e;
    j.stored = e->data;
    j.dst_bytes = need_dst;
    j.tables_bytes = need_tables;
    j.dst = *heap = malloc(need_dst ? need_dst : 1);
    j.tables = malloc(need_tables ? need_tables : 1);
    j.check_crc = 1;
    if (!j.dst || !j.tables) {
        fprintf(stderr, "bspkit: out of memory for a pakfile entry (%lu bytes)\n", (unsigned long)need_dst);
        exit(1);
    }
    st = bsp_pak_job_run(&j);
    free(j.tables);
    *why = j.problem;
    *out = (const uint8_t *)j.dst;
    return st;
}

static void print_entry(const bsp_pak_entry *e)
{
    printf("{\"index\":%u,\"name\":", (unsigned)e->index);
    json_string(e->name, e->name_len);
    printf(",\"method\":%u,\"size\":%u,\"compressed_size\":%u,\"crc\":%u,\"offset\":%u,"
           "\"header_offset\":%u,\"flags\":%u,\"preload\":%u",
           (unsigned)e->method, (unsigned)e->size, (unsigned)e->compressed_size, (unsigned)e->crc,
           (unsigned)e->offset, (unsigned)e->header_offset, (unsigned)e->flags,
           (unsigned)e->preload_size);
    if (e->preload_size) printf(",\"preload_offset\":%u", (unsigned)e->preload_offset);
    printf("}\n");
}

static int list(const bsp_pak *p)
{
    bsp_pak_entry e;
    bsp_status st;
    int bad = 0;
    if (!p->count) return 0;
    for (st = bsp_pak_get(p, 0, &e); st != BSP_E_END; st = bsp_pak_next(p, &e)) {
        if (st != BSP_OK) {
            printf("{\"index\":%u,\"error\":\"%s\",\"problem\":\"%s\"}\n", (unsigned)e.index,
                   bsp_status_name(st), bsp_pak_problem_name(e.problem));
            bad = 1;
            if (st != BSP_E_CORRUPT) break;
            continue;
        }
        print_entry(&e);
    }
    return bad;
}

static int cat(const bsp_pak *p, const char *path)
{
    bsp_pak_entry e;
    const uint8_t *bytes;
    void *heap;
    bsp_pak_problem why;
    bsp_status st = bsp_pak_find(p, path, &e);
    if (st != BSP_OK) return pak_error(st, e.problem);
    st = entry_bytes(&e, &bytes, &heap, &why);
    if (st != BSP_OK) {
        free(heap);
        return pak_error(st, why);
    }
    fwrite(bytes, 1, e.size, stdout);
    free(heap);
    return fflush(stdout) != 0;
}

/* A name that stays under DIR: no "..", no leading slash, no drive letter
 * (nor any ':', which Windows reads as a stream or drive). */
static const char *unsafe(const char *name, uint32_t len)
{
    uint32_t i, start = 0;
    if (name[0] == '/' || name[0] == '\\') return "an absolute path";
    for (i = 0; i <= len; i++) {
        if (i < len && name[i] == ':') return "a drive letter or ':'";
        if (i == len || name[i] == '/' || name[i] == '\\') {
            if (i - start == 2 && name[start] == '.' && name[start + 1] == '.') return "a '..' part";
            start = i + 1;
        }
    }
    return NULL;
}

/* Write bytes at DIR/name, making its folders. */
static int write_entry(const char *dir, const bsp_pak_entry *e, const uint8_t *bytes)
{
    size_t n = strlen(dir) + 1 + e->name_len + 1, i;
    char *path = malloc(n);
    FILE *f;
    int failed;
    if (!path) exit(1);
    snprintf(path, n, "%s/%.*s", dir, (int)e->name_len, e->name);
    for (i = strlen(dir) + 1; path[i]; i++) {
        if (path[i] == '\\') path[i] = '/';
        if (path[i] == '/') {
            path[i] = 0;
            if (mkdir(path, 0777) != 0 && errno != EEXIST) {
                report_io_error("bspkit pak", "cannot make", path, errno);
                free(path);
                return 1;
            }
            path[i] = '/';
        }
    }
    f = fopen(path, "wb");
    if (!f) {
        report_io_error("bspkit pak", "cannot write", path, errno);
        free(path);
        return 1;
    }
    failed = fwrite(bytes, 1, e->size, f) != e->size;
    failed |= fclose(f) != 0;
    if (failed) report_io_error("bspkit pak", "cannot write", path, errno);
    free(path);
    return failed;
}

static int extract(const bsp_pak *p, const char *dir)
{
    bsp_pak_entry e;
    bsp_status st;
    int bad = 0;
    if (!p->count) return 0;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) return report_io_error("bspkit pak", "cannot make", dir, errno);
    for (st = bsp_pak_get(p, 0, &e); st != BSP_E_END; st = bsp_pak_next(p, &e)) {
        const uint8_t *bytes;
        void *heap = NULL;
        bsp_pak_problem why = e.problem;
        const char *reason = st == BSP_OK ? unsafe(e.name, e.name_len) : NULL;
        if (reason) {
            fprintf(stderr, "bspkit pak: refusing entry %u '%.*s': %s would leave %s\n",
                    (unsigned)e.index, (int)e.name_len, e.name, reason, dir);
            bad = 1;
            continue;
        }
        if (st == BSP_OK) st = entry_bytes(&e, &bytes, &heap, &why);
        if (st == BSP_OK) {
            bad |= write_entry(dir, &e, bytes);
        } else {
            fprintf(stderr, "bspkit pak: entry %u: %s (%s)\n", (unsigned)e.index,
                    bsp_status_message(st), bsp_pak_problem_name(why));
            bad = 1;
        }
        free(heap);
        if (st != BSP_OK && st != BSP_E_CORRUPT && st != BSP_E_LZMA_CORRUPT &&
            st != BSP_E_UNSUPPORTED && st != BSP_E_LZMA_OVERLAP)
            break;
    }
    return bad;
}

int cmd_pak(int argc, char **argv)
{
    const char *path = NULL, *cat_path = NULL, *dir = NULL;
    loaded L;
    bsp_pak p;
    bsp_status st;
    int i, rc;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs("usage: bspkit pak MAP [--cat PATH | --extract DIR]\n"
                  "  a Source map's pakfile (lump 40): one JSON line per entry (index, name,\n"
                  "  method, size, compressed_size, crc, offset, header_offset, flags,\n"
                  "  preload, preload_offset); --cat: one entry's bytes on standard output;\n"
                  "  --extract: every entry under DIR (names leaving DIR refused)\n", stdout);
            return 0;
        }
        if (!strcmp(argv[i], "--cat") && i + 1 < argc) cat_path = argv[++i];
        else if (!strcmp(argv[i], "--extract") && i + 1 < argc) dir = argv[++i];
        else if (argv[i][0] == '-' && argv[i][1]) return usage_error("bspkit pak", "unknown option '%s'", argv[i]);
        else if (!path) path = argv[i];
        else return usage_error("bspkit pak", "unexpected argument '%s'", argv[i]);
    }
    if (!path) return usage_error("bspkit pak", "needs a MAP");
    if (cat_path && dir) return usage_error("bspkit pak", "--cat or --extract, not both");
    if (load_map(&L, path, BSP_LOAD_ALL, 0, 0)) return TOOL_EXIT_FAIL;
    st = bsp_pak_open_map(&L.map, &p);
    if (bsp_map_family(&L.map) != BSP_FAMILY_SOURCE) {
        /* docs/tool.md "No such data": the pakfile is Source's lump 40 */
        rc = tool_unsupported(path, bsp_family_name(&L.header), "pakfile");
        unload_map(&L);
        return rc;
    }
    if (st == BSP_OK && !p.count) {
        /* no entries (an empty lump 40 opens so too): nothing to list or write */
        unload_map(&L);
        return cat_path ? pak_error(BSP_E_BAD_QUERY, BSP_PAK_NOT_FOUND) : 0;
    }
    if (st != BSP_OK) {
        rc = pak_error(st, p.problem);
        unload_map(&L);
        return rc;
    }
    rc = cat_path ? cat(&p, cat_path) : dir ? extract(&p, dir) : list(&p);
    unload_map(&L);
    return rc;
}
