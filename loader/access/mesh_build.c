/* SPDX-License-Identifier: MIT */
/* mesh_build.c - bsp_measure_mesh and bsp_mesh_build: one vertex and one
 * index buffer for a model, its faces in batches (mesh_order.c), in
 * caller memory.
 *
 * Both calls plan the same way: each face of the model once (its flags,
 * tool bits, share of the buffers: mesh_face.c), the keys of the faces the
 * buffers hold into the scratch, then the grouping's sorts, which alone
 * know how many batches there are: so the measure needs the scratch too,
 * and is exact. The build then lays the batches out and walks the faces in
 * ascending order a second time, writing each one's vertices where the
 * layout put it: the per-vertex normal tables (Source's lumps 30 and 31,
 * BSPX FACENORMALS) are indexed by the running sum of the faces' edge
 * counts, which only that order keeps at no cost.
 *
 * The memory: vertices, indices, batches, the face table, the batches'
 * face lists, each region starting on a multiple of 8.
 */
#include "mesh.h"
#include "../core/map.h"
#include "map_vertex.h"

#if BSPKIT_ACCESS   /* else core/absent.c */

static size_t mesh_align8(size_t n) { return (n + 7u) & ~(size_t)7u; }

bsp_mesh_options bsp_mesh_default_options(void)
{
    bsp_mesh_options o;
    bsp__fill(&o, 0, sizeof o);
    o.subdivisions = BSP_PATCH_SUBDIVISIONS;
    o.patch_set = NULL;
    o.leave_out = 0;
    return o;
}

/* The scratch: keys, groups, the sorts' merge room, then (Quake 3) a
 * patch's work grid. */
static size_t mesh_scratch_for(const bsp__map *m, uint32_t faces)
{
    size_t n = 2 * mesh_align8((size_t)faces * 4u * BSP__MESH_KEY_WORDS) +
               mesh_align8((size_t)faces * 4u * BSP__MESH_GROUP_WORDS);
    if (m->family->access->geometry == BSP_GEOM_SURFACES) n += mesh_align8(BSP_PATCH_GRID_SCRATCH_BYTES);
    return n;
}

/* Is `face` a Source displacement's base face? (its dispinfo field) */
static int mesh_is_disp_face(const bsp__map *m, uint32_t face)
{
    const bsp__field field = m->family->faces.face_dispinfo;
    return field.type && bsp__field_get(BSP__REC(m->faces, face), field) >= 0;
}

/* The faces a model's mesh covers: its run of the face lump, and for the
 * world every displacement's base face too (Valve's engine draws terrain
 * from lump 26 as the world's, wherever the face lump keeps its base face;
 * vbsp keeps it in the world's run, not every writer does): the run grown
 * to hold them. Is `face` of that span the mesh's? */
typedef struct mesh_span { uint32_t first, count, run_first, run_count; int world; } mesh_span;

static void mesh_span_of(const bsp__map *m, uint32_t model, const bsp_model *md, mesh_span *sp)
{
    uint32_t f, lo = md->first_face, hi = md->first_face + md->num_faces;
    sp->run_first = md->first_face, sp->run_count = md->num_faces;
    sp->world = model == 0 && m->faces.data && m->family->faces.face_dispinfo.type;
    for (f = 0; sp->world && f < m->faces.count; f++)
        if ((f < md->first_face || f - md->first_face >= md->num_faces) && mesh_is_disp_face(m, f)) {
            if (f < lo) lo = f;
            if (f + 1 > hi) hi = f + 1;
        }
    sp->first = lo, sp->count = hi - lo;
}

static int mesh_span_has(const bsp__map *m, const mesh_span *sp, uint32_t face)
{
    return (face >= sp->run_first && face - sp->run_first < sp->run_count) || (sp->world && mesh_is_disp_face(m, face));
}

/* The model, its run checked against the face lump, and its span. */
static bsp_status mesh_model_span(const bsp__map *m, uint32_t model, mesh_span *sp)
{
    bsp_model md;
    if (bsp_get_model(bsp__map_cpub(m), model, &md) != BSP_OK) return BSP_E_BAD_MODEL;
    if (md.first_face > m->faces.count || md.num_faces > m->faces.count - md.first_face) return BSP_E_CORRUPT;
    mesh_span_of(m, model, &md, sp);
    return BSP_OK;
}

size_t bsp_mesh_scratch_bytes(const bsp_map *map, uint32_t model)
{
    const bsp__map *m = bsp__map_c(map);
    mesh_span sp;
    if (!bsp__access_of(m) || mesh_model_span(m, model, &sp) != BSP_OK) return 0;
    return mesh_scratch_for(m, sp.count);
}

/* What a plan found. */
typedef struct mesh_plan {
    bsp__mesh_src src;
    uint32_t leave_out;
    mesh_span sp;
    uint32_t first, count;        /* the mesh_span's faces */
    bsp__mesh_key *keys;
    uint32_t *groups, *tmp;
    uint32_t drawn, batches;
    uint64_t verts, indices;
} mesh_plan;

/* The checks both calls start with, then the plan's setup. */
static bsp_status mesh_plan_start(const bsp__map *m, uint32_t model, const bsp_mesh_options *opt, void *scratch,
                             size_t scratch_bytes, mesh_plan *p)
{
    bsp_mesh_options o = opt ? *opt : bsp_mesh_default_options();
    bsp_status st;
    uint8_t *s = (uint8_t *)scratch;
    size_t need;
    if (o.leave_out & ~BSP_MESH_TOOL_ALL) return BSP_E_BAD_ARGUMENT;
    if (!m->faces.data && (st = bsp__lump_absent(m, bsp__faces_lump(m), BSP_OK)) != BSP_OK) return st;
    bsp__fill(p, 0, sizeof *p);
    if ((st = mesh_model_span(m, model, &p->sp)) != BSP_OK) {
        /* (a run past the face lump: after the scratch's check, which
         * needs only the model) */
        if (st != BSP_E_CORRUPT) return st;
    }
    need = st == BSP_OK ? mesh_scratch_for(m, p->sp.count) : 0;
    if (need && (!scratch || ((uintptr_t)scratch & (BSP_ARENA_ALIGN - 1)) || scratch_bytes < need))
        return BSP_E_BAD_ARGUMENT;
    if (st != BSP_OK) return st;
    p->src.m = m;
    p->src.subdivisions = o.subdivisions;
    p->src.patch_set = o.patch_set;
    p->leave_out = o.leave_out;
    p->first = p->sp.first, p->count = p->sp.count;
    p->keys = (bsp__mesh_key *)(void *)s;
    p->groups = (uint32_t *)(void *)(s + mesh_align8((size_t)p->count * 4u * BSP__MESH_KEY_WORDS));
    p->tmp = (uint32_t *)(void *)((uint8_t *)p->groups + mesh_align8((size_t)p->count * 4u * BSP__MESH_GROUP_WORDS));
    if (m->family->access->geometry == BSP_GEOM_SURFACES)
        p->src.grid = s + need - mesh_align8(BSP_PATCH_GRID_SCRATCH_BYTES);
    return BSP_OK;
}

/* The face's flags and tool bits, and whether the options keep it. */
static bsp_status mesh_face_of(const mesh_plan *p, uint32_t face, bsp_face *f, uint32_t *tool)
{
    bsp_status st = bsp_get_face(bsp__map_cpub(p->src.m), face, f);
    if (st != BSP_OK) return st;
    *tool = bsp__mesh_tool(p->src.m, f);
    return BSP_OK;
}

/* Each face once: its share, its key; then the order. */
static bsp_status mesh_plan_faces(mesh_plan *p)
{
    uint32_t i;
    for (i = 0; i < p->count; i++) {
        uint32_t face = p->first + i, verts = 0, indices = 0, tool;
        bsp__mesh_key *k = &p->keys[p->drawn];
        bsp_face f;
        bsp_patch_grid g;
        bsp_status st;
        if (!mesh_span_has(p->src.m, &p->sp, face)) continue;
        if ((st = mesh_face_of(p, face, &f, &tool)) != BSP_OK) return st;
        if (!(tool & p->leave_out) && (st = bsp__mesh_face_size(&p->src, face, &f, &verts, &indices, &g)) != BSP_OK)
            return st;
        if (!indices) continue;
        k->texture = f.texture, k->page = f.lightmap.page, k->face = face;
        k->flags = f.flags << BSP__MESH_FLAGS_SHIFT | tool;   /* (flags below 2^24, tools below 2^8) */
        k->verts = verts, k->indices = indices;
        p->drawn++;
        p->verts += verts;
        p->indices += indices;
    }
    if (p->verts > 0xffffffffu || p->indices > 0xffffffffu) return BSP_E_UNSUPPORTED;
    p->batches = bsp__mesh_order(p->src.m, p->keys, p->drawn, p->groups, p->tmp);
    return BSP_OK;
}

/* The regions' offsets (vertices, indices, batches, faces, batch faces,
 * end); 0 when the total does not fit a size_t. */
static int mesh_layout(const mesh_plan *p, size_t at[6])
{
    uint64_t n[5], total = 0;
    uint32_t k;
    n[0] = p->verts * sizeof(bsp_mesh_vertex);
    n[1] = p->indices * 4u;
    n[2] = (uint64_t)p->batches * sizeof(bsp_mesh_batch);
    n[3] = (uint64_t)p->count * sizeof(bsp_mesh_face);
    n[4] = (uint64_t)p->drawn * 4u;
    for (k = 0; k < 5; k++) {
        at[k] = (size_t)total;
        total += (n[k] + 7u) & ~(uint64_t)7u;
        if (total > (size_t)-1) return 0;
    }
    at[5] = (size_t)total;
    return 1;
}

bsp_status bsp_measure_mesh(const bsp_map *map, uint32_t model, const bsp_mesh_options *opt, void *scratch,
                            size_t scratch_bytes, size_t *bytes)
{
    const bsp__map *m = bsp__map_c(map);
    size_t at[6];
    mesh_plan p;
    bsp_status st;
    if (!bsp__access_of(m) || !bytes) return bsp__no_access(m);
    *bytes = 0;
    if ((st = mesh_plan_start(m, model, opt, scratch, scratch_bytes, &p)) != BSP_OK) return st;
    if ((st = mesh_plan_faces(&p)) != BSP_OK) return st;
    if (!mesh_layout(&p, at)) return BSP_E_UNSUPPORTED;
    *bytes = at[5];
    return BSP_OK;
}

/* The face table (every face: its tool bits; none in a batch yet), then
 * from the sorted keys the batch records, the drawn faces' places and the
 * batches' face lists. */
static bsp_status mesh_lay_out(const mesh_plan *p, bsp_mesh *out)
{
    uint32_t i, b = 0, vert = 0, index = 0;
    bsp_mesh_batch *batch = NULL;
    for (i = 0; i < p->count; i++) {
        bsp_mesh_face *t = &out->faces[i];
        t->batch = BSP_MESH_NONE, t->tool = 0;
        t->first_index = t->num_indices = t->first_vertex = t->num_vertices = 0;
    }
    for (i = 0; i < p->drawn; i++) out->faces[p->keys[i].face - p->first].batch = 0;
    for (i = 0; i < p->count; i++) {   /* the tool bits of the faces in no batch */
        bsp_mesh_face *t = &out->faces[i];
        bsp_face f;
        bsp_status st;
        if (t->batch == BSP_MESH_NONE && mesh_span_has(p->src.m, &p->sp, p->first + i) &&
            (st = mesh_face_of(p, p->first + i, &f, &t->tool)) != BSP_OK)
            return st;
    }
    for (i = 0; i < p->drawn; i++) {
        const bsp__mesh_key *k = &p->keys[i];
        bsp_mesh_face *t = &out->faces[k->face - p->first];
        if (i == 0 || !bsp__mesh_same_batch(&p->keys[i - 1], k)) {
            batch = &out->batches[b++];
            bsp__fill(batch, 0, sizeof *batch);
            batch->texture = k->texture;
            batch->page = k->page;
            batch->flags = k->flags >> BSP__MESH_FLAGS_SHIFT;
            batch->tool = k->flags & ((1u << BSP__MESH_FLAGS_SHIFT) - 1u);
            bsp__texture_size(p->src.m, k->texture, batch->tex_size);
            batch->first_index = index, batch->first_vertex = vert, batch->first_face = i;
        }
        t->batch = b - 1, t->tool = batch->tool;
        t->first_vertex = vert, t->first_index = index;
        t->num_vertices = k->verts, t->num_indices = k->indices;
        vert += k->verts, index += k->indices;
        batch->num_vertices += k->verts, batch->num_indices += k->indices;
        batch->num_faces++;
        out->batch_faces[i] = k->face;
    }
    return BSP_OK;
}

bsp_status bsp_mesh_build(const bsp_map *map, uint32_t model, const bsp_mesh_options *opt, void *scratch,
                          size_t scratch_bytes, void *mem, size_t bytes, bsp_mesh *out)
{
    const bsp__map *m = bsp__map_c(map);
    uint8_t *base = (uint8_t *)mem;
    size_t at[6];
    bsp__attr_walk w;
    bsp_mesh r;
    mesh_plan p;
    bsp_status st;
    uint32_t i;
    if (!bsp__access_of(m) || !out) return bsp__no_access(m);
    if ((st = mesh_plan_start(m, model, opt, scratch, scratch_bytes, &p)) != BSP_OK) return st;
    if ((uintptr_t)mem & (BSP_ARENA_ALIGN - 1)) return BSP_E_BAD_ARENA;
    if ((st = mesh_plan_faces(&p)) != BSP_OK) return st;
    if (!mesh_layout(&p, at)) return BSP_E_UNSUPPORTED;
    if (!mem && at[5]) return BSP_E_BAD_ARENA;
    if (bytes < at[5]) return BSP_E_ARENA_TOO_SMALL;
    bsp__fill(&r, 0, sizeof r);
    r.model = model;
    r.first_face = p.first, r.num_faces = p.count;
    r.num_vertices = (uint32_t)p.verts, r.num_indices = (uint32_t)p.indices;
    r.num_batches = p.batches, r.num_drawn = p.drawn;
    if (at[5]) {
        r.vertices = (bsp_mesh_vertex *)(void *)(base + at[0]);
        r.indices = (uint32_t *)(void *)(base + at[1]);
        r.batches = (bsp_mesh_batch *)(void *)(base + at[2]);
        r.faces = (bsp_mesh_face *)(void *)(base + at[3]);
        r.batch_faces = (uint32_t *)(void *)(base + at[4]);
    }
    if ((st = mesh_lay_out(&p, &r)) != BSP_OK) return st;
    bsp__attr_walk_start(m, p.first, &w);
    for (i = 0; i < p.count; i++) {
        uint32_t face = p.first + i;
        const bsp_mesh_face *t = &r.faces[i];
        if (t->batch != BSP_MESH_NONE) {
            bsp_face f;
            bsp_patch_grid g;
            uint32_t v = 0, n = 0;
            if ((st = bsp_get_face(map, face, &f)) != BSP_OK) return st;
            if (f.kind == BSP_FACE_PATCH &&   /* (the same grid again: its size is the mesh_plan's) */
                ((st = bsp__mesh_face_size(&p.src, face, &f, &v, &n, &g)) != BSP_OK || v != t->num_vertices))
                return st != BSP_OK ? st : BSP_E_CORRUPT;
            st = bsp__mesh_face_write(&p.src, face, &f, &w, &g, r.vertices + t->first_vertex,
                                      r.indices + t->first_index, t->first_vertex);
            if (st != BSP_OK) return st;
        }
        bsp__attr_walk_step(m, face, &w);
    }
    *out = r;
    return BSP_OK;
}

#endif
