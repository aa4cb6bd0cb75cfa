/* SPDX-License-Identifier: MIT */
/* repack.c - `bspgen --repack IN OUT`: a PC Source map as `bspzip -repack`
 * rewrites it (Source SDK 2013, utils/common/bsplib.cpp RepackBSP and
 * CompressGameLump, read, not copied): the lumps in their file order, each
 * at a 4-byte boundary (the pakfile at 2048); every non-empty lump but the
 * game lump (35) and the pakfile (40) LZMA-compressed with Valve's header,
 * its lump_t keeping the version and giving the compressed length and, in
 * the fourth field, the uncompressed size; the game lump's directory one
 * entry longer, each non-empty sub-lump compressed on its own (flags bit 0
 * set, the length field left at the uncompressed size, the offset counted
 * from the file's start and 4-byte aligned), and the added last entry all
 * zeros (CompressGameLump means to store the data's end there but writes it
 * past the buffer it saves, so the file keeps the zeros). The pakfile is
 * copied byte for byte (bspzip rebuilds the zip without changing its
 * entries). Valve's settings: lc 3, lp 0, pb 2, 256 KiB, no end marker. */
#include <stdlib.h>
#include <string.h>

#include "lzma_enc.h"
#include "repack.h"

#define HEADER 1036u
#define LUMPS 64
#define GAME_LUMP 35
#define PAKFILE 40

static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void set_le32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)v, p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16), p[3] = (unsigned char)(v >> 24);
}

static void align(gbuf *b, size_t a)
{
    gbuf_zero(b, (a - b->len % a) % a);
}

/* lump_t field positions: Valve's {fileofs, filelen, version, fourCC} or
 * Left 4 Dead 2's {version, fileofs, filelen, fourCC}. */
typedef struct { int ofs, len, ver; } lump_order;

static int directory_fits(const unsigned char *f, size_t n, const lump_order *o)
{
    int i;
    for (i = 0; i < LUMPS; i++) {
        const unsigned char *e = f + 8 + 16 * i;
        uint32_t ofs = le32(e + o->ofs), len = le32(e + o->len);
        if (len && (ofs < HEADER || len > n || ofs > n - len)) return 0;
    }
    return 1;
}

static void compress_into(gbuf *out, const unsigned char *p, size_t n)
{
    static const gen_lzma valve = GEN_LZMA_VALVE;
    gen_lzma_lump(&valve, p, n, out);
}

/* CompressGameLump: the directory one entry longer (the zero entry), then
 * each sub-lump compressed, 4-byte aligned, offsets from the file start. */
static void repack_game_lump(const unsigned char *f, uint32_t gofs, uint32_t glen, gbuf *out)
{
    uint32_t n = glen >= 4 ? le32(f + gofs) : 0, k, dir;
    if (glen < 4 || n > (glen - 4) / 16) gen_die("repack: bad game lump directory");
    dir = (uint32_t)out->len;
    gbuf_put(out, f + gofs, 4 + 16 * (size_t)n);
    gbuf_zero(out, 16);   /* the closing entry, all zeros */
    set_le32(out->data + dir, n + 1);
    for (k = 0; k < n; k++) {
        unsigned char *e = out->data + dir + 4 + 16 * k;
        uint32_t flags = (uint32_t)e[4] | (uint32_t)e[5] << 8, sofs = le32(e + 8), slen = le32(e + 12);
        if (flags & 1) gen_die("repack: the game lump is compressed already");
        if (slen && (sofs < gofs || sofs - gofs > glen || slen > glen - (sofs - gofs)))
            gen_die("repack: a game sub-lump outside the game lump");
        align(out, 4);
        e = out->data + dir + 4 + 16 * k;   /* (the buffer may have moved) */
        set_le32(e + 8, (uint32_t)out->len);
        if (slen) {
            e[4] = (unsigned char)(flags | 1);
            compress_into(out, f + sofs, slen);
        }
    }
}

int gen_repack(const char *in, const char *out_path)
{
    static const lump_order valve = {0, 4, 8}, l4d2 = {4, 8, 0};
    const lump_order *o;
    FILE *fp = fopen(in, "rb");
    unsigned char *f;
    long n = 0;
    gbuf out = {0};
    int order[LUMPS], i, k;
    if (!fp || fseek(fp, 0, SEEK_END) || (n = ftell(fp)) < (long)HEADER || fseek(fp, 0, SEEK_SET))
        gen_die("repack: cannot read %s", in);
    f = malloc((size_t)n);
    if (!f || fread(f, 1, (size_t)n, fp) != (size_t)n) gen_die("repack: cannot read %s", in);
    fclose(fp);
    if (memcmp(f, "VBSP", 4) != 0) gen_die("repack: %s is not a little-endian VBSP file", in);
    o = directory_fits(f, (size_t)n, &valve) ? &valve : directory_fits(f, (size_t)n, &l4d2) ? &l4d2 : NULL;
    if (!o) gen_die("repack: %s: lumps outside the file", in);
    /* RepackBSP walks the lumps by file offset */
    for (i = 0; i < LUMPS; i++) order[i] = i;
    for (i = 1; i < LUMPS; i++)
        for (k = i; k > 0 && le32(f + 8 + 16 * order[k - 1] + o->ofs) > le32(f + 8 + 16 * order[k] + o->ofs); k--) {
            int t = order[k];
            order[k] = order[k - 1], order[k - 1] = t;
        }
    gbuf_put(&out, f, HEADER);
    for (i = 0; i < LUMPS; i++) {
        int L = order[i];
        unsigned char *src = f + 8 + 16 * L;
        uint32_t ofs = le32(src + o->ofs), len = le32(src + o->len), at;
        if (le32(src + 12)) gen_die("repack: lump %d is compressed already", L);
        set_le32(out.data + 8 + 16 * L + o->ofs, 0);
        set_le32(out.data + 8 + 16 * L + o->len, 0);
        if (!len) continue;
        align(&out, L == PAKFILE ? 2048 : 4);
        at = (uint32_t)out.len;
        if (L == GAME_LUMP) {
            repack_game_lump(f, ofs, len, &out);
        } else if (L == PAKFILE) {
            gbuf_put(&out, f + ofs, len);
        } else {
            compress_into(&out, f + ofs, len);
            set_le32(out.data + 8 + 16 * L + 12, len);
        }
        set_le32(out.data + 8 + 16 * L + o->ofs, at);
        set_le32(out.data + 8 + 16 * L + o->len, (uint32_t)out.len - at);
    }
    if (gbuf_save(&out, out_path)) gen_die("repack: cannot write %s", out_path);
    gbuf_free(&out);
    free(f);
    return 0;
}
