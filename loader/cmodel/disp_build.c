/* SPDX-License-Identifier: MIT */
/* disp_build.c - Source terrain's collision, built at load (docs/queries.md
 * 8.14): each displacement's vertex grid over its base face, its
 * triangles' planes and flags, and its bounds, into the region whose
 * layout disp_build.h gives.
 *
 * A first pass over the faces, in face order, finds each displacement's
 * base face (the first with its dispinfo and 4 edges); then a few
 * displacements per step. Every float operation is the contract's, in its
 * order.
 */
#include "disp_build.h"
#include "../core/map.h"
#include "../core/fmath.h"

#if BSP__DISPCOLL

#define DISPINFO_VERT_START 12
#define DISPINFO_TRI_START 16
#define DISPINFO_POWER 20
#define DISPINFO_MINTESS 24
#define DISPINFO_CONTENTS 32
#define DISPVERT_BYTES 20u
#define DISPTRI_BYTES 2u
/* the flag bit minTess carries its flags with */
#define MINTESS_FLAGS 0x80000000u
#define DIST_EPSILON 0.03125f      /* DISPCOLL_DIST_EPSILON (the sweep's) */

/* lump k of the three (dispinfo, disp verts, disp tris); -1: none */
int bsp__disp_lump(const struct bsp_family *f, uint32_t k)
{
    const struct bsp__collision *c = bsp__coll_of(f);
    return c && c->has_disps && k < 3 ? c->disp_lumps[k] : -1;
}

/* Lump k's bytes in the arena (NULL: not loaded). */
static const uint8_t *data(const bsp__map *m, uint32_t k)
{
    int lump = bsp__disp_lump(m->family, k);
    return lump >= 0 ? m->lump_data[lump] : NULL;
}

/* The three lumps' record counts; 0 displacements when there are none. */
static void disp_counts(const bsp_header *h, uint32_t n[3])
{
    uint32_t k;
    for (k = 0; k < 3; k++) {
        int lump = bsp__disp_lump(h->family, k);
        const bsp__layout *lay = lump >= 0 ? bsp__lump_layout(h, (uint32_t)lump) : NULL;
        n[k] = lay && lay->kind == BSP_LAYOUT_RECORDS && lay->record_size
             ? h->lumps[lump].size / lay->record_size : 0;
    }
}

/* The leafs lump's records as the header sizes it (0 without one): the
 * leaves the lists cover. */
static uint32_t leaf_records(const bsp_header *h)
{
    int lump = bsp__role_lump(h->family, BSP_ROLE_LEAFS);
    const bsp__layout *lay = lump >= 0 ? bsp__lump_layout(h, (uint32_t)lump) : NULL;
    return lay && lay->record_size && h->lumps[lump].length ? h->lumps[lump].size / lay->record_size : 0;
}

/* The lists' room: BSP__DISP_LIST_PER entries per displacement (a file
 * with more than the traces take is refused at build, so no more room
 * than for those). */
static uint32_t list_cap(uint32_t disps)
{
    return (disps < BSP_TRACE_DISPS_MAX ? disps : BSP_TRACE_DISPS_MAX) * BSP__DISP_LIST_PER;
}

/* Bytes before the lists: the records, vertex and triangle slots. */
static uint32_t slots_bytes(const uint32_t n[3])
{
    return n[0] * BSP__DISP_REC_BYTES + n[1] * BSP__DISP_VERT_BYTES + n[2] * BSP__DISP_SLOT_BYTES;
}

/* The lists' bytes: a first per leaf and one, 2 per entry, 4-aligned. */
static uint64_t lists_bytes(uint32_t leafs, uint32_t disps)
{
    return ((uint64_t)leafs + 1) * 4 + ((uint64_t)list_cap(disps) * 2 + 3) / 4 * 4;
}

bsp_status bsp__disp_region(const bsp_header *h, int collision, uint32_t *bytes)
{
    uint32_t n[3];
    uint64_t total;
    *bytes = 0;
    if (!collision) return BSP_OK;
    disp_counts(h, n);
    if (!n[0]) return BSP_OK;
    /* (each below 2^30 records: lump sizes are 32-bit) */
    if (n[0] > 0xffffffffu / 4 / BSP__DISP_REC_BYTES || n[1] > 0xffffffffu / 4 / BSP__DISP_VERT_BYTES ||
        n[2] > 0xffffffffu / 4 / BSP__DISP_SLOT_BYTES)
        return BSP_E_BAD_LUMP;
    total = (uint64_t)slots_bytes(n) + lists_bytes(leaf_records(h), n[0]);
    if (total > 0xffffffffu - 64u) return BSP_E_BAD_LUMP;
    *bytes = (uint32_t)total;
    return BSP_OK;
}

uint32_t bsp__disp_scratch(const bsp_header *h)
{
    uint32_t n[3];
    disp_counts(h, n);
    return n[0] ? (n[1] + n[2] + 7) / 8 : 0;
}


static void put_f32(uint8_t *p, float f)
{
    union { float f; uint32_t u; } v;
    v.f = f;
    bsp__put_u32(p, v.u);
}

static void wr3(uint8_t *p, const float v[3])
{
    put_f32(p, v[0]);
    put_f32(p + 4, v[1]);
    put_f32(p + 8, v[2]);
}

/* Claim `n` slots from `first` in the bitmap; 0 when one was taken. */
static int claim(uint8_t *bits, uint32_t first, uint32_t n)
{
    uint32_t i;
    for (i = first; i < first + n; i++) {
        if (bits[i >> 3] >> (i & 7) & 1) return 0;
        bits[i >> 3] |= (uint8_t)(1u << (i & 7));
    }
    return 1;
}

void bsp__disp_normalize(float v[3])
{
    float r = bsp__fdiv(1.0f, bsp__fsqrt(bsp__fadd(bsp__dot(v, v), 1e-10f)));
    v[0] = bsp__fmul(v[0], r);
    v[1] = bsp__fmul(v[1], r);
    v[2] = bsp__fmul(v[2], r);
}

/* Grow box (lo, hi at out) to hold (blo, bhi); `first`: set it. */
static void grow(uint8_t *node0, uint32_t level, uint32_t k, const float blo[3], const float bhi[3], int first)
{
    uint32_t j;
    for (j = 0; j < 3; j++) {
        uint8_t *l = node0 + bsp__disp_node_float(level, k, j), *h = node0 + bsp__disp_node_float(level, k, 3 + j);
        if (first || blo[j] < bsp__f32(l)) put_f32(l, blo[j]);
        if (first || bhi[j] > bsp__f32(h)) put_f32(h, bhi[j]);
    }
}

/* The cells' boxes (rows of four, disp_build.h) and the quadtree's, from
 * the smallest blocks up: each the union of its four parts. */
static void boxes(bsp__map *m, uint32_t vs, uint32_t ts, uint32_t power)
{
    uint32_t n = (1u << power) + 1, cells = 1u << (2 * power), z, L;
    uint8_t *cell0 = (uint8_t *)bsp__disp_cells(m, ts), *node0 = (uint8_t *)bsp__disp_node(m, ts, 0);
    for (z = 0; z < cells; z++) {
        uint32_t r = 0, c = 0, b, h, j;
        float lo[3], hi[3];
        for (b = 0; b < power; b++) {
            c |= (z >> (2 * b) & 1u) << b;
            r |= (z >> (2 * b + 1) & 1u) << b;
        }
        for (h = 0; h < 4; h++) {
            float v[3];
            bsp__vread(m->disp_verts.data + ((size_t)vs + (r + (h >> 1)) * n + c + (h & 1)) * BSP__DISP_VERT_BYTES, v);
            for (j = 0; j < 3; j++) {
                if (!h || v[j] < lo[j]) lo[j] = v[j];
                if (!h || v[j] > hi[j]) hi[j] = v[j];
            }
        }
        for (j = 0; j < 3; j++) {
            put_f32(cell0 + bsp__disp_cell_float(z, j), lo[j]);
            put_f32(cell0 + bsp__disp_cell_float(z, 3 + j), hi[j]);
        }
        /* its level-1 block */
        grow(node0, BSP__DISP_LEVEL(power, 1), z >> 2, lo, hi, !(z & 3));
    }
    for (L = 2; L <= power; L++) {
        uint32_t k, count = 1u << (2 * (power - L + 1));
        for (k = 0; k < count; k++) {
            float lo[3], hi[3];
            uint32_t j;
            for (j = 0; j < 3; j++) {
                lo[j] = bsp__f32(node0 + bsp__disp_node_float(BSP__DISP_LEVEL(power, L - 1), k, j));
                hi[j] = bsp__f32(node0 + bsp__disp_node_float(BSP__DISP_LEVEL(power, L - 1), k, 3 + j));
            }
            grow(node0, BSP__DISP_LEVEL(power, L), k >> 2, lo, hi, !(k & 3));
        }
    }
}

/* The 9 edge planes of the triangle (a, b, c) = v (disp_build.h's
 * layout), as its box sweep took them on every query before: each float
 * operation the same, in the same order, so the planes' bits are. */
static void edge_planes(const float v[3][3], uint8_t *out)
{
    uint32_t ax, g, bits = 0, q = 0;
    for (ax = 0; ax < 3; ax++) {
        uint32_t i = ax == 0 ? 1 : 0, j = ax == 2 ? 1 : 2;
        for (g = 0; g < 3; g++, q++) {
            const float *on = v[g], *off = v[(g + 2) % 3];
            float e[3], m[3], dd, od;
            uint8_t *p = out + 4 + 12 * q;
            bsp__vsub(v[(g + 1) % 3], on, e);
            if (ax == 0) m[0] = 0, m[1] = e[2], m[2] = -e[1];
            else if (ax == 1) m[0] = -e[2], m[1] = 0, m[2] = e[0];
            else m[0] = e[1], m[1] = -e[0], m[2] = 0;
            bsp__disp_normalize(m);
            if (m[i] == 0 || m[j] == 0) {
                bits |= BSP__DISP_EDGE_SKIP(q);
                bsp__fill(p, 0, 12);
                continue;
            }
            dd = bsp__fadd(bsp__fmul(m[i], on[i]), bsp__fmul(m[j], on[j]));
            od = bsp__fadd(bsp__fmul(m[i], off[i]), bsp__fmul(m[j], off[j]));
            if (!(bsp__fabs(bsp__fsub(od, dd)) < DIST_EPSILON) && od > dd) {
                m[i] = -m[i], m[j] = -m[j];
                dd = -dd;
                bits |= BSP__DISP_EDGE_TURNED(q);
            }
            put_f32(p, m[i]);
            put_f32(p + 4, m[j]);
            put_f32(p + 8, dd);
        }
    }
    bsp__put_u32(out, bits);
}

/* Build displacement i (its record holds its base face). */
static bsp_status build_one(bsp__map *m, const uint8_t *info, uint8_t *rec, uint8_t *bits)
{
    const uint8_t *face;
    uint8_t *verts = (uint8_t *)m->disp_verts.data, *tris = (uint8_t *)m->disp_tris.data;
    const uint8_t *dv = data(m, 1);
    const uint8_t *dt = data(m, 2);
    int32_t power = bsp__i32(info + DISPINFO_POWER), vs = bsp__i32(info + DISPINFO_VERT_START);
    int32_t ts = bsp__i32(info + DISPINFO_TRI_START), f = bsp__i32(rec + BSP__DISP_FACE);
    uint32_t tess = bsp__u32(info + DISPINFO_MINTESS), n, cells, k, r, c, j, nonfinite = 0;
    bsp__disp_grid g;

    if (power < 2 || power > 4 || f < 0) return BSP_E_CORRUPT;
    n = (1u << power) + 1;
    cells = (n - 1) * (n - 1);
    if (vs < 0 || (uint32_t)vs > m->disp_verts.count || n * n > m->disp_verts.count - (uint32_t)vs ||
        ts < 0 || (uint32_t)ts > m->disp_tris.count || 2 * cells > m->disp_tris.count - (uint32_t)ts)
        return BSP_E_CORRUPT;
    if (!claim(bits, (uint32_t)vs, n * n) || !claim(bits, m->disp_verts.count + (uint32_t)ts, 2 * cells))
        return BSP_E_CORRUPT;
    face = m->faces.data + (size_t)f * m->faces.stride;
    if (!bsp__disp_grid_begin(&g, m, face, info, n)) return BSP_E_CORRUPT;
    for (r = 0; r < n; r++) {
        float A[3], S[3];
        bsp__disp_grid_row(&g, r, A, S);
        for (c = 0; c < n; c++) {
            float p[3];
            bsp__disp_grid_vertex(A, S, c, dv + ((size_t)vs + r * n + c) * DISPVERT_BYTES, p);
            wr3(verts + ((size_t)vs + r * n + c) * BSP__DISP_VERT_BYTES, p);
            for (j = 0; j < 3; j++)
                if (!(bsp__fsub(p[j], p[j]) == 0)) nonfinite = BSP__DISP_NONFINITE;   /* inf or NaN */
        }
    }
    /* triangles: cell (r, c) split as Valve's checkerboard */
    for (k = 0; k < 2 * cells; k++) {
        uint32_t idx[3];
        float p[3][3], e1[3], e2[3], nn[3], alpha = 0;
        uint32_t flags, tags = bsp__u16(dt + ((size_t)ts + k) * DISPTRI_BYTES);
        uint8_t *t = tris + ((size_t)ts + k) * BSP__DISP_TRI_BYTES;
        bsp__disp_tri(n, k, idx);
        for (j = 0; j < 3; j++) {
            bsp__vread(verts + ((size_t)vs + idx[j]) * BSP__DISP_VERT_BYTES, p[j]);
            alpha = bsp__fadd(alpha, bsp__f32(dv + ((size_t)vs + idx[j]) * DISPVERT_BYTES + 16));
        }
        for (j = 0; j < 3; j++) {
            e1[j] = bsp__fsub(p[2][j], p[0][j]);
            e2[j] = bsp__fsub(p[1][j], p[0][j]);
        }
        nn[0] = bsp__fmsub(e1[1], e2[2], e1[2], e2[1]);
        nn[1] = bsp__fmsub(e1[2], e2[0], e1[0], e2[2]);
        nn[2] = bsp__fmsub(e1[0], e2[1], e1[1], e2[0]);
        bsp__disp_normalize(nn);
        wr3(t, nn);
        put_f32(t + 12, bsp__dot(nn, p[0]));
        flags = (tags & 31u) | (alpha > 382.5f ? 16u : 8u) | 1u;
        bsp__put_u32(t + 16, flags);
        edge_planes((const float (*)[3])p, (uint8_t *)bsp__disp_edges(m, (uint32_t)ts + k));
    }
    boxes(m, vs, ts, (uint32_t)power);
    /* the bounds: the quadtree's root, the union of the cells' boxes
     * (8.14), the very floats the trace's cull of the root would read,
     * so a trace that culled the bounds has culled the root */
    for (j = 0; j < 6; j++) put_f32(rec + BSP__DISP_LO + 4 * j, bsp__f32(bsp__disp_node(m, (uint32_t)ts, 0) + 4 * j));
    bsp__put_u32(rec + BSP__DISP_CONTENTS, bsp__u32(info + DISPINFO_CONTENTS));
    bsp__put_u32(rec + BSP__DISP_FLAGS, (tess & MINTESS_FLAGS ? tess & ~MINTESS_FLAGS : 0) | nonfinite);
    bsp__put_u32(rec + BSP__DISP_POWER, (uint32_t)power);
    bsp__put_u32(rec + BSP__DISP_VSTART, (uint32_t)vs);
    bsp__put_u32(rec + BSP__DISP_TSTART, (uint32_t)ts);
    return BSP_OK;
}

bsp_status bsp__disps_build(bsp__map *m, const bsp_header *h, uint8_t *region, uint8_t *scratch,
                            bsp__disp_cursor *cur, uint32_t budget, uint32_t *did, int *done)
{
    const struct bsp_family *fam = m->family;
    const bsp__layout *lay = bsp__lump_layout(h, (uint32_t)bsp__disp_lump(fam, 0));
    uint32_t n[3], stride = lay->record_size, i;
    const uint8_t *info = data(m, 0);

    disp_counts(h, n);
    m->disps.data = region;
    m->disps.count = n[0];
    m->disps.stride = BSP__DISP_REC_BYTES;
    m->disp_verts.data = region + n[0] * BSP__DISP_REC_BYTES;
    m->disp_verts.count = n[1];
    m->disp_verts.stride = BSP__DISP_VERT_BYTES;
    m->disp_tris.data = m->disp_verts.data + n[1] * BSP__DISP_VERT_BYTES;
    m->disp_tris.count = n[2];
    m->disp_tris.stride = BSP__DISP_TRI_BYTES;
    /* (the lists' place, filled once the whole region is built) */
    m->disp_leafs = leaf_records(h);
    m->disp_list_cap = list_cap(n[0]);
    m->disp_first = (const uint32_t *)(const void *)(region + slots_bytes(n));
    m->disp_list = (const uint16_t *)(const void *)(m->disp_first + m->disp_leafs + 1);
    *did = 0;
    *done = 0;
    if (n[0] > BSP_TRACE_DISPS_MAX) return BSP_E_CORRUPT;
    if (cur->phase == 0) {
        /* base faces: every record unclaimed, every slot free; then the
         * first face of each displacement with 4 edges, in face order */
        if (!m->faces.data || !m->surfedges.data || !m->edges.data || !m->vertexes.data ||
            !data(m, 0) || !data(m, 1) || !data(m, 2))
            return n[0] ? BSP_E_CORRUPT : BSP_OK;
        bsp__fill(scratch, 0, (n[1] + n[2] + 7) / 8);
        for (i = 0; i < n[0]; i++) bsp__put_u32(region + i * BSP__DISP_REC_BYTES + BSP__DISP_FACE, 0xffffffffu);
        for (i = 0; i < m->faces.count; i++) {
            const uint8_t *f = m->faces.data + (size_t)i * m->faces.stride;
            int32_t d = bsp__field_get(f, fam->faces.face_dispinfo);
            uint8_t *rec;
            if (d < 0 || (uint32_t)d >= n[0] || bsp__field_get(f, fam->faces.face_numedges) != 4) continue;
            rec = region + (size_t)d * BSP__DISP_REC_BYTES;
            if (bsp__i32(rec + BSP__DISP_FACE) < 0) bsp__put_u32(rec + BSP__DISP_FACE, i);
        }
        *did = m->faces.count * m->faces.stride;
        cur->phase = 1;
        cur->next = 0;
        cur->bytes = 0;
        return BSP_OK;
    }
    for (; cur->next < n[0] && (*did == 0 || *did < budget); cur->next++) {
        uint8_t *rec = region + (size_t)cur->next * BSP__DISP_REC_BYTES;
        const uint8_t *di = info + (size_t)cur->next * stride;
        bsp_status st = build_one(m, di, rec, scratch);
        uint32_t power = bsp__u32(di + DISPINFO_POWER);
        if (st != BSP_OK) return st;
        uint32_t side = (1u << power) + 1;
        *did += BSP__DISP_REC_BYTES + side * side * BSP__DISP_VERT_BYTES +
                2 * (side - 1) * (side - 1) * BSP__DISP_SLOT_BYTES;
    }
    cur->bytes += *did;
    if (cur->next < n[0]) return BSP_OK;
    /* (the progress figures: the slots no displacement used count too,
     * and the lists, which the load fills next) */
    *did += (uint32_t)(slots_bytes(n) + lists_bytes(m->disp_leafs, n[0])) - cur->bytes;
    *done = 1;
    return BSP_OK;
}

#endif
