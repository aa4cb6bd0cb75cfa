/* SPDX-License-Identifier: MIT */
/* patch_trace.c - sweeps and the position test against one Quake 3 patch
 * (docs/queries.md 8.11), as the engine's CM_TraceThroughPatchCollide,
 * CM_TracePointThroughPatchCollide and CM_PositionTestInPatchCollide do
 * them, over the layout cmodel/patch_build.c writes at load. */
#include "patch_trace.h"

#if BSPKIT_COLLISION && BSPKIT_FAMILY_QUAKE3

#define PATCH_PLANES BSP__Q3_PATCH_PLANES_MAX
#define PATCH_FACETS BSP__Q3_PATCH_FACETS_MAX
#define PATCH_BORDERS BSP__Q3_PATCH_BORDERS_MAX
#define PATCH_CLIP_EPS 0.125f       /* SURFACE_CLIP_EPSILON */
#define PATCH_MISS 99999.0f         /* the point sweep's "never crosses" */

void bsp__q3_patch_move_init(bsp__q3_patch_move *mv, const float start[3], const float end[3],
                             const float size0[3], const float size1[3])
{
    uint32_t k, sb;
    for (k = 0; k < 3; k++) {
        mv->start[k] = start[k];
        mv->end[k] = end[k];
        if (start[k] < end[k]) {
            mv->lo[k] = bsp__fadd(start[k], size0[k]);
            mv->hi[k] = bsp__fadd(end[k], size1[k]);
        } else {
            mv->lo[k] = bsp__fadd(end[k], size0[k]);
            mv->hi[k] = bsp__fadd(start[k], size1[k]);
        }
    }
#ifdef __OPTIMIZE_SIZE__
    for (sb = 0; sb < 8; sb++)
        for (k = 0; k < 3; k++) mv->offsets[sb][k] = sb >> k & 1 ? size1[k] : size0[k];
#else
    /* (unrolled, the choices constant: 24 stores where the loop ran ten
     * instructions an entry; the first patch of a trace pays it) */
    /* (read first: the stores could alias them) */
    float a0 = size0[0], a1 = size0[1], a2 = size0[2], b0 = size1[0], b1 = size1[1], b2 = size1[2];
#define OFFSETS(sb) (mv->offsets[sb][0] = (sb) & 1 ? b0 : a0, mv->offsets[sb][1] = (sb) & 2 ? b1 : a1, \
                     mv->offsets[sb][2] = (sb) & 4 ? b2 : a2)
    (void)sb;
    OFFSETS(0), OFFSETS(1), OFFSETS(2), OFFSETS(3), OFFSETS(4), OFFSETS(5), OFFSETS(6), OFFSETS(7);
#undef OFFSETS
#endif
    mv->point = size0[0] == 0 && size0[1] == 0 && size0[2] == 0;
}

/* A plane of the built patch: normal and dist into pl, its sign bits. */
static uint32_t patch_read_plane(const uint8_t *patch, uint32_t pn, float pl[4])
{
    const uint8_t *p = patch + bsp__u32(patch + 16) + 20u * pn;
    pl[0] = bsp__f32(p);
    pl[1] = bsp__f32(p + 4);
    pl[2] = bsp__f32(p + 8);
    pl[3] = bsp__f32(p + 12);
    return bsp__u32(p + 16) & 7u;
}

/* A border's plane, flipped when inward, its dist pushed out by |the box
 * corner's offset|, as the sweep and the position test use it. */
static void patch_border_plane(const uint8_t *patch, const uint8_t *border, const bsp__q3_patch_move *mv,
                               float pl[4])
{
    uint32_t sb = patch_read_plane(patch, bsp__u16(border), pl);
    if (bsp__u16(border + 2)) pl[0] = -pl[0], pl[1] = -pl[1], pl[2] = -pl[2], pl[3] = -pl[3];
    pl[3] = bsp__fadd(pl[3], bsp__fabs(bsp__dot(mv->offsets[sb], pl)));
}

typedef struct patch_clip {
    float enter, leave;
    int hit;
} patch_clip;

/* CM_CheckFacetPlane: 0 when the facet is missed. */
static int patch_check_plane(const float pl[4], const bsp__q3_patch_move *mv, patch_clip *c)
{
    float d1 = bsp__fsub(bsp__dot(mv->start, pl), pl[3]);
    float d2 = bsp__fsub(bsp__dot(mv->end, pl), pl[3]);
    float f;
    c->hit = 0;
    if (d1 > 0 && (d2 >= PATCH_CLIP_EPS || d2 >= d1)) return 0;
    if (d1 <= 0 && d2 <= 0) return 1;
    if (d1 > d2) {
        f = bsp__fdiv(bsp__fsub(d1, PATCH_CLIP_EPS), bsp__fsub(d1, d2));
        if (f < 0) f = 0;
        if (f > c->enter) {
            c->enter = f;
            c->hit = 1;
        }
    } else {
        f = bsp__fdiv(bsp__fadd(d1, PATCH_CLIP_EPS), bsp__fsub(d1, d2));
        if (f > 1) f = 1;
        if (f < c->leave) c->leave = f;
    }
    return 1;
}

BSP_INLINE uint32_t patch_min(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* For the point sweep: is the start in front of plane pn (pushed out by
 * the corner offset, 0 for a point), and at what fraction does the move
 * cross it (PATCH_MISS when never, or not forwards). The engine fills a
 * table of these for every plane first; they depend on the plane and the
 * move alone, so computing them when a facet asks gives the same bits and
 * takes no stack. */
static float patch_point_cross(const uint8_t *patch, uint32_t pn, const bsp__q3_patch_move *mv, int *front)
{
    float pl[4], off, d1, d2, x;
    uint32_t sb = patch_read_plane(patch, pn, pl);
    off = bsp__dot(mv->offsets[sb], pl);
    d1 = bsp__fadd(bsp__fsub(bsp__dot(mv->start, pl), pl[3]), off);
    d2 = bsp__fadd(bsp__fsub(bsp__dot(mv->end, pl), pl[3]), off);
    *front = d1 > 0;
    if (d1 == d2) return PATCH_MISS;
    x = bsp__fdiv(d1, bsp__fsub(d1, d2));
    return x <= 0 ? PATCH_MISS : x;
}

/* CM_TracePointThroughPatchCollide. */
static int patch_trace_point(const uint8_t *patch, const bsp__q3_patch_move *mv, bsp__q3_patch_hit *hit)
{
    uint32_t np = patch_min(bsp__u32(patch + 4), PATCH_PLANES);
    uint32_t nf = patch_min(bsp__u32(patch + 8), PATCH_FACETS), i, k;
    const uint8_t *facets = patch + bsp__u32(patch + 20), *borders = patch + bsp__u32(patch + 24);
    int set = 0;
    for (i = 0; i < nf; i++) {
        const uint8_t *fc = facets + 8u * i;
        uint32_t surface = bsp__u16(fc), nb = patch_min(bsp__u16(fc + 2), PATCH_BORDERS);
        const uint8_t *b = borders + 4u * bsp__u32(fc + 4);
        float x, pl[4], off, d1, d2, f;
        uint32_t sb;
        int front;
        if (surface >= np) continue;
        x = patch_point_cross(patch, surface, mv, &front);
        if (!front) continue;
        if (x < 0 || x > hit->fraction) continue;
        for (k = 0; k < nb; k++) {
            uint32_t pn = bsp__u16(b + 4u * k);
            int inward = bsp__u16(b + 4u * k + 2) != 0;
            float bx;
            if (pn >= np) break;
            bx = patch_point_cross(patch, pn, mv, &front);
            if (front != inward) {
                if (bx > x) break;
            } else if (bx < x) {
                break;
            }
        }
        if (k < nb) continue;
        sb = patch_read_plane(patch, surface, pl);
        off = bsp__dot(mv->offsets[sb], pl);
        d1 = bsp__fadd(bsp__fsub(bsp__dot(mv->start, pl), pl[3]), off);
        d2 = bsp__fadd(bsp__fsub(bsp__dot(mv->end, pl), pl[3]), off);
        f = bsp__fdiv(bsp__fsub(d1, PATCH_CLIP_EPS), bsp__fsub(d1, d2));
        hit->fraction = f > 0 ? f : 0.0f;
        hit->normal[0] = pl[0], hit->normal[1] = pl[1], hit->normal[2] = pl[2];
        hit->dist = pl[3];
        set = 1;
    }
    return set;
}

int bsp__q3_patch_trace(const void *patch_v, const bsp__q3_patch_move *mv, bsp__q3_patch_hit *hit)
{
    const uint8_t *patch = (const uint8_t *)patch_v;
    const uint8_t *facets = patch + bsp__u32(patch + 20), *borders = patch + bsp__u32(patch + 24);
    uint32_t np = patch_min(bsp__u32(patch + 4), PATCH_PLANES);
    uint32_t nf = patch_min(bsp__u32(patch + 8), PATCH_FACETS), i, k;
    int set = 0;
    for (k = 0; k < 3; k++) {     /* CM_BoundsIntersect, SURFACE_CLIP_EPSILON wider */
        float lo = bsp__f32(patch + 32 + 4 * k), hi = bsp__f32(patch + 44 + 4 * k);
        if (mv->hi[k] < bsp__fsub(lo, PATCH_CLIP_EPS) || mv->lo[k] > bsp__fadd(hi, PATCH_CLIP_EPS))
            return 0;
    }
    if (mv->point) return patch_trace_point(patch, mv, hit);
    for (i = 0; i < nf; i++) {
        const uint8_t *fc = facets + 8u * i;
        uint32_t surface = bsp__u16(fc), nb = patch_min(bsp__u16(fc + 2), PATCH_BORDERS), sb;
        const uint8_t *b = borders + 4u * bsp__u32(fc + 4);
        patch_clip c;
        float pl[4], best[4] = {0, 0, 0, 0};
        int32_t hitnum = -1;
        if (surface >= np) continue;
        c.enter = -1.0f;
        c.leave = 1.0f;
        sb = patch_read_plane(patch, surface, pl);
        pl[3] = bsp__fsub(pl[3], bsp__dot(mv->offsets[sb], pl));
        if (!patch_check_plane(pl, mv, &c)) continue;
        if (c.hit) best[0] = pl[0], best[1] = pl[1], best[2] = pl[2], best[3] = pl[3];
        for (k = 0; k < nb; k++) {
            if (bsp__u16(b + 4u * k) >= np) break;
            patch_border_plane(patch, b + 4u * k, mv, pl);
            if (!patch_check_plane(pl, mv, &c)) break;
            if (c.hit) {
                hitnum = (int32_t)k;
                best[0] = pl[0], best[1] = pl[1], best[2] = pl[2], best[3] = pl[3];
            }
        }
        if (k < nb) continue;
        if (hitnum == (int32_t)nb - 1) continue;    /* never the back side */
        if (c.enter < c.leave && c.enter >= 0 && c.enter < hit->fraction) {
            hit->fraction = c.enter > 0 ? c.enter : 0.0f;
            hit->normal[0] = best[0], hit->normal[1] = best[1], hit->normal[2] = best[2];
            hit->dist = best[3];
            set = 1;
        }
    }
    return set;
}

int bsp__q3_patch_position(const void *patch_v, const bsp__q3_patch_move *mv)
{
    const uint8_t *patch = (const uint8_t *)patch_v;
    const uint8_t *facets = patch + bsp__u32(patch + 20), *borders = patch + bsp__u32(patch + 24);
    uint32_t np = patch_min(bsp__u32(patch + 4), PATCH_PLANES);
    uint32_t nf = patch_min(bsp__u32(patch + 8), PATCH_FACETS), i, k;
    /* (a point too: the engine tests a position before it marks the
     * trace a point, so its offsets are 0 and a point on a facet's plane,
     * inside the borders, is inside: 8.11) */
    for (i = 0; i < nf; i++) {
        const uint8_t *fc = facets + 8u * i;
        uint32_t surface = bsp__u16(fc), nb = patch_min(bsp__u16(fc + 2), PATCH_BORDERS), sb;
        const uint8_t *b = borders + 4u * bsp__u32(fc + 4);
        float pl[4];
        if (surface >= np) continue;
        sb = patch_read_plane(patch, surface, pl);
        if (bsp__fsub(bsp__dot(pl, mv->start), bsp__fsub(pl[3], bsp__dot(mv->offsets[sb], pl))) > 0)
            continue;
        for (k = 0; k < nb; k++) {
            if (bsp__u16(b + 4u * k) >= np) break;
            patch_border_plane(patch, b + 4u * k, mv, pl);
            if (bsp__fsub(bsp__dot(pl, mv->start), pl[3]) > 0) break;
        }
        if (k == nb) return 1;
    }
    return 0;
}

#endif
