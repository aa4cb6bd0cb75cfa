/* SPDX-License-Identifier: MIT */
/* gamelump.c - the Source game lump's sub-lumps for a program: how many,
 * each one's bytes, and unpacking a console's compressed sub-lump into the
 * caller's memory. The directory itself is read by family/gamelump_dir.c.
 */
#include "../family/gamelump_dir.h"
#include "../core/map.h"
#include "../lzma/unpack.h"
#include "../query/query.h"

#if BSPKIT_FAMILY_SOURCE   /* else core/absent.c: no map has game lumps */
uint32_t bsp_game_lump_count(const bsp_map *map)
{
    const bsp__map *m = bsp__map_c(map);
    uint32_t n = m ? bsp__game_lump_entries(m) : 0;
    bsp__gl_entry last;
    if (n) {
        bsp__game_lump_entry(m, n - 1, &last);
        if (bsp__game_lump_is_dummy(&last)) n--;
    }
    return n;
}

bsp_status bsp_game_lump_get(const bsp_map *map, uint32_t index, bsp_game_lump *out)
{
    const bsp__map *m = bsp__map_c(map);
    uint32_t n, base, ofs, len, stored, size;
    bsp__gl_entry e;
    bsp__valve_block v;
    if (!m || !out || !m->family) return BSP_E_BAD_ARGUMENT;
    if (!bsp__has_game_lump(m)) return BSP_E_UNSUPPORTED;
    /* (an empty game lump has no sub-lumps: the count, 0, answers) */
    if (!bsp__game_lump(m) && !bsp__lump_is_empty(m, BSP__GAME_LUMP)) return BSP_E_NOT_LOADED;
    n = bsp__game_lump_entries(m);
    if (index >= bsp_game_lump_count(map)) return BSP_E_BAD_QUERY;
    base = m->game_lump_base;
    if (base == BSP_NO_LUMP) return BSP_E_CORRUPT;
    size = m->lump_size[BSP__GAME_LUMP];
    bsp__game_lump_entry(m, index, &e);
    ofs = e.field[BSP_GL_OFFSET] - base;
    len = e.field[BSP_GL_LENGTH];
    out->id = e.field[BSP_GL_ID];
    out->flags = (uint16_t)e.field[BSP_GL_FLAGS];
    out->version = (uint16_t)e.field[BSP_GL_VERSION];
    out->data = m->lump_data[BSP__GAME_LUMP] + ofs;
    out->compressed = 0;
    out->stored = out->size = len;
    /* A compressed sub-lump runs to the next entry, or to the lump's end
     * before a closing entry of zeros (consoles and bspzip store the
     * unpacked size in its length field); its LZMA header has the sizes. */
    stored = size;
    if (index + 1 < n) {
        bsp__game_lump_entry(m, index + 1, &e);
        if (!bsp__game_lump_open_end(&e)) stored = e.field[BSP_GL_OFFSET] - base;
    }
    if ((out->flags & 1) && stored > ofs && bsp__valve_block_parse(out->data, stored - ofs, &v)) {
        out->compressed = 1;
        out->stored = stored - ofs;
        out->size = v.size;
    } else if (ofs > size || len > size - ofs) {
        return BSP_E_CORRUPT;
    }
    return BSP_OK;
}

#endif

bsp_status bsp_game_lump_unpack_bytes(const bsp_game_lump *g, uint32_t *need_dst,
                                      uint32_t *need_tables)
{
    bsp__valve_block v;
    if (!g || !need_dst || !need_tables) return BSP_E_BAD_ARGUMENT;
    *need_tables = 0;
    *need_dst = g->size;
    if (!g->compressed) return BSP_OK;
#if !BSPKIT_LZMA
    (void)v;
    return BSP_E_UNSUPPORTED;   /* built without the decoder */
#else
    if (!bsp__valve_block_parse(g->data, g->stored, &v) || !v.props_ok) return BSP_E_LZMA_CORRUPT;
    *need_tables = bsp__lzma_probs_bytes(&v.props);
    *need_dst = bsp__lzma_region_bytes(g->size, g->stored);
    return *need_dst ? BSP_OK : BSP_E_LZMA_CORRUPT;
#endif
}

bsp_status bsp_game_lump_unpack(const bsp_game_lump *g, void *dst, uint32_t dst_bytes,
                                void *tables, uint32_t tables_bytes)
{
    uint32_t need_dst, need_tables, stored;
    bsp_status st = bsp_game_lump_unpack_bytes(g, &need_dst, &need_tables);
    if (st != BSP_OK) return st;
    if (!dst || dst_bytes < need_dst || tables_bytes < need_tables ||
        (need_tables && (!tables || ((uintptr_t)tables & 1))))
        return BSP_E_BAD_ARGUMENT;
    /* Stored bytes go at the end of dst, where in-place decoding wants
     * them; a plain sub-lump fills dst exactly (need_dst is its size). */
    stored = g->compressed ? g->stored : g->size;
    bsp__copy((uint8_t *)dst + need_dst - stored, g->data, stored);
    if (!g->compressed) return BSP_OK;
    return bsp__unpack_in_place((uint8_t *)dst, need_dst, g->stored, g->size, tables, 12);
}
