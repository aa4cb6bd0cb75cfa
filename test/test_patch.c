/* SPDX-License-Identifier: MIT */
/* test_patch.c - Quake 3 patch collision (loader/collision/patch_q3.c) on a
 * real map, without the loader: every patch surface of the file is built
 * (measure, then build into exactly the bytes measure said), its counts
 * printed the way the engine harness and test/patch_ref.py print them, and
 * trace lines read from stdin answered against the patches alone.
 *
 *   test_patch MAP.bsp              one line per patch surface:
 *                                   "S facets F planes P borders B maxborders M"
 *   test_patch MAP.bsp --trace      the counts on stderr; each stdin line
 *                                   "trace sx sy sz ex ey ez [mins maxs] [mask M] [model K]"
 *                                   answered on stdout (other lines skipped)
 *
 * The patches-alone trace (the same in test/patch_ref.py): the box made
 * symmetric (docs/queries.md 8.3 step 1), then every patch surface whose
 * shader's contentFlags meet the mask (default 0x2010001), in surface order:
 * start == end: the position test, the first patch inside gives startsolid,
 * allsolid, fraction 0 and its contents; otherwise the sweep, a patch that
 * lowers the fraction gives its contents, and the trace stops at fraction 0.
 * The model is ignored.
 *
 * Build (from the repository's top):
 *   cc -std=c99 -Wall -Wextra -Werror -pedantic -ffp-contract=off -O2 -Iloader \
 *      test/test_patch.c loader/collision/patch_q3.c -o build/test_patch
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../loader/collision/patch_q3.h"

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

typedef struct patch_entry {
    uint32_t surface;
    int32_t contents;
    void *data;
} patch_entry;

int main(int argc, char **argv)
{
    FILE *f;
    long size;
    uint8_t *file;
    const uint8_t *surfs, *verts, *shaders;
    uint32_t nsurf, nverts, nshaders, s, npatches = 0, errors = 0;
    patch_entry *patches;
    void *scratch;
    int trace_mode = argc > 2 && !strcmp(argv[2], "--trace");
    FILE *stats = trace_mode ? stderr : stdout;
    char line[1024];

    if (argc < 2) {
        fprintf(stderr, "usage: test_patch MAP.bsp [--trace]\n");
        return 2;
    }
    f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    file = malloc((size_t)size + 4);
    if (!file || fread(file, 1, (size_t)size, f) != (size_t)size) {
        fprintf(stderr, "%s: read error\n", argv[1]);
        return 2;
    }
    fclose(f);
    if (size < 8 + 17 * 8 || memcmp(file, "IBSP", 4)) {
        fprintf(stderr, "%s: not a Quake 3 map\n", argv[1]);
        return 2;
    }
    {
        uint32_t lumps[3] = {1, 10, 13}, rec[3] = {72, 44, 104}, k;
        const uint8_t *at[3];
        uint32_t count[3];
        for (k = 0; k < 3; k++) {
            uint32_t ofs = le32(file + 8 + 8 * lumps[k]), len = le32(file + 12 + 8 * lumps[k]);
            if (ofs > (uint32_t)size || len > (uint32_t)size - ofs || (ofs & 3)) {
                fprintf(stderr, "%s: bad lump %u\n", argv[1], lumps[k]);
                return 2;
            }
            at[k] = file + ofs;
            count[k] = len / rec[k];
        }
        shaders = at[0], verts = at[1], surfs = at[2];
        nshaders = count[0], nverts = count[1], nsurf = count[2];
    }
    patches = calloc(nsurf ? nsurf : 1, sizeof *patches);
    scratch = malloc(BSP__Q3_PATCH_SCRATCH);
    if (!patches || !scratch) return 2;

    for (s = 0; s < nsurf; s++) {
        const uint8_t *r = surfs + 104u * s;
        int32_t shader = (int32_t)le32(r), first = (int32_t)le32(r + 12);
        int32_t w = (int32_t)le32(r + 96), h = (int32_t)le32(r + 100);
        bsp__q3_patch_sizes sz;
        bsp_status st;
        void *out;
        uint32_t i, nf, maxb = 0;
        if (le32(r + 8) != 2) continue;
        if (shader < 0 || (uint32_t)shader >= nshaders || w <= 0 || h <= 0 || w * h > 1024 || first < 0
            || (uint32_t)first + (uint32_t)(w * h) > nverts) {
            fprintf(stats, "%u corrupt (surface record)\n", s);
            errors++;
            continue;
        }
        st = bsp__q3_patch_measure(verts + 44u * (uint32_t)first, 44, w, h, scratch,
                                   BSP__Q3_PATCH_SCRATCH, &sz);
        if (st != BSP_OK) {
            fprintf(stats, "%u status %d\n", s, (int)st);
            errors++;
            continue;
        }
        out = malloc(sz.bytes);
        /* a scratch full of junk: the build must not depend on it */
        memset(scratch, 0xa5, BSP__Q3_PATCH_SCRATCH);
        if (!out) return 2;
        if (bsp__q3_patch_build(verts + 44u * (uint32_t)first, 44, w, h, scratch, BSP__Q3_PATCH_SCRATCH,
                                out, sz.bytes - 1) != BSP_E_BAD_ARGUMENT) {
            fprintf(stats, "%u: build accepted a short output\n", s);
            errors++;
        }
        st = bsp__q3_patch_build(verts + 44u * (uint32_t)first, 44, w, h, scratch, BSP__Q3_PATCH_SCRATCH,
                                 out, sz.bytes);
        if (st != BSP_OK || bsp__q3_patch_bytes(out) != sz.bytes
            || bsp__q3_patch_num_planes(out) != sz.planes || bsp__q3_patch_num_facets(out) != sz.facets
            || bsp__q3_patch_num_borders(out) != sz.borders) {
            fprintf(stats, "%u: build disagrees with measure (status %d)\n", s, (int)st);
            errors++;
            free(out);
            continue;
        }
        nf = sz.facets;
        for (i = 0; i < nf; i++) {
            const uint8_t *fc = (const uint8_t *)out + bsp__q3_patch_u32(out, 20) + 8 * i;
            uint32_t nb = (uint32_t)fc[2] | (uint32_t)fc[3] << 8;
            if (nb > maxb) maxb = nb;
        }
        fprintf(stats, "%u facets %u planes %u borders %u maxborders %u\n", s, sz.facets, sz.planes,
                sz.borders, maxb);
        patches[npatches].surface = s;
        patches[npatches].contents = (int32_t)le32(shaders + 72u * (uint32_t)shader + 68);
        patches[npatches].data = out;
        npatches++;
    }
    if (!trace_mode) return errors ? 1 : 0;

    while (fgets(line, sizeof line, stdin)) {
        char *tok[32];
        int nt = 0, k;
        char *p = strtok(line, " \t\r\n");
        float v[12] = {0}, size0[3], size1[3], st3[3], en3[3];
        uint32_t mask = 0x2010001u, i;
        bsp__q3_patch_move mv;
        bsp__q3_patch_hit hit;
        int startsolid = 0, allsolid = 0, has_plane = 0;
        int32_t contents = 0;
        while (p && nt < 31) {
            tok[nt++] = p;
            p = strtok(NULL, " \t\r\n");
        }
        if (nt < 7 || strcmp(tok[0], "trace")) continue;
        for (k = 0; k < 6; k++) v[k] = strtof(tok[1 + k], NULL);
        k = 7;
        if (nt >= 13 && strcmp(tok[7], "mask") && strcmp(tok[7], "model")) {
            for (; k < 13; k++) v[k - 1] = strtof(tok[k], NULL);
        }
        for (; k + 1 < nt; k += 2) {
            if (!strcmp(tok[k], "mask")) mask = (uint32_t)strtoul(tok[k + 1], NULL, 0);
        }
        for (i = 0; i < 3; i++) {
            float off = bsp__fmul(bsp__fadd(v[6 + i], v[9 + i]), 0.5f);
            size0[i] = bsp__fsub(v[6 + i], off);
            size1[i] = bsp__fsub(v[9 + i], off);
            st3[i] = bsp__fadd(v[i], off);
            en3[i] = bsp__fadd(v[3 + i], off);
        }
        bsp__q3_patch_move_init(&mv, st3, en3, size0, size1);
        hit.fraction = 1.0f;
        if (v[0] == v[3] && v[1] == v[4] && v[2] == v[5]) {
            for (i = 0; i < npatches; i++) {
                if (!((uint32_t)patches[i].contents & mask)) continue;
                if (bsp__q3_patch_position(patches[i].data, &mv)) {
                    startsolid = allsolid = 1;
                    hit.fraction = 0;
                    contents = patches[i].contents;
                    break;
                }
            }
        } else {
            for (i = 0; i < npatches; i++) {
                float old = hit.fraction;
                if (!((uint32_t)patches[i].contents & mask)) continue;
                if (bsp__q3_patch_trace(patches[i].data, &mv, &hit)) has_plane = 1;
                if (hit.fraction < old) contents = patches[i].contents;
                if (hit.fraction == 0) break;
            }
        }
        printf("fraction %.9g startsolid %d allsolid %d contents %d", hit.fraction, startsolid, allsolid,
               (int)contents);
        if (has_plane && hit.fraction < 1 && !allsolid)
            printf(" normal %.9g %.9g %.9g dist %.9g", hit.normal[0], hit.normal[1], hit.normal[2], hit.dist);
        printf("\n");
    }
    return errors ? 1 : 0;
}
