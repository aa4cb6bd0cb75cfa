/* SPDX-License-Identifier: MIT */
/* consumer.c - a program as an engine would write it against an installed
 * bspkit (pkg-config, CMake, or the amalgamation): only the public headers by
 * their installed names. Valid C and C++, built as both by the suite.
 *
 *   consumer MAP API   load MAP through the hosted file stream and check the
 *                      generator's expectations in API ("clusters N" and
 *                      "leafm MODEL X Y Z LEAF" lines; others are ignored)
 * Prints PASS/FAIL lines and exits non-zero on any failure. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bspkit.h"
#include "bsp_file.h"

static int failures;

/* check(ok, what, map): one line; a FAIL names the file and line */
#define check(ok, what, map) check_at(__FILE__, __LINE__, ok, what, map)
static void check_at(const char *file, int line, int ok, const char *what, const char *map)
{
    if (ok) printf("PASS consumer %s: %s\n", map, what);
    else printf("FAIL %s:%d: consumer %s: %s\n", file, line, map, what);
    if (!ok) failures++;
}

int main(int argc, char **argv)
{
    bsp_file f;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    bsp_options o = bsp_default_options(BSP_LOAD_QUERIES);
    uint32_t need = 0;
    void *arena;
    FILE *api;
    char line[512];
    int leafs = 0, leafs_ok = 0;

    if (argc != 3) {
        fprintf(stderr, "usage: consumer MAP API\n");
        return 2;
    }
    /* the header this program was compiled with and the library it runs
     * with are the same release */
    check(bsp_version() == (uint32_t)BSPKIT_VERSION_NUMBER, "bsp_version() equals BSPKIT_VERSION_NUMBER", argv[1]);
    if (bsp_file_open(&f, &s, argv[1], 0) != 0) {
        check(0, "bsp_file_open", argv[1]);
        return 1;
    }
    if (bsp_open(&h, &s) != BSP_OK || bsp_measure(&h, &o, &need) != BSP_OK) {
        check(0, "bsp_open and bsp_measure", argv[1]);
        return 1;
    }
    arena = malloc(need ? need : 1); /* malloc's alignment covers BSP_ARENA_ALIGN */
    check(arena && bsp_load(&m, &h, &s, arena, need, &o, &need) == BSP_OK, "bsp_load into a measured arena", argv[1]);
    bsp_file_close(&f);
    if (failures) return 1;

    api = fopen(argv[2], "r");
    if (!api) {
        check(0, "open the .api file", argv[2]);
        return 1;
    }
    while (fgets(line, sizeof line, api)) {
        unsigned model, want;
        int clusters;
        float p[3];
        uint32_t leaf = 0;
        if (sscanf(line, "leafm %u %f %f %f %u", &model, &p[0], &p[1], &p[2], &want) == 5) {
            leafs++;
            leafs_ok += bsp_point_leaf(&m, model, p, &leaf) == BSP_OK && leaf == want;
        } else if (sscanf(line, "clusters %d", &clusters) == 1) {
            check(bsp_num_clusters(&m) == (uint32_t)clusters, "cluster count as the generator wrote it", argv[1]);
        }
    }
    fclose(api);
    check(leafs > 0 && leafs_ok == leafs, "every point in the leaf the generator placed it in", argv[1]);
    printf("consumer: %d of %d points, bspkit %s\n", leafs_ok, leafs, bsp_version_string());
    free(arena);
    return failures != 0;
}
