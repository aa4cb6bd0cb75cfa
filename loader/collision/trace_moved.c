/* SPDX-License-Identifier: MIT */
/* trace_moved.c - traces and contents against a moved or turned model
 * (docs/queries.md 8.10): the engines' CM_TransformedBoxTrace and
 * CM_TransformedPointContents around bsp_trace and bsp_point_contents.
 * Quake 2's turn (source and nightfire take it too) is AngleVectors with
 * the right vector negated, and its normals come back through the vectors
 * of the negated angles; Quake 3's is the matrix of the same vectors and
 * its transpose; the hull families move only. */
#include "angles.h"
#include "../core/map.h"

#if BSPKIT_COLLISION

/* Quake 2's turn of p: (p.forward, -p.right, p.up); Quake 3's RotatePoint
 * by its matrix (forward, -right, up) rows is the same numbers, a product
 * by -right being the negated product. */
static void turn(const float v[3][3], const float p[3], float out[3])
{
    float t[3];
    t[0] = p[0], t[1] = p[1], t[2] = p[2];
    out[0] = bsp__dot(t, v[0]);
    out[1] = -bsp__dot(t, v[1]);
    out[2] = bsp__dot(t, v[2]);
}

/* The checks the transformed queries add before the plain ones: NULL,
 * then origin and angles finite and the angles within BSP__ANGLE_MAX
 * (BAD_QUERY), then (the hull families) angles that are not 0
 * (UNSUPPORTED); *turned: an angle is not 0. */
static bsp_status moved_args(const bsp__map *m, const float origin[3], const float angles[3], int *turned)
{
    uint32_t i;
    if (!m || !m->family || !origin || !angles) return BSP_E_BAD_ARGUMENT;
    if (!bsp__finite3(origin) || !bsp__finite3(angles)) return BSP_E_BAD_QUERY;
    *turned = 0;
    for (i = 0; i < 3; i++) {
        if (!(bsp__fabs(angles[i]) <= BSP__ANGLE_MAX)) return BSP_E_BAD_QUERY;
        if (angles[i] != 0) *turned = 1;
    }
    return BSP_OK;
}

static int hull_family(const bsp__map *m)
{
    return m->family->coll && m->family->coll->kind == BSP_COLL_HULLS;
}

bsp_status bsp_trace_transformed(const bsp_map *map, uint32_t model, const float start[3],
                                 const float end[3], const float mins[3], const float maxs[3],
                                 uint32_t mask, const float origin[3], const float angles[3],
                                 bsp_trace_result *out)
{
    const bsp__map *m = bsp__map_c(map);
    float v[3][3], p[4][3], n[3], from[2][3];   /* (from: start, end, read before out is written) */
    int turned, q3;
    uint32_t i;
    bsp_status st;
    if (!start || !end || !mins || !maxs || !out) return BSP_E_BAD_ARGUMENT;
    st = moved_args(m, origin, angles, &turned);
    if (st != BSP_OK) return st;
    for (i = 0; i < 3; i++) from[0][i] = start[i], from[1][i] = end[i];
    start = from[0], end = from[1];
    q3 = BSPKIT_FAMILY_QUAKE3 && m->family->coll && m->family->coll->kind == BSP_COLL_Q3;
    if (hull_family(m)) {
        /* the engines move hull models only (SV_ClipMoveToEntity) */
        if (turned) return BSP_E_UNSUPPORTED;
        for (i = 0; i < 3; i++) {
            p[0][i] = bsp__fsub(start[i], origin[i]);
            p[1][i] = bsp__fsub(end[i], origin[i]);
        }
        st = bsp_trace(map, model, p[0], p[1], mins, maxs, mask, out);
        if (st != BSP_OK) return st;
        for (i = 0; i < 3; i++)
            out->endpos[i] = out->fraction == 1 ? end[i] : bsp__fadd(out->endpos[i], origin[i]);
        return BSP_OK;
    }
    for (i = 0; i < 3; i++) {
        if (q3) {
            /* Quake 3 makes the box symmetric first, then moves it */
            float offset = bsp__fmul(bsp__fadd(mins[i], maxs[i]), 0.5f);
            p[2][i] = bsp__fsub(mins[i], offset);
            p[3][i] = bsp__fsub(maxs[i], offset);
            p[0][i] = bsp__fsub(bsp__fadd(start[i], offset), origin[i]);
            p[1][i] = bsp__fsub(bsp__fadd(end[i], offset), origin[i]);
        } else {
            p[2][i] = mins[i];
            p[3][i] = maxs[i];
            p[0][i] = bsp__fsub(start[i], origin[i]);
            p[1][i] = bsp__fsub(end[i], origin[i]);
        }
    }
    if (turned) {
        bsp__angle_vectors(angles, v[0], v[1], v[2]);
        turn((const float(*)[3])v, p[0], p[0]);
        turn((const float(*)[3])v, p[1], p[1]);
    }
    st = bsp_trace(map, model, p[0], p[1], p[2], p[3], mask, out);
    if (st != BSP_OK) return st;
    if (turned && out->fraction != 1 && out->has_plane) {
        for (i = 0; i < 3; i++) n[i] = out->normal[i];
        if (q3) {
            /* the transpose of (forward, -right, up) */
            float col[3];
            for (i = 0; i < 3; i++) {
                col[0] = v[0][i], col[1] = -v[1][i], col[2] = v[2][i];
                out->normal[i] = bsp__dot(col, n);
            }
        } else {
            /* id's "FIXME": the vectors of the negated angles */
            float neg[3];
            for (i = 0; i < 3; i++) neg[i] = -angles[i];
            bsp__angle_vectors(neg, v[0], v[1], v[2]);
            turn((const float(*)[3])v, n, out->normal);
        }
    }
    /* endpos in the world's frame, from the fraction even at 1 */
    for (i = 0; i < 3; i++)
        out->endpos[i] = bsp__fadd(start[i], bsp__fmul(out->fraction, bsp__fsub(end[i], start[i])));
    return BSP_OK;
}

bsp_status bsp_point_contents_transformed(const bsp_map *map, uint32_t model, const float p[3],
                                          const float origin[3], const float angles[3],
                                          int32_t *contents)
{
    const bsp__map *m = bsp__map_c(map);
    float v[3][3], q[3];
    int turned;
    uint32_t i;
    bsp_status st;
    if (!p || !contents) return BSP_E_BAD_ARGUMENT;
    st = moved_args(m, origin, angles, &turned);
    if (st != BSP_OK) return st;
    /* the engines move hull models only (hull 0's contents, 8.12) */
    if (hull_family(m) && turned) return BSP_E_UNSUPPORTED;
    for (i = 0; i < 3; i++) q[i] = bsp__fsub(p[i], origin[i]);
    if (turned) {
        bsp__angle_vectors(angles, v[0], v[1], v[2]);
        turn((const float(*)[3])v, q, q);
    }
    return bsp_point_contents(map, model, q, contents);
}

#endif
