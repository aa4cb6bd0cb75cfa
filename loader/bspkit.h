/* SPDX-License-Identifier: MIT */
/* bspkit.h - load BSP maps into a caller's arena and query them.
 *
 * Freestanding and allocation-free: the caller supplies a stream (a read
 * callback) and one block of memory, the arena. The loader reads the header,
 * plans where every lump goes (bsp_measure tells how many bytes that takes),
 * copies the lumps into the arena in native byte order, validates every index
 * the queries follow, and fills a bsp_map of views into the arena. Queries
 * never allocate and never fail by crashing: every failure is a bsp_status.
 *
 *     bsp_header h;  bsp_map map;  uint32_t need;
 *     bsp_options o = bsp_default_options(BSP_LOAD_LIGHTING);
 *     if (bsp_open(&h, &stream) == BSP_OK &&
 *         bsp_measure(&h, &o, &need) == BSP_OK && need <= sizeof arena &&
 *         bsp_load(&map, &h, &stream, arena, sizeof arena, &o, &need) == BSP_OK)
 *         bsp_point_leaf(&map, 0, point, &leaf);
 *
 * Thread safety: no global or static mutable state. A loaded bsp_map is
 * read-only; any number of threads may query it at once.
 *
 * The exact meaning of every query (which leaf, which bits, which luxel, in
 * which float operations) is the library's contract, docs/queries.md.
 *
 * Every function's comment has one shape; a new function keeps it:
 *     the summary: what the call does or gives, in a sentence;
 *     "Statuses, in the order they are checked:" and each status the call
 *         can return, with what it stands for here, in that order (a
 *         section whose calls share them lists them once, in its
 *         introduction, and the calls name it); a call that returns no
 *         bsp_status says "Statuses: none" and what it returns for bad
 *         input, or "Never fails";
 *     then the notes: rules, limits, what the outputs hold.
 * Calls declared together share one comment. What each status means is at
 * bsp_status below; the longer accounts of which files and builds give
 * which status are in docs/errors.md.
 */
#ifndef BSPKIT_H
#define BSPKIT_H

#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Version: BSPKIT_VERSION_NUMBER is major*10000 + minor*100 + patch. */
#define BSPKIT_VERSION_MAJOR 0
#define BSPKIT_VERSION_MINOR 8
#define BSPKIT_VERSION_PATCH 0
#define BSPKIT_VERSION_NUMBER (BSPKIT_VERSION_MAJOR * 10000 + \
                               BSPKIT_VERSION_MINOR * 100 + BSPKIT_VERSION_PATCH)

/* BSP_API marks every public function. A shared build of the library
 * (BSPKIT_BUILD_SHARED) compiles with hidden visibility and exports only
 * these; everything else (internal names are bsp__*) stays inside. */
#ifndef BSP_API
#  if defined(BSPKIT_BUILD_SHARED) && defined(__GNUC__)
#    define BSP_API __attribute__((visibility("default")))
#  else
#    define BSP_API
#  endif
#endif

/* BSP_DEPRECATED(why) marks a function kept only for older programs; it
 * warns at a call only when the program defines BSPKIT_WARN_DEPRECATED. */
#ifndef BSP_DEPRECATED
#  if defined(BSPKIT_WARN_DEPRECATED) && defined(__GNUC__)
#    define BSP_DEPRECATED(why) __attribute__((deprecated(why)))
#  else
#    define BSP_DEPRECATED(why)
#  endif
#endif

/* Status codes. Each has a stable lower-case name (bsp_status_name) that the
 * `bspkit` tool prints verbatim in its JSON "error" field. */
typedef enum bsp_status {
    BSP_OK = 0,
    BSP_E_BAD_ARGUMENT,    /* "bad_argument": a NULL pointer or bad option */
    BSP_E_IO,              /* "io": the stream's read callback failed */
    BSP_E_TRUNCATED,       /* "truncated": the file is shorter than its header */
    BSP_E_BAD_MAGIC,       /* "bad_magic": not a BSP family this build knows */
    BSP_E_BAD_VERSION,     /* "bad_version": a known family, an unsupported version */
    BSP_E_BAD_LUMP,        /* "bad_lump": a lump outside the file, over the header
                              or another lump, or not a whole number of records */
    BSP_E_BAD_LUMP_VERSION,/* "bad_lump_version": a lump version whose record
                              layout bspkit does not know */
    BSP_E_BAD_ARENA,       /* "bad_arena": arena NULL or not BSP_ARENA_ALIGN-aligned */
    BSP_E_ARENA_TOO_SMALL, /* "arena_too_small": *needed says how much is needed */
    BSP_E_LZMA_CORRUPT,    /* "lzma_corrupt": a compressed lump does not decode */
    BSP_E_LZMA_OVERLAP,    /* "lzma_overlap": in-place decoding would overwrite
                              unread input; the lump is not trusted */
    BSP_E_LZMA_PROPS,      /* "lzma_props": a lump's lc + lp exceeds
                              options.lzma_lclp_max */
    BSP_E_NOT_LOADED,      /* "not_loaded": the query needs a lump the load
                              options left out (a lump the family has:
                              data the family's format lacks is
                              UNSUPPORTED whatever the load; a lump the
                              file stores empty is no data, whatever the
                              load: the calls answer as for a map
                              without it: bsp_lump gives NULL) */
    /* Query errors, named by docs/queries.md section 6, in its precedence order. */
    BSP_E_BAD_QUERY,       /* "bad_query": malformed request (NaN point, ...) */
    BSP_E_UNSUPPORTED,     /* "unsupported": the family has no such query or
                              its format no such data (static props, game
                              lumps, cubemaps on a non-Source map; brushes
                              on the Quake family), whatever the load set;
                              or a compressed lump in a build without the
                              LZMA decoder (bsp_measure, bsp_load, game
                              lumps) */
    BSP_E_BAD_CLUSTER,     /* "bad_cluster": cluster outside 0..num_clusters-1 */
    BSP_E_BAD_FACE,        /* "bad_face": face index outside the face lump */
    BSP_E_NO_LIGHTMAP,     /* "no_lightmap": the face has no lightmap for the slot */
    BSP_E_CORRUPT,         /* "corrupt": data the loader or a query follows is
                              inconsistent (index out of range, tree cycle, ...) */
    /* Added later, so after the others; their precedence: no_ambient with
     * no_lightmap (before corrupt), not_on_face last. */
    BSP_E_NO_AMBIENT,      /* "no_ambient": bsp_ambient: no ambient data at p */
    BSP_E_NOT_ON_FACE,     /* "not_on_face": a Quake 3 luxel point whose
                              projection falls in no triangle of the surface */
    /* Collision (docs/queries.md 8), ranked with bad_cluster and bad_face. */
    BSP_E_BAD_MODEL,       /* "bad_model": a model index outside the model lump */
    BSP_E_BAD_HULL,        /* "bad_hull": a clipping hull the family or the
                              model does not have */
    /* Added later (the numbers above stay). */
    BSP_E_PATCHES_NOT_MEASURED, /* "patches_not_measured": a Quake 3 load with
                              BSP_LOAD_COLLISION whose header did not go
                              through bsp_measure_patches (bsp_measure,
                              bsp_load, bsp_loader_begin) */
    BSP_E_END,             /* "end": an iteration has no more items
                              (bsp_entity_find, bsp_pak_next); not an
                              error, its loop's normal end. bad_query stays
                              for malformed requests */
    BSP_E_BAD_LEAF,        /* "bad_leaf": a leaf index outside the leaf lump
                              (bsp_leaf_disps); ranked with bad_cluster and
                              bad_face */
    BSP_E_BAD_DISP,        /* "bad_disp": a displacement index outside lump
                              26 (ranked with bad_face) */
    BSP_E_BAD_TEXTURE,     /* "bad_texture": a texture index outside the
                              texture table of docs/queries.md 11.2
                              (bsp_texture_get; ranked with bad_face) */
    BSP_STATUS_COUNT
} bsp_status;

/* The stable name of a status, e.g. "bad_cluster".
 * Statuses: none; "unknown" for a status out of range. Never NULL. */
BSP_API const char *bsp_status_name(bsp_status s);

/* One English sentence saying what a status means, for people (log lines,
 * error dialogs), e.g. "A cluster number is outside the map's clusters.".
 * Statuses: none; a sentence saying the status is unknown for one out of
 * range. Never NULL.
 * The wording may improve between versions: programs compare statuses or
 * bsp_status_name, never these sentences. A build without text
 * (BSPKIT_STRINGS=0, docs/building.md "Builds with fewer formats") gives
 * bsp_status_name(s) instead. */
BSP_API const char *bsp_status_message(bsp_status s);

/* The version of the library actually linked, as BSPKIT_VERSION_NUMBER
 * encodes it.
 * Statuses: none. Never fails.
 * With a shared library it can differ from the header's macros, so a
 * program can compare the two at start-up. */
BSP_API uint32_t bsp_version(void);
/* The same as "MAJOR.MINOR.PATCH", e.g. "0.8.0".
 * Statuses: none. Never fails. */
BSP_API const char *bsp_version_string(void);

/* ------------------------------------------------------------------------ */
/* Streams: how bytes reach the loader. platform/ has ready-made ones.        */

/* Read exactly `len` bytes at `offset` into `dst`; return 0 on success,
 * BSP_READ_END when the data ends before offset + len (bsp_open and bsp_load
 * then fail with BSP_E_TRUNCATED), any other non-zero value on any other
 * failure (BSP_E_IO). */
typedef int (*bsp_read_fn)(void *ctx, uint32_t offset, void *dst, uint32_t len);

#define BSP_READ_END 1

/* bsp_stream.size of a stream whose total size is not known in advance (a
 * pipe, an entry of a packed archive read as it is unpacked). bsp_open then
 * checks only that every lump ends below 4 GiB and after the header (not
 * that it ends inside the file, so the Left 4 Dead 2 directory order is
 * recognised only by lumps that would overlap the header); a lump that runs
 * past the real end of the data is found by bsp_load when its read returns
 * BSP_READ_END (BSP_E_TRUNCATED, bsp_map_where naming it), or fails (BSP_E_IO).
 * Lumps the options leave out and bytes after the last loaded lump are never
 * read, so they are not checked. The header's file_size is this value too. */
#define BSP_SIZE_UNKNOWN 0xffffffffu

typedef struct bsp_stream {
    bsp_read_fn read;
    void *ctx;
    uint32_t size;         /* total bytes in the file, or BSP_SIZE_UNKNOWN */
    int forward_only;      /* non-zero: the loader reads in ascending offset
                              order and never reads a byte twice; a gap between
                              two reads is for the stream to skip */
} bsp_stream;

/* A part of a map kept in a file of its own beside the .bsp (Respawn's
 * rBSP, docs/queries.md 12.2 and 12.8). The library never opens files: the
 * caller's bsp_options.part hands each part over as a stream. */
typedef enum bsp_part_kind {
    BSP_PART_LUMP = 1,     /* index: lump 0..127 (NAME.bsp.XXXX.bsp_lump) */
    BSP_PART_ENTITIES      /* index: 0 env, 1 fx, 2 script, 3 snd, 4 spawn
                              (NAME_KIND.ent) */
} bsp_part_kind;

/* What a bsp_part_fn returns when the map has no such file. */
#define BSP_PART_NONE 1

/* Fill *out with a stream of the part's bytes (read from offset 0, its
 * size the part's) and return 0, or return BSP_PART_NONE: the map has no
 * such file. Any other value is the caller's failure: BSP_E_IO. Called by
 * bsp_measure and the loads (bsp_load, bsp_loader_begin) for the parts the
 * load set wants, and by bsp_load again when it reads a part; never by
 * bsp_open. The stream must stay valid until the load ends. */
typedef int (*bsp_part_fn)(void *ctx, bsp_part_kind kind, uint32_t index, bsp_stream *out);

/* ------------------------------------------------------------------------ */
/* Header: the first bytes of the file, read once.                           */

/* Directory entries a header holds: Titanfall's rBSP has 128 (the other
 * families 15 to 64). Slots past a family's own directory carry the BSPX
 * entries (below). */
#define BSP_MAX_LUMPS 128

/* The BSPX directory of quake, goldsrc, bsp2 and quake2 files
 * (docs/queries.md 10.1): named lumps that today's compilers append after
 * the standard ones (coloured and HDR light, decoupled lightmaps, the
 * light grid, ...). Its valid entries, in directory order, up to
 * BSP_MAX_BSPX of them (later ones are ignored; real files carry fewer
 * than 20): entry k is also lumps[BSP_BSPX_FIRST + k] of the header and
 * of bsp_lump, so the load reads it like any lump. A name is the bytes
 * before its first NUL, all BSP_BSPX_NAME of them when there is none. */
#define BSP_MAX_BSPX 32u
#define BSP_BSPX_FIRST 96u
#define BSP_BSPX_NAME 24u
typedef struct bsp_bspx {
    uint32_t offset;       /* file offset of the directory ("BSPX"); 0: none */
    uint32_t count;        /* valid entries kept */
    /* 1: not read yet (a forward-only stream: bsp_open cannot look past
     * the lumps). The load then reads the bytes from offset to the end of
     * the file with the lighting set (or BSP_LOAD_ALL, or an extra_lumps
     * bit from BSP_BSPX_FIRST) and finds the directory there, at 10.1's
     * first place, where compilers write it; entries whose bytes lie
     * before it are ignored. When those bytes cannot hold one, bsp_open
     * reads 10.1's second place if it lies before every lump, keeping the
     * entries between its table and the first lump that do not overlap.
     * A stream of unknown size has no BSPX directory. */
    uint8_t at_load;
    uint8_t reserved[3];
    char name[BSP_MAX_BSPX][BSP_BSPX_NAME];
    uint32_t lump_offset[BSP_MAX_BSPX], lump_length[BSP_MAX_BSPX];
} bsp_bspx;

typedef struct bsp_lump_entry {
    uint32_t offset;       /* file offset of the lump's bytes */
    uint32_t length;       /* bytes in the file (compressed: with its header) */
    uint32_t version;      /* the lump's own format version (Source) */
    uint32_t size;         /* bytes once loaded (uncompressed size) */
    uint8_t compressed;    /* 1: LZMA-compressed in the file */
    uint8_t reserved[3];
} bsp_lump_entry;

struct bsp_family;         /* a family's description; opaque */

typedef struct bsp_header {
    const struct bsp_family *family;
    int32_t version;       /* the file's version number (0 for BSP2) */
    uint8_t big_endian;    /* 1: file fields are big-endian (PSBV) */
    uint8_t l4d2_order;    /* 1: Left 4 Dead 2 lump_t field order */
    uint16_t num_lumps;    /* entries used in lumps[] */
    uint32_t header_bytes; /* bytes bsp_open read from the stream */
    uint32_t file_size;
    bsp_lump_entry lumps[BSP_MAX_LUMPS];
    /* bsp_open failed with BAD_VERSION on a format it recognises as a
     * different one: a sentence saying what the file appears to be (Titanfall's
     * rBSP); NULL otherwise. */
    const char *appears;
    /* 1: every byte of the file is XORed with xor_key[offset % 32]
     * (Tactical Intervention); the loader decrypts each read in place. */
    uint8_t encrypted;
    uint8_t xor_key[32];
    /* Quake 3 curved surfaces (bsp_measure_patches): 1 once measured, and
     * the arena bytes their collision takes; patch_caps: the largest
     * patch's needs, which size the load's patch builder;
     * patch_verts_first and patch_verts_count: the draw vertices the
     * patches' control points lie in (one run), the only ones a
     * collision-only load keeps while it builds them. A caller that keeps
     * the count with the map (a forward-only medium) keeps all five
     * fields; a header whose run is 0 (kept from before 0.8.0, three
     * fields) loads with every draw vertex kept, in the larger arena
     * bsp_measure then gives. */
    uint8_t patches_measured;
    uint32_t patch_bytes;
    uint32_t patch_caps;
    uint32_t patch_verts_first;
    uint32_t patch_verts_count;
    /* bsp_measure_patches_keep: the caller's memory holding the patches it
     * built (NULL: none kept; bsp_measure_patches sets NULL), the bytes
     * used there, how many of the distinct patches (a prefix, in surface
     * order) it holds and whether that is all of them; patch_keep_need:
     * the bytes that would keep all (0 without patches). */
    const void *patch_keep;
    uint32_t patch_keep_used;
    uint32_t patch_kept;
    uint8_t patches_kept_all;
    uint32_t patch_keep_need;
    /* quake, goldsrc, bsp2, quake2: the BSPX directory bsp_open found
     * (bsp_bspx; offset 0: none). */
    bsp_bspx bspx;
    /* respawn (docs/queries.md 12.1): the map revision, the header's word
     * after the version (0 for the other families), and the compiler
     * signature's first line: the bytes after the directory up to the
     * first NUL, the first lump or 63 bytes, whichever comes first,
     * NUL-terminated ("" for the other families and a file without one). */
    uint32_t revision;
    char signature[64];
} bsp_header;

/* Read and check the header and lump directory (the first bytes of the
 * stream), detecting the family, byte order and lump_t order.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer);
 * TRUNCATED or IO (the first 8 bytes); BAD_MAGIC, BAD_VERSION; TRUNCATED or
 * IO (the rest of the header); BAD_LUMP (a lump over the header or past the
 * file's end; with BSP_SIZE_UNKNOWN, past 4 GiB); TRUNCATED or IO (quake,
 * goldsrc, bsp2, quake2 through a seekable stream of known size: reading
 * the BSPX directory, h->bspx; a forward-only stream's is found at load,
 * never here: see bsp_bspx).
 * On success bsp_load continues the same stream after these bytes, so a
 * forward-only stream works. BAD_VERSION on a format bspkit knows to be a
 * different one sets h->appears: Apex Legends' rBSP v47 and later ("rBSP
 * v47+ (Apex Legends): not supported"), and every rBSP in a build with
 * Source and without the respawn family. Respawn's rBSP (docs/queries.md
 * 12.1): a highest lump index other than 127, a version other than 29,
 * 36, 37 or a minor number other than 0 (the version word's high 16
 * bits), PSBr at a version other than 29: BAD_VERSION. Which files each
 * status stands for (encrypted Tactical Intervention headers, builds that
 * leave families or game variants out, Source's versions and lump
 * versions): docs/errors.md "bsp_open". */
BSP_API bsp_status bsp_open(bsp_header *h, const bsp_stream *s);

/* The family's short name: "source", "goldsrc", "quake", ...
 * Statuses: none; "unknown" for a NULL or unopened header. */
BSP_API const char *bsp_family_name(const bsp_header *h);

/* The same family as a number an engine can switch on. The values are
 * stable: new families are added at the end. */
typedef enum bsp_family_id {
    BSP_FAMILY_UNKNOWN = 0,  /* no header, or not opened */
    BSP_FAMILY_SOURCE,       /* "source": VBSP, PSBV (every Source game variant) */
    BSP_FAMILY_GOLDSRC,      /* "goldsrc": version 30 */
    BSP_FAMILY_QUAKE,        /* "quake": version 29 */
    BSP_FAMILY_BSP2,         /* "bsp2": BSP2 and 2PSB */
    BSP_FAMILY_QUAKE2,       /* "quake2": IBSP 38 */
    BSP_FAMILY_QUAKE3,       /* "quake3": IBSP 46, 47 */
    BSP_FAMILY_NIGHTFIRE,    /* "nightfire": version 42 */
    BSP_FAMILY_RESPAWN,      /* "respawn": rBSP 29, 36, 37 and PSBr 29 (Titanfall) */
    BSP_FAMILY_COUNT
} bsp_family_id;
/* A respawn map, as this version reads it (docs/queries.md 12): its
 * header (h->revision, h->signature), its lumps (bsp_lump, by name in
 * bsp_lump_name, records swapped from PSBr) and the entities of its
 * ENTITIES lump (the entity iterator, bsp_entity_find). The rest of the
 * format is a later step of issue 44 (the .bsp_lump and .ent files, cells,
 * meshes, collision): point to leaf, bsp_leaf_info, the PVS and PAS, light,
 * luxels, ambient light, traces, contents, hulls, box leaves, the map
 * access (bsp_get_counts, bsp_get_model, bsp_get_leaf, bsp_get_face, face
 * vertices and triangles, textures), bsp_player_start and bsp_player_box
 * answer BSP_E_UNSUPPORTED on it. */

/* The family of an opened header as a number (bsp_map_family gives a
 * loaded map's).
 * Statuses: none; BSP_FAMILY_UNKNOWN for NULL or not opened. Never fails. */
BSP_API bsp_family_id bsp_header_family(const bsp_header *h);

/* The game variant of the family the file is, NULL for none.
 * Statuses: none; NULL also for a NULL header.
 * The names: "bloodlines" (Source version 17: Vampire: The Masquerade -
 * Bloodlines), "dark_messiah" (Source, version word 20 | 4 << 16),
 * "tactical_intervention" (Source, the file XOR-encrypted), "vindictus"
 * (after bsp_use_variant), "hl2_xbox" (Source version 19 from the original
 * Xbox: lump 57 not empty or lump 52 not 4 bytes a leaf; 13.5), "qbism" (quake2: magic "QBSP", version 38, the
 * Quake II re-release; docs/queries.md 13.1), "daikatana" (quake2: magic
 * "IBSP", version 41, 21 lumps; 13.4), "quake64" (quake: the bytes " 46Q"
 * for the version, version 0, 44-byte miptex headers; 13.4), "hexen2"
 * (quake: version 29 whose model lump holds 80-byte models, told by its
 * length, or when 64 and 80 both divide it by every model being plausible,
 * which only a seekable stream is read for: 13.4), "quakelive"
 * (quake3: IBSP 47 whose 18th lump, the adverts, holds records; RTCW and
 * Wolfenstein: ET files of version 47 have none; 13.2), "raven" (quake3:
 * magic "RBSP", version 1: Soldier of Fortune 2, Jedi Outcast and Academy;
 * 13.3), "qfusion" (quake3: magic "FBSP", version 1: Warsow; 13.3). docs/formats.md "Source game
 * variants" says how each Source one is recognised. */
BSP_API const char *bsp_variant_name(const bsp_header *h);

/* Game variants a file does not announce: the caller says which game it
 * comes from, after bsp_open and before bsp_measure. */
typedef enum bsp_variant {
    BSP_VARIANT_VINDICTUS = 1   /* Vindictus: Source v20, 32-bit records
                                   (docs/formats.md "Source game variants") */
} bsp_variant;

/* Read the opened file as game variant v from now on (bsp_variant_name
 * then names it).
 * Statuses, in the order they are checked: BAD_ARGUMENT (h NULL or not
 * opened, v not a bsp_variant); UNSUPPORTED (the file cannot be that
 * variant: Vindictus maps are little-endian, unencrypted VBSP version 20;
 * or the build left the variant out, BSPKIT_VARIANTS); BAD_LUMP_VERSION
 * (Vindictus: the faces lumps' version is not 1 or 2, or differs between
 * LDR and HDR faces).
 * Call it after bsp_open and before bsp_measure. On failure h is
 * unchanged. */
BSP_API bsp_status bsp_use_variant(bsp_header *h, bsp_variant v);

/* Lump `index`'s lower-case name ("planes", "faces_hdr", ...), and its
 * record size in bytes.
 * Statuses: none. The name is NULL past the directory ("" in a build
 * without text, BSPKIT_STRINGS=0); the size is 0 for text, bytes, or a
 * record layout bspkit does not know.
 * Record count = lumps[index].size / size. */
BSP_API const char *bsp_lump_name(const bsp_header *h, uint32_t index);
BSP_API uint32_t bsp_lump_record_size(const bsp_header *h, uint32_t index);

/* ------------------------------------------------------------------------ */
/* Load options and the arena.                                               */

/* What to load. Sets add up; BSP_LOAD_QUERIES is always included. */
#define BSP_LOAD_QUERIES  0x1u  /* planes, nodes, leafs, models, visibility:
                                   point_leaf, clusters, PVS/PAS */
#define BSP_LOAD_LIGHTING 0x2u  /* + faces, texinfo, lighting (and the edges,
                                   surfedges, vertexes a family needs for
                                   lightmap extents): luxel, light_point;
                                   Nightfire: + projections (17); Quake 3:
                                   + draw vertices and indexes (10, 11),
                                   lightmap pages (14), light grid (15) and
                                   the entity text (its gridsize); Source:
                                   + the ambient index and sample lumps of
                                   the chosen lighting (52 and 56, HDR: 51
                                   and 55): ambient; quake, goldsrc, bsp2,
                                   quake2: + the BSPX lumps the queries
                                   read (docs/queries.md 10, bsp_bspx_lump)
                                   and options.lit. bsp_measure counts
                                   them. */
#define BSP_LOAD_ENTITIES 0x4u  /* + the entity text */
#define BSP_LOAD_ALL      0x8u  /* every non-empty lump of the file */
#define BSP_LOAD_GEOMETRY 0x10u /* + BSP_LOAD_LIGHTING and what the map access
                                   functions read: textures, texture names,
                                   leaf faces, draw vertices and indices,
                                   displacements, projections, lighting */
#define BSP_LOAD_COLLISION 0x20u /* + what collision reads (docs/queries.md 8):
                                   brushes, brush sides and leaf brushes
                                   (quake2, source, nightfire; quake3: + its
                                   shaders' contents), clipnodes (quake,
                                   goldsrc, bsp2): bsp_trace,
                                   bsp_point_contents, bsp_hull_trace,
                                   bsp_hull_contents; and the tree depth
                                   check those walks rely on */
#define BSP_LOAD_PARTIAL 0x40u  /* not a set: load what the file's known
                                   layouts allow. A lump the other sets
                                   read records of, stored at a lump
                                   version none of bspkit's layouts for it
                                   reads, is left out (unless extra_lumps
                                   or BSP_LOAD_ALL asks for its bytes,
                                   which load as without the option);
                                   when a collision lump has no known
                                   layout (brush sides at lump version
                                   99, say), the
                                   whole collision set is left out
                                   instead of failing the load with
                                   BAD_LUMP_VERSION. The queries that
                                   needed them answer NOT_LOADED; bsp_lump
                                   gives NULL for such a lump, and
                                   bsp_lump_left_out names it. The lumps
                                   every query reads (planes, nodes,
                                   leaves, models, faces and the other
                                   role lumps) cannot be left out:
                                   BAD_LUMP_VERSION still. bsp_measure
                                   plans the same, so it stays exact
                                   (docs/loading.md "Loading what the
                                   layouts allow"). */

typedef struct bsp_options {
    uint32_t sets;          /* BSP_LOAD_* */
    uint64_t extra_lumps;   /* bit i: also load lump i (0..63) */
    uint64_t extra_lumps_hi; /* bit i: also load lump 64 + i (64..127; bits
                               BSP_BSPX_FIRST - 64 and up: BSPX entries;
                               BSP_LOAD_LIGHTING loads those its queries
                               read, BSP_LOAD_ALL every one) */
    int prefer_hdr;         /* non-zero: Source maps answer lighting queries
                               from the HDR faces and lighting (58, 53) when
                               both LDR and HDR exist */
    uint32_t lzma_lclp_max; /* largest lc + lp of a compressed lump the arena
                               holds decoder tables for (0: 3, Valve's
                               lc=3 lp=0). Tables: 2 * (1846 + 768 << n)
                               bytes, 15 980 for n = 3; a lump beyond it
                               fails with BSP_E_LZMA_PROPS. At most 12. */
    int pipelined;          /* non-zero: give every compressed lump its own
                               decoding window (see "Resumable loading"), so
                               the resumable loader may have reads of later
                               lumps land while earlier ones decode; costs
                               arena: the sum of the lumps' margins instead
                               of the largest one */
    uint32_t jobs;          /* decode jobs that may run at once, on any
                               threads (see "Decode jobs"): 0, the resumable
                               loader's steps decode (the default); 1 ..
                               BSP_MAX_JOBS, bsp_loader_next_job hands each
                               compressed lump out as a job, and the arena
                               holds this many decoder tables. bsp_load runs
                               the jobs itself. A build without jobs
                               (BSPKIT_JOBS=0) answers UNSUPPORTED to any
                               value above 0 (bsp_measure, bsp_load,
                               bsp_loader_begin). */
    const struct bsp_stream *lit; /* quake, bsp2: the bytes of the map's
                               `.lit` file (coloured light, docs/queries.md
                               10.2), or NULL. The library never opens files:
                               the caller hands them over as a second stream
                               (blocking or resumable loads, forward-only
                               too). With the lighting set and a size of 8 +
                               3N or 8 + 4N for a lighting lump of N > 0
                               bytes, bsp_measure counts it and the load
                               reads it after the map (bsp_read.stream 1);
                               otherwise it is never read. Either way
                               bsp_map_info.lit says what became of it
                               (BSP_LIT_*): a .lit that fails a check is
                               ignored, as engines ignore it, never an
                               error; but a read of it that fails fails
                               the load as a map read does (IO,
                               TRUNCATED; bsp_map_where: lump
                               BSP_BSPX_FIRST - 2, offset 0). prefer_hdr above also
                               asks for HDR light where these families
                               have it. */
    bsp_part_fn part;       /* respawn: the map's parts in files of their own
                               (docs/queries.md 12.8), or NULL: the map is
                               its .bsp alone. For each lump the load wants
                               the plan asks part(part_ctx, BSP_PART_LUMP,
                               lump): BSP_PART_NONE reads the lump from the
                               .bsp (an entry past its end: BAD_LUMP naming
                               the lump); a stream replaces the entry's
                               bytes with its own size (BSP_SIZE_UNKNOWN:
                               BAD_LUMP naming the lump); another answer is
                               IO. The load reads a part after the .bsp,
                               ascending, from offset 0 (bsp_read.stream
                               2 + lump); a failed read fails the load, as
                               a map read does, naming the lump. Other
                               families never call it. */
    void *part_ctx;
} bsp_options;

/* What became of options.lit (bsp_map_info.lit), in the order the checks
 * run. */
typedef enum bsp_lit_check {
    BSP_LIT_NONE = 0,      /* no .lit stream given */
    BSP_LIT_FAMILY,        /* the family reads none (only quake and bsp2 do) */
    BSP_LIT_NOT_LOADED,    /* the load options leave the lighting out */
    BSP_LIT_UNKNOWN_SIZE,  /* the stream's size is BSP_SIZE_UNKNOWN (or no
                              read callback): the size rule cannot be checked */
    BSP_LIT_BAD_SIZE,      /* not 8 + 3N or 8 + 4N bytes (or N is 0) */
    BSP_LIT_BAD_MAGIC,     /* does not start with "QLIT" */
    BSP_LIT_BAD_VERSION,   /* a version other than 1 (8 + 3N bytes) or
                              0x00010001 (E5BGR9, 8 + 4N bytes) */
    BSP_LIT_READ,          /* it passed: it is the light source when 10.2
                              picks it (bsp_map_info.light_source says) */
    BSP_LIT_CHECK_COUNT
} bsp_lit_check;

/* Where a map's light comes from (docs/queries.md 10.2). */
typedef enum bsp_light_source {
    BSP_LIGHT_NONE = 0,    /* no lighting: every face answers no_lightmap */
    BSP_LIGHT_LIGHTING,    /* the vanilla lighting lump (every other family) */
    BSP_LIGHT_RGBLIGHTING, /* BSPX RGBLIGHTING */
    BSP_LIGHT_LIT,         /* the caller's .lit, version 1 */
    BSP_LIGHT_E5BGR9,      /* BSPX LIGHTING_E5BGR9 (HDR) */
    BSP_LIGHT_LIT_E5BGR9   /* the caller's .lit, version 0x00010001 (HDR) */
} bsp_light_source;

/* Options with the given BSP_LOAD_* sets and nothing else.
 * Statuses: none. Never fails (BSP_LOAD_QUERIES, what the queries read, is
 * always added). */
BSP_API bsp_options bsp_default_options(uint32_t sets);

/* In-place decompression. A compressed lump's stored bytes (Valve's
 * 17-byte "LZMA" header and the raw stream) are read into the tail of a
 * window that starts at the lump's own arena region, and decoded forward
 * into the region. The window is
 *     max(stored, size + stored / 48 + 64)
 * bytes. The margin: LZMA spends 1.4-1.8% more than the input on data that
 * does not compress (1.36% for the SDK encoder Valve used), so a compressible
 * head followed by such a tail brings the write position up to stored/48 +
 * 64 bytes behind the unread input; the decoder checks every write and fails
 * with BSP_E_LZMA_OVERLAP rather than corrupt unread input (loader/lzma/lzma_decoder.h
 * has the measurements). Lumps are placed in reading order and the next
 * lump's region starts right after this lump's loaded bytes: it is still
 * empty while this one decodes, so only the margin that reaches furthest
 * costs arena. The decoder's probability tables (see lzma_lclp_max) come
 * from the arena's end, once. bsp_measure includes both. */

/* The arena must be aligned to this many bytes. */
#define BSP_ARENA_ALIGN 8u

/* The exact number of arena bytes bsp_load will use with these options,
 * computed from the header alone.
 * Statuses, in the order they are checked: those of bsp_load up to
 * ARENA_TOO_SMALL, less BAD_ARENA (BAD_ARGUMENT, the plan's BAD_LUMP and
 * BAD_LUMP_VERSION, PATCHES_NOT_MEASURED); UNSUPPORTED in a build without
 * the LZMA decoder (BSPKIT_LZMA=0) when a lump the options ask for is
 * compressed (bsp_load likewise, before reading any lump).
 * On failure *bytes is 0; which lump a failure is about: bsp_measure_where. */
BSP_API bsp_status bsp_measure(const bsp_header *h, const bsp_options *o, uint32_t *bytes);

/* Where a load stopped, or a plan refused: the lump involved (BSP_NO_LUMP
 * when none), its file offset (0 when none), and the lump's format version
 * from the directory (Source's lump versions; -1 when no lump is named or
 * the family's directory has no versions). */
typedef struct bsp_where {
    uint32_t lump;
    uint32_t offset;
    int32_t version;
} bsp_where;

/* Where bsp_measure(h, o) fails, from the same header and options: for
 * BAD_LUMP_VERSION the lump whose version has no known layout, and that
 * version; for BAD_LUMP the lump that is not a whole number of records,
 * overlaps the one before it, or (a header bsp_open refused with BAD_LUMP:
 * its directory is filled) lies past the file's end or over the header,
 * the first a front-to-back read meets. Nothing named (BSP_NO_LUMP, 0, -1)
 * when it succeeds, or fails on no lump (BAD_ARGUMENT, UNSUPPORTED,
 * PATCHES_NOT_MEASURED, an arena past 4 GiB); also for NULL h or o. NULL
 * where: nothing happens. bsp_load's plan-time failures name the same in
 * the map (bsp_map_where). */
BSP_API void bsp_measure_where(const bsp_header *h, const bsp_options *o, bsp_where *where);

/* ------------------------------------------------------------------------ */
/* The loaded map.                                                           */

/* A typed view of one lump in the arena: `count` records of `stride` bytes,
 * native byte order. */
typedef struct bsp_view {
    const uint8_t *data;
    uint32_t count;
    uint32_t stride;
} bsp_view;

/* A loaded map: a caller declares one (on the stack, in a struct, static)
 * and passes its address; its contents are private to the library and
 * change between versions (read it through the functions below:
 * bsp_get_info, bsp_map_where, bsp_lump, the queries). Only its size and
 * alignment are public: BSP_MAP_BYTES, 4096 + 256 bytes per byte of a
 * pointer (5120 bytes with 32-bit pointers, 6144 with 64-bit ones), aligned
 * as the strictest of a pointer, uint64_t and double. That is about twice
 * what the library uses today, room for formats of up to 128 lumps and
 * for more views without changing the size. A map may be copied (its
 * views point into the arena, not into the map). */
#define BSP_MAP_BYTES (4096 + 256 * sizeof(void *))
typedef struct bsp_map {
    union {
        unsigned char bytes[BSP_MAP_BYTES];
        void *p;           /* the three members below only align it */
        uint64_t u;
        double d;
    } bsp__opaque;
} bsp_map;

#define BSP_NO_LUMP 0xffffffffu

/* Where a failed bsp_load (or resumable load) stopped: error_lump,
 * error_offset and error_version as a bsp_where; after a load that
 * succeeded, nothing named (BSP_NO_LUMP, 0, -1). A NULL map gives nothing
 * named; NULL where: nothing happens. */
BSP_API void bsp_map_where(const bsp_map *map, bsp_where *where);

/* 1 when a BSP_LOAD_PARTIAL load left `lump` out (its version's layout is
 * unknown), else 0 (also for NULL m or a lump past BSP_MAX_LUMPS). */
BSP_API int bsp_lump_left_out(const bsp_map *m, uint32_t lump);

/* What a loaded map holds, for tools and logs (bsp_get_info). */
typedef struct bsp_map_info {
    uint32_t arena_used;   /* arena bytes the load used (bsp_measure's) */
    /* records loaded: 0 for a lump not loaded or empty */
    uint32_t models, nodes, leafs, faces;
    const char *entities;  /* the entity text (not NUL-terminated), or NULL */
    uint32_t entities_bytes;
    /* the BSPX directory the load used (the header's, or the one a
     * forward-only load found); never NULL for a loaded map */
    const bsp_bspx *bspx;
    uint8_t light_source;  /* bsp_light_source: where the light comes from */
    uint8_t lit;           /* bsp_lit_check: what became of options.lit */
    uint8_t light_bytes;   /* per luxel: 1 grey, 3 RGB, 4 E5BGR9; 0 none */
    uint8_t light_hdr;     /* 1: the samples are E5BGR9 */
    uint8_t wide_styles;   /* 1: styles from BSPX LMSTYLE16 */
    uint8_t collision;     /* 1: collision loaded (BSP_LOAD_COLLISION, not
                              left out by BSP_LOAD_PARTIAL) */
    uint8_t reserved[2];
    uint32_t style_slots;  /* light style slots a face has */
} bsp_map_info;

/* Fill *out with what the map holds.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer;
 * *out is left alone).
 * A failed or cleared map gives all 0 and NULL, light BSP_LIGHT_NONE, lit
 * BSP_LIT_NONE. */
BSP_API bsp_status bsp_get_info(const bsp_map *m, bsp_map_info *out);

/* Load the lumps the options ask for into the arena and validate them.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer);
 * BAD_LUMP, BAD_LUMP_VERSION (the plan, as bsp_measure: a lump the options
 * need, whose records the queries read, stored at a lump version with no
 * known layout, unless BSP_LOAD_PARTIAL leaves it out; nothing was read,
 * and error_lump and error_version name what bsp_measure_where names);
 * PATCHES_NOT_MEASURED (a Quake 3 collision load whose header skipped
 * bsp_measure_patches; bsp_measure answers it too); BAD_ARENA;
 * ARENA_TOO_SMALL; BAD_ARGUMENT (the stream's size is not the header's);
 * then per lump in file order IO, TRUNCATED, LZMA_CORRUPT, LZMA_PROPS,
 * LZMA_OVERLAP; then CORRUPT (validation).
 * `h` must come from bsp_open on the same stream, and the stream must not
 * have been read since. On BSP_E_ARENA_TOO_SMALL, *needed (if not NULL)
 * holds the size required; on success it holds the bytes used. The arena
 * must stay alive and unchanged as long as the map is used. On failure the
 * map is cleared (bsp_lump gives NULL, queries answer as for an unloaded
 * map) except where the load stopped, which bsp_map_where says. */
BSP_API bsp_status bsp_load(bsp_map *m, const bsp_header *h, const bsp_stream *s,
                    void *arena, uint32_t arena_bytes, const bsp_options *o,
                    uint32_t *needed);

/* A loaded lump's bytes (native byte order where bspkit knows the record
 * layout); *size gets its length.
 * Statuses: none; NULL (and *size 0) for a NULL map, an index past
 * BSP_MAX_LUMPS, or a lump not loaded or stored empty. */
BSP_API const void *bsp_lump(const bsp_map *m, uint32_t index, uint32_t *size);

/* The family of a loaded map.
 * Statuses: none; BSP_FAMILY_UNKNOWN for NULL, a failed or a cleared map.
 * Never fails. */
BSP_API bsp_family_id bsp_map_family(const bsp_map *m);

/* The bytes of the BSPX lump called `name` (a NUL-terminated string,
 * compared exactly: case matters), as stored in the file.
 * Statuses: none; NULL (and *size 0) when the map has no valid entry of that
 * name or the load did not read it.
 * BSPX lumps are little-endian in every file; nothing is swapped. The
 * lighting set reads RGBLIGHTING, LIGHTING_E5BGR9, DECOUPLED_LM, LMSHIFT,
 * LMOFFSET, LMSTYLE, LMSTYLE16 and LIGHTGRID_OCTREE; BSP_LOAD_ALL every
 * entry; options.extra_lumps any (bit BSP_BSPX_FIRST + k: entry k of
 * bsp_header.bspx). Of several entries with one name the first wins.
 * *size may be NULL. */
BSP_API const void *bsp_bspx_lump(const bsp_map *m, const char *name, uint32_t *size);

/* ------------------------------------------------------------------------ */
/* Resumable loading: the caller issues the reads, the loader works in slices. */

/* One read the loader wants: `length` bytes of the file at `offset`, to land
 * at `dst`, inside the arena, where they stay (no staging copy). Issue it
 * any way (blocking, asynchronous, DMA) and report its completion with
 * bsp_loader_read_done, passing this struct back; `tag` is the loader's. */
typedef struct bsp_read {
    uint32_t offset, length;
    void *dst;
    uint32_t tag;
    uint32_t stream;       /* 0: the map's stream; 1: options.lit (read
                              last, from its offset 0, in ascending order);
                              2 + lump: the lump's part (options.part, its
                              stream as part(ctx, BSP_PART_LUMP, lump)
                              gives it; read after the map, from offset 0) */
} bsp_read;

/* How a resumable load stands. Bytes of the file to read and read
 * (completed reads), bytes of compressed lumps to decode and decoded, all
 * work steps' bytes (decoded, swapped and checked) to do and done, and the
 * phase. `next_offset` is the file offset after the last read issued:
 * where a forward-only stream stands. */
typedef enum bsp_phase {
    BSP_PHASE_LOADING = 0, /* reading, decoding, swapping, checking lumps */
    BSP_PHASE_VALIDATING,  /* all lumps in place and checked; the next step ends the load */
    BSP_PHASE_DONE,        /* the map is loaded: same result as bsp_load */
    BSP_PHASE_FAILED,      /* the load failed; the map is cleared */
    BSP_PHASE_CANCELLED    /* bsp_loader_cancel; the map is cleared */
} bsp_phase;

typedef struct bsp_progress {
    bsp_phase phase;
    uint32_t read_done, read_total;
    uint32_t decoded, decode_total;
    uint32_t work_done, work_total;
    uint32_t next_offset;
    uint32_t waiting;      /* BSP_WAIT_* bits: what a step waits for; 0 when
                              a step has work, or the caller has (a read to
                              issue, a job to hand out), or the load has
                              ended */
    uint32_t wait_lump;    /* the lump the next step waits for (its index
                              in the header's directory); BSP_NO_LUMP when
                              waiting is 0 */
} bsp_progress;

/* bsp_progress.waiting: a step can do nothing until an issued read is
 * reported (bsp_loader_read_done) ... */
#define BSP_WAIT_READS 1u
/* ... or until a handed-out decode job is reported (bsp_loader_job_done;
 * also set when the lump's job waits for a table that jobs already out
 * hold). A loop sleeps on what is named, or runs a job itself, instead of
 * calling bsp_loader_step again: a step then returns at once. */
#define BSP_WAIT_JOBS 2u

/* At most this many reads are outstanding at once (a map's small lumps are
 * one read each: 32 keep a disc busy through a run of them while a step
 * works). */
#define BSP_LOADER_MAX_READS 32u

/* The loader's state, kept by the caller (no allocation); its contents are
 * private. It points at the map, header and arena given to
 * bsp_loader_begin: they must stay in place until the load ends. */
typedef struct bsp_loader {
    uint64_t opaque[512];
} bsp_loader;

/* Start a resumable load.
 * Statuses, in the order they are checked: as bsp_load without the stream:
 * BAD_ARGUMENT, the plan's BAD_LUMP and BAD_LUMP_VERSION,
 * PATCHES_NOT_MEASURED, BAD_ARENA, ARENA_TOO_SMALL (*needed as bsp_load).
 * On failure the map is cleared as bsp_load clears it. Reads are asked for
 * in ascending file offset, each byte once, so a forward-only stream can
 * serve them. In the default arena layout (see "In-place decompression") a
 * compressed lump's window runs on into the next lumps' regions, so a read
 * that would land on a compressed lump's still-unread input is held back
 * until that lump has decoded. With options.pipelined every window is its
 * own and no read is held back; bsp_measure reports the larger arena. */
BSP_API bsp_status bsp_loader_begin(bsp_loader *l, bsp_map *m, const bsp_header *h,
                                    void *arena, uint32_t arena_bytes,
                                    const bsp_options *o, uint32_t *needed);

/* The next read, at most max_len bytes (0: no limit): 1 and *r filled.
 * Statuses: none; 0 when none can be issued now (all issued,
 * BSP_LOADER_MAX_READS outstanding, held back as above, or the load has
 * ended).
 * A Quake 3 collision-only load with curved surfaces reads its draw
 * vertices through a small window (bsp_measure_patches): those reads are
 * shorter, and none is issued while the window is full until a step has
 * packed it. */
BSP_API int bsp_loader_next_read(bsp_loader *l, uint32_t max_len, bsp_read *r);

/* Report that read *r completed, in any order.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer);
 * OK when the load has already ended (the report is ignored);
 * BAD_ARGUMENT (a read that is not outstanding); else the load's status.
 * `failed` is what a stream's read would return: 0 done; BSP_READ_END the
 * data ended early (the load fails with BSP_E_TRUNCATED); any other value,
 * the medium failed (BSP_E_IO). */
BSP_API bsp_status bsp_loader_read_done(bsp_loader *l, const bsp_read *r, int failed);

/* Do about `budget` bytes of work on data that has arrived, and return.
 * Statuses: OK while the load goes on or is done (progress phase
 * BSP_PHASE_DONE); else the load's failure, the same status bsp_load gives
 * for the same file, in bsp_load's order, with the map cleared and
 * bsp_map_where set.
 * Work is, lump by lump in file order: decoding (output bytes plus 32 per
 * compressed byte read, since decoding costs mostly per input byte; an
 * LZMA slice ends at a symbol, so it may run up to 272 bytes over; setting
 * a lump's decoder table counts a byte per 4 entries, at least 16384
 * entries a step), swapping (whole records) and checking the indices the
 * queries follow (whole records, as soon as the lump is in place: the
 * other lumps' sizes are all a check needs). Every step does at least one
 * symbol or record, so a budget of 1 works. A check that fails is
 * reported at the end, after every read and decode, so the status and
 * error position are bsp_load's; the last step (phase
 * BSP_PHASE_VALIDATING) does the few whole-map checks (cluster count, vis
 * offsets). The map is not usable before BSP_PHASE_DONE. *p (if not NULL)
 * gets the progress after the step; its `waiting` bits say when the next
 * step could do nothing until a read (BSP_WAIT_READS) or a job
 * (BSP_WAIT_JOBS) is reported, and wait_lump which lump it waits on. */
BSP_API bsp_status bsp_loader_step(bsp_loader *l, uint32_t budget, bsp_progress *p);

/* The progress now (also after the load ended), waiting and wait_lump
 * included.
 * Statuses: none. Never fails.
 * They change when a read or job is reported, so a loop may ask here,
 * without a step, whether a step has work again. */
BSP_API void bsp_loader_progress(const bsp_loader *l, bsp_progress *p);

/* Abandon the load: the map is cleared (bsp_map_where: BSP_NO_LUMP) and
 * later calls do nothing.
 * Statuses: none. Never fails.
 * Reads already issued and not reported may still land in the arena, and
 * jobs handed out may still be running: wait for them (or abort them)
 * before reusing it; the arena is then free for any use, including a new
 * load. A forward-only stream stands at progress.next_offset. */
BSP_API void bsp_loader_cancel(bsp_loader *l);

/* ------------------------------------------------------------------------ */
/* Decode jobs: compressed lumps decoded on any thread.
 *
 * Every compressed lump is an independent LZMA stream. With options.jobs =
 * N (1 .. BSP_MAX_JOBS) the resumable loader does not decode them in its
 * steps: once BSP_JOB_MIN_INPUT of a lump's stored bytes (or all of them)
 * have arrived, bsp_loader_next_job hands it out as a job, which
 * bsp_job_run decodes in place as far as that input goes (and, once the
 * lump is whole, puts in the host's byte order) on whatever thread the
 * caller likes, using one of N decoder tables at the arena's end. The
 * caller reports the job back with bsp_loader_job_done. A job that used up
 * its input keeps its table and its decoder's state there, and is handed
 * out again once as much input again (or the rest) has arrived, so a large
 * lump decodes while it is still being read; a finished one is checked by
 * the steps as any other lump. The library creates no thread, takes no
 * lock and calls no OS:
 *
 *   - bsp_loader_* calls on one loader are made by one thread at a time
 *     (the thread that issues reads, say);
 *   - bsp_job_run may run on any thread, any number at once: a job touches
 *     only its lump's window and its decoder table, which no other job,
 *     read or step touches until it is reported done;
 *   - the report (bsp_loader_job_done) must happen after bsp_job_run has
 *     returned, with whatever synchronisation makes the job's writes
 *     visible to the reporting thread (a job system's completion does).
 *
 * At most N jobs are out or paused at once (one per table), the largest
 * lump that can go first (the longest decode starts earliest). A job must
 * be run before it is reported: one reported unrun fails the load with
 * BAD_ARGUMENT. The loaded map, its arena (but the tables) and
 * every answer are the same whatever N and the order in which jobs
 * finish. A job that fails (LZMA_CORRUPT, LZMA_OVERLAP) fails the load
 * when the steps reach its lump, so the load's status and error position
 * are bsp_load's.
 *
 * Arena: N tables of BSP_JOB_TABLE_BYTES(lzma_lclp_max) (16 112 for
 * Valve's lc + lp = 3: the decoder's table and its state) in place of the
 * one table a load without jobs uses; each job beyond the first costs that
 * much and nothing else. (The same scratch serves collision's checks once
 * decoding is over; where those need more, the tables fit inside it.)
 * bsp_measure includes them.
 *
 * A step with nothing else to do while a job runs returns at once: the
 * load ends only once every job has been run and reported. The progress
 * says so (bsp_progress.waiting: BSP_WAIT_JOBS, wait_lump the lump), so a
 * loop sleeps on its job system, or runs a job itself, instead of calling
 * the step again. In the default
 * arena layout a compressed lump's window reaches into the next lumps'
 * regions, so reads that would land on its input wait until its job is
 * reported; options.pipelined lets every read go on (see
 * bsp_loader_begin).
 *
 * Built with BSPKIT_JOBS=0 (a game that never hands decoding to other
 * threads), the library carries none of this code: options.jobs above 0
 * is UNSUPPORTED, bsp_loader_next_job answers 0, bsp_job_run UNSUPPORTED,
 * bsp_loader_job_done BAD_ARGUMENT; the steps decode every lump. A build
 * without the decoder (BSPKIT_LZMA=0) has no compressed lump to hand out:
 * the same three answers, while options.jobs is accepted and unused. */

#define BSP_MAX_JOBS 32u
/* What each job adds to the arena, for lc + lp <= n (n = 0: 3): a decoder
 * table, 2 * (1846 + (768 << n)) bytes, and the decoder's state between
 * two runs of the job, BSP_JOB_STATE_BYTES, rounded up to BSP_ARENA_ALIGN.
 * A job is handed out once BSP_JOB_MIN_INPUT of its lump's stored bytes
 * have arrived (or all of them), and again each time as much more has. */
#define BSP_JOB_STATE_BYTES 128u
#define BSP_JOB_TABLE_BYTES(n) \
    ((2u * (1846u + (768u << ((n) ? (n) : 3u))) + BSP_JOB_STATE_BYTES + 7u) & ~7u)
#define BSP_JOB_MIN_INPUT 16384u

/* One decode job. `lump` is the lump's index, `size` its decoded bytes and
 * `stored` its compressed bytes (a job system may use them to weigh jobs:
 * decoding costs mostly per stored byte); `status` is bsp_job_run's result.
 * The other fields are the loader's: leave them as they are. */
typedef struct bsp_job {
    uint32_t lump, size, stored;
    bsp_status status;
    uint32_t tag, window, lclp_max, input, resume, produced, finished;
    void *region, *tables;
    const void *layout;
} bsp_job;

/* The next job to run: 1 and *j filled.
 * Statuses: none; 0 when none can be handed out now (no lump ready, N jobs
 * out, options.jobs 0, or the load has ended; always 0 in a build without
 * jobs or without the decoder). */
BSP_API int bsp_loader_next_job(bsp_loader *l, bsp_job *j);

/* Decode the job's lump as far as the input it was handed out with, and
 * once the lump is whole swap its records to the host's order; on any
 * thread. Sets and returns j->status.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL job);
 * UNSUPPORTED (a build without jobs or without the decoder); LZMA_CORRUPT
 * (not a valid stream of the lump's size, or a header that does not match
 * the lump), LZMA_PROPS (lc + lp over options.lzma_lclp_max), LZMA_OVERLAP
 * (see "In-place decompression"); OK (done, or paused for more input).
 * When the input runs out first, it stops between two symbols and the
 * lump's next job goes on from there. Reentrant: the decoder's state
 * between runs lives in the job's table, not in the job. */
BSP_API bsp_status bsp_job_run(bsp_job *j);

/* Report that job *j has been run (j->status is its result).
 * Statuses, in the order they are checked: BAD_ARGUMENT (a job that is not
 * out, also a copy of an earlier hand-out of the same lump: each
 * hand-out's tag differs); OK when the load has already ended (the report
 * is ignored); else the load's status (a failed job fails the load later,
 * in file order: see above). */
BSP_API bsp_status bsp_loader_job_done(bsp_loader *l, const bsp_job *j);

/* ------------------------------------------------------------------------ */
/* Queries: docs/queries.md is the contract. Points are float[3] in map units. */

/* The leaf that contains p in the tree of `model` (0: the world).
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer, a map not loaded), then docs/queries.md
 * 6's order (BAD_QUERY, UNSUPPORTED, NOT_LOADED, BAD_CLUSTER / BAD_FACE /
 * BAD_MODEL, NO_LIGHTMAP / NO_AMBIENT, CORRUPT, NOT_ON_FACE): those of
 * them this call can give (BAD_QUERY: p not
 * finite, a model outside the model lump; CORRUPT: a tree cycle). */
BSP_API bsp_status bsp_point_leaf(const bsp_map *m, uint32_t model, const float p[3],
                          uint32_t *leaf);

/* Deprecated (use bsp_get_leaf): a leaf's contents field as stored and its
 * cluster (-1: none).
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL map, a map
 * not loaded), BAD_QUERY (leaf outside the leaf lump).
 * bsp_get_leaf's bsp_leaf has these two fields and the rest (flags, area,
 * bounds, face and brush counts); this call stays compiled and answers as
 * before, for programs written against it. Either pointer may be NULL.
 * Define BSPKIT_WARN_DEPRECATED before including this header to have GCC
 * and Clang warn at each call (the library's own code and tools build
 * without it). A build without map access (BSPKIT_ACCESS=0), where
 * bsp_get_leaf answers UNSUPPORTED, keeps this call as its leaf reader. */
BSP_API bsp_status bsp_leaf_info(const bsp_map *m, uint32_t leaf, int32_t *contents,
                                 int32_t *cluster) BSP_DEPRECATED("use bsp_get_leaf");

/* Number of clusters (docs/queries.md section 2) and the byte length of a
 * PVS/PAS row, ceil(num_clusters / 8).
 * Statuses: none; 0 for a NULL map or one not loaded. */
BSP_API uint32_t bsp_num_clusters(const bsp_map *m);
BSP_API uint32_t bsp_vis_row_bytes(const bsp_map *m);

/* Write the PVS (or PAS) row of `cluster`: bsp_vis_row_bytes() bytes, bit
 * j set when cluster j is potentially visible (audible).
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer, a
 * map not loaded), UNSUPPORTED (bsp_pas outside source and quake2),
 * BAD_ARGUMENT (out_bytes below the row length), BAD_CLUSTER, CORRUPT (a
 * row that runs out of the vis lump). */
BSP_API bsp_status bsp_pvs(const bsp_map *m, int32_t cluster, uint8_t *out, uint32_t out_bytes);
BSP_API bsp_status bsp_pas(const bsp_map *m, int32_t cluster, uint8_t *out, uint32_t out_bytes);

/* The PVS row of `cluster` where the map keeps it, without a copy (Quake
 * III's CM_ClusterPVS): *row points at bsp_vis_row_bytes() bytes, the
 * bytes bsp_pvs writes but that the bits past num_clusters in the last
 * byte are as the file stores them (mask them, or ignore clusters past
 * the count). Only for families that store every row whole and
 * uncompressed: quake3. The pointer is into the map's arena: it stays
 * valid, and the bytes unchanged, until the arena is released, reused or
 * loaded into again (as every view of the map), and is read-only.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer,
 * a map not loaded), UNSUPPORTED (a family whose rows are compressed or
 * not stored whole: every family but quake3; a map without vis data, where
 * every cluster is visible: bsp_pvs writes that row), BAD_CLUSTER (cluster
 * outside [0, bsp_num_clusters)), CORRUPT (a row that runs out of the vis
 * lump, or a row stride shorter than a row). On a status other than OK
 * *row is NULL and *bytes 0 (each that is not itself a NULL pointer). */
BSP_API bsp_status bsp_pvs_view(const bsp_map *m, int32_t cluster, const uint8_t **row,
                                uint32_t *bytes);

/* bsp_pvs_view without its statuses, for a loop over many clusters: the
 * row it hands out on OK (bsp_vis_row_bytes() bytes, the same lifetime),
 * else NULL (m NULL or not loaded, a family or map it refuses, a cluster
 * outside [0, bsp_num_clusters), a row past the lump). */
BSP_API const uint8_t *bsp_pvs_pointer(const bsp_map *m, int32_t cluster);

/* Is cluster b potentially visible from cluster a? *visible gets 0 or 1.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer, a map not loaded), then docs/queries.md
 * 6's order (BAD_QUERY, UNSUPPORTED, NOT_LOADED, BAD_CLUSTER / BAD_FACE /
 * BAD_MODEL, NO_LIGHTMAP / NO_AMBIENT, CORRUPT, NOT_ON_FACE): those of
 * them this call can give.
 * Decodes a's row only as far as b. */
BSP_API bsp_status bsp_cluster_visible(const bsp_map *m, int32_t a, int32_t b, int *visible);

/* One lightmap sample. raw holds raw_len bytes in file order (Source: r, g,
 * b, exponent; others: 1 grey or 3 RGB bytes); rgb is the linear colour. */
typedef struct bsp_sample {
    int32_t face;          /* -1: bsp_light_point hit nothing */
    int32_t s, t;          /* luxel column and row */
    uint8_t raw[4];
    uint32_t raw_len;
    float rgb[3];
    int hdr;               /* 1: an HDR sample (E5BGR9, docs/queries.md 10.2:
                              rgb may exceed 1); else 0 */
} bsp_sample;

/* The luxel of `face` nearest to p, for lightmap style slot `slot`
 * (docs/queries.md section 4).
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer, a map not loaded), then docs/queries.md
 * 6's order (BAD_QUERY, UNSUPPORTED, NOT_LOADED, BAD_CLUSTER / BAD_FACE /
 * BAD_MODEL, NO_LIGHTMAP / NO_AMBIENT, CORRUPT, NOT_ON_FACE): those of
 * them this call can give (UNSUPPORTED:
 * a Quake 3 patch; NO_LIGHTMAP: no lightmap for the slot; NOT_ON_FACE: a
 * Quake 3 point over no triangle).
 * Quake 3: the texel of the surface's page under p's projection (s, t:
 * column and row in the 128 x 128 page). */
BSP_API bsp_status bsp_luxel(const bsp_map *m, int32_t face, const float p[3],
                     uint32_t slot, bsp_sample *out);

/* The static light falling on p: the first lit face straight below p,
 * style slot 0 (docs/queries.md section 5).
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer, a map not loaded), then docs/queries.md
 * 6's order (BAD_QUERY, UNSUPPORTED, NOT_LOADED, BAD_CLUSTER / BAD_FACE /
 * BAD_MODEL, NO_LIGHTMAP / NO_AMBIENT, CORRUPT, NOT_ON_FACE): those of
 * them this call can give.
 * out->face is -1 when nothing is hit (also on a map whose face lump is
 * empty). Each face's lightmap placement is worked out once at load (a
 * record per face in the arena, which bsp_measure counts), so a query costs
 * the nodes it crosses and a few steps per face it tries; a map without
 * light whose tree the load found no walk can stop on answers at once. */
BSP_API bsp_status bsp_light_point(const bsp_map *m, const float p[3], bsp_sample *out);

/* Ambient light at a point (docs/queries.md section 7). `kind` says which half
 * holds the answer. Colours are on the scale of bsp_sample.rgb. */
typedef enum bsp_ambient_kind {
    BSP_AMBIENT_CUBE = 1,  /* Source: a leaf's ambient cube, blended */
    BSP_AMBIENT_LIGHT_GRID,/* Quake 3: the light grid, interpolated */
    BSP_AMBIENT_OCTREE     /* quake, goldsrc, bsp2, quake2: the BSPX
                              LIGHTGRID_OCTREE (docs/queries.md 10.5) */
} bsp_ambient_kind;

typedef struct bsp_ambient_light {
    bsp_ambient_kind kind;
    /* BSP_AMBIENT_CUBE */
    int32_t leaf;          /* the leaf p lies in */
    int32_t from;          /* the leaf whose samples were used (borrowing) */
    int32_t first, count;  /* its samples; first -1: the leaf's own cube */
    float cube[6][3];      /* +x, -x, +y, -y, +z, -z; r, g, b */
    /* BSP_AMBIENT_LIGHT_GRID (and BSP_AMBIENT_OCTREE: cell, ambient) */
    int32_t cell[3];       /* the grid point at or below p: clamped into the
                              grid (quake3), floor((p - mins) / step) (octree) */
    float ambient[3], directed[3];
    float dir[3];          /* unit vector towards the light, or 0 */
    /* BSP_AMBIENT_OCTREE */
    uint32_t mask;         /* bit i: corner i of the cell had data (bit 0 of
                              i steps along x, bit 1 y, bit 2 z) */
} bsp_ambient_light;

/* Fill *out with the ambient light at p (docs/queries.md section 7).
 * Statuses, in the order they are checked: BAD_ARGUMENT, BAD_QUERY (p not
 * finite), UNSUPPORTED (nightfire; quake, goldsrc, bsp2 and quake2 without
 * a LIGHTGRID_OCTREE lump), NOT_LOADED (BSP_LOAD_LIGHTING left out; a
 * grid past BSP_GRID_FORWARD_MAX read from a forward-only stream),
 * NO_AMBIENT (the map has no ambient data; Source: also a leaf without
 * samples after borrowing; octree: a grid that failed the load's checks,
 * or no grid point with data around p), CORRUPT (tree cycle, an index or
 * sample outside its lump).
 * The octree answers light style 0. */
BSP_API bsp_status bsp_ambient(const bsp_map *m, const float p[3], bsp_ambient_light *out);

/* A load from a forward-only stream meets the BSPX directory only at the
 * end of the file, after bsp_measure: its arena holds the light grid's
 * index for a LIGHTGRID_OCTREE lump of at most this many bytes (real grids
 * are a few KiB; the index takes about half the lump). A larger grid read
 * that way answers NOT_LOADED; a seekable stream has no such limit. */
#define BSP_GRID_FORWARD_MAX 65536u
/* The same for a Quake-family BSPX BRUSHLIST (bsp_trace): a longer one
 * read from a forward-only stream is left out (the arena is sized for the
 * stream's tail up to this many bytes of it). */
#define BSP_BRUSH_LIST_FORWARD_MAX 262144u

/* bsp_ambient for light style `style` (0..255) of the octree grid.
 * Statuses, in the order they are checked: as bsp_ambient's; BAD_QUERY
 * also for a style above 255, and for any style but 0 on source and
 * quake3 (which have no styles).
 * Each grid point's colour is its sample of that style, black when it has
 * none. */
BSP_API bsp_status bsp_ambient_style(const bsp_map *m, const float p[3], uint32_t style,
                                     bsp_ambient_light *out);

/* ------------------------------------------------------------------------ */
/* Areas and area portals: which areas the open doors join (docs/queries.md 9). */
/*
 * Quake 2, Quake 3 and Source divide a map into areas (bsp_leaf.area) that
 * area portals (func_areaportal doors) join. The caller owns which portals
 * are open and passes that state to every call:
 *   - quake2, source (per_pair 0): a bit per portal key, bit k of byte
 *     k / 8 (k & 7 from the least significant bit) set when the portals
 *     with key k are open. The key is the area-portal record's portalnum
 *     (quake2: func_areaportal's "style") or m_PortalKey (source:
 *     "portalnumber"); both records of one door share it.
 *   - quake3 (per_pair 1): a byte per pair of areas, state[a * num_areas +
 *     b], non-zero when some portal between a and b is open (the engine's
 *     reference count; either of the pair's two bytes opens it).
 * The answer is id's flood (docs/queries.md 9): each area gets a flood
 * number, and two areas are connected when their numbers are equal. Area 0
 * of quake2 and source is the null area: only a portal leads into it.
 * Needs BSP_LOAD_GEOMETRY on quake2 and source (the area lumps; quake3's
 * areas come from the leaves, loaded always). At most BSP_MAX_AREAS areas;
 * each query uses about 4 KiB of stack.
 *
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL map or
 * result; state NULL with state_bytes above 0), UNSUPPORTED (the quake
 * family and nightfire have no areas), NOT_LOADED (quake2, source: the
 * load left the area or area-portal lump out; lumps the file stores empty
 * are a map without areas or portals, whatever the load set: num_areas 0,
 * every area BAD_QUERY),
 * UNSUPPORTED (a map with more than BSP_MAX_AREAS areas; an area lump
 * whose version has no known layout), BAD_QUERY (an area at or above
 * num_areas; a negative area is in no area, connected to nothing),
 * CORRUPT (an area's portal range outside the portal lump, ranges holding
 * more records together than the portal lump, which only overlapping
 * ranges do and no compiler writes: so a flood reads each record at most
 * once, a portal naming
 * an area beyond the area lump or a key outside 0 .. 65535, a one-way
 * portal), BAD_ARGUMENT (state_bytes below bsp_areas_info.state_bytes, an
 * output shorter than the map needs).
 */
#define BSP_MAX_AREAS 1024u
#define BSP_MAX_AREA_PORTAL_KEY 65535u
/* Bytes of a bit per area (bsp_area_reachable). */
#define BSP_AREA_BITS_BYTES(num_areas) (((num_areas) + 7u) / 8u)

typedef struct bsp_areas_info {
    uint32_t num_areas;    /* areas 0 .. num_areas-1 */
    uint32_t num_portals;  /* area-portal records (quake3: 0) */
    uint32_t state_bytes;  /* the smallest open state the calls accept:
                              quake2, source: (largest key + 8) / 8 (0: no
                              portals); quake3: num_areas * num_areas */
    uint32_t per_pair;     /* 1: quake3's layout, a byte per pair of areas */
    uint32_t first_area;   /* the first area a flood starts from (1: area
                              0 is the null area; quake3: 0) */
} bsp_areas_info;

/* The map's areas and the size of the state the calls below read.
 * Statuses, in the order they are checked: those of the section above (BAD_ARGUMENT, UNSUPPORTED, NOT_LOADED,
 * UNSUPPORTED, BAD_QUERY, CORRUPT, BAD_ARGUMENT). */
BSP_API bsp_status bsp_areas_get_info(const bsp_map *m, bsp_areas_info *out);

/* The flood number of every area under the state, written to
 * flood[0 .. num_areas-1] (num at least num_areas).
 * Statuses, in the order they are checked: those of the section above (BAD_ARGUMENT, UNSUPPORTED, NOT_LOADED,
 * UNSUPPORTED, BAD_QUERY, CORRUPT, BAD_ARGUMENT).
 * What an engine computes once when a portal changes, then compares per
 * entity. Numbers start at 1 and are given in the order of the first area
 * of each flood; 0: an area no flood reached (area 0 of quake2 and
 * source). */
BSP_API bsp_status bsp_area_flood(const bsp_map *m, const uint8_t *state, uint32_t state_bytes,
                          uint16_t *flood, uint32_t num);

/* Are areas a and b connected under the state (CM_AreasConnected)?
 * *connected gets 0 or 1.
 * Statuses, in the order they are checked: those of the section above (BAD_ARGUMENT, UNSUPPORTED, NOT_LOADED,
 * UNSUPPORTED, BAD_QUERY, CORRUPT, BAD_ARGUMENT).
 * 1 when their flood numbers are equal, so area 0 of quake2 and source is
 * connected to itself; 0 when a or b is negative. */
BSP_API bsp_status bsp_areas_connected(const bsp_map *m, const uint8_t *state,
                               uint32_t state_bytes, int32_t a, int32_t b, int *connected);

/* The areas connected to a under the state, as bits (bit b of byte b / 8),
 * BSP_AREA_BITS_BYTES(num_areas) of them; the rest of `bits` is cleared.
 * Statuses, in the order they are checked: those of the section above (BAD_ARGUMENT, UNSUPPORTED, NOT_LOADED,
 * UNSUPPORTED, BAD_QUERY, CORRUPT, BAD_ARGUMENT).
 * A negative a reaches nothing. */
BSP_API bsp_status bsp_area_reachable(const bsp_map *m, const uint8_t *state,
                              uint32_t state_bytes, int32_t a, uint8_t *bits,
                              uint32_t bits_bytes);

/* ------------------------------------------------------------------------ */
/* Collision: where a moving box stops (docs/queries.md section 8).          */
/*
 * Needs BSP_LOAD_COLLISION (else NOT_LOADED). Brush families (quake2,
 * quake3, source, nightfire) sweep a box through brushes with bsp_trace;
 * the Quake family (quake, goldsrc, bsp2) moves the origin of one of its
 * fixed clipping hulls with bsp_hull_trace, and bsp_trace there picks the
 * hull a box collides as, so one bsp_trace loop serves every family. Each family keeps its own
 * engine's answers where the engines disagree (section 8.7): port game code
 * from that engine and it behaves the same.
 *
 * A model is 0 for the world, or a brush entity's model (a door, a lift),
 * in the model's own coordinates: subtract the entity's origin from start
 * and end, add it back to endpos. Nightfire answers model 0 only.
 *
 * Stack: no recursion. A walk keeps its pending nodes in an array on the
 * stack; a whole call takes BSP_TRACE_CALL_STACK_BYTES at most. bsp_load
 * refuses a tree deeper than BSP_TREE_DEPTH_MAX nodes (CORRUPT), and a
 * hull walk that goes further (hull 0 reads leaf contents as children)
 * answers CORRUPT, so no file can make a walk go further. A trace also
 * keeps its brush mark on the stack (BSP_TRACE_MARK_STACK_BYTES), Quake 3
 * its patch mark (BSP_TRACE_PATCH_STACK_BYTES), Source its terrain's
 * (BSP_TRACE_DISP_STACK_BYTES): all within BSP_TRACE_CALL_STACK_BYTES.
 * Queries are reentrant (the map is only read); any number of threads may
 * trace one map.
 *
 * Statuses, in the order they are checked: BAD_ARGUMENT (NULL pointer, map
 * not loaded), BAD_QUERY (a coordinate or box bound not finite),
 * UNSUPPORTED (bsp_hull_* outside the Quake family, a nightfire model
 * above 0), NOT_LOADED, BAD_MODEL,
 * BAD_HULL, CORRUPT (an index the load did not check points outside its
 * lump, e.g. a quake3 brush of fewer than six sides at the end of its lump).
 */

/* Quake 3 curved surfaces (docs/queries.md 8.11) collide through facets
 * that bsp_load builds into the arena from their control points, and how
 * many bytes they take depends on those points, which the header does not
 * hold. So a Quake 3 load with BSP_LOAD_COLLISION takes one more step,
 * between bsp_open and bsp_measure: bsp_measure_patches reads the surfaces
 * and their control points through the stream (at their offsets: not a
 * forward-only stream) and builds each patch once in `scratch` (any memory
 * of BSP_PATCH_SCRATCH_BYTES, not kept) to count exactly what bsp_load will
 * write (a surface repeating the control points of one of the 16 before
 * it, a twin, shares its facets: neither counted nor built again); the
 * header keeps the count, and bsp_measure adds it (and, at the
 * arena's end, a scratch for the load's build sized by the largest patch).
 * A collision-only load keeps no draw vertex: it reads them through a
 * window of about 16 KiB and keeps only the xyz (12 bytes a vertex) of the
 * run the control points lie in, until the patches are built.
 * Its statuses are at bsp_measure_patches below. */
#define BSP_PATCH_SCRATCH_BYTES (393216u + 45056u)
#define BSP_TRACE_PATCHES_MAX 8192u
/* Count what a Quake 3 collision load's curved surfaces take in the arena,
 * into the header (the step between bsp_open and bsp_measure above).
 * Statuses, in the order they are checked: BAD_ARGUMENT (NULL, a scratch
 * too small, a forward-only stream), IO, TRUNCATED, CORRUPT (a patch the
 * engine refuses, section 8.11's limits; control points outside the draw
 * vertex lump; more curved surfaces than BSP_TRACE_PATCHES_MAX).
 * For every other family or load it does nothing (BSP_OK). A header that
 * skipped it: PATCHES_NOT_MEASURED (docs/errors.md). */
BSP_API bsp_status bsp_measure_patches(bsp_header *h, const bsp_stream *s, void *scratch,
                                       uint32_t scratch_bytes);

/* bsp_measure_patches, keeping what it builds: each distinct patch's
 * facets (and the control points they came from) go into `keep`, the
 * caller's memory (4-aligned), while they fit, and bsp_load copies them
 * into the arena instead of building them a second time; with every patch
 * kept bsp_measure asks no builder scratch at the arena's end. A patch
 * build is most of a Quake 3 collision load (a 31 x 31 patch: about 20
 * million instructions), so this halves it. `keep` must stay unchanged
 * until bsp_load (or the last bsp_load_step) returns; h->patch_keep_need
 * says how many bytes keep all the patches (about the facets' bytes, h->patch_bytes,
 * plus 12 a control point): a smaller `keep` holds the first ones and the
 * load builds the rest. The load compares each kept patch's control points
 * with the file's: a file changed in between is CORRUPT, as with
 * bsp_measure_patches. Statuses: those of bsp_measure_patches, and
 * BAD_ARGUMENT for a misaligned `keep` or a NULL one with keep_bytes. */
BSP_API bsp_status bsp_measure_patches_keep(bsp_header *h, const bsp_stream *s, void *scratch,
                                            uint32_t scratch_bytes, void *keep, uint32_t keep_bytes);

/* The deepest tree (nodes from a head node to a leaf) bsp_load accepts with
 * BSP_LOAD_COLLISION, and the stack a bsp_trace walk uses for its pending
 * nodes (the whole call: BSP_TRACE_CALL_STACK_BYTES below). */
#define BSP_TREE_DEPTH_MAX 255u
#define BSP_TRACE_STACK_BYTES ((BSP_TREE_DEPTH_MAX + 1u) * 36u)
/* What a Quake 3 trace through curved surfaces takes besides: a bit per
 * patch (BSP_TRACE_PATCHES_MAX), each tested once per trace, and a bit per
 * 32 of them saying which words this trace wrote. */
#define BSP_TRACE_PATCH_STACK_BYTES (BSP_TRACE_PATCHES_MAX / 8u + BSP_TRACE_PATCHES_MAX / 256u)
/* Every brush trace's mark of the brushes it has clipped, each once per
 * trace as the engines do (so a brush a file lists in many leaves costs one
 * clip, whatever the file repeats): a bit for each of the first
 * BSP_TRACE_MARK_BRUSHES brushes (every engine's own limit: Quake 3 32768,
 * Quake 2 and Source 8192), in blocks of 1024 brushes, and a word whose
 * bit per block says which blocks this trace has met: a trace clears that
 * word, and a block's 128 bytes when it first meets one of its brushes. A
 * brush numbered beyond (a hostile file only) is clipped again where it is
 * met again, which gives the same answer. BSP_TRACE_MARK_STACK_BYTES of
 * stack, besides BSP_TRACE_STACK_BYTES (and BSP_TRACE_PATCH_STACK_BYTES). */
#define BSP_TRACE_MARK_BRUSHES 32768u
#define BSP_TRACE_MARK_STACK_BYTES (BSP_TRACE_MARK_BRUSHES / 8u + BSP_TRACE_MARK_BRUSHES / 256u)
/* Source terrain (section 8.14): at most this many displacements per map
 * (Valve's MAX_MAP_DISPINFO; more: CORRUPT at load); a trace keeps a bit
 * per displacement it may still meet, and a walk of a displacement's box
 * down the nodes (an entry per level) when it asks a leaf for its
 * displacements. */
#define BSP_TRACE_DISPS_MAX 2048u
#define BSP_TRACE_DISP_STACK_BYTES (BSP_TRACE_DISPS_MAX / 8u + (BSP_TREE_DEPTH_MAX + 1u) * 4u)
/* The whole stack one collision call (bsp_trace and its transformed form,
 * bsp_hull_trace, bsp_point_contents, bsp_hull_contents, bsp_box_leaves)
 * needs, whatever the file: its pending nodes (a
 * hull trace keeps 44 bytes a node: BSP_TREE_DEPTH_MAX * 44), the patch
 * bits, the brush mark, the terrain's bits and every frame below the
 * call, with room to spare, at every optimisation level (measured on
 * x86-64 at most 19 675 bytes with clang -O0, 19 259 with gcc -O0, 18 279
 * at -O2: a trace through a hull family's deepest clipnode chain, and
 * Source terrain). Measured by the suite at -O0 and -O2 with gcc and clang
 * (test/programs/test_stack.c paints a thread's stack and traces the deepest
 * tree a load accepts and a map of curved surfaces): size a job thread's
 * stack from this, plus what the caller itself uses. */
#define BSP_TRACE_CALL_STACK_BYTES 20480u

typedef struct bsp_trace_result {
    float fraction;       /* 0..1: the part of the move completed */
    float endpos[3];      /* where the box origin stops (section 8.5) */
    float normal[3];      /* the plane hit, pointing out of the solid; */
    float dist;           /*   valid when has_plane */
    int32_t contents;     /* brush families: the contents of the brush hit
                             or started in (0: none); nightfire: its
                             attributes word; the Quake family: 0 */
    uint8_t startsolid;   /* the start is inside solid */
    uint8_t allsolid;     /* the whole move is inside solid */
    uint8_t has_plane;    /* fraction < 1 and not allsolid: normal, dist set */
    uint8_t reserved;
    int32_t disp;         /* source: the displacement (terrain, section
                             8.14) the answer comes from; -1 when the
                             answer is not terrain's */
    uint32_t disp_flags;  /* its triangle's flags: 1 surface, 2 walkable,
                             4 buildable, 8 / 16 surface property 1 / 2
                             (0 when disp is -1) */
} bsp_trace_result;

/* The games' own contents masks (section 8.1, 8.9), for bsp_trace. */
typedef enum bsp_mask_kind {
    BSP_MASK_SOLID = 0,   /* what stops a point: quake2 0x3, quake3 0x1,
                             source 0x200400B */
    BSP_MASK_PLAYERSOLID  /* what stops a player's move: quake2 0x2010003,
                             quake3 0x2010001, source 0x201400B */
} bsp_mask_kind;

/* The player's box in each family's games, as mins and maxs about the
 * origin the game moves, so that an engine traces what the game traces
 * (a guessed box spawns inside the floor or floats above it):
 *
 *   family       standing                   crouching    the origin is
 *   quake, bsp2  (-16,-16,-24)..(16,16,32)  none         24 above the feet
 *   goldsrc      (-16,-16,-36)..(16,16,36)  (-16,-16,-18)..(16,16,18)
 *                                                        the box's centre
 *   quake2       (-16,-16,-24)..(16,16,32)  maxs z 4     24 above the feet
 *   quake3       (-15,-15,-24)..(15,15,32)  maxs z 16    24 above the feet
 *   source       (-16,-16,0)..(16,16,72)    maxs z 36    at the feet
 *   nightfire    goldsrc's (assumed)
 *   hexen2       (-16,-16,0)..(16,16,56)    maxs z 28    at the feet
 *                (a quake variant: bsp_map_player_box)
 *
 * Taken from the games' public code: Quake's QuakeC defs.qc VEC_HULL_MIN /
 * VEC_HULL_MAX (the engine's hull 1); Half-Life SDK pm_shared.c
 * VEC_HULL_MIN/MAX and VEC_DUCK_HULL_MIN/MAX (+-36, +-18); Quake 2
 * qcommon/pmove.c and Quake 3 code/game/bg_pmove.c PM_CheckDuck; Source SDK
 * 2013 game/shared/gamerules.cpp g_DefaultViewVectors (VEC_HULL_MIN/MAX,
 * VEC_DUCK_HULL_MIN/MAX). Nightfire's game code is not public: its boxes
 * are assumed to be GoldSrc's, whose engine it extends (the open
 * re-implementation nightfire-open uses the same numbers). On quake,
 * goldsrc and bsp2 bsp_trace turns these boxes into hull 1 (goldsrc's
 * crouching box: hull 3), docs/queries.md 8.4a. Hexen II's are its game
 * code's setsize calls (client.hc); bsp_trace gives them hulls 1 and 3
 * (docs/queries.md 13.4).
 * Statuses: BAD_ARGUMENT (a NULL pointer, a family or stance outside its
 * enum, BSP_FAMILY_UNKNOWN), UNSUPPORTED (crouching in Quake and BSP2,
 * whose player cannot). */
typedef enum bsp_stance {
    BSP_STANDING = 0,
    BSP_CROUCHING
} bsp_stance;
/* The player's box of a family, standing or crouching (the table above).
 * Statuses, in the order they are checked: UNSUPPORTED (BSP_FAMILY_RESPAWN
 * in a build with the family: its boxes are a later step of issue 44),
 * BAD_ARGUMENT (a NULL pointer, a family or stance outside its enum,
 * BSP_FAMILY_UNKNOWN; BSP_FAMILY_RESPAWN in a build without the family),
 * UNSUPPORTED (crouching in Quake and BSP2, whose player cannot). */
BSP_API bsp_status bsp_player_box(bsp_family_id family, bsp_stance stance, float mins[3],
                                  float maxs[3]);
/* The player's box of a loaded map's game: its variant's where the
 * variant's player differs from its family's (hexen2), else
 * bsp_player_box of its family. Statuses, in order: BAD_ARGUMENT (a NULL
 * pointer, a map not loaded, a stance outside its enum), UNSUPPORTED
 * (crouching in Quake and BSP2). */
BSP_API bsp_status bsp_map_player_box(const bsp_map *map, bsp_stance stance, float mins[3],
                                      float maxs[3]);

/* The family's mask of that kind.
 * Statuses: none; 0 for a map not loaded.
 * Nightfire (its brushes all collide): 0xffffffff. The Quake family's
 * hull traces take no mask; its BSPX brush lists' traces (bsp_trace) meet
 * the brushes' BSP_CONTENTS_* flags: SOLID | SKY, and for a player also
 * PLAYERCLIP | MONSTERCLIP (what the clip hulls of a map compiled with
 * them hold). */
BSP_API uint32_t bsp_trace_mask(const bsp_map *m, bsp_mask_kind kind);

/* Sweep the box [p + mins, p + maxs] from p = start to p = end through
 * `model`'s brushes whose contents meet `mask` (section 8.2, 8.3, 8.9).
 * Statuses, in the order they are checked: those of the section above (BAD_ARGUMENT, BAD_QUERY,
 * UNSUPPORTED, NOT_LOADED, BAD_MODEL, BAD_HULL, CORRUPT) (BAD_HULL, on
 * the Quake family: the map or model lacks the box's hull, no clipnodes).
 * mins = maxs = 0 is a point trace; start == end a position test.
 * quake, goldsrc, bsp2 (section 8.4a): the box picks the hull the engine's
 * SV_HullForEntity picks (quake, bsp2: width < 3 hull 0, <= 32 hull 1,
 * else 2; goldsrc: width <= 8 hull 0, <= 36 hull 3 when the height is <=
 * 36 else hull 1, else 2), and bsp_hull_trace moves that hull with its
 * lower corner on the box's; endpos is end when fraction is 1, else the
 * hull's endpos moved back; mask is ignored and contents is 0. A map
 * compiled without clipnodes (hull 0 alone) whose BSPX BRUSHLIST (section
 * 13.7) has a block for the model instead traces a box that picks hull 1
 * and up through that model's brushes by the quake2 rule (section 8.2; no
 * tree: the list's order), brushes whose BSP_CONTENTS_* flags meet `mask`
 * (bsp_trace_mask), contents the flags of the brush answering; the list
 * is read with BSP_LOAD_COLLISION, kept only whole (every block of
 * version 1 naming a model once, its plane count its brushes' sum, every
 * float finite, the blocks ending at the lump's end: else ignored, and
 * such a trace BAD_HULL as without one); from a forward-only stream, up
 * to BSP_BRUSH_LIST_FORWARD_MAX bytes of it.
 * Source: model 0 meets the terrain too (section 8.14), after each leaf's
 * brushes; out->disp and disp_flags then say which displacement and
 * triangle answered (-1 and 0 otherwise). A trace takes
 * BSP_TRACE_STACK_BYTES of stack, and BSP_TRACE_DISP_STACK_BYTES more on
 * Source (BSP_TRACE_PATCH_STACK_BYTES on Quake 3). The points are read
 * before *out is written, so start or end may be out->endpos (a move
 * going on from the last answer); so for bsp_trace_transformed and
 * bsp_hull_trace. */
BSP_API bsp_status bsp_trace(const bsp_map *m, uint32_t model, const float start[3],
                             const float end[3], const float mins[3], const float maxs[3],
                             uint32_t mask, bsp_trace_result *out);

/* The contents at p (section 8.12).
 * Statuses, in the order they are checked: those of the section above
 * (BAD_ARGUMENT, BAD_QUERY, UNSUPPORTED, NOT_LOADED, BAD_MODEL, BAD_HULL,
 * CORRUPT).
 * quake2: the leaf's; source: the leaf's OR the contents of its brushes
 * holding p; quake3: the OR of the brushes holding p; nightfire: 2 in a
 * solid leaf or inside a brush, else 1; quake, goldsrc, bsp2:
 * bsp_hull_contents of hull 0 (CONTENTS_WATER -3, ...), so that one call
 * tells whether a point is in water on every family. */
BSP_API bsp_status bsp_point_contents(const bsp_map *m, uint32_t model, const float p[3],
                                      int32_t *contents);

/* The same queries against a model an engine has moved to `origin` and
 * turned by `angles` (pitch, yaw, roll in degrees, as an entity's keys):
 * the engines' CM_TransformedBoxTrace and CM_TransformedPointContents
 * (section 8.10).
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer),
 * BAD_QUERY (origin or angles not finite or too large), UNSUPPORTED
 * (angles not 0 on the Quake family: the contents there are hull 0's at
 * p - origin), then those of bsp_trace /
 * bsp_point_contents (BAD_QUERY there: a moved point no longer finite).
 * start, end and p are in the world's frame; they are moved by -origin
 * and, when an angle is not 0, turned into the model's frame (Quake 2's
 * AngleVectors: quake2, source, nightfire; Quake 3's rotation matrix); the
 * box is not turned. A hit's normal comes back to the world's frame (Quake
 * 2: through the vectors of the negated angles, as id's code does; Quake
 * 3: the transpose), `dist` stays the model's, and endpos is start +
 * fraction * (end - start) in the world's frame, also at fraction 1. The
 * Quake family moves hull models only: `trace` of the box's hull (section
 * 8.4a) from start - origin, endpos + origin when it hit. Sines and
 * cosines are the loader's own (collision/angles.c), the same bits on
 * every target; |angles| above 16777216 degrees are BAD_QUERY. */
BSP_API bsp_status bsp_trace_transformed(const bsp_map *m, uint32_t model, const float start[3],
                                         const float end[3], const float mins[3],
                                         const float maxs[3], uint32_t mask,
                                         const float origin[3], const float angles[3],
                                         bsp_trace_result *out);
BSP_API bsp_status bsp_point_contents_transformed(const bsp_map *m, uint32_t model,
                                                  const float p[3], const float origin[3],
                                                  const float angles[3], int32_t *contents);

/* The box of the Quake family's clipping hull `hull` (section 8.4), mins
 * and maxs.
 * Statuses, in the order they are checked: those of the section above (BAD_ARGUMENT, BAD_QUERY,
 * UNSUPPORTED, NOT_LOADED, BAD_MODEL, BAD_HULL, CORRUPT) (UNSUPPORTED:
 * not the Quake family; BAD_HULL: a hull the family does not have).
 * Hull 0 is a point, 1 and 2 the player's and the large monster's boxes,
 * goldsrc's 3 the crouching player. */
BSP_API bsp_status bsp_hull_size(const bsp_map *m, uint32_t hull, float mins[3], float maxs[3]);

/* Move the origin of hull `hull` from start to end (section 8.4).
 * Statuses, in the order they are checked: those of the section above (BAD_ARGUMENT, BAD_QUERY,
 * UNSUPPORTED, NOT_LOADED, BAD_MODEL, BAD_HULL, CORRUPT) (BAD_HULL also
 * for a hull the model has no tree for: a map compiled without clipnodes
 * has hull 0 only).
 * Contents in the result is 0. */
BSP_API bsp_status bsp_hull_trace(const bsp_map *m, uint32_t model, uint32_t hull,
                                  const float start[3], const float end[3],
                                  bsp_trace_result *out);

/* The contents value p reaches in the hull's tree (CONTENTS_SOLID -2, ...).
 * Statuses, in the order they are checked: those of the section above (BAD_ARGUMENT, BAD_QUERY,
 * UNSUPPORTED, NOT_LOADED, BAD_MODEL, BAD_HULL, CORRUPT). */
BSP_API bsp_status bsp_hull_contents(const bsp_map *m, uint32_t model, uint32_t hull,
                                     const float p[3], int32_t *contents);

/* The leaves the box [mins, maxs] touches (docs/queries.md 8.12a), as the
 * engines link an entity into the map (CM_BoxLeafnums; the Quake family's
 * SV_FindTouchedLeafs).
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer),
 * BAD_QUERY (a bound not finite), UNSUPPORTED (a model above 0 on quake3
 * and nightfire), NOT_LOADED (the map was loaded without
 * BSP_LOAD_COLLISION, whose depth check bounds the walk), BAD_MODEL,
 * CORRUPT (a walk entering more nodes than the map has: nodes shared by
 * several parents; indices were checked at load).
 * From `model`'s head node, a node sends the box to the side(s) of its
 * plane the box is on (BoxOnPlaneSide), front first. The first max_leaves
 * leaves, in the order reached and each once, go to `leaves` (NULL when
 * max_leaves is 0); *count gets how many there are in all (more than
 * max_leaves: the list was too small, and the call took longer, walking
 * again to tell a leaf met once from one met before). *topnode gets the
 * first node whose plane the box spans (-1: none), which Quake 2 keeps to
 * start an entity's later box tests lower in the tree; quake3 has none and
 * gives the last listed leaf whose cluster is not -1 instead (0: none), as
 * its CM_BoxLeafnums returns. No recursion: about 6 KiB of stack (two
 * walks' pending nodes, and a hash set of the first 512 different leaves
 * met, which keeps the call linear in the leaves it reaches up to 512).
 * Outputs are set only on BSP_OK (the list may be partly written on
 * CORRUPT). */
BSP_API bsp_status bsp_box_leaves(const bsp_map *m, uint32_t model, const float mins[3],
                                  const float maxs[3], uint32_t *leaves, uint32_t max_leaves,
                                  uint32_t *count, int32_t *topnode);

/* ------------------------------------------------------------------------ */
/* Source game lump (lump 35): game-specific sub-lumps (static props, ...).  */

/* One sub-lump as stored. Its contents are game-specific structures bspkit
 * does not interpret: they stay in the file's byte order. A compressed
 * sub-lump (console maps, some PC maps) is a Valve LZMA block. */
typedef struct bsp_game_lump {
    uint32_t id;            /* four characters as an int: 'sprp' = 0x73707270 */
    uint16_t flags, version;
    const uint8_t *data;    /* stored bytes, inside the arena */
    uint32_t stored;        /* bytes stored */
    uint32_t size;          /* bytes once unpacked */
    int compressed;
} bsp_game_lump;

/* Number of sub-lumps (a console file's closing dummy entry not counted).
 * Statuses: none; 0 when the game lump is empty or was not loaded
 * (bsp_game_lump_get tells which). */
BSP_API uint32_t bsp_game_lump_count(const bsp_map *m);

/* Sub-lump `index`.
 * Statuses, in the order they are checked: BAD_ARGUMENT (NULL, a map not
 * loaded), UNSUPPORTED (not a Source map: only Source has game lumps),
 * NOT_LOADED (the game lump was left out of the load; an empty one has no
 * sub-lumps: BAD_QUERY), BAD_QUERY (index not below bsp_game_lump_count),
 * CORRUPT (the directory or the entry does not fit the lump).
 * The directory's offsets may be relative to the file (PC) or to the game
 * lump (consoles): bspkit tells which from where they point. */
BSP_API bsp_status bsp_game_lump_get(const bsp_map *m, uint32_t index, bsp_game_lump *out);

/* The room unpacking a sub-lump takes, and the unpacking into dst (its
 * `size` bytes land at dst[0]).
 * Statuses, in the order they are checked: bsp_game_lump_unpack_bytes:
 * BAD_ARGUMENT (a NULL pointer), UNSUPPORTED (a compressed sub-lump in a
 * build without the decoder), LZMA_CORRUPT (its block header);
 * bsp_game_lump_unpack: those, then BAD_ARGUMENT (dst NULL, dst_bytes
 * below *need_dst or tables below *need_tables), then the decoding's
 * LZMA_CORRUPT, LZMA_OVERLAP.
 * dst must hold *need_dst bytes and tables (2-aligned) *need_tables, as
 * bsp_game_lump_unpack_bytes reports (in-place decoding, as for lumps). */
BSP_API bsp_status bsp_game_lump_unpack_bytes(const bsp_game_lump *g, uint32_t *need_dst,
                                      uint32_t *need_tables);
BSP_API bsp_status bsp_game_lump_unpack(const bsp_game_lump *g, void *dst, uint32_t dst_bytes,
                                void *tables, uint32_t tables_bytes);

/* ------------------------------------------------------------------------ */
/* Static props: the 'sprp' game sub-lump, typed.                            */
/*
 * The sub-lump holds a dictionary of model names (128 bytes each), a leaf
 * list (the map's leaf indices each prop stands in) and the props. Its bytes
 * stay in the file's byte order (big-endian on consoles); bspkit reads every
 * field through its version's layout. A compressed sub-lump (consoles) is
 * unpacked by the caller first (bsp_game_lump_unpack, into its own memory);
 * an uncompressed one is read where it is (g->data).
 *
 * Which layout: the sub-lump's version and the record size its bytes imply
 * ((bytes after the prop count) / props). Two layouts share version 10
 * (72 bytes: Team Fortress 2 and Source SDK 2013, with DX levels, 32-bit
 * flags and a lightmap resolution; 76 bytes: the Valve Developer Community
 * layout, Counter-Strike: Global Offensive before uniform scale, Tactical
 * Intervention) and version 11 (76 bytes: the Valve Developer Community
 * layout; 80 bytes: Counter-Strike: Global Offensive's, which keeps the
 * Xbox 360 flag); version 7 at 72 bytes is the TF2 layout (a short-lived
 * TF2 version). Dark Messiah's version 6 may carry 72 more bytes (136).
 * Version 12 (Strata Source) stores the leaf list as 32-bit entries; its
 * record is not known reliably (public readers disagree), so it is
 * BAD_LUMP_VERSION when it has props. Vindictus's versions 6 and 7 put a
 * scaling list before the props: BAD_LUMP_VERSION when it has props. A
 * sub-lump with no props opens at any version from 4 to 12 (nothing to
 * read); versions below 4 and above 12 are BAD_LUMP_VERSION.
 */

/* Which fields a prop's version stores (bsp_static_prop.fields); the
 * others hold the defaults named in bsp_static_prop. Origin, angles,
 * model, leaves, solid, skin, fade distances and lighting origin are in
 * every version. */
#define BSP_PROP_FLAGS            0x0001u  /* flags: 8 bits, or 32 (TF2 v10) */
#define BSP_PROP_FORCED_FADE      0x0002u  /* v5 and later */
#define BSP_PROP_DX_LEVEL         0x0004u  /* v6, v7, TF2 v10 */
#define BSP_PROP_CPU_GPU_LEVEL    0x0008u  /* v8 and later (not TF2) */
#define BSP_PROP_DIFFUSE          0x0010u  /* v7 and later (not TF2) */
#define BSP_PROP_DISABLE_X360     0x0020u  /* v9, v10, CS:GO v11 */
#define BSP_PROP_FLAGS_EX         0x0040u  /* v10 (not TF2), v11 */
#define BSP_PROP_UNIFORM_SCALE    0x0080u  /* v11 */
#define BSP_PROP_LIGHTMAP_RES     0x0100u  /* TF2 v10 */

typedef struct bsp_static_prop {
    uint32_t fields;           /* BSP_PROP_*: what this version stores */
    float origin[3];
    float angles[3];           /* pitch, yaw, roll in degrees */
    uint32_t model;            /* dictionary index (< num_models) */
    uint32_t first_leaf, leaf_count;  /* a run of the leaf list */
    uint32_t solid;            /* solidity (6: vphysics) */
    uint32_t flags;            /* 0 when absent */
    int32_t skin;
    float fade_min, fade_max;
    float lighting_origin[3];
    float forced_fade_scale;   /* 1 when absent */
    uint32_t dx_level[2];      /* min, max; 0 when absent */
    uint8_t cpu_gpu_level[4];  /* min CPU, max CPU, min GPU, max GPU; 0 */
    uint8_t diffuse[4];        /* r, g, b, a; 255s when absent */
    uint32_t disable_x360;     /* 0 when absent */
    uint32_t flags_ex;         /* 0 when absent */
    float uniform_scale;       /* 1 when absent */
    uint32_t lightmap_res[2];  /* 0 when absent */
} bsp_static_prop;

/* An opened sub-lump: views into the caller's bytes. Fields are read-only
 * for the caller. */
typedef struct bsp_static_props {
    const uint8_t *models, *leaves, *props;
    uint32_t num_models, num_leaves, num_props;
    uint32_t version;          /* the sub-lump's */
    uint32_t record_bytes;     /* bytes per prop (0: no props) */
    uint8_t big_endian, leaf_bytes;
    const void *layout;        /* bspkit's layout of the records */
} bsp_static_props;

/* The 'sprp' sub-lump of a loaded Source map (the first one; its bytes as
 * bsp_game_lump_get gives them).
 * Statuses, in the order they are checked: BAD_ARGUMENT (NULL, a map not
 * loaded), UNSUPPORTED (not a Source map: no other family stores static
 * props, whatever the load set), NOT_LOADED (the game lump was left out:
 * it comes with BSP_LOAD_ALL or options.extra_lumps bit 35), BAD_QUERY (the
 * map has no 'sprp' sub-lump: also when its game lump is empty in the
 * file, whatever the load set), CORRUPT (as bsp_game_lump_get). */
BSP_API bsp_status bsp_static_props_find(const bsp_map *m, bsp_game_lump *out);

/* Open the sub-lump g of map m whose unpacked bytes are bytes[0 .. size)
 * (g->data when not compressed).
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer, g
 * not an 'sprp' sub-lump, or size not g->size); BAD_LUMP_VERSION (a
 * version outside 4 .. 12); CORRUPT (the counts run past the bytes, or a
 * negative count); BAD_LUMP_VERSION (props at a version, or a game's
 * version, whose record bspkit does not know, see above); CORRUPT (the
 * bytes after the prop count are not props x a record size of the
 * version: a record count that does not fit).
 * m gives the byte order and the game (Dark Messiah, Vindictus); g the
 * version. Nothing is copied: the bytes must stay as long as p is used. */
BSP_API bsp_status bsp_static_props_open(const bsp_map *m, const bsp_game_lump *g,
                                         const void *bytes, uint32_t size,
                                         bsp_static_props *p);

/* Model name i of the dictionary; prop i; entry i of the leaf list.
 * Statuses, in the order they are checked: BAD_ARGUMENT (NULL), BAD_QUERY
 * (i out of range), CORRUPT (bsp_static_prop_get: the prop's model is
 * outside the dictionary, or its leaf run outside the leaf list).
 * A name is a pointer into the bytes and its length (not NUL-terminated;
 * up to 128 bytes, cut at the first NUL); a prop is read into *out; a leaf
 * list entry is a leaf index of the map. */
BSP_API bsp_status bsp_static_prop_model(const bsp_static_props *p, uint32_t i,
                                         const char **name, uint32_t *len);
BSP_API bsp_status bsp_static_prop_get(const bsp_static_props *p, uint32_t i,
                                       bsp_static_prop *out);
BSP_API bsp_status bsp_static_prop_leaf(const bsp_static_props *p, uint32_t i,
                                        uint32_t *leaf);

/* ------------------------------------------------------------------------ */
/* Source cubemaps (lump 42) and world lights (lumps 15 and 54).             */
/*
 * Both lumps are loaded only on request (BSP_LOAD_ALL, or options'
 * extra_lumps bits 42, 15, 54). The functions take the map's header too:
 * it holds the lump versions and says whether a lump the map lacks was
 * empty (count 0) or left out of the load (NOT_LOADED).
 *
 * A cubemap (dcubemapsample_t, 16 bytes): int32 origin[3], the env_cubemap's
 * position rounded to integers, and int32 size (0: the default, 32 x 32
 * texels; otherwise 2^(size-1) texels square). Valve's SDK declares size
 * as one byte followed by padding; the Valve Developer Community page reads
 * an int32, the same value on a little-endian file whose padding is zero.
 */
typedef struct bsp_cubemap {
    int32_t origin[3];
    int32_t size;
} bsp_cubemap;

/* The number of cubemaps in map m, loaded from the file whose header is h.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer, a
 * map not loaded); UNSUPPORTED (m not a Source map: no other family has
 * the lump); NOT_LOADED (lump 42 is not empty but was not loaded);
 * BAD_ARGUMENT (h not m's header: its lump 42 size differs from the loaded
 * one); CORRUPT (its bytes are not a whole number of 16-byte records).
 * 0 cubemaps: OK. */
BSP_API bsp_status bsp_cubemap_count(const bsp_map *m, const bsp_header *h, uint32_t *count);

/* Cubemap i.
 * Statuses, in the order they are checked: as bsp_cubemap_count's:
 * BAD_ARGUMENT (NULL, a map not loaded), UNSUPPORTED (not a Source map),
 * NOT_LOADED (lump 42 is not empty but was not loaded), BAD_QUERY (i not
 * below the count: also any i when the lump is empty in the file). */
BSP_API bsp_status bsp_cubemap_get(const bsp_map *m, uint32_t i, bsp_cubemap *out);

/* The pakfile path of the cubemap's texture as Valve's vbsp names it.
 * Statuses, in the order they are checked: BAD_ARGUMENT (c, map_name or len
 * NULL, or the name empty once cut); BAD_ARGUMENT (dst NULL or dst_bytes
 * below *len + 1).
 * The path: "materials/maps/<map>/c<x>_<y>_<z>.vtf"
 * ("...c<x>_<y>_<z>.hdr.vtf" when hdr is non-zero: the HDR texture), x, y,
 * z the origin in decimal with a '-' for negatives. bspkit does not know
 * file names: map_name is the map's name as the caller has it (a
 * NUL-terminated string); as vbsp does with its input file, the part after
 * the last '/' or '\\' is kept, one trailing ".bsp" (any case) is dropped,
 * the rest cut at 63 bytes and lower-cased (ASCII). The path and a NUL
 * land in dst; *len gets the path's length whether or not it fits (at most
 * 15 + 63 + 2 + 35 + 8 = 123 bytes). */
BSP_API bsp_status bsp_cubemap_texture_name(const bsp_cubemap *c, const char *map_name, int hdr,
                                            char *dst, uint32_t dst_bytes, uint32_t *len);

/* Whether the pakfile p (bsp_pak_open_map) holds the cubemap's texture:
 * bsp_pak_find with the path bsp_cubemap_texture_name gives (Valve's lookup:
 * case and '/' against '\\' do not matter). Statuses in order: BAD_ARGUMENT
 * (a NULL pointer, or the name empty once cut); then bsp_pak_find's: OK
 * (held, *e the entry), BAD_QUERY (not held), CORRUPT; UNSUPPORTED in a
 * build without the pakfile reader (BSPKIT_PAK=0). Declared here; the
 * bsp_pak type is in "The pakfile" below. */
struct bsp_pak;
struct bsp_pak_entry;
/* Whether the pakfile p (bsp_pak_open_map) holds the cubemap's texture.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer,
 * or the name empty once cut); then bsp_pak_find's: OK (held, *e the
 * entry), BAD_QUERY (not held), CORRUPT; UNSUPPORTED in a build without
 * the pakfile reader (BSPKIT_PAK=0).
 * bsp_pak_find with the path bsp_cubemap_texture_name gives (Valve's
 * lookup: case and '/' against '\\' do not matter). Declared here; the
 * bsp_pak type is in "The pakfile" below. */
BSP_API bsp_status bsp_cubemap_texture_find(const struct bsp_pak *p, const bsp_cubemap *c,
                                            const char *map_name, int hdr,
                                            struct bsp_pak_entry *e);
/* The same through a pakfile index (bsp_pak_index_build): log2(entries)
 * name compares a cubemap instead of the directory, for a caller (such as
 * `bspkit cubemaps`) looking up every cubemap of a map. Statuses as
 * bsp_cubemap_texture_find's, bsp_pak_index_find's for bsp_pak_find's. */
struct bsp_pak_index;
BSP_API bsp_status bsp_cubemap_texture_find_indexed(const struct bsp_pak_index *x, const bsp_cubemap *c,
                                                    const char *map_name, int hdr,
                                                    struct bsp_pak_entry *e);

/*
 * A world light (dworldlight_t): the lights vrad used, for lighting models
 * at run time. Lump 15 holds the LDR lights, lump 54 the HDR ones (the same
 * lights with HDR intensities). Records by the lump's version, in the
 * file's byte order (big-endian on consoles):
 *   version 0, 88 bytes  Source 2004 to 2013 (HL2, TF2, SDK 2013): origin,
 *                        intensity, normal (float[3] each), cluster, type,
 *                        style (int32), stopdot, stopdot2, exponent, radius,
 *                        constant, linear, quadratic attenuation (float),
 *                        flags, texinfo, owner (int32)
 *   version 1, 100 bytes the same with float shadow_cast_offset[3] after
 *                        normal (Left 4 Dead on, Alien Swarm, Portal 2,
 *                        CS:GO; Xbox 360 Orange Box maps; Strata Source,
 *                        whose version 25 keeps Valve's record)
 * Other versions are BAD_LUMP_VERSION.
 */
#define BSP_WL_SHADOW_CAST_OFFSET 0x1u   /* bsp_world_light.fields: version 1 */

/* emittype_t */
enum { BSP_EMIT_SURFACE = 0, BSP_EMIT_POINT, BSP_EMIT_SPOTLIGHT, BSP_EMIT_SKYLIGHT,
       BSP_EMIT_QUAKELIGHT, BSP_EMIT_SKYAMBIENT };

typedef struct bsp_world_light {
    uint32_t fields;             /* BSP_WL_*: what this version stores */
    float origin[3];
    float intensity[3];          /* colour times brightness, linear */
    float normal[3];             /* surface and spot lights' direction */
    float shadow_cast_offset[3]; /* added to origin when the light casts
                                    entity shadows; 0s when absent */
    int32_t cluster;             /* the visibility cluster it stands in */
    uint32_t type;               /* BSP_EMIT_*, as stored */
    int32_t style;               /* light style (switchable lights) */
    float stopdot, stopdot2;     /* spotlights: cosines of the inner and
                                    outer cone's half angles */
    float exponent;              /* spotlight falloff exponent */
    float radius;                /* cut-off distance (0: none) */
    float constant_attn, linear_attn, quadratic_attn;  /* falloff
                                    1 / (c + l d + q d^2) */
    uint32_t flags;              /* DWL_FLAGS_*, as stored */
    int32_t texinfo;             /* surface lights: the emitting texinfo */
    int32_t owner;               /* the entity it belongs to */
} bsp_world_light;

/* An opened world light lump: a view into the map's arena. Fields are
 * read-only for the caller. */
typedef struct bsp_world_lights {
    const uint8_t *data;
    uint32_t count;
    uint32_t version;            /* the lump's */
    uint32_t record_bytes;       /* 88 or 100 (0: no lights) */
    uint8_t big_endian, lump;    /* 15 or 54 */
    const void *layout;          /* bspkit's layout of the records */
} bsp_world_lights;

/* Open the LDR (hdr 0: lump 15) or HDR (lump 54) world lights of map m,
 * loaded from the file whose header is h.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer, a
 * map not loaded); UNSUPPORTED (m not a Source map: no other family has
 * world lights); NOT_LOADED (the lump is not empty but was not loaded);
 * BAD_ARGUMENT (h not m's header: the lump's size differs from the loaded
 * one); BAD_LUMP_VERSION (a lump version other than 0 and 1, when the lump
 * is not empty); CORRUPT (its bytes are not a whole number of the
 * version's records).
 * An empty lump opens with count 0. On failure *out is cleared. */
BSP_API bsp_status bsp_world_lights_open(const bsp_map *m, const bsp_header *h, int hdr,
                                         bsp_world_lights *out);

/* Light i, every field of its version; the others hold the defaults named
 * in bsp_world_light.
 * Statuses, in the order they are checked: BAD_ARGUMENT (NULL), BAD_QUERY
 * (i not below the count). */
BSP_API bsp_status bsp_world_light_get(const bsp_world_lights *w, uint32_t i,
                                       bsp_world_light *out);

/* ------------------------------------------------------------------------ */
/* The pakfile: Source's lump 40, a zip archive, read in place.             */
/*
 * The engine mounts lump 40 ahead of the game's files: cubemap textures,
 * patched materials, static prop lighting, whatever the mapper packed.
 * bspkit reads it without a zip library and without allocating: the
 * archive's records are read where they lie (the loaded lump, or bytes the
 * caller read through the stream), stored entries are handed out in place
 * and LZMA entries (zip method 14) are decoded by bspkit's own decoder into
 * the caller's memory. docs/pakfile.md has the whole story.
 *
 * Entries are listed in the central directory's order. Names are the
 * directory's bytes, not NUL-terminated. Lookup by path (bsp_pak_find)
 * folds ASCII letters A-Z to a-z and takes '/' and '\' as one character,
 * as Valve's file system does (it lower-cases names and fixes slashes);
 * nothing else is normalised (no "./", no doubled slashes, no UTF-8 case).
 *
 * Valve's aligned zip (console maps: an end-of-directory comment "XZP1 n"
 * or "XZP2 n", n the alignment): each local header's extra field pads its
 * data to n bytes. "XZP2" central records declare that padding as their
 * extra field length without carrying it (Valve's reader then skips
 * nothing after the name); "XZP1" records carry it. An optional first
 * entry, "__preload_section.pre", holds a header (version 3, directory
 * entries, preload entries, alignment; 32-bit words in the map's byte
 * order), a preload directory ({length, offset} per preloaded entry), a
 * remap table (a 16-bit preload index per zip entry in directory order,
 * 0xffff: none; also in the map's byte order) and then each preloaded
 * entry's first bytes, which the engine reads at load instead of seeking.
 *
 * What bspkit refuses, and why (the rule that keeps it linear): every
 * entry's local header must lie after the previous entry's data, in the
 * central directory's order (every pakfile writer does so), and the last
 * entry's data before the central directory.
 *
 * Failures come as bsp_status (CORRUPT, UNSUPPORTED, LZMA_*, BAD_QUERY,
 * TRUNCATED, BAD_ARGUMENT) with a bsp_pak_problem saying what is wrong,
 * in the bsp_pak (open), the bsp_pak_entry (an entry) or the job (a read).
 */

#define BSP_PAK_LUMP 40u
/* The most bytes the end of a zip can take: its end record (22) and the
 * longest comment (65535). */
#define BSP_PAK_TAIL_BYTES 65557u
/* A local header's fixed part; its name follows. */
#define BSP_PAK_LOCAL_BYTES 30u
#define BSP_PAK_STORED 0u
#define BSP_PAK_LZMA 14u
#define BSP_PAK_PRELOAD_NAME "__preload_section.pre"

/* What is wrong, beside the status (bsp_pak_problem_name gives a stable
 * name; status in brackets). */
typedef enum bsp_pak_problem {
    BSP_PAK_FINE = 0,          /* "fine" */
    BSP_PAK_NO_END_RECORD,     /* "no_end_record": no end-of-central-directory
                                  record in the tail (CORRUPT) */
    BSP_PAK_MULTI_DISK,        /* "multi_disk": a split archive (UNSUPPORTED) */
    BSP_PAK_ZIP64,             /* "zip64": zip64 records or sizes (UNSUPPORTED) */
    BSP_PAK_DIRECTORY_OUTSIDE, /* "directory_outside": the central directory
                                  runs outside the pakfile or into its end
                                  record (CORRUPT) */
    BSP_PAK_COUNT_MISMATCH,    /* "count_mismatch": the entry counts differ,
                                  or do not fit the directory's records
                                  (CORRUPT) */
    BSP_PAK_BAD_NAME,          /* "bad_name": an empty name or one holding a
                                  NUL byte (CORRUPT) */
    BSP_PAK_ENTRIES_OVERLAP,   /* "entries_overlap": an entry's header or data
                                  reaches the next entry's, or entries out of
                                  the directory's order (CORRUPT) */
    BSP_PAK_DIRECTORY_OVERLAP, /* "directory_overlap": entry data reaches the
                                  central directory (CORRUPT) */
    BSP_PAK_LOCAL_MISMATCH,    /* "local_mismatch": the local header is missing
                                  or disagrees with the directory (name,
                                  method, sizes, CRC) (CORRUPT) */
    BSP_PAK_SIZES,             /* "sizes": a stored entry whose sizes differ,
                                  an LZMA entry shorter than its header
                                  (CORRUPT) */
    BSP_PAK_METHOD,            /* "method": neither stored nor LZMA (UNSUPPORTED) */
    BSP_PAK_ENCRYPTED,         /* "encrypted": flag bit 0 (UNSUPPORTED) */
    BSP_PAK_LZMA_HEADER,       /* "lzma_header": not the 2+2+5-byte header of
                                  APPNOTE 5.8.8, bad properties (LZMA_CORRUPT) */
    BSP_PAK_LZMA_DATA,         /* "lzma_data": the stream does not decode to
                                  the stated size: invalid, its input ends
                                  first, or a match runs past the size
                                  (LZMA_CORRUPT) */
    BSP_PAK_LZMA_TOO_LONG,     /* "lzma_too_long": every stated byte decoded
                                  and the stream goes on (LZMA_CORRUPT;
                                  decoding stopped there) */
    BSP_PAK_LZMA_OVERLAP,      /* "lzma_overlap": in-place decoding would
                                  overwrite unread input (LZMA_OVERLAP) */
    BSP_PAK_BUFFER_TOO_SMALL,  /* "buffer_too_small": dst or tables smaller
                                  than bsp_pak_read_bytes says (BAD_ARGUMENT) */
    BSP_PAK_CRC,               /* "crc_mismatch": the bytes' CRC-32 is not the
                                  directory's (CORRUPT) */
    BSP_PAK_PRELOAD,           /* "preload_header": a preload section whose
                                  version, counts or entries do not fit
                                  (CORRUPT) */
    BSP_PAK_NOT_FOUND,         /* "not_found": no such entry (BAD_QUERY) */
    BSP_PAK_NOT_READ,          /* "not_read": the entry's bytes are not among
                                  the bytes given (bsp_pak_entry_local first) */
    BSP_PAK_PROBLEM_COUNT
} bsp_pak_problem;

/* The stable name of a pakfile problem.
 * Statuses: none; "unknown" for one out of range (and in a build without
 * the pakfile reader). */
BSP_API const char *bsp_pak_problem_name(bsp_pak_problem p);

/* An open pakfile: views into the caller's bytes. Fields are read-only. */
typedef struct bsp_pak {
    const uint8_t *bytes;      /* the bytes given: the pakfile's last `have` */
    uint32_t size;             /* the pakfile's bytes */
    uint32_t have;             /* bytes given (size: the whole pakfile) */
    uint32_t count;            /* entries */
    uint32_t dir_offset;       /* the central directory, in the pakfile */
    uint32_t dir_bytes;
    uint32_t alignment;        /* Valve's aligned zip: n of "XZPk n"; else 0 */
    uint8_t xzp;               /* 0: no XZP comment; 1 or 2 */
    uint8_t big_endian;        /* the preload section's byte order */
    uint8_t reserved[2];
    const uint8_t *preload;    /* the preload section (entry 0), NULL: none */
    uint32_t preload_bytes;    /* its size */
    uint32_t preload_data;     /* where its data starts, in the pakfile */
    uint32_t preload_entries;  /* entries of its preload directory */
    bsp_pak_problem problem;   /* why the last open failed */
} bsp_pak;

/* One entry. */
typedef struct bsp_pak_entry {
    uint32_t index;            /* in the central directory */
    const char *name;          /* name_len bytes in the directory, no NUL */
    uint32_t name_len;
    uint32_t method;           /* BSP_PAK_STORED, BSP_PAK_LZMA or another */
    uint32_t flags;            /* the general purpose flags */
    uint32_t crc;              /* CRC-32 of the uncompressed bytes */
    uint32_t size;             /* uncompressed bytes */
    uint32_t compressed_size;  /* stored bytes (LZMA: with its 9-byte header) */
    uint32_t header_offset;    /* the local header, in the pakfile */
    uint32_t offset;           /* the stored bytes, in the pakfile (known once
                                  the local header is read) */
    const uint8_t *data;       /* the stored bytes in place, NULL when they
                                  are not among the bytes given */
    uint32_t preload_size;     /* preloaded bytes, 0: not preloaded */
    uint32_t preload_offset;   /* where they are, in the pakfile */
    const uint8_t *preload;    /* and in memory (the preload section) */
    bsp_pak_problem problem;   /* why the last call on this entry failed */
    uint32_t record, next_header;  /* bspkit's: the central record, and where
                                  the next entry's local header starts */
} bsp_pak_entry;

/* Open the whole pakfile bytes[0 .. size) (the loaded lump 40).
 * Statuses, in the order they are checked: BAD_ARGUMENT (NULL); CORRUPT
 * (no_end_record); then the end record's: UNSUPPORTED (zip64, multi_disk),
 * CORRUPT (count_mismatch: the two counts differ; directory_outside;
 * count_mismatch: more records than the directory holds); then each
 * central record's, in order: CORRUPT (count_mismatch, bad_name),
 * UNSUPPORTED (multi_disk, zip64), CORRUPT (entries_overlap,
 * directory_overlap); CORRUPT (count_mismatch: bytes left after the
 * records, an aligned zip's zero padding excepted); then entry 0's local
 * header (as bsp_pak_get) and, with a preload section, as
 * bsp_pak_use_preload.
 * big_endian: the map's byte order, for a preload section. An empty
 * pakfile (no entries, e.g. a map whose lump 40 is only an end record)
 * opens with count 0; so do 0 bytes (an empty lump 40: a map without a
 * pakfile; bytes may then be NULL). The bytes must stay as long as p is
 * used. */
BSP_API bsp_status bsp_pak_open(bsp_pak *p, const void *bytes, uint32_t size, int big_endian);

/* The pakfile of a loaded Source map (lump 40, loaded by BSP_LOAD_ALL or
 * options.extra_lumps bit 40; a console map's compressed lump arrives
 * decoded).
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer, a
 * map not loaded), UNSUPPORTED (another family), NOT_LOADED (lump 40 was
 * left out of the load); then as bsp_pak_open (a lump 40 the file stores
 * empty, whatever the load set: OK, count 0). */
BSP_API bsp_status bsp_pak_open_map(const bsp_map *m, bsp_pak *p);

/* The pakfile from the stream, without the lump in the arena: where it is,
 * its central directory from its tail, an entry's local header.
 * Statuses, in the order they are checked: bsp_pak_locate: BAD_ARGUMENT
 * (NULL), UNSUPPORTED (not Source, or lump 40 is compressed);
 * bsp_pak_open_tail: as bsp_pak_open, and TRUNCATED (with p->dir_offset
 * set) when the central directory begins before the tail's bytes;
 * bsp_pak_entry_local: as bsp_pak_get's local header checks.
 * bsp_pak_locate gives the pakfile's file offset and size (size 0: lump 40
 * is empty, no pakfile, which bsp_pak_open_tail opens with count 0 from 0
 * bytes). Read its last min(size, BSP_PAK_TAIL_BYTES) bytes and call
 * bsp_pak_open_tail; on TRUNCATED read again from p->dir_offset to the end
 * and call it again. Then an entry's local header: read
 * BSP_PAK_LOCAL_BYTES + e->name_len bytes at e->header_offset,
 * bsp_pak_entry_local; then e->compressed_size bytes at e->offset, for
 * bsp_pak_job. A preload section is read likewise (entry 0) and handed to
 * bsp_pak_use_preload. */
BSP_API bsp_status bsp_pak_locate(const bsp_header *h, uint32_t *offset, uint32_t *size);
BSP_API bsp_status bsp_pak_open_tail(bsp_pak *p, const void *tail, uint32_t tail_bytes,
                                     uint32_t size, int big_endian);
BSP_API bsp_status bsp_pak_entry_local(const bsp_pak *p, bsp_pak_entry *e, const void *local,
                                       uint32_t bytes);
/* Take e0's bytes (entry 0, "__preload_section.pre", stored) as the
 * preload section.
 * Statuses, in the order they are checked: BAD_ARGUMENT (e0 is not entry 0
 * or its offset is unknown); CORRUPT (sizes: e0's two sizes differ);
 * CORRUPT (preload_header: a version other than 3, a directory count other
 * than p->count, more preload entries than entries, or tables longer than
 * the section). */
BSP_API bsp_status bsp_pak_use_preload(bsp_pak *p, const bsp_pak_entry *e0, const void *section);

/* Entry `index` (the directory walked from its start: O(index)), the
 * entry after e (O(1): a listing), the entry whose name matches path
 * (NUL-terminated; the rule above; the first of equal names).
 * Statuses, in the order they are checked: BAD_ARGUMENT (NULL); BAD_QUERY
 * (index past the last, not_found); END (bsp_pak_next: no entry after e,
 * the end of a listing; e->problem fine); CORRUPT (local_mismatch,
 * entries_overlap, directory_overlap, preload_header).
 * Each checks the entry's local header when the bytes hold it (then
 * e->data, e->offset) and its preload entry. e->problem says which. */
BSP_API bsp_status bsp_pak_get(const bsp_pak *p, uint32_t index, bsp_pak_entry *e);
BSP_API bsp_status bsp_pak_next(const bsp_pak *p, bsp_pak_entry *e);
BSP_API bsp_status bsp_pak_find(const bsp_pak *p, const char *path, bsp_pak_entry *e);

/* Many lookups (issue 42): bsp_pak_find walks the directory, so n names
 * looked up cost n x entries. bsp_pak_index_build sorts the directory by
 * name once (entries x log2 entries name compares) into the caller's
 * memory, mem_bytes at least BSP_PAK_INDEX_BYTES(p->count), 4-aligned;
 * bsp_pak_index_find then answers as bsp_pak_find does (the same rule,
 * the first of equal names, the same entry checks and statuses) in
 * log2(entries) + 1 name compares. The index reads p and mem, which must
 * stay as they are while it is used; any number of threads may look up
 * through one index.
 * Statuses, in the order they are checked: build: BAD_ARGUMENT (NULL; mem
 * too small or not 4-aligned); find: BAD_ARGUMENT (NULL; an index not
 * built, or built over a pakfile since reopened with another count), then
 * bsp_pak_find's. */
#define BSP_PAK_INDEX_BYTES(count) ((count) * 16u)
typedef struct bsp_pak_index {
    const bsp_pak *pak;
    const uint32_t *slots;     /* {central record, entry index} by name */
    uint32_t count;
} bsp_pak_index;
BSP_API bsp_status bsp_pak_index_build(bsp_pak_index *x, const bsp_pak *p, void *mem, uint32_t mem_bytes);
BSP_API bsp_status bsp_pak_index_find(const bsp_pak_index *x, const char *path, bsp_pak_entry *e);

/* Reading an entry's bytes: the room a job takes, and the job (any thread
 * can run it: it touches only its dst and tables).
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer);
 * UNSUPPORTED (method, encrypted; LZMA in a build without the decoder),
 * LZMA_CORRUPT (lzma_header).
 * Stored entries need no job: e->data is the bytes. A job copies a stored
 * entry into dst, or decodes an LZMA entry in place: its stored bytes are
 * copied to dst's end and decoded forward, the `size` bytes landing at
 * dst[0]; dst_bytes must be *need_dst (the entry's size plus the in-place
 * margin, docs/pakfile.md) and tables (2-aligned) hold *need_tables
 * (LZMA's probability table, 15 980 bytes for Valve's lc + lp = 3).
 * Decoding never writes past dst, nor produces more than the stated size,
 * whatever the stream says (a zip bomb costs its stated size). */
BSP_API bsp_status bsp_pak_read_bytes(const bsp_pak_entry *e, const void *stored,
                                      uint32_t *need_dst, uint32_t *need_tables);

typedef struct bsp_pak_job {
    bsp_pak_entry entry;       /* a copy of the entry */
    const void *stored;        /* its compressed_size stored bytes */
    void *dst, *tables;
    uint32_t dst_bytes, tables_bytes;
    int check_crc;             /* non-zero: check the CRC-32 of the result */
    bsp_status status;         /* bsp_pak_job_run's result */
    bsp_pak_problem problem;
} bsp_pak_job;

/* Run the job: sets and returns j->status.
 * Statuses, in the order they are checked: BAD_ARGUMENT (NULL, stored
 * NULL; buffer_too_small); then as bsp_pak_read_bytes; LZMA_CORRUPT
 * (lzma_data, lzma_too_long), LZMA_OVERLAP; CORRUPT (crc_mismatch, when
 * asked). */
BSP_API bsp_status bsp_pak_job_run(bsp_pak_job *j);

/* CRC-32 (zip's: reflected 0xedb88320) of n bytes, continuing from crc (0
 * to start).
 * Statuses: none. Never fails.
 * A 1 KiB table; bench key pak_crc_mb_s. */
BSP_API uint32_t bsp_pak_crc32(uint32_t crc, const void *bytes, uint32_t n);

/* ------------------------------------------------------------------------ */
/* Entities: iterate the entity lump's text without copying it.              */

typedef enum bsp_entity_event {
    BSP_ENT_END = 0,       /* no more text */
    BSP_ENT_BEGIN,         /* '{': an entity starts */
    BSP_ENT_PAIR,          /* a "key" "value" pair of the current entity */
    BSP_ENT_CLOSE,         /* '}': the entity ends (also reported when the
                              text ends or a '{' comes inside an entity) */
    BSP_ENT_ERROR          /* text that is not entity syntax; iteration stops */
} bsp_entity_event;

typedef struct bsp_entity_iter {
    const char *pos, *end;
    int in_entity;
    const char *key, *value;   /* BSP_ENT_PAIR: not NUL-terminated */
    uint32_t key_len, value_len;
} bsp_entity_iter;

/* Start iterating text[0 .. len).
 * Statuses: none. Never fails.
 * A NUL byte ends the text early. */
BSP_API void bsp_entity_begin(bsp_entity_iter *it, const char *text, uint32_t len);
/* The next event; key/value fields are set for BSP_ENT_PAIR.
 * Statuses: none; BSP_ENT_ERROR for text that is not entity syntax (the
 * iteration stops), BSP_ENT_END at the end. */
BSP_API bsp_entity_event bsp_entity_next(bsp_entity_iter *it);

/* ------------------------------------------------------------------------ */
/* Map access: typed records and geometry, the same for every family.       */
/*
 * These functions read a map loaded with BSP_LOAD_GEOMETRY (BSP_LOAD_ALL
 * also brings everything they read); with fewer lumps they answer
 * BSP_E_NOT_LOADED. Data a family's format does not have (brushes on the
 * Quake family, static props, cubemaps and world lights outside Source,
 * areas on the Quake family and nightfire) is UNSUPPORTED whatever the
 * load set, checked before NOT_LOADED: not_loaded always means "load more
 * and ask again". A lump the file stores empty is no data either, whatever
 * the load set: the map has none of its records, so an index answers as
 * outside the lump (BAD_FACE, BAD_QUERY), an iteration ends (END), and a
 * record that points into it is CORRUPT. None allocates: geometry is read one vertex or one
 * triangle at a time into caller memory. Statuses, in the order they are
 * checked: BAD_ARGUMENT (NULL pointer, or a map that failed to load), then
 * NOT_LOADED, then an index outside its lump (BAD_FACE for faces,
 * BAD_QUERY for every other index), then CORRUPT for data inside the file
 * that points outside its lump.
 */

typedef struct bsp_counts {
    uint32_t leaves, faces, models, planes, textures;
    uint32_t brushes, brush_sides;   /* loaded with BSP_LOAD_COLLISION, else 0 */
} bsp_counts;

/* Record counts of the loaded lumps.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer, a
 * map not loaded).
 * 0 for a lump not loaded. */
BSP_API bsp_status bsp_get_counts(const bsp_map *m, bsp_counts *out);

/* Contents as a common set of flags. Each family's own numbers map onto
 * these (docs/access.md has the table): quake, goldsrc and bsp2 store
 * one negative value per leaf (-2 solid, -3 water, ...); quake2, source and
 * nightfire a bit set; quake3 leaves store nothing (0: no flags). */
#define BSP_CONTENTS_SOLID        0x0001u
#define BSP_CONTENTS_WINDOW       0x0002u
#define BSP_CONTENTS_WATER        0x0004u
#define BSP_CONTENTS_SLIME        0x0008u
#define BSP_CONTENTS_LAVA         0x0010u
#define BSP_CONTENTS_SKY          0x0020u
#define BSP_CONTENTS_PLAYERCLIP   0x0040u
#define BSP_CONTENTS_MONSTERCLIP  0x0080u
#define BSP_CONTENTS_LADDER       0x0100u
#define BSP_CONTENTS_CURRENT      0x0200u
#define BSP_CONTENTS_TRANSLUCENT  0x0400u
#define BSP_CONTENTS_DETAIL       0x0800u
#define BSP_CONTENTS_ORIGIN       0x1000u
#define BSP_CONTENTS_AREAPORTAL   0x2000u
#define BSP_CONTENTS_GRATE        0x4000u
#define BSP_CONTENTS_MIST         0x8000u

typedef struct bsp_leaf {
    int32_t contents;      /* as stored; quake3: 0 */
    uint32_t flags;        /* BSP_CONTENTS_* */
    int32_t cluster;       /* -1: none (as bsp_leaf_info) */
    int32_t area;          /* -1: the family has no areas (quake family,
                              nightfire) */
    float mins[3], maxs[3];
    uint32_t num_faces;    /* entries in its leaf-face list */
    uint32_t num_brushes;  /* entries in its leaf-brush list (loaded with
                              BSP_LOAD_COLLISION; else 0) */
} bsp_leaf;

/* Leaf `leaf` of the leaf lump.
 * Statuses, in the order they are checked: BAD_ARGUMENT, UNSUPPORTED, NOT_LOADED, an index outside its lump
 * (BAD_FACE for faces, BAD_QUERY for any other), CORRUPT (the section's
 * introduction above says which data each stands for). */
BSP_API bsp_status bsp_get_leaf(const bsp_map *m, uint32_t leaf, bsp_leaf *out);
/* Entry k (0 .. num_faces - 1) of the leaf's leaf-face list: a face index.
 * Statuses, in the order they are checked: BAD_ARGUMENT, UNSUPPORTED, NOT_LOADED, an index outside its lump
 * (BAD_FACE for faces, BAD_QUERY for any other), CORRUPT (the section's
 * introduction above says which data each stands for) (BAD_QUERY also
 * for k out of range). */
BSP_API bsp_status bsp_leaf_face(const bsp_map *m, uint32_t leaf, uint32_t k, uint32_t *face);
/* The displacements (lump 26 records) of world leaf `leaf`, ascending
 * (docs/queries.md 11.1): those whose grid's bounds, grown by 1, reach the
 * leaf down the world's nodes, the rule Source terrain collides by (8.14),
 * so what a trace meets and what a renderer draws from the leaf agree.
 * Source's leaf face lists never hold a displacement's base face: draw
 * terrain from this list. *count gets the number of displacements; out
 * gets the first `cap` of them.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL map or
 * count, out NULL with cap > 0); UNSUPPORTED (not Source, a lump 26 whose
 * length is not a whole number of its records, more than
 * BSP_TRACE_DISPS_MAX displacements, a build without collision);
 * NOT_LOADED (lumps 26, 33 or the faces left out: BSP_LOAD_GEOMETRY
 * brings them); BAD_LEAF; CORRUPT (a power outside 2..4, a vertex run
 * outside lump 33, a displacement without a 4-edged base face, a face's
 * dispinfo past lump 26, a tree the walk cannot finish).
 * Worked out per call (no load-time lists): the faces once, then per
 * displacement its grid and one walk of the tree. */
BSP_API bsp_status bsp_leaf_disps(const bsp_map *m, uint32_t leaf, uint32_t *out, uint32_t cap,
                                  uint32_t *count);

/* The scratch bsp_visible_faces needs, in 32-bit words: a bit per face,
 * a PVS row and a word per leaf-face entry (0 for a NULL map). */
BSP_API uint32_t bsp_visible_faces_scratch(const bsp_map *m);
/* The faces a renderer draws from a viewpoint in `cluster`, before
 * frustum and area tests (docs/queries.md 11.8), each once, ascending:
 * *count gets their number, `faces` the first `cap` of them, and the
 * scratch's first (faces + 31) / 32 words hold them as a bit set (bit
 * f & 31 of word f / 32).
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL map,
 * count or scratch, faces NULL with cap > 0, scratch_words below
 * bsp_visible_faces_scratch); NOT_LOADED (the faces or leaf faces left
 * out; Source: lumps 26, 33); UNSUPPORTED (Source: a lump 26
 * bsp_leaf_disps cannot read, a build without collision); BAD_CLUSTER;
 * CORRUPT (a PVS row as bsp_pvs, a leaf-face entry past the face lump, a
 * displacement as bsp_leaf_disps).
 * The faces are those of the leaf face list of every leaf whose cluster
 * the PVS row of `cluster` holds and, on Source, the base face of every
 * displacement of such a leaf (bsp_leaf_disps). Quake 3: brush models'
 * surfaces are in no leaf and not in the answer. Area portals are not
 * applied. The work is linear in the leaves, leaf-face entries and faces
 * (leaf lists that overlap are walked once: their union), plus Source's
 * displacements as in bsp_leaf_disps. */
BSP_API bsp_status bsp_visible_faces(const bsp_map *m, int32_t cluster, uint32_t *scratch,
                                     uint32_t scratch_words, uint32_t *faces, uint32_t cap,
                                     uint32_t *count);
/* Entry k (0 .. num_brushes - 1) of the leaf's leaf-brush list: a brush
 * index.
 * Statuses, in the order they are checked: those of Brushes below. */
BSP_API bsp_status bsp_leaf_brush(const bsp_map *m, uint32_t leaf, uint32_t k, uint32_t *brush);

typedef struct bsp_model {
    float mins[3], maxs[3];
    float origin[3];       /* 0, 0, 0 where the family stores none (quake3,
                              nightfire) */
    int32_t head_node;     /* node, or -1 - leaf; INT32_MIN: no tree of its
                              own (quake3, nightfire sub-models) */
    uint32_t first_face, num_faces;   /* its faces: a run of the face lump */
} bsp_model;

/* Model `model` of the model lump.
 * Statuses, in the order they are checked: BAD_ARGUMENT, UNSUPPORTED, NOT_LOADED, an index outside its lump
 * (BAD_FACE for faces, BAD_QUERY for any other), CORRUPT (the section's
 * introduction above says which data each stands for). */
BSP_API bsp_status bsp_get_model(const bsp_map *m, uint32_t model, bsp_model *out);

/* Surface flags, common to every family (docs/access.md: the table of
 * each family's own bits and, for quake/goldsrc/bsp2, texture names). A
 * texture name starting with '*' (water, slime, lava) is a liquid,
 * BSP_SURF_WARP, in quake, goldsrc, bsp2 and quake2 (whose flags come from
 * .wal files a compiler may not have had: LibreQuake's levels built for
 * Quake 2 store flags 0 on their water). A quake miptex of offset -1 has
 * no name in the file, so nothing says whether it was a liquid. */
#define BSP_SURF_SKY          0x0001u
#define BSP_SURF_NODRAW       0x0002u
#define BSP_SURF_TRANSLUCENT  0x0004u
#define BSP_SURF_WARP         0x0008u
#define BSP_SURF_LIGHT        0x0010u
#define BSP_SURF_HINT         0x0020u
#define BSP_SURF_SKIP         0x0040u
#define BSP_SURF_NOLIGHTMAP   0x0080u
#define BSP_SURF_TRIGGER      0x0100u
#define BSP_SURF_LADDER       0x0200u

/* What a face's geometry is. */
typedef enum bsp_face_kind {
    BSP_FACE_POLYGON = 0,     /* a convex polygon: its vertices in order (edge
                                 loop, or nightfire's vertex run), triangles a
                                 fan from vertex 0 */
    BSP_FACE_MESH,            /* quake3 planar (1) and triangle soup (3):
                                 its draw vertices and index list */
    BSP_FACE_PATCH,           /* quake3 patch (2): the control grid
                                 tessellated, BSP_PATCH_LEVEL steps per
                                 3 x 3 section and axis */
    BSP_FACE_DISPLACEMENT,    /* source displacement: the (2^power + 1)^2
                                 vertex grid, row r from the corner nearest
                                 startPosition towards the next, vertex
                                 r * (2^power + 1) + c; each cell two
                                 triangles split as Valve's compiler and
                                 engine split it: along (a + 1, a + width)
                                 when its first vertex a is odd, along
                                 (a, a + width + 1) when even */
    BSP_FACE_OTHER            /* quake3 flare or unknown type: no triangles;
                                 raw_type says what it is */
} bsp_face_kind;

#define BSP_PATCH_LEVEL 8

typedef struct bsp_lightmap_block {
    int present;           /* the docs/queries.md section 4 rule for style slot
                              0 (quake3: lightmapNum >= 0 and its page lies
                              in the lightmaps lump) */
    int32_t w, h;          /* luxels per row and column (quake3: the rect
                              the file gives) */
    int32_t offset;        /* byte offset in the light source's bytes (the
                              lighting lump, or docs/queries.md 10.2's
                              RGBLIGHTING, .lit, ...; quake3: the page's) */
    uint32_t bytes_per_luxel;  /* 4 RGBE (source) or E5BGR9 (hdr), 3 RGB, 1 grey */
    uint32_t pages;        /* source bumped faces: 4 blocks per style */
    uint8_t styles[8];     /* 255: unused slot (a style above 254 of
                              LMSTYLE16 shows as 254: see wide_styles) */
    uint32_t num_styles;
    int32_t page;          /* quake3: lightmapNum; -1 elsewhere */
    int32_t x, y;          /* quake3: the rect's corner in its page */
    uint16_t wide_styles[8];/* the styles as numbers (0xFFFF: unused), for
                              LMSTYLE16's styles above 255 */
    int hdr;               /* 1: the samples are E5BGR9 (docs/queries.md 10.2) */
} bsp_lightmap_block;

typedef struct bsp_face {
    bsp_face_kind kind;
    int32_t raw_type;      /* quake3 surfaceType; source dispinfo; else 0 */
    int32_t plane;         /* plane index; -1: none (quake3: normal from the
                              surface, dist from its first vertex) */
    int side;              /* 1: the face looks along -plane normal (normal
                              and dist below are already flipped); source:
                              0, its plane index is already the face's */
    float normal[3], dist;
    int32_t texture;       /* index for bsp_texture_name; -1: none */
    uint32_t flags;        /* BSP_SURF_* */
    uint32_t raw_flags;    /* the family's own flags as stored (0: none) */
    bsp_lightmap_block lightmap;
    uint32_t num_verts, num_tris;
} bsp_face;

/* One vertex: position, texture UV (texels for families with texture
 * vectors: quake family, quake2, source, nightfire; quake3: the stored st)
 * and lightmap UV (luxels of the face's block, 0 .. w - 1 across it;
 * quake3: texels of its page, 0 .. 128). The uv and lm fields are kept
 * for older programs and keep their meaning; they differ by family in
 * convention (lm puts luxel centres at integers, quake3's uv is
 * normalised): new code reads bsp_face_vertex_attr's st, uv and lm, one
 * convention on every family (docs/queries.md 11.4, 11.5). */
typedef struct bsp_vertex {
    float pos[3];
    float uv[2];
    float lm[2];
} bsp_vertex;

/* Face `face`: its kind, plane, texture, flags, lightmap block and counts.
 * Statuses, in the order they are checked: BAD_ARGUMENT, UNSUPPORTED, NOT_LOADED, an index outside its lump
 * (BAD_FACE for faces, BAD_QUERY for any other), CORRUPT (the section's
 * introduction above says which data each stands for). */
BSP_API bsp_status bsp_get_face(const bsp_map *m, uint32_t face, bsp_face *out);
/* Vertex k (0 .. num_verts - 1) and triangle k (0 .. num_tris - 1: three
 * vertex indices) of a face.
 * Statuses, in the order they are checked: BAD_ARGUMENT, UNSUPPORTED, NOT_LOADED, an index outside its lump
 * (BAD_FACE for faces, BAD_QUERY for any other), CORRUPT (the section's
 * introduction above says which data each stands for) (BAD_QUERY also
 * for k out of range). */
BSP_API bsp_status bsp_face_vertex(const bsp_map *m, uint32_t face, uint32_t k, bsp_vertex *out);
BSP_API bsp_status bsp_face_triangle(const bsp_map *m, uint32_t face, uint32_t k, uint32_t idx[3]);

/* Quake 3 curves as id's renderer draws them (docs/queries.md 11.9,
 * docs/access.md "Drawing curves"): the grid R_SubdividePatchToGrid
 * (Quake III Arena 1.32, tr_curve.c) builds from a patch's control points
 * at a subdivision error the caller gives (id's r_subdivisions, default
 * BSP_PATCH_SUBDIVISIONS), bit for bit; the face access above keeps its
 * fixed BSP_PATCH_LEVEL and collision (8.11) its facets. */
#define BSP_PATCH_SUBDIVISIONS 4.0f
#define BSP_PATCH_GRID_MAX 65u          /* id's MAX_GRID_SIZE: per direction */
#define BSP_LOD_CURVE_ERROR 250.0f      /* id's r_lodCurveError default */

/* One grid vertex as id's drawVert_t holds it (44 bytes, no padding). */
typedef struct bsp_grid_vertex {
    float xyz[3];
    float st[2];           /* texture coordinates as stored and interpolated */
    float lm[2];           /* lightmap coordinates, 0 .. 1 across the page */
    float normal[3];       /* MakeMeshNormals' */
    uint8_t color[4];      /* as stored (no overbright shift), averaged */
} bsp_grid_vertex;

/* A patch's grid: width x height vertices, row r column c at
 * verts[r * width + c] (width >= height: id transposes taller grids). */
typedef struct bsp_patch_grid {
    uint32_t face;
    uint32_t width, height;
    float lod_origin[3];   /* the surface's stored bounds' centre (ParseMesh) */
    float lod_radius;
    float width_lod_error[BSP_PATCH_GRID_MAX];   /* per column: used when
                                   <= the view's lodError (999: flat, never) */
    float height_lod_error[BSP_PATCH_GRID_MAX];  /* per row */
    const bsp_grid_vertex *verts;
} bsp_patch_grid;

/* The scratch bsp_patch_grid needs: id's 65 x 65 work grid. */
#define BSP_PATCH_GRID_SCRATCH_BYTES (65u * 65u * 44u)

/* The renderer's grid of one patch face, built in `scratch`.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer, a
 * map not loaded), BAD_ARENA (scratch not 4-byte aligned), ARENA_TOO_SMALL
 * (scratch_bytes below BSP_PATCH_GRID_SCRATCH_BYTES), BAD_FACE (face outside
 * the face lump, as bsp_get_face), NOT_LOADED (the draw vertices were left
 * out), UNSUPPORTED (not a patch: another surface type or family), CORRUPT
 * (a control grid outside 3 .. 65 or of even size, its points outside the
 * draw vertices).
 * The grid's vertices are written at the start of scratch (out->verts
 * points there: valid until scratch is reused). Any subdivision value
 * answers: NaN, 0 or negative subdivide until the 65-vertex cap stops
 * them, as id's code does. A NODRAW patch is answered too (the renderer
 * skips it: policy). */
BSP_API bsp_status bsp_patch_grid_build(const bsp_map *m, uint32_t face, float subdivisions,
                                        void *scratch, size_t scratch_bytes,
                                        bsp_patch_grid *out);

/* Every patch of the map, isolated or (BSP_PATCH_STITCHED) as the
 * renderer leaves them after R_StitchAllPatches and
 * R_FixSharedVertexLodError: columns and rows inserted so that neighbours
 * in one LOD group share their edges, LOD errors of shared vertices made
 * equal. Two deviations from id's release (docs/queries.md 11.9, choice):
 * heightLodError is kept (id's R_MovePatchSurfacesToHunk loses it,
 * ioquake3 keeps it), and where its reverse passes read one error past the
 * end of grid1's table the inserted vertex's own column (or row) error is
 * used. NODRAW patches are in the set but take no part in stitching (the
 * renderer never makes them grids). */
#define BSP_PATCH_STITCHED 1u

/* The bytes bsp_patch_set_build needs: exact for isolated grids; for
 * stitched ones the isolated size plus a quarter, a first guess (stitching
 * grows grids, and how much is known only once they are stitched).
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer, a
 * map not loaded, flags other than BSP_PATCH_STITCHED), BAD_ARENA,
 * ARENA_TOO_SMALL (scratch as bsp_patch_grid_build's), then any status of
 * bsp_patch_grid_build on a patch face (a map without patches: OK, a set
 * of none). */
BSP_API bsp_status bsp_measure_patch_set(const bsp_map *m, float subdivisions, uint32_t flags,
                                         void *scratch, size_t scratch_bytes, size_t *bytes);

/* Builds the set in mem (BSP_ARENA_ALIGN-aligned).
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL map, a map
 * not loaded, flags other than BSP_PATCH_STITCHED),
 * BAD_ARENA (mem NULL or misaligned), ARENA_TOO_SMALL (*needed, if not NULL,
 * gets a size to call again with: exact for isolated grids; for stitched
 * ones a size that gets further, as the stitching grew so far plus a
 * quarter), then bsp_patch_grid_build's statuses on a patch face.
 * Bounded: each grid stops at 65 x 65, and a stitch only ever adds to one;
 * like id's, the stitching compares every pair of grids in one LOD group
 * (its time grows with the square of their number). */
BSP_API bsp_status bsp_patch_set_build(const bsp_map *m, float subdivisions, uint32_t flags,
                                       void *mem, size_t bytes, size_t *needed);

/* The number of grids a built set holds (one per patch face, in face order). */
BSP_API uint32_t bsp_patch_set_count(const void *set);

/* Grid k (0 .. count - 1) of a built set; its verts point into the set.
 * Statuses, in the order they are checked: BAD_ARGUMENT (NULL, mem not a
 * built set), BAD_QUERY (k past the count). */
BSP_API bsp_status bsp_patch_set_grid(const void *set, uint32_t k, bsp_patch_grid *out);

/* Makes the face access (bsp_get_face's counts, bsp_face_vertex,
 * bsp_face_triangle) hand out a built set's grids for the map's patch
 * faces, at full detail in docs/queries.md 11.9's triangle order: what the
 * renderer draws at the set's subdivision value, isolated or stitched.
 * bsp_face_vertex gives a grid vertex's xyz, its st as uv and its
 * lightmap coordinates in page texels (lm * 128), as for stored draw
 * vertices. set NULL goes back to the fixed BSP_PATCH_LEVEL (0.8.0's
 * tessellation, the map's state after a load). The map keeps a pointer:
 * the set must outlive its use, and is read, never written; collision
 * (8.11) and bsp_face_vertex_attr (the stored control points) are not
 * affected.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL map, a map
 * not loaded; set not a built set, or one whose grids are not this map's
 * patch faces, face for face: a set built from another map). On failure
 * the map keeps what it used before. */
BSP_API bsp_status bsp_use_patch_set(bsp_map *m, const void *set);

/* The columns and rows of a grid drawn at one level of detail, ascending
 * (the first and last always). */
typedef struct bsp_patch_lod {
    uint32_t num_cols, num_rows;
    uint8_t col[BSP_PATCH_GRID_MAX], row[BSP_PATCH_GRID_MAX];
} bsp_patch_lod;

/* Every column and row: the grid at full detail.
 * Statuses, in the order they are checked: BAD_ARGUMENT (NULL, a grid
 * outside 2 .. 65 in either direction). */
BSP_API bsp_status bsp_patch_lod_full(const bsp_patch_grid *g, bsp_patch_lod *out);

/* The columns and rows RB_SurfaceGrid draws for a view: column i is used
 * when it is the first, the last, or width_lod_error[i] <= lodError, rows
 * likewise, with lodError = lod_curve_error / max(1, |dot(lod_origin -
 * view, axis0)| - lod_radius) as LodErrorForVolume computes it (0 when
 * lod_curve_error < 0), each step rounded to float. view is the eye,
 * axis0 the view's forward axis; lod_curve_error is id's r_lodCurveError
 * (BSP_LOD_CURVE_ERROR). The world's grids are drawn with the identity
 * transform; a moved model passes lod_origin in world space.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer, a
 * grid outside 2 .. 65 in either direction). */
BSP_API bsp_status bsp_patch_lod_for_view(const bsp_patch_grid *g, const float view[3],
                                          const float axis0[3], float lod_curve_error,
                                          bsp_patch_lod *out);

/* Triangle k (0 .. 2 * (num_cols - 1) * (num_rows - 1) - 1) of a grid at a
 * level of detail, as vertex numbers of the whole grid, in RB_SurfaceGrid's
 * order: cells row after row, and for the cell whose top-left vertex is a
 * (w the grid's width in used vertices) the triangles (a, a + w, a + 1)
 * then (a + 1, a + w, a + w + 1), each mapped to its grid vertex.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer, a
 * lod with fewer than 2 or more than 65 columns or rows, or naming a
 * column or row outside the grid), BAD_QUERY (k past the last). */
BSP_API bsp_status bsp_patch_triangle(const bsp_patch_grid *g, const bsp_patch_lod *lod,
                                      uint32_t k, uint32_t idx[3]);
/* What a face vertex carries for a renderer (docs/queries.md 11.3 - 11.5),
 * in one convention on every family. `present` says which fields hold an
 * answer (BSP_VA_*; a field without its bit is 0). */
#define BSP_VA_TANGENTS 0x01u  /* tangent, bitangent (BSPX FACENORMALS) */
#define BSP_VA_COLOR    0x02u  /* color (quake3 drawVert) */
#define BSP_VA_ST       0x04u  /* st: texture coordinates in texels (not quake3) */
#define BSP_VA_UV       0x08u  /* uv: normalised texture coordinates */
#define BSP_VA_LM       0x10u  /* lm: the face has a lightmap block for slot 0 */
#define BSP_VA_TEX_SIZE 0x20u  /* tex_size: the family stores the texture's size */
#define BSP_VA_ALPHA    0x40u  /* alpha (bsp_disp_vert only) */

/* Where a vertex normal comes from (docs/queries.md 11.3). */
typedef enum bsp_normal_source {
    BSP_NORMALS_PLANE = 0,        /* the face's plane, turned by its side
                                     (quake family, quake2; not source,
                                     whose plane is the face's own) */
    BSP_NORMALS_VERTNORMALS,      /* source lumps 30 and 31 */
    BSP_NORMALS_FACENORMALS,      /* BSPX FACENORMALS (quake family, quake2) */
    BSP_NORMALS_DRAWVERTS         /* quake3 drawVert.normal */
} bsp_normal_source;

typedef struct bsp_vertex_attr {
    uint32_t present;      /* BSP_VA_* */
    uint32_t num_verts;    /* the face's stored vertices (k's range): its
                              edge loop, vertex run or draw vertices; a
                              quake3 patch's control points, a source
                              displacement's 4 base corners */
    bsp_normal_source normal_source;
    int32_t tex_size[2];   /* texture width, height (BSP_VA_TEX_SIZE):
                              quake/goldsrc/bsp2 miptex, source texdata */
    float pos[3];
    float normal[3];       /* always answered (at worst the plane's) */
    float tangent[3], bitangent[3];
    uint8_t color[4];      /* R, G, B, A as stored */
    float st[2];           /* texdot(pos, S), texdot(pos, T): texels */
    float uv[2];           /* st / tex_size; quake3: drawVert.st as stored */
    float lm[2];           /* luxel units of the face's block: luxel k
                              covers [k, k + 1) (quake3: of its 128 x 128
                              page); a displacement's corners carry the
                              block's corner luxel centres, as its grid
                              (bsp_disp_vertex) lays them */
} bsp_vertex_attr;

/* Vertex k of a face's stored vertices (docs/queries.md 11.3's order) with
 * its normal, colour, texture and lightmap coordinates.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer, a
 * map not loaded), NOT_LOADED (the face lump left out: BSP_LOAD_GEOMETRY),
 * BAD_FACE (face outside the face lump), NOT_LOADED or CORRUPT (a lump the
 * face's vertices read left out; the face's vertex run outside its lumps:
 * bsp_get_face's checks), BAD_QUERY (k at or past out->num_verts, which is
 * still set, with out->normal_source the face's), CORRUPT (a source vertex normal index run past lump 31 or an
 * index past lump 30).
 * Notes: on source with vertex normals the call sums numedges over the
 * faces before this one (the index run's start is not stored), so a
 * whole-map walk costs faces^2 / 2 field reads (bsp_mesh_build gives every
 * vertex of a model, keeping that sum as it walks: linear). A BSPX FACENORMALS lump of
 * the wrong size or with an index past its vectors is ignored (plane
 * normals), as the contract says. */
BSP_API bsp_status bsp_face_vertex_attr(const bsp_map *m, uint32_t face, uint32_t k,
                                        bsp_vertex_attr *out);

/* A source displacement's grid vertex (docs/queries.md 11.3 - 11.5): the
 * grid of bsp_face_vertex on its base face, with alpha, texture
 * coordinates blended from the base corners' and lightmap coordinates laid
 * over the grid as Valve's tools lay them (CCoreDispInfo::
 * CalcDispSurfCoords). */
typedef struct bsp_disp_vert {
    uint32_t present;      /* BSP_VA_ALPHA, BSP_VA_ST, BSP_VA_UV, BSP_VA_LM */
    int32_t face;          /* its base face */
    uint32_t power;        /* the grid is 2^power + 1 vertices wide */
    uint32_t num_verts;    /* (2^power + 1)^2: k's range */
    float pos[3];
    float alpha;           /* lump 33's alpha, as stored (0 .. 255 in Hammer) */
    float st[2], uv[2], lm[2];
} bsp_disp_vert;

/* The number of displacements (lump 26 records; 0: none, or a family
 * without them). */
BSP_API uint32_t bsp_num_disps(const bsp_map *m);
/* Grid vertex k (r * (2^power + 1) + c, docs/queries.md 8.14's order) of
 * displacement `disp`.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer, a
 * map not loaded), UNSUPPORTED (a family without displacements, or a lump
 * 26 layout the library does not read: Strata Source), NOT_LOADED (lumps
 * 26, 33 or the face lumps left out: BSP_LOAD_GEOMETRY), BAD_DISP (disp
 * outside lump 26), CORRUPT (no face names the displacement; its power
 * outside 1..4, its vertex run outside lump 33, a base face without 4
 * edges), BAD_QUERY (k at or past out->num_verts, which is still set).
 * Notes: the face is found by the record's MapFace when that face names
 * the displacement, else by a walk of the faces. */
BSP_API bsp_status bsp_disp_vertex(const bsp_map *m, uint32_t disp, uint32_t k,
                                   bsp_disp_vert *out);

/* Meshes by texture (docs/access.md "Meshes by texture"): one vertex
 * buffer and one index buffer for a model, in caller memory, its faces
 * grouped into batches that share a texture name, surface flags and (Quake
 * 3) lightmap page, so that a renderer uploads once and draws a batch in one
 * call. A vertex is what the face access answers for it: bsp_face_vertex_attr
 * on polygons and Quake 3 meshes, bsp_disp_vertex on Source displacement
 * grids, the renderer's grid on Quake 3 patches (bsp_patch_grid_build or a
 * set of bsp_patch_set_build). */

/* Why a renderer may leave a face out: a tool texture. From the face's
 * BSP_SURF_* flags (sky, nodraw, skip, hint, trigger) and from its
 * texture's name, the part after the last '/' or '\', compared without
 * ASCII case: clip, playerclip, monsterclip, botclip, weapclip,
 * toolsclip, toolsplayerclip, toolsnpcclip (CLIP); origin, toolsorigin
 * (ORIGIN); trigger, aaatrigger, toolstrigger (TRIGGER); hint, hintskip,
 * toolshint (HINT); skip, toolsskip (SKIP); nodraw, null, caulk,
 * toolsnodraw, toolsinvisible (NODRAW); toolsskybox, toolsskybox2d
 * (SKY). The names matter where the family stores no flag for them (the
 * Quake family's trigger brushes, a Quake 2 map compiled without the .wal
 * files' flags). */
#define BSP_MESH_TOOL_SKY     0x01u
#define BSP_MESH_TOOL_NODRAW  0x02u
#define BSP_MESH_TOOL_SKIP    0x04u
#define BSP_MESH_TOOL_HINT    0x08u
#define BSP_MESH_TOOL_TRIGGER 0x10u
#define BSP_MESH_TOOL_CLIP    0x20u
#define BSP_MESH_TOOL_ORIGIN  0x40u
#define BSP_MESH_TOOL_ALL     0x7fu

/* A face with no place in the buffers (no triangles, or left out). */
#define BSP_MESH_NONE 0xffffffffu

typedef struct bsp_mesh_options {
    float subdivisions;    /* Quake 3 patches: id's r_subdivisions
                              (BSP_PATCH_SUBDIVISIONS), as
                              bsp_patch_grid_build takes it */
    const void *patch_set; /* a set of bsp_patch_set_build (isolated or
                              stitched) to take the patches' grids from
                              instead (subdivisions is then the set's);
                              NULL: none */
    uint32_t leave_out;    /* BSP_MESH_TOOL_* bits: faces with any of them
                              are not put in the buffers (0: every face) */
} bsp_mesh_options;

/* subdivisions BSP_PATCH_SUBDIVISIONS, no set, nothing left out.
 * Statuses: none. */
BSP_API bsp_mesh_options bsp_mesh_default_options(void);

/* One vertex (60 bytes, no padding). `present` says which fields hold an
 * answer (BSP_VA_COLOR, BSP_VA_ST, BSP_VA_UV, BSP_VA_LM, BSP_VA_ALPHA; a
 * field without its bit is 0), as bsp_vertex_attr and bsp_disp_vert say
 * it. */
typedef struct bsp_mesh_vertex {
    float pos[3];
    float normal[3];       /* bsp_vertex_attr's; a displacement: its base
                              face's plane (bsp_get_face's normal: the file
                              stores none for the grid); a patch: the
                              grid's (MakeMeshNormals) */
    float st[2];           /* texels (not Quake 3) */
    float uv[2];           /* normalised: st / the texture's size; Quake 3
                              the stored (patch: interpolated) st */
    float lm[2];           /* docs/queries.md 11.5: luxel units of the
                              face's block, luxel k covering [k, k + 1);
                              Quake 3 texels of its 128 x 128 page (a
                              patch's grid lightmap coordinate * 128) */
    float alpha;           /* Source displacement alpha, as stored (0 ..
                              255 in Hammer) */
    uint8_t color[4];      /* Quake 3 R, G, B, A as stored (a patch's as
                              the grid averages them) */
    uint32_t present;      /* BSP_VA_* */
} bsp_mesh_vertex;

/* A run of faces drawn with one texture, surface flags and page. */
typedef struct bsp_mesh_batch {
    int32_t texture;       /* the lowest texture index (bsp_texture_name)
                              among its faces' textures: names equal
                              without ASCII case are one; -1: none */
    int32_t page;          /* Quake 3 lightmapNum as stored; -1 elsewhere */
    uint32_t flags;        /* the BSP_SURF_* of every face of it */
    uint32_t tool;         /* BSP_MESH_TOOL_* (0: a surface to draw) */
    int32_t tex_size[2];   /* `texture`'s width and height where the family
                              stores them (bsp_vertex_attr's tex_size), else 0 */
    uint32_t first_index, num_indices;    /* its triangles in the index buffer */
    uint32_t first_vertex, num_vertices;  /* its vertices */
    uint32_t first_face, num_faces;       /* its faces in batch_faces */
} bsp_mesh_batch;

/* Where one face of the mesh's span is (entry f - first_face). */
typedef struct bsp_mesh_face {
    uint32_t batch;        /* BSP_MESH_NONE: not in the buffers */
    uint32_t tool;         /* BSP_MESH_TOOL_* of the face */
    uint32_t first_index, num_indices;
    uint32_t first_vertex, num_vertices;
} bsp_mesh_face;

/* A built mesh: counts and pointers into the caller's memory. Its span of
 * faces is the model's run of the face lump (bsp_get_model); the world's
 * (model 0) on Source grown to hold every displacement's base face too,
 * since Valve's engine draws terrain as the world's wherever the face lump
 * keeps the base face (vbsp keeps it in the world's run; a face of the
 * grown span that is neither the world's nor a displacement's is in no
 * batch). */
typedef struct bsp_mesh {
    uint32_t model, first_face, num_faces;   /* the span's faces */
    uint32_t num_vertices, num_indices, num_batches;
    uint32_t num_drawn;                      /* faces in the buffers */
    bsp_mesh_vertex *vertices;
    uint32_t *indices;     /* triangles, 3 vertex numbers each (of the whole
                              vertex buffer) */
    bsp_mesh_batch *batches;
    bsp_mesh_face *faces;  /* num_faces entries */
    uint32_t *batch_faces; /* the drawn faces' indices, batch after batch,
                              ascending in each */
} bsp_mesh;

/* The scratch bsp_measure_mesh and bsp_mesh_build need for a model: 68
 * bytes a face of its span (the grouping's keys, its sorts' room), plus
 * one patch's work grid (BSP_PATCH_GRID_SCRATCH_BYTES) on a Quake 3 map;
 * the grouping alone knows how many batches there are, so the measure
 * needs it too. 0 for a
 * NULL map, a map not loaded, a model outside the model lump or whose run
 * leaves the face lump (the calls then say which). The work: the model's
 * run; the world's on Source a walk of every face. */
BSP_API size_t bsp_mesh_scratch_bytes(const bsp_map *m, uint32_t model);

/* The exact bytes bsp_mesh_build needs for model `model` (0: the world)
 * with these options (NULL: bsp_mesh_default_options), in *bytes.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL map or
 * bytes, a map not loaded, leave_out bits outside BSP_MESH_TOOL_ALL);
 * NOT_LOADED (the faces left out: BSP_LOAD_GEOMETRY); BAD_MODEL (model
 * outside the model lump); BAD_ARGUMENT (scratch NULL, not
 * BSP_ARENA_ALIGN-aligned or below bsp_mesh_scratch_bytes; scratch may be
 * NULL when that is 0); CORRUPT (the model's faces outside the face
 * lump); then face by face, ascending: bsp_get_face's statuses, CORRUPT (a
 * triangle naming a vertex past the face's), a patch as
 * bsp_patch_grid_build answers it, BAD_ARGUMENT (a patch the given set
 * does not hold); UNSUPPORTED (2^32 vertices or indices or more, or more
 * bytes than a size_t holds).
 * The work: the model's faces, each mesh triangle once, each patch's grid
 * built once, and the grouping's merge sorts (n log n in the faces,
 * whatever order the file keeps them in). */
BSP_API bsp_status bsp_measure_mesh(const bsp_map *m, uint32_t model, const bsp_mesh_options *opt,
                                    void *scratch, size_t scratch_bytes, size_t *bytes);

/* Builds the mesh of model `model` in mem (BSP_ARENA_ALIGN-aligned; may
 * be NULL when the measure said 0) and fills *out.
 * Statuses, in the order they are checked: those of bsp_measure_mesh up
 * to the faces (out NULL with the first BAD_ARGUMENTs), BAD_ARENA (mem
 * misaligned), the measure's from the faces on, BAD_ARENA (mem NULL for a
 * mesh of more than 0 bytes), ARENA_TOO_SMALL (bytes below the measure:
 * nothing is written), then CORRUPT (a Source vertex normal index past
 * its lump, which the measure does not read; the memory is then partly
 * written and *out not filled).
 * Layout: batches ascending by texture (the batch's), then flags, then
 * page; a batch's faces ascending; each face's vertices contiguous in the
 * face's own order (bsp_face_vertex_attr's k, a displacement's r * w + c,
 * a patch grid's r * width + c) and its triangles as bsp_face_triangle
 * gives them (a patch: bsp_patch_triangle's at full detail), so a batch's
 * vertices and indices are each one run. Faces without triangles (Quake 3
 * flares, polygons of fewer than 3 edges) and faces whose tool bits meet
 * leave_out are in no batch. Textures are one when their names are equal
 * without ASCII case (a texture without a name is its own). The work is
 * the measure's plus each vertex and index once (no call here costs more
 * per vertex on a larger map: Source's vertex normals and BSPX
 * FACENORMALS are walked in face order). */
BSP_API bsp_status bsp_mesh_build(const bsp_map *m, uint32_t model, const bsp_mesh_options *opt,
                                  void *scratch, size_t scratch_bytes, void *mem, size_t bytes,
                                  bsp_mesh *out);


/* The lighting bytes of a face's block for style slot `slot`, as stored;
 * *bytes gets the length.
 * Statuses, in the order they are checked: BAD_ARGUMENT, UNSUPPORTED, NOT_LOADED, an index outside its lump
 * (BAD_FACE for faces, BAD_QUERY for any other), CORRUPT (the section's
 * introduction above says which data each stands for); UNSUPPORTED
 * also when the family has no lightmap rule, NO_LIGHTMAP when the face has
 * none for the slot (docs/queries.md section 4).
 * w * h luxels of bytes_per_luxel bytes, row after row (source bumped
 * faces: `pages` such blocks, the unbumped one first); quake3: its whole
 * page of RGB, 128 x 128 (qfusion's FBSP: 512 x 512), slot 0 only. */
BSP_API bsp_status bsp_face_lightmap_data(const bsp_map *m, uint32_t face, uint32_t slot,
                                          const uint8_t **data, uint32_t *bytes);

/* ---- Light styles combined and the lightmap atlas ----------------------
 * What an engine uploads of a map's light (docs/queries.md 11.6, 11.7,
 * docs/atlas.md): a face's style slots summed for the style values of a
 * moment, as the engines' R_BuildLightMap sums them; each block as LDR or
 * HDR texels; every block packed onto pages in caller memory, and the
 * combined blocks brought up to date in place when styles change. */

/* The light style values of a moment, which the engines' `lightstyle`
 * strings animate (bsp_light_style_values computes them). A style at or
 * past `count` adds nothing. */
typedef struct bsp_style_values {
    const uint32_t *ints;  /* quake, bsp2, goldsrc: d_lightstylevalue, 8.8
                              fixed point: 264 ('m') normal, 0 dark, 550 'z' */
    const float *floats;   /* quake2: gl_modulate * the style's value
                              ('m' = 1.0f) */
    uint32_t count;        /* entries of each table given */
} bsp_style_values;

/* The style values of time `time_ms` for the style strings strings[0 ..
 * count - 1], as the engines compute them each frame: the frame is
 * time_ms / 100 (10 Hz; Quake 2's integer clock, and Quake's
 * (int)(cl.time * 10) for the same moment); a string of length n > 0
 * shows its character c = s[frame % n] (an unsigned byte): ints[i] =
 * (c - 'a') * 22 as a signed 32-bit product stored modulo 2^32 (GLQuake
 * R_AnimateLight's int, which its unsigned sum wraps), floats[i] =
 * (float)(c - 'a') / 12.0f (Quake 2 CL_SetLightstyle, 'm' - 'a' = 12). A
 * NULL or empty string gives 256 and 1.0f (GLQuake: an unset style is
 * 256; Quake 2: a style without a string is 1.0f). Either table may be
 * NULL (not computed).
 * Statuses, in the order they are checked: BAD_ARGUMENT (strings NULL
 * with count > 0, or both tables NULL).
 * The map holds no style strings: they are the game's (Quake's progs set
 * 0 .. 63 with lightstyle(), e.g. "m" for 0 and
 * "mmnmmommommnonmmonqnmmo" for 1; Quake 2's configstrings). */
BSP_API bsp_status bsp_light_style_values(const char *const *strings, uint32_t count,
                                          uint32_t time_ms, uint32_t *ints, float *floats);

/* What bsp_face_combine writes for a face. */
typedef struct bsp_combine_info {
    uint32_t w, h;         /* the block, luxels */
    uint32_t channels;     /* per luxel: 1 grey, 3 RGB, 4 RGBA (quake2) */
    uint32_t bytes;        /* w * h * channels: exact */
    uint32_t num_slots;    /* the style slots summed: up to the first
                              without a style (at most 8) */
    uint16_t styles[8];    /* their styles (0xFFFF after the last) */
} bsp_combine_info;

/* The size and styles of face `face`'s combined lightmap.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer,
 * a map not loaded); UNSUPPORTED (a family whose engine has no public
 * rule: source, nightfire, quake3; a light source in E5BGR9; a build
 * without map access); NOT_LOADED, BAD_FACE, CORRUPT as
 * bsp_face_lightmap_data; NO_LIGHTMAP (slot 0, or a later slot with a
 * style, has no block: docs/queries.md section 4 / 10.3). */
BSP_API bsp_status bsp_measure_combine(const bsp_map *m, uint32_t face, bsp_combine_info *out);

/* Face `face`'s lightmap as its engine shows it for the style values v
 * (docs/queries.md 11.6), w * h luxels of `channels` bytes, rows top to
 * bottom, into out[0 .. bytes - 1]:
 * - quake, bsp2, goldsrc (GLQuake R_BuildLightMap before its 255 - t
 *   inversion): per luxel and channel acc = sum of byte * ints[style]
 *   over the slots, in uint32 arithmetic, and the byte min(acc >> 7, 255);
 *   one channel for the grey lump, three for a .lit, RGBLIGHTING and
 *   goldsrc;
 * - quake2 (ref_gl R_BuildLightMap): per channel a float sum of
 *   (float)byte * floats[style] rounded at each step, cut toward zero
 *   (a NaN to 0, 2^31 and above to 2^31 - 1: the library's choice where
 *   the engine's cast is undefined), negatives to 0, a = the largest; over
 *   255 all four are scaled by 255.0f / a and cut again: bytes r, g, b, a.
 * Statuses, in the order they are checked: those of bsp_measure_combine;
 * BAD_ARGUMENT (v, the table the family reads, or out NULL); ARENA_TOO_SMALL
 * (bytes below the combine's size: nothing written).
 * The bytes are those of bsp_face_lightmap_data for each slot; gamma,
 * overbright and dynamic lights are the renderer's (docs/atlas.md). */
BSP_API bsp_status bsp_face_combine(const bsp_map *m, uint32_t face, const bsp_style_values *v,
                                    uint8_t *out, uint32_t bytes);

/* Texel formats of bsp_face_lightmap_texels and the atlas. */
typedef enum bsp_texel_format {
    BSP_TEXELS_RGB8 = 0,   /* 3 bytes: docs/queries.md 11.7's texel rule
                              (grey b as b, b, b; RGB as stored; Source
                              RGBE and E5BGR9 decoded, then
                              clamp(floorf(v * 255.0f + 0.5f), 0, 255)) */
    BSP_TEXELS_RGBA8,      /* 4 bytes: the same and alpha 255 (a combined
                              quake2 block: ref_gl's alpha) */
    BSP_TEXELS_RGB9E5,     /* 4 bytes: the linear light of section 4 /
                              10.2's decode (1.0 = byte 255) as one uint32
                              in the host's byte order, red in bits 0-8,
                              green 9-17, blue 18-26, exponent 27-31
                              (GL_EXT_texture_shared_exponent, Vulkan
                              E5B9G9R9_UFLOAT_PACK32): HDR, for Source and
                              E5BGR9 light above 1.0 */
    BSP_TEXELS_FORMATS
} bsp_texel_format;

/* One block of face `face`, style slot `slot`, alone as texels, for a
 * caller's own packer: B * w texels per row (B = 4 for a Source face with
 * SURF_BUMPLIGHT: the flat block, then bump directions 1, 2, 3; else 1),
 * h rows, top to bottom; quake3: the face's whole page (128 x 128; qfusion
 * 512 x 512). *needed
 * (if not NULL) gets the exact size.
 * Statuses, in the order they are checked: BAD_ARGUMENT (out NULL with
 * bytes > 0, a format outside bsp_texel_format), then
 * bsp_face_lightmap_data's statuses; ARENA_TOO_SMALL (bytes below
 * *needed: nothing written). */
BSP_API bsp_status bsp_face_lightmap_texels(const bsp_map *m, uint32_t face, uint32_t slot,
                                            uint32_t format, uint8_t *out, uint32_t bytes,
                                            uint32_t *needed);

/* In bsp_atlas_params.slots: one block per face, its slots combined for
 * style values (bsp_face_combine), instead of one block per (face, slot);
 * the rect's slot then reads BSP_ATLAS_COMBINED. */
#define BSP_ATLAS_COMBINED 0x100u
#define BSP_ATLAS_PAGE_MAX 16384u   /* the largest page side */
#define BSP_ATLAS_BORDER_MAX 64u

/* What an atlas packs, the caller's choice. */
typedef struct bsp_atlas_params {
    uint32_t page_width, page_height;  /* texels, 1 .. BSP_ATLAS_PAGE_MAX */
    uint32_t border;       /* texels around each block repeating its edge
                              (0 .. BSP_ATLAS_BORDER_MAX) */
    uint32_t slots;        /* bit k: style slot k's blocks (0x1 slot 0
                              only, 0xff every slot), or BSP_ATLAS_COMBINED */
    uint32_t format;       /* bsp_texel_format (combined: RGB8, RGBA8) */
} bsp_atlas_params;

/* One block on a page: its interior, w * h texels at (x, y) of page
 * `page`, with `border` texels of the atlas around it. */
typedef struct bsp_atlas_rect {
    int32_t face;          /* -1: a quake3 lightmap page */
    int32_t lightmap;      /* quake3: the page's lightmapNum; -1 */
    uint32_t slot;         /* style slot, BSP_ATLAS_COMBINED (quake3: 0) */
    uint32_t page, x, y, w, h;  /* w = B * W (Source bump: B = 4) */
    uint16_t styles[8];    /* combined: the styles summed (0xFFFF after the
                              last); else the slot's style, then 0xFFFF */
} bsp_atlas_rect;

/* What bsp_measure_atlas finds: exact sizes for the params. */
typedef struct bsp_atlas_size {
    uint32_t rects;        /* blocks */
    uint32_t pages;
    uint32_t min_page_width, min_page_height;  /* the largest block with its
                              border: smaller pages are refused */
    uint32_t texel_bytes;  /* 3 or 4 */
    size_t page_bytes;     /* page_width * page_height * texel_bytes */
    size_t scratch_bytes;  /* what bsp_measure_atlas packs in: the rects */
    size_t bytes;          /* what bsp_atlas_build needs: exact */
    uint64_t luxels;       /* the sum of w * h over the rects */
} bsp_atlas_size;

/* A built atlas: views into the caller's memory. */
typedef struct bsp_atlas {
    uint32_t page_width, page_height, border, slots, format;
    uint32_t texel_bytes, pages, num_rects;
    size_t page_bytes;     /* page p is pixels + p * page_bytes, rows top
                              to bottom, page_width texels each */
    uint64_t luxels;
    const bsp_atlas_rect *rects;   /* ordered by face, then slot (quake3:
                                      by lightmap) */
    uint8_t *pixels;
} bsp_atlas;

/* Pack the atlas of map m for the params p in `scratch` to learn its
 * exact size (out->bytes for bsp_atlas_build) and page count.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL map, p or
 * out, a map not loaded; a page size, border, format or slot set outside
 * the params' ranges; combined with RGB9E5); UNSUPPORTED (combined on a
 * family bsp_face_combine does not combine; a build without map access);
 * NOT_LOADED (the faces, or quake3's lightmaps, left out); CORRUPT (a face
 * whose lightmap bsp_face_lightmap_data answers corrupt); BAD_ARENA
 * (scratch not 4-byte aligned, where rects go); ARENA_TOO_SMALL
 * (scratch_bytes below out->scratch_bytes, which is set; scratch may be
 * NULL then); BAD_ARGUMENT (a page smaller than a block with its border:
 * out->min_page_width and _height, set, say what would do; a size past
 * size_t).
 * The blocks: every (face, slot) of p->slots with a lightmap (section 4,
 * 10.3), with w = B * W, h = H; combined: every face bsp_face_combine
 * answers; quake3: every page of the lightmaps lump (128 x 128; qfusion
 * 512 x 512). A map
 * without any: 0 rects, 0 pages. The packing is deterministic (the same
 * map and params give the same atlas on every target): blocks by height,
 * then width, decreasing, then by face and slot, on shelves filled left
 * to right, a page after another. O(n log n) in the blocks; no luxel is
 * read. */
BSP_API bsp_status bsp_measure_atlas(const bsp_map *m, const bsp_atlas_params *p, void *scratch,
                                     size_t scratch_bytes, bsp_atlas_size *out);

/* Build the atlas into mem: the rect table, then the pages (texels outside
 * every grown block are 0). v: the style values of a combined atlas
 * (ignored otherwise, may be NULL).
 * Statuses, in the order they are checked: bsp_measure_atlas's (BAD_ARENA:
 * mem NULL or not BSP_ARENA_ALIGN-aligned); BAD_ARGUMENT (combined without
 * v or the table the family reads); ARENA_TOO_SMALL (bytes below the
 * size: *needed, if not NULL, gets bsp_measure_atlas's exact bytes when
 * mem holds the rect table, else the table's size, which gets further;
 * nothing past `bytes` is written); then bsp_face_combine's statuses.
 * On success *needed gets the bytes used and *out views the atlas. The
 * atlas satisfies docs/queries.md 11.7's "valid atlas": each block's
 * texels by the texel rule, its border texels those of the interior texel
 * nearest them. Map a face's lightmap coordinate (bsp_face_vertex_attr's
 * lm, luxel units) to the page as ((x + b * W + lm[0]) / page_width,
 * (y + lm[1]) / page_height), b the bump direction (0 unbumped). */
BSP_API bsp_status bsp_atlas_build(const bsp_map *m, const bsp_atlas_params *p,
                                   const bsp_style_values *v, void *mem, size_t bytes,
                                   size_t *needed, bsp_atlas *out);

/* The rect of face `face`, slot `slot` (BSP_ATLAS_COMBINED in a combined
 * atlas) in atlas a, copied to *out; quake3: the rect of the face's page
 * (its lightmap coordinates are luxels of that page).
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer,
 * a map not loaded); BAD_FACE (face outside the face lump); NO_LIGHTMAP
 * (the atlas has no such block). A binary search of the table. */
BSP_API bsp_status bsp_atlas_find(const bsp_map *m, const bsp_atlas *a, uint32_t face,
                                  uint32_t slot, bsp_atlas_rect *out);

/* Bring a combined atlas up to date for new style values v, in place, as
 * a Quake engine rebuilds its lightmaps each frame: every block one of
 * whose styles s has bit (s & 31) of changed[s / 32] set (s below 32 *
 * changed_words) is combined again, border included. *updated (if not
 * NULL) gets the number of blocks; `dirty` (if not NULL, dirty_words
 * words) gets bit (p & 31) of word p / 32 set for each page written
 * (pages past dirty_words * 32 are written but not marked; no bit is
 * cleared).
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL map, a,
 * or v; changed NULL with changed_words > 0; an atlas that is not
 * combined, or whose rects do not lie in its pages: not as
 * bsp_atlas_build left it); then bsp_face_combine's statuses (blocks
 * before the failing one are written).
 * The work is one pass over the rects and the combine of those that
 * changed. */
BSP_API bsp_status bsp_atlas_update(const bsp_map *m, const bsp_atlas *a,
                                    const bsp_style_values *v, const uint32_t *changed,
                                    uint32_t changed_words, uint32_t *updated, uint32_t *dirty,
                                    uint32_t dirty_words);

/* Texture `index`'s name: a pointer into the arena and its length (not
 * NUL-terminated; trailing NULs cut).
 * Statuses, in the order they are checked: BAD_ARGUMENT, UNSUPPORTED, NOT_LOADED, an index outside its lump
 * (BAD_FACE for faces, BAD_QUERY for any other), CORRUPT (the section's
 * introduction above says which data each stands for).
 * Names: quake/goldsrc/bsp2 miptex, quake2 the distinct texinfo names
 * (11.2's table, bsp_texture_count's range), source texdata via its
 * string table, quake3 shaders, nightfire textures. A quake miptex slot
 * with offset -1 has length 0. */
BSP_API bsp_status bsp_texture_name(const bsp_map *m, uint32_t index, const char **name,
                                    uint32_t *len);

/* ------------------------------------------------------------------------ */
/* Texture pixels and palettes; WAD2/WAD3 and .wal files (docs/queries.md   */
/* 11.2, docs/textures.md).                                                 */
/*
 * A texture is described by a bsp_texture: its table entry (the map's
 * 11.2 table, a WAD's lump, a .wal file), what the file holds of it
 * (bsp_texture_status), its stored size, and where its bytes are: in the
 * loaded map's texture lump, or in a caller's stream (a WAD or .wal file,
 * handed over as a bsp_stream as options.lit is: the library never opens
 * a file). Pixels come out into caller memory, one mip at a time, as
 * palette indices (the palettised form, for hardware that draws indexed
 * textures: CI8 on GameCube/Wii, PSMT8 on PS2/PSP) or as RGBA8; the size
 * of each is known before the call (bsp_texture_mip_bytes) and a buffer
 * one byte short is refused. Nothing is allocated and nothing is cached:
 * a stream-backed texture reads its bytes again at each call.
 *
 * A bsp_texture from a map points into the map's arena, one from a WAD or
 * .wal at the caller's bsp_stream: each stays valid while that does. Its
 * fields are read-only for the caller; the pixel calls check them again
 * against the bytes they name.
 */

#define BSP_PALETTE_BYTES 768u     /* 256 x R, G, B */
#define BSP_TEXTURE_MIPS 4u
#define BSP_TEXTURE_NAME_BYTES 129u /* the longest name kept (128) and a NUL */

/* What the file holds of a texture (bsp_texture_status_name gives the
 * contract's words). */
typedef enum bsp_texture_status {
    BSP_TEXTURE_EMBEDDED = 0,  /* "embedded": size and 4 mips of indices (and,
                                  goldsrc and WAD3, its own palette) */
    BSP_TEXTURE_EXTERNAL,      /* "external": name and size; the pixels are
                                  in a WAD (miptex ofs[0] == 0) */
    BSP_TEXTURE_MISSING,       /* "missing": an empty slot (offset -1):
                                  no name, no size */
    BSP_TEXTURE_CORRUPT,       /* "corrupt": the record breaks 11.2's rules
                                  (a zero size or one not a multiple of 8, a
                                  mip or palette outside its lump, ofs[k] < 40,
                                  a palette count other than 256); the map
                                  still loads; name and size when its header
                                  lies inside the lump */
    BSP_TEXTURE_SIZE_ONLY,     /* "size_only": name and size (source texdata) */
    BSP_TEXTURE_NAME_ONLY,     /* "name_only": a name alone (quake2, quake3,
                                  nightfire; source with no positive size) */
    BSP_TEXTURE_STATUS_COUNT
} bsp_texture_status;

/* Where the colours of a texture's indices come from. */
typedef enum bsp_palette_kind {
    BSP_PALETTE_NONE = 0,      /* no pixels */
    BSP_PALETTE_QUAKE,         /* the Quake palette (bsp_quake_palette):
                                  quake, bsp2, WAD2 */
    BSP_PALETTE_OWN,           /* its own, after mip 3: goldsrc, WAD3 */
    BSP_PALETTE_CALLER         /* the caller's (.wal: the game's colormap) */
} bsp_palette_kind;

/* The two forms a mip comes out in. */
typedef enum bsp_pixel_format {
    BSP_PIXELS_INDEXED = 0,    /* one palette index per texel, rows top to
                                  bottom: (width >> k) * (height >> k) bytes */
    BSP_PIXELS_RGBA8           /* R, G, B, A per texel: 4 times that */
} bsp_pixel_format;

typedef struct bsp_texture {
    uint32_t index;            /* in its table: the map's (11.2), the WAD's
                                  lumps; a .wal: 0 */
    bsp_texture_status status;
    char name[BSP_TEXTURE_NAME_BYTES]; /* the bytes before the first NUL
                                  (at most 128), then a NUL */
    uint32_t name_len;
    uint8_t has_size;          /* 1: width and height are the stored size */
    uint8_t transparent255;    /* 1: the name starts with '{' (a .wal: always,
                                  as Quake 2's ref_gl draws 8-bit images):
                                  index 255 has alpha 0 in RGBA8, its R, G, B
                                  stay the palette's */
    uint8_t palette;           /* bsp_palette_kind */
    uint8_t reserved;
    uint32_t width, height;    /* as stored (has_size); else 0 */
    int32_t texinfo;           /* quake2: the first texinfo with this name
                                  (its record names the .wal); else -1 */
    /* a .wal's other fields (else empty and 0): the next frame's name,
     * and its surface flags, contents and value */
    char wal_next[33];
    int32_t wal_flags, wal_contents, wal_value;
    /* bspkit's: where the bytes are (read-only) */
    uint32_t mip_offset[BSP_TEXTURE_MIPS]; /* from the record's start */
    uint32_t palette_offset;   /* its own palette's colours, from the start */
    uint32_t size;             /* bytes from the record's start to the end
                                  of its lump (WAD: of the WAD lump; .wal:
                                  of the file) */
    const uint8_t *bytes;      /* the record in memory (a map's texture
                                  lump), or NULL: */
    const struct bsp_stream *stream; /* the stream that holds it, at */
    uint32_t offset;           /* this offset */
} bsp_texture;

/* The contract's word for a texture status ("embedded", "external",
 * "missing", "corrupt", "size_only", "name_only").
 * Statuses: none; "unknown" for one out of range. Never NULL. */
BSP_API const char *bsp_texture_status_name(bsp_texture_status s);

/* The Quake palette (gfx/palette.lmp, 768 bytes: 256 x R, G, B), which
 * Quake and BSP2 miptex and WAD2 textures index and no map holds: the
 * library's read-only data (SHA-256 6b20b5bc...c268fe, docs/queries.md
 * 11.2).
 * Statuses: none. Never NULL in a build with map access; NULL without
 * (BSPKIT_ACCESS=0). */
BSP_API const uint8_t *bsp_quake_palette(void);

/* The number of entries of the map's texture table (docs/queries.md 11.2):
 * quake, bsp2, goldsrc the miptex directory's count; source the texdata
 * records; quake2 the distinct texinfo names (exact bytes), in the order
 * they first appear; quake3 the shaders; nightfire the texture names.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer, a
 * map not loaded), NOT_LOADED (the texture lump left out: BSP_LOAD_GEOMETRY;
 * one the file stores empty is a table of 0).
 * Notes: quake2's table is numbered once at load (n log n name compares,
 * 8 arena bytes a texinfo); bsp_counts.textures is the same count and
 * bsp_texture_name's range, and a face's texture indexes it. */
BSP_API bsp_status bsp_texture_count(const bsp_map *m, uint32_t *count);

/* Entry `index` of the map's texture table: name, status, size, and where
 * its pixels and palette are.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer, a
 * map not loaded), NOT_LOADED (the texture lump, or source's string
 * lumps, left out), BAD_TEXTURE (index at or past bsp_texture_count).
 * A record that breaks the rules is not a failure: the call succeeds with
 * out->status BSP_TEXTURE_CORRUPT (a source name outside its string data
 * likewise, with no name). Statuses by family: quake, bsp2, goldsrc
 * embedded, external, missing or corrupt; source size_only (name_only
 * when the stored size is not positive); quake2, quake3, nightfire
 * name_only. */
BSP_API bsp_status bsp_texture_get(const bsp_map *m, uint32_t index, bsp_texture *out);

/* The entry after t (from bsp_texture_get or this call), for a walk of the
 * whole table: bsp_texture_get(m, t->index + 1).
 * Statuses, in the order they are checked: those of bsp_texture_get
 * (BAD_TEXTURE: t->index outside the table); END (t is the last entry; t
 * unchanged). */
BSP_API bsp_status bsp_texture_next(const bsp_map *m, bsp_texture *t);

/* The bytes mip `mip` (0 .. 3) of t takes in `format`:
 * (width >> mip) * (height >> mip), times 4 for BSP_PIXELS_RGBA8.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer,
 * mip above 3, an unknown format), UNSUPPORTED (a texture without pixels
 * here: external, missing, size_only, name_only), CORRUPT (status
 * corrupt; an RGBA8 size past 4 GiB). */
BSP_API bsp_status bsp_texture_mip_bytes(const bsp_texture *t, uint32_t mip, bsp_pixel_format format,
                                         uint32_t *bytes);

/* Mip `mip` of t into dst: its indices as stored, or RGBA8 through
 * `palette` (NULL: the texture's own, BSP_PALETTE_QUAKE or _OWN; else 768
 * bytes of the caller's, which a .wal needs for RGBA8 and any texture may
 * take: another game's palette). RGBA8 is (palette[3c], palette[3c + 1],
 * palette[3c + 2], 255) for index c, alpha 0 for index 255 when
 * t->transparent255 (docs/queries.md 11.2).
 * Statuses, in the order they are checked: those of bsp_texture_mip_bytes;
 * BAD_ARGUMENT (dst NULL or dst_bytes below that size: nothing is written;
 * RGBA8 of a .wal without a palette); CORRUPT (a mip or palette outside
 * the bytes t names: a t not from these calls); IO or TRUNCATED (a
 * stream-backed texture's read: one of the mip's bytes, one of its
 * palette's 768; the stream's own answer).
 * Only the mip's bytes are written (a larger dst keeps the rest). RGBA8
 * from a stream reads the indices into dst's last quarter and widens them
 * in place, so dst needs no more than the answer's size. */
BSP_API bsp_status bsp_texture_mip(const bsp_texture *t, uint32_t mip, bsp_pixel_format format,
                                   const uint8_t *palette, void *dst, uint32_t dst_bytes);

/* t's palette, BSP_PALETTE_BYTES bytes, into out: the Quake palette
 * (quake, bsp2, WAD2) or the texture's own (goldsrc, WAD3) as stored.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer),
 * UNSUPPORTED (a texture without pixels, or a .wal: its palette is the
 * game's colormap, the caller's), CORRUPT (status corrupt; its palette
 * outside the bytes t names), IO or TRUNCATED (a stream's read). */
BSP_API bsp_status bsp_texture_palette(const bsp_texture *t, uint8_t out[BSP_PALETTE_BYTES]);

/* A WAD2 (Quake) or WAD3 (Half-Life) texture file read through the
 * caller's stream: "WAD2"/"WAD3", int32 lump count, int32 directory
 * offset; 32-byte directory entries (int32 filepos, disksize, size; uint8
 * type, compression, 2 pad; char name[16]). The stream must be seekable
 * with a known size (a WAD's directory follows its lumps). Each call
 * reads what it needs (a directory entry is 32 bytes, a texture's header
 * 40 and, WAD3, its palette count 2): nothing is kept but this struct. */
#define BSP_WAD_PALETTE 0x40u      /* a palette (WAD2 gfx.wad), a decal (WAD3) */
#define BSP_WAD_QPIC 0x42u
#define BSP_WAD_MIPTEX3 0x43u      /* a miptex with its palette (WAD3) */
#define BSP_WAD_MIPTEX2 0x44u      /* a miptex of the Quake palette (WAD2) */
#define BSP_WAD_FONT 0x46u
typedef struct bsp_wad {
    const struct bsp_stream *stream;
    uint32_t version;          /* 2 or 3 */
    uint32_t count;            /* directory entries */
    uint32_t dir_offset;       /* the directory, in the file */
} bsp_wad;

typedef struct bsp_wad_lump {
    uint32_t index;            /* in the directory */
    char name[17];             /* the bytes before the first NUL, NUL-ended */
    uint32_t name_len;
    int32_t filepos, disksize, size;   /* as stored */
    uint8_t type, compression;
    uint8_t reserved[2];
} bsp_wad_lump;

/* Open a WAD: its header, and its directory's place checked.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer, a
 * stream without a read function, of unknown size, or forward-only);
 * TRUNCATED or IO (the 12-byte header); BAD_MAGIC (neither "WAD2" nor
 * "WAD3"); CORRUPT (a negative lump count, or a directory outside the file
 * or over the header). */
BSP_API bsp_status bsp_wad_open(bsp_wad *w, const struct bsp_stream *s);

/* Directory entry `index`, as stored (its bytes are checked when a
 * texture is read from it).
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer),
 * BAD_QUERY (index at or past w->count), TRUNCATED or IO (its 32 bytes). */
BSP_API bsp_status bsp_wad_lump_get(const bsp_wad *w, uint32_t index, bsp_wad_lump *out);

/* The first directory entry of any type named `name` (NUL-terminated;
 * its first 16 bytes), ASCII letters folded as Quake's W_CleanupName and
 * GoldSrc fold them.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer),
 * TRUNCATED or IO (an entry's read), BAD_QUERY (no such entry).
 * Notes: a walk of the directory, one 32-byte read per entry up to the
 * match. */
BSP_API bsp_status bsp_wad_find(const bsp_wad *w, const char *name, bsp_wad_lump *out);

/* The texture of a miptex lump (BSP_WAD_MIPTEX3 or _MIPTEX2): its header
 * checked as an embedded miptex's (docs/queries.md 11.2) inside the lump's
 * disksize bytes and the file; the palette by the WAD's version (WAD3 its
 * own after mip 3, WAD2 the Quake palette); the name is the directory's.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer);
 * UNSUPPORTED (another type, or a compression other than 0); TRUNCATED or
 * IO (the header's 40 bytes, WAD3's palette count's 2). A lump that breaks
 * the rules succeeds with out->status BSP_TEXTURE_CORRUPT, else
 * BSP_TEXTURE_EMBEDDED. */
BSP_API bsp_status bsp_wad_texture(const bsp_wad *w, const bsp_wad_lump *lump, bsp_texture *out);

/* An external texture's pixels through the caller's WADs, in their order
 * (the map's worldspawn "wad" key's order: the first match wins, as
 * GoldSrc searches them): the first miptex lump (either type) whose name
 * matches t's without case, read as bsp_wad_texture reads it; *which (if
 * not NULL) the WAD's position in wads.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer,
 * wads NULL with count above 0, or a WAD not opened), TRUNCATED or IO (a
 * read), BAD_QUERY (no WAD holds it). Any t may be looked up: a texture
 * with status embedded is found by name all the same (a WAD overriding
 * it is the caller's choice). */
BSP_API bsp_status bsp_texture_from_wads(const bsp_texture *t, const bsp_wad *wads, uint32_t count,
                                         bsp_texture *out, uint32_t *which);

/* A Quake 2 .wal file through the caller's stream (qfiles.h miptex_t, 100
 * bytes: char name[32]; uint32 width, height, offsets[4] from the file's
 * start; char animname[32]; int32 flags, contents, value): its size, mips
 * and other fields, checked as an embedded miptex is (a zero size or one
 * not a multiple of 8, a mip outside the file or over the header:
 * corrupt). Its indices name the game's colormap palette, the caller's:
 * RGBA8 through bsp_texture_mip with a palette. Normalising a Quake 2 face's
 * texture coordinates: divide by out->width, out->height.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer, a
 * stream without a read function, of unknown size, or forward-only: the
 * mips are read where they lie, in the order asked for); TRUNCATED or IO
 * (the 100-byte header). A file that breaks the rules succeeds with
 * out->status BSP_TEXTURE_CORRUPT, else BSP_TEXTURE_EMBEDDED. */
BSP_API bsp_status bsp_wal_open(bsp_texture *out, const struct bsp_stream *s);

/* Brushes: the convex volumes the map was built from, as the compiler
 * stored them for collision (quake2, quake3, source, nightfire; the Quake
 * family: its BSPX BRUSHLIST when whole (bsp_trace), every block's brushes
 * in the lump's order, the six sides of each brush's bounds first (-x, +x,
 * -y, +y, -z, +z), then its stored planes, each side's plane -1, texture
 * -1, no flags; no list: UNSUPPORTED; a list the load did not keep
 * whole: CORRUPT). They need BSP_LOAD_COLLISION (else
 * NOT_LOADED); statuses in the order of the map access ones: BAD_ARGUMENT,
 * UNSUPPORTED, NOT_LOADED, BAD_QUERY (an index past its lump; a side k
 * past the brush's), CORRUPT (a brush's sides outside the side lump, a
 * side's plane outside the planes, a leaf's brush list outside its lump, a
 * texinfo outside its lump). */
typedef struct bsp_brush {
    int32_t contents;      /* as stored; quake3: its shader's contentFlags;
                              nightfire: the attributes word */
    uint32_t flags;        /* BSP_CONTENTS_* (nightfire: 0) */
    int32_t texture;       /* quake3: its shader (bsp_texture_name); else -1 */
    uint32_t first_side, num_sides;   /* its sides: a run of the side lump */
} bsp_brush;

typedef struct bsp_brush_side {
    int32_t plane;         /* index in the plane lump */
    float normal[3], dist; /* that plane: the side faces along normal, out
                              of the brush */
    int32_t texture;       /* for bsp_texture_name; -1: none. quake2: its
                              texinfo's name's place in the table (11.2);
                              source: its texinfo's texdata;
                              quake3: its shader; nightfire: the texture of
                              the face it names */
    uint32_t flags;        /* BSP_SURF_* of that texture */
    uint32_t raw_flags;    /* the family's own surface flags */
    int32_t dispinfo;      /* source: the displacement it made, else -1 */
    uint8_t bevel;         /* source: a plane the compiler added to stop
                              boxes at edges and corners (the low byte of
                              the stored field); others store no such flag: 0 */
    uint8_t thin;          /* source, later SDKs: the byte after bevel */
} bsp_brush_side;

/* Brush `brush` of the brush lump.
 * Statuses, in the order they are checked: those of Brushes above (BAD_ARGUMENT, UNSUPPORTED, NOT_LOADED,
 * BAD_QUERY, CORRUPT). */
BSP_API bsp_status bsp_get_brush(const bsp_map *m, uint32_t brush, bsp_brush *out);
/* Side k (0 .. num_sides - 1) of a brush.
 * Statuses, in the order they are checked: those of Brushes above (BAD_ARGUMENT, UNSUPPORTED, NOT_LOADED,
 * BAD_QUERY, CORRUPT). */
BSP_API bsp_status bsp_get_brush_side(const bsp_map *m, uint32_t brush, uint32_t k,
                                      bsp_brush_side *out);

/* The next entity, searching the entity text from byte *at (0: the
 * start), that has `key` with exactly `value`.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer, a
 * map not loaded), NOT_LOADED (the entity text was left out:
 * BSP_LOAD_ENTITIES; an entity lump the file stores empty is a text of 0
 * bytes), BAD_QUERY (*at past the text's end), END (no more such entities:
 * the text ends, or stops at text that is not entity syntax; also *at at
 * the text's end).
 * On success *at is the byte offset of that entity's '{' (pass *at + 1 to
 * find the next one):
 *
 *     for (at = 0; bsp_entity_find(m, "classname", "light", &at) == BSP_OK; at++) ... */
BSP_API bsp_status bsp_entity_find(const bsp_map *m, const char *key, const char *value,
                                   uint32_t *at);
/* The vector value ("x y z": origin, angles, ...) of `key` in the entity
 * whose '{' is at byte `at`.
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer, a
 * map not loaded), NOT_LOADED (the entity text was left out), BAD_QUERY
 * (`at` not the '{' of an entity in the text, or the entity has no such
 * key).
 * Components the text lacks are 0. Numbers are read as decimal and rounded
 * once to float. */
BSP_API bsp_status bsp_entity_vector(const bsp_map *m, uint32_t at, const char *key, float v[3]);
/* The value of `key` in the entity whose '{' is at byte `at` (from
 * bsp_entity_find), as the bytes of the entity text itself: *value points
 * into the map's entity lump, *len bytes, not NUL-terminated, nothing
 * copied. The entity's first pair with that key answers (as for
 * bsp_entity_vector and bsp_entity_number).
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer, a
 * map not loaded); NOT_LOADED (the entity text was left out); BAD_QUERY
 * (`at` is not an entity's '{', or the entity has no such key before its
 * end, its '}' or text that is not entity syntax: a key without a value,
 * a lump without a closing brace ends the entity there). */
BSP_API bsp_status bsp_entity_value(const bsp_map *m, uint32_t at, const char *key, const char **value,
                                    uint32_t *len);
/* The number value of `key` ("light" "300", "speed" "-2.5e1"), read as
 * bsp_entity_vector reads one component: leading blanks, then a decimal
 * number rounded once to float; 0 when the value does not start with one.
 * Statuses, in the order they are checked: those of bsp_entity_value. */
BSP_API bsp_status bsp_entity_number(const bsp_map *m, uint32_t at, const char *key, float *v);
/* The brush model the entity names ("model" "*N": N, model N of the
 * model lump; a brush entity's model in every family).
 * Statuses, in the order they are checked: those of bsp_entity_value
 * (BAD_QUERY: no "model" key); BAD_QUERY (a value other than '*' and 1 to
 * 10 decimal digits: a model file's path names no brush model); BAD_MODEL
 * (N outside the model lump). */
BSP_API bsp_status bsp_entity_model(const bsp_map *m, uint32_t at, uint32_t *model);

/* Where the player starts: a player start entity of the family's games.
 *
 * Statuses, in the order they are checked: BAD_ARGUMENT (a NULL pointer, a
 * map not loaded), NOT_LOADED (the entity text was left out:
 * BSP_LOAD_ENTITIES), END (no entity of the family's start classes),
 * CORRUPT (there are such entities, but none has an "origin" of three
 * finite numbers).
 *
 * The classes, the first the games pick first: quake, bsp2, quake2
 * info_player_start, info_player_deathmatch, info_player_coop; goldsrc,
 * nightfire info_player_start, info_player_deathmatch; quake3
 * info_player_deathmatch, info_player_start, team_CTF_redplayer,
 * team_CTF_blueplayer, team_CTF_redspawn, team_CTF_bluespawn; source
 * info_player_start, info_player_teamspawn, info_player_terrorist,
 * info_player_counterterrorist, info_player_deathmatch,
 * info_player_combine, info_player_rebel, info_survivor_position,
 * info_player_coop, info_player_axis, info_player_allies. Of a class, the
 * first entity in the text with a good origin. angles: the "angles" key
 * (pitch yaw roll), else "angle" as a yaw (-1 looks up: pitch -90; -2
 * down: pitch 90), else 0 (also for a value that is not numbers). spawn
 * is where the game puts the player's origin: the entity's raised by 1
 * (quake, bsp2, goldsrc, nightfire, source) or 9 (quake2, quake3), so
 * that the player box starts clear of the floor; eye is spawn raised by
 * view_height, the family's eye above the player's origin (quake, bsp2,
 * quake2 22 and quake3 26 above the box's centre; goldsrc, nightfire 28;
 * source 64 above the feet). docs/access.md has more. */
typedef struct bsp_player_start_info {
    float origin[3];          /* the entity's "origin" */
    float angles[3];          /* pitch, yaw, roll in degrees */
    float spawn[3];           /* the player's origin when the game starts */
    float eye[3];             /* spawn + (0, 0, view_height) */
    float view_height;
    const char *classname;    /* the class it has: a constant string */
    uint32_t entity;          /* its '{' in the entity text (bsp_entity_vector) */
} bsp_player_start_info;
BSP_API bsp_status bsp_player_start(const bsp_map *m, bsp_player_start_info *out);

#ifdef __cplusplus
}
#endif

#endif
