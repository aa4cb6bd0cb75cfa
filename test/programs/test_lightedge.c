/* SPDX-License-Identifier: MIT */
/* test_lightedge.c - the LDR/HDR choice of docs/queries.md 4 and 7 when lumps are
 * empty, on generated Source maps whose directory entries are emptied here
 * (filelen 0) one combination at a time.
 *
 *   test_lightedge V21_LDR_HDR.bsp V19_LDR_HDR.bsp
 *
 * The first map carries LDR and HDR faces, lighting and ambient pairs whose
 * bytes all differ (test/gen), so each answer shows which pair it came from:
 * the untouched map loaded with prefer_hdr 0 and 1 gives the LDR and HDR
 * answers every emptied variant is compared with. The second has 56-byte
 * leaves and no ambient lumps: its in-leaf cubes do not depend on the
 * lighting lumps.
 *
 * Also the Quake 3 gridsize value (docs/queries.md 7: sscanf("%f %f %f")):
 * bsp__q3_gridsize on entity texts against the host C library's sscanf,
 * decimal, hexadecimal and malformed values.
 */
#include <stdlib.h>
#include <string.h>

#include "../../loader/bspkit.h"
#include "../../loader/family/family.h"
#include "../../loader/query/query.h"
#include "../../platform/memory/bsp_memstream.h"
#include "../common/check.h"
#include "../common/files.h"

enum { FACES = 7, LIGHTING = 8, AMB_INDEX_HDR = 51, AMB_INDEX = 52, LIGHTING_HDR = 53,
       AMB_LIGHTING_HDR = 55, AMB_LIGHTING = 56, FACES_HDR = 58 };

typedef struct answers {
    bsp_status light_st, amb_st;
    bsp_sample light;
    bsp_ambient_light amb;
} answers;

static const float point[3] = { 131.28125f, 130.15625f, 65.40625f }; /* room 0, over its lit floor */

/* A copy of the file with the listed lumps' lengths set to 0. */
static uint8_t *emptied(const uint8_t *data, uint32_t size, const int *lumps, int n)
{
    uint8_t *d = malloc(size);
    int k;
    memcpy(d, data, size);
    for (k = 0; k < n; k++) memset(d + 8 + 16 * lumps[k] + 4, 0, 4); /* {fileofs, filelen, ...}, little-endian */
    return d;
}

static bsp_status ask(const uint8_t *data, uint32_t size, int hdr, answers *a)
{
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    bsp_options o = bsp_default_options(BSP_LOAD_LIGHTING);
    uint32_t need;
    void *arena;
    bsp_status st;
    memset(a, 0, sizeof *a);
    o.prefer_hdr = hdr;
    bsp_memstream_init(&ms, &s, data, size);
    st = bsp_open(&h, &s);
    if (st == BSP_OK) st = bsp_measure(&h, &o, &need);
    if (st != BSP_OK) return st;
    arena = malloc(need ? need : 1);
    st = bsp_load(&m, &h, &s, arena, need, &o, NULL);
    if (st == BSP_OK) {
        a->light_st = bsp_light_point(&m, point, &a->light);
        a->amb_st = bsp_ambient(&m, point, &a->amb);
    }
    free(arena);
    return st;
}

static int same_light(const answers *a, const answers *b)
{
    return a->light_st == b->light_st &&
           (a->light_st != BSP_OK || (a->light.face == b->light.face && a->light.raw_len == b->light.raw_len &&
                                      !memcmp(a->light.raw, b->light.raw, a->light.raw_len)));
}

static int same_ambient(const answers *a, const answers *b)
{
    return a->amb_st == b->amb_st &&
           (a->amb_st != BSP_OK || (a->amb.first == b->amb.first && a->amb.count == b->amb.count &&
                                    !memcmp(a->amb.cube, b->amb.cube, sizeof a->amb.cube)));
}

typedef struct emptying {
    const char *what;
    int lumps[3], n, hdr;
    int light;   /* 0 LDR answer, 1 HDR answer, 2 no_lightmap (nothing lit is hit: face -1) */
    int ambient; /* 0 LDR, 1 HDR, 2 no_ambient */
} emptying;

static const emptying cases[] = {
    { "lighting lump 8 empty, 53 not: HDR faces, lighting and ambient pair", { LIGHTING }, 1, 0, 1, 1 },
    { "lumps 8 and 53 empty: LDR faces without light, LDR ambient pair", { LIGHTING, LIGHTING_HDR }, 2, 0, 2, 0 },
    { "face lump 7 empty: the HDR pairs", { FACES }, 1, 0, 1, 1 },
    { "LDR ambient index 52 empty: no_ambient, never the HDR pair", { AMB_INDEX }, 1, 0, 0, 2 },
    { "LDR ambient samples 56 empty: no_ambient", { AMB_LIGHTING }, 1, 0, 0, 2 },
    { "HDR ambient index 51 empty, HDR asked: no_ambient, never the LDR pair", { AMB_INDEX_HDR }, 1, 1, 1, 2 },
    { "HDR ambient samples 55 empty, LDR asked: the LDR pair", { AMB_LIGHTING_HDR }, 1, 0, 0, 0 },
    { "HDR faces 58 empty, HDR asked: the LDR pairs", { FACES_HDR }, 1, 1, 0, 0 },
    { "HDR lighting 53 empty, HDR asked: the LDR pairs (HDR only where both exist)", { LIGHTING_HDR }, 1, 1, 0, 0 },
    { "lumps 7 and 8 empty: the HDR pairs", { FACES, LIGHTING }, 2, 0, 1, 1 },
};

static void source_pairs(const char *name, const uint8_t *data, uint32_t size)
{
    answers ref[2], got;
    char label[256];
    int k;
    if (ask(data, size, 0, &ref[0]) != BSP_OK || ask(data, size, 1, &ref[1]) != BSP_OK) {
        CHECK(0, name, "does not load");
        return;
    }
    CHECK(ref[0].light_st == BSP_OK && ref[1].light_st == BSP_OK && ref[0].amb_st == BSP_OK &&
              ref[1].amb_st == BSP_OK && !same_light(&ref[0], &ref[1]) && !same_ambient(&ref[0], &ref[1]),
          name, "LDR and HDR answers must both exist and differ (light %s/%s, ambient %s/%s)",
          bsp_status_name(ref[0].light_st), bsp_status_name(ref[1].light_st), bsp_status_name(ref[0].amb_st),
          bsp_status_name(ref[1].amb_st));
    for (k = 0; k < (int)(sizeof cases / sizeof cases[0]); k++) {
        const emptying *c = &cases[k];
        uint8_t *d = emptied(data, size, c->lumps, c->n);
        bsp_status st = ask(d, size, c->hdr, &got);
        int light_ok, amb_ok;
        free(d);
        snprintf(label, sizeof label, "%s: %s", name, c->what);
        if (st != BSP_OK) {
            CHECK(0, label, "load: %s", bsp_status_name(st));
            continue;
        }
        light_ok = c->light == 2 ? got.light_st == BSP_OK && got.light.face == -1 : same_light(&got, &ref[c->light]);
        amb_ok = c->ambient == 2 ? got.amb_st == BSP_E_NO_AMBIENT : same_ambient(&got, &ref[c->ambient]);
        CHECK(light_ok && amb_ok, label, "light %s face %d, ambient %s (first %d count %d)",
              bsp_status_name(got.light_st), (int)got.light.face, bsp_status_name(got.amb_st), (int)got.amb.first,
              (int)got.amb.count);
    }
}

/* 56-byte leaves: the cube in the leaf, whatever the lighting lumps hold. */
static void in_leaf(const char *name, const uint8_t *data, uint32_t size)
{
    static const int none[] = { LIGHTING, LIGHTING_HDR };
    answers ref, got;
    uint8_t *d = emptied(data, size, none, 2);
    char label[256];
    snprintf(label, sizeof label, "%s: in-leaf cubes with both lighting lumps empty", name);
    if (ask(data, size, 0, &ref) != BSP_OK || ask(d, size, 0, &got) != BSP_OK) CHECK(0, label, "does not load");
    else
        CHECK(ref.amb_st == BSP_OK && ref.amb.first == -1 && same_ambient(&ref, &got), label,
              "ambient %s first %d, emptied %s", bsp_status_name(ref.amb_st), (int)ref.amb.first,
              bsp_status_name(got.amb_st));
    free(d);
}

/* Values whose reading glibc's sscanf and the contract agree on. (Left
 * out: an exponent mark without digits, "1e 32" or "0x1p 5": glibc takes
 * "1e" as 1 and goes on with 32, though C99 makes "1e" a matching failure;
 * the loader and the reference stop there.) */
static const char *const gridsizes[] = {
    "48 80 96", "96 x7 40", "  12\t34   56", "1e3 2E-1 .5", "+16 -0 32.", "abc", "", "7",
    "0x30 0x1.4p6 0x", "0X1P+4 0x.8p7 0x10p-1", "-0x40 0x1.000001p6 0xffffff8", "0x1.0000011p6 0x 32",
    "0xg 1 2", "0x1p5 6", "1.5e+1 4", "inf 1 2", "3.4e38 1e-45 0x1p-149", "123456789 0.1 1e-10",
};

#if BSPKIT_FAMILY_QUAKE3
static void gridsize_values(void)
{
    int k, a, bad = 0;
    char text[256], first[300] = "";
    for (k = 0; k < (int)(sizeof gridsizes / sizeof gridsizes[0]); k++) {
        float want[3] = { 64.0f, 64.0f, 128.0f }, got[3];
        bsp__map m;
        memset(&m, 0, sizeof m);
        snprintf(text, sizeof text, "{\n\"classname\" \"worldspawn\"\n\"gridsize\" \"%s\"\n}\n", gridsizes[k]);
        m.entities.data = (const uint8_t *)text;
        m.entities.count = (uint32_t)strlen(text);
        m.entities.stride = 1;
        sscanf(gridsizes[k], "%f %f %f", &want[0], &want[1], &want[2]);
        bsp__q3_gridsize(&m, got);
        for (a = 0; a < 3; a++)
            if (memcmp(&want[a], &got[a], sizeof want[a])) {
                if (!bad++)
                    snprintf(first, sizeof first, "\"%s\": axis %d is %.9g, sscanf reads %.9g", gridsizes[k], a,
                             (double)got[a], (double)want[a]);
                break;
            }
    }
    CHECK(bad == 0, "quake3 gridsize: decimal, hexadecimal and malformed values read as sscanf reads them",
          "%d of %d differ; first %s", bad, (int)(sizeof gridsizes / sizeof gridsizes[0]), first);
}
#endif

int main(int argc, char **argv)
{
    uint32_t size;
    uint8_t *data;
    int i;
#if BSPKIT_FAMILY_QUAKE3
    gridsize_values();
#endif
    if (argc != 3) {
        fprintf(stderr, "usage: test_lightedge V21_LDR_HDR.bsp V19_LDR_HDR.bsp\n");
        return 2;
    }
    for (i = 1; i < 3; i++) {
        const char *name = strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i];
        data = read_file(argv[i], &size);
        if (!data || size < 8 + 16 * 64) {
            CHECK(0, name, "cannot read %s", argv[i]);
            free(data);
            continue;
        }
        if (i == 1) source_pairs(name, data, size);
        else in_leaf(name, data, size);
        free(data);
    }
    return check_exit();
}
