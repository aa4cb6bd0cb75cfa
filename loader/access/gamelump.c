/* SPDX-License-Identifier: MIT */
/* gamelump.c - the Source game lump's directory and sub-lumps.
 *
 * Lump 35 holds an int32 count and count entries {int32 id, uint16 flags,
 * uint16 version, int32 offset, int32 length} (swapped to native at load;
 * game variants describe other entries: bsp__game_lump_dir),
 * then the sub-lumps' bytes. PC files give offsets from the start of the
 * file; console files (MakeGameData) give them from the start of the game
 * lump, compress each sub-lump on its own and close the directory with a
 * dummy entry whose offset marks the end of the last sub-lump.
 */
#include "../family/family.h"
#include "../pipeline/unpack.h"
#include "gamelump.h"

#define GAME_LUMP 35

#if BSPKIT_FAMILY_SOURCE   /* else gamelump_absent.c: no map has game lumps */
/* Valve's entry; game variants describe theirs (family.h). */
const bsp__game_lump_dir bsp__valve_game_lump_dir = {
    16, { 0, BSP_F_I32 }, { 4, BSP_F_U16 }, { 6, BSP_F_U16 }, { 8, BSP_F_I32 }, { 12, BSP_F_I32 }
};

static const bsp__game_lump_dir *dir_of(const bsp_map *m)
{
    return m->family->game_lump_dir ? m->family->game_lump_dir : &bsp__valve_game_lump_dir;
}

static const uint8_t *entry_at(const bsp_map *m, uint32_t i)
{
    return m->lump_data[GAME_LUMP] + 4 + (size_t)dir_of(m)->entry_bytes * i;
}

/* An entry's field as an unsigned number; d is dir_of(m), looked up once
 * per function rather than per field. */
#define ENTRY_FIELD(d, e, name) ((uint32_t)bsp__field_get((e), (d)->name))

/* Entries in the directory (dummy included), 0 if it does not fit. */
static uint32_t directory_entries(const bsp_map *m)
{
    uint32_t size = m->lump_size[GAME_LUMP], n;
    if (!m->family || bsp__role_lump(m->family, BSP_ROLE_FACES_HDR) < 0) return 0;  /* Source only */
    if (!m->lump_data[GAME_LUMP] || size < 4) return 0;
    n = bsp__u32(m->lump_data[GAME_LUMP]);
    return n <= (size - 4) / dir_of(m)->entry_bytes ? n : 0;
}

static int is_dummy(const bsp__game_lump_dir *d, const uint8_t *e)
{
    return ENTRY_FIELD(d, e, id) == 0 && ENTRY_FIELD(d, e, length) == 0;
}

/* Where offsets count from: the file's offset of the game lump (absolute)
 * or 0 (relative). Absolute wins when both readings fit, as its data then
 * starts nearer the directory. Returns 0 on success. It walks the whole
 * directory, so it runs once, at load. */
static int offset_base(const bsp_map *m, uint32_t n, uint32_t *base)
{
    const bsp__game_lump_dir *d = dir_of(m);
    uint32_t size = m->lump_size[GAME_LUMP], file = m->lump_file_offset[GAME_LUMP];
    uint32_t dir_end = 4 + d->entry_bytes * n, lo = 0xffffffffu, i, k;
    uint64_t hi = 0;
    for (i = 0; i < n; i++) {
        const uint8_t *e = entry_at(m, i);
        uint32_t ofs = ENTRY_FIELD(d, e, offset);
        /* a compressed entry's length is its unpacked size (consoles): it
         * ends where the next entry starts */
        int sized = !is_dummy(d, e) && !(ENTRY_FIELD(d, e, flags) & 1);
        uint64_t end = (uint64_t)ofs + (sized ? ENTRY_FIELD(d, e, length) : 0);
        if (ofs < lo) lo = ofs;
        if (end > hi) hi = end;
    }
    if (n == 0) return -1;
    for (k = 0; k < 2; k++) {
        uint32_t b = k == 0 ? file : 0;
        if (lo >= b && lo - b >= dir_end && hi - b <= size) {
            *base = b;
            return 0;
        }
    }
    return -1;
}

void bsp__game_lump_locate(bsp_map *m)
{
    if (offset_base(m, directory_entries(m), &m->game_lump_base)) m->game_lump_base = BSP_NO_LUMP;
}

uint32_t bsp_game_lump_count(const bsp_map *m)
{
    uint32_t n = m ? directory_entries(m) : 0;
    if (n && is_dummy(dir_of(m), entry_at(m, n - 1))) n--;
    return n;
}

bsp_status bsp_game_lump_get(const bsp_map *m, uint32_t index, bsp_game_lump *out)
{
    uint32_t n, base, ofs, len, stored;
    const uint8_t *e;
    const bsp__game_lump_dir *d;
    bsp__valve_block v;
    if (!m || !out) return BSP_E_BAD_ARGUMENT;
    if (!m->lump_data[GAME_LUMP]) return BSP_E_NOT_LOADED;
    n = directory_entries(m);
    if (index >= bsp_game_lump_count(m)) return BSP_E_BAD_QUERY;
    base = m->game_lump_base;
    if (base == BSP_NO_LUMP) return BSP_E_CORRUPT;
    e = entry_at(m, index);
    d = dir_of(m);
    ofs = ENTRY_FIELD(d, e, offset) - base;
    len = ENTRY_FIELD(d, e, length);
    out->id = ENTRY_FIELD(d, e, id);
    out->flags = ENTRY_FIELD(d, e, flags);
    out->version = ENTRY_FIELD(d, e, version);
    out->data = m->lump_data[GAME_LUMP] + ofs;
    out->compressed = 0;
    out->stored = out->size = len;
    /* A compressed sub-lump runs to the next entry (consoles store the
     * unpacked size in its length field); its LZMA header has the sizes. */
    stored = (index + 1 < n ? ENTRY_FIELD(d, entry_at(m, index + 1), offset) - base
                            : m->lump_size[GAME_LUMP]);
    if ((out->flags & 1) && stored > ofs && bsp__valve_block_parse(out->data, stored - ofs, &v)) {
        out->compressed = 1;
        out->stored = stored - ofs;
        out->size = v.size;
    } else if ((uint64_t)ofs + len > m->lump_size[GAME_LUMP]) {
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
    uint32_t need_dst, need_tables;
    bsp_status st = bsp_game_lump_unpack_bytes(g, &need_dst, &need_tables);
    if (st != BSP_OK) return st;
    if (!dst || dst_bytes < need_dst || tables_bytes < need_tables ||
        (need_tables && (!tables || ((uintptr_t)tables & 1))))
        return BSP_E_BAD_ARGUMENT;
    if (!g->compressed) {
        bsp__copy(dst, g->data, g->size);
        return BSP_OK;
    }
    bsp__copy((uint8_t *)dst + need_dst - g->stored, g->data, g->stored);
    return bsp__unpack_in_place((uint8_t *)dst, need_dst, g->stored, g->size, tables, 12);
}
