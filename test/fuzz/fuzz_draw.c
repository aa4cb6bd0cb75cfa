/* SPDX-License-Identifier: MIT */
/* fuzz_draw.c - what an engine draws (issue 40) on arbitrary bytes taken
 * as a map: bsp_leaf_disps on every leaf (up to 4096) and past the lump,
 * bsp_visible_faces on every cluster (up to 256) and past them, with
 * lists too short and long enough; the entity getters (bsp_entity_value,
 * _number, _vector, _model) on every entity of the text and on offsets
 * that are no entity's.
 *
 * Each answer must be a documented status; a list must be ascending,
 * inside its lump, and the same whatever its length (a short list gets
 * the first ones and the same count); visible faces must be the bit set
 * the scratch holds; a value must lie inside the entity text; the
 * arena's guards must be intact. A hostile tree (shared nodes) or leaf
 * lists that overlap must end within the fuzzer's timeout.
 *
 * Seeds: the `load` target's (every generated and real map). */
#include "fuzz.h"
#include "core/map.h"
#include "../../platform/memory/bsp_memstream.h"

#define DRAW_ARENA_CAP (64u << 20)

static void leaf_disps(const bsp_map *m)
{
    static uint32_t all[BSP_TRACE_DISPS_MAX];
    uint32_t few[2], n, n2, leaf, i, leaves = bsp__map_c(m)->leafs.count < 4096 ? bsp__map_c(m)->leafs.count : 4096;
    for (leaf = 0; leaf <= leaves; leaf++) {
        uint32_t at = leaf == leaves ? bsp__map_c(m)->leafs.count : leaf;
        bsp_status st = bsp_leaf_disps(m, at, all, BSP_TRACE_DISPS_MAX, &n);
        FUZZ_ASSERT(st == BSP_OK || st == BSP_E_UNSUPPORTED || st == BSP_E_NOT_LOADED ||
                    st == BSP_E_BAD_LEAF || st == BSP_E_CORRUPT);
        FUZZ_ASSERT(st != BSP_E_BAD_LEAF || at >= bsp__map_c(m)->leafs.count);
        if (st == BSP_E_UNSUPPORTED || st == BSP_E_NOT_LOADED) return;   /* (the same for every leaf) */
        if (st != BSP_OK) continue;
        FUZZ_ASSERT(n <= BSP_TRACE_DISPS_MAX);
        for (i = 1; i < n; i++) FUZZ_ASSERT(all[i - 1] < all[i]);
        st = bsp_leaf_disps(m, at, few, 2, &n2);
        FUZZ_ASSERT(st == BSP_OK && n2 == n);
        for (i = 0; i < 2 && i < n; i++) FUZZ_ASSERT(few[i] == all[i]);
    }
}

static void visible(const bsp_map *m)
{
    uint32_t words = bsp_visible_faces_scratch(m), *scratch, *faces, few[3], n, n2, i, c;
    uint32_t clusters = bsp__map_c(m)->num_clusters < 256 ? bsp__map_c(m)->num_clusters : 256;
    scratch = (uint32_t *)calloc(words + 1, 4);
    faces = (uint32_t *)calloc(bsp__map_c(m)->faces.count + 1, 4);
    FUZZ_ASSERT(scratch && faces);
    if (words) FUZZ_ASSERT(bsp_visible_faces(m, 0, scratch, words - 1, faces, 0, &n) == BSP_E_BAD_ARGUMENT);
    for (c = 0; c <= clusters; c++) {
        int32_t at = c == clusters ? (int32_t)bsp__map_c(m)->num_clusters : (int32_t)c;
        bsp_status st = bsp_visible_faces(m, at, scratch, words, faces, bsp__map_c(m)->faces.count, &n);
        FUZZ_ASSERT(st == BSP_OK || st == BSP_E_UNSUPPORTED || st == BSP_E_NOT_LOADED ||
                    st == BSP_E_BAD_CLUSTER || st == BSP_E_CORRUPT);
        FUZZ_ASSERT(st != BSP_E_BAD_CLUSTER || (uint32_t)at >= bsp__map_c(m)->num_clusters);
        if (st == BSP_E_UNSUPPORTED || st == BSP_E_NOT_LOADED) break;
        if (st != BSP_OK) continue;
        FUZZ_ASSERT(n <= bsp__map_c(m)->faces.count);
        for (i = 0; i < n; i++) {
            FUZZ_ASSERT(faces[i] < bsp__map_c(m)->faces.count && (scratch[faces[i] >> 5] >> (faces[i] & 31) & 1));
            if (i) FUZZ_ASSERT(faces[i - 1] < faces[i]);
        }
        st = bsp_visible_faces(m, at, scratch, words, few, 3, &n2);
        FUZZ_ASSERT(st == BSP_OK && n2 == n);
        for (i = 0; i < 3 && i < n; i++) FUZZ_ASSERT(few[i] == faces[i]);
    }
    free(scratch);
    free(faces);
}

static void getters(const bsp_map *m, uint32_t at)
{
    static const char *const keys[] = { "classname", "model", "origin", "angle", "", "no such key" };
    const char *text = (const char *)bsp__map_c(m)->entities.data, *v;
    uint32_t k, len, model;
    float f, vec[3];
    for (k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        bsp_status st = bsp_entity_value(m, at, keys[k], &v, &len);
        FUZZ_ASSERT(st == BSP_OK || st == BSP_E_BAD_QUERY || st == BSP_E_NOT_LOADED);
        if (st == BSP_OK)
            FUZZ_ASSERT(v >= text && len <= bsp__map_c(m)->entities.count && v - text <= (long)(bsp__map_c(m)->entities.count - len));
        FUZZ_ASSERT(bsp_entity_number(m, at, keys[k], &f) == st);
        FUZZ_ASSERT(bsp_entity_vector(m, at, keys[k], vec) == st);
    }
    {
        bsp_status st = bsp_entity_model(m, at, &model);
        FUZZ_ASSERT(st == BSP_OK || st == BSP_E_BAD_QUERY || st == BSP_E_BAD_MODEL || st == BSP_E_NOT_LOADED);
        FUZZ_ASSERT(st != BSP_OK || model < bsp__map_c(m)->models.count);
    }
}

static void entities(const bsp_map *m)
{
    uint32_t at, seen = 0;
    getters(m, bsp__map_c(m)->entities.count);      /* past the text */
    for (at = 0; at < bsp__map_c(m)->entities.count && seen < 512; at++) {
        if (bsp__map_c(m)->entities.data[at] != '{') continue;
        getters(m, at);
        if (at + 1 < bsp__map_c(m)->entities.count) getters(m, at + 1);   /* no entity's '{' */
        seen++;
    }
}

FUZZ_ENTRY(draw)
{
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    bsp_options o = bsp_default_options(BSP_LOAD_GEOMETRY | BSP_LOAD_ENTITIES);
    uint32_t need = 0;
    fuzz_block b;
    if (size > 0xffffffffu) return 0;
    bsp_memstream_init(&ms, &s, data, (uint32_t)size);
    if (bsp_open(&h, &s) != BSP_OK) return 0;
    if (bsp_measure(&h, &o, &need) != BSP_OK || need > DRAW_ARENA_CAP) return 0;
    if (fuzz_block_alloc(&b, need ? need : 1)) return 0;
    if (bsp_load(&m, &h, &s, b.p, need, &o, NULL) == BSP_OK) {
        leaf_disps(&m);
        visible(&m);
        entities(&m);
    }
    FUZZ_ASSERT(fuzz_block_guards_ok(&b));
    fuzz_block_free(&b);
    return 0;
}
