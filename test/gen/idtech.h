/* SPDX-License-Identifier: MIT */
/* idtech.h - writers of the non-Source families (quake, goldsrc, bsp2,
 * quake2, quake3, nightfire) over a gen_view, and what they share.
 *
 * Every writer lays lumps out in the order the family's compilers leave
 * them (compare the maps in shared/maps), each non-empty lump at a 4-byte
 * aligned offset, an empty lump at the offset where the next one would go,
 * and fills counts with the NAME.counts keys of its family (main.c). */
#ifndef BSPGEN_IDTECH_H
#define BSPGEN_IDTECH_H

#include "family.h"

void qk_write(const gen_view *v, const char *path, gen_counts *c);  /* quake, goldsrc, bsp2, 2PSB */
void q2_write(const gen_view *v, const char *path, gen_counts *c);  /* quake2 */
void q3_write(const gen_view *v, const char *path, gen_counts *c);  /* quake3 */
void nf_write(const gen_view *v, const char *path, gen_counts *c);  /* nightfire */

/* ---------------- shared (idtech_common.c) ---------------- */

/* The file: prefix (magic and/or version, 4 or 8 bytes), then a directory
 * of nlumps {int32 fileofs, int32 filelen}, then the lumps in order. */
void id_assemble(const unsigned char *prefix, int prefix_len, gbuf *lumps, int nlumps, const int *order,
                 const char *path);

/* The entity text (worldspawn, a player start in the player's room, the
 * door as "*1"), NUL-terminated. family picks the class names and keys. */
void id_entities(const gen_world *w, int family, gbuf *b);

/* The four corners of face f as vertex indices, in its edge order. */
void id_face_verts(const gen_world *w, int f, int v[4]);

/* Child reference of a node as written: a node index, or -1 - file leaf. */
int id_child(const gen_view *v, int child);

/* Range-checked narrowing for record fields. */
unsigned id_u16(long v, const char *what);
unsigned id_s16(long v, const char *what);

/* Bounds of a file leaf or node (file leaf 0 of quake: zeros). */
void id_leaf_bounds(const gen_view *v, int file_leaf, int lo[3], int hi[3]);
void id_node_bounds(const gen_view *v, int node, int lo[3], int hi[3]);

/* Texture names without the Source directory case: "dev/dev_measuregeneric01". */
void id_texture_name(int texdata, char *out, size_t n);

#endif
