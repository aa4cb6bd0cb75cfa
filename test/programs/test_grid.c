/* SPDX-License-Identifier: MIT */
/* test_grid.c - bsp_ambient_style's statuses around the Quake family's
 * light grid (docs/queries.md 10.5; the answers themselves are compared
 * with the reference by suite part 38).
 *
 *   test_grid GRID_MAP NO_GRID_MAP SOURCE_MAP
 *
 * GRID_MAP has a valid LIGHTGRID_OCTREE (build/maps/grid/q1_grid.bsp),
 * NO_GRID_MAP is of the same family without one, SOURCE_MAP a Source map
 * with ambient data. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "core/map.h"
#include "../common/files.h"
#include "../../loader/bspkit.h"
#include "../../platform/memory/bsp_memstream.h"

typedef struct held {
    uint8_t *file, *arena;
    bsp_map m;
    bsp_status st;
} held;

static void load(held *h, const char *path, uint32_t sets)
{
    uint32_t size, need = 0;
    bsp_stream s;
    bsp_memstream ms;
    bsp_header hd;
    bsp_options o = bsp_default_options(sets);
    memset(h, 0, sizeof *h);
    h->file = read_file(path, &size);
    h->st = BSP_E_IO;
    if (!h->file) return;
    bsp_memstream_init(&ms, &s, h->file, size);
    if ((h->st = bsp_open(&hd, &s)) != BSP_OK || (h->st = bsp_measure(&hd, &o, &need)) != BSP_OK) return;
    h->arena = malloc(need ? need : 1);
    h->st = bsp_load(&h->m, &hd, &s, h->arena, need, &o, NULL);
}

static void drop(held *h)
{
    free(h->arena);
    free(h->file);
}

/* The first point of a 16-unit lattice around the origin with an answer:
 * 1 when one was found. */
static int answered(const bsp_map *m, float p[3], bsp_ambient_light *a)
{
    int i;
    for (i = 0; i < 4096; i++) {
        p[0] = (float)(i % 16) * 16.0f - 128.0f;
        p[1] = (float)(i / 16 % 16) * 16.0f - 128.0f;
        p[2] = (float)(i / 256) * 16.0f - 128.0f;
        if (bsp_ambient(m, p, a) == BSP_OK) return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    held g, lean, none, src;
    bsp_ambient_light a, b;
    float p[3] = { 0, 0, 0 }, bad[3] = { 0, 0, NAN };
    int found;

    if (argc < 4) {
        printf("FAIL test_grid: usage: test_grid GRID_MAP NO_GRID_MAP SOURCE_MAP\n");
        return 1;
    }
    load(&g, argv[1], BSP_LOAD_LIGHTING);
    check_report(g.st == BSP_OK && bsp__map_c(&g.m)->light_grid != NULL, "grid: the lighting set parses the grid",
                 "status %s", bsp_status_name(g.st));
    if (g.st != BSP_OK) return 1;
    found = answered(&g.m, p, &a);
    check_report(found && a.kind == BSP_AMBIENT_OCTREE && a.mask != 0, "grid: a point with data answers",
                 "none of 4096 points did");
    check_report(bsp_ambient_style(&g.m, p, 0, &b) == BSP_OK && !memcmp(&a, &b, sizeof a),
                 "grid: style 0 is bsp_ambient", "differs");
    check_report(bsp_ambient_style(&g.m, p, 256, &b) == BSP_E_BAD_QUERY, "grid: style 256 is bad_query",
                 "other status");
    check_report(bsp_ambient_style(&g.m, bad, 0, &b) == BSP_E_BAD_QUERY, "grid: a NaN point is bad_query",
                 "other status");
    check_report(bsp_ambient_style(&g.m, p, 0, NULL) == BSP_E_BAD_ARGUMENT &&
                 bsp_ambient_style(NULL, p, 0, &b) == BSP_E_BAD_ARGUMENT,
                 "grid: NULL map or result is bad_argument", "other status");
    {
        float far[3] = { 1e30f, 0, 0 };
        bsp_status st = bsp_ambient_style(&g.m, far, 0, &b);
        check_report(st == BSP_E_NO_AMBIENT, "grid: a point far outside the grid is no_ambient", "status %s",
                     bsp_status_name(st));
    }
    drop(&g);

    load(&lean, argv[1], BSP_LOAD_QUERIES);
    check_report(lean.st == BSP_OK && bsp__map_c(&lean.m)->light_grid == NULL &&
                 bsp_ambient(&lean.m, p, &b) == BSP_E_NOT_LOADED,
                 "grid: loaded without the lighting set, ambient is not_loaded", "status %s",
                 bsp_status_name(lean.st == BSP_OK ? bsp_ambient(&lean.m, p, &b) : lean.st));
    drop(&lean);

    load(&none, argv[2], BSP_LOAD_LIGHTING);
    check_report(none.st == BSP_OK && bsp_ambient(&none.m, p, &b) == BSP_E_UNSUPPORTED &&
                 bsp_ambient_style(&none.m, p, 7, &b) == BSP_E_UNSUPPORTED,
                 "grid: a map without a grid is unsupported, as before", "status %s",
                 bsp_status_name(none.st));
    check_report(none.st == BSP_OK && bsp_ambient_style(&none.m, p, 300, &b) == BSP_E_BAD_QUERY,
                 "grid: a bad style comes before unsupported", "other status");
    drop(&none);

    load(&src, argv[3], BSP_LOAD_LIGHTING);
    check_report(src.st == BSP_OK && bsp_ambient_style(&src.m, p, 1, &b) == BSP_E_BAD_QUERY,
                 "grid: source takes no light style", "other status");
    check_report(src.st == BSP_OK && bsp_ambient_style(&src.m, p, 0, &b) == bsp_ambient(&src.m, p, &a),
                 "grid: source with style 0 answers as bsp_ambient", "differs");
    drop(&src);
    return check_counts.failed ? 1 : 0;
}
