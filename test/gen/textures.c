/* SPDX-License-Identifier: MIT */
/* textures.c - the texture fixtures of docs/queries.md 11.2, into
 * OUTDIR/tex/ (their own folder, like bspx/):
 *
 *   q1_tex.bsp, bsp2_tex.bsp   q1 and bsp2 with a texture lump of every
 *                   kind: the three textures the faces use, a '{' fence
 *                   whose pixels hold index 255, a 32 x 16 liquid, a
 *                   256 x 256 one (benchmarks), an empty slot (-1), one
 *                   found in q1_tex.wad (named there in capitals), one in
 *                   no WAD, and hostile records (corrupt, the map still
 *                   loads): a width of 12, a height of 0, ofs[1] inside
 *                   the header, a width of 2^30, mip 3 past the lump, an
 *                   offset past the lump, a header cut by the lump's end
 *   goldsrc_tex.bsp  goldsrc with its own palettes: the first texture
 *                   embedded, the other two found in hl_tex.wad, a '{'
 *                   grate, a palette count of 255, external names that
 *                   test the WAD order and lump kinds (ext_twice in both
 *                   WADs, ext_compressed, ext_badwad, ext_qpic: a qpic in
 *                   the first WAD, a miptex in the second), and last a
 *                   palette running past the lump
 *   hl_tex.wad, hl_tex2.wad (WAD3), q1_tex.wad (WAD2)   with miptex,
 *                   palette, qpic and font lumps, and hostile ones: a
 *                   compressed miptex, a width of 0, a palette count of
 *                   300, ofs[0] == 0, a lump past the file
 *   tex.wal, tex_bad.wal, tex_past.wal, tex_short.wal   Quake 2 .wal
 *                   files: 32 x 16 with index 255, a width of 12, mip 3
 *                   past the file, 60 bytes (no whole header)
 *
 * Pixels: texture t's mip k has index ((i ^ j) + 16 t + k) & 255 at
 * column i, row j; a '{' texture has 255 where (i + j) % 5 == 0. An own
 * palette t is (c, 255 - c, (c * 3 + t) & 255) for colour c. */
#include "bspx.h"
#include "textures.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define WAD_MIPTEX3 0x43   /* a miptex with its palette (WAD3) */
#define WAD_MIPTEX2 0x44   /* a miptex of the Quake palette (WAD2) */

/* A miptex record's parts: what the hostile ones change. */
typedef struct {
    const char *name;
    uint32_t w, h;
    int seed;            /* t of the pixel rule */
    int fence;           /* index 255 at (i + j) % 5 == 0 */
    int external;        /* ofs[] all 0, no pixels */
    int own;             /* its own palette after mip 3 */
    int pal_count;       /* the stored count (256) */
    int bad_ofs1;        /* ofs[1] = 20 */
    int mip3_past;       /* ofs[3] past the lump */
    int pixels_w;        /* pixels written for this width (0: w) */
} miptex;

/* A name field: the name's bytes (at most n), NULs after. */
static void fixed_name(char *out, size_t n, const char *name)
{
    size_t len = strlen(name);
    memset(out, 0, n);
    memcpy(out, name, len < n ? len : n);
}

static uint8_t texel(const miptex *m, int k, uint32_t i, uint32_t j)
{
    if (m->fence && (i + j) % 5 == 0) return 255;
    return (uint8_t)(((i ^ j) + 16u * (uint32_t)m->seed + (uint32_t)k) & 255u);
}

/* The record, its offsets from its own start. */
static void put_miptex(gbuf *b, const miptex *m)
{
    char name[16];
    uint32_t k, i, j, o = 40, pw = m->pixels_w ? (uint32_t)m->pixels_w : m->w;
    fixed_name(name, sizeof name, m->name);
    gbuf_put(b, name, 16);
    gbuf_le32(b, m->w);
    gbuf_le32(b, m->h);
    for (k = 0; k < 4; k++) {
        uint32_t v = m->external ? 0u : o;
        if (k == 1 && m->bad_ofs1) v = 20;
        if (k == 3 && m->mip3_past) v = 0x00ffff00u;
        gbuf_le32(b, v);
        o += (pw >> k) * (m->h >> k);
    }
    if (m->external) return;
    for (k = 0; k < 4; k++)
        for (j = 0; j < (m->h >> k); j++)
            for (i = 0; i < (pw >> k); i++) gbuf_u8(b, texel(m, (int)k, i, j));
    if (!m->own) return;
    gbuf_le16(b, (unsigned)m->pal_count);
    for (k = 0; k < 256; k++) {
        gbuf_u8(b, k);
        gbuf_u8(b, 255 - k);
        gbuf_u8(b, (k * 3 + (uint32_t)m->seed) & 255u);
    }
    gbuf_zero(b, 2);
}

/* A miptex directory lump of n records (NULL: an empty slot, -1), then
 * `tail` bytes: a record cut by the lump's end (a 20-byte header whose
 * name is `cut`) or the bytes of `last`, written after the directory's
 * other records so that its palette can end the lump short. */
static void miptex_lump(gbuf *b, const miptex *const *recs, int n, int past_offset, const char *cut,
                        const miptex *last, int last_short)
{
    int k, total = n + (past_offset ? 1 : 0) + (cut ? 1 : 0) + (last ? 1 : 0), at = 0;
    size_t dir;
    gbuf_i32(b, total);
    dir = b->len;
    gbuf_zero(b, 4 * (size_t)total);
    for (k = 0; k < n; k++, at++) {
        if (!recs[k]) {
            gbuf_set_le32(b, dir + 4 * (size_t)at, 0xffffffffu);
            continue;
        }
        gbuf_set_le32(b, dir + 4 * (size_t)at, (uint32_t)b->len);
        put_miptex(b, recs[k]);
    }
    if (past_offset) gbuf_set_le32(b, dir + 4 * (size_t)at++, 0x7fff0000u);
    if (last) {
        gbuf_set_le32(b, dir + 4 * (size_t)at++, (uint32_t)b->len);
        put_miptex(b, last);
        b->len -= (size_t)last_short;   /* the palette's end cut off */
    }
    if (cut) {
        char name[20];
        fixed_name(name, sizeof name, cut);
        gbuf_set_le32(b, dir + 4 * (size_t)at++, (uint32_t)b->len);
        gbuf_put(b, name, 16);
        gbuf_le32(b, 16);   /* width: the height is past the lump */
    }
}

/* The map at OUTDIR/base.bsp with lump 2 replaced by `tex`, appended at
 * the end (4-aligned) and pointed at, to OUTDIR/tex/name.bsp. */
static void with_textures(const char *outdir, const char *base, const char *name, const gbuf *tex)
{
    char in[1024], out[1024];
    gbuf f;
    FILE *probe;
    if ((size_t)snprintf(in, sizeof in, "%s/%s.bsp", outdir, base) >= sizeof in) gen_die("path too long");
    if (!(probe = fopen(in, "rb"))) return;   /* --only left it out */
    fclose(probe);
    gen_read_file(in, &f);
    while (f.len & 3) gbuf_u8(&f, 0);
    gbuf_set_le32(&f, 4 + 2 * 8, (uint32_t)f.len);
    gbuf_set_le32(&f, 4 + 2 * 8 + 4, (uint32_t)tex->len);
    gbuf_put(&f, tex->data, tex->len);
    if ((size_t)snprintf(out, sizeof out, "%s/tex/%s.bsp", outdir, name) >= sizeof out) gen_die("path too long");
    if (gbuf_save(&f, out)) gen_die("cannot write %s", out);
    gbuf_free(&f);
}

/* A WAD's lump: its bytes and directory fields. */
typedef struct {
    const char *name;
    int type, compression;
    const miptex *mip;     /* or raw bytes: */
    const void *raw;
    uint32_t raw_len;
    int past_file;         /* disksize past the file's end */
} wad_lump;

static void write_wad(const char *path, int version, const wad_lump *l, int n)
{
    gbuf b, dir;
    int k;
    memset(&b, 0, sizeof b);
    memset(&dir, 0, sizeof dir);
    gbuf_put(&b, version == 3 ? "WAD3" : "WAD2", 4);
    gbuf_i32(&b, n);
    gbuf_i32(&b, 0);   /* the directory's offset, set below */
    for (k = 0; k < n; k++) {
        size_t at = b.len;
        char name[16];
        uint32_t len;
        if (l[k].mip) put_miptex(&b, l[k].mip);
        else gbuf_put(&b, l[k].raw, l[k].raw_len);
        len = (uint32_t)(b.len - at);
        while (b.len & 3) gbuf_u8(&b, 0);
        gbuf_le32(&dir, (uint32_t)at);
        gbuf_le32(&dir, l[k].past_file ? len + 0x10000u : len);
        gbuf_le32(&dir, len);
        gbuf_u8(&dir, (unsigned)l[k].type);
        gbuf_u8(&dir, (unsigned)l[k].compression);
        gbuf_zero(&dir, 2);
        fixed_name(name, sizeof name, l[k].name);
        gbuf_put(&dir, name, 16);
    }
    gbuf_set_le32(&b, 8, (uint32_t)b.len);
    gbuf_put(&b, dir.data, dir.len);
    if (gbuf_save(&b, path)) gen_die("cannot write %s", path);
    gbuf_free(&b);
    gbuf_free(&dir);
}

/* A .wal: miptex_t (name[32], width, height, offsets[4], animname[32],
 * flags, contents, value), then the mips; `cut` bytes kept (0: all). */
static void write_wal(const char *path, uint32_t w, uint32_t h, int mip3_past, size_t cut)
{
    gbuf b;
    char name[32];
    miptex m;
    uint32_t k, i, j, o = 100;
    memset(&b, 0, sizeof b);
    memset(&m, 0, sizeof m);
    m.seed = 9, m.fence = 1, m.w = w, m.h = h;
    memset(name, 0, sizeof name);
    strcpy(name, "e1u1/tex_wal");
    gbuf_put(&b, name, 32);
    gbuf_le32(&b, w);
    gbuf_le32(&b, h);
    for (k = 0; k < 4; k++) {
        gbuf_le32(&b, k == 3 && mip3_past ? 0x00100000u : o);
        o += (w >> k) * (h >> k);
    }
    memset(name, 0, sizeof name);
    strcpy(name, "e1u1/tex_wal2");
    gbuf_put(&b, name, 32);
    gbuf_i32(&b, 1);
    gbuf_i32(&b, 2);
    gbuf_i32(&b, 3);
    for (k = 0; k < 4; k++)
        for (j = 0; j < (h >> k); j++)
            for (i = 0; i < (w >> k); i++) gbuf_u8(&b, texel(&m, (int)k, i, j));
    if (cut) b.len = cut;
    if (gbuf_save(&b, path)) gen_die("cannot write %s", path);
    gbuf_free(&b);
}

static void out_path(char *out, size_t n, const char *outdir, const char *file)
{
    if ((size_t)snprintf(out, n, "%s/tex/%s", outdir, file) >= n) gen_die("path too long");
}

void gen_texture_files(const char *outdir)
{
    static const miptex used[3] = {
        { "dev_measure01", 16, 16, 0, 0, 0, 0, 0, 0, 0, 0 },
        { "concretefloor01", 16, 16, 1, 0, 0, 0, 0, 0, 0, 0 },
        { "toolsnodraw", 16, 16, 2, 0, 0, 0, 0, 0, 0, 0 },
    };
    static const miptex q_more[] = {
        { "{fence", 16, 16, 3, 1, 0, 0, 0, 0, 0, 0 },
        { "*water1", 32, 16, 4, 0, 0, 0, 0, 0, 0, 0 },
        { "big256", 256, 256, 5, 0, 0, 0, 0, 0, 0, 0 },
        { "ext_wad2", 64, 32, 0, 0, 1, 0, 0, 0, 0, 0 },
        { "ext_absent", 16, 16, 0, 0, 1, 0, 0, 0, 0, 0 },
        { "bad_size12", 12, 16, 6, 0, 0, 0, 0, 0, 0, 0 },
        { "zero_h", 16, 0, 7, 0, 0, 0, 0, 0, 0, 0 },
        { .name = "bad_ofs", .w = 16, .h = 16, .seed = 8, .bad_ofs1 = 1 },
        { .name = "huge", .w = 0x40000000u, .h = 8, .seed = 9, .pixels_w = 16 },
        { .name = "mip_past", .w = 16, .h = 16, .seed = 10, .mip3_past = 1 },
    };
    static const miptex g_first = { "dev_measure01", 16, 16, 0, 0, 0, 1, 256, 0, 0, 0 };
    static const miptex g_more[] = {
        { "concretefloor01", 16, 16, 0, 0, 1, 1, 256, 0, 0, 0 },
        { "toolsnodraw", 16, 16, 0, 0, 1, 1, 256, 0, 0, 0 },
        { "{grate", 16, 16, 3, 1, 0, 1, 256, 0, 0, 0 },
        { "bad_count", 16, 16, 4, 0, 0, 1, 255, 0, 0, 0 },
        { "ext_twice", 16, 16, 0, 0, 1, 1, 256, 0, 0, 0 },
        { "ext_compressed", 16, 16, 0, 0, 1, 1, 256, 0, 0, 0 },
        { "ext_badwad", 16, 16, 0, 0, 1, 1, 256, 0, 0, 0 },
        { "ext_qpic", 16, 16, 0, 0, 1, 1, 256, 0, 0, 0 },
    };
    static const miptex g_last = { "pal_past", 16, 16, 5, 0, 0, 1, 256, 0, 0, 0 };
    /* the WADs' textures */
    static const miptex w_concrete = { "CONCRETEFLOOR01", 16, 16, 11, 0, 0, 1, 256, 0, 0, 0 };
    static const miptex w_nodraw = { "toolsnodraw", 32, 32, 12, 0, 0, 1, 256, 0, 0, 0 };
    static const miptex w_twice = { "ext_twice", 16, 16, 13, 0, 0, 1, 256, 0, 0, 0 };
    static const miptex w_twice2 = { "EXT_TWICE", 16, 16, 14, 0, 0, 1, 256, 0, 0, 0 };
    static const miptex w_badwad = { .name = "ext_badwad", .w = 0, .h = 16, .seed = 15, .own = 1, .pal_count = 256, .pixels_w = 16 };
    static const miptex w_decal = { "{decal", 16, 16, 16, 1, 0, 1, 256, 0, 0, 0 };
    static const miptex w_count = { "bad_count", 16, 16, 17, 0, 0, 1, 300, 0, 0, 0 };
    static const miptex w_qpic2 = { "ext_qpic", 16, 16, 18, 0, 0, 1, 256, 0, 0, 0 };
    static const miptex w_zero = { "ofs_zero", 16, 16, 19, 0, 1, 1, 256, 0, 0, 0 };
    static const miptex w_wad2 = { "EXT_WAD2", 64, 32, 20, 0, 0, 0, 0, 0, 0, 0 };
    static const unsigned char qpic[4 + 4 + 16] = { 4, 0, 0, 0, 4, 0, 0, 0, 1, 2, 3, 4 };
    static const unsigned char font[8] = { 'f', 'o', 'n', 't', 0, 1, 2, 3 };
    unsigned char pal[768];
    const miptex *recs[16];
    char path[1024];
    gbuf t;
    int k, n;
    for (k = 0; k < 768; k++) pal[k] = (unsigned char)(k / 3);
    if ((size_t)snprintf(path, sizeof path, "%s/tex", outdir) >= sizeof path) gen_die("path too long");
    mkdir(path, 0777);   /* may exist */

    /* q1_tex, bsp2_tex: the Quake palette */
    n = 0;
    for (k = 0; k < 3; k++) recs[n++] = &used[k];
    recs[n++] = &q_more[0];
    recs[n++] = &q_more[1];
    recs[n++] = &q_more[2];
    recs[n++] = NULL;
    for (k = 3; k < (int)(sizeof q_more / sizeof q_more[0]); k++) recs[n++] = &q_more[k];
    memset(&t, 0, sizeof t);
    miptex_lump(&t, recs, n, 1, "cut_header", NULL, 0);
    with_textures(outdir, "q1", "q1_tex", &t);
    with_textures(outdir, "bsp2", "bsp2_tex", &t);
    gbuf_free(&t);

    /* goldsrc_tex: own palettes, the last one cut short */
    n = 0;
    recs[n++] = &g_first;
    for (k = 0; k < (int)(sizeof g_more / sizeof g_more[0]); k++) recs[n++] = &g_more[k];
    memset(&t, 0, sizeof t);
    miptex_lump(&t, recs, n, 0, NULL, &g_last, 100);
    with_textures(outdir, "goldsrc", "goldsrc_tex", &t);
    gbuf_free(&t);

    {
        const wad_lump hl[] = {
            { "CONCRETEFLOOR01", WAD_MIPTEX3, 0, &w_concrete, NULL, 0, 0 },
            { "toolsnodraw", WAD_MIPTEX3, 0, &w_nodraw, NULL, 0, 0 },
            { "ext_twice", WAD_MIPTEX3, 0, &w_twice, NULL, 0, 0 },
            { "ext_compressed", WAD_MIPTEX3, 1, &w_twice, NULL, 0, 0 },
            { "ext_badwad", WAD_MIPTEX3, 0, &w_badwad, NULL, 0, 0 },
            { "ext_qpic", 0x42, 0, NULL, qpic, sizeof qpic, 0 },
            { "palette", 0x40, 0, NULL, pal, sizeof pal, 0 },
            { "font", 0x46, 0, NULL, font, sizeof font, 0 },
            { "{decal", WAD_MIPTEX3, 0, &w_decal, NULL, 0, 0 },
            { "bad_count", WAD_MIPTEX3, 0, &w_count, NULL, 0, 0 },
            { "ofs_zero", WAD_MIPTEX3, 0, &w_zero, NULL, 0, 0 },
            { "past_end", WAD_MIPTEX3, 0, &w_twice, NULL, 0, 1 },
        };
        const wad_lump hl2[] = {
            { "EXT_TWICE", WAD_MIPTEX3, 0, &w_twice2, NULL, 0, 0 },
            { "ext_qpic", WAD_MIPTEX3, 0, &w_qpic2, NULL, 0, 0 },
        };
        const wad_lump q1[] = {
            { "palette", 0x40, 0, NULL, pal, sizeof pal, 0 },
            { "EXT_WAD2", WAD_MIPTEX2, 0, &w_wad2, NULL, 0, 0 },
            { "conback", 0x42, 0, NULL, qpic, sizeof qpic, 0 },
        };
        out_path(path, sizeof path, outdir, "hl_tex.wad");
        write_wad(path, 3, hl, (int)(sizeof hl / sizeof hl[0]));
        out_path(path, sizeof path, outdir, "hl_tex2.wad");
        write_wad(path, 3, hl2, (int)(sizeof hl2 / sizeof hl2[0]));
        out_path(path, sizeof path, outdir, "q1_tex.wad");
        write_wad(path, 2, q1, (int)(sizeof q1 / sizeof q1[0]));
    }
    out_path(path, sizeof path, outdir, "tex.wal");
    write_wal(path, 32, 16, 0, 0);
    out_path(path, sizeof path, outdir, "tex_bad.wal");
    write_wal(path, 12, 16, 0, 0);
    out_path(path, sizeof path, outdir, "tex_past.wal");
    write_wal(path, 32, 16, 1, 0);
    out_path(path, sizeof path, outdir, "tex_short.wal");
    write_wal(path, 32, 16, 0, 60);
}
