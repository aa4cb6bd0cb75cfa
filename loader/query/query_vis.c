/* SPDX-License-Identifier: MIT */
/* query_vis.c - PVS and PAS rows (docs/queries.md sections 2-3). */
#include "query.h"
#include "../core/map.h"

uint32_t bsp_num_clusters(const bsp_map *map)
{
    const bsp__map *m = bsp__map_c(map);
    return (m && m->family) ? m->num_clusters : 0;
}

uint32_t bsp_vis_row_bytes(const bsp_map *map)
{
    return (bsp_num_clusters(map) + 7) / 8;
}

/* Run-length coding: a zero byte is followed by a count of zero bytes; a
 * run past the end of the row is cut there. Data ending before the row is
 * full is corrupt. */

#ifdef BSP_HAVE_U64_CHUNKS
/* Eight bytes at once: VIS_LOW7 builds a word whose byte is 0x80 where the
 * byte of v is zero (exactly: no carry crosses a byte), VIS_FIRST_ZERO the
 * index in memory order of the first such byte, VIS_KEEP(k) the mask of
 * the k bytes before it. */
#define VIS_LOW7 0x7f7f7f7f7f7f7f7full
#if BSP_HOST_BIG_ENDIAN
#define VIS_FIRST_ZERO(z) ((unsigned)__builtin_clzll(z) >> 3)
#define VIS_KEEP(k) (~0ull << (64 - 8 * (k)))
#else
#define VIS_FIRST_ZERO(z) ((unsigned)__builtin_ctzll(z) >> 3)
#define VIS_KEEP(k) (~0ull >> (64 - 8 * (k)))
#endif
#endif

/* The first `len` (>= 1) bytes of the row at in[0 .. end - in) into out.
 * The row is cleared first, a word at a time, so that its zero runs are
 * skipped (filling each run cost a loop set-up a run), and a run of
 * literal bytes is copied under one bound: the row's rest or the data's,
 * whichever ends first. */
static bsp_status rle_row(const uint8_t *in, const uint8_t *end, uint32_t len, uint8_t *out)
{
    uint8_t *o = out, *const o_end = out + len;
    bsp__fill(out, 0, len);
    do {
        uint8_t b;
        if (BSP_UNLIKELY(in >= end)) return BSP_E_CORRUPT;
        b = *in;
        if (b) {
            const uint8_t *stop;
            size_t lim = (size_t)(o_end - o);
            if ((size_t)(end - in) < lim) lim = (size_t)(end - in);
            stop = in + lim;
#ifdef BSP_HAVE_U64_CHUNKS
            /* 8 bytes a step: each step stores the bytes before the run's
             * end (its first zero) and clears the rest, which lie in the
             * row's part still to come, cleared or written later */
            if (lim >= 8) {
                for (;;) {
                    uint64_t v = *(const bsp__chunk_u64 *)(const void *)in;
                    uint64_t z = ~(((v & VIS_LOW7) + VIS_LOW7) | v | VIS_LOW7);
                    if (z) {
                        unsigned k = VIS_FIRST_ZERO(z);
                        if (k) *(bsp__chunk_u64 *)(void *)o = v & VIS_KEEP(k);
                        in += k, o += k;
                        break;
                    }
                    *(bsp__chunk_u64 *)(void *)o = v;
                    in += 8, o += 8;
                    if ((size_t)(stop - in) < 8) break;
                }
            }
#endif
            while (in != stop && (b = *in) != 0) {
                *o++ = b;
                in++;
            }
        } else {
            size_t run;
            if (BSP_UNLIKELY(in + 1 >= end)) return BSP_E_CORRUPT;
            run = in[1];
            in += 2;
            if (run > (size_t)(o_end - o)) run = (size_t)(o_end - o);
            o += run;
        }
    } while (o < o_end);
    return BSP_OK;
}

/* The row's byte `len - 1` (len >= 1) into *last, walking the runs before
 * it without a row buffer (one bit of a row). */
static bsp_status rle_byte(const uint8_t *in, const uint8_t *end, uint32_t len, uint8_t *last)
{
    uint32_t pos = 0;
    uint8_t b = 0;
    while (pos < len) {
        uint32_t run;
        if (BSP_UNLIKELY(in >= end)) return BSP_E_CORRUPT;
        b = *in;
        if (b) {
            /* a run of literal bytes under one bound, as rle_row's */
            const uint8_t *stop, *from = in;
            size_t lim = len - pos;
            if ((size_t)(end - in) < lim) lim = (size_t)(end - in);
            stop = in + lim;
            while (++in != stop && *in) {}
            b = in[-1];
            pos += (uint32_t)(in - from);
            continue;
        }
        /* (b stays 0: a run of count 0 is never the row's last step) */
        if (BSP_UNLIKELY(in + 1 >= end)) return BSP_E_CORRUPT;
        run = in[1];
        in += 2;
        if (run > len - pos) run = len - pos;
        pos += run;
    }
    *last = b;
    return BSP_OK;
}

/* Walk the first `len` (>= 1) bytes of a row: into out when given, else
 * the last one into *last (one bit of a row needs no row buffer). An
 * uncompressed row is all literal bytes: one copy. */
static bsp_status walk_row(const bsp__vis_row *row, uint32_t len, uint8_t *out, uint8_t *last)
{
    const uint8_t *in = row->data, *end = row->data + row->avail;
    /* (BSP__USE_RAW_VIS 0: every row of the build's families is coded) */
    if (BSP__USE_RAW_VIS && !row->compressed) {
        if (row->avail < len) return BSP_E_CORRUPT;
        if (out) bsp__copy(out, in, len);
        else *last = in[len - 1];
        return BSP_OK;
    }
    return out ? rle_row(in, end, len, out) : rle_byte(in, end, len, last);
}

/* Locate cluster's row; row->all when every cluster is visible from it
 * (no vis data, or the family's marker). */
static bsp_status locate_row(const bsp__map *m, int32_t cluster, int pas, bsp__vis_row *row)
{
    if (cluster < 0 || (uint32_t)cluster >= m->num_clusters) return BSP_E_BAD_CLUSTER;
    row->all = 1;
    if (!m->has_vis) return BSP_OK;
    return m->family->vis.vis_row(m, cluster, pas, row);
}

/* Decode cluster's whole row and clear the bits past num_clusters. */
static bsp_status row_query(const bsp__map *m, int32_t cluster, int pas,
                            uint8_t *out, uint32_t out_bytes)
{
    uint32_t n, len;
    bsp__vis_row row;
    bsp_status st;

    if (!m || !m->family || !out) return BSP_E_BAD_ARGUMENT;
    if (bsp__no_tree(m)) return BSP_E_UNSUPPORTED;
    if (pas && !m->family->vis.has_pas) return BSP_E_UNSUPPORTED;
    n = m->num_clusters;
    len = (n + 7) / 8;
    if (out_bytes < len) return BSP_E_BAD_ARGUMENT;
    if ((st = locate_row(m, cluster, pas, &row)) != BSP_OK) return st;
    if (row.all) bsp__fill(out, 0xff, len);
    else if ((st = walk_row(&row, len, out, NULL)) != BSP_OK) return st;
    if (n & 7) out[len - 1] &= (uint8_t)((1u << (n & 7)) - 1);
    return BSP_OK;
}

bsp_status bsp_pvs(const bsp_map *map, int32_t cluster, uint8_t *out, uint32_t out_bytes)
{
    const bsp__map *m = bsp__map_c(map);
    return row_query(m, cluster, 0, out, out_bytes);
}

bsp_status bsp_pas(const bsp_map *map, int32_t cluster, uint8_t *out, uint32_t out_bytes)
{
    const bsp__map *m = bsp__map_c(map);
    return row_query(m, cluster, 1, out, out_bytes);
}

bsp_status bsp_cluster_visible(const bsp_map *map, int32_t a, int32_t b, int *visible)
{
    const bsp__map *m = bsp__map_c(map);
    bsp__vis_row row;
    uint8_t byte;
    bsp_status st;

    if (!m || !m->family || !visible) return BSP_E_BAD_ARGUMENT;
    if (bsp__no_tree(m)) return BSP_E_UNSUPPORTED;
    *visible = 0;
    if (b < 0 || (uint32_t)b >= m->num_clusters) return BSP_E_BAD_CLUSTER;
    if ((st = locate_row(m, a, 0, &row)) != BSP_OK) return st;
    if (row.all) { *visible = 1; return BSP_OK; }
    st = walk_row(&row, ((uint32_t)b >> 3) + 1, NULL, &byte);
    if (st == BSP_OK) *visible = (byte >> (b & 7)) & 1;
    return st;
}

/* The rows of a family that stores them whole (description.h vis_view)
 * are handed out where they lie. */
bsp_status bsp_pvs_view(const bsp_map *map, int32_t cluster, const uint8_t **row, uint32_t *bytes)
{
    const bsp__map *m = bsp__map_c(map);
    bsp__vis_row r;
    bsp_status st;

    /* the rows the load found whole (map.h vis_rows: count 0 on a map
     * not loaded, and on every map without a vis_view family); the rest
     * give their status below */
    if (BSP__USE_VIS_VIEW && m && row && bytes && (uint32_t)cluster < m->vis_rows.count) {
        *row = m->vis_rows.data + (size_t)(uint32_t)cluster * m->vis_rows.stride;
        *bytes = (m->num_clusters + 7) / 8;
        return BSP_OK;
    }
    /* cleared before any status, so a caller that reads them after a
     * failed load (a map not loaded) finds no stale pointer */
    if (row) *row = NULL;
    if (bytes) *bytes = 0;
    if (!m || !m->family || !row || !bytes) return BSP_E_BAD_ARGUMENT;
    if (bsp__no_tree(m)) return BSP_E_UNSUPPORTED;
    if (!BSP__USE_VIS_VIEW || !m->family->vis.vis_view || !m->has_vis) return BSP_E_UNSUPPORTED;
    if ((st = locate_row(m, cluster, 0, &r)) != BSP_OK) return st;
    /* (a vis_view family has no all-visible marker and stores rows whole) */
    if (r.all || r.compressed) return BSP_E_UNSUPPORTED;
    if (r.avail < (m->num_clusters + 7) / 8) return BSP_E_CORRUPT;
    *row = r.data;
    *bytes = (m->num_clusters + 7) / 8;
    return BSP_OK;
}

/* The rows bsp_pvs_view answers OK for are exactly those the load found
 * whole (a failed load clears the map: count 0). */
const uint8_t *bsp_pvs_pointer(const bsp_map *map, int32_t cluster)
{
    const bsp__map *m = bsp__map_c(map);
    if (!BSP__USE_VIS_VIEW || !m || (uint32_t)cluster >= m->vis_rows.count) return NULL;
    return m->vis_rows.data + (size_t)(uint32_t)cluster * m->vis_rows.stride;
}
