/* SPDX-License-Identifier: MIT */
/* world.c - shared texture/lighting tables, the BSP compiler that turns a
 * gen_desc into a gen_world, and brute-force point location over the
 * recorded leaf boxes.
 *
 * Tree rule (keeps every expected answer derivable by hand): split first on
 * every distinct z boundary (median first, so the z part is a balanced
 * tree whose nodes span all of xy), then on x/y boundaries of the boxes that
 * still overlap the region, until the region lies inside exactly one box or
 * outside all. Every z plane is therefore used by exactly one node, which is
 * where the floors and ceilings on that plane are attached.
 */
#include "world.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define S16 0.0625f

/* textureVecs are arbitrary (rendering only); lightmapVecs are the point. */
const gen_texinfo gen_texinfos[] = {
    /* 0: 16 units per luxel, s = x/16, t = y/16 */
    {{{0.25f, 0, 0, 0}, {0, -0.25f, 0, 0}}, {{S16, 0, 0, 0}, {0, S16, 0, 0}}, 0, 0},
    /* 1: 8 units per luxel with offsets: mins/size are not plain x/8 */
    {{{0.5f, 0, 0, 16}, {0, -0.5f, 0, 8}}, {{0.125f, 0, 0, 2.5f}, {0, 0.125f, 0, -1.75f}}, 0, 1},
    /* 2: bump-mapped: 4 lightmap pages per style */
    {{{0.25f, 0, 0, 0}, {0, -0.25f, 0, 0}}, {{S16, 0, 0, 0}, {0, S16, 0, 0}}, GEN_SURF_BUMPLIGHT, 1},
    /* 3: rotated: s along +y, t along -x (negative mins) */
    {{{0, 0.25f, 0, 0}, {-0.25f, 0, 0, 0}}, {{0, S16, 0, 0}, {-S16, 0, 0, 0}}, 0, 0},
    /* 4: unlit surface */
    {{{0.25f, 0, 0, 0}, {0, -0.25f, 0, 0}}, {{S16, 0, 0, 0}, {0, S16, 0, 0}}, GEN_SURF_NOLIGHT, 2},
};
const int gen_num_texinfos = (int)(sizeof gen_texinfos / sizeof gen_texinfos[0]);

const gen_surface gen_surfaces[GEN_NUM_SURFACES] = {
    {0, {0, 255, 255, 255}}, /* SURF_PLAIN */
    {0, {0, 5, 255, 255}},   /* SURF_TWO */
    {2, {0, 2, 255, 255}},   /* SURF_BUMP */
    {1, {0, 255, 255, 255}}, /* SURF_FINE */
    {3, {0, 255, 255, 255}}, /* SURF_ROT */
    {4, {255, 255, 255, 255}}, /* SURF_DARK */
};

const char *const gen_texture_names[] = {"DEV/DEV_MEASUREGENERIC01", "CONCRETE/CONCRETEFLOOR001A",
                                         "TOOLS/TOOLSNODRAW"};
const int gen_num_texdata = 3;

/* ---------------- planes, vertices, edges ---------------- */

/* Axial planes come in pairs like vbsp writes them: 2k has the positive
 * normal (used by nodes), 2k+1 the negated one (outward sides of brushes). */
static int plane_pair(gen_world *w, int axis, int value)
{
    int32_t key[4];
    int k, s;
    key[0] = axis;
    key[1] = value;
    key[2] = key[3] = 0;
    k = gen_map_get(&w->plane_map, key);
    if (k >= 0) return k;
    k = w->nplanes;
    for (s = 0; s < 2; s++) {
        gen_plane *p;
        GEN_RESERVE(w->planes, w->nplanes, w->planes_cap);
        p = &w->planes[w->nplanes++];
        memset(p, 0, sizeof *p);
        p->normal[axis] = s ? -1.0f : 1.0f;
        p->dist = s ? -(float)value : (float)value;
        p->type = axis;
    }
    gen_map_put(&w->plane_map, key, k);
    return k;
}

static int vertex(gen_world *w, int x, int y, int z)
{
    int32_t key[4];
    int k;
    key[0] = x;
    key[1] = y;
    key[2] = z;
    key[3] = 0;
    k = gen_map_get(&w->vert_map, key);
    if (k >= 0) return k;
    GEN_RESERVE(w->verts, w->nverts, w->verts_cap);
    w->verts[w->nverts][0] = x;
    w->verts[w->nverts][1] = y;
    w->verts[w->nverts][2] = z;
    gen_map_put(&w->vert_map, key, w->nverts);
    return w->nverts++;
}

/* Surfedge for the directed edge a->b: an edge met again in the other
 * direction (ceiling under a floor) is shared with a negative surfedge. */
static int surfedge(gen_world *w, int a, int b)
{
    int32_t key[4];
    int k;
    key[0] = a < b ? a : b;
    key[1] = a < b ? b : a;
    key[2] = key[3] = 0;
    k = gen_map_get(&w->edge_map, key);
    if (k < 0) {
        if (w->nedges == 0) { /* edge 0 is never used: -0 cannot be negative */
            GEN_RESERVE(w->edges, w->nedges, w->edges_cap);
            w->edges[0][0] = w->edges[0][1] = 0;
            w->nedges = 1;
        }
        GEN_RESERVE(w->edges, w->nedges, w->edges_cap);
        w->edges[w->nedges][0] = a;
        w->edges[w->nedges][1] = b;
        k = w->nedges++;
        gen_map_put(&w->edge_map, key, k);
    }
    return w->edges[k][0] == a ? k : -k;
}

/* ---------------- tree ---------------- */

typedef struct {
    gen_world *w;
    const gen_ibox *boxes;
    int inside_solid; /* door model: inside the box is solid */
    int model;
} build_ctx;

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Sorted distinct box boundaries on one axis strictly inside the region. */
static int candidates(const build_ctx *c, const gen_region *r, const int *idx, int n, int axis, int *out)
{
    int i, k = 0, m = 0;
    for (i = 0; i < n; i++) {
        int v[2], s;
        v[0] = c->boxes[idx[i]].lo[axis];
        v[1] = c->boxes[idx[i]].hi[axis];
        for (s = 0; s < 2; s++)
            if ((float)v[s] > r->lo[axis] && (float)v[s] < r->hi[axis]) out[k++] = v[s];
    }
    qsort(out, (size_t)k, sizeof *out, cmp_int);
    for (i = 0; i < k; i++)
        if (m == 0 || out[m - 1] != out[i]) out[m++] = out[i];
    return m;
}

static int new_leaf(build_ctx *c, const gen_region *r, int box)
{
    gen_world *w = c->w;
    gen_leaf *l;
    int inside = box >= 0;
    GEN_RESERVE(w->leaves, w->nleaves, w->leaves_cap);
    l = &w->leaves[w->nleaves];
    memset(l, 0, sizeof *l);
    l->box = *r;
    l->model = c->model;
    if (c->inside_solid) {
        l->contents = inside ? GEN_CONTENTS_SOLID : GEN_CONTENTS_EMPTY;
        l->cluster = -1;
    } else {
        l->contents = inside ? GEN_CONTENTS_EMPTY : GEN_CONTENTS_SOLID;
        l->cluster = inside ? box : -1; /* cluster = room */
    }
    return -1 - w->nleaves++;
}

static int build(build_ctx *c, const gen_region *r, const int *idx, int n)
{
    gen_world *w = c->w;
    int *cand = malloc((size_t)(2 * n + 1) * sizeof *cand);
    int *sub = malloc((size_t)(n + 1) * sizeof *sub);
    int axis = -1, value = 0, k, ni, side, i;
    if (!cand || !sub) gen_die("out of memory");

    k = candidates(c, r, idx, n, 2, cand);
    if (k) {
        axis = 2;
        value = cand[k / 2];
    } else {
        int kx = candidates(c, r, idx, n, 0, cand);
        int vx = kx ? cand[kx / 2] : 0;
        int ky = candidates(c, r, idx, n, 1, cand);
        int vy = ky ? cand[ky / 2] : 0;
        if (kx && kx >= ky) {
            axis = 0;
            value = vx;
        } else if (ky) {
            axis = 1;
            value = vy;
        }
    }
    if (axis < 0) {
        /* No boundary inside: every listed box covers the whole region. */
        free(cand);
        free(sub);
        if (n > 1) gen_die("boxes overlap");
        return new_leaf(c, r, n ? idx[0] : -1);
    }

    GEN_RESERVE(w->nodes, w->nnodes, w->nodes_cap);
    ni = w->nnodes++;
    memset(&w->nodes[ni], 0, sizeof w->nodes[ni]);
    w->nodes[ni].plane = plane_pair(w, axis, value);
    w->nodes[ni].box = *r;
    w->nodes[ni].model = c->model;
    for (side = 0; side < 2; side++) {
        gen_region cr = *r;
        int m = 0, child;
        if (side == 0) cr.lo[axis] = (float)value; /* front: coord >= value */
        else cr.hi[axis] = (float)value;
        for (i = 0; i < n; i++) {
            const gen_ibox *b = &c->boxes[idx[i]];
            if (side == 0 ? b->hi[axis] > value : b->lo[axis] < value) sub[m++] = idx[i];
        }
        child = build(c, &cr, sub, m);
        w->nodes[ni].child[side] = child;
    }
    free(cand);
    free(sub);
    return ni;
}

static int build_model(gen_world *w, const gen_ibox *boxes, int n, int inside_solid, int model)
{
    build_ctx c;
    gen_region r;
    int *idx = malloc((size_t)(n + 1) * sizeof *idx), i, head;
    if (!idx) gen_die("out of memory");
    for (i = 0; i < 3; i++) {
        r.lo[i] = -GEN_INF;
        r.hi[i] = GEN_INF;
    }
    for (i = 0; i < n; i++) idx[i] = i;
    c.w = w;
    c.boxes = boxes;
    c.inside_solid = inside_solid;
    c.model = model;
    head = build(&c, &r, idx, n);
    free(idx);
    if (head < 0) gen_die("model %d has no node", model);
    return head;
}

/* ---------------- faces ---------------- */

static void add_face(gen_world *w, int node, int model, int room, const gen_ibox *xy, int z, int up, int surf)
{
    const gen_surface *s = &gen_surfaces[surf];
    const gen_texinfo *ti = &gen_texinfos[s->texinfo];
    gen_face *f;
    int corner[4][2], v[4], k, a;
    GEN_RESERVE(w->faces, w->nfaces, w->faces_cap);
    f = &w->faces[w->nfaces];
    memset(f, 0, sizeof *f);
    f->plane = w->nodes[node].plane;
    f->side = up ? 0 : 1; /* 1: faces against the node plane's normal */
    f->node = node;
    f->model = model;
    f->room = room;
    f->rect = *xy;
    f->rect.lo[2] = f->rect.hi[2] = z;
    f->texinfo = s->texinfo;
    memcpy(f->styles, s->styles, 4);
    for (k = 0; k < 4 && f->styles[k] != GEN_NO_STYLE; k++) f->nstyles = k + 1;
    f->pages = (ti->flags & GEN_SURF_BUMPLIGHT) ? 4 : 1;
    f->area = (float)(xy->hi[0] - xy->lo[0]) * (float)(xy->hi[1] - xy->lo[1]);

    /* Clockwise seen from the side the face looks at. */
    corner[0][0] = xy->lo[0];
    corner[0][1] = xy->lo[1];
    corner[2][0] = xy->hi[0];
    corner[2][1] = xy->hi[1];
    corner[up ? 1 : 3][0] = xy->lo[0];
    corner[up ? 1 : 3][1] = xy->hi[1];
    corner[up ? 3 : 1][0] = xy->hi[0];
    corner[up ? 3 : 1][1] = xy->lo[1];
    for (k = 0; k < 4; k++) v[k] = vertex(w, corner[k][0], corner[k][1], z);
    f->firstedge = w->nsurfedges;
    f->numedges = 4;
    for (k = 0; k < 4; k++) {
        int e = surfedge(w, v[k], v[(k + 1) & 3]);
        GEN_RESERVE(w->surfedges, w->nsurfedges, w->surfedges_cap);
        w->surfedges[w->nsurfedges++] = e;
    }

    /* LightmapTextureMins/Size as vrad does: over the vertices' luxel
     * coordinates, mins = floor(min), size = ceil(max) - mins. */
    for (a = 0; a < 2; a++) {
        double lo = 0, hi = 0;
        for (k = 0; k < 4; k++) {
            double c = (double)corner[k][0] * ti->lm[a][0] + (double)corner[k][1] * ti->lm[a][1] +
                       (double)z * ti->lm[a][2] + ti->lm[a][3];
            if (k == 0 || c < lo) lo = c;
            if (k == 0 || c > hi) hi = c;
        }
        f->lmins[a] = (int)floor(lo);
        f->lsize[a] = (int)ceil(hi) - f->lmins[a];
    }
    w->nfaces++;
}

/* Floors and ceilings go on the node of their z plane; within a node, in
 * room order (ceiling of a room before the floor of a later room). */
static void attach_faces(gen_world *w, int *floor_face, int *ceil_face)
{
    const gen_desc *d = w->desc;
    int n, r, m;
    for (m = 0; m < 2; m++) {
        w->models[m].firstface = w->nfaces;
        for (n = 0; n < w->nnodes; n++) {
            const gen_plane *p = &w->planes[w->nodes[n].plane];
            int z;
            if (w->nodes[n].model != m || p->type != 2) continue;
            z = (int)p->dist;
            w->nodes[n].firstface = w->nfaces;
            if (m == 0) {
                for (r = 0; r < d->nrooms; r++) {
                    const gen_ibox *b = &d->rooms[r].box;
                    if (b->hi[2] == z) {
                        ceil_face[r] = w->nfaces;
                        add_face(w, n, 0, r, b, z, 0, d->rooms[r].ceil_surf);
                    }
                    if (b->lo[2] == z) {
                        floor_face[r] = w->nfaces;
                        add_face(w, n, 0, r, b, z, 1, d->rooms[r].floor_surf);
                    }
                }
            } else {
                /* The door's outside faces: top looks up, bottom down. */
                if (d->door.hi[2] == z) add_face(w, n, 1, -1, &d->door, z, 1, d->door_top_surf);
                if (d->door.lo[2] == z) add_face(w, n, 1, -1, &d->door, z, 0, d->door_bottom_surf);
            }
            w->nodes[n].numfaces = w->nfaces - w->nodes[n].firstface;
        }
        w->models[m].numfaces = w->nfaces - w->models[m].firstface;
    }
}

/* ---------------- brushes, leaf lists ---------------- */

static void add_brush(gen_world *w, const gen_ibox *b, int leaf)
{
    int a, s;
    GEN_RESERVE(w->brushes, w->nbrushes, w->brushes_cap);
    w->brushes[w->nbrushes].firstside = w->nsides;
    w->brushes[w->nbrushes].numsides = 6;
    w->brushes[w->nbrushes].contents = GEN_CONTENTS_SOLID;
    for (a = 0; a < 3; a++)
        for (s = 0; s < 2; s++) {
            GEN_RESERVE(w->sides, w->nsides, w->sides_cap);
            /* outward normal: +axis at hi (even plane), -axis at lo (odd) */
            w->sides[w->nsides].plane = s ? plane_pair(w, a, b->lo[a]) + 1 : plane_pair(w, a, b->hi[a]);
            w->sides[w->nsides].texinfo = 4;
            w->nsides++;
        }
    GEN_RESERVE(w->leafbrushes, w->nleafbrushes, w->leafbrushes_cap);
    w->leaves[leaf].firstleafbrush = w->nleafbrushes;
    w->leaves[leaf].numleafbrushes = 1;
    w->leafbrushes[w->nleafbrushes++] = w->nbrushes++;
}

static int clampi(float v, int lo, int hi)
{
    return v < (float)lo ? lo : v > (float)hi ? hi : (int)v;
}

static void world_bounds(const gen_desc *d, gen_ibox *out)
{
    int r, a;
    *out = d->rooms[0].box;
    for (r = 1; r < d->nrooms; r++)
        for (a = 0; a < 3; a++) {
            if (d->rooms[r].box.lo[a] < out->lo[a]) out->lo[a] = d->rooms[r].box.lo[a];
            if (d->rooms[r].box.hi[a] > out->hi[a]) out->hi[a] = d->rooms[r].box.hi[a];
        }
}

void gen_compile(const gen_desc *d, gen_world *w)
{
    gen_ibox *boxes = malloc((size_t)d->nrooms * sizeof *boxes);
    int *floor_face = malloc((size_t)d->nrooms * sizeof *floor_face);
    int *ceil_face = malloc((size_t)d->nrooms * sizeof *ceil_face);
    gen_ibox wb;
    int r, l, a;
    if (!boxes || !floor_face || !ceil_face) gen_die("out of memory");
    memset(w, 0, sizeof *w);
    w->desc = d;
    w->nclusters = d->nrooms;
    for (r = 0; r < d->nrooms; r++) boxes[r] = d->rooms[r].box;

    /* Leaf 0: the unreferenced solid placeholder real Source maps start
     * with (contents solid, cluster -1, empty box: no point is in it). */
    GEN_RESERVE(w->leaves, w->nleaves, w->leaves_cap);
    memset(&w->leaves[0], 0, sizeof w->leaves[0]);
    w->leaves[0].contents = GEN_CONTENTS_SOLID;
    w->leaves[0].cluster = -1;
    for (a = 0; a < 3; a++) {
        w->leaves[0].box.lo[a] = 1;
        w->leaves[0].box.hi[a] = 0;
    }
    w->nleaves = 1;

    w->nmodels = 2;
    world_bounds(d, &wb);
    w->models[0].box = wb;
    w->models[0].headnode = build_model(w, boxes, d->nrooms, 0, 0);
    w->models[1].box = d->door;
    w->models[1].headnode = build_model(w, &d->door, 1, 1, 1);

    gen_vis_build(w);
    for (r = 0; r < d->nrooms; r++) floor_face[r] = ceil_face[r] = -1;
    attach_faces(w, floor_face, ceil_face);

    /* Leaf faces: an empty leaf lists its room's floor/ceiling when it
     * touches them. Brushes: one per solid leaf, its box clipped to the
     * world bounds grown by 16 (the "walls"); the door is one brush. */
    for (l = 1; l < w->nleaves; l++) {
        gen_leaf *lf = &w->leaves[l];
        lf->firstleafface = w->nleaffaces;
        if (lf->model == 0 && lf->cluster >= 0) {
            const gen_ibox *b = &d->rooms[lf->cluster].box;
            if (lf->box.lo[2] == (float)b->lo[2]) {
                GEN_RESERVE(w->leaffaces, w->nleaffaces, w->leaffaces_cap);
                w->leaffaces[w->nleaffaces++] = floor_face[lf->cluster];
            }
            if (lf->box.hi[2] == (float)b->hi[2]) {
                GEN_RESERVE(w->leaffaces, w->nleaffaces, w->leaffaces_cap);
                w->leaffaces[w->nleaffaces++] = ceil_face[lf->cluster];
            }
        }
        lf->numleaffaces = w->nleaffaces - lf->firstleafface;
        lf->firstleafbrush = w->nleafbrushes;
        if (lf->contents == GEN_CONTENTS_SOLID) {
            gen_ibox bb;
            if (lf->model == 0) {
                for (a = 0; a < 3; a++) {
                    bb.lo[a] = clampi(lf->box.lo[a], wb.lo[a] - 16, wb.hi[a] + 16);
                    bb.hi[a] = clampi(lf->box.hi[a], wb.lo[a] - 16, wb.hi[a] + 16);
                    if (bb.lo[a] >= bb.hi[a]) gen_die("degenerate brush");
                }
            } else {
                bb = d->door;
            }
            add_brush(w, &bb, l);
        }
    }
    free(boxes);
    free(floor_face);
    free(ceil_face);
}

/* ---------------- the ramp (model 2) ---------------- */

static int ramp_leaf(gen_world *w, const gen_region *r, int solid)
{
    gen_leaf *l;
    GEN_RESERVE(w->leaves, w->nleaves, w->leaves_cap);
    l = &w->leaves[w->nleaves];
    memset(l, 0, sizeof *l);
    l->box = *r;
    l->model = 2;
    l->contents = solid ? GEN_CONTENTS_SOLID : GEN_CONTENTS_EMPTY;
    l->cluster = -1;
    l->firstleafface = w->nleaffaces;
    l->firstleafbrush = w->nleafbrushes;
    return -1 - w->nleaves++;
}

void gen_add_ramp(gen_world *w, const gen_ibox *b)
{
    static const int axis[5] = {2, 0, 0, 1, 1}, at_hi[5] = {0, 0, 1, 0, 1};
    gen_region r;
    gen_plane *p;
    float len = (float)(b->hi[0] - b->lo[0]), h = (float)(b->hi[2] - b->lo[2]), hyp, n[3];
    int slope, k, a, s, node[6], solid_leaf;
    if (w->nmodels != 2) gen_die("gen_add_ramp: the world and the door first");
    hyp = sqrtf(len * len + h * h);
    n[0] = -h / hyp;
    n[1] = 0.0f;
    n[2] = len / hyp;
    /* the sloped plane pair: 2k the ramp's surface, 2k+1 its negation */
    slope = w->nplanes;
    for (s = 0; s < 2; s++) {
        GEN_RESERVE(w->planes, w->nplanes, w->planes_cap);
        p = &w->planes[w->nplanes++];
        memset(p, 0, sizeof *p);
        for (a = 0; a < 3; a++) p->normal[a] = s ? -n[a] : n[a];
        p->dist = (n[0] * (float)b->lo[0] + n[1] * 0.0f) + n[2] * (float)b->lo[2];
        if (s) p->dist = -p->dist;
        p->type = GEN_RAMP_PLANE_TYPE;
    }
    /* nodes: five axial cuts to the box's column, then the slope */
    for (a = 0; a < 3; a++) {
        r.lo[a] = -GEN_INF;
        r.hi[a] = GEN_INF;
    }
    for (k = 0; k < 6; k++) {
        GEN_RESERVE(w->nodes, w->nnodes, w->nodes_cap);
        node[k] = w->nnodes++;
        memset(&w->nodes[node[k]], 0, sizeof w->nodes[node[k]]);
        w->nodes[node[k]].model = 2;
        w->nodes[node[k]].box = r;
        w->nodes[node[k]].firstface = w->nfaces;
        if (k < 5) {
            gen_region out = r;
            int v = at_hi[k] ? b->hi[axis[k]] : b->lo[axis[k]];
            w->nodes[node[k]].plane = plane_pair(w, axis[k], v);
            /* the side away from the box is an empty leaf */
            if (at_hi[k]) out.lo[axis[k]] = (float)v, r.hi[axis[k]] = (float)v;
            else out.hi[axis[k]] = (float)v, r.lo[axis[k]] = (float)v;
            w->nodes[node[k]].child[at_hi[k] ? 0 : 1] = ramp_leaf(w, &out, 0);
            if (k > 0) w->nodes[node[k - 1]].child[at_hi[k - 1] ? 1 : 0] = node[k];
        } else {
            w->nodes[node[k]].plane = slope;
            w->nodes[node[4]].child[1] = node[k];
            w->nodes[node[k]].child[0] = ramp_leaf(w, &r, 0);
            w->nodes[node[k]].child[1] = solid_leaf = ramp_leaf(w, &r, 1);
        }
    }
    /* the wedge brush: box sides in world.c's order, then the slope */
    solid_leaf = -1 - solid_leaf;
    GEN_RESERVE(w->brushes, w->nbrushes, w->brushes_cap);
    w->brushes[w->nbrushes].firstside = w->nsides;
    w->brushes[w->nbrushes].numsides = 7;
    w->brushes[w->nbrushes].contents = GEN_CONTENTS_SOLID;
    for (a = 0; a < 3; a++)
        for (s = 0; s < 2; s++) {
            GEN_RESERVE(w->sides, w->nsides, w->sides_cap);
            w->sides[w->nsides].plane = s ? plane_pair(w, a, b->lo[a]) + 1 : plane_pair(w, a, b->hi[a]);
            w->sides[w->nsides].texinfo = 4;
            w->nsides++;
        }
    GEN_RESERVE(w->sides, w->nsides, w->sides_cap);
    w->sides[w->nsides].plane = slope;
    w->sides[w->nsides].texinfo = 4;
    w->nsides++;
    GEN_RESERVE(w->leafbrushes, w->nleafbrushes, w->leafbrushes_cap);
    w->leaves[solid_leaf].firstleafbrush = w->nleafbrushes;
    w->leaves[solid_leaf].numleafbrushes = 1;
    w->leafbrushes[w->nleafbrushes++] = w->nbrushes++;

    w->models[2].box = *b;
    w->models[2].headnode = node[0];
    w->models[2].firstface = w->nfaces;
    w->models[2].numfaces = 0;
    w->nmodels = 3;
}

void gen_world_free(gen_world *w)
{
    free(w->planes);
    free(w->nodes);
    free(w->leaves);
    free(w->faces);
    free(w->brushes);
    free(w->sides);
    free(w->verts);
    free(w->edges);
    free(w->surfedges);
    free(w->leaffaces);
    free(w->leafbrushes);
    free(w->pvs);
    gen_map_free(&w->plane_map);
    gen_map_free(&w->vert_map);
    gen_map_free(&w->edge_map);
    memset(w, 0, sizeof *w);
}

/* ---------------- point location by boxes ---------------- */

static int in_region(const gen_region *r, const float p[3])
{
    int a;
    for (a = 0; a < 3; a++)
        if (!(p[a] > r->lo[a] && p[a] < r->hi[a])) return 0;
    return 1;
}

int gen_point_leaf(const gen_world *w, int model, const float p[3])
{
    int l, found = -1, hits = 0;
    for (l = 0; l < w->nleaves; l++)
        if (w->leaves[l].model == model && in_region(&w->leaves[l].box, p)) {
            found = l;
            hits++;
        }
    if (hits != 1) gen_die("point (%g %g %g) is in %d leaves of model %d", (double)p[0], (double)p[1], (double)p[2], hits, model);
    return found;
}

int gen_point_room(const gen_desc *d, const float p[3])
{
    int r, a;
    for (r = 0; r < d->nrooms; r++) {
        for (a = 0; a < 3; a++)
            if (!(p[a] > (float)d->rooms[r].box.lo[a] && p[a] < (float)d->rooms[r].box.hi[a])) break;
        if (a == 3) return r;
    }
    return -1;
}

void gen_count(gen_counts *c, const char *key, long val)
{
    if (c->n >= GEN_MAX_COUNTS) gen_die("too many counts");
    c->key[c->n] = key;
    c->val[c->n++] = val;
}
