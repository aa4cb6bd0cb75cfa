/* expect.h - query lines and expected answers for one written map. */
#ifndef BSPGEN_EXPECT_H
#define BSPGEN_EXPECT_H

#include "world.h"

typedef struct {
    const char *name; /* file stem: NAME.queries, .expected, .api, .counts */
    int has_ldr;      /* faces + lighting pair 7/8 written */
    int has_hdr;      /* faces + lighting pair 58/53 written */
    int has_vis;      /* visibility lump written (else everything visible) */
    int max_rooms;    /* rooms sampled for point queries; 0: all */
    const char *seed_name; /* the variant whose answers these are (the same
                            * world in another file format); NULL: name */
    int api_slots;    /* style slots tried per face in NAME.api; 0: 4 */
} gen_expect_opts;

void gen_write_expected(const gen_world *w, const gen_expect_opts *o, const gen_counts *c, const char *outdir);

#endif
