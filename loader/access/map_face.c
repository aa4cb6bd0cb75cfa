/* SPDX-License-Identifier: MIT */
/* map_face.c - a face's plane, texture, surface flags, lightmap block and
 * the size of its geometry (map_geometry.c gives the vertices). */
#include "map_access.h"
#include "../core/map.h"
#include "map_geometry.h"
#include "../core/fmath.h"

#if BSPKIT_ACCESS   /* else core/absent.c */


static void set_plane(const bsp__map *m, int32_t plane, int side, bsp_face *out)
{
    const uint8_t *p = BSP__REC(m->planes, (uint32_t)plane);
    uint32_t k;
    for (k = 0; k < 3; k++) out->normal[k] = bsp__f32(p + 4 * k);
    out->dist = bsp__f32(p + 12);
    out->plane = plane;
    out->side = side;
    if (side) {
        for (k = 0; k < 3; k++) out->normal[k] = -out->normal[k];
        out->dist = -out->dist;
    }
}

/* What a texture's name says (sky*, *water, {fence), by the family's
 * rules (BSP_NAME_*). A Quake miptex slot of offset -1 has no name in the
 * file: nothing to say. */
static uint32_t name_flags(const bsp__map *m, int32_t texture, uint32_t rules)
{
    const char *name;
    uint32_t len;
    if (texture < 0 || bsp_texture_name(bsp__map_cpub(m), (uint32_t)texture, &name, &len) != BSP_OK || len == 0)
        return 0;
    if ((rules & BSP_NAME_SKY) && len >= 3 && (name[0] | 32) == 's' && (name[1] | 32) == 'k' &&
        (name[2] | 32) == 'y')
        return BSP_SURF_SKY;
    if ((rules & BSP_NAME_LIQUID) && name[0] == '*') return BSP_SURF_WARP;
    if ((rules & BSP_NAME_FENCE) && name[0] == '{') return BSP_SURF_TRANSLUCENT;
    return 0;
}

void bsp__texture_ref(const bsp__map *m, int32_t texture, int32_t texinfo, bsp__texture_use *out)
{
    const bsp__access *a = m->family->access;
    uint32_t size;
    const uint8_t *t = bsp__access_lump(m, BSP_AL_TEXTURES, &size);
    out->texture = texture;
    out->raw_flags = 0;
    if (texinfo >= 0) {
        const uint8_t *r = BSP__REC(m->texinfo, (uint32_t)texinfo);
        out->texture = a->texinfo_texture.type ? bsp__field_get(r, a->texinfo_texture) : texinfo;
        out->raw_flags = (uint32_t)bsp__field_get(r, a->texinfo_flags);
        /* quake2: the texinfo's name's place in 11.2's table */
        if (a->texture_unique && t && m->texture_of && (uint32_t)texinfo < size / a->texture_stride)
            out->texture = (int32_t)m->texture_of[texinfo];
    }
    if (out->texture < 0 || !t) {
        out->texture = -1;
    } else if ((uint32_t)out->texture >= (a->texture_kind == BSP_TEX_MIPTEX
                                          ? (size < 4 ? 0u : bsp__get_le32(t))
                                          : a->texture_unique ? m->num_textures
                                          : size / a->texture_stride)) {
        out->texture = -1;
    } else if (a->texture_flags.type) {
        out->raw_flags = (uint32_t)bsp__field_get(t + (size_t)out->texture * a->texture_stride,
                                                  a->texture_flags);
    }
    out->flags = bsp__map_flags(a->surface, a->num_surface, 1, (int32_t)out->raw_flags);
    if (a->flags_by_name) out->flags |= name_flags(m, out->texture, a->flags_by_name);
}

static void set_texture(const bsp__map *m, const uint8_t *f, bsp_face *out)
{
    const bsp__access *a = m->family->access;
    bsp__texture_use u;
    int32_t texture = -1, ti = -1;
    if (a->face_texture.type)
        texture = bsp__field_get(f, a->face_texture);
    else if (m->texinfo.data && m->family->faces.face_texinfo.type)
        ti = bsp__field_get(f, m->family->faces.face_texinfo);   /* validated: -1 or in range */
    bsp__texture_ref(m, texture, ti, &u);
    out->texture = u.texture;
    out->raw_flags = u.raw_flags;
    out->flags = u.flags;
}

static void set_lightmap(const bsp__map *m, uint32_t face, const uint8_t *f, bsp_face *out)
{
    const bsp__access *a = m->family->access;
    bsp_lightmap_block *b = &out->lightmap;
    bsp__lightmap lm;
    uint32_t first;
    uint32_t k;
    bsp__fill(b, 0, sizeof *b);
    b->page = -1;
    for (k = 0; k < 8; k++) {
        b->styles[k] = 255;
        b->wide_styles[k] = 0xffff;
    }
    if (a->face_page.type) {
        /* lightmapNum, X, Y [n] and width, height: n 1, Raven's 4 slots (13.3) */
        const struct bsp__faces *fd = &m->family->faces;
        uint32_t size, n = fd->face_num_styles ? fd->face_num_styles : 1u;
        uint32_t page_bytes = (uint32_t)fd->page_texels * fd->page_texels * 3u;
        bsp__access_lump(m, BSP_AL_LIGHTMAPS, &size);
        b->page = bsp__field_get(f, a->face_page);
        b->x = bsp__field_get(f, bsp__field_at(a->face_page, n));
        b->y = bsp__field_get(f, bsp__field_at(a->face_page, 2 * n));
        b->w = bsp__field_get(f, bsp__field_at(a->face_page, 3 * n));
        b->h = bsp__field_get(f, bsp__field_at(a->face_page, 3 * n + 1));
        if (fd->face_num_styles && f[fd->face_styles_offset] == 255) b->page = -1;   /* slot 0 unused */
        b->bytes_per_luxel = 3;
        b->pages = 1;
        b->num_styles = 1;
        b->styles[0] = 0;
        b->wide_styles[0] = 0;
        b->offset = b->page >= 0 ? (int32_t)((uint32_t)b->page * page_bytes) : -1;
        b->present = (out->kind == BSP_FACE_MESH || out->kind == BSP_FACE_PATCH) && b->page >= 0 &&
                     (uint64_t)(b->page + 1) * page_bytes <= size;
        return;
    }
    if (bsp__face_lightmap(m, face, &lm) != BSP_OK) return;
    b->w = lm.w;
    b->h = lm.h;
    b->offset = lm.lightofs;
    b->bytes_per_luxel = lm.bytes_per_luxel;
    b->pages = lm.pages;
    b->num_styles = lm.num_styles > 8 ? 8 : lm.num_styles;
    for (k = 0; k < b->num_styles; k++) {
        /* LMSTYLE16 (docs/queries.md 10.3): numbers above 254 show as 254 */
        uint32_t style = bsp__lightmap_style(&lm, k);
        b->wide_styles[k] = (uint16_t)style;
        b->styles[k] = (uint8_t)(style == 0xffffu ? 255 : style > 254 ? 254 : style);
    }
    b->hdr = m->light.hdr;
    b->present = !lm.bad && bsp__has_lightmap(m, &lm, 0, &first);
}

uint32_t bsp__lightmap_style(const bsp__lightmap *lm, uint32_t k)
{
    if (lm->wide_styles) return (uint32_t)(lm->styles[2 * k] | lm->styles[2 * k + 1] << 8);
    return lm->styles[k] == 255 ? 0xffffu : lm->styles[k];
}

const uint8_t *bsp__lightmap_slot(const bsp__map *m, const bsp__lightmap *lm, uint32_t slot)
{
    uint32_t first;
    if (slot >= lm->num_styles || lm->bad || !bsp__has_lightmap(m, lm, slot, &first)) return NULL;
    return m->lighting.data + first;
}

bsp_status bsp_get_face(const bsp_map *map, uint32_t face, bsp_face *out)
{
    const bsp__map *m = bsp__map_c(map);
    const bsp__access *a = bsp__access_of(m);
    const struct bsp_family *fam;
    const uint8_t *f;
    bsp_status st;
    if (!a || !out) return bsp__no_access(m);
    fam = m->family;
    if (!m->faces.data) return bsp__lump_absent(m, bsp__faces_lump(m), BSP_E_BAD_FACE);
    if (face >= m->faces.count) return BSP_E_BAD_FACE;
    f = BSP__REC(m->faces, face);
    bsp__fill(out, 0, sizeof *out);
    st = bsp__face_shape(m, face, out);
    if (st != BSP_OK) return st;
    if (fam->faces.face_plane.type) {
        int side = a->face_side.type ? bsp__field_get(f, a->face_side) != 0 : 0;
        set_plane(m, bsp__field_get(f, fam->faces.face_plane), side, out);
    } else {
        bsp_vertex v;
        uint32_t k;
        out->plane = -1;
        for (k = 0; k < 3 && a->face_normal; k++) out->normal[k] = bsp__f32(f + a->face_normal + 4 * k);
        if (out->num_verts && bsp_face_vertex(map, face, 0, &v) == BSP_OK)
            out->dist = bsp__dot(out->normal, v.pos);
    }
    set_texture(m, f, out);
    set_lightmap(m, face, f, out);
    return BSP_OK;
}

bsp_status bsp_face_lightmap_data(const bsp_map *map, uint32_t face, uint32_t slot,
                                  const uint8_t **data, uint32_t *bytes)
{
    const bsp__map *m = bsp__map_c(map);
    const bsp__access *a = bsp__access_of(m);
    bsp__lightmap lm;
    bsp_status st;
    if (!a || !data || !bytes) return bsp__no_access(m);
    *data = NULL;
    *bytes = 0;
    if (!m->faces.data) return bsp__lump_absent(m, bsp__faces_lump(m), BSP_E_BAD_FACE);
    if (face >= m->faces.count) return BSP_E_BAD_FACE;
    if (a->face_page.type) {
        bsp_face f;
        uint32_t size;
        const uint8_t *pages = bsp__access_lump(m, BSP_AL_LIGHTMAPS, &size);
        if ((st = bsp_get_face(map, face, &f)) != BSP_OK) return st;
        if (!f.lightmap.present || slot != 0 || !pages) return BSP_E_NO_LIGHTMAP;
        *bytes = (uint32_t)m->family->faces.page_texels * m->family->faces.page_texels * 3u;
        *data = pages + (size_t)f.lightmap.page * *bytes;
        return BSP_OK;
    }
    if (!m->lighting.data && m->family->faces.face_lightmap) return BSP_E_NO_LIGHTMAP;
    st = bsp__face_lightmap(m, face, &lm);
    if (st != BSP_OK) return st;
    if (!(*data = bsp__lightmap_slot(m, &lm, slot))) return BSP_E_NO_LIGHTMAP;
    *bytes = (uint32_t)lm.w * (uint32_t)lm.h * lm.pages * lm.bytes_per_luxel;
    return BSP_OK;
}

#endif
