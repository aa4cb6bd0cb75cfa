/* SPDX-License-Identifier: MIT */
/* cmd_textures.c - bspkit textures and bspkit wad (docs/queries.md 11.2,
 * 11.10): a map's texture table with its pixels' digests, external
 * textures found in the WADs given; a WAD file's lumps.
 *
 *   bspkit textures MAP [--wad FILE]... [--extract DIR] [--forward]
 *   bspkit wad FILE [--extract DIR]
 *
 * Every sha256 is of the bytes the library fills: the 768-byte palette,
 * each mip's indices, each mip's RGBA8. --extract writes
 * DIR/KKKK_NAME_mipM.png (RGBA8), DIR/KKKK_NAME_mipM.idx (indices) and
 * DIR/KKKK_NAME.pal (the palette), K the texture (or lump) number.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "commands.h"
#include "../common/png_rgba.h"
#include "../common/sha256.h"

static const char textures_usage[] =
    "usage: bspkit textures MAP [--wad FILE]... [--extract DIR] [--forward]\n"
    "  one line per entry of the map's texture table (docs/queries.md 11.2):\n"
    "  name, size, status, and for pixels the sha256 of the palette and of\n"
    "  each mip's indices and RGBA8; an external texture is looked up in the\n"
    "  WADs given, in their order (give them in the map's \"wad\" key order):\n"
    "  the first that holds it adds \"wad\":{...}. --extract DIR writes each\n"
    "  mip as KKKK_NAME_mipM.png and .idx, and KKKK_NAME.pal\n";
static const char wad_usage[] =
    "usage: bspkit wad FILE [--extract DIR]\n"
    "  a WAD2/WAD3 file: {\"wad\":\"WAD3\",\"lumps\":N}, then one line per lump\n"
    "  (name, type, kind, offset, sizes; a miptex's size, status, palette and\n"
    "  RGBA8 digests); --extract DIR writes each miptex as the textures\n"
    "  command does\n";

/* What the pixel digests and the files are written for. */
typedef struct pixel_out {
    int index_digests;     /* "index_sha256" too (textures lines) */
    const char *dir;       /* --extract, or NULL */
    uint32_t number;       /* KKKK */
    int failed;            /* a file was not written */
} pixel_out;

/* KKKK_NAME: the name's bytes outside a safe set become '_'. */
static void file_stem(char *out, size_t n, uint32_t number, const bsp_texture *t)
{
    size_t at, k;
    at = (size_t)snprintf(out, n, "%04u_", (unsigned)number);
    for (k = 0; k < t->name_len && at + 1 < n; k++) {
        unsigned char c = (unsigned char)t->name[k];
        int safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                   (c && strchr("-_.+{}!#~", c));
        out[at++] = safe ? (char)c : '_';
    }
    out[at] = 0;
}

static int write_bytes(const char *path, const void *bytes, size_t n)
{
    FILE *f = fopen(path, "wb");
    int bad;
    if (!f) return report_io_error("bspkit", "cannot write", path, errno), 1;
    bad = fwrite(bytes, 1, n, f) != n;
    bad |= fclose(f) != 0;
    if (bad) report_io_error("bspkit", "cannot write", path, errno);
    return bad;
}

/* One file of --extract: DIR/STEM SUFFIX. */
static void extract_file(pixel_out *o, const bsp_texture *t, const char *suffix, const void *bytes,
                         size_t n, uint32_t w, uint32_t h)
{
    char stem[200], path[4400];
    int err;
    if (!o->dir) return;
    file_stem(stem, sizeof stem, o->number, t);
    snprintf(path, sizeof path, "%s/%s%s", o->dir, stem, suffix);
    if (w) {
        if ((err = png_write_rgba(path, w, h, (const unsigned char *)bytes)) != 0) {
            report_io_error("bspkit", "cannot write", path, err);
            o->failed = 1;
        }
    } else if (write_bytes(path, bytes, n)) {
        o->failed = 1;
    }
}

/* ,"palette_sha256":..,"transparent255":..,("index_sha256":[4]),
 * "rgba_sha256":[4] of t's pixels; ,"error":.. when a read fails. */
static void print_pixels(const bsp_texture *t, pixel_out *o)
{
    uint8_t pal[BSP_PALETTE_BYTES];
    char hex[SHA256_HEX], idx_hex[BSP_TEXTURE_MIPS][SHA256_HEX], rgba_hex[BSP_TEXTURE_MIPS][SHA256_HEX];
    uint32_t k;
    bsp_status st = bsp_texture_palette(t, pal);
    for (k = 0; st == BSP_OK && k < BSP_TEXTURE_MIPS; k++) {
        int f;
        for (f = 0; st == BSP_OK && f < 2; f++) {
            bsp_pixel_format fmt = f ? BSP_PIXELS_RGBA8 : BSP_PIXELS_INDEXED;
            uint32_t bytes = 0;
            void *buf;
            char suffix[16];
            st = bsp_texture_mip_bytes(t, k, fmt, &bytes);
            if (st != BSP_OK) break;
            if (!(buf = tool_alloc(bytes))) {
                tool_out_of_memory("a texture's mip", bytes);
                exit(TOOL_EXIT_FAIL);
            }
            st = bsp_texture_mip(t, k, fmt, NULL, buf, bytes);
            if (st == BSP_OK) {
                sha256_hex(buf, bytes, f ? rgba_hex[k] : idx_hex[k]);
                snprintf(suffix, sizeof suffix, "_mip%u.%s", (unsigned)k, f ? "png" : "idx");
                extract_file(o, t, suffix, buf, bytes, f ? t->width >> k : 0, t->height >> k);
            }
            free(buf);
        }
    }
    if (st != BSP_OK) {
        printf(",\"error\":\"%s\"", bsp_status_name(st));
        return;
    }
    sha256_hex(pal, sizeof pal, hex);
    extract_file(o, t, ".pal", pal, sizeof pal, 0, 0);
    printf(",\"palette_sha256\":\"%s\",\"transparent255\":%s", hex, t->transparent255 ? "true" : "false");
    if (o->index_digests) {
        printf(",\"index_sha256\":[");
        for (k = 0; k < BSP_TEXTURE_MIPS; k++) printf(k ? ",\"%s\"" : "\"%s\"", idx_hex[k]);
        putchar(']');
    }
    printf(",\"rgba_sha256\":[");
    for (k = 0; k < BSP_TEXTURE_MIPS; k++) printf(k ? ",\"%s\"" : "\"%s\"", rgba_hex[k]);
    putchar(']');
}

/* "width":W,"height":H (or null),"status":S */
static void print_size_status(const bsp_texture *t)
{
    if (t->has_size) printf(",\"width\":%u,\"height\":%u", (unsigned)t->width, (unsigned)t->height);
    else printf(",\"width\":null,\"height\":null");
    printf(",\"status\":\"%s\"", bsp_texture_status_name(t->status));
}

typedef struct wad_file {
    bsp_file file;
    bsp_stream stream;
    bsp_wad wad;
    const char *path;
} wad_file;

/* Open a WAD named on the command line: 0, or the exit status after
 * saying why not. */
static int open_wad(wad_file *w, const char *path)
{
    bsp_status st;
    w->path = path;
    if (bsp_file_open(&w->file, &w->stream, path, 0) != 0)
        return report_io_error("bspkit", "cannot open", path, errno);
    st = bsp_wad_open(&w->wad, &w->stream);
    if (st == BSP_OK) return 0;
    printf("{\"error\":\"%s\",\"path\":", bsp_status_name(st));
    json_string(path, strlen(path));
    printf("}\n");
    fprintf(stderr, "bspkit: %s: not a WAD2/WAD3 file that can be read: %s\n", path, bsp_status_message(st));
    bsp_file_close(&w->file);
    return TOOL_EXIT_FAIL;
}

static int make_dir(const char *dir)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) return report_io_error("bspkit", "cannot make", dir, errno);
    return 0;
}

static void print_wad_texture(const wad_file *wads, uint32_t which, const bsp_texture *w, pixel_out *o)
{
    printf(",\"wad\":{\"file\":");
    json_string(wads[which].path, strlen(wads[which].path));
    printf(",\"lump\":%u,\"name\":", (unsigned)w->index);
    json_string(w->name, w->name_len);
    print_size_status(w);
    if (w->status == BSP_TEXTURE_EMBEDDED) print_pixels(w, o);
    putchar('}');
}

static int list_textures(const bsp_map *m, const wad_file *wads, const bsp_wad *opened, uint32_t nwads,
                         pixel_out *o)
{
    bsp_texture t, w;
    uint32_t count = 0, which;
    bsp_status st = bsp_texture_count(m, &count);
    if (st != BSP_OK) {
        printf("{\"error\":\"%s\"}\n", bsp_status_name(st));
        return TOOL_EXIT_FAIL;
    }
    /* (at most count entries, whatever the walk says) */
    for (st = count ? bsp_texture_get(m, 0, &t) : BSP_E_END; st == BSP_OK && t.index < count;
         st = bsp_texture_next(m, &t)) {
        printf("{\"texture\":%u,\"name\":", (unsigned)t.index);
        json_string(t.name, t.name_len);
        print_size_status(&t);
        o->number = t.index;
        if (t.status == BSP_TEXTURE_EMBEDDED) print_pixels(&t, o);
        if (t.status == BSP_TEXTURE_EXTERNAL && nwads) {
            bsp_status found = bsp_texture_from_wads(&t, opened, nwads, &w, &which);
            if (found == BSP_OK) print_wad_texture(wads, which, &w, o);
            else if (found != BSP_E_BAD_QUERY) printf(",\"wad_error\":\"%s\"", bsp_status_name(found));
        }
        printf("}\n");
    }
    if (st != BSP_E_END && st != BSP_OK) {
        printf("{\"error\":\"%s\"}\n", bsp_status_name(st));
        return TOOL_EXIT_FAIL;
    }
    return o->failed ? TOOL_EXIT_FAIL : TOOL_EXIT_OK;
}

int cmd_textures(int argc, char **argv)
{
    const char *path = NULL, *dir = NULL;
    wad_file *wads;
    bsp_wad *opened;
    uint32_t nwads = 0, k;
    int forward = 0, i, rc;
    pixel_out o;
    loaded L;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(textures_usage, stdout);
            return TOOL_EXIT_OK;
        } else if (!strcmp(argv[i], "--wad") || !strcmp(argv[i], "--extract")) {
            if (i + 1 >= argc) return usage_error("bspkit textures", "%s needs a file or folder", argv[i]);
            if (argv[i][2] == 'w') nwads++;
            else dir = argv[i + 1];
            i++;
        } else if (!strcmp(argv[i], "--forward")) {
            forward = 1;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return usage_error("bspkit textures", "unknown option '%s'", argv[i]);
        } else if (!path) {
            path = argv[i];
        } else {
            return usage_error("bspkit textures", "unexpected argument '%s'", argv[i]);
        }
    }
    if (!path) return usage_error("bspkit textures", "no MAP");
    wads = calloc((size_t)nwads + 1, sizeof *wads);
    opened = calloc((size_t)nwads + 1, sizeof *opened);
    if (!wads || !opened) {
        free(wads);
        free(opened);
        return tool_out_of_memory("the WADs", (uint32_t)nwads);
    }
    for (i = 1, k = 0; i < argc; i++)
        if (!strcmp(argv[i], "--wad") || !strcmp(argv[i], "--extract")) {
            if (argv[i][2] == 'w') wads[k++].path = argv[i + 1];
            i++;
        }
    for (k = 0; k < nwads; k++) {
        if ((rc = open_wad(&wads[k], wads[k].path)) != 0) {
            while (k--) bsp_file_close(&wads[k].file);
            free(wads);
            free(opened);
            return rc;
        }
        opened[k] = wads[k].wad;
    }
    rc = dir ? make_dir(dir) : 0;
    if (!rc && load_map(&L, path, BSP_LOAD_GEOMETRY, 0, forward)) rc = TOOL_EXIT_FAIL;
    else if (!rc) {
        uint32_t count;
        memset(&o, 0, sizeof o);
        o.index_digests = 1;
        o.dir = dir;
        if (bsp_texture_count(&L.map, &count) == BSP_E_UNSUPPORTED)
            rc = tool_access_unsupported(path, &L.map);
        else
            rc = list_textures(&L.map, wads, opened, nwads, &o);
        unload_map(&L);
    }
    for (k = 0; k < nwads; k++) bsp_file_close(&wads[k].file);
    free(wads);
    free(opened);
    return rc;
}

static const char *lump_kind(uint8_t type)
{
    switch (type) {
    case BSP_WAD_PALETTE: return "palette";
    case BSP_WAD_QPIC: return "qpic";
    case BSP_WAD_MIPTEX3: case BSP_WAD_MIPTEX2: return "miptex";
    case BSP_WAD_FONT: return "font";
    default: return "other";
    }
}

static int list_wad(const wad_file *w, pixel_out *o)
{
    bsp_wad_lump l;
    bsp_texture t;
    uint32_t k;
    printf("{\"wad\":\"WAD%u\",\"lumps\":%u}\n", (unsigned)w->wad.version, (unsigned)w->wad.count);
    for (k = 0; k < w->wad.count; k++) {
        bsp_status st = bsp_wad_lump_get(&w->wad, k, &l);
        if (st != BSP_OK) {
            printf("{\"lump\":%u,\"error\":\"%s\"}\n", (unsigned)k, bsp_status_name(st));
            return TOOL_EXIT_FAIL;
        }
        printf("{\"lump\":%u,\"name\":", (unsigned)k);
        json_string(l.name, l.name_len);
        printf(",\"type\":%u,\"kind\":\"%s\",\"offset\":%d,\"disksize\":%d,\"size\":%d,\"compression\":%u",
               (unsigned)l.type, lump_kind(l.type), (int)l.filepos, (int)l.disksize, (int)l.size,
               (unsigned)l.compression);
        if (l.type == BSP_WAD_MIPTEX3 || l.type == BSP_WAD_MIPTEX2) {
            st = bsp_wad_texture(&w->wad, &l, &t);
            if (st == BSP_OK) {
                print_size_status(&t);
                o->number = k;
                if (t.status == BSP_TEXTURE_EMBEDDED) print_pixels(&t, o);
            } else {
                printf(",\"error\":\"%s\"", bsp_status_name(st));
            }
        }
        printf("}\n");
    }
    return o->failed ? TOOL_EXIT_FAIL : TOOL_EXIT_OK;
}

int cmd_wad(int argc, char **argv)
{
    const char *path = NULL, *dir = NULL;
    wad_file w;
    pixel_out o;
    int i, rc;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(wad_usage, stdout);
            return TOOL_EXIT_OK;
        } else if (!strcmp(argv[i], "--extract")) {
            if (++i >= argc) return usage_error("bspkit wad", "--extract needs a folder");
            dir = argv[i];
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return usage_error("bspkit wad", "unknown option '%s'", argv[i]);
        } else if (!path) {
            path = argv[i];
        } else {
            return usage_error("bspkit wad", "unexpected argument '%s'", argv[i]);
        }
    }
    if (!path) return usage_error("bspkit wad", "no FILE");
    if ((rc = open_wad(&w, path)) != 0) return rc;
    memset(&o, 0, sizeof o);
    o.dir = dir;
    rc = dir ? make_dir(dir) : 0;
    if (!rc) rc = list_wad(&w, &o);
    bsp_file_close(&w.file);
    return rc;
}
