/* SPDX-License-Identifier: MIT */
/* bspx_variants.c - the maps of docs/queries.md section 10, made from the
 * q1, bsp2, goldsrc and q2 variants the generator has just written, into
 * OUTDIR/bspx/ (their own folder: they have no .queries of their own; part
 * 37 queries them with their base map's and every face's centre):
 *
 *   q1_rgb          RGBLIGHTING after the lumps: colour(g) for each grey g
 *   q1_rgb_header   the same directory right after the header (10.1's
 *                   second place)
 *   q1_lit + .lit   the plain q1 with a .lit version 1 of colour(g)
 *   q1_lit_hdr + .lit   a .lit version 0x00010001: e5(g) per luxel
 *   q1_e5           RGBLIGHTING and LIGHTING_E5BGR9: colour without the
 *                   HDR request, e5 with it
 *   q1_decoupled    DECOUPLED_LM placing each face where the vanilla rule
 *                   does (vecs / 16, offsets its lightofs) and RGBLIGHTING
 *   q1_decoupled_only   the same, the vanilla lump emptied and every
 *                   lightofs -1 (as ericw-tools writes them)
 *   q1_lmshift      LMSHIFT 3, 4, 5, 6 by face, LMOFFSET into a fresh
 *                   RGBLIGHTING (vanilla lump emptied), LMSTYLE with 2 slots
 *   q1_lmstyle16    q1_lmshift's with LMSTYLE16, 3 slots (style 300, none)
 *   bsp2_rgb, goldsrc_e5, q2_e5, q2_decoupled   the same rules on the
 *                   other layouts (goldsrc and quake2 offsets count bytes)
 * hostile:
 *   q1_bspx_count   a directory whose count runs past the file: none
 *   q1_bspx_entries entries past the end, of length 0, a 24-byte name, and
 *                   a second RGBLIGHTING after the good one (the first wins)
 *   q1_bspx_lengths RGBLIGHTING 3N + 3, DECOUPLED_LM one byte short,
 *                   LMSHIFT one byte long with LMOFFSET and LMSTYLE: all
 *                   ignored (the vanilla lump and rule answer)
 *   q1_lit_size.lit, q1_lit_magic.lit, q1_lit_version.lit  beside copies
 *                   of q1: a .lit one byte long, "QLIX", version 2
 *
 * colour(g) = (g, 255 - g, g / 2); e5(g): exponent 17, mantissas (g, g /
 * 2, 2g): the linear colour g / 255, g / 2 / 255, 2g / 255. */
#include "bspx.h"

#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <sys/stat.h>

static uint32_t rd32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static int32_t rdi16(const unsigned char *p) { return (int16_t)(p[0] | p[1] << 8); }
static float rdf(const unsigned char *p)
{
    union { uint32_t u; float f; } v;
    v.u = rd32(p);
    return v.f;
}

/* A written map's faces as the lightmap rule needs them. */
typedef struct {
    gbuf file;
    int q2, bsp2, own;          /* own: bytes per luxel of its lighting */
    uint32_t dir;               /* first directory entry */
    int faces, texinfo, vertexes, edges, surfedges, lighting;   /* lump numbers */
    uint32_t nfaces, face_size;
} qmap;

static const unsigned char *lump(const qmap *q, int i, uint32_t *len)
{
    *len = rd32(q->file.data + q->dir + 8 * i + 4);
    return q->file.data + rd32(q->file.data + q->dir + 8 * i);
}

static void qmap_read(qmap *q, const char *path)
{
    uint32_t n;
    memset(q, 0, sizeof *q);
    gen_read_file(path, &q->file);
    q->q2 = memcmp(q->file.data, "IBSP", 4) == 0;
    q->bsp2 = memcmp(q->file.data, "BSP2", 4) == 0;
    q->own = q->q2 || rd32(q->file.data) == 30 ? 3 : 1;
    q->dir = q->q2 ? 8 : 4;
    if (q->q2) {
        q->faces = 6, q->texinfo = 5, q->vertexes = 2, q->edges = 11, q->surfedges = 12, q->lighting = 7;
    } else {
        q->faces = 7, q->texinfo = 6, q->vertexes = 3, q->edges = 12, q->surfedges = 13, q->lighting = 8;
    }
    q->face_size = q->bsp2 ? 28 : 20;
    lump(q, q->faces, &n);
    q->nfaces = n / q->face_size;
}

/* Face f's texture vectors, light offset and, for luxels of 2^shift
 * texels, its extents (docs/queries.md 4: double sums, rounded once). */
typedef struct { float vecs[2][4]; int32_t lightofs; int lit; float tmins[2]; int w, h; } qface;

static void qface_get(const qmap *q, uint32_t f, int shift, qface *out)
{
    uint32_t n;
    const unsigned char *rec = lump(q, q->faces, &n) + f * q->face_size;
    int32_t first = q->bsp2 ? (int32_t)rd32(rec + 8) : (int32_t)rd32(rec + 4);
    int32_t count = q->bsp2 ? (int32_t)rd32(rec + 12) : rdi16(rec + 8);
    int32_t ti = q->bsp2 ? (int32_t)rd32(rec + 16) : rdi16(rec + 10);
    const unsigned char *styles = rec + (q->bsp2 ? 20 : 12);
    const unsigned char *tinfo = lump(q, q->texinfo, &n) + ti * (q->q2 ? 76 : 40);
    double lo[2] = {0, 0}, hi[2] = {0, 0};
    float L = (float)(1 << shift);
    int k, a;
    memset(out, 0, sizeof *out);
    out->lightofs = (int32_t)rd32(rec + (q->bsp2 ? 24 : 16));
    out->lit = styles[0] != 255 && out->lightofs >= 0 && ti >= 0;
    if (ti < 0) return;
    for (k = 0; k < 8; k++) out->vecs[k / 4][k % 4] = rdf(tinfo + 4 * k);
    for (k = 0; k < count; k++) {
        int32_t se = (int32_t)rd32(lump(q, q->surfedges, &n) + 4 * (first + k));
        const unsigned char *e = lump(q, q->edges, &n) + (se < 0 ? -se : se) * (q->bsp2 ? 8 : 4);
        uint32_t vi = q->bsp2 ? rd32(e + (se < 0 ? 4 : 0)) : (uint32_t)(e[se < 0 ? 2 : 0] | e[se < 0 ? 3 : 1] << 8);
        const unsigned char *v = lump(q, q->vertexes, &n) + 12 * vi;
        for (a = 0; a < 2; a++) {
            double val = (double)(float)((((double)rdf(v) * out->vecs[a][0] + (double)rdf(v + 4) * out->vecs[a][1]) +
                                          (double)rdf(v + 8) * out->vecs[a][2]) + out->vecs[a][3]);
            if (k == 0 || val < lo[a]) lo[a] = val;
            if (k == 0 || val > hi[a]) hi[a] = val;
        }
    }
    for (a = 0; a < 2; a++) {
        double l = floor(lo[a] / L), h = ceil(hi[a] / L);
        out->tmins[a] = (float)(l * L);
        if (a == 0) out->w = (int)(h - l) + 1;
        else out->h = (int)(h - l) + 1;
    }
}

static void colour(gbuf *b, const unsigned char *grey, uint32_t n, int own)
{
    uint32_t i;
    for (i = 0; i < n; i += (uint32_t)own) {
        unsigned g = grey[i];
        if (own == 3) gbuf_put(b, grey + i, 3);   /* already RGB: kept */
        else {
            gbuf_u8(b, g);
            gbuf_u8(b, 255 - g);
            gbuf_u8(b, g / 2);
        }
    }
}

/* e5(g) per luxel of the lump (goldsrc and quake2: per RGB triple, its r). */
static void e5(gbuf *b, const unsigned char *grey, uint32_t n, int own)
{
    uint32_t i;
    for (i = 0; i < n; i += (uint32_t)own) {
        uint32_t g = grey[i];
        gbuf_le32(b, g | (g / 2) << 9 | (2 * g) << 18 | 17u << 27);
    }
}

static void path_of(char *out, size_t n, const char *outdir, const char *name, const char *ext)
{
    if ((size_t)snprintf(out, n, "%s/bspx/%s%s", outdir, name, ext) >= n) gen_die("path too long");
}

static void save(const gbuf *b, const char *outdir, const char *name, const char *ext)
{
    char p[1024];
    path_of(p, sizeof p, outdir, name, ext);
    if (gbuf_save(b, p)) gen_die("cannot write %s", p);
}

/* The base map's bytes with lump `lighting` emptied and, when `unlit`,
 * every face's lightofs -1, saved as a temporary base for a variant. */
static void save_emptied(const qmap *q, const char *tmp)
{
    gbuf b;
    uint32_t f;
    memset(&b, 0, sizeof b);
    gbuf_put(&b, q->file.data, q->file.len);
    gbuf_set_le32(&b, q->dir + 8 * (uint32_t)q->lighting + 4, 0);
    for (f = 0; f < q->nfaces; f++)
        gbuf_set_le32(&b, rd32(q->file.data + q->dir + 8 * q->faces) + f * q->face_size + (q->bsp2 ? 24 : 16),
                      0xffffffffu);
    if (gbuf_save(&b, tmp)) gen_die("cannot write %s", tmp);
    gbuf_free(&b);
}

/* DECOUPLED_LM of the vanilla placement: s' = (s - texturemins) / 16. */
static void decoupled(const qmap *q, gbuf *b)
{
    uint32_t f;
    int a, k;
    for (f = 0; f < q->nfaces; f++) {
        qface fc;
        qface_get(q, f, 4, &fc);
        gbuf_le16(b, fc.lit ? (unsigned)fc.w : 0);
        gbuf_le16(b, fc.lit ? (unsigned)fc.h : 0);
        gbuf_i32(b, fc.lit ? fc.lightofs : -1);
        for (a = 0; a < 2; a++)
            for (k = 0; k < 4; k++)
                gbuf_f32(b, k < 3 ? fc.vecs[a][k] / 16.0f : (fc.vecs[a][3] - fc.tmins[a]) / 16.0f);
    }
}

/* LMSHIFT 3..6, LMOFFSET (luxels) into a fresh RGB lighting of `slots`
 * blocks a lit face, and the styles: LMSTYLE (wide 0) of 2 slots, or
 * LMSTYLE16 of 3. */
static void shifted(const qmap *q, int wide, gbuf *shift, gbuf *offset, gbuf *styles, gbuf *rgb)
{
    uint32_t f, luxels = 0;
    for (f = 0; f < q->nfaces; f++) {
        qface fc;
        int sh = 3 + (int)(f % 4), slots = f % 3 == 0 ? 2 : 1, s;
        uint32_t i, n;
        qface_get(q, f, sh, &fc);
        gbuf_u8(shift, (unsigned)sh);
        gbuf_i32(offset, fc.lit ? (int32_t)luxels : -1);
        for (s = 0; s < (wide ? 3 : 2); s++) {
            unsigned style = s == 0 ? 0 : s == 1 && slots == 2 ? (wide ? 300u : 5u) : (wide ? 0xffffu : 255u);
            if (wide) gbuf_le16(styles, style);
            else gbuf_u8(styles, style);
        }
        if (!fc.lit) continue;
        n = (uint32_t)(fc.w * fc.h * slots);
        for (i = 0; i < n; i++) {
            gbuf_u8(rgb, (f * 7 + i * 3) & 255);
            gbuf_u8(rgb, (f * 11 + i * 5) & 255);
            gbuf_u8(rgb, (f * 13 + i) & 255);
        }
        luxels += n;
    }
}

/* FACENORMALS (ericw-tools docs/bspx.rst): uint32 n, n vectors, then per
 * face and vertex the indices of its normal, tangent and bitangent. A few
 * shared vectors taken out of order; `bad`: the last index is n (one past
 * the vectors: a reader must then ignore the lump). */
static void facenormals(const qmap *q, int bad, gbuf *b)
{
    static const float v[6][3] = { { 0, 0, 1 }, { 1, 0, 0 }, { 0, 1, 0 },
                                   { 0.6f, 0, 0.8f }, { 0, -0.8f, 0.6f }, { -1, 0, 0 } };
    const unsigned char *faces = q->file.data + rd32(q->file.data + q->dir + 8 * (uint32_t)q->faces);
    uint32_t f, j = 0, total = 0;
    int k, a;
    gbuf_le32(b, 6);
    for (k = 0; k < 6; k++)
        for (a = 0; a < 3; a++) gbuf_f32(b, v[k][a]);
    for (f = 0; f < q->nfaces; f++) {
        const unsigned char *r = faces + f * q->face_size;
        int32_t n = q->bsp2 ? (int32_t)rd32(r + 12) : (int16_t)(r[8] | r[9] << 8);
        for (k = 0; k < n; k++, j++) {
            gbuf_le32(b, j % 6);
            gbuf_le32(b, (j + 1) % 6);
            gbuf_le32(b, (j * 5 + 2) % 6);
            total++;
        }
    }
    if (bad && total) gbuf_set_le32(b, (uint32_t)b->len - 4, 6);
}

static void lit_file(const unsigned char *grey, uint32_t n, uint32_t version, gbuf *b)
{
    memset(b, 0, sizeof *b);
    gbuf_put(b, "QLIT", 4);
    gbuf_le32(b, version);
    if (version == 1) colour(b, grey, n, 1);
    else e5(b, grey, n, 1);
}

static void copy_map(const qmap *q, const char *outdir, const char *name)
{
    save(&q->file, outdir, name, ".bsp");
}

void gen_bspx_variants(const char *outdir)
{
    static const char *const bases[] = { "q1", "bsp2", "goldsrc", "q2" };
    char in[1024], out[1024], tmp[1024];
    qmap q;
    gbuf g1, g2, g3, g4, g5;
    const unsigned char *grey;
    uint32_t n;
    int b;

    if ((size_t)snprintf(out, sizeof out, "%s/bspx", outdir) >= sizeof out) gen_die("path too long");
    mkdir(out, 0777);   /* may exist */
    for (b = 0; b < 4; b++) {
        FILE *f;
        if ((size_t)snprintf(in, sizeof in, "%s/%s.bsp", outdir, bases[b]) >= sizeof in) gen_die("path too long");
        if (!(f = fopen(in, "rb"))) continue;   /* --only left it out */
        fclose(f);
        qmap_read(&q, in);
        grey = lump(&q, q.lighting, &n);
        memset(&g1, 0, sizeof g1);
        memset(&g2, 0, sizeof g2);
        memset(&g3, 0, sizeof g3);
        memset(&g4, 0, sizeof g4);
        memset(&g5, 0, sizeof g5);
        path_of(tmp, sizeof tmp, outdir, bases[b], ".tmp");
        if (b == 0) {
            gen_bspx_lump l[6];
            colour(&g1, grey, n, 1);
            l[0].name = "RGBLIGHTING", l[0].data = g1.data, l[0].len = (uint32_t)g1.len, l[0].bad_ofs = l[0].bad_len = 0;
            path_of(out, sizeof out, outdir, "q1_rgb", ".bsp");
            gen_bspx_write(in, out, GEN_BSPX_AFTER, l, 1, -1);
            path_of(out, sizeof out, outdir, "q1_rgb_header", ".bsp");
            gen_bspx_write(in, out, GEN_BSPX_HEADER, l, 1, -1);
            copy_map(&q, outdir, "q1_lit");
            lit_file(grey, n, 1, &g2);
            save(&g2, outdir, "q1_lit", ".lit");
            gbuf_free(&g2);
            copy_map(&q, outdir, "q1_lit_hdr");
            lit_file(grey, n, 0x00010001u, &g2);
            save(&g2, outdir, "q1_lit_hdr", ".lit");
            gbuf_free(&g2);
            memset(&g2, 0, sizeof g2);
            e5(&g2, grey, n, 1);
            l[1].name = "LIGHTING_E5BGR9", l[1].data = g2.data, l[1].len = (uint32_t)g2.len, l[1].bad_ofs = l[1].bad_len = 0;
            path_of(out, sizeof out, outdir, "q1_e5", ".bsp");
            gen_bspx_write(in, out, GEN_BSPX_AFTER, l, 2, -1);
            decoupled(&q, &g3);
            l[1].name = "DECOUPLED_LM", l[1].data = g3.data, l[1].len = (uint32_t)g3.len;
            path_of(out, sizeof out, outdir, "q1_decoupled", ".bsp");
            gen_bspx_write(in, out, GEN_BSPX_AFTER, l, 2, -1);
            save_emptied(&q, tmp);
            path_of(out, sizeof out, outdir, "q1_decoupled_only", ".bsp");
            gen_bspx_write(tmp, out, GEN_BSPX_AFTER, l, 2, -1);
            /* hostile */
            path_of(out, sizeof out, outdir, "q1_bspx_count", ".bsp");
            gen_bspx_write(in, out, GEN_BSPX_AFTER, l, 1, 0x7fffffffL);
            {
                static const unsigned char other[6] = { 1, 2, 3, 4, 5, 6 };
                gen_bspx_lump h[6];
                memset(h, 0, sizeof h);
                h[0].name = "RGBLIGHTING", h[0].data = g1.data, h[0].len = 4, h[0].bad_ofs = (uint32_t)q.file.len, h[0].bad_len = 0xfffffff0u;
                h[1].name = "LIGHTING_E5BGR9", h[1].data = g2.data, h[1].len = 4, h[1].bad_ofs = 0xfffffffcu, h[1].bad_len = 8;
                h[2].name = "DECOUPLED_LM", h[2].data = g3.data, h[2].len = 4, h[2].bad_ofs = 16, h[2].bad_len = 0;
                h[3].name = "RGBLIGHTING", h[3].data = g1.data, h[3].len = (uint32_t)g1.len;
                h[4].name = "RGBLIGHTING", h[4].data = other, h[4].len = 6;
                h[5].name = "A_NAME_OF_24_BYTES_NONUL", h[5].data = other, h[5].len = 6;
                path_of(out, sizeof out, outdir, "q1_bspx_entries", ".bsp");
                gen_bspx_write(in, out, GEN_BSPX_AFTER, h, 6, -1);
                memset(h, 0, sizeof h);
                {
                    gbuf st, rgb;
                    memset(&st, 0, sizeof st);
                    memset(&rgb, 0, sizeof rgb);
                    shifted(&q, 0, &g4, &g5, &st, &rgb);
                    gbuf_u8(&g4, 4);   /* one byte too many */
                    h[0].name = "RGBLIGHTING", h[0].data = g1.data, h[0].len = (uint32_t)g1.len + 3;
                    h[1].name = "DECOUPLED_LM", h[1].data = g3.data, h[1].len = (uint32_t)g3.len - 1;
                    h[2].name = "LMSHIFT", h[2].data = g4.data, h[2].len = (uint32_t)g4.len;
                    h[3].name = "LMOFFSET", h[3].data = g5.data, h[3].len = (uint32_t)g5.len;
                    h[4].name = "LMSTYLE", h[4].data = st.data, h[4].len = (uint32_t)st.len;
                    gbuf_put(&g1, "\0\0\0", 3);   /* (the 3 bytes past N) */
                    h[0].data = g1.data;
                    path_of(out, sizeof out, outdir, "q1_bspx_lengths", ".bsp");
                    gen_bspx_write(in, out, GEN_BSPX_AFTER, h, 5, -1);
                    g1.len -= 3;
                    gbuf_free(&st);
                    gbuf_free(&rgb);
                }
                gbuf_free(&g4);
                gbuf_free(&g5);
            }
            {
                /* LMSHIFT, LMOFFSET, LMSTYLE(16) into a fresh RGBLIGHTING */
                gbuf sh, of, st, rgb;
                int wide;
                for (wide = 0; wide < 2; wide++) {
                    gen_bspx_lump s[4];
                    memset(&sh, 0, sizeof sh);
                    memset(&of, 0, sizeof of);
                    memset(&st, 0, sizeof st);
                    memset(&rgb, 0, sizeof rgb);
                    memset(s, 0, sizeof s);
                    shifted(&q, wide, &sh, &of, &st, &rgb);
                    s[0].name = "LMSHIFT", s[0].data = sh.data, s[0].len = (uint32_t)sh.len;
                    s[1].name = "LMOFFSET", s[1].data = of.data, s[1].len = (uint32_t)of.len;
                    s[2].name = wide ? "LMSTYLE16" : "LMSTYLE", s[2].data = st.data, s[2].len = (uint32_t)st.len;
                    s[3].name = "RGBLIGHTING", s[3].data = rgb.data, s[3].len = (uint32_t)rgb.len;
                    path_of(out, sizeof out, outdir, wide ? "q1_lmstyle16" : "q1_lmshift", ".bsp");
                    gen_bspx_write(tmp, out, GEN_BSPX_AFTER, s, 4, -1);
                    gbuf_free(&sh);
                    gbuf_free(&of);
                    gbuf_free(&st);
                    gbuf_free(&rgb);
                }
            }
            /* .lit files that fail a check, beside copies of q1 */
            {
                static const char *const bad[3] = { "q1_lit_size", "q1_lit_magic", "q1_lit_version" };
                int k;
                for (k = 0; k < 3; k++) {
                    gbuf l2;
                    copy_map(&q, outdir, bad[k]);
                    lit_file(grey, n, k == 2 ? 2 : 1, &l2);
                    if (k == 0) l2.len = 1;
                    if (k == 1) l2.data[3] = 'X';
                    save(&l2, outdir, bad[k], ".lit");
                    gbuf_free(&l2);
                }
            }
        } else if (b == 1) {
            gen_bspx_lump l[1];
            colour(&g1, grey, n, 1);
            l[0].name = "RGBLIGHTING", l[0].data = g1.data, l[0].len = (uint32_t)g1.len, l[0].bad_ofs = l[0].bad_len = 0;
            path_of(out, sizeof out, outdir, "bsp2_rgb", ".bsp");
            gen_bspx_write(in, out, GEN_BSPX_AFTER, l, 1, -1);
        } else {
            gen_bspx_lump l[2];
            memset(l, 0, sizeof l);
            e5(&g2, grey, n, 3);
            l[0].name = "LIGHTING_E5BGR9", l[0].data = g2.data, l[0].len = (uint32_t)g2.len;
            path_of(out, sizeof out, outdir, b == 2 ? "goldsrc_e5" : "q2_e5", ".bsp");
            gen_bspx_write(in, out, GEN_BSPX_AFTER, l, 1, -1);
            if (b == 3) {
                decoupled(&q, &g3);
                l[0].name = "DECOUPLED_LM", l[0].data = g3.data, l[0].len = (uint32_t)g3.len;
                path_of(out, sizeof out, outdir, "q2_decoupled", ".bsp");
                gen_bspx_write(in, out, GEN_BSPX_AFTER, l, 1, -1);
            }
        }
        if (b == 0 || b == 3) {   /* docs/queries.md 11.3 */
            gen_bspx_lump l[1];
            int bad;
            for (bad = 0; bad < (b == 0 ? 2 : 1); bad++) {
                gbuf fn;
                memset(&fn, 0, sizeof fn);
                memset(l, 0, sizeof l);
                facenormals(&q, bad, &fn);
                l[0].name = "FACENORMALS", l[0].data = fn.data, l[0].len = (uint32_t)fn.len;
                path_of(out, sizeof out, outdir, b == 3 ? "q2_facenormals" : bad ? "q1_facenormals_bad" : "q1_facenormals",
                        ".bsp");
                gen_bspx_write(in, out, GEN_BSPX_AFTER, l, 1, -1);
                gbuf_free(&fn);
            }
        }
        remove(tmp);
        gbuf_free(&g1);
        gbuf_free(&g2);
        gbuf_free(&g3);
        gbuf_free(&q.file);
    }
}
