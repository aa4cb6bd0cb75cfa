/* SPDX-License-Identifier: MIT */
/* textures.h - the texture fixtures (docs/queries.md 11.2): maps with
 * every kind of miptex record, WAD2/WAD3 files and Quake 2 .wal files,
 * into OUTDIR/tex/ (textures.c). */
#ifndef BSPGEN_TEXTURES_H
#define BSPGEN_TEXTURES_H

/* From the q1, bsp2 and goldsrc maps already in OUTDIR. */
void gen_texture_files(const char *outdir);

#endif
