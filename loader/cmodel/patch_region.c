/* SPDX-License-Identifier: MIT */
/* patch_region.c - Quake 3 curved surfaces' collision (docs/queries.md 8.11):
 * counted through the stream before the load (bsp_measure_patches), built
 * into the arena at its end (bsp__patches_build).
 *
 * The region is a table of one {offset, ordinal} pair per surface (offset
 * 0: not a patch) followed by the built patches (patch_q3.h's layout), each
 * 4-aligned, in surface order. The count and the build run the same
 * builder over the same points, so the load writes exactly the bytes the
 * count promised; a file changed in between is corrupt.
 *
 * A patch surface whose control points are those of one of the
 * PATCH_TWIN_LOOKBACK surfaces before it (the same first vertex, width and
 * height: the same points, so the same facets) is its twin: neither the
 * count nor the load builds it again, and its entry points at the twin's
 * facets (with its own ordinal: its shader may differ). Only the builder
 * costs (a 31 x 31 patch: milliseconds), so a file repeating one grid
 * 8 192 times costs one build and one patch of arena, not 8 192.
 *
 * bsp_measure_patches_keep writes each distinct patch it builds into the
 * caller's keep memory, one entry after another while they fit: 16 bytes
 * (surface, first control point, width | height << 16, the patch's bytes
 * rounded up to 4), the control points' xyz as the count read them (12
 * bytes each, native floats), then the built patch. The load copies an
 * entry whose surface and points are the file's instead of building it
 * again: the builder is a function of the points alone, so the copy is
 * the bytes the build would write.
 */
#include "patch_region.h"
#include "../core/map.h"
#include "../core/read.h"

#if BSPKIT_COLLISION && BSPKIT_FAMILY_QUAKE3

#define PATCH_SURFACE 2        /* MST_PATCH */
/* the builder's scratch, then room for one patch's control points */
BSP__CHECK(patch_scratch, BSP_PATCH_SCRATCH_BYTES == BSP__Q3_PATCH_SCRATCH + 44u * BSP__Q3_PATCH_VERTS_MAX);
#define PATCH_ENTRY_BYTES 8u   /* {offset, ordinal} */
#define PATCH_TWIN_LOOKBACK 16u
#define PATCH_KEEP_HEAD 16u    /* a kept entry's {surface, first, w | h << 16, bytes} */

/* A patch's control points, to find its twin among the surfaces before it. */
typedef struct patch_key {
    uint32_t first;
    int32_t w, h;
    int is;
} patch_key;

BSP_INLINE int same_points(const patch_key *a, uint32_t first, int32_t w, int32_t h)
{
    return a->is == 1 && a->first == first && a->w == w && a->h == h;
}

/* A patch surface's grid: first control point, width, height; 0 when the
 * surface is no patch, -1 when its points lie outside `verts` records. */
static int patch_grid(const struct bsp__collision *c, const uint8_t *surf, uint32_t verts,
                      uint32_t *first, int32_t *w, int32_t *h)
{
    int32_t f = bsp__field_get(surf, c->surf_firstvert);
    if (bsp__field_get(surf, c->surf_type) != PATCH_SURFACE) return 0;
    *w = bsp__field_get(surf, c->surf_width);
    *h = bsp__field_get(surf, c->surf_height);
    /* the builder refuses bad sizes; here only the points must exist */
    if (*w < 1 || *h < 1 || *w > BSP__Q3_PATCH_VERTS_MAX || *h > BSP__Q3_PATCH_VERTS_MAX ||
        *w * *h > BSP__Q3_PATCH_VERTS_MAX || f < 0 || (uint32_t)f > verts ||
        (uint32_t)(*w * *h) > verts - (uint32_t)f)
        return -1;
    *first = (uint32_t)f;
    return 1;
}

/* The surfaces lump's record size and the draw vertices' (their layouts). */
static uint32_t record_bytes(const bsp_header *h, int lump)
{
    const bsp__layout *lay = lump >= 0 ? bsp__lump_layout(h, (uint32_t)lump) : NULL;
    return lay && lay->kind == BSP_LAYOUT_RECORDS ? lay->record_size : 0;
}

/* A little-endian record in the host's order, for the fields the count
 * reads (Quake 3 files are little-endian). */
static void to_host(uint8_t *rec, uint32_t bytes)
{
    uint32_t i;
    for (i = 0; i + 4 <= bytes; i += 4) bsp__put_u32(rec + i, bsp__get_le32(rec + i));
}

/* bsp_measure_patches with an optional keep (NULL: none). */
static bsp_status measure_patches(bsp_header *h, const bsp_stream *s, void *scratch,
                                  uint32_t scratch_bytes, uint8_t *keep, uint32_t keep_bytes)
{
    const struct bsp__collision *c;
    uint8_t *raw = (uint8_t *)scratch + BSP__Q3_PATCH_SCRATCH;
    uint32_t surf_bytes, vert_bytes, n, verts, i, total, patches = 0, side = 0, planes = 0, facets = 0;
    uint32_t lo = 0xffffffffu, hi = 0, kept_at = 0, distinct = 0;
    uint64_t need = 0;
    patch_key seen[PATCH_TWIN_LOOKBACK];   /* surface i's at i % PATCH_TWIN_LOOKBACK */
    int sl, vl, whole;
    if (!h || !h->family || !s || !s->read || !scratch) return BSP_E_BAD_ARGUMENT;
    c = bsp__coll_of(h->family);
    h->patches_measured = 1;
    h->patch_bytes = 0;
    h->patch_caps = 0;
    h->patch_verts_first = 0;
    h->patch_verts_count = 0;
    h->patch_keep = NULL;
    h->patch_keep_used = 0;
    h->patch_kept = 0;
    h->patches_kept_all = 0;
    h->patch_keep_need = 0;
    if (!c || c->kind != BSP_COLL_Q3) return BSP_OK;
    if (s->forward_only || scratch_bytes < BSP_PATCH_SCRATCH_BYTES ||
        ((uintptr_t)scratch & 3u)) {
        h->patches_measured = 0;
        return BSP_E_BAD_ARGUMENT;
    }
    sl = c->lumps[BSP_CL_SURFACES];
    vl = c->lumps[BSP_CL_VERTS];
    surf_bytes = record_bytes(h, sl);
    vert_bytes = record_bytes(h, vl);
    if (surf_bytes < 4 || vert_bytes < 12 || surf_bytes > BSP_PATCH_SCRATCH_BYTES - BSP__Q3_PATCH_SCRATCH)
        return BSP_E_CORRUPT;
    n = h->lumps[sl].length / surf_bytes;
    verts = h->lumps[vl].length / vert_bytes;
    if (n > (0xffffffffu - 4) / PATCH_ENTRY_BYTES) return BSP_E_CORRUPT;
    total = n * PATCH_ENTRY_BYTES;
    for (i = 0; i < n; i++) {
        bsp__q3_patch_sizes sz;
        uint32_t first = 0, k;
        int32_t w = 0, ht = 0;
        int is;
        bsp_status st = bsp__read(s, h->lumps[sl].offset + i * surf_bytes, raw, surf_bytes);
        if (st != BSP_OK) return st;
        to_host(raw, surf_bytes);
        is = patch_grid(c, raw, verts, &first, &w, &ht);
        if (is < 0) return BSP_E_CORRUPT;
        /* (the slot of surface i - PATCH_TWIN_LOOKBACK, read before it
         * becomes surface i's) */
        for (k = 1; is && k <= PATCH_TWIN_LOOKBACK && k <= i; k++)
            if (same_points(&seen[(i - k) % PATCH_TWIN_LOOKBACK], first, w, ht)) break;
        seen[i % PATCH_TWIN_LOOKBACK].is = is;
        seen[i % PATCH_TWIN_LOOKBACK].first = first;
        seen[i % PATCH_TWIN_LOOKBACK].w = w;
        seen[i % PATCH_TWIN_LOOKBACK].h = ht;
        if (is == 0) continue;
        if (++patches > BSP_TRACE_PATCHES_MAX) return BSP_E_CORRUPT;
        if (k <= PATCH_TWIN_LOOKBACK && k <= i) continue;     /* a twin: counted once */
        if (first < lo) lo = first;
        if (first + (uint32_t)(w * ht) > hi) hi = first + (uint32_t)(w * ht);
        /* the control points' xyz, packed as native floats: the run in
         * one read when Quake 3's 44-byte records fit the window, else
         * (Raven's 80 bytes, docs/queries.md 13.3) a point at a time */
        whole = !BSP__RAVEN_RECORDS ||
                vert_bytes * BSP__Q3_PATCH_VERTS_MAX <= BSP_PATCH_SCRATCH_BYTES - BSP__Q3_PATCH_SCRATCH;
        if (whole)
            st = bsp__read(s, h->lumps[vl].offset + first * vert_bytes, raw, (uint32_t)(w * ht) * vert_bytes);
        for (k = 0; st == BSP_OK && k < (uint32_t)(w * ht); k++) {
            uint32_t j, at = k * vert_bytes;
            if (!whole) {
                st = bsp__read(s, h->lumps[vl].offset + (first + k) * vert_bytes, raw + 12 * k, 12);
                at = 12 * k;
            }
            for (j = 0; j < 3; j++) bsp__put_u32(raw + 12 * k + 4 * j, bsp__get_le32(raw + at + 4 * j));
        }
        if (st != BSP_OK) return st;
        {
            /* the entry's room, once every earlier patch was kept */
            uint32_t pts = (uint32_t)(w * ht) * 12u, room = 0;
            uint8_t *out = NULL;
            if (keep && h->patch_kept == distinct && keep_bytes - kept_at >= PATCH_KEEP_HEAD + pts) {
                out = keep + kept_at + PATCH_KEEP_HEAD + pts;
                room = keep_bytes - kept_at - PATCH_KEEP_HEAD - pts;
            }
            distinct++;
            st = bsp__q3_patch_measure_out(raw, 12, w, ht, scratch, BSP__Q3_PATCH_SCRATCH, &sz, out, room);
            if (st != BSP_OK) return st;
            need += PATCH_KEEP_HEAD + pts + ((sz.bytes + 3u) & ~3u);
            if (out && room >= ((sz.bytes + 3u) & ~3u)) {
                bsp__put_u32(keep + kept_at, i);
                bsp__put_u32(keep + kept_at + 4, first);
                bsp__put_u32(keep + kept_at + 8, (uint32_t)w | (uint32_t)ht << 16);
                bsp__put_u32(keep + kept_at + 12, (sz.bytes + 3u) & ~3u);
                bsp__copy(keep + kept_at + PATCH_KEEP_HEAD, raw, pts);
                kept_at += PATCH_KEEP_HEAD + pts + ((sz.bytes + 3u) & ~3u);
                h->patch_kept++;
            }
        }
        if (sz.bytes > 0xffffffffu - 4 - total) return BSP_E_CORRUPT;
        total += (sz.bytes + 3u) & ~3u;
        if (sz.side > side) side = sz.side;
        if (sz.planes > planes) planes = sz.planes;
        if (sz.facets > facets) facets = sz.facets;
    }
    h->patch_bytes = patches ? total : 0;
    h->patch_caps = patches ? BSP__Q3_PATCH_CAPS(side, planes, facets) : 0;
    h->patch_verts_first = patches ? lo : 0;
    h->patch_verts_count = patches ? hi - lo : 0;
    h->patch_keep_need = need > 0xffffffffu ? 0xffffffffu : (uint32_t)need;
    if (h->patch_kept) {
        h->patch_keep = keep;
        h->patch_keep_used = kept_at;
        h->patches_kept_all = (uint8_t)(h->patch_kept == distinct);
    }
    return BSP_OK;
}

bsp_status bsp_measure_patches(bsp_header *h, const bsp_stream *s, void *scratch,
                               uint32_t scratch_bytes)
{
    return measure_patches(h, s, scratch, scratch_bytes, NULL, 0);
}

bsp_status bsp_measure_patches_keep(bsp_header *h, const bsp_stream *s, void *scratch,
                                    uint32_t scratch_bytes, void *keep, uint32_t keep_bytes)
{
    if (((uintptr_t)keep & 3u) || (!keep && keep_bytes)) {
        if (h) h->patches_measured = 0;
        return BSP_E_BAD_ARGUMENT;
    }
    return measure_patches(h, s, scratch, scratch_bytes, (uint8_t *)keep, keep_bytes);
}


/* The offset of the facets of surface i's twin (its entry is written),
 * or 0. */
static uint32_t twin_of(const bsp__map *m, const struct bsp__collision *c, uint32_t i, uint32_t first,
                        int32_t w, int32_t h, uint32_t verts_first)
{
    uint32_t k;
    for (k = 1; k <= PATCH_TWIN_LOOKBACK && k <= i; k++) {
        patch_key key;
        key.is = patch_grid(c, m->faces.data + (size_t)(i - k) * m->faces.stride,
                            verts_first + m->vertexes.count, &key.first, &key.w, &key.h);
        if (same_points(&key, first, w, h))
            return bsp__u32(m->patches.data + (i - k) * PATCH_ENTRY_BYTES);
    }
    return 0;
}

/* Surface i's patch copied from the count's next kept entry into the
 * region at cur->at, when the entry is surface i's and its control points
 * (`w` x `h` from the draw vertex `first`, the first at `pts` in the
 * loaded records) are those in the file; CORRUPT otherwise, or when the
 * entry does not fit the keep or the region, or its patch is not one. */
static bsp_status kept_copy(bsp__map *m, const bsp_header *h, bsp__patch_cursor *cur, uint32_t i,
                            uint32_t first, int32_t w, int32_t ht, const uint8_t *pts, uint8_t *region)
{
    const uint8_t *e = (const uint8_t *)h->patch_keep + cur->keep_at;
    uint32_t n = (uint32_t)(w * ht), bytes, k;
    if (h->patch_keep_used - cur->keep_at < PATCH_KEEP_HEAD + 12u * n) return BSP_E_CORRUPT;
    bytes = bsp__u32(e + 12);
    if (bsp__u32(e) != i || bsp__u32(e + 4) != first || bsp__u32(e + 8) != ((uint32_t)w | (uint32_t)ht << 16) ||
        bytes > h->patch_keep_used - cur->keep_at - PATCH_KEEP_HEAD - 12u * n ||
        bytes > h->patch_bytes - cur->at || bytes < BSP__Q3_PATCH_HEAD_BYTES)
        return BSP_E_CORRUPT;
    /* (as bits: the floats the count packed are the load's records) */
    for (k = 0; k < n; k++, pts += m->vertexes.stride) {
        const uint8_t *q = e + PATCH_KEEP_HEAD + 12u * k;
        if (bsp__u32(q) != bsp__u32(pts) || bsp__u32(q + 4) != bsp__u32(pts + 4) ||
            bsp__u32(q + 8) != bsp__u32(pts + 8))
            return BSP_E_CORRUPT;
    }
    e += PATCH_KEEP_HEAD + 12u * n;
    /* (its own size, rounded, is the entry's) */
    if (((bsp__q3_patch_bytes(e) + 3u) & ~3u) != bytes) return BSP_E_CORRUPT;
    bsp__copy(region + cur->at, e, bytes);
    bsp__put_u32(region + i * PATCH_ENTRY_BYTES, cur->at);
    bsp__put_u32(region + i * PATCH_ENTRY_BYTES + 4, cur->ordinal++);
    cur->at += bytes;
    cur->keep_at += PATCH_KEEP_HEAD + 12u * n + bytes;
    cur->kept++;
    return BSP_OK;
}

bsp_status bsp__patches_build(bsp__map *m, const bsp_header *h, uint8_t *region, void *scratch,
                              bsp__patch_cursor *cur, uint32_t budget, uint32_t *did, int *done,
                              uint32_t verts_first)
{
    const struct bsp__collision *c = m->family->coll;
    uint32_t n = m->faces.count, start;
    m->patches.data = region;
    m->patches.count = n;
    m->patches.stride = PATCH_ENTRY_BYTES;
    if (cur->surface == 0) cur->at = n * PATCH_ENTRY_BYTES;
    start = cur->at;
    *did = 0;
    *done = 0;
    for (; cur->surface < n && (*did == 0 || *did < budget); cur->surface++) {
        uint32_t i = cur->surface, first, bytes, twin;
        const uint8_t *surf = m->faces.data + (size_t)i * m->faces.stride;
        int32_t w = 0, ht = 0;
        int is = patch_grid(c, surf, verts_first + m->vertexes.count, &first, &w, &ht);
        bsp_status st;
        bsp__put_u32(region + i * PATCH_ENTRY_BYTES, 0);
        bsp__put_u32(region + i * PATCH_ENTRY_BYTES + 4, 0);
        *did += PATCH_ENTRY_BYTES;
        if (is == 0) continue;
        if (is < 0 || first < verts_first || cur->ordinal >= BSP_TRACE_PATCHES_MAX) return BSP_E_CORRUPT;
        twin = twin_of(m, c, i, first, w, ht, verts_first);
        if (twin) {
            bsp__put_u32(region + i * PATCH_ENTRY_BYTES, twin);
            bsp__put_u32(region + i * PATCH_ENTRY_BYTES + 4, cur->ordinal++);
            continue;
        }
        first -= verts_first;
        if (cur->kept < h->patch_kept && h->patch_keep) {
            /* the count kept it: the file's points must be the ones it
             * built from (else the file changed in between) */
            st = kept_copy(m, h, cur, i, first + verts_first, w, ht,
                           m->vertexes.data + (size_t)first * m->vertexes.stride, region);
            if (st != BSP_OK) return st;
            continue;
        }
        /* (no builder scratch: the count kept every patch, so this file
         * has one more than the counted one) */
        if (h->patches_kept_all) return BSP_E_CORRUPT;
        /* (out of room: the file is not the one that was counted) */
        st = bsp__q3_patch_build_in(m->vertexes.data + (size_t)first * m->vertexes.stride,
                                    m->vertexes.stride, w, ht, scratch,
                                    bsp__q3_patch_scratch_bytes(h->patch_caps), h->patch_caps,
                                    region + cur->at, h->patch_bytes - cur->at);
        if (st != BSP_OK) return st == BSP_E_BAD_ARGUMENT ? BSP_E_CORRUPT : st;
        bytes = bsp__q3_patch_bytes(region + cur->at);
        bsp__put_u32(region + i * PATCH_ENTRY_BYTES, cur->at);
        bsp__put_u32(region + i * PATCH_ENTRY_BYTES + 4, cur->ordinal++);
        cur->at += (bytes + 3u) & ~3u;
    }
    *did += cur->at - start;
    if (cur->surface < n) return BSP_OK;
    *done = 1;
    return cur->at == h->patch_bytes ? BSP_OK : BSP_E_CORRUPT;
}

#endif
