/* SPDX-License-Identifier: MIT */
/* validate.c - load-time checks of every index the queries follow.
 *
 * After this pass, queries may index planes, nodes, leafs, faces, texinfo,
 * surfedges, edges and vertexes without checks of their own. Tree shape
 * (cycles, depth) is not checked here: the walks bound themselves and fail
 * with BSP_E_CORRUPT. Lightmap blocks and vis rows are checked where they are
 * read, because QUERIES.md makes a bad one a per-face or per-row answer, not
 * an unloadable map.
 */
#include "validate.h"

#define REC(v, i) ((v).data + (size_t)(i) * (v).stride)

static int range_ok(int32_t first, int32_t num, uint32_t count)
{
    return first >= 0 && num >= 0 && (uint32_t)first <= count &&
           (uint32_t)num <= count - (uint32_t)first;
}

/* A child or head reference: node index >= 0, or leaf -1 - c. */
static int child_ok(const bsp_map *m, int32_t c)
{
    if (c >= 0) return (uint32_t)c < m->nodes.count;
    return (uint32_t)(-1 - c) < m->leafs.count;
}

static bsp_status check_nodes(const bsp_map *m)
{
    const struct bsp_family *f = m->family;
    uint32_t i;
    for (i = 0; i < m->nodes.count; i++) {
        const uint8_t *n = REC(m->nodes, i);
        int32_t plane = bsp__field_get(n, f->node_plane);
        if (plane < 0 || (uint32_t)plane >= m->planes.count) return BSP_E_CORRUPT;
        if (!child_ok(m, bsp__field_get(n, f->node_child[0])) ||
            !child_ok(m, bsp__field_get(n, f->node_child[1])))
            return BSP_E_CORRUPT;
        if (m->faces.data && f->node_firstface.type &&
            !range_ok(bsp__field_get(n, f->node_firstface),
                      bsp__field_get(n, f->node_numfaces), m->faces.count))
            return BSP_E_CORRUPT;
    }
    return BSP_OK;
}

static bsp_status check_models(const bsp_map *m)
{
    const struct bsp_family *f = m->family;
    uint32_t i;
    if (m->models.count == 0 || m->leafs.count == 0) return BSP_E_CORRUPT;
    for (i = 0; i < m->models.count; i++) {
        const uint8_t *r = REC(m->models, i);
        if (f->model_headnode.type && !child_ok(m, bsp__field_get(r, f->model_headnode)))
            return BSP_E_CORRUPT;
        if (m->faces.data && f->model_firstface.type &&
            !range_ok(bsp__field_get(r, f->model_firstface),
                      bsp__field_get(r, f->model_numfaces), m->faces.count))
            return BSP_E_CORRUPT;
    }
    return BSP_OK;
}

static bsp_status check_leafs(const bsp_map *m)
{
    const struct bsp_family *f = m->family;
    uint32_t i;
    if (m->leaffaces.data) {
        for (i = 0; i < m->leafs.count; i++) {
            const uint8_t *l = REC(m->leafs, i);
            if (!range_ok(bsp__field_get(l, f->leaf_firstleafface),
                          bsp__field_get(l, f->leaf_numleaffaces), m->leaffaces.count))
                return BSP_E_CORRUPT;
        }
        if (m->faces.data)
            for (i = 0; i < m->leaffaces.count; i++) {
                int32_t face = bsp__field_get(REC(m->leaffaces, i), f->leafface_face);
                if (face < 0 || (uint32_t)face >= m->faces.count) return BSP_E_CORRUPT;
            }
    }
    return BSP_OK;
}

static bsp_status check_faces(const bsp_map *m)
{
    const struct bsp_family *f = m->family;
    uint32_t i;
    for (i = 0; i < m->faces.count; i++) {
        const uint8_t *r = REC(m->faces, i);
        int32_t plane = bsp__field_get(r, f->face_plane);
        int32_t texinfo = bsp__field_get(r, f->face_texinfo);
        if (f->face_plane.type && (plane < 0 || (uint32_t)plane >= m->planes.count))
            return BSP_E_CORRUPT;
        if (m->surfedges.data && f->face_firstedge.type &&
            !range_ok(bsp__field_get(r, f->face_firstedge),
                      bsp__field_get(r, f->face_numedges), m->surfedges.count))
            return BSP_E_CORRUPT;
        /* -1: no texture information (no lightmap); other negatives are bad */
        if (m->texinfo.data && f->face_texinfo.type && (texinfo < -1 || (texinfo >= 0 &&
                                (uint32_t)texinfo >= m->texinfo.count)))
            return BSP_E_CORRUPT;
    }
    return BSP_OK;
}

static bsp_status check_edges(const bsp_map *m)
{
    const struct bsp_family *f = m->family;
    uint32_t i, k;
    if (m->surfedges.data && m->edges.data)
        for (i = 0; i < m->surfedges.count; i++) {
            int32_t e = bsp__i32(REC(m->surfedges, i));
            uint32_t mag = e < 0 ? (uint32_t)0 - (uint32_t)e : (uint32_t)e;
            if (mag >= m->edges.count) return BSP_E_CORRUPT;
        }
    if (m->edges.data && m->vertexes.data)
        for (i = 0; i < m->edges.count; i++)
            for (k = 0; k < 2; k++) {
                int32_t v = bsp__field_get(REC(m->edges, i), f->edge_v[k]);
                if (v < 0 || (uint32_t)v >= m->vertexes.count) return BSP_E_CORRUPT;
            }
    return BSP_OK;
}

bsp_status bsp__clusters_from_leaves(bsp_map *m)
{
    int32_t max = -1;
    uint32_t i;
    for (i = 0; i < m->leafs.count; i++) {
        int32_t c = bsp__leaf_cluster(m, REC(m->leafs, i), i);
        if (c > max) max = c;
    }
    /* Unsigned: a Quake 3 leaf may name cluster INT32_MAX, and max + 1 in
     * int32 would overflow (undefined behaviour); 2^31 clusters then fail
     * the leaf-count check as corrupt. */
    m->num_clusters = (uint32_t)max + 1u;
    return BSP_OK;
}

/* Record the lump a failed check was reading (bsp_map.error_lump). */
static bsp_status stop_in(bsp_map *m, int role, bsp_status st)
{
    int lump = bsp__role_lump(m->family, role);
    if (st != BSP_OK && lump >= 0) {
        m->error_lump = (uint32_t)lump;
        m->error_offset = m->lump_file_offset[lump];
    }
    return st;
}

bsp_status bsp__validate(bsp_map *m)
{
    bsp_status st;
    int vis = m->vis.data ? BSP_ROLE_VIS : BSP_ROLE_LEAFS;
    if ((st = stop_in(m, BSP_ROLE_NODES, check_nodes(m))) != BSP_OK) return st;
    if ((st = stop_in(m, BSP_ROLE_MODELS, check_models(m))) != BSP_OK) return st;
    if ((st = stop_in(m, BSP_ROLE_LEAFS, check_leafs(m))) != BSP_OK) return st;
    if ((st = stop_in(m, m->use_hdr ? BSP_ROLE_FACES_HDR : BSP_ROLE_FACES, check_faces(m))) != BSP_OK)
        return st;
    if ((st = stop_in(m, BSP_ROLE_SURFEDGES, check_edges(m))) != BSP_OK) return st;
    if ((st = stop_in(m, vis, m->family->finish(m))) != BSP_OK) return st;
    /* QUERIES.md: every cluster holds at least one leaf. */
    if (m->num_clusters > m->leafs.count) return stop_in(m, vis, BSP_E_CORRUPT);
    return BSP_OK;
}
