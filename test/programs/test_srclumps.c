/* SPDX-License-Identifier: MIT */
/* test_srclumps.c - cubemaps and world lights (bspkit.h "Source cubemaps
 * and world lights"): the statuses in their order on every map given (not
 * loaded, another map's header, not a Source map, out of range), the
 * lights' records against their raw bytes read here by hand, and the
 * texture names vbsp gives (folders, ".bsp", case, 63 bytes, signs, a
 * buffer one byte short).
 *
 *   test_srclumps MAP...   (any family: non-Source maps give UNSUPPORTED) */
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "../common/files.h"
#include "../common/held.h"
#include "../../platform/memory/bsp_memstream.h"

static bsp_status load(held *H, const uint8_t *data, uint32_t size, bsp_options o)
{
    o.lzma_lclp_max = 12;
    return held_load(H, data, size, &o);
}

static int is_source(const bsp_header *h) { return !strcmp(bsp_family_name(h), "source"); }

static uint32_t get32(const uint8_t *p, int big)
{
    return big ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]
               : (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

/* Every light's fields against the lump's raw bytes, word by word: the
 * record is words (origin 0, intensity 3, normal 6, [offset 9,] then
 * cluster .. owner). */
static int lights_match(const bsp_world_lights *w, const uint8_t *raw, int big)
{
    uint32_t i, k, words = w->record_bytes / 4, head = words == 25 ? 12 : 9;
    for (i = 0; i < w->count; i++) {
        bsp_world_light l;
        uint32_t got[25];
        const uint8_t *r = raw + (size_t)i * w->record_bytes;
        if (bsp_world_light_get(w, i, &l) != BSP_OK) return 0;
        memcpy(got, l.origin, 12);
        memcpy(got + 3, l.intensity, 12);
        memcpy(got + 6, l.normal, 12);
        if (head == 12) memcpy(got + 9, l.shadow_cast_offset, 12);
        memcpy(got + head, &l.cluster, 4);
        memcpy(got + head + 1, &l.type, 4);
        memcpy(got + head + 2, &l.style, 4);
        memcpy(got + head + 3, &l.stopdot, 4);
        memcpy(got + head + 4, &l.stopdot2, 4);
        memcpy(got + head + 5, &l.exponent, 4);
        memcpy(got + head + 6, &l.radius, 4);
        memcpy(got + head + 7, &l.constant_attn, 4);
        memcpy(got + head + 8, &l.linear_attn, 4);
        memcpy(got + head + 9, &l.quadratic_attn, 4);
        memcpy(got + head + 10, &l.flags, 4);
        memcpy(got + head + 11, &l.texinfo, 4);
        memcpy(got + head + 12, &l.owner, 4);
        for (k = 0; k < words; k++)
            if (got[k] != get32(r + 4 * k, big)) return 0;
        if ((head == 12) != !!(l.fields & BSP_WL_SHADOW_CAST_OFFSET)) return 0;
        if (head == 9 && (l.shadow_cast_offset[0] != 0 || l.shadow_cast_offset[2] != 0)) return 0;
    }
    return 1;
}

static void check_map(const char *name, const uint8_t *data, uint32_t size)
{
    held A, Q;
    bsp_options all = bsp_default_options(BSP_LOAD_ALL), few = bsp_default_options(BSP_LOAD_QUERIES);
    bsp_world_lights w;
    bsp_cubemap c;
    uint32_t n, hdr;
    bsp_status st = load(&A, data, size, all);
    if (st != BSP_OK) {
        check_skip(name, "does not load");
        free(A.arena);
        return;
    }
    if (!is_source(&A.h)) {
        CHECK(bsp_cubemap_count(&A.m, &A.h, &n) == BSP_E_UNSUPPORTED &&
              bsp_world_lights_open(&A.m, &A.h, 0, &w) == BSP_E_UNSUPPORTED &&
              bsp_cubemap_get(&A.m, 0, &c) == BSP_E_UNSUPPORTED,
              name, "not a Source map: unsupported (the family has no such lump)");
        free(A.arena);
        return;
    }
    /* NULLs first */
    CHECK(bsp_cubemap_count(NULL, &A.h, &n) == BSP_E_BAD_ARGUMENT &&
          bsp_cubemap_count(&A.m, NULL, &n) == BSP_E_BAD_ARGUMENT &&
          bsp_cubemap_count(&A.m, &A.h, NULL) == BSP_E_BAD_ARGUMENT &&
          bsp_world_lights_open(&A.m, &A.h, 0, NULL) == BSP_E_BAD_ARGUMENT &&
          bsp_world_lights_open(NULL, &A.h, 0, &w) == BSP_E_BAD_ARGUMENT &&
          bsp_world_light_get(NULL, 0, NULL) == BSP_E_BAD_ARGUMENT &&
          bsp_cubemap_get(&A.m, 0, NULL) == BSP_E_BAD_ARGUMENT,
          name, "NULL pointers: bad_argument");
    /* the full load: cubemaps in range, out of range */
    st = bsp_cubemap_count(&A.m, &A.h, &n);
    CHECK(st == BSP_OK && n == A.h.lumps[42].size / 16 && bsp_cubemap_get(&A.m, n, &c) == BSP_E_BAD_QUERY &&
              (n == 0 || bsp_cubemap_get(&A.m, n - 1, &c) == BSP_OK),
          name, "%u cubemaps (%s), cubemap %u bad_query", (unsigned)n, bsp_status_name(st), (unsigned)n);
    for (hdr = 0; hdr < 2; hdr++) {
        uint32_t lump = hdr ? 54 : 15, raw_size = 0;
        const uint8_t *raw = bsp_lump(&A.m, lump, &raw_size);
        st = bsp_world_lights_open(&A.m, &A.h, (int)hdr, &w);
        if (st != BSP_OK) {
            CHECK((st == BSP_E_BAD_LUMP_VERSION && A.h.lumps[lump].version > 1) || st == BSP_E_CORRUPT,
                  name, "lump %u opens with %s", (unsigned)lump, bsp_status_name(st));
            continue;
        }
        CHECK(w.lump == lump && w.count * w.record_bytes == raw_size &&
                  (raw_size == 0 || w.record_bytes == (A.h.lumps[lump].version ? 100u : 88u)) &&
                  bsp_world_light_get(&w, w.count, &(bsp_world_light){0}) == BSP_E_BAD_QUERY &&
                  lights_match(&w, raw, A.h.big_endian),
              name, "lump %u: %u lights of %u bytes, every field as its bytes (version %u)",
              (unsigned)lump, (unsigned)w.count, (unsigned)w.record_bytes, (unsigned)w.version);
    }
    /* loaded without the lumps: not_loaded where the file has them */
    if (load(&Q, data, size, few) == BSP_OK) {
        int has42 = A.h.lumps[42].size != 0, has15 = A.h.lumps[15].size != 0;
        st = bsp_cubemap_count(&Q.m, &Q.h, &n);
        CHECK(st == (has42 ? BSP_E_NOT_LOADED : BSP_OK) && n == 0 &&
                  bsp_world_lights_open(&Q.m, &Q.h, 0, &w) == (has15 ? BSP_E_NOT_LOADED : BSP_OK) &&
                  w.count == 0 && w.data == NULL,
              name, "loaded without lumps 42, 15: %s", bsp_status_name(st));
        /* another map's header: lump sizes that differ */
        if (has15) {
            bsp_header other = A.h;
            other.lumps[15].size += 88 * 100;
            CHECK(bsp_world_lights_open(&A.m, &other, 0, &w) == BSP_E_BAD_ARGUMENT,
                  name, "a header whose lump 15 differs: bad_argument");
        }
        if (has42) {
            bsp_header other = A.h;
            other.lumps[42].size += 16;
            CHECK(bsp_cubemap_count(&A.m, &other, &n) == BSP_E_BAD_ARGUMENT,
                  name, "a header whose lump 42 differs: bad_argument");
        }
    }
    free(Q.arena);
    free(A.arena);
}

static void name_is(const char *map, int32_t x, int32_t y, int32_t z, int hdr, const char *want)
{
    bsp_cubemap c;
    char out[160];
    uint32_t len = 99;
    bsp_status st;
    c.origin[0] = x, c.origin[1] = y, c.origin[2] = z, c.size = 0;
    memset(out, '#', sizeof out);
    st = bsp_cubemap_texture_name(&c, map, hdr, out, sizeof out, &len);
    CHECK(st == BSP_OK && len == strlen(want) && !strcmp(out, want), "texture name",
          "\"%s\" (%d, %d, %d)%s -> \"%s\" (%s, len %u)", map, (int)x, (int)y, (int)z,
          hdr ? " hdr" : "", st == BSP_OK ? out : "", bsp_status_name(st), (unsigned)len);
}

static void check_names(void)
{
    char out[128], long_name[100];
    uint32_t len = 0, k;
    bsp_cubemap c = {{1, -2, 3}, 0};
    name_is("cp_Well", 128, -64, 0, 0, "materials/maps/cp_well/c128_-64_0.vtf");
    name_is("maps/cp_well.bsp", 128, -64, 0, 1, "materials/maps/cp_well/c128_-64_0.hdr.vtf");
    name_is("C:\\Games\\TF\\maps\\CTF_2Fort.BSP", -1, 0, 2147483647, 0,
            "materials/maps/ctf_2fort/c-1_0_2147483647.vtf");
    name_is("de_dust2_v1.5", -2147483647 - 1, 7, -7, 0,
            "materials/maps/de_dust2_v1.5/c-2147483648_7_-7.vtf");
    name_is("a.bsp.bsp", 0, 0, 0, 0, "materials/maps/a.bsp/c0_0_0.vtf");
    for (k = 0; k < 70; k++) long_name[k] = (char)('A' + k % 26);
    long_name[70] = '\0';
    name_is(long_name, 1, 2, 3, 0,
            "materials/maps/abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk/c1_2_3.vtf");
    CHECK(bsp_cubemap_texture_name(&c, "maps/.bsp", 0, out, sizeof out, &len) == BSP_E_BAD_ARGUMENT &&
              bsp_cubemap_texture_name(&c, "maps/", 0, out, sizeof out, &len) == BSP_E_BAD_ARGUMENT &&
              bsp_cubemap_texture_name(NULL, "x", 0, out, sizeof out, &len) == BSP_E_BAD_ARGUMENT &&
              bsp_cubemap_texture_name(&c, NULL, 0, out, sizeof out, &len) == BSP_E_BAD_ARGUMENT &&
              bsp_cubemap_texture_name(&c, "x", 0, out, sizeof out, NULL) == BSP_E_BAD_ARGUMENT,
          "texture name", "empty names and NULLs: bad_argument");
    /* "materials/maps/x/c1_-2_3.vtf" is 28 bytes: 28 do not hold the NUL */
    memset(out, '#', sizeof out);
    CHECK(bsp_cubemap_texture_name(&c, "x", 0, out, 28, &len) == BSP_E_BAD_ARGUMENT && len == 28 &&
              out[0] == '#' && bsp_cubemap_texture_name(&c, "x", 0, NULL, 0, &len) == BSP_E_BAD_ARGUMENT &&
              len == 28 && bsp_cubemap_texture_name(&c, "x", 0, out, 29, &len) == BSP_OK &&
              len == 28 && out[28] == '\0' && out[29] == '#',
          "texture name", "a buffer one byte short: bad_argument, the length, nothing written");
}

int main(int argc, char **argv)
{
    int i;
    check_names();
    for (i = 1; i < argc; i++) {
        uint32_t size;
        uint8_t *data = read_file(argv[i], &size);
        if (!data) {
            check_report(0, argv[i], "cannot read");
            continue;
        }
        check_map(argv[i], data, size);
        free(data);
    }
    printf("%d passed, %d failed\n", check_counts.passed, check_counts.failed);
    return check_counts.failed != 0;
}
