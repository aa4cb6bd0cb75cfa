/* SPDX-License-Identifier: MIT */
/* test_patch.c - Quake 3 patch collision (cmodel/patch_build.c,
 * collision/patch_trace.c) on a
 * real map, without the loader: every patch surface of the file is built
 * (measure, then build into exactly the bytes measure said), its counts
 * printed the way the engine harness and test/patch_ref.py print them, and
 * trace lines read from stdin answered against the patches alone.
 *
 *   test_patch MAP.bsp              one line per patch surface:
 *                                   "S facets F planes P borders B maxborders M"
 *   test_patch --hostile            synthetic grids: the statuses of bad sizes,
 *                                   over-subdivided, too many facets, NaN, bad
 *                                   arguments; a flat patch's sweeps by hand
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
 * Built by the Makefile as build/t/test_patch; the suite runs --hostile
 * (part 43) and --load (part 54); the map modes print what the engine harness of the issue
 * printed, for comparisons by hand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../loader/collision/patch_trace.h"

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

typedef struct patch_entry {
    uint32_t surface;
    int32_t contents;
    void *data;
} patch_entry;

/* ---- synthetic grids ---- */

static int failures;

#define EXPECT(cond, what) do { if (!(cond)) { printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, what); failures++; } } while (0)

/* A grid of w x h points (x, y, z) as draw vertices of 44 bytes. */
static float *grid_of(int32_t w, int32_t h, float step, uint32_t seed, float bump)
{
    float *v = calloc((size_t)(w > 0 ? w : 1) * (size_t)(h > 0 ? h : 1) * 11 + 11, sizeof(float));
    int32_t i, j;
    for (j = 0; j < h; j++)
        for (i = 0; i < w; i++) {
            float *p = v + 11 * (j * w + i);
            p[0] = (float)(i - w / 2) * step;
            p[1] = (float)(j - h / 2) * step;
            seed = seed * 1103515245u + 12345u;
            p[2] = bump ? (float)((seed >> 16) % 1000) * bump : 0.0f;
        }
    return v;
}

static bsp_status measure(const float *v, int32_t w, int32_t h, void *scratch, bsp__q3_patch_sizes *sz)
{
    return bsp__q3_patch_measure((const uint8_t *)v, 44, w, h, scratch, BSP__Q3_PATCH_SCRATCH, sz);
}

static void *built(const float *v, int32_t w, int32_t h, void *scratch)
{
    bsp__q3_patch_sizes sz;
    void *out;
    if (measure(v, w, h, scratch, &sz) != BSP_OK) return NULL;
    out = malloc(sz.bytes);
    if (bsp__q3_patch_build((const uint8_t *)v, 44, w, h, scratch, BSP__Q3_PATCH_SCRATCH, out, sz.bytes)
        != BSP_OK) {
        free(out);
        return NULL;
    }
    return out;
}

/* 8.3 step 1, then the move. */
static void move_of(bsp__q3_patch_move *mv, const float a[3], const float b[3], const float mins[3],
                    const float maxs[3])
{
    float s0[3], s1[3], s[3], e[3];
    int i;
    for (i = 0; i < 3; i++) {
        float off = bsp__fmul(bsp__fadd(mins[i], maxs[i]), 0.5f);
        s0[i] = bsp__fsub(mins[i], off);
        s1[i] = bsp__fsub(maxs[i], off);
        s[i] = bsp__fadd(a[i], off);
        e[i] = bsp__fadd(b[i], off);
    }
    bsp__q3_patch_move_init(mv, s, e, s0, s1);
}

/* The load's builder, in a work area sized by the patch's own caps
 * (bsp_measure_patches' largest), writes what the full one does, and one
 * cap fewer (grid side, planes or facets) is refused as corrupt. */
static int caps_hold(const float *v, int32_t w, int32_t h, void *scratch)
{
    bsp__q3_patch_sizes sz;
    uint32_t caps[4], k;
    void *full, *out;
    int ok = 1;
    if (measure(v, w, h, scratch, &sz) != BSP_OK || !(full = built(v, w, h, scratch))) return 0;
    caps[0] = BSP__Q3_PATCH_CAPS(sz.side, sz.planes, sz.facets);
    caps[1] = BSP__Q3_PATCH_CAPS(sz.side - 1, sz.planes, sz.facets);
    caps[2] = BSP__Q3_PATCH_CAPS(sz.side, sz.planes - 1, sz.facets);
    caps[3] = BSP__Q3_PATCH_CAPS(sz.side, sz.planes, sz.facets - 1);
    out = malloc(sz.bytes);
    for (k = 0; k < 4 && out; k++) {
        size_t bytes = bsp__q3_patch_scratch_bytes(caps[k]);
        void *small = malloc(bytes);
        bsp_status st;
        if (!small) break;
        memset(small, 0x5a, bytes);
        memset(out, 0, sz.bytes);
        st = bsp__q3_patch_build_in((const uint8_t *)v, 44, w, h, small, bytes, caps[k], out, sz.bytes);
        if (k == 0 && (st != BSP_OK || memcmp(out, full, sz.bytes))) ok = 0;
        if (k > 0 && st != BSP_E_CORRUPT) ok = 0;
        if (bytes >= BSP__Q3_PATCH_SCRATCH) ok = 0;   /* (smaller than the full one) */
        free(small);
    }
    free(out);
    free(full);
    return ok && k == 4;
}

static int hostile(void)
{
    void *scratch = malloc(BSP__Q3_PATCH_SCRATCH + 8);
    bsp__q3_patch_sizes sz;
    float *v;
    void *pc;
    int k;
    static const int32_t bad[][2] = {{2, 3}, {3, 2}, {4, 3}, {3, 4}, {1, 1}, {0, 3}, {-3, 3}, {131, 3},
                                     {3, 131}, {33, 33}, {1025, 1}};
    for (k = 0; k < (int)(sizeof bad / sizeof bad[0]); k++) {
        v = grid_of(bad[k][0] > 0 ? bad[k][0] : 1, bad[k][1] > 0 ? bad[k][1] : 1, 8, 1, 0);
        EXPECT(measure(v, bad[k][0], bad[k][1], scratch, &sz) == BSP_E_CORRUPT, "bad grid size");
        free(v);
    }
    /* a curve too deep for 129 columns */
    v = grid_of(3, 3, 64, 1, 0);
    v[11 * 4 + 2] = 1e7f;
    EXPECT(measure(v, 3, 3, scratch, &sz) == BSP_E_CORRUPT, "subdivided past 129");
    /* 33 x 33 after subdivision: more than 1024 facets (or 2048 planes) */
    v[11 * 4 + 2] = 1e4f;
    EXPECT(measure(v, 3, 3, scratch, &sz) == BSP_E_CORRUPT, "too many facets");
    /* curved one way only: 33 columns, the rows collapse to 2 (and the
     * transposition makes them 2 x 33, as in the engine) */
    v[11 * 1 + 2] = v[11 * 7 + 2] = 1e4f;
    k = measure(v, 3, 3, scratch, &sz);
    EXPECT(k == BSP_OK && sz.width == 2 && sz.height == 33 && sz.facets >= 32, "a deep curve");
    EXPECT(k == BSP_OK && sz.side >= 33 && sz.side <= 129, "a deep curve's side");
    EXPECT(caps_hold(v, 3, 3, scratch), "a deep curve in a work area of its caps");
    free(v);
    /* rough grids */
    v = grid_of(31, 33, 8, 7, 0.37f);
    EXPECT(measure(v, 31, 33, scratch, &sz) == BSP_E_CORRUPT, "a rough 31 x 33 grid");
    free(v);
    v = grid_of(9, 9, 8, 7, 0.015f);
    k = measure(v, 9, 9, scratch, &sz);
    EXPECT(k == BSP_OK && sz.width == 5 && sz.height == 5 && sz.facets > 16, "a rough 9 x 9 grid");
    EXPECT(caps_hold(v, 9, 9, scratch), "a rough 9 x 9 grid in a work area of its caps");
    free(v);
    /* not finite: a status or a patch, never a hang */
    {
        static const float junk[] = {0.0f / 0.0f, 1.0f / 0.0f, -1.0f / 0.0f, 3e38f};
        for (k = 0; k < 4; k++) {
            bsp_status st;
            v = grid_of(5, 5, 16, 3, 0.1f);
            v[11 * 7 + 1] = junk[k];
            v[11 * 12 + 2] = junk[k];
            st = measure(v, 5, 5, scratch, &sz);
            EXPECT(st == BSP_OK || st == BSP_E_CORRUPT, "junk points");
            pc = st == BSP_OK ? built(v, 5, 5, scratch) : NULL;
            if (pc) {
                bsp__q3_patch_move mv;
                bsp__q3_patch_hit hit;
                float a[3] = {0, 0, 50}, b[3] = {0, 0, -50}, mn[3] = {-4, -4, -4}, mx[3] = {4, 4, 4};
                float z[3] = {0, 0, 0};
                hit.fraction = 1;
                move_of(&mv, a, b, mn, mx);
                (void)bsp__q3_patch_trace(pc, &mv, &hit);
                (void)bsp__q3_patch_position(pc, &mv);
                move_of(&mv, a, b, z, z);
                (void)bsp__q3_patch_trace(pc, &mv, &hit);
                free(pc);
            }
            free(v);
        }
    }
    /* arguments */
    v = grid_of(3, 3, 64, 1, 0);
    EXPECT(bsp__q3_patch_measure((const uint8_t *)v, 44, 3, 3, scratch, BSP__Q3_PATCH_SCRATCH - 4096, &sz)
           == BSP_E_BAD_ARGUMENT, "scratch too small");
    EXPECT(bsp__q3_patch_measure((const uint8_t *)v, 44, 3, 3, (char *)scratch + 2, BSP__Q3_PATCH_SCRATCH, &sz)
           == BSP_E_BAD_ARGUMENT, "misaligned scratch");
    EXPECT(bsp__q3_patch_measure(NULL, 44, 3, 3, scratch, BSP__Q3_PATCH_SCRATCH, &sz) == BSP_E_BAD_ARGUMENT,
           "no points");
    EXPECT(bsp__q3_patch_measure((const uint8_t *)v, 44, 3, 3, scratch, BSP__Q3_PATCH_SCRATCH, NULL)
           == BSP_E_BAD_ARGUMENT, "no sizes");
    /* a flat 128 x 128 square at z = 0: one facet, 5 planes */
    EXPECT(measure(v, 3, 3, scratch, &sz) == BSP_OK && sz.facets == 1 && sz.planes == 5
           && sz.bytes == 64 + 20 * 5 + 8 * 1 + 4 * sz.borders, "a flat square");
    pc = built(v, 3, 3, scratch);
    EXPECT(pc != NULL, "flat square built");
    if (pc) {
        bsp__q3_patch_move mv;
        bsp__q3_patch_hit down, up;
        float top[3] = {0, 0, 100}, bottom[3] = {0, 0, -100}, at[3] = {0, 0, 0};
        float mn[3] = {-16, -16, -24}, mx[3] = {16, 16, 32}, z[3] = {0, 0, 0};
        int hd, hu;
        /* the player box dropped onto it: from 104 to -96, the plane pushed
         * 28 up (the hit's dist is the pushed one, as the engine's), 1/8 short */
        move_of(&mv, top, bottom, mn, mx);
        down.fraction = 1;
        hd = bsp__q3_patch_trace(pc, &mv, &down);
        move_of(&mv, bottom, top, mn, mx);
        up.fraction = 1;
        hu = bsp__q3_patch_trace(pc, &mv, &up);
        EXPECT(hd + hu == 1, "a patch has one side");
        if (hd) EXPECT(down.fraction == bsp__round(0.379375f) && down.normal[2] == 1 && down.dist == 28, "box drop");
        if (hu) EXPECT(up.fraction < 1 && up.normal[2] == -1, "box rise");
        /* a point dropped */
        move_of(&mv, hd ? top : bottom, hd ? bottom : top, z, z);
        down.fraction = 1;
        EXPECT(bsp__q3_patch_trace(pc, &mv, &down) && down.fraction == bsp__round(0.499375f), "point drop");
        /* an earlier hit stays */
        down.fraction = 0.25f;
        EXPECT(!bsp__q3_patch_trace(pc, &mv, &down) && down.fraction == 0.25f, "a nearer hit stays");
        /* position tests: a box across it is inside, and a point on its
         * plane too (8.11: the engine tests a position with a zero box) */
        move_of(&mv, at, at, mn, mx);
        EXPECT(bsp__q3_patch_position(pc, &mv) == 1, "box on the patch");
        move_of(&mv, at, at, z, z);
        EXPECT(bsp__q3_patch_position(pc, &mv) == 1, "point on the patch");
        move_of(&mv, top, top, z, z);
        EXPECT(bsp__q3_patch_position(pc, &mv) == 0, "point above the patch");
        move_of(&mv, top, top, mn, mx);
        EXPECT(bsp__q3_patch_position(pc, &mv) == 0, "box above the patch");
        free(pc);
    }
    free(v);
    free(scratch);
    if (!failures) printf("PASS patch builder: hostile grids refused (sizes, over-subdivision, too many facets), junk points answered, a flat patch swept and tested by hand, a work area sized by the patch's caps builds the same and refuses one cap fewer\n");
    return failures ? 1 : 0;
}

/* --load MAP...: the map loaded for collision alone and with its
 * geometry too. The collision-only load keeps no draw vertex (a map with
 * curved surfaces packs them for the build and lets them go), takes less
 * arena than the other, and both answer the same traces. */
static int mem_read(void *ctx, uint32_t offset, void *dst, uint32_t len)
{
    memcpy(dst, (const uint8_t *)ctx + offset, len);
    return 0;
}

static uint8_t *load_as(bsp_map *m, const uint8_t *file, uint32_t size, uint32_t sets, uint32_t *need,
                        uint32_t *patch_bytes)
{
    static uint8_t pscratch[BSP_PATCH_SCRATCH_BYTES];
    bsp_stream s;
    bsp_header h;
    bsp_options o = bsp_default_options(sets);
    uint8_t *arena;
    uint32_t used;
    s.read = mem_read, s.ctx = (void *)(uintptr_t)file, s.size = size, s.forward_only = 0;
    if (bsp_open(&h, &s) != BSP_OK || bsp_measure_patches(&h, &s, pscratch, sizeof pscratch) != BSP_OK ||
        bsp_measure(&h, &o, need) != BSP_OK || !(arena = malloc(*need + 64)))
        return NULL;
    /* (the arena is 16-aligned: malloc's) */
    memset(arena, 0xa5, *need);
    if (bsp_load(m, &h, &s, arena, *need, &o, &used) != BSP_OK || used != *need) {
        free(arena);
        return NULL;
    }
    *patch_bytes = h.patch_bytes;
    return arena;
}

/* The same collision load through bsp_measure_patches_keep with `keep`
 * (keep_bytes; NULL: h's patch_keep_need, allocated here), and, when
 * `moved`, the file's first patch control point moved by one unit between
 * the count and the load (the file changed in between). *h gets the
 * header; the load's status is returned, the arena in *arena (NULL when
 * the load failed). */
static bsp_status load_keep(bsp_map *m, const uint8_t *file, uint32_t size, uint32_t keep_bytes,
                            int moved, bsp_header *h, uint8_t **arena, uint32_t *need)
{
    static uint8_t pscratch[BSP_PATCH_SCRATCH_BYTES];
    bsp_stream s;
    bsp_options o = bsp_default_options(BSP_LOAD_COLLISION);
    uint8_t *copy = malloc(size), *keep = NULL;
    uint32_t used;
    bsp_status st;
    *arena = NULL;
    if (!copy) return BSP_E_IO;
    memcpy(copy, file, size);
    s.read = mem_read, s.ctx = copy, s.size = size, s.forward_only = 0;
    if ((st = bsp_open(h, &s)) != BSP_OK) goto out;
    /* (a first count says how much keeps them all) */
    if (!keep_bytes) {
        if ((st = bsp_measure_patches(h, &s, pscratch, sizeof pscratch)) != BSP_OK) goto out;
        keep_bytes = h->patch_keep_need;
    }
    keep = malloc(keep_bytes + 4);
    if (!keep) return BSP_E_IO;
    if ((st = bsp_measure_patches_keep(h, &s, pscratch, sizeof pscratch, keep, keep_bytes)) != BSP_OK ||
        (st = bsp_measure(h, &o, need)) != BSP_OK)
        goto out;
    if (moved) {
        uint32_t so = le32(copy + 8 + 13 * 8), sn = le32(copy + 12 + 13 * 8) / 104, vo = le32(copy + 8 + 10 * 8), k;
        for (k = 0; k < sn; k++)
            if (le32(copy + so + 104 * k + 8) == 2) {
                uint8_t *x = copy + vo + 44 * le32(copy + so + 104 * k + 12);
                float f;
                uint32_t u = le32(x);
                memcpy(&f, &u, 4);
                f += 1.0f;
                memcpy(&u, &f, 4);
                x[0] = (uint8_t)u, x[1] = (uint8_t)(u >> 8), x[2] = (uint8_t)(u >> 16), x[3] = (uint8_t)(u >> 24);
                break;
            }
    }
    if (!(*arena = malloc(*need + 64))) {
        st = BSP_E_IO;
        goto out;
    }
    memset(*arena, 0x5a, *need);
    st = bsp_load(m, h, &s, *arena, *need, &o, &used);
    if (st == BSP_OK && used != *need) st = BSP_E_BAD_ARENA;
    if (st != BSP_OK) {
        free(*arena);
        *arena = NULL;
    }
out:
    free(keep);
    free(copy);
    return st;
}

/* Every patch surface's entry in the loaded region (m) names the bytes a
 * build of its own control points gives, and a surface whose points are
 * those of one of the 16 surfaces before it (the same first vertex and
 * size) shares that one's bytes: the region holds each once. *twins gets
 * how many shared. */
static int entries_hold(const bsp_map *m, const uint8_t *file, uint32_t patch_bytes, uint32_t *twins)
{
    const bsp__map *mc = bsp__map_c(m);
    uint32_t so = le32(file + 8 + 13 * 8), sn = le32(file + 12 + 13 * 8) / 104;
    uint32_t vo = le32(file + 8 + 10 * 8), s, j, distinct = sn * 8;
    void *scratch = malloc(BSP__Q3_PATCH_SCRATCH);
    float *pts = malloc(1024 * 12);
    int ok = scratch && pts && mc->patches.count == sn;
    *twins = 0;
    for (s = 0; ok && s < sn; s++) {
        const uint8_t *r = file + so + 104 * s;
        uint32_t at = bsp__u32(mc->patches.data + 8 * s), first = le32(r + 12), k, twin = 0;
        int32_t w = (int32_t)le32(r + 96), h = (int32_t)le32(r + 100);
        bsp__q3_patch_sizes sz;
        void *out;
        if (le32(r + 8) != 2) {
            if (at) ok = 0;
            continue;
        }
        for (k = 0; k < (uint32_t)(w * h) * 3; k++) {
            uint32_t u = le32(file + vo + 44 * (first + k / 3) + 4 * (k % 3));
            memcpy(&pts[k], &u, 4);
        }
        if (!at || bsp__q3_patch_measure((const uint8_t *)pts, 12, w, h, scratch, BSP__Q3_PATCH_SCRATCH, &sz)
            || !(out = malloc(sz.bytes))) {
            ok = 0;
            break;
        }
        if (bsp__q3_patch_build((const uint8_t *)pts, 12, w, h, scratch, BSP__Q3_PATCH_SCRATCH, out, sz.bytes)
            || at > patch_bytes || sz.bytes > patch_bytes - at || memcmp(mc->patches.data + at, out, sz.bytes))
            ok = 0;
        free(out);
        for (j = s > 16 ? s - 16 : 0; j < s; j++) {
            const uint8_t *q = file + so + 104 * j;
            if (le32(q + 8) == 2 && le32(q + 12) == first && le32(q + 96) == (uint32_t)w
                && le32(q + 100) == (uint32_t)h)
                twin = bsp__u32(mc->patches.data + 8 * j);
        }
        if (twin && twin != at) ok = 0;
        if (twin) ++*twins;
        else distinct += (sz.bytes + 3u) & ~3u;
    }
    free(scratch);
    free(pts);
    return ok && distinct == patch_bytes;
}

static int load_mode(int argc, char **argv)
{
    int i;
    for (i = 2; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        long size;
        uint8_t *file, *a = NULL, *b = NULL;
        bsp_map ma, mb;
        uint32_t na = 0, nb = 0, pa = 0, pb = 0, k, differ = 0, hits = 0, vsize, twins = 0;
        float lo[3], hi[3];
        uint32_t seed = 12345u;
        if (!f) return 2;
        fseek(f, 0, SEEK_END);
        size = ftell(f);
        fseek(f, 0, SEEK_SET);
        file = malloc((size_t)size);
        if (!file || fread(file, 1, (size_t)size, f) != (size_t)size) return 2;
        fclose(f);
        a = load_as(&ma, file, (uint32_t)size, BSP_LOAD_COLLISION, &na, &pa);
        b = load_as(&mb, file, (uint32_t)size, BSP_LOAD_COLLISION | BSP_LOAD_GEOMETRY, &nb, &pb);
        EXPECT(a && b, "collision loads");
        if (!a || !b) continue;
        EXPECT(!bsp_lump(&ma, 10, &vsize) && !bsp__map_c(&ma)->vertexes.data && bsp_lump(&mb, 10, &vsize) && bsp__map_c(&mb)->vertexes.data,
               "a collision-only load keeps no draw vertex");
        EXPECT(na < nb, "a collision-only load takes less arena");
        EXPECT(!pa || entries_hold(&ma, file, pa, &twins),
               "each patch surface's entry holds its own build, a twin's the one before it");
        for (k = 0; k < 3; k++) {
            memcpy(&lo[k], bsp__map_c(&ma)->models.data + 4 * k, 4);
            memcpy(&hi[k], bsp__map_c(&ma)->models.data + 12 + 4 * k, 4);
        }
        for (k = 0; k < 20000; k++) {
            static const float mn[3] = {-15, -15, -24}, mx[3] = {15, 15, 32}, z[3] = {0, 0, 0};
            float st[3], en[3];
            bsp_trace_result ra, rb;
            bsp_status sa, sb;
            uint32_t j, mask = bsp_trace_mask(&ma, BSP_MASK_PLAYERSOLID);
            for (j = 0; j < 3; j++) {
                seed = seed * 1103515245u + 12345u;
                st[j] = lo[j] + (hi[j] - lo[j]) * (float)(seed >> 8 & 0xffff) / 65536.0f;
                seed = seed * 1103515245u + 12345u;
                en[j] = lo[j] + (hi[j] - lo[j]) * (float)(seed >> 8 & 0xffff) / 65536.0f;
            }
            if (k & 1) memcpy(en, st, sizeof en), en[2] -= 64;
            sa = bsp_trace(&ma, 0, st, en, k & 2 ? z : mn, k & 2 ? z : mx, mask, &ra);
            sb = bsp_trace(&mb, 0, st, en, k & 2 ? z : mn, k & 2 ? z : mx, mask, &rb);
            if (sa != sb || (sa == BSP_OK && (memcmp(&ra.fraction, &rb.fraction, 4) ||
                                              memcmp(ra.endpos, rb.endpos, 12) || ra.contents != rb.contents ||
                                              ra.startsolid != rb.startsolid || ra.allsolid != rb.allsolid)))
                differ++;
            if (sa == BSP_OK && ra.fraction < 1) hits++;
        }
        EXPECT(differ == 0 && hits > 0, "collision-only and geometry loads trace the same");
        if (pa) {
            /* bsp_measure_patches_keep: all kept, then half the room, then
             * a file changed between the count and the load */
            bsp_header hk;
            bsp_map mk;
            uint8_t *ak;
            uint32_t nk = 0, half;
            bsp_status st = load_keep(&mk, file, (uint32_t)size, 0, 0, &hk, &ak, &nk);
            EXPECT(st == BSP_OK && hk.patches_kept_all && hk.patch_kept > 0 && hk.patch_keep_used == hk.patch_keep_need,
                   "a keep of patch_keep_need bytes keeps every patch");
            EXPECT(ak && nk <= na && bsp__map_c(&mk)->patches.count == bsp__map_c(&ma)->patches.count &&
                       !memcmp(bsp__map_c(&mk)->patches.data, bsp__map_c(&ma)->patches.data, pa),
                   "with every patch kept, the load copies the bytes it would build and needs no builder scratch");
            free(ak);
            printf("     %s: kept %u patches in %u bytes, arena %u bytes (%u building them)\n", argv[i],
                   (unsigned)hk.patch_kept, (unsigned)hk.patch_keep_used, (unsigned)nk, (unsigned)na);
            half = hk.patch_keep_need / 2;
            st = load_keep(&mk, file, (uint32_t)size, half, 0, &hk, &ak, &nk);
            EXPECT(st == BSP_OK && !hk.patches_kept_all && hk.patch_keep_used <= half && nk == na &&
                       !memcmp(bsp__map_c(&mk)->patches.data, bsp__map_c(&ma)->patches.data, pa),
                   "a smaller keep keeps the first patches, the load builds the rest: the same bytes");
            free(ak);
            st = load_keep(&mk, file, (uint32_t)size, 0, 1, &hk, &ak, &nk);
            EXPECT(st == BSP_E_CORRUPT && !ak, "a file whose control points changed after the count is corrupt");
        }
        if (failures) printf("FAIL %s:%d: ", __FILE__, __LINE__);
        else printf("PASS ");
        printf("%s: arena %u bytes (with the geometry %u), patches %u bytes (%u twins shared), %u of 20000 traces hit\n",
               argv[i], na, nb, pa, twins, hits);
        free(a);
        free(b);
        free(file);
    }
    return failures ? 1 : 0;
}

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
        fprintf(stderr, "usage: test_patch MAP.bsp [--trace] | test_patch --hostile | test_patch --load MAP...\n");
        return 2;
    }
    if (!strcmp(argv[1], "--hostile")) return hostile();
    if (!strcmp(argv[1], "--load")) return load_mode(argc, argv);
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
        /* the module reads native floats: a big-endian host swaps the draw
         * vertices' words (the colour bytes too, which nothing reads) */
        if (BSP_HOST_BIG_ENDIAN) {
            uint8_t *w = (uint8_t *)(uintptr_t)verts;
            uint32_t n;
            for (n = 0; n < nverts * 11; n++) bsp__put_u32(w + 4 * n, le32(w + 4 * n));
        }
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
            uint32_t nb = bsp__u16(fc + 2);
            if (nb > maxb) maxb = nb;
        }
        fprintf(stats, "%u facets %u planes %u borders %u maxborders %u\n", s, sz.facets, sz.planes,
                sz.borders, maxb);
        patches[npatches].surface = s;
        patches[npatches].contents = (int32_t)le32(shaders + 72u * (uint32_t)shader + 68);
        patches[npatches].data = out;
        npatches++;
    }
    if (!trace_mode) goto done;

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
done:
    for (s = 0; s < npatches; s++) free(patches[s].data);
    free(patches);
    free(scratch);
    free(file);
    return errors ? 1 : 0;
}
