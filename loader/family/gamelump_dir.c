/* SPDX-License-Identifier: MIT */
/* gamelump_dir.c - reading the Source game lump's directory (lump 35): an
 * int32 count and count entries {int32 id, uint16 flags, uint16 version,
 * int32 offset, int32 length} (swapped to native at load; game variants
 * describe other entries: bsp__game_lump_dir). PC files give offsets from
 * the start of the file; console files (MakeGameData) from the start of the
 * game lump, and close the directory with a dummy entry whose offset marks
 * the end of the last sub-lump. PC files `bspzip -repack` compressed close
 * it with an entry of zeros (no offset): the last sub-lump then runs to
 * the lump's end. The load locates the directory once
 * (bsp__game_lump_locate); map access (access/gamelump.c) reads entries.
 */
#include "gamelump_dir.h"
#include "../core/map.h"

#if BSPKIT_FAMILY_SOURCE   /* else core/absent.c: no map has game lumps */

static const bsp__game_lump_dir *dir_of(const bsp__map *m)
{
    /* only these variants describe their own entries */
    return (BSP__DARK_MESSIAH || BSP__VINDICTUS) && m->family->dir.game_lump_dir
               ? m->family->dir.game_lump_dir : &bsp__valve_game_lump_dir;
}

void bsp__game_lump_entry(const bsp__map *m, uint32_t i, bsp__gl_entry *out)
{
    const bsp__game_lump_dir *d = dir_of(m);
    const uint8_t *e = m->lump_data[BSP__GAME_LUMP] + 4 + (size_t)d->entry_bytes * i;
    uint32_t k;
    for (k = 0; k < BSP_GL_FIELDS; k++) out->field[k] = (uint32_t)bsp__field_get(e, d->field[k]);
}

/* Entries in the directory (dummy included), 0 if it does not fit. */
uint32_t bsp__game_lump_entries(const bsp__map *m)
{
    uint32_t size = m->lump_size[BSP__GAME_LUMP], n;
    if (!m->family || bsp__role_lump(m->family, BSP_ROLE_FACES_HDR) < 0) return 0;  /* Source only */
    if (!m->lump_data[BSP__GAME_LUMP] || size < 4) return 0;
    n = bsp__u32(m->lump_data[BSP__GAME_LUMP]);
    return n <= (size - 4) / dir_of(m)->entry_bytes ? n : 0;
}

/* Every entry's data lies after the directory and inside the game lump
 * when offsets count from `base`. Written as differences of numbers
 * already known to be in order, so no sum can wrap 32 bits. */
static int base_fits(const bsp__map *m, uint32_t n, uint32_t base)
{
    uint32_t size = m->lump_size[BSP__GAME_LUMP], dir_end = 4 + dir_of(m)->entry_bytes * n, i, at;
    for (i = 0; i < n; i++) {
        bsp__gl_entry e;
        bsp__game_lump_entry(m, i, &e);
        if (bsp__game_lump_open_end(&e)) continue;
        if (e.field[BSP_GL_OFFSET] < base) return 0;
        at = e.field[BSP_GL_OFFSET] - base;
        if (at < dir_end || at > size) return 0;
        /* a compressed entry's length is its unpacked size (consoles): it
         * ends where the next entry starts */
        if (!bsp__game_lump_is_dummy(&e) && !(e.field[BSP_GL_FLAGS] & 1) && e.field[BSP_GL_LENGTH] > size - at)
            return 0;
    }
    return 1;
}

/* Where offsets count from: the file's offset of the game lump (absolute)
 * or 0 (relative). Absolute wins when both readings fit, as its data then
 * starts nearer the directory. It walks the whole directory, so it runs
 * once, at load. */
void bsp__game_lump_locate(bsp__map *m)
{
    uint32_t n = bsp__game_lump_entries(m), file = m->lump_file_offset[BSP__GAME_LUMP];
    m->game_lump_base = BSP_NO_LUMP;
    if (n == 0) return;
    if (base_fits(m, n, file)) m->game_lump_base = file;
    else if (base_fits(m, n, 0)) m->game_lump_base = 0;
}

#endif
