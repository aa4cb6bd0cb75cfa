/* SPDX-License-Identifier: MIT */
/* brushlist.c - the maps of docs/queries.md 13.7 (BSPX BRUSHLIST, the
 * quake family without clip hulls), made from the q1, bsp2 and goldsrc
 * maps the generator has just written, into OUTDIR/brushlist/ (their own
 * folder: no .queries of their own; part 41 traces them against the
 * reference and checks worked-out answers):
 *
 *   q1_brushlist, bsp2_brushlist, goldsrc_brushlist
 *       the base map as qbsp -wrbrushesonly writes it: the clipnodes lump
 *       empty and every model's headnode[1..3] 0 (hull 0 only), and a
 *       BRUSHLIST lump: model 0's block (the world's solid brushes, one per
 *       solid leaf as world.c makes them, then the extra brushes below, in
 *       room 0, 3, 14 and 15) and model 1's (the door). bsp2's file has
 *       model 1's block first.
 *   extra brushes (none of them in the hull 0 tree: only boxes meet them):
 *       room 0   a ramp wedge (32,160,0)-(96,224,48), -2, its stored plane
 *                normal (-0.6, 0, 0.8), dist -0.6 * 32 (z <= 0.75x - 24);
 *                a pillar (160,16,0)-(224,80,128), -2, its +x+y corner cut
 *                by the stored plane normal (s, s, 0), s = 0.70710677,
 *                dist = s * 224 + s * 48 (float)
 *       room 14  water (560,16,0)-(624,96,64), -3 (a player's mask
 *                passes); clip (560,160,0)-(624,240,96), -8 (stops the
 *                player's mask, not mask 1)
 *       room 3   sky (272,144,160)-(496,240,192), -6; slime
 *                (400,144,0)-(496,240,16), -4
 *       room 15  lava -5, current -9, ladder -16, translucent -15,
 *                origin -7, empty -1 and an unknown -20 (no flag), small
 *                boxes above room 14's ceiling
 * hostile (q1's world; each list must be ignored: a player's box answers
 * bad_hull as on a map without a list):
 *   q1_brushlist_bad_end    model 1's block claims one brush more than it
 *                           holds (ends past the lump)
 *   q1_brushlist_bad_sum    model 0's numplanes one more than its brushes'
 *   q1_brushlist_bad_model  model 1's block names model 2 (2 models)
 *   q1_brushlist_bad_ver    model 1's block has ver 2
 *   q1_brushlist_bad_nan    one stored plane's dist is a NaN
 *   q1_brushlist_bad_dup    model 1's block names model 0 (twice)
 *   q1_brushlist_bad_tail   3 bytes after the last block
 *   q1_brushlist_bad_short  the lump cut inside model 1's block header
 */
#include "bspx.h"
#include "world.h"

#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <sys/stat.h>

typedef struct {
    float mins[3], maxs[3];
    int contents;
    int nplanes;
    float planes[2][4];
} bl_brush;

static uint32_t rd32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void box_brush(bl_brush *b, int x0, int y0, int z0, int x1, int y1, int z1, int contents)
{
    memset(b, 0, sizeof *b);
    b->mins[0] = (float)x0, b->mins[1] = (float)y0, b->mins[2] = (float)z0;
    b->maxs[0] = (float)x1, b->maxs[1] = (float)y1, b->maxs[2] = (float)z1;
    b->contents = contents;
}

/* The brushes of model `model` of the standard world (world.c: one per
 * solid leaf, axial boxes), then for model 0 the extras of the top comment. */
static int model_brushes(const gen_world *w, int model, bl_brush *out, int cap)
{
    int l, n = 0, k, a;
    for (l = 0; l < w->nleaves; l++) {
        const gen_leaf *lf = &w->leaves[l];
        for (k = 0; k < lf->numleafbrushes; k++) {
            const gen_brush *br = &w->brushes[w->leafbrushes[lf->firstleafbrush + k]];
            int s;
            if (lf->model != model) continue;
            if (n == cap) gen_die("brushlist: too many brushes");
            memset(&out[n], 0, sizeof out[n]);
            out[n].contents = -2;
            for (s = 0; s < br->numsides; s++) {
                const gen_plane *p = &w->planes[w->sides[br->firstside + s].plane];
                for (a = 0; a < 3; a++) {
                    if (p->normal[a] > 0) out[n].maxs[a] = p->dist;
                    if (p->normal[a] < 0) out[n].mins[a] = -p->dist;
                }
            }
            n++;
        }
    }
    if (model == 0) {
        static const int extra[][7] = {
            {560, 16, 0, 624, 96, 64, -3},      /* room 14: water */
            {560, 160, 0, 624, 240, 96, -8},    /* room 14: clip */
            {272, 144, 160, 496, 240, 192, -6}, /* room 3: sky */
            {400, 144, 0, 496, 240, 16, -4},    /* room 3: slime */
            {528, 16, 128, 560, 48, 144, -5},   /* room 15: lava */
            {576, 16, 128, 608, 48, 144, -9},   /* current */
            {528, 64, 128, 544, 96, 192, -16},  /* ladder */
            {576, 64, 128, 608, 96, 160, -15},  /* translucent */
            {528, 128, 128, 544, 144, 144, -7}, /* origin */
            {576, 128, 128, 608, 160, 160, -1}, /* empty */
            {528, 176, 128, 560, 208, 160, -20}, /* unknown */
        };
        const float s = 0.70710677f;
        if (n + 2 + (int)(sizeof extra / sizeof extra[0]) > cap) gen_die("brushlist: too many brushes");
        box_brush(&out[n], 32, 160, 0, 96, 224, 48, -2);          /* the ramp wedge */
        out[n].nplanes = 1;
        out[n].planes[0][0] = -0.6f, out[n].planes[0][1] = 0.0f, out[n].planes[0][2] = 0.8f;
        out[n].planes[0][3] = -0.6f * 32.0f;
        n++;
        box_brush(&out[n], 160, 16, 0, 224, 80, 128, -2);         /* the chamfered pillar */
        out[n].nplanes = 1;
        out[n].planes[0][0] = s, out[n].planes[0][1] = s, out[n].planes[0][2] = 0.0f;
        out[n].planes[0][3] = s * 224.0f + s * 48.0f;
        n++;
        for (k = 0; k < (int)(sizeof extra / sizeof extra[0]); k++, n++)
            box_brush(&out[n], extra[k][0], extra[k][1], extra[k][2], extra[k][3], extra[k][4], extra[k][5],
                      extra[k][6]);
    }
    return n;
}

/* One block: ver, modelnum, numbrushes, numplanes (+ plane_bias), brushes. */
static void put_block(gbuf *b, int ver, int modelnum, const bl_brush *br, int n, int claim_extra, int plane_bias)
{
    int k, p, a, total = 0;
    for (k = 0; k < n; k++) total += br[k].nplanes;
    gbuf_i32(b, ver);
    gbuf_i32(b, modelnum);
    gbuf_i32(b, n + claim_extra);
    gbuf_i32(b, total + plane_bias);
    for (k = 0; k < n; k++) {
        for (a = 0; a < 3; a++) gbuf_f32(b, br[k].mins[a]);
        for (a = 0; a < 3; a++) gbuf_f32(b, br[k].maxs[a]);
        gbuf_le16(b, (unsigned)(br[k].contents & 0xffff));
        gbuf_le16(b, (unsigned)br[k].nplanes);
        for (p = 0; p < br[k].nplanes; p++)
            for (a = 0; a < 4; a++) gbuf_f32(b, br[k].planes[p][a]);
    }
}

enum { BAD_NONE, BAD_END, BAD_SUM, BAD_MODEL, BAD_VER, BAD_NAN, BAD_DUP, BAD_TAIL, BAD_SHORT, BAD_COUNT };
static const char *const bad_names[BAD_COUNT] = {
    "", "_bad_end", "_bad_sum", "_bad_model", "_bad_ver", "_bad_nan", "_bad_dup", "_bad_tail", "_bad_short",
};

static void brushlist_lump(const bl_brush *b0, int n0, const bl_brush *b1, int n1, int door_first, int bad, gbuf *out)
{
    bl_brush *copy = malloc((size_t)(n0 > 0 ? n0 : 1) * sizeof *copy);
    if (!copy) gen_die("out of memory");
    memcpy(copy, b0, (size_t)n0 * sizeof *copy);
    if (bad == BAD_NAN) {
        int k;
        for (k = 0; k < n0 && copy[k].nplanes == 0; k++) {}
        if (k == n0) gen_die("brushlist: no stored plane");
        copy[k].planes[0][3] = (float)NAN;
    }
    memset(out, 0, sizeof *out);
    if (door_first) put_block(out, 1, 1, b1, n1, 0, 0);
    put_block(out, 1, 0, copy, n0, 0, bad == BAD_SUM);
    if (!door_first)
        put_block(out, bad == BAD_VER ? 2 : 1, bad == BAD_MODEL ? 2 : bad == BAD_DUP ? 0 : 1, b1, n1,
                  bad == BAD_END, 0);
    if (bad == BAD_TAIL) gbuf_put(out, "\0\0\0", 3);
    if (bad == BAD_SHORT) {
        size_t one = 16 + (size_t)n1 * 28;   /* model 1's block: boxes alone */
        out->len -= one - 10;                /* 10 bytes of its header left */
    }
    free(copy);
}

/* The base map as -noclip writes it: clipnodes lump 9 empty, every
 * model's headnode[1..3] (lump 14, 64-byte records, from byte 40) 0. */
static void strip_clipnodes(const char *in, const char *tmp)
{
    gbuf b;
    uint32_t mofs, mlen, k;
    int h;
    gen_read_file(in, &b);
    gbuf_set_le32(&b, 4 + 8 * 9 + 4, 0);
    mofs = rd32(b.data + 4 + 8 * 14);
    mlen = rd32(b.data + 4 + 8 * 14 + 4);
    for (k = 0; k + 64 <= mlen; k += 64)
        for (h = 1; h < 4; h++) gbuf_set_le32(&b, mofs + k + 36 + 4 * (uint32_t)h, 0);
    if (gbuf_save(&b, tmp)) gen_die("cannot write %s", tmp);
    gbuf_free(&b);
}

void gen_brushlist_variants(const char *outdir)
{
    static const char *const bases[] = { "q1", "bsp2", "goldsrc" };
    gen_desc d;
    gen_world w;
    bl_brush b0[256], b1[8];
    int n0, n1, i, bad;
    char in[1024], out[1024], tmp[1024];

    gen_layout_standard(&d);
    gen_compile(&d, &w);
    n0 = model_brushes(&w, 0, b0, 256);
    n1 = model_brushes(&w, 1, b1, 8);
    if (n1 != 1) gen_die("brushlist: the door is not one brush");
    if ((size_t)snprintf(out, sizeof out, "%s/brushlist", outdir) >= sizeof out) gen_die("path too long");
    mkdir(out, 0777);   /* may exist */
    for (i = 0; i < 3; i++) {
        FILE *f;
        if ((size_t)snprintf(in, sizeof in, "%s/%s.bsp", outdir, bases[i]) >= sizeof in ||
            (size_t)snprintf(tmp, sizeof tmp, "%s/brushlist/%s.tmp", outdir, bases[i]) >= sizeof tmp)
            gen_die("path too long");
        if (!(f = fopen(in, "rb"))) continue;   /* --only left it out */
        fclose(f);
        strip_clipnodes(in, tmp);
        for (bad = 0; bad < (i == 0 ? BAD_COUNT : 1); bad++) {
            gbuf lump;
            gen_bspx_lump l[1];
            brushlist_lump(b0, n0, b1, n1, i == 1, bad, &lump);
            memset(l, 0, sizeof l);
            l[0].name = "BRUSHLIST", l[0].data = lump.data, l[0].len = (uint32_t)lump.len;
            if ((size_t)snprintf(out, sizeof out, "%s/brushlist/%s_brushlist%s.bsp", outdir, bases[i],
                                 bad_names[bad]) >= sizeof out)
                gen_die("path too long");
            gen_bspx_write(tmp, out, GEN_BSPX_AFTER, l, 1, -1);
            gbuf_free(&lump);
        }
        remove(tmp);
    }
    gen_world_free(&w);
    gen_desc_free(&d);
}
