/* bspgen - writes small Source (VBSP) test maps built from a geometric
 * description, with the answers the loader and `bspkit query` must give.
 *
 *   bspgen [--large N] OUTDIR      (OUTDIR must exist)
 *
 * Per variant NAME it writes:
 *
 *   NAME.bsp       the map.
 *   NAME.queries   input for `bspkit query NAME.bsp` (QUERIES.md section 6):
 *                  leaf/pvs/pas/light/luxel lines, error cases, blank lines.
 *   NAME.expected  the exact output for NAME.queries, one JSON object a
 *                  line (blank query lines produce nothing).
 *   NAME.api       expectations for the C API tests; '#' lines are
 *                  comments; fields are separated by one space:
 *                    clusters N
 *                        num_clusters of the map.
 *                    leafm MODEL X Y Z LEAF
 *                        point_leaf(MODEL, (X,Y,Z)) == LEAF (models 0, 1).
 *                    luxel HDR FACE SLOT X Y Z RAW
 *                    luxel HDR FACE SLOT X Y Z no_lightmap
 *                        the sample of FACE at the point for style SLOT,
 *                        RAW = 8 lower-case hex digits (r g b exponent in
 *                        file order), read from faces+lighting 7/8 (HDR 0)
 *                        or 58/53 (HDR 1); only pairs present are listed.
 *                    pvs C HEX
 *                    pas C HEX
 *                        the decompressed row of cluster C,
 *                        ceil(clusters / 8) bytes as lower-case hex.
 *                  Coordinates are decimal text strtof reads exactly.
 *   NAME.counts    "key value" lines, in this order: models brushes
 *                  brushsides planes vertexes nodes texinfos texdata faces
 *                  hdr_faces leaves leaffaces leafbrushes edges surfedges
 *                  visdata lightdata hdr_lightdata entdata clusters
 *                  (records, except visdata/lightdata/hdr_lightdata/entdata:
 *                  bytes of lumps 4/8/53/0; faces/hdr_faces: lumps 7/58).
 *
 * Variants:
 *   v19_ldr_hdr   v19, 56-byte leaves (lump version 0), LDR and HDR
 *   v20_ldr       v20, 32-byte leaves, LDR only, lumps in index order
 *   v20_hdr_only  v20, lumps 7/8 empty: the tool answers from 58/53
 *   v21_ldr_hdr   v21, both
 *   v21_l4d2      v21, Left 4 Dead 2 lump_t order {version, ofs, len, 4cc}
 *   v20_novis     v20, no visibility lump: everything visible
 *   demo          the bundled demo map (nicer layout), v20 LDR
 *   large         --large N: N rooms on a grid (benchmarks), v20 LDR
 *
 * Everything is deterministic: the same files on every run and host.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expect.h"
#include "source_writer.h"
#include "world.h"

typedef struct {
    const char *name;
    int layout; /* 0 standard, 1 demo, 2 grid */
    src_opts src;
} variant;

/*                         version leafv ldr hdr vis l4d2 index_order */
static const variant variants[] = {
    {"v19_ldr_hdr", 0, {19, 0, 1, 1, 1, 0, 0}},
    {"v20_ldr", 0, {20, 1, 1, 0, 1, 0, 1}},
    {"v20_hdr_only", 0, {20, 1, 0, 1, 1, 0, 0}},
    {"v21_ldr_hdr", 0, {21, 1, 1, 1, 1, 0, 0}},
    {"v21_l4d2", 0, {21, 1, 1, 1, 1, 1, 0}},
    {"v20_novis", 0, {20, 1, 1, 0, 0, 0, 0}},
    {"demo", 1, {20, 1, 1, 0, 1, 0, 0}},
};

static void write_variant(const variant *v, int nrooms, const char *outdir)
{
    gen_desc d;
    gen_world w;
    gen_counts counts;
    gen_expect_opts eo;
    char path[1024];

    if (v->layout == 0) gen_layout_standard(&d);
    else if (v->layout == 1) gen_layout_demo(&d);
    else gen_layout_grid(&d, nrooms);
    gen_compile(&d, &w);

    if ((size_t)snprintf(path, sizeof path, "%s/%s.bsp", outdir, v->name) >= sizeof path) gen_die("path too long");
    memset(&counts, 0, sizeof counts);
    src_write(&w, &v->src, path, &counts);

    memset(&eo, 0, sizeof eo);
    eo.name = v->name;
    eo.has_ldr = v->src.ldr;
    eo.has_hdr = v->src.hdr;
    eo.has_vis = v->src.vis;
    eo.max_rooms = v->layout == 2 ? 64 : 0;
    gen_write_expected(&w, &eo, &counts, outdir);

    gen_world_free(&w);
    gen_desc_free(&d);
}

static void usage(void)
{
    fprintf(stderr, "usage: bspgen [--large N] OUTDIR\n");
    exit(2);
}

int main(int argc, char **argv)
{
    const char *outdir = NULL;
    long large = 0;
    int i;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--large") == 0) {
            char *end;
            if (++i >= argc) usage();
            large = strtol(argv[i], &end, 10);
            /* 4096 keeps every index inside Source's 16-bit fields and the
             * dense visibility matrix small. */
            if (*end || large < 1 || large > 4096) gen_die("--large wants 1..4096 rooms");
        } else if (!outdir && argv[i][0] != '-') {
            outdir = argv[i];
        } else {
            usage();
        }
    }
    if (!outdir) usage();

    for (i = 0; i < (int)(sizeof variants / sizeof variants[0]); i++) write_variant(&variants[i], 0, outdir);
    if (large) {
        variant v;
        v.name = "large";
        v.layout = 2;
        v.src = variants[1].src; /* v20, LDR */
        v.src.index_order = 0;
        write_variant(&v, (int)large, outdir);
    }
    return 0;
}
