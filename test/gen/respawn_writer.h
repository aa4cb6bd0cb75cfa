/* SPDX-License-Identifier: MIT */
/* respawn_writer.h - Respawn rBSP and PSBr maps, and hostile copies of
 * them, under OUTDIR/respawn/ (respawn_writer.c; docs/queries.md 12). */
#ifndef BSPGEN_RESPAWN_WRITER_H
#define BSPGEN_RESPAWN_WRITER_H

void gen_respawn_maps(const char *outdir);

#endif
