/* SPDX-License-Identifier: MIT */
/* grid.c - LIGHTGRID_OCTREE lumps for generated maps (grid.h): the bytes
 * from the description, and the answers at grid points from the same
 * description (which box holds a point, the point's hashed samples), never
 * from the bytes. */
#include "grid.h"
#include "bspx.h"

#include <string.h>
#include <sys/stat.h>

#define MISSING 0x40000000u
#define LEAF 0x80000000u
#define MISSING_ODD 0xC0000003u   /* bits 30 and 31: missing is tested first */

static const int styles[4] = { 0, 1, 5, 32 };

typedef struct {
    int32_t lo[3], hi[3];         /* the box [lo, hi) */
} box;

/* Box of child `o` of a node splitting `in` at mid (bit 2 of o: x). */
static box child_box(const box *in, const int32_t mid[3], int o)
{
    box b;
    int a;
    for (a = 0; a < 3; a++) {
        int high = o >> (2 - a) & 1;
        b.lo[a] = high ? mid[a] : in->lo[a];
        b.hi[a] = high ? in->hi[a] : mid[a];
        if (b.hi[a] < b.lo[a]) b.hi[a] = b.lo[a];
    }
    return b;
}

static void grid_box(const gen_grid *g, box *b)
{
    int a;
    for (a = 0; a < 3; a++) {
        b->lo[a] = 0;
        b->hi[a] = g->size[a];
    }
}

static void node1_mid(const gen_grid *g, int32_t mid[3])
{
    box all, b7;
    int a;
    grid_box(g, &all);
    b7 = child_box(&all, g->split, 7);
    for (a = 0; a < 3; a++) mid[a] = (b7.lo[a] + b7.hi[a]) / 2;
}

/* The leaf box of root octant o (sub-octant s of node 1 when o is 7);
 * 0 when that child is missing. */
static int leaf_box(const gen_grid *g, int o, int s, box *out)
{
    box all;
    grid_box(g, &all);
    if (o == 3) return 0;
    *out = child_box(&all, g->split, o);
    if (o == 6 && out->hi[0] > out->lo[0]) out->hi[0]--;   /* one short along x */
    if (o == 7) {
        int32_t mid[3];
        if (s == 5) return 0;
        node1_mid(g, mid);
        *out = child_box(out, mid, s);
    }
    return 1;
}

static int octant(const int32_t c[3], const int32_t mid[3])
{
    return (c[0] >= mid[0]) << 2 | (c[1] >= mid[1]) << 1 | (c[2] >= mid[2]);
}

/* Point (x, y, z)'s samples: its count (-1: missing), pairs in pr. */
static int point_samples(const gen_grid *g, const int32_t c[3], unsigned char pr[3][4])
{
    uint32_t h = gen_hash32((uint32_t)c[0], (uint32_t)c[1], (uint32_t)c[2], g->seed);
    int kind = (int)(h % 10), n, i;
    if (kind < 2) return -1;
    if (kind == 2) return 0;
    n = 1 + (int)(h >> 4) % 3;
    for (i = 0; i < n; i++) {
        uint32_t k = gen_hash32(h, (uint32_t)i, 7, g->seed);
        pr[i][0] = (unsigned char)styles[i == 2 ? (h >> 8) % 4 : (h >> (8 + 2 * i)) % 4];
        pr[i][1] = (unsigned char)k;
        pr[i][2] = (unsigned char)(k >> 8);
        pr[i][3] = (unsigned char)(k >> 16);
    }
    return n;
}

/* Does grid point c have data (by the description)? *count, pr: its samples. */
static int present(const gen_grid *g, const int32_t c[3], int *count, unsigned char pr[3][4])
{
    int32_t mid[3];
    int a, o, s = 0;
    box b;
    for (a = 0; a < 3; a++)
        if (c[a] < 0 || c[a] >= g->size[a]) return 0;
    o = octant(c, g->split);
    if (o == 7) {
        node1_mid(g, mid);
        s = octant(c, mid);
    }
    if (!leaf_box(g, o, s, &b)) return 0;
    for (a = 0; a < 3; a++)
        if (c[a] < b.lo[a] || c[a] >= b.hi[a]) return 0;
    *count = point_samples(g, c, pr);
    return *count >= 0;
}

static void put_leaf(gbuf *out, const gen_grid *g, const box *b, int negative)
{
    int32_t c[3], size[3];
    int a;
    for (a = 0; a < 3; a++) {
        gbuf_i32(out, b->lo[a]);
        size[a] = b->hi[a] - b->lo[a];
    }
    for (a = 0; a < 3; a++) gbuf_i32(out, negative && a == 1 ? -1 : size[a]);
    if (negative) return;
    for (c[2] = b->lo[2]; c[2] < b->hi[2]; c[2]++)
        for (c[1] = b->lo[1]; c[1] < b->hi[1]; c[1]++)
            for (c[0] = b->lo[0]; c[0] < b->hi[0]; c[0]++) {
                unsigned char pr[3][4];
                int n = point_samples(g, c, pr);
                gbuf_u8(out, n < 0 ? 255u : (unsigned)n);
                if (n > 0) gbuf_put(out, pr, 4 * (size_t)n);
            }
}

void gen_grid_lump(const gen_grid *g, gbuf *out)
{
    uint32_t root[8], sub[8];
    box boxes[16], all;
    int32_t mid1[3];
    int nleafs = 0, o, a, k;
    size_t start = out->len;

    grid_box(g, &all);
    node1_mid(g, mid1);
    for (o = 0; o < 8; o++) {
        if (o == 3) {
            root[o] = MISSING_ODD;
        } else if (o == 7) {
            root[o] = 1;
        } else {
            leaf_box(g, o, 0, &boxes[nleafs]);
            root[o] = LEAF | (uint32_t)nleafs++;
        }
    }
    for (o = 0; o < 8; o++) {
        if (!leaf_box(g, 7, o, &boxes[nleafs])) {
            sub[o] = MISSING;
        } else {
            sub[o] = LEAF | (uint32_t)nleafs++;
        }
    }
    switch (g->hostile) {
    case GEN_GRID_CYCLE: sub[0] = 0; break;
    case GEN_GRID_TWICE: root[3] = 1; break;
    case GEN_GRID_LEAF_RANGE: root[0] = LEAF | (uint32_t)nleafs; break;
    case GEN_GRID_NODE_RANGE: root[0] = 2; break;
    default: break;
    }
    for (a = 0; a < 3; a++) gbuf_f32(out, g->hostile == GEN_GRID_STEP && a == 1 ? 0.0f : g->step[a]);
    for (a = 0; a < 3; a++) gbuf_i32(out, g->size[a]);
    for (a = 0; a < 3; a++) gbuf_f32(out, g->mins[a]);
    gbuf_u8(out, 4);                 /* numstyles */
    gbuf_le32(out, 0);               /* rootnode */
    gbuf_le32(out, g->hostile == GEN_GRID_COUNTS ? 97612894u : 2u);   /* 44 * that wraps to 40 */
    for (a = 0; a < 3; a++) gbuf_i32(out, g->split[a]);
    for (k = 0; k < 8; k++) gbuf_le32(out, root[k]);
    for (a = 0; a < 3; a++) gbuf_i32(out, mid1[a]);
    for (k = 0; k < 8; k++) gbuf_le32(out, sub[k]);
    gbuf_le32(out, (uint32_t)nleafs);
    for (k = 0; k < nleafs; k++) put_leaf(out, g, &boxes[k], g->hostile == GEN_GRID_NEG_LEAF && k == 0);
    if (g->hostile == GEN_GRID_SHORT && out->len > start) out->len--;
    if (g->hostile == GEN_GRID_LONG) gbuf_u8(out, 0);
}

static void point_text(const gen_grid *g, const int32_t c[3], char *out, size_t n)
{
    char t[3][40];
    int a;
    for (a = 0; a < 3; a++) gen_fmt_coord(t[a], sizeof t[a], g->mins[a] + g->step[a] * (float)c[a]);
    snprintf(out, n, "%s %s %s", t[0], t[1], t[2]);
}

void gen_grid_expect(const gen_grid *g, gbuf *q, gbuf *e)
{
    static const int asked[5] = { 0, 1, 5, 32, 7 };
    gen_rng rng;
    int i;
    rng.s = g->seed;
    for (i = 0; i < 120; i++) {
        int32_t c[3];
        unsigned char pr[3][4];
        int a, k, count, mask = 0, style = asked[i % 5];
        float rgb[3] = { 0, 0, 0 };
        char text[160];
        for (a = 0; a < 3; a++) c[a] = gen_rng_range(&rng, -1, g->size[a]);
        point_text(g, c, text, sizeof text);
        if (style == 0 && i % 10 == 0) gbuf_printf(q, "ambient %s\n", text);
        else gbuf_printf(q, "ambient %s %d\n", text, style);
        if (g->hostile) {
            gbuf_printf(e, "{\"q\":\"ambient\",\"error\":\"no_ambient\"}\n");
            continue;
        }
        for (k = 0; k < 8; k++) {
            int32_t d[3];
            for (a = 0; a < 3; a++) d[a] = c[a] + (k >> a & 1);
            if (present(g, d, &count, pr)) mask |= 1 << k;
        }
        if (!mask) {
            gbuf_printf(e, "{\"q\":\"ambient\",\"error\":\"no_ambient\"}\n");
            continue;
        }
        /* the first sample of the style; black without one */
        if (mask & 1) {
            present(g, c, &count, pr);
            for (k = 0; k < count; k++)
                if (pr[k][0] == style) {
                    for (a = 0; a < 3; a++) rgb[a] = (float)pr[k][1 + a] / 255.0f;
                    break;
                }
        }
        gbuf_printf(e, "{\"q\":\"ambient\",\"cell\":[%d,%d,%d],\"mask\":%d,\"ambient\":[%.9g,%.9g,%.9g]}\n",
                    (int)c[0], (int)c[1], (int)c[2], mask, (double)rgb[0], (double)rgb[1], (double)rgb[2]);
    }
    /* a style outside 0..255 */
    gbuf_printf(q, "ambient 0 0 0 256\n");
    gbuf_printf(e, "{\"q\":\"ambient\",\"error\":\"bad_query\"}\n");
}

static void save(const gbuf *b, const char *dir, const char *name, const char *ext)
{
    char path[1024];
    if ((size_t)snprintf(path, sizeof path, "%s/%s%s", dir, name, ext) >= sizeof path ||
        gbuf_save(b, path) != 0)
        gen_die("cannot write %s/%s%s", dir, name, ext);
}

/* One map: base's file with the lumps l[0 .. n-1] in a BSPX directory. */
static void write_map(const char *outdir, const char *base, const char *name, int place,
                      const gen_grid *g, const gen_bspx_lump *l, int n)
{
    char in[1024], dir[1024], out[1024];
    gbuf q, e;
    FILE *f;
    if ((size_t)snprintf(in, sizeof in, "%s/%s.bsp", outdir, base) >= sizeof in ||
        (size_t)snprintf(dir, sizeof dir, "%s/grid", outdir) >= sizeof dir)
        gen_die("path too long: %s", outdir);
    f = fopen(in, "rb");
    if (!f) {
        fprintf(stderr, "bspgen: grid/%s left out: %s was not written\n", name, in);
        return;
    }
    fclose(f);
    if ((size_t)snprintf(out, sizeof out, "%s/%s.bsp", dir, name) >= sizeof out)
        gen_die("path too long: %s", dir);
    gen_bspx_write(in, out, place, l, n, -1);
    {   /* the grid alone: a seed for the grid fuzz target */
        gbuf lump;
        memset(&lump, 0, sizeof lump);
        gbuf_put(&lump, l[0].data, l[0].len);
        save(&lump, dir, name, ".lump");
        gbuf_free(&lump);
    }
    memset(&q, 0, sizeof q);
    memset(&e, 0, sizeof e);
    gen_grid_expect(g, &q, &e);
    save(&q, dir, name, ".queries");
    save(&e, dir, name, ".expected");
    gbuf_free(&q);
    gbuf_free(&e);
}

void gen_grid_variants(const char *outdir)
{
    static const struct { const char *base; float step[3], mins[3]; int32_t size[3], split[3]; }
        fams[4] = {
            { "q1", { 32, 16, 64 }, { -64, 32, -128 }, { 9, 7, 5 }, { 4, 3, 2 } },
            { "goldsrc", { 16, 16, 16 }, { -256, -256, 0 }, { 6, 8, 6 }, { 2, 5, 3 } },
            { "bsp2", { 64, 32, 8 }, { 0, -96, 40 }, { 5, 10, 4 }, { 3, 3, 1 } },
            { "q2", { 32, 32, 32 }, { -512, 512, -32 }, { 8, 8, 8 }, { 4, 4, 4 } },
        };
    static const char *const kinds[GEN_GRID_KINDS] = {
        "ok", "cycle", "twice", "leaf_range", "node_range", "short", "long", "step", "neg_leaf",
        "counts" };
    char dir[1024], name[128];
    int i, k;
    if ((size_t)snprintf(dir, sizeof dir, "%s/grid", outdir) >= sizeof dir)
        gen_die("path too long: %s", outdir);
    mkdir(dir, 0777);    /* may exist */
    for (i = 0; i < 4; i++) {
        gen_grid g;
        gbuf good, bad;
        gen_bspx_lump l[2];
        memset(&g, 0, sizeof g);
        memcpy(g.step, fams[i].step, sizeof g.step);
        memcpy(g.mins, fams[i].mins, sizeof g.mins);
        memcpy(g.size, fams[i].size, sizeof g.size);
        memcpy(g.split, fams[i].split, sizeof g.split);
        g.seed = 101u + (uint32_t)i;
        memset(&good, 0, sizeof good);
        gen_grid_lump(&g, &good);
        /* a second entry of the same name (a cycling grid) after it: the
         * first wins */
        g.hostile = GEN_GRID_CYCLE;
        memset(&bad, 0, sizeof bad);
        gen_grid_lump(&g, &bad);
        g.hostile = GEN_GRID_OK;
        memset(l, 0, sizeof l);
        l[0].name = "LIGHTGRID_OCTREE";
        l[0].data = good.data;
        l[0].len = (uint32_t)good.len;
        l[1] = l[0];
        l[1].data = bad.data;
        l[1].len = (uint32_t)bad.len;
        snprintf(name, sizeof name, "%s_grid", fams[i].base);
        write_map(outdir, fams[i].base, name, GEN_BSPX_AFTER, &g, l, 2);
        if (i == 0) {
            gen_grid big = g;
            write_map(outdir, fams[i].base, "q1_grid_header", GEN_BSPX_HEADER, &g, l, 1);
            /* past BSP_GRID_FORWARD_MAX (64 KiB): about 400 KiB */
            big.size[0] = big.size[1] = big.size[2] = 40;
            big.split[0] = big.split[1] = big.split[2] = 17;
            memset(&bad, 0, sizeof bad);
            gen_grid_lump(&big, &bad);
            l[1].data = bad.data;
            l[1].len = (uint32_t)bad.len;
            write_map(outdir, fams[i].base, "q1_grid_big", GEN_BSPX_AFTER, &big, l + 1, 1);
            gbuf_free(&bad);
        }
        gbuf_free(&bad);
        gbuf_free(&good);
        /* each hostile grid on quake, the tree ones on quake2 too */
        for (k = 1; k < GEN_GRID_KINDS; k++) {
            if (i == 1 || i == 2 || (i == 3 && k != GEN_GRID_CYCLE && k != GEN_GRID_TWICE)) continue;
            g.hostile = k;
            memset(&bad, 0, sizeof bad);
            gen_grid_lump(&g, &bad);
            l[0].data = bad.data;
            l[0].len = (uint32_t)bad.len;
            snprintf(name, sizeof name, "%s_grid_%s", fams[i].base, kinds[k]);
            write_map(outdir, fams[i].base, name, GEN_BSPX_AFTER, &g, l, 1);
            gbuf_free(&bad);
        }
    }
}
