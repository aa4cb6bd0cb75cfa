/* SPDX-License-Identifier: MIT */
/* quake2_writer.c - a gen_view as a Quake 2 map (IBSP version 38).
 *
 * Header "IBSP", int32 38, 19 lumps {fileofs, filelen}: 0 entities,
 * 1 planes, 2 vertexes, 3 visibility, 4 nodes, 5 texinfo, 6 faces,
 * 7 lighting, 8 leafs, 9 leaffaces, 10 leafbrushes, 11 edges, 12 surfedges,
 * 13 models, 14 brushes, 15 brushsides, 16 pop, 17 areas, 18 areaportals;
 * in the file in 4bsp's order (quake2/mp_lobby.bsp):
 * 1 8 2 4 5 6 14 15 9 10 12 11 13 17 18 7 3 0 16.
 *
 * Records (bytes): plane 20 (f32 normal[3], dist, i32 type); vertex 12;
 * node 28 (i32 plane, i32 children[2], i16 mins[3], maxs[3], u16 firstface,
 * numfaces); texinfo 76 (f32 vecs[2][4], i32 flags, value, char
 * texture[32], i32 nexttexinfo); face 20 (u16 plane, i16 side, i32
 * firstedge, i16 numedges, i16 texinfo, u8 styles[4], i32 lightofs); leaf
 * 28 (i32 contents, i16 cluster, i16 area, i16 mins[3], maxs[3], u16
 * firstleafface, numleaffaces, firstleafbrush, numleafbrushes); leafface
 * and leafbrush u16; edge 4 (u16 v[2]); surfedge 4; model 48 (f32 mins,
 * maxs, origin, i32 headnode, firstface, numfaces); brush 12 (i32
 * firstside, numsides, contents); brushside 4 (u16 plane, i16 texinfo);
 * area 8 (i32 numareaportals, firstareaportal); areaportal 8 (i32
 * portalnum, otherarea). Layouts: id Software's qfiles.h (Quake 2 source
 * release), the same as 4bsp writes.
 *
 * Content: leaves as compiled (contents 0 empty, 1 CONTENTS_SOLID; leaf 0
 * the unreferenced solid one; empty leaves in area 1, area 0 the null
 * area), clusters = rooms, dvis with PVS and PAS rows (vis.c, as Source);
 * lighting 3 bytes per luxel (RGB), styles one after another; the unlit
 * texinfo has SURF_SKY (4); pop is 256 zero bytes as 4bsp writes it.
 *
 * With v->qbism the file is the Quake II re-release's "QBSP" 38 (Qbism;
 * docs/queries.md 13.1, ericw-tools q2_*_qbism_t): the same world with node
 * 44 (i32 plane, children[2], f32 mins[3], maxs[3], u32 firstface,
 * numfaces), face 28 (u32 plane, i32 side, firstedge, numedges, texinfo,
 * u8 styles[4], i32 lightofs), leaf 52 (i32 contents, cluster, area, f32
 * mins[3], maxs[3], u32 firstleafface, numleaffaces, firstleafbrush,
 * numleafbrushes), u32 leaf faces and leaf brushes, edge 8 (u32 v[2]) and
 * brush side 8 (u32 plane, i32 texinfo); the rest as IBSP.
 *
 * As Daikatana (GEN_VAR_DAIKATANA, docs/queries.md 13.4) the file is
 * "IBSP" 41 with 21 lumps: IBSP 38's 19 and their records, then 19, a
 * float rgb[3] per texinfo (made-up colours), and 20, for every plane an
 * int32 count and the indices of the faces on it; the two extra lumps go
 * last in the file.
 */
#include "idtech.h"

#include <stdlib.h>
#include <string.h>

enum {
    Q2_ENTITIES, Q2_PLANES, Q2_VERTEXES, Q2_VISIBILITY, Q2_NODES, Q2_TEXINFO, Q2_FACES, Q2_LIGHTING, Q2_LEAFS,
    Q2_LEAFFACES, Q2_LEAFBRUSHES, Q2_EDGES, Q2_SURFEDGES, Q2_MODELS, Q2_BRUSHES, Q2_BRUSHSIDES, Q2_POP,
    Q2_AREAS, Q2_AREAPORTALS, Q2_NUM_LUMPS, DK_TEXINFO_COLORS = Q2_NUM_LUMPS, DK_PLANE_FACES,
    DK_NUM_LUMPS
};

static const int q2_order[DK_NUM_LUMPS] = {Q2_PLANES, Q2_LEAFS, Q2_VERTEXES, Q2_NODES, Q2_TEXINFO,
                                           Q2_FACES, Q2_BRUSHES, Q2_BRUSHSIDES, Q2_LEAFFACES,
                                           Q2_LEAFBRUSHES, Q2_SURFEDGES, Q2_EDGES, Q2_MODELS, Q2_AREAS,
                                           Q2_AREAPORTALS, Q2_LIGHTING, Q2_VISIBILITY, Q2_ENTITIES, Q2_POP,
                                           DK_TEXINFO_COLORS, DK_PLANE_FACES};

#define Q2_SURF_SKY 0x4

/* Node and leaf bounds: int16 (IBSP) or float (QBSP). */
static void put_bounds(gbuf *b, int wide, const int lo[3], const int hi[3])
{
    int a;
    for (a = 0; a < 6; a++) {
        int x = a < 3 ? lo[a] : hi[a - 3];
        if (wide) gbuf_f32(b, (float)x);
        else gbuf_le16(b, id_s16(x, "bound"));
    }
}

/* An index or count: uint16 / int16 (IBSP) or 32 bits (QBSP). */
static void put_u16w(gbuf *b, int wide, int x, const char *what)
{
    if (wide) gbuf_i32(b, x);
    else gbuf_le16(b, id_u16(x, what));
}
static void put_s16w(gbuf *b, int wide, int x, const char *what)
{
    if (wide) gbuf_i32(b, x);
    else gbuf_le16(b, id_s16(x, what));
}

void q2_write(const gen_view *v, const char *path, gen_counts *c)
{
    const gen_world *w = v->w;
    gbuf L[DK_NUM_LUMPS];
    static const unsigned char ibsp[8] = {'I', 'B', 'S', 'P', 38, 0, 0, 0};
    static const unsigned char qbsp[8] = {'Q', 'B', 'S', 'P', 38, 0, 0, 0};
    static const unsigned char dk[8] = {'I', 'B', 'S', 'P', 41, 0, 0, 0};
    const int wide = v->variant == GEN_VAR_QBISM, daikatana = v->variant == GEN_VAR_DAIKATANA;
    const int nlumps = daikatana ? DK_NUM_LUMPS : Q2_NUM_LUMPS;
    int *lightofs = calloc((size_t)w->nfaces + 1, sizeof *lightofs);
    int i, a;
    if (!lightofs) gen_die("out of memory");
    if (v->family != GEN_FAM_QUAKE2) gen_die("q2_write: family %d", v->family);
    memset(L, 0, sizeof L);

    id_entities(w, v->family, &L[Q2_ENTITIES]);
    for (i = 0; i < w->nplanes; i++) {
        for (a = 0; a < 3; a++) gbuf_f32(&L[Q2_PLANES], w->planes[i].normal[a]);
        gbuf_f32(&L[Q2_PLANES], w->planes[i].dist);
        gbuf_i32(&L[Q2_PLANES], w->planes[i].type);
    }
    for (i = 0; i < w->nverts; i++)
        for (a = 0; a < 3; a++) gbuf_f32(&L[Q2_VERTEXES], (float)w->verts[i][a]);
    if (v->vis) gen_vis_lump(w, &L[Q2_VISIBILITY]);
    for (i = 0; i < w->nnodes; i++) {
        const gen_node *n = &w->nodes[i];
        int lo[3], hi[3];
        gbuf_i32(&L[Q2_NODES], n->plane);
        gbuf_i32(&L[Q2_NODES], id_child(v, n->child[0]));
        gbuf_i32(&L[Q2_NODES], id_child(v, n->child[1]));
        id_node_bounds(v, i, lo, hi);
        put_bounds(&L[Q2_NODES], wide, lo, hi);
        put_u16w(&L[Q2_NODES], wide, n->firstface, "node firstface");
        put_u16w(&L[Q2_NODES], wide, n->numfaces, "node numfaces");
    }
    for (i = 0; i < gen_num_qk_texinfos; i++) {
        float vecs[2][4];
        char name[32];
        int t = i == GEN_QK_ODD_TEXINFO ? 0 : i;
        gen_qk_vecs(i, vecs);
        for (a = 0; a < 8; a++) gbuf_f32(&L[Q2_TEXINFO], vecs[a / 4][a % 4]);
        gbuf_i32(&L[Q2_TEXINFO], (gen_texinfos[t].flags & GEN_SURF_NOLIGHT) ? Q2_SURF_SKY : 0);
        gbuf_i32(&L[Q2_TEXINFO], 0); /* value */
        memset(name, 0, sizeof name);
        id_texture_name(gen_texinfos[t].texdata, name, sizeof name);
        gbuf_put(&L[Q2_TEXINFO], name, sizeof name);
        gbuf_i32(&L[Q2_TEXINFO], -1); /* nexttexinfo */
    }
    for (i = 0; i < w->nfaces; i++) {
        const gen_face *fc = &w->faces[i];
        const gen_qlm *q = &v->qlm[i];
        int slot, x, y;
        lightofs[i] = -1;
        if (!fc->nstyles) continue;
        lightofs[i] = (int)L[Q2_LIGHTING].len;
        for (slot = 0; slot < fc->nstyles; slot++)
            for (y = 0; y < q->h; y++)
                for (x = 0; x < q->w; x++) {
                    unsigned char s[4];
                    int n = gen_view_sample(v, 0, i, slot, x, y, s);
                    gbuf_put(&L[Q2_LIGHTING], s, (size_t)n);
                }
    }
    for (i = 0; i < w->nfaces; i++) {
        const gen_face *fc = &w->faces[i];
        put_u16w(&L[Q2_FACES], wide, fc->plane, "face plane");
        if (wide) gbuf_i32(&L[Q2_FACES], fc->side);
        else gbuf_le16(&L[Q2_FACES], (unsigned)fc->side);
        gbuf_i32(&L[Q2_FACES], fc->firstedge);
        put_s16w(&L[Q2_FACES], wide, fc->numedges, "numedges");
        put_s16w(&L[Q2_FACES], wide, v->face_texinfo[i], "texinfo");
        gbuf_put(&L[Q2_FACES], fc->styles, 4);
        gbuf_i32(&L[Q2_FACES], lightofs[i]);
    }
    for (i = 0; i < v->nleaves; i++) {
        const gen_leaf *lf = &w->leaves[v->leaf_src[i]];
        int lo[3], hi[3];
        gbuf_i32(&L[Q2_LEAFS], v->leaf_contents[i]);
        put_s16w(&L[Q2_LEAFS], wide, v->leaf_cluster[i], "cluster");
        put_u16w(&L[Q2_LEAFS], wide, v->leaf_cluster[i] >= 0 ? gen_room_area(w->desc, v->leaf_cluster[i]) : 0, "area");
        id_leaf_bounds(v, i, lo, hi);
        put_bounds(&L[Q2_LEAFS], wide, lo, hi);
        put_u16w(&L[Q2_LEAFS], wide, lf->firstleafface, "firstleafface");
        put_u16w(&L[Q2_LEAFS], wide, lf->numleaffaces, "numleaffaces");
        put_u16w(&L[Q2_LEAFS], wide, lf->firstleafbrush, "firstleafbrush");
        put_u16w(&L[Q2_LEAFS], wide, lf->numleafbrushes, "numleafbrushes");
    }
    for (i = 0; i < w->nleaffaces; i++) put_u16w(&L[Q2_LEAFFACES], wide, w->leaffaces[i], "leafface");
    for (i = 0; i < w->nleafbrushes; i++) put_u16w(&L[Q2_LEAFBRUSHES], wide, w->leafbrushes[i], "leafbrush");
    for (i = 0; i < w->nedges; i++) {
        put_u16w(&L[Q2_EDGES], wide, w->edges[i][0], "vertex index");
        put_u16w(&L[Q2_EDGES], wide, w->edges[i][1], "vertex index");
    }
    for (i = 0; i < w->nsurfedges; i++) gbuf_i32(&L[Q2_SURFEDGES], w->surfedges[i]);
    for (i = 0; i < w->nmodels; i++) {
        const gen_model *m = &w->models[i];
        for (a = 0; a < 3; a++) gbuf_f32(&L[Q2_MODELS], (float)m->box.lo[a]);
        for (a = 0; a < 3; a++) gbuf_f32(&L[Q2_MODELS], (float)m->box.hi[a]);
        for (a = 0; a < 3; a++) gbuf_f32(&L[Q2_MODELS], 0.0f);
        gbuf_i32(&L[Q2_MODELS], m->headnode);
        gbuf_i32(&L[Q2_MODELS], m->firstface);
        gbuf_i32(&L[Q2_MODELS], m->numfaces);
    }
    for (i = 0; i < w->nbrushes; i++) {
        gbuf_i32(&L[Q2_BRUSHES], w->brushes[i].firstside);
        gbuf_i32(&L[Q2_BRUSHES], w->brushes[i].numsides);
        gbuf_i32(&L[Q2_BRUSHES], 1); /* CONTENTS_SOLID */
    }
    for (i = 0; i < w->nsides; i++) {
        put_u16w(&L[Q2_BRUSHSIDES], wide, w->sides[i].plane, "brushside plane");
        put_s16w(&L[Q2_BRUSHSIDES], wide, w->sides[i].texinfo, "brushside texinfo");
    }
    gbuf_zero(&L[Q2_POP], 256);
    for (i = 0; i <= gen_num_areas(w->desc); i++) { /* area 0: the null area */
        int first, num;
        gen_area_portals(w->desc, i, &first, &num);
        gbuf_i32(&L[Q2_AREAS], num);
        gbuf_i32(&L[Q2_AREAS], first);
    }
    for (i = 0; i < gen_num_portal_records(w->desc); i++) { /* portal 0 is never used */
        int key, other;
        gen_portal_record(w->desc, i, &key, &other);
        gbuf_i32(&L[Q2_AREAPORTALS], key);
        gbuf_i32(&L[Q2_AREAPORTALS], other);
    }

    if (daikatana) {
        for (i = 0; i < gen_num_qk_texinfos; i++) {   /* emissive colours */
            gbuf_f32(&L[DK_TEXINFO_COLORS], (float)i / 8.0f);
            gbuf_f32(&L[DK_TEXINFO_COLORS], 0.5f);
            gbuf_f32(&L[DK_TEXINFO_COLORS], 1.0f);
        }
        for (i = 0; i < w->nplanes; i++) {
            int n = 0, f;
            for (f = 0; f < w->nfaces; f++) n += w->faces[f].plane == i;
            gbuf_i32(&L[DK_PLANE_FACES], n);
            for (f = 0; f < w->nfaces; f++)
                if (w->faces[f].plane == i) gbuf_i32(&L[DK_PLANE_FACES], f);
        }
    }
    id_assemble(wide ? qbsp : daikatana ? dk : ibsp, 8, L, nlumps, q2_order, path);

    c->n = 0;
    gen_count(c, "models", w->nmodels);
    gen_count(c, "brushes", w->nbrushes);
    gen_count(c, "brushsides", w->nsides);
    gen_count(c, "planes", w->nplanes);
    gen_count(c, "vertexes", w->nverts);
    gen_count(c, "nodes", w->nnodes);
    gen_count(c, "texinfos", gen_num_qk_texinfos);
    gen_count(c, "faces", w->nfaces);
    gen_count(c, "leaves", v->nleaves);
    gen_count(c, "leaffaces", w->nleaffaces);
    gen_count(c, "leafbrushes", w->nleafbrushes);
    gen_count(c, "edges", w->nedges);
    gen_count(c, "surfedges", w->nsurfedges);
    gen_count(c, "pop", (long)L[Q2_POP].len);
    gen_count(c, "areas", gen_num_areas(w->desc) + 1);
    gen_count(c, "areaportals", gen_num_portal_records(w->desc));
    gen_count(c, "visdata", (long)L[Q2_VISIBILITY].len);
    gen_count(c, "lightdata", (long)L[Q2_LIGHTING].len);
    gen_count(c, "entdata", (long)L[Q2_ENTITIES].len);
    gen_count(c, "clusters", v->nclusters);
    if (daikatana) {
        gen_count(c, "texinfo_colors", gen_num_qk_texinfos);
        gen_count(c, "plane_faces", (long)L[DK_PLANE_FACES].len);   /* bytes */
    }
    for (i = 0; i < DK_NUM_LUMPS; i++) gbuf_free(&L[i]);
    free(lightofs);
}
