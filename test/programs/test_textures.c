/* SPDX-License-Identifier: MIT */
/* test_textures.c - texture pixels, palettes, WAD and .wal files
 * (docs/queries.md 11.2; bspkit.h "Texture pixels and palettes").
 *
 *   test_textures [--palette LMP] [--wad WAD]... [MAP]... [--wal WAL]...
 *
 * Per map: bsp_texture_count against bsp_texture_get (BAD_TEXTURE at the
 * count and past it) and the bsp_texture_next walk; per texture with
 * pixels, every mip's size exactly (w >> k) * (h >> k), four times that
 * for RGBA8, a buffer of exactly that size filled with the bytes after it
 * untouched, one byte short refused with nothing written, RGBA8 equal to
 * its indices through its palette by 11.2's rule (alpha 0 for index 255
 * of a '{' texture); UNSUPPORTED and CORRUPT for the statuses without
 * pixels; NOT_LOADED without the texture lump. Per WAD given: every lump
 * read through a memory stream and through a stream that fails, every
 * miptex found by its name in capitals; the map's external textures
 * resolved through the WADs in their order. Hostile WADs and .wal files
 * made here: statuses, never a read outside the bytes. --palette: the
 * library's palette equals the file's bytes (SKIP when absent). --wal:
 * one line per file for the reference (bspref_tex.py wal) to compare,
 * after "WAL" lines' checks.
 */
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "../common/files.h"
#include "../common/held.h"
/* the digests the .wal lines print, as the tool computes them */
#include "../../tools/common/sha256.c"

#define GUARD 16
#define GUARD_BYTE 0xa5

/* A stream over bytes whose reads fail with `fail` at or past `fail_at`. */
typedef struct failing { const uint8_t *data; uint32_t size, fail_at; int fail; } failing;

static int failing_read(void *ctx, uint32_t offset, void *dst, uint32_t len)
{
    failing *f = (failing *)ctx;
    if (offset > f->size || len > f->size - offset) return BSP_READ_END;
    if ((uint64_t)offset + len > f->fail_at) return f->fail;
    memcpy(dst, f->data + offset, len);
    return 0;
}

static void failing_init(failing *f, bsp_stream *s, const uint8_t *data, uint32_t size, uint32_t fail_at, int fail)
{
    f->data = data, f->size = size, f->fail_at = fail_at, f->fail = fail;
    memset(s, 0, sizeof *s);
    s->read = failing_read;
    s->ctx = f;
    s->size = size;
}

/* The test's own RGBA8 of n indices (11.2's rule). */
static void expect_rgba(const uint8_t *idx, uint32_t n, const uint8_t *pal, int transparent, uint8_t *out)
{
    uint32_t i;
    for (i = 0; i < n; i++) {
        memcpy(out + 4 * i, pal + 3 * idx[i], 3);
        out[4 * i + 3] = transparent && idx[i] == 255 ? 0 : 255;
    }
}

static int guard_ok(const uint8_t *p, uint32_t n)
{
    uint32_t i;
    for (i = 0; i < n; i++)
        if (p[i] != GUARD_BYTE) return 0;
    return 1;
}

static struct {
    uint32_t textures, mips, short_refused, rgba_equal;
} tally;

/* Every mip of t: sizes exact, the buffer filled to its end and no
 * further, one byte short refused; RGBA8 = indices through the palette.
 * `pal`: the palette to hand over (NULL: the texture's own). */
static int check_mips(const bsp_texture *t, const uint8_t *pal)
{
    uint8_t own[BSP_PALETTE_BYTES];
    const uint8_t *use = pal;
    uint32_t k;
    int ok = 1;
    if (!use) {
        if (bsp_texture_palette(t, own) != BSP_OK) return 0;
        use = own;
    }
    for (k = 0; k < BSP_TEXTURE_MIPS; k++) {
        uint32_t n = (t->width >> k) * (t->height >> k), bi = 0, br = 0;
        uint8_t *idx, *rgba, *want;
        if (bsp_texture_mip_bytes(t, k, BSP_PIXELS_INDEXED, &bi) != BSP_OK || bi != n) return 0;
        if (bsp_texture_mip_bytes(t, k, BSP_PIXELS_RGBA8, &br) != BSP_OK || br != 4 * n) return 0;
        idx = malloc(n + GUARD);
        rgba = malloc(4 * n + GUARD);
        want = malloc(4 * n);
        if (!idx || !rgba || !want) exit(2);
        memset(idx, GUARD_BYTE, n + GUARD);
        memset(rgba, GUARD_BYTE, 4 * n + GUARD);
        /* one byte short: refused, nothing written */
        if (bsp_texture_mip(t, k, BSP_PIXELS_INDEXED, pal, idx, n - 1) != BSP_E_BAD_ARGUMENT ||
            bsp_texture_mip(t, k, BSP_PIXELS_RGBA8, pal, rgba, 4 * n - 1) != BSP_E_BAD_ARGUMENT ||
            !guard_ok(idx, n + GUARD) || !guard_ok(rgba, 4 * n + GUARD))
            ok = 0;
        else
            tally.short_refused += 2;
        if (bsp_texture_mip(t, k, BSP_PIXELS_INDEXED, pal, idx, n) != BSP_OK ||
            bsp_texture_mip(t, k, BSP_PIXELS_RGBA8, pal, rgba, 4 * n) != BSP_OK ||
            !guard_ok(idx + n, GUARD) || !guard_ok(rgba + 4 * n, GUARD))
            ok = 0;
        expect_rgba(idx, n, use, t->transparent255, want);
        if (ok && memcmp(want, rgba, 4 * n) == 0) tally.rgba_equal++;
        else ok = 0;
        tally.mips++;
        free(idx);
        free(rgba);
        free(want);
    }
    return ok;
}

/* The calls on a texture without pixels, or a corrupt one. */
static int check_no_pixels(const bsp_texture *t)
{
    uint8_t buf[64], pal[BSP_PALETTE_BYTES];
    uint32_t b = 7;
    bsp_status want = t->status == BSP_TEXTURE_CORRUPT ? BSP_E_CORRUPT : BSP_E_UNSUPPORTED;
    bsp_status pal_want = t->palette == BSP_PALETTE_NONE || t->palette == BSP_PALETTE_CALLER
                              ? BSP_E_UNSUPPORTED : BSP_E_CORRUPT;
    return bsp_texture_mip_bytes(t, 0, BSP_PIXELS_INDEXED, &b) == want && b == 0 &&
           bsp_texture_mip(t, 0, BSP_PIXELS_RGBA8, NULL, buf, sizeof buf) == want &&
           bsp_texture_palette(t, pal) == pal_want;
}

static bsp_wad wads[8];
static uint32_t nwads;

static void check_map(const char *name, const uint8_t *data, uint32_t size, int index, const char *api)
{
    bsp_options o = held_options(BSP_LOAD_GEOMETRY);
    held H;
    bsp_texture t, u, w;
    uint32_t count = 0, k, which, bad = 0, walked = 0, pixels = 0, external = 0, found = 0;
    char label[300];
    (void)index, (void)api;
    if (held_load(&H, data, size, &o) != BSP_OK) {
        free(H.arena);
        check_skip(name, "does not load");
        return;
    }
    snprintf(label, sizeof label, "%s: table", name);
    if (bsp_texture_count(&H.m, &count) != BSP_OK) {
        CHECK(0, label, "bsp_texture_count failed");
        free(H.arena);
        return;
    }
    CHECK(bsp_texture_get(&H.m, count, &t) == BSP_E_BAD_TEXTURE &&
          bsp_texture_get(&H.m, 0xffffffffu, &t) == BSP_E_BAD_TEXTURE &&
          bsp_texture_get(&H.m, 0, NULL) == BSP_E_BAD_ARGUMENT &&
          bsp_texture_count(&H.m, NULL) == BSP_E_BAD_ARGUMENT,
          label, "%u entries: bad_texture at the count, bad_argument for NULL", (unsigned)count);
    /* the walk equals the indexed reads */
    for (k = 0; k < count; k++) {
        bsp_status st = k ? bsp_texture_next(&H.m, &u) : bsp_texture_get(&H.m, 0, &u);
        if (st != BSP_OK || bsp_texture_get(&H.m, k, &t) != BSP_OK || memcmp(&t, &u, sizeof t) != 0) bad++;
        walked++;
        tally.textures++;
        if (t.status == BSP_TEXTURE_EMBEDDED) {
            pixels++;
            if (!check_mips(&t, NULL)) {
                bad++;
                printf("  %s: texture %u '%s': mips\n", name, (unsigned)k, t.name);
            }
        } else if (!check_no_pixels(&t)) {
            bad++;
            printf("  %s: texture %u '%s': statuses without pixels\n", name, (unsigned)k, t.name);
        }
        if (t.status == BSP_TEXTURE_EXTERNAL && nwads) {
            external++;
            if (bsp_texture_from_wads(&t, wads, nwads, &w, &which) == BSP_OK) {
                bsp_wad_lump l;
                found++;
                /* the first WAD that has it, none before it */
                if (which >= nwads || bsp_wad_lump_get(&wads[which], w.index, &l) != BSP_OK) bad++;
                for (; which < nwads && which > 0; which--)
                    if (bsp_wad_find(&wads[which - 1], t.name, &l) == BSP_OK &&
                        (l.type == BSP_WAD_MIPTEX3 || l.type == BSP_WAD_MIPTEX2)) bad++;
                if (w.status == BSP_TEXTURE_EMBEDDED && !check_mips(&w, NULL)) bad++;
            }
        }
    }
    if (count) CHECK(bsp_texture_next(&H.m, &u) == BSP_E_END, label, "the walk ends with END");
    CHECK(bad == 0 && walked == count, label,
          "%u entries walked of %u, %u with pixels, %u external (%u found): %u wrong", (unsigned)walked,
          (unsigned)count, (unsigned)pixels, (unsigned)external, (unsigned)found, (unsigned)bad);
    free(H.arena);
    /* the texture lump left out */
    o = held_options(BSP_LOAD_ENTITIES);
    if (held_load(&H, data, size, &o) == BSP_OK) {
        snprintf(label, sizeof label, "%s: texture lump left out", name);
        CHECK(bsp_texture_count(&H.m, &count) == BSP_E_NOT_LOADED &&
              bsp_texture_get(&H.m, 0, &t) == BSP_E_NOT_LOADED, label, "not not_loaded");
    }
    free(H.arena);
}

/* ---- WADs ------------------------------------------------------------------ */

/* One miptex lump of a WAD read through a stream that fails: IO from a
 * failing read, TRUNCATED from one that ends. */
static int check_failing_reads(const bsp_wad *w, const bsp_wad_lump *l, const uint8_t *data, uint32_t size)
{
    failing fl;
    bsp_stream fs;
    bsp_wad w2 = *w;
    bsp_texture t;
    uint8_t pal[BSP_PALETTE_BYTES], buf[4 * 64];
    int ok = 1;
    failing_init(&fl, &fs, data, size, size, 2);
    w2.stream = &fs;
    if (bsp_wad_texture(&w2, l, &t) != BSP_OK || t.status != BSP_TEXTURE_EMBEDDED) return 0;
    fl.fail_at = (uint32_t)l->filepos + 40;   /* everything after the header fails */
    if (bsp_texture_mip(&t, 3, BSP_PIXELS_INDEXED, NULL, buf, sizeof buf) != BSP_E_IO) ok = 0;
    if (bsp_texture_mip(&t, 3, BSP_PIXELS_RGBA8, NULL, buf, sizeof buf) != BSP_E_IO) ok = 0;
    if (w->version == 3 && bsp_texture_palette(&t, pal) != BSP_E_IO) ok = 0;
    if (bsp_wad_texture(&w2, l, &t) != (w->version == 3 ? BSP_E_IO : BSP_OK)) ok = 0;
    fl.fail = BSP_READ_END;
    fl.fail_at = (uint32_t)l->filepos + 8;   /* the header's own read ends */
    if (bsp_wad_texture(&w2, l, &t) != BSP_E_TRUNCATED) ok = 0;
    return ok;
}

static void check_wad(const char *path, const uint8_t *data, uint32_t size, bsp_wad *keep, bsp_stream *ks,
                      bsp_memstream *kms)
{
    bsp_wad w;
    bsp_wad_lump l, f;
    bsp_texture t;
    uint32_t k, textures = 0, bad = 0;
    char label[300], upper[32];
    snprintf(label, sizeof label, "%s: WAD", path);
    bsp_memstream_init(kms, ks, data, size);
    if (bsp_wad_open(&w, ks) != BSP_OK) {
        CHECK(0, label, "does not open");
        return;
    }
    *keep = w;
    for (k = 0; k < w.count; k++) {
        uint32_t c;
        if (bsp_wad_lump_get(&w, k, &l) != BSP_OK || l.index != k) {
            bad++;
            continue;
        }
        /* found by its name in capitals: this entry or an earlier one of that name */
        for (c = 0; c <= l.name_len; c++)
            upper[c] = (char)(l.name[c] >= 'a' && l.name[c] <= 'z' ? l.name[c] - 32 : l.name[c]);
        if (bsp_wad_find(&w, upper, &f) != BSP_OK || f.index > k) bad++;
        if (l.type != BSP_WAD_MIPTEX3 && l.type != BSP_WAD_MIPTEX2) {
            if (bsp_wad_texture(&w, &l, &t) != BSP_E_UNSUPPORTED) bad++;
            continue;
        }
        if (bsp_wad_texture(&w, &l, &t) != BSP_OK) {
            if (l.compression == 0) bad++;
            continue;
        }
        if (t.status != BSP_TEXTURE_EMBEDDED) {
            if (!check_no_pixels(&t)) bad++;
            continue;
        }
        textures++;
        tally.textures++;
        if (!check_mips(&t, NULL) || !check_failing_reads(&w, &l, data, size)) {
            bad++;
            printf("  %s: lump %u '%s'\n", path, (unsigned)k, l.name);
        }
    }
    CHECK(bad == 0 && bsp_wad_find(&w, "no such texture", &f) == BSP_E_BAD_QUERY &&
          bsp_wad_lump_get(&w, w.count, &l) == BSP_E_BAD_QUERY, label,
          "%u lumps, %u textures (through failing streams too): %u wrong", (unsigned)w.count,
          (unsigned)textures, (unsigned)bad);
}

/* A WAD made here: header, then `n` entries at `dir`, in `size` bytes. */
static uint32_t put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
    return v;
}

static bsp_status open_bytes(const uint8_t *b, uint32_t size, bsp_wad *w)
{
    static bsp_memstream ms;
    static bsp_stream s;
    bsp_memstream_init(&ms, &s, b, size);
    return bsp_wad_open(w, &s);
}

static void hostile_wads(void)
{
    uint8_t *b = calloc(1, 4096);
    bsp_wad w, none[2];
    bsp_wad_lump l;
    bsp_texture t, out;
    bsp_memstream ms;
    bsp_stream s;
    uint32_t which = 9;
    int ok;
    if (!b) exit(2);
    memcpy(b, "WAD9", 4);
    CHECK(open_bytes(b, 64, &w) == BSP_E_BAD_MAGIC, "hostile WAD: magic", "not bad_magic");
    memcpy(b, "WAD3", 4);
    CHECK(open_bytes(b, 8, &w) == BSP_E_TRUNCATED, "hostile WAD: 8 bytes", "not truncated");
    put32(b + 4, 0xffffffffu);
    put32(b + 8, 12);
    CHECK(open_bytes(b, 64, &w) == BSP_E_CORRUPT, "hostile WAD: count -1", "not corrupt");
    put32(b + 4, 2);
    put32(b + 8, 64 - 32);
    CHECK(open_bytes(b, 64, &w) == BSP_E_CORRUPT, "hostile WAD: directory past the end", "not corrupt");
    put32(b + 4, 1);
    put32(b + 8, 4);
    CHECK(open_bytes(b, 64, &w) == BSP_E_CORRUPT, "hostile WAD: directory over the header", "not corrupt");
    put32(b + 4, 0x7fffffffu);
    put32(b + 8, 12);
    CHECK(open_bytes(b, 4096, &w) == BSP_E_CORRUPT, "hostile WAD: a count of 2^31 - 1", "not corrupt");
    put32(b + 4, 0);
    put32(b + 8, 0);
    ok = open_bytes(b, 12, &w) == BSP_OK && w.count == 0 && bsp_wad_find(&w, "x", &l) == BSP_E_BAD_QUERY &&
         bsp_wad_lump_get(&w, 0, &l) == BSP_E_BAD_QUERY;
    CHECK(ok, "hostile WAD: no lumps", "count 0 did not open, or found something");
    /* one entry at 2048: lumps past the file, hostile sizes */
    put32(b + 4, 1);
    put32(b + 8, 2048);
    b[2048 + 12] = BSP_WAD_MIPTEX3;
    memcpy(b + 2048 + 16, "Lump", 5);
    put32(b + 2048, 4000);          /* filepos: 4000 + 200 > 4096 */
    put32(b + 2048 + 4, 200);
    ok = open_bytes(b, 4096, &w) == BSP_OK && bsp_wad_lump_get(&w, 0, &l) == BSP_OK &&
         bsp_wad_texture(&w, &l, &t) == BSP_OK && t.status == BSP_TEXTURE_CORRUPT && !t.has_size;
    put32(b + 2048, 0x80000000u);   /* a negative filepos */
    ok = ok && bsp_wad_lump_get(&w, 0, &l) == BSP_OK && bsp_wad_texture(&w, &l, &t) == BSP_OK &&
         t.status == BSP_TEXTURE_CORRUPT;
    put32(b + 2048, 12);            /* inside; a miptex of width 2^30 */
    put32(b + 2048 + 4, 2000);
    put32(b + 12 + 16, 0x40000000u);
    put32(b + 12 + 20, 16);
    put32(b + 12 + 24, 40);
    ok = ok && bsp_wad_lump_get(&w, 0, &l) == BSP_OK && bsp_wad_texture(&w, &l, &t) == BSP_OK &&
         t.status == BSP_TEXTURE_CORRUPT && t.width == 0x40000000u;
    b[2048 + 13] = 1;               /* compressed */
    ok = ok && bsp_wad_lump_get(&w, 0, &l) == BSP_OK && bsp_wad_texture(&w, &l, &t) == BSP_E_UNSUPPORTED;
    b[2048 + 12] = BSP_WAD_QPIC;
    ok = ok && bsp_wad_lump_get(&w, 0, &l) == BSP_OK && bsp_wad_texture(&w, &l, &t) == BSP_E_UNSUPPORTED;
    CHECK(ok, "hostile WAD: lumps past the file, negative, 2^30 wide, compressed, not a miptex",
          "statuses differ");
    /* streams a WAD cannot be read through */
    bsp_memstream_init(&ms, &s, b, 4096);
    s.forward_only = 1;
    ok = bsp_wad_open(&w, &s) == BSP_E_BAD_ARGUMENT;
    s.forward_only = 0;
    s.size = BSP_SIZE_UNKNOWN;
    ok = ok && bsp_wad_open(&w, &s) == BSP_E_BAD_ARGUMENT && bsp_wad_open(NULL, &s) == BSP_E_BAD_ARGUMENT;
    CHECK(ok, "hostile WAD: a forward-only stream, one of unknown size", "not bad_argument");
    /* resolving through no WAD, a NULL list, a WAD never opened */
    memset(&t, 0, sizeof t);
    strcpy(t.name, "x");
    t.name_len = 1;
    memset(none, 0, sizeof none);
    ok = bsp_texture_from_wads(&t, NULL, 0, &out, &which) == BSP_E_BAD_QUERY && which == 0 &&
         bsp_texture_from_wads(&t, NULL, 1, &out, &which) == BSP_E_BAD_ARGUMENT &&
         bsp_texture_from_wads(&t, none, 2, &out, &which) == BSP_E_BAD_ARGUMENT;
    CHECK(ok, "WAD lookup: no WADs, NULL, unopened", "statuses differ");
    free(b);
}

/* ---- .wal ------------------------------------------------------------------ */

/* The caller's palette the .wal lines use (bspref_tex.py's test_palette). */
static void test_palette(uint8_t pal[BSP_PALETTE_BYTES])
{
    uint32_t c, k;
    for (c = 0; c < 256; c++)
        for (k = 0; k < 3; k++) pal[3 * c + k] = (uint8_t)((7 * c + 85 * k) & 255);
}

static void wal_line(const char *path, const bsp_texture *t, bsp_status st, const uint8_t *pal)
{
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    uint32_t k, f;
    printf("WAL {\"wal\":\"%s\"", base);
    if (st != BSP_OK) {
        printf(",\"error\":\"%s\"}\n", bsp_status_name(st));
        return;
    }
    printf(",\"name\":\"%s\",\"width\":%u,\"height\":%u,\"status\":\"%s\",\"next\":\"%s\","
           "\"flags\":%d,\"contents\":%d,\"value\":%d", t->name, (unsigned)t->width, (unsigned)t->height,
           bsp_texture_status_name(t->status), t->wal_next, (int)t->wal_flags, (int)t->wal_contents,
           (int)t->wal_value);
    if (t->status == BSP_TEXTURE_EMBEDDED)
        for (f = 0; f < 2; f++) {
            printf(f ? "],\"rgba_sha256\":[" : ",\"index_sha256\":[");
            for (k = 0; k < BSP_TEXTURE_MIPS; k++) {
                char hex[SHA256_HEX];
                uint32_t n = 0;
                uint8_t *buf;
                bsp_texture_mip_bytes(t, k, f ? BSP_PIXELS_RGBA8 : BSP_PIXELS_INDEXED, &n);
                buf = malloc(n ? n : 1);
                if (!buf) exit(2);
                bsp_texture_mip(t, k, f ? BSP_PIXELS_RGBA8 : BSP_PIXELS_INDEXED, pal, buf, n);
                sha256_hex(buf, n, hex);
                printf(k ? ",\"%s\"" : "\"%s\"", hex);
                free(buf);
            }
        }
    printf(t->status == BSP_TEXTURE_EMBEDDED ? "]}\n" : "}\n");
}

static void check_wal(const char *path)
{
    uint8_t pal[BSP_PALETTE_BYTES], buf[64];
    uint32_t size;
    uint8_t *data = read_file(path, &size);
    bsp_memstream ms;
    bsp_stream s;
    bsp_texture t;
    bsp_status st;
    char label[300];
    snprintf(label, sizeof label, "%s: .wal", path);
    if (!data) {
        CHECK(0, label, "cannot read");
        return;
    }
    test_palette(pal);
    bsp_memstream_init(&ms, &s, data, size);
    st = bsp_wal_open(&t, &s);
    wal_line(path, &t, st, pal);
    if (st == BSP_OK && t.status == BSP_TEXTURE_EMBEDDED) {
        CHECK(t.palette == BSP_PALETTE_CALLER && t.transparent255 && check_mips(&t, pal) &&
              bsp_texture_mip(&t, 3, BSP_PIXELS_RGBA8, NULL, buf, sizeof buf) == BSP_E_BAD_ARGUMENT &&
              bsp_texture_palette(&t, pal) == BSP_E_UNSUPPORTED,
              label, "sizes, the caller's palette, RGBA8 without one, palette");
    } else if (st == BSP_OK) {
        CHECK(check_no_pixels(&t), label, "%s: the calls' statuses", bsp_texture_status_name(t.status));
    } else {
        CHECK(st == BSP_E_TRUNCATED && size < 100, label, "%s", bsp_status_name(st));
    }
    free(data);
}

int main(int argc, char **argv)
{
    static bsp_memstream wad_ms[8];
    static bsp_stream wad_s[8];
    uint8_t *wad_data[8];
    uint32_t k;
    int i;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--palette") && i + 1 < argc) {
            uint32_t size;
            uint8_t *p = read_file(argv[++i], &size);
            const uint8_t *lib = bsp_quake_palette();
            if (!p) check_skip("quake palette", "no palette file (../shared/maps/quake-palette.lmp)");
            else CHECK(size == BSP_PALETTE_BYTES && lib && memcmp(p, lib, size) == 0, "quake palette",
                       "the library's 768 bytes differ from %s", argv[i]);
            free(p);
        } else if (!strcmp(argv[i], "--wad") && i + 1 < argc && nwads < 8) {
            uint32_t size;
            const char *path = argv[++i];
            if (!(wad_data[nwads] = read_file(path, &size))) {
                CHECK(0, path, "cannot read");
                continue;
            }
            check_wad(path, wad_data[nwads], size, &wads[nwads], &wad_s[nwads], &wad_ms[nwads]);
            nwads++;
        } else if (!strcmp(argv[i], "--wal") && i + 1 < argc) {
            check_wal(argv[++i]);
        } else {
            uint32_t size;
            uint8_t *data = read_file(argv[i], &size);
            const char *name = strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i];
            if (!data) {
                CHECK(0, name, "cannot read %s", argv[i]);
                continue;
            }
            check_map(name, data, size, i, NULL);
            free(data);
        }
    }
    hostile_wads();
    printf("textures: %u textures, %u mips (each size exact, RGBA8 = indices through the palette: %u), "
           "%u one-byte-short buffers refused\n", (unsigned)tally.textures, (unsigned)tally.mips,
           (unsigned)tally.rgba_equal, (unsigned)tally.short_refused);
    for (k = 0; k < nwads; k++) free(wad_data[k]);
    return check_exit();
}
