/* SPDX-License-Identifier: MIT */
/* cmd_atlas.c - bspkit atlas: every lit (face, slot) block of a map packed
 * by the library (bsp_measure_atlas, bsp_atlas_build) into square pages
 * with a border of 1, written as DIR/atlas.json (docs/queries.md 11.7's
 * layout) and the pages, raw RGB rows or PNG. Quake 3's lightmap pages
 * are blocks of their own, listed under "lightmaps" (the contract's rects
 * are (face, slot) blocks, which Quake 3 has none of). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "../pictures/png_write.h"
#include "commands.h"
#include "light_args.h"

static const char atlas_usage[] =
    "usage: bspkit atlas MAP DIR [--page N] [--png] [--hdr] [--lit FILE | --no-lit] [--forward]\n"
    "  every lit (face, slot) lightmap block packed onto N x N pages (default\n"
    "  512) with a border of 1: DIR/atlas.json and DIR/pageK.rgb (--png:\n"
    "  pageK.png); one summary line\n";

static int write_json(const char *dir, const bsp_atlas *a, int png)
{
    char path[4200];
    FILE *f;
    uint32_t k, lightmaps = 0;
    snprintf(path, sizeof path, "%s/atlas.json", dir);
    if (!(f = fopen(path, "w"))) return report_io_error("bspkit atlas", "cannot write", path, errno);
    fprintf(f, "{\"atlas\":1,\"format\":\"rgb8\",\"border\":%u,\n\"pages\":[", (unsigned)a->border);
    for (k = 0; k < a->pages; k++)
        fprintf(f, "%s{\"page\":%u,\"width\":%u,\"height\":%u,\"file\":\"page%u.%s\"}", k ? ",\n" : "\n",
                (unsigned)k, (unsigned)a->page_width, (unsigned)a->page_height, (unsigned)k, png ? "png" : "rgb");
    fprintf(f, "],\n\"rects\":[");
    for (k = 0; k < a->num_rects; k++) {
        const bsp_atlas_rect *r = &a->rects[k];
        if (r->face < 0) {
            lightmaps++;
            continue;
        }
        fprintf(f, "%s{\"face\":%d,\"slot\":%u,\"page\":%u,\"x\":%u,\"y\":%u,\"w\":%u,\"h\":%u}",
                k - lightmaps ? ",\n" : "\n", (int)r->face, (unsigned)r->slot, (unsigned)r->page,
                (unsigned)r->x, (unsigned)r->y, (unsigned)r->w, (unsigned)r->h);
    }
    fprintf(f, "]");
    if (lightmaps) {
        fprintf(f, ",\n\"lightmaps\":[");
        for (k = 0; k < a->num_rects; k++) {
            const bsp_atlas_rect *r = &a->rects[k];
            fprintf(f, "%s{\"lightmap\":%d,\"page\":%u,\"x\":%u,\"y\":%u,\"w\":%u,\"h\":%u}", k ? ",\n" : "\n",
                    (int)r->lightmap, (unsigned)r->page, (unsigned)r->x, (unsigned)r->y, (unsigned)r->w,
                    (unsigned)r->h);
        }
        fprintf(f, "]");
    }
    fprintf(f, "}\n");
    if (fclose(f)) return report_io_error("bspkit atlas", "cannot write", path, errno);
    return 0;
}

static int write_pages(const char *dir, const bsp_atlas *a, int png)
{
    char path[4200];
    uint32_t k;
    for (k = 0; k < a->pages; k++) {
        const uint8_t *px = a->pixels + (size_t)k * a->page_bytes;
        snprintf(path, sizeof path, "%s/page%u.%s", dir, (unsigned)k, png ? "png" : "rgb");
        if (png) {
            if (png_write_rgb(path, (int)a->page_width, (int)a->page_height, px))
                return report_io_error("bspkit atlas", "cannot write", path, errno);
        } else {
            FILE *f = fopen(path, "wb");
            if (!f || fwrite(px, 1, a->page_bytes, f) != a->page_bytes || fclose(f)) {
                int e = errno;
                return report_io_error("bspkit atlas", "cannot write", path, e);
            }
        }
    }
    return 0;
}

int cmd_atlas(int argc, char **argv)
{
    const char *page_arg = NULL;
    int png = 0, rc;
    const light_opt opts[] = { { "--page", &page_arg, NULL }, { "--png", NULL, &png } };
    bsp_atlas_params p;
    bsp_atlas_size size;
    bsp_atlas a;
    bsp_status st;
    void *scratch = NULL, *mem = NULL;
    light_args la;
    loaded L;
    long page = 512;
    rc = light_args_parse("bspkit atlas", atlas_usage, argc, argv, 1, opts, 2, &la);
    if (rc >= 0) return rc;
    if (page_arg) {
        char *end;
        page = strtol(page_arg, &end, 10);
        if (end == page_arg || *end || page < 1 || page > (long)BSP_ATLAS_PAGE_MAX)
            return usage_error("bspkit atlas", "--page N: a whole number from 1 to %u", (unsigned)BSP_ATLAS_PAGE_MAX);
    }
    if (png && !png_write_available()) {
        fprintf(stderr, "%s\n", PNG_WRITE_MISSING);
        return PNG_WRITE_MISSING_STATUS;
    }
    if (load_map(&L, la.path, BSP_LOAD_GEOMETRY, la.hdr, la.forward)) return TOOL_EXIT_FAIL;
    memset(&p, 0, sizeof p);
    p.page_width = p.page_height = (uint32_t)page;
    p.border = 1;
    p.slots = 0xffu;
    p.format = BSP_TEXELS_RGB8;
    st = bsp_measure_atlas(&L.map, &p, NULL, 0, &size);
    if (st == BSP_E_ARENA_TOO_SMALL) {
        if (!(scratch = tool_alloc(size.scratch_bytes))) {
            unload_map(&L);
            return tool_out_of_memory("the atlas's rects", (uint32_t)size.scratch_bytes);
        }
        st = bsp_measure_atlas(&L.map, &p, scratch, size.scratch_bytes, &size);
    }
    free(scratch);
    if (st == BSP_E_BAD_ARGUMENT && size.min_page_width) {
        unload_map(&L);
        return usage_error("bspkit atlas", "--page %ld is smaller than the largest block with its border (%u x %u)",
                           page, (unsigned)size.min_page_width, (unsigned)size.min_page_height);
    }
    if (st == BSP_OK && !(mem = tool_alloc(size.bytes))) {
        unload_map(&L);
        return tool_out_of_memory("the atlas", (uint32_t)size.bytes);
    }
    if (st == BSP_OK) st = bsp_atlas_build(&L.map, &p, NULL, mem, size.bytes, NULL, &a);
    if (st != BSP_OK) {
        int urc = st == BSP_E_UNSUPPORTED ? tool_access_unsupported(la.path, &L.map)
                                         : print_error_json(bsp_status_name(st));
        free(mem);
        unload_map(&L);
        return urc;
    }
    if (mkdir(la.dir, 0777) && errno != EEXIST) {
        rc = report_io_error("bspkit atlas", "cannot make", la.dir, errno);
    } else if (!(rc = write_pages(la.dir, &a, png)) && !(rc = write_json(la.dir, &a, png))) {
        double area = (double)a.pages * a.page_width * a.page_height;
        printf("{\"atlas\":");
        json_string(la.dir, strlen(la.dir));
        printf(",\"page\":%u,\"pages\":%u,\"rects\":%u,\"luxels\":%llu,\"page_area\":%.0f,\"occupancy\":",
               (unsigned)a.page_width, (unsigned)a.pages, (unsigned)a.num_rects, (unsigned long long)a.luxels, area);
        json_num(area > 0 ? (double)a.luxels / area : 0.0);
        printf("}\n");
    }
    free(mem);
    unload_map(&L);
    return rc;
}
