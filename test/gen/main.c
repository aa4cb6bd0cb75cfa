/* SPDX-License-Identifier: MIT */
/* bspgen - writes small test maps of every family (Source VBSP/PSBV, Quake,
 * GoldSrc, BSP2, Quake 2, Quake 3, Nightfire) built from a geometric
 * description, with the answers the loader and `bspkit query` must give.
 *
 *   bspgen [--large N] OUTDIR      (OUTDIR must exist)
 *
 * Per variant NAME it writes:
 *
 *   NAME.bsp       the map.
 *   NAME.queries   input for `bspkit query NAME.bsp` (docs/queries.md section 6):
 *                  leaf/pvs/pas/light/luxel/ambient lines, error cases,
 *                  blank lines. Source maps v20+ with 32-byte leaves carry
 *                  ambient index and sample lumps (ambient.c; the pairs of
 *                  the lighting they carry), v19's 56-byte leaves their
 *                  cubes; Quake 3 and Nightfire surfaces are unlit but
 *                  in their *_lit and q3_grid* variants. Collision lines
 *                  (trace, hulltrace, contents, hullcontents; section 8)
 *                  come last, answered from the rooms' and the door's
 *                  boxes (expect_trace.c says which cases and why they
 *                  are unambiguous).
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
 *                        RAW = the sample's bytes in file order as lower-
 *                        case hex: Source 8 digits (r g b exponent), read
 *                        from faces+lighting 7/8 (HDR 0) or 58/53 (HDR 1),
 *                        only pairs present listed; quake and bsp2 2 digits
 *                        (grey), goldsrc and quake2 6 (r g b), HDR 0.
 *                    pvs C HEX
 *                    pas C HEX
 *                        the decompressed row of cluster C,
 *                        ceil(clusters / 8) bytes as lower-case hex.
 *                  Coordinates are decimal text strtof reads exactly.
 *                  quake3 and the unlit nightfire have no luxel lines
 *                  (nightfire_lit: RAW is 6 digits, r g b), families without PAS no pas lines, and
 *                  those whose point_leaf is world-only (quake3,
 *                  nightfire) no "leafm 1" lines.
 *   NAME.counts    "key value" lines: records of a lump, or bytes for the
 *                  lumps of bytes (visdata lightdata hdr_lightdata entdata
 *                  textures pop materials); clusters is num_clusters.
 *                  Keys in this order, per family:
 *                  source: models brushes brushsides planes vertexes
 *                    nodes texinfos texdata faces hdr_faces leaves
 *                    leaffaces leafbrushes edges surfedges visdata
 *                    lightdata hdr_lightdata entdata clusters (faces/
 *                    hdr_faces: lumps 7/58; visdata/lightdata/
 *                    hdr_lightdata/entdata: lumps 4/8/53/0; all
 *                    uncompressed).
 *                  quake, goldsrc, bsp2: models planes vertexes nodes
 *                    texinfos faces clipnodes leaves marksurfaces edges
 *                    surfedges textures (bytes of the miptex lump 2)
 *                    visdata lightdata entdata clusters.
 *                  quake2: models brushes brushsides planes vertexes nodes
 *                    texinfos faces leaves leaffaces leafbrushes edges
 *                    surfedges pop (bytes) areas areaportals visdata
 *                    lightdata entdata clusters.
 *                  quake3: models shaders brushes brushsides planes nodes
 *                    leaves leafsurfaces leafbrushes surfaces drawverts
 *                    drawindexes visdata entdata clusters.
 *                  nightfire: models planes textures (bytes) materials
 *                    (bytes) vertexes zerovertexes drawindices nodes
 *                    surfaces leaves leafsurfaces leafbrushes brushes
 *                    brushsides projections visdata lightdata entdata
 *                    clusters.
 *                  (The names besides leaves/texinfos/visdata/lightdata/
 *                  entdata/clusters are the lump names of `bspkit stats`.)
 *   NAME.props     (Source only) the static props written: "sprp VERSION
 *                  FIELDS" (FIELDS the record's field letters, source_writer.c;
 *                  "-": no props), then per prop "prop I MODEL NAME OX OY OZ
 *                  PITCH YAW ROLL SKIN SOLID FLAGS N LEAF..." (floats %.9g;
 *                  FLAGS the 8-bit flags; TF2 records store FLAGS | 256)
 *   NAME.gamelumps (Source only) one line per real sub-lump of the game lump (35), in
 *                  directory order, fields separated by one space:
 *                    ID VERSION FLAGS SIZE FNV
 *                  ID the 4 characters of the id (most significant byte
 *                  first: "sprp", "dprp"), VERSION and FLAGS (1: LZMA-
 *                  compressed on its own) as stored, SIZE the uncompressed
 *                  size in bytes, FNV the FNV-1a 32-bit hash (basis
 *                  0x811c9dc5, prime 0x01000193) of the uncompressed bytes
 *                  as the file holds them (console: big-endian fields), 8
 *                  lower-case hex digits. The console dummy entry that ends
 *                  the directory is not listed.
 *
 * Every Source map has a game lump: sprp (three model names, three props, four
 * leaves; its version and record by the map: sprp_of below) and dprp version
 * 4 (12 zero bytes). PC files give
 * absolute sub-lump offsets; console files offsets relative to the game
 * lump, sprp compressed on its own (flags 1, filelen = uncompressed size as
 * in shack.360.bsp), a dummy entry {id 0, offset = end of data, length 0}
 * counted in the header; the game lump itself is never compressed.
 *
 * Variants (PC: VBSP little-endian; x360: PSBV big-endian as MakeGameData
 * writes it: lump 59 first, pakfile last at 2048, LZMA lumps with fourCC =
 * uncompressed size, lumps that do not shrink stored as they are):
 *   v19_ldr_hdr   v19, 56-byte leaves (lump version 0), LDR and HDR
 *   v20_ldr       v20, 32-byte leaves, LDR only, lumps in index order
 *   v20_hdr_only  v20, lumps 7/8 empty: the tool answers from 58/53
 *   v21_ldr_hdr   v21, both
 *   v21_l4d2      v21, Left 4 Dead 2 lump_t order {version, ofs, len, 4cc}
 *   v20_novis     v20, no visibility lump: everything visible
 *   demo          the bundled demo map (nicer layout), v20 LDR
 *   x360_v20_ldr      world of v20_ldr, LZMA lc 3 lp 0 pb 2, 256 KiB
 *                     dictionary, no end marker (Valve's settings)
 *   x360_v20_hdr_only world of v20_hdr_only (HDR only, like shack), Valve's
 *   x360_lc0lp2pb0    world of v19_ldr_hdr (56-byte leaves), lc 0 lp 2 pb 0
 *   x360_lc4lp0pb4    world of v21_ldr_hdr, lc 4 lp 0 pb 4, 64 KiB dictionary
 *   x360_eos          world of v20_ldr, Valve's settings, every stream ends
 *                     with an end marker
 *   x360_lc8          world of v20_ldr, lc 8 lp 0 pb 2 (LZMA SDK encoder;
 *                     skipped with a note when it is not available)
 *   x360_raw          world of v21_ldr_hdr, big-endian, nothing compressed
 *   v20_lzma          world of v20_ldr, VBSP with lumps 0 1 4 5 7 8 10 12 29
 *                     LZMA-compressed (Valve's settings), the rest not
 *   v17           Vampire: The Masquerade - Bloodlines: world of v20_ldr
 *                 with a third style (slot 2) on one face, 104-byte faces
 *                 with 8 style slots and the average colours in the face,
 *                 32-byte leaves at lump version 0; NAME.api tries slots 0-7
 *   v22           v22 (INFRA, early Dota 2): world of v21_ldr_hdr, Valve's
 *                 records at their usual lump versions but the displacement
 *                 info (180 bytes: an int32 after its lightmap sample start;
 *                 docs/queries.md 13.6); collision unsupported
 *   v23           v23 (Dota 2 betas): world of v20_ldr, v22's records but
 *                 184-byte displacement info (one more int32, before MapFace)
 *   v27_contagion v27 (Contagion): world of v21_ldr_hdr, lump_t in the Left
 *                 4 Dead 2 order
 *   v25_strata    v25 Strata Source: world of v21_ldr_hdr in Strata's
 *                 records (strata_writer.c) at their lump versions: nodes 1,
 *                 faces 2, leaves 2, edges 1, leaf faces and brushes 1,
 *                 brush sides 1, ambient index 1, area portals 1 (vbsp's
 *                 reserved portal 0, 20 bytes); float node/leaf bounds
 *   v25_strata_hdr_only  world of v20_hdr_only, Strata records, HDR only
 *   x360_v25_strata      v25_strata as PSBV (big-endian, Valve's LZMA):
 *                 not a real console format, it makes the swapper walk the
 *                 Strata layouts on little-endian hosts too
 *   v20_darkmessiah   world of v20_ldr as Dark Messiah writes it (version
 *                     word 20 | 4 << 16, 96-byte texinfo, 52-byte models,
 *                     20-byte game lump entries; source_variant.c)
 *   v21_tactical      world of v21_ldr_hdr, the file XOR-encrypted as
 *                     Tactical Intervention's (key at offset 384)
 *   v20_lzma_tactical world of v20_ldr: v20_lzma's LZMA lumps, encrypted
 *   vindictus/v20_vindictus   world of v20_ldr with Vindictus's 32-bit
 *                     records, faces lump version 1 (72-byte faces)
 *   vindictus/v20_vindictus2  world of v20_hdr_only, Vindictus, faces
 *                     version 2 (76 bytes: 4 bytes of 255 after the styles)
 *                     In their own folder: a Vindictus file does not say
 *                     so, and the suite's tests of every map open files as
 *                     they come (part 32 tests these).
 *   v19_xbox          world of v19_ldr_hdr as the original Xbox's Half-
 *                     Life 2 (docs/queries.md 13.5): lightmap pages in 51,
 *                     page infos in 52, an XZip pakfile in 57; the PC
 *                     lightmaps stay in lump 8, and luxel and light answer
 *                     no_lightmap, ambient unsupported
 *   v19_xbox_nopak    the same with lump 57 empty (told by lump 52 alone)
 *   large         --large N: N rooms on a grid (benchmarks), v20 LDR
 *   large_x360    --large N: the same world as PSBV, Valve's LZMA settings
 *                 (a quicker match finder), no random lumps
 *
 * The other families: the standard world (that of v20_ldr) in each
 * family's own layout, numbering and lightmaps (family.h says how the
 * world maps onto each; the writers' top comments give the record layouts
 * and lump orders, checked against the maps in shared/maps):
 *   q1          Quake v29: solid leaves merged into leaf 0, one cluster
 *               per empty world leaf (82 clusters, 11-byte rows, run-length
 *               rows some of which overrun), grey lighting (1 byte per
 *               luxel), the door's top face with a texinfo whose lightmap
 *               extents need the contract's double-then-float rule, pas
 *               unsupported, clipnodes, embedded miptex
 *   q1_novis    q1 without vis data: every visofs -1, every cluster sees
 *               every cluster, num_clusters still models[0].visleafs
 *   goldsrc     Half-Life v30: q1's layout, RGB lighting (3 bytes), a
 *               miptex with its palette and two WAD-only ones
 *   bsp2        "BSP2": q1 with 32-bit indices and float bounds
 *   bsp2_2psb   "2PSB" (BSP2-RMQ): 32-bit indices, int16 bounds
 *   q2          Quake 2 (IBSP 38): clusters = rooms, dvis with PVS and
 *               PAS rows (as Source), RGB lighting by the quake rule
 *   q3          Quake 3 (IBSP 46): world tree only, 48-byte leaves, vis
 *               rows uncompressed with bytesPerCluster 8 (> 3 needed),
 *               contents 0, luxels no_lightmap (no pages), ambient
 *               no_ambient (no light grid), light and pas unsupported
 *   q3_lit      q3 lit (q3light.c): 3 lightmap pages; planar surfaces,
 *               triangle soups (fans, a second layer, a degenerate
 *               triangle, stray indexes), patches (luxel unsupported), a
 *               flare and a page past the lump (no_lightmap); luxels off
 *               a surface not_on_face; a light grid of the default size
 *               (64 64 128) with empty cells; ambient answers
 *   q3_gridsize q3_lit with worldspawn keys "gridsize" "16 16 16", a
 *               commented-out one and "GridSize" "48 80 96" (the last
 *               one wins, case-blind): the grid of 48 x 80 x 96 cells
 *   q3_gridsize_partial  "gridsize" "96 x7 40": sscanf reads 96 and
 *               stops; y and z keep 64 and 128
 *   q3_gridsize_hex      "gridsize" "0x30 0x1.4p6 0x": C99 sscanf reads
 *               hexadecimal floats (48, 80); "0x" alone fails, z keeps 128
 *   q3_gridsize_bad      "gridsize" "-64 64 128": no grid, no_ambient
 *   q3_grid_short        lump 15 five bytes short of its 8-byte cells
 *               (not a multiple of 8): the map loads, ambient no_ambient
 *   nightfire   Nightfire v42: every world leaf is a cluster (194), rows
 *               uncompressed 32 bytes apart, one leaf with offset -1,
 *               luxels no_lightmap (unlit), light, ambient and pas
 *               unsupported
 *   nightfire_lit  nightfire with lightmaps (nflight.c): the faces'
 *               styles, lightmap projections (lump 17), RGB lump 10, the
 *               last lit face's block past the lump's end (no_lightmap)
 *   v20_terrain   v20_ldr with Source terrain in its rooms: displacements of
 *                 power 2, 3 and 4, sloped, NOHULL / NORAY, tagged, across
 *                 leaves, under a floor (docs/queries.md 8.14); no collision
 *                 lines in its .queries (44-disp.sh checks them)
 *   x360_v20_terrain  its console twin (big-endian, LZMA)
 *   v23_terrain   its world as v23 (184-byte displacement info, one record
 *                 a displacement: the second is misplaced by a reader of
 *                 Valve's 176 bytes); collision unsupported
 *   q3_lit_rtcw q3_lit as IBSP 47 the way the original q3map writes it
 *               (RTCW, Wolfenstein: ET; docs/queries.md 13.2): 17 entries,
 *               data from byte 144, and one more surface, an ET foliage
 *               surface (type 5), after the world's
 *   q3_ramp_ql  q3_ramp as IBSP 47 with q3map2's 18 entries, the 18th two
 *               Quake Live advert records (variant quakelive)
 *   q3_badads   q3 as IBSP 47 with an 18th entry 100 bytes long, not whole
 *               records: read as 17 entries, the bytes ignored
 *   q3_raven    q3_lit as Raven's "RBSP" 1 (docs/queries.md 13.3): 12-byte
 *               brush sides, 80-byte draw vertices, 148-byte surfaces, the
 *               grid as 30-byte points through the light array (lump 17);
 *               the in-wall cells share a point of style 255, so style 0
 *               answers as q3_lit; `ambient X Y Z STYLE` reads the slots
 *   q3_raven_dark  q3_raven whose in-wall point has style 0 and no light
 *               (Raven's rule keeps it: darker than Quake 3's), one cell's
 *               entry past lump 15 (corrupt where it is read), and slot 0
 *               of every seventh lit surface style 255 (no_lightmap)
 *   q3_qfusion  q3_raven as qfusion's "FBSP" 1: 512 x 512 pages, the
 *               lightmap coordinates a quarter: the same texels
 *   q3_raven_ramp  q3_ramp as RBSP 1 (unlit: no grid, no light array):
 *               its collision lines trace the 12-byte brush sides
 *   q2_qbism, q2_qbism_ramp  q2 and q2_ramp as "QBSP" 38 (the Quake II
 *               re-release / Qbism, docs/queries.md 13.1): the same world
 *               and answers with 32-bit indices and float bounds
 *   q1_quake64  q1 as Quake 64 (" 46Q" where Quake has its version,
 *               docs/queries.md 13.4): Quake's records but 44-byte miptex
 *               headers (a uint32 shift before the mip offsets); the same
 *               answers
 *   q1_hexen2   q1 as Hexen II (docs/queries.md 13.4): 80-byte models
 *               (headnode[8]), hulls 0-5 the generated tree; its own
 *               expected answers (Hexen II's hulls and hull choice)
 *   models640/q1_hexen2_640, models640/q1_quake_640  a model lump of 640
 *               bytes, which 64 and 80 both divide: 8 Hexen II models (the
 *               door repeated), each plausible (hexen2 from a seekable
 *               stream; forward-only: quake, and corrupt), and 10 Quake
 *               models, which as Hexen II records are not (quake); no
 *               expected answers; apart, as the parts that open every map
 *               of the folder both ways would read the first two ways
 *   q2_daikatana  q2 as Daikatana's "IBSP" 41 (docs/queries.md 13.4):
 *               IBSP 38's records and two lumps more, 19 (a float rgb[3]
 *               per texinfo) and 20 (plane faces: per plane an int32
 *               count and that many face indices); the same answers
 *   brushlist/  q1, bsp2 and goldsrc with hull 0 only and a BSPX
 *               BRUSHLIST (docs/queries.md 13.7), and hostile lists
 *               (brushlist.c)
 *   q2_ramp, q3_ramp, v20_ramp  q2, q3 and v20_ldr with a third model,
 *               a ramp (gen_add_ramp in world.h): one wedge brush with a
 *               sloped side (normal (-0.6, 0, 0.8) as floats, plane type
 *               5) and its own tree; the collision lines trace it
 *               through `model 2`
 * The other x360_* variants and v20_lzma also hold a 40000-byte random pakfile
 * (lump 40, never compressed) and 24588 random bytes in lump 29
 * (physcollide), compressed although LZMA makes them larger: the case that
 * needs a decoder's in-place margin. A variant "world of X" has the .queries,
 * .expected, .api (plus one comment line naming X) and .counts of X.
 *
 * Everything is deterministic: the same files on every run and host, but
 * for the LZMA streams, whose bytes (not their decoded contents) may change
 * with the liblzma or LZMA SDK version.
 *
 * --only NAME writes that one variant (repeatable; make demo uses it).
 *
 * Build: every .c file here, linked with -lm -llzma (or with
 * -DGEN_NO_LIBLZMA and -lm alone: the LZMA variants then need the SDK). liblzma >= 5.4 writes
 * streams without an end marker; Debian's lzma-dev (LZMA SDK sources, found
 * through __has_include) encodes lc 8 and stands in for an older liblzma;
 * a variant neither can encode is skipped with a note on stderr.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "respawn_writer.h"
#include "grid.h"
#include "ambient.h"
#include "bspx.h"
#include "textures.h"
#include "expect.h"
#include "idtech.h"
#include "nflight.h"
#include "q3light.h"
#include "source_writer.h"
#include "repack.h"
#include "world.h"

typedef struct {
    const char *name;
    int layout; /* 0 standard, 1 demo, 2 grid */
    src_opts src;
    const char *world_of; /* answers of this variant (same world); NULL: own */
    int v17_styles;       /* one face gets a third style; .api tries 8 slots */
    int ramp;             /* model 2: the sloped brush (gen_add_ramp) */
} variant;

/* The ramp of the *_ramp variants (model 2, gen_add_ramp): 64 long, 48
 * high, rising along +x inside room 0 of the standard layout. */
static const gen_ibox ramp_box = {{64, 160, 0}, {128, 224, 48}};

#define VALVE GEN_LZMA_VALVE
#define NOLZ {0, 0, 0, 0, 0, 0}
#define KIB(n) ((uint32_t)(n) * 1024u)

/* version leafv ldr hdr vis l4d2 index_order | console pack lzma extras variant */
static const variant variants[] = {
    {"v19_ldr_hdr", 0, {19, 0, 1, 1, 1, 0, 0, 0, SRC_PACK_NONE, NOLZ, 0, 0, 0}, NULL, 0, 0},
    {"v20_ldr", 0, {20, 1, 1, 0, 1, 0, 1, 0, SRC_PACK_NONE, NOLZ, 0, 0, 0}, NULL, 0, 0},
    {"v20_hdr_only", 0, {20, 1, 0, 1, 1, 0, 0, 0, SRC_PACK_NONE, NOLZ, 0, 0, 0}, NULL, 0, 0},
    {"v21_ldr_hdr", 0, {21, 1, 1, 1, 1, 0, 0, 0, SRC_PACK_NONE, NOLZ, 0, 0, 0}, NULL, 0, 0},
    {"v21_l4d2", 0, {21, 1, 1, 1, 1, 1, 0, 0, SRC_PACK_NONE, NOLZ, 0, 0, 0}, NULL, 0, 0},
    {"v20_novis", 0, {20, 1, 1, 0, 0, 0, 0, 0, SRC_PACK_NONE, NOLZ, 0, 0, 0}, NULL, 0, 0},
    {"v20_ramp", 0, {20, 1, 1, 0, 1, 0, 0, 0, SRC_PACK_NONE, NOLZ, 0, 0, 0}, NULL, 0, 1},
    {"demo", 1, {20, 1, 1, 0, 1, 0, 0, 0, SRC_PACK_NONE, NOLZ, 0, 0, 0}, NULL, 0, 0},
    {"x360_v20_ldr", 0, {20, 1, 1, 0, 1, 0, 0, 1, SRC_PACK_ALL, VALVE, 1, 0, 0}, "v20_ldr", 0, 0},
    {"x360_v20_hdr_only", 0, {20, 1, 0, 1, 1, 0, 0, 1, SRC_PACK_ALL, VALVE, 1, 0, 0}, "v20_hdr_only", 0, 0},
    {"x360_lc0lp2pb0", 0, {19, 0, 1, 1, 1, 0, 0, 1, SRC_PACK_ALL, {0, 2, 0, KIB(256), 0, 0}, 1, 0, 0}, "v19_ldr_hdr", 0, 0},
    {"x360_lc4lp0pb4", 0, {21, 1, 1, 1, 1, 0, 0, 1, SRC_PACK_ALL, {4, 0, 4, KIB(64), 0, 0}, 1, 0, 0}, "v21_ldr_hdr", 0, 0},
    {"x360_eos", 0, {20, 1, 1, 0, 1, 0, 0, 1, SRC_PACK_ALL, {3, 0, 2, KIB(256), 1, 0}, 1, 0, 0}, "v20_ldr", 0, 0},
    {"x360_lc8", 0, {20, 1, 1, 0, 1, 0, 0, 1, SRC_PACK_ALL, {8, 0, 2, KIB(256), 0, 0}, 1, 0, 0}, "v20_ldr", 0, 0},
    {"x360_raw", 0, {21, 1, 1, 1, 1, 0, 0, 1, SRC_PACK_NONE, VALVE, 1, 0, 0}, "v21_ldr_hdr", 0, 0},
    {"v20_lzma", 0, {20, 1, 1, 0, 1, 0, 0, 0, SRC_PACK_SOME, VALVE, 1, 0, 0}, "v20_ldr", 0, 0},
    {"v17", 0, {17, 1, 1, 0, 1, 0, 0, 0, SRC_PACK_NONE, NOLZ, 0, 0, 0}, NULL, 1, 0},
    {"v22", 0, {22, 1, 1, 1, 1, 0, 0, 0, SRC_PACK_NONE, NOLZ, 0, 0, 0}, "v21_ldr_hdr", 0, 0},
    {"v23", 0, {23, 1, 1, 0, 1, 0, 0, 0, SRC_PACK_NONE, NOLZ, 0, 0, 0}, "v20_ldr", 0, 0},
    {"v27_contagion", 0, {27, 1, 1, 1, 1, 1, 0, 0, SRC_PACK_NONE, NOLZ, 0, 0, 0}, "v21_ldr_hdr", 0, 0},
    {"v25_strata", 0, {25, 2, 1, 1, 1, 0, 0, 0, SRC_PACK_NONE, NOLZ, 0, 0, 0}, "v21_ldr_hdr", 0, 0},
    {"v25_strata_hdr_only", 0, {25, 2, 0, 1, 1, 0, 0, 0, SRC_PACK_NONE, NOLZ, 0, 0, 0}, "v20_hdr_only", 0, 0},
    {"x360_v25_strata", 0, {25, 2, 1, 1, 1, 0, 0, 1, SRC_PACK_ALL, VALVE, 1, 0, 0}, "v21_ldr_hdr", 0, 0},
    {"v20_terrain", 0, {20, 1, 1, 0, 1, 0, 0, 0, SRC_PACK_NONE, NOLZ, 0, 0, 1}, NULL, 0, 0},
    {"x360_v20_terrain", 0, {20, 1, 1, 0, 1, 0, 0, 1, SRC_PACK_ALL, VALVE, 1, 0, 1}, "v20_terrain", 0, 0},
    {"v23_terrain", 0, {23, 1, 1, 0, 1, 0, 0, 0, SRC_PACK_NONE, NOLZ, 0, 0, 1}, "v20_terrain", 0, 0},
};

/* Game variants: the file of variant `of` as the game changes it, with the
 * answers of `world_of`. */
static const struct {
    const char *name, *of, *world_of;
    int variant;
} game_variants[] = {
    {"v20_darkmessiah", "v20_ldr", "v20_ldr", SRC_VAR_DARK_MESSIAH},
    {"v21_tactical", "v21_ldr_hdr", "v21_ldr_hdr", SRC_VAR_TACTICAL},
    {"v20_lzma_tactical", "v20_lzma", "v20_ldr", SRC_VAR_TACTICAL},
    {"vindictus/v20_vindictus", "v20_ldr", "v20_ldr", SRC_VAR_VINDICTUS},
    {"vindictus/v20_vindictus2", "v20_hdr_only", "v20_hdr_only", SRC_VAR_VINDICTUS2},
    {"v19_xbox", "v19_ldr_hdr", "v19_ldr_hdr", SRC_VAR_HL2_XBOX},
    {"v19_xbox_nopak", "v19_ldr_hdr", "v19_ldr_hdr", SRC_VAR_HL2_XBOX_NOPAK},
};

/* v17: the first single-page face with two styles gets a third one, so
 * style slot 2 has a block (and slots 3..7 none). */
static void add_third_style(gen_world *w)
{
    int f;
    for (f = 0; f < w->nfaces; f++) {
        gen_face *fc = &w->faces[f];
        if (fc->nstyles == 2 && fc->pages == 1) {
            fc->styles[2] = 6;
            fc->nstyles = 3;
            return;
        }
    }
    gen_die("no face to give a third style");
}

static void save_text(const gbuf *b, const char *outdir, const char *name, const char *ext)
{
    char path[1024];
    if ((size_t)snprintf(path, sizeof path, "%s/%s%s", outdir, name, ext) >= sizeof path) gen_die("path too long");
    if (gbuf_save(b, path)) gen_die("cannot write %s", path);
}

/* The sprp record each Source map carries (source_writer.h): every version
 * the documents give, PC and console (big-endian, compressed), both
 * layouts of versions 7, 10 and 11, Dark Messiah's, an empty v12. */
static const struct { const char *name; int sprp; } sprp_of[] = {
    {"v19_ldr_hdr", SRC_SPRP_V4}, {"v20_ldr", SRC_SPRP_V5}, {"v20_hdr_only", SRC_SPRP_V7},
    {"v21_ldr_hdr", SRC_SPRP_V8}, {"v21_l4d2", SRC_SPRP_V9}, {"v20_novis", SRC_SPRP_V10},
    {"v20_ramp", SRC_SPRP_V10_TF2}, {"demo", SRC_SPRP_V11}, {"v17", SRC_SPRP_V11_CSGO},
    {"v22", SRC_SPRP_V7_TF2}, {"v27_contagion", SRC_SPRP_V9}, {"v25_strata", SRC_SPRP_V12_EMPTY},
    {"v25_strata_hdr_only", SRC_SPRP_V11_CSGO}, {"v20_lzma", SRC_SPRP_V10_TF2},
    {"x360_v20_ldr", SRC_SPRP_V5}, {"x360_v20_hdr_only", SRC_SPRP_V8},
    {"x360_lc0lp2pb0", SRC_SPRP_V9}, {"x360_lc4lp0pb4", SRC_SPRP_V10_TF2},
    {"x360_eos", SRC_SPRP_V11_CSGO}, {"x360_lc8", SRC_SPRP_V4}, {"x360_raw", SRC_SPRP_V7},
    {"x360_v25_strata", SRC_SPRP_V10}, {"v20_darkmessiah", SRC_SPRP_V6_DM},
    {"v21_tactical", SRC_SPRP_V10}, {"v20_lzma_tactical", SRC_SPRP_V11},
    {"vindictus/v20_vindictus", SRC_SPRP_V5}, {"vindictus/v20_vindictus2", SRC_SPRP_V4},
    {"v19_xbox", SRC_SPRP_V4}, {"v19_xbox_nopak", SRC_SPRP_V4},
};

static int sprp_for(const char *name)
{
    size_t i;
    for (i = 0; i < sizeof sprp_of / sizeof sprp_of[0]; i++)
        if (strcmp(sprp_of[i].name, name) == 0) return sprp_of[i].sprp;
    return SRC_SPRP_V6;
}

static void write_variant(const variant *v, int nrooms, const char *outdir)
{
    gen_desc d;
    gen_world w;
    gen_view view;
    gen_counts counts;
    gen_expect_opts eo;
    gbuf gl;
    char path[1024];

    if (v->src.pack != SRC_PACK_NONE && !gen_lzma_can_encode(&v->src.lzma)) {
        fprintf(stderr, "bspgen: skipping %s: lc %d lp %d needs the LZMA SDK encoder (Debian lzma-dev)\n",
                v->name, v->src.lzma.lc, v->src.lzma.lp);
        return;
    }
    if (v->layout == 0) gen_layout_standard(&d);
    else if (v->layout == 1) gen_layout_demo(&d);
    else gen_layout_grid(&d, nrooms);
    gen_compile(&d, &w);
    if (v->ramp) gen_add_ramp(&w, &ramp_box);
    if (v->v17_styles) add_third_style(&w);
    /* the demo map is for people: tiled rooms, not random light */
    gen_demo_light(v->layout == 1 ? &w : NULL);

    if ((size_t)snprintf(path, sizeof path, "%s/%s.bsp", outdir, v->name) >= sizeof path) gen_die("path too long");
    memset(&counts, 0, sizeof counts);
    memset(&gl, 0, sizeof gl);
    src_write(&w, &v->src, sprp_for(v->name), path, &counts, &gl);
    save_text(&gl, outdir, v->name, ".gamelumps");
    gbuf_free(&gl);
    memset(&gl, 0, sizeof gl);
    src_sprp_describe(&w, sprp_for(v->name), &gl);
    save_text(&gl, outdir, v->name, ".props");
    gbuf_free(&gl);

    memset(&eo, 0, sizeof eo);
    eo.name = v->name;
    eo.seed_name = v->world_of;
    eo.has_ldr = v->src.ldr;
    eo.has_hdr = v->src.hdr;
    eo.max_rooms = v->layout == 2 ? 64 : 0;
    eo.api_slots = v->v17_styles ? 8 : 0;
    eo.ambient = gen_amb_mode(&w, v->src.version, v->src.leaf_version);
    /* the original Xbox's HL2 (docs/queries.md 13.5): no lightmap, no ambient */
    if (v->src.variant == SRC_VAR_HL2_XBOX || v->src.variant == SRC_VAR_HL2_XBOX_NOPAK) {
        eo.no_lightmaps = 1;
        eo.ambient = GEN_AMB_UNSUPPORTED;
    }
    /* Dota 2's v22/v23 brushes are read but do not collide (docs/queries.md 13.6) */
    if (v->src.version == 22 || v->src.version == 23) eo.no_collision = "unsupported";
    /* terrain: the description's answers know no displacements; 44-disp.sh
     * compares these maps' traces with the reference instead */
    if (v->src.terrain) eo.no_collision_lines = 1;
    gen_view_build(&w, GEN_FAM_SOURCE, v->src.vis, &view);
    gen_write_expected(&w, &view, &eo, &counts, outdir);

    gen_view_free(&view);
    gen_demo_light(NULL);
    gen_world_free(&w);
    gen_desc_free(&d);
}

/* The other families: the standard world, each in its own file format. */
typedef struct {
    const char *name;
    int family;
    int vis;
    int lit;                /* quake3, nightfire: lightmaps (and a light grid) */
    const char *worldspawn; /* quake3: key lines of the first entity */
    int grid;               /* quake3: GEN_Q3_GRID_* */
    int ramp;               /* model 2: the sloped brush (gen_add_ramp) */
    int variant;            /* GEN_VAR_* (family.h) */
} fam_variant;

/* Quake 3 worldspawn keys: gridsize case-blind, the last one wins, each
 * read by sscanf("%f %f %f") (fields it does not read keep theirs),
 * comments skipped by the tokenizer. */
#define Q3_KEYS_CUSTOM "\"gridsize\" \"16 16 16\"\n// \"gridsize\" \"8 8 8\"\n\"GridSize\" \"48 80 96\"\n"
#define Q3_KEYS_PARTIAL "\"gridsize\" \"96 x7 40\"\n"
#define Q3_KEYS_HEX "\"gridsize\" \"0x30 0x1.4p6 0x\"\n"
#define Q3_KEYS_BAD "\"gridsize\" \"-64 64 128\"\n"

static const fam_variant fam_variants[] = {
    {"q1", GEN_FAM_QUAKE, 1, 0, NULL, 0, 0, 0},
    {"q1_novis", GEN_FAM_QUAKE, 0, 0, NULL, 0, 0, 0},
    {"q1_quake64", GEN_FAM_QUAKE, 1, 0, NULL, 0, 0, GEN_VAR_QUAKE64},
    {"q1_hexen2", GEN_FAM_QUAKE, 1, 0, NULL, 0, 0, GEN_VAR_HEXEN2},
    {"models640/q1_hexen2_640", GEN_FAM_QUAKE, 1, 0, NULL, 0, 0, GEN_VAR_HEXEN2_640},
    {"models640/q1_quake_640", GEN_FAM_QUAKE, 1, 0, NULL, 0, 0, GEN_VAR_QUAKE_640},
    {"goldsrc", GEN_FAM_GOLDSRC, 1, 0, NULL, 0, 0, 0},
    {"bsp2", GEN_FAM_BSP2, 1, 0, NULL, 0, 0, 0},
    {"bsp2_2psb", GEN_FAM_BSP2RMQ, 1, 0, NULL, 0, 0, 0},
    {"q2", GEN_FAM_QUAKE2, 1, 0, NULL, 0, 0, 0},
    {"q2_ramp", GEN_FAM_QUAKE2, 1, 0, NULL, 0, 1, 0},
    {"q2_qbism", GEN_FAM_QUAKE2, 1, 0, NULL, 0, 0, GEN_VAR_QBISM},
    {"q2_qbism_ramp", GEN_FAM_QUAKE2, 1, 0, NULL, 0, 1, GEN_VAR_QBISM},
    {"q2_daikatana", GEN_FAM_QUAKE2, 1, 0, NULL, 0, 0, GEN_VAR_DAIKATANA},
    {"q3", GEN_FAM_QUAKE3, 1, 0, NULL, 0, 0, 0},
    {"q3_ramp", GEN_FAM_QUAKE3, 1, 0, NULL, 0, 1, 0},
    {"q3_lit", GEN_FAM_QUAKE3, 1, 1, NULL, GEN_Q3_GRID_OK, 0, 0},
    {"q3_gridsize", GEN_FAM_QUAKE3, 1, 1, Q3_KEYS_CUSTOM, GEN_Q3_GRID_OK, 0, 0},
    {"q3_gridsize_partial", GEN_FAM_QUAKE3, 1, 1, Q3_KEYS_PARTIAL, GEN_Q3_GRID_OK, 0, 0},
    {"q3_gridsize_hex", GEN_FAM_QUAKE3, 1, 1, Q3_KEYS_HEX, GEN_Q3_GRID_OK, 0, 0},
    {"q3_gridsize_bad", GEN_FAM_QUAKE3, 1, 1, Q3_KEYS_BAD, GEN_Q3_GRID_NONE, 0, 0},
    {"q3_grid_short", GEN_FAM_QUAKE3, 1, 1, NULL, GEN_Q3_GRID_SHORT, 0, 0},
    {"q3_lit_rtcw", GEN_FAM_QUAKE3, 1, 1, NULL, GEN_Q3_GRID_OK, 0, GEN_VAR_Q3V47_RTCW},
    {"q3_ramp_ql", GEN_FAM_QUAKE3, 1, 0, NULL, 0, 1, GEN_VAR_Q3V47_QL},
    {"q3_badads", GEN_FAM_QUAKE3, 1, 0, NULL, 0, 0, GEN_VAR_Q3V47_BADADS},
    {"q3_raven", GEN_FAM_QUAKE3, 1, 1, NULL, GEN_Q3_GRID_OK, 0, GEN_VAR_RAVEN},
    {"q3_raven_dark", GEN_FAM_QUAKE3, 1, 1, NULL, GEN_Q3_GRID_OK, 0, GEN_VAR_RAVEN_DARK},
    {"q3_qfusion", GEN_FAM_QUAKE3, 1, 1, NULL, GEN_Q3_GRID_OK, 0, GEN_VAR_QFUSION},
    {"q3_raven_ramp", GEN_FAM_QUAKE3, 1, 0, NULL, 0, 1, GEN_VAR_RAVEN},
    {"nightfire", GEN_FAM_NIGHTFIRE, 1, 0, NULL, 0, 0, 0},
    {"nightfire_lit", GEN_FAM_NIGHTFIRE, 1, 1, NULL, 0, 0, 0},
};

static void write_fam_variant(const fam_variant *fv, const char *outdir)
{
    gen_desc d;
    gen_world w;
    gen_view view;
    gen_counts counts;
    gen_expect_opts eo;
    gen_q3l q3l;
    char path[1024];

    gen_layout_standard(&d);
    gen_compile(&d, &w);
    if (fv->ramp) gen_add_ramp(&w, &ramp_box);
    gen_view_build(&w, fv->family, fv->vis, &view);
    view.variant = fv->variant;
    memset(&q3l, 0, sizeof q3l);
    if (fv->lit && fv->family == GEN_FAM_QUAKE3) {
        gen_q3l_build(&w, fv->worldspawn, fv->grid, &q3l);
        if (GEN_VAR_IS_RAVEN(fv->variant))
            gen_q3l_raven(&q3l, fv->variant == GEN_VAR_RAVEN_DARK ? GEN_Q3_RAVEN_DARK : GEN_Q3_RAVEN_TWIN,
                          fv->variant == GEN_VAR_QFUSION ? 512 : 128);
        view.q3l = &q3l;
    }
    if (fv->lit && fv->family == GEN_FAM_NIGHTFIRE) gen_nf_light_build(&view);
    if ((size_t)snprintf(path, sizeof path, "%s/%s.bsp", outdir, fv->name) >= sizeof path) gen_die("path too long");
    memset(&counts, 0, sizeof counts);
    switch (fv->family) {
    case GEN_FAM_QUAKE2: q2_write(&view, path, &counts); break;
    case GEN_FAM_QUAKE3: q3_write(&view, path, &counts); break;
    case GEN_FAM_NIGHTFIRE: nf_write(&view, path, &counts); break;
    default: qk_write(&view, path, &counts); break;
    }

    memset(&eo, 0, sizeof eo);
    eo.name = fv->name;
    eo.has_ldr = 1;
    /* Quake 3 answers from its light grid (q3light.c); unlit: none */
    eo.ambient = fv->family == GEN_FAM_QUAKE3 ? GEN_AMB_NONE : GEN_AMB_UNSUPPORTED;
    /* lit Quake 3 has curved surfaces, which collide (docs/queries.md 8.11)
     * and which the description does not model */
    eo.no_collision_lines = fv->lit && fv->family == GEN_FAM_QUAKE3;
    /* (the 640-byte model lumps' repeated models are not the world's:
     * 30-generated.sh checks which variant each is read as) */
    if (fv->variant != GEN_VAR_HEXEN2_640 && fv->variant != GEN_VAR_QUAKE_640)
        gen_write_expected(&w, &view, &eo, &counts, outdir);

    gen_q3l_free(&q3l);
    gen_view_free(&view);
    gen_world_free(&w);
    gen_desc_free(&d);
}

/* The folder of a map named "dir/name" under outdir (may exist). */
static void make_subdir(const char *outdir, const char *name)
{
    char sub[1024];
    const char *slash = strchr(name, '/');
    if (slash && (size_t)snprintf(sub, sizeof sub, "%s/%.*s", outdir, (int)(slash - name), name) < sizeof sub)
        mkdir(sub, 0777);
}

/* No --only: every variant. */
static int wanted(const char *name, const char *const *only, int nonly)
{
    int i;
    for (i = 0; i < nonly; i++)
        if (strcmp(name, only[i]) == 0) return 1;
    return nonly == 0;
}

static void usage(void)
{
    fprintf(stderr, "usage: bspgen [--large N] [--only NAME]... OUTDIR\n"
                    "       bspgen --repack IN.bsp OUT.bsp   (a PC map as bspzip -repack writes it)\n");
    exit(2);
}

int main(int argc, char **argv)
{
    const char *outdir = NULL;
    const char *only[32];
    int nonly = 0;
    long large = 0;
    int i;
    if (argc == 4 && strcmp(argv[1], "--repack") == 0) return gen_repack(argv[2], argv[3]);
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--only") == 0) {
            if (++i >= argc || nonly == (int)(sizeof only / sizeof only[0])) usage();
            only[nonly++] = argv[i];
        } else if (strcmp(argv[i], "--large") == 0) {
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

    for (i = 0; i < (int)(sizeof variants / sizeof variants[0]); i++)
        if (wanted(variants[i].name, only, nonly)) write_variant(&variants[i], 0, outdir);
    for (i = 0; i < (int)(sizeof game_variants / sizeof game_variants[0]); i++) {
        int k;
        variant v;
        if (!wanted(game_variants[i].name, only, nonly)) continue;
        make_subdir(outdir, game_variants[i].name);
        for (k = 0; strcmp(variants[k].name, game_variants[i].of) != 0; k++) {}
        v = variants[k];
        v.name = game_variants[i].name;
        v.world_of = game_variants[i].world_of;
        v.src.variant = game_variants[i].variant;
        write_variant(&v, 0, outdir);
    }
    for (i = 0; i < (int)(sizeof fam_variants / sizeof fam_variants[0]); i++)
        if (wanted(fam_variants[i].name, only, nonly)) {
            make_subdir(outdir, fam_variants[i].name);
            write_fam_variant(&fam_variants[i], outdir);
        }
    /* section 10's maps, from q1, bsp2, goldsrc and q2 (bspx_variants.c) */
    if (wanted("bspx", only, nonly)) gen_bspx_variants(outdir);
    /* 13.7's BRUSHLIST maps, from q1, bsp2 and goldsrc (brushlist.c) */
    if (wanted("brushlist", only, nonly)) gen_brushlist_variants(outdir);
    /* texture fixtures (docs/queries.md 11.2): maps, WADs, .wal files */
    if (wanted("tex", only, nonly)) gen_texture_files(outdir);
    /* Respawn's rBSP and PSBr (docs/queries.md 12; respawn_writer.c) */
    if (wanted("respawn", only, nonly)) gen_respawn_maps(outdir);
    /* light grids (docs/queries.md 10.5) on the quake-family maps just written */
    if (wanted("grid", only, nonly)) gen_grid_variants(outdir);
    if (large) {
        variant v;
        static const gen_lzma valve = GEN_LZMA_VALVE;
        memset(&v, 0, sizeof v);
        v.name = "large";
        v.layout = 2;
        v.src = variants[1].src; /* v20, LDR */
        v.src.index_order = 0;
        write_variant(&v, (int)large, outdir);
        v.name = "large_x360";
        v.world_of = "large";
        v.src.console = 1;
        v.src.pack = SRC_PACK_ALL;
        v.src.lzma = valve;
        v.src.lzma.fast = 1; /* same settings, quicker match finder */
        write_variant(&v, (int)large, outdir);
    }
    return 0;
}
