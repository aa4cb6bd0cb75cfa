/* SPDX-License-Identifier: MIT */
/* query_ambient_q3.c - the Quake 3 light grid at a point (docs/queries.md 7):
 * ioquake3's R_SetupEntityLightingGrid without the renderer's scaling.
 * RBSP and FBSP (docs/queries.md 13.3) reach a cell's data through the
 * light array, a point of four style slots, by Raven's corner rule.
 * Every float operation goes through fmath.h, in the contract's order; floor and sqrt are written out (no libm), sqrt
 * correctly rounded as IEEE requires of sqrtf.
 */
#include "query.h"
#include "../core/map.h"

#if BSPKIT_FAMILY_QUAKE3 && BSPKIT_AMBIENT

#define Q3_LIGHTGRID 15
#define MODEL_MINS 0
#define MODEL_MAXS 12
/* Quake 3's 8-byte cell: ambient[3], directed[3], latLong[2]; Raven's
 * 30-byte point: ambient[4][3], directed[4][3], styles[4], latLong[2] */
#define Q3_CELL 8
#define Q3_LATLONG 6
#define RAVEN_POINT 30
#define RAVEN_DIRECTED 12
#define RAVEN_STYLES 24
#define RAVEN_LATLONG 28
#define RAVEN_SLOTS 4
#define LS_NONE 255

/* tr.sinTable[4 * b], IEEE single bits as docs/queries.md gives them. */
static const uint32_t sin_bits[256] = {
    0x00000000u, 0x3cc93cfcu, 0x3d492d70u, 0x3d96cea6u, 0x3dc8ef48u, 0x3dfaf0deu, 0x3e1665d7u, 0x3e2f3c03u,
    0x3e47f71au, 0x3e60934eu, 0x3e790ccdu, 0x3e88afe9u, 0x3e94c44du, 0x3ea0c1b5u, 0x3eaca647u, 0x3eb8702cu,
    0x3ec41d90u, 0x3ecfaca9u, 0x3edb1babu, 0x3ee668d1u, 0x3ef1925fu, 0x3efc969au, 0x3f03b9e7u, 0x3f091427u,
    0x3f0e5938u, 0x3f13884cu, 0x3f18a094u, 0x3f1da147u, 0x3f22899fu, 0x3f2758dau, 0x3f2c0e3au, 0x3f30a905u,
    0x3f352883u, 0x3f398c05u, 0x3f3dd2dcu, 0x3f41fc5eu, 0x3f4607e7u, 0x3f49f4d8u, 0x3f4dc294u, 0x3f517086u,
    0x3f54fe1cu, 0x3f586ac9u, 0x3f5bb606u, 0x3f5edf51u, 0x3f61e62cu, 0x3f64ca20u, 0x3f678abbu, 0x3f6a278fu,
    0x3f6ca036u, 0x3f6ef44eu, 0x3f712379u, 0x3f732d63u, 0x3f7511bau, 0x3f76d034u, 0x3f78688cu, 0x3f79da82u,
    0x3f7b25ddu, 0x3f7c4a6bu, 0x3f7d47fdu, 0x3f7e1e6eu, 0x3f7ecd9bu, 0x3f7f556au, 0x3f7fb5c5u, 0x3f7fee9eu,
    0x3f7fffecu, 0x3f7fe9adu, 0x3f7fabe3u, 0x3f7f4698u, 0x3f7eb9dcu, 0x3f7e05c5u, 0x3f7d2a6eu, 0x3f7c27fau,
    0x3f7afe90u, 0x3f79ae5eu, 0x3f783799u, 0x3f769a79u, 0x3f74d740u, 0x3f72ee32u, 0x3f70df9bu, 0x3f6eabcdu,
    0x3f6c531fu, 0x3f69d5edu, 0x3f67349bu, 0x3f646f8eu, 0x3f618737u, 0x3f5e7c07u, 0x3f5b4e77u, 0x3f57ff05u,
    0x3f548e34u, 0x3f50fc8au, 0x3f4d4a97u, 0x3f4978ebu, 0x3f45881fu, 0x3f4178ceu, 0x3f3d4b99u, 0x3f390124u,
    0x3f349a19u, 0x3f301724u, 0x3f2b78fdu, 0x3f26c058u, 0x3f21edefu, 0x3f1d0281u, 0x3f17fed1u, 0x3f12e3a5u,
    0x3f0db1c7u, 0x3f086a04u, 0x3f030d2eu, 0x3efb3830u, 0x3ef02f2bu, 0x3ee50113u, 0x3ed9af98u, 0x3ece3c7bu,
    0x3ec2a981u, 0x3eb6f874u, 0x3eab2b21u, 0x3e9f435bu, 0x3e9342fbu, 0x3e872bd9u, 0x3e75ffabu, 0x3e5d81a1u,
    0x3e44e14cu, 0x3e2c229eu, 0x3e134957u, 0x3df4b29bu, 0x3dc2acbbu, 0x3d9088c6u, 0x3d3c9cfau, 0x3cb01686u,
    0xbb4940ecu, 0xbce262deu, 0xbd55bd52u, 0xbd9d143bu, 0xbdcf3164u, 0xbe009745u, 0xbe1981fau, 0xbe3254f7u,
    0xbe4b0c66u, 0xbe63a476u, 0xbe7c195au, 0xbe8a33a5u, 0xbe964543u, 0xbea23faau, 0xbeae20feu, 0xbeb9e774u,
    0xbec59128u, 0xbed11c55u, 0xbedc8734u, 0xbee7cfffu, 0xbef2f4fau, 0xbefdf46bu, 0xbf046650u, 0xbf09bdf5u,
    0xbf0f0052u, 0xbf142c97u, 0xbf1941fau, 0xbf1e3facu, 0xbf2324ebu, 0xbf27f0f5u, 0xbf2ca30cu, 0xbf313a76u,
    0xbf35b67fu, 0xbf3a1674u, 0xbf3e59a9u, 0xbf427f75u, 0xbf468734u, 0xbf4a7049u, 0xbf4e3a14u, 0xbf51e402u,
    0xbf556d82u, 0xbf58d608u, 0xbf5c1d0du, 0xbf5f4211u, 0xbf624495u, 0xbf652424u, 0xbf67e04cu, 0xbf6a78a0u,
    0xbf6cecbau, 0xbf6f3c3au, 0xbf7166c2u, 0xbf736bfeu, 0xbf754b9du, 0xbf770556u, 0xbf7898e5u, 0xbf7a060bu,
    0xbf7b4c8fu, 0xbf7c6c40u, 0xbf7d64f0u, 0xbf7e367au, 0xbf7ee0bcu, 0xbf7f639eu, 0xbf7fbf09u, 0xbf7ff2f2u,
    0xbf7fff4eu, 0xbf7fe41du, 0xbf7fa162u, 0xbf7f3728u, 0xbf7ea57fu, 0xbf7dec7fu, 0xbf7d0c42u, 0xbf7c04edu,
    0xbf7ad6a7u, 0xbf7981a0u, 0xbf78060cu, 0xbf766426u, 0xbf749c2eu, 0xbf72ae6bu, 0xbf709b29u, 0xbf6e62bau,
    0xbf6c0577u, 0xbf6983bbu, 0xbf66ddecu, 0xbf641470u, 0xbf6127b8u, 0xbf5e1835u, 0xbf5ae662u, 0xbf5792bdu,
    0xbf541dc4u, 0xbf50880au, 0xbf4cd218u, 0xbf48fc81u, 0xbf4507dbu, 0xbf40f4c5u, 0xbf3cc3deu, 0xbf3875cdu,
    0xbf340b3cu, 0xbf2f84d9u, 0xbf2ae359u, 0xbf262770u, 0xbf2151dcu, 0xbf1c635bu, 0xbf175cb1u, 0xbf123ea3u,
    0xbf0d09fdu, 0xbf07bf8du, 0xbf026023u, 0xbef9d929u, 0xbeeecb71u, 0xbee398d4u, 0xbed8430cu, 0xbecccbcbu,
    0xbec134f5u, 0xbeb58045u, 0xbea9af8au, 0xbe9dc498u, 0xbe91c145u, 0xbe85a76du, 0xbe72f1ddu, 0xbe5a6f57u,
    0xbe41cb11u, 0xbe2908dau, 0xbe102c84u, 0xbdee73d1u, 0xbdbc69c2u, 0xbd8a4296u, 0xbd300c1bu, 0xbc96efafu,
};

static float sin_of(uint32_t b)
{
    union { uint32_t u; float f; } v;
    v.u = sin_bits[b & 255];
    return v.f;
}

/* floorf; values past 2^23 (and inf, nan) are their own floor. */
static float floor_f(float x)
{
    int32_t i;
    float r;
    if (!(x > -8388608.0f && x < 8388608.0f)) return x;
    i = (int32_t)x;
    r = (float)i;
    if (r > x) r = bsp__fsub(r, 1.0f);
    return r;
}

/* sqrtf, correctly rounded: Newton in double, then the float whose
 * rounding interval holds x (midpoints squared are exact in double). */
static float sqrt_f(float x)
{
    double d = x, y = x > 1.0f ? (double)x : 1.0;
    float r;
    int k;
    union { float f; uint32_t u; } lo, hi;
    if (!(x > 0.0f) || !bsp__finite(x)) return x == 0.0f ? x : (x > 0.0f ? x : (x - x) / (x - x));
    for (k = 0; k < 200; k++) {
        double n = 0.5 * (y + d / y);
        if (n == y) break;
        y = n;
    }
    r = bsp__round((float)y);
    for (k = 0; k < 2; k++) {
        double mid;
        lo.f = r;
        hi.f = r;
        lo.u--;
        hi.u++;
        mid = ((double)r + (double)lo.f) * 0.5;
        if (d < mid * mid) {
            r = lo.f;
            continue;
        }
        mid = ((double)r + (double)hi.f) * 0.5;
        if (d > mid * mid) r = hi.f;
    }
    return r;
}

/* A corner's data (Raven: through the light array; NULL: corrupt), *skip
 * for a corner the rule leaves out, *slot the style slot it reads (-1:
 * none of its slots has the style). */
static const uint8_t *grid_corner(const bsp__map *m, uint64_t cell, uint32_t style, int *skip, int *slot)
{
    const uint8_t *grid = m->lump_data[Q3_LIGHTGRID];
    const uint8_t *array = m->lump_data[m->family->amb.lumps[0][1]], *d;
    uint32_t point, k;
    *slot = 0;
    if (!BSP__RAVEN_RECORDS || !m->family->amb.index_bytes) {
        d = grid + Q3_CELL * cell;
        *skip = !(d[0] | d[1] | d[2]);   /* a sample inside a wall */
        return d;
    }
    point = (uint32_t)array[2 * cell] | (uint32_t)array[2 * cell + 1] << 8;
    if (point >= m->lump_size[Q3_LIGHTGRID] / RAVEN_POINT) return NULL;
    d = grid + (size_t)point * RAVEN_POINT;
    *skip = d[RAVEN_STYLES] == LS_NONE;   /* Raven's "in a wall" */
    *slot = -1;
    for (k = 0; k < RAVEN_SLOTS && d[RAVEN_STYLES + k] != LS_NONE; k++)
        if (d[RAVEN_STYLES + k] == style) {
            *slot = (int)k;
            break;
        }
    return d;
}

bsp_status bsp__q3_light_grid(const bsp__map *m, const float p[3], uint32_t style, bsp_ambient_light *out)
{
    const uint8_t *grid = m->lump_data[Q3_LIGHTGRID];
    int raven = BSP__RAVEN_RECORDS && m->family->amb.index_bytes != 0;
    uint32_t lat_at = raven ? RAVEN_LATLONG : Q3_LATLONG, dir_at = raven ? RAVEN_DIRECTED : 3;
    float size[3], inv[3], origin[3], frac[3], total = 0.0f, dir[3] = { 0, 0, 0 };
    float amb[3] = { 0, 0, 0 }, directed[3] = { 0, 0, 0 }, len2;
    int32_t bounds[3], pos[3];
    uint64_t cells;
    uint32_t i;
    int a, c;

    /* (the faces mark the lighting set; a map without faces has its grid) */
    if (!m->faces.data && !bsp__lump_is_empty(m, bsp__faces_lump(m))) return BSP_E_NOT_LOADED;
    bsp__q3_gridsize(m, size);
    for (a = 0; a < 3; a++) {
        float lo = bsp__f32(m->models.data + MODEL_MINS + 4 * a);
        float hi = bsp__f32(m->models.data + MODEL_MAXS + 4 * a);
        float t, top, n;
        if (!(bsp__finite(size[a]) && size[a] > 0.0f)) return BSP_E_NO_AMBIENT;
        inv[a] = bsp__fdiv(1.0f, size[a]);
        t = bsp__fdiv(lo, size[a]);
        t = -floor_f(-t);
        origin[a] = bsp__fmul(size[a], t);
        t = bsp__fdiv(hi, size[a]);
        t = floor_f(t);
        top = bsp__fmul(size[a], t);
        t = bsp__fsub(top, origin[a]);
        t = bsp__fdiv(t, size[a]);
        n = bsp__fadd(t, 1.0f);
        /* (int) truncation; a count past 2^24 cannot match any lump */
        if (!(n >= 1.0f)) return BSP_E_NO_AMBIENT;
        if (!(n < 16777216.0f)) return BSP_E_NO_AMBIENT;
        bounds[a] = (int32_t)n;
    }
    cells = (uint64_t)bounds[0] * (uint64_t)bounds[1] * (uint64_t)bounds[2];
    if (!raven && (!grid || cells > 0xffffffffu / Q3_CELL || m->lump_size[Q3_LIGHTGRID] != Q3_CELL * cells))
        return BSP_E_NO_AMBIENT;
    /* Raven: an array entry a cell, whole points (13.3) */
    if (raven && (!m->lump_data[m->family->amb.lumps[0][1]] || cells > 0xffffffffu / 2 ||
                  m->lump_size[m->family->amb.lumps[0][1]] != 2 * cells ||
                  m->lump_size[Q3_LIGHTGRID] % RAVEN_POINT))
        return BSP_E_NO_AMBIENT;
    for (a = 0; a < 3; a++) {
        float t = bsp__fsub(p[a], origin[a]);
        float v = bsp__fmul(t, inv[a]);
        float fl = floor_f(v);
        frac[a] = bsp__fsub(v, fl);
        if (!(fl >= 0.0f)) pos[a] = 0;
        else if (fl > (float)(bounds[a] - 1)) pos[a] = bounds[a] - 1;
        else pos[a] = (int32_t)fl;
    }
    for (i = 0; i < 8; i++) {
        float factor = 1.0f, n[3], t;
        uint64_t cell[3];
        const uint8_t *d;
        int j, skip, slot;
        for (j = 0; j < 3; j++) {
            cell[j] = (uint64_t)pos[j];
            if (i & (1u << j)) {
                if (pos[j] + 1 > bounds[j] - 1) break;
                factor = bsp__fmul(factor, frac[j]);
                cell[j]++;
            } else {
                t = bsp__fsub(1.0f, frac[j]);
                factor = bsp__fmul(factor, t);
            }
        }
        if (j != 3) continue;
        d = grid_corner(m, cell[0] + cell[1] * (uint64_t)bounds[0] +
                               cell[2] * (uint64_t)bounds[0] * (uint64_t)bounds[1], style, &skip, &slot);
        if (!d) return BSP_E_CORRUPT;
        if (skip) continue;
        total = bsp__fadd(total, factor);
        for (c = 0; slot >= 0 && c < 3; c++) {
            t = bsp__fmul(factor, (float)d[3 * slot + c]);
            amb[c] = bsp__fadd(amb[c], t);
            t = bsp__fmul(factor, (float)d[dir_at + 3 * (uint32_t)slot + c]);
            directed[c] = bsp__fadd(directed[c], t);
        }
        n[0] = bsp__fmul(sin_of((uint32_t)d[lat_at + 1] + 64), sin_of(d[lat_at]));
        n[1] = bsp__fmul(sin_of(d[lat_at + 1]), sin_of(d[lat_at]));
        n[2] = sin_of((uint32_t)d[lat_at] + 64);
        for (c = 0; c < 3; c++) {
            t = bsp__fmul(n[c], factor);
            dir[c] = bsp__fadd(dir[c], t);
        }
    }
    if (total > 0.0f && total < 0.99f) {
        float s = bsp__fdiv(1.0f, total);
        for (c = 0; c < 3; c++) {
            amb[c] = bsp__fmul(amb[c], s);
            directed[c] = bsp__fmul(directed[c], s);
        }
    }
    len2 = bsp__dot(dir, dir);
    out->kind = BSP_AMBIENT_LIGHT_GRID;
    for (c = 0; c < 3; c++) {
        out->cell[c] = pos[c];
        out->ambient[c] = bsp__fdiv(amb[c], 255.0f);
        out->directed[c] = bsp__fdiv(directed[c], 255.0f);
        out->dir[c] = 0.0f;
    }
    if (len2 != 0.0f) {
        float il = bsp__fdiv(1.0f, sqrt_f(len2));
        for (c = 0; c < 3; c++) out->dir[c] = bsp__fmul(dir[c], il);
    }
    return BSP_OK;
}

#endif
