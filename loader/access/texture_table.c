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

/* ---- quake2: the distinct names of the texinfo records ----------------- */

static const uint8_t *tex_record_name(const bsp__map *m, const uint8_t *t, uint32_t i)
{
    const bsp__access *a = m->family->access;
    return t + (size_t)i * a->texture_stride + a->texture_name;
}

/* Names of n bytes at most, equal up to their first NUL. */
static int tex_same_name(const uint8_t *x, const uint8_t *y, uint32_t n)
{
    uint32_t k;
    for (k = 0; k < n; k++) {
        if (x[k] != y[k]) return 0;
        if (!x[k]) return 1;
    }
    return 1;
}

/* Does record i carry a name no record before it has? */
static int tex_first_of_name(const bsp__map *m, const uint8_t *t, uint32_t i)
{
    const uint8_t *name = tex_record_name(m, t, i);
    uint32_t j, n = m->family->access->texture_name_len;
    for (j = 0; j < i; j++)
        if (tex_same_name(tex_record_name(m, t, j), name, n)) return 0;
    return 1;
}

/* The first record at or after `from` that starts a name; `records` if none. */
static uint32_t tex_next_first(const bsp__map *m, const uint8_t *t, uint32_t records, uint32_t from)
{
    while (from < records && !tex_first_of_name(m, t, from)) from++;
    return from;
}

static uint32_t tex_table_count(const bsp__map *m, const uint8_t *t)
{
    uint32_t records = bsp__texture_records(m), i, n = 0;
    if (!m->family->access->texture_unique) return records;
    for (i = 0; i < records; i++) n += (uint32_t)tex_first_of_name(m, t, i);
    return n;
}

/* ---- one tex_entry ----------------------------------------------------------- */

static void tex_miptex_entry(const bsp__map *m, const uint8_t *t, uint32_t size, uint32_t index, bsp_texture *out)
{
    int32_t o = (int32_t)bsp__get_le32(t + 4 + 4 * (size_t)index);   /* bytes: never swapped */
    uint32_t avail;
    int own = m->family->access->texture_palette == BSP_PALETTE_OWN;
    if (o == -1) {
        bsp__texture_clear(out, BSP_TEXTURE_MISSING);
        return;
    }
    bsp__texture_clear(out, BSP_TEXTURE_CORRUPT);
    if (o < 0 || (uint32_t)o >= size) return;
    avail = size - (uint32_t)o;
    bsp__texture_set_name(out, t + o, avail < BSP__MIPTEX_NAME ? avail : BSP__MIPTEX_NAME);
    if (avail < BSP__MIPTEX_HEADER) return;
    bsp__miptex_header(t + o, avail, 1, own, out);
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
    if (!bsp__access_of(*m)) return BSP_E_BAD_ARGUMENT;
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
    if (t) *count = tex_table_count(m, t);
    return BSP_OK;
}

bsp_status bsp_texture_get(const bsp_map *map, uint32_t index, bsp_texture *out)
{
    const bsp__map *m;
    const uint8_t *t;
    uint32_t size, records, record = index;
    bsp_status st;
    if (!out) return BSP_E_BAD_ARGUMENT;
    if ((st = tex_open_table(map, &m, &t, &size)) != BSP_OK) return st;
    if (!t) return BSP_E_BAD_TEXTURE;
    records = bsp__texture_records(m);
    if (m->family->access->texture_unique) {
        uint32_t k;
        record = tex_next_first(m, t, records, 0);
        for (k = 0; k < index && record < records; k++) record = tex_next_first(m, t, records, record + 1);
    }
    if (record >= records) return BSP_E_BAD_TEXTURE;
    return tex_entry(m, t, size, index, record, out);
}

bsp_status bsp_texture_next(const bsp_map *map, bsp_texture *tex)
{
    const bsp__map *m;
    const uint8_t *t;
    uint32_t size, records, record;
    bsp_status st;
    if (!tex) return BSP_E_BAD_ARGUMENT;
    if ((st = tex_open_table(map, &m, &t, &size)) != BSP_OK) return st;
    if (!t) return BSP_E_BAD_TEXTURE;
    records = bsp__texture_records(m);
    if (!m->family->access->texture_unique) {
        if (tex->index >= records) return BSP_E_BAD_TEXTURE;
        if (tex->index + 1 >= records) return BSP_E_END;
        return tex_entry(m, t, size, tex->index + 1, tex->index + 1, tex);
    }
    /* quake2: t->texinfo is the record of tex_entry t->index (checked) */
    if (tex->texinfo < 0 || (uint32_t)tex->texinfo >= records || !tex_first_of_name(m, t, (uint32_t)tex->texinfo))
        return BSP_E_BAD_TEXTURE;
    record = tex_next_first(m, t, records, (uint32_t)tex->texinfo + 1);
    if (record >= records) return BSP_E_END;
    return tex_entry(m, t, size, tex->index + 1, record, tex);
}

#endif
