/* SPDX-License-Identifier: MIT */
/* absent.c - the public functions of the parts a build leaves out
 * (config.h): programs written against the whole library still link, and
 * learn at run time what this build cannot answer. This is the one place
 * such answers live; the parts themselves are whole files under #if. */
#include "../bspkit.h"
#include "map.h"
#include "config.h"

#if !BSPKIT_ACCESS

bsp_status bsp_get_counts(const bsp_map *m, bsp_counts *out)
{
    (void)m, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_get_leaf(const bsp_map *m, uint32_t leaf, bsp_leaf *out)
{
    (void)m, (void)leaf, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_leaf_face(const bsp_map *m, uint32_t leaf, uint32_t k, uint32_t *face)
{
    (void)m, (void)leaf, (void)k, (void)face;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_get_model(const bsp_map *m, uint32_t model, bsp_model *out)
{
    (void)m, (void)model, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_get_face(const bsp_map *m, uint32_t face, bsp_face *out)
{
    (void)m, (void)face, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_face_vertex(const bsp_map *m, uint32_t face, uint32_t k, bsp_vertex *out)
{
    (void)m, (void)face, (void)k, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_face_triangle(const bsp_map *m, uint32_t face, uint32_t k, uint32_t idx[3])
{
    (void)m, (void)face, (void)k, (void)idx;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_face_vertex_attr(const bsp_map *m, uint32_t face, uint32_t k, bsp_vertex_attr *out)
{
    (void)m, (void)face, (void)k, (void)out;
    return BSP_E_UNSUPPORTED;
}

uint32_t bsp_num_disps(const bsp_map *m)
{
    (void)m;
    return 0;
}

bsp_status bsp_disp_vertex(const bsp_map *m, uint32_t disp, uint32_t k, bsp_disp_vert *out)
{
    (void)m, (void)disp, (void)k, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_mesh_options bsp_mesh_default_options(void)
{
    bsp_mesh_options o;
    o.subdivisions = BSP_PATCH_SUBDIVISIONS;
    o.patch_set = NULL;
    o.leave_out = 0;
    return o;
}

size_t bsp_mesh_scratch_bytes(const bsp_map *m, uint32_t model)
{
    (void)m, (void)model;
    return 0;
}

bsp_status bsp_measure_mesh(const bsp_map *m, uint32_t model, const bsp_mesh_options *opt, void *scratch,
                            size_t scratch_bytes, size_t *bytes)
{
    (void)m, (void)model, (void)opt, (void)scratch, (void)scratch_bytes, (void)bytes;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_mesh_build(const bsp_map *m, uint32_t model, const bsp_mesh_options *opt, void *scratch,
                          size_t scratch_bytes, void *mem, size_t bytes, bsp_mesh *out)
{
    (void)m, (void)model, (void)opt, (void)scratch, (void)scratch_bytes, (void)mem, (void)bytes, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_face_lightmap_data(const bsp_map *m, uint32_t face, uint32_t slot,
                                  const uint8_t **data, uint32_t *bytes)
{
    (void)m, (void)face, (void)slot, (void)data, (void)bytes;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_texture_name(const bsp_map *m, uint32_t index, const char **name, uint32_t *len)
{
    (void)m, (void)index, (void)name, (void)len;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_entity_find(const bsp_map *m, const char *key, const char *value, uint32_t *at)
{
    (void)m, (void)key, (void)value, (void)at;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_entity_vector(const bsp_map *m, uint32_t at, const char *key, float v[3])
{
    (void)m, (void)at, (void)key, (void)v;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_player_start(const bsp_map *m, bsp_player_start_info *out)
{
    (void)m, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_patch_grid_build(const bsp_map *m, uint32_t face, float subdivisions,
                                void *scratch, size_t scratch_bytes, bsp_patch_grid *out)
{
    (void)m, (void)face, (void)subdivisions, (void)scratch, (void)scratch_bytes, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_measure_patch_set(const bsp_map *m, float subdivisions, uint32_t flags,
                                 void *scratch, size_t scratch_bytes, size_t *bytes)
{
    (void)m, (void)subdivisions, (void)flags, (void)scratch, (void)scratch_bytes, (void)bytes;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_patch_set_build(const bsp_map *m, float subdivisions, uint32_t flags,
                               void *mem, size_t bytes, size_t *needed)
{
    (void)m, (void)subdivisions, (void)flags, (void)mem, (void)bytes, (void)needed;
    return BSP_E_UNSUPPORTED;
}

uint32_t bsp_patch_set_count(const void *set)
{
    (void)set;
    return 0;
}

bsp_status bsp_patch_set_grid(const void *set, uint32_t k, bsp_patch_grid *out)
{
    (void)set, (void)k, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_use_patch_set(bsp_map *m, const void *set)
{
    (void)m, (void)set;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_patch_lod_full(const bsp_patch_grid *g, bsp_patch_lod *out)
{
    (void)g, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_patch_lod_for_view(const bsp_patch_grid *g, const float view[3], const float axis0[3],
                                  float lod_curve_error, bsp_patch_lod *out)
{
    (void)g, (void)view, (void)axis0, (void)lod_curve_error, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_patch_triangle(const bsp_patch_grid *g, const bsp_patch_lod *lod, uint32_t k,
                              uint32_t idx[3])
{
    (void)g, (void)lod, (void)k, (void)idx;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_entity_value(const bsp_map *m, uint32_t at, const char *key, const char **value, uint32_t *len)
{
    (void)m, (void)at, (void)key, (void)value, (void)len;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_entity_number(const bsp_map *m, uint32_t at, const char *key, float *v)
{
    (void)m, (void)at, (void)key, (void)v;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_entity_model(const bsp_map *m, uint32_t at, uint32_t *model)
{
    (void)m, (void)at, (void)model;
    return BSP_E_UNSUPPORTED;
}

uint32_t bsp_visible_faces_scratch(const bsp_map *m)
{
    (void)m;
    return 0;
}

bsp_status bsp_visible_faces(const bsp_map *m, int32_t cluster, uint32_t *scratch, uint32_t scratch_words,
                             uint32_t *faces, uint32_t cap, uint32_t *count)
{
    (void)m, (void)cluster, (void)scratch, (void)scratch_words, (void)faces, (void)cap, (void)count;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_areas_get_info(const bsp_map *m, bsp_areas_info *out)
{
    (void)m, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_area_flood(const bsp_map *m, const uint8_t *state, uint32_t state_bytes,
                          uint16_t *flood, uint32_t num)
{
    (void)m, (void)state, (void)state_bytes, (void)flood, (void)num;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_areas_connected(const bsp_map *m, const uint8_t *state, uint32_t state_bytes,
                               int32_t a, int32_t b, int *connected)
{
    (void)m, (void)state, (void)state_bytes, (void)a, (void)b, (void)connected;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_area_reachable(const bsp_map *m, const uint8_t *state, uint32_t state_bytes,
                              int32_t a, uint8_t *bits, uint32_t bits_bytes)
{
    (void)m, (void)state, (void)state_bytes, (void)a, (void)bits, (void)bits_bytes;
    return BSP_E_UNSUPPORTED;
}

const char *bsp_texture_status_name(bsp_texture_status s)
{
    (void)s;
    return "unknown";
}

const uint8_t *bsp_quake_palette(void)
{
    return NULL;
}

bsp_status bsp_texture_count(const bsp_map *m, uint32_t *count)
{
    (void)m;
    if (count) *count = 0;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_texture_get(const bsp_map *m, uint32_t index, bsp_texture *out)
{
    (void)m, (void)index, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_texture_next(const bsp_map *m, bsp_texture *t)
{
    (void)m, (void)t;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_texture_mip_bytes(const bsp_texture *t, uint32_t mip, bsp_pixel_format format,
                                 uint32_t *bytes)
{
    (void)t, (void)mip, (void)format;
    if (bytes) *bytes = 0;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_texture_mip(const bsp_texture *t, uint32_t mip, bsp_pixel_format format,
                           const uint8_t *palette, void *dst, uint32_t dst_bytes)
{
    (void)t, (void)mip, (void)format, (void)palette, (void)dst, (void)dst_bytes;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_texture_palette(const bsp_texture *t, uint8_t out[BSP_PALETTE_BYTES])
{
    (void)t, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_wad_open(bsp_wad *w, const bsp_stream *s)
{
    (void)w, (void)s;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_wad_lump_get(const bsp_wad *w, uint32_t index, bsp_wad_lump *out)
{
    (void)w, (void)index, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_wad_find(const bsp_wad *w, const char *name, bsp_wad_lump *out)
{
    (void)w, (void)name, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_wad_texture(const bsp_wad *w, const bsp_wad_lump *lump, bsp_texture *out)
{
    (void)w, (void)lump, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_texture_from_wads(const bsp_texture *t, const bsp_wad *wads, uint32_t count,
                                 bsp_texture *out, uint32_t *which)
{
    (void)t, (void)wads, (void)count, (void)out, (void)which;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_wal_open(bsp_texture *out, const bsp_stream *s)
{
    (void)out, (void)s;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_measure_combine(const bsp_map *m, uint32_t face, bsp_combine_info *out)
{
    (void)m, (void)face, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_face_combine(const bsp_map *m, uint32_t face, const bsp_style_values *v,
                            uint8_t *out, uint32_t bytes)
{
    (void)m, (void)face, (void)v, (void)out, (void)bytes;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_face_lightmap_texels(const bsp_map *m, uint32_t face, uint32_t slot,
                                    uint32_t format, uint8_t *out, uint32_t bytes,
                                    uint32_t *needed)
{
    (void)m, (void)face, (void)slot, (void)format, (void)out, (void)bytes, (void)needed;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_measure_atlas(const bsp_map *m, const bsp_atlas_params *p, void *scratch,
                             size_t scratch_bytes, bsp_atlas_size *out)
{
    (void)m, (void)p, (void)scratch, (void)scratch_bytes, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_atlas_build(const bsp_map *m, const bsp_atlas_params *p,
                           const bsp_style_values *v, void *mem, size_t bytes, size_t *needed,
                           bsp_atlas *out)
{
    (void)m, (void)p, (void)v, (void)mem, (void)bytes, (void)needed, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_atlas_find(const bsp_map *m, const bsp_atlas *a, uint32_t face, uint32_t slot,
                          bsp_atlas_rect *out)
{
    (void)m, (void)a, (void)face, (void)slot, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_atlas_update(const bsp_map *m, const bsp_atlas *a, const bsp_style_values *v,
                            const uint32_t *changed, uint32_t changed_words, uint32_t *updated,
                            uint32_t *dirty, uint32_t dirty_words)
{
    (void)m, (void)a, (void)v, (void)changed, (void)changed_words, (void)updated, (void)dirty,
        (void)dirty_words;
    return BSP_E_UNSUPPORTED;
}
#endif

#if !BSPKIT_FAMILY_SOURCE
/* No family this build carries has game lumps: every map answers as a
 * non-Source map does in the full build. */
uint32_t bsp_game_lump_count(const bsp_map *m)
{
    (void)m;
    return 0;
}

bsp_status bsp_game_lump_get(const bsp_map *map, uint32_t index, bsp_game_lump *out)
{
    const bsp__map *m = bsp__map_c(map);
    (void)index;
    return (!m || !out || !m->family) ? BSP_E_BAD_ARGUMENT : BSP_E_UNSUPPORTED;
}
#endif

#if !(BSPKIT_ACCESS && BSPKIT_FAMILY_SOURCE && BSPKIT_COLLISION)
bsp_status bsp_leaf_disps(const bsp_map *m, uint32_t leaf, uint32_t *out, uint32_t cap, uint32_t *count)
{
    (void)m, (void)leaf, (void)out, (void)cap, (void)count;
    return BSP_E_UNSUPPORTED;
}
#endif

#if !(BSPKIT_ACCESS && BSPKIT_FAMILY_SOURCE)
bsp_status bsp_static_props_find(const bsp_map *m, bsp_game_lump *out)
{
    (void)m, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_static_props_open(const bsp_map *m, const bsp_game_lump *g, const void *bytes,
                                 uint32_t size, bsp_static_props *p)
{
    (void)m, (void)g, (void)bytes, (void)size, (void)p;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_static_prop_model(const bsp_static_props *p, uint32_t i, const char **name,
                                 uint32_t *len)
{
    (void)p, (void)i, (void)name, (void)len;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_static_prop_get(const bsp_static_props *p, uint32_t i, bsp_static_prop *out)
{
    (void)p, (void)i, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_static_prop_leaf(const bsp_static_props *p, uint32_t i, uint32_t *leaf)
{
    (void)p, (void)i, (void)leaf;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_cubemap_count(const bsp_map *m, const bsp_header *h, uint32_t *count)
{
    (void)m, (void)h;
    if (count) *count = 0;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_cubemap_get(const bsp_map *m, uint32_t i, bsp_cubemap *out)
{
    (void)m, (void)i, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_cubemap_texture_name(const bsp_cubemap *c, const char *map_name, int hdr,
                                    char *dst, uint32_t dst_bytes, uint32_t *len)
{
    (void)c, (void)map_name, (void)hdr, (void)dst, (void)dst_bytes;
    if (len) *len = 0;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_cubemap_texture_find(const bsp_pak *p, const bsp_cubemap *c, const char *map_name,
                                    int hdr, bsp_pak_entry *e)
{
    (void)p, (void)c, (void)map_name, (void)hdr, (void)e;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_cubemap_texture_find_indexed(const bsp_pak_index *x, const bsp_cubemap *c,
                                            const char *map_name, int hdr, bsp_pak_entry *e)
{
    (void)x, (void)c, (void)map_name, (void)hdr, (void)e;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_world_lights_open(const bsp_map *m, const bsp_header *h, int hdr,
                                 bsp_world_lights *out)
{
    (void)m, (void)h, (void)hdr, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_world_light_get(const bsp_world_lights *w, uint32_t i, bsp_world_light *out)
{
    (void)w, (void)i, (void)out;
    return BSP_E_UNSUPPORTED;
}
#endif

#if !BSPKIT_COLLISION
uint32_t bsp_trace_mask(const bsp_map *m, bsp_mask_kind kind)
{
    (void)m, (void)kind;
    return 0;
}

bsp_status bsp_trace(const bsp_map *m, uint32_t model, const float start[3], const float end[3],
                     const float mins[3], const float maxs[3], uint32_t mask, bsp_trace_result *out)
{
    (void)m, (void)model, (void)start, (void)end, (void)mins, (void)maxs, (void)mask, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_point_contents(const bsp_map *m, uint32_t model, const float p[3], int32_t *contents)
{
    (void)m, (void)model, (void)p, (void)contents;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_trace_transformed(const bsp_map *m, uint32_t model, const float start[3],
                                 const float end[3], const float mins[3], const float maxs[3],
                                 uint32_t mask, const float origin[3], const float angles[3],
                                 bsp_trace_result *out)
{
    (void)m, (void)model, (void)start, (void)end, (void)mins, (void)maxs, (void)mask;
    (void)origin, (void)angles, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_point_contents_transformed(const bsp_map *m, uint32_t model, const float p[3],
                                          const float origin[3], const float angles[3],
                                          int32_t *contents)
{
    (void)m, (void)model, (void)p, (void)origin, (void)angles, (void)contents;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_box_leaves(const bsp_map *m, uint32_t model, const float mins[3],
                          const float maxs[3], uint32_t *leaves, uint32_t max_leaves,
                          uint32_t *count, int32_t *topnode)
{
    (void)m, (void)model, (void)mins, (void)maxs, (void)leaves, (void)max_leaves, (void)count,
        (void)topnode;
    return BSP_E_UNSUPPORTED;
}

#endif

/* Brushes are map access over collision's lumps: both parts needed. */
#if !(BSPKIT_ACCESS && BSPKIT_COLLISION)
bsp_status bsp_get_brush(const bsp_map *m, uint32_t brush, bsp_brush *out)
{
    (void)m, (void)brush, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_get_brush_side(const bsp_map *m, uint32_t brush, uint32_t k, bsp_brush_side *out)
{
    (void)m, (void)brush, (void)k, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_leaf_brush(const bsp_map *m, uint32_t leaf, uint32_t k, uint32_t *brush)
{
    (void)m, (void)leaf, (void)k, (void)brush;
    return BSP_E_UNSUPPORTED;
}
#endif

/* Collision without a family of the Quake family: no hulls. */
#if !(BSPKIT_COLLISION && BSP__QUAKE_FAMILY)
bsp_status bsp_hull_size(const bsp_map *m, uint32_t hull, float mins[3], float maxs[3])
{
    (void)m, (void)hull, (void)mins, (void)maxs;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_hull_trace(const bsp_map *m, uint32_t model, uint32_t hull, const float start[3],
                          const float end[3], bsp_trace_result *out)
{
    (void)m, (void)model, (void)hull, (void)start, (void)end, (void)out;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_hull_contents(const bsp_map *m, uint32_t model, uint32_t hull, const float p[3],
                             int32_t *contents)
{
    (void)m, (void)model, (void)hull, (void)p, (void)contents;
    return BSP_E_UNSUPPORTED;
}
#endif

/* No Quake 3 collision in this build: no curved surfaces to count, and
 * no load that needs them counted (bspkit.h). */
#if !(BSPKIT_COLLISION && BSPKIT_FAMILY_QUAKE3)
bsp_status bsp_measure_patches(bsp_header *h, const bsp_stream *s, void *scratch,
                               uint32_t scratch_bytes)
{
    (void)h, (void)s, (void)scratch, (void)scratch_bytes;
    return BSP_OK;
}

bsp_status bsp_measure_patches_keep(bsp_header *h, const bsp_stream *s, void *scratch,
                                    uint32_t scratch_bytes, void *keep, uint32_t keep_bytes)
{
    (void)h, (void)s, (void)scratch, (void)scratch_bytes;
    /* (the arguments' rule holds in every build) */
    return ((uintptr_t)keep & 3u) || (!keep && keep_bytes) ? BSP_E_BAD_ARGUMENT : BSP_OK;
}
#endif

#if !BSPKIT_LZMA || !BSPKIT_JOBS
/* Without the decoder no lump is compressed, and BSPKIT_JOBS=0 refuses
 * options.jobs (pipeline/plan.c): no job is ever handed out. */
int bsp_loader_next_job(bsp_loader *l, bsp_job *j)
{
    (void)l, (void)j;
    return 0;
}

bsp_status bsp_job_run(bsp_job *j)
{
    if (!j) return BSP_E_BAD_ARGUMENT;
    return j->status = BSP_E_UNSUPPORTED;
}

bsp_status bsp_loader_job_done(bsp_loader *l, const bsp_job *j)
{
    (void)l, (void)j;
    return BSP_E_BAD_ARGUMENT;
}
#endif

#if !BSPKIT_PAK
/* No pakfile reader: every call answers as for a family without one. */
const char *bsp_pak_problem_name(bsp_pak_problem p)
{
    (void)p;
    return "unknown";
}

bsp_status bsp_pak_open(bsp_pak *p, const void *bytes, uint32_t size, int big_endian)
{
    (void)p, (void)bytes, (void)size, (void)big_endian;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_pak_open_map(const bsp_map *m, bsp_pak *p)
{
    (void)m, (void)p;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_pak_locate(const bsp_header *h, uint32_t *offset, uint32_t *size)
{
    (void)h, (void)offset, (void)size;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_pak_open_tail(bsp_pak *p, const void *tail, uint32_t tail_bytes, uint32_t size,
                             int big_endian)
{
    (void)p, (void)tail, (void)tail_bytes, (void)size, (void)big_endian;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_pak_entry_local(const bsp_pak *p, bsp_pak_entry *e, const void *local,
                               uint32_t bytes)
{
    (void)p, (void)e, (void)local, (void)bytes;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_pak_use_preload(bsp_pak *p, const bsp_pak_entry *e0, const void *section)
{
    (void)p, (void)e0, (void)section;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_pak_get(const bsp_pak *p, uint32_t index, bsp_pak_entry *e)
{
    (void)p, (void)index, (void)e;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_pak_next(const bsp_pak *p, bsp_pak_entry *e)
{
    (void)p, (void)e;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_pak_find(const bsp_pak *p, const char *path, bsp_pak_entry *e)
{
    (void)p, (void)path, (void)e;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_pak_index_build(bsp_pak_index *x, const bsp_pak *p, void *mem, uint32_t mem_bytes)
{
    (void)x, (void)p, (void)mem, (void)mem_bytes;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_pak_index_find(const bsp_pak_index *x, const char *path, bsp_pak_entry *e)
{
    (void)x, (void)path, (void)e;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_pak_read_bytes(const bsp_pak_entry *e, const void *stored, uint32_t *need_dst,
                              uint32_t *need_tables)
{
    (void)e, (void)stored, (void)need_dst, (void)need_tables;
    return BSP_E_UNSUPPORTED;
}

bsp_status bsp_pak_job_run(bsp_pak_job *j)
{
    if (!j) return BSP_E_BAD_ARGUMENT;
    return j->status = BSP_E_UNSUPPORTED;
}

uint32_t bsp_pak_crc32(uint32_t crc, const void *bytes, uint32_t n)
{
    (void)crc, (void)bytes, (void)n;
    return 0;
}
#endif
