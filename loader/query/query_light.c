/* SPDX-License-Identifier: MIT */
/* query_light.c - the lightmap sample of a face at a point and the light at
 * a point (docs/queries.md sections 4-5), one implementation for every family
 * over the bsp__lightmap each family's face_lightmap fills in (Quake 3's
 * surfaces have their own rule: face_luxel). */
#include "query.h"
#include "face_light.h"
#include "../core/map.h"
#include "../cmodel/coll_native.h"

/* Deepest stack of pending far sides a light trace may need: one entry per
 * plane the downward segment crosses on the way to a leaf. Real trees stay
 * far below this; a deeper one is reported as corrupt. */
#define TRACE_STACK 128
#define TRACE_DEPTH 32768.0f

#if BSP__USE_FACE_LIGHT
#ifdef __OPTIMIZE_SIZE__
#define FACE_SAMPLE_FN static
#else
/* inlined into their callers: the light walk runs them for every face it
 * tries */
#define FACE_SAMPLE_FN BSP_ALWAYS_INLINE
#endif

/* u, v of point p in the face's lightmap space, before rounding. */
static void lightmap_coords(const bsp__face_light *r, const float p[3], float uv[2])
{
    int k;
    for (k = 0; k < 2; k++)
        uv[k] = bsp__fdiv(bsp__fsub(bsp__fadd(bsp__dot(p, r->vecs[k]), r->vecs[k][3]), r->base[k]),
                          r->scale);
}

/* The sample at p of a face whose block for the slot starts at byte
 * `first` (section 4) into *out: 1; 0 when `covering` (section 5, slot 0:
 * r->umax, r->vmax hold) and p maps outside its samples. The block's first
 * byte and the offset in it are below the lighting lump's size
 * (bsp__has_lightmap checked the whole block), so size_t holds them. */
/* Luxel (i, j) of the face's block at byte `first` into *out. */
FACE_SAMPLE_FN void face_sample_fill(const bsp__map *m, uint32_t face, const bsp__face_light *r,
                                     uint32_t first, int32_t i, int32_t j, int grey, bsp_sample *out)
{
    const uint8_t *s = m->lighting.data + (size_t)first +
                       ((size_t)j * (size_t)r->w + (size_t)i) * r->bytes_per_luxel;
    out->face = (int32_t)face;
    out->s = i;
    out->t = j;
    /* (Quake's grey light without the call) */
    if (grey)
        bsp__sample_grey(out, s);
    else
        bsp__sample_light(m, out, s, r->bytes_per_luxel);
}

FACE_SAMPLE_FN int face_sample_at(const bsp__map *m, uint32_t face, const bsp__face_light *r,
                                  uint32_t first, const float p[3], int covering, bsp_sample *out)
{
    float uv[2];
    lightmap_coords(r, p, uv);
    if (covering && !(uv[0] >= 0.0f && uv[0] <= r->umax && uv[1] >= 0.0f && uv[1] <= r->vmax))
        return 0;
    face_sample_fill(m, face, r, first, bsp__floor_clamp(bsp__fadd(uv[0], 0.5f), 0, r->w - 1),
                     bsp__floor_clamp(bsp__fadd(uv[1], 0.5f), 0, r->h - 1),
                     r->bytes_per_luxel == 1 && !(BSP__USE_BSPX && m->light.hdr), out);
    return 1;
}

/* face_sample_at for a READY0 face in the light walk (covering, slot 0):
 * t is worked out only when s lies on the face, and the rounding needs
 * neither floor nor clamp: u >= 0 (a NaN fails the test) makes u + 0.5
 * positive, where truncation is the floor, and u <= w - 1 with w at most
 * 2^22 (READY0) keeps it below w, as 0 .. w - 1 asks. */
#ifdef __OPTIMIZE_SIZE__
/* (a build for size keeps the one sampling path) */
#define ready_sample(m, face, r, p, out) face_sample_at(m, face, r, (r)->first, p, 1, out)
#else
FACE_SAMPLE_FN int ready_sample(const bsp__map *m, uint32_t face, const bsp__face_light *r,
                                const float p[3], bsp_sample *out)
{
    float u, v;
    u = bsp__fdiv(bsp__fsub(bsp__fadd(bsp__dot(p, r->vecs[0]), r->vecs[0][3]), r->base[0]), r->scale);
    if (!(u >= 0.0f && u <= r->umax)) return 0;
    v = bsp__fdiv(bsp__fsub(bsp__fadd(bsp__dot(p, r->vecs[1]), r->vecs[1][3]), r->base[1]), r->scale);
    if (!(v >= 0.0f && v <= r->vmax)) return 0;
    face_sample_fill(m, face, r, r->first, (int32_t)bsp__fadd(u, 0.5f), (int32_t)bsp__fadd(v, 0.5f),
                     (r->flags & BSP__FL_GREY0) != 0, out);
    return 1;
}
#endif

/* The face's lightmap sample for `slot` at p into *out (section 4), from
 * its record r (face_light.h): 1; 0 if the face has no lightmap, or, with
 * `covering` (section 5, slot 0), if p maps outside its samples; -1 with
 * *st on error (no_lightmap before corrupt: a face lit for the slot whose
 * extents cannot be computed is corrupt). */
FACE_SAMPLE_FN int face_sample(const bsp__map *m, uint32_t face, const bsp__face_light *r,
                               const float p[3], uint32_t slot, int covering, bsp_sample *out,
                               bsp_status *st)
{
    uint32_t first = r->first;

    if (r->status != BSP_OK) {
        *st = (bsp_status)r->status;
        return -1;
    }
    if (slot == 0) {
        if (r->flags & BSP__FL_BROKEN0) {
            *st = BSP_E_CORRUPT;
            return -1;
        }
        if (!(r->flags & BSP__FL_LIT0)) return 0;
    } else {
        bsp__lightmap lm;
        bsp__face_light_lightmap(m, face, r, &lm);
        if (bsp__lit_but_broken(m, &lm, slot)) {
            *st = BSP_E_CORRUPT;
            return -1;
        }
        if (!bsp__has_lightmap(m, &lm, slot, &first)) return 0;
    }
    return face_sample_at(m, face, r, first, p, covering, out);
}

/* Face `face`'s record: the load's, or made now into *tmp (a map loaded
 * without the table, or a face past the load's budget). */
static const bsp__face_light *face_record(const bsp__map *m, uint32_t face, bsp__face_light *tmp)
{
    if (m->face_light && !(m->face_light[face].flags & BSP__FL_LATER)) return &m->face_light[face];
    bsp__face_light_make(m, face, tmp);
    return tmp;
}
#endif

#if BSP__HL2_XBOX
/* A description without lightmaps (the original Xbox's Half-Life 2,
 * docs/queries.md 13.5: its light lies in pages no document places): every
 * face answers no_lightmap once the lighting set is loaded (its texinfo, as
 * on PC Source), never light read from a lump that is not a lightmap. */
static bsp_status unlit_answer(const bsp__map *m)
{
    if (m->texinfo.data) return BSP_E_NO_LIGHTMAP;
    return bsp__lump_absent(m, bsp__role_lump(m->family, BSP_ROLE_TEXINFO), BSP_E_NO_LIGHTMAP);
}
#define UNLIT(m) (bsp__role_lump((m)->family, BSP_ROLE_LIGHTING) < 0)
#else
#define UNLIT(m) 0
#define unlit_answer(m) BSP_E_NO_LIGHTMAP
#endif

bsp_status bsp__point_query_args(const bsp__map *m, const float p[3], const void *out)
{
    if (!m || !m->family || !out) return BSP_E_BAD_ARGUMENT;
    if (!p || !bsp__finite3(p)) return BSP_E_BAD_QUERY;
    return BSP_OK;
}

bsp_status bsp_luxel(const bsp_map *map, int32_t face, const float p[3], uint32_t slot,
                     bsp_sample *out)
{
    const bsp__map *m = bsp__map_c(map);
    bsp_status st;

    if ((st = bsp__point_query_args(m, p, out)) != BSP_OK) return st;
    /* a face_luxel rule checks its own slot */
    if (!BSP__USE_FACE_LUXEL || !m->family->faces.face_luxel) {
        if (!m->family->faces.face_lightmap) return BSP_E_UNSUPPORTED;
        /* (LMSTYLE and LMSTYLE16 may give more slots: 10.3; without a
         * BSPX family the load sets style_slots to face_num_styles) */
        if (slot >= m->family->faces.face_num_styles && (!BSP__USE_BSPX || slot >= m->light.style_slots))
            return BSP_E_BAD_QUERY;
    }
    /* (no faces in the file: every face is outside the lump) */
    if (!m->faces.data) return bsp__lump_absent(m, bsp__faces_lump(m), BSP_E_BAD_FACE);
    if (face < 0 || (uint32_t)face >= m->faces.count) return BSP_E_BAD_FACE;
    if (UNLIT(m)) return unlit_answer(m);
    if (BSP__USE_FACE_LUXEL && m->family->faces.face_luxel) return m->family->faces.face_luxel(m, (uint32_t)face, p, slot, out);
#if BSP__USE_FACE_LIGHT
    {
        bsp__face_light tmp;
        const bsp__face_light *r = face_record(m, (uint32_t)face, &tmp);
        switch (face_sample(m, (uint32_t)face, r, p, slot, 0, out, &st)) {
        case -1: return st;
        case 0: return BSP_E_NO_LIGHTMAP;
        }
    }
    return BSP_OK;
#else
    return BSP_E_UNSUPPORTED;
#endif
}

#if BSP__USE_FACE_LIGHT

/* The first face of faces first .. first + count - 1 (a node's) that is
 * lit for slot 0 and whose lightmap covers `mid` (section 5); 1 with *out
 * filled, 0 for none, -1 with *st on error.
 *
 * *budget bounds the work of one trace by the loaded data. Node visits are
 * bounded by the node count, but hostile nodes may all list the same long
 * face range, and faces the same long edge loop (extents cost one step per
 * edge): unbounded, a trace would cost nodes * faces * edges (2.7e10
 * steps for a 200 KB map; test/programs/test_bounds.c builds it). In a valid map
 * each face lies on one node and has its own surfedges, so one trace tests
 * each face at most once and walks each surfedge at most once: a face costs
 * 1 plus its edge count (when the surfedges are loaded), and a trace that
 * spends more than faces + surfedges is corrupt. Both lie in one arena of
 * at most 4 GiB with records of at least 4 bytes, so the budget fits 32
 * bits, and so does a cost (at most 1 + INT32_MAX).
 *
 * budget NULL: the load proved the walk (light_fast; face_light.c
 * walk_proved: no walk exhausts the budget) and has the face records. */
FACE_SAMPLE_FN int node_face_hit(const bsp__map *m, uint32_t first, uint32_t count, const float mid[3],
                                 bsp_sample *out, bsp_status *st, uint32_t *budget)
{
    const bsp__face_light *tab = m->face_light;
    uint32_t k, end = first + count;
    for (k = first; k < end; k++) {
        bsp__face_light tmp;
        const bsp__face_light *r = &tmp;
        int hit;
        if (!budget || tab) r = &tab[k];
        else bsp__face_light_start(m, k, &tmp);
        if (budget) {
            if (r->cost > *budget) {
                *st = BSP_E_CORRUPT;
                return -1;
            }
            *budget -= r->cost;
        }
        /* (what nearly every face of a lit map is: one flag test) */
        if (r->flags & BSP__FL_READY0) {
            if (ready_sample(m, k, r, mid, out)) return 1;
            continue;
        }
        if (r->flags & BSP__FL_SKIP) continue;
        if (r->flags & BSP__FL_LATER) {
            bsp__face_light_make(m, k, &tmp);
            r = &tmp;
        }
        hit = face_sample(m, k, r, mid, 0, 1, out, st);
        if (hit) return hit;
    }
    return 0;
}

/* A far side still to visit: node's other child, from mid to end. */
typedef struct trace_frame {
    int32_t node;
    int32_t side;
    float mid, end;     /* heights: x and y are p's all along */
} trace_frame;

/* The walk of section 5 from p, its stack explicit: descend the near
 * side; when a leaf ends it, test the pending node's faces at its mid
 * point, then continue on that node's far side. `guarded`: the load did
 * not prove the walk (light_fast), so it spends a budget on faces
 * (node_face_hit), and when the tree is not proved a tree (map.h
 * point_tree) visits past the node count are corrupt (a walk in a tree
 * enters each node at most once). */
#ifdef __OPTIMIZE_SIZE__
#define LIGHT_WALK_FN static
#else
/* one copy a kind, so that a proved walk has no guard at all */
#define LIGHT_WALK_FN BSP_ALWAYS_INLINE
#endif
LIGHT_WALK_FN bsp_status light_walk(const bsp__map *m, const float p[3], bsp_sample *out,
                                    int guarded)
{
    trace_frame stack[TRACE_STACK];
    const bsp__pnode *nodes = m->point_tree.nodes, *pn;
    uint32_t depth = 0, visits = 0;
    uint32_t budget = guarded ? m->faces.count + m->surfedges.count : 0;
    int counted = guarded && !m->point_tree.tree;
    /* The segment is vertical: a split's mid point is start + (end -
     * start) * frac, and end - start is 0 in x and y (frac is finite: the
     * two distances have opposite signs and stay finite), so every mid
     * point has p's x and y, up to the sign of a zero, which no comparison,
     * floor or later sum of a node or face test can see. So x and y are
     * p's, a node's x, y part of the distance is the same at both ends and
     * one sum, and only the heights move. */
    float mid[3], zs = p[2], ze = bsp__fsub(p[2], TRACE_DEPTH);
    int32_t n = m->point_tree.world_head_at;
    bsp_status st = BSP_OK;

    mid[0] = p[0];
    mid[1] = p[1];
    for (;;) {
        const uint8_t *node;
        float xy, front, back, frac;
        int32_t side;
        if (n < 0) {
            const trace_frame *fr;
            int hit;
            if (depth == 0) return BSP_OK;
            fr = &stack[--depth];
            pn = bsp__pnode_at(nodes, fr->node);
            mid[2] = fr->mid;
            if (guarded) {
                /* (the file's node for its faces alone) */
                node = m->nodes.data + (size_t)BSP__PNODE_INDEX(fr->node) * m->nodes.stride;
                hit = node_face_hit(m, (uint32_t)bsp__field_get(node, m->family->tree.node_firstface),
                                    (uint32_t)bsp__field_get(node, m->family->tree.node_numfaces), mid, out,
                                    &st, &budget);
            } else {
                hit = node_face_hit(m, pn->first, pn->count, mid, out, &st, NULL);
            }
            if (hit) return hit > 0 ? BSP_OK : st;
            n = pn->child[!fr->side];
            zs = fr->mid;
            ze = fr->end;
            continue;
        }
        if (counted && ++visits > m->nodes.count) return BSP_E_CORRUPT;
        /* the point walks' node and its plane (map.h point_tree), the
         * distance by the file plane's rounded steps (query.h): dot(n, q)
         * is ((n.x*x + n.y*y) + n.z*z) */
        pn = bsp__pnode_at(nodes, n);
        if (pn->axis < 2) {
            /* x or y exactly (query.h): the distance is the coordinate's
             * less dist (the products by 1 and 0 exact, the zeros' sums
             * at most a zero's sign), the same at both ends: no split */
            n = pn->child[bsp__fsub(mid[pn->axis], pn->dist) < 0.0f];
            continue;
        }
        if (pn->axis == 2) {
            front = bsp__fsub(zs, pn->dist);
            back = bsp__fsub(ze, pn->dist);
        } else {
            xy = bsp__fadd(bsp__fmul(pn->n[0], mid[0]), bsp__fmul(pn->n[1], mid[1]));
            front = bsp__fsub(bsp__fadd(xy, bsp__fmul(pn->n[2], zs)), pn->dist);
            back = bsp__fsub(bsp__fadd(xy, bsp__fmul(pn->n[2], ze)), pn->dist);
        }
        side = front < 0.0f;
        if ((back < 0.0f) == side) {
            n = pn->child[side];
            continue;
        }
        if (depth == TRACE_STACK) return BSP_E_CORRUPT;
        frac = bsp__fdiv(front, bsp__fsub(front, back));
        stack[depth].node = n;
        stack[depth].side = side;
        stack[depth].mid = bsp__fadd(zs, bsp__fmul(bsp__fsub(ze, zs), frac));
        stack[depth].end = ze;
        ze = stack[depth].mid;
        depth++;
        n = pn->child[side];
    }
}

/* The two walks out of line, so that the answers at once below need none
 * of their registers or stack. */
#ifdef __OPTIMIZE_SIZE__
#define proved_walk(m, p, out) light_walk(m, p, out, 0)
#define guarded_walk(m, p, out) light_walk(m, p, out, 1)
#else
BSP_NOINLINE bsp_status proved_walk(const bsp__map *m, const float p[3], bsp_sample *out)
{
    return light_walk(m, p, out, 0);
}
BSP_NOINLINE bsp_status guarded_walk(const bsp__map *m, const float p[3], bsp_sample *out)
{
    return light_walk(m, p, out, 1);
}
#endif

bsp_status bsp_light_point(const bsp_map *map, const float p[3], bsp_sample *out)
{
    const bsp__map *m = bsp__map_c(map);
    const struct bsp_family *f;
    bsp_status st;

    /* A load's end set light_fast (face_light.h) on a map with a family, a
     * lighting role, node faces and face records: the statuses before the
     * walk come down to the point's (docs/queries.md 6: bad_query first,
     * even where the map has no light). */
#ifdef __OPTIMIZE_SIZE__
    /* (a build for size proves no walk: NONE is all it sets) */
    if ((st = bsp__point_query_args(m, p, out)) != BSP_OK) return st;
    if (m->light_fast) {
        out->face = -1;
        return BSP_OK;
    }
#else
    if (m && out && p && m->light_fast) {
        if (!bsp__finite3(p)) return BSP_E_BAD_QUERY;
        out->face = -1;
        if (m->light_fast == BSP__LIGHT_NONE) return BSP_OK;
        return proved_walk(m, p, out);
    }
    if ((st = bsp__point_query_args(m, p, out)) != BSP_OK) return st;
#endif
    f = m->family;
    if (!f->faces.face_lightmap || !f->tree.node_firstface.type)
        return BSP_E_UNSUPPORTED;
    out->face = -1;
    /* (no faces in the file: no lit face below p, nothing hit) */
    if (!m->faces.data) return bsp__lump_absent(m, bsp__faces_lump(m), BSP_OK);
    if (UNLIT(m)) return unlit_answer(m);
    /* (a map the load found without light, light_none, has light_fast
     * set once it has a lighting role: it answered above) */
    return guarded_walk(m, p, out);
}
#else
bsp_status bsp_light_point(const bsp_map *map, const float p[3], bsp_sample *out)
{
    bsp_status st = bsp__point_query_args(bsp__map_c(map), p, out);
    return st != BSP_OK ? st : BSP_E_UNSUPPORTED;
}
#endif
