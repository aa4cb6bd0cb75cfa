/* SPDX-License-Identifier: MIT */
/* config.h - which families and whether the LZMA decoder a build
 * carries, so that a game pays only for the formats it ships.
 *
 * Define BSPKIT_FAMILY_<NAME>=1 for each family wanted (names as
 * bsp_family_name gives them, upper-case: SOURCE, QUAKE, GOLDSRC, BSP2,
 * QUAKE2, QUAKE3, NIGHTFIRE); with none defined, every family is built.
 * BSPKIT_LZMA=0 leaves the decoder out (then also leave
 * loader/lzma/lzma_decoder.c out of the build). `make BSPKIT_FAMILIES=...
 * BSPKIT_LZMA=0` does both. A file of a left-out family is bad_magic; a
 * compressed lump without the decoder is unsupported. BSPKIT_VARIANTS,
 * BSPKIT_STRINGS, BSPKIT_ACCESS and BSPKIT_AMBIENT (below) leave out
 * Source's game variants, text and features the same way.
 */
#ifndef BSP_CONFIG_H
#define BSP_CONFIG_H

#if !defined(BSPKIT_FAMILY_SOURCE) && !defined(BSPKIT_FAMILY_QUAKE) && \
    !defined(BSPKIT_FAMILY_GOLDSRC) && !defined(BSPKIT_FAMILY_BSP2) && \
    !defined(BSPKIT_FAMILY_QUAKE2) && !defined(BSPKIT_FAMILY_QUAKE3) && \
    !defined(BSPKIT_FAMILY_NIGHTFIRE)
#define BSPKIT_FAMILY_SOURCE 1
#define BSPKIT_FAMILY_QUAKE 1
#define BSPKIT_FAMILY_GOLDSRC 1
#define BSPKIT_FAMILY_BSP2 1
#define BSPKIT_FAMILY_QUAKE2 1
#define BSPKIT_FAMILY_QUAKE3 1
#define BSPKIT_FAMILY_NIGHTFIRE 1
#endif
#ifndef BSPKIT_FAMILY_SOURCE
#define BSPKIT_FAMILY_SOURCE 0
#endif
#ifndef BSPKIT_FAMILY_QUAKE
#define BSPKIT_FAMILY_QUAKE 0
#endif
#ifndef BSPKIT_FAMILY_GOLDSRC
#define BSPKIT_FAMILY_GOLDSRC 0
#endif
#ifndef BSPKIT_FAMILY_BSP2
#define BSPKIT_FAMILY_BSP2 0
#endif
#ifndef BSPKIT_FAMILY_QUAKE2
#define BSPKIT_FAMILY_QUAKE2 0
#endif
#ifndef BSPKIT_FAMILY_QUAKE3
#define BSPKIT_FAMILY_QUAKE3 0
#endif
#ifndef BSPKIT_FAMILY_NIGHTFIRE
#define BSPKIT_FAMILY_NIGHTFIRE 0
#endif
#ifndef BSPKIT_LZMA
#define BSPKIT_LZMA 1
#endif
/* Features a game may not need (each: 1 = built, the default). Left out,
 * their public functions still link and return BSP_E_UNSUPPORTED.
 *   BSPKIT_ACCESS   the typed map access of loader/access/map_*.c and
 *                   entity_find.c (bsp_get_counts .. bsp_entity_vector; not
 *                   the entity iterator nor the game lumps: a game spawns
 *                   its entities and draws Source's static props);
 *   BSPKIT_AMBIENT  bsp_ambient (Source ambient cubes, Quake 3 light grid);
 *                   loads then skip the ambient lumps. */
#ifndef BSPKIT_ACCESS
#define BSPKIT_ACCESS 1
#endif
#ifndef BSPKIT_AMBIENT
#define BSPKIT_AMBIENT 1
#endif

/* Source's game variants (README "Builds with fewer formats"): define
 * BSPKIT_VARIANT_<NAME>=1 for each wanted, STRATA, BLOODLINES, DARK_MESSIAH,
 * VINDICTUS, TACTICAL_INTERVENTION (bsp_variant_name's names, upper-case,
 * and Strata Source); with none defined every variant is built, and
 * BSPKIT_VARIANTS=0 builds none: plain Valve Source. A build answers a
 * left-out variant's file as a bspkit that never knew the variant would,
 * the rule of a left-out family: Strata's widened lumps BAD_LUMP_VERSION
 * (at the load that needs them), Bloodlines' version 17 and Dark Messiah's
 * version word BAD_VERSION, a Tactical Intervention file BAD_MAGIC,
 * bsp_use_variant UNSUPPORTED. A variant needs the source family. */
#if defined(BSPKIT_VARIANTS) && !BSPKIT_VARIANTS
#undef BSPKIT_VARIANT_STRATA
#undef BSPKIT_VARIANT_BLOODLINES
#undef BSPKIT_VARIANT_DARK_MESSIAH
#undef BSPKIT_VARIANT_VINDICTUS
#undef BSPKIT_VARIANT_TACTICAL_INTERVENTION
#define BSPKIT_VARIANT_STRATA 0
#define BSPKIT_VARIANT_BLOODLINES 0
#define BSPKIT_VARIANT_DARK_MESSIAH 0
#define BSPKIT_VARIANT_VINDICTUS 0
#define BSPKIT_VARIANT_TACTICAL_INTERVENTION 0
#elif !defined(BSPKIT_VARIANT_STRATA) && !defined(BSPKIT_VARIANT_BLOODLINES) && \
    !defined(BSPKIT_VARIANT_DARK_MESSIAH) && \
    !defined(BSPKIT_VARIANT_VINDICTUS) && !defined(BSPKIT_VARIANT_TACTICAL_INTERVENTION)
#define BSPKIT_VARIANT_STRATA 1
#define BSPKIT_VARIANT_BLOODLINES 1
#define BSPKIT_VARIANT_DARK_MESSIAH 1
#define BSPKIT_VARIANT_VINDICTUS 1
#define BSPKIT_VARIANT_TACTICAL_INTERVENTION 1
#endif
#ifndef BSPKIT_VARIANT_STRATA
#define BSPKIT_VARIANT_STRATA 0
#endif
#ifndef BSPKIT_VARIANT_BLOODLINES
#define BSPKIT_VARIANT_BLOODLINES 0
#endif
#ifndef BSPKIT_VARIANT_DARK_MESSIAH
#define BSPKIT_VARIANT_DARK_MESSIAH 0
#endif
#ifndef BSPKIT_VARIANT_VINDICTUS
#define BSPKIT_VARIANT_VINDICTUS 0
#endif
#ifndef BSPKIT_VARIANT_TACTICAL_INTERVENTION
#define BSPKIT_VARIANT_TACTICAL_INTERVENTION 0
#endif
/* What is built: a variant only with its family. */
#define BSP__STRATA (BSPKIT_FAMILY_SOURCE && BSPKIT_VARIANT_STRATA)
#define BSP__BLOODLINES (BSPKIT_FAMILY_SOURCE && BSPKIT_VARIANT_BLOODLINES)
#define BSP__DARK_MESSIAH (BSPKIT_FAMILY_SOURCE && BSPKIT_VARIANT_DARK_MESSIAH)
#define BSP__VINDICTUS (BSPKIT_FAMILY_SOURCE && BSPKIT_VARIANT_VINDICTUS)
#define BSP__TACTICAL_INTERVENTION (BSPKIT_FAMILY_SOURCE && BSPKIT_VARIANT_TACTICAL_INTERVENTION)

/* BSPKIT_STRINGS=0 leaves out the text for people (1.8 KB of status
 * sentences, 1.4 KB of lump names), as zstd's ZSTD_STRIP_ERROR_STRINGS:
 * bsp_status_message then gives the status's name (bsp_status_name),
 * bsp_lump_name "" for a lump of the directory (NULL past it, as always),
 * and h->appears "rBSP" instead of its sentence. Statuses do not change. */
#ifndef BSPKIT_STRINGS
#define BSPKIT_STRINGS 1
#endif

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

#endif
