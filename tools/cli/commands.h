/* SPDX-License-Identifier: MIT */
/* commands.h - the commands main (bspkit.c) dispatches to through its one
 * table of commands (word, handler, help), one file each (the pictures'
 * render is tools/pictures/render_cmd.c), and the query lines' help,
 * printed from the table cmd_query.c parses with. */
#ifndef BSPKIT_TOOL_COMMANDS_H
#define BSPKIT_TOOL_COMMANDS_H

#include <stdio.h>
#include "../common/tool.h"

int cmd_info(const char *path, int hdr, int forward);       /* cmd_info.c */
int cmd_stats(const char *path, int forward);
int cmd_entities(const char *path, int forward);             /* cmd_entities.c */
int cmd_gamelumps(const char *path, int forward);
int cmd_query(const char *path, int hdr, int forward);       /* cmd_query.c */
int cmd_leaves(const char *path, int forward);               /* cmd_access.c */
int cmd_faces(const char *path, int hdr, int forward);
int cmd_models(const char *path, int forward);
int cmd_brushes(const char *path, int forward);
int cmd_dispverts(const char *path, int hdr, int forward);   /* cmd_verts.c */
/* The faces line's keys of docs/queries.md 11.10 (texture and lightmap
 * sizes, normal source, each stored vertex's attributes). */
bsp_status tool_print_face_attrs(const bsp_map *m, uint32_t face, const bsp_face *f);
int cmd_props(const char *path, int forward);                /* cmd_props.c */
int cmd_cubemaps(int argc, char **argv);                     /* cmd_srclumps.c */
int cmd_lights(const char *path, int hdr, int forward);
int cmd_pak(int argc, char **argv);                          /* cmd_pak.c */
int cmd_textures(int argc, char **argv);                     /* cmd_textures.c */
int cmd_wad(int argc, char **argv);
int cmd_patches(int argc, char **argv);                      /* cmd_patches.c */
int cmd_meshes(int argc, char **argv);                       /* cmd_meshes.c */
int cmd_render(int argc, char **argv);                       /* ../pictures/render_cmd.c */
int cmd_styles(int argc, char **argv);                       /* cmd_styles.c */
int cmd_atlas(int argc, char **argv);                        /* cmd_atlas.c */
int cmd_atlas_check(int argc, char **argv);                  /* cmd_atlas_check.c */

/* The query lines as --help shows them, indented by `indent` spaces. */
void tool_print_query_lines(FILE *out, int indent);
/* --list-queries: the words alone, one a line (the suite reads them). */
void tool_print_query_words(FILE *out);

#endif
