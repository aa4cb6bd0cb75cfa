/* SPDX-License-Identifier: MIT */
/* cmd_access.c - bspkit leaves, faces, models, brushes: the map access
 * API's records, one JSON object per line (docs/access.md). Floats
 * print as %.9g (exact for float, the same text on every target); a value
 * that is not finite prints as null. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"

static void num(double v)
{
    if (isfinite(v)) printf("%.9g", v);
    else printf("null");
}

static void vec(const float *v, int n)
{
    int k;
    putchar('[');
    for (k = 0; k < n; k++) {
        if (k) putchar(',');
        num((double)v[k]);
    }
    putchar(']');
}

static void print_leaf(const bsp_map *m, uint32_t i)
{
    bsp_leaf l;
    uint32_t k;
    bsp_status st = bsp_get_leaf(m, i, &l);
    if (st != BSP_OK) {
        printf("{\"leaf\":%u,\"error\":\"%s\"}\n", (unsigned)i, bsp_status_name(st));
        return;
    }
    printf("{\"leaf\":%u,\"contents\":%d,\"flags\":%u,\"cluster\":%d,\"area\":%d,\"mins\":",
           (unsigned)i, (int)l.contents, (unsigned)l.flags, (int)l.cluster, (int)l.area);
    vec(l.mins, 3);
    printf(",\"maxs\":");
    vec(l.maxs, 3);
    printf(",\"faces\":[");
    for (k = 0; k < l.num_faces; k++) {
        uint32_t f = 0;
        bsp_leaf_face(m, i, k, &f);
        printf(k ? ",%u" : "%u", (unsigned)f);
    }
    printf("]}\n");
}

static const char *const kind_names[] = { "polygon", "mesh", "patch", "displacement", "other" };

static void print_lightmap(const bsp_lightmap_block *b)
{
    uint32_t k;
    if (!b->present) {
        printf("null");
        return;
    }
    printf("{\"w\":%d,\"h\":%d,\"offset\":%d,\"bytes\":%u,\"pages\":%u,\"styles\":[", (int)b->w,
           (int)b->h, (int)b->offset, (unsigned)b->bytes_per_luxel, (unsigned)b->pages);
    /* (the styles as numbers: LMSTYLE16's may pass 255, docs/queries.md 10.3) */
    for (k = 0; k < b->num_styles && b->wide_styles[k] != 0xffff; k++)
        printf(k ? ",%u" : "%u", (unsigned)b->wide_styles[k]);
    printf("]");
    if (b->page >= 0) printf(",\"page\":%d,\"x\":%d,\"y\":%d", (int)b->page, (int)b->x, (int)b->y);
    if (b->hdr) printf(",\"hdr\":true");
    printf("}");
}

/* ,"key":[...] of each vertex's position (0), texture UV (1) or lightmap
 * UV (2); the status of the first vertex that cannot be read. */
static bsp_status print_verts(const bsp_map *m, uint32_t face, uint32_t n, const char *key, int what)
{
    uint32_t k;
    bsp_status st = BSP_OK;
    printf(",\"%s\":[", key);
    for (k = 0; k < n; k++) {
        bsp_vertex v;
        if ((st = bsp_face_vertex(m, face, k, &v)) != BSP_OK) break;
        if (k) putchar(',');
        vec(what == 0 ? v.pos : what == 1 ? v.uv : v.lm, what == 0 ? 3 : 2);
    }
    printf("]");
    return st;
}

/* One face's line; returns the status of the first failing read. */
static bsp_status print_face(const bsp_map *m, uint32_t i)
{
    bsp_face f;
    const char *name = "";
    uint32_t len = 0, k;
    bsp_status st = bsp_get_face(m, i, &f);
    if (st != BSP_OK) return st;
    if (f.texture >= 0) bsp_texture_name(m, (uint32_t)f.texture, &name, &len);
    printf("{\"face\":%u,\"kind\":\"%s\",\"type\":%d,\"plane\":%d,\"side\":%d,\"normal\":",
           (unsigned)i, kind_names[f.kind], (int)f.raw_type, (int)f.plane, f.side);
    vec(f.normal, 3);
    printf(",\"dist\":");
    num((double)f.dist);
    printf(",\"texture\":");
    json_string(name, len);
    printf(",\"texture_index\":%d,\"flags\":%u,\"raw_flags\":%u,\"lightmap\":", (int)f.texture,
           (unsigned)f.flags, (unsigned)f.raw_flags);
    print_lightmap(&f.lightmap);
    st = tool_print_face_attrs(m, i, &f);
    if (st == BSP_OK) st = print_verts(m, i, f.num_verts, "verts", 0);
    if (st == BSP_OK) st = print_verts(m, i, f.num_verts, "uv", 1);
    if (st == BSP_OK) st = print_verts(m, i, f.num_verts, "lm", 2);
    printf(",\"tris\":[");
    for (k = 0; k < f.num_tris && st == BSP_OK; k++) {
        uint32_t t[3];
        if ((st = bsp_face_triangle(m, i, k, t)) != BSP_OK) break;
        printf("%s[%u,%u,%u]", k ? "," : "", (unsigned)t[0], (unsigned)t[1], (unsigned)t[2]);
    }
    printf("]");
    if (st != BSP_OK) printf(",\"error\":\"%s\"", bsp_status_name(st));
    printf("}\n");
    return BSP_OK;
}

static void print_face_line(const bsp_map *m, uint32_t i)
{
    bsp_status st = print_face(m, i);
    if (st != BSP_OK) printf("{\"face\":%u,\"error\":\"%s\"}\n", (unsigned)i, bsp_status_name(st));
}

static void print_model(const bsp_map *m, uint32_t i)
{
    bsp_model mo;
    bsp_get_model(m, i, &mo);
    printf("{\"model\":%u,\"mins\":", (unsigned)i);
    vec(mo.mins, 3);
    printf(",\"maxs\":");
    vec(mo.maxs, 3);
    printf(",\"origin\":");
    vec(mo.origin, 3);
    if (mo.head_node == INT32_MIN) printf(",\"head_node\":null");
    else printf(",\"head_node\":%d", (int)mo.head_node);
    printf(",\"first_face\":%u,\"num_faces\":%u}\n", (unsigned)mo.first_face,
           (unsigned)mo.num_faces);
}

/* ,"texture":NAME or null,"texture_index":T */
static void print_texture_ref(const bsp_map *m, int32_t texture)
{
    const char *name;
    uint32_t len;
    printf(",\"texture\":");
    if (texture >= 0 && bsp_texture_name(m, (uint32_t)texture, &name, &len) == BSP_OK)
        json_string(name, len);
    else
        printf("null");
    printf(",\"texture_index\":%d", (int)texture);
}

static void print_brush(const bsp_map *m, uint32_t i)
{
    bsp_brush b;
    uint32_t k;
    bsp_status st = bsp_get_brush(m, i, &b);
    if (st != BSP_OK) {
        printf("{\"brush\":%u,\"error\":\"%s\"}\n", (unsigned)i, bsp_status_name(st));
        return;
    }
    printf("{\"brush\":%u,\"contents\":%d,\"flags\":%u", (unsigned)i, (int)b.contents,
           (unsigned)b.flags);
    print_texture_ref(m, b.texture);
    printf(",\"first_side\":%u,\"sides\":[", (unsigned)b.first_side);
    for (k = 0; k < b.num_sides; k++) {
        bsp_brush_side s;
        if ((st = bsp_get_brush_side(m, i, k, &s)) != BSP_OK) break;
        printf("%s{\"plane\":%d,\"normal\":", k ? "," : "", (int)s.plane);
        vec(s.normal, 3);
        printf(",\"dist\":");
        num((double)s.dist);
        print_texture_ref(m, s.texture);
        printf(",\"flags\":%u,\"raw_flags\":%u,\"dispinfo\":%d,\"bevel\":%u,\"thin\":%u}",
               (unsigned)s.flags, (unsigned)s.raw_flags, (int)s.dispinfo, (unsigned)s.bevel,
               (unsigned)s.thin);
    }
    printf("]");
    if (st != BSP_OK) printf(",\"error\":\"%s\"", bsp_status_name(st));
    printf("}\n");
}

/* A leaf's brush list, for the leaves that have one. */
static void print_leaf_brushes(const bsp_map *m, uint32_t i)
{
    bsp_leaf l;
    uint32_t k, b = 0;
    bsp_status st = BSP_OK;
    if (bsp_get_leaf(m, i, &l) != BSP_OK || !l.num_brushes) return;
    printf("{\"leaf\":%u,\"brushes\":[", (unsigned)i);
    for (k = 0; k < l.num_brushes; k++) {
        if ((st = bsp_leaf_brush(m, i, k, &b)) != BSP_OK) break;
        printf(k ? ",%u" : "%u", (unsigned)b);
    }
    printf("]");
    if (st != BSP_OK) printf(",\"error\":\"%s\"", bsp_status_name(st));
    printf("}\n");
}

static int is_hull_family(bsp_family_id f)
{
    return f == BSP_FAMILY_QUAKE || f == BSP_FAMILY_GOLDSRC || f == BSP_FAMILY_BSP2;
}

/* Load for map access (with `sets` added), then one line per record of the
 * kind whose count sits at `count_at` in bsp_counts, and per record of a
 * second kind if `print2`. `what` names the records for the unsupported
 * answer (docs/tool.md "No such data"): a build without map access
 * (BSPKIT_ACCESS=0), or brushes on a family whose collision is clipping
 * hulls, as the library's first record says. */
static int each_record_of(const char *path, const char *what, uint32_t sets, int hdr, int forward,
                          size_t count_at, void (*print)(const bsp_map *m, uint32_t i),
                          size_t count2_at, void (*print2)(const bsp_map *m, uint32_t i))
{
    loaded L;
    bsp_counts c;
    uint32_t i, n;
    bsp_status st;
    bsp_brush b;
    if (load_map(&L, path, BSP_LOAD_GEOMETRY | sets, hdr, forward)) return TOOL_EXIT_FAIL;
    if ((sets & BSP_LOAD_COLLISION) && L.collision_status) {
        /* loaded without collision: its lumps have no known layout */
        printf("{\"error\":\"%s\"}\n", bsp_status_name(L.collision_status));
        fprintf(stderr, "bspkit: %s: %s\n", path, bsp_status_message(L.collision_status));
        unload_map(&L);
        return 1;
    }
    st = bsp_get_counts(&L.map, &c);
    if (st == BSP_E_UNSUPPORTED) {
        int rc = tool_access_unsupported(path, &L.map);
        unload_map(&L);
        return rc;
    }
    if (st == BSP_OK && (sets & BSP_LOAD_COLLISION) && is_hull_family(bsp_map_family(&L.map)) &&
        bsp_get_brush(&L.map, 0, &b) == BSP_E_CORRUPT) {
        /* a BSPX brush list the load did not keep (not whole) */
        printf("{\"error\":\"%s\"}\n", bsp_status_name(BSP_E_CORRUPT));
        fprintf(stderr, "bspkit: %s: BRUSHLIST: %s\n", path, bsp_status_message(BSP_E_CORRUPT));
        unload_map(&L);
        return 1;
    }
    if (st == BSP_OK && (sets & BSP_LOAD_COLLISION) &&
        bsp_get_brush(&L.map, 0, &b) == BSP_E_UNSUPPORTED) {
        int rc = tool_unsupported(path, is_hull_family(bsp_map_family(&L.map)) ? bsp_family_name(&L.header) : NULL,
                                  what);
        unload_map(&L);
        return rc;
    }
    if (st != BSP_OK) {
        printf("{\"error\":\"%s\"}\n", bsp_status_name(st));
        fprintf(stderr, "bspkit: %s: %s\n", path, bsp_status_message(st));
        unload_map(&L);
        return 1;
    }
    memcpy(&n, (const char *)&c + count_at, sizeof n);
    for (i = 0; i < n; i++) print(&L.map, i);
    /* (the Quake family's brushes are its BSPX brush list's: its leaves
     * list none) */
    if (print2 && !is_hull_family(bsp_map_family(&L.map))) {
        memcpy(&n, (const char *)&c + count2_at, sizeof n);
        for (i = 0; i < n; i++) print2(&L.map, i);
    }
    unload_map(&L);
    return 0;
}

static int each_record(const char *path, int hdr, int forward, size_t count_at,
                       void (*print)(const bsp_map *m, uint32_t i))
{
    return each_record_of(path, NULL, 0, hdr, forward, count_at, print, 0, NULL);
}

int cmd_brushes(const char *path, int forward)
{
    return each_record_of(path, "brushes", BSP_LOAD_COLLISION, 0, forward,
                          offsetof(bsp_counts, brushes),
                          print_brush, offsetof(bsp_counts, leaves), print_leaf_brushes);
}

int cmd_leaves(const char *path, int forward)
{
    return each_record(path, 0, forward, offsetof(bsp_counts, leaves), print_leaf);
}

int cmd_faces(const char *path, int hdr, int forward)
{
    return each_record(path, hdr, forward, offsetof(bsp_counts, faces), print_face_line);
}

int cmd_models(const char *path, int forward)
{
    return each_record(path, 0, forward, offsetof(bsp_counts, models), print_model);
}

