/* SPDX-License-Identifier: MIT */
/* validate.c - load-time checks of every index the queries follow.
 *
 * After this pass, queries may index planes, nodes, leafs, faces, texinfo,
 * surfedges, edges and vertexes without checks of their own. Tree shape
 * (cycles, depth) is not checked here: the walks bound themselves and fail
 * with BSP_E_CORRUPT. Lightmap blocks and vis rows are checked where they are
 * read, because docs/queries.md makes a bad one a per-face or per-row answer, not
 * an unloadable map.
 */
#include "validate.h"
#include "../core/map.h"

#define REC(v, i) ((v).data + (size_t)(i) * (v).stride)

#if BSP__CHECKS != 7
#error "BSP__CHECKS is the number of entries of checks[] below"
#endif

/* A description field's offset in one byte, its second element's too (a
 * compile error if either would not fit: the fields the rules name sit in
 * the first part of the struct on every target). */
#define FIELD(name) (uint8_t)(offsetof(struct bsp_family, name) + 0 * sizeof(char[ \
    offsetof(struct bsp_family, name) + sizeof(bsp__field) < 256 ? 1 : -1]))
#define VIEW(name) (uint16_t)offsetof(bsp__map, name)
#define NO_VIEW 0   /* the family pointer, never a view */

/* One index a record holds and what it must name: an index into a view
 * (or -1: none), a node or leaf reference, a first/count pair inside a
 * view, or a surfedge's edge (its int32, either sign). IF_FIELD: skipped
 * when the family has no such field; OPTIONAL: also when the view it
 * indexes is not loaded. Rules are data, so the description's field
 * positions are read here as the queries read them. */
enum { INDEX, INDEX_OR_NONE, CHILD, RANGE, EDGE_OF_SURFEDGE };
enum { ALWAYS = 0, OPTIONAL = 1, IF_FIELD = 2 };
typedef struct index_rule {
    uint8_t field, count;      /* description fields (count: RANGE only) */
    uint16_t view;             /* the view the index names */
    uint8_t kind, when;
} index_rule;

/* Each check walks the records [from, to) of one view and compares their
 * indices with other views' counts (known from the lump sizes before their
 * bytes arrive), so the resumable loader runs it in slices as soon as its
 * own lump is in place, while later lumps are still being read. These are
 * their rules, each check's in a run (checks[] below). */
static const index_rule rules[] = {
    /* nodes: 0..3 */
    { FIELD(tree.node_plane), 0, VIEW(planes), INDEX, ALWAYS },
    { FIELD(tree.node_child), 0, NO_VIEW, CHILD, ALWAYS },
    { FIELD(tree.node_child) + (uint8_t)sizeof(bsp__field), 0, NO_VIEW, CHILD, ALWAYS },
    { FIELD(tree.node_firstface), FIELD(tree.node_numfaces), VIEW(faces), RANGE, OPTIONAL },
    /* models: 4..5 */
    { FIELD(tree.model_headnode), 0, NO_VIEW, CHILD, IF_FIELD },
    { FIELD(tree.model_firstface), FIELD(tree.model_numfaces), VIEW(faces), RANGE, OPTIONAL },
    /* leafs: 6 */
    { FIELD(tree.leaf_firstleafface), FIELD(tree.leaf_numleaffaces), VIEW(leaffaces), RANGE, ALWAYS },
    /* leaf faces: 7 */
    { FIELD(tree.leafface_face), 0, VIEW(faces), INDEX, ALWAYS },
    /* faces: 8..10 */
    { FIELD(faces.face_plane), 0, VIEW(planes), INDEX, IF_FIELD },
    { FIELD(faces.face_firstedge), FIELD(faces.face_numedges), VIEW(surfedges), RANGE, OPTIONAL },
    { FIELD(faces.face_texinfo), 0, VIEW(texinfo), INDEX_OR_NONE, OPTIONAL },
    /* surfedges: 11 */
    { 0, 0, VIEW(edges), EDGE_OF_SURFEDGE, ALWAYS },
    /* edges: 12..13 */
    { FIELD(faces.edge_v), 0, VIEW(vertexes), INDEX, ALWAYS },
    { FIELD(faces.edge_v) + (uint8_t)sizeof(bsp__field), 0, VIEW(vertexes), INDEX, ALWAYS },
};

static const bsp_view *view_at(const bsp__map *m, uint16_t view)
{
    return (const bsp_view *)(const void *)((const char *)m + view);
}

static bsp__field field_at(const bsp__map *m, uint8_t field)
{
    return *(const bsp__field *)(const void *)((const char *)m->family + field);
}

static int index_ok(int32_t i, uint32_t count)
{
    return i >= 0 && (uint32_t)i < count;
}

static int rule_ok(const bsp__map *m, const index_rule *r, const uint8_t *rec)
{
    const bsp_view *v = view_at(m, r->view);
    bsp__field f;
    int32_t i, n;
    uint32_t mag;
    if (r->kind == EDGE_OF_SURFEDGE) {
        i = bsp__i32(rec);
        mag = i < 0 ? (uint32_t)0 - (uint32_t)i : (uint32_t)i;
        return mag < v->count;
    }
    f = field_at(m, r->field);
    if (r->when != ALWAYS && !f.type) return 1;
    if (r->when == OPTIONAL && !v->data) return 1;
    i = bsp__field_get(rec, f);
    switch (r->kind) {
    case CHILD:   /* node index >= 0, or leaf -1 - c */
        return i >= 0 ? (uint32_t)i < m->nodes.count : (uint32_t)(-1 - i) < m->leafs.count;
    case RANGE:
        n = bsp__field_get(rec, field_at(m, r->count));
        return i >= 0 && n >= 0 && (uint32_t)i <= v->count &&
               (uint32_t)n <= v->count - (uint32_t)i;
    case INDEX_OR_NONE:   /* -1: no texture information (no lightmap) */
        return i == -1 || index_ok(i, v->count);
    default:
        return index_ok(i, v->count);
    }
}

/* The checks in the order bsp_load reports them: the view walked, its
 * rules, the views the comparisons need (a check with nothing to compare
 * with walks no records) and the role whose lump a failure blames (leaf
 * faces and edges blame the leafs and surfedges, as they always have). */
typedef struct check_desc {
    uint8_t role, blame;
    uint8_t first_rule, num_rules;
    uint16_t view, needs[2];
} check_desc;

static const check_desc checks[BSP__CHECKS] = {
    { BSP_ROLE_NODES, BSP_ROLE_NODES, 0, 4, VIEW(nodes), { NO_VIEW, NO_VIEW } },
    { BSP_ROLE_MODELS, BSP_ROLE_MODELS, 4, 2, VIEW(models), { NO_VIEW, NO_VIEW } },
    { BSP_ROLE_LEAFS, BSP_ROLE_LEAFS, 6, 1, VIEW(leafs), { VIEW(leaffaces), NO_VIEW } },
    { BSP_ROLE_LEAFFACES, BSP_ROLE_LEAFS, 7, 1, VIEW(leaffaces), { VIEW(leaffaces), VIEW(faces) } },
    { BSP_ROLE_FACES, BSP_ROLE_FACES, 8, 3, VIEW(faces), { NO_VIEW, NO_VIEW } },
    { BSP_ROLE_SURFEDGES, BSP_ROLE_SURFEDGES, 11, 1, VIEW(surfedges),
      { VIEW(surfedges), VIEW(edges) } },
    { BSP_ROLE_EDGES, BSP_ROLE_SURFEDGES, 12, 2, VIEW(edges), { VIEW(edges), VIEW(vertexes) } },
};
BSP__CHECK(validate_rules, sizeof rules / sizeof rules[0] == 14);

static int role_of(const bsp__map *m, int role)
{
    return role == BSP_ROLE_FACES && m->use_hdr ? BSP_ROLE_FACES_HDR : role;
}

static int check_applies(const bsp__map *m, uint32_t k)
{
    uint32_t j;
    for (j = 0; j < 2; j++)
        if (checks[k].needs[j] != NO_VIEW && !view_at(m, checks[k].needs[j])->data) return 0;
    return 1;
}

int bsp__check_lump(const bsp__map *m, uint32_t k)
{
    return bsp__role_lump(m->family, role_of(m, checks[k].role));
}

uint32_t bsp__check_records(const bsp__map *m, uint32_t k, uint32_t *stride)
{
    const bsp_view *v = view_at(m, checks[k].view);
    *stride = v->stride;
    return check_applies(m, k) ? v->count : 0;
}

bsp_status bsp__check_run(const bsp__map *m, uint32_t k, uint32_t from, uint32_t to)
{
    const check_desc *c = &checks[k];
    const bsp_view *v = view_at(m, c->view);
    uint32_t i, j;
    /* models: the world model and a leaf for it to hold are required */
    if (c->role == BSP_ROLE_MODELS && from == 0 && !bsp__no_tree(m) &&
        (m->models.count == 0 || m->leafs.count == 0))
        return BSP_E_CORRUPT;
    /* to <= bsp__check_records: none when the check does not apply */
    for (i = from; i < to; i++)
        for (j = c->first_rule; j < c->first_rule + c->num_rules; j++)
            if (!rule_ok(m, &rules[j], REC(*v, i))) return BSP_E_CORRUPT;
    return BSP_OK;
}

/* Record the lump a failed check was reading (bsp__map.error_lump); st is
 * the failure, returned. */
static bsp_status stop_in(bsp__map *m, int role, bsp_status st)
{
    int lump = bsp__role_lump(m->family, role);
    if (lump >= 0) {
        m->error_lump = (uint32_t)lump;
        m->error_offset = m->lump_file_offset[lump];
    }
    return st;
}

bsp_status bsp__check_fail(bsp__map *m, uint32_t k)
{
    return stop_in(m, role_of(m, checks[k].blame), BSP_E_CORRUPT);
}

bsp_status bsp__validate_finish(bsp__map *m)
{
    bsp_status st = m->family->finish(m);
    /* docs/queries.md: every cluster holds at least one leaf. */
    if (st == BSP_OK && m->num_clusters > m->leafs.count) st = BSP_E_CORRUPT;
    if (st == BSP_OK) return BSP_OK;
    return stop_in(m, m->vis.data ? BSP_ROLE_VIS : BSP_ROLE_LEAFS, st);
}
