/* SPDX-License-Identifier: MIT */
/* map_absent.c - the map access API in a build without it (BSPKIT_ACCESS=0):
 * programs written against the whole library still link, and learn at run
 * time that this build cannot answer. */
#include "../bspkit.h"
#include "../family/selection.h"

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

#endif
