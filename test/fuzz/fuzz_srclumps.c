/* SPDX-License-Identifier: MIT */
/* fuzz_srclumps.c - cubemaps and world lights (bsp_cubemap_*,
 * bsp_world_lights_open, bsp_world_light_get) on arbitrary bytes taken as
 * a map.
 *
 * The input is loaded with BSP_LOAD_ALL; every cubemap is read and named
 * (LDR and HDR, into a buffer of exactly the path's size: a guarded
 * block) and its texture looked up in the map's pakfile both ways
 * (bsp_cubemap_texture_find, and _indexed through bsp_pak_index_build:
 * the same status and entry), both world light lumps opened and every light read. The map's
 * own header answers; then the same header with its lump versions of 15
 * and 54 changed by the input's last byte (other layouts over the same
 * bytes) and a header whose sizes disagree (BAD_ARGUMENT, nothing read).
 *
 * Seeds: the `load` target's (every generated and real map). */
#include "fuzz.h"
#include "../../platform/memory/bsp_memstream.h"

#define SRCLUMPS_ARENA_CAP (64u << 20)

static void cubemaps_of(const bsp_map *m, const bsp_header *h)
{
    uint32_t n, i, len, len2;
    bsp_cubemap c;
    fuzz_block name, ib;
    bsp_pak pak;
    bsp_pak_index x;
    int indexed = 0;
    bsp_status st = bsp_cubemap_count(m, h, &n);
    FUZZ_ASSERT(st == BSP_OK || st == BSP_E_BAD_ARGUMENT || st == BSP_E_UNSUPPORTED || st == BSP_E_NOT_LOADED ||
                st == BSP_E_CORRUPT);
    if (st != BSP_OK) {
        FUZZ_ASSERT(n == 0);
        return;
    }
    /* the map's pakfile and its sorted index (issue 42): each cubemap's
     * texture found through it as through bsp_pak_find */
    if (bsp_pak_open_map(m, &pak) == BSP_OK && !fuzz_block_alloc(&ib, BSP_PAK_INDEX_BYTES(pak.count) + 4)) {
        indexed = bsp_pak_index_build(&x, &pak, ib.p, BSP_PAK_INDEX_BYTES(pak.count)) == BSP_OK;
        FUZZ_ASSERT(indexed);
    }
    for (i = 0; i < n; i++) {
        int hdr;
        FUZZ_ASSERT(bsp_cubemap_get(m, i, &c) == BSP_OK);
        for (hdr = 0; indexed && hdr < 2; hdr++) {
            bsp_pak_entry e, f;
            st = bsp_cubemap_texture_find(&pak, &c, "maps/Fuzz.bsp", hdr, &e);
            FUZZ_ASSERT(bsp_cubemap_texture_find_indexed(&x, &c, "maps/Fuzz.bsp", hdr, &f) == st &&
                        f.index == e.index);
        }
        for (hdr = 0; hdr < 2; hdr++) {
            FUZZ_ASSERT(bsp_cubemap_texture_name(&c, "maps/Fuzz.bsp", hdr, NULL, 0, &len) ==
                        BSP_E_BAD_ARGUMENT);
            FUZZ_ASSERT(len > 0 && len <= 123);
            if (fuzz_block_alloc(&name, len + 1)) return;
            FUZZ_ASSERT(bsp_cubemap_texture_name(&c, "maps/Fuzz.bsp", hdr, (char *)name.p, len + 1,
                                                 &len2) == BSP_OK);
            FUZZ_ASSERT(len2 == len && name.p[len] == 0);
            FUZZ_ASSERT(fuzz_block_guards_ok(&name));
            fuzz_block_free(&name);
        }
    }
    FUZZ_ASSERT(bsp_cubemap_get(m, n, &c) == BSP_E_BAD_QUERY);
    if (indexed) {
        FUZZ_ASSERT(fuzz_block_guards_ok(&ib));
        fuzz_block_free(&ib);
    }
}

static void lights_of(const bsp_map *m, const bsp_header *h)
{
    int hdr;
    for (hdr = 0; hdr < 2; hdr++) {
        bsp_world_lights w;
        bsp_world_light l;
        uint32_t i, size = 0;
        const uint8_t *raw = bsp_lump(m, hdr ? 54 : 15, &size);
        bsp_status st = bsp_world_lights_open(m, h, hdr, &w);
        FUZZ_ASSERT(st == BSP_OK || st == BSP_E_BAD_ARGUMENT || st == BSP_E_UNSUPPORTED || st == BSP_E_NOT_LOADED ||
                    st == BSP_E_BAD_LUMP_VERSION || st == BSP_E_CORRUPT);
        if (st != BSP_OK) {
            FUZZ_ASSERT(w.count == 0 && w.data == NULL);
            continue;
        }
        FUZZ_ASSERT(w.count == 0 || (w.data == raw && (uint64_t)w.count * w.record_bytes == size));
        for (i = 0; i < w.count; i++) FUZZ_ASSERT(bsp_world_light_get(&w, i, &l) == BSP_OK);
        FUZZ_ASSERT(bsp_world_light_get(&w, w.count, &l) == BSP_E_BAD_QUERY);
    }
}

FUZZ_ENTRY(srclumps)
{
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h, other;
    bsp_map m;
    bsp_options o = bsp_default_options(BSP_LOAD_ALL);
    uint32_t need = 0;
    fuzz_block b;
    if (size > 0xffffffffu) return 0;
    o.lzma_lclp_max = 12;
    bsp_memstream_init(&ms, &s, data, (uint32_t)size);
    if (bsp_open(&h, &s) != BSP_OK) return 0;
    if (bsp_measure(&h, &o, &need) != BSP_OK || need > SRCLUMPS_ARENA_CAP) return 0;
    if (fuzz_block_alloc(&b, need ? need : 1)) return 0;
    if (bsp_load(&m, &h, &s, b.p, need, &o, NULL) == BSP_OK) {
        cubemaps_of(&m, &h);
        lights_of(&m, &h);
        other = h;
        other.lumps[15].version = other.lumps[54].version = size ? data[size - 1] % 4u : 1u;
        lights_of(&m, &other);
        other.lumps[15].size ^= 4u, other.lumps[42].size ^= 16u, other.lumps[54].size ^= 4u;
        cubemaps_of(&m, &other);
        lights_of(&m, &other);
    }
    FUZZ_ASSERT(fuzz_block_guards_ok(&b));
    fuzz_block_free(&b);
    return 0;
}
