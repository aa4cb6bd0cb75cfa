/* SPDX-License-Identifier: MIT */
/* collision.c - the query tool's collision lines (docs/queries.md 6):
 *   trace X0 Y0 Z0 X1 Y1 Z1 [MINX MINY MINZ MAXX MAXY MAXZ] [mask M] [model K]
 *         [origin X Y Z] [angles P Y R]
 *   hulltrace H X0 Y0 Z0 X1 Y1 Z1 [model K]
 *   contents X Y Z [model K] [origin X Y Z] [angles P Y R]
 *   hullcontents H X Y Z [model K]
 *   boxleaves MINX MINY MINZ MAXX MAXY MAXZ [model K]
 * Numbers are parsed as the other lines' are; a mask is base-10 or 0x
 * hexadecimal, unsigned 32-bit; the options come in this order. With
 * `origin` or `angles` (either alone: the other is 0 0 0) the line asks
 * the moved model's query (docs/queries.md 8.10). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/tool.h"
#include "collision.h"

static int parse_mask(const char *tok, uint32_t *out)
{
    int hex = tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X');
    const char *d = hex ? tok + 2 : tok;
    unsigned long long v = 0;
    if (!*d) return 0;
    for (; *d; d++) {
        int c = *d, k;
        if (c >= '0' && c <= '9') k = c - '0';
        else if (hex && c >= 'a' && c <= 'f') k = c - 'a' + 10;
        else if (hex && c >= 'A' && c <= 'F') k = c - 'A' + 10;
        else return 0;
        v = v * (hex ? 16u : 10u) + (unsigned)k;
        if (v > 0xffffffffull) return 0;
    }
    *out = (uint32_t)v;
    return 1;
}

/* What may follow a collision line's numbers. */
typedef struct options {
    int has_mask, moved;
    uint32_t mask;
    int32_t model;
    float origin[3], angles[3];
} options;

/* [mask M] [model K] [origin X Y Z] [angles P Y R], in this order (mask
 * only when allow_mask, origin and angles only when allow_move), and
 * nothing after. */
static int parse_options(char **tok, int n, int allow_mask, int allow_move, options *o)
{
    int i = 0, k;
    o->has_mask = o->moved = 0;
    o->model = 0;
    for (k = 0; k < 3; k++) o->origin[k] = o->angles[k] = 0;
    if (allow_mask && i < n && !strcmp(tok[i], "mask")) {
        if (i + 1 >= n || !parse_mask(tok[i + 1], &o->mask)) return 0;
        o->has_mask = 1;
        i += 2;
    }
    if (i < n && !strcmp(tok[i], "model")) {
        if (i + 1 >= n || !tool_parse_int32(tok[i + 1], &o->model)) return 0;
        i += 2;
    }
    if (allow_move && i < n && !strcmp(tok[i], "origin")) {
        if (i + 3 >= n || !tool_parse_floats(tok + i + 1, 3, o->origin)) return 0;
        o->moved = 1;
        i += 4;
    }
    if (allow_move && i < n && !strcmp(tok[i], "angles")) {
        if (i + 3 >= n || !tool_parse_floats(tok + i + 1, 3, o->angles)) return 0;
        o->moved = 1;
        i += 4;
    }
    return i == n;
}

static void print_vec(const char *name, const float v[3])
{
    printf(",\"%s\":[%.9g,%.9g,%.9g]", name, (double)v[0], (double)v[1], (double)v[2]);
}

static void print_trace(const char *q, const bsp_trace_result *r, int with_contents)
{
    printf("{\"q\":\"%s\",\"fraction\":%.9g", q, (double)r->fraction);
    print_vec("endpos", r->endpos);
    printf(",\"startsolid\":%d,\"allsolid\":%d", r->startsolid, r->allsolid);
    if (with_contents) printf(",\"contents\":%d", (int)r->contents);
    if (r->has_plane) {
        print_vec("normal", r->normal);
        printf(",\"dist\":%.9g", (double)r->dist);
    }
    /* source terrain (8.14) */
    if (with_contents && r->disp >= 0) printf(",\"disp\":%d,\"disp_flags\":%u", (int)r->disp, (unsigned)r->disp_flags);
    printf("}\n");
}

/* A negative model is outside every model lump; the API's models are
 * unsigned, so the statuses that come before bad_model are asked of model
 * 0 (docs/queries.md 6: bad_query, unsupported, then bad_model). */
static bsp_status negative_model(bsp_status with_zero)
{
    return with_zero == BSP_E_BAD_QUERY || with_zero == BSP_E_UNSUPPORTED ||
                   with_zero == BSP_E_BAD_ARGUMENT || with_zero == BSP_E_NOT_LOADED
               ? with_zero : BSP_E_BAD_MODEL;
}

/* boxleaves (8.12a): every leaf, in a list as long as the map's leaves
 * (each is listed once); quake3 names its last leaf, not a top node. */
static bsp_status box_leaves_line(const bsp_map *m, char **tok, int n, bsp_status unloaded)
{
    float v[6];
    int32_t model, top;
    options o;
    uint32_t count, i, *leaves;
    bsp_status st;
    bsp_map_info info;
    if (n < 7 || !tool_parse_floats(tok + 1, 6, v) || !parse_options(tok + 7, n - 7, 0, 0, &o))
        return BSP_E_BAD_QUERY;
    model = o.model;
    if (unloaded != BSP_OK) return unloaded;
    if (bsp_get_info(m, &info) != BSP_OK) return BSP_E_BAD_ARGUMENT;
    leaves = malloc(sizeof *leaves * (info.leafs + 1));
    if (!leaves) return BSP_E_BAD_ARGUMENT;
    st = bsp_box_leaves(m, model < 0 ? 0 : (uint32_t)model, v, v + 3, leaves, info.leafs, &count, &top);
    if (model < 0) st = negative_model(st);
    if (st == BSP_OK) {
        printf("{\"q\":\"boxleaves\",\"count\":%u,\"%s\":%d,\"leaves\":[", (unsigned)count,
               bsp_map_family(m) == BSP_FAMILY_QUAKE3 ? "last_leaf" : "topnode", (int)top);
        for (i = 0; i < count && i < info.leafs; i++) printf(i ? ",%u" : "%u", (unsigned)leaves[i]);
        printf("]}\n");
    }
    free(leaves);
    return st;
}

bsp_status tool_collision(const bsp_map *m, char **tok, int n, bsp_status unloaded)
{
    const char *q = tok[0];
    float v[12];
    int32_t hull;
    uint32_t mask = 0;
    options o;
    bsp_status st;
    bsp_trace_result r;
    int32_t contents;
    uint32_t k;

    if (!strcmp(q, "boxleaves")) return box_leaves_line(m, tok, n, unloaded);
    if (!strcmp(q, "trace")) {
        static const float zero[3] = { 0, 0, 0 };
        int box = n > 7 && strcmp(tok[7], "mask") && strcmp(tok[7], "model") &&
                  strcmp(tok[7], "origin") && strcmp(tok[7], "angles");
        if (n < 7 || !tool_parse_floats(tok + 1, 6, v)) return BSP_E_BAD_QUERY;
        if (box && (n < 13 || !tool_parse_floats(tok + 7, 6, v + 6))) return BSP_E_BAD_QUERY;
        if (!parse_options(tok + (box ? 13 : 7), n - (box ? 13 : 7), 1, 1, &o))
            return BSP_E_BAD_QUERY;
        mask = o.has_mask ? o.mask : bsp_trace_mask(m, BSP_MASK_PLAYERSOLID);
        if (unloaded != BSP_OK) return unloaded;
        k = o.model < 0 ? 0 : (uint32_t)o.model;
        st = o.moved ? bsp_trace_transformed(m, k, v, v + 3, box ? v + 6 : zero, box ? v + 9 : zero,
                                             mask, o.origin, o.angles, &r)
                     : bsp_trace(m, k, v, v + 3, box ? v + 6 : zero, box ? v + 9 : zero, mask, &r);
        if (o.model < 0) return negative_model(st);
        if (st != BSP_OK) return st;
        {
            /* the hull families' traces have no contents (8.4a) */
            bsp_family_id f = bsp_map_family(m);
            /* (the Quake family: contents only from a BSPX brush list's
             * brush, docs/queries.md 13.7; its hulls have none) */
            print_trace(q, &r, (f != BSP_FAMILY_QUAKE && f != BSP_FAMILY_GOLDSRC && f != BSP_FAMILY_BSP2) ||
                                   r.contents != 0);
        }
    } else if (!strcmp(q, "hulltrace")) {
        if (n < 8 || !tool_parse_int32(tok[1], &hull) || !tool_parse_floats(tok + 2, 6, v) ||
            !parse_options(tok + 8, n - 8, 0, 0, &o))
            return BSP_E_BAD_QUERY;
        if (unloaded != BSP_OK) return unloaded;
        k = o.model < 0 ? 0 : (uint32_t)o.model;
        st = bsp_hull_trace(m, k, hull < 0 ? 0xffffffffu : (uint32_t)hull, v, v + 3, &r);
        if (o.model < 0) return negative_model(st);
        if (st != BSP_OK) return st;
        print_trace(q, &r, 0);
    } else {
        int hulls = !strcmp(q, "hullcontents"), at = hulls ? 2 : 1;
        if (n < at + 3 || (hulls && !tool_parse_int32(tok[1], &hull)) || !tool_parse_floats(tok + at, 3, v) ||
            !parse_options(tok + at + 3, n - at - 3, 0, !hulls, &o))
            return BSP_E_BAD_QUERY;
        if (unloaded != BSP_OK) return unloaded;
        k = o.model < 0 ? 0 : (uint32_t)o.model;
        st = hulls ? bsp_hull_contents(m, k, hull < 0 ? 0xffffffffu : (uint32_t)hull, v, &contents)
           : o.moved ? bsp_point_contents_transformed(m, k, v, o.origin, o.angles, &contents)
                     : bsp_point_contents(m, k, v, &contents);
        if (o.model < 0) return negative_model(st);
        if (st != BSP_OK) return st;
        printf("{\"q\":\"%s\",\"contents\":%d}\n", q, (int)contents);
    }
    return BSP_OK;
}
