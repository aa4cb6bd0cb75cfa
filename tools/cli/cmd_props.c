/* SPDX-License-Identifier: MIT */
/* cmd_props.c - bspkit props: a Source map's static props, one JSON object
 * per prop in lump order (docs/access.md, "Static props"). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/tool.h"

static void ints(const char *key, const uint32_t *v, int n)
{
    int k;
    printf(",\"%s\":[", key);
    for (k = 0; k < n; k++) printf(k ? ",%u" : "%u", (unsigned)v[k]);
    putchar(']');
}

static void print_prop(const bsp_static_props *p, uint32_t i)
{
    bsp_static_prop s;
    const char *name;
    uint32_t len, k, b[4];
    float fade[2];
    bsp_status st = bsp_static_prop_get(p, i, &s);
    if (st == BSP_OK) st = bsp_static_prop_model(p, s.model, &name, &len);
    if (st != BSP_OK) {
        printf("{\"prop\":%u,\"error\":\"%s\"}\n", (unsigned)i, bsp_status_name(st));
        return;
    }
    printf("{\"prop\":%u,\"model\":", (unsigned)i);
    json_string(name, len);
    json_vec("origin", s.origin, 3);
    json_vec("angles", s.angles, 3);
    printf(",\"skin\":%d,\"solid\":%u,\"model_index\":%u,\"leaves\":[", (int)s.skin,
           (unsigned)s.solid, (unsigned)s.model);
    for (k = 0; k < s.leaf_count; k++) {
        uint32_t leaf = 0;
        bsp_static_prop_leaf(p, s.first_leaf + k, &leaf);
        printf(k ? ",%u" : "%u", (unsigned)leaf);
    }
    printf("],\"first_leaf\":%u", (unsigned)s.first_leaf);
    fade[0] = s.fade_min, fade[1] = s.fade_max;
    json_vec("fade", fade, 2);
    json_vec("lighting_origin", s.lighting_origin, 3);
    if (s.fields & BSP_PROP_FLAGS) printf(",\"flags\":%u", (unsigned)s.flags);
    if (s.fields & BSP_PROP_FORCED_FADE) {
        printf(",\"forced_fade_scale\":");
        json_num((double)s.forced_fade_scale);
    }
    if (s.fields & BSP_PROP_DX_LEVEL) ints("dx_level", s.dx_level, 2);
    if (s.fields & BSP_PROP_CPU_GPU_LEVEL) {
        for (k = 0; k < 4; k++) b[k] = s.cpu_gpu_level[k];
        ints("cpu_gpu_level", b, 4);
    }
    if (s.fields & BSP_PROP_DIFFUSE) {
        for (k = 0; k < 4; k++) b[k] = s.diffuse[k];
        ints("diffuse", b, 4);
    }
    if (s.fields & BSP_PROP_DISABLE_X360) printf(",\"disable_x360\":%u", (unsigned)s.disable_x360);
    if (s.fields & BSP_PROP_FLAGS_EX) printf(",\"flags_ex\":%u", (unsigned)s.flags_ex);
    if (s.fields & BSP_PROP_UNIFORM_SCALE) {
        printf(",\"uniform_scale\":");
        json_num((double)s.uniform_scale);
    }
    if (s.fields & BSP_PROP_LIGHTMAP_RES) ints("lightmap_res", s.lightmap_res, 2);
    printf("}\n");
}

int cmd_props(const char *path, int forward)
{
    loaded L;
    tool_props tp;
    uint32_t i;
    bsp_status st;
    int rc;
    if (load_map(&L, path, BSP_LOAD_ALL, 0, forward)) return TOOL_EXIT_FAIL;
    st = tool_props_open(&L.map, &tp);
    if (st == BSP_E_UNSUPPORTED || bsp_map_family(&L.map) != BSP_FAMILY_SOURCE) {
        /* docs/tool.md "No such data": static props are Source's */
        rc = tool_unsupported(path, bsp_family_name(&L.header), "static props");
        tool_props_close(&tp);
        unload_map(&L);
        return rc;
    }
    if (st == BSP_E_BAD_QUERY || st == BSP_E_NOT_LOADED) {   /* no 'sprp' (or no game lump) */
        tool_props_close(&tp);
        unload_map(&L);
        return TOOL_EXIT_OK;
    }
    if (st != BSP_OK) {
        fprintf(stderr, "bspkit: %s: %s\n", path, bsp_status_message(st));
        tool_props_close(&tp);
        unload_map(&L);
        return print_error_json(bsp_status_name(st));
    }
    for (i = 0; i < tp.props.num_props; i++) print_prop(&tp.props, i);
    tool_props_close(&tp);
    unload_map(&L);
    return 0;
}
