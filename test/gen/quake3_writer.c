/* SPDX-License-Identifier: MIT */
/* quake3_writer.c - a gen_view as a Quake 3 map (IBSP version 46, or 47
 * with v->variant GEN_VAR_Q3V47_*: see the end of this comment).
 *
 * Header "IBSP", int32 46, 17 lumps {fileofs, filelen}: 0 entities,
 * 1 shaders, 2 planes, 3 nodes, 4 leafs, 5 leafsurfaces, 6 leafbrushes,
 * 7 models, 8 brushes, 9 brushsides, 10 drawverts, 11 drawindexes, 12 fogs,
 * 13 surfaces, 14 lightmaps, 15 lightgrid, 16 visibility; in the file in
 * q3map2's order (quake3/mp_lobby.bsp): 1 2 4 3 8 9 5 6 7 10 13 16 14 15 0
 * 11 12.
 *
 * Records (bytes): shader 72 (char name[64], i32 surfaceFlags,
 * contentFlags); plane 16 (f32 normal[3], dist); node 36 (i32 plane,
 * children[2], mins[3], maxs[3]); leaf 48 (i32 cluster, area, mins[3],
 * maxs[3], firstLeafSurface, numLeafSurfaces, firstLeafBrush,
 * numLeafBrushes); leafsurface and leafbrush i32; model 40 (f32 mins[3],
 * maxs[3], i32 firstSurface, numSurfaces, firstBrush, numBrushes); brush 12
 * (i32 firstSide, numSides, shaderNum); brushside 8 (i32 planeNum,
 * shaderNum); drawvert 44 (f32 xyz[3], st[2], lightmap[2], normal[3], u8
 * color[4]); drawindex i32; surface 104 (i32 shaderNum, fogNum,
 * surfaceType, firstVert, numVerts, firstIndex, numIndexes, lightmapNum,
 * lightmapX, lightmapY, lightmapWidth, lightmapHeight, f32
 * lightmapOrigin[3], lightmapVecs[3][3], i32 patchWidth, patchHeight);
 * visibility: i32 numClusters, i32 bytesPerCluster, then the rows
 * uncompressed. Layouts: id Software's qfiles.h (Quake III Arena source
 * release); bytesPerCluster = ((numClusters + 63) & ~63) >> 3 as q3map2's
 * vis computes it (8 for up to 64 clusters: the rows carry zero padding).
 *
 * Content: the world's nodes and leaves only (brush models have no tree in
 * Quake 3; node 0 is the world's head), leaf 0 the unreferenced solid one;
 * solid leaves have cluster -1, area -1, empty ones area 0. Unlit (the view
 * has no q3l): each face is a planar surface (type 1) of 4 drawverts and 6
 * indexes, lightmapNum -1, and no lightmaps or light grid are written; lit:
 * the surfaces, pages, grid and worldspawn keys of q3light.c. No fogs.
 *
 * IBSP 47 (docs/queries.md 13.2; records as 46): GEN_VAR_Q3V47_RTCW writes 17
 * entries with the shaders from byte 144 and a last surface of type 5
 * (MST_FOLIAGE: no vertices, lightmap page 0, referenced by no leaf or
 * model); GEN_VAR_Q3V47_QL 18 entries, lump 17 two 128-byte advert records
 * (i32 cellId, f32 normal[3], rect[4][3], char model[64]) written last;
 * GEN_VAR_Q3V47_BADADS 18 entries whose 18th is 100 bytes.
 *
 * RBSP 1 and FBSP 1 (GEN_VAR_RAVEN, _DARK, GEN_VAR_QFUSION; docs/queries.md
 * 13.3): 18 entries, lump 17 the light array (uint16 a cell); brushside 12
 * (i32 planeNum, shaderNum, drawSurfNum); drawvert 80 (f32 xyz[3], st[2],
 * lightmap[4][2], normal[3], u8 color[4][4]); surface 148 (i32 shaderNum,
 * fogNum, surfaceType, firstVert, numVerts, firstIndex, numIndexes, u8
 * lightmapStyles[4], vertexStyles[4], i32 lightmapNum[4], lightmapX[4],
 * lightmapY[4], lightmapWidth, lightmapHeight, f32 lightmapOrigin[3],
 * lightmapVecs[3][3], i32 patchWidth, patchHeight); lump 15 30-byte points
 * (q3light.c). Slots 1-3 carry other coordinates and pages that no slot-0
 * reader may take.
 */
#include "idtech.h"
#include "q3light.h"

#include <stdlib.h>
#include <string.h>

enum {
    Q3_ENTITIES, Q3_SHADERS, Q3_PLANES, Q3_NODES, Q3_LEAFS, Q3_LEAFSURFACES, Q3_LEAFBRUSHES, Q3_MODELS,
    Q3_BRUSHES, Q3_BRUSHSIDES, Q3_DRAWVERTS, Q3_DRAWINDEXES, Q3_FOGS, Q3_SURFACES, Q3_LIGHTMAPS,
    Q3_LIGHTGRID, Q3_VISIBILITY, Q3_NUM_LUMPS, Q3_ADVERTS = Q3_NUM_LUMPS
};

static const int q3_order[Q3_NUM_LUMPS + 1] = {Q3_SHADERS, Q3_PLANES, Q3_LEAFS, Q3_NODES, Q3_BRUSHES,
                                           Q3_BRUSHSIDES, Q3_LEAFSURFACES, Q3_LEAFBRUSHES, Q3_MODELS,
                                           Q3_DRAWVERTS, Q3_SURFACES, Q3_VISIBILITY, Q3_LIGHTMAPS,
                                           Q3_LIGHTGRID, Q3_ENTITIES, Q3_DRAWINDEXES, Q3_FOGS, Q3_ADVERTS};

#define Q3_SURF_NODRAW 0x80
#define Q3_CONTENTS_SOLID 1
#define Q3_MST_PLANAR 1

/* Surface f: the lit description, or a planar quad without a lightmap. */
static void surface_of(const gen_view *v, int f, gen_q3surf *s)
{
    int vi[4], k, a;
    if (v->q3l) {
        *s = v->q3l->surf[f];
        return;
    }
    memset(s, 0, sizeof *s);
    id_face_verts(v->w, f, vi);
    s->type = Q3_MST_PLANAR;
    s->page = -1;
    s->nverts = 4;
    for (k = 0; k < 4; k++)
        for (a = 0; a < 3; a++) s->xyz[k][a] = (float)v->w->verts[vi[k]][a];
    s->nindexes = 6;
    for (k = 0; k < 6; k++) s->idx[k] = "\0\1\2\0\2\3"[k];
}

/* The brushes of a model are contiguous (brushes follow leaf order). */
static void model_brushes(const gen_world *w, int model, int *first, int *count)
{
    int l, k, lo = -1, hi = -1;
    for (l = 1; l < w->nleaves; l++) {
        const gen_leaf *lf = &w->leaves[l];
        if (lf->model != model) continue;
        for (k = 0; k < lf->numleafbrushes; k++) {
            int b = w->leafbrushes[lf->firstleafbrush + k];
            if (lo < 0 || b < lo) lo = b;
            if (b > hi) hi = b;
        }
    }
    *first = lo < 0 ? 0 : lo;
    *count = lo < 0 ? 0 : hi - lo + 1;
}

void q3_write(const gen_view *v, const char *path, gen_counts *c)
{
    const gen_world *w = v->w;
    gbuf L[Q3_NUM_LUMPS + 1];
    unsigned char prefix[8] = {'I', 'B', 'S', 'P', 46, 0, 0, 0};
    int nlumps = v->variant == GEN_VAR_Q3V47_QL || v->variant == GEN_VAR_Q3V47_BADADS ? Q3_NUM_LUMPS + 1 : Q3_NUM_LUMPS;
    int i, a, k, bpc, nls = 0, nlb = 0, fb[3], nb[3], nverts = 0, nindexes = 0;
    int raven = GEN_VAR_IS_RAVEN(v->variant);
    if (v->family != GEN_FAM_QUAKE3) gen_die("q3_write: family %d", v->family);
    memset(L, 0, sizeof L);
    if (v->variant >= GEN_VAR_Q3V47_RTCW && v->variant <= GEN_VAR_Q3V47_BADADS) prefix[4] = 47;
    if (raven) {
        memcpy(prefix, v->variant == GEN_VAR_QFUSION ? "FBSP\1\0\0\0" : "RBSP\1\0\0\0", 8);
        nlumps = Q3_NUM_LUMPS + 1;
    }

    id_entities(w, v->family, &L[Q3_ENTITIES]);
    if (v->q3l && v->q3l->worldspawn) { /* the keys go into the first entity, after its "{" line */
        gbuf t;
        memset(&t, 0, sizeof t);
        gbuf_put(&t, L[Q3_ENTITIES].data, 2);
        gbuf_printf(&t, "%s", v->q3l->worldspawn);
        gbuf_put(&t, L[Q3_ENTITIES].data + 2, L[Q3_ENTITIES].len - 2);
        gbuf_free(&L[Q3_ENTITIES]);
        L[Q3_ENTITIES] = t;
    }
    for (i = 0; i < gen_num_texdata; i++) {
        char name[64];
        memset(name, 0, sizeof name);
        memcpy(name, "textures/", 9);
        id_texture_name(i, name + 9, sizeof name - 9);
        gbuf_put(&L[Q3_SHADERS], name, sizeof name);
        gbuf_i32(&L[Q3_SHADERS], i == 2 ? Q3_SURF_NODRAW : 0);
        gbuf_i32(&L[Q3_SHADERS], Q3_CONTENTS_SOLID);
    }
    for (i = 0; i < w->nplanes; i++) {
        for (a = 0; a < 3; a++) gbuf_f32(&L[Q3_PLANES], w->planes[i].normal[a]);
        gbuf_f32(&L[Q3_PLANES], w->planes[i].dist);
    }
    for (i = 0; i < v->nnodes; i++) {
        const gen_node *n = &w->nodes[i];
        int lo[3], hi[3];
        gbuf_i32(&L[Q3_NODES], n->plane);
        gbuf_i32(&L[Q3_NODES], id_child(v, n->child[0]));
        gbuf_i32(&L[Q3_NODES], id_child(v, n->child[1]));
        id_node_bounds(v, i, lo, hi);
        for (a = 0; a < 3; a++) gbuf_i32(&L[Q3_NODES], lo[a]);
        for (a = 0; a < 3; a++) gbuf_i32(&L[Q3_NODES], hi[a]);
    }
    for (i = 0; i < v->nleaves; i++) {
        const gen_leaf *lf = &w->leaves[v->leaf_src[i]];
        int lo[3], hi[3];
        gbuf_i32(&L[Q3_LEAFS], v->leaf_cluster[i]);
        gbuf_i32(&L[Q3_LEAFS], v->leaf_cluster[i] >= 0 ? gen_room_area(w->desc, v->leaf_cluster[i]) - 1 : -1);
        id_leaf_bounds(v, i, lo, hi);
        for (a = 0; a < 3; a++) gbuf_i32(&L[Q3_LEAFS], lo[a]);
        for (a = 0; a < 3; a++) gbuf_i32(&L[Q3_LEAFS], hi[a]);
        gbuf_i32(&L[Q3_LEAFS], lf->firstleafface);
        gbuf_i32(&L[Q3_LEAFS], lf->numleaffaces);
        gbuf_i32(&L[Q3_LEAFS], lf->firstleafbrush);
        gbuf_i32(&L[Q3_LEAFS], lf->numleafbrushes);
        if (lf->firstleafface + lf->numleaffaces > nls) nls = lf->firstleafface + lf->numleaffaces;
        if (lf->firstleafbrush + lf->numleafbrushes > nlb) nlb = lf->firstleafbrush + lf->numleafbrushes;
    }
    /* the lists of the leaves written (the door's come last) */
    for (i = 0; i < nls; i++) gbuf_i32(&L[Q3_LEAFSURFACES], w->leaffaces[i]);
    for (i = 0; i < nlb; i++) gbuf_i32(&L[Q3_LEAFBRUSHES], w->leafbrushes[i]);
    for (i = 0; i < w->nmodels; i++) {
        const gen_model *m = &w->models[i];
        model_brushes(w, i, &fb[i], &nb[i]);
        for (a = 0; a < 3; a++) gbuf_f32(&L[Q3_MODELS], (float)m->box.lo[a]);
        for (a = 0; a < 3; a++) gbuf_f32(&L[Q3_MODELS], (float)m->box.hi[a]);
        gbuf_i32(&L[Q3_MODELS], m->firstface);
        gbuf_i32(&L[Q3_MODELS], m->numfaces);
        gbuf_i32(&L[Q3_MODELS], fb[i]);
        gbuf_i32(&L[Q3_MODELS], nb[i]);
    }
    for (i = 1; i < w->nmodels; i++)
        if (fb[i - 1] + nb[i - 1] != fb[i]) gen_die("model brushes are not contiguous");
    if (fb[w->nmodels - 1] + nb[w->nmodels - 1] != w->nbrushes) gen_die("model brushes are not contiguous");
    for (i = 0; i < w->nbrushes; i++) {
        gbuf_i32(&L[Q3_BRUSHES], w->brushes[i].firstside);
        gbuf_i32(&L[Q3_BRUSHES], w->brushes[i].numsides);
        gbuf_i32(&L[Q3_BRUSHES], 2); /* the nodraw shader (solid) */
    }
    /* q3map's side order, which the engine's brush bounds rely on (the
     * distances of the first six sides are -x, +x, -y, +y, -z, +z;
     * docs/queries.md 8.3 step 6): world.c writes +a before -a, so each
     * pair of a brush's first six sides is swapped (the ramp's sloped
     * side is its seventh). */
    for (i = 0; i < w->nbrushes; i++) {
        const gen_brush *br = &w->brushes[i];
        if (br->numsides < 6) gen_die("q3: brush %d has fewer than 6 sides", i);
        for (k = 0; k < br->numsides; k++) {
            int si = br->firstside + (k < 6 ? k ^ 1 : k);
            if (i + 1 < w->nbrushes && br->firstside + br->numsides != w->brushes[i + 1].firstside)
                gen_die("q3: brush sides are not in brush order");
            gbuf_i32(&L[Q3_BRUSHSIDES], w->sides[si].plane);
            gbuf_i32(&L[Q3_BRUSHSIDES], 2);
            if (raven) gbuf_i32(&L[Q3_BRUSHSIDES], si % w->nfaces); /* drawSurfNum, in range */
        }
    }
    for (i = 0; i < w->nfaces; i++) {
        const gen_face *fc = &w->faces[i];
        const gen_texinfo *ti = &gen_texinfos[fc->texinfo];
        const gen_plane *pl = &w->planes[fc->plane];
        float sign = fc->side ? -1.0f : 1.0f;
        gen_q3surf s;
        surface_of(v, i, &s);
        for (k = 0; k < s.nverts; k++) {
            const float *p = s.xyz[k];
            for (a = 0; a < 3; a++) gbuf_f32(&L[Q3_DRAWVERTS], p[a]);
            for (a = 0; a < 2; a++) /* texture st: textureVecs over a 256-texel texture */
                gbuf_f32(&L[Q3_DRAWVERTS], (p[0] * ti->tex[a][0] + p[1] * ti->tex[a][1] + p[2] * ti->tex[a][2] +
                                            ti->tex[a][3]) / 256.0f);
            gbuf_f32(&L[Q3_DRAWVERTS], s.lm[k][0]);
            gbuf_f32(&L[Q3_DRAWVERTS], s.lm[k][1]);
            for (a = 2; raven && a < 8; a++) /* slots 1-3: elsewhere on the page */
                gbuf_f32(&L[Q3_DRAWVERTS], 1.0f - s.lm[k][a & 1] * (float)(a / 2) * 0.25f);
            for (a = 0; a < 3; a++) gbuf_f32(&L[Q3_DRAWVERTS], sign * pl->normal[a] + 0.0f);
            gbuf_le32(&L[Q3_DRAWVERTS], 0xffffffffu); /* colour: white, opaque */
            for (a = 1; raven && a < 4; a++) gbuf_le32(&L[Q3_DRAWVERTS], 0x10203040u * (unsigned)a);
        }
        for (k = 0; k < s.nindexes; k++) gbuf_i32(&L[Q3_DRAWINDEXES], s.idx[k]);

        gbuf_i32(&L[Q3_SURFACES], ti->texdata); /* shader */
        gbuf_i32(&L[Q3_SURFACES], -1);          /* no fog */
        gbuf_i32(&L[Q3_SURFACES], s.type);
        gbuf_i32(&L[Q3_SURFACES], nverts);
        gbuf_i32(&L[Q3_SURFACES], s.nverts);
        gbuf_i32(&L[Q3_SURFACES], nindexes);
        gbuf_i32(&L[Q3_SURFACES], s.nindexes);
        if (raven) {
            int st0 = s.page < 0 ? 255 : gen_q3l_style0(v->q3l, i);
            unsigned char styles[8] = {0, 255, 255, 255, 0, 255, 255, 255};
            styles[0] = (unsigned char)st0;
            if (st0 == 0 && i % 2) styles[1] = 3; /* a second slot: page 0, which slot 0 never reads */
            gbuf_put(&L[Q3_SURFACES], styles, 8); /* lightmapStyles[4], vertexStyles[4] */
            gbuf_i32(&L[Q3_SURFACES], s.page);
            gbuf_i32(&L[Q3_SURFACES], styles[1] == 3 ? 0 : -1);
            gbuf_i32(&L[Q3_SURFACES], -1);
            gbuf_i32(&L[Q3_SURFACES], -1);
            gbuf_zero(&L[Q3_SURFACES], 10 * 4); /* lightmapX[4], Y[4], width, height */
        } else {
            gbuf_i32(&L[Q3_SURFACES], s.page); /* lightmapNum */
            gbuf_zero(&L[Q3_SURFACES], 4 * 4); /* lightmap x, y, width, height (q3map2 leaves them 0) */
        }
        gbuf_zero(&L[Q3_SURFACES], 3 * 4); /* lightmapOrigin */
        gbuf_zero(&L[Q3_SURFACES], 6 * 4); /* lightmapVecs[0..1] */
        for (a = 0; a < 3; a++) gbuf_f32(&L[Q3_SURFACES], sign * pl->normal[a] + 0.0f); /* [2]: normal */
        gbuf_i32(&L[Q3_SURFACES], s.type == 2 ? 3 : 0); /* patch size */
        gbuf_i32(&L[Q3_SURFACES], s.type == 2 ? 3 : 0);
        nverts += s.nverts;
        nindexes += s.nindexes;
    }
    if (v->variant == GEN_VAR_Q3V47_RTCW) { /* the foliage surface */
        gbuf_i32(&L[Q3_SURFACES], 0);  /* shader */
        gbuf_i32(&L[Q3_SURFACES], -1); /* no fog */
        gbuf_i32(&L[Q3_SURFACES], 5);  /* MST_FOLIAGE */
        gbuf_i32(&L[Q3_SURFACES], nverts);
        gbuf_zero(&L[Q3_SURFACES], 4); /* numVerts */
        gbuf_i32(&L[Q3_SURFACES], nindexes);
        gbuf_zero(&L[Q3_SURFACES], 4); /* numIndexes */
        gbuf_i32(&L[Q3_SURFACES], 0);  /* lightmapNum: page 0, which foliage does not read */
        gbuf_zero(&L[Q3_SURFACES], 104 - 32);
    }
    if (v->variant == GEN_VAR_Q3V47_QL)
        for (i = 0; i < 2; i++) {
            char model[64];
            gbuf_i32(&L[Q3_ADVERTS], i);
            for (a = 0; a < 3; a++) gbuf_f32(&L[Q3_ADVERTS], a == 2 ? 1.0f : 0.0f);
            for (a = 0; a < 12; a++) gbuf_f32(&L[Q3_ADVERTS], (float)(16 * (a % 3) + 64 * i));
            memset(model, 0, sizeof model);
            memcpy(model, "*1", 2);
            gbuf_put(&L[Q3_ADVERTS], model, sizeof model);
        }
    if (v->variant == GEN_VAR_Q3V47_BADADS) gbuf_zero(&L[Q3_ADVERTS], 100);
    if (v->q3l) {
        gen_q3l_pages(v->q3l, &L[Q3_LIGHTMAPS]);
        if (raven) {
            gbuf_put(&L[Q3_LIGHTGRID], v->q3l->points.data, v->q3l->points.len);
            gbuf_put(&L[Q3_ADVERTS], v->q3l->array.data, v->q3l->array.len); /* the light array */
        } else {
            gbuf_put(&L[Q3_LIGHTGRID], v->q3l->cells.data, v->q3l->cells.len);
        }
    }
    bpc = ((v->nclusters + 63) & ~63) >> 3;
    if (v->vis) {
        gbuf_i32(&L[Q3_VISIBILITY], v->nclusters);
        gbuf_i32(&L[Q3_VISIBILITY], bpc);
        for (i = 0; i < v->nclusters; i++) {
            gbuf_put(&L[Q3_VISIBILITY], v->pvs + (size_t)i * (size_t)v->rowbytes, (size_t)v->rowbytes);
            gbuf_zero(&L[Q3_VISIBILITY], (size_t)(bpc - v->rowbytes));
        }
    }

    id_assemble(prefix, 8, L, nlumps, q3_order, path);

    c->n = 0;
    gen_count(c, "models", w->nmodels);
    gen_count(c, "shaders", gen_num_texdata);
    gen_count(c, "brushes", w->nbrushes);
    gen_count(c, "brushsides", w->nsides);
    gen_count(c, "planes", w->nplanes);
    gen_count(c, "nodes", v->nnodes);
    gen_count(c, "leaves", v->nleaves);
    gen_count(c, "leafsurfaces", nls);
    gen_count(c, "leafbrushes", nlb);
    gen_count(c, "surfaces", w->nfaces + (v->variant == GEN_VAR_Q3V47_RTCW));
    gen_count(c, "drawverts", nverts);
    gen_count(c, "drawindexes", nindexes);
    gen_count(c, "visdata", (long)L[Q3_VISIBILITY].len);
    gen_count(c, "entdata", (long)L[Q3_ENTITIES].len);
    gen_count(c, "clusters", v->nclusters);
    for (i = 0; i < Q3_NUM_LUMPS + 1; i++) gbuf_free(&L[i]);
}
