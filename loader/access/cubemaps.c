/* SPDX-License-Identifier: MIT */
/* cubemaps.c - the Source cubemap lump (42) and the pakfile path vbsp gives
 * each cubemap's texture (bspkit.h "Source cubemaps"). The lump's records
 * are swapped to native order at load (family_source.c describes them). */
#include "../bspkit.h"
#include "../core/map.h"
#include "../core/config.h"
#include "../family/family.h"
#include "srclumps.h"
#include "../query/query.h"

#if BSPKIT_ACCESS && BSPKIT_FAMILY_SOURCE   /* else core/absent.c */

#define CM_LUMP 42u
#define CM_BYTES 16u
/* vbsp keeps the map's base name in a 64-byte buffer */
#define CM_NAME_MAX 63u
/* the longest path: 15 + 63 + 2 + 3 * 11 + 2 + 8 bytes, and a NUL */
#define CM_PATH_BYTES 124u

bsp_status bsp__source_lump(const bsp__map *m, const bsp_header *h, uint32_t lump)
{
    if (!m || !h || !m->family) return BSP_E_BAD_ARGUMENT;
    /* Source maps only: the other families have no such lump */
    if (bsp__role_lump(m->family, BSP_ROLE_FACES_HDR) < 0) return BSP_E_UNSUPPORTED;
    if (!m->lump_data[lump]) return h->lumps[lump].size ? BSP_E_NOT_LOADED : BSP_OK;
    return m->lump_size[lump] == h->lumps[lump].size ? BSP_OK : BSP_E_BAD_ARGUMENT;
}

bsp_status bsp_cubemap_count(const bsp_map *map, const bsp_header *h, uint32_t *count)
{
    const bsp__map *m = bsp__map_c(map);
    bsp_status st;
    if (count) *count = 0;
    if (!count) return BSP_E_BAD_ARGUMENT;
    if ((st = bsp__source_lump(m, h, CM_LUMP)) != BSP_OK) return st;
    if (m->lump_size[CM_LUMP] % CM_BYTES) return BSP_E_CORRUPT;
    *count = m->lump_data[CM_LUMP] ? m->lump_size[CM_LUMP] / CM_BYTES : 0;
    return BSP_OK;
}

bsp_status bsp_cubemap_get(const bsp_map *map, uint32_t i, bsp_cubemap *out)
{
    const bsp__map *m = bsp__map_c(map);
    const uint8_t *r;
    uint32_t k;
    if (!m || !out || !m->family) return BSP_E_BAD_ARGUMENT;
    if (bsp__role_lump(m->family, BSP_ROLE_FACES_HDR) < 0) return BSP_E_UNSUPPORTED;
    if (!m->lump_data[CM_LUMP]) return bsp__lump_absent(m, (int)CM_LUMP, BSP_E_BAD_QUERY);
    if (i >= m->lump_size[CM_LUMP] / CM_BYTES) return BSP_E_BAD_QUERY;
    r = m->lump_data[CM_LUMP] + (size_t)i * CM_BYTES;
    for (k = 0; k < 3; k++) out->origin[k] = bsp__i32(r + 4 * k);
    out->size = bsp__i32(r + 12);
    return BSP_OK;
}

/* Appends v in decimal (printf's %d) at dst[n] when it fits below cap;
 * returns the new length either way. */
static uint32_t cm_put_int(char *dst, uint32_t cap, uint32_t n, int32_t v)
{
    char digits[10];
    uint32_t u = v < 0 ? 0u - (uint32_t)v : (uint32_t)v, k = 0;
    if (v < 0) {
        if (n < cap) dst[n] = '-';
        n++;
    }
    do {
        digits[k++] = (char)('0' + u % 10u);
        u /= 10u;
    } while (u);
    while (k) {
        k--;
        if (n < cap) dst[n] = digits[k];
        n++;
    }
    return n;
}

static uint32_t cm_put_text(char *dst, uint32_t cap, uint32_t n, const char *s, uint32_t len)
{
    uint32_t k;
    for (k = 0; k < len; k++, n++)
        if (n < cap) dst[n] = s[k];
    return n;
}

static char cm_lower(char c) { return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c; }

/* The path into dst[0 .. cap) (as much as fits); returns its length. */
static uint32_t cm_put_path(const bsp_cubemap *c, const char *base, uint32_t name_len, int hdr,
                         char *dst, uint32_t cap)
{
    uint32_t n, k;
    n = cm_put_text(dst, cap, 0, "materials/maps/", 15);
    for (k = 0; k < name_len; k++, n++)
        if (n < cap) dst[n] = cm_lower(base[k]);
    n = cm_put_text(dst, cap, n, "/c", 2);
    for (k = 0; k < 3; k++) {
        if (k) n = cm_put_text(dst, cap, n, "_", 1);
        n = cm_put_int(dst, cap, n, c->origin[k]);
    }
    return hdr ? cm_put_text(dst, cap, n, ".hdr.vtf", 8) : cm_put_text(dst, cap, n, ".vtf", 4);
}

bsp_status bsp_cubemap_texture_name(const bsp_cubemap *c, const char *map_name, int hdr,
                                    char *dst, uint32_t dst_bytes, uint32_t *len)
{
    const char *base;
    uint32_t k, name_len;
    if (len) *len = 0;
    if (!c || !map_name || !len) return BSP_E_BAD_ARGUMENT;
    /* the base name: after the last separator, without one ".bsp" */
    base = map_name;
    for (k = 0; map_name[k]; k++)
        if (map_name[k] == '/' || map_name[k] == '\\') base = map_name + k + 1;
    for (name_len = 0; base[name_len]; name_len++) {}
    if (name_len >= 4 && base[name_len - 4] == '.' && cm_lower(base[name_len - 3]) == 'b' &&
        cm_lower(base[name_len - 2]) == 's' && cm_lower(base[name_len - 1]) == 'p')
        name_len -= 4;
    if (name_len > CM_NAME_MAX) name_len = CM_NAME_MAX;
    if (name_len == 0) return BSP_E_BAD_ARGUMENT;
    *len = cm_put_path(c, base, name_len, hdr, dst, 0);
    if (!dst || dst_bytes < *len + 1) return BSP_E_BAD_ARGUMENT;   /* dst untouched */
    cm_put_path(c, base, name_len, hdr, dst, dst_bytes);
    dst[*len] = '\0';
    return BSP_OK;
}

bsp_status bsp_cubemap_texture_find(const bsp_pak *p, const bsp_cubemap *c, const char *map_name,
                                    int hdr, bsp_pak_entry *e)
{
    char path[CM_PATH_BYTES];
    uint32_t len;
    bsp_status st;
    if (!p || !e) return BSP_E_BAD_ARGUMENT;
    st = bsp_cubemap_texture_name(c, map_name, hdr, path, sizeof path, &len);
    return st == BSP_OK ? bsp_pak_find(p, path, e) : st;
}

bsp_status bsp_cubemap_texture_find_indexed(const bsp_pak_index *x, const bsp_cubemap *c,
                                            const char *map_name, int hdr, bsp_pak_entry *e)
{
    char path[CM_PATH_BYTES];
    uint32_t len;
    bsp_status st;
    if (!x || !e) return BSP_E_BAD_ARGUMENT;
    st = bsp_cubemap_texture_name(c, map_name, hdr, path, sizeof path, &len);
    return st == BSP_OK ? bsp_pak_index_find(x, path, e) : st;
}

#endif
