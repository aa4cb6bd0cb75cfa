/* SPDX-License-Identifier: MIT */
/* quake_writer.c - a gen_view as a Quake (v29), GoldSrc (v30), BSP2 or
 * 2PSB (BSP2-RMQ) map.
 *
 * Header: int32 version 29/30 or the magic "BSP2"/"2PSB", then 15 lumps
 * {fileofs, filelen}: 0 entities, 1 planes, 2 textures, 3 vertexes,
 * 4 visibility, 5 nodes, 6 texinfo, 7 faces, 8 lighting, 9 clipnodes,
 * 10 leafs, 11 marksurfaces, 12 edges, 13 surfedges, 14 models; in the
 * file in qbsp's order (quake/mp_lobby.bsp, the goldsrc maps, bsp2/mp_lobby.bsp):
 * 1 10 3 5 6 7 9 11 13 12 14 8 4 0 2.
 *
 * Records (bytes)            v29/v30            2PSB             BSP2
 *   node                     24: i32 plane,     32: i32 plane,   44: i32 plane,
 *                            i16 child[2],      i32 child[2],    i32 child[2],
 *                            i16 mins/maxs[3],  i16 mins/maxs,   f32 mins/maxs,
 *                            u16 firstface/num  u32 firstface/num u32 firstface/num
 *   leaf                     28: i32 contents,  32: as v29 with  44: as v29 with
 *                            i32 visofs, i16    u32 firstmark-   f32 bounds and
 *                            mins/maxs[3], u16  surface/num      u32 firstmark-
 *                            firstmarksurface,                   surface/num
 *                            nummarksurfaces,
 *                            u8 ambient[4]
 *   face                     20: i16 plane,     28: i32 plane, side, firstedge,
 *                            i16 side, i32      numedges, texinfo, u8 styles[4],
 *                            firstedge, i16     i32 lightofs
 *                            numedges, i16
 *                            texinfo, u8
 *                            styles[4], i32
 *                            lightofs
 *   clipnode                 8: i32 plane,      12: i32 plane, i32 child[2]
 *                            i16 child[2]
 *   edge                     4: u16 v[2]        8: u32 v[2]
 *   marksurface              2: u16             4: u32
 * and for all: plane 20 (f32 normal[3], dist, i32 type), vertex 12,
 * texinfo 40 (f32 vecs[2][4], i32 miptex, flags), surfedge 4, model 64
 * (f32 mins, maxs, origin, i32 headnode[4], visleafs, firstface, numfaces).
 * BSP2/2PSB layouts: ericw-tools common/bspfile.h (bsp2_dnode_t,
 * bsp2rmq_dnode_t, bsp2_dleaf_t, bsp2rmq_dleaf_t, bsp2_dface_t,
 * bsp2_dclipnode_t, bsp2_dedge_t); 2PSB is BSP2RMQVERSION
 * ('B'<<24 | 'S'<<16 | 'P'<<8 | '2') stored little-endian.
 *
 * Content: leaf 0 is the solid leaf every solid region points at (child
 * -1); visleafs leaves follow, their PVS rows run-length compressed (odd
 * rows with a final zero run that overruns the row by 3 bytes, as vis.c
 * does for Source), then the door's empty leaves (visofs -1). Without vis
 * data every leaf's visofs is -1. Lighting: 1 byte per luxel (quake, BSP2)
 * or 3 (goldsrc), each lit face's styles one after another, W * H luxels
 * each, lightofs in bytes. The clipnode hulls 1 and 2 share one tree: the
 * node tree with each leaf replaced by its contents (-1 empty, -2 solid),
 * not expanded by a player's box; headnode[3] is 0. Textures: 16x16 miptex
 * with their 4 mip levels (quake, BSP2); goldsrc embeds the first with its
 * palette (u16 256, 768 bytes RGB, 2 bytes padding) and names the others
 * only (offsets 0: from a WAD). The unlit texinfo has TEX_SPECIAL (1).
 *
 * As Quake 64 (GEN_VAR_QUAKE64, docs/queries.md 13.4) the file starts with
 * the bytes " 46Q" instead of the version and each miptex header is 44
 * bytes: name[16], u32 width, height, shift (a made-up 2 here), then the
 * four mip offsets, the pixels after the header as in Quake.
 *
 * As Hexen II (GEN_VAR_HEXEN2, docs/queries.md 13.4) each model is 80
 * bytes: headnode[8], hulls 1 to 5 the same clipnode tree, 6 and 7 zero
 * (2 models: 160 bytes, which 64 does not divide). GEN_VAR_HEXEN2_640 and
 * GEN_VAR_QUAKE_640 repeat the last model until the lump is 640 bytes (8
 * Hexen II models, 10 Quake ones), the case 13.4 tells by plausibility.
 */
#include "idtech.h"

#include <stdlib.h>
#include <string.h>

enum {
    Q_ENTITIES, Q_PLANES, Q_TEXTURES, Q_VERTEXES, Q_VISIBILITY, Q_NODES, Q_TEXINFO, Q_FACES, Q_LIGHTING,
    Q_CLIPNODES, Q_LEAFS, Q_MARKSURFACES, Q_EDGES, Q_SURFEDGES, Q_MODELS, Q_NUM_LUMPS
};

static const int qbsp_order[Q_NUM_LUMPS] = {Q_PLANES, Q_LEAFS, Q_VERTEXES, Q_NODES, Q_TEXINFO,
                                            Q_FACES, Q_CLIPNODES, Q_MARKSURFACES, Q_SURFEDGES, Q_EDGES,
                                            Q_MODELS, Q_LIGHTING, Q_VISIBILITY, Q_ENTITIES, Q_TEXTURES};

static const char *const miptex_names[3] = {"dev_measure01", "concretefloor01", "toolsnodraw"};

#define TEX_SPECIAL 1
#define MIP_SIZE 16

/* 16-bit fields for v29/v30, 32-bit for the BSP2 kinds */
typedef struct {
    int wide;    /* BSP2 or 2PSB */
    int fbounds; /* BSP2: float bounds */
} qk_form;

static void put_index(gbuf *b, const qk_form *k, long v, const char *what)
{
    if (k->wide) {
        if (v < 0) gen_die("%s %ld is negative", what, v);
        gbuf_le32(b, (uint32_t)v);
    } else {
        gbuf_le16(b, id_u16(v, what));
    }
}

static void put_child(gbuf *b, const qk_form *k, long v)
{
    if (k->wide) gbuf_i32(b, (int32_t)v);
    else gbuf_le16(b, id_s16(v, "child"));
}

static void put_bounds(gbuf *b, const qk_form *k, const int lo[3], const int hi[3])
{
    int a;
    for (a = 0; a < 6; a++) {
        int x = a < 3 ? lo[a] : hi[a - 3];
        if (k->fbounds) gbuf_f32(b, (float)x);
        else gbuf_le16(b, id_s16(x, "bound"));
    }
}

static void build_textures(int goldsrc, int quake64, gbuf *b)
{
    int t, k, lvl, header = quake64 ? 44 : 40;
    size_t base;
    gbuf_i32(b, 3);
    base = b->len;
    gbuf_zero(b, 3 * 4);
    for (t = 0; t < 3; t++) {
        int embed = !goldsrc || t == 0;
        size_t at = b->len;
        char name[16];
        memset(name, 0, sizeof name);
        strcpy(name, miptex_names[t]);
        gbuf_set_le32(b, base + 4 * (size_t)t, (uint32_t)at); /* from the lump's start */
        gbuf_put(b, name, 16);
        gbuf_le32(b, MIP_SIZE);
        gbuf_le32(b, MIP_SIZE);
        if (quake64) gbuf_le32(b, 2); /* shift */
        for (lvl = 0, k = header; lvl < 4; lvl++) {
            gbuf_le32(b, embed ? (uint32_t)k : 0u);
            k += (MIP_SIZE >> lvl) * (MIP_SIZE >> lvl);
        }
        if (!embed) continue;
        for (lvl = 0; lvl < 4; lvl++) {
            int n = MIP_SIZE >> lvl, i, j;
            for (j = 0; j < n; j++)
                for (i = 0; i < n; i++) gbuf_u8(b, (unsigned)(((i ^ j) + 16 * t + lvl) & 0xff));
        }
        if (goldsrc) { /* the texture's own palette */
            gbuf_le16(b, 256);
            for (k = 0; k < 256; k++) {
                gbuf_u8(b, (unsigned)k);
                gbuf_u8(b, (unsigned)(255 - k));
                gbuf_u8(b, (unsigned)((k * 3) & 0xff));
            }
            gbuf_zero(b, 2);
        }
    }
}

static void build_lighting(const gen_view *v, gbuf *b, int *lightofs)
{
    const gen_world *w = v->w;
    int f;
    for (f = 0; f < w->nfaces; f++) {
        const gen_face *fc = &w->faces[f];
        const gen_qlm *q = &v->qlm[f];
        int slot, i, j;
        if (!fc->nstyles) {
            lightofs[f] = -1;
            continue;
        }
        lightofs[f] = (int)b->len;
        for (slot = 0; slot < fc->nstyles; slot++)
            for (j = 0; j < q->h; j++)
                for (i = 0; i < q->w; i++) {
                    unsigned char s[4];
                    int n = gen_view_sample(v, 0, f, slot, i, j, s);
                    gbuf_put(b, s, (size_t)n);
                }
    }
}

/* The node tree again with leaves replaced by their contents. */
static int clip_child(const gen_view *v, int child)
{
    if (child >= 0) return child;
    return v->w->leaves[-1 - child].contents == GEN_CONTENTS_EMPTY ? -1 : -2;
}

void qk_write(const gen_view *v, const char *path, gen_counts *c)
{
    const gen_world *w = v->w;
    gbuf L[Q_NUM_LUMPS];
    qk_form k;
    unsigned char prefix[4];
    int *visofs = calloc((size_t)v->nleaves + 1, sizeof *visofs);
    int *lightofs = calloc((size_t)w->nfaces + 1, sizeof *lightofs);
    int i, a, cl, nmark = 0, ntex = gen_num_qk_texinfos, hexen2, nmodels;
    int goldsrc = v->family == GEN_FAM_GOLDSRC;
    if (!visofs || !lightofs) gen_die("out of memory");
    memset(L, 0, sizeof L);
    memset(&k, 0, sizeof k);
    k.wide = v->family == GEN_FAM_BSP2 || v->family == GEN_FAM_BSP2RMQ;
    k.fbounds = v->family == GEN_FAM_BSP2;
    switch (v->family) {
    case GEN_FAM_QUAKE:
        if (v->variant == GEN_VAR_QUAKE64) gbuf_put(&L[0], " 46Q", 4);
        else gbuf_le32(&L[0], 29);
        break;
    case GEN_FAM_GOLDSRC: gbuf_le32(&L[0], 30); break;
    case GEN_FAM_BSP2: gbuf_put(&L[0], "BSP2", 4); break;
    case GEN_FAM_BSP2RMQ: gbuf_put(&L[0], "2PSB", 4); break;
    default: gen_die("qk_write: family %d", v->family);
    }
    memcpy(prefix, L[0].data, 4);
    gbuf_free(&L[0]);

    id_entities(w, v->family, &L[Q_ENTITIES]);
    for (i = 0; i < w->nplanes; i++) {
        for (a = 0; a < 3; a++) gbuf_f32(&L[Q_PLANES], w->planes[i].normal[a]);
        gbuf_f32(&L[Q_PLANES], w->planes[i].dist);
        gbuf_i32(&L[Q_PLANES], w->planes[i].type);
    }
    build_textures(goldsrc, v->variant == GEN_VAR_QUAKE64, &L[Q_TEXTURES]);
    for (i = 0; i < w->nverts; i++)
        for (a = 0; a < 3; a++) gbuf_f32(&L[Q_VERTEXES], (float)w->verts[i][a]);

    /* visibility: one compressed row per visleaf */
    for (i = 0; i < v->nleaves; i++) visofs[i] = -1;
    if (v->vis)
        for (cl = 0; cl < v->nclusters; cl++) {
            int leaf = v->world_first + cl;
            if (v->leaf_allvis[leaf]) continue;
            visofs[leaf] = (int)L[Q_VISIBILITY].len;
            gen_vis_rle(v->pvs + (size_t)cl * (size_t)v->rowbytes, v->rowbytes, (cl & 1) ? 3 : 0,
                        &L[Q_VISIBILITY]);
        }

    for (i = 0; i < w->nnodes; i++) {
        const gen_node *n = &w->nodes[i];
        int lo[3], hi[3];
        gbuf_i32(&L[Q_NODES], n->plane);
        put_child(&L[Q_NODES], &k, id_child(v, n->child[0]));
        put_child(&L[Q_NODES], &k, id_child(v, n->child[1]));
        id_node_bounds(v, i, lo, hi);
        put_bounds(&L[Q_NODES], &k, lo, hi);
        put_index(&L[Q_NODES], &k, n->firstface, "node firstface");
        put_index(&L[Q_NODES], &k, n->numfaces, "node numfaces");
    }
    for (i = 0; i < ntex; i++) {
        float vecs[2][4];
        int t = i == GEN_QK_ODD_TEXINFO ? 0 : i;
        gen_qk_vecs(i, vecs);
        for (a = 0; a < 8; a++) gbuf_f32(&L[Q_TEXINFO], vecs[a / 4][a % 4]);
        gbuf_i32(&L[Q_TEXINFO], gen_texinfos[t].texdata);
        gbuf_i32(&L[Q_TEXINFO], (gen_texinfos[t].flags & GEN_SURF_NOLIGHT) ? TEX_SPECIAL : 0);
    }
    build_lighting(v, &L[Q_LIGHTING], lightofs);
    for (i = 0; i < w->nfaces; i++) {
        const gen_face *fc = &w->faces[i];
        gbuf *b = &L[Q_FACES];
        if (k.wide) {
            gbuf_i32(b, fc->plane);
            gbuf_i32(b, fc->side);
            gbuf_i32(b, fc->firstedge);
            gbuf_i32(b, fc->numedges);
            gbuf_i32(b, v->face_texinfo[i]);
        } else {
            gbuf_le16(b, id_s16(fc->plane, "face plane"));
            gbuf_le16(b, (unsigned)fc->side);
            gbuf_i32(b, fc->firstedge);
            gbuf_le16(b, id_s16(fc->numedges, "numedges"));
            gbuf_le16(b, id_s16(v->face_texinfo[i], "texinfo"));
        }
        gbuf_put(b, fc->styles, 4);
        gbuf_i32(b, lightofs[i]);
    }
    for (i = 0; i < w->nnodes; i++) {
        const gen_node *n = &w->nodes[i];
        gbuf_i32(&L[Q_CLIPNODES], n->plane);
        put_child(&L[Q_CLIPNODES], &k, clip_child(v, n->child[0]));
        put_child(&L[Q_CLIPNODES], &k, clip_child(v, n->child[1]));
    }
    for (i = 0; i < v->nleaves; i++) {
        const gen_leaf *lf = &w->leaves[v->leaf_src[i]];
        int lo[3], hi[3], first = nmark, m;
        if (i != 0)
            for (m = 0; m < lf->numleaffaces; m++) {
                put_index(&L[Q_MARKSURFACES], &k, w->leaffaces[lf->firstleafface + m], "marksurface");
                nmark++;
            }
        gbuf_i32(&L[Q_LEAFS], v->leaf_contents[i]);
        gbuf_i32(&L[Q_LEAFS], visofs[i]);
        id_leaf_bounds(v, i, lo, hi);
        put_bounds(&L[Q_LEAFS], &k, lo, hi);
        put_index(&L[Q_LEAFS], &k, first, "firstmarksurface");
        put_index(&L[Q_LEAFS], &k, nmark - first, "nummarksurfaces");
        gbuf_zero(&L[Q_LEAFS], 4); /* ambient levels */
    }
    for (i = 0; i < w->nedges; i++) {
        put_index(&L[Q_EDGES], &k, w->edges[i][0], "vertex index");
        put_index(&L[Q_EDGES], &k, w->edges[i][1], "vertex index");
    }
    for (i = 0; i < w->nsurfedges; i++) gbuf_i32(&L[Q_SURFEDGES], w->surfedges[i]);
    hexen2 = v->variant == GEN_VAR_HEXEN2 || v->variant == GEN_VAR_HEXEN2_640;
    nmodels = v->variant == GEN_VAR_HEXEN2_640 ? 8 : v->variant == GEN_VAR_QUAKE_640 ? 10 : w->nmodels;
    for (i = 0; i < nmodels; i++) {
        /* (the 640-byte files: the last model again until there are 8 or 10) */
        const gen_model *m = &w->models[i < w->nmodels ? i : w->nmodels - 1];
        int h;
        for (a = 0; a < 3; a++) gbuf_f32(&L[Q_MODELS], (float)m->box.lo[a]);
        for (a = 0; a < 3; a++) gbuf_f32(&L[Q_MODELS], (float)m->box.hi[a]);
        for (a = 0; a < 3; a++) gbuf_f32(&L[Q_MODELS], 0.0f);
        /* hull 0 (nodes), 1 and 2 (clipnodes; Hexen II: 1 to 5), then 0 */
        for (h = 0; h < (hexen2 ? 8 : 4); h++) gbuf_i32(&L[Q_MODELS], h < (hexen2 ? 6 : 3) ? m->headnode : 0);
        gbuf_i32(&L[Q_MODELS], i != 0 ? v->door_count : v->world_count); /* visleafs */
        gbuf_i32(&L[Q_MODELS], m->firstface);
        gbuf_i32(&L[Q_MODELS], m->numfaces);
    }

    id_assemble(prefix, 4, L, Q_NUM_LUMPS, qbsp_order, path);

    c->n = 0;
    gen_count(c, "models", nmodels);
    gen_count(c, "planes", w->nplanes);
    gen_count(c, "vertexes", w->nverts);
    gen_count(c, "nodes", w->nnodes);
    gen_count(c, "texinfos", ntex);
    gen_count(c, "faces", w->nfaces);
    gen_count(c, "clipnodes", w->nnodes);
    gen_count(c, "leaves", v->nleaves);
    gen_count(c, "marksurfaces", nmark);
    gen_count(c, "edges", w->nedges);
    gen_count(c, "surfedges", w->nsurfedges);
    gen_count(c, "textures", (long)L[Q_TEXTURES].len);
    gen_count(c, "visdata", (long)L[Q_VISIBILITY].len);
    gen_count(c, "lightdata", (long)L[Q_LIGHTING].len);
    gen_count(c, "entdata", (long)L[Q_ENTITIES].len);
    gen_count(c, "clusters", v->nclusters);
    for (i = 0; i < Q_NUM_LUMPS; i++) gbuf_free(&L[i]);
    free(visofs);
    free(lightofs);
}
