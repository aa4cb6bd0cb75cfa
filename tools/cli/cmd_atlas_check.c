/* SPDX-License-Identifier: MIT */
/* cmd_atlas_check.c - bspkit atlas-check: any lightmap atlas (DIR/atlas.json
 * and its pages, raw or PNG) held against the map by docs/queries.md
 * 11.7's "valid atlas": every rect a (face, slot) block of the map, once,
 * of its size; every block placed; each grown rect on its page, none over
 * another; interior texels by the texel rule (the library's
 * bsp_face_lightmap_texels), border texels those of the nearest interior
 * texel. Quake 3: the "lightmaps" list (page blocks), or without one each
 * page is lightmap page k itself. One line; exit 1 when not ok. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/json_read.h"
#include "../pictures/png_read.h"
#include "commands.h"
#include "light_args.h"

static const char check_usage[] =
    "usage: bspkit atlas-check MAP DIR [--hdr] [--lit FILE | --no-lit] [--forward]\n"
    "  DIR/atlas.json and its pages against the map (docs/queries.md 11.7):\n"
    "  {\"ok\",\"rects\",\"pages\",\"luxels\",\"page_area\",\"occupancy\",\"missing\",\n"
    "  \"problems\",\"first\"}; exit 1 when not ok\n";

#define FIRST_MAX 8
#define SLOTS 8

typedef struct page {
    uint32_t w, h;
    uint8_t *px;           /* w * h * tb */
    uint8_t *used;         /* a byte per texel: under a grown rect */
} page;

typedef struct checker {
    const bsp_map *m;
    uint32_t tb, format, border, num_pages, faces;
    page *pages;
    uint8_t *state;        /* faces * SLOTS: 0 no block, 1 a block, 2 placed */
    uint64_t luxels, area;
    uint32_t rects, missing, problems, shown;
    char first[FIRST_MAX][160];
    uint8_t *texels;
    size_t texels_cap;
} checker;

/* A problem: counted, and the first FIRST_MAX kept as JSON objects
 * (fmt: the members after "problem"). */
static void problem(checker *c, const char *kind, const char *fmt, ...)
{
    va_list ap;
    char detail[128];
    c->problems++;
    if (c->shown >= FIRST_MAX) return;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    snprintf(c->first[c->shown++], sizeof c->first[0], "{\"problem\":\"%s\"%s%s}", kind, *detail ? "," : "", detail);
}

static int whole(const json_value *obj, const char *key, double hi, long *out)
{
    double d;
    if (!json_whole(json_member(obj, key), 0, hi, &d)) return 0;
    *out = (long)d;
    return 1;
}

static int read_file(const char *path, uint8_t **data, size_t *n)
{
    FILE *f = fopen(path, "rb");
    long len;
    *data = NULL;
    if (!f) return -1;
    if (fseek(f, 0, SEEK_END) || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) ||
        !(*data = tool_alloc((size_t)len)) || fread(*data, 1, (size_t)len, f) != (size_t)len) {
        fclose(f);
        free(*data);
        *data = NULL;
        return -1;
    }
    fclose(f);
    *n = (size_t)len;
    return 0;
}

/* A page's texels from its file (raw rows, or a PNG of the format's
 * channels). */
static int load_page(checker *c, const char *dir, const json_value *pj, uint32_t k)
{
    const json_value *file = json_member(pj, "file");
    char path[4400];
    long idx, w, h;
    page *pg = &c->pages[k];
    size_t len = strlen(file && file->type == JSON_STRING ? file->string : "");
    if (!whole(pj, "page", 1e9, &idx) || idx != (long)k || !whole(pj, "width", 65536, &w) || w < 1 ||
        !whole(pj, "height", 65536, &h) || h < 1 || !file || file->type != JSON_STRING) {
        problem(c, "page", "\"page\":%ld", (long)k);
        return -1;
    }
    pg->w = (uint32_t)w;
    pg->h = (uint32_t)h;
    snprintf(path, sizeof path, "%s/%s", dir, file->string);
    if (len > 4 && !strcmp(file->string + len - 4, ".png")) {
        int pw, ph, ch;
        pg->px = png_read(path, &pw, &ph, &ch);
        if (!pg->px || pw != w || ph != h || (uint32_t)ch != c->tb) {
            free(pg->px);
            pg->px = NULL;
            problem(c, "page_file", "\"page\":%ld", (long)k);
            return -1;
        }
    } else {
        size_t n;
        if (read_file(path, &pg->px, &n) || n != (size_t)w * (size_t)h * c->tb) {
            free(pg->px);
            pg->px = NULL;
            problem(c, "page_file", "\"page\":%ld", (long)k);
            return -1;
        }
    }
    if (!(pg->used = calloc((size_t)w * (size_t)h, 1))) return -1;
    c->area += (uint64_t)w * (uint64_t)h;
    return 0;
}

/* The texels a block should show: bsp_face_lightmap_texels (face, slot),
 * or a quake3 lightmap page through a face that names it. */
static const uint8_t *expected(checker *c, uint32_t face, uint32_t slot, uint32_t w, uint32_t h)
{
    size_t need = (size_t)w * h * c->tb;
    uint32_t got;
    if (need > c->texels_cap) {
        free(c->texels);
        if (!(c->texels = tool_alloc(c->texels_cap = need))) return NULL;
    }
    if (bsp_face_lightmap_texels(c->m, face, slot, c->format, c->texels, (uint32_t)need, &got) != BSP_OK ||
        got != need)
        return NULL;
    return c->texels;
}

/* One placed block: page, bounds, overlap, interior and border texels. */
static void place(checker *c, long rect, long pg_i, long x, long y, long w, long h, const uint8_t *want)
{
    page *pg;
    long b = (long)c->border, gx, gy;
    int overlap = 0, texel_bad = 0, border_bad = 0;
    if (pg_i >= (long)c->num_pages || !c->pages[pg_i].px) {
        problem(c, "page", "\"rect\":%ld,\"page\":%ld", rect, pg_i);
        return;
    }
    pg = &c->pages[pg_i];
    if (x < b || y < b || x + w + b > (long)pg->w || y + h + b > (long)pg->h) {
        problem(c, "outside", "\"rect\":%ld,\"page\":%ld,\"x\":%ld,\"y\":%ld", rect, pg_i, x, y);
        return;
    }
    c->luxels += (uint64_t)w * (uint64_t)h;
    for (gy = y - b; gy < y + h + b; gy++)
        for (gx = x - b; gx < x + w + b; gx++) {
            size_t at = (size_t)gy * pg->w + (size_t)gx;
            long sx = gx < x ? 0 : gx >= x + w ? w - 1 : gx - x;
            long sy = gy < y ? 0 : gy >= y + h ? h - 1 : gy - y;
            int inner = gx >= x && gx < x + w && gy >= y && gy < y + h;
            if (pg->used[at]) overlap = 1;
            pg->used[at] = 1;
            if (want && memcmp(pg->px + at * c->tb, want + ((size_t)sy * (size_t)w + (size_t)sx) * c->tb, c->tb)) {
                if (inner && !texel_bad++)
                    problem(c, "texel", "\"rect\":%ld,\"x\":%ld,\"y\":%ld", rect, sx, sy);
                if (!inner && !border_bad++)
                    problem(c, "border", "\"rect\":%ld,\"x\":%ld,\"y\":%ld", rect, gx - x, gy - y);
            }
        }
    if (overlap) problem(c, "overlap", "\"rect\":%ld,\"page\":%ld", rect, pg_i);
}

static void check_rects(checker *c, const json_value *rects)
{
    size_t k;
    for (k = 0; k < rects->count; k++) {
        const json_value *r = &rects->items[k];
        long face, slot, pg, x, y, w, h;
        bsp_face f;
        uint32_t bump;
        c->rects++;
        if (!whole(r, "face", 4294967295.0, &face) || !whole(r, "slot", 1e9, &slot) ||
            !whole(r, "page", 1e9, &pg) || !whole(r, "x", 1e9, &x) || !whole(r, "y", 1e9, &y) ||
            !whole(r, "w", 1e9, &w) || !whole(r, "h", 1e9, &h)) {
            problem(c, "rect", "\"rect\":%ld", (long)k);
            continue;
        }
        if ((uint64_t)face >= c->faces || slot >= SLOTS || !c->state[face * SLOTS + slot]) {
            problem(c, "no_block", "\"rect\":%ld,\"face\":%ld,\"slot\":%ld", (long)k, face, slot);
            continue;
        }
        if (c->state[face * SLOTS + slot] == 2) {
            problem(c, "duplicate", "\"rect\":%ld,\"face\":%ld,\"slot\":%ld", (long)k, face, slot);
            continue;
        }
        c->state[face * SLOTS + slot] = 2;
        bsp_get_face(c->m, (uint32_t)face, &f);
        bump = f.lightmap.pages ? f.lightmap.pages : 1;
        if (w != (long)(f.lightmap.w * bump) || h != (long)f.lightmap.h) {
            problem(c, "size", "\"rect\":%ld,\"w\":%ld,\"h\":%ld", (long)k, w, h);
            continue;
        }
        place(c, (long)k, pg, x, y, w, h, expected(c, (uint32_t)face, (uint32_t)slot, (uint32_t)w, (uint32_t)h));
    }
}

/* Quake 3: every whole page of the lightmaps lump (14), `side` texels
 * square (128; qfusion's FBSP 512, docs/queries.md 13.3), is a block,
 * listed under "lightmaps" or, without that list, page k itself. */
static void check_q3(checker *c, const json_value *lightmaps, uint32_t side)
{
    uint32_t size = 0, count, k, i;
    const uint8_t *lump = bsp_lump(c->m, 14, &size);
    uint8_t *seen, *want;
    count = lump ? size / (side * side * 3u) : 0;
    seen = calloc(count + 1, 1);
    want = tool_alloc((size_t)side * side * c->tb);
    if (!seen || !want) {
        free(seen);
        free(want);
        return;
    }
    for (k = 0; k < (lightmaps ? lightmaps->count : c->num_pages); k++) {
        long lm, pg, x, y, w, h;
        const json_value *r = lightmaps ? &lightmaps->items[k] : NULL;
        uint32_t saved = c->border;
        c->rects++;
        if (r) {
            if (!whole(r, "lightmap", 1e9, &lm) || !whole(r, "page", 1e9, &pg) || !whole(r, "x", 1e9, &x) ||
                !whole(r, "y", 1e9, &y) || !whole(r, "w", 1e9, &w) || !whole(r, "h", 1e9, &h)) {
                problem(c, "rect", "\"lightmap\":%ld", (long)k);
                continue;
            }
        } else {
            lm = pg = (long)k;
            x = y = 0;
            w = h = (long)side;
        }
        if (lm >= (long)count) {
            problem(c, "no_block", "\"lightmap\":%ld", lm);
            continue;
        }
        if (seen[lm]++) {
            problem(c, "duplicate", "\"lightmap\":%ld", lm);
            continue;
        }
        if (w != (long)side || h != (long)side) {
            problem(c, "size", "\"lightmap\":%ld,\"w\":%ld,\"h\":%ld", lm, w, h);
            continue;
        }
        /* the texel rule of RGB bytes: as they are (alpha 255) */
        for (i = 0; i < side * side; i++) {
            memcpy(want + (size_t)i * c->tb, lump + (size_t)lm * side * side * 3 + (size_t)i * 3, 3);
            if (c->tb == 4) want[(size_t)i * 4 + 3] = 255;
        }
        if (!r) c->border = 0;   /* a page that is the lightmap has no border */
        place(c, (long)k, pg, x, y, w, h, want);
        c->border = saved;
    }
    for (k = 0; k < count; k++)
        if (!seen[k]) {
            c->missing++;
            if (c->shown < FIRST_MAX)
                snprintf(c->first[c->shown++], sizeof c->first[0], "{\"problem\":\"missing\",\"lightmap\":%u}",
                         (unsigned)k);
        }
    free(seen);
    free(want);
}

int cmd_atlas_check(int argc, char **argv)
{
    light_args la;
    loaded L;
    checker c;
    bsp_counts n;
    json_value root;
    const json_value *pages, *rects, *fmt;
    char path[4200], err[128];
    uint8_t *text = NULL;
    size_t len, k;
    long border, version;
    int rc = light_args_parse("bspkit atlas-check", check_usage, argc, argv, 1, NULL, 0, &la);
    if (rc >= 0) return rc;
    if (load_map(&L, la.path, BSP_LOAD_GEOMETRY, la.hdr, la.forward)) return TOOL_EXIT_FAIL;
    snprintf(path, sizeof path, "%s/atlas.json", la.dir);
    if (read_file(path, &text, &len)) {
        rc = report_io_error("bspkit atlas-check", "cannot read", path, errno);
        unload_map(&L);
        return rc;
    }
    memset(&c, 0, sizeof c);
    memset(&root, 0, sizeof root);
    c.m = &L.map;
    bsp_get_counts(&L.map, &n);
    c.faces = n.faces;
    if (json_parse((const char *)text, len, &root, err, sizeof err)) {
        problem(&c, "json", "\"why\":\"%s\"", err);
    } else if (!whole(&root, "atlas", 1e9, &version) || version != 1 || !(fmt = json_member(&root, "format")) ||
               fmt->type != JSON_STRING || (strcmp(fmt->string, "rgb8") && strcmp(fmt->string, "rgba8")) ||
               !whole(&root, "border", 4096, &border) || !(pages = json_member(&root, "pages")) ||
               pages->type != JSON_ARRAY || !(rects = json_member(&root, "rects")) || rects->type != JSON_ARRAY) {
        problem(&c, "layout", "%s", "");
    } else {
        const json_value *lightmaps = json_member(&root, "lightmaps");
        c.format = strcmp(fmt->string, "rgb8") ? BSP_TEXELS_RGBA8 : BSP_TEXELS_RGB8;
        c.tb = c.format == BSP_TEXELS_RGB8 ? 3 : 4;
        c.border = (uint32_t)border;
        c.num_pages = (uint32_t)pages->count;
        c.pages = calloc(pages->count + 1, sizeof *c.pages);
        c.state = calloc((size_t)c.faces * SLOTS + 1, 1);
        if (!c.pages || !c.state) {
            rc = tool_out_of_memory("the check", 0);
            goto done;
        }
        for (k = 0; k < pages->count; k++) load_page(&c, la.dir, &pages->items[k], (uint32_t)k);
        if (bsp_map_family(&L.map) == BSP_FAMILY_QUAKE3) {
            if (rects->count) problem(&c, "no_block", "\"rect\":0");
            check_q3(&c, lightmaps && lightmaps->type == JSON_ARRAY ? lightmaps : NULL,
                     bsp_variant_name(&L.header) && !strcmp(bsp_variant_name(&L.header), "qfusion") ? 512u : 128u);
        } else {
            uint32_t f, s;
            for (f = 0; f < c.faces; f++)
                for (s = 0; s < SLOTS; s++) {
                    const uint8_t *d;
                    uint32_t bytes;
                    if (bsp_face_lightmap_data(&L.map, f, s, &d, &bytes) == BSP_OK) c.state[(size_t)f * SLOTS + s] = 1;
                }
            check_rects(&c, rects);
            for (f = 0; f < c.faces; f++)
                for (s = 0; s < SLOTS; s++)
                    if (c.state[(size_t)f * SLOTS + s] == 1) {
                        c.missing++;
                        if (c.shown < FIRST_MAX)
                            snprintf(c.first[c.shown++], sizeof c.first[0],
                                     "{\"problem\":\"missing\",\"face\":%u,\"slot\":%u}", (unsigned)f, (unsigned)s);
                    }
        }
    }
    printf("{\"ok\":%s,\"rects\":%u,\"pages\":%u,\"luxels\":%llu,\"page_area\":%llu,\"occupancy\":",
           c.problems || c.missing ? "false" : "true", (unsigned)c.rects, (unsigned)c.num_pages,
           (unsigned long long)c.luxels, (unsigned long long)c.area);
    json_num(c.area ? (double)c.luxels / (double)c.area : 0.0);
    printf(",\"missing\":%u,\"problems\":%u,\"first\":[", (unsigned)c.missing, (unsigned)c.problems);
    for (k = 0; k < c.shown; k++) printf("%s%s", k ? "," : "", c.first[k]);
    printf("]}\n");
    rc = c.problems || c.missing ? TOOL_EXIT_FAIL : TOOL_EXIT_OK;
done:
    for (k = 0; c.pages && k < c.num_pages; k++) {
        free(c.pages[k].px);
        free(c.pages[k].used);
    }
    free(c.pages);
    free(c.state);
    free(c.texels);
    json_free(&root);
    free(text);
    unload_map(&L);
    return rc;
}
