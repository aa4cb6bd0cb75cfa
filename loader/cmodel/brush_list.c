/* SPDX-License-Identifier: MIT */
/* brush_list.c - a BSPX BRUSHLIST into the brush traces' records
 * (brush_list.h, docs/queries.md 13.7): checked whole, then converted. */
#include "brush_list.h"
#include "../core/map.h"
#include "../core/fmath.h"

#if BSP__BRUSH_LIST

#define BL_NAME "BRUSHLIST"
#define BL_BLOCK 16u        /* ver, modelnum, numbrushes, numplanes */
#define BL_BRUSH 28u        /* mins, maxs, int16 contents, uint16 numplanes */
#define BL_PLANE 16u        /* normal, dist */
#define BL_AXIAL 6u
/* The region's header, the same bytes on every target (its pointers are
 * 4 or 8 bytes): bsp_measure's answer does not depend on the machine. */
#define BL_HEADER_BYTES 160u
BSP__CHECK(brush_list_header, sizeof(bsp__brush_list) <= BL_HEADER_BYTES);
#define BL_ALIGN8(x) (((x) + 7u) / 8u * 8u)
/* the records of a brush (one bsp__cbrush, its stored contents, six
 * sides and their planes) and of a stored plane (a side and its plane) */
#define BL_BRUSH_OUT (sizeof(bsp__cbrush) + 4u + BL_AXIAL * (4u + sizeof(bsp__cplane)))
#define BL_PLANE_OUT (4u + sizeof(bsp__cplane))
BSP__CHECK(brush_list_bound, BL_BRUSH_OUT * BL_PLANE >= BL_PLANE_OUT * BL_BRUSH);

static float le_float(const uint8_t *p)
{
    union { uint32_t u; float f; } v;
    v.u = bsp__get_le32(p);
    return v.f;
}

static int32_t le_i32(const uint8_t *p) { return (int32_t)bsp__get_le32(p); }

/* The models of header h (its model lump's records). */
static uint32_t header_models(const bsp_header *h)
{
    int lump = bsp__role_lump(h->family, BSP_ROLE_MODELS);
    const bsp__layout *lay = lump >= 0 ? bsp__lump_layout(h, (uint32_t)lump) : NULL;
    return lay && lay->record_size ? h->lumps[lump].size / lay->record_size : 0;
}

uint32_t bsp__brush_list_bytes(const bsp_header *h)
{
    const struct bsp__collision *c = bsp__coll_of(h->family);
    uint64_t len, total;
    uint32_t models = header_models(h);
    int k;
    if (!c || !c->list_contents || !models) return 0;
    if (h->bspx.at_load) {
        len = h->lumps[BSP__BSPX_TAIL].size;
        if (len > BSP_BRUSH_LIST_FORWARD_MAX) len = BSP_BRUSH_LIST_FORWARD_MAX;
    } else {
        if ((k = bsp__bspx_index(&h->bspx, BL_NAME)) < 0) return 0;
        len = h->lumps[BSP_BSPX_FIRST + (uint32_t)k].size;
    }
    if (len < BL_BLOCK) return 0;
    /* 28 bytes of lump give at most 160 of records, and a plane's 16 less
     * (brush_list_bound): the lump's length times 160 / 28 bounds both;
     * four arrays padded to 8 */
    total = BL_HEADER_BYTES + 2u * BL_ALIGN8(4u * (uint64_t)models) + len * BL_BRUSH_OUT / BL_BRUSH + 4u * 8u;
    return total > 0xffffffffu - 64u ? 0xffffffffu : (uint32_t)BL_ALIGN8(total);
}

/* Pass one: is the lump a whole list (brush_list.h)? Counts its brushes
 * and sides. Each step takes at least 16 of the lump's bytes. */
static int list_whole(const uint8_t *p, uint32_t size, uint32_t models, uint32_t *brushes, uint32_t *sides)
{
    uint32_t at = 0, nb = 0, ns = 0;
    while (at < size) {
        int32_t n, planes, b;
        uint32_t sum = 0, j;
        if (size - at < BL_BLOCK) return 0;
        n = le_i32(p + at + 8);
        planes = le_i32(p + at + 12);
        if (le_i32(p + at) != 1 || (uint32_t)le_i32(p + at + 4) >= models || n < 0 || planes < 0) return 0;
        at += BL_BLOCK;
        for (b = 0; b < n; b++) {
            uint32_t np;
            if (size - at < BL_BRUSH) return 0;
            for (j = 0; j < 6; j++)
                if (!bsp__finite(le_float(p + at + 4 * j))) return 0;
            np = (uint32_t)p[at + 26] | (uint32_t)p[at + 27] << 8;
            at += BL_BRUSH;
            if ((size - at) / BL_PLANE < np) return 0;
            for (j = 0; j < 4 * np; j++)
                if (!bsp__finite(le_float(p + at + 4 * j))) return 0;
            at += np * BL_PLANE;
            sum += np;
            nb++;
            ns += BL_AXIAL + np;
        }
        if (sum != (uint32_t)planes) return 0;
    }
    *brushes = nb;
    *sides = ns;
    return 1;
}

/* A plane as the brush traces read it (coll_native.h). */
static void set_plane(bsp__cplane *pl, float x, float y, float z, float dist)
{
    pl->n[0] = x, pl->n[1] = y, pl->n[2] = z;
    pl->dist = dist;
    pl->type = (uint8_t)(x == 1.0f || x == -1.0f ? 0 : y == 1.0f || y == -1.0f ? 1 : z == 1.0f || z == -1.0f ? 2 : 3);
    pl->signbits = (uint8_t)((x < 0) | (y < 0) << 1 | (z < 0) << 2);
    pl->axis = (uint8_t)(x == 1.0f && y == 0.0f && z == 0.0f ? 0
                       : y == 1.0f && x == 0.0f && z == 0.0f ? 1
                       : z == 1.0f && x == 0.0f && y == 0.0f ? 2 : 3);
    pl->pad = 0;
}

static uint8_t *take(uint8_t **at, uint32_t n, uint32_t size)
{
    uint8_t *p = *at;
    *at += BL_ALIGN8(n * size);
    return p;
}

void bsp__brush_list_build(bsp__map *m, uint8_t *region, uint32_t bytes)
{
    const struct bsp__collision *c = bsp__coll_of(m->family);
    bsp__brush_list *bl = (bsp__brush_list *)(void *)region;
    bsp__cbrush *brush;
    bsp__cplane *plane;
    uint32_t *first, *count, *side, size, nb, ns, at = 0, b = 0, s = 0, i, j;
    int32_t *stored;
    uint8_t *next = region + BL_HEADER_BYTES;
    const uint8_t *p = bsp__bspx_lump(m, BL_NAME, &size);
    uint32_t models = m->models.count;
    uint64_t need;
    m->brush_list = NULL;
    if (!p || !bytes || !models || !list_whole(p, size, models, &nb, &ns)) return;
    need = BL_HEADER_BYTES + 2u * BL_ALIGN8(4u * (uint64_t)models) + BL_ALIGN8(nb * (uint64_t)sizeof *brush) +
           BL_ALIGN8(4u * (uint64_t)nb) + BL_ALIGN8(4u * (uint64_t)ns) + BL_ALIGN8(ns * (uint64_t)sizeof *plane);
    /* (a forward-only load's region holds a list of the capped length) */
    if (need > bytes) return;
    first = (uint32_t *)(void *)take(&next, models, 4);
    count = (uint32_t *)(void *)take(&next, models, 4);
    brush = (bsp__cbrush *)(void *)take(&next, nb, sizeof *brush);
    stored = (int32_t *)(void *)take(&next, nb, 4);
    side = (uint32_t *)(void *)take(&next, ns, 4);
    plane = (bsp__cplane *)(void *)take(&next, ns, sizeof *plane);
    for (i = 0; i < models; i++) first[i] = BSP__COLL_BAD, count[i] = 0;
    while (at < size) {
        uint32_t model = bsp__get_le32(p + at + 4), n = bsp__get_le32(p + at + 8);
        if (first[model] != BSP__COLL_BAD) return;   /* a model named twice */
        first[model] = b;
        count[model] = n;
        at += BL_BLOCK;
        for (i = 0; i < n; i++, b++) {
            const uint8_t *r = p + at;
            uint32_t np = (uint32_t)r[26] | (uint32_t)r[27] << 8;
            int16_t contents = (int16_t)(uint16_t)((uint32_t)r[24] | (uint32_t)r[25] << 8);
            brush[b].first = s;
            brush[b].count = (int32_t)(BL_AXIAL + np);
            brush[b].contents = (int32_t)bsp__map_flags(c->list_contents, c->num_list_contents, 0, contents);
            stored[b] = contents;
            /* -x, +x, -y, +y, -z, +z: the bounds as planes facing out */
            for (j = 0; j < 3; j++) {
                float lo = le_float(r + 4 * j), hi = le_float(r + 12 + 4 * j);
                set_plane(&plane[s], j == 0 ? -1.0f : 0.0f, j == 1 ? -1.0f : 0.0f, j == 2 ? -1.0f : 0.0f, -lo);
                set_plane(&plane[s + 1], j == 0 ? 1.0f : 0.0f, j == 1 ? 1.0f : 0.0f, j == 2 ? 1.0f : 0.0f, hi);
                side[s] = s, side[s + 1] = s + 1;
                s += 2;
            }
            at += BL_BRUSH;
            for (j = 0; j < np; j++, s++, at += BL_PLANE) {
                set_plane(&plane[s], le_float(p + at), le_float(p + at + 4), le_float(p + at + 8),
                          le_float(p + at + 12));
                side[s] = s;
            }
        }
    }
    bl->nat.planes = plane;
    bl->nat.nodes = NULL;
    bl->nat.leafs = NULL;
    bl->nat.brushes = brush;
    bl->nat.sides = side;
    bl->nat.leafbrushes = NULL;
    bl->nat.leafsurfs = NULL;
    bl->nat.num_planes = ns;
    bl->nat.num_nodes = bl->nat.num_leafs = bl->nat.num_leafbrushes = 0;
    bl->nat.num_brushes = nb;
    bl->nat.num_sides = ns;
    bl->nat.world_lo = 0;
    bl->nat.world_hi = nb;
    bl->nat.sides_checked = 1;   /* (every side's plane is its own, in range) */
    bl->model_first = first;
    bl->model_count = count;
    bl->stored_contents = stored;
    bl->num_models = models;
    m->brush_list = bl;
}

#endif
