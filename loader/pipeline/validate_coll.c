/* SPDX-License-Identifier: MIT */
/* validate_coll.c - what a load with BSP_LOAD_COLLISION checks before a
 * trace may follow it (docs/queries.md 8.13): every index collision reads
 * (brush sides, planes, leaf brushes, brushes, shaders, clipnodes), and the
 * depth of every tree a collision walk goes down.
 *
 * The record checks run like validate.c's, a lump's records in slices as
 * soon as it is in place. The depth check needs every tree whole, so it is
 * part of the last step: each node's height is worked out once, with an
 * explicit stack of BSP_TREE_DEPTH_MAX entries and a byte per node of the
 * arena's scratch (the decoder's tables are done with by then; bsp_measure
 * counts the larger of the two).
 */
#include <stddef.h>
#include "validate.h"

#if BSPKIT_COLLISION

#define REC(v, i) ((v).data + (size_t)(i) * (v).stride)
#define CF(name) (uint8_t)offsetof(struct bsp__collision, name)
#define VIEW(name) (uint16_t)offsetof(bsp_map, name)
#define NO_FIELD 0xff

/* An index a record holds: into a view (INDEX), a first/count pair inside
 * one (RANGE; a count of 0 or less names nothing), or a clipnode child
 * (CHILD: a clipnode, or a negative contents value). Narrow/wide records
 * (leaf brushes, brush sides) read the wide field when the view's records
 * have the description's wide size. */
enum { INDEX, RANGE, CHILD };
typedef struct coll_rule {
    uint8_t field, count;   /* offsets in struct bsp__collision */
    uint16_t view;          /* the view the index names */
    uint8_t kind;
    uint8_t only;           /* 0, or the one bsp__coll_kind it applies to */
} coll_rule;

/* Each check: the records walked, where its lump is (a collision lump, or
 * a role), its rules. In the order failures are reported. */
typedef struct coll_check {
    uint16_t view;
    int8_t coll_lump, role;    /* -1: the other one names the lump */
    uint8_t first_rule, num_rules;
} coll_check;

static const coll_rule coll_rules[] = {
    /* brushes: their sides; quake3: their shader */
    { CF(brush_firstside), CF(brush_numsides), VIEW(brushsides), RANGE, 0 },
    { CF(brush_contents), NO_FIELD, VIEW(shaders), INDEX, BSP_COLL_Q3 },
    /* brush sides: the plane */
    { CF(side_plane), NO_FIELD, VIEW(planes), INDEX, 0 },
    /* leaf brushes: the brush */
    { CF(leafbrush), NO_FIELD, VIEW(brushes), INDEX, 0 },
    /* leaves: their leaf brushes */
    { CF(leaf_firstleafbrush), CF(leaf_numleafbrushes), VIEW(leafbrushes), RANGE, 0 },
    /* clipnodes: plane and children */
    { CF(clipnode_plane), NO_FIELD, VIEW(planes), INDEX, 0 },
    { CF(clipnode_child), NO_FIELD, VIEW(clipnodes), CHILD, 0 },
    { CF(clipnode_child) + (uint8_t)sizeof(bsp__field), NO_FIELD, VIEW(clipnodes), CHILD, 0 },
    /* quake3 models: their brushes */
    { CF(model_firstbrush), CF(model_numbrushes), VIEW(brushes), RANGE, 0 },
};

static const coll_check coll_checks[BSP__COLL_CHECKS] = {
    { VIEW(brushes), BSP_CL_BRUSHES, -1, 0, 2 },
    { VIEW(brushsides), BSP_CL_BRUSHSIDES, -1, 2, 1 },
    { VIEW(leafbrushes), BSP_CL_LEAFBRUSHES, -1, 3, 1 },
    { VIEW(leafs), -1, BSP_ROLE_LEAFS, 4, 1 },
    { VIEW(clipnodes), BSP_CL_CLIPNODES, -1, 5, 3 },
    { VIEW(models), -1, BSP_ROLE_MODELS, 8, 1 },
};

static const bsp_view *coll_view_at(const bsp_map *m, uint16_t view)
{
    return (const bsp_view *)(const void *)((const char *)m + view);
}

/* The field at `at` of the map's collision part; a narrow/wide pair gives
 * the one the view's record size selects. */
static bsp__field coll_field(const bsp_map *m, uint8_t at, const bsp_view *records)
{
    const struct bsp__collision *c = m->family->coll;
    const bsp__field *f = (const bsp__field *)(const void *)((const char *)c + at);
    if (at == CF(side_plane)) return f[records->stride == c->side_wide_bytes];
    if (at == CF(leafbrush)) return f[records->stride == c->leafbrush_wide_bytes];
    return *f;
}

int bsp__coll_check_lump(const bsp_map *m, uint32_t k)
{
    if (!m->has_collision) return -1;
    if (coll_checks[k].role >= 0) return bsp__role_lump(m->family, coll_checks[k].role);
    return m->family->coll->lumps[coll_checks[k].coll_lump];
}

uint32_t bsp__coll_check_records(const bsp_map *m, uint32_t k, uint32_t *stride)
{
    const bsp_view *v = coll_view_at(m, coll_checks[k].view);
    *stride = v->stride;
    return m->has_collision ? v->count : 0;
}

static int coll_rule_ok(const bsp_map *m, const coll_rule *r, const bsp_view *records, const uint8_t *rec)
{
    const bsp_view *v = coll_view_at(m, r->view);
    bsp__field f = coll_field(m, r->field, records);
    int32_t i, n;
    if (!f.type || (r->only && r->only != m->family->coll->kind)) return 1;   /* not this family's */
    i = bsp__field_get(rec, f);
    switch (r->kind) {
    case RANGE:
        n = bsp__field_get(rec, coll_field(m, r->count, records));
        return n <= 0 || (i >= 0 && (uint32_t)i <= v->count && (uint32_t)n <= v->count - (uint32_t)i);
    case CHILD:
        return i < 0 || (uint32_t)i < v->count;
    default:
        return i >= 0 && (uint32_t)i < v->count;
    }
}

bsp_status bsp__coll_check_run(const bsp_map *m, uint32_t k, uint32_t from, uint32_t to)
{
    const coll_check *c = &coll_checks[k];
    const bsp_view *v = coll_view_at(m, c->view);
    uint32_t i, j;
    for (i = from; i < to; i++)
        for (j = c->first_rule; j < (uint32_t)c->first_rule + c->num_rules; j++)
            if (!coll_rule_ok(m, &coll_rules[j], v, REC(*v, i))) return BSP_E_CORRUPT;
    return BSP_OK;
}

/* The height of every node of one lump's trees: the most nodes on a path
 * from it down to a leaf. height[n] (0: not known yet) is scratch memory
 * of a byte per node, so a subtree shared by several trees (GoldSrc
 * compilers share clipnodes between hulls) is measured once. A cycle never
 * gets a height: its path grows until it passes BSP_TREE_DEPTH_MAX. */
static int coll_tree_ok(const bsp_view *nodes, const bsp__field child[2], int32_t head, uint8_t *height)
{
    struct { int32_t node; uint8_t next; uint8_t most; } stack[BSP_TREE_DEPTH_MAX];
    uint32_t top = 0;
    if (head < 0 || (uint32_t)head >= nodes->count || height[head]) return 1;
    stack[0].node = head;
    stack[0].next = 0;
    stack[0].most = 0;
    top = 1;
    while (top) {
        uint8_t *t = &stack[top - 1].next;
        int32_t n = stack[top - 1].node;
        if (*t < 2) {
            int32_t c = bsp__field_get(REC(*nodes, n), child[(*t)++]);
            uint8_t h = c < 0 ? 0 : height[c];
            if (c >= 0 && !h) {                 /* not measured yet: go down */
                if (top == BSP_TREE_DEPTH_MAX) return 0;
                stack[top].node = c;
                stack[top].next = 0;
                stack[top].most = 0;
                top++;
                continue;
            }
            if (h > stack[top - 1].most) stack[top - 1].most = h;
            continue;
        }
        /* both children measured: this node's height, then its parent's */
        if (stack[top - 1].most >= BSP_TREE_DEPTH_MAX) return 0;
        height[n] = (uint8_t)(stack[top - 1].most + 1);
        top--;
        if (top && height[n] > stack[top - 1].most) stack[top - 1].most = height[n];
    }
    return 1;
}

/* The trees: the node tree from each model's head node (quake3 and
 * nightfire: from node 0 for the world), and the Quake family's clipnode
 * trees from each model's head nodes of hulls 1 and up. */
bsp_status bsp__coll_check_depth(bsp_map *m, uint8_t *scratch)
{
    const struct bsp_family *f = m->family;
    const struct bsp__collision *c = f->coll;
    uint32_t model, hull;
    int lump;
    bsp__fill(scratch, 0, m->nodes.count);
    for (model = 0; model < m->models.count; model++) {
        const uint8_t *rec = REC(m->models, model);
        int32_t head = f->tree.model_headnode.type ? bsp__field_get(rec, f->tree.model_headnode)
                                                   : (model == 0 ? 0 : -1);
        if (!coll_tree_ok(&m->nodes, f->tree.node_child, head, scratch)) {
            lump = bsp__role_lump(f, BSP_ROLE_NODES);
            goto deep;
        }
    }
    if (!BSP__QUAKE_FAMILY || c->kind != BSP_COLL_HULLS || !m->clipnodes.data) return BSP_OK;
    bsp__fill(scratch, 0, m->clipnodes.count);
    for (model = 0; model < m->models.count; model++)
        for (hull = 1; hull < c->num_hulls; hull++) {
            int32_t head = bsp__field_get(REC(m->models, model),
                                          bsp__field_at(f->tree.model_headnode, hull));
            if (!coll_tree_ok(&m->clipnodes, c->clipnode_child, head, scratch)) {
                lump = c->lumps[BSP_CL_CLIPNODES];
                goto deep;
            }
        }
    return BSP_OK;
deep:
    m->error_lump = (uint32_t)lump;
    m->error_offset = m->lump_file_offset[lump];
    return BSP_E_CORRUPT;
}

#endif
