/* SPDX-License-Identifier: MIT */
/* expect.h - query lines and expected answers for one written map. */
#ifndef BSPGEN_EXPECT_H
#define BSPGEN_EXPECT_H

#include "family.h"

typedef struct {
    const char *name; /* file stem: NAME.queries, .expected, .api, .counts */
    int has_ldr;      /* faces + lighting pair 7/8 written (other families: 1) */
    int has_hdr;      /* faces + lighting pair 58/53 written (other families: 0) */
    int max_rooms;    /* rooms sampled for point queries; 0: all */
    const char *seed_name; /* the variant whose answers these are (the same
                            * world in another file format); NULL: name */
    int api_slots;    /* style slots tried per face in NAME.api; 0: 4 */
    int ambient;      /* GEN_AMB_* (ambient.h): what `ambient` answers from */
    const char *no_collision; /* collision's lumps cannot be loaded (Dota 2's
                               * brush sides, v22/v23): every well-formed
                               * collision line answers this error; NULL: none */
    int no_lightmaps;         /* the variant reads no lightmap (the original
                               * Xbox's Half-Life 2, docs/queries.md 13.5):
                               * luxel and light answer no_lightmap */
    int no_collision_lines;   /* write no collision lines: the map has curved
                               * surfaces (lit Quake 3), which the description
                               * does not model; the suite compares those maps'
                               * collision with the reference instead (part 43) */
} gen_expect_opts;

/* Answers through v (gen_view_build of the family written). */
void gen_write_expected(const gen_world *w, const gen_view *v, const gen_expect_opts *o, const gen_counts *c,
                        const char *outdir);

/* Collision lines (trace, hulltrace, contents, hullcontents) and their
 * answers, appended to q and e (expect_trace.c); at most max_rooms rooms
 * (0: no limit beyond its own). */
void gen_expect_collision(const gen_world *w, const gen_view *v, gbuf *q, gbuf *e, int max_rooms,
                          const char *no_collision);

#endif
