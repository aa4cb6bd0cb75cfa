/* SPDX-License-Identifier: MIT */
/* source_writer.c - a gen_world as a Source engine map.
 *
 * PC layout follows what vbsp/vrad write (compare with a real v20 map):
 * 1036-byte header, lumps at 4-byte aligned offsets in vbsp's (not index)
 * order, planes in +/- pairs, edge 0 unused, leaf 0 an unreferenced solid
 * placeholder, each lit face's per-style average samples just before its
 * lightofs (v17: in the face record instead), PVS rows then PAS rows in the
 * vis lump, a game lump (35) with absolute sub-lump offsets.
 *
 * Console layout follows MakeGameData (compare with shack.360.bsp): magic
 * PSBV, every header, lump_t and record field big-endian (swapped by its
 * own width; byte data such as lighting, entities and strings untouched),
 * lumps LZMA-compressed one by one when that makes them smaller (fourCC =
 * uncompressed size), lump 59 first and the pakfile (40, never compressed)
 * last at a 2048-byte boundary, a game lump whose sub-lumps are compressed
 * one by one with offsets relative to the game lump and a final dummy entry.
 * The records are built little-endian first and swapped, as MakeGameData
 * swaps a PC map.
 */
#include "source_writer.h"
#include "ambient.h"
#include "strata_writer.h"

#include <stdlib.h>
#include <string.h>

#include "lzma_enc.h"
#include "srclumps_gen.h"

enum {
    L_ENTITIES = 0, L_PLANES = 1, L_TEXDATA = 2, L_VERTEXES = 3, L_VISIBILITY = 4, L_NODES = 5,
    L_TEXINFO = 6, L_FACES = 7, L_LIGHTING = 8, L_LEAFS = 10, L_EDGES = 12, L_SURFEDGES = 13,
    L_MODELS = 14, L_LEAFFACES = 16, L_LEAFBRUSHES = 17, L_BRUSHES = 18, L_BRUSHSIDES = 19,
    L_AREAS = 20, L_AREAPORTALS = 21, L_DISPINFO = 26, L_PHYSCOLLIDE = 29, L_VERTNORMALS = 30, L_VERTNORMALINDICES = 31, L_DISP_VERTS = 33, L_GAME_LUMP = 35, L_DISP_TRIS = 48, L_PAKFILE = 40,
    L_TEXDATA_STRING_DATA = 43,
    L_TEXDATA_STRING_TABLE = 44, L_LIGHTING_HDR = 53, L_FACES_HDR = 58,
    L_LEAF_AMBIENT_INDEX_HDR = 51, L_LEAF_AMBIENT_INDEX = 52, L_LEAF_AMBIENT_LIGHTING_HDR = 55,
    L_LEAF_AMBIENT_LIGHTING = 56, L_MAP_FLAGS = 59, NUM_LUMPS = 64
};
#define HEADER_SIZE (8 + NUM_LUMPS * 16 + 4)
#define STRATA(o) ((o)->leaf_version == 2)

/* The order vbsp leaves lumps in (cf. tf2_test2.bsp); the rest follow. */
static const int vbsp_order[] = {L_PLANES, L_LEAFS, L_VERTEXES, L_NODES, L_TEXINFO, L_TEXDATA,
                                 L_FACES_HDR, L_FACES, L_BRUSHES, L_BRUSHSIDES, L_LEAFFACES,
                                 L_LEAFBRUSHES, L_SURFEDGES, L_EDGES, L_MODELS, L_AREAS, L_LIGHTING,
                                 L_LIGHTING_HDR, L_VISIBILITY, L_ENTITIES, L_TEXDATA_STRING_DATA,
                                 L_TEXDATA_STRING_TABLE};

/* MakeGameData's order (shack.360.bsp), with the LDR lumps it strips put
 * beside their HDR twins; lumps not listed follow in index order, the
 * pakfile is always last. */
static const int console_order[] = {L_MAP_FLAGS, L_LEAFS, 55, 51, 9, L_GAME_LUMP, L_FACES_HDR, L_FACES, 54, 28,
                                    L_PHYSCOLLIDE, L_VISIBILITY, L_MODELS, L_VERTEXES, L_PLANES, L_NODES,
                                    L_TEXINFO, L_TEXDATA, 26, 33, 48, 37, 39, L_LEAFFACES, L_LEAFBRUSHES,
                                    L_SURFEDGES, L_EDGES, L_BRUSHES, L_BRUSHSIDES, L_AREAS, 21, L_ENTITIES, 30,
                                    31, L_TEXDATA_STRING_DATA, L_TEXDATA_STRING_TABLE, 46, L_LIGHTING,
                                    L_LIGHTING_HDR};

/* Lumps a SRC_PACK_SOME map compresses (when that makes them smaller). */
static const int some_packed[] = {L_ENTITIES, L_PLANES, L_VISIBILITY, L_NODES, L_FACES, L_LIGHTING, L_LEAFS,
                                  L_EDGES, L_PHYSCOLLIDE};

#define FACE_BYTES 56
#define FACE17_BYTES 104
#define EXTRA_PHYSCOLLIDE_BYTES (24 * 1024 + 12)
#define EXTRA_PAKFILE_BYTES 40000

static unsigned u16(long v, const char *what)
{
    if (v < 0 || v > 65535) gen_die("%s %ld does not fit in 16 bits", what, v);
    return (unsigned)v;
}

static unsigned s16(long v, const char *what)
{
    if (v < -32768 || v > 32767) gen_die("%s %ld does not fit in int16", what, v);
    return (unsigned)(v & 0xffff);
}

/* Regions on the outside are open, hence the clip. */
void src_put_bounds(gbuf *b, const gen_world *w, const gen_region *r, int model, int as_float)
{
    const gen_ibox *mb = &w->models[model].box;
    int a, s;
    for (s = 0; s < 2; s++)
        for (a = 0; a < 3; a++) {
            float v = s ? r->hi[a] : r->lo[a];
            float lo = (float)(mb->lo[a] - 16), hi = (float)(mb->hi[a] + 16);
            v = v < lo ? lo : v > hi ? hi : v;
            if (as_float) gbuf_f32(b, v);
            else gbuf_le16(b, s16((long)v, "bound"));
        }
}

/* averages: write each style's average sample just before lightofs (the
 * v18+ layout; v17 keeps them in the face record). */
static void build_lighting(const gen_world *w, int hdr, int averages, gbuf *out, int *lightofs)
{
    int k, f;
    unsigned char smp[4];
    /* HDR blocks go in reverse face order, so LDR faces' lightofs are
     * wrong for the HDR lump (and the other way round). */
    for (k = 0; k < w->nfaces; k++) {
        const gen_face *fc;
        int slot, page, i, j;
        f = hdr ? w->nfaces - 1 - k : k;
        fc = &w->faces[f];
        if (!fc->nstyles) {
            lightofs[f] = -1;
            continue;
        }
        for (slot = fc->nstyles - 1; slot >= 0 && averages; slot--) {
            gen_sample(hdr, f, slot, GEN_PAGE_AVG, 0, 0, smp);
            gbuf_put(out, smp, 4);
        }
        lightofs[f] = (int)out->len;
        for (slot = 0; slot < fc->nstyles; slot++)
            for (page = 0; page < fc->pages; page++)
                for (j = 0; j < gen_face_h(fc); j++)
                    for (i = 0; i < gen_face_w(fc); i++) {
                        gen_sample(hdr, f, slot, page, i, j, smp);
                        gbuf_put(out, smp, 4);
                    }
    }
}

void src_put_face_light(gbuf *b, const gen_face *fc, int lightofs)
{
    gbuf_i32(b, lightofs);
    gbuf_f32(b, fc->area);
    gbuf_i32(b, fc->lmins[0]);
    gbuf_i32(b, fc->lmins[1]);
    gbuf_i32(b, fc->lsize[0]);
    gbuf_i32(b, fc->lsize[1]);
}

/* dface_t from planenum to styles[4] (v17 and later alike). */
static void put_face_head(gbuf *b, const gen_face *fc, int dispinfo)
{
    gbuf_le16(b, u16(fc->plane, "face plane"));
    gbuf_u8(b, (unsigned)fc->side);
    gbuf_u8(b, 1); /* onNode */
    gbuf_i32(b, fc->firstedge);
    gbuf_le16(b, s16(fc->numedges, "numedges"));
    gbuf_le16(b, s16(fc->texinfo, "texinfo"));
    gbuf_le16(b, (unsigned)dispinfo & 0xffffu);
    gbuf_le16(b, 0xffff); /* surfaceFogVolumeID -1 */
    gbuf_put(b, fc->styles, 4);
}

static void put_face(gbuf *b, const gen_face *fc, int lightofs, int dispinfo)
{
    put_face_head(b, fc, dispinfo);
    src_put_face_light(b, fc, lightofs);
    gbuf_i32(b, 0); /* origFace */
    gbuf_le16(b, 0); /* numPrims */
    gbuf_le16(b, 0); /* firstPrimID */
    gbuf_le32(b, 0); /* smoothingGroups */
}

static void build_faces(const gen_world *w, const int *lightofs, gbuf *b)
{
    int f;
    for (f = 0; f < w->nfaces; f++) put_face(b, &w->faces[f], lightofs[f], -1);
}

/* ---------------- a displacement ---------------- */

/* Maps of versions 20 and 21 (PC, console, LZMA, the L4D2 directory, Dark
 * Messiah, Tactical Intervention) end their face lumps with one
 * displacement, so that Valve's triangulation is tested on a surface whose
 * cells are not planar. It lies 64 below the world, in no leaf and no
 * model (queries and pictures never meet it), unlit: a 128-unit square,
 * power 2 (5 x 5 vertices), startPosition at its third corner so that the
 * grid starts there, each vertex moved along +z (a few along a slanted
 * vector) by a distance that differs from its neighbours'. */
#define DISP_POWER 2
#define DISP_GRID ((1 << DISP_POWER) + 1)
#define DISPINFO_BYTES 176
#define DISPINFO_WIDTHS "444444444" "22" "44" "21111" "21111" "21111" "21111" "21111" "21111" \
    "21111" "21111" "222211" "222211" "222211" "222211" "4444444444"

static int has_displacement(const src_opts *o)
{
    return o->version >= 20 && o->version <= 23 && !STRATA(o) && o->variant != SRC_VAR_VINDICTUS &&
           o->variant != SRC_VAR_VINDICTUS2;
}

/* The distance of grid vertex (r, c) from its flat position. */
static float disp_distance(int r, int c)
{
    return (float)((r * 3 + c * 5) % 7) * 4.0f - 8.0f;
}

/* One displacement: its base square (corner 0 at lo, corner 2 at lo +
 * size, z given per corner so that the base may slope), the corner
 * startPosition names, power, minTess flags, and how its vertices move
 * (kind 0: the bumps of disp_distance, 1: a ridge along the rows). */
typedef struct disp_spec {
    int lo[2], size, z[4], start, power;
    unsigned flags;
    int kind;
} disp_spec;

/* The displacement written into every map of versions 20 and 21 (below). */
static const disp_spec under_world = {{0, 0}, 128, {-64, -64, -64, -64}, 2, DISP_POWER, 0, 0};

/* Source maps with terrain (src_opts.terrain; docs/queries.md 8.14):
 * powers 2, 3 and 4; sloped bases; NOHULL and NORAY; one across the
 * opening from room 0 to room 2 (several leaves), one rising through the
 * floor of the raised side room 5 (under a brush). Rooms of
 * gen_layout_standard. */
static const disp_spec terrain[] = {
    {{8, 8}, 240, {8, 8, 40, 40}, 1, 4, 0, 0},               /* room 0, sloped up along x */
    {{160, 8}, 192, {16, 24, 16, 8}, 3, 3, 0, 1},            /* room 0 into room 2 */
    {{520, 8}, 112, {12, 12, 12, 12}, 0, 2, 0x80000004u, 0}, /* room 14: NOHULL */
    {{520, 136}, 112, {20, 4, 20, 4}, 2, 2, 0x80000008u, 1}, /* room 14: NORAY */
    {{-120, 72}, 112, {24, 24, 24, 24}, 0, 2, 0, 0},         /* room 5: floor at 32 */
};

/* Appends displacement `info`'s square (vertices, edges, surfedges), its
 * dispinfo, dispverts and disp tris (tags and alphas varied); *fc is its
 * face record (firstedge from `surfedges`). */
/* Lumps 30 and 31 as vrad's SaveVertexNormals lays them out: one index
 * per vertex of every face of `faces` (stride bytes a record, numedges an
 * int16 at `at`, or an int32 on Strata, whose indices are 32-bit too), in
 * face order, displacements included. A few unit normals, shared and taken
 * out of order, so that a reader who skips the indirection differs. */
static void build_vertex_normals(const src_opts *o, const gbuf *faces, gbuf *normals, gbuf *index)
{
    static const float unit[5][3] = { { 0, 0, 1 }, { 0.6f, 0, 0.8f }, { 0, 0.8f, 0.6f },
                                      { -0.6f, 0, 0.8f }, { 0, -0.8f, 0.6f } };
    size_t stride = o->version == 17 ? 104 : STRATA(o) ? 72 : 56;
    size_t at = o->version == 17 ? 40 : STRATA(o) ? 12 : 8, f;
    uint32_t j = 0;
    int k, a;
    for (k = 0; k < 5; k++)
        for (a = 0; a < 3; a++) gbuf_f32(normals, unit[k][a]);
    for (f = 0; f + stride <= faces->len; f += stride) {
        const unsigned char *r = faces->data + f + at;
        int32_t n = STRATA(o) ? (int32_t)((uint32_t)r[0] | (uint32_t)r[1] << 8 | (uint32_t)r[2] << 16 | (uint32_t)r[3] << 24)
                              : (int16_t)(r[0] | r[1] << 8);
        for (k = 0; k < n; k++, j++) {
            if (STRATA(o)) gbuf_i32(index, (int32_t)((j * 3 + 1) % 5));
            else gbuf_le16(index, (j * 3 + 1) % 5);
        }
    }
}

static void build_displacement(const gen_world *w, gbuf *L, gen_face *fc, const disp_spec *sp, int mapface,
                               int version)
{
    const gen_ibox *wb = &w->models[0].box;
    int x0 = sp->lo[0], y0 = sp->lo[1], k, r, c, grid = (1 << sp->power) + 1;
    int corner[4][3];
    int v0 = (int)(L[L_VERTEXES].len / 12), e0 = (int)(L[L_EDGES].len / 4);
    if (sp == &under_world) x0 = wb->lo[0], y0 = wb->lo[1];
    memset(fc, 0, sizeof *fc);
    fc->plane = -1;
    for (k = 0; k < w->nplanes; k++)
        if (w->planes[k].normal[2] == 1.0f && w->planes[k].normal[0] == 0.0f &&
            w->planes[k].normal[1] == 0.0f)
            fc->plane = k;
    if (fc->plane < 0) gen_die("no +z plane for the displacement");
    fc->texinfo = w->faces[0].texinfo;
    memset(fc->styles, GEN_NO_STYLE, 4);
    fc->area = (float)sp->size * (float)sp->size;
    fc->firstedge = (int)(L[L_SURFEDGES].len / 4);
    fc->numedges = 4;
    for (k = 0; k < 4; k++) {
        corner[k][0] = x0 + (k == 2 || k == 3 ? sp->size : 0);
        corner[k][1] = y0 + (k == 1 || k == 2 ? sp->size : 0);
        corner[k][2] = sp == &under_world ? wb->lo[2] - 64 : sp->z[k];
        for (c = 0; c < 3; c++) gbuf_f32(&L[L_VERTEXES], (float)corner[k][c]);
        gbuf_le16(&L[L_EDGES], u16(v0 + k, "vertex index"));
        gbuf_le16(&L[L_EDGES], u16(v0 + (k + 1) % 4, "vertex index"));
        gbuf_i32(&L[L_SURFEDGES], e0 + k);
    }
    for (c = 0; c < 3; c++) gbuf_f32(&L[L_DISPINFO], (float)corner[sp->start][c]); /* startPosition */
    gbuf_i32(&L[L_DISPINFO], (int32_t)(L[L_DISP_VERTS].len / 20));                /* DispVertStart */
    gbuf_i32(&L[L_DISPINFO], (int32_t)(L[L_DISP_TRIS].len / 2));                   /* DispTriStart */
    gbuf_i32(&L[L_DISPINFO], sp->power);
    gbuf_le32(&L[L_DISPINFO], sp->flags);                                          /* minTess */
    gbuf_f32(&L[L_DISPINFO], 0.0f);                                                /* smoothingAngle */
    gbuf_i32(&L[L_DISPINFO], GEN_CONTENTS_SOLID);
    /* Dota 2's betas (docs/queries.md 13.6): v23 an int32 before MapFace,
     * v22 and v23 one after LightmapSamplePositionStart; non-zero, so that
     * a reader of Valve's record misplaces what follows */
    if (version == 23) gbuf_i32(&L[L_DISPINFO], 0x23232323);
    gbuf_le16(&L[L_DISPINFO], (unsigned)mapface);                                  /* MapFace */
    gbuf_zero(&L[L_DISPINFO], 10);                 /* pad, the lightmap alpha and sample starts */
    if (version == 22 || version == 23) gbuf_i32(&L[L_DISPINFO], 0x22222222);
    gbuf_zero(&L[L_DISPINFO], DISPINFO_BYTES - 48);
    for (r = 0; r < grid; r++)
        for (c = 0; c < grid; c++) {
            int slanted = (r + 2 * c) % 5 == 0;
            float d = sp->kind ? (float)((r * (grid - 1 - r)) % 9) * 2.5f + (float)(c % 3)
                               : disp_distance(r, c) + (sp == &under_world ? 0.0f : 8.0f);
            gbuf_f32(&L[L_DISP_VERTS], slanted ? 0.6f : 0.0f);
            gbuf_f32(&L[L_DISP_VERTS], 0.0f);
            gbuf_f32(&L[L_DISP_VERTS], slanted ? 0.8f : 1.0f);
            gbuf_f32(&L[L_DISP_VERTS], d);
            gbuf_f32(&L[L_DISP_VERTS], (float)((r * 7 + c * 11) % 4) * 85.0f); /* alpha */
        }
    for (k = 0; k < 2 * (grid - 1) * (grid - 1); k++) gbuf_le16(&L[L_DISP_TRIS], (unsigned)(k * 5 % 32) | 0x40u);
}

/* How many displacements a map of these options holds. */
static int num_displacements(const src_opts *o)
{
    if (!has_displacement(o)) return 0;
    return 1 + (o->terrain ? (int)(sizeof terrain / sizeof terrain[0]) : 0);
}

/* v17 (Bloodlines) dface_t, 104 bytes: 8 average colours (one per style
 * slot in use, else zero), planenum, side, onNode, firstedge, numedges,
 * texinfo, dispinfo, fog volume, styles[8], day[8], night[8] (255), lightofs,
 * area, luxel mins[2] and size[2], origFace, smoothingGroups. */
static void build_faces17(const gen_world *w, const int *lightofs, gbuf *b)
{
    int f, k;
    unsigned char smp[4];
    for (f = 0; f < w->nfaces; f++) {
        const gen_face *fc = &w->faces[f];
        for (k = 0; k < 8; k++) {
            if (k < fc->nstyles) {
                gen_sample(0, f, k, GEN_PAGE_AVG, 0, 0, smp);
                gbuf_put(b, smp, 4);
            } else {
                gbuf_zero(b, 4);
            }
        }
        put_face_head(b, fc, -1);
        for (k = 4; k < 24; k++) gbuf_u8(b, 255); /* styles[4..7], day[8], night[8] */
        src_put_face_light(b, fc, lightofs[f]);
        gbuf_i32(b, 0); /* origFace */
        gbuf_le32(b, 0); /* smoothingGroups */
    }
}

static void build_leaves(const gen_world *w, int leaf_version, gbuf *b)
{
    int l;
    for (l = 0; l < w->nleaves; l++) {
        const gen_leaf *lf = &w->leaves[l];
        gbuf_i32(b, lf->contents);
        gbuf_le16(b, s16(lf->cluster, "cluster"));
        gbuf_le16(b, lf->cluster >= 0 ? (unsigned)gen_room_area(w->desc, lf->cluster) : 0u); /* area:9, flags 0 */
        if (l == 0) gbuf_zero(b, 12);
        else src_put_bounds(b, w, &lf->box, lf->model, 0);
        gbuf_le16(b, u16(lf->firstleafface, "firstleafface"));
        gbuf_le16(b, u16(lf->numleaffaces, "numleaffaces"));
        gbuf_le16(b, u16(lf->firstleafbrush, "firstleafbrush"));
        gbuf_le16(b, u16(lf->numleafbrushes, "numleafbrushes"));
        gbuf_le16(b, 0xffff); /* leafWaterDataID -1 */
        if (leaf_version == 0) {
            /* v19 and older: CompressedLightCube (6 ColorRGBExp32). */
            unsigned char cube[24];
            gen_amb_leaf_cube(l, cube);
            gbuf_put(b, cube, sizeof cube);
        }
        gbuf_le16(b, 0); /* padding */
    }
}

static void build_entities(const gen_world *w, gbuf *b)
{
    const gen_ibox *wb = &w->models[0].box;
    const gen_ibox *pr = &w->desc->rooms[w->desc->player_room].box;
    gbuf_printf(b, "{\n\"world_mins\" \"%d %d %d\"\n\"world_maxs\" \"%d %d %d\"\n", wb->lo[0], wb->lo[1],
                wb->lo[2], wb->hi[0], wb->hi[1], wb->hi[2]);
    gbuf_printf(b, "\"skyname\" \"sky_day01_01\"\n\"mapversion\" \"1\"\n\"classname\" \"worldspawn\"\n}\n");
    gbuf_printf(b, "{\n\"origin\" \"%d %d %d\"\n\"angles\" \"0 0 0\"\n\"classname\" \"info_player_start\"\n}\n",
                (pr->lo[0] + pr->hi[0]) / 2 + 8, (pr->lo[1] + pr->hi[1]) / 2 + 8, pr->lo[2] + 1);
    gbuf_printf(b, "{\n\"model\" \"*1\"\n\"targetname\" \"door1\"\n\"speed\" \"100\"\n"
                   "\"classname\" \"func_door\"\n}\n");
    gbuf_u8(b, 0);
}

static void build_lumps(const gen_world *w, const src_opts *o, gbuf *L, int *lump_version)
{
    int i, k, a;
    int *lightofs = malloc((size_t)(w->nfaces + 1) * sizeof *lightofs);
    if (!lightofs) gen_die("out of memory");

    build_entities(w, &L[L_ENTITIES]);
    for (i = 0; i < w->nplanes; i++) {
        for (a = 0; a < 3; a++) gbuf_f32(&L[L_PLANES], w->planes[i].normal[a]);
        gbuf_f32(&L[L_PLANES], w->planes[i].dist);
        gbuf_i32(&L[L_PLANES], w->planes[i].type);
    }
    for (i = 0; i < gen_num_texdata; i++) {
        gbuf_f32(&L[L_TEXDATA], 0.5f);
        gbuf_f32(&L[L_TEXDATA], 0.25f * (float)(i + 1));
        gbuf_f32(&L[L_TEXDATA], 0.125f);
        gbuf_i32(&L[L_TEXDATA], i); /* nameStringTableID */
        for (k = 0; k < 4; k++) gbuf_i32(&L[L_TEXDATA], 512);
        gbuf_i32(&L[L_TEXDATA_STRING_TABLE], (int32_t)L[L_TEXDATA_STRING_DATA].len);
        gbuf_put(&L[L_TEXDATA_STRING_DATA], gen_texture_names[i], strlen(gen_texture_names[i]) + 1);
    }
    for (i = 0; i < w->nverts; i++)
        for (a = 0; a < 3; a++) gbuf_f32(&L[L_VERTEXES], (float)w->verts[i][a]);
    if (o->vis) gen_vis_lump(w, &L[L_VISIBILITY]);
    if (STRATA(o)) strata_nodes(w, &L[L_NODES]);
    for (i = 0; i < w->nnodes && !STRATA(o); i++) {
        const gen_node *n = &w->nodes[i];
        gbuf_i32(&L[L_NODES], n->plane);
        gbuf_i32(&L[L_NODES], n->child[0]);
        gbuf_i32(&L[L_NODES], n->child[1]);
        src_put_bounds(&L[L_NODES], w, &n->box, n->model, 0);
        gbuf_le16(&L[L_NODES], u16(n->firstface, "node firstface"));
        gbuf_le16(&L[L_NODES], u16(n->numfaces, "node numfaces"));
        gbuf_le16(&L[L_NODES], 0); /* area */
        gbuf_le16(&L[L_NODES], 0); /* padding */
    }
    for (i = 0; i < gen_num_texinfos; i++) {
        const gen_texinfo *t = &gen_texinfos[i];
        for (k = 0; k < 8; k++) gbuf_f32(&L[L_TEXINFO], t->tex[k / 4][k % 4]);
        for (k = 0; k < 8; k++) gbuf_f32(&L[L_TEXINFO], t->lm[k / 4][k % 4]);
        src_var_texinfo_extra(o, &L[L_TEXINFO]);
        gbuf_i32(&L[L_TEXINFO], t->flags);
        gbuf_i32(&L[L_TEXINFO], t->texdata);
    }
    if (o->ldr) {
        build_lighting(w, 0, o->version != 17, &L[L_LIGHTING], lightofs);
        if (o->version == 17) build_faces17(w, lightofs, &L[L_FACES]);
        else if (STRATA(o)) strata_faces(w, lightofs, &L[L_FACES]);
        else build_faces(w, lightofs, &L[L_FACES]);
    }
    if (o->hdr) {
        if (o->version == 17) gen_die("v17 has no HDR lumps");
        build_lighting(w, 1, 1, &L[L_LIGHTING_HDR], lightofs);
        if (STRATA(o)) strata_faces(w, lightofs, &L[L_FACES_HDR]);
        else build_faces(w, lightofs, &L[L_FACES_HDR]);
    }

    if (STRATA(o)) strata_leaves(w, &L[L_LEAFS]);
    else build_leaves(w, o->leaf_version, &L[L_LEAFS]);
    if (gen_amb_mode(w, o->version, o->leaf_version) == GEN_AMB_LUMPS) {
        if (o->ldr) gen_amb_lumps(w, 0, &L[L_LEAF_AMBIENT_INDEX], &L[L_LEAF_AMBIENT_LIGHTING]);
        if (o->hdr) gen_amb_lumps(w, 1, &L[L_LEAF_AMBIENT_INDEX_HDR], &L[L_LEAF_AMBIENT_LIGHTING_HDR]);
        if (STRATA(o)) {
            strata_widen16(&L[L_LEAF_AMBIENT_INDEX]);
            strata_widen16(&L[L_LEAF_AMBIENT_INDEX_HDR]);
        }
    }
    if (STRATA(o)) {
        strata_indices(w, &L[L_EDGES], &L[L_LEAFFACES], &L[L_LEAFBRUSHES], &L[L_BRUSHSIDES]);
        strata_areaportals(w->desc, &L[L_AREAPORTALS]);
    }
    for (i = 0; i < w->nedges && !STRATA(o); i++) {
        gbuf_le16(&L[L_EDGES], u16(w->edges[i][0], "vertex index"));
        gbuf_le16(&L[L_EDGES], u16(w->edges[i][1], "vertex index"));
    }
    for (i = 0; i < w->nsurfedges; i++) gbuf_i32(&L[L_SURFEDGES], w->surfedges[i]);
    for (i = 0; i < num_displacements(o); i++) {
        gen_face disp;
        build_displacement(w, L, &disp, i ? &terrain[i - 1] : &under_world, w->nfaces + i, o->version);
        if (o->ldr) put_face(&L[L_FACES], &disp, -1, i);
        if (o->hdr) put_face(&L[L_FACES_HDR], &disp, -1, i);
    }
    build_vertex_normals(o, o->ldr ? &L[L_FACES] : &L[L_FACES_HDR], &L[L_VERTNORMALS], &L[L_VERTNORMALINDICES]);
    for (i = 0; i < w->nmodels; i++) {
        const gen_model *m = &w->models[i];
        for (a = 0; a < 3; a++) gbuf_f32(&L[L_MODELS], (float)m->box.lo[a]);
        for (a = 0; a < 3; a++) gbuf_f32(&L[L_MODELS], (float)m->box.hi[a]);
        for (a = 0; a < 3; a++) gbuf_f32(&L[L_MODELS], 0.0f); /* origin */
        src_var_model_extra(o, &L[L_MODELS]);
        gbuf_i32(&L[L_MODELS], m->headnode);
        gbuf_i32(&L[L_MODELS], m->firstface);
        gbuf_i32(&L[L_MODELS], m->numfaces);
    }
    for (i = 0; i < w->nleaffaces && !STRATA(o); i++)
        gbuf_le16(&L[L_LEAFFACES], u16(w->leaffaces[i], "leafface"));
    for (i = 0; i < w->nleafbrushes && !STRATA(o); i++)
        gbuf_le16(&L[L_LEAFBRUSHES], u16(w->leafbrushes[i], "leafbrush"));
    for (i = 0; i < w->nbrushes; i++) {
        gbuf_i32(&L[L_BRUSHES], w->brushes[i].firstside);
        gbuf_i32(&L[L_BRUSHES], w->brushes[i].numsides);
        gbuf_i32(&L[L_BRUSHES], w->brushes[i].contents);
    }
    for (i = 0; i < w->nsides && !STRATA(o); i++) {
        gbuf_le16(&L[L_BRUSHSIDES], u16(w->sides[i].plane, "brushside plane"));
        gbuf_le16(&L[L_BRUSHSIDES], s16(w->sides[i].texinfo, "texinfo"));
        gbuf_le16(&L[L_BRUSHSIDES], 0); /* dispinfo */
        gbuf_le16(&L[L_BRUSHSIDES], 0); /* bevel */
    }
    for (i = 0; i <= gen_num_areas(w->desc); i++) { /* area 0: outside */
        int first, num;
        gen_area_portals(w->desc, i, &first, &num);
        gbuf_i32(&L[L_AREAS], num);
        gbuf_i32(&L[L_AREAS], first);
    }
    for (i = 0; i < gen_num_portal_records(w->desc) && !STRATA(o); i++) {
        int key, other;
        gen_portal_record(w->desc, i, &key, &other); /* record 0: vbsp's reserved portal */
        gbuf_le16(&L[L_AREAPORTALS], (unsigned)key);
        gbuf_le16(&L[L_AREAPORTALS], (unsigned)other);
        gbuf_zero(&L[L_AREAPORTALS], 8); /* no clip vertices, plane 0 */
    }

    if (o->console) gbuf_i32(&L[L_MAP_FLAGS], 0); /* MakeGameData writes it; 0 as in shack */
    if (o->extras) {
        gen_rng r;
        r.s = 0x52414e44u; /* the same bytes in every variant */
        for (i = 0; i < EXTRA_PHYSCOLLIDE_BYTES; i++) gbuf_u8(&L[L_PHYSCOLLIDE], (unsigned)(gen_rng_next(&r) >> 56));
        for (i = 0; i < EXTRA_PAKFILE_BYTES; i++) gbuf_u8(&L[L_PAKFILE], (unsigned)(gen_rng_next(&r) >> 56));
    }

    for (i = 0; i < NUM_LUMPS; i++) lump_version[i] = 0;
    if (o->version != 17) { /* v17: every lump version 0, 32-byte leaves */
        lump_version[L_LEAFS] = o->leaf_version;
        lump_version[L_FACES] = lump_version[L_FACES_HDR] = 1; /* as vbsp writes */
        lump_version[L_LIGHTING] = lump_version[L_LIGHTING_HDR] = 1;
        if (STRATA(o)) strata_lump_versions(lump_version);
        if (STRATA(o)) lump_version[L_VERTNORMALINDICES] = 1;   /* its 32-bit indices */
    } else if (o->leaf_version != 1) {
        gen_die("v17 leaves are 32-byte records");
    }
    src_gen_cubemaps_lights(w, o, L, lump_version);
    free(lightofs);
}

/* ---------------- byte order ---------------- */

static uint32_t get32(const unsigned char *e, int be)
{
    if (be) return (uint32_t)e[0] << 24 | (uint32_t)e[1] << 16 | (uint32_t)e[2] << 8 | (uint32_t)e[3];
    return (uint32_t)e[0] | (uint32_t)e[1] << 8 | (uint32_t)e[2] << 16 | (uint32_t)e[3] << 24;
}

static void set32(unsigned char *e, uint32_t v, int be)
{
    int k;
    for (k = 0; k < 4; k++) e[be ? 3 - k : k] = (unsigned char)(v >> (8 * k));
}

static void put16(gbuf *b, unsigned v, int be)
{
    if (be) {
        gbuf_u8(b, (v >> 8) & 0xff);
        gbuf_u8(b, v & 0xff);
    } else {
        gbuf_le16(b, v);
    }
}

static void put32(gbuf *b, uint32_t v, int be)
{
    unsigned char e[4];
    set32(e, v, be);
    gbuf_put(b, e, 4);
}

static void putf(gbuf *b, float v, int be)
{
    uint32_t u;
    memcpy(&u, &v, 4);
    put32(b, u, be);
}

/* Reverse each field of each record in place; widths holds one digit
 * (1, 2 or 4) per field of a record. */
static void swap_records(unsigned char *p, size_t len, const char *widths)
{
    size_t rec = 0, at = 0;
    const char *c;
    for (c = widths; *c; c++) rec += (size_t)(*c - '0');
    if (!rec || len % rec) gen_die("lump of %lu bytes is not made of %lu-byte records", (unsigned long)len,
                                   (unsigned long)rec);
    while (at < len)
        for (c = widths; *c; c++) {
            size_t n = (size_t)(*c - '0'), k;
            for (k = 0; k < n / 2; k++) {
                unsigned char t = p[at + k];
                p[at + k] = p[at + n - 1 - k];
                p[at + n - 1 - k] = t;
            }
            at += n;
        }
}

#define FACE_WIDTHS "2114" "2222" "1111" "4444444" "22" "4"
#define FACE17_WIDTHS "11111111111111111111111111111111" "2114" "2222" "111111111111111111111111" "44" "44444" "4"
#define LEAF32_WIDTHS "4" "22" "222222" "2222" "2" "2" /* area:9/flags:7 is one short */
#define LEAF56_WIDTHS "4" "22" "222222" "2222" "2" "111111111111111111111111" "2"

/* A little-endian lump as MakeGameData writes it big-endian. Lumps of
 * bytes (entities, lighting, strings, pakfile, the random physcollide) and
 * the game lump (built in its console form) are left alone. */
static void swap_lump(int lump, const src_opts *o, gbuf *b)
{
    const char *wd = STRATA(o) ? strata_widths(lump) : NULL;
    if (wd) {
        swap_records(b->data, b->len, wd);
        return;
    }
    switch (lump) {
    case L_PLANES: wd = "44444"; break;
    case L_TEXDATA: wd = "44444444"; break;
    case L_VERTEXES: wd = "444"; break;
    case L_NODES: wd = "444" "222222" "2222"; break;
    case L_TEXINFO: wd = "444444444444444444"; break;
    case L_FACES: case L_FACES_HDR: wd = o->version == 17 ? FACE17_WIDTHS : FACE_WIDTHS; break;
    case L_LEAFS: wd = o->leaf_version == 0 ? LEAF56_WIDTHS : LEAF32_WIDTHS; break;
    case L_EDGES: case L_LEAF_AMBIENT_INDEX: case L_LEAF_AMBIENT_INDEX_HDR: wd = "22"; break;
    case L_SURFEDGES: case L_TEXDATA_STRING_TABLE: case L_MAP_FLAGS: wd = "4"; break;
    case L_MODELS: wd = "444444444444"; break;
    case L_LEAFFACES: case L_LEAFBRUSHES: case L_DISP_TRIS: wd = "2"; break;
    case L_BRUSHES: wd = "444"; break;
    case L_BRUSHSIDES: wd = "2222"; break;
    case L_DISPINFO: wd = DISPINFO_WIDTHS; break;
    case L_DISP_VERTS: wd = "44444"; break;
    case L_VERTNORMALS: wd = "444"; break;
    case L_VERTNORMALINDICES: wd = STRATA(o) ? "4" : "2"; break;
    case L_AREAPORTALS: wd = "22224"; break;
    case L_AREAS: wd = "44"; break;
    case 42: wd = "4444"; break;                        /* cubemaps */
    case 15: case 54:                                   /* world lights, all 32-bit */
        wd = src_light_version(o) ? "4444444444444444444444444" : "4444444444444444444444";
        break;
    case L_VISIBILITY:
        /* numclusters and the offset pairs; the rows are bytes */
        if (b->len >= 4) {
            uint32_t n = get32(b->data, 0);
            size_t head = 4 + 8 * (size_t)n;
            if (head > b->len) gen_die("vis lump shorter than its offsets");
            swap_records(b->data, head, "4");
        }
        return;
    default: return;
    }
    swap_records(b->data, b->len, wd);
}

/* ---------------- game lump ---------------- */

#define GL_ID(a, b, c, d) ((uint32_t)(a) << 24 | (uint32_t)(b) << 16 | (uint32_t)(c) << 8 | (uint32_t)(d))

/* Static prop records the generator writes: the sub-lump version and each
 * field in order, one letter a field (its size after the colon):
 *   o origin 3f:12   a angles 3f:12   m model u16   f first leaf u16
 *   c leaf count u16 s solid u8       g flags u8    k skin i32
 *   d fade min, max 2f:8              l lighting origin 3f:12
 *   F forced fade scale f             x DX levels 2 u16
 *   p CPU/GPU levels 4 u8             r diffuse colour 4 u8
 *   X Xbox 360 flag u8 + 3 padding    E extra flags u32
 *   S uniform scale f                 G flags u32 (TF2)
 *   L lightmap resolution 2 u16       _ one padding byte
 *   D 72 bytes Dark Messiah keeps after v6 (a pattern)
 * Layouts: the VDC static prop section, Source SDK 2013's gamebspfile.h
 * (TF2), bspsrc (CS:GO v11, Dark Messiah). */
static const src_sprp_kind sprp_kinds[] = {
    [SRC_SPRP_V6] = {6, "oamfcsgkdlFx"},
    [SRC_SPRP_V4] = {4, "oamfcsgkdl"},
    [SRC_SPRP_V5] = {5, "oamfcsgkdlF"},
    [SRC_SPRP_V7] = {7, "oamfcsgkdlFxr"},
    [SRC_SPRP_V7_TF2] = {7, "oamfcs_kdlFxGL"},
    [SRC_SPRP_V8] = {8, "oamfcsgkdlFpr"},
    [SRC_SPRP_V9] = {9, "oamfcsgkdlFprX"},
    [SRC_SPRP_V10_TF2] = {10, "oamfcs_kdlFxGL"},
    [SRC_SPRP_V10] = {10, "oamfcsgkdlFprXE"},
    [SRC_SPRP_V11] = {11, "oamfcsgkdlFprES"},
    [SRC_SPRP_V11_CSGO] = {11, "oamfcsgkdlFprXES"},
    [SRC_SPRP_V6_DM] = {6, "oamfcsgkdlFxD"},
    [SRC_SPRP_V12_EMPTY] = {12, ""},
};

const src_sprp_kind *src_sprp_kind_of(int kind)
{
    return &sprp_kinds[kind];
}

/* The props of a generated map: three, standing in the player's room, the
 * last room and room 0, each with its own model (the third name needs JSON
 * escaping); prop 2 lists two leaves (at its origin and at its lighting
 * origin). NAME.props says what was written
 * (main.c). Fields in the file's byte order. */
#define SPRP_PROPS 3
static const char *const sprp_names[SPRP_PROPS] = {
    "models/props_c17/oildrum001.mdl", "models/props_junk/wood_crate001a.mdl",
    "models/props_\"quoted\"/lamp.mdl"};

void src_sprp_prop(const gen_world *w, int k, src_sprp_prop_vals *v)
{
    const gen_desc *d = w->desc;
    int rooms[SPRP_PROPS], a;
    const gen_ibox *rb;
    rooms[0] = d->player_room;
    rooms[1] = d->nrooms - 1;
    rooms[2] = 0;
    rb = &d->rooms[rooms[k]].box;
    memset(v, 0, sizeof *v);
    for (a = 0; a < 2; a++) v->origin[a] = (float)((rb->lo[a] + rb->hi[a]) / 2) + 8.5f + (float)(8 * k);
    v->origin[2] = (float)rb->lo[2];
    v->angles[0] = (float)k * 5.0f;
    v->angles[1] = 90.0f * (float)k + 0.25f;
    v->angles[2] = -(float)k;
    v->model = k;
    v->solid = k == 0 ? 6 : k == 1 ? 0 : 2;
    v->flags = (unsigned)(1 << k) | 0x40u;
    v->skin = k == 2 ? -1 : k;
    v->fade[0] = 100.0f * (float)k;
    v->fade[1] = k ? 900.0f + (float)k : 0.0f;
    /* 16.5 up: off the grid's planes (leaf boundaries lie on multiples of
     * 16), so the lighting origin lies inside exactly one leaf */
    for (a = 0; a < 3; a++) v->lighting[a] = v->origin[a] + (a == 2 ? 16.5f : 0.0f);
    v->forced_fade = 1.0f + 0.5f * (float)k;
    v->dx[0] = (unsigned)(80 + k), v->dx[1] = 95;
    v->cpu_gpu[0] = (unsigned)k, v->cpu_gpu[1] = 2, v->cpu_gpu[2] = 0, v->cpu_gpu[3] = 3;
    v->diffuse[0] = 255, v->diffuse[1] = (unsigned)(128 + k), v->diffuse[2] = 64, v->diffuse[3] = 250;
    v->x360 = (unsigned)(k & 1);
    v->flags_ex = 0x10u + (unsigned)k;
    v->scale = 1.0f + 0.25f * (float)k;
    v->lightmap[0] = (unsigned)(16 * (k + 1)), v->lightmap[1] = 8;
}

/* The leaves prop k lists, as gen_point_leaf finds them: its origin (8.5
 * above the floor) and, for prop 2, its lighting origin; returns how many. */
static int sprp_leaves(const gen_world *w, const src_sprp_prop_vals *v, int k, unsigned *leaf)
{
    float p[3];
    p[0] = v->origin[0], p[1] = v->origin[1], p[2] = v->origin[2] + 8.5f;
    leaf[0] = u16(gen_point_leaf(w, 0, p), "prop leaf");
    if (k != 2) return 1;
    leaf[1] = u16(gen_point_leaf(w, 0, v->lighting), "prop leaf");
    return 2;
}

static void put_sprp_field(gbuf *b, char c, const src_sprp_prop_vals *v, int k, unsigned first,
                           unsigned count, int be)
{
    int a;
    switch (c) {
    case 'o': for (a = 0; a < 3; a++) putf(b, v->origin[a], be); break;
    case 'a': for (a = 0; a < 3; a++) putf(b, v->angles[a], be); break;
    case 'm': put16(b, (unsigned)v->model, be); break;
    case 'f': put16(b, first, be); break;
    case 'c': put16(b, count, be); break;
    case 's': gbuf_u8(b, (unsigned char)v->solid); break;
    case 'g': gbuf_u8(b, (unsigned char)v->flags); break;
    case 'k': put32(b, (uint32_t)v->skin, be); break;
    case 'd': putf(b, v->fade[0], be), putf(b, v->fade[1], be); break;
    case 'l': for (a = 0; a < 3; a++) putf(b, v->lighting[a], be); break;
    case 'F': putf(b, v->forced_fade, be); break;
    case 'x': put16(b, v->dx[0], be), put16(b, v->dx[1], be); break;
    case 'p': for (a = 0; a < 4; a++) gbuf_u8(b, (unsigned char)v->cpu_gpu[a]); break;
    case 'r': for (a = 0; a < 4; a++) gbuf_u8(b, (unsigned char)v->diffuse[a]); break;
    case 'X': gbuf_u8(b, (unsigned char)v->x360), gbuf_zero(b, 3); break;
    case 'E': put32(b, v->flags_ex, be); break;
    case 'S': putf(b, v->scale, be); break;
    case 'G': put32(b, v->flags | 0x100u, be); break;   /* a bit above the 8-bit flags */
    case 'L': put16(b, v->lightmap[0], be), put16(b, v->lightmap[1], be); break;
    case '_': gbuf_u8(b, 0xa5); break;
    case 'D': for (a = 0; a < 72; a++) gbuf_u8(b, (unsigned char)(a * 7 + k)); break;
    default: gen_die("unknown static prop field");
    }
}

static void build_sprp(const gen_world *w, int kind, int be, gbuf *b)
{
    const src_sprp_kind *sk = &sprp_kinds[kind];
    src_sprp_prop_vals v[SPRP_PROPS];
    unsigned leaves[SPRP_PROPS][2], first[SPRP_PROPS], nleaves[SPRP_PROPS], total = 0;
    int k, lw = sk->version >= 12 ? 4 : 2;
    const char *c;
    put32(b, SPRP_PROPS, be);
    for (k = 0; k < SPRP_PROPS; k++) {
        size_t n = strlen(sprp_names[k]);
        gbuf_put(b, sprp_names[k], n);
        gbuf_zero(b, 128 - n);
    }
    if (!sk->fields[0]) { /* no props: an empty leaf list too */
        put32(b, 0, be);
        put32(b, 0, be);
        return;
    }
    for (k = 0; k < SPRP_PROPS; k++) {
        src_sprp_prop(w, k, &v[k]);
        first[k] = total;
        nleaves[k] = (unsigned)sprp_leaves(w, &v[k], k, leaves[k]);
        total += nleaves[k];
    }
    put32(b, total, be);
    for (k = 0; k < SPRP_PROPS; k++) {
        unsigned j;
        for (j = 0; j < nleaves[k]; j++) {
            if (lw == 4) put32(b, leaves[k][j], be);
            else put16(b, leaves[k][j], be);
        }
    }
    put32(b, SPRP_PROPS, be);
    for (k = 0; k < SPRP_PROPS; k++)
        for (c = sk->fields; *c; c++) put_sprp_field(b, *c, &v[k], k, first[k], nleaves[k], be);
}

/* NAME.props: what build_sprp wrote (main.c describes the lines). */
void src_sprp_describe(const gen_world *w, int kind, gbuf *txt)
{
    const src_sprp_kind *sk = &sprp_kinds[kind];
    int k, a;
    gbuf_printf(txt, "sprp %d %s\n", sk->version, sk->fields[0] ? sk->fields : "-");
    if (!sk->fields[0]) return;
    for (k = 0; k < SPRP_PROPS; k++) {
        src_sprp_prop_vals v;
        unsigned leaves[2];
        int n;
        src_sprp_prop(w, k, &v);
        n = sprp_leaves(w, &v, k, leaves);
        gbuf_printf(txt, "prop %d %d %s", k, v.model, sprp_names[v.model]);
        for (a = 0; a < 3; a++) gbuf_printf(txt, " %.9g", (double)v.origin[a]);
        for (a = 0; a < 3; a++) gbuf_printf(txt, " %.9g", (double)v.angles[a]);
        gbuf_printf(txt, " %d %u %u %d", v.skin, v.solid, v.flags, n);
        for (a = 0; a < n; a++) gbuf_printf(txt, " %u", leaves[a]);
        gbuf_printf(txt, "\n");
    }
}

static uint32_t fnv1a(const unsigned char *p, size_t n)
{
    uint32_t h = 0x811c9dc5u;
    size_t k;
    for (k = 0; k < n; k++) {
        h ^= p[k];
        h *= 0x01000193u;
    }
    return h;
}

/* dgamelumpheader_t + dgamelump_t {id, flags, version, fileofs, filelen}
 * + data. PC: fileofs absolute (base = the game lump's file offset), no
 * dummy entry. Console: fileofs relative to the game lump, sprp compressed
 * on its own when packing (flags 1; filelen keeps the uncompressed size, as
 * in shack.360.bsp, the compressed size is in its LZMA header), dprp left
 * uncompressed, 4-byte alignment padding between sub-lumps, and a final
 * dummy entry {0, 0, 0, end of data, 0} counted in the header. */
static void build_game_lump(const gen_world *w, const src_opts *o, int sprp, long base, gbuf *out,
                            gbuf *txt)
{
    gbuf sub[2], stored[2];
    uint32_t id[2], ver[2], flags[2], ofs[2];
    int k, n = 2, be = o->console, count = o->console ? 3 : 2;
    size_t at;
    memset(sub, 0, sizeof sub);
    memset(stored, 0, sizeof stored);
    id[0] = GL_ID('s', 'p', 'r', 'p');
    ver[0] = (uint32_t)sprp_kinds[sprp].version;
    build_sprp(w, sprp, be, &sub[0]);
    id[1] = GL_ID('d', 'p', 'r', 'p');
    ver[1] = 4;
    gbuf_zero(&sub[1], 12); /* no detail models, sprites or props */

    at = 4 + (size_t)src_var_game_lump_entry_bytes(o) * (size_t)count;
    for (k = 0; k < n; k++) {
        flags[k] = 0;
        if (o->console && o->pack != SRC_PACK_NONE && k == 0) {
            gen_lzma_lump(&o->lzma, sub[k].data, sub[k].len, &stored[k]);
            flags[k] = 1;
        } else {
            gbuf_put(&stored[k], sub[k].data, sub[k].len);
        }
        at = (at + 3) & ~(size_t)3;
        ofs[k] = (uint32_t)at;
        at += stored[k].len;
    }
    put32(out, (uint32_t)count, be);
    for (k = 0; k < n; k++) {
        src_var_game_lump_entry_head(o, out);
        put32(out, id[k], be);
        src_var_game_lump_flags_version(o, out, flags[k], ver[k]);
        put32(out, (uint32_t)(o->console ? (long)ofs[k] : base + (long)ofs[k]), be);
        put32(out, (uint32_t)sub[k].len, be);
    }
    if (o->console) { /* dummy: where the data ends */
        put32(out, 0, be);
        put16(out, 0, be);
        put16(out, 0, be);
        put32(out, (uint32_t)at, be);
        put32(out, 0, be);
    }
    for (k = 0; k < n; k++) {
        gbuf_zero(out, ofs[k] - out->len);
        gbuf_put(out, stored[k].data, stored[k].len);
    }
    if (txt)
        for (k = 0; k < n; k++)
            gbuf_printf(txt, "%c%c%c%c %u %u %lu %08lx\n", (int)(id[k] >> 24), (int)((id[k] >> 16) & 0xff),
                        (int)((id[k] >> 8) & 0xff), (int)(id[k] & 0xff), (unsigned)ver[k], (unsigned)flags[k],
                        (unsigned long)sub[k].len, (unsigned long)fnv1a(sub[k].data, sub[k].len));
    for (k = 0; k < n; k++) {
        gbuf_free(&sub[k]);
        gbuf_free(&stored[k]);
    }
}

/* ---------------- file ---------------- */

/* A Left 4 Dead 2 directory read the usual way must put a non-empty lump
 * inside the header or past the end (that is how loaders detect it), and
 * read the L4D2 way must not. */
static int directory_bad(const gbuf *f, int first, int be)
{
    int i;
    for (i = 0; i < NUM_LUMPS; i++) {
        const unsigned char *e = f->data + 8 + 16 * i + 4 * first;
        long ofs = (long)(int32_t)get32(e, be);
        long len = (long)(int32_t)get32(e + 4, be);
        if (len != 0 && (ofs < HEADER_SIZE || len < 0 || ofs + len > (long)f->len)) return 1;
    }
    return 0;
}

/* 0: stored as is; 1: compressed if that makes it smaller; 2: compressed. */
static int pack_mode(const src_opts *o, int lump)
{
    int k;
    if (o->pack == SRC_PACK_NONE || lump == L_GAME_LUMP || lump == L_PAKFILE) return 0;
    if (lump == L_PHYSCOLLIDE && o->extras) return 2; /* incompressible on purpose */
    if (o->pack == SRC_PACK_ALL) return 1;
    for (k = 0; k < (int)(sizeof some_packed / sizeof some_packed[0]); k++)
        if (some_packed[k] == lump) return 1;
    return 0;
}

void src_write(const gen_world *w, const src_opts *o, int sprp, const char *path, gen_counts *c,
               gbuf *gamelumps)
{
    gbuf L[NUM_LUMPS], S[NUM_LUMPS], file;
    int ver[NUM_LUMPS], ofs[NUM_LUMPS], placed[NUM_LUMPS], order[NUM_LUMPS];
    uint32_t fourcc[NUM_LUMPS];
    long len[NUM_LUMPS];
    int i, n = 0, be = o->console;
    int face_bytes = o->version == 17 ? FACE17_BYTES : STRATA(o) ? STRATA_FACE_BYTES : FACE_BYTES;
    memset(L, 0, sizeof L);
    memset(S, 0, sizeof S);
    memset(&file, 0, sizeof file);
    memset(placed, 0, sizeof placed);
    memset(ofs, 0, sizeof ofs);
    memset(fourcc, 0, sizeof fourcc);
    if (o->console && o->l4d2) gen_die("%s: no Left 4 Dead 2 directory on consoles", path);
    build_lumps(w, o, L, ver);
    src_var_add_lumps(o, w->nfaces, L);
    src_gen_pakfile(w, o, path, &L[L_PAKFILE]);
    build_game_lump(w, o, sprp, 0, &L[L_GAME_LUMP], gamelumps); /* right size; PC offsets set below */

    /* stored form of each lump: swapped, then maybe compressed */
    for (i = 0; i < NUM_LUMPS; i++) {
        int mode = pack_mode(o, i);
        gbuf raw;
        len[i] = (long)L[i].len;
        if (!L[i].len) continue;
        memset(&raw, 0, sizeof raw);
        gbuf_put(&raw, L[i].data, L[i].len);
        src_var_convert_lump(o, i, &raw, &ver[i]);
        if (be && i != L_GAME_LUMP) swap_lump(i, o, &raw);
        if (mode) gen_lzma_lump(&o->lzma, raw.data, raw.len, &S[i]);
        if (mode == 1 && S[i].len >= raw.len) gbuf_free(&S[i]); /* not worth it */
        if (S[i].len) {
            fourcc[i] = (uint32_t)raw.len;
            gbuf_free(&raw);
        } else {
            S[i] = raw;
        }
    }

    if (o->console) {
        for (i = 0; i < (int)(sizeof console_order / sizeof console_order[0]); i++) {
            order[n++] = console_order[i];
            placed[console_order[i]] = 1;
        }
        placed[L_PAKFILE] = 1;
    } else if (!o->index_order) {
        for (i = 0; i < (int)(sizeof vbsp_order / sizeof vbsp_order[0]); i++) {
            order[n++] = vbsp_order[i];
            placed[vbsp_order[i]] = 1;
        }
    }
    for (i = 0; i < NUM_LUMPS; i++)
        if (!placed[i]) order[n++] = i;
    if (o->console) order[n++] = L_PAKFILE;
    if (n != NUM_LUMPS) gen_die("lump order is not a permutation");

    gbuf_put(&file, o->console ? "PSBV" : "VBSP", 4);
    put32(&file, src_var_version_word(o), be);
    gbuf_zero(&file, NUM_LUMPS * 16);
    put32(&file, 1, be); /* mapRevision */
    for (i = 0; i < n; i++) {
        int k = order[i];
        size_t align = o->console && k == L_PAKFILE ? 2048 : 4;
        if (!S[k].len) continue;
        gbuf_zero(&file, (align - file.len % align) % align);
        ofs[k] = (int)file.len;
        if (k == L_GAME_LUMP && !o->console) { /* absolute sub-lump offsets */
            gbuf_free(&S[k]);
            build_game_lump(w, o, sprp, ofs[k], &S[k], NULL);
            if ((long)S[k].len != len[k]) gen_die("game lump changed size");
        }
        gbuf_put(&file, S[k].data, S[k].len);
    }
    for (i = 0; i < NUM_LUMPS; i++) {
        unsigned char *e = file.data + 8 + 16 * (size_t)i;
        int32_t f[3];
        f[0] = S[i].len ? ofs[i] : 0;
        f[1] = (int32_t)S[i].len;
        f[2] = S[i].len ? ver[i] : 0;
        set32(e + 0, (uint32_t)(o->l4d2 ? f[2] : f[0]), be);
        set32(e + 4, (uint32_t)(o->l4d2 ? f[0] : f[1]), be);
        set32(e + 8, (uint32_t)(o->l4d2 ? f[1] : f[2]), be);
        set32(e + 12, fourcc[i], be); /* uncompressed size, or 0 */
    }
    if (o->l4d2 && !(directory_bad(&file, 0, be) && !directory_bad(&file, 1, be)))
        gen_die("%s: the L4D2 directory is not detectable", path);
    if (!o->l4d2 && directory_bad(&file, 0, be)) gen_die("%s: bad lump directory", path);
    src_var_finish_file(o, &file);
    if (gbuf_save(&file, path)) gen_die("cannot write %s", path);

    c->n = 0;
    gen_count(c, "models", w->nmodels);
    gen_count(c, "brushes", w->nbrushes);
    gen_count(c, "brushsides", w->nsides);
    gen_count(c, "planes", w->nplanes);
    gen_count(c, "vertexes", w->nverts + 4 * num_displacements(o));
    gen_count(c, "nodes", w->nnodes);
    gen_count(c, "texinfos", gen_num_texinfos);
    gen_count(c, "texdata", gen_num_texdata);
    gen_count(c, "faces", len[L_FACES] / face_bytes);
    gen_count(c, "hdr_faces", len[L_FACES_HDR] / (STRATA(o) ? STRATA_FACE_BYTES : FACE_BYTES));
    gen_count(c, "leaves", w->nleaves);
    gen_count(c, "leaffaces", w->nleaffaces);
    gen_count(c, "leafbrushes", w->nleafbrushes);
    gen_count(c, "edges", w->nedges + 4 * num_displacements(o));
    gen_count(c, "surfedges", w->nsurfedges + 4 * num_displacements(o));
    gen_count(c, "visdata", len[L_VISIBILITY]);
    gen_count(c, "lightdata", len[L_LIGHTING]);
    gen_count(c, "hdr_lightdata", len[L_LIGHTING_HDR]);
    gen_count(c, "entdata", len[L_ENTITIES]);
    gen_count(c, "clusters", w->nclusters);

    for (i = 0; i < NUM_LUMPS; i++) {
        gbuf_free(&L[i]);
        gbuf_free(&S[i]);
    }
    gbuf_free(&file);
}
