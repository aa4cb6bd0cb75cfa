/* SPDX-License-Identifier: MIT */
/* render_camera.c - where bspkit render's default view looks from
 * (docs/pictures.md, "The default camera").
 *
 * 1. The player start (bsp_player_start: the first of the family's start
 *    classes, the eye the game's spawn lift and view height above its
 *    origin), looking along its angles (or angle: -1 up, -2 down) when
 *    the eye lies in an open leaf (not solid;
 *    a cluster where the map has visibility) inside the world's bounds.
 * 2. The direction: the spawn's when it sees enough (a small probe
 *    picture scores at least KEEP_OPEN, cam_openness: no wall at close
 *    range, not one bare wall); else the best of the eight compass yaws
 *    from it (45 degrees apart), each level and DOWN_PITCH down, the
 *    spawn's own yaw first and level before down on a tie.
 * 3. When there is no player start, it is in no open leaf, its best
 *    view's cover (cam_openness before the planes) is under MIN_SEEN (it
 *    sees black, nothing, or a wall at arm's length), or it had to be
 *    turned and still scores under KEEP_OPEN (a small room): the open
 *    leaves whose cluster's PVS holds the most faces (the largest such
 *    leaves first; without visibility, the largest leaves), LEAF_TRIES of
 *    them, the eye at the leaf's centre clamped inside the world's bounds,
 *    the direction as in 2; the best scoring one, if it beats the spawn.
 *    When no open leaf lies inside the world's bounds (a map whose world
 *    is a box seen from outside), an open leaf anywhere, the eye at its
 *    box's corner farthest from the world's centre (1 unit in; brought
 *    to 1.25 times the world's bounding radius from its centre when that
 *    point is open too), looking at the world's centre first. Else the
 *    world's centre.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_view.h"

#define OPEN_DIST 128.0f
#define KEEP_OPEN 0.5f
#define PROBE_W 96
#define PROBE_H 72
#define LEAF_TRIES 4
#define MIN_SEEN 0.1f
#define SHOWN_PLANES 8u
#define DOWN_PITCH 25.0f
#define LIT 64
#define SKY_KEY 0xffffffffu       /* a sky face: drawn, not the map */

typedef struct probe {
    frame fr;
    const bsp_map *m;
    bsp_model world;
    uint32_t *key;            /* per world face: its plane, or planes + face */
    uint8_t *shown;           /* per key: counted in this probe */
    float cover;              /* cam_openness: the mean before the planes */
} probe;

/* Is e in an open leaf (and, bounded, inside the world's bounds)? */
static int cam_open(const probe *p, const float e[3], int bounded)
{
    uint32_t leaf;
    bsp_leaf l;
    int k;
    for (k = 0; k < 3 && bounded; k++)
        if (!(e[k] > p->world.mins[k] && e[k] < p->world.maxs[k])) return 0;
    if (bsp_point_leaf(p->m, 0, e, &leaf) != BSP_OK || bsp_get_leaf(p->m, leaf, &l) != BSP_OK) return 0;
    if (l.flags & BSP_CONTENTS_SOLID) return 0;
    return bsp_num_clusters(p->m) == 0 || l.cluster >= 0;
}

/* How much a probe picture from (eye, yaw, pitch) shows: the mean over
 * its pixels of min(distance, OPEN_DIST) / OPEN_DIST times min(brightest
 * channel, LIT) / LIT, where a pixel shows a face that is not black nor
 * sky (0 for background, sky and faces darker than 8 in every channel),
 * times
 * min(planes shown, SHOWN_PLANES) / SHOWN_PLANES (a bare wall is one
 * plane, however many faces: a room's corner shows more). */
static float cam_openness(probe *p, const float eye[3], float yaw, float pitch)
{
    frame *fr = &p->fr;
    size_t i, n = (size_t)fr->w * (size_t)fr->h;
    float sum = 0.0f;
    uint32_t f, shown = 0;
    memcpy(fr->eye, eye, sizeof fr->eye);
    render_set_view(fr, yaw, pitch);
    for (i = 0; i < n; i++) {
        fr->depth[i] = -INFINITY;
        fr->face[i] = -1;
    }
    for (f = 0; f < p->world.num_faces; f++) render_face(fr, p->m, p->world.first_face + f, 0);
    for (i = 0; i < n; i++) {
        const unsigned char *c = fr->rgb + 3 * i;
        uint32_t d = (uint32_t)fr->face[i] - p->world.first_face;
        unsigned char lum = c[0] > c[1] ? (c[0] > c[2] ? c[0] : c[2]) : (c[1] > c[2] ? c[1] : c[2]);
        if (fr->face[i] < 0 || lum < 8 || d >= p->world.num_faces || p->key[d] == SKY_KEY) continue;
        sum += (fr->depth[i] * OPEN_DIST < 1.0f ? 1.0f : 1.0f / (fr->depth[i] * OPEN_DIST)) *
               (lum >= LIT ? 1.0f : (float)lum / (float)LIT);
        if (!p->shown[p->key[d]]) {
            p->shown[p->key[d]] = 1;
            shown++;
        }
    }
    for (i = 0; i < n; i++) {
        uint32_t d = (uint32_t)fr->face[i] - p->world.first_face;
        if (fr->face[i] >= 0 && d < p->world.num_faces && p->key[d] != SKY_KEY) p->shown[p->key[d]] = 0;
    }
    p->cover = sum / (float)n;
    return p->cover * (float)(shown < SHOWN_PLANES ? shown : SHOWN_PLANES) / (float)SHOWN_PLANES;
}

/* The spawn's direction when open enough, else the most open compass yaw. */
static float cam_direction(probe *p, const float eye[3], float *yaw, float *pitch)
{
    static const int turns[] = { 1, -1, 2, -2, 3, -3, 4 };
    float best = cam_openness(p, eye, *yaw, *pitch), base = *yaw, cover = p->cover;
    size_t k;
    if (best >= KEEP_OPEN) return best;
    for (k = 0; k < 2 * (sizeof turns / sizeof turns[0] + 1); k++) {
        /* each yaw level, then DOWN_PITCH down: a floor seen from a slant */
        float y = base + (k / 2 ? 45.0f * (float)turns[k / 2 - 1] : 0.0f);
        float pt = k % 2 ? DOWN_PITCH : 0.0f, o = cam_openness(p, eye, y, pt);
        if (o > best) {
            best = o;
            cover = p->cover;
            *yaw = y;
            *pitch = pt;
        }
    }
    p->cover = cover;
    return best;
}

/* The player start (bsp_player_start: the family's start classes and view
 * height); 0 when the map has none. */
static int cam_spawn(const bsp_map *m, float eye[3], float *yaw, float *pitch, const char **name)
{
    bsp_player_start_info st;
    if (bsp_player_start(m, &st) != BSP_OK) return 0;
    memcpy(eye, st.eye, sizeof st.eye);
    *pitch = st.angles[0];
    *yaw = st.angles[1];
    *name = st.classname;
    return 1;
}

typedef struct cam_leaf {
    uint32_t leaf;
    double faces, volume;     /* faces its PVS holds; its box's volume */
} cam_leaf;

static int cam_better(const cam_leaf *a, const cam_leaf *b)
{
    return a->faces > b->faces || (a->faces == b->faces && a->volume > b->volume);
}

/* The LEAF_TRIES best open leaves (rule 2) into best[], best first. */
static int cam_leaves(const probe *p, cam_leaf *best, int *found)
{
    bsp_counts c;
    uint32_t nc = bsp_num_clusters(p->m), rowlen = bsp_vis_row_bytes(p->m), leaf;
    double *cluster_faces = NULL, *seen = NULL;
    uint8_t *row = NULL;
    int k, rc = 0;
    *found = 0;
    bsp_get_counts(p->m, &c);
    cluster_faces = calloc(nc ? nc : 1, sizeof *cluster_faces);
    seen = malloc((nc ? nc : 1) * sizeof *seen);
    row = malloc(rowlen ? rowlen : 1);
    if (!cluster_faces || !seen || !row) {
        rc = 1;
        goto done;
    }
    for (leaf = 0; leaf < nc; leaf++) seen[leaf] = -1.0;
    for (leaf = 0; leaf < c.leaves; leaf++) {
        bsp_leaf l;
        if (bsp_get_leaf(p->m, leaf, &l) == BSP_OK && l.cluster >= 0 && (uint32_t)l.cluster < nc)
            cluster_faces[l.cluster] += (double)l.num_faces;
    }
    for (leaf = 0; leaf < c.leaves; leaf++) {
        bsp_leaf l;
        cam_leaf cand;
        int a;
        if (bsp_get_leaf(p->m, leaf, &l) != BSP_OK || (l.flags & BSP_CONTENTS_SOLID)) continue;
        if (nc && (l.cluster < 0 || (uint32_t)l.cluster >= nc)) continue;
        cand.leaf = leaf;
        cand.faces = 0.0;
        cand.volume = 1.0;
        for (a = 0; a < 3; a++) cand.volume *= (double)(l.maxs[a] - l.mins[a]);
        if (nc) {
            if (seen[l.cluster] < 0.0) {
                uint32_t j;
                seen[l.cluster] = 0.0;
                if (bsp_pvs(p->m, l.cluster, row, rowlen) == BSP_OK)
                    for (j = 0; j < nc; j++)
                        if (row[j >> 3] & (1u << (j & 7))) seen[l.cluster] += cluster_faces[j];
            }
            cand.faces = seen[l.cluster];
        }
        for (k = *found; k > 0 && cam_better(&cand, &best[k - 1]); k--)
            if (k < LEAF_TRIES) best[k] = best[k - 1];
        if (k < LEAF_TRIES) {
            best[k] = cand;
            if (*found < LEAF_TRIES) (*found)++;
        }
    }
done:
    free(cluster_faces);
    free(seen);
    free(row);
    return rc;
}

/* Rules 2 and 3: the most open view from the best leaves' centres (the
 * best score into *top, its cover into p->cover). Unbounded, a leaf outside the world's bounds
 * starts by looking at the world's centre. */
static int cam_search(probe *p, int bounded, float eye[3], float *yaw, float *pitch,
                      uint32_t *chosen, float *top)
{
    cam_leaf best[LEAF_TRIES];
    float cover = 0.0f;
    int found, k, a;
    if (cam_leaves(p, best, &found)) return -1;
    for (k = 0; k < found; k++) {
        bsp_leaf l;
        float e[3], y = 0.0f, pt = 0.0f, o;
        if (bsp_get_leaf(p->m, best[k].leaf, &l) != BSP_OK) continue;
        for (a = 0; a < 3; a++) {
            float lo = p->world.mins[a] + 1.0f, hi = p->world.maxs[a] - 1.0f;
            float c = (p->world.mins[a] + p->world.maxs[a]) * 0.5f;
            e[a] = (l.mins[a] + l.maxs[a]) * 0.5f;
            if (bounded && e[a] < lo) e[a] = lo;
            if (bounded && e[a] > hi) e[a] = hi;
            /* outside: the leaf's corner farthest from the world's centre,
             * to see the world from a slant */
            if (!bounded) e[a] = e[a] < c ? l.mins[a] + 1.0f : l.maxs[a] - 1.0f;
        }
        if (!cam_open(p, e, bounded)) continue;
        if (!bounded) {
            float c[3], near[3], r2 = 0.0f, d2 = 0.0f, t;
            for (a = 0; a < 3; a++) {
                float h = (p->world.maxs[a] - p->world.mins[a]) * 0.5f;
                c[a] = (p->world.mins[a] + p->world.maxs[a]) * 0.5f;
                r2 += h * h;
                d2 += (e[a] - c[a]) * (e[a] - c[a]);
            }
            /* nearer, when open: 1.25 times the world's bounding radius
             * away, where the world fills most of the view */
            t = sqrtf(r2 / d2) * 1.25f;
            if (t < 1.0f) {
                for (a = 0; a < 3; a++) near[a] = c[a] + (e[a] - c[a]) * t;
                if (cam_open(p, near, 0)) memcpy(e, near, sizeof near);
            }
            render_look_at(&p->fr, e, c);
            y = atan2f(p->fr.fwd[1], p->fr.fwd[0]) * 57.2957795f;
            pt = -asinf(p->fr.fwd[2]) * 57.2957795f;
        }
        o = cam_direction(p, e, &y, &pt);
        if (o > *top) {
            *top = o;
            cover = p->cover;
            memcpy(eye, e, sizeof e);
            *yaw = y;
            *pitch = pt;
            *chosen = best[k].leaf;
        }
    }
    p->cover = cover;
    return *top >= 0.0f;
}

int render_default_camera(frame *fr, const bsp_map *m, const char *family, char *why, size_t n)
{
    probe p;
    const char *name = NULL;
    float eye[3], yaw = 0.0f, pitch = 0.0f, keep, keep_pitch, seen = -1.0f, cover = 0.0f;
    size_t k, npix = (size_t)PROBE_W * PROBE_H;
    uint32_t leaf = 0, f;
    bsp_counts c;
    int rc = 0, found, bounded, spawn_open = 0;
    memset(&p, 0, sizeof p);
    p.m = m;
    if (bsp_get_model(m, 0, &p.world) != BSP_OK) memset(&p.world, 0, sizeof p.world);
    (void)family;
    p.fr.w = PROBE_W;
    p.fr.h = PROBE_H;
    p.fr.look = fr->look;
    p.fr.mesh = fr->mesh;
    p.fr.rgb = malloc(npix * 3);
    p.fr.depth = malloc(npix * sizeof *p.fr.depth);
    p.fr.wz = malloc(npix * sizeof *p.fr.wz);
    p.fr.face = malloc(npix * sizeof *p.fr.face);
    p.fr.lmu = malloc(npix * sizeof *p.fr.lmu);
    p.fr.lmv = malloc(npix * sizeof *p.fr.lmv);
    bsp_get_counts(m, &c);
    p.shown = calloc((size_t)c.planes + p.world.num_faces + 1, 1);
    p.key = malloc(((size_t)p.world.num_faces + 1) * sizeof *p.key);
    if (!p.fr.rgb || !p.fr.depth || !p.fr.wz || !p.fr.face || !p.fr.lmu || !p.fr.lmv || !p.shown ||
        !p.key) {
        rc = 1;
        goto done;
    }
    for (f = 0; f < p.world.num_faces; f++) {
        bsp_face bf;
        int ok = bsp_get_face(m, p.world.first_face + f, &bf) == BSP_OK;
        p.key[f] = ok && bf.plane >= 0 && (uint32_t)bf.plane < c.planes ? (uint32_t)bf.plane : c.planes + f;
        if (ok && (bf.flags & BSP_SURF_SKY)) p.key[f] = SKY_KEY;
    }
    if (cam_spawn(m, eye, &yaw, &pitch, &name) && cam_open(&p, eye, 1)) {
        spawn_open = 1;
        keep = yaw;
        keep_pitch = pitch;
        seen = cam_direction(&p, eye, &yaw, &pitch);
        snprintf(why, n, yaw == keep && pitch == keep_pitch ? "%s" : "%s, turned", name);
        /* a turned view that still sees little: the open leaves may see more */
        if (p.cover >= MIN_SEEN && (seen >= KEEP_OPEN || (yaw == keep && pitch == keep_pitch))) goto chosen;
        cover = p.cover;
    }
    /* rule 2: inside the world's bounds, else anywhere open */
    for (bounded = 1; bounded >= 0; bounded--) {
        float e[3], y = 0.0f, pt = 0.0f, top = -1.0f;
        found = cam_search(&p, bounded, e, &y, &pt, &leaf, &top);
        if (found < 0) {
            rc = 1;
            goto done;
        }
        if (found && top > seen) {
            memcpy(eye, e, sizeof e);
            yaw = y;
            pitch = pt;
            seen = top;
            cover = p.cover;
            snprintf(why, n, "open leaf %u%s", (unsigned)leaf,
                     !name ? "" : spawn_open ? ": the player start sees too little" : ": the player start is in no open leaf");
        }
        if (cover >= MIN_SEEN) break;
    }
    if (seen < 0.0f) {
        for (k = 0; k < 3; k++) eye[k] = (p.world.mins[k] + p.world.maxs[k]) * 0.5f;
        yaw = pitch = 0.0f;
        snprintf(why, n, "the world's centre");
    }
chosen:
    memcpy(fr->eye, eye, sizeof eye);
    render_set_view(fr, yaw, pitch);
done:
    free(p.shown);
    free(p.key);
    free(p.fr.rgb); free(p.fr.depth); free(p.fr.wz); free(p.fr.face); free(p.fr.lmu); free(p.fr.lmv);
    return rc;
}
