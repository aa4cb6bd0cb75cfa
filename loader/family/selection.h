/* SPDX-License-Identifier: MIT */
/* selection.h - which families and whether the LZMA decoder a build
 * carries, so that a game pays only for the formats it ships.
 *
 * Define BSPKIT_FAMILY_<NAME>=1 for each family wanted (names as
 * bsp_family_name gives them, upper-case: SOURCE, QUAKE, GOLDSRC, BSP2,
 * QUAKE2, QUAKE3, NIGHTFIRE); with none defined, every family is built.
 * BSPKIT_LZMA=0 leaves the decoder out (then also leave
 * loader/lzma/lzma_decoder.c out of the build). `make BSPKIT_FAMILIES=...
 * BSPKIT_LZMA=0` does both. A file of a left-out family is bad_magic; a
 * compressed lump without the decoder is unsupported. BSPKIT_ACCESS and
 * BSPKIT_AMBIENT (below) leave out features the same way.
 */
#ifndef BSP_SELECTION_H
#define BSP_SELECTION_H

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
 *                   entity_find.c (bsp_get_counts .. bsp_entity_vector);
 *   BSPKIT_AMBIENT  bsp_ambient (Source ambient cubes, Quake 3 light grid);
 *                   loads then skip the ambient lumps. */
#ifndef BSPKIT_ACCESS
#define BSPKIT_ACCESS 1
#endif
#ifndef BSPKIT_AMBIENT
#define BSPKIT_AMBIENT 1
#endif

/* The rules families share, built when a family that uses them is. */
#define BSP__QUAKE_FAMILY (BSPKIT_FAMILY_QUAKE || BSPKIT_FAMILY_GOLDSRC || BSPKIT_FAMILY_BSP2)
#define BSP__USE_DVIS (BSPKIT_FAMILY_SOURCE || BSPKIT_FAMILY_QUAKE2)
#define BSP__USE_LEAF_VIS (BSP__QUAKE_FAMILY || BSPKIT_FAMILY_NIGHTFIRE)
#define BSP__USE_EXTENTS_LIGHTMAP (BSP__QUAKE_FAMILY || BSPKIT_FAMILY_QUAKE2)

#endif
