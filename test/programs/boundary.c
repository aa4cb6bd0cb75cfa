/* SPDX-License-Identifier: MIT */
/* boundary.c - query sets that sit on the contract's decisions (issue 12).
 *
 *   boundary MAP SEEDS [MAX] > QUERIES
 *
 * From each seed point of SEEDS (a query file: leaf, luxel and light lines)
 * it moves one coordinate at a time until the host library's answer changes,
 * then bisects over the floats in between down to two neighbouring floats
 * with different answers. Those are the points where the rounding of a dot
 * product, a lightmap coordinate or a trace's crossing decides: a plane test
 * with d at or within an ulp of 0 (leaf, and the light trace along z, which
 * moves the start across a plane), floor(s + 0.5) at an x.5 step (luxel),
 * and the accept rectangle's edges or a face change (light along x and y).
 * It prints the two neighbours and the two floats further out on each side, as query
 * lines, at most MAX boundaries (default 40) of each kind.
 *
 * The set is made once on the host; every target runs it and its output
 * must equal the host's byte for byte. A target that kept a sum in wider
 * precision would put the step one or two ulps away and answer differently
 * at one of these points. Test code: libc allowed; library via its public
 * API only, so it finds decisions in every family alike. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../../loader/bspkit.h"
#include "../../platform/posix/bsp_file.h"

enum { KIND_LEAF, KIND_LUXEL, KIND_LIGHT, KINDS };
static const char *const kind_name[KINDS] = { "leaf", "luxel", "light" };

typedef struct answer {
    int status;
    int32_t a, b, c;
} answer;

static answer ask(const bsp_map *m, int kind, int32_t face, const float p[3])
{
    answer r;
    bsp_sample s;
    uint32_t leaf = 0;
    memset(&r, 0, sizeof r);
    if (kind == KIND_LEAF) {
        r.status = bsp_point_leaf(m, 0, p, &leaf);
        r.a = (int32_t)leaf;
        return r;
    }
    memset(&s, 0, sizeof s);
    r.status = kind == KIND_LUXEL ? bsp_luxel(m, face, p, 0, &s) : bsp_light_point(m, p, &s);
    if (r.status == BSP_OK) {
        r.a = s.face;
        r.b = s.s;
        r.c = s.t;
    }
    return r;
}

static int same(answer x, answer y)
{
    return x.status == y.status && x.a == y.a && x.b == y.b && x.c == y.c;
}

/* Floats in order as integers (-0 and +0 meet at 0), and back. */
static int64_t key_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return (u >> 31) ? -(int64_t)(u & 0x7fffffffu) : (int64_t)u;
}

static float float_of(int64_t k)
{
    uint32_t u = k < 0 ? (uint32_t)(-k) | 0x80000000u : (uint32_t)k;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static void emit(int kind, int32_t face, const float p[3])
{
    if (kind == KIND_LUXEL) printf("luxel %d ", (int)face);
    else printf("%s ", kind_name[kind]);
    printf("%.9g %.9g %.9g\n", (double)p[0], (double)p[1], (double)p[2]);
}

/* One boundary along `axis` from p within `reach` units, printed as four
 * points; 0 when the answer does not change there. */
static int boundary(const bsp_map *m, int kind, int32_t face, const float p[3], int axis, float reach)
{
    float q[3];
    answer at_lo;
    int64_t lo, hi, k;
    memcpy(q, p, sizeof q);
    at_lo = ask(m, kind, face, q);
    q[axis] = p[axis] + reach;
    if (same(at_lo, ask(m, kind, face, q))) return 0;
    /* lo keeps p's answer, hi the other; reach may be negative */
    lo = key_of(p[axis]);
    hi = key_of(q[axis]);
    while (hi - lo > 1 || lo - hi > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        q[axis] = float_of(mid);
        if (same(at_lo, ask(m, kind, face, q))) lo = mid;
        else hi = mid;
    }
    if (lo > hi) {
        k = lo;
        lo = hi;
        hi = k;
    }
    for (k = lo - 2; k <= hi + 2; k++) {
        q[axis] = float_of(k);
        emit(kind, face, q);
    }
    return 1;
}

int main(int argc, char **argv)
{
    static uint8_t arena[64u << 20] __attribute__((aligned(8)));
    static const float reach[] = { 1.0f, 8.0f, 64.0f, -1.0f, -8.0f, -64.0f };
    bsp_file file;
    bsp_stream stream;
    bsp_header header;
    bsp_map map;
    bsp_options opt = bsp_default_options(BSP_LOAD_LIGHTING);
    uint32_t need;
    int found[KINDS] = { 0, 0, 0 }, max = argc > 3 ? atoi(argv[3]) : 40;
    char line[256];
    FILE *seeds;

    if (argc < 3) {
        fprintf(stderr, "usage: boundary MAP SEEDS [MAX]\n");
        return 2;
    }
    if (bsp_file_open(&file, &stream, argv[1], 0) != 0 || bsp_open(&header, &stream) != BSP_OK ||
        bsp_measure(&header, &opt, &need) != BSP_OK || need > sizeof arena ||
        bsp_load(&map, &header, &stream, arena, sizeof arena, &opt, &need) != BSP_OK) {
        fprintf(stderr, "boundary: cannot load %s\n", argv[1]);
        return 1;
    }
    bsp_file_close(&file);
    seeds = fopen(argv[2], "r");
    if (!seeds) {
        fprintf(stderr, "boundary: cannot read %s\n", argv[2]);
        return 1;
    }
    while (fgets(line, sizeof line, seeds)) {
        float p[3];
        int kind, axis, face = 0;
        size_t r;
        if (sscanf(line, "leaf %f %f %f", &p[0], &p[1], &p[2]) == 3) kind = KIND_LEAF;
        else if (sscanf(line, "luxel %d %f %f %f", &face, &p[0], &p[1], &p[2]) == 4) kind = KIND_LUXEL;
        else if (sscanf(line, "light %f %f %f", &p[0], &p[1], &p[2]) == 3) kind = KIND_LIGHT;
        else continue;
        if (found[kind] >= max) continue;
        /* The nearest change along each axis, in either direction. */
        for (axis = 0; axis < 3 && found[kind] < max; axis++)
            for (r = 0; r < sizeof reach / sizeof reach[0]; r++)
                if (boundary(&map, kind, face, p, axis, reach[r])) {
                    found[kind]++;
                    break;
                }
    }
    fclose(seeds);
    fprintf(stderr, "boundary: %s: %d leaf, %d luxel, %d light boundaries\n", argv[1],
            found[KIND_LEAF], found[KIND_LUXEL], found[KIND_LIGHT]);
    return 0;
}
