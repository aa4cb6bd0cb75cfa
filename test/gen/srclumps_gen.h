/* SPDX-License-Identifier: MIT */
/* srclumps_gen.h - cubemaps and world lights of a generated Source map
 * (srclumps_gen.c). */
#ifndef BSPGEN_SRCLUMPS_GEN_H
#define BSPGEN_SRCLUMPS_GEN_H

#include "source_writer.h"

/* The world light lumps' version the writer uses for these options. */
int src_light_version(const src_opts *o);
/* Lumps 42, 15 (o->ldr), 54 (o->hdr) of w, little-endian, and the lights'
 * lump versions. */
void src_gen_cubemaps_lights(const gen_world *w, const src_opts *o, gbuf *L, int *lump_version);
/* Lump 40 of a PC map without one: a stored zip holding some of its
 * cubemaps' textures, named for the map file `path` as vbsp names them. */
void src_gen_pakfile(const gen_world *w, const src_opts *o, const char *path, gbuf *pak);

#endif
