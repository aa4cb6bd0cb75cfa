/* SPDX-License-Identifier: MIT */
/* map_brushes.c - brushes, their sides and the leaves' brush lists, read
 * through the family's collision description (the lumps collision loads):
 * one reader for quake2, quake3, source (narrow and wide sides) and
 * nightfire. Indices the load leaves to collision are checked here. */
#include "map_access.h"
#include "../core/map.h"
#include "../cmodel/brush_list.h"

#if BSPKIT_ACCESS && BSPKIT_COLLISION   /* else core/absent.c */

/* The collision part of a map that has brushes: NULL with *st set. A
 * Quake-family map's BSPX brush list (13.7) answers when `list` (the
 * brushes and their sides, not the leaves' lists): *st OK, NULL. */
static const struct bsp__collision *brush_part(const bsp__map *m, bsp_status *st, int list)
{
    const struct bsp__collision *c;
    *st = BSP_E_BAD_ARGUMENT;
    if (!bsp__access_of(m)) return NULL;
    c = bsp__coll_of(m->family);
    *st = BSP_E_UNSUPPORTED;
#if BSP__BRUSH_LIST
    if (list && c && c->kind == BSP_COLL_HULLS && c->list_contents) {
        /* (a map whose directory names one, loaded without collision) */
        if (!m->has_collision && bsp__bspx_index(&m->bspx, "BRUSHLIST") >= 0) *st = BSP_E_NOT_LOADED;
        if (m->brush_list) *st = BSP_OK;
        return NULL;
    }
#endif
    (void)list;
    if (!c || c->kind == BSP_COLL_HULLS) return NULL;
    *st = BSP_E_NOT_LOADED;
    if (!m->has_collision) return NULL;
    if (!m->brushes.data || !m->planes.data) {
        /* (lumps the file stores empty: no brushes, the index checks answer) */
        bsp__need n[2];
        n[0].data = m->brushes.data, n[0].lump = c->lumps[BSP_CL_BRUSHES];
        n[1].data = m->planes.data, n[1].lump = bsp__role_lump(m->family, BSP_ROLE_PLANES);
        if (bsp__needs_absent(m, n, 2, 0) != BSP_OK) return NULL;
    }
    *st = BSP_OK;
    return c;
}

/* Whether the records of this view are wide (Strata's and Vindictus's,
 * told by their size): index 1 of a (narrow, wide) pair of fields. */
static int is_wide(const bsp_view *v, uint32_t wide_bytes)
{
    return (BSP__STRATA || BSP__VINDICTUS) && wide_bytes && v->stride == wide_bytes;
}

bsp_status bsp_get_brush(const bsp_map *map, uint32_t brush, bsp_brush *out)
{
    const bsp__map *m = bsp__map_c(map);
    bsp_status st;
    const struct bsp__collision *c = brush_part(m, &st, 1);
    const bsp__access *a;
    const uint8_t *r;
    int32_t first, n;
    if (!out) return BSP_E_BAD_ARGUMENT;
#if BSP__BRUSH_LIST
    if (!c && st == BSP_OK) {
        const bsp__brush_list *bl = m->brush_list;
        if (brush >= bl->nat.num_brushes) return BSP_E_BAD_QUERY;
        out->contents = bl->stored_contents[brush];
        out->flags = (uint32_t)bl->nat.brushes[brush].contents;
        out->texture = -1;
        out->first_side = bl->nat.brushes[brush].first;
        out->num_sides = (uint32_t)bl->nat.brushes[brush].count;
        return BSP_OK;
    }
#endif
    if (!c) return st;
    a = m->family->access;
    if (brush >= m->brushes.count) return BSP_E_BAD_QUERY;
    r = BSP__REC(m->brushes, brush);
    first = bsp__field_get(r, c->brush_firstside);
    n = bsp__field_get(r, c->brush_numsides);
    if (n < 0) n = 0;
    if (first < 0 || (uint32_t)first > m->brushsides.count ||
        (uint32_t)n > m->brushsides.count - (uint32_t)first)
        return BSP_E_CORRUPT;
    out->first_side = (uint32_t)first;
    out->num_sides = (uint32_t)n;
    out->texture = -1;
    out->contents = bsp__field_get(r, c->brush_contents);
    if (c->shader_contents.type) {   /* quake3: the field names a shader */
        int32_t sh = out->contents;
        if (sh < 0 || (uint32_t)sh >= m->shaders.count) return BSP_E_CORRUPT;
        out->texture = sh;
        out->contents = bsp__field_get(BSP__REC(m->shaders, (uint32_t)sh), c->shader_contents);
    }
    out->flags = c->mask_all ? 0 : bsp__map_flags(a->contents, a->num_contents, a->contents_bits,
                                                  out->contents);
    return BSP_OK;
}

bsp_status bsp_get_brush_side(const bsp_map *map, uint32_t brush, uint32_t k, bsp_brush_side *out)
{
    const bsp__map *m = bsp__map_c(map);
    bsp_brush b;
    bsp__texture_use u;
    const struct bsp__collision *c;
    const uint8_t *r, *p;
    int32_t plane, tex, texinfo = -1, direct = -1;
    uint32_t j;
    int wide;
    bsp_status st = bsp_get_brush(map, brush, &b);
    if (!out) return BSP_E_BAD_ARGUMENT;
    if (st != BSP_OK) return st;
    if (k >= b.num_sides) return BSP_E_BAD_QUERY;
    c = bsp__coll_of(m->family);
#if BSP__BRUSH_LIST
    if (c->kind == BSP_COLL_HULLS) {
        const bsp__cplane *pl = &m->brush_list->nat.planes[b.first_side + k];
        out->plane = -1;
        for (j = 0; j < 3; j++) out->normal[j] = pl->n[j];
        out->dist = pl->dist;
        out->texture = -1;
        out->flags = out->raw_flags = 0;
        out->dispinfo = -1;
        out->bevel = out->thin = 0;
        return BSP_OK;
    }
#endif
    r = BSP__REC(m->brushsides, b.first_side + k);
    wide = is_wide(&m->brushsides, c->side_wide_bytes);
    plane = bsp__field_get(r, c->side_plane[wide]);
    if (plane < 0 || (uint32_t)plane >= m->planes.count) return BSP_E_CORRUPT;
    p = BSP__REC(m->planes, (uint32_t)plane);
    out->plane = plane;
    for (j = 0; j < 3; j++) out->normal[j] = bsp__f32(p + 4 * j);
    out->dist = bsp__f32(p + 12);
    tex = c->side_texture_kind ? bsp__field_get(r, c->side_texture[wide]) : -1;
    if (c->side_texture_kind == BSP_SIDE_TEXINFO && tex >= 0 && m->texinfo.data) {
        if ((uint32_t)tex >= m->texinfo.count) return BSP_E_CORRUPT;
        texinfo = tex;
    } else if (c->side_texture_kind == BSP_SIDE_SHADER) {
        direct = tex;
    } else if (c->side_texture_kind == BSP_SIDE_FACE && tex >= 0 && m->faces.data) {
        bsp_face f;   /* nightfire: the face's texture; a face past the lump: none */
        if (bsp_get_face(map, (uint32_t)tex, &f) == BSP_OK) direct = f.texture;
    }
    bsp__texture_ref(m, direct, texinfo, &u);
    out->texture = u.texture;
    out->flags = u.flags;
    out->raw_flags = u.raw_flags;
    out->dispinfo = -1;
    out->bevel = out->thin = 0;
    if (c->side_dispinfo[0].type) {
        uint32_t v = (uint32_t)bsp__field_get(r, c->side_bevel[wide]);
        out->dispinfo = bsp__field_get(r, c->side_dispinfo[wide]);
        if (!wide) {
            /* Valve's 16-bit field holds the bytes bevel, thin in file
             * order (earlier SDKs: a short 0 or 1, so thin 0): the swap to
             * native order put the first at the top on a big-endian file */
            if (m->big_endian_file) v = (v >> 8 & 0xffu) | (v & 0xffu) << 8;
            out->thin = (uint8_t)(v >> 8 & 0xffu);
        } else if (c->side_thin.type) {
            out->thin = (uint8_t)bsp__field_get(r, c->side_thin);   /* Strata's own byte */
        }
        out->bevel = (uint8_t)(v & 0xffu);
    }
    return BSP_OK;
}

bsp_status bsp_leaf_brush(const bsp_map *map, uint32_t leaf, uint32_t k, uint32_t *brush)
{
    const bsp__map *m = bsp__map_c(map);
    bsp_status st;
    const struct bsp__collision *c = brush_part(m, &st, 0);
    const uint8_t *r;
    int32_t first, n, v;
    if (!brush) return BSP_E_BAD_ARGUMENT;
    if (!c) return st;
    if (!m->leafbrushes.data && !bsp__lump_is_empty(m, c->lumps[BSP_CL_LEAFBRUSHES]))
        return BSP_E_NOT_LOADED;   /* (empty: the range check below answers) */
    if (leaf >= m->leafs.count) return BSP_E_BAD_QUERY;
    r = BSP__REC(m->leafs, leaf);
    first = bsp__field_get(r, c->leaf_firstleafbrush);
    n = bsp__field_get(r, c->leaf_numleafbrushes);
    if (n < 0 || k >= (uint32_t)n) return BSP_E_BAD_QUERY;
    if (first < 0 || (uint32_t)first > m->leafbrushes.count ||
        (uint32_t)n > m->leafbrushes.count - (uint32_t)first)
        return BSP_E_CORRUPT;
    v = bsp__field_get(BSP__REC(m->leafbrushes, (uint32_t)first + k),
                       c->leafbrush[is_wide(&m->leafbrushes, c->leafbrush_wide_bytes)]);
    if (v < 0 || (uint32_t)v >= m->brushes.count) return BSP_E_CORRUPT;
    *brush = (uint32_t)v;
    return BSP_OK;
}

#endif
