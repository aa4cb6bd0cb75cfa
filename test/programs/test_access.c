/* SPDX-License-Identifier: MIT */
/* test_access.c - the map access API: statuses, load sets, entity lookup,
 * docs/access.md's PVS walk, Quake 3 patch tessellation on a map built here,
 * and corrupted maps (every access function on bytes flipped across the
 * file; the sanitizers and exercise_access watch).
 *
 *   test_access MAP...   (generated and real maps; geometry facts are
 *                         test/access/access_check.py's job) */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "core/map.h"
#include "../common/files.h"
#include "../common/held.h"
#include "../access/exercise_access.h"
#include "../../platform/memory/bsp_memstream.h"

/* What the map holds, as the public call says it. */
static bsp_map_info info_of(const bsp_map *m)
{
    bsp_map_info i;
    memset(&i, 0, sizeof i);
    bsp_get_info(m, &i);
    return i;
}

static bsp_status load(held *H, const uint8_t *data, uint32_t size, uint32_t sets)
{
    bsp_options o = held_options(sets);
    return held_load(H, data, size, &o);
}

/* ---- the docs/access.md example: faces to draw from the camera's cluster */

static uint32_t faces_to_draw(const bsp_map *m, const float eye[3], uint8_t *draw)
{
    uint32_t leaf, k, n = 0;
    bsp_leaf l;
    bsp_counts c;
    uint8_t row[4096];
    if (bsp_point_leaf(m, 0, eye, &leaf) != BSP_OK || bsp_get_leaf(m, leaf, &l) != BSP_OK ||
        l.cluster < 0 || bsp_vis_row_bytes(m) > sizeof row ||
        bsp_pvs(m, l.cluster, row, sizeof row) != BSP_OK)
        return 0;
    bsp_get_counts(m, &c);
    for (leaf = 0; leaf < c.leaves; leaf++) {
        if (bsp_get_leaf(m, leaf, &l) != BSP_OK || l.cluster < 0) continue;
        if (!(row[l.cluster >> 3] & (1u << (l.cluster & 7)))) continue;
        for (k = 0; k < l.num_faces; k++) {
            uint32_t f;
            if (bsp_leaf_face(m, leaf, k, &f) == BSP_OK && !draw[f]) {
                draw[f] = 1;
                n++;
            }
        }
    }
    return n;
}

/* Spawn points by the iterator (a different path than bsp_entity_find). */
static uint32_t count_by_iterator(const bsp_map *m, const char *classname)
{
    bsp_entity_iter it;
    bsp_entity_event ev;
    uint32_t n = 0, len = (uint32_t)strlen(classname);
    bsp_entity_begin(&it, (const char *)info_of(m).entities, info_of(m).entities_bytes);
    while ((ev = bsp_entity_next(&it)) != BSP_ENT_END && ev != BSP_ENT_ERROR)
        if (ev == BSP_ENT_PAIR && it.key_len == 9 && !memcmp(it.key, "classname", 9) &&
            it.value_len == len && !memcmp(it.value, classname, len))
            n++;
    return n;
}

/* Every displacement's triangles: each cell (r, c) of the grid is its two
 * triangles, over its four corners, sharing one diagonal: (a, a + w + 1)
 * when r + c is even, (a + 1, a + w) when odd (Valve's checkerboard, said
 * here by the cell's place rather than by a's parity). Counts the cells
 * where the diagonal matters: the two diagonals' midpoints are apart, so
 * the other split would be another surface. */
static void check_displacements(const bsp_map *m, uint32_t faces, const char *base)
{
    uint32_t f, bad = 0, cells = 0, bumpy = 0;
    char name[256];
    for (f = 0; f < faces; f++) {
        bsp_face fc;
        uint32_t w, r, c, k;
        if (bsp_get_face(m, f, &fc) != BSP_OK || fc.kind != BSP_FACE_DISPLACEMENT) continue;
        w = 2;
        while (w * w < fc.num_verts) w++;
        if (w * w != fc.num_verts || fc.num_tris != 2 * (w - 1) * (w - 1)) {
            bad++;
            continue;
        }
        for (r = 0; r + 1 < w; r++)
            for (c = 0; c + 1 < w; c++) {
                uint32_t a = r * w + c, t[2][3], d0, d1, seen = 0;
                bsp_vertex p[4];
                float gap = 0.0f;
                uint32_t corner[4] = {a, a + 1, a + w, a + w + 1};
                int ok = 1;
                for (k = 0; k < 2; k++) ok &= bsp_face_triangle(m, f, 2 * (r * (w - 1) + c) + k, t[k]) == BSP_OK;
                for (k = 0; k < 4; k++) ok &= bsp_face_vertex(m, f, corner[k], &p[k]) == BSP_OK;
                if (!ok) {
                    bad++;
                    continue;
                }
                /* the diagonal: the two vertices both triangles hold */
                for (k = 0; k < 6; k++) {
                    uint32_t v = t[k / 3][k % 3], j;
                    j = 0;
                    while (j < 4 && corner[j] != v) j++;
                    if (j == 4) ok = 0;
                    else seen |= 1u << j;
                }
                d0 = ((r + c) % 2 == 0) ? 0 : 1;   /* corner index pair (0,3) or (1,2) */
                d1 = 3 - d0;
                for (k = 0; k < 4; k++) {   /* both diagonal ends in both triangles */
                    uint32_t v = corner[k & 1 ? d1 : d0], *tr = t[k >> 1];
                    if (tr[0] != v && tr[1] != v && tr[2] != v) ok = 0;
                }
                if (!ok || seen != 15) bad++;
                for (k = 0; k < 3; k++) {
                    float g = (p[0].pos[k] + p[3].pos[k]) * 0.5f - (p[1].pos[k] + p[2].pos[k]) * 0.5f;
                    gap += g * g;
                }
                cells++;
                bumpy += gap > 1e-4f;
            }
    }
    if (!cells) return;
    snprintf(name, sizeof name, "%s: %u displacement cells split as Valve's checkerboard (%u not planar)",
             base, cells, bumpy);
    check_report(bad == 0, name, "%u cells split otherwise", bad);
    /* bspgen's displacement (v20/v21 maps) is bumpy in most of its cells */
    if (!strncmp(base, "v2", 2)) {
        snprintf(name, sizeof name, "%s: the generated displacement's cells are not planar", base);
        check_report(bumpy * 2 > cells, name, "%u of %u", bumpy, cells);
    }
}

/* Brushes on a map loaded with collision: statuses in the documented
 * order, and (bspgen's maps, whose brushes are boxes) the centre of every
 * box brush has that brush's contents for collision in some model: the
 * sides' planes bound the brush as the brush's own trace finds it. */
static void check_brushes(const char *path, const char *base, const uint8_t *data, uint32_t size)
{
    held H, G;
    bsp_counts c;
    bsp_brush b;
    bsp_brush_side sd;
    uint32_t i, k, boxes = 0, inside = 0, leaf_refs = 0, brush;
    char name[512];
    FILE *counts;
    int generated, unsound;
    /* bspgen writes NAME.counts beside each of its maps */
    snprintf(name, sizeof name, "%.*s.counts", (int)(strlen(path) - 4), path);
    counts = fopen(name, "r");
    generated = counts != NULL;
    if (counts) fclose(counts);
    if (load(&H, data, size, BSP_LOAD_GEOMETRY | BSP_LOAD_COLLISION) != BSP_OK) {
        free(H.arena);
        return;
    }
    unsound = !strcmp(bsp_family_name(&H.h), "source") && (H.h.version == 22 || H.h.version == 23);
    bsp_get_counts(&H.m, &c);
    if (load(&G, data, size, BSP_LOAD_GEOMETRY) == BSP_OK) {
        snprintf(name, sizeof name, "%s: brushes answer not_loaded without BSP_LOAD_COLLISION", base);
        /* (a BSPX brush list the load did not keep: not_loaded, then corrupt) */
        bsp_status with = bsp_get_brush(&H.m, 0, &b);
        check_report(bsp_get_brush(&G.m, 0, &b) ==
                         (c.brushes || with == BSP_E_CORRUPT ? BSP_E_NOT_LOADED : with) &&
                     bsp_get_brush(&G.m, 0, NULL) == BSP_E_BAD_ARGUMENT,
                     name, "status %d", (int)bsp_get_brush(&G.m, 0, &b));
    }
    free(G.arena);
    snprintf(name, sizeof name, "%s: brush statuses (bad_query past the lump and the sides)", base);
    if (!c.brushes) {
        bsp_status none = bsp_get_brush(&H.m, 0, &b);
        check_report((none == BSP_E_UNSUPPORTED || none == BSP_E_CORRUPT) &&
                     bsp_get_brush_side(&H.m, 0, 0, &sd) == none,
                     name, "a family without brushes answers %d", (int)bsp_get_brush(&H.m, 0, &b));
        free(H.arena);
        return;
    }
    check_report(bsp_get_brush(&H.m, c.brushes, &b) == BSP_E_BAD_QUERY &&
                 bsp_get_brush(NULL, 0, &b) == BSP_E_BAD_ARGUMENT &&
                 bsp_get_brush(&H.m, 0, &b) == BSP_OK &&
                 bsp_get_brush_side(&H.m, 0, b.num_sides, &sd) == BSP_E_BAD_QUERY &&
                 bsp_get_brush_side(&H.m, 0, 0, NULL) == BSP_E_BAD_ARGUMENT,
                 name, "unexpected status");
    for (i = 0; i < info_of(&H.m).leafs; i++) {
        bsp_leaf l;
        if (bsp_get_leaf(&H.m, i, &l) != BSP_OK) continue;
        for (k = 0; k < l.num_brushes; k++)
            leaf_refs += bsp_leaf_brush(&H.m, i, k, &brush) == BSP_OK && brush < c.brushes;
    }
    snprintf(name, sizeof name, "%s: leaves list %u brush references", base, leaf_refs);
    if (bsp_map_family(&H.m) == BSP_FAMILY_QUAKE || bsp_map_family(&H.m) == BSP_FAMILY_GOLDSRC ||
        bsp_map_family(&H.m) == BSP_FAMILY_BSP2)
        /* a BSPX BRUSHLIST's brushes (docs/queries.md 13.7): no leaf lists one */
        check_report(leaf_refs == 0, name, "a quake-family leaf lists a brush");
    else
        check_report(leaf_refs > 0, name, "no leaf lists a brush");
    for (i = 0; generated && i < c.brushes; i++) {
        float lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0}, mid[3];
        int axes = 0;
        uint32_t model;
        if (bsp_get_brush(&H.m, i, &b) != BSP_OK || b.num_sides != 6) continue;
        for (k = 0; k < 6; k++) {
            uint32_t a;
            if (bsp_get_brush_side(&H.m, i, k, &sd) != BSP_OK) break;
            for (a = 0; a < 3; a++) {
                if (sd.normal[a] == 1.0f) hi[a] = sd.dist, axes |= 1 << (2 * a);
                if (sd.normal[a] == -1.0f) lo[a] = -sd.dist, axes |= 2 << (2 * a);
            }
        }
        if (axes != 0x3f) continue;   /* not a box: the ramp */
        for (k = 0; k < 3; k++) mid[k] = (lo[k] + hi[k]) * 0.5f;
        for (model = 0; model < c.models; model++) {
            int32_t got = 0;
            bsp_model mo;
            bsp_status st = bsp_point_contents(&H.m, model, mid, &got);
            if (st == BSP_E_UNSUPPORTED && bsp_get_model(&H.m, model, &mo) == BSP_OK &&
                mid[0] > mo.mins[0] && mid[0] < mo.maxs[0] && mid[1] > mo.mins[1] &&
                mid[1] < mo.maxs[1] && mid[2] > mo.mins[2] && mid[2] < mo.maxs[2]) {
                model = UINT32_MAX;   /* nightfire answers the world only: a door's brush */
                break;
            }
            /* Dota 2's v22/v23: the brushes read, nothing collides (docs/queries.md 13.6) */
            if (unsound) {
                if (st != BSP_E_UNSUPPORTED) break;
                inside += model + 1 == c.models;
                continue;
            }
            if (st == BSP_OK &&
                ((got & b.contents) || (b.contents && !strncmp(base, "nightfire", 9) && got == 2))) {
                inside++;
                break;
            }
        }
        boxes += model != UINT32_MAX;
    }
    if (generated) {
        snprintf(name, sizeof name, unsound ? "%s: each of %u box brushes reads, and contents answers"
                                              " unsupported in every model"
                                            : "%s: each of %u box brushes holds its contents at its centre",
                 base, boxes);
        check_report(boxes > 0 && inside == boxes, name, "%u of %u", inside, boxes);
    }
    snprintf(name, sizeof name, "%s: brushes answer with statuses (collision load)", base);
    check_report(exercise_brushes(&H.m) == 0, name, "broken promises");
    free(H.arena);
}

/* The entity getters against a reading of the text of our own: a quoted
 * token at a time, '{' and '}' between them (other text ends the entity);
 * each entity's first pair of
 * a key answers. bsp_entity_value must point at the same bytes,
 * bsp_entity_number give strtod's value rounded to float, bsp_entity_model
 * the N of "*N" (BAD_MODEL past the model lump, BAD_QUERY else). */
static void check_entities(const bsp_map *m, const char *base)
{
    static const char *const keys[] = { "classname", "model", "origin", "light", "angle", "spawnflags" };
    const char *text = (const char *)bsp__map_c(m)->entities.data;
    uint32_t n = bsp__map_c(m)->entities.count, i = 0, entities = 0, values = 0, models = 0, bad = 0, k;
    bsp_counts c;
    char name[256];
    bsp_get_counts(m, &c);
    while (i < n && text[i]) {
        uint32_t open;
        const char *got[6] = { 0 };
        uint32_t len[6] = { 0 };
        while (i < n && text[i] && text[i] != '{') i++;
        if (i >= n || !text[i]) break;
        open = i++;
        for (;;) {
            const char *tok[2];
            uint32_t tl[2], t;
            for (t = 0; t < 2; t++) {
                /* (anything but blanks between tokens is not entity syntax:
                 * the entity ends there for the getters) */
                while (i < n && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) i++;
                if (i >= n || text[i] != '"') break;
                tok[t] = text + ++i;
                while (i < n && text[i] && text[i] != '"') i++;
                tl[t] = (uint32_t)(text + i - tok[t]);
                if (i < n && text[i]) i++;
            }
            if (t < 2) break;
            for (k = 0; k < 6; k++)
                if (!got[k] && strlen(keys[k]) == tl[0] && !memcmp(tok[0], keys[k], tl[0])) {
                    got[k] = tok[1];
                    len[k] = tl[1];
                }
        }
        entities++;
        for (k = 0; k < 6; k++) {
            const char *v = NULL;
            uint32_t vl = 0, model = 0;
            float f = -1;
            bsp_status st = bsp_entity_value(m, open, keys[k], &v, &vl);
            if (!got[k]) {
                bad += st != BSP_E_BAD_QUERY;
                continue;
            }
            values++;
            if (st != BSP_OK || v != got[k] || vl != len[k]) bad++;
            if (bsp_entity_number(m, open, keys[k], &f) != BSP_OK) bad++;
            else if (len[k] < 64 && (got[k][0] == '-' || (got[k][0] >= '0' && got[k][0] <= '9'))) {
                char buf[64];
                memcpy(buf, got[k], len[k]);
                buf[len[k]] = 0;
                if (f != (float)strtod(buf, NULL)) bad++;
            }
            if (k == 1) {
                st = bsp_entity_model(m, open, &model);
                if (len[k] > 1 && len[k] < 10 && got[k][0] == '*' && strspn(got[k] + 1, "0123456789") >= len[k] - 1) {
                    uint32_t want = (uint32_t)strtoul(got[k] + 1, NULL, 10);
                    bad += want < c.models ? (st != BSP_OK || model != want) : st != BSP_E_BAD_MODEL;
                    models++;
                } else {
                    bad += st != BSP_E_BAD_QUERY;
                }
            }
        }
    }
    snprintf(name, sizeof name, "%s: entity getters (%u entities, %u values, %u brush models)", base, entities,
             values, models);
    check_report(bad == 0 && (n == 0 || entities > 0), name, "%u answers differ from the text", bad);
}

static void check_map(const char *path)
{
    uint32_t size, need_l, need_g, need_a, found = 0, at = 0, faces;
    uint8_t *data = read_file(path, &size), *draw;
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    char name[256];
    held H, Q;
    bsp_counts c;
    bsp_options ol = bsp_default_options(BSP_LOAD_LIGHTING), og = bsp_default_options(BSP_LOAD_GEOMETRY),
                oa = bsp_default_options(BSP_LOAD_ALL);
    ol.lzma_lclp_max = og.lzma_lclp_max = oa.lzma_lclp_max = 12;
    bsp_face f;
    bsp_model mo;
    bsp_vertex vx;
    uint32_t t[3];
    if (!data) {
        check_report(0, base, "cannot read");
        return;
    }
    if (load(&H, data, size, BSP_LOAD_GEOMETRY) != BSP_OK) {
        check_report(0, base, "does not load with BSP_LOAD_GEOMETRY");
        free(H.arena);
        free(data);
        return;
    }
    bsp_measure(&H.h, &ol, &need_l);
    bsp_measure(&H.h, &og, &need_g);
    bsp_measure(&H.h, &oa, &need_a);
    snprintf(name, sizeof name, "%s: geometry set measures between lighting and all", base);
    check_report(need_l <= need_g && need_g <= need_a, name, "%u %u %u", need_l, need_g, need_a);

    snprintf(name, sizeof name, "%s: every access function answers with a status", base);
    check_report(exercise_access(&H.m, H.arena, H.arena + H.need) == 0, name, "broken promises");

    bsp_get_counts(&H.m, &c);
    if (bsp__map_c(&H.m)->entities.data) check_entities(&H.m, base);
    snprintf(name, sizeof name, "%s: index statuses (bad_face, bad_query, bad_argument)", base);
    check_report(bsp_get_face(&H.m, c.faces, &f) == BSP_E_BAD_FACE &&
                 bsp_face_triangle(&H.m, c.faces, 0, t) == BSP_E_BAD_FACE &&
                 bsp_get_leaf(&H.m, c.leaves, NULL) == BSP_E_BAD_ARGUMENT &&
                 bsp_get_model(&H.m, c.models, &mo) == BSP_E_BAD_QUERY &&
                 bsp_get_counts(NULL, &c) == BSP_E_BAD_ARGUMENT &&
                 (c.faces == 0 || bsp_get_face(&H.m, 0, &f) != BSP_OK ||
                  bsp_face_vertex(&H.m, 0, f.num_verts, &vx) == BSP_E_BAD_QUERY),
                 name, "unexpected status");

    if (load(&Q, data, size, BSP_LOAD_QUERIES) == BSP_OK) {
        snprintf(name, sizeof name, "%s: a queries-only load answers not_loaded", base);
        check_report(bsp_get_face(&Q.m, 0, &f) == BSP_E_NOT_LOADED &&
                     (c.leaves == 0 || bsp_leaf_face(&Q.m, 0, 0, t) == BSP_E_NOT_LOADED) &&
                     bsp_entity_find(&Q.m, "classname", "worldspawn", &at) == BSP_E_NOT_LOADED,
                     name, "a lump that was not loaded was read");
    }
    free(Q.arena);

    /* bsp_entity_find finds each spawn point once, as the iterator counts */
    at = 0;
    while (bsp_entity_find(&H.m, "classname", "info_player_start", &at) == BSP_OK) {
        float v[3];
        found++;
        if (bsp_entity_vector(&H.m, at, "origin", v) != BSP_OK || !isfinite(v[0])) found += 1000;
        at++;
    }
    snprintf(name, sizeof name, "%s: bsp_entity_find finds every info_player_start once", base);
    check_report(found == count_by_iterator(&H.m, "info_player_start"), name, "found %u", found);

    check_displacements(&H.m, c.faces, base);
    check_brushes(path, base, data, size);

    draw = calloc(c.faces + 1, 1);
    {
        bsp_model world;
        float eye[3];
        int k;
        bsp_get_model(&H.m, 0, &world);
        for (k = 0; k < 3; k++) eye[k] = (world.mins[k] + world.maxs[k]) * 0.5f;
        at = 0;
        if (bsp_entity_find(&H.m, "classname", "info_player_start", &at) == BSP_OK)
            bsp_entity_vector(&H.m, at, "origin", eye);
        faces = faces_to_draw(&H.m, eye, draw);
        snprintf(name, sizeof name, "%s: the README's PVS walk names only faces of the map", base);
        check_report(faces <= c.faces, name, "%u of %u", faces, c.faces);
    }
    free(draw);
    free(H.arena);

    /* corrupted copies: bytes flipped at a spread of positions */
    {
        uint32_t step = size / 97 + 1, pos;
        int bad = 0;
        for (pos = 8; pos < size; pos += step) {
            uint8_t *copy = malloc(size);
            held B;
            memcpy(copy, data, size);
            copy[pos] ^= 0xff;
            if (pos + 3 < size) copy[pos + 3] ^= 0x80;
            if (load(&B, copy, size, BSP_LOAD_GEOMETRY) == BSP_OK)
                bad += exercise_access(&B.m, B.arena, B.arena + B.need);
            free(B.arena);
            if (load(&B, copy, size, BSP_LOAD_GEOMETRY | BSP_LOAD_COLLISION) == BSP_OK)
                bad += exercise_brushes(&B.m);
            free(B.arena);
            free(copy);
        }
        snprintf(name, sizeof name, "%s: corrupted copies answer with statuses", base);
        check_report(bad == 0, name, "%d broken promises", bad);
    }
    free(data);
}

/* ---- a Quake 3 map with one 3 x 3 patch, built here ---------------------- */

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}

static void putf(uint8_t *p, float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    put32(p, u);
}

static void check_patch(void)
{
    enum { HDR = 8 + 17 * 8, SHADERS = 72, PLANES = 16, LEAFS = 48, MODELS = 40,
           VERTS = 9 * 44, SURF = 104 };
    uint8_t file[HDR + SHADERS + PLANES + LEAFS + MODELS + VERTS + SURF];
    static const int lumps[6] = { 1, 2, 4, 7, 10, 13 };
    static const int sizes[6] = { SHADERS, PLANES, LEAFS, MODELS, VERTS, SURF };
    uint32_t ofs = HDR, k;
    uint8_t *p;
    held H;
    bsp_face f;
    bsp_vertex v;
    uint32_t t[3];
    int ok = 1;
    bsp_status st;
    memset(file, 0, sizeof file);
    memcpy(file, "IBSP", 4);
    put32(file + 4, 46);
    for (k = 0; k < 6; k++) {
        put32(file + 8 + 8 * lumps[k], ofs);
        put32(file + 12 + 8 * lumps[k], (uint32_t)sizes[k]);
        ofs += (uint32_t)sizes[k];
    }
    p = file + HDR;
    memcpy(p, "textures/test/patch", 19);                     /* shader 0 */
    p += SHADERS;
    putf(p + 8, 1.0f);                                        /* plane z = 0 */
    p += PLANES;
    put32(p, 0xffffffffu);                                    /* leaf: cluster -1 */
    p += LEAFS;
    putf(p + 12, 64.0f); putf(p + 16, 64.0f); putf(p + 20, 16.0f);
    put32(p + 28, 1);                                         /* model 0: surface 0 */
    p += MODELS;
    for (k = 0; k < 9; k++) {                                 /* control grid 3 x 3 */
        putf(p + 44 * k, 32.0f * (float)(k % 3));
        putf(p + 44 * k + 4, 32.0f * (float)(k / 3));
        putf(p + 44 * k + 8, k % 3 == 1 ? 32.0f : 0.0f);      /* middle column raised */
        putf(p + 44 * k + 20, 0.5f * (float)(k % 3));         /* lightmap s */
    }
    p += VERTS;
    put32(p + 8, 2);                                          /* patch */
    put32(p + 16, 9);
    put32(p + 28, 0xffffffffu);                               /* no lightmap */
    put32(p + 96, 3);
    put32(p + 100, 3);
    if ((st = load(&H, file, sizeof file, BSP_LOAD_GEOMETRY)) != BSP_OK ||
        (st = bsp_get_face(&H.m, 0, &f)) != BSP_OK) {
        check_report(0, "quake3 patch: built map loads", "%s", bsp_status_name(st));
        free(H.arena);
        return;
    }
    check_report(f.kind == BSP_FACE_PATCH &&
                 f.num_verts == (BSP_PATCH_LEVEL + 1) * (BSP_PATCH_LEVEL + 1) &&
                 f.num_tris == 2 * BSP_PATCH_LEVEL * BSP_PATCH_LEVEL,
                 "quake3 patch: (level + 1)^2 vertices, 2 level^2 triangles", "%u %u", f.num_verts,
                 f.num_tris);
    /* On this grid x and y are linear in the parameters and z is the
     * quadratic 2 u (1 - u) 32: exact in float at the 1/8 steps. */
    for (k = 0; k < f.num_verts; k++) {
        float u = (float)(k % (BSP_PATCH_LEVEL + 1)) / BSP_PATCH_LEVEL;
        float w = (float)(k / (BSP_PATCH_LEVEL + 1)) / BSP_PATCH_LEVEL;
        if (bsp_face_vertex(&H.m, 0, k, &v) != BSP_OK || v.pos[0] != 64.0f * u ||
            v.pos[1] != 64.0f * w || v.pos[2] != 64.0f * u * (1.0f - u) || v.lm[0] != 128.0f * u)
            ok = 0;
    }
    check_report(ok, "quake3 patch: tessellated vertices are the Bezier surface", "a vertex differs");
    ok = 1;
    for (k = 0; k < f.num_tris; k++)
        if (bsp_face_triangle(&H.m, 0, k, t) != BSP_OK || t[0] >= f.num_verts || t[1] >= f.num_verts ||
            t[2] >= f.num_verts || t[0] == t[1] || t[1] == t[2] || t[0] == t[2])
            ok = 0;
    check_report(ok, "quake3 patch: triangles name three distinct grid vertices", "no");
    free(H.arena);
}

int main(int argc, char **argv)
{
    int i;
    check_patch();
    for (i = 1; i < argc; i++) check_map(argv[i]);
    printf("%d passed, %d failed\n", check_counts.passed, check_counts.failed);
    return check_counts.failed != 0;
}
