/* SPDX-License-Identifier: MIT */
/* The guide's spawn_static_props: on a generated Source map it spawns
 * exactly the props bspgen wrote (MAP's .props file: "prop I MODEL_INDEX
 * NAME X Y Z ..." lines), each with its model name and origin, console
 * maps unpacked through engine_alloc; every other family has none, and
 * bsp_static_props_find says unsupported. */
#include "harness.h"

static int spawned, allocs, frees;
static char names[64][128];
static float origins[64][3];

static void *engine_alloc(uint32_t bytes)
{
    allocs++;
    return malloc(bytes ? bytes : 1);
}
static void engine_free(void *p)
{
    if (p) frees++;
    free(p);
}
static void spawn_prop(const char *name, uint32_t len, const float origin[3], const float angles[3])
{
    (void)angles;
    if (spawned < 64 && len < 128) {
        memcpy(names[spawned], name, len);
        names[spawned][len] = 0;
        memcpy(origins[spawned], origin, sizeof origins[0]);
    }
    spawned++;
}

#include GUIDE_BLOCK

int main(int argc, char **argv)
{
    bsp_map m;
    bsp_game_lump g;
    char path[4096], line[512];
    FILE *f;
    int n, want = 0;
    if (argc < 2) guide_fail("usage: props MAP");
    guide_load(argv[1], BSP_LOAD_ALL, &m);
    n = spawn_static_props(&m);
    if (n != spawned) guide_fail("%s: returned %d, spawned %d", argv[1], n, spawned);
    if (allocs != frees) guide_fail("%s: %d allocations, %d frees", argv[1], allocs, frees);
    if (bsp_map_family(&m) != BSP_FAMILY_SOURCE) {
        bsp_status st = bsp_static_props_find(&m, &g);
        if (n != 0 || st != BSP_E_UNSUPPORTED)
            guide_fail("%s: not Source, yet %d props (find: %s)", argv[1], n, bsp_status_name(st));
        printf("%s: no static props (unsupported)\n", argv[1]);
        return 0;
    }
    snprintf(path, sizeof path, "%.*s.props", (int)(strlen(argv[1]) - 4), argv[1]);
    if (!(f = fopen(path, "r"))) guide_fail("%s: no %s", argv[1], path);
    while (fgets(line, sizeof line, f)) {
        int i, model;
        char name[256];
        float o[3];
        if (sscanf(line, "prop %d %d %255s %f %f %f", &i, &model, name, &o[0], &o[1], &o[2]) != 6) continue;
        if (i >= spawned || strcmp(names[i], name) || memcmp(origins[i], o, sizeof o))
            guide_fail("%s: prop %d is not %s at %g %g %g", argv[1], i, name, o[0], o[1], o[2]);
        want++;
    }
    fclose(f);
    if (want != spawned) guide_fail("%s: %d props spawned, bspgen wrote %d", argv[1], spawned, want);
    printf("%s: %d props spawned as written%s\n", argv[1], spawned, allocs ? ", unpacked" : "");
    return 0;
}
