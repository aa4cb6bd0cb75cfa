/* SPDX-License-Identifier: MIT */
/* nightfire_writer.c - a gen_view as a James Bond 007: Nightfire map
 * (version 42), per shared/spec/nightfire-bsp-v42.txt.
 *
 * Header int32 42, 18 lumps {offset, length}: 0 entities, 1 planes,
 * 2 textures, 3 materials, 4 vertices, 5 zero vertices, 6 draw indices,
 * 7 visibility, 8 nodes, 9 surfaces, 10 lighting, 11 leaves,
 * 12 leaf surfaces, 13 leaf brushes, 14 models, 15 brushes, 16 brush
 * sides, 17 projections; in the file in the order of
 * nightfire/weapon_accuracy_nf.bsp: 1 11 4 5 6 8 9 12 13 14 2 3 17 15 16
 * 10 7 0.
 *
 * Records (bytes): plane 20; texture and material 64 (names); vertex and
 * zero vertex 12; draw index 4; node 36 (u32 plane, i32 children[2], f32
 * mins[3], maxs[3]); surface 48 (u32 plane, first vertex, vertex count,
 * first draw index, draw index count, flags, texture, material, texture
 * projection, lightmap projection, u8 styles[4], i32 lighting offset);
 * leaf 48 (u32 type, i32 visibility offset, f32 mins[3], maxs[3], u32
 * first leaf surface, count, first leaf brush, count); leaf surface and
 * leaf brush u32; model 56 (f32 mins[3], maxs[3], u32 hulls[4], first
 * leaf, leaf count, first surface, surface count); brush 12 (u32
 * attributes, first side, side count); brush side 8 (u32 surface, plane);
 * projection 32 (f32 s[4], t[4]).
 *
 * Content: leaves as compiled (type 1 empty, 2 solid; leaf 0 the solid
 * placeholder with visibility offset 0, as in the sample map); model 0's
 * leaves 1 .. LeavesCount, each with an uncompressed row of
 * ((count + 63) & ~63) >> 3 bytes (8 for the sample's 17 leaves), but the
 * first solid one, whose offset is -1; the door's leaves follow (offset
 * -1) and its nodes are not written (hulls all 0). Each face is a surface
 * of 4 vertices (its own copies) and 6 draw indices; projections 2t and
 * 2t+1 are texinfo t's texture and lightmap vecs. Unlit (nf_ofs NULL):
 * every surface has styles 255 and offset -1; lit: the face's styles, the
 * offsets and lump 10 of nflight.c. Brush attributes are 258, as in
 * the sample map; a brush side names the first surface on its plane's
 * axis-and-position pair (0 when there is none).
 */
#include "idtech.h"
#include "nflight.h"

#include <stdlib.h>
#include <string.h>

enum {
    NF_ENTITIES, NF_PLANES, NF_TEXTURES, NF_MATERIALS, NF_VERTICES, NF_ZERO_VERTICES, NF_DRAW_INDICES,
    NF_VISIBILITY, NF_NODES, NF_SURFACES, NF_LIGHTING, NF_LEAVES, NF_LEAF_SURFACES, NF_LEAF_BRUSHES,
    NF_MODELS, NF_BRUSHES, NF_BRUSH_SIDES, NF_PROJECTIONS, NF_NUM_LUMPS
};

static const int nf_order[NF_NUM_LUMPS] = {NF_PLANES, NF_LEAVES, NF_VERTICES, NF_ZERO_VERTICES,
                                           NF_DRAW_INDICES, NF_NODES, NF_SURFACES, NF_LEAF_SURFACES,
                                           NF_LEAF_BRUSHES, NF_MODELS, NF_TEXTURES, NF_MATERIALS,
                                           NF_PROJECTIONS, NF_BRUSHES, NF_BRUSH_SIDES, NF_LIGHTING,
                                           NF_VISIBILITY, NF_ENTITIES};

static void put_name64(gbuf *b, const char *s)
{
    char name[64];
    size_t n = strlen(s);
    if (n >= sizeof name) gen_die("name too long: %s", s);
    memset(name, 0, sizeof name);
    memcpy(name, s, n);
    gbuf_put(b, name, sizeof name);
}

static void put_fbounds(gbuf *b, const int lo[3], const int hi[3])
{
    int a;
    for (a = 0; a < 3; a++) gbuf_f32(b, (float)lo[a]);
    for (a = 0; a < 3; a++) gbuf_f32(b, (float)hi[a]);
}

void nf_write(const gen_view *v, const char *path, gen_counts *c)
{
    const gen_world *w = v->w;
    gbuf L[NF_NUM_LUMPS];
    static const unsigned char prefix[4] = {42, 0, 0, 0};
    int i, a, k, stride, nrows = 0;
    if (v->family != GEN_FAM_NIGHTFIRE) gen_die("nf_write: family %d", v->family);
    memset(L, 0, sizeof L);

    id_entities(w, v->family, &L[NF_ENTITIES]);
    for (i = 0; i < w->nplanes; i++) {
        for (a = 0; a < 3; a++) gbuf_f32(&L[NF_PLANES], w->planes[i].normal[a]);
        gbuf_f32(&L[NF_PLANES], w->planes[i].dist);
        gbuf_i32(&L[NF_PLANES], w->planes[i].type);
    }
    for (i = 0; i < gen_num_texdata; i++) {
        char name[64];
        id_texture_name(i, name, sizeof name);
        put_name64(&L[NF_TEXTURES], name);
    }
    put_name64(&L[NF_MATERIALS], "wld_lightmap");

    /* visibility rows of the world's leaves */
    stride = ((v->nclusters + 63) & ~63) >> 3;
    for (i = 0; i < v->nleaves; i++) {
        const gen_leaf *lf = &w->leaves[v->leaf_src[i]];
        int lo[3], hi[3], ofs = -1, cl = v->leaf_cluster[i];
        if (i == 0) {
            ofs = 0;
        } else if (cl >= 0 && !v->leaf_allvis[i]) {
            ofs = nrows++ * stride;
            gbuf_put(&L[NF_VISIBILITY], v->pvs + (size_t)cl * (size_t)v->rowbytes, (size_t)v->rowbytes);
            gbuf_zero(&L[NF_VISIBILITY], (size_t)(stride - v->rowbytes));
        }
        gbuf_le32(&L[NF_LEAVES], (uint32_t)v->leaf_contents[i]);
        gbuf_i32(&L[NF_LEAVES], ofs);
        id_leaf_bounds(v, i, lo, hi);
        put_fbounds(&L[NF_LEAVES], lo, hi);
        gbuf_le32(&L[NF_LEAVES], (uint32_t)lf->firstleafface);
        gbuf_le32(&L[NF_LEAVES], (uint32_t)lf->numleaffaces);
        gbuf_le32(&L[NF_LEAVES], (uint32_t)lf->firstleafbrush);
        gbuf_le32(&L[NF_LEAVES], (uint32_t)lf->numleafbrushes);
    }
    for (i = 0; i < v->nnodes; i++) {
        const gen_node *n = &w->nodes[i];
        int lo[3], hi[3];
        gbuf_le32(&L[NF_NODES], (uint32_t)n->plane);
        gbuf_i32(&L[NF_NODES], id_child(v, n->child[0]));
        gbuf_i32(&L[NF_NODES], id_child(v, n->child[1]));
        id_node_bounds(v, i, lo, hi);
        put_fbounds(&L[NF_NODES], lo, hi);
    }
    for (i = 0; i < w->nfaces; i++) {
        const gen_face *fc = &w->faces[i];
        int vi[4];
        id_face_verts(w, i, vi);
        for (k = 0; k < 4; k++)
            for (a = 0; a < 3; a++) {
                gbuf_f32(&L[NF_VERTICES], (float)w->verts[vi[k]][a]);
                gbuf_f32(&L[NF_ZERO_VERTICES], 0.0f);
            }
        gbuf_le32(&L[NF_DRAW_INDICES], 0);
        gbuf_le32(&L[NF_DRAW_INDICES], 1);
        gbuf_le32(&L[NF_DRAW_INDICES], 2);
        gbuf_le32(&L[NF_DRAW_INDICES], 0);
        gbuf_le32(&L[NF_DRAW_INDICES], 2);
        gbuf_le32(&L[NF_DRAW_INDICES], 3);
        gbuf_le32(&L[NF_SURFACES], (uint32_t)fc->plane);
        gbuf_le32(&L[NF_SURFACES], (uint32_t)(4 * i));
        gbuf_le32(&L[NF_SURFACES], 4);
        gbuf_le32(&L[NF_SURFACES], (uint32_t)(6 * i));
        gbuf_le32(&L[NF_SURFACES], 6);
        gbuf_le32(&L[NF_SURFACES], 0); /* flags */
        gbuf_le32(&L[NF_SURFACES], (uint32_t)gen_texinfos[fc->texinfo].texdata);
        gbuf_le32(&L[NF_SURFACES], 0); /* material */
        gbuf_le32(&L[NF_SURFACES], (uint32_t)(2 * fc->texinfo));
        gbuf_le32(&L[NF_SURFACES], (uint32_t)(2 * fc->texinfo + 1));
        if (v->nf_ofs) {
            gbuf_put(&L[NF_SURFACES], fc->styles, 4);
            gbuf_i32(&L[NF_SURFACES], v->nf_ofs[i]);
        } else {
            gbuf_le32(&L[NF_SURFACES], 0xffffffffu); /* styles: none */
            gbuf_i32(&L[NF_SURFACES], -1);           /* no lighting */
        }
    }
    for (i = 0; i < w->nleaffaces; i++) gbuf_le32(&L[NF_LEAF_SURFACES], (uint32_t)w->leaffaces[i]);
    for (i = 0; i < w->nleafbrushes; i++) gbuf_le32(&L[NF_LEAF_BRUSHES], (uint32_t)w->leafbrushes[i]);
    for (i = 0; i < w->nmodels; i++) {
        const gen_model *m = &w->models[i];
        for (a = 0; a < 3; a++) gbuf_f32(&L[NF_MODELS], (float)m->box.lo[a]);
        for (a = 0; a < 3; a++) gbuf_f32(&L[NF_MODELS], (float)m->box.hi[a]);
        gbuf_zero(&L[NF_MODELS], 16); /* hulls */
        gbuf_le32(&L[NF_MODELS], (uint32_t)(i == 0 ? v->world_first : v->door_first));
        gbuf_le32(&L[NF_MODELS], (uint32_t)(i == 0 ? v->world_count : v->door_count));
        gbuf_le32(&L[NF_MODELS], (uint32_t)m->firstface);
        gbuf_le32(&L[NF_MODELS], (uint32_t)m->numfaces);
    }
    for (i = 0; i < w->nbrushes; i++) {
        gbuf_le32(&L[NF_BRUSHES], 258);
        gbuf_le32(&L[NF_BRUSHES], (uint32_t)w->brushes[i].firstside);
        gbuf_le32(&L[NF_BRUSHES], (uint32_t)w->brushes[i].numsides);
    }
    for (i = 0; i < w->nsides; i++) {
        int f, surf = 0;
        for (f = 0; f < w->nfaces; f++)
            if ((w->faces[f].plane & ~1) == (w->sides[i].plane & ~1)) {
                surf = f;
                break;
            }
        gbuf_le32(&L[NF_BRUSH_SIDES], (uint32_t)surf);
        gbuf_le32(&L[NF_BRUSH_SIDES], (uint32_t)w->sides[i].plane);
    }
    for (i = 0; i < gen_num_texinfos; i++) {
        const gen_texinfo *t = &gen_texinfos[i];
        for (k = 0; k < 8; k++) gbuf_f32(&L[NF_PROJECTIONS], t->tex[k / 4][k % 4]);
        for (k = 0; k < 8; k++) gbuf_f32(&L[NF_PROJECTIONS], t->lm[k / 4][k % 4]);
    }

    if (v->nf_ofs) gen_nf_light_lump(v, &L[NF_LIGHTING]);

    id_assemble(prefix, 4, L, NF_NUM_LUMPS, nf_order, path);

    c->n = 0;
    gen_count(c, "models", w->nmodels);
    gen_count(c, "planes", w->nplanes);
    gen_count(c, "textures", (long)L[NF_TEXTURES].len);
    gen_count(c, "materials", (long)L[NF_MATERIALS].len);
    gen_count(c, "vertexes", 4 * w->nfaces);
    gen_count(c, "zerovertexes", 4 * w->nfaces);
    gen_count(c, "drawindices", 6 * w->nfaces);
    gen_count(c, "nodes", v->nnodes);
    gen_count(c, "surfaces", w->nfaces);
    gen_count(c, "leaves", v->nleaves);
    gen_count(c, "leafsurfaces", w->nleaffaces);
    gen_count(c, "leafbrushes", w->nleafbrushes);
    gen_count(c, "brushes", w->nbrushes);
    gen_count(c, "brushsides", w->nsides);
    gen_count(c, "projections", 2 * gen_num_texinfos);
    gen_count(c, "visdata", (long)L[NF_VISIBILITY].len);
    gen_count(c, "lightdata", (long)L[NF_LIGHTING].len);
    gen_count(c, "entdata", (long)L[NF_ENTITIES].len);
    gen_count(c, "clusters", v->nclusters);
    for (i = 0; i < NF_NUM_LUMPS; i++) gbuf_free(&L[i]);
}
