/* SPDX-License-Identifier: MIT */
/* q3light.h - Quake 3 lighting of a generated world: surfaces with
 * lightmap coordinates on 128 x 128 pages (planar, triangle soups,
 * patches, flares), the light grid with its gridsize key, and the answers
 * docs/queries.md 4 and 7 give for them, computed from this description (never
 * from a written file). quake3_writer.c writes what is described here. */
#ifndef BSPGEN_Q3LIGHT_H
#define BSPGEN_Q3LIGHT_H

#include "family.h"

#define GEN_Q3_PAGE 49152 /* 128 * 128 * 3 bytes */
#define GEN_Q3_MAXV 9     /* drawverts of one surface */
#define GEN_Q3_MAXI 32    /* drawindexes of one surface */

typedef struct {
    int type; /* 1 planar, 2 patch (3 x 3 control points), 3 soup, 4 flare */
    int page; /* lightmapNum: -1 none, npages: past the lump */
    int nverts, nindexes;
    float xyz[GEN_Q3_MAXV][3];
    float lm[GEN_Q3_MAXV][2];
    int idx[GEN_Q3_MAXI];
} gen_q3surf;

/* What lump 15 holds. */
enum { GEN_Q3_GRID_NONE, GEN_Q3_GRID_OK, GEN_Q3_GRID_SHORT };
/* Raven's grid (RBSP, FBSP: docs/queries.md 13.3): none (Quake 3's
 * cells); the cells as 30-byte points through the light array, the
 * in-wall cells sharing one point of style 255 (style 0 answers as Quake
 * 3's); or sharing one dark point of style 0 (kept by Raven's rule), one
 * cell's entry past lump 15, and slot 0 of some surfaces style 255. */
enum { GEN_Q3_RAVEN_NONE, GEN_Q3_RAVEN_TWIN, GEN_Q3_RAVEN_DARK };

typedef struct gen_q3l {
    int npages;
    gen_q3surf *surf;       /* [w->nfaces] */
    int nsurf;
    const char *worldspawn; /* extra key lines of the first entity, or NULL */
    int grid;               /* GEN_Q3_GRID_* */
    float size[3];          /* as sscanf reads the worldspawn's keys */
    int bounds[3];          /* cells per axis; 0: no grid by the contract */
    float origin[3], inv[3];
    gbuf cells;             /* lump 15 */
    int side;               /* page texels a side: 128 (qfusion 512) */
    int raven;              /* GEN_Q3_RAVEN_* */
    gbuf points, array;     /* Raven's lumps 15 and 17 */
    long bad_cell;          /* DARK: the cell whose entry is past lump 15 */
} gen_q3l;

/* worldspawn: key lines for the first entity (NULL: none); grid: what
 * lump 15 holds. */
void gen_q3l_build(const gen_world *w, const char *worldspawn, int grid, gen_q3l *q);
void gen_q3l_free(gen_q3l *q);
/* The lighting as RBSP / FBSP (raven: GEN_Q3_RAVEN_*; side 128 or 512,
 * the surfaces' lightmap coordinates scaled to it: the same texels). */
void gen_q3l_raven(gen_q3l *q, int raven, int side);
/* Raven: slot 0's style of surface f (255: no lightmap). */
int gen_q3l_style0(const gen_q3l *q, int f);
/* Raven: the styles of point k's four slots. */
void gen_q3l_point_styles(long k, unsigned char styles[4]);

/* The lightmaps lump (npages pages). */
void gen_q3l_pages(const gen_q3l *q, gbuf *out);

/* docs/queries.md 4 for surface f at p, slot 0, as one JSON line appended to e.
 * Returns 0 (and appends nothing) when p is too close to a triangle edge,
 * a texel edge or a distance tie for the answer to be a robust test. */
int gen_q3l_luxel(const gen_q3l *q, int f, const float p[3], gbuf *e);

/* docs/queries.md 7 (quake3; 13.3 for Raven's points, light style
 * `style`) at p, one JSON line appended to e. */
void gen_q3l_ambient(const gen_q3l *q, const float p[3], int style, gbuf *e);

#endif
