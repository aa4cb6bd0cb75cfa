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

#if BSP__CHECKS != 7
#error "BSP__CHECKS is the number of entries of checks[] below"
#endif

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

/* Each check walks the records [from, to) of one view and compares their
 * indices with other views' counts (known from the lump sizes before their
 * bytes arrive), so the resumable loader runs it in slices as soon as its
 * own lump is in place, while later lumps are still being read. */
static bsp_status check_node(const bsp_map *m, const uint8_t *n)
{
    const struct bsp_family *f = m->family;
    int32_t plane = bsp__field_get(n, f->node_plane);
    if (plane < 0 || (uint32_t)plane >= m->planes.count) return BSP_E_CORRUPT;
    if (!child_ok(m, bsp__field_get(n, f->node_child[0])) ||
        !child_ok(m, bsp__field_get(n, f->node_child[1])))
        return BSP_E_CORRUPT;
    if (m->faces.data && f->node_firstface.type &&
        !range_ok(bsp__field_get(n, f->node_firstface),
                  bsp__field_get(n, f->node_numfaces), m->faces.count))
        return BSP_E_CORRUPT;
    return BSP_OK;
}

static bsp_status check_model(const bsp_map *m, const uint8_t *r)
{
    const struct bsp_family *f = m->family;
    if (f->model_headnode.type && !child_ok(m, bsp__field_get(r, f->model_headnode)))
        return BSP_E_CORRUPT;
    if (m->faces.data && f->model_firstface.type &&
        !range_ok(bsp__field_get(r, f->model_firstface),
                  bsp__field_get(r, f->model_numfaces), m->faces.count))
        return BSP_E_CORRUPT;
    return BSP_OK;
}

static bsp_status check_leaf(const bsp_map *m, const uint8_t *l)
{
    const struct bsp_family *f = m->family;
    return range_ok(bsp__field_get(l, f->leaf_firstleafface),
                    bsp__field_get(l, f->leaf_numleaffaces), m->leaffaces.count)
               ? BSP_OK : BSP_E_CORRUPT;
}

static bsp_status check_leafface(const bsp_map *m, const uint8_t *r)
{
    int32_t face = bsp__field_get(r, m->family->leafface_face);
    return face >= 0 && (uint32_t)face < m->faces.count ? BSP_OK : BSP_E_CORRUPT;
}

static bsp_status check_face(const bsp_map *m, const uint8_t *r)
{
    const struct bsp_family *f = m->family;
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
    return BSP_OK;
}

static bsp_status check_surfedge(const bsp_map *m, const uint8_t *r)
{
    int32_t e = bsp__i32(r);
    uint32_t mag = e < 0 ? (uint32_t)0 - (uint32_t)e : (uint32_t)e;
    return mag < m->edges.count ? BSP_OK : BSP_E_CORRUPT;
}

static bsp_status check_edge(const bsp_map *m, const uint8_t *r)
{
    uint32_t k;
    for (k = 0; k < 2; k++) {
        int32_t v = bsp__field_get(r, m->family->edge_v[k]);
        if (v < 0 || (uint32_t)v >= m->vertexes.count) return BSP_E_CORRUPT;
    }
    return BSP_OK;
}

/* The checks in the order bsp_load reports them; the role names the lump a
 * failure blames (leaf faces and edges blame the leafs and surfedges, as
 * they always have). */
typedef struct check_desc {
    int role, blame;
    bsp_status (*record)(const bsp_map *m, const uint8_t *r);
} check_desc;

static const check_desc checks[BSP__CHECKS] = {
    { BSP_ROLE_NODES, BSP_ROLE_NODES, check_node },
    { BSP_ROLE_MODELS, BSP_ROLE_MODELS, check_model },
    { BSP_ROLE_LEAFS, BSP_ROLE_LEAFS, check_leaf },
    { BSP_ROLE_LEAFFACES, BSP_ROLE_LEAFS, check_leafface },
    { BSP_ROLE_FACES, BSP_ROLE_FACES, check_face },
    { BSP_ROLE_SURFEDGES, BSP_ROLE_SURFEDGES, check_surfedge },
    { BSP_ROLE_EDGES, BSP_ROLE_SURFEDGES, check_edge },
};

static int role_of(const bsp_map *m, int role)
{
    return role == BSP_ROLE_FACES && m->use_hdr ? BSP_ROLE_FACES_HDR : role;
}

static const bsp_view *view_of(const bsp_map *m, int role)
{
    switch (role) {
    case BSP_ROLE_NODES: return &m->nodes;
    case BSP_ROLE_MODELS: return &m->models;
    case BSP_ROLE_LEAFS: return &m->leafs;
    case BSP_ROLE_LEAFFACES: return &m->leaffaces;
    case BSP_ROLE_FACES: return &m->faces;
    case BSP_ROLE_SURFEDGES: return &m->surfedges;
    default: return &m->edges;
    }
}

/* A check whose comparison has nothing to compare with walks no records. */
static int check_applies(const bsp_map *m, uint32_t k)
{
    switch (checks[k].role) {
    case BSP_ROLE_LEAFS: return m->leaffaces.data != NULL;
    case BSP_ROLE_LEAFFACES: return m->leaffaces.data && m->faces.data;
    case BSP_ROLE_SURFEDGES: return m->surfedges.data && m->edges.data;
    case BSP_ROLE_EDGES: return m->edges.data && m->vertexes.data;
    default: return 1;
    }
}

int bsp__check_lump(const bsp_map *m, uint32_t k)
{
    return bsp__role_lump(m->family, role_of(m, checks[k].role));
}

uint32_t bsp__check_records(const bsp_map *m, uint32_t k, uint32_t *stride)
{
    const bsp_view *v = view_of(m, checks[k].role);
    *stride = v->stride;
    return check_applies(m, k) ? v->count : 0;
}

bsp_status bsp__check_run(const bsp_map *m, uint32_t k, uint32_t from, uint32_t to)
{
    const bsp_view *v = view_of(m, checks[k].role);
    uint32_t i;
    /* models: the world model and a leaf for it to hold are required */
    if (checks[k].role == BSP_ROLE_MODELS && from == 0 &&
        (m->models.count == 0 || m->leafs.count == 0))
        return BSP_E_CORRUPT;
    if (!check_applies(m, k)) return BSP_OK;
    for (i = from; i < to; i++)
        if (checks[k].record(m, REC(*v, i)) != BSP_OK) return BSP_E_CORRUPT;
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

bsp_status bsp__check_fail(bsp_map *m, uint32_t k)
{
    return stop_in(m, role_of(m, checks[k].blame), BSP_E_CORRUPT);
}

bsp_status bsp__validate_finish(bsp_map *m)
{
    bsp_status st;
    int vis = m->vis.data ? BSP_ROLE_VIS : BSP_ROLE_LEAFS;
    if ((st = stop_in(m, vis, m->family->finish(m))) != BSP_OK) return st;
    /* QUERIES.md: every cluster holds at least one leaf. */
    if (m->num_clusters > m->leafs.count) return stop_in(m, vis, BSP_E_CORRUPT);
    return BSP_OK;
}
