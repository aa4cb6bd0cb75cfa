/* SPDX-License-Identifier: MIT */
/* nflight.h - Nightfire lightmaps of a generated world (nflight.c): the
 * view's LightingOffsets, sizes and lighting lump, and the contract's
 * luxel coordinates, derived from the world, never from a written file. */
#ifndef BSPGEN_NFLIGHT_H
#define BSPGEN_NFLIGHT_H

#include "family.h"
#include "idtech.h"

/* Fills v->nf_ofs, v->qlm (tmins = lo, in luxels), v->nf_lightbytes. */
void gen_nf_light_build(gen_view *v);
/* Lump 10 for a view built with gen_nf_light_build. */
void gen_nf_light_lump(const gen_view *v, gbuf *out);
int gen_nf_has_lightmap(const gen_view *v, int f, int slot);
/* (s - lo_s, t - lo_t) at p: the luxel coordinates before rounding. */
void gen_nf_lux(const gen_view *v, int f, const float p[3], float out[2]);

#endif
