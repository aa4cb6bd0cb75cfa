/* SPDX-License-Identifier: MIT */
/* config.h - what a build carries, so that a game pays only for the formats
 * and features it ships (xz-embedded's xz_config.h is the model). Every
 * option ends up a constant 0 or 1; `make BSPKIT_FAMILIES=... BSPKIT_LZMA=0
 * ...` (mk/config.mk) sets them, a build without make defines them.
 *
 *   BSPKIT_FAMILY_<NAME>=1  only these families (SOURCE, QUAKE, GOLDSRC,
 *                           BSP2, QUAKE2, QUAKE3, NIGHTFIRE, RESPAWN); none
 *                           defined: every family. A left-out family's file
 *                           is bad_magic (Respawn's rBSP in a build with
 *                           Source and without RESPAWN: bad_version with
 *                           h->appears, family/foreign.c).
 *   BSPKIT_LZMA=0           no decoder (leave loader/lzma/ out of the build):
 *                           a compressed lump is unsupported.
 *   BSPKIT_ACCESS=0         no typed map access (bsp_get_counts ..
 *                           bsp_entity_vector, the static props; not the
 *                           entity iterator nor the game lumps): unsupported.
 *   BSPKIT_AMBIENT=0        no bsp_ambient (unsupported); loads skip the
 *                           ambient lumps.
 *   BSPKIT_COLLISION=0      no collision (bsp_trace, bsp_point_contents,
 *                           bsp_hull_*: unsupported; bsp_trace_mask 0);
 *                           BSP_LOAD_COLLISION loads nothing more.
 *   BSPKIT_DISPCOLL=0       a collision build without Source's terrain
 *                           (docs/queries.md 8.14): displacements do not
 *                           collide and loads keep no room for them.
 *   BSPKIT_JOBS=0           no decode jobs (pipeline/jobs.c left out):
 *                           options.jobs above 0 is unsupported,
 *                           bsp_loader_next_job hands out none and the
 *                           steps decode every lump, as with jobs = 0.
 *   BSPKIT_PAK=0            no pakfile reader (bsp_pak_*: unsupported;
 *                           bsp_pak_crc32 0, bsp_pak_problem_name
 *                           "unknown").
 *   BSPKIT_STRINGS=0        no text for people (status sentences, lump
 *                           names), as zstd's ZSTD_STRIP_ERROR_STRINGS:
 *                           bsp_status_message gives bsp_status_name,
 *                           bsp_lump_name "" inside the directory, h->appears
 *                           "rBSP". Statuses do not change.
 *   BSPKIT_VARIANT_<NAME>=1 only these of the families' game variants
 *                           (Source's STRATA, BLOODLINES, DARK_MESSIAH,
 *                           VINDICTUS, TACTICAL_INTERVENTION, HL2_XBOX;
 *                           Quake's QUAKE64, HEXEN2; Quake 2's QBISM,
 *                           DAIKATANA; Quake 3's IBSP47, RAVEN, QFUSION);
 *                           none defined: all;
 *                           BSPKIT_VARIANTS=0: none. A left-out variant's
 *                           file answers as a bspkit that never knew it:
 *                           Strata's widened lumps bad_lump_version,
 *                           Bloodlines' version 17 and Dark Messiah's
 *                           version word bad_version, a Tactical
 *                           Intervention file bad_magic, bsp_use_variant
 *                           unsupported; QBSP, RBSP and FBSP bad_magic,
 *                           Quake 64's version word bad_magic, IBSP 41 and
 *                           47 bad_version, Hexen II's 80-byte models
 *                           bad_lump (or, 640 bytes and the like, read
 *                           as Quake's). The one exception is the original
 *                           Xbox's Half-Life 2: a bspkit that never knew
 *                           it would misread its lightmap pages as the
 *                           ambient index, so a build without it still
 *                           tells the file (docs/queries.md 13.5) and
 *                           answers bad_version. A variant needs its
 *                           family.
 *
 * How a part is left out, the one way: its files are whole-file `#if` of
 * its constant; code that is always built tests the constant with a plain
 * `if` (folded away by every compiler, even unoptimised), or, for data in a
 * description, BSP__IF (family/description.h); and the public functions of
 * a left-out part answer in one place, core/absent.c. One exception, where
 * a plain `if` cannot stand: always-built code that names a symbol of a
 * left-out file or table (the decoder, a variant's description, the status
 * sentences) keeps that line in `#if` with its answer beside it in `#else`
 * (pipeline/plan.c, resume.c, header.c, lzma/unpack.c, access/gamelump.c,
 * map_vertex.c, lightmap_texels.c, family/families.c, foreign.c,
 * lightmap.c, core/status.c). A description part that
 * exists only with its option (collision: struct bsp_family's `coll`)
 * keeps its data in `#if` and is named through BSP__COLL (description.h),
 * so that a build without it carries not even the pointer.
 */
#ifndef BSP_CONFIG_H
#define BSP_CONFIG_H

#if defined(BSPKIT_FAMILY_SOURCE) || defined(BSPKIT_FAMILY_QUAKE) || \
    defined(BSPKIT_FAMILY_GOLDSRC) || defined(BSPKIT_FAMILY_BSP2) || \
    defined(BSPKIT_FAMILY_QUAKE2) || defined(BSPKIT_FAMILY_QUAKE3) || \
    defined(BSPKIT_FAMILY_NIGHTFIRE) || defined(BSPKIT_FAMILY_RESPAWN)
#define BSP__ALL_FAMILIES 0
#else
#define BSP__ALL_FAMILIES 1
#endif
#ifndef BSPKIT_FAMILY_SOURCE
#define BSPKIT_FAMILY_SOURCE BSP__ALL_FAMILIES
#endif
#ifndef BSPKIT_FAMILY_QUAKE
#define BSPKIT_FAMILY_QUAKE BSP__ALL_FAMILIES
#endif
#ifndef BSPKIT_FAMILY_GOLDSRC
#define BSPKIT_FAMILY_GOLDSRC BSP__ALL_FAMILIES
#endif
#ifndef BSPKIT_FAMILY_BSP2
#define BSPKIT_FAMILY_BSP2 BSP__ALL_FAMILIES
#endif
#ifndef BSPKIT_FAMILY_QUAKE2
#define BSPKIT_FAMILY_QUAKE2 BSP__ALL_FAMILIES
#endif
#ifndef BSPKIT_FAMILY_QUAKE3
#define BSPKIT_FAMILY_QUAKE3 BSP__ALL_FAMILIES
#endif
#ifndef BSPKIT_FAMILY_NIGHTFIRE
#define BSPKIT_FAMILY_NIGHTFIRE BSP__ALL_FAMILIES
#endif
#ifndef BSPKIT_FAMILY_RESPAWN
#define BSPKIT_FAMILY_RESPAWN BSP__ALL_FAMILIES
#endif

#ifndef BSPKIT_LZMA
#define BSPKIT_LZMA 1
#endif
#ifndef BSPKIT_ACCESS
#define BSPKIT_ACCESS 1
#endif
#ifndef BSPKIT_AMBIENT
#define BSPKIT_AMBIENT 1
#endif
#ifndef BSPKIT_STRINGS
#define BSPKIT_STRINGS 1
#endif
#ifndef BSPKIT_COLLISION
#define BSPKIT_COLLISION 1
#endif
#ifndef BSPKIT_DISPCOLL
#define BSPKIT_DISPCOLL 1
#endif
#ifndef BSPKIT_PAK
#define BSPKIT_PAK 1
#endif
#ifndef BSPKIT_JOBS
#define BSPKIT_JOBS 1
#endif

/* Variants: none named means all, unless BSPKIT_VARIANTS is 0. */
#if defined(BSPKIT_VARIANTS) && !BSPKIT_VARIANTS
#define BSP__ALL_VARIANTS 0
#elif defined(BSPKIT_VARIANT_STRATA) || defined(BSPKIT_VARIANT_BLOODLINES) || \
    defined(BSPKIT_VARIANT_DARK_MESSIAH) || defined(BSPKIT_VARIANT_VINDICTUS) || \
    defined(BSPKIT_VARIANT_TACTICAL_INTERVENTION) || defined(BSPKIT_VARIANT_HL2_XBOX) || \
    defined(BSPKIT_VARIANT_QBISM) || defined(BSPKIT_VARIANT_DAIKATANA) || \
    defined(BSPKIT_VARIANT_QUAKE64) || defined(BSPKIT_VARIANT_HEXEN2) || \
    defined(BSPKIT_VARIANT_IBSP47) || defined(BSPKIT_VARIANT_RAVEN) || defined(BSPKIT_VARIANT_QFUSION)
#define BSP__ALL_VARIANTS 0
#else
#define BSP__ALL_VARIANTS 1
#endif
#if defined(BSPKIT_VARIANTS) && !BSPKIT_VARIANTS
#undef BSPKIT_VARIANT_STRATA
#undef BSPKIT_VARIANT_BLOODLINES
#undef BSPKIT_VARIANT_DARK_MESSIAH
#undef BSPKIT_VARIANT_VINDICTUS
#undef BSPKIT_VARIANT_TACTICAL_INTERVENTION
#undef BSPKIT_VARIANT_HL2_XBOX
#undef BSPKIT_VARIANT_QBISM
#undef BSPKIT_VARIANT_DAIKATANA
#undef BSPKIT_VARIANT_QUAKE64
#undef BSPKIT_VARIANT_HEXEN2
#undef BSPKIT_VARIANT_IBSP47
#undef BSPKIT_VARIANT_RAVEN
#undef BSPKIT_VARIANT_QFUSION
#endif
#ifndef BSPKIT_VARIANT_STRATA
#define BSPKIT_VARIANT_STRATA BSP__ALL_VARIANTS
#endif
#ifndef BSPKIT_VARIANT_BLOODLINES
#define BSPKIT_VARIANT_BLOODLINES BSP__ALL_VARIANTS
#endif
#ifndef BSPKIT_VARIANT_DARK_MESSIAH
#define BSPKIT_VARIANT_DARK_MESSIAH BSP__ALL_VARIANTS
#endif
#ifndef BSPKIT_VARIANT_VINDICTUS
#define BSPKIT_VARIANT_VINDICTUS BSP__ALL_VARIANTS
#endif
#ifndef BSPKIT_VARIANT_TACTICAL_INTERVENTION
#define BSPKIT_VARIANT_TACTICAL_INTERVENTION BSP__ALL_VARIANTS
#endif
#ifndef BSPKIT_VARIANT_HL2_XBOX
#define BSPKIT_VARIANT_HL2_XBOX BSP__ALL_VARIANTS
#endif
#ifndef BSPKIT_VARIANT_QBISM
#define BSPKIT_VARIANT_QBISM BSP__ALL_VARIANTS
#endif
#ifndef BSPKIT_VARIANT_DAIKATANA
#define BSPKIT_VARIANT_DAIKATANA BSP__ALL_VARIANTS
#endif
#ifndef BSPKIT_VARIANT_QUAKE64
#define BSPKIT_VARIANT_QUAKE64 BSP__ALL_VARIANTS
#endif
#ifndef BSPKIT_VARIANT_HEXEN2
#define BSPKIT_VARIANT_HEXEN2 BSP__ALL_VARIANTS
#endif
#ifndef BSPKIT_VARIANT_IBSP47
#define BSPKIT_VARIANT_IBSP47 BSP__ALL_VARIANTS
#endif
#ifndef BSPKIT_VARIANT_RAVEN
#define BSPKIT_VARIANT_RAVEN BSP__ALL_VARIANTS
#endif
#ifndef BSPKIT_VARIANT_QFUSION
#define BSPKIT_VARIANT_QFUSION BSP__ALL_VARIANTS
#endif

/* ---- what follows from the options: the constants the code tests ---- */

/* A variant is built only with its family. */
#define BSP__STRATA (BSPKIT_FAMILY_SOURCE && BSPKIT_VARIANT_STRATA)
#define BSP__BLOODLINES (BSPKIT_FAMILY_SOURCE && BSPKIT_VARIANT_BLOODLINES)
#define BSP__DARK_MESSIAH (BSPKIT_FAMILY_SOURCE && BSPKIT_VARIANT_DARK_MESSIAH)
#define BSP__VINDICTUS (BSPKIT_FAMILY_SOURCE && BSPKIT_VARIANT_VINDICTUS)
#define BSP__TACTICAL_INTERVENTION (BSPKIT_FAMILY_SOURCE && BSPKIT_VARIANT_TACTICAL_INTERVENTION)
#define BSP__HL2_XBOX (BSPKIT_FAMILY_SOURCE && BSPKIT_VARIANT_HL2_XBOX)
#define BSP__QBISM (BSPKIT_FAMILY_QUAKE2 && BSPKIT_VARIANT_QBISM)
#define BSP__DAIKATANA (BSPKIT_FAMILY_QUAKE2 && BSPKIT_VARIANT_DAIKATANA)
#define BSP__QUAKE64 (BSPKIT_FAMILY_QUAKE && BSPKIT_VARIANT_QUAKE64)
#define BSP__HEXEN2 (BSPKIT_FAMILY_QUAKE && BSPKIT_VARIANT_HEXEN2)
#define BSP__IBSP47 (BSPKIT_FAMILY_QUAKE3 && BSPKIT_VARIANT_IBSP47)
#define BSP__RAVEN (BSPKIT_FAMILY_QUAKE3 && BSPKIT_VARIANT_RAVEN)
#define BSP__QFUSION (BSPKIT_FAMILY_QUAKE3 && BSPKIT_VARIANT_QFUSION)
/* Raven's records (RBSP and FBSP share them: docs/queries.md 13.3) */
#define BSP__RAVEN_RECORDS (BSP__RAVEN || BSP__QFUSION)
/* A file told from its family's by its directory alone (the original
 * Xbox's Half-Life 2, docs/queries.md 13.5): the rule is built with the
 * family, whether or not the variant is. */
#define BSP__DIR_VARIANT BSPKIT_FAMILY_SOURCE

/* Source terrain collides in a collision build with Source. */
#define BSP__DISPCOLL (BSPKIT_COLLISION && BSPKIT_FAMILY_SOURCE && BSPKIT_DISPCOLL)

/* A lump read through a window, a run of its records' leading fields
 * kept (bsp__collision.pack_keep: the control points of quake3's curved
 * surfaces when those alone read the draw vertices). */
#define BSP__PACKING (BSPKIT_COLLISION && BSPKIT_FAMILY_QUAKE3)

/* The rules families share, built when a family that uses them is. */
#define BSP__QUAKE_FAMILY (BSPKIT_FAMILY_QUAKE || BSPKIT_FAMILY_GOLDSRC || BSPKIT_FAMILY_BSP2)
#define BSP__USE_DVIS (BSPKIT_FAMILY_SOURCE || BSPKIT_FAMILY_QUAKE2)
#define BSP__USE_LEAF_VIS (BSP__QUAKE_FAMILY || BSPKIT_FAMILY_NIGHTFIRE)
#define BSP__USE_EXTENTS_LIGHTMAP (BSP__QUAKE_FAMILY || BSPKIT_FAMILY_QUAKE2)

/* What only some families' descriptions or rules have: the generic code
 * does not look for it in a build without them. Surface luxels
 * (face_luxel); trees without a head node field (model_headnode); faces
 * whose lightmap extents cannot be computed (bsp__lightmap.bad). */
#define BSP__USE_FACE_LUXEL BSPKIT_FAMILY_QUAKE3
#define BSP__USE_HEADLESS_TREES (BSPKIT_FAMILY_QUAKE3 || BSPKIT_FAMILY_NIGHTFIRE)
#define BSP__USE_BAD_EXTENTS (BSP__USE_EXTENTS_LIGHTMAP || BSPKIT_FAMILY_NIGHTFIRE)
/* Faces whose lightmap rule walks a vertex run (face_numverts). */
#define BSP__USE_FACE_VERTS BSPKIT_FAMILY_NIGHTFIRE

/* Visibility rows stored whole: a leaf_visofs family's may be
 * (vis_compressed 0), quake3's always are, and only quake3 hands them out
 * where they lie (vis_view); dvis rows (source, quake2) are always
 * run-length coded. */
#define BSP__USE_RAW_VIS (BSP__USE_LEAF_VIS || BSPKIT_FAMILY_QUAKE3)
#define BSP__USE_VIS_VIEW BSPKIT_FAMILY_QUAKE3

/* The BSPX directory after the lumps (docs/queries.md 10.1) and what only
 * it and a .lit stream bring: the light sources of 10.2 (RGBLIGHTING,
 * E5BGR9, .lit), the luxel placement lumps of 10.3, the BSPX light grid.
 * Built with the families whose descriptions set dir.bspx (family_quake.c,
 * family_quake2.c); without them (source, quake3, nightfire alone) a map
 * has only its vanilla lighting, as a description without dir.bspx already
 * gets, and bspx.c, bspx_dir.c, light_source.c are empty. */
#define BSP__USE_BSPX (BSP__QUAKE_FAMILY || BSPKIT_FAMILY_QUAKE2)
/* Lumps and entity files kept in files of their own beside the .bsp
 * (options.part, docs/queries.md 12.8): read only by the families whose
 * descriptions set dir.parts (family_respawn.c); without them the plan
 * carries none of it and no family calls options.part. */
#define BSP__USE_PARTS BSPKIT_FAMILY_RESPAWN
/* The Quake family's BSPX brush list (docs/queries.md 13.7): the box
 * traces of a model without the hull a box picks (cmodel/brush_list.c). */
#define BSP__BRUSH_LIST (BSPKIT_COLLISION && BSP__QUAKE_FAMILY)
/* A directory whose last entry may be absent (IBSP 47, docs/queries.md 13.2) */
#define BSP__OPTIONAL_LAST BSP__IBSP47
/* A version-29 file told Hexen II's by its model records (docs/queries.md
 * 13.4: pipeline/header.c) */
#define BSP__MODELS_VARIANT BSP__HEXEN2
/* A game variant with a player box of its own (Hexen II: family/player_box.c) */
#define BSP__VARIANT_PLAYER BSP__HEXEN2

#endif
