/* source_writer.c - a gen_world as a little-endian Source engine map.
 *
 * Layout follows what vbsp/vrad write (compare with a real v20 map):
 * 1036-byte header, lumps at 4-byte aligned offsets in vbsp's (not index)
 * order, planes in +/- pairs, edge 0 unused, leaf 0 an unreferenced solid
 * placeholder, each lit face's per-style average samples just before its
 * lightofs, PVS rows then PAS rows in the vis lump.
 */
#include "source_writer.h"

#include <stdlib.h>
#include <string.h>

enum {
    L_ENTITIES = 0, L_PLANES = 1, L_TEXDATA = 2, L_VERTEXES = 3, L_VISIBILITY = 4, L_NODES = 5,
    L_TEXINFO = 6, L_FACES = 7, L_LIGHTING = 8, L_LEAFS = 10, L_EDGES = 12, L_SURFEDGES = 13,
    L_MODELS = 14, L_LEAFFACES = 16, L_LEAFBRUSHES = 17, L_BRUSHES = 18, L_BRUSHSIDES = 19,
    L_AREAS = 20, L_TEXDATA_STRING_DATA = 43, L_TEXDATA_STRING_TABLE = 44, L_LIGHTING_HDR = 53,
    L_FACES_HDR = 58, NUM_LUMPS = 64
};
#define HEADER_SIZE (8 + NUM_LUMPS * 16 + 4)

/* The order vbsp leaves lumps in (cf. tf2_test2.bsp); the rest follow. */
static const int vbsp_order[] = {L_PLANES, L_LEAFS, L_VERTEXES, L_NODES, L_TEXINFO, L_TEXDATA,
                                 L_FACES_HDR, L_FACES, L_BRUSHES, L_BRUSHSIDES, L_LEAFFACES,
                                 L_LEAFBRUSHES, L_SURFEDGES, L_EDGES, L_MODELS, L_AREAS, L_LIGHTING,
                                 L_LIGHTING_HDR, L_VISIBILITY, L_ENTITIES, L_TEXDATA_STRING_DATA,
                                 L_TEXDATA_STRING_TABLE};

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

/* File bounds of a node or leaf: its region clipped to the model's box
 * grown by 16 (regions on the outside are open). */
static void put_bounds(gbuf *b, const gen_world *w, const gen_region *r, int model)
{
    const gen_ibox *mb = &w->models[model].box;
    int a, s;
    for (s = 0; s < 2; s++)
        for (a = 0; a < 3; a++) {
            float v = s ? r->hi[a] : r->lo[a];
            float lo = (float)(mb->lo[a] - 16), hi = (float)(mb->hi[a] + 16);
            v = v < lo ? lo : v > hi ? hi : v;
            gbuf_le16(b, s16((long)v, "bound"));
        }
}

static void build_lighting(const gen_world *w, int hdr, gbuf *out, int *lightofs)
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
        for (slot = fc->nstyles - 1; slot >= 0; slot--) {
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

static void build_faces(const gen_world *w, const int *lightofs, gbuf *b)
{
    int f;
    for (f = 0; f < w->nfaces; f++) {
        const gen_face *fc = &w->faces[f];
        gbuf_le16(b, u16(fc->plane, "face plane"));
        gbuf_u8(b, (unsigned)fc->side);
        gbuf_u8(b, 1); /* onNode */
        gbuf_i32(b, fc->firstedge);
        gbuf_le16(b, s16(fc->numedges, "numedges"));
        gbuf_le16(b, s16(fc->texinfo, "texinfo"));
        gbuf_le16(b, 0xffff); /* dispinfo -1 */
        gbuf_le16(b, 0xffff); /* surfaceFogVolumeID -1 */
        gbuf_put(b, fc->styles, 4);
        gbuf_i32(b, lightofs[f]);
        gbuf_f32(b, fc->area);
        gbuf_i32(b, fc->lmins[0]);
        gbuf_i32(b, fc->lmins[1]);
        gbuf_i32(b, fc->lsize[0]);
        gbuf_i32(b, fc->lsize[1]);
        gbuf_i32(b, 0); /* origFace */
        gbuf_le16(b, 0); /* numPrims */
        gbuf_le16(b, 0); /* firstPrimID */
        gbuf_le32(b, 0); /* smoothingGroups */
    }
}

static void build_leaves(const gen_world *w, int leaf_version, gbuf *b)
{
    int l, k;
    for (l = 0; l < w->nleaves; l++) {
        const gen_leaf *lf = &w->leaves[l];
        gbuf_i32(b, lf->contents);
        gbuf_le16(b, s16(lf->cluster, "cluster"));
        gbuf_le16(b, (lf->cluster >= 0) ? 1u : 0u); /* area 1 (9 bits), flags 0 */
        if (l == 0) gbuf_zero(b, 12);
        else put_bounds(b, w, &lf->box, lf->model);
        gbuf_le16(b, u16(lf->firstleafface, "firstleafface"));
        gbuf_le16(b, u16(lf->numleaffaces, "numleaffaces"));
        gbuf_le16(b, u16(lf->firstleafbrush, "firstleafbrush"));
        gbuf_le16(b, u16(lf->numleafbrushes, "numleafbrushes"));
        gbuf_le16(b, 0xffff); /* leafWaterDataID -1 */
        if (leaf_version == 0) {
            /* v19 and older: CompressedLightCube (6 ColorRGBExp32). */
            for (k = 0; k < 6; k++) {
                uint32_t h = gen_hash32(0x414d4230u, (uint32_t)l, (uint32_t)k, 0);
                gbuf_u8(b, h & 0xff);
                gbuf_u8(b, (h >> 8) & 0xff);
                gbuf_u8(b, (h >> 16) & 0xff);
                gbuf_u8(b, (unsigned)(unsigned char)(signed char)((int)((h >> 24) % 9) - 6));
            }
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
    for (i = 0; i < w->nnodes; i++) {
        const gen_node *n = &w->nodes[i];
        gbuf_i32(&L[L_NODES], n->plane);
        gbuf_i32(&L[L_NODES], n->child[0]);
        gbuf_i32(&L[L_NODES], n->child[1]);
        put_bounds(&L[L_NODES], w, &n->box, n->model);
        gbuf_le16(&L[L_NODES], u16(n->firstface, "node firstface"));
        gbuf_le16(&L[L_NODES], u16(n->numfaces, "node numfaces"));
        gbuf_le16(&L[L_NODES], 0); /* area */
        gbuf_le16(&L[L_NODES], 0); /* padding */
    }
    for (i = 0; i < gen_num_texinfos; i++) {
        const gen_texinfo *t = &gen_texinfos[i];
        for (k = 0; k < 8; k++) gbuf_f32(&L[L_TEXINFO], t->tex[k / 4][k % 4]);
        for (k = 0; k < 8; k++) gbuf_f32(&L[L_TEXINFO], t->lm[k / 4][k % 4]);
        gbuf_i32(&L[L_TEXINFO], t->flags);
        gbuf_i32(&L[L_TEXINFO], t->texdata);
    }
    if (o->ldr) {
        build_lighting(w, 0, &L[L_LIGHTING], lightofs);
        build_faces(w, lightofs, &L[L_FACES]);
    }
    if (o->hdr) {
        build_lighting(w, 1, &L[L_LIGHTING_HDR], lightofs);
        build_faces(w, lightofs, &L[L_FACES_HDR]);
    }
    build_leaves(w, o->leaf_version, &L[L_LEAFS]);
    for (i = 0; i < w->nedges; i++) {
        gbuf_le16(&L[L_EDGES], u16(w->edges[i][0], "vertex index"));
        gbuf_le16(&L[L_EDGES], u16(w->edges[i][1], "vertex index"));
    }
    for (i = 0; i < w->nsurfedges; i++) gbuf_i32(&L[L_SURFEDGES], w->surfedges[i]);
    for (i = 0; i < w->nmodels; i++) {
        const gen_model *m = &w->models[i];
        for (a = 0; a < 3; a++) gbuf_f32(&L[L_MODELS], (float)m->box.lo[a]);
        for (a = 0; a < 3; a++) gbuf_f32(&L[L_MODELS], (float)m->box.hi[a]);
        for (a = 0; a < 3; a++) gbuf_f32(&L[L_MODELS], 0.0f); /* origin */
        gbuf_i32(&L[L_MODELS], m->headnode);
        gbuf_i32(&L[L_MODELS], m->firstface);
        gbuf_i32(&L[L_MODELS], m->numfaces);
    }
    for (i = 0; i < w->nleaffaces; i++) gbuf_le16(&L[L_LEAFFACES], u16(w->leaffaces[i], "leafface"));
    for (i = 0; i < w->nleafbrushes; i++) gbuf_le16(&L[L_LEAFBRUSHES], u16(w->leafbrushes[i], "leafbrush"));
    for (i = 0; i < w->nbrushes; i++) {
        gbuf_i32(&L[L_BRUSHES], w->brushes[i].firstside);
        gbuf_i32(&L[L_BRUSHES], w->brushes[i].numsides);
        gbuf_i32(&L[L_BRUSHES], w->brushes[i].contents);
    }
    for (i = 0; i < w->nsides; i++) {
        gbuf_le16(&L[L_BRUSHSIDES], u16(w->sides[i].plane, "brushside plane"));
        gbuf_le16(&L[L_BRUSHSIDES], s16(w->sides[i].texinfo, "texinfo"));
        gbuf_le16(&L[L_BRUSHSIDES], 0); /* dispinfo */
        gbuf_le16(&L[L_BRUSHSIDES], 0); /* bevel */
    }
    for (i = 0; i < 2; i++) { /* area 0 (outside) and area 1 */
        gbuf_i32(&L[L_AREAS], 0);
        gbuf_i32(&L[L_AREAS], 0);
    }

    for (i = 0; i < NUM_LUMPS; i++) lump_version[i] = 0;
    lump_version[L_LEAFS] = o->leaf_version;
    lump_version[L_FACES] = lump_version[L_FACES_HDR] = 1; /* as vbsp writes */
    lump_version[L_LIGHTING] = lump_version[L_LIGHTING_HDR] = 1;
    free(lightofs);
}

/* A Left 4 Dead 2 directory read the usual way must put a non-empty lump
 * inside the header or past the end (that is how loaders detect it), and
 * read the L4D2 way must not. */
static int directory_bad(const gbuf *f, int first)
{
    int i;
    for (i = 0; i < NUM_LUMPS; i++) {
        const unsigned char *e = f->data + 8 + 16 * i + 4 * first;
        long ofs = (long)(int32_t)((uint32_t)e[0] | (uint32_t)e[1] << 8 | (uint32_t)e[2] << 16 | (uint32_t)e[3] << 24);
        long len = (long)(int32_t)((uint32_t)e[4] | (uint32_t)e[5] << 8 | (uint32_t)e[6] << 16 | (uint32_t)e[7] << 24);
        if (len != 0 && (ofs < HEADER_SIZE || len < 0 || ofs + len > (long)f->len)) return 1;
    }
    return 0;
}

void src_write(const gen_world *w, const src_opts *o, const char *path, gen_counts *c)
{
    gbuf L[NUM_LUMPS], file;
    int ver[NUM_LUMPS], ofs[NUM_LUMPS], placed[NUM_LUMPS], order[NUM_LUMPS];
    int i, n = 0;
    memset(L, 0, sizeof L);
    memset(&file, 0, sizeof file);
    memset(placed, 0, sizeof placed);
    memset(ofs, 0, sizeof ofs);
    build_lumps(w, o, L, ver);

    if (!o->index_order)
        for (i = 0; i < (int)(sizeof vbsp_order / sizeof vbsp_order[0]); i++) {
            order[n++] = vbsp_order[i];
            placed[vbsp_order[i]] = 1;
        }
    for (i = 0; i < NUM_LUMPS; i++)
        if (!placed[i]) order[n++] = i;

    gbuf_put(&file, "VBSP", 4);
    gbuf_i32(&file, o->version);
    gbuf_zero(&file, NUM_LUMPS * 16);
    gbuf_i32(&file, 1); /* mapRevision */
    for (i = 0; i < n; i++) {
        int k = order[i];
        if (!L[k].len) continue;
        gbuf_zero(&file, (4 - file.len % 4) % 4);
        ofs[k] = (int)file.len;
        gbuf_put(&file, L[k].data, L[k].len);
    }
    for (i = 0; i < NUM_LUMPS; i++) {
        size_t at = 8 + 16 * (size_t)i;
        int32_t f[3];
        f[0] = L[i].len ? ofs[i] : 0;
        f[1] = (int32_t)L[i].len;
        f[2] = L[i].len ? ver[i] : 0;
        gbuf_set_le32(&file, at + 0, (uint32_t)(o->l4d2 ? f[2] : f[0]));
        gbuf_set_le32(&file, at + 4, (uint32_t)(o->l4d2 ? f[0] : f[1]));
        gbuf_set_le32(&file, at + 8, (uint32_t)(o->l4d2 ? f[1] : f[2]));
        /* fourCC stays 0: lumps are not compressed */
    }
    if (o->l4d2 && !(directory_bad(&file, 0) && !directory_bad(&file, 1)))
        gen_die("%s: the L4D2 directory is not detectable", path);
    if (!o->l4d2 && directory_bad(&file, 0)) gen_die("%s: bad lump directory", path);
    if (gbuf_save(&file, path)) gen_die("cannot write %s", path);

    c->n = 0;
    gen_count(c, "models", w->nmodels);
    gen_count(c, "brushes", w->nbrushes);
    gen_count(c, "brushsides", w->nsides);
    gen_count(c, "planes", w->nplanes);
    gen_count(c, "vertexes", w->nverts);
    gen_count(c, "nodes", w->nnodes);
    gen_count(c, "texinfos", gen_num_texinfos);
    gen_count(c, "texdata", gen_num_texdata);
    gen_count(c, "faces", (long)(L[L_FACES].len / 56));
    gen_count(c, "hdr_faces", (long)(L[L_FACES_HDR].len / 56));
    gen_count(c, "leaves", w->nleaves);
    gen_count(c, "leaffaces", w->nleaffaces);
    gen_count(c, "leafbrushes", w->nleafbrushes);
    gen_count(c, "edges", w->nedges);
    gen_count(c, "surfedges", w->nsurfedges);
    gen_count(c, "visdata", (long)L[L_VISIBILITY].len);
    gen_count(c, "lightdata", (long)L[L_LIGHTING].len);
    gen_count(c, "hdr_lightdata", (long)L[L_LIGHTING_HDR].len);
    gen_count(c, "entdata", (long)L[L_ENTITIES].len);
    gen_count(c, "clusters", w->nclusters);

    for (i = 0; i < NUM_LUMPS; i++) gbuf_free(&L[i]);
    gbuf_free(&file);
}
