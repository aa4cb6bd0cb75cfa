/* SPDX-License-Identifier: MIT */
/* trace.c - brush traces (docs/queries.md 8.2, 8.3, 8.9, 8.10): one walk
 * of the tree with Quake 2's rule, and the few places where Quake 3's
 * differs (a symmetric box, 1/8 epsilon, clamped fractions, a wider walk,
 * a move wholly in solid stopping at 0, inline models without a tree),
 * Source's (a centred box, no leaf filter, planes pushed out by |n|.ext,
 * bevels skipped by a point) and Nightfire's (solid leaves).
 *
 * The walk keeps the far sides it still owes on an explicit stack
 * (bsp__coll_span), near side first as the engines' recursion does; the
 * load checked every tree's depth, so the stack cannot overflow. The
 * position test (start == end) is the same walk, choosing its sides as
 * BoxOnPlaneSide does. Quake 3 and Nightfire are asked through constants
 * (Q3(w), BSPKIT_FAMILY_NIGHTFIRE), so a build without them has none of
 * their branches. Each brush is clipped once per trace, as the engines
 * do: a mark on the stack (bsp__mark), so that a file listing one brush in
 * every leaf costs one clip, not one per listing.
 */
#include <stddef.h>
#include "collision.h"
#include "../core/map.h"
#include "patch_trace.h"
#include "disp_trace.h"
#include "../cmodel/brush_list.h"

#if BSPKIT_COLLISION

#define Q2_EPSILON 0.03125f     /* DIST_EPSILON */
#define Q3_EPSILON 0.125f       /* SURFACE_CLIP_EPSILON */
#define Q3_WALK_OFFSET 2048.0f  /* the Quake 3 walk's offset for a box on a sloped plane */
/* The walk and the clip are compiled once per kind of trace, `k` a
 * constant in each copy: quake2's rules alone (K_Q2; K_Q2P its sweep of
 * a point, K_Q2 in a walk a box's), quake3's (K_Q3), and the others
 * (K_ANY: source's and nightfire's, asked at run time), so that the hot
 * loops test no rule they do not have. Q3(w), VALVE(w) and
 * NIGHTFIRE_ALL(w) read `k` where they are used; in a build without a
 * family they are a constant 0 and its branches compile away. */
#define K_ANY 0
#define K_Q2 1
#define K_Q3 2
#define K_Q2P 3
#define K_Q2L 4
#define Q2(k) ((k) == K_Q2 || (k) == K_Q2P || (k) == K_Q2L)
/* quake2's rule over a Quake-family model's BSPX brush list (13.7): its
 * brushes in the list's order, no tree */
#define LIST(k) (BSP__BRUSH_LIST && (k) == K_Q2L)
#define Q3(w) (BSPKIT_FAMILY_QUAKE3 && k == K_Q3)
#define VALVE(w) (BSPKIT_FAMILY_SOURCE && k == K_ANY && (w)->valve)
#define NIGHTFIRE_ALL(w) (BSPKIT_FAMILY_NIGHTFIRE && k == K_ANY && (w)->all)
#define EPS(w) (Q3(w) ? Q3_EPSILON : Q2(k) ? Q2_EPSILON : (w)->eps)
/* X(0); X(1); X(2): unrolled, as gcc -O2 leaves a loop of three (the
 * values then stay in registers); a build for size keeps the loop. */
#ifdef __OPTIMIZE_SIZE__
#define EACH3(X) for (uint32_t each_ = 0; each_ < 3; each_++) X(each_)
#else
#define EACH3(X) do { X(0); X(1); X(2); } while (0)
#endif

typedef struct trace_work {
    const bsp__map *m;
    const bsp__coll_native *nat;  /* the records the load converted */
    const struct bsp__collision *c;
    bsp_trace_result *tr;
    bsp__cplane hit;          /* the plane of the nearest entry so far */
    float start[3], end[3];   /* quake3, source: moved to the box's centre */
    float size[2][3];         /* mins, maxs (quake3: made symmetric) */
    /* the corner of the box meeting a plane of sign bits i first: maxs
     * where the normal is negative, mins elsewhere (box_dist) */
    float corner[8][3];
    float ext[3];             /* the walk's extents (quake3: of a box not a point) */
    /* the limits both ends of a move must clear to go down the front or
     * the back alone at a plane of axis i: ext and -ext, quake3's a unit
     * further (front: quake3 only, the others read ext) */
    float front[3], back[3];
    float bounds[2][3];       /* quake3's position test: start + size */
    float eps;
    float margin;             /* the position test's box grows by it (8.2: 1) */
    uint32_t mask;
    uint32_t bevel;           /* source point: BSP__COLL_BEVEL (those sides skipped), else 0 */
    uint32_t lo, hi;          /* quake3: the world's brushes, which leaves reach */
    uint8_t q3, point, all;   /* all: every brush collides (nightfire) */
    uint8_t valve;            /* source's brush rules (8.9) */
    uint8_t position;         /* start == end: the position test */
    uint8_t solid_pass;       /* nightfire: the walk looks for a solid leaf */
    uint8_t patch_ready;      /* quake3: mv and tested set (at the first patch met) */
    bsp__mark mark;           /* the brushes clipped so far */
#if BSPKIT_FAMILY_QUAKE3
    /* quake3 curved surfaces (8.11): the move as the patch tests take it,
     * and a bit per patch tested (each once per trace, as the engine) */
    bsp__q3_patch_move mv;
    bsp__patch_mark tested;
#endif
#if BSP__DISPCOLL
    bsp__disp_trace disp;     /* source terrain (8.14) */
#endif
} trace_work;
#if BSP__DISPCOLL
/* after a leaf's brushes (terrain only where the trace may meet some) */
#define TERRAIN(w, l) ((w)->disp.any ? bsp__disp_leaf_at(&(w)->disp, (l)) : BSP_OK)
#else
#define TERRAIN(w, l) BSP_OK
#endif


BSP_ALWAYS_INLINE int counts(const trace_work *w, int32_t contents, int k)
{
    return NIGHTFIRE_ALL(w) || ((uint32_t)contents & w->mask) != 0;
}

/* The side's plane; NULL when its index is outside the plane lump (the
 * load marked it; the side itself lies inside its lump: the brush's run
 * was checked at load). */
BSP_INLINE const bsp__cplane *side_plane(const trace_work *w, uint32_t side)
{
    uint32_t plane = w->nat->sides[side] & ~BSP__COLL_BEVEL;
    return plane < w->nat->num_planes ? &w->nat->planes[plane] : NULL;
}

/* source: a point skips the bevel sides (8.9 step 4). */
BSP_ALWAYS_INLINE int skips_side(const trace_work *w, uint32_t side, int k)
{
    return BSPKIT_FAMILY_SOURCE && k == K_ANY && (w->nat->sides[side] & w->bevel) != 0;
}

/* The plane's distance moved out by the box: dist - dot(ofs, n), with ofs
 * the box corner that meets the plane first (quake2 leaves a point's dist
 * as is); source: dist + |n0*ext0| + |n1*ext1| + |n2*ext2|, in that order. */
BSP_ALWAYS_INLINE float box_dist(const trace_work *w, const bsp__cplane *pl, int point, int k)
{
    uint32_t j;
    if (!Q3(w) && point) return pl->dist;
    if (VALVE(w)) {
        float d = pl->dist;
        for (j = 0; j < 3; j++) d = bsp__fadd(d, bsp__fabs(bsp__fmul(pl->n[j], w->ext[j])));
        return d;
    }
    return bsp__fsub(pl->dist, bsp__dot(w->corner[pl->signbits], pl->n));
}

/* A side's plane index (source: less its bevel bit; no other family's
 * load sets it, and a marked index is past any plane lump). */
#define SIDE_PLANE(side) (k == K_ANY ? (side) & ~BSP__COLL_BEVEL : (side))

/* A brush's answer is not terrain's: a displacement met earlier in the
 * walk may have set the label (source), and the label belongs to the
 * answer. */
#define BRUSH_ANSWER(tr) ((tr)->disp = -1, (tr)->disp_flags = 0)

/* clip_brush of 8.2 (8.3 step 4 and 5 for quake3); `test`: the position
 * test (start == end, w->position), a constant in the walks. */
BSP_ALWAYS_INLINE bsp_status clip_brush(trace_work *w, const bsp__cbrush *br, int test, int k)
{
    bsp_trace_result *tr = w->tr;
    float enter = -1.0f, leave = 1.0f;
    int startout = 0, getout = 0;
    const bsp__cplane *best = NULL;   /* the entering side's plane */
    /* (read once: the stores to *tr below could alias them) */
    const bsp__cplane *planes = w->nat->planes;
    const uint32_t *sides = w->nat->sides + br->first;
    uint32_t i, n = (uint32_t)br->count, num_planes = w->nat->num_planes;
    const float eps = EPS(w);
    const float *start = w->start, *end = w->end;
    /* (read once; quake2's walks know it) */
    const int point = !Q3(w) && (k == K_Q2P || ((k != K_Q2 || test) && w->point));

    if (test) {
        /* start == end (as floats: they may differ in a zero's sign,
         * which gives d2 equal to d1 but for a zero's sign, the same
         * answer): a side the start is in front of leaves the box out
         * (d2 >= d1); else every d1 <= 0, startsolid and allsolid */
        if (w->nat->sides_checked) {
            /* (the load checked every side's plane: coll_native.h) */
            for (i = 0; i < n; i++) {
                const bsp__cplane *pl;
                uint32_t side = sides[i];
                if (BSPKIT_FAMILY_SOURCE && k == K_ANY && (side & w->bevel)) continue;
                pl = &planes[SIDE_PLANE(side)];
                if (bsp__fsub(bsp__dot(start, pl->n), box_dist(w, pl, point, k)) > 0) return BSP_OK;
            }
        } else {
            for (i = 0; i < n; i++) {
                const bsp__cplane *pl;
                uint32_t side = sides[i];
                if (SIDE_PLANE(side) >= num_planes) return BSP_E_CORRUPT;
                if (BSPKIT_FAMILY_SOURCE && k == K_ANY && (side & w->bevel)) continue;
                pl = &planes[SIDE_PLANE(side)];
                if (bsp__fsub(bsp__dot(start, pl->n), box_dist(w, pl, point, k)) > 0) return BSP_OK;
            }
        }
        tr->startsolid = tr->allsolid = 1;
        tr->fraction = 0;
        tr->contents = br->contents;
        BRUSH_ANSWER(tr);
        return BSP_OK;
    }
    for (i = 0; i < n; i++) {
        float d, d1, d2, f;
        const bsp__cplane *pl;
        uint32_t side = sides[i];
        /* (the load marked a plane index past the lump) */
        if (SIDE_PLANE(side) >= num_planes) return BSP_E_CORRUPT;
        if (BSPKIT_FAMILY_SOURCE && k == K_ANY && (side & w->bevel)) continue;
        pl = &planes[SIDE_PLANE(side)];
        d = box_dist(w, pl, point, k);
        d1 = bsp__fsub(bsp__dot(start, pl->n), d);
        d2 = bsp__fsub(bsp__dot(end, pl->n), d);
        if (d2 > 0) getout = 1;
        if (d1 > 0) startout = 1;
        if (d1 > 0 && (d2 >= d1 || (Q3(w) && d2 >= eps))) return BSP_OK;
        if (d1 <= 0 && d2 <= 0) continue;
        if (d1 > d2) {
            f = bsp__fdiv(bsp__fsub(d1, eps), bsp__fsub(d1, d2));
            if (Q3(w) && f < 0) f = 0;
            if (f > enter) {
                enter = f;
                best = pl;
            }
        } else {
            f = bsp__fdiv(bsp__fadd(d1, eps), bsp__fsub(d1, d2));
            if (Q3(w) && f > 1) f = 1;
            if (f < leave) leave = f;
        }
    }
    if (!startout) {
        tr->startsolid = 1;
        if (!getout) {
            tr->allsolid = 1;
            /* quake3 stops a move wholly in solid at 0; a quake2 position
             * test (start == end: a clip whose every d1 is <= 0 is inside)
             * is inside, test_leaf of 8.2 */
            if (Q3(w) || test) {
                tr->fraction = 0;
                tr->contents = br->contents;
                BRUSH_ANSWER(tr);
            }
        }
        return BSP_OK;
    }
    if (enter < leave && enter > -1.0f && enter < tr->fraction && best) {
        tr->fraction = enter > 0 ? enter : 0.0f;
        w->hit = *best;
        tr->has_plane = 1;
        tr->contents = br->contents;
        BRUSH_ANSWER(tr);
    }
    return BSP_OK;
}

/* The quake3 position test of one brush (8.3 step 6; quake2's is
 * clip_brush with start == end). Returns CORRUPT for a brush whose six
 * bounding sides run past the lump. Inline in the walk (a build for
 * size: one copy). */
#ifdef __OPTIMIZE_SIZE__
static bsp_status test_brush(trace_work *w, const bsp__cbrush *br)
#else
BSP_ALWAYS_INLINE bsp_status test_brush(trace_work *w, const bsp__cbrush *br)
#endif
{
    const int k = K_Q3;
    const bsp__cplane *planes = w->nat->planes, *pl;
    const uint32_t *sides;
    uint32_t i = 6, j, first = br->first, n = (uint32_t)br->count, np = w->nat->num_planes;
    /* (a brush without sides has contents 0: the caller passed it by) */
    /* brush.bounds: the distances of its first six sides, -x +x -y +y
     * -z +z; a brush of fewer sides reads the ones after it (quake3's
     * sides hold no bevel bit: an index at or past np is one the load
     * marked) */
    sides = w->nat->sides + first;
    if (w->nat->sides_checked) {
        /* (the load checked every index below: coll_native.h) */
        for (j = 0; j < 3; j++) {
            if (w->bounds[1][j] < -planes[sides[2 * j]].dist) return BSP_OK;
            if (w->bounds[0][j] > planes[sides[2 * j + 1]].dist) return BSP_OK;
        }
        for (; i < n; i++) {
            pl = &planes[sides[i]];
            if (bsp__fsub(bsp__dot(w->start, pl->n), box_dist(w, pl, 0, k)) > 0) return BSP_OK;
        }
    } else {
        if (first + 6 > w->nat->num_sides) return BSP_E_CORRUPT;
        for (j = 0; j < 3; j++) {
            if (sides[2 * j] >= np) return BSP_E_CORRUPT;
            if (w->bounds[1][j] < -planes[sides[2 * j]].dist) return BSP_OK;
            if (sides[2 * j + 1] >= np) return BSP_E_CORRUPT;
            if (w->bounds[0][j] > planes[sides[2 * j + 1]].dist) return BSP_OK;
        }
        for (; i < n; i++) {
            if (!(pl = side_plane(w, first + i))) return BSP_E_CORRUPT;
            if (bsp__fsub(bsp__dot(w->start, pl->n), box_dist(w, pl, 0, k)) > 0) return BSP_OK;
        }
    }
    w->tr->startsolid = w->tr->allsolid = 1;
    w->tr->fraction = 0;
    w->tr->contents = br->contents;
    return BSP_OK;
}

/* The clip: quake2's and quake3's inline in their walks (a call per
 * brush clipped costs as much as a side), the others' one copy out of
 * line; a build for size keeps one, `k` asked at run time. */
#ifdef __OPTIMIZE_SIZE__
BSP_NOINLINE bsp_status clip_k(trace_work *w, const bsp__cbrush *br, int test, int k) { return clip_brush(w, br, test, k); }
#define CLIP(w, br, test, k) clip_k(w, br, test, k)
#else
BSP_NOINLINE bsp_status clip_any(trace_work *w, const bsp__cbrush *br, int test) { return clip_brush(w, br, test, K_ANY); }
#define CLIP(w, br, test, k) ((k) == K_ANY ? clip_any(w, br, test) : clip_brush(w, br, test, k))
#endif

/* Brush b, clipped (or position-tested) once per trace; CORRUPT when it
 * or an index it holds is outside its lump. */
BSP_ALWAYS_INLINE bsp_status one_brush(trace_work *w, uint32_t b, int test, int k)
{
    const bsp__cbrush *br;
    if (b >= w->nat->num_brushes) return BSP_E_CORRUPT;
    br = &w->nat->brushes[b];
    /* (a brush met before answered OK, or CORRUPT, which ended the
     * trace: the mark is asked last) */
    if (br->first == BSP__COLL_BAD) return BSP_E_CORRUPT;
    if (!counts(w, br->contents, k)) return BSP_OK;
    if (bsp__mark_seen(&w->mark, b)) return BSP_OK;
    if (BSPKIT_FAMILY_QUAKE3 && test && Q3(w)) return test_brush(w, br);
    /* (a brush without sides has contents 0: only nightfire's every
     * brush needs the test) */
    if (k == K_ANY && br->count <= 0) return BSP_OK;
    return CLIP(w, br, test, k);
}

/* The trace can go no shorter. */
BSP_ALWAYS_INLINE int trace_done(const trace_work *w, int test, int k)
{
    return test && Q3(w) ? w->tr->allsolid : w->tr->fraction == 0;
}

/* `count` brushes of the leaf-brush list from `first` (BSP__COLL_BAD: the
 * load found the run outside the list). quake3 leaves reach model 0's
 * brushes only. Stops when the trace can go no shorter. */
BSP_ALWAYS_INLINE bsp_status leaf_brushes(trace_work *w, uint32_t first, uint32_t count, int test, int k)
{
    const uint32_t *list = w->nat->leafbrushes + first;
    uint32_t i;
    if (first == BSP__COLL_BAD) return BSP_E_CORRUPT;
    for (i = 0; i < count; i++) {
        uint32_t b = list[i];
        bsp_status st;
        if (Q3(w) && (b < w->lo || b >= w->hi)) continue;
        st = one_brush(w, b, test, k);
        if (st != BSP_OK) return st;
        if (trace_done(w, test, k)) break;
    }
    return BSP_OK;
}

/* `count` brushes of the brush records from `first`, each once, as one
 * leaf: quake3 inline models (8.10), a Quake-family model's brush list
 * (13.7). */
BSP_ALWAYS_INLINE bsp_status brush_run(trace_work *w, uint32_t first, uint32_t count, int test, int k)
{
    uint32_t i;
    if (first > w->nat->num_brushes || count > w->nat->num_brushes - first) return BSP_E_CORRUPT;
    for (i = 0; i < count; i++) {
        bsp_status st = one_brush(w, first + i, test, k);
        if (st != BSP_OK) return st;
        if (trace_done(w, test, k)) break;
    }
    return BSP_OK;
}

static bsp_status model_brushes(trace_work *w, uint32_t first, uint32_t count, int test)
{
    return brush_run(w, first, count, test, K_Q3);
}

#if BSPKIT_FAMILY_QUAKE3
BSP__CHECK(patch_stack, sizeof(bsp__patch_mark) == BSP_TRACE_PATCH_STACK_BYTES);
/* quake3: the curved surfaces of a leaf (its surface list from `first`,
 * count of them) or of an inline model (surfaces first.., from_leaf 0),
 * after the brushes and as the engine tests them: each patch once per
 * trace, filtered by its shader's contentFlags; a sweep takes the patch's
 * contents when the fraction went down, a position test stops inside. */
/* Surface s, whose built patch is at `at` in the patch region, unless
 * tested already this trace; CORRUPT for a shader index past its lump. */
BSP_NOINLINE bsp_status one_patch(trace_work *w, uint32_t s, uint32_t at)
{
    const bsp__map *m = w->m;
    bsp_trace_result *tr = w->tr;
    const uint8_t *patch = m->patches.data + at;
    uint32_t shader, ordinal = bsp__u32(BSP__REC(m->patches, s) + 4);
    int32_t contents;
    if (!w->patch_ready) {
        /* (most traces meet no patch: this is done once one does) */
        bsp__q3_patch_move_init(&w->mv, w->start, w->end, w->size[0], w->size[1]);
        bsp__patch_mark_clear(&w->tested);
        w->patch_ready = 1;
    }
    if (bsp__patch_seen(&w->tested, ordinal)) return BSP_OK;
    shader = (uint32_t)bsp__field_getp(BSP__REC(m->faces, s), &w->c->surf_shader);
    if (shader >= m->shaders.count) return BSP_E_CORRUPT;
    contents = bsp__field_getp(BSP__REC(m->shaders, shader), &w->c->shader_contents);
    if (!counts(w, contents, K_Q3)) return BSP_OK;
    if (w->position) {
        if (bsp__q3_patch_position(patch, &w->mv)) {
            tr->startsolid = tr->allsolid = 1;
            tr->fraction = 0;
            tr->contents = contents;
        }
    } else {
        bsp__q3_patch_hit hit;
        hit.fraction = tr->fraction;
        if (bsp__q3_patch_trace(patch, &w->mv, &hit)) {
            w->hit.n[0] = hit.normal[0];
            w->hit.n[1] = hit.normal[1];
            w->hit.n[2] = hit.normal[2];
            w->hit.dist = hit.dist;
            tr->has_plane = 1;
        }
        if (hit.fraction < tr->fraction) {
            tr->fraction = hit.fraction;
            tr->contents = contents;
        }
    }
    return BSP_OK;
}

/* quake3: the curved surfaces of a leaf (its surface list from `first`,
 * count of them) or of an inline model (surfaces first.., from_leaf 0),
 * after the brushes and as the engine tests them: each patch once per
 * trace, filtered by its shader's contentFlags; a sweep takes the patch's
 * contents when the fraction went down, a position test stops inside.
 * Most surfaces of a leaf are not patches: the loop passes over those
 * with two loads. */
static bsp_status patches(trace_work *w, int from_leaf, uint32_t first, uint32_t count)
{
    const bsp__map *m = w->m;
    const bsp_view *list = from_leaf ? &m->leaffaces : &m->faces;
    const bsp__field *face = &m->family->tree.leafface_face;
    const uint8_t *rec = NULL, *table = m->patches.data;
    bsp_trace_result *tr = w->tr;
    uint32_t k, stride = m->patches.stride, n = m->patches.count;
    if (!table || (w->position ? tr->allsolid : tr->fraction == 0)) return BSP_OK;
    /* (a leaf's run outside the list: BSP__COLL_BAD) */
    if (first > list->count || count > list->count - first) return BSP_E_CORRUPT;
    /* (quake3's surface list holds int32 indices: the one family with
     * patches) */
    if (from_leaf) {
        if (face->type != BSP_F_I32) return BSP_E_CORRUPT;
        rec = BSP__REC(*list, first) + face->offset;
    }
    for (k = 0; k < count; k++) {
        uint32_t s = from_leaf ? bsp__u32(rec + (size_t)k * list->stride) : first + k, at;
        bsp_status st;
        if (s >= n) return BSP_E_CORRUPT;
        at = bsp__u32(table + (size_t)s * stride);
        if (!at) continue;
        st = one_patch(w, s, at);
        if (st != BSP_OK) return st;
        if (w->position ? tr->allsolid : tr->fraction == 0) return BSP_OK;
    }
    return BSP_OK;
}
#endif

BSP_ALWAYS_INLINE bsp_status leaf(trace_work *w, uint32_t l, int test, int k)
{
    const bsp__cleaf *lf = &w->nat->leafs[l];
    bsp_status st;
    if (BSPKIT_FAMILY_NIGHTFIRE && k == K_ANY && w->solid_pass) {
        /* 8.9: a box reaching a solid leaf is inside it */
        if (lf->contents == (int32_t)w->c->solid_leaf) {
            w->tr->startsolid = w->tr->allsolid = 1;
            w->tr->fraction = 0;
            w->tr->contents = lf->contents;
        }
        return BSP_OK;
    }
    if (!Q3(w) && !VALVE(w) && !counts(w, lf->contents, k)) return BSP_OK;
    st = leaf_brushes(w, lf->first, lf->count, test, k);
#if BSPKIT_FAMILY_QUAKE3
    /* (the load left out the surfaces at either end of the leaf's list
     * that are no patch: most leaves' runs are empty) */
    if (st == BSP_OK && Q3(w) && w->nat->leafsurfs && w->nat->leafsurfs[l].count)
        st = patches(w, 1, w->nat->leafsurfs[l].first, w->nat->leafsurfs[l].count);
#endif
    if (st == BSP_OK) st = TERRAIN(w, l);
    return st;
}

/* bsp__coll_box_sides for the box[0] .. box[1], its corners farthest and
 * nearest along the normal picked by the plane's sign bits (the same
 * values, so the same sums). */
BSP_ALWAYS_INLINE int box_sides(const bsp__cplane *pl, float box[2][3])
{
    float far[3], near[3];
    int sides;
    if (pl->type < 3)
        return pl->dist <= box[0][pl->type] ? 1 : pl->dist >= box[1][pl->type] ? 2 : 3;
#define PICK(i) (far[i] = box[((uint32_t)pl->signbits >> (i) & 1u) ^ 1u][i], \
                 near[i] = box[(uint32_t)pl->signbits >> (i) & 1u][i])
    EACH3(PICK);
#undef PICK
    sides = (bsp__dot(pl->n, far) >= pl->dist) | (bsp__dot(pl->n, near) < pl->dist) << 1;
    return sides ? sides : 3;
}

/* The walk of 8.2 (8.3 step 3 for quake3) from `head` for a move (the
 * position test has walk_box): down the side the move's part is on, or
 * split at the plane, near side first; each leaf's brushes clipped, and
 * a far side skipped once the fraction is no larger than where it starts.
 * Between leaves the fraction does not change, so the test is made only
 * when a far side is taken up. `counted` as walk_box's. */
BSP_ALWAYS_INLINE bsp_status walk(trace_work *w, int32_t head, int k, int counted)
{
    const bsp__coll_native *nat = w->nat;
    /* *s is the span at hand, the ones below it the far sides still owed
     * (one per node of the path: the load checked the depth), so the far
     * sides take BSP_TRACE_STACK_BYTES as before, and the span at hand
     * its one entry more */
    bsp__coll_span stack[BSP_TREE_DEPTH_MAX + 1], *s = stack;
    uint32_t i;
    int32_t n = head;
    /* In a tree a node is reached by one path, so a walk reaches each at
     * most once; more visits than nodes mean nodes shared by a hostile
     * file, where a box's overlapping parts could double at every level:
     * CORRUPT (docs/queries.md 8.13), with room to spare. */
    uint32_t budget = 4u * nat->num_nodes + 1024u;
    const int point = k == K_Q2P || (k != K_Q2 && w->point);   /* (read once; quake2's known) */
    const bsp__cnode *nodes = nat->nodes;
    const bsp__cplane *planes = nat->planes;

    s->p1f = 0;
    s->p2f = 1;
    for (i = 0; i < 3; i++) {
        s->p1[i] = w->start[i];
        s->p2[i] = w->end[i];
    }
    for (;;) {
        bsp_status st;
        while (n >= 0) {
            const bsp__cnode *node = &nodes[n];
            const bsp__cplane *pl = bsp__cnode_plane(planes, node);
            float t1, t2, offset, front, back, frac = 1, frac2 = 0;
            int side = 0;
            if (counted && budget-- == 0) return BSP_E_CORRUPT;
            t1 = bsp__coll_side(pl, s->p1);
            t2 = bsp__coll_side(pl, s->p2);
            if (pl->type < 3) {
                offset = w->ext[pl->type];
                front = Q3(w) ? w->front[pl->type] : offset;
                back = w->back[pl->type];
            } else {
                if (point) offset = 0;
                else if (Q3(w)) offset = Q3_WALK_OFFSET;
                else    /* (0 + the first term is that term: the sum of 8.2) */
                    for (offset = 0, i = 0; i < 3; i++)
                        offset = bsp__fadd(offset, bsp__fabs(bsp__fmul(w->ext[i], pl->n[i])));
                /* quake3 sends a move to one side only a unit clear of it */
                front = Q3(w) ? bsp__fadd(offset, 1.0f) : offset;
                back = Q3(w) ? bsp__fsub(-offset, 1.0f) : -offset;
            }
            {
                if (t1 >= front && t2 >= front) {
                    n = node->child[0];
                    continue;
                }
                if (t1 < back && t2 < back) {
                    n = node->child[1];
                    continue;
                }
            }
            if (t1 < t2 || t1 > t2) {
                /* 8.2's two cases in one: with o = -offset and the
                 * epsilon's sign turned for t1 < t2 (x - y is x + -y
                 * exactly), side 1's (t1-offset+E, t1+offset+E) are
                 * side 0's (t1+offset+E, t1-offset-E) */
                float idist = bsp__fdiv(1.0f, bsp__fsub(t1, t2));
                float o, e;
                side = t1 < t2;
                o = side ? -offset : offset;
                e = side ? EPS(w) : -EPS(w);
                frac = bsp__fmul(bsp__fadd(bsp__fadd(t1, o), EPS(w)), idist);
                frac2 = bsp__fmul(bsp__fadd(bsp__fsub(t1, o), e), idist);
                frac = frac < 0 ? 0 : frac > 1 ? 1 : frac;
                frac2 = frac2 < 0 ? 0 : frac2 > 1 ? 1 : frac2;
            }
            /* the near side goes on top, from the start of this span to
             * frac; this span becomes the far side, from frac2 to its end
             * (the test keeps a bug from writing past) */
            if (s == stack + BSP_TREE_DEPTH_MAX) return BSP_E_CORRUPT;
            s[1].p1f = s->p1f;
            for (i = 0; i < 3; i++) s[1].p1[i] = s->p1[i];
            s[1].p2f = bsp__coll_mid(s, frac, s[1].p2);
            /* (each component of p1 is read before it is written) */
            s->p1f = bsp__coll_mid(s, frac2, s->p1);
            s->node = node->child[side ^ 1];
            s++;
            n = node->child[side];
        }
        st = leaf(w, (uint32_t)(-1 - n), 0, k);
        if (st != BSP_OK) return st;
        /* the far sides owed, the nearest first, while the move may still
         * end in them */
        do {
            if (s == stack) return BSP_OK;
            s--;
        } while (!(w->tr->fraction > s->p1f));
        n = s->node;
    }
}

/* The position test's walk (start == end): the same leaves in the same
 * order as walk() takes them, BoxOnPlaneSide sending the box
 * [start + mins - margin, start + maxs + margin] down one side or both
 * (the front first), each leaf tested until the box is found in solid
 * (the fraction 0). Nothing is split, so the pending nodes are indices.
 * `counted` (a constant in each copy) 0: the load proved the tree one
 * (m->box_tree: no node of two parents, the depth checked), where a walk
 * enters each node at most once and needs no count. */
BSP_ALWAYS_INLINE bsp_status walk_box(trace_work *w, int32_t head, int k, int counted)
{
    const bsp__coll_native *nat = w->nat;
    const bsp__cnode *nodes = nat->nodes;
    const bsp__cplane *planes = nat->planes;
    int32_t stack[BSP_TREE_DEPTH_MAX], n = head;
    uint32_t depth = 0, budget = 4u * nat->num_nodes + 1024u;   /* (as walk's) */
    float box[2][3];
#define BOX(i) (box[0][i] = bsp__fsub(bsp__fadd(w->start[i], w->size[0][i]), w->margin), \
                box[1][i] = bsp__fadd(bsp__fadd(w->start[i], w->size[1][i]), w->margin))
    EACH3(BOX);
#undef BOX
    for (;;) {
        if (n < 0) {
            bsp_status st = leaf(w, (uint32_t)(-1 - n), 1, k);
            if (st != BSP_OK) return st;
            if (!(w->tr->fraction > 0) || depth == 0) return BSP_OK;
            n = stack[--depth];
        } else {
            const bsp__cnode *node = &nodes[n];
            int sides;
            if (counted && budget-- == 0) return BSP_E_CORRUPT;
            sides = box_sides(bsp__cnode_plane(planes, node), box);
            if (sides == 3) {
                if (depth == BSP_TREE_DEPTH_MAX) return BSP_E_CORRUPT;
                stack[depth++] = node->child[1];
                n = node->child[0];
            } else {
                n = node->child[sides == 2];
            }
        }
    }
}

/* The walks, one copy per kind of trace (a build for size: one), each out
 * of line: only the one running has its stack (BSP_TRACE_CALL_STACK_BYTES). */
#ifdef __OPTIMIZE_SIZE__
BSP_NOINLINE bsp_status walk_k(trace_work *w, int32_t head, int k) { return walk(w, head, k, 1); }
BSP_NOINLINE bsp_status box_k(trace_work *w, int32_t head, int k) { return walk_box(w, head, k, 1); }
BSP_ALWAYS_INLINE bsp_status walk_for(trace_work *w, int32_t head, int k)
{
    return w->position ? box_k(w, head, k) : walk_k(w, head, k == K_Q2 && w->point ? K_Q2P : k);
}
#else
BSP_NOINLINE bsp_status walk_q2(trace_work *w, int32_t head) { return walk(w, head, K_Q2, 1); }
BSP_NOINLINE bsp_status walk_q2p(trace_work *w, int32_t head) { return walk(w, head, K_Q2P, 1); }
BSP_NOINLINE bsp_status walk_q3(trace_work *w, int32_t head) { return walk(w, head, K_Q3, 1); }
BSP_NOINLINE bsp_status walk_any(trace_work *w, int32_t head) { return walk(w, head, K_ANY, 1); }
BSP_NOINLINE bsp_status box_q2(trace_work *w, int32_t head) { return walk_box(w, head, K_Q2, 1); }
BSP_NOINLINE bsp_status box_q3(trace_work *w, int32_t head) { return walk_box(w, head, K_Q3, 1); }
BSP_NOINLINE bsp_status box_any(trace_work *w, int32_t head) { return walk_box(w, head, K_ANY, 1); }
/* (quake2's and quake3's walks, every moving entity's per frame, without
 * the count on a tree the load proved) */
BSP_NOINLINE bsp_status walk_q2_tree(trace_work *w, int32_t head) { return walk(w, head, K_Q2, 0); }
BSP_NOINLINE bsp_status walk_q2p_tree(trace_work *w, int32_t head) { return walk(w, head, K_Q2P, 0); }
BSP_NOINLINE bsp_status walk_q3_tree(trace_work *w, int32_t head) { return walk(w, head, K_Q3, 0); }
BSP_NOINLINE bsp_status box_q2_tree(trace_work *w, int32_t head) { return walk_box(w, head, K_Q2, 0); }
BSP_NOINLINE bsp_status box_q3_tree(trace_work *w, int32_t head) { return walk_box(w, head, K_Q3, 0); }

/* The walk for the trace: its kind, a move or the position test. */
BSP_ALWAYS_INLINE bsp_status walk_for(trace_work *w, int32_t head, int k)
{
    int tree = w->m->box_tree != 0;
    if (w->position) {
        if (k == K_Q2) return tree ? box_q2_tree(w, head) : box_q2(w, head);
        if (Q3(w)) return tree ? box_q3_tree(w, head) : box_q3(w, head);
        return box_any(w, head);
    }
    if (k == K_Q2)
        return w->point ? (tree ? walk_q2p_tree(w, head) : walk_q2p(w, head))
                        : (tree ? walk_q2_tree(w, head) : walk_q2(w, head));
    if (Q3(w)) return tree ? walk_q3_tree(w, head) : walk_q3(w, head);
    return walk_any(w, head);
}
#endif

/* Every coordinate of the four points is finite: x - x is 0 for a finite
 * x and NaN for an infinite or NaN one, and a sum holding a NaN is NaN. */
BSP_ALWAYS_INLINE int all_finite(const float *a, const float *b, const float *c, const float *d)
{
    float s0 = ((a[0] - a[0]) + (b[0] - b[0])) + ((c[0] - c[0]) + (d[0] - d[0]));
    float s1 = ((a[1] - a[1]) + (b[1] - b[1])) + ((c[1] - c[1]) + (d[1] - d[1]));
    float s2 = ((a[2] - a[2]) + (b[2] - b[2])) + ((c[2] - c[2]) + (d[2] - d[2]));
    return (s0 + s1) + s2 == 0;
}

/* The bits of a float. */
BSP_ALWAYS_INLINE uint32_t float_bits(float x)
{
    union { float f; uint32_t u; } v;
    v.f = x;
    return v.u;
}

/* The argument checks of bsp__coll_args for a brush trace, inline, the
 * points already read into `in` (start, end, mins, maxs): each finite,
 * the map a brush family's with collision, the model its own. */
BSP_INLINE bsp_status trace_args(const bsp__map *m, const struct bsp__collision *c, uint32_t model,
                                 float in[4][3])
{
#ifndef __OPTIMIZE_SIZE__
    /* (the sum of the twelve is finite when they are, unless it
     * overflows: a NaN or an infinity among them makes it NaN or
     * infinite; the exact test only then) */
    float sum = ((in[0][0] + in[0][1]) + (in[0][2] + in[1][0])) + ((in[1][1] + in[1][2]) + (in[2][0] + in[2][1]))
              + (((in[2][2] + in[3][0]) + (in[3][1] + in[3][2])));
    if (!(sum - sum == 0))
#endif
        if (!all_finite(in[0], in[1], in[2], in[3])) return BSP_E_BAD_QUERY;
    /* (the caller sent the hull families elsewhere) */
    if (!c || bsp__coll_unsound(c, m) || (c->world_only && model > 0)) return BSP_E_UNSUPPORTED;
    if (!m->has_collision || !m->coll_native) return BSP_E_NOT_LOADED;
    if (model >= m->models.count) return BSP_E_BAD_MODEL;
    return BSP_OK;
}

/* A result cleared: fraction 1, nothing hit. */
BSP_INLINE void clear_result(bsp_trace_result *out, float fraction)
{
    uint32_t i;
    out->fraction = fraction;
    for (i = 0; i < 3; i++) out->endpos[i] = out->normal[i] = 0;
    out->dist = 0;
    out->contents = 0;
    out->startsolid = out->allsolid = out->has_plane = out->reserved = 0;
    out->disp = 0;
    out->disp_flags = 0;
}

/* bsp_trace past its argument checks, the points in `in`; `k` a
 * constant in each copy (a build for size keeps one, k asked at run
 * time), so that the setup tests no rule the kind does not have. */
BSP_ALWAYS_INLINE bsp_status trace_kind(const bsp__map *m, uint32_t model, float in[4][3], uint32_t mask,
                                        bsp_trace_result *out, int k)
{
    trace_work w;
    float size[2][3];   /* the box as the walk takes it */
    bsp_status st;
    uint32_t i, bits = 0;
    int32_t head;

    /* (w is not cleared: every field is set below before it is read, the
     * patch marks only for a quake3 map with patches, which alone uses
     * them, and the hit plane where has_plane is set) */
    w.c = m->family->coll;
    w.m = m;
    w.nat = LIST(k) ? &m->brush_list->nat : m->coll_native;
    w.tr = out;
    w.q3 = k == K_Q3;
    /* (quake2's kind has neither) */
    w.valve = k != K_Q2 && BSPKIT_FAMILY_SOURCE && w.c->valve;
    w.all = k != K_Q2 && w.c->mask_all;
    w.position = in[0][0] == in[1][0] && in[0][1] == in[1][1] && in[0][2] == in[1][2];
    w.solid_pass = 0;
    w.margin = 1.0f;
    w.mask = mask;
    w.lo = Q3(&w) ? w.nat->world_lo : 0;
    w.hi = Q3(&w) ? w.nat->world_hi : 0xffffffffu;
    bsp__mark_clear(&w.mark);
    w.eps = Q3(&w) ? Q3_EPSILON : Q2_EPSILON;
    if (Q3(&w) || (BSPKIT_FAMILY_SOURCE && w.valve)) {
        /* 8.3 step 1: a box symmetric about the moved origin; 8.9 step 1:
         * the box centred, as Valve's Ray_t (size0 = -ext gives the
         * position test's box s - ext) */
#define CENTRE(i) do { \
            float offset = bsp__fmul(bsp__fadd(in[2][i], in[3][i]), 0.5f); \
            w.start[i] = bsp__fadd(in[0][i], offset); \
            w.end[i] = bsp__fadd(in[1][i], offset); \
            size[1][i] = bsp__fsub(in[3][i], offset); \
            size[0][i] = Q3(&w) ? bsp__fsub(in[2][i], offset) : -size[1][i]; \
            w.ext[i] = size[1][i]; \
            bits |= float_bits(size[0][i]); \
        } while (0)
        EACH3(CENTRE);
#undef CENTRE
        /* (source: size0 is -size1) */
        w.point = (bits << 1) == 0;
        /* (a quake3 point walks with offset 0: its size1 may be a
         * denormal where size0 is 0) */
        if (Q3(&w) && w.point) w.ext[0] = w.ext[1] = w.ext[2] = 0;
        if (Q3(&w) && !w.position)
            for (i = 0; i < 3; i++) {
                w.front[i] = bsp__fadd(w.ext[i], 1.0f);
                w.back[i] = bsp__fsub(-w.ext[i], 1.0f);
            }
        else
            w.back[0] = -w.ext[0], w.back[1] = -w.ext[1], w.back[2] = -w.ext[2];
        if (Q3(&w) && w.position)
            for (i = 0; i < 3; i++) {
                w.bounds[0][i] = bsp__fadd(w.start[i], size[0][i]);
                w.bounds[1][i] = bsp__fadd(w.start[i], size[1][i]);
            }
    } else {
#define COPY(i) (w.start[i] = in[0][i], w.end[i] = in[1][i], size[0][i] = in[2][i], size[1][i] = in[3][i], \
                 bits |= float_bits(in[2][i]) | float_bits(in[3][i]))
        EACH3(COPY);
#undef COPY
        /* (the walk's alone, not the position test's; a point's ext is
         * +-0: offset 0) */
#define EXT(i) (w.ext[i] = -in[2][i] > in[3][i] ? -in[2][i] : in[3][i], w.back[i] = -w.ext[i])
        if (!w.position) EACH3(EXT);
#undef EXT
        /* (either zero, and the points are finite) */
        w.point = (bits << 1) == 0;
    }
#define SIZE(i) (w.size[0][i] = size[0][i], w.size[1][i] = size[1][i])
    SIZE(0), SIZE(1), SIZE(2);
#undef SIZE
    w.bevel = BSPKIT_FAMILY_SOURCE && w.valve && w.point ? BSP__COLL_BEVEL : 0;
    if (Q3(&w) || !(w.point || w.valve)) {
#define CORNER(i) (w.corner[i][0] = size[(i) & 1][0], w.corner[i][1] = size[(i) >> 1 & 1][1], \
                   w.corner[i][2] = size[(i) >> 2][2])
        CORNER(0), CORNER(1), CORNER(2), CORNER(3), CORNER(4), CORNER(5), CORNER(6), CORNER(7);
#undef CORNER
    }
    clear_result(out, 1);

    w.patch_ready = 0;   /* (quake3: patches() sets the move up at the first patch) */
#if BSP__DISPCOLL
    if (m->disps.count && BSPKIT_FAMILY_SOURCE && w.valve) {
        /* (terrain is Valve's, 8.14: the move centred as above, 8.9 step 1) */
        bsp__disp_trace_init(&w.disp, m, model, w.start, w.end, w.ext, w.point, w.position, mask, out, &w.hit);
    } else {
        w.disp.any = 0;   /* (what the init leaves for a map without terrain) */
        out->disp = -1;
    }
#else
    out->disp = -1;
#endif
    head = Q3(&w) || LIST(k) ? 0 : model == 0 ? m->point_tree.world_head : bsp__head_node(m, model);
    if (LIST(k)) {
        /* 13.7: the model's run of the list, as one leaf (the caller
         * found that it has one) */
        st = brush_run(&w, m->brush_list->model_first[model], m->brush_list->model_count[model], w.position, k);
    } else if (Q3(&w) && model > 0) {
        /* 8.10: an inline model is its own brushes, as one leaf */
        const uint8_t *rec = BSP__REC(m->models, model);
        st = model_brushes(&w, (uint32_t)bsp__field_getp(rec, &w.c->model_firstbrush),
                           (uint32_t)bsp__field_getp(rec, &w.c->model_numbrushes), w.position);
#if BSPKIT_FAMILY_QUAKE3
        if (st == BSP_OK)
            st = patches(&w, 0, (uint32_t)bsp__field_getp(rec, &m->family->tree.model_firstface),
                         (uint32_t)bsp__field_getp(rec, &m->family->tree.model_numfaces));
#endif
    } else {
        st = walk_for(&w, head, k);
        if (BSPKIT_FAMILY_NIGHTFIRE && k == K_ANY && st == BSP_OK && w.position && w.c->solid_leaf && !out->allsolid) {
            /* 8.9: then the box itself, without the margin, in a solid leaf */
            w.solid_pass = 1;
            w.margin = 0;
            st = walk_for(&w, head, K_ANY);   /* (w.position is set) */
        }
    }
    if (st != BSP_OK) {
        clear_result(out, 0);
        return st;
    }
    /* 8.5; quake2's position test keeps start itself */
    /* (from in, not the caller's points: out->endpos may be one of them,
     * and out is cleared) */
    if ((!Q3(&w) && w.position) || out->fraction == 1) {
        const float *p = in[!Q3(&w) && w.position ? 0 : 1];
        out->endpos[0] = p[0], out->endpos[1] = p[1], out->endpos[2] = p[2];
    } else {
        for (i = 0; i < 3; i++)
            out->endpos[i] = bsp__fadd(in[0][i], bsp__fmul(out->fraction, bsp__fsub(in[1][i], in[0][i])));
    }
    /* (a brush hit leaves the fraction below 1: only a quake3 patch may
     * report a plane at 1) */
    if (out->allsolid || (Q3(&w) && out->fraction == 1)) out->has_plane = 0;
    if (out->has_plane) {
        for (i = 0; i < 3; i++) out->normal[i] = w.hit.n[i];
        out->dist = w.hit.dist;
    }
    return BSP_OK;
}

bsp_status bsp_trace(const bsp_map *map, uint32_t model, const float start[3], const float end[3],
                     const float mins[3], const float maxs[3], uint32_t mask, bsp_trace_result *out)
{
    const bsp__map *m = bsp__map_c(map);
    const struct bsp__collision *c;
    /* start, end, mins, maxs, read once, before any store through out
     * (which could alias them) */
    float in[4][3];
    bsp_status st;
    int k;

    if (!out || !m || !m->family) return BSP_E_BAD_ARGUMENT;
    c = m->family->coll;
    /* quake, goldsrc, bsp2: the hull the box picks (8.4a) */
    if (c && c->kind == BSP_COLL_HULLS) {
        st = bsp__trace_hulls(m, model, start, end, mins, maxs, out);
        /* a model without the hull the box picks (the arguments checked):
         * its run of the BSPX brush list, when the map has one (13.7) */
        if (!BSP__BRUSH_LIST || st != BSP_E_BAD_HULL || !m->brush_list ||
            m->brush_list->model_first[model] == BSP__COLL_BAD)
            return st;
        k = K_Q2L;
    } else {
        if (!start || !end || !mins || !maxs) return BSP_E_BAD_ARGUMENT;
        k = -1;
    }
#define READ(i) (in[0][i] = start[i], in[1][i] = end[i], in[2][i] = mins[i], in[3][i] = maxs[i])
    EACH3(READ);
#undef READ
    if (k < 0) {
        st = trace_args(m, c, model, in);
        if (st != BSP_OK) return st;
        k = BSPKIT_FAMILY_QUAKE3 && c->kind == BSP_COLL_Q3 ? K_Q3
          : (BSPKIT_FAMILY_SOURCE && c->valve) || c->mask_all || c->solid_leaf ? K_ANY : K_Q2;
    }
    /* (an unoptimised build keeps one copy too: a compiler that does not
     * optimise gives each inlined copy its own trace_work, three in one
     * frame, past BSP_TRACE_CALL_STACK_BYTES) */
#if defined(__OPTIMIZE_SIZE__) || !defined(__OPTIMIZE__)
    return trace_kind(m, model, in, mask, out, k);
#else
    if (k == K_Q2) return trace_kind(m, model, in, mask, out, K_Q2);
    if (BSP__BRUSH_LIST && k == K_Q2L) return trace_kind(m, model, in, mask, out, K_Q2L);
    if (BSPKIT_FAMILY_QUAKE3 && k == K_Q3) return trace_kind(m, model, in, mask, out, K_Q3);
    return trace_kind(m, model, in, mask, out, K_ANY);
#endif
}

/* 8.12: does p lie in brush b (d1 <= 0 on every side; source skips the
 * bevel sides; no sides: no)? -1: the brush or a side's plane is outside
 * its lump. */
static int brush_holds(const trace_work *w, uint32_t b, const float p[3])
{
    const bsp__cbrush *br;
    uint32_t i;
    if (b >= w->nat->num_brushes) return -1;
    br = &w->nat->brushes[b];
    if (br->first == BSP__COLL_BAD) return -1;
    for (i = 0; br->count > 0 && i < (uint32_t)br->count; i++) {
        const bsp__cplane *pl = side_plane(w, br->first + i);
        if (!pl) return -1;
        if (skips_side(w, br->first + i, K_ANY)) continue;
        if (bsp__fsub(bsp__dot(p, pl->n), pl->dist) > 0) return 0;
    }
    return br->count > 0;
}

bsp_status bsp_point_contents(const bsp_map *map, uint32_t model, const float p[3], int32_t *contents)
{
    const bsp__map *m = bsp__map_c(map);
    const float *pts[1];
    trace_work w;
    bsp_status st;
    uint32_t leaf_index, first, count, j, lo = 0, hi = 0xffffffffu;
    int32_t out = 0;
    int k;

    pts[0] = p;
    if (!contents) return BSP_E_BAD_ARGUMENT;
    /* quake, goldsrc, bsp2: hull 0's contents, the node tree every model
     * of theirs has (8.12) */
    if (m && m->family && m->family->coll && m->family->coll->kind == BSP_COLL_HULLS)
        return bsp_hull_contents(map, model, 0, p, contents);
    st = bsp__coll_args(m, 0, model, pts, 1);
    if (st != BSP_OK) return st;
    if (!m->coll_native) return BSP_E_NOT_LOADED;
    /* (brush_holds, side_plane and skips_side read these fields of w alone) */
    w.m = m;
    w.nat = m->coll_native;
    w.c = m->family->coll;
    w.q3 = BSPKIT_FAMILY_QUAKE3 && w.c->kind == BSP_COLL_Q3;
    w.valve = BSPKIT_FAMILY_SOURCE && w.c->valve;
    w.point = 1;
    k = w.q3 ? K_Q3 : K_ANY;
    w.bevel = BSPKIT_FAMILY_SOURCE && w.valve ? BSP__COLL_BEVEL : 0;
    if (Q3(&w) && model > 0) {
        const uint8_t *rec = BSP__REC(m->models, model);
        first = (uint32_t)bsp__field_getp(rec, &w.c->model_firstbrush);
        count = (uint32_t)bsp__field_getp(rec, &w.c->model_numbrushes);
        if (first > w.nat->num_brushes || count > w.nat->num_brushes - first) return BSP_E_CORRUPT;
    } else {
        const bsp__cleaf *lf;
        st = bsp_point_leaf(map, Q3(&w) ? 0 : model, p, &leaf_index);
        if (st != BSP_OK) return st;
        lf = &w.nat->leafs[leaf_index];
        if (!Q3(&w)) {
            /* quake2: the leaf's own contents; source: and the brushes
             * holding p; nightfire: a solid leaf is solid */
            out = lf->contents;
            if (!w.valve && !(BSPKIT_FAMILY_NIGHTFIRE && w.c->solid_leaf)) {
                *contents = out;
                return BSP_OK;
            }
            if (BSPKIT_FAMILY_NIGHTFIRE && w.c->solid_leaf && out == (int32_t)w.c->solid_leaf) {
                *contents = out;
                return BSP_OK;
            }
        }
        first = lf->first;
        count = lf->count;
        if (first == BSP__COLL_BAD) return BSP_E_CORRUPT;
        if (Q3(&w)) {
            lo = w.nat->world_lo;
            hi = w.nat->world_hi;
        }
    }
    for (j = 0; j < count; j++) {
        uint32_t b = first + j;
        int in;
        if (!(Q3(&w) && model > 0)) {
            b = w.nat->leafbrushes[b];
            if (b < lo || b >= hi) continue;
        }
        in = brush_holds(&w, b, p);
        if (in < 0) return BSP_E_CORRUPT;
        if (!in) continue;
        /* nightfire: the leaf types, 2 inside a brush, 1 out */
        if (!Q3(&w) && !w.valve) {
            *contents = (int32_t)w.c->solid_leaf;
            return BSP_OK;
        }
        out |= w.nat->brushes[b].contents;
    }
    *contents = Q3(&w) || w.valve ? out : 1;
    return BSP_OK;
}

#endif
