/* SPDX-License-Identifier: MIT */
/* fuzz_props.c - the static prop API (bsp_static_props_*) on arbitrary
 * bytes taken as a map.
 *
 * The input is loaded with BSP_LOAD_ALL; its 'sprp' sub-lump is found,
 * unpacked into a guarded block of exactly its size (compressed or not)
 * and opened as stored, then at every version 3 .. 13 (other layouts over
 * the same bytes). Each opened sub-lump is read whole: every model name
 * (inside the bytes, at most 128), every leaf entry, every prop (a prop
 * read OK names a model of the dictionary and a leaf run inside the list).
 *
 * Seeds: the `load` target's (every generated and real map). */
#include "fuzz.h"
#include "../../platform/memory/bsp_memstream.h"

#define PROPS_ARENA_CAP (64u << 20)

static void props_exercise(const bsp_static_props *p, const uint8_t *lo, const uint8_t *hi)
{
    uint32_t i, len, leaf;
    const char *name;
    bsp_static_prop s;
    for (i = 0; i < p->num_models; i++) {
        FUZZ_ASSERT(bsp_static_prop_model(p, i, &name, &len) == BSP_OK);
        FUZZ_ASSERT(len <= 128 && (const uint8_t *)name >= lo && (const uint8_t *)name + len <= hi);
    }
    FUZZ_ASSERT(bsp_static_prop_model(p, p->num_models, &name, &len) == BSP_E_BAD_QUERY);
    for (i = 0; i < p->num_leaves; i++) FUZZ_ASSERT(bsp_static_prop_leaf(p, i, &leaf) == BSP_OK);
    for (i = 0; i < p->num_props; i++) {
        bsp_status st = bsp_static_prop_get(p, i, &s);
        FUZZ_ASSERT(st == BSP_OK || st == BSP_E_CORRUPT);
        if (st == BSP_OK)
            FUZZ_ASSERT(s.model < p->num_models && s.first_leaf <= p->num_leaves &&
                        s.leaf_count <= p->num_leaves - s.first_leaf);
    }
    FUZZ_ASSERT(bsp_static_prop_get(p, p->num_props, &s) == BSP_E_BAD_QUERY);
    FUZZ_ASSERT(p->num_props == 0 || (p->props >= lo && p->props + (size_t)p->num_props *
                                      p->record_bytes <= hi));
}

static void props_of(const bsp_map *m)
{
    bsp_game_lump g, g2;
    bsp_static_props p;
    uint32_t need_dst, need_tables, v;
    fuzz_block dst, tables, bytes;
    if (bsp_static_props_find(m, &g) != BSP_OK) return;
    if (bsp_game_lump_unpack_bytes(&g, &need_dst, &need_tables) != BSP_OK) return;
    if (need_dst > PROPS_ARENA_CAP) return;
    if (fuzz_block_alloc(&dst, need_dst ? need_dst : 1)) return;
    if (fuzz_block_alloc(&tables, need_tables ? need_tables : 2)) {
        fuzz_block_free(&dst);
        return;
    }
    if (bsp_game_lump_unpack(&g, dst.p, need_dst, tables.p, need_tables) == BSP_OK &&
        fuzz_block_alloc(&bytes, g.size ? g.size : 1) == 0) {
        memcpy(bytes.p, dst.p, g.size);
        g2 = g;
        for (v = 2; v <= 13; v++) {
            g2.version = (uint16_t)(v == 2 ? g.version : v);
            if (bsp_static_props_open(m, &g2, bytes.p, g.size, &p) == BSP_OK)
                props_exercise(&p, bytes.p, bytes.p + g.size);
            else
                FUZZ_ASSERT(p.num_props == 0 && p.num_models == 0);
        }
        FUZZ_ASSERT(fuzz_block_guards_ok(&bytes));
        fuzz_block_free(&bytes);
    }
    FUZZ_ASSERT(fuzz_block_guards_ok(&dst) && fuzz_block_guards_ok(&tables));
    fuzz_block_free(&dst);
    fuzz_block_free(&tables);
}

FUZZ_ENTRY(props)
{
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    bsp_options o = bsp_default_options(BSP_LOAD_ALL);
    uint32_t need = 0;
    fuzz_block b;
    if (size > 0xffffffffu) return 0;
    o.lzma_lclp_max = 12;
    bsp_memstream_init(&ms, &s, data, (uint32_t)size);
    if (bsp_open(&h, &s) != BSP_OK) return 0;
    if (bsp_measure(&h, &o, &need) != BSP_OK || need > PROPS_ARENA_CAP) return 0;
    if (fuzz_block_alloc(&b, need ? need : 1)) return 0;
    if (bsp_load(&m, &h, &s, b.p, need, &o, NULL) == BSP_OK) props_of(&m);
    FUZZ_ASSERT(fuzz_block_guards_ok(&b));
    fuzz_block_free(&b);
    return 0;
}
