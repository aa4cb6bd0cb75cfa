/* SPDX-License-Identifier: MIT */
/* map_records.c - counts, leaves, leaf faces, models and texture names,
 * read through each family's access description (family.h). */
#include "map_access.h"
#include "../core/map.h"
#include "../cmodel/brush_list.h"

#if BSPKIT_ACCESS   /* else core/absent.c */

bsp_status bsp__needs_absent(const bsp__map *m, const bsp__need *n, uint32_t count, int used)
{
    uint32_t k;
    bsp_status st = BSP_OK;
    for (k = 0; k < count; k++)
        if (!n[k].data) {
            if (!bsp__lump_is_empty(m, n[k].lump)) return BSP_E_NOT_LOADED;
            if (used) st = BSP_E_CORRUPT;
        }
    return st;
}

uint32_t bsp__texture_records(const bsp__map *m)
{
    const bsp__access *a = m->family->access;
    uint32_t size;
    const uint8_t *t = bsp__access_lump(m, BSP_AL_TEXTURES, &size);
    int32_t n;
    if (!t) return 0;
    if (a->texture_unique) return m->num_textures;   /* 11.2's distinct names */
    if (a->texture_kind != BSP_TEX_MIPTEX) return size / a->texture_stride;
    if (size < 4) return 0;
    n = (int32_t)bsp__get_le32(t);   /* never swapped: bytes to the loader */
    if (n < 0 || (uint64_t)n * 4 + 4 > size) return 0;
    return (uint32_t)n;
}

bsp_status bsp_get_counts(const bsp_map *map, bsp_counts *out)
{
    const bsp__map *m = bsp__map_c(map);
    if (!bsp__access_of(m) || !out) return bsp__no_access(m);
    out->leaves = m->leafs.count;
    out->faces = m->faces.count;
    out->models = m->models.count;
    out->planes = m->planes.count;
    out->textures = bsp__texture_records(m);
    out->brushes = out->brush_sides = 0;
#if BSPKIT_COLLISION
    if (m->has_collision && m->brushes.data) {   /* (hull families: no brushes) */
        out->brushes = m->brushes.count;
        out->brush_sides = m->brushsides.count;
    }
#endif
#if BSP__BRUSH_LIST
    if (m->brush_list) {   /* the Quake family's BSPX brush list (13.7) */
        out->brushes = m->brush_list->nat.num_brushes;
        out->brush_sides = m->brush_list->nat.num_sides;
    }
#endif
    return BSP_OK;
}

bsp_status bsp_get_leaf(const bsp_map *map, uint32_t leaf, bsp_leaf *out)
{
    const bsp__map *m = bsp__map_c(map);
    const bsp__access *a = bsp__access_of(m);
    const struct bsp_family *f;
    const uint8_t *r;
    uint32_t k;
    if (!a || !out) return bsp__no_access(m);
    f = m->family;
    if (leaf >= m->leafs.count) return BSP_E_BAD_QUERY;
    r = BSP__REC(m->leafs, leaf);
    out->contents = bsp__field_get(r, f->tree.leaf_contents);
    out->flags = bsp__map_flags(a->contents, a->num_contents, a->contents_bits, out->contents);
    out->cluster = bsp__leaf_cluster(m, r, leaf);
    out->area = a->leaf_area.type ? (int32_t)(bsp__field_get(r, a->leaf_area) & a->leaf_area_mask) : -1;
    for (k = 0; k < 3; k++) {
        out->mins[k] = bsp__field_getf(r, bsp__field_at(a->leaf_bounds, k));
        out->maxs[k] = bsp__field_getf(r, bsp__field_at(a->leaf_bounds, k + 3));
    }
    /* the load validated the range against the leaf-face lump */
    out->num_faces = m->leaffaces.data ? (uint32_t)bsp__field_get(r, f->tree.leaf_numleaffaces) : 0;
    out->num_brushes = 0;
#if BSPKIT_COLLISION
    if (m->has_collision && m->leafbrushes.data && bsp__coll_of(f)->kind != BSP_COLL_HULLS) {
        int32_t n = bsp__field_get(r, bsp__coll_of(f)->leaf_numleafbrushes);
        out->num_brushes = n > 0 ? (uint32_t)n : 0;
    }
#endif
    return BSP_OK;
}

bsp_status bsp_leaf_face(const bsp_map *map, uint32_t leaf, uint32_t k, uint32_t *face)
{
    const bsp__map *m = bsp__map_c(map);
    const struct bsp_family *f;
    const uint8_t *r;
    int32_t first, num;
    if (!bsp__access_of(m) || !face) return bsp__no_access(m);
    f = m->family;
    {
        bsp__need n[2];
        n[0].data = m->leaffaces.data, n[0].lump = bsp__role_lump(f, BSP_ROLE_LEAFFACES);
        n[1].data = m->faces.data, n[1].lump = bsp__faces_lump(m);
        if (bsp__needs_absent(m, n, 2, 0) != BSP_OK) return BSP_E_NOT_LOADED;
    }
    if (leaf >= m->leafs.count) return BSP_E_BAD_QUERY;
    r = BSP__REC(m->leafs, leaf);
    first = bsp__field_get(r, f->tree.leaf_firstleafface);
    num = bsp__field_get(r, f->tree.leaf_numleaffaces);
    if (k >= (uint32_t)num) return BSP_E_BAD_QUERY;
    /* a face of a lump the file stores empty (the load checks runs only
     * into lumps it holds) */
    if (!m->leaffaces.data || !m->faces.data) return BSP_E_CORRUPT;
    *face = (uint32_t)bsp__field_get(BSP__REC(m->leaffaces, (uint32_t)first + k), f->tree.leafface_face);
    return BSP_OK;
}

bsp_status bsp_get_model(const bsp_map *map, uint32_t model, bsp_model *out)
{
    const bsp__map *m = bsp__map_c(map);
    const bsp__access *a = bsp__access_of(m);
    const uint8_t *r;
    uint32_t k;
    if (!a || !out) return bsp__no_access(m);
    if (model >= m->models.count) return BSP_E_BAD_QUERY;
    r = BSP__REC(m->models, model);
    /* every family's model record starts with float mins[3], maxs[3] */
    for (k = 0; k < 3; k++) {
        out->mins[k] = bsp__f32(r + 4 * k);
        out->maxs[k] = bsp__f32(r + 12 + 4 * k);
        out->origin[k] = a->model_origin ? bsp__f32(r + a->model_origin + 4 * k) : 0.0f;
    }
    out->head_node = bsp__head_node(m, model);
    out->first_face = (uint32_t)bsp__field_get(r, m->family->tree.model_firstface);
    out->num_faces = (uint32_t)bsp__field_get(r, m->family->tree.model_numfaces);
    if (!m->faces.data) out->first_face = out->num_faces = 0;   /* unchecked then */
    return BSP_OK;
}

/* The bytes [p, end) up to the first NUL. */
static uint32_t name_len(const uint8_t *p, const uint8_t *end)
{
    uint32_t n = 0;
    while (p + n < end && p[n]) n++;
    return n;
}

bsp_status bsp_texture_name(const bsp_map *map, uint32_t index, const char **name, uint32_t *len)
{
    const bsp__map *m = bsp__map_c(map);
    const bsp__access *a = bsp__access_of(m);
    const uint8_t *t, *p, *end;
    uint32_t size, ofs;
    if (!a || !name || !len) return bsp__no_access(m);
    *name = "";
    *len = 0;
    t = bsp__access_lump(m, BSP_AL_TEXTURES, &size);
    if (!t) return bsp__access_absent(m, BSP_AL_TEXTURES, BSP_E_BAD_QUERY);   /* (none: no index) */
    if (index >= bsp__texture_records(m)) return BSP_E_BAD_QUERY;
    if (a->texture_kind == BSP_TEX_MIPTEX) {
        int32_t o = (int32_t)bsp__get_le32(t + 4 + 4 * (size_t)index);
        if (o == -1) return BSP_OK;                /* a missing texture */
        if (o < 0 || (uint32_t)o >= size) return BSP_E_CORRUPT;
        p = t + o;
        end = (size - (uint32_t)o) < a->texture_name_len ? t + size : p + a->texture_name_len;
    } else if (a->texture_kind == BSP_TEX_STRING_TABLE) {
        uint32_t tsize, dsize;
        const uint8_t *table = bsp__access_lump(m, BSP_AL_STRING_TABLE, &tsize);
        const uint8_t *data = bsp__access_lump(m, BSP_AL_STRING_DATA, &dsize);
        int32_t id = bsp__i32(t + (size_t)index * a->texture_stride + a->texture_name), o;
        if (!table || !data) {   /* (a name in a lump the file stores empty: CORRUPT) */
            bsp_status st = table ? BSP_E_CORRUPT : bsp__access_absent(m, BSP_AL_STRING_TABLE, BSP_E_CORRUPT);
            return data || st == BSP_E_NOT_LOADED ? st : bsp__access_absent(m, BSP_AL_STRING_DATA, st);
        }
        if (id < 0 || (uint32_t)id >= tsize / 4) return BSP_E_CORRUPT;
        o = bsp__i32(table + 4 * (size_t)id);
        if (o < 0 || (uint32_t)o >= dsize) return BSP_E_CORRUPT;
        p = data + o;
        ofs = dsize - (uint32_t)o;
        end = p + (ofs < a->texture_name_len ? ofs : a->texture_name_len);
    } else {
        uint32_t record = a->texture_unique ? m->texture_first[index] : index;
        p = t + (size_t)record * a->texture_stride + a->texture_name;
        end = p + a->texture_name_len;
    }
    *name = (const char *)p;
    *len = name_len(p, end);
    return BSP_OK;
}

#endif
