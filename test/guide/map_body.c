/* SPDX-License-Identifier: MIT */
/* Statement fragments of the reference pages (access.md, formats.md):
 * the block runs as the body of a block statement, with the names those
 * fragments take from the engine around them: `map` and `header` (the map
 * loaded with BSP_LOAD_ALL | BSP_LOAD_COLLISION), `h`, `s` (a stream over
 * the file, not yet opened), `st`, and the engine's functions, which count
 * their calls and check what they are given (a half-space's normal is a
 * unit vector, a texture's bytes are readable). */
#include <math.h>

#include "harness.h"

typedef struct guide_body {
    long halfspaces, textures, cubemaps, lights, triangles;
    long mesh_vertices, mesh_indices, batch_triangles;
} guide_body;

GUIDE_HELPER void add_halfspace(guide_body *b, const float n[3], float dist)
{
    float len = sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    if (fabsf(len - 1.0f) > 1e-3f || dist != dist) guide_fail("half-space normal of length %g", len);
    b->halfspaces++;
}
static guide_body the_body;
GUIDE_HELPER void load_vtf(const uint8_t *data, uint32_t size)
{
    uint32_t i, sum = 0;
    for (i = 0; i < size; i++) sum += data[i];    /* ASan: every byte is there */
    (void)sum;
    the_body.textures++;
}
GUIDE_HELPER void bind_cubemap(const int32_t origin[3], int32_t size, const char *path)
{
    (void)origin, (void)size;
    if (strncmp(path, "materials/maps/", 15) != 0) guide_fail("cubemap path %s", path);
    the_body.cubemaps++;
}
GUIDE_HELPER int cluster_visible(int32_t from, int32_t to) { return from == to || from < 0 || to >= 0; }
GUIDE_HELPER void add_light(uint32_t type, const float origin[3], const float intensity[3],
                            const float normal[3], float stopdot, float stopdot2, float exponent,
                            float c, float l, float q, float radius)
{
    (void)type, (void)origin, (void)intensity, (void)normal, (void)stopdot, (void)stopdot2;
    (void)exponent, (void)c, (void)l, (void)q, (void)radius;
    the_body.lights++;
}

GUIDE_HELPER void draw_triangle(const bsp_grid_vertex *a, const bsp_grid_vertex *b,
                                const bsp_grid_vertex *c)
{
    int k;
    for (k = 0; k < 3; k++)   /* ASan: the three are there; a grid's positions are finite */
        if (!isfinite(a->xyz[k]) || !isfinite(b->xyz[k]) || !isfinite(c->xyz[k]))
            guide_fail("triangle vertex not finite");
    the_body.triangles++;
}

/* A mesh's buffers: every index names a vertex of them, every position
 * is finite. */
GUIDE_HELPER void upload(const bsp_mesh_vertex *v, uint32_t nv, const uint32_t *idx, uint32_t ni)
{
    uint32_t k;
    if (ni % 3) guide_fail("%u indices: not whole triangles", ni);
    for (k = 0; k < ni; k++)
        if (idx[k] >= nv) guide_fail("index %u names vertex %u of %u", k, idx[k], nv);
    for (k = 0; k < nv; k++)
        if (!isfinite(v[k].pos[0]) || !isfinite(v[k].pos[1]) || !isfinite(v[k].pos[2]))
            guide_fail("vertex %u not finite", k);
    the_body.mesh_vertices += nv, the_body.mesh_indices += ni;
}
GUIDE_HELPER void draw_batch(int32_t texture, int32_t page, uint32_t first, uint32_t count)
{
    (void)texture, (void)page;
    if (count % 3 || first + count > (uint32_t)the_body.mesh_indices) guide_fail("a batch past the indices");
    the_body.batch_triangles += count / 3;
}

int main(int argc, char **argv)
{
    bsp_map map;
    bsp_header header, h;
    bsp_memstream ms;
    bsp_stream s;
    bsp_status st = BSP_OK;
    uint32_t size;
    uint8_t *file;
    int from_vindictus = 0, use_hdr = 0;
    int32_t model_cluster = 0;
    guide_body *body = &the_body;
    if (argc < 2) guide_fail("usage: map_body MAP");
    from_vindictus = strstr(argv[1], "vindictus") != NULL;
    guide_load(argv[1], BSP_LOAD_ALL | BSP_LOAD_COLLISION, &map);
    file = guide_read_file(argv[1], &size);
    bsp_memstream_init(&ms, &s, file, size);
    if (bsp_open(&header, &s) != BSP_OK) guide_fail("%s: open", argv[1]);
    bsp_memstream_init(&ms, &s, file, size);
    {
#include GUIDE_BLOCK
    }
    if (from_vindictus && (st != BSP_OK || !bsp_variant_name(&h) ||
                           strcmp(bsp_variant_name(&h), "vindictus") != 0))
        guide_fail("%s: read as Vindictus: %s", argv[1], bsp_status_name(st));
    (void)use_hdr, (void)model_cluster, (void)body, (void)h;
    printf("%s: %ld half-spaces, %ld textures, %ld cubemaps, %ld lights, %ld curve triangles, "
           "a mesh of %ld vertices, %ld indices, %ld triangles drawn\n",
           argv[1], the_body.halfspaces, the_body.textures, the_body.cubemaps, the_body.lights,
           the_body.triangles, the_body.mesh_vertices, the_body.mesh_indices, the_body.batch_triangles);
    return 0;
}
