/* SPDX-License-Identifier: MIT */
/* query_ambient.c - ambient light at a point (docs/queries.md 7): which rule the
 * family's description names, and Source's per-leaf ambient cubes. Every
 * float operation goes through fmath.h, in the contract's order, so that x87
 * and other wide evaluation round each step as the contract does. */
#include "query.h"
#include "../core/map.h"
#include "../family/light_grid.h"

#if BSPKIT_AMBIENT
#define SAMPLE_BYTES 28            /* ColorRGBExp32 cube[6], then x, y, z, pad */
#define CUBE_BYTES 24

/* One cube of 6 ColorRGBExp32 decoded as ldexpf(c, exponent): the engine's
 * scale, 255 times the lightmap decode. An overflow is corrupt data. */
static int decode_cube(const uint8_t *src, float cube[6][3])
{
    int side, ch;
    for (side = 0; side < 6; side++)
        for (ch = 0; ch < 3; ch++) {
            float v = bsp__ldexpf((float)src[4 * side + ch], (int8_t)src[4 * side + 3]);
            if (!bsp__finite(v)) return 0;
            cube[side][ch] = v;
        }
    return 1;
}

/* Mod_LeafAmbientColorAtPos: inverse-squared-distance weights over the
 * samples' positions in leaf `from`'s box. */
static bsp_status blend(const bsp__map *m, const uint8_t *samples, uint32_t n, const float p[3],
                        bsp_ambient_light *out)
{
    const uint8_t *leaf = m->leafs.data + (size_t)out->from * m->leafs.stride;
    const float two_255 = bsp__fdiv(2.0f, 255.0f);
    float mins[3], h[3], total = 0.0f, inv;
    uint32_t k;
    int a, side, ch;

    /* The contract's (float)(maxs - mins) for integer bounds; Strata's
     * bounds are floats. */
    for (a = 0; a < 3; a++) {
        bsp__field lo_at = bsp__field_at(m->family->amb.leaf_mins, (uint32_t)a);
        bsp__field hi_at = bsp__field_at(m->family->amb.leaf_mins, (uint32_t)a + 3);
        float extent;
        if (lo_at.type == BSP_F_F32) {
            mins[a] = bsp__f32(leaf + lo_at.offset);
            extent = bsp__fsub(bsp__f32(leaf + hi_at.offset), mins[a]);
        } else {            /* integer bounds (int16; Vindictus int32) */
            int32_t lo = bsp__field_get(leaf, lo_at), hi = bsp__field_get(leaf, hi_at);
            mins[a] = (float)lo;
            extent = (float)(hi - lo);
        }
        h[a] = bsp__fmul(extent, 0.5f);
    }
    for (side = 0; side < 6; side++)
        for (ch = 0; ch < 3; ch++) out->cube[side][ch] = 0.0f;
    for (k = 0; k < n; k++) {
        const uint8_t *s = samples + (size_t)k * SAMPLE_BYTES;
        float colour[6][3], d[3], dist, factor, t;
        if (!decode_cube(s, colour)) return BSP_E_CORRUPT;
        for (a = 0; a < 3; a++) {
            float pos;
            t = bsp__fmul((float)s[CUBE_BYTES + a], h[a]);
            t = bsp__fmul(t, two_255);
            pos = bsp__fadd(mins[a], t);
            d[a] = bsp__fsub(pos, p[a]);
        }
        dist = bsp__dot(d, d);
        t = bsp__fadd(dist, 1.0f);
        factor = bsp__fdiv(1.0f, t);
        total = bsp__fadd(total, factor);
        for (side = 0; side < 6; side++)
            for (ch = 0; ch < 3; ch++) {
                t = bsp__fmul(colour[side][ch], factor);
                out->cube[side][ch] = bsp__fadd(out->cube[side][ch], t);
            }
    }
    inv = bsp__fdiv(1.0f, total);
    for (side = 0; side < 6; side++)
        for (ch = 0; ch < 3; ch++) out->cube[side][ch] = bsp__fmul(out->cube[side][ch], inv);
    return BSP_OK;
}

static bsp_status source_ambient(const bsp__map *m, const float p[3], bsp_ambient_light *out)
{
    const struct bsp_family *f = m->family;
    const uint8_t *index = m->lump_data[f->amb.lumps[m->use_hdr][0]];
    const uint8_t *samples = m->lump_data[f->amb.lumps[m->use_hdr][1]];
    uint32_t entries = m->lump_size[f->amb.lumps[m->use_hdr][0]] / f->amb.index_bytes;
    uint32_t num_samples = m->lump_size[f->amb.lumps[m->use_hdr][1]] / SAMPLE_BYTES;
    const uint8_t *rec;
    uint32_t leaf, n, s;
    bsp_status st;

    /* (the faces mark the lighting set; a map without faces has its cubes) */
    if (!m->faces.data && !bsp__lump_is_empty(m, bsp__faces_lump(m))) return BSP_E_NOT_LOADED;
    if (!(index && samples) && m->leafs.stride != f->amb.leaf_cube_size) return BSP_E_NO_AMBIENT;
    st = bsp_point_leaf(bsp__map_cpub(m), 0, p, &leaf);
    if (st != BSP_OK) return st;
    out->kind = BSP_AMBIENT_CUBE;
    out->leaf = out->from = (int32_t)leaf;
    if (!(index && samples)) {
        out->first = -1;
        out->count = 1;
        return decode_cube(m->leafs.data + (size_t)leaf * m->leafs.stride + f->amb.leaf_cube_offset,
                           out->cube) ? BSP_OK : BSP_E_CORRUPT;
    }
    if (leaf >= entries) return BSP_E_CORRUPT;
    rec = index + (size_t)leaf * f->amb.index_bytes;
    n = (uint32_t)bsp__field_get(rec, f->amb.count);
    s = (uint32_t)bsp__field_get(rec, f->amb.first);
    if (n == 0 && s != 0) {        /* a solid leaf names the leaf it borrows from */
        if (s >= entries) return BSP_E_CORRUPT;
        out->from = (int32_t)s;
        rec = index + (size_t)s * f->amb.index_bytes;
        n = (uint32_t)bsp__field_get(rec, f->amb.count);
        s = (uint32_t)bsp__field_get(rec, f->amb.first);
    }
    if (n == 0) return BSP_E_NO_AMBIENT;
    if (n > num_samples || s > num_samples - n) return BSP_E_CORRUPT;
    out->first = (int32_t)s;
    out->count = (int32_t)n;
    if (n == 1)
        return decode_cube(samples + (size_t)s * SAMPLE_BYTES, out->cube) ? BSP_OK : BSP_E_CORRUPT;
    if ((uint32_t)out->from >= m->leafs.count) return BSP_E_CORRUPT;
    return blend(m, samples + (size_t)s * SAMPLE_BYTES, n, p, out);
}
#endif

bsp_status bsp_ambient_style(const bsp_map *map, const float p[3], uint32_t style,
                             bsp_ambient_light *out)
{
    const bsp__map *m = bsp__map_c(map);
    bsp_status st = bsp__point_query_args(m, p, out);
    if (st != BSP_OK) return st;
    bsp__fill(out, 0, sizeof *out);
    /* styles are the octree's and Raven's grid points' (docs/queries.md
     * 13.3); the other grids have one light */
    if (style > 255 || (style != 0 && m->family->amb.kind != BSP_AMB_OCTREE &&
                        !(BSPKIT_FAMILY_QUAKE3 && m->family->amb.kind == BSP_AMB_GRID &&
                          m->family->amb.index_bytes)))
        return BSP_E_BAD_QUERY;
    switch (m->family->amb.kind) {
#if BSPKIT_AMBIENT
    case BSP_AMB_CUBES: return source_ambient(m, p, out);
#if BSPKIT_FAMILY_QUAKE3
    case BSP_AMB_GRID: return bsp__q3_light_grid(m, p, style, out);
#endif
#if BSP__USE_LIGHT_GRID
    case BSP_AMB_OCTREE:
        /* a map without the lump answers as it always has */
        if (!m->light_grid)
            return bsp__bspx_index(&m->bspx, "LIGHTGRID_OCTREE") < 0 ? BSP_E_UNSUPPORTED
                                                                     : BSP_E_NOT_LOADED;
        return bsp__grid_ambient(m->light_grid, m->lump_data[BSP_BSPX_FIRST + m->light_grid->entry], p,
                                 style, out);
#endif
#endif
    default: return BSP_E_UNSUPPORTED;   /* also a build without BSPKIT_AMBIENT */
    }
}

bsp_status bsp_ambient(const bsp_map *map, const float p[3], bsp_ambient_light *out)
{
    return bsp_ambient_style(map, p, 0, out);
}
