/* SPDX-License-Identifier: MIT */
/* fuzz_bspx.c - the BSPX directory (docs/queries.md 10.1) and the light
 * and placement lumps it brings (10.2, 10.3) on arbitrary bytes taken as a
 * map, loaded with the lighting set through a seekable stream and through
 * a forward-only one of known size.
 *
 * Checked: every status is of the enum; the loader stays inside its arena
 * (guard bytes) and a forward-only stream is read forward, each byte once;
 * every directory entry kept lies inside the file, with a name of at most
 * 24 bytes that bsp_bspx_lump finds (the first of that name) with the
 * file's own bytes when loaded; the light view lies inside the arena; every
 * face's luxel and the light trace answer a status of the enum, an HDR
 * sample only from an HDR source; then every query (exercise_map).
 *
 * Seeds: the generator's bspx/ maps and the `load` target's. */
#include "fuzz.h"
#include "core/map.h"
#include "../common/exercise.h"

#define BSPX_ARENA_CAP (64u << 20)

typedef struct once { const uint8_t *data; uint32_t size, next; int forward; } once;

static int once_read(void *ctx, uint32_t offset, void *dst, uint32_t len)
{
    once *o = (once *)ctx;
    if (o->forward) {
        FUZZ_ASSERT(offset >= o->next);   /* forward, each byte once */
        o->next = offset + len;
    }
    if (offset > o->size || len > o->size - offset) return BSP_READ_END;
    memcpy(dst, o->data + offset, len);
    return 0;
}

static void check_map(const bsp_map *m, const uint8_t *data, uint32_t size, const fuzz_block *a)
{
    uint32_t k, n, f;
    float p[3] = { 0, 0, 0 };
    bsp_sample s;
    FUZZ_ASSERT(bsp__map_c(m)->bspx.count <= BSP_MAX_BSPX);
    for (k = 0; k < bsp__map_c(m)->bspx.count; k++) {
        char name[BSP_BSPX_NAME + 1];
        const uint8_t *got;
        FUZZ_ASSERT(bsp__map_c(m)->bspx.lump_length[k] && bsp__map_c(m)->bspx.lump_offset[k] <= size &&
                    bsp__map_c(m)->bspx.lump_length[k] <= size - bsp__map_c(m)->bspx.lump_offset[k]);
        memcpy(name, bsp__map_c(m)->bspx.name[k], BSP_BSPX_NAME);
        name[BSP_BSPX_NAME] = 0;
        got = (const uint8_t *)bsp_bspx_lump(m, name, &n);
        if (got) {
            uint32_t first;
            for (first = 0; first < k && strncmp(bsp__map_c(m)->bspx.name[first], name, BSP_BSPX_NAME); first++)
                continue;
            FUZZ_ASSERT(n == bsp__map_c(m)->bspx.lump_length[first] &&
                        !memcmp(got, data + bsp__map_c(m)->bspx.lump_offset[first], n));
        }
    }
    FUZZ_ASSERT(!bsp__map_c(m)->lighting.data ||
                (bsp__map_c(m)->lighting.data >= a->p && bsp__map_c(m)->lighting.data + bsp__map_c(m)->lighting.count <= a->p + a->n));
    for (f = 0; f < bsp__map_c(m)->faces.count && f < 4096; f++) {
        bsp_status st = bsp_luxel(m, (int32_t)f, p, 0, &s);
        FUZZ_ASSERT((unsigned)st < BSP_STATUS_COUNT);
        FUZZ_ASSERT(st != BSP_OK || s.hdr == bsp__map_c(m)->light.hdr);
    }
    FUZZ_ASSERT((unsigned)bsp_light_point(m, p, &s) < BSP_STATUS_COUNT);
    FUZZ_ASSERT(exercise_map(m) == 0);
}

static void load(const uint8_t *data, uint32_t size, int forward, int prefer_hdr)
{
    bsp_options o = bsp_default_options(BSP_LOAD_LIGHTING);
    once rd;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    fuzz_block a;
    uint32_t need;
    bsp_status st;
    rd.data = data;
    rd.size = size;
    rd.next = 0;
    rd.forward = forward;
    s.read = once_read;
    s.ctx = &rd;
    s.size = size;
    s.forward_only = forward;
    o.prefer_hdr = prefer_hdr;
    st = bsp_open(&h, &s);
    FUZZ_ASSERT((unsigned)st < BSP_STATUS_COUNT);
    if (st != BSP_OK) return;
    FUZZ_ASSERT(h.bspx.count <= BSP_MAX_BSPX && (!h.bspx.at_load || forward));
    st = bsp_measure(&h, &o, &need);
    if (st != BSP_OK || need > BSPX_ARENA_CAP || fuzz_block_alloc(&a, need)) return;
    st = bsp_load(&m, &h, &s, a.p, need, &o, NULL);
    FUZZ_ASSERT((unsigned)st < BSP_STATUS_COUNT);
    FUZZ_ASSERT(fuzz_block_guards_ok(&a));
    if (st == BSP_OK) check_map(&m, data, size, &a);
    fuzz_block_free(&a);
}

FUZZ_ENTRY(bspx)
{
    if (size > 0xffffffffu) return 0;
    load(data, (uint32_t)size, 0, 0);
    load(data, (uint32_t)size, 1, 1);
    return 0;
}
