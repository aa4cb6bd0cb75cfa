/* SPDX-License-Identifier: MIT */
/* expect.c - picks query points and writes NAME.queries, NAME.expected,
 * NAME.api and NAME.counts (formats: main.c).
 *
 * Answers come from the description through the family's view
 * (family.h): leaf = the one recorded leaf box holding the point, as the
 * family numbers it; light = the walk of gen_light_point with the family's
 * face test; luxel/raw bytes = the sample pattern at the contract's i, j;
 * pas, light and luxel are "unsupported" where the family has no such
 * data. Points keep > 0.1 units from every plane
 * (all planes sit on multiples of 16 and coordinates stay >= 0.5 away) and
 * luxel coordinates keep clear of rounding and range edges.
 */
#include "expect.h"
#include "ambient.h"
#include "q3light.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const gen_world *w;
    const gen_view *v;
    const gen_expect_opts *o;
    gbuf q, e, api;
    gen_rng rng;
    int use_hdr; /* lumps the tool answers from: LDR when lump 7 exists */
    int nfaces;
} ctx;

/* A coordinate strictly inside (lo, hi) (multiples of 16) and 0.5 .. 15.5
 * past a multiple of 16, on a 1/32 grid: exact in float, short in text. */
static float rand_coord(ctx *c, int lo, int hi)
{
    int k = gen_rng_range(&c->rng, lo / 16, hi / 16 - 1);
    return (float)(16 * k) + 0.5f + (float)gen_rng_range(&c->rng, 0, 15 * 32) / 32.0f;
}

static void rand_in_box(ctx *c, const gen_ibox *b, int grow, float p[3])
{
    int a;
    for (a = 0; a < 3; a++) p[a] = rand_coord(c, b->lo[a] - grow, b->hi[a] + grow);
}

static void put_point(gbuf *b, const float p[3])
{
    char t[64];
    int a;
    for (a = 0; a < 3; a++) {
        gen_fmt_coord(t, sizeof t, p[a]);
        gbuf_printf(b, " %s", t);
    }
}

/* n bytes: 4 (Source r, g, b, exponent), 3 (RGB) or 1 (grey). */
static void put_sample(gbuf *b, const unsigned char s[4], int n)
{
    int k;
    gbuf_printf(b, "\"raw\":\"");
    for (k = 0; k < n; k++) gbuf_printf(b, "%02x", s[k]);
    gbuf_printf(b, "\",\"rgb\":[");
    for (k = 0; k < 3; k++) {
        float c = (float)s[n == 1 ? 0 : k] / 255.0f;
        if (n == 4) c = ldexpf(c, (signed char)s[3]);
        gbuf_printf(b, "%s%.9g", k ? "," : "", (double)c);
    }
    gbuf_printf(b, "]}\n");
}

static void blank(ctx *c) { gbuf_printf(&c->q, "\n"); }

/* ---------------- queries ---------------- */

static void q_leaf(ctx *c, const float p[3])
{
    int l = gen_view_leaf(c->v, 0, p);
    gbuf_printf(&c->q, "leaf");
    put_point(&c->q, p);
    gbuf_printf(&c->q, "\n");
    gbuf_printf(&c->e, "{\"q\":\"leaf\",\"leaf\":%d,\"cluster\":%d,\"contents\":%d}\n", l, c->v->leaf_cluster[l],
                c->v->leaf_contents[l]);
}

static void answer_luxel(ctx *c, const char *q, int f, const float p[3])
{
    unsigned char s[4];
    int i, j, n;
    gen_view_ij(c->v, f, p, &i, &j);
    n = gen_view_sample(c->v, c->use_hdr, f, 0, i, j, s);
    gbuf_printf(&c->e, "{\"q\":\"%s\",\"face\":%d,\"s\":%d,\"t\":%d,", q, f, i, j);
    put_sample(&c->e, s, n);
}

static void unsupported(ctx *c, const char *q) { gbuf_printf(&c->e, "{\"q\":\"%s\",\"error\":\"unsupported\"}\n", q); }

/* Only points whose answer cannot flip with a rounding are emitted. */
static int q_light(ctx *c, const float p[3])
{
    int clear = 1, f = -1;
    if (c->v->lightmaps) f = gen_view_light_point(c->v, p, &clear);
    if (!clear) return 0;
    gbuf_printf(&c->q, "light");
    put_point(&c->q, p);
    gbuf_printf(&c->q, "\n");
    if (!c->v->lightmaps) unsupported(c, "light");
    else if (c->o->no_lightmaps) gbuf_printf(&c->e, "{\"q\":\"light\",\"error\":\"no_lightmap\"}\n");
    else if (f < 0) gbuf_printf(&c->e, "{\"q\":\"light\",\"face\":-1}\n");
    else answer_luxel(c, "light", f, p);
    return 1;
}

/* Quake 3 and Nightfire answer luxels; their unlit variants' surfaces
 * carry no lightmap (lightmapNum -1; LightingOffset -1, styles 255). */
static int unlit_family(const ctx *c)
{
    return (c->v->family == GEN_FAM_QUAKE3 && !c->v->q3l) || (c->v->family == GEN_FAM_NIGHTFIRE && !c->v->nf_ofs);
}

/* Luxels answered through gen_view (source, quake-like, lit nightfire). */
static int view_luxels(const gen_view *v) { return v->lightmaps || v->nf_ofs; }

static void q_luxel(ctx *c, long f, const float p[3])
{
    gbuf_printf(&c->q, "luxel %ld", f);
    put_point(&c->q, p);
    gbuf_printf(&c->q, "\n");
    if (!view_luxels(c->v) && !unlit_family(c) && !c->v->q3l) unsupported(c, "luxel");
    else if (f < 0 || f >= c->nfaces) gbuf_printf(&c->e, "{\"q\":\"luxel\",\"error\":\"bad_face\"}\n");
    else if (c->v->q3l) gen_die("quake3 luxels go through q3_luxel");
    else if (unlit_family(c) || c->o->no_lightmaps || !gen_view_has_lightmap(c->v, (int)f, 0))
        gbuf_printf(&c->e, "{\"q\":\"luxel\",\"error\":\"no_lightmap\"}\n");
    else answer_luxel(c, "luxel", (int)f, p);
}

static void q_ambient(ctx *c, const float p[3])
{
    gbuf_printf(&c->q, "ambient");
    put_point(&c->q, p);
    gbuf_printf(&c->q, "\n");
    if (c->v->q3l) gen_q3l_ambient(c->v->q3l, p, 0, &c->e);
    else gen_amb_answer(c->w, c->o->ambient, c->use_hdr, gen_view_leaf(c->v, 0, p), p, &c->e);
    /* Raven's points (docs/queries.md 13.3): the other slots' styles, one
     * after a 255 (never read), and 255 itself (no slot holds it) */
    if (c->v->q3l && c->v->q3l->raven) {
        static const int styles[] = {2, 5, 7, 255};
        int k;
        for (k = 0; k < 4; k++) {
            gbuf_printf(&c->q, "ambient");
            put_point(&c->q, p);
            gbuf_printf(&c->q, " %d\n", styles[k]);
            gen_q3l_ambient(c->v->q3l, p, styles[k], &c->e);
        }
    }
}

/* A Quake 3 luxel query at p when its answer is a robust test. */
static int q3_luxel(ctx *c, int f, const float p[3])
{
    gbuf a;
    memset(&a, 0, sizeof a);
    if (!gen_q3l_luxel(c->v->q3l, f, p, &a)) return 0;
    gbuf_printf(&c->q, "luxel %d", f);
    put_point(&c->q, p);
    gbuf_printf(&c->q, "\n");
    gbuf_put(&c->e, a.data, a.len);
    gbuf_free(&a);
    return 1;
}

/* Quake 3 surfaces: points over each face at heights around it (its
 * triangles, or a layer above), and off its edges (not_on_face). */
static void q3_luxels(ctx *c)
{
    int f, k, tries, a;
    float p[3];
    for (f = 0; f < c->nfaces; f++) {
        const gen_face *fc = &c->w->faces[f];
        for (k = 0; k < 5; k++)
            for (tries = 0; tries < 200; tries++) {
                for (a = 0; a < 2; a++)
                    p[a] = k < 4 ? rand_coord(c, fc->rect.lo[a], fc->rect.hi[a])
                                 : a == 0 ? rand_coord(c, fc->rect.lo[a] - 96, fc->rect.lo[a] - 32)
                                          : rand_coord(c, fc->rect.hi[a] + 32, fc->rect.hi[a] + 96);
                p[2] = rand_coord(c, fc->rect.lo[2] - 64, fc->rect.lo[2] + 64);
                if (q3_luxel(c, f, p)) break;
            }
    }
}

static void q_vis(ctx *c, int pas, long cl)
{
    const char *name = pas ? "pas" : "pvs";
    int n = c->v->nclusters, k, first = 1;
    unsigned char *row;
    gbuf_printf(&c->q, "%s %ld\n", name, cl);
    if (pas && !c->v->has_pas) {
        unsupported(c, name);
        return;
    }
    if (cl < 0 || cl >= n) {
        gbuf_printf(&c->e, "{\"q\":\"%s\",\"error\":\"bad_cluster\"}\n", name);
        return;
    }
    row = malloc((size_t)gen_vis_rowbytes(n));
    if (!row) gen_die("out of memory");
    gen_view_row(c->v, (int)cl, pas, row);
    gbuf_printf(&c->e, "{\"q\":\"%s\",\"cluster\":%ld,\"visible\":[", name, cl);
    for (k = 0; k < n; k++)
        if (row[k >> 3] & (1u << (k & 7))) {
            gbuf_printf(&c->e, "%s%d", first ? "" : ",", k);
            first = 0;
        }
    gbuf_printf(&c->e, "]}\n");
    free(row);
}

/* Lines the tool must reject; the q field is the command token. */
static const char *const bad_queries[][2] = {
    {"frob 1 2 3", "frob"}, {"leaf 1 2", "leaf"}, {"leaf", "leaf"}, {"leaf nan 0 0", "leaf"},
    {"leaf 0 inf 0", "leaf"}, {"light 0 0 -inf", "light"}, {"light 1e39 0 0", "light"},
    {"leaf 1.0x 2 3", "leaf"}, {"leaf 1 2 3x", "leaf"}, {"light 0 0", "light"}, {"pvs", "pvs"},
    {"pvs 1x", "pvs"}, {"pvs 1.5", "pvs"}, {"pvs 2147483648", "pvs"}, {"pas -2147483649", "pas"},
    {"pas 99999999999", "pas"}, {"luxel 0 0 0", "luxel"}, {"luxel 1.5 0 0 0", "luxel"},
    {"luxel 4294967296 0 0 0", "luxel"}, {"luxel -1 nan 0 0", "luxel"}, {"luxel 0 0 0 NaN", "luxel"},
    {"luxel 0 1 2 3.5y", "luxel"},
};

/* ---------------- point choice ---------------- */

static void room_centre(const gen_room *r, int variant, float p[3])
{
    static const float off[4][3] = {{3.28125f, 2.15625f, 1.40625f},
                                    {-5.40625f, 6.71875f, 2.59375f},
                                    {6.84375f, -3.78125f, -2.46875f},
                                    {-2.21875f, -6.53125f, 5.15625f}};
    int a;
    for (a = 0; a < 3; a++) p[a] = (float)(r->box.lo[a] + r->box.hi[a]) / 2.0f + off[variant & 3][a];
}

static int room_sampled(const ctx *c, int r)
{
    int n = c->w->desc->nrooms, m = c->o->max_rooms;
    if (m <= 0 || n <= m) return 1;
    return (long)r * m / n != (long)(r + 1) * m / n;
}

static int face_sampled(const ctx *c, int f)
{
    int n = c->nfaces, m = c->o->max_rooms ? 2 * c->o->max_rooms : 0;
    if (m <= 0 || n <= m) return 1;
    return (long)f * m / n != (long)(f + 1) * m / n;
}

static void solid_point(ctx *c, float p[3])
{
    do rand_in_box(c, &c->w->models[0].box, 64, p);
    while (gen_point_room(c->w->desc, p) >= 0);
}

static int luxel_point(ctx *c, const gen_face *f, int where, float p[3])
{
    int a, tries;
    for (tries = 0; tries < 1000; tries++) {
        for (a = 0; a < 2; a++) {
            int lo = f->rect.lo[a], hi = f->rect.hi[a];
            /* where 0: on the face; 1: past lo in x, past hi in y (clamped) */
            if (where == 0) p[a] = rand_coord(c, lo, hi);
            else p[a] = a == 0 ? rand_coord(c, lo - 96, lo - 32) : rand_coord(c, hi + 32, hi + 96);
        }
        p[2] = rand_coord(c, f->rect.lo[2] - 64, f->rect.lo[2] + 64);
        if (gen_view_st_clear(c->v, (int)(f - c->w->faces), p, 0.01f)) return 1;
    }
    return 0;
}

/* ---------------- areas ---------------- */

/* docs/queries.md 9 from the description (world.h): the areas form a
 * chain, door k joining areas k and k + 1 (quake3: k - 1 and k), so a
 * flood runs along the chain until a closed door. `open` has bit k set
 * when door k is open. */
static void areas_answer(ctx *c, unsigned open, const char *state)
{
    int n = gen_num_areas(c->w->desc), q3 = c->v->family == GEN_FAM_QUAKE3;
    int first = q3 ? 0 : 1, total = q3 ? n : n + 1, a, f = 0, last = total - 1;
    int flood[GEN_MAX_AREAS + 1];
    if (!q3) flood[0] = 0;
    for (a = first; a < total; a++) {
        int door = q3 ? a : a - 1; /* the door below area a */
        if (a == first || !(open >> door & 1)) f++;
        flood[a] = f;
    }
    gbuf_printf(&c->q, "areas %d %d %s\n", first, last, state);
    gbuf_printf(&c->e, "{\"q\":\"areas\",\"a\":%d,\"b\":%d,\"connected\":%d,\"reachable\":[", first, last,
                flood[first] == flood[last]);
    for (a = first, f = 0; a < total; a++)
        if (flood[a] == flood[first]) gbuf_printf(&c->e, f++ ? ",%d" : "%d", a);
    gbuf_printf(&c->e, "],\"flood\":[");
    for (a = 0; a < total; a++) gbuf_printf(&c->e, a ? ",%d" : "%d", flood[a]);
    gbuf_printf(&c->e, "]}\n");
}

static void q_areas(ctx *c)
{
    int n = gen_num_areas(c->w->desc), fam = c->v->family, k, i, j;
    char hex[2 * GEN_MAX_AREAS * GEN_MAX_AREAS + 1];
    if (fam != GEN_FAM_QUAKE2 && fam != GEN_FAM_SOURCE && fam != GEN_FAM_QUAKE3) {
        gbuf_printf(&c->q, "areas 0 0 open\n");
        gbuf_printf(&c->e, "{\"q\":\"areas\",\"error\":\"unsupported\"}\n");
        return;
    }
    areas_answer(c, ~0u, "open");
    areas_answer(c, 0, "closed");
    /* each door alone, then every door but one */
    for (k = 1; k < n; k++)
        for (i = 0; i < 2; i++) {
            unsigned open = i ? ~(1u << k) : 1u << k;
            if (fam == GEN_FAM_QUAKE3) { /* a byte per pair: door k joins k - 1 and k */
                for (j = 0; j < n * n; j++) {
                    int x = j / n, y = j % n, door = x > y ? x : y;
                    int on = (x - y == 1 || y - x == 1) && (open >> door & 1);
                    memcpy(hex + 2 * j, on ? "01" : "00", 2);
                }
                hex[2 * n * n] = 0;
            } else { /* a bit per key: keys 1 .. n - 1, (n - 1 + 8) / 8 bytes */
                for (j = 0; j < (n + 7) / 8; j++) {
                    unsigned byte = (open >> (8 * j)) & 0xffu;
                    if (8 * j + 8 > n) byte &= (1u << (n - 8 * j)) - 1; /* keys beyond n - 1: none */
                    snprintf(hex + 2 * j, 3, "%02x", byte);
                }
            }
            areas_answer(c, open, hex);
        }
    blank(c);
}

/* ---------------- files ---------------- */

static void write_queries(ctx *c)
{
    const gen_world *w = c->w;
    const gen_desc *d = w->desc;
    int r, k, f, n = c->v->nclusters, tries;
    float p[3];

    /* leaf: room centres, points inside rooms, solid, far away */
    for (r = 0; r < d->nrooms; r++) {
        if (!room_sampled(c, r)) continue;
        room_centre(&d->rooms[r], 0, p);
        q_leaf(c, p);
        for (k = 0; k < 2; k++) {
            rand_in_box(c, &d->rooms[r].box, 0, p);
            q_leaf(c, p);
        }
    }
    blank(c);
    for (k = 0; k < 12; k++) {
        solid_point(c, p);
        q_leaf(c, p);
    }
    p[0] = 5000.5f, p[1] = -3000.25f, p[2] = 9000.75f;
    q_leaf(c, p);
    p[0] = -7000.5f, p[1] = 100.5f, p[2] = -50.5f;
    q_leaf(c, p);
    blank(c);
    blank(c);

    /* pvs / pas, including every invalid kind of cluster */
    for (k = 0; k < n; k++)
        if (room_sampled(c, k)) {
            q_vis(c, 0, k);
            q_vis(c, 1, k);
        }
    q_vis(c, 0, -1);
    q_vis(c, 1, -1);
    q_vis(c, 0, n);
    q_vis(c, 1, n);
    q_vis(c, 0, 2147483647L);
    q_vis(c, 1, -2147483647L - 1);
    blank(c);

    /* light: centres (nudged), random room points, solid, above/below */
    for (r = 0; r < d->nrooms; r++) {
        if (!room_sampled(c, r)) continue;
        for (k = 0; k < 4; k++) {
            room_centre(&d->rooms[r], k, p);
            if (q_light(c, p)) break;
        }
        for (tries = 0; tries < 200; tries++) {
            rand_in_box(c, &d->rooms[r].box, 0, p);
            if (q_light(c, p)) break;
        }
        /* 0.5 .. 3.5 inside the low x wall and the high y wall: where a
         * lightmap that reaches past its face's edge can win */
        for (k = 0; k < 2; k++)
            for (tries = 0; tries < 200; tries++) {
                float in = 0.5f + (float)gen_rng_range(&c->rng, 0, 96) / 32.0f;
                rand_in_box(c, &d->rooms[r].box, 0, p);
                p[k] = k == 0 ? (float)d->rooms[r].box.lo[0] + in : (float)d->rooms[r].box.hi[1] - in;
                if (q_light(c, p)) break;
            }
    }
    for (k = 0; k < 8; k++)
        for (tries = 0; tries < 200; tries++) {
            solid_point(c, p);
            if (q_light(c, p)) break;
        }
    for (r = 0; r < d->nrooms && r < 3; r++) {
        room_centre(&d->rooms[r], 0, p);
        p[2] = (float)(d->rooms[r].box.lo[2] - 100) - 0.5f; /* below */
        q_light(c, p);
        p[2] = (float)(w->models[0].box.hi[2] + 1000) + 0.5f; /* above all */
        q_light(c, p);
        /* the trace is 32768 long: from here it stops 8.25 above the floor */
        p[2] = 32768.0f + (float)d->rooms[r].box.lo[2] + 8.25f;
        q_light(c, p);
        p[2] = 32768.0f + (float)d->rooms[r].box.lo[2] - 8.25f;
        q_light(c, p);
    }
    blank(c);

    /* luxel: on each face, off its edges (clamped), no lightmap, bad face */
    if (c->v->q3l) q3_luxels(c);
    for (f = 0; f < c->nfaces && !c->v->q3l; f++) {
        const gen_face *fc = &w->faces[f];
        if (!face_sampled(c, f)) continue;
        if (!view_luxels(c->v)) { /* unsupported or unlit: a few faces are enough */
            if (f >= 3) break;
            room_centre(&d->rooms[0], f, p);
            q_luxel(c, f, p);
            continue;
        }
        if (!gen_view_has_lightmap(c->v, f, 0)) {
            room_centre(&d->rooms[0], 0, p);
            q_luxel(c, f, p);
            continue;
        }
        for (k = 0; k < 3; k++)
            if (luxel_point(c, fc, k == 2, p)) q_luxel(c, f, p);
    }
    p[0] = 1.5f, p[1] = 2.5f, p[2] = 3.5f;
    q_luxel(c, -1, p);
    /* past the world's faces and past the displacement some Source maps
     * add after them (source_writer.c): out of range in every twin */
    q_luxel(c, c->nfaces + 64, p);   /* past every face (terrain maps add six) */
    q_luxel(c, 2147483647L, p);
    q_luxel(c, -2147483647L - 1, p);
    blank(c);

    /* ambient: room points (own samples), solid (borrowed), far away */
    for (r = 0; r < d->nrooms; r++) {
        if (!room_sampled(c, r)) continue;
        for (k = 0; k < 2; k++) {
            rand_in_box(c, &d->rooms[r].box, 0, p);
            q_ambient(c, p);
        }
    }
    for (k = 0; k < 10; k++) {
        solid_point(c, p);
        q_ambient(c, p);
    }
    /* borrowing chains: a point inside each of the first such leaves */
    for (k = 0; k < 4 && c->o->ambient == GEN_AMB_LUMPS; k++) {
        int l = gen_amb_chain_leaf(w, k), lo[3], hi[3], a;
        if (l < 0 || w->leaves[l].model != 0) break;
        gen_region_bounds(w, &w->leaves[l].box, 0, lo, hi);
        for (a = 0; a < 3; a++) p[a] = (float)lo[a] + 3.28125f;
        if (gen_point_leaf(w, 0, p) != l) gen_die("chain leaf %d: point in leaf %d", l, gen_point_leaf(w, 0, p));
        q_ambient(c, p);
    }
    p[0] = 5000.5f, p[1] = -3000.25f, p[2] = 9000.75f;
    q_ambient(c, p);
    blank(c);

    for (k = 0; k < (int)(sizeof bad_queries / sizeof bad_queries[0]); k++) {
        gbuf_printf(&c->q, "%s\n", bad_queries[k][0]);
        gbuf_printf(&c->e, "{\"q\":\"%s\",\"error\":\"bad_query\"}\n", bad_queries[k][1]);
        if (k == 5) blank(c);
    }

    q_areas(c);

    /* collision (expect_trace.c): no random numbers, so the lines above
     * and NAME.api keep theirs */
    if (!c->o->no_collision_lines)
        gen_expect_collision(w, c->v, &c->q, &c->e, c->o->max_rooms, c->o->no_collision);
}

static void api_leaf(ctx *c, int model, const float p[3])
{
    if (model != 0 && !c->v->submodels) return; /* point_leaf: world only */
    gbuf_printf(&c->api, "leafm %d", model);
    put_point(&c->api, p);
    gbuf_printf(&c->api, " %d\n", gen_view_leaf(c->v, model, p));
}

static void api_luxel(ctx *c, int hdr, int f, int slot, const float p[3])
{
    gbuf_printf(&c->api, "luxel %d %d %d", hdr, f, slot);
    put_point(&c->api, p);
    if (c->o->no_lightmaps || !gen_view_has_lightmap(c->v, f, slot)) {
        gbuf_printf(&c->api, " no_lightmap\n");
    } else {
        unsigned char s[4];
        int i, j, k, n;
        gen_view_ij(c->v, f, p, &i, &j);
        n = gen_view_sample(c->v, hdr, f, slot, i, j, s);
        gbuf_printf(&c->api, " ");
        for (k = 0; k < n; k++) gbuf_printf(&c->api, "%02x", s[k]);
        gbuf_printf(&c->api, "\n");
    }
}

static void write_api(ctx *c)
{
    const gen_world *w = c->w;
    const gen_desc *d = w->desc;
    int n = c->v->nclusters, nb = gen_vis_rowbytes(n), r, k, f, pas, hdr;
    int nslots = c->o->api_slots > 0 ? c->o->api_slots : 4;
    unsigned char *row = malloc((size_t)nb);
    float p[3];
    if (!row) gen_die("out of memory");

    gbuf_printf(&c->api, "# bspgen API expectations for %s.bsp (format: test/gen/main.c)\n", c->o->name);
    if (c->o->seed_name && strcmp(c->o->seed_name, c->o->name))
        gbuf_printf(&c->api, "# the same world and answers as %s.bsp\n", c->o->seed_name);
    gbuf_printf(&c->api, "clusters %d\n", n);
    for (r = 0; r < d->nrooms; r++)
        if (room_sampled(c, r)) {
            room_centre(&d->rooms[r], 1, p);
            api_leaf(c, 0, p);
        }
    for (k = 0; k < 4; k++) {
        solid_point(c, p);
        api_leaf(c, 0, p);
    }
    for (k = 0; k < 4; k++) {
        rand_in_box(c, &d->door, 0, p);
        api_leaf(c, 1, p);
    }
    for (k = 0; k < 8; k++) {
        do rand_in_box(c, &d->door, 64, p);
        while (p[0] > (float)d->door.lo[0] && p[0] < (float)d->door.hi[0] && p[1] > (float)d->door.lo[1] &&
               p[1] < (float)d->door.hi[1] && p[2] > (float)d->door.lo[2] && p[2] < (float)d->door.hi[2]);
        api_leaf(c, 1, p);
    }

    /* luxels, per lump pair present: every slot of a sampled set of
     * faces, which covers two styles, bump pages and no_lightmap slots */
    for (hdr = 0; hdr < 2 && view_luxels(c->v); hdr++) {
        if (!(hdr ? c->o->has_hdr : c->o->has_ldr)) continue;
        for (f = 0; f < c->nfaces; f++) {
            const gen_face *fc = &w->faces[f];
            int interesting = fc->nstyles != 1 || fc->pages != 1 || fc->texinfo != 0 || fc->model != 0;
            if (!face_sampled(c, f) || (!interesting && f % 4 != 0)) continue;
            for (k = 0; k < nslots; k++) {
                if (!luxel_point(c, fc, k == 3, p)) continue;
                api_luxel(c, hdr, f, k, p);
            }
        }
    }

    for (pas = 0; pas < 1 + c->v->has_pas; pas++)
        for (r = 0; r < n; r++) {
            if (!room_sampled(c, r)) continue;
            gen_view_row(c->v, r, pas, row);
            gbuf_printf(&c->api, "%s %d ", pas ? "pas" : "pvs", r);
            for (k = 0; k < nb; k++) gbuf_printf(&c->api, "%02x", row[k]);
            gbuf_printf(&c->api, "\n");
        }
    free(row);
}

static void save(const gbuf *b, const char *outdir, const char *name, const char *ext)
{
    char path[1024];
    if ((size_t)snprintf(path, sizeof path, "%s/%s%s", outdir, name, ext) >= sizeof path) gen_die("path too long");
    if (gbuf_save(b, path)) gen_die("cannot write %s", path);
}

void gen_write_expected(const gen_world *w, const gen_view *v, const gen_expect_opts *o, const gen_counts *counts,
                        const char *outdir)
{
    ctx c;
    gbuf cb;
    int k;
    memset(&c, 0, sizeof c);
    memset(&cb, 0, sizeof cb);
    c.w = w;
    c.v = v;
    c.o = o;
    c.rng.s = gen_hash_str(o->seed_name ? o->seed_name : o->name);
    c.use_hdr = !o->has_ldr;
    c.nfaces = w->nfaces;

    write_queries(&c);
    write_api(&c);
    for (k = 0; k < counts->n; k++) gbuf_printf(&cb, "%s %ld\n", counts->key[k], counts->val[k]);

    save(&c.q, outdir, o->name, ".queries");
    save(&c.e, outdir, o->name, ".expected");
    save(&c.api, outdir, o->name, ".api");
    save(&cb, outdir, o->name, ".counts");
    gbuf_free(&c.q);
    gbuf_free(&c.e);
    gbuf_free(&c.api);
    gbuf_free(&cb);
}
