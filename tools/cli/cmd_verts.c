/* SPDX-License-Identifier: MIT */
/* cmd_verts.c - what a face vertex carries for a renderer on the `faces`
 * line (docs/queries.md 11.10: normal, colour, texture and lightmap
 * coordinates of the stored vertices) and the `dispverts` command (a
 * Source displacement's grid). Floats print as %.9g; not finite: null. */
#include <math.h>
#include <stdio.h>

#include "commands.h"

static void num(float v)
{
    if (isfinite(v)) printf("%.9g", (double)v);
    else printf("null");
}

static void vec(const char *key, const float *v, int n)
{
    int k;
    printf("%s[", key);
    for (k = 0; k < n; k++) {
        if (k) putchar(',');
        num(v[k]);
    }
    putchar(']');
}

static const char *const normal_names[] = { "plane", "vertnormals", "facenormals", "drawverts" };

bsp_status tool_print_face_attrs(const bsp_map *m, uint32_t face, const bsp_face *f)
{
    bsp_vertex_attr a;
    uint32_t k;
    bsp_status st = bsp_face_vertex_attr(m, face, 0, &a);
    if (st != BSP_OK && st != BSP_E_BAD_QUERY) return st;
    if (a.present & BSP_VA_TEX_SIZE) printf(",\"tex_size\":[%d,%d]", (int)a.tex_size[0], (int)a.tex_size[1]);
    else printf(",\"tex_size\":null");
    /* (quake3: the block is its page, docs/queries.md 11.5: 128 x 128,
     * qfusion's 512 x 512 (13.3), told by the page's bytes) */
    if (f->lightmap.present && f->lightmap.page >= 0) {
        const uint8_t *page;
        uint32_t bytes = 0, side = 128;
        if (bsp_face_lightmap_data(m, face, 0, &page, &bytes) == BSP_OK && bytes == 512u * 512u * 3u) side = 512;
        printf(",\"lm_size\":[%u,%u]", (unsigned)side, (unsigned)side);
    }
    else if (f->lightmap.present) printf(",\"lm_size\":[%d,%d]", (int)f->lightmap.w, (int)f->lightmap.h);
    else printf(",\"lm_status\":\"no_lightmap\"");
    if (f->lightmap.pages == 4) printf(",\"bump\":4");
    if (f->lightmap.page >= 0 && f->lightmap.present) printf(",\"lm_page\":%d", (int)f->lightmap.page);
    printf(",\"normal_source\":\"%s\",\"attrs\":[", normal_names[a.normal_source]);
    for (k = 0; k < a.num_verts; k++) {
        if ((st = bsp_face_vertex_attr(m, face, k, &a)) != BSP_OK) break;
        printf(k ? ",{" : "{");
        vec("\"xyz\":", a.pos, 3);
        vec(",\"normal\":", a.normal, 3);
        if (a.present & BSP_VA_TANGENTS) {
            vec(",\"tangent\":", a.tangent, 3);
            vec(",\"bitangent\":", a.bitangent, 3);
        }
        if (a.present & BSP_VA_COLOR)
            printf(",\"color\":[%u,%u,%u,%u]", a.color[0], a.color[1], a.color[2], a.color[3]);
        if (a.present & BSP_VA_ST) vec(",\"st\":", a.st, 2);
        else printf(",\"st\":null");
        if (a.present & BSP_VA_UV) vec(",\"uv\":", a.uv, 2);
        else printf(",\"uv\":null");
        if (a.present & BSP_VA_LM) vec(",\"lm\":", a.lm, 2);
        putchar('}');
    }
    putchar(']');
    return st == BSP_E_BAD_QUERY ? BSP_OK : st;
}

/* One displacement's line; the status of the first failing read. */
static bsp_status print_disp(const bsp_map *m, uint32_t i)
{
    bsp_disp_vert v;
    uint32_t k, n, what;
    bsp_status st = bsp_disp_vertex(m, i, 0, &v);
    if (st != BSP_OK) return st;
    n = v.num_verts;
    printf("{\"disp\":%u,\"face\":%d,\"power\":%u", (unsigned)i, (int)v.face, (unsigned)v.power);
    /* one array per key: alpha, verts, st, lm */
    for (what = 0; what < 4 && st == BSP_OK; what++) {
        static const char *const keys[] = { "alpha", "verts", "st", "lm" };
        static const uint32_t need[] = { BSP_VA_ALPHA, 0, BSP_VA_ST, BSP_VA_LM };
        if (need[what] && !(v.present & need[what])) {
            printf(",\"%s\":null", keys[what]);
            continue;
        }
        printf(",\"%s\":[", keys[what]);
        for (k = 0; k < n; k++) {
            if ((st = bsp_disp_vertex(m, i, k, &v)) != BSP_OK) break;
            if (k) putchar(',');
            if (what == 0) num(v.alpha);
            else vec("", what == 1 ? v.pos : what == 2 ? v.st : v.lm, what == 1 ? 3 : 2);
        }
        putchar(']');
    }
    if (st != BSP_OK) printf(",\"error\":\"%s\"", bsp_status_name(st));
    printf("}\n");
    return BSP_OK;
}

int cmd_dispverts(const char *path, int hdr, int forward)
{
    loaded L;
    uint32_t i, n;
    if (load_map(&L, path, BSP_LOAD_GEOMETRY, hdr, forward)) return TOOL_EXIT_FAIL;
    n = bsp_num_disps(&L.map);
    for (i = 0; i < n; i++) {
        bsp_status st = print_disp(&L.map, i);
        if (st != BSP_OK) printf("{\"disp\":%u,\"error\":\"%s\"}\n", (unsigned)i, bsp_status_name(st));
    }
    unload_map(&L);
    return 0;
}
