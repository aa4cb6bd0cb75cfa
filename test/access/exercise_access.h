/* SPDX-License-Identifier: MIT */
/* exercise_access.h - every map access function over a loaded map, for
 * the fuzz target (fuzz_access) and the hostile-input checks of
 * test_access: whatever the map, each call returns a status of the enum,
 * a triangle that reads OK names vertices of its face, and lightmap bytes
 * lie inside [lo, hi) (the arena). Work is capped so a huge map stays
 * quick. Returns the number of broken promises. */
#ifndef BSP_TEST_EXERCISE_ACCESS_H
#define BSP_TEST_EXERCISE_ACCESS_H

#include "../../loader/bspkit.h"

#define EXA_MAX_RECORDS 3000u
#define EXA_MAX_VERTS 5000u

static inline int exa_status(bsp_status st) { return (unsigned)st < BSP_STATUS_COUNT ? 0 : 1; }

/* What a renderer reads (bsp_face_vertex_attr, bsp_disp_vertex): every
 * status of the enum, an answer's count the same for every k of a face,
 * BAD_QUERY exactly at k = num_verts, flags only of BSP_VA_*, a grid of
 * (2^power + 1)^2 vertices naming a face of the map. A source walk of
 * vertex normals costs a pass over the faces per call: calls are capped. */
#define EXA_MAX_ATTR_CALLS 4000u
static inline int exercise_vertex_attrs(const bsp_map *m, uint32_t faces)
{
    uint32_t i, k, calls = 0, n;
    int bad = 0;
    bsp_status st;
    for (i = 0; i < faces + 2 && calls < EXA_MAX_ATTR_CALLS; i++) {
        bsp_vertex_attr a;
        uint32_t count;
        bad += exa_status(st = bsp_face_vertex_attr(m, i, 0, &a));
        calls++;
        if (st != BSP_OK && st != BSP_E_BAD_QUERY) continue;
        count = a.num_verts;
        if ((st == BSP_E_BAD_QUERY) != (count == 0)) bad++;
        for (k = 1; k <= count && calls < EXA_MAX_ATTR_CALLS; k++, calls++) {
            bad += exa_status(st = bsp_face_vertex_attr(m, i, k, &a));
            if ((st == BSP_OK || st == BSP_E_BAD_QUERY) && a.num_verts != count) bad++;
            if (st == BSP_OK && (k == count || (a.present & ~0x3fu) || a.normal_source > BSP_NORMALS_DRAWVERTS))
                bad++;
            if (k == count && st != BSP_E_BAD_QUERY) bad++;
        }
    }
    n = bsp_num_disps(m);
    for (i = 0; i < n + 2 && i < EXA_MAX_RECORDS && calls < EXA_MAX_ATTR_CALLS; i++) {
        bsp_disp_vert v;
        bad += exa_status(st = bsp_disp_vertex(m, i, 0, &v));
        calls++;
        if (i >= n && st != BSP_E_BAD_DISP && st != BSP_E_NOT_LOADED && st != BSP_E_UNSUPPORTED) bad++;
        if (st != BSP_OK) continue;
        if (v.num_verts != ((1u << v.power) + 1) * ((1u << v.power) + 1) || v.face < 0 ||
            (uint32_t)v.face >= faces || !(v.present & BSP_VA_ALPHA))
            bad++;
        for (k = 1; k <= v.num_verts && calls < EXA_MAX_ATTR_CALLS; k++, calls++) {
            bad += exa_status(st = bsp_disp_vertex(m, i, k, &v));
            if ((st == BSP_E_BAD_QUERY) != (k == v.num_verts)) bad++;
        }
    }
    return bad;
}

static inline int exercise_access(const bsp_map *m, const uint8_t *lo, const uint8_t *hi)
{
    static const char *const keys[] = { "classname", "origin", "angles", "" };
    bsp_counts c;
    uint32_t i, k, at;
    int bad = 0;
    bsp_status st = bsp_get_counts(m, &c);
    if (st != BSP_OK) return exa_status(st);
    for (i = 0; i < c.leaves + 2 && i < EXA_MAX_RECORDS; i++) {
        bsp_leaf l;
        uint32_t f;
        bad += exa_status(st = bsp_get_leaf(m, i, &l));
        if (st != BSP_OK) continue;
        for (k = 0; k < l.num_faces + 1 && k < EXA_MAX_RECORDS; k++) {
            bad += exa_status(st = bsp_leaf_face(m, i, k, &f));
            if (st == BSP_OK && f >= c.faces) bad++;
        }
    }
    for (i = 0; i < c.models + 2 && i < EXA_MAX_RECORDS; i++) {
        bsp_model mo;
        bad += exa_status(bsp_get_model(m, i, &mo));
    }
    for (i = 0; i < c.faces + 2 && i < EXA_MAX_RECORDS; i++) {
        bsp_face f;
        bsp_vertex v;
        uint32_t t[3], bytes;
        const uint8_t *data;
        const char *name;
        bad += exa_status(st = bsp_get_face(m, i, &f));
        bad += exa_status(bsp_face_lightmap_data(m, i, i & 1, &data, &bytes));
        if (bsp_face_lightmap_data(m, i, 0, &data, &bytes) == BSP_OK &&
            (data < lo || data + bytes > hi))
            bad++;
        if (st != BSP_OK) continue;
        if (f.texture >= 0) bad += exa_status(bsp_texture_name(m, (uint32_t)f.texture, &name, &k));
        for (k = 0; k < f.num_verts + 1 && k < EXA_MAX_VERTS; k++)
            bad += exa_status(bsp_face_vertex(m, i, k, &v));
        for (k = 0; k < f.num_tris + 1 && k < EXA_MAX_VERTS; k++) {
            bad += exa_status(st = bsp_face_triangle(m, i, k, t));
            if (st == BSP_OK && (t[0] >= f.num_verts || t[1] >= f.num_verts || t[2] >= f.num_verts))
                bad++;
        }
    }
    for (i = 0; i < c.textures + 2 && i < EXA_MAX_RECORDS; i++) {
        const char *name;
        uint32_t len;
        st = bsp_texture_name(m, i, &name, &len);
        bad += exa_status(st);
        if (st == BSP_OK && len && ((const uint8_t *)name < lo || (const uint8_t *)name + len > hi))
            bad++;
    }
    bad += exercise_vertex_attrs(m, c.faces);
    for (i = 0; i < 4; i++) {
        float vec[3];
        at = 0;
        bad += exa_status(st = bsp_entity_find(m, keys[i], "info_player_start", &at));
        bad += exa_status(bsp_entity_vector(m, at, keys[i], vec));
    }
    return bad;
}

/* Brushes, their sides and the leaves' brush lists (a map loaded with
 * BSP_LOAD_COLLISION; NOT_LOADED and UNSUPPORTED answers count as kept
 * promises): a side that reads OK names a plane, a leaf's brush a brush. */
static inline int exercise_brushes(const bsp_map *m)
{
    bsp_counts c;
    uint32_t i, k, b;
    int bad = 0;
    bsp_status st = bsp_get_counts(m, &c);
    /* the Quake family's brushes come from a BSPX BRUSHLIST (docs/queries.md
     * 13.7): their sides name no plane of the plane lump (-1), no leaf
     * lists them */
    bsp_family_id f = bsp_map_family(m);
    int listed = f == BSP_FAMILY_QUAKE || f == BSP_FAMILY_GOLDSRC || f == BSP_FAMILY_BSP2;
    if (st != BSP_OK) return exa_status(st);
    for (i = 0; i < c.brushes + 2 && i < EXA_MAX_RECORDS; i++) {
        bsp_brush br;
        bad += exa_status(st = bsp_get_brush(m, i, &br));
        if (st != BSP_OK) continue;
        if ((uint64_t)br.first_side + br.num_sides > c.brush_sides) bad++;
        for (k = 0; k < br.num_sides + 1 && k < EXA_MAX_RECORDS; k++) {
            bsp_brush_side s;
            bad += exa_status(st = bsp_get_brush_side(m, i, k, &s));
            if (st == BSP_OK && (listed ? s.plane != -1 : s.plane < 0 || (uint32_t)s.plane >= c.planes)) bad++;
        }
    }
    for (i = 0; i < c.leaves + 2 && i < EXA_MAX_RECORDS; i++) {
        bsp_leaf l;
        if (bsp_get_leaf(m, i, &l) != BSP_OK) l.num_brushes = 0;
        for (k = 0; k < l.num_brushes + 1 && k < EXA_MAX_RECORDS; k++) {
            bad += exa_status(st = bsp_leaf_brush(m, i, k, &b));
            if (st == BSP_OK && (b >= c.brushes || listed)) bad++;
        }
    }
    return bad;
}

#endif
