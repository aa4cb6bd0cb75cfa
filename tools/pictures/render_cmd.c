/* SPDX-License-Identifier: MIT */
/* render_cmd.c - bspkit render: options, the PVS tint, the lightmap atlas
 * and the sample list the tests read (docs/pictures.md); the camera is
 * render_camera.c's, the --top frame render_view.c's. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "png_write.h"
#include "render_view.h"
#include "../common/tool.h"

/* The faces the camera's cluster can see (bsp_visible_faces: the PVS of
 * docs/queries.md 11.8, Source terrain included): visible[f] = 1 for
 * each. None when the eye is in no cluster. */
static void mark_pvs(const bsp_map *m, const float eye[3], uint8_t *visible)
{
    uint32_t leaf, words = bsp_visible_faces_scratch(m), count, f;
    uint32_t *bits;
    bsp_leaf l;
    bsp_counts c;
    if (bsp_point_leaf(m, 0, eye, &leaf) != BSP_OK || bsp_get_leaf(m, leaf, &l) != BSP_OK || l.cluster < 0)
        return;
    if (!(bits = malloc(sizeof *bits * (words ? words : 1)))) return;
    bsp_get_counts(m, &c);
    if (bsp_visible_faces(m, l.cluster, bits, words, NULL, 0, &count) == BSP_OK)
        for (f = 0; f < c.faces; f++) visible[f] = (uint8_t)(bits[f >> 5] >> (f & 31) & 1u);
    free(bits);
}

/* Every lit face's slot-0 block as the library packs it (bsp_measure_atlas,
 * bsp_atlas_build: 11.7's texels, border 1, quake3 each page once) on
 * 1024 x 1024 pages, or square pages as large as the largest block; the
 * pages one under another in one picture, the last cut below its lowest
 * block. Returns 0, 1 (out of memory or
 * the file), or the library's refusal as 2 (*st says which). */
static int write_atlas(const bsp_map *m, const char *path, bsp_status *st)
{
    bsp_atlas_params p;
    bsp_atlas_size size;
    bsp_atlas a;
    void *scratch = NULL, *mem = NULL;
    int rc;
    memset(&p, 0, sizeof p);
    p.page_width = p.page_height = 1024;
    p.border = 1;
    p.slots = 0x1u;
    p.format = BSP_TEXELS_RGB8;
    for (;;) {
        *st = bsp_measure_atlas(m, &p, scratch, scratch ? size.scratch_bytes : 0, &size);
        if (*st == BSP_E_ARENA_TOO_SMALL && !scratch) {
            if (!(scratch = malloc(size.scratch_bytes ? size.scratch_bytes : 1))) return 1;
            continue;
        }
        if (*st == BSP_E_BAD_ARGUMENT && size.min_page_width && size.min_page_width <= BSP_ATLAS_PAGE_MAX &&
            size.min_page_height <= BSP_ATLAS_PAGE_MAX && p.page_width == 1024) {
            p.page_width = p.page_height = size.min_page_width > size.min_page_height ? size.min_page_width
                                                                                      : size.min_page_height;
            free(scratch);
            scratch = NULL;
            continue;
        }
        break;
    }
    free(scratch);
    if (*st != BSP_OK) return 2;
    if (!(mem = malloc(size.bytes ? size.bytes : 1))) return 1;
    *st = bsp_atlas_build(m, &p, NULL, mem, size.bytes, NULL, &a);
    if (*st != BSP_OK) {
        free(mem);
        return 2;
    }
    if (a.pages) {
        /* the last page cut below its lowest block (pages are rows in a
         * row: a taller picture is the pages one under another) */
        uint32_t used = 1, k;
        for (k = 0; k < a.num_rects; k++)
            if (a.rects[k].page == a.pages - 1 && a.rects[k].y + a.rects[k].h + a.border > used)
                used = a.rects[k].y + a.rects[k].h + a.border;
        if (used > a.page_height) used = a.page_height;
        rc = png_write_rgb(path, (int)a.page_width, (int)(a.page_height * (a.pages - 1) + used), a.pixels);
    } else {
        static const unsigned char none[3] = { 0, 0, 0 };
        rc = png_write_rgb(path, 1, 1, none);
    }
    free(mem);
    return rc;
}

/* Do the pixel's four neighbours show its face? (A pixel on a face's edge
 * may lie outside it by a rounding.) */
static int inside_face(const frame *fr, int x, int y)
{
    static const int d[4][2] = { { -1, 0 }, { 1, 0 }, { 0, -1 }, { 0, 1 } };
    int32_t face = fr->face[(size_t)y * (size_t)fr->w + (size_t)x];
    int k;
    for (k = 0; k < 4; k++) {
        int nx = x + d[k][0], ny = y + d[k][1];
        if (nx < 0 || ny < 0 || nx >= fr->w || ny >= fr->h ||
            fr->face[(size_t)ny * (size_t)fr->w + (size_t)nx] != face)
            return 0;
    }
    return 1;
}

/* --samples: pixels of a --top picture inside a face (inside_face) whose
 * lightmap coordinate is not within 0.05 of a luxel boundary (any, on a
 * face drawn without a lightmap), with the
 * world point under them and their relief distance (render_top_relief). */
static int write_samples(const frame *fr, const char *path)
{
    FILE *out = fopen(path, "w");
    int x, y;
    if (!out) return 1;
    for (y = 3; y < fr->h; y += 7)
        for (x = 3; x < fr->w; x += 7) {
            size_t i = (size_t)y * (size_t)fr->w + (size_t)x;
            float fu, fv;
            if (fr->face[i] < 0 || !inside_face(fr, x, y)) continue;
            fu = fr->lmu[i] - floorf(fr->lmu[i]);   /* NaN: no lightmap, no edge */
            fv = fr->lmv[i] - floorf(fr->lmv[i]);
            if (fu < 0.05f || fu > 0.95f || fv < 0.05f || fv > 0.95f) continue;
            fprintf(out, "%d %d %d %.9g %.9g %.9g %d\n", x, y, (int)fr->face[i],
                    (double)(fr->minx + ((float)x + 0.5f) / fr->scale),
                    (double)(fr->maxy - ((float)y + 0.5f) / fr->scale), (double)fr->wz[i],
                    (int)fr->dist[i]);
        }
    return fclose(out) ? 1 : 0;
}

/* --props: a magenta cross on each static prop's origin; a map without
 * props draws none, a sub-lump that cannot be read is an error line. */
static int mark_props(frame *fr, const bsp_map *m)
{
    static const unsigned char magenta[3] = { 255, 0, 255 };
    tool_props tp;
    bsp_static_prop s;
    uint32_t i;
    bsp_status st = tool_props_open(m, &tp);
    if (st == BSP_E_BAD_QUERY || st == BSP_E_NOT_LOADED || st == BSP_E_UNSUPPORTED) return 0;
    if (st != BSP_OK) {
        fprintf(stderr, "bspkit render: the static props: %s\n", bsp_status_message(st));
        tool_props_close(&tp);
        return print_error_json(bsp_status_name(st));
    }
    for (i = 0; i < tp.props.num_props; i++)
        if (bsp_static_prop_get(&tp.props, i, &s) == BSP_OK) render_marker(fr, s.origin, magenta);
    tool_props_close(&tp);
    return 0;
}

/* Every face of the world model over the background: (24, 28, 40) in a
 * --top picture; in a perspective view a void lighter downwards, row y of
 * h: BACK_TOP + round((BACK_BOTTOM - BACK_TOP) * y / (h - 1)) each channel
 * (test/access/picture_check.py knows both). */
static void draw_world(frame *fr, const bsp_map *m, const bsp_model *world, const uint8_t *visible)
{
    static const int back_top[3] = { 16, 19, 28 }, back_bottom[3] = { 40, 46, 62 };
    int x, y, k;
    uint32_t f;
    for (y = 0; y < fr->h; y++)
        for (x = 0; x < fr->w; x++) {
            size_t i = (size_t)y * (size_t)fr->w + (size_t)x;
            fr->depth[i] = -INFINITY;
            fr->face[i] = -1;
            for (k = 0; k < 3; k++)
                fr->rgb[3 * i + (size_t)k] = (unsigned char)(fr->top ? (k == 0 ? 24 : k == 1 ? 28 : 40)
                    : back_top[k] + (int)floor((double)(back_bottom[k] - back_top[k]) * y /
                                               (fr->h > 1 ? fr->h - 1 : 1) + 0.5));
        }
    for (f = 0; f < world->num_faces; f++) render_face(fr, m, world->first_face + f, visible[world->first_face + f]);
}

/* The share of the picture some face covers. */
static float drawn_share(const frame *fr)
{
    size_t n = (size_t)fr->w * (size_t)fr->h, i, k = 0;
    for (i = 0; i < n; i++) k += fr->face[i] >= 0;
    return n ? (float)((double)k / (double)n) : 0.0f;
}

/* The output line: the picture and the view it shows. */
static void print_view(const frame *fr, const char *out, const char *why, int bar)
{
    const render_look *lk = fr->look;
    printf("{\"picture\":");
    json_string(out, strlen(out));
    printf(",\"width\":%d,\"height\":%d", fr->w, fr->h);
    if (fr->top) {
        printf(",\"scale_bar\":%d", bar);
        if (fr->relief)
            printf(",\"heights\":[%.9g,%.9g],\"relief\":%.9g", (double)fr->zlo, (double)fr->zhi,
                   (double)fr->span);
        if (lk->unlit || fr->relief) printf(lk->unlit ? ",\"light\":\"none\"}\n" : ",\"exposure\":%.9g}\n", (double)lk->exposure);
        else printf("}\n");
        return;
    }
    printf(",\"eye\":[%.1f,%.1f,%.1f],\"yaw\":%.1f,\"pitch\":%.1f,\"camera\":",
           (double)fr->eye[0], (double)fr->eye[1], (double)fr->eye[2],
           (double)(atan2f(fr->fwd[1], fr->fwd[0]) * 57.2957795f),
           (double)(-asinf(fr->fwd[2] < -1.0f ? -1.0f : fr->fwd[2] > 1.0f ? 1.0f : fr->fwd[2]) * 57.2957795f));
    json_string(why, strlen(why));
    if (lk->unlit) printf(",\"light\":\"none\"}\n");
    else printf(",\"exposure\":%.2f}\n", (double)lk->exposure);
}

static const char render_usage[] =
    "usage: bspkit render MAP -o OUT.png [--camera X Y Z YAW PITCH]\n"
    "                     [--eye X Y Z --look X Y Z] [--top] [--pvs]\n"
    "                     [--lightmaps ATLAS.png] [--size W H] [--hdr] [--samples FILE]\n"
    "                     [--props] [--raw-light] [--flat] [--fullbright]\n"
    "\n"
    "A picture of the map's world model lit by its lightmaps (docs/pictures.md);\n"
    "prints {\"picture\":OUT.png,\"width\":W,\"height\":H, and the view: \"eye\",\n"
    "\"yaw\", \"pitch\", \"camera\" (the rule that chose it), \"exposure\" (or\n"
    "\"light\":\"none\": drawn full bright); --top: \"scale_bar\",\n"
    "the bar's length in map units (0: none), and but with --raw-light\n"
    "\"heights\", \"relief\" and the exposure}.\n"
    "\n"
    "  -o OUT.png        write the picture (PNG)\n"
    "  --camera X Y Z YAW PITCH\n"
    "                    the eye and its view in degrees (default: the first\n"
    "                    player start at the game's eye height, turned when it\n"
    "                    faces a wall; without one, the open leaf that sees most)\n"
    "  --eye X Y Z       the eye (with --look)\n"
    "  --look X Y Z      the point looked at (without --eye: from the default eye)\n"
    "  --top             a floor plan: orthographic, from above, the bulk of the\n"
    "                    drawn faces fitted and centred (the picture cut to it),\n"
    "                    shaded by height and towards walls, a scale bar (a\n"
    "                    power of two units) bottom left\n"
    "  --pvs             tint the faces the camera's cluster can see\n"
    "  --props           mark each static prop's origin with a cross (Source)\n"
    "  --lightmaps ATLAS.png   write the library's atlas of every face's slot-0\n"
    "                    lightmap (bsp_atlas_build; with or without -o)\n"
    "  --size W H        the picture's size, 1 to 8192 each (default 640 480)\n"
    "  --hdr             light from HDR lighting where the map has both\n"
    "  --lit FILE        quake, bsp2: coloured light from FILE (default: the\n"
    "                    map's name with .lit, when it exists); --no-lit: none\n"
    "  --raw-light       the luxels as stored (min(1, c)), without the engine's\n"
    "                    overbright and gamma\n"
    "  --flat            no textures: every surface white under its light\n"
    "  --fullbright      no lightmaps: every surface full bright, shaded by its\n"
    "                    normal (what a map whose light is all but zero gets)\n"
    "  --samples FILE    with --top: write which world point each sampled pixel\n"
    "                    shows, to check the picture against light queries:\n"
    "                    every 7th pixel across and down from (3, 3) that shows\n"
    "                    a face its four neighbours show too and lies more\n"
    "                    than 0.05 luxel from a luxel edge (or shows no\n"
    "                    lightmap), one a line:\n"
    "                    X Y FACE WX WY WZ (the pixel, the\n"
    "                    face drawn there, the world point under its centre)\n"
    "  --help, -h        this text\n";

/* Does argv[i] have n values after it? Else say so. */
static int has_values(int argc, char **argv, int i, int n)
{
    if (i + n < argc) return 1;
    usage_error("bspkit render", "option '%s' needs %s", argv[i],
                n == 1 ? "a value" : n == 2 ? "2 values" : n == 3 ? "3 values" : "5 values");
    return 0;
}

int cmd_render(int argc, char **argv)
{
    const char *path = NULL, *out = NULL, *atlas = NULL, *samples = NULL;
    float cam[5] = { 0, 0, 0, 0, 0 }, eye[3] = { 0, 0, 0 }, at[3] = { 0, 0, 0 };
    int have_cam = 0, have_eye = 0, have_look = 0, pvs = 0, hdr = 0, props = 0, raw_light = 0,
        flat = 0, fullbright = 0, i, rc = 0, bar = 0;
    char why[96] = "--camera";
    render_look look;
    render_mesh mesh;
    frame fr;
    loaded L;
    bsp_counts c;
    bsp_model world;
    uint8_t *visible = NULL;
    size_t npix = 0;
    int level, w0, h0;
    if (!png_write_available()) {
        fprintf(stderr, "%s\n", PNG_WRITE_MISSING);
        return PNG_WRITE_MISSING_STATUS;
    }
    memset(&fr, 0, sizeof fr);
    fr.w = 640;
    fr.h = 480;
    for (i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(render_usage, stdout);
            return 0;
        }
    if ((argc = tool_lit_args(argc, argv)) < 0) return 2;   /* --lit, --no-lit */
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        int values = !strcmp(a, "-o") || !strcmp(a, "--lightmaps") || !strcmp(a, "--samples") ? 1
                     : !strcmp(a, "--size") ? 2 : !strcmp(a, "--camera") ? 5
                     : !strcmp(a, "--eye") || !strcmp(a, "--look") ? 3 : 0;
        if (values && !has_values(argc, argv, i, values)) return 2;
        if (!strcmp(a, "-o")) out = argv[++i];
        else if (!strcmp(a, "--lightmaps")) atlas = argv[++i];
        else if (!strcmp(a, "--samples")) samples = argv[++i];
        else if (!strcmp(a, "--top")) fr.top = 1;
        else if (!strcmp(a, "--pvs")) pvs = 1;
        else if (!strcmp(a, "--props")) props = 1;
        else if (!strcmp(a, "--hdr")) hdr = 1;
        else if (!strcmp(a, "--raw-light")) raw_light = 1;
        else if (!strcmp(a, "--flat")) flat = 1;
        else if (!strcmp(a, "--fullbright")) fullbright = 1;
        else if (!strcmp(a, "--size")) {
            fr.w = atoi(argv[i + 1]);
            fr.h = atoi(argv[i + 2]);
            i += 2;
        } else if (!strcmp(a, "--camera")) {
            int k;
            for (k = 0; k < 5; k++) cam[k] = strtof(argv[i + 1 + k], NULL);
            have_cam = 1;
            i += 5;
        } else if (!strcmp(a, "--eye") || !strcmp(a, "--look")) {
            int k;
            for (k = 0; k < 3; k++) (a[2] == 'e' ? eye : at)[k] = strtof(argv[i + 1 + k], NULL);
            *(a[2] == 'e' ? &have_eye : &have_look) = 1;
            i += 3;
        } else if (a[0] == '-' && a[1]) {
            return usage_error("bspkit render", "unknown option '%s'", a);
        } else if (!path) {
            path = a;
        } else {
            return usage_error("bspkit render", "unexpected argument '%s' after the map", a);
        }
    }
    if (argc < 2) {
        fputs(render_usage, stderr);
        return 2;
    }
    if (!path) return usage_error("bspkit render", "no MAP");
    if (!out && !atlas) return usage_error("bspkit render", "nothing to write: give -o OUT.png or --lightmaps ATLAS.png");
    if (fr.w < 1 || fr.h < 1 || fr.w > 8192 || fr.h > 8192)
        return usage_error("bspkit render", "--size W H: each from 1 to 8192");
    if (have_cam && (have_eye || have_look))
        return usage_error("bspkit render", "--camera and --eye/--look: give one view");
    if (have_eye && !have_look) return usage_error("bspkit render", "--eye needs --look X Y Z");
    if (samples && (!fr.top || !out))
        return usage_error("bspkit render", "--samples needs a --top picture (-o OUT.png --top)");
    if (load_map(&L, path, props ? BSP_LOAD_ALL : BSP_LOAD_GEOMETRY, hdr, 0)) return 1;
    if (render_look_open(&look, &L.map, bsp_family_name(&L.header), raw_light, flat)) {
        unload_map(&L);
        return print_error_json("out_of_memory");
    }
    fr.look = &look;
    if (render_mesh_build(&mesh, &L.map)) {
        render_look_close(&look);
        unload_map(&L);
        return print_error_json("out_of_memory");
    }
    fr.mesh = &mesh;
    look.unlit = fullbright;
    fr.relief = fr.top && !raw_light;
    if (out && !raw_light) {
        /* --raw-light keeps the luxels as stored (part 45 checks them
           against the light query) */
        float p99 = render_look_expose(&look, &L.map);
        if (look.unlit && !fullbright)
            fprintf(stderr, "bspkit render: %s: the light is all zero or nearly so (the brightest "
                    "luxels show %.3f): drawn full bright, shaded by the faces' normals\n",
                    path, (double)p99);
    }
    bsp_get_counts(&L.map, &c);
    bsp_get_model(&L.map, 0, &world);
    errno = 0;
    if (atlas) {
        bsp_status ast = BSP_OK;
        int arc = write_atlas(&L.map, atlas, &ast);
        if (arc == 2) {
            fprintf(stderr, "bspkit render: the lightmap atlas of %s: %s\n", path, bsp_status_name(ast));
            rc = TOOL_EXIT_FAIL;
            goto done;
        }
        if (arc) {
            rc = report_io_error("bspkit render", "cannot write the lightmap atlas", atlas, errno);
            goto done;
        }
    }
    if (!out) goto done;

    if (have_cam) {
        memcpy(fr.eye, cam, sizeof fr.eye);
        render_set_view(&fr, cam[3], cam[4]);
    } else if (have_eye) {
        render_look_at(&fr, eye, at);
        snprintf(why, sizeof why, "--eye --look");
    } else {
        if (render_default_camera(&fr, &L.map, bsp_family_name(&L.header), why, sizeof why)) {
            fprintf(stderr, "bspkit render: out of memory choosing the view\n");
            rc = print_error_json("out_of_memory");
            goto done;
        }
        if (have_look) {
            memcpy(eye, fr.eye, sizeof eye);
            render_look_at(&fr, eye, at);
            snprintf(why + strlen(why), sizeof why - strlen(why), ", --look");
        }
    }
    visible = calloc(c.faces ? c.faces : 1, 1);
    for (level = 0, w0 = fr.w, h0 = fr.h;; level++) {
        /* --top: the first frame whose floor plan fills TOP_MIN_FILL of it */
        fr.w = w0;
        fr.h = h0;
        if (fr.top && !render_fit_top(&fr, &L.map, level)) break;
        free(fr.rgb); free(fr.depth); free(fr.wz); free(fr.face); free(fr.lmu); free(fr.lmv);
        npix = (size_t)fr.w * (size_t)fr.h;
        fr.rgb = calloc(npix, 3);
        fr.depth = malloc(npix * sizeof *fr.depth);
        fr.wz = malloc(npix * sizeof *fr.wz);
        fr.face = malloc(npix * sizeof *fr.face);
        fr.lmu = malloc(npix * sizeof *fr.lmu);
        fr.lmv = malloc(npix * sizeof *fr.lmv);
        if (!fr.rgb || !fr.depth || !fr.wz || !fr.face || !fr.lmu || !fr.lmv || !visible) {
            fprintf(stderr, "bspkit render: out of memory for a %d x %d picture\n", fr.w, fr.h);
            rc = print_error_json("out_of_memory");
            goto done;
        }
        if (level == 0 && pvs) mark_pvs(&L.map, fr.eye, visible);
        if (!fr.top || level == TOP_LEVELS) break;
        draw_world(&fr, &L.map, &world, visible);
        if (drawn_share(&fr) >= TOP_MIN_FILL) break;
    }
    if (!raw_light && !look.unlit) {
        /* a first pass counts the light this view samples: its exposure */
        uint32_t hist[EXPOSE_BINS];
        memset(hist, 0, sizeof hist);
        look.hist = hist;
        draw_world(&fr, &L.map, &world, visible);
        render_look_expose_view(&look, fr.top ? EXPOSE_TOP_MAX : EXPOSE_VIEW_MAX);
        look.hist = NULL;
    }
    draw_world(&fr, &L.map, &world, visible);
    if (props && mark_props(&fr, &L.map)) {
        rc = 1;
        goto done;
    }
    if (fr.top) {   /* --raw-light too: its samples give the distance */
        fr.dist = malloc(npix * sizeof *fr.dist);
        if (!fr.dist || render_top_relief(&fr, fr.relief)) {
            fprintf(stderr, "bspkit render: out of memory for a %d x %d picture\n", fr.w, fr.h);
            rc = print_error_json("out_of_memory");
            goto done;
        }
    }
    if (fr.top) bar = render_scale_bar(&fr);
    errno = 0;
    if (png_write_rgb(out, fr.w, fr.h, fr.rgb))
        rc = report_io_error("bspkit render", "cannot write the picture", out, errno);
    else if (samples && (errno = 0, write_samples(&fr, samples)))
        rc = report_io_error("bspkit render", "cannot write the samples", samples, errno);
    if (!rc) print_view(&fr, out, why, bar);
done:
    free(fr.rgb); free(fr.depth); free(fr.wz); free(fr.face); free(fr.lmu); free(fr.lmv);
    free(fr.dist); free(visible);
    render_mesh_close(&mesh);
    render_look_close(&look);
    unload_map(&L);
    return rc ? 1 : 0;
}
