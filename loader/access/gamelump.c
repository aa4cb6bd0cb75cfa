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
    16, { { 0, BSP_F_I32 }, { 4, BSP_F_U16 }, { 6, BSP_F_U16 }, { 8, BSP_F_I32 },
          { 12, BSP_F_I32 } }
};

static const bsp__game_lump_dir *dir_of(const bsp_map *m)
{
    /* only these variants describe their own entries */
    return (BSP__DARK_MESSIAH || BSP__VINDICTUS) && m->family->game_lump_dir
               ? m->family->game_lump_dir : &bsp__valve_game_lump_dir;
}

/* One directory entry's fields as unsigned numbers (by enum
 * bsp__game_lump_field), read through the description once per entry
 * rather than once per use. */
typedef struct gl_entry { uint32_t field[BSP_GL_FIELDS]; } gl_entry;

static void read_entry(const bsp_map *m, uint32_t i, gl_entry *out)
{
    const bsp__game_lump_dir *d = dir_of(m);
    const uint8_t *e = m->lump_data[GAME_LUMP] + 4 + (size_t)d->entry_bytes * i;
    uint32_t k;
    for (k = 0; k < BSP_GL_FIELDS; k++) out->field[k] = (uint32_t)bsp__field_get(e, d->field[k]);
}

/* Entries in the directory (dummy included), 0 if it does not fit. */
static uint32_t directory_entries(const bsp_map *m)
{
    uint32_t size = m->lump_size[GAME_LUMP], n;
    if (!m->family || bsp__role_lump(m->family, BSP_ROLE_FACES_HDR) < 0) return 0;  /* Source only */
    if (!m->lump_data[GAME_LUMP] || size < 4) return 0;
    n = bsp__u32(m->lump_data[GAME_LUMP]);
    return n <= (size - 4) / dir_of(m)->entry_bytes ? n : 0;
}

static int is_dummy(const gl_entry *e)
{
    return e->field[BSP_GL_ID] == 0 && e->field[BSP_GL_LENGTH] == 0;
}

/* Every entry's data lies after the directory and inside the game lump
 * when offsets count from `base`. Written as differences of numbers
 * already known to be in order, so no sum can wrap 32 bits. */
static int base_fits(const bsp_map *m, uint32_t n, uint32_t base)
{
    uint32_t size = m->lump_size[GAME_LUMP], dir_end = 4 + dir_of(m)->entry_bytes * n, i, at;
    for (i = 0; i < n; i++) {
        gl_entry e;
        read_entry(m, i, &e);
        if (e.field[BSP_GL_OFFSET] < base) return 0;
        at = e.field[BSP_GL_OFFSET] - base;
        if (at < dir_end || at > size) return 0;
        /* a compressed entry's length is its unpacked size (consoles): it
         * ends where the next entry starts */
        if (!is_dummy(&e) && !(e.field[BSP_GL_FLAGS] & 1) && e.field[BSP_GL_LENGTH] > size - at)
            return 0;
    }
    return 1;
}

/* Where offsets count from: the file's offset of the game lump (absolute)
 * or 0 (relative). Absolute wins when both readings fit, as its data then
 * starts nearer the directory. It walks the whole directory, so it runs
 * once, at load. */
void bsp__game_lump_locate(bsp_map *m)
{
    uint32_t n = directory_entries(m), file = m->lump_file_offset[GAME_LUMP];
    m->game_lump_base = BSP_NO_LUMP;
    if (n == 0) return;
    if (base_fits(m, n, file)) m->game_lump_base = file;
    else if (base_fits(m, n, 0)) m->game_lump_base = 0;
}

uint32_t bsp_game_lump_count(const bsp_map *m)
{
    uint32_t n = m ? directory_entries(m) : 0;
    gl_entry last;
    if (n) {
        read_entry(m, n - 1, &last);
        if (is_dummy(&last)) n--;
    }
    return n;
}

bsp_status bsp_game_lump_get(const bsp_map *m, uint32_t index, bsp_game_lump *out)
{
    uint32_t n, base, ofs, len, stored, size;
    gl_entry e;
    bsp__valve_block v;
    if (!m || !out) return BSP_E_BAD_ARGUMENT;
    if (!m->lump_data[GAME_LUMP]) return BSP_E_NOT_LOADED;
    n = directory_entries(m);
    if (index >= bsp_game_lump_count(m)) return BSP_E_BAD_QUERY;
    base = m->game_lump_base;
    if (base == BSP_NO_LUMP) return BSP_E_CORRUPT;
    size = m->lump_size[GAME_LUMP];
    read_entry(m, index, &e);
    ofs = e.field[BSP_GL_OFFSET] - base;
    len = e.field[BSP_GL_LENGTH];
    out->id = e.field[BSP_GL_ID];
    out->flags = (uint16_t)e.field[BSP_GL_FLAGS];
    out->version = (uint16_t)e.field[BSP_GL_VERSION];
    out->data = m->lump_data[GAME_LUMP] + ofs;
    out->compressed = 0;
    out->stored = out->size = len;
    /* A compressed sub-lump runs to the next entry (consoles store the
     * unpacked size in its length field); its LZMA header has the sizes. */
    stored = size;
    if (index + 1 < n) {
        read_entry(m, index + 1, &e);
        stored = e.field[BSP_GL_OFFSET] - base;
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
