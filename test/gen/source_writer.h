/* SPDX-License-Identifier: MIT */
/* source_writer.h - serialise a gen_world as a Source map: little-endian
 * VBSP (PC) or big-endian PSBV (Xbox 360, as MakeGameData writes it), with
 * lumps optionally LZMA-compressed. */
#ifndef BSPGEN_SOURCE_WRITER_H
#define BSPGEN_SOURCE_WRITER_H

#include "lzma_enc.h"
#include "world.h"

enum {
    SRC_PACK_NONE = 0, /* no lump compressed */
    SRC_PACK_ALL,      /* every lump that shrinks (console): not 35, 40 */
    SRC_PACK_SOME      /* a fixed subset of lumps (a PC map with LZMA lumps) */
};

typedef struct {
    int version;      /* 17, 19 .. 27 */
    int leaf_version; /* 0: 56-byte leaves (ambient cube); 1: 32-byte
                       * (v17: 32-byte records, lump version 0); 2: Strata
                       * Source's records throughout (strata_writer.c) */
    int ldr, hdr;     /* write faces+lighting 7/8, and/or 58/53 */
    int vis;          /* write the visibility lump */
    int l4d2;         /* lump_t stored as {version, fileofs, filelen, fourCC} */
    int index_order;  /* lumps in index order instead of vbsp's order */
    int console;      /* PSBV: big-endian header, directory and records,
                       * MakeGameData's lump order, map flags (59),
                       * console game lump */
    int pack;         /* SRC_PACK_* */
    gen_lzma lzma;    /* settings of every compressed lump */
    int extras;       /* random physcollide (29, always compressed when
                       * packing) and pakfile (40, never compressed) */
    int variant;      /* SRC_VAR_*: a game's changes (source_variant.c) */
    int terrain;      /* displacements in the rooms (source_writer.c) */
} src_opts;

/* A face record's lightofs, area, luxel mins and size (every layout). */
void src_put_face_light(gbuf *b, const gen_face *fc, int lightofs);

/* File bounds of a node or leaf (region clipped to its model's box grown
 * by 16): int16, or float (Strata). */
void src_put_bounds(gbuf *b, const gen_world *w, const gen_region *r, int model, int as_float);

enum {
    SRC_VAR_NONE = 0,
    SRC_VAR_DARK_MESSIAH, /* version word 20 | 4 << 16; 96-byte texinfo,
                           * 52-byte models, 20-byte game lump entries */
    SRC_VAR_TACTICAL,     /* the finished file XORed with a 32-byte key */
    SRC_VAR_VINDICTUS,    /* 32-bit records; faces lump version 1 (72 bytes) */
    SRC_VAR_VINDICTUS2,   /* the same, faces lump version 2 (76 bytes) */
    SRC_VAR_HL2_XBOX,     /* v19, lightmap pages in 51 and their infos in
                           * 52, an XZip pakfile in 57 */
    SRC_VAR_HL2_XBOX_NOPAK /* the same with 57 empty: told by 52 alone */
};

/* The variant's changes, called by the writer at each record that differs
 * (source_variant.c). */
uint32_t src_var_version_word(const src_opts *o);
void src_var_texinfo_extra(const src_opts *o, gbuf *b);      /* after lightmapVecs */
void src_var_model_extra(const src_opts *o, gbuf *b);        /* before headnode */
int src_var_game_lump_entry_bytes(const src_opts *o);
void src_var_game_lump_entry_head(const src_opts *o, gbuf *b); /* before the id */
void src_var_finish_file(const src_opts *o, gbuf *file);
/* Valve's little-endian lump `lump` (and its lump version) as the variant
 * stores it; dgamelump_t's flags and version. */
void src_var_convert_lump(const src_opts *o, int lump, gbuf *b, int *lump_version);
void src_var_game_lump_flags_version(const src_opts *o, gbuf *b, uint32_t flags, uint32_t version);
/* Lumps the variant adds or puts in place of Valve's, once the writer has
 * built L[64] for a world of `nfaces` faces. */
void src_var_add_lumps(const src_opts *o, int nfaces, gbuf L[]);

/* The static prop sub-lumps the generator writes (source_writer.c lists
 * their records); SRC_SPRP_V6 is the default. */
enum { SRC_SPRP_V6 = 0, SRC_SPRP_V4, SRC_SPRP_V5, SRC_SPRP_V7, SRC_SPRP_V7_TF2, SRC_SPRP_V8,
       SRC_SPRP_V9, SRC_SPRP_V10_TF2, SRC_SPRP_V10, SRC_SPRP_V11, SRC_SPRP_V11_CSGO,
       SRC_SPRP_V6_DM, SRC_SPRP_V12_EMPTY, SRC_SPRP_KINDS };
typedef struct {
    int version;
    const char *fields;   /* one letter a field; "": no props */
} src_sprp_kind;
typedef struct {
    float origin[3], angles[3], fade[2], lighting[3], forced_fade, scale;
    int model, skin;
    unsigned solid, flags, dx[2], cpu_gpu[4], diffuse[4], x360, flags_ex, lightmap[2];
} src_sprp_prop_vals;
const src_sprp_kind *src_sprp_kind_of(int kind);
/* The values of prop k of a generated map. */
void src_sprp_prop(const gen_world *w, int k, src_sprp_prop_vals *v);
/* The NAME.props lines of a map whose sprp is of this kind. */
void src_sprp_describe(const gen_world *w, int kind, gbuf *txt);

/* Writes path (its sprp sub-lump of kind sprp); fills counts with the records written (see main.c) and
 * appends the NAME.gamelumps lines to gamelumps. */
void src_write(const gen_world *w, const src_opts *o, int sprp, const char *path, gen_counts *counts,
               gbuf *gamelumps);

#endif
