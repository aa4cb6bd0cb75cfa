/* SPDX-License-Identifier: MIT */
/* expect_trace.c - collision query lines (docs/queries.md sections 6 and 8:
 * trace, hulltrace, contents, hullcontents) and their expected answers,
 * derived from the description: the rooms' boxes, the door's box, and the
 * way world.c turns them into brushes and a tree.
 *
 * What the description gives (world.c):
 *  - rooms are empty; every solid leaf of the world is one 6-sided brush
 *    (its box clipped to the world bounds grown by 16), contents 1 as the
 *    writers store it (quake2, source: 1; quake3: shader contentFlags 1;
 *    nightfire: attributes 258); the door (model 1) is one brush, its box.
 *  - the tree splits on every distinct z boundary first, then on x / y
 *    boundaries of the rooms overlapping the z slab: so the solid slab just
 *    below a floor at z = F is split only at x / y boundaries of rooms with
 *    lo[2] < F <= hi[2] (single_brush_below), and is at least 16 thick
 *    when no room touches it from below (face_solid).
 *  - quake, goldsrc, bsp2: hull 0 is the node tree with leaf contents -1
 *    (room) / -2 (solid); the writer's clipnodes (hulls 1 and 2, goldsrc's
 *    hull 3 of the world through headnode[3] = 0) are that same tree, not
 *    expanded by a player's box (quake_writer.c), so every hull answers as
 *    hull 0 does: a drop stops at floor + 1/32 in every hull.
 *
 * Cases, chosen so that the answer is unambiguous (no box face or point
 * within 1e-3 of a plane but the deliberate section 8.7 cases, every move
 * crossing at most one plane of the tree when the answer depends on the
 * walk's arithmetic, segment lengths 16 or 512 so that the fraction is
 * exact):
 *  brush families: player-box drop 512 down onto a floor; point drop; the
 *    same with mask 0x4 (nothing counts but in nightfire) and 0x1; point and
 *    box moves into a wall; a box sliding with its bottom exactly on the
 *    floor (8.7 row 3) and 1 unit above it; a point sliding on the floor
 *    (8.7 row 4: the floor's node plane splits there, quake2-like families
 *    see open space); a move wholly inside the floor (8.7 row 2); position
 *    tests inside and outside; contents; the door through `model 1`.
 *  hull families: for every hull: point drop, move into a wall, move along
 *    the floor plane (open), move inside solid, start == end, hullcontents,
 *    the door through `model 1`.
 *  errors: bad_model, bad_hull, unsupported, bad_query forms.
 * Every float is computed in float in the contract's order (8.2 - 8.6)
 * and printed with %.9g.
 */
#include "expect.h"

#include <stdio.h>
#include <string.h>

typedef struct {
    const gen_world *w;
    const gen_view *v;
    gbuf *q, *e;
    int hull;   /* quake, goldsrc, bsp2 */
    int q3;     /* quake3 rules (8.3) */
    int valve;  /* source's brush rules (8.9: the box centred, planes pushed out by |n|.ext) */
    int nf;     /* nightfire: model > 0 unsupported, no masks */
    int nhulls; /* 3, goldsrc 4 */
    float E;
    int bcont; /* the brushes' contents as written */
    const char *no_collision; /* not NULL: every answer is this error */
} tctx;

static const float PMINS[3] = {-16, -16, -24}, PMAXS[3] = {16, 16, 32}, ZERO[3] = {0, 0, 0};

static void put_pt(gbuf *b, const float p[3])
{
    char t[64];
    int a;
    for (a = 0; a < 3; a++) {
        gen_fmt_coord(t, sizeof t, p[a]);
        gbuf_printf(b, " %s", t);
    }
}

static float dot3(const float a[3], const float b[3]) { return (a[0] * b[0] + a[1] * b[1]) + a[2] * b[2]; }

/* The even (positive normal) plane of the pair on axis a at value v. */
static int find_plane(const gen_world *w, int a, int v)
{
    int i;
    for (i = 0; i < w->nplanes; i += 2)
        if (w->planes[i].type == a && w->planes[i].normal[a] == 1.0f && w->planes[i].dist == (float)v) return i;
    gen_die("no plane %d = %d", a, v);
    return -1;
}

/* ---- query lines ---- */

static void q_trace(tctx *t, const float s[3], const float e[3], int box, const char *extra)
{
    gbuf_printf(t->q, "trace");
    put_pt(t->q, s);
    put_pt(t->q, e);
    if (box) gbuf_printf(t->q, " -16 -16 -24 16 16 32");
    gbuf_printf(t->q, "%s\n", extra ? extra : "");
}

static void q_hull(tctx *t, int h, const float s[3], const float e[3], const char *extra)
{
    gbuf_printf(t->q, "hulltrace %d", h);
    put_pt(t->q, s);
    put_pt(t->q, e);
    gbuf_printf(t->q, "%s\n", extra ? extra : "");
}

/* One answer line; contents NO_CONTENTS: no field (hulltrace). */
#define NO_CONTENTS (-2147483647 - 1)
static void answer(tctx *t, const char *q, float frac, const float end[3], int ss, int as, long contents,
                   const float n[3], float dist)
{
    gbuf *b = t->e;
    if (t->no_collision) {
        gbuf_printf(b, "{\"q\":\"%s\",\"error\":\"%s\"}\n", q, t->no_collision);
        return;
    }
    gbuf_printf(b, "{\"q\":\"%s\",\"fraction\":%.9g,\"endpos\":[%.9g,%.9g,%.9g],\"startsolid\":%d,\"allsolid\":%d", q,
                (double)frac, (double)end[0], (double)end[1], (double)end[2], ss, as);
    if (contents != NO_CONTENTS) gbuf_printf(b, ",\"contents\":%ld", contents);
    if (frac < 1 && !as && n)
        gbuf_printf(b, ",\"normal\":[%.9g,%.9g,%.9g],\"dist\":%.9g", (double)n[0], (double)n[1], (double)n[2],
                    (double)dist);
    gbuf_printf(b, "}\n");
}

/* An error line; bad_query comes before the load's status (a line the tool
 * cannot parse is refused first). */
static void err(tctx *t, const char *q, const char *name)
{
    if (t->no_collision && strcmp(name, "bad_query")) name = t->no_collision;
    gbuf_printf(t->e, "{\"q\":\"%s\",\"error\":\"%s\"}\n", q, name);
}

/* ---- brush families (8.2, 8.3) ---- */

/* d1 of clip_brush for one side (plane n, dist) at p. */
static float side_d(const tctx *t, const float n[3], float dist, const float mins[3], const float maxs[3],
                    const float p[3])
{
    float s[3], size0[3], size1[3], ofs[3], d;
    int j, point = 1;
    if (t->valve) {
        /* 8.9 steps 1 and 4: s = p + (mins + maxs) / 2, ext = maxs - that,
         * d = dist + |n0*ext0| + |n1*ext1| + |n2*ext2|, a point d = dist */
        float ext[3], a;
        for (j = 0; j < 3; j++) {
            float off = (mins[j] + maxs[j]) * 0.5f;
            ext[j] = maxs[j] - off;
            s[j] = p[j] + off;
            if (ext[j] != 0) point = 0;
        }
        d = dist;
        for (j = 0; !point && j < 3; j++) {
            a = n[j] * ext[j];
            d = d + (a < 0 ? -a : a);
        }
        return dot3(s, n) - d;
    }
    for (j = 0; j < 3; j++) {
        if (t->q3) {
            float off = (mins[j] + maxs[j]) * 0.5f;
            size0[j] = mins[j] - off;
            size1[j] = maxs[j] - off;
            s[j] = p[j] + off;
        } else {
            size0[j] = mins[j];
            size1[j] = maxs[j];
            s[j] = p[j];
        }
        if (size0[j] != 0 || (!t->q3 && size1[j] != 0)) point = 0;
    }
    if (point) {
        d = dist;
    } else {
        for (j = 0; j < 3; j++) ofs[j] = n[j] < 0 ? size1[j] : size0[j];
        d = dist - dot3(ofs, n);
    }
    return dot3(s, n) - d;
}

/* A move that enters one brush side (plane index pl) and nothing else. */
static void brush_hit(tctx *t, const float s[3], const float e[3], int box, int pl, const char *extra)
{
    const gen_plane *P = &t->w->planes[pl];
    const float *mins = box ? PMINS : ZERO, *maxs = box ? PMAXS : ZERO;
    float d1 = side_d(t, P->normal, P->dist, mins, maxs, s), d2 = side_d(t, P->normal, P->dist, mins, maxs, e);
    float f = (d1 - t->E) / (d1 - d2), end[3];
    int j;
    if (!(d1 > 0 && d2 < 0)) gen_die("brush_hit: no crossing");
    if (f < 0) f = 0;
    for (j = 0; j < 3; j++) end[j] = s[j] + f * (e[j] - s[j]);
    q_trace(t, s, e, box, extra);
    answer(t, "trace", f, end, 0, 0, t->bcont, P->normal, P->dist);
}

static void brush_open(tctx *t, const float s[3], const float e[3], int box, const char *extra)
{
    int same = s[0] == e[0] && s[1] == e[1] && s[2] == e[2];
    q_trace(t, s, e, box, extra);
    /* quake2-like position test: endpos = start; otherwise end */
    answer(t, "trace", 1.0f, same && !t->q3 ? s : e, 0, 0, 0, NULL, 0);
}

/* Start (and end) inside solid: 8.7 row 2, or a position test inside. */
static void brush_inside(tctx *t, const float s[3], const float e[3], int box)
{
    int same = s[0] == e[0] && s[1] == e[1] && s[2] == e[2];
    q_trace(t, s, e, box, NULL);
    if (same || t->q3) answer(t, "trace", 0.0f, s, 1, 1, t->bcont, NULL, 0);
    else answer(t, "trace", 1.0f, e, 1, 1, 0, NULL, 0);
}

static void q_contents(tctx *t, const float p[3], int model, long want)
{
    gbuf_printf(t->q, "contents");
    put_pt(t->q, p);
    if (model) gbuf_printf(t->q, " model %d", model);
    gbuf_printf(t->q, "\n");
    if (model && t->nf) err(t, "contents", "unsupported");
    else if (t->no_collision) err(t, "contents", t->no_collision);
    else gbuf_printf(t->e, "{\"q\":\"contents\",\"contents\":%ld}\n", want);
}

/* ---- hull families (8.4) ---- */

/* A point move crossing one node plane (even plane pl) from open into solid. */
static void hull_hit(tctx *t, int h, const float s[3], const float e[3], int pl, const char *extra)
{
    const gen_plane *P = &t->w->planes[pl];
    int a = P->type, side, j;
    float t1 = s[a] - P->dist, t2 = e[a] - P->dist, frac, mid[3], n[3], dist;
    if (!((t1 < 0) != (t2 < 0))) gen_die("hull_hit: no crossing");
    frac = (t1 < 0 ? t1 + t->E : t1 - t->E) / (t1 - t2);
    if (frac < 0) frac = 0;
    if (frac > 1) frac = 1;
    for (j = 0; j < 3; j++) mid[j] = s[j] + frac * (e[j] - s[j]);
    side = t1 < 0;
    for (j = 0; j < 3; j++) n[j] = side ? -P->normal[j] : P->normal[j];
    dist = side ? -P->dist : P->dist;
    q_hull(t, h, s, e, extra);
    answer(t, "hulltrace", frac, mid, 0, 0, NO_CONTENTS, n, dist);
}

static void hull_plain(tctx *t, int h, const float s[3], const float e[3], int solid, const char *extra)
{
    q_hull(t, h, s, e, extra);
    answer(t, "hulltrace", 1.0f, e, solid, solid, NO_CONTENTS, NULL, 0);
}

/* hullcontents H at p; for hull 0 `contents` at p too, which is hull 0's
 * on these families (8.12) */
static void q_hullcontents(tctx *t, int h, const float p[3], int model, int want)
{
    int k;
    for (k = 0; k < (h == 0 ? 2 : 1); k++) {
        gbuf_printf(t->q, k ? "contents" : "hullcontents %d", h);
        put_pt(t->q, p);
        if (model) gbuf_printf(t->q, " model %d", model);
        gbuf_printf(t->q, "\n");
        gbuf_printf(t->e, "{\"q\":\"%s\",\"contents\":%d}\n", k ? "contents" : "hullcontents", want);
    }
}

/* ---- what the description guarantees ---- */

/* Solid just beyond face (axis a, s 0: lo, 1: hi) of room r over the
 * rectangle [lo, hi] of the other axes: no other room touches that face
 * there (rooms never overlap; a room not touching is >= 16 away). */
static int face_solid(const gen_desc *d, int r, int a, int s, const float lo[3], const float hi[3])
{
    int v = s ? d->rooms[r].box.hi[a] : d->rooms[r].box.lo[a], r2, b;
    for (r2 = 0; r2 < d->nrooms; r2++) {
        const gen_ibox *o = &d->rooms[r2].box;
        int overlap = 1;
        if (r2 == r || (s ? o->lo[a] : o->hi[a]) != v) continue;
        for (b = 0; b < 3; b++)
            if (b != a && !((float)o->lo[b] < hi[b] + 1 && (float)o->hi[b] > lo[b] - 1)) overlap = 0;
        if (overlap) return 0;
    }
    return 1;
}

/* The solid slab below floor z = F holds one brush under [lo, hi] (x, y):
 * no x / y boundary of a room overlapping that slab falls within 1 unit. */
static int single_brush_below(const gen_desc *d, int F, const float lo[3], const float hi[3])
{
    int r2, a, s;
    for (r2 = 0; r2 < d->nrooms; r2++) {
        const gen_ibox *o = &d->rooms[r2].box;
        if (!(o->lo[2] < F && o->hi[2] >= F)) continue;
        for (a = 0; a < 2; a++)
            for (s = 0; s < 2; s++) {
                float v = (float)(s ? o->hi[a] : o->lo[a]);
                if (v > lo[a] - 1 && v < hi[a] + 1) return 0;
            }
    }
    return 1;
}

static void set3(float p[3], float x, float y, float z)
{
    p[0] = x;
    p[1] = y;
    p[2] = z;
}

/* ---- hull families: trace picks the hull from the box (8.4a) ---- */

/* The box classes around each boundary of SV_HullForEntity's choice
 * (quake, bsp2: width 3 and 32; goldsrc: width 8 and 36, height 36), each
 * dropped 16 onto the floor and moved 8 along it in the open, placed so
 * that the hull's origin runs the path hull_hit's drop runs: the box's
 * lower corner on the hull's (offset = hull mins - box mins; goldsrc's
 * hull 0 takes none). Generated clipnodes are the node tree itself, so
 * every hull answers as hull 0. */
static void hull_box_cases(tctx *t, float cx, float cy, float zp, int floor_pl)
{
    static const float q1[][6] = {
        { 0, 0, 0, 0, 0, 0 }, { -1, -1, -1, 1, 1, 1 }, { -1.5f, -1.5f, -4, 1.5f, 1.5f, 4 },
        { -16, -16, -24, 16, 16, 32 }, { -16, -16, -36, 16, 16, 36 },
        { -16.5f, -16, -24, 16.5f, 16, 32 }, { -32, -32, -24, 32, 32, 64 } };
    static const float gs[][6] = {
        { 0, 0, 0, 0, 0, 0 }, { -4, -4, -4, 4, 4, 4 }, { -4.5f, -4.5f, -10, 4.5f, 4.5f, 10 },
        { -18, -18, -18, 18, 18, 18 }, { -18, -18, -18.5f, 18, 18, 18.5f },
        { -16, -16, -36, 16, 16, 36 }, { -18.5f, -16, -16, 18.5f, 16, 16 }, { -16, -16, -18, 16, 16, 18 } };
    /* Hexen II (13.4; bspkit's hull choice, docs/queries.md): width 3 and
     * 32, height 28 (its crouching hull 3), wider: hull 5; its player
     * standing and crouching with the origin at the feet */
    static const float h2[][6] = {
        { 0, 0, 0, 0, 0, 0 }, { -1, -1, -1, 1, 1, 1 }, { -1.5f, -1.5f, -4, 1.5f, 1.5f, 4 },
        { -8, -8, -8, 8, 8, 8 }, { -16, -16, 0, 16, 16, 28 }, { -16, -16, 0, 16, 16, 28.5f },
        { -16, -16, 0, 16, 16, 56 }, { -16.5f, -16, 0, 16.5f, 16, 28 }, { -28, -28, -40, 28, 28, 40 } };
    static const float hmins[3][6][3] = { { { 0, 0, 0 }, { -16, -16, -24 }, { -32, -32, -24 } },
                                          { { 0, 0, 0 }, { -16, -16, -36 }, { -32, -32, -32 }, { -16, -16, -18 } },
                                          { { 0, 0, 0 }, { -16, -16, -32 }, { -24, -24, -20 }, { -16, -16, -16 },
                                            { -8, -8, -8 }, { -28, -28, -40 } } };
    int goldsrc = t->nhulls == 4, hexen2 = t->nhulls == 6, kind = hexen2 ? 2 : goldsrc;
    int n = goldsrc ? (int)(sizeof gs / sizeof gs[0]) : hexen2 ? (int)(sizeof h2 / sizeof h2[0]) : (int)(sizeof q1 / sizeof q1[0]);
    int k, j, mv;
    for (k = 0; k < n; k++) {
        const float *b = goldsrc ? gs[k] : hexen2 ? h2[k] : q1[k];
        float wx = b[3] - b[0], wz = b[5] - b[2], off[3];
        int h = goldsrc ? (wx <= 8 ? 0 : wx <= 36 ? (wz <= 36 ? 3 : 1) : 2)
                : hexen2 ? (wx < 3 ? 0 : wx <= 32 ? (wz <= 28 ? 3 : 1) : 5)
                         : (wx < 3 ? 0 : wx <= 32 ? 1 : 2);
        for (j = 0; j < 3; j++) off[j] = goldsrc && h == 0 ? 0.0f : hmins[kind][h][j] - b[j];
        for (mv = 0; mv < 2; mv++) {
            const gen_plane *P = &t->w->planes[floor_pl];
            float hs[3], he[3], s[3], e[3], end[3], frac = 1, n3[3] = { 0, 0, 0 }, dist = 0;
            set3(hs, cx, cy, zp);
            if (mv) set3(he, cx + 8, cy, zp);
            else set3(he, cx, cy, zp - 16);
            for (j = 0; j < 3; j++) s[j] = hs[j] + off[j], e[j] = he[j] + off[j];
            gbuf_printf(t->q, "trace");
            put_pt(t->q, s);
            put_pt(t->q, e);
            for (j = 0; j < 6; j++) gbuf_printf(t->q, " %.9g", (double)b[j]);
            gbuf_printf(t->q, "\n");
            if (mv) {
                memcpy(end, e, sizeof end);
            } else {
                /* hull_hit's crossing of the floor plane from above */
                float t1 = hs[2] - P->dist, t2 = he[2] - P->dist;
                frac = (t1 - t->E) / (t1 - t2);
                for (j = 0; j < 3; j++) end[j] = (hs[j] + frac * (he[j] - hs[j])) + off[j];
                memcpy(n3, P->normal, sizeof n3);
                dist = P->dist;
            }
            answer(t, "trace", frac, end, 0, 0, NO_CONTENTS, n3, dist);
        }
    }
}

/* ---- per room ---- */

/* Point moves 16 long from 4.40625 inside each side wall and the ceiling
 * into the solid beyond (where it is solid there), crossing that plane
 * only; brush families also move the player box into the first solid side
 * wall. h: the hull, -1: a brush family. */
static void walls(tctx *t, int r, int h, float cx, float cy)
{
    const gen_desc *d = t->w->desc;
    const gen_ibox *b = &d->rooms[r].box;
    float zp = (float)b->lo[2] + 5.40625f, zb = (float)b->lo[2] + 29.40625f, s[3], e[3], lo[3], hi[3];
    int a, sd, boxed = 0;
    for (a = 0; a < 3; a++)
        for (sd = 0; sd < 2; sd++) {
            int v = sd ? b->hi[a] : b->lo[a], pl = find_plane(t->w, a, v);
            float in = sd ? -4.40625f : 4.40625f, dir = sd ? 16.0f : -16.0f;
            if (a == 2 && !sd) continue; /* the floor: the drops */
            set3(s, cx, cy, a == 2 ? (float)b->hi[2] - 4.40625f : zp);
            if (a < 2) s[a] = (float)v + in;
            memcpy(lo, s, sizeof lo);
            memcpy(hi, s, sizeof hi);
            if (!face_solid(d, r, a, sd, lo, hi)) continue;
            memcpy(e, s, sizeof e);
            e[a] += dir;
            if (h >= 0) hull_hit(t, h, s, e, pl, NULL);
            else brush_hit(t, s, e, 0, sd ? pl + 1 : pl, NULL); /* the brush's side facing the room */
            if (h >= 0 || a == 2 || boxed) continue;
            /* the player box, 4.40625 from the wall, at zb */
            set3(s, cx, cy, zb);
            s[a] = (float)v + (sd ? -20.40625f : 20.40625f);
            set3(lo, s[0] - 16, s[1] - 16, zb - 24), set3(hi, s[0] + 16, s[1] + 16, zb + 32);
            if (!face_solid(d, r, a, sd, lo, hi)) continue;
            memcpy(e, s, sizeof e);
            e[a] += dir;
            brush_hit(t, s, e, 1, sd ? pl + 1 : pl, NULL);
            boxed = 1;
        }
}

static int room_cases(tctx *t, int r)
{
    const gen_desc *d = t->w->desc;
    const gen_ibox *b = &d->rooms[r].box;
    int F = b->lo[2], H = b->hi[2] - b->lo[2], h, nh = t->hull ? t->nhulls : 1;
    float cx = (float)(b->lo[0] + b->hi[0]) / 2.0f + 3.28125f, cy = (float)(b->lo[1] + b->hi[1]) / 2.0f + 2.15625f;
    float s[3], e[3], lo[3], hi[3], zp = (float)F + 5.40625f;
    int floor_pl = find_plane(t->w, 2, F);
    int below, below_fp, slide;

    if (cx - 30 <= (float)b->lo[0] || cx + 30 >= (float)b->hi[0] || cy - 18 <= (float)b->lo[1] ||
        cy + 18 >= (float)b->hi[1] || H < 64)
        return 0;
    set3(lo, cx, cy, 0), set3(hi, cx, cy, 0);
    below = face_solid(d, r, 2, 0, lo, hi);
    set3(lo, cx - 16, cy - 16, 0), set3(hi, cx + 16, cy + 16, 0);
    below_fp = below && face_solid(d, r, 2, 0, lo, hi);
    set3(lo, cx - 21, cy - 17, 0), set3(hi, cx + 21, cy + 17, 0);
    slide = below_fp && face_solid(d, r, 2, 0, lo, hi) && single_brush_below(d, F, lo, hi);
    if (!below) return 0;

    for (h = 0; h < nh; h++) {
        if (t->hull) {
            set3(s, cx, cy, zp), set3(e, cx, cy, zp - 16);
            hull_hit(t, h, s, e, floor_pl, NULL);
            walls(t, r, h, cx, cy);
            set3(s, cx - 4, cy, (float)F), set3(e, cx + 4, cy, (float)F);
            hull_plain(t, h, s, e, 0, NULL); /* 8.7 row 3: on the plane, open */
            set3(s, cx, cy, (float)F - 12), set3(e, cx, cy, (float)F - 4);
            hull_plain(t, h, s, e, 1, NULL); /* 8.7 row 2: fraction 1 */
            set3(s, cx, cy, zp);
            hull_plain(t, h, s, s, 0, NULL); /* start == end */
            set3(s, cx, cy, (float)F - 8);
            hull_plain(t, h, s, s, 1, NULL);
            set3(s, cx, cy, zp);
            q_hullcontents(t, h, s, 0, -1);
            set3(s, cx, cy, (float)F - 8);
            q_hullcontents(t, h, s, 0, -2);
            if (h == 0) hull_box_cases(t, cx, cy, zp, floor_pl);
            continue;
        }
        if (below_fp) {
            set3(s, cx, cy, (float)F + 29.40625f), set3(e, cx, cy, s[2] - 512);
            brush_hit(t, s, e, 1, floor_pl, NULL);
        }
        set3(s, cx, cy, zp), set3(e, cx, cy, zp - 16);
        brush_hit(t, s, e, 0, floor_pl, NULL);
        brush_hit(t, s, e, 0, floor_pl, " mask 0x1");
        if (t->nf) brush_hit(t, s, e, 0, floor_pl, " mask 0x4"); /* nightfire: no masks */
        else brush_open(t, s, e, 0, " mask 0x4");
        walls(t, r, -1, cx, cy);
        if (slide) {
            /* 8.7 row 3: box bottom exactly on the floor, one brush below */
            set3(s, cx - 4, cy, (float)F + 24), set3(e, cx + 4, cy, (float)F + 24);
            q_trace(t, s, e, 1, NULL);
            if (t->q3) answer(t, "trace", 0.0f, s, 1, 1, t->bcont, NULL, 0);
            /* source: the centred box's walk (t1 = ext on the floor's node
             * plane) takes the front side only: the brush is not reached */
            else if (t->valve) answer(t, "trace", 1.0f, e, 0, 0, 0, NULL, 0);
            else answer(t, "trace", 1.0f, e, 1, 1, 0, NULL, 0);
            s[2] += 1, e[2] += 1;
            brush_open(t, s, e, 1, NULL);
            /* 8.7 row 4: a point on the floor */
            set3(s, cx - 4, cy, (float)F), set3(e, cx + 4, cy, (float)F);
            q_trace(t, s, e, 0, NULL);
            if (t->q3) answer(t, "trace", 0.0f, s, 1, 1, t->bcont, NULL, 0);
            else answer(t, "trace", 1.0f, e, 0, 0, 0, NULL, 0);
        }
        set3(s, cx, cy, (float)F - 12), set3(e, cx, cy, (float)F - 4);
        brush_inside(t, s, e, 0); /* 8.7 row 2 */
        set3(s, cx, cy, (float)F + 29.40625f);
        brush_open(t, s, s, 1, NULL); /* position tests */
        set3(s, cx, cy, zp);
        brush_open(t, s, s, 0, NULL);
        set3(s, cx, cy, (float)F - 8);
        brush_inside(t, s, s, 0);
        if (below_fp) {
            set3(s, cx, cy, (float)F + 16);
            brush_inside(t, s, s, 1);
        }
        set3(s, cx, cy, zp);
        q_contents(t, s, 0, t->nf ? 1 : 0);
        set3(s, cx, cy, (float)F - 8);
        q_contents(t, s, 0, t->nf ? 2 : 1);
    }
    return 1;
}

/* ---- the door, model 1 ---- */

/* brush_hit of the door moved to origin o (8.10, no turn): the line gives
 * the world's points s + o, e + o and `origin`; the clip is the model's
 * (o whole numbers: the moved points are exact), endpos is computed again
 * in the world's frame, dist stays the model's. */
static void door_hit_moved(tctx *t, const float s[3], const float e[3], int box, int pl, const int o[3])
{
    const gen_plane *P = &t->w->planes[pl];
    const float *mins = box ? PMINS : ZERO, *maxs = box ? PMAXS : ZERO;
    float d1 = side_d(t, P->normal, P->dist, mins, maxs, s), d2 = side_d(t, P->normal, P->dist, mins, maxs, e);
    float f = (d1 - t->E) / (d1 - d2), S[3], E[3], end[3];
    char extra[96];
    int j;
    if (!(d1 > 0 && d2 < 0)) gen_die("door_hit_moved: no crossing");
    if (f < 0) f = 0;
    for (j = 0; j < 3; j++) {
        S[j] = s[j] + (float)o[j];
        E[j] = e[j] + (float)o[j];
        end[j] = S[j] + f * (E[j] - S[j]);
    }
    snprintf(extra, sizeof extra, " model 1 origin %d %d %d", o[0], o[1], o[2]);
    q_trace(t, S, E, box, extra);
    answer(t, "trace", f, end, 0, 0, t->bcont, P->normal, P->dist);
}

static void door_cases(tctx *t)
{
    const gen_desc *d = t->w->desc;
    const gen_ibox *D = &d->door;
    float dx = (float)(D->lo[0] + D->hi[0]) / 2.0f + 3.28125f, dy = (float)(D->lo[1] + D->hi[1]) / 2.0f + 2.15625f;
    float dz = (float)(D->lo[2] + D->hi[2]) / 2.0f + 1.40625f, s[3], e[3];
    int px = find_plane(t->w, 0, D->lo[0]), py = find_plane(t->w, 1, D->lo[1]), pz = find_plane(t->w, 2, D->hi[2]);
    int h, r;
    if (D->hi[0] - D->lo[0] < 16 || D->hi[1] - D->lo[1] < 16 || D->hi[2] - D->lo[2] < 64) gen_die("door too thin");
    if (t->hull) {
        for (h = 0; h < t->nhulls; h++) {
            if (h == 3 && t->nhulls == 4) continue; /* goldsrc: the writer's headnode[3] is 0 (the world) for every model */
            set3(s, (float)D->lo[0] - 8, dy, dz), set3(e, (float)D->lo[0] + 8, dy, dz);
            hull_hit(t, h, s, e, px, " model 1");
            set3(s, dx, dy, (float)D->hi[2] + 5.40625f), set3(e, dx, dy, s[2] - 16);
            hull_hit(t, h, s, e, pz, " model 1");
            set3(s, dx, dy, dz);
            q_hullcontents(t, h, s, 1, -2);
            set3(s, dx, dy, (float)D->hi[2] + 20);
            q_hullcontents(t, h, s, 1, -1);
        }
        return;
    }
    if (t->nf) {
        set3(s, (float)D->lo[0] - 8, dy, dz), set3(e, (float)D->lo[0] + 8, dy, dz);
        q_trace(t, s, e, 0, " model 1");
        err(t, "trace", "unsupported");
        q_contents(t, s, 1, 0);
    } else {
        set3(s, (float)D->lo[0] - 8, dy, dz), set3(e, (float)D->lo[0] + 8, dy, dz);
        brush_hit(t, s, e, 0, px + 1, " model 1");
        brush_hit(t, s, e, 0, px + 1, " mask 0x1 model 1");
        set3(s, dx, (float)D->lo[1] - 24, dz), set3(e, dx, s[1] + 16, dz);
        brush_hit(t, s, e, 1, py + 1, " model 1");
        set3(s, dx, dy, (float)D->hi[2] + 5.40625f), set3(e, dx, dy, s[2] - 16);
        brush_hit(t, s, e, 0, pz, " model 1");
        set3(s, dx, dy, dz);
        q_trace(t, s, s, 0, " model 1");
        answer(t, "trace", 0.0f, s, 1, 1, t->bcont, NULL, 0);
        q_contents(t, s, 1, 1);
        set3(s, dx, dy, (float)D->hi[2] + 20);
        q_contents(t, s, 1, 0);
        {
            /* the door moved by an engine (8.10: `origin`, no turn) */
            static const int o[3] = { 64, -32, 16 };
            set3(s, (float)D->lo[0] - 8, dy, dz), set3(e, (float)D->lo[0] + 8, dy, dz);
            door_hit_moved(t, s, e, 0, px + 1, o);
            set3(s, dx, (float)D->lo[1] - 24, dz), set3(e, dx, s[1] + 16, dz);
            door_hit_moved(t, s, e, 1, py + 1, o);
            set3(s, dx, dy, (float)D->hi[2] + 5.40625f), set3(e, dx, dy, s[2] - 16);
            door_hit_moved(t, s, e, 0, pz, o);
        }
    }
    /* the world has no door: the same move in model 0 stays in a room */
    set3(s, (float)D->lo[0] - 8, dy, dz), set3(e, (float)D->lo[0] + 8, dy, dz);
    r = gen_point_room(d, s);
    if (r >= 0 && r == gen_point_room(d, e)) {
        if (t->hull) hull_plain(t, 0, s, e, 0, NULL);
        else brush_open(t, s, e, 0, NULL);
    }
}

/* ---- the ramp, model 2 (the *_ramp variants) ---- */

/* 8.2 clip_brush / position test, with 8.3's changes on quake3, on the
 * ramp's wedge brush alone: model 2 holds that one brush, in the solid
 * leaf of its tree, and the moves below reach that leaf (the point and box
 * cross the sloped node plane) or miss the brush by far. Sides in the
 * order the file holds them (quake3: the first six pair-swapped). */
static void ramp_trace(tctx *t, const float s[3], const float e[3], int box, const char *extra)
{
    const gen_world *w = t->w;
    const gen_brush *br = &w->brushes[w->nbrushes - 1];
    const float *mins = box ? PMINS : ZERO, *maxs = box ? PMAXS : ZERO;
    const gen_plane *hit = NULL;
    float enter = -1, leave = 1, frac = 1, end[3];
    int k, j, startout = 0, getout = 0, same = s[0] == e[0] && s[1] == e[1] && s[2] == e[2];
    int ss = 0, as = 0;
    long contents = 0;
    q_trace(t, s, e, box, extra);
    for (k = 0; k < br->numsides; k++) {
        const gen_plane *P = &w->planes[w->sides[br->firstside + (t->q3 && k < 6 ? k ^ 1 : k)].plane];
        float d1 = side_d(t, P->normal, P->dist, mins, maxs, s), d2 = side_d(t, P->normal, P->dist, mins, maxs, e), f;
        if (same) {
            if (d1 > 0) startout = 1;
            continue;
        }
        if (d2 > 0) getout = 1;
        if (d1 > 0) startout = 1;
        if (t->q3 ? d1 > 0 && (d2 >= t->E || d2 >= d1) : d1 > 0 && d2 >= d1) {
            hit = NULL;
            enter = 2; /* no contact */
            break;
        }
        if (d1 <= 0 && d2 <= 0) continue;
        if (d1 > d2) {
            f = (d1 - t->E) / (d1 - d2);
            if (t->q3 && f < 0) f = 0;
            if (f > enter) enter = f, hit = P;
        } else {
            f = (d1 + t->E) / (d1 - d2);
            if (t->q3 && f > 1) f = 1;
            if (f < leave) leave = f;
        }
    }
    if (same) {
        if (!startout) ss = as = 1, frac = 0, contents = t->bcont;
    } else if (enter <= 1 && !startout) {
        ss = 1;
        if (!getout) {
            as = 1;
            if (t->q3) frac = 0, contents = t->bcont;
        }
    } else if (enter < leave && enter > -1 && enter < 1) {
        frac = enter > 0 ? enter : 0;
        contents = t->bcont;
    } else {
        hit = NULL;
    }
    if (frac == 1 || (same && !t->q3)) memcpy(end, same ? s : e, sizeof end);
    else
        for (j = 0; j < 3; j++) end[j] = s[j] + frac * (e[j] - s[j]);
    answer(t, "trace", frac, end, ss, as, contents, hit ? hit->normal : NULL, hit ? hit->dist : 0);
}

static void ramp_cases(tctx *t)
{
    const gen_ibox *b = &t->w->models[2].box;
    float y = (float)(b->lo[1] + b->hi[1]) / 2.0f + 0.15625f, x0 = (float)b->lo[0], z0 = (float)b->lo[2];
    float s[3], e[3];
    if (t->nf || t->hull) gen_die("the ramp is for quake2, quake3 and source");
    /* point and player box falling onto the slope, a point running into it
     * from the low side, a point passing over it, position tests */
    set3(s, x0 + 32.5f, y, z0 + 40), set3(e, s[0], y, z0 + 8);
    ramp_trace(t, s, e, 0, " model 2");
    ramp_trace(t, s, e, 0, " mask 0x1 model 2");
    set3(s, x0 + 16.5f, y, z0 + 100), set3(e, s[0], y, z0 + 36);
    ramp_trace(t, s, e, 1, " model 2");
    set3(s, x0 - 23.5f, y, z0 + 12.5f), set3(e, x0 + 40.5f, y, z0 + 12.5f);
    ramp_trace(t, s, e, 0, " model 2");
    set3(s, x0 - 23.5f, y, z0 + 60), set3(e, x0 + 76.5f, y, z0 + 60);
    ramp_trace(t, s, e, 0, " model 2");
    set3(s, x0 + 56.5f, y, z0 + 10);
    ramp_trace(t, s, s, 0, " model 2");
    q_contents(t, s, 2, 1);
    set3(s, x0 + 8.5f, y, z0 + 30);
    ramp_trace(t, s, s, 0, " model 2");
    q_contents(t, s, 2, 0);
    /* the world has no ramp */
    set3(s, x0 + 32.5f, y, z0 + 40), set3(e, s[0], y, z0 + 8);
    brush_open(t, s, e, 0, NULL);
}

/* ---- errors ---- */

static void line(tctx *t, const char *q, const char *cmd, const char *name)
{
    gbuf_printf(t->q, "%s\n", q);
    err(t, cmd, name);
}

static void error_cases(tctx *t)
{
    if (t->hull) {
        char q[64];
        snprintf(q, sizeof q, "hulltrace %d 0 0 0 0 0 -64", t->nhulls);
        line(t, q, "hulltrace", "bad_hull");
        snprintf(q, sizeof q, "hullcontents %d 1 2 3", t->nhulls);
        line(t, q, "hullcontents", "bad_hull");
        line(t, "hulltrace -1 0 0 0 0 0 -64", "hulltrace", "bad_hull");
        line(t, "hulltrace 0 0 0 0 0 0 -64 model 2", "hulltrace", "bad_model");
        line(t, "hullcontents 1 1 2 3 model -1", "hullcontents", "bad_model");
        line(t, "trace 0 0 0 0 0 -64 model 2", "trace", "bad_model");
        line(t, "contents 1 2 3 model 2", "contents", "bad_model");
        line(t, "contents 1 2 3 angles 0 90 0", "contents", "unsupported");   /* hull models are not turned */
        line(t, "hulltrace 0 0 0 0 0 0", "hulltrace", "bad_query");
        line(t, "hulltrace 1.5 0 0 0 0 0 -64", "hulltrace", "bad_query");
        line(t, "hulltrace 0 0 0 0 0 0 -64 mask 1", "hulltrace", "bad_query");
        line(t, "hullcontents 0 1 2 3 model", "hullcontents", "bad_query");
        return;
    }
    if (t->w->nmodels == 3) {
        line(t, "trace 0 0 0 0 0 -64 model 3", "trace", "bad_model");
        line(t, "contents 1 2 3 model 3", "contents", "bad_model");
    } else {
        line(t, "trace 0 0 0 0 0 -64 model 2", "trace", t->nf ? "unsupported" : "bad_model");
        line(t, "contents 1 2 3 model 2", "contents", t->nf ? "unsupported" : "bad_model");
    }
    line(t, "trace 0 0 0 0 0 -64 model -1", "trace", "bad_model");
    line(t, "hulltrace 0 0 0 0 0 0 -64", "hulltrace", "unsupported");
    line(t, "hullcontents 0 1 2 3", "hullcontents", "unsupported");
    line(t, "trace 0 0 0 0 0", "trace", "bad_query");
    line(t, "trace 0 0 0 0 0 -64 -16 -16 -24 16 16", "trace", "bad_query");
    line(t, "trace 0 0 0 0 0 -64 mask", "trace", "bad_query");
    line(t, "trace 0 0 0 0 0 -64 mask 0x1g", "trace", "bad_query");
    line(t, "trace 0 0 0 0 0 -64 model 1 mask 1", "trace", "bad_query");
    line(t, "contents 1 2 3 model 1.5", "contents", "bad_query");
    line(t, "contents 1 2 nan", "contents", "bad_query");
}

void gen_expect_collision(const gen_world *w, const gen_view *v, gbuf *q, gbuf *e, int max_rooms,
                          const char *no_collision)
{
    tctx t;
    int r, n = 0, cap;
    memset(&t, 0, sizeof t);
    t.w = w;
    t.v = v;
    t.q = q;
    t.e = e;
    t.no_collision = no_collision;
    switch (v->family) {
    case GEN_FAM_QUAKE: case GEN_FAM_BSP2: case GEN_FAM_BSP2RMQ:
        t.hull = 1;
        t.nhulls = v->variant == GEN_VAR_HEXEN2 ? 6 : 3; /* Hexen II: hulls 0-5 (13.4) */
        break;
    case GEN_FAM_GOLDSRC: t.hull = 1; t.nhulls = 4; break;
    case GEN_FAM_QUAKE3: t.q3 = 1; t.bcont = 1; break;
    case GEN_FAM_NIGHTFIRE: t.nf = 1; t.bcont = 258; break;
    case GEN_FAM_SOURCE: t.valve = 1; t.bcont = 1; break;
    default: t.bcont = 1; break; /* quake2 */
    }
    t.E = t.q3 ? 0.125f : 0.03125f;
    cap = t.hull ? 4 : 8;
    if (max_rooms > 0 && cap > max_rooms) cap = max_rooms;
    gbuf_printf(q, "\n");
    for (r = 0; r < w->desc->nrooms && n < cap; r++) n += room_cases(&t, r);
    door_cases(&t);
    if (w->nmodels == 3) ramp_cases(&t);
    error_cases(&t);
}
