/* SPDX-License-Identifier: MIT */
/* The guide's drawing path, build_world_mesh and draw_frame: the world's
 * mesh built once, then a frame from an eye in every cluster the harness
 * finds a point of (and from an open place). Checked:
 *
 *   - every index draw_triangles is given lies in the mesh's index
 *     buffer and names one of its vertices; bind_texture gets a texture of
 *     the map (or -1);
 *   - every face of the world's run (and, on Source, every displacement
 *     face) that the face access gives triangles is in a batch, no other
 *     face is;
 *   - each frame draws as many triangles as the face access counts for
 *     the visible faces of the world that are not tool textures
 *     (bsp_get_face's num_tris; a patch: its grid's 2 (w - 1)(h - 1) at
 *     BSP_PATCH_SUBDIVISIONS);
 *   - on Source, every displacement a leaf with a cluster lists is drawn
 *     (or is a tool texture) in the frame of that leaf's cluster, and on
 *     a map whose every displacement some clustered leaf lists, every one
 *     is drawn from some view. */
#include "harness.h"

static const bsp_mesh *the_mesh;
static const bsp_map *the_map;
static uint32_t *face_at_index;   /* first index -> face + 1 */
static uint8_t *drew;             /* per face: drawn in this frame */
static long binds, calls;

GUIDE_HELPER void bind_texture(int32_t texture, int32_t page)
{
    bsp_counts c;
    (void)page;
    bsp_get_counts(the_map, &c);
    if (texture < -1 || (texture >= 0 && (uint32_t)texture >= c.textures))
        guide_fail("bind_texture(%d): not a texture of the map (%u)", texture, c.textures);
    binds++;
}

GUIDE_HELPER void draw_triangles(const uint32_t *idx, uint32_t n)
{
    const bsp_mesh *m = the_mesh;
    uint32_t at, k, f;
    if (idx < m->indices || n % 3 || (uint32_t)(idx - m->indices) > m->num_indices ||
        n > m->num_indices - (uint32_t)(idx - m->indices))
        guide_fail("draw_triangles: %u indices outside the index buffer", n);
    at = (uint32_t)(idx - m->indices);
    for (k = 0; k < n; k++)
        if (idx[k] >= m->num_vertices) guide_fail("index %u names vertex %u of %u", at + k, idx[k], m->num_vertices);
    if (!n) return;
    f = face_at_index[at];
    if (!f) guide_fail("draw_triangles: index %u starts no face's run", at);
    drew[f - 1] = 1;
    calls++;
}

#include GUIDE_BLOCK

/* The face access's triangles of face f (0 for a face outside the world's
 * mesh or a tool texture). */
static uint32_t *expected;

static void count_expected(const bsp_map *m, const bsp_mesh *mesh, const char *name)
{
    bsp_counts c;
    bsp_model w;
    uint32_t f;
    void *grid = malloc(BSP_PATCH_GRID_SCRATCH_BYTES);
    bsp_get_counts(m, &c);
    bsp_get_model(m, 0, &w);
    expected = (uint32_t *)calloc(c.faces + 1, 4);
    if (!grid || !expected) guide_fail("out of memory");
    for (f = 0; f < c.faces; f++) {
        bsp_face face;
        uint32_t tris = 0, in_run = f >= w.first_face && f - w.first_face < w.num_faces;
        const bsp_mesh_face *t;
        if (bsp_get_face(m, f, &face) != BSP_OK) guide_fail("%s: face %u", name, f);
        if (!in_run && face.kind != BSP_FACE_DISPLACEMENT) continue;
        if (face.kind == BSP_FACE_PATCH) {
            bsp_patch_grid g;
            if (bsp_patch_grid_build(m, f, BSP_PATCH_SUBDIVISIONS, grid, BSP_PATCH_GRID_SCRATCH_BYTES, &g) != BSP_OK)
                guide_fail("%s: patch %u", name, f);
            tris = 2 * (g.width - 1) * (g.height - 1);
        } else if (face.kind != BSP_FACE_OTHER) {
            tris = face.num_tris;
        }
        if (f < mesh->first_face || f - mesh->first_face >= mesh->num_faces)
            guide_fail("%s: face %u of the world outside the mesh's span", name, f);
        t = &mesh->faces[f - mesh->first_face];
        if ((t->batch != BSP_MESH_NONE) != (tris > 0) || (tris && t->num_indices != 3 * tris))
            guide_fail("%s: face %u has %u triangles, the mesh %u indices (batch %u)", name, f, tris,
                       t->num_indices, t->batch);
        expected[f] = t->tool ? 0 : tris;
    }
    free(grid);
}

/* A point of a leaf of cluster c (the leaf's box centre, or a point of a
 * 5 x 5 x 5 lattice in it); 0: none found. */
static int eye_in(const bsp_map *m, const bsp_leaf *l, float eye[3])
{
    int i, j, k, a;
    for (i = 0; i < 126; i++) {
        int at[3];
        uint32_t leaf;
        bsp_leaf got;
        if (i == 0) at[0] = at[1] = at[2] = 2;
        else j = i - 1, at[0] = j % 5, at[1] = j / 5 % 5, at[2] = j / 25;
        for (a = 0; a < 3; a++) {
            float lo = l->mins[a] + 0.5f, hi = l->maxs[a] - 0.5f;
            eye[a] = hi > lo ? lo + (hi - lo) * (float)at[a] / 4.0f : l->mins[a];
        }
        k = bsp_point_leaf(m, 0, eye, &leaf) == BSP_OK && bsp_get_leaf(m, leaf, &got) == BSP_OK &&
            got.cluster == l->cluster;
        if (k) return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    bsp_map m;
    bsp_mesh mesh;
    bsp_counts c;
    bsp_leaf l;
    void *mem;
    float eye[3], mins[3], maxs[3];
    uint32_t words, *bits, leaf, f, k, clusters, frames = 0, drawn_total = 0, disps = 0, disps_drawn = 0;
    uint32_t disps_listed = 0, list[BSP_TRACE_DISPS_MAX];
    int32_t *disp_face;
    uint8_t *cluster_done, *disp_seen, *disp_listed;
    if (argc < 2) guide_fail("usage: draw_mesh MAP");
    guide_load(argv[1], BSP_LOAD_GEOMETRY | BSP_LOAD_COLLISION, &m);
    the_map = &m;
    if (!build_world_mesh(&m, &mesh, &mem)) guide_fail("%s: build_world_mesh failed", argv[1]);
    the_mesh = &mesh;
    bsp_get_counts(&m, &c);
    clusters = bsp_num_clusters(&m);
    words = bsp_visible_faces_scratch(&m);
    bits = (uint32_t *)calloc(words + 1, 4);
    face_at_index = (uint32_t *)calloc(mesh.num_indices + 1, 4);
    drew = (uint8_t *)calloc(c.faces + 1, 1);
    cluster_done = (uint8_t *)calloc(clusters + 1, 1);
    disp_face = (int32_t *)calloc(BSP_TRACE_DISPS_MAX, 4);
    disp_seen = (uint8_t *)calloc(BSP_TRACE_DISPS_MAX, 1);
    disp_listed = (uint8_t *)calloc(BSP_TRACE_DISPS_MAX, 1);
    if (!bits || !face_at_index || !drew || !cluster_done || !disp_face || !disp_seen || !disp_listed)
        guide_fail("out of memory");
    for (k = 0; k < mesh.num_faces; k++)
        if (mesh.faces[k].batch != BSP_MESH_NONE && mesh.faces[k].num_indices)
            face_at_index[mesh.faces[k].first_index] = mesh.first_face + k + 1;
    count_expected(&m, &mesh, argv[1]);
    for (f = 0; f < c.faces; f++) {   /* the displacements' base faces */
        bsp_face face;
        if (bsp_get_face(&m, f, &face) == BSP_OK && face.kind == BSP_FACE_DISPLACEMENT && face.raw_type >= 0 &&
            face.raw_type < (int32_t)BSP_TRACE_DISPS_MAX && !disp_face[face.raw_type]) {
            disp_face[face.raw_type] = (int32_t)f + 1;
            disps++;
        }
    }
    /* a frame from an open place, then from a point of each cluster */
    bsp_player_box(bsp_map_family(&m), BSP_STANDING, mins, maxs);
    for (leaf = 0; leaf <= c.leaves; leaf++) {
        uint32_t want = 0, got, n;
        if (leaf == c.leaves) {
            if (!guide_open_place(&m, mins, maxs, eye)) break;
            if (bsp_point_leaf(&m, 0, eye, &k) != BSP_OK || bsp_get_leaf(&m, k, &l) != BSP_OK) break;
        } else {
            if (bsp_get_leaf(&m, leaf, &l) != BSP_OK || l.cluster < 0 || (uint32_t)l.cluster >= clusters ||
                cluster_done[l.cluster] || !eye_in(&m, &l, eye))
                continue;
            cluster_done[l.cluster] = 1;
        }
        memset(drew, 0, c.faces + 1);
        got = draw_frame(&m, &mesh, eye, bits, words);
        if (bsp_visible_faces(&m, l.cluster, bits, words, NULL, 0, &n) != BSP_OK) guide_fail("visible");
        for (f = 0; f < c.faces; f++)
            if (bits[f >> 5] >> (f & 31) & 1) want += expected[f];
        if (got != want)
            guide_fail("%s: cluster %d: %u triangles drawn, the face access counts %u", argv[1], l.cluster, got, want);
        for (f = 0; f < c.faces; f++)
            if (drew[f] && !expected[f]) guide_fail("%s: face %u drawn, not expected", argv[1], f);
        frames++;
        drawn_total += got;
        /* every displacement a leaf of this cluster lists: drawn (or a tool) */
        for (k = 0; k < c.leaves && disps; k++) {
            bsp_leaf lk;
            uint32_t i, count;
            if (bsp_get_leaf(&m, k, &lk) != BSP_OK || lk.cluster != l.cluster) continue;
            if (bsp_leaf_disps(&m, k, list, BSP_TRACE_DISPS_MAX, &count) != BSP_OK) guide_fail("leaf_disps");
            for (i = 0; i < count && i < BSP_TRACE_DISPS_MAX; i++) {
                int32_t b = disp_face[list[i]] - 1;
                const bsp_mesh_face *t;
                if (b < 0) guide_fail("%s: displacement %u has no face", argv[1], list[i]);
                t = &mesh.faces[(uint32_t)b - mesh.first_face];
                if (!drew[b] && !t->tool)
                    guide_fail("%s: leaf %u (cluster %d) lists displacement %u, its frame does not draw face %d",
                               argv[1], k, l.cluster, list[i], b);
                if (drew[b] && !disp_seen[list[i]]) disp_seen[list[i]] = 1, disps_drawn++;
                if (!disp_listed[list[i]]) disp_listed[list[i]] = 1, disps_listed++;
            }
        }
    }
    if (!frames || !drawn_total) guide_fail("%s: %u frames drew %u triangles", argv[1], frames, drawn_total);
    if (disps && disps_listed == disps) {
        /* every displacement is in a clustered leaf: each drawn, unless a tool texture */
        uint32_t tools = 0;
        for (k = 0; k < disps; k++) {
            int32_t b = disp_face[k] - 1;
            if (b >= 0 && mesh.faces[(uint32_t)b - mesh.first_face].tool) tools++;
        }
        if (disps_drawn + tools < disps)
            guide_fail("%s: %u of %u displacements drawn from some view", argv[1], disps_drawn, disps);
    }
    printf("%s: %u batches, %u frames (%u clusters), %u triangles drawn as the face access counts, %u calls, "
           "%u of %u displacements drawn (%u listed by clustered leaves)\n",
           argv[1], mesh.num_batches, frames, clusters, drawn_total, (unsigned)calls, disps_drawn, disps,
           disps_listed);
    free(mem);
    return 0;
}
