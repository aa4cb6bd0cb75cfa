/* SPDX-License-Identifier: MIT */
/* texture_table.c - the map's texture table (docs/queries.md 11.2) read
 * through each family's access description: a miptex directory's records
 * with their pixels' places, source's texdata sizes, the names of the
 * others; quake2's table is its texinfos' distinct names. */
#include "map_access.h"
#include "map_vertex.h"
#include "texture.h"
#include "../core/map.h"

#if BSPKIT_ACCESS   /* else core/absent.c */

/* The texture lump of a loaded map, or the status that says why not. */
static bsp_status tex_lump(const bsp__map *m, const uint8_t **t, uint32_t *size)
{
    *t = bsp__access_lump(m, BSP_AL_TEXTURES, size);
    if (*t) return BSP_OK;
    /* left out: NOT_LOADED; stored empty: a table of 0 */
    return bsp__access_absent(m, BSP_AL_TEXTURES, BSP_OK);
}

static const uint8_t *tex_record_name(const bsp__map *m, const uint8_t *t, uint32_t i)
{
    const bsp__access *a = m->family->access;
    return t + (size_t)i * a->texture_stride + a->texture_name;
}

/* The record entry k of the table reads: quake2's first texinfo of that
 * name (numbered at load, family/texture_names.c), else entry k's own. */
static uint32_t tex_record_of(const bsp__map *m, uint32_t k)
{
    return m->family->access->texture_unique ? m->texture_first[k] : k;
}

/* ---- one tex_entry ----------------------------------------------------------- */

static void tex_miptex_entry(const bsp__map *m, const uint8_t *t, uint32_t size, uint32_t index, bsp_texture *out)
{
    int32_t o = (int32_t)bsp__get_le32(t + 4 + 4 * (size_t)index);   /* bytes: never swapped */
    uint32_t avail;
    int own = m->family->access->texture_palette == BSP_PALETTE_OWN;
    const bsp__access *a = m->family->access;
    const bsp__miptex_layout lay = { a->miptex_header, a->texture_size, a->miptex_offsets };
    if (o == -1) {
        bsp__texture_clear(out, BSP_TEXTURE_MISSING);
        return;
    }
    bsp__texture_clear(out, BSP_TEXTURE_CORRUPT);
    if (o < 0 || (uint32_t)o >= size) return;
    avail = size - (uint32_t)o;
    bsp__texture_set_name(out, t + o, avail < BSP__MIPTEX_NAME ? avail : BSP__MIPTEX_NAME);
    if (avail < lay.header) return;
    bsp__miptex_header(&lay, t + o, avail, 1, own, out);
    if (out->status == BSP_TEXTURE_EMBEDDED && own) bsp__miptex_palette_count(out, t + o + out->palette_offset - 2);
    out->bytes = t + o;
}

static bsp_status tex_entry(const bsp__map *m, const uint8_t *t, uint32_t size, uint32_t index,
                        uint32_t record, bsp_texture *out)
{
    const bsp__access *a = m->family->access;
    if (a->texture_kind == BSP_TEX_MIPTEX) {
        tex_miptex_entry(m, t, size, index, out);
    } else if (a->texture_kind == BSP_TEX_STRING_TABLE) {
        const char *name;
        uint32_t len;
        int32_t wh[2];
        bsp_status st = bsp_texture_name(bsp__map_cpub(m), index, &name, &len);
        if (st == BSP_E_NOT_LOADED) return st;
        bsp__texture_clear(out, BSP_TEXTURE_CORRUPT);
        out->index = index;
        if (st != BSP_OK) return BSP_OK;   /* a name outside the string data */
        bsp__texture_set_name(out, (const uint8_t *)name, len);
        out->transparent255 = 0;   /* (no pixels) */
        out->status = BSP_TEXTURE_NAME_ONLY;
        if (bsp__texture_size(m, (int32_t)index, wh)) {
            out->status = BSP_TEXTURE_SIZE_ONLY;
            out->has_size = 1;
            out->width = (uint32_t)wh[0];
            out->height = (uint32_t)wh[1];
        }
    } else {
        bsp__texture_clear(out, BSP_TEXTURE_NAME_ONLY);
        bsp__texture_set_name(out, tex_record_name(m, t, record), a->texture_name_len);
        out->transparent255 = 0;
        if (a->texture_unique) out->texinfo = (int32_t)record;
    }
    out->index = index;
    return BSP_OK;
}

/* The common start: the map, its lump and its table's size. */
static bsp_status tex_open_table(const bsp_map *map, const bsp__map **m, const uint8_t **t, uint32_t *size)
{
    *m = bsp__map_c(map);
    if (!bsp__access_of(*m)) return bsp__no_access(*m);
    return tex_lump(*m, t, size);
}

bsp_status bsp_texture_count(const bsp_map *map, uint32_t *count)
{
    const bsp__map *m;
    const uint8_t *t;
    uint32_t size;
    bsp_status st;
    if (!count) return BSP_E_BAD_ARGUMENT;
    *count = 0;
    if ((st = tex_open_table(map, &m, &t, &size)) != BSP_OK) return st;
    if (t) *count = bsp__texture_records(m);
    return BSP_OK;
}

bsp_status bsp_texture_get(const bsp_map *map, uint32_t index, bsp_texture *out)
{
    const bsp__map *m;
    const uint8_t *t;
    uint32_t size;
    bsp_status st;
    if (!out) return BSP_E_BAD_ARGUMENT;
    if ((st = tex_open_table(map, &m, &t, &size)) != BSP_OK) return st;
    if (!t || index >= bsp__texture_records(m)) return BSP_E_BAD_TEXTURE;
    return tex_entry(m, t, size, index, tex_record_of(m, index), out);
}

bsp_status bsp_texture_next(const bsp_map *map, bsp_texture *tex)
{
    const bsp__map *m;
    const uint8_t *t;
    uint32_t size, records;
    bsp_status st;
    if (!tex) return BSP_E_BAD_ARGUMENT;
    if ((st = tex_open_table(map, &m, &t, &size)) != BSP_OK) return st;
    if (!t) return BSP_E_BAD_TEXTURE;
    records = bsp__texture_records(m);
    if (tex->index >= records) return BSP_E_BAD_TEXTURE;
    if (tex->index + 1 >= records) return BSP_E_END;
    return tex_entry(m, t, size, tex->index + 1, tex_record_of(m, tex->index + 1), tex);
}

#endif
