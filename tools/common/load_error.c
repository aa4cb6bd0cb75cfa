/* SPDX-License-Identifier: MIT */
/* load_error.c - what the tool says when a map does not load or a file
 * cannot be opened or written: the status, its sentence, and what was found
 * (which lump, its offset and length, the file's size), the same facts
 * whether the map came from a file or through a pipe.
 *
 * A file whose size is known is refused by bsp_open (bad_lump) when a lump
 * runs past its end; the same file through a pipe is refused by the load
 * (truncated) when the data ends inside that lump. bsp_open names no lump,
 * so the lump is found here, from the directory it left in the header (the
 * public API's facts: offsets, lengths, record sizes), by the rules
 * bsp_open and bsp_measure apply; a load that stopped in a lump names it in
 * bsp_map_where. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "tool.h"

/* "lump 8 (lighting) at file offset 13972, 3957 bytes long" */
static int describe_lump(char *out, size_t n, const bsp_header *h, uint32_t i)
{
    const char *name = bsp_lump_name(h, i);
    return snprintf(out, n, "lump %u (%s) at file offset %u, %u bytes long", (unsigned)i,
                    name && *name ? name : "?", (unsigned)h->lumps[i].offset,
                    (unsigned)h->lumps[i].length);
}

static unsigned long long lump_end(const bsp_lump_entry *e)
{
    return (unsigned long long)e->offset + e->length;
}

/* A bad_lump refusal: the lump that breaks a rule, and the rule, into
 * *lump and detail (BSP_NO_LUMP and "" when none is found: the arena's
 * size would pass 4 GiB). Past the end first, the lump a front-to-back
 * reader meets first (the one a pipe's load stops in); then over the
 * header; then not a whole number of records; then two lumps on the same
 * bytes. */
static void find_bad_lump(const bsp_header *h, uint32_t *lump, char *detail, size_t n)
{
    uint32_t i, k, best = BSP_NO_LUMP;
    int at;
    for (i = 0; i < h->num_lumps; i++) {
        const bsp_lump_entry *e = &h->lumps[i];
        if (e->length && lump_end(e) > h->file_size &&
            (best == BSP_NO_LUMP || e->offset < h->lumps[best].offset))
            best = i;
    }
    if (best != BSP_NO_LUMP) {
        *lump = best;
        at = describe_lump(detail, n, h, best);
        if (h->file_size == BSP_SIZE_UNKNOWN)
            snprintf(detail + at, n - (size_t)at, ", ends past 4 GiB");
        else
            snprintf(detail + at, n - (size_t)at, ", ends at byte %llu, past the end of the %u-byte file",
                     lump_end(&h->lumps[best]), (unsigned)h->file_size);
        return;
    }
    for (i = 0; i < h->num_lumps; i++) {
        const bsp_lump_entry *e = &h->lumps[i];
        uint32_t rec = bsp_lump_record_size(h, i);
        if (e->length && e->offset < h->header_bytes) {
            *lump = i;
            at = describe_lump(detail, n, h, i);
            snprintf(detail + at, n - (size_t)at, ", starts inside the %u-byte header",
                     (unsigned)h->header_bytes);
            return;
        }
        if (e->length && rec && e->size % rec) {
            *lump = i;
            at = describe_lump(detail, n, h, i);
            snprintf(detail + at, n - (size_t)at, ", holds %u bytes, not a whole number of %u-byte records",
                     (unsigned)e->size, (unsigned)rec);
            return;
        }
    }
    for (i = 0; i < h->num_lumps; i++)
        for (k = 0; k < h->num_lumps; k++) {
            const bsp_lump_entry *a = &h->lumps[i], *b = &h->lumps[k];
            if (k == i || !a->length || !b->length || a->offset > b->offset ||
                (a->offset == b->offset && i > k) || lump_end(a) <= b->offset)
                continue;
            *lump = k;
            at = describe_lump(detail, n, h, k);
            snprintf(detail + at, n - (size_t)at, ", overlaps lump %u (%s) at file offset %u, %u bytes long",
                     (unsigned)i, bsp_lump_name(h, i) && *bsp_lump_name(h, i) ? bsp_lump_name(h, i) : "?",
                     (unsigned)a->offset, (unsigned)a->length);
            return;
        }
    *lump = BSP_NO_LUMP;
    *detail = 0;
}

int report_load_error(const char *path, bsp_status st, const bsp_header *h, uint32_t lump,
                      uint32_t file_size, const char *appears, int os_error)
{
    const char *msg = bsp_status_message(st), *name = NULL;
    const char *reason = st == BSP_E_IO && os_error ? strerror(os_error) : NULL;
    char detail[256] = "";
    const bsp_lump_entry *e = NULL;
    /* bsp_open fills the directory when it succeeds or refuses a lump */
    if (st == BSP_E_BAD_LUMP && lump == BSP_NO_LUMP && h->num_lumps)
        find_bad_lump(h, &lump, detail, sizeof detail);
    if (lump != BSP_NO_LUMP && lump < h->num_lumps) {
        e = &h->lumps[lump];
        name = bsp_lump_name(h, lump);
        if (!name || !*name) name = "?";
        /* a pipe's data that ends inside a lump */
        if (st == BSP_E_TRUNCATED) {
            int at = describe_lump(detail, sizeof detail, h, lump);
            if (file_size != BSP_SIZE_UNKNOWN)
                snprintf(detail + at, sizeof detail - (size_t)at,
                         ", ends at byte %llu, but the data ends at byte %u", lump_end(e),
                         (unsigned)file_size);
            else
                snprintf(detail + at, sizeof detail - (size_t)at,
                         ", ends at byte %llu, past the end of the data", lump_end(e));
        }
    }
    printf("{\"error\":\"%s\",\"message\":", bsp_status_name(st));
    json_string(msg, strlen(msg));
    if (appears) {
        printf(",\"appears\":");
        json_string(appears, strlen(appears));
    }
    if (e)
        printf(",\"lump\":\"%s\",\"index\":%u,\"offset\":%u,\"length\":%u", name, (unsigned)lump,
               (unsigned)e->offset, (unsigned)e->length);
    if (file_size != BSP_SIZE_UNKNOWN) printf(",\"file_size\":%u", (unsigned)file_size);
    if (*detail) {
        printf(",\"detail\":");
        json_string(detail, strlen(detail));
    }
    if (reason) {
        printf(",\"reason\":");
        json_string(reason, strlen(reason));
    }
    printf("}\n");

    /* for a person: the rule broken when it is known, else the status's
     * sentence and where the load stopped */
    fprintf(stderr, "bspkit: %s: ", path);
    if (*detail) {
        fprintf(stderr, "%s (%s).", detail, bsp_status_name(st));
    } else {
        fputs(msg, stderr);
        if (reason) fprintf(stderr, " (%s)", reason);
        if (appears) fprintf(stderr, " The file appears to be %s.", appears);
        if (e)
            fprintf(stderr, " (in lump %u, %s, at file offset %u, %u bytes long", (unsigned)lump,
                    name, (unsigned)e->offset, (unsigned)e->length);
        if (file_size != BSP_SIZE_UNKNOWN)
            fprintf(stderr, "%sthe file is %u bytes)", e ? "; " : " (", (unsigned)file_size);
        else if (e)
            fputc(')', stderr);
    }
    fputc('\n', stderr);
    return 1;
}

int report_io_error(const char *where, const char *doing, const char *path, int os_error)
{
    const char *reason = os_error ? strerror(os_error) : "reason unknown";
    char msg[512];
    snprintf(msg, sizeof msg, "%s %s: %s", doing, path, reason);
    printf("{\"error\":\"io\",\"message\":");
    json_string(msg, strlen(msg));
    printf(",\"path\":");
    json_string(path, strlen(path));
    printf(",\"reason\":");
    json_string(reason, strlen(reason));
    printf("}\n");
    fprintf(stderr, "%s: %s\n", where, msg);
    return 1;
}
