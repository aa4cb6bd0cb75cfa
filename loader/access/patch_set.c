/* SPDX-License-Identifier: MIT */
/* patch_set.c - every patch grid of a map in the caller's memory, and
 * the renderer's stitching of them (docs/queries.md 11.9): tr_bsp.c's
 * R_StitchAllPatches, which inserts a column or row into a grid where a
 * neighbour in the same LOD group has a vertex the grid's edge lacks, and
 * R_FixSharedVertexLodError, which gives vertices on shared edges one LOD
 * error. id's order is kept everywhere (which grid, edge, vertex is looked
 * at first decides what is inserted); its recursion is a walk with the
 * path kept in the grids themselves.
 *
 * The memory: the head, one record per patch face, the vertices of the
 * grids one after another, and id's 65 x 65 work grid at the end. A grid
 * that grows moves the vertices after it up.
 *
 * id's `fabs(a - b) > .1` compares a float with the double 0.1: the same
 * as |a - b| >= 0.1f (the float nearest 0.1 lies above it), and
 * `< .01` the same as <= 0.01f (the float nearest 0.01 lies below it).
 */
#include "patch_grid.h"
#include "patch_set.h"
#include "../core/map.h"
#include "../core/fmath.h"

#if BSPKIT_ACCESS   /* else core/absent.c */

#define NONE 0xFFFFFFFFu

typedef struct set_ctx {
    set_head *head;
    set_grid *grids;
    bsp_grid_vertex *pool;
    bsp__grid_row *work;
} set_ctx;

static size_t set_bytes(uint32_t count, size_t verts)
{
    return set_pool_at(count) + set_align8(verts * sizeof(bsp_grid_vertex)) +
           set_align8(BSP_PATCH_GRID_SCRATCH_BYTES);
}

static int set_flags_ok(const bsp__map *m, uint32_t flags)
{
    return m && bsp__access_of(m) && !(flags & ~BSP_PATCH_STITCHED);
}

/* ---- edges: a grid's first or last row (kind 0) or column (kind 1) ------ */

typedef struct set_edge {
    bsp_grid_vertex *v;     /* its first vertex */
    uint32_t step, n;       /* to the next; how many */
    float *err;             /* the errors along it */
} set_edge;

static set_edge set_edge_of(const set_ctx *s, set_grid *g, int kind, int last)
{
    set_edge e;
    bsp_grid_vertex *v = s->pool + g->first;
    if (kind == 0) {
        e.v = v + (last ? (size_t)(g->h - 1) * g->w : 0);
        e.step = 1, e.n = g->w, e.err = g->err[0];
    } else {
        e.v = v + (last ? g->w - 1 : 0);
        e.step = g->w, e.n = g->h, e.err = g->err[1];
    }
    return e;
}

static const float *set_at(const set_edge *e, uint32_t k) { return e->v[(size_t)k * e->step].xyz; }

/* No component more than 0.1 apart (id's three `fabs(..) > .1` tests). */
static int set_near(const float *a, const float *b)
{
    uint32_t k;
    for (k = 0; k < 3; k++)
        if (bsp__fabs(bsp__fsub(a[k], b[k])) >= 0.1f) return 0;
    return 1;
}

/* Every component within 0.01 (id's `fabs(..) < .01` tests). */
static int set_same(const float *a, const float *b)
{
    uint32_t k;
    for (k = 0; k < 3; k++)
        if (!(bsp__fabs(bsp__fsub(a[k], b[k])) <= 0.01f)) return 0;
    return 1;
}

/* R_MergedWidthPoints / R_MergedHeightPoints: two inner vertices of the
 * edge on one another. */
static int set_merged(const set_edge *e)
{
    uint32_t i, j;
    for (i = 1; i + 1 < e->n; i++)
        for (j = i + 1; j + 1 < e->n; j++)
            if (set_near(set_at(e, i), set_at(e, j))) return 1;
    return 0;
}

static int set_same_group(const set_grid *a, const set_grid *b)
{
    return a->lod_radius == b->lod_radius && a->lod_origin[0] == b->lod_origin[0] &&
           a->lod_origin[1] == b->lod_origin[1] && a->lod_origin[2] == b->lod_origin[2];
}

/* ---- inserting a column or row (R_GridInsertColumn, R_GridInsertRow) ---- */

/* The grid's new vertices into its place in the pool, those after it moved. */
static int set_regrow(set_ctx *s, set_grid *g, uint32_t w, uint32_t h, size_t *short_by)
{
    size_t old = (size_t)g->w * g->h, now = (size_t)w * h, add = now - old, k, tail;
    uint32_t i, j;
    if (s->head->pool_used + add > s->head->pool_cap) {
        *short_by = add;
        return 0;
    }
    tail = s->head->pool_used - (g->first + old);
    for (k = tail; k > 0; k--) s->pool[g->first + now + k - 1] = s->pool[g->first + old + k - 1];
    for (k = 0; k < s->head->count; k++)
        if (s->grids[k].first > g->first) s->grids[k].first += add;
    s->head->pool_used += add;
    for (j = 0; j < h; j++)
        for (i = 0; i < w; i++) s->pool[g->first + (size_t)j * w + i] = s->work[j][i];
    g->w = w, g->h = h;
    g->fixed = 0, g->stitched = 0;   /* a new grid to id (memset, lodStitched = qfalse) */
    return 1;
}

/* A column (kind 0) or row (kind 1) at `at`, between the old ones at - 1
 * and at, the vertex on edge row (column) `along` moved to `point`. */
static int set_insert(set_ctx *s, set_grid *g, int kind, uint32_t pos, uint32_t along,
                  const float point[3], float error, size_t *short_by)
{
    const bsp_grid_vertex *v = s->pool + g->first;
    uint32_t w = g->w + (kind == 0), h = g->h + (kind == 1), i, j, src = 0;
    float *err = g->err[kind];
    float errs[BSP__GRID];
    uint32_t n = kind == 0 ? w : h;
    for (i = 0; i < n; i++) {
        uint32_t o = kind == 0 ? g->h : g->w;
        for (j = 0; j < o; j++) {
            bsp_grid_vertex *d = kind == 0 ? &s->work[j][i] : &s->work[i][j];
            if (i == pos) {
                size_t a = kind == 0 ? (size_t)j * g->w + i - 1 : (size_t)(i - 1) * g->w + j;
                size_t b = kind == 0 ? (size_t)j * g->w + i : (size_t)i * g->w + j;
                bsp__lerp_vertex(&v[a], &v[b], d);
                if (j == along) d->xyz[0] = point[0], d->xyz[1] = point[1], d->xyz[2] = point[2];
            } else {
                *d = v[kind == 0 ? (size_t)j * g->w + src : (size_t)src * g->w + j];
            }
        }
        if (i == pos) {
            errs[i] = error;
        } else {
            errs[i] = err[src];
            src++;
        }
    }
    bsp__mesh_normals(w, h, s->work);
    if (!set_regrow(s, g, w, h, short_by)) return 0;
    for (i = 0; i < n; i++) err[i] = errs[i];
    return 1;
}

/* ---- R_StitchPatches ---------------------------------------------------- */

/* One of id's four passes over grid1's edges of `kind1`, forward or
 * back: 1 when it inserted (or ran out of memory: *short_by set). */
static int set_stitch_pass(set_ctx *s, set_grid *g1, set_grid *g2, int kind1, int back, size_t *short_by)
{
    int n, m, kind2;
    for (n = 0; n < 2; n++) {
        set_edge e1 = set_edge_of(s, g1, kind1, n);
        int k;
        if (set_merged(&e1)) continue;
        for (k = back ? (int)e1.n - 1 : 0; back ? k > 1 : k < (int)e1.n - 2; k += back ? -2 : 2) {
            int next = back ? k - 2 : k + 2, mid = back ? k - 1 : k + 1;
            for (kind2 = 0; kind2 < 2; kind2++)
                for (m = 0; m < 2; m++) {
                    set_edge e2;
                    uint32_t l;
                    if ((kind2 == 0 ? g2->w : g2->h) >= BSP__GRID) break;
                    e2 = set_edge_of(s, g2, kind2, m);
                    for (l = 0; l + 1 < e2.n; l++) {
                        float point[3], error;
                        if (!set_near(set_at(&e1, (uint32_t)k), set_at(&e2, l))) continue;
                        if (!set_near(set_at(&e1, (uint32_t)next), set_at(&e2, l + 1))) continue;
                        if (set_same(set_at(&e2, l), set_at(&e2, l + 1))) continue;
                        point[0] = set_at(&e1, (uint32_t)mid)[0];
                        point[1] = set_at(&e1, (uint32_t)mid)[1];
                        point[2] = set_at(&e1, (uint32_t)mid)[2];
                        /* id reads error k + 1 in every pass; past the end
                         * (back, k the last) the inserted vertex's own
                         * (choice, docs/queries.md 11.9) */
                        error = (uint32_t)k + 1 < e1.n ? e1.err[k + 1] : e1.err[mid];
                        set_insert(s, g2, kind2, l + 1, m ? (kind2 == 0 ? g2->h : g2->w) - 1 : 0,
                               point, error, short_by);
                        return 1;
                    }
                }
        }
    }
    return 0;
}

static int set_stitch(set_ctx *s, set_grid *g1, set_grid *g2, size_t *short_by)
{
    return set_stitch_pass(s, g1, g2, 0, 0, short_by) || set_stitch_pass(s, g1, g2, 1, 0, short_by) ||
           set_stitch_pass(s, g1, g2, 0, 1, short_by) || set_stitch_pass(s, g1, g2, 1, 1, short_by);
}

/* R_StitchAllPatches with R_TryStitchingPatch. */
static int set_stitch_all(set_ctx *s, size_t *short_by)
{
    uint32_t i, j, count = s->head->count;
    int again;
    do {
        again = 0;
        for (i = 0; i < count; i++) {
            set_grid *g1 = &s->grids[i];
            if (g1->skip || g1->stitched) continue;
            g1->stitched = 1;
            again = 1;
            for (j = 0; j < count; j++) {
                set_grid *g2 = &s->grids[j];
                if (g2->skip || !set_same_group(g1, g2)) continue;
                while (set_stitch(s, g1, g2, short_by))
                    if (*short_by) return 0;
            }
        }
    } while (again);
    return 1;
}

/* ---- R_FixSharedVertexLodError ----------------------------------------- */

/* grid2's errors on its edges' inner vertices from grid1's where they
 * meet: 1 when one did. */
static int set_share_errors(const set_ctx *s, set_grid *g1, set_grid *g2)
{
    int touch = 0, kind1, kind2, n, m;
    uint32_t k, l;
    for (kind1 = 0; kind1 < 2; kind1++)
        for (n = 0; n < 2; n++) {
            set_edge e1 = set_edge_of(s, g1, kind1, n);
            if (set_merged(&e1)) continue;
            for (k = 1; k + 1 < e1.n; k++)
                for (kind2 = 0; kind2 < 2; kind2++)
                    for (m = 0; m < 2; m++) {
                        set_edge e2 = set_edge_of(s, g2, kind2, m);
                        if (set_merged(&e2)) continue;
                        for (l = 1; l + 1 < e2.n; l++) {
                            if (!set_near(set_at(&e1, k), set_at(&e2, l))) continue;
                            e2.err[l] = e1.err[k];
                            touch = 1;
                        }
                    }
        }
    return touch;
}

static void set_fix_lod_errors(set_ctx *s)
{
    uint32_t i, count = s->head->count;
    for (i = 0; i < count; i++) {
        uint32_t cur = i;
        if (s->grids[i].skip || s->grids[i].fixed) continue;
        s->grids[i].fixed = 2;
        s->grids[i].parent = NONE;
        s->grids[i].next = i + 1;
        while (cur != NONE) {   /* R_FixSharedVertexLodError_r(i + 1, ...) */
            set_grid *g1 = &s->grids[cur], *g2;
            if (g1->next >= count) {
                cur = g1->parent;
                continue;
            }
            g2 = &s->grids[g1->next++];
            if (g2->skip || g2->fixed == 2 || !set_same_group(g1, g2)) continue;
            if (!set_share_errors(s, g1, g2)) continue;
            g2->fixed = 2;
            g2->parent = cur;
            g2->next = i + 1;
            cur = (uint32_t)(g2 - s->grids);
        }
    }
}

/* ---- building ----------------------------------------------------------- */

/* Each patch's isolated grid: into the pool when `store`, else counted. */
static bsp_status set_build_grids(const bsp__map *m, float sub, set_ctx *s, int store, uint32_t *count,
                              size_t *verts)
{
    uint32_t f, n = 0;
    size_t total = 0;
    for (f = 0; f < m->faces.count; f++) {
        bsp__patch_src src;
        float err[2][BSP__GRID];
        uint32_t w, h, i, j;
        bsp_status st = bsp__patch_source(m, f, &src);
        if (st == BSP_E_UNSUPPORTED) continue;
        if (st != BSP_OK) return st;
        bsp__patch_points(m, &src, s->work);
        w = src.w, h = src.h;
        bsp__patch_subdivide(s->work, &w, &h, sub, err);
        if (store) {
            set_grid *g = &s->grids[n];
            bsp__fill(g, 0, sizeof *g);
            g->face = f, g->w = w, g->h = h, g->skip = (uint32_t)src.nodraw;
            g->first = total;
            for (i = 0; i < 3; i++) g->lod_origin[i] = src.lod_origin[i];
            g->lod_radius = src.lod_radius;
            for (i = 0; i < BSP__GRID; i++) g->err[0][i] = err[0][i], g->err[1][i] = err[1][i];
            for (j = 0; j < h; j++)
                for (i = 0; i < w; i++) s->pool[total + (size_t)j * w + i] = s->work[j][i];
        }
        total += (size_t)w * h;
        n++;
    }
    *count = n;
    *verts = total;
    return BSP_OK;
}

/* The size the isolated grids take, and for stitched ones a quarter more. */
static size_t set_first_guess(uint32_t count, size_t verts, uint32_t flags)
{
    return set_bytes(count, verts + ((flags & BSP_PATCH_STITCHED) ? verts / 4 : 0));
}

bsp_status bsp_measure_patch_set(const bsp_map *map, float subdivisions, uint32_t flags,
                                 void *scratch, size_t scratch_bytes, size_t *bytes)
{
    const bsp__map *m = bsp__map_c(map);
    set_ctx s;
    uint32_t count;
    size_t verts;
    bsp_status st;
    if (!set_flags_ok(m, flags) || !scratch || !bytes) return BSP_E_BAD_ARGUMENT;
    if ((uintptr_t)scratch & 3u) return BSP_E_BAD_ARENA;
    if (scratch_bytes < BSP_PATCH_GRID_SCRATCH_BYTES) return BSP_E_ARENA_TOO_SMALL;
    s.work = (bsp__grid_row *)scratch;
    if ((st = set_build_grids(m, subdivisions, &s, 0, &count, &verts)) != BSP_OK) return st;
    *bytes = set_first_guess(count, verts, flags);
    return BSP_OK;
}

bsp_status bsp_patch_set_build(const bsp_map *map, float subdivisions, uint32_t flags,
                               void *mem, size_t bytes, size_t *needed)
{
    const bsp__map *m = bsp__map_c(map);
    set_ctx s;
    uint8_t *p = (uint8_t *)mem;
    uint32_t count = 0, f;
    size_t verts, fixed, short_by = 0;
    bsp_status st;
    if (!set_flags_ok(m, flags)) return BSP_E_BAD_ARGUMENT;
    if (!mem || ((uintptr_t)mem & (BSP_ARENA_ALIGN - 1))) return BSP_E_BAD_ARENA;
    for (f = 0; f < m->faces.count; f++) {   /* the table's size first */
        bsp__patch_src src;
        st = bsp__patch_source(m, f, &src);
        if (st == BSP_OK) count++;
        else if (st != BSP_E_UNSUPPORTED) return st;
    }
    fixed = set_bytes(count, 0);
    bytes &= ~(size_t)7u;   /* the work grid ends on a multiple of 8 */
    if (bytes < fixed) {
        if (needed) *needed = fixed;
        return BSP_E_ARENA_TOO_SMALL;
    }
    s.head = (set_head *)(void *)p;
    s.grids = (set_grid *)(void *)(p + set_grids_at());
    s.pool = (bsp_grid_vertex *)(void *)(p + set_pool_at(count));
    s.work = (bsp__grid_row *)(void *)(p + bytes - set_align8(BSP_PATCH_GRID_SCRATCH_BYTES));
    s.head->magic = 0;
    s.head->count = count;
    s.head->flags = flags;
    s.head->pool_cap = (bytes - fixed) / sizeof(bsp_grid_vertex);
    if ((st = set_build_grids(m, subdivisions, &s, 0, &count, &verts)) != BSP_OK) return st;
    if (verts > s.head->pool_cap) {
        if (needed) *needed = set_first_guess(count, verts, flags);
        return BSP_E_ARENA_TOO_SMALL;
    }
    if ((st = set_build_grids(m, subdivisions, &s, 1, &count, &verts)) != BSP_OK) return st;
    s.head->pool_used = verts;
    if (flags & BSP_PATCH_STITCHED) {
        if (!set_stitch_all(&s, &short_by)) {
            verts = s.head->pool_used + short_by;
            if (needed) *needed = set_bytes(count, verts + verts / 4);
            return BSP_E_ARENA_TOO_SMALL;
        }
        set_fix_lod_errors(&s);
    }
    s.head->magic = SET_MAGIC;
    if (needed) *needed = set_bytes(count, s.head->pool_used);
    return BSP_OK;
}

/* The set's grids must be this map's patches, face for face: a set built
 * from another map would hand out grids that are not these faces'. */
static int set_matches(const bsp__map *m, const set_head *h, const set_grid *g)
{
    uint32_t f, k = 0;
    for (f = 0; f < m->faces.count; f++) {
        bsp__patch_src src;
        bsp_status st = bsp__patch_source(m, f, &src);
        if (st == BSP_E_UNSUPPORTED) continue;
        if (st != BSP_OK || k >= h->count || g[k].face != f) return 0;
        k++;
    }
    return k == h->count;
}

bsp_status bsp_use_patch_set(bsp_map *map, const void *set)
{
    bsp__map *m = bsp__map_of(map);
    const set_head *h = bsp__patch_set_head(set);
    if (!m || !bsp__access_of(m)) return bsp__no_access(m);
    if (!set) {
        m->patch_set = NULL;
        return BSP_OK;
    }
    if (!h || !set_matches(m, h, (const set_grid *)(const void *)((const uint8_t *)set + set_grids_at())))
        return BSP_E_BAD_ARGUMENT;
    m->patch_set = set;
    return BSP_OK;
}

#endif
