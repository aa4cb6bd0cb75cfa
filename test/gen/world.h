/* SPDX-License-Identifier: MIT */
/* world.h - the family-neutral part of the fixture generator.
 *
 * A test map is described geometrically (gen_desc: axis-aligned rooms,
 * declared room-to-room visibility, one brush-entity "door"), compiled once
 * into a neutral BSP (gen_world: planes, nodes, leaves with their exact
 * boxes, faces with lightmap geometry, brushes, vertices/edges), and every
 * expected answer is derived from the description and the recorded boxes,
 * never by reading a written file back. Family writers (source_writer.c;
 * quake_writer.c, quake2_writer.c, quake3_writer.c, nightfire_writer.c
 * through the family view of family.h) serialise a gen_world.
 */
#ifndef BSPGEN_WORLD_H
#define BSPGEN_WORLD_H

#include <stdint.h>

#include "util.h"

#define GEN_CONTENTS_EMPTY 0
#define GEN_CONTENTS_SOLID 1
#define GEN_SURF_NOLIGHT 0x400
#define GEN_SURF_BUMPLIGHT 0x800
#define GEN_NO_STYLE 255
#define GEN_INF 1e30f /* open side of a leaf region */

/* ---------------- description ---------------- */

typedef struct {
    int lo[3], hi[3]; /* world units, multiples of 16 */
} gen_ibox;

/* A texinfo: lightmap axes in luxels per unit plus offset (w), like
 * Source's lightmapVecs; textureVecs only matter for rendering. */
typedef struct {
    float tex[2][4];
    float lm[2][4];
    int flags;
    int texdata;
} gen_texinfo;

/* How one face is textured and lit. styles[0] == 255 means unlit. */
typedef struct {
    int texinfo;
    unsigned char styles[4];
} gen_surface;

/* Shared tables (world.c): every layout picks surfaces by these ids. */
enum {
    SURF_PLAIN, /* 16 units/luxel, style 0 */
    SURF_TWO,   /* 16 units/luxel, styles {0, 5} */
    SURF_BUMP,  /* SURF_BUMPLIGHT texinfo, styles {0, 2}: 4 pages per style */
    SURF_FINE,  /* 8 units/luxel with non-zero offsets w, style 0 */
    SURF_ROT,   /* s along +y, t along -x, style 0 */
    SURF_DARK,  /* no lightmap: lightofs -1, styles all 255 */
    GEN_NUM_SURFACES
};
extern const gen_texinfo gen_texinfos[];
extern const int gen_num_texinfos;
extern const gen_surface gen_surfaces[GEN_NUM_SURFACES];
extern const char *const gen_texture_names[];
extern const int gen_num_texdata;

typedef struct {
    gen_ibox box;
    int floor_surf, ceil_surf;
} gen_room;

typedef struct {
    const char *name;
    int nrooms;
    gen_room *rooms;
    unsigned char *sees; /* nrooms * nrooms, sees[a * nrooms + b]; a sees a */
    gen_ibox door;       /* model 1 */
    int door_top_surf, door_bottom_surf;
    int player_room;
} gen_desc;

/* layouts.c */
void gen_layout_standard(gen_desc *d);
void gen_layout_demo(gen_desc *d);
void gen_layout_grid(gen_desc *d, int nrooms);
void gen_desc_free(gen_desc *d);

/* ---------------- compiled world ---------------- */

typedef struct {
    float lo[3], hi[3]; /* may be +-GEN_INF; lo > hi means empty */
} gen_region;

typedef struct {
    float normal[3];
    float dist;
    int type; /* 0/1/2 axial X/Y/Z */
} gen_plane;

typedef struct {
    int plane; /* always the even, positive-normal plane of a pair */
    int child[2]; /* child[0] front (dot - dist >= 0); < 0: leaf -1 - c */
    gen_region box;
    int firstface, numfaces;
    int model;
} gen_node;

typedef struct {
    int contents, cluster;
    gen_region box; /* exact region the tree assigns to this leaf */
    int firstleafface, numleaffaces;
    int firstleafbrush, numleafbrushes;
    int model;
} gen_leaf;

typedef struct {
    int plane, side, node, model, room; /* room -1: the door */
    gen_ibox rect;                      /* lo[2] == hi[2] */
    int firstedge, numedges;
    int texinfo;
    unsigned char styles[4];
    int nstyles;            /* styles before the first 255 */
    int lmins[2], lsize[2]; /* LightmapTextureMins/SizeInLuxels */
    int pages;              /* 4 for SURF_BUMPLIGHT, else 1 */
    float area;
} gen_face;

typedef struct {
    int firstside, numsides, contents;
} gen_brush;

typedef struct {
    int plane, texinfo;
} gen_brushside;

typedef struct {
    gen_ibox box;
    int headnode, firstface, numfaces;
} gen_model;

typedef struct {
    const gen_desc *desc;
    gen_plane *planes;
    int nplanes, planes_cap;
    gen_node *nodes;
    int nnodes, nodes_cap;
    gen_leaf *leaves;
    int nleaves, leaves_cap;
    gen_face *faces;
    int nfaces, faces_cap;
    gen_brush *brushes;
    int nbrushes, brushes_cap;
    gen_brushside *sides;
    int nsides, sides_cap;
    int (*verts)[3];
    int nverts, verts_cap;
    int (*edges)[2]; /* edge 0 is the unused conventional one */
    int nedges, edges_cap;
    int *surfedges;
    int nsurfedges, surfedges_cap;
    int *leaffaces;
    int nleaffaces, leaffaces_cap;
    int *leafbrushes;
    int nleafbrushes, leafbrushes_cap;
    gen_model models[3]; /* 2: the ramp (gen_add_ramp), when nmodels is 3 */
    int nmodels;
    int nclusters; /* = rooms */
    unsigned char *pvs; /* nclusters uncompressed PVS rows (vis.c) */
    gen_map plane_map, vert_map, edge_map;
} gen_world;

void gen_compile(const gen_desc *d, gen_world *w);
/* Model 2, a ramp: one wedge brush in box b, sloping up along +x from
 * (b.lo[0], b.lo[2]) to (b.hi[0], b.hi[2]): its 6 box sides (the +z one
 * a bevel, as qbsp and q3map add them) and a sloped side whose normal is
 * (-h, 0, l) / hypot(l, h) in float (l, h: the box's x length and height,
 * 3-4-5: normal (-0.6, 0, 0.8)), dist = dot(normal, (b.lo[0], 0, b.lo[2]))
 * in float, type 5 (PLANE_ANYZ). Its own tree: z = lo, x = lo, x = hi,
 * y = lo, y = hi, then the slope (back: the solid leaf with the brush);
 * no faces. Brush families only (no clipnodes). */
#define GEN_RAMP_PLANE_TYPE 5
void gen_add_ramp(gen_world *w, const gen_ibox *b);
void gen_world_free(gen_world *w);

/* Brute force over recorded leaf boxes of one model (not a tree walk). */
int gen_point_leaf(const gen_world *w, int model, const float p[3]);
/* Room containing p, or -1. */
int gen_point_room(const gen_desc *d, const float p[3]);

/* ---------------- lightmaps (lightmap.c) ---------------- */

#define GEN_PAGE_AVG 4 /* pattern "page" of a style's average sample */

/* Deterministic sample bytes r, g, b, exponent. hdr selects the HDR
 * pattern, which differs from LDR everywhere. */
void gen_sample(int hdr, int face, int slot, int page, int i, int j, unsigned char out[4]);
/* From now on gen_sample gives w's demo light (tiles in each room's
 * colour) instead of the tests' random bytes; NULL: back to those. */
void gen_demo_light(const gen_world *w);
int gen_face_has_lightmap(const gen_face *f, int slot);
int gen_face_w(const gen_face *f);
int gen_face_h(const gen_face *f);
/* The contract's float s, t (before rounding) and rounded, clamped i, j. */
void gen_face_st(const gen_face *f, const float p[3], float *s, float *t);
void gen_face_ij(const gen_face *f, const float p[3], int *i, int *j);
/* True when s, t keep clear of rounding and range edges (by eps luxels). */
int gen_face_st_clear(const gen_face *f, const float p[3], float eps);

/* Section 5 applied to the description: walk the world's z planes below p
 * in decreasing z, faces of each in index order. Returns the face or -1.
 * clear (may be NULL) is set to 0 when some tested face has s or t too
 * close to an edge for the point to be a robust test. */
int gen_light_point(const gen_world *w, const float p[3], int *clear);
/* The same walk with another family's face test: test returns 1 when face
 * f is hit at p (the walk's crossing point: p's x and y), and clears
 * *clear (when clear is not NULL) when the test at p is not robust by eps. */
typedef int (*gen_face_test)(const void *ctx, int f, const float p[3], float eps, int *clear);
int gen_light_point_with(const gen_world *w, const float p[3], int *clear, gen_face_test test, const void *ctx);

/* Record counts of a written file, in the order they are printed. */
#define GEN_MAX_COUNTS 32
typedef struct {
    int n;
    const char *key[GEN_MAX_COUNTS];
    long val[GEN_MAX_COUNTS];
} gen_counts;
void gen_count(gen_counts *c, const char *key, long val);

/* ---------------- areas (areas.c) ---------------- */

/* docs/queries.md 9. The rooms fall, in order, into gen_num_areas groups:
 * group g is area g + 1 (area 0: the null area, which solid leaves and the
 * door's leaves are in; quake3 numbers the groups from 0 and gives those
 * leaves -1). A door, portal key k, joins areas k and k + 1; each door has
 * a record in both areas. Record 0 is vbsp's and qbsp3's reserved portal
 * (key 0, area 0); then area 1's records, area 2's, ...: to the area
 * below, then to the area above. */
#define GEN_MAX_AREAS 8
int gen_num_areas(const gen_desc *d);            /* 1 .. GEN_MAX_AREAS */
int gen_room_area(const gen_desc *d, int room);  /* 1 .. gen_num_areas */
int gen_num_portal_records(const gen_desc *d);   /* 1 + 2 (areas - 1) */
/* Area a's records (0 <= a <= gen_num_areas): first and count. */
void gen_area_portals(const gen_desc *d, int a, int *first, int *num);
/* Record r: its key and the area it leads to. */
void gen_portal_record(const gen_desc *d, int r, int *key, int *other);

/* ---------------- visibility (vis.c) ---------------- */

int gen_vis_rowbytes(int nclusters);
void gen_vis_build(gen_world *w); /* fills w->pvs; gen_compile calls it */
/* Uncompressed row: PVS (pas 0) or PAS (pas 1) of cluster c. */
void gen_vis_row(const gen_world *w, int c, int pas, unsigned char *row);
/* dvis_t: numclusters, byteofs[n][2], PVS rows then PAS rows, run-length
 * compressed (source and quake2 share it). */
void gen_vis_lump(const gen_world *w, gbuf *out);
/* One row run-length compressed as Quake does (a zero byte, then the count
 * of zero bytes); overrun > 0: a final zero run claims that many bytes
 * past the row's end. */
void gen_vis_rle(const unsigned char *row, int nb, int overrun, gbuf *out);

#endif
