/* SPDX-License-Identifier: MIT */
/* face_light.h - what the light queries need of each face, worked out once
 * at load (face_light.c), as an engine's CalcSurfaceExtents keeps a
 * surface's texturemins and extents: the family's lightmap rule's answer
 * (docs/queries.md 4, 10.3) for every face, so that bsp_light_point and
 * bsp_luxel read a record instead of walking a face's edges on every query.
 *
 * The region's size is the faces lump's record count times the record
 * (bsp__face_light_bytes), so bsp_measure counts it from the header alone.
 * A record holds the rule's status, so a face the rule refuses (a lump not
 * loaded, extents that cannot be computed) answers what it answered when
 * the rule ran per query.
 */
#ifndef BSP_FACE_LIGHT_H
#define BSP_FACE_LIGHT_H

#include "../family/family.h"
#include "../core/map.h"

/* Families with a face_lightmap rule (Quake 3's surfaces have face_luxel,
 * a triangle search with nothing to keep per face). */
#define BSP__USE_FACE_LIGHT \
    (BSP__USE_EXTENTS_LIGHTMAP || BSPKIT_FAMILY_SOURCE || BSPKIT_FAMILY_NIGHTFIRE)

enum {
    BSP__FL_BAD = 1,       /* bsp__lightmap.bad */
    BSP__FL_LIT0 = 2,      /* has a lightmap for slot 0; `first` is its block */
    BSP__FL_BROKEN0 = 4,   /* lit for slot 0 but its extents cannot be
                              computed: the light walk's corrupt */
    BSP__FL_SKIP = 8,      /* source: a displacement, which the walk skips */
    BSP__FL_LATER = 16,    /* past the load's budget: the rule runs per query */
    BSP__FL_READY0 = 32,   /* the rule answered, lit for slot 0, not skipped,
                              w and h at most 2^22 (any, in a build for
                              size): the light walk samples it with no
                              other test */
    BSP__FL_GREY0 = 64     /* READY0 with one byte a luxel and no HDR: the
                              sample is grey */
};

/* One face: the bsp__lightmap its rule gives, less the styles (which stay
 * in the face record or the BSPX table: bsp__lightmap_styles), and what the
 * light walk asks first. */
typedef struct bsp__face_light {
    float vecs[2][4];
    float base[2];
    float scale;
    float umax, vmax;    /* LIT0: w - 1, h - 1 as floats, the walk's bounds */
    int32_t w, h;
    int32_t lightofs;
    uint32_t first;      /* slot 0's first byte in the lighting view (LIT0) */
    uint32_t cost;       /* the light walk's budget for testing the face */
    uint8_t status;      /* the rule's bsp_status (BSP_OK: the fields hold) */
    uint8_t pages;
    uint8_t bytes_per_luxel;
    uint8_t flags;       /* BSP__FL_* */
} bsp__face_light;

/* bsp__map.light_fast: a light walk answers nothing at once (light_none
 * and the family has a lighting lump), or needs none of its guards. */
enum { BSP__LIGHT_NONE = 1, BSP__LIGHT_PROVED = 2 };

/* The region for a faces lump of `faces` records, a multiple of 8. */
uint32_t bsp__face_light_bytes(uint32_t faces);

/* What face `face`'s record says before its rule runs: the walk's cost,
 * BSP__FL_SKIP, and BSP__FL_LATER (the rest not worked out). */
void bsp__face_light_start(const bsp__map *m, uint32_t face, bsp__face_light *r);

/* Face `face`'s record, by the family's rule (the load's and a query's
 * when the map has none for it). */
void bsp__face_light_make(const bsp__map *m, uint32_t face, bsp__face_light *r);

/* Every face's record into `mem` (bsp__face_light_bytes(m->faces.count)
 * bytes), at the load's end once the light source is resolved and the
 * point tree built; sets m->face_light, m->light_none and m->light_fast.
 * The rules' work is bounded by the faces
 * and their edges and vertices: a hostile file whose faces share one long
 * loop leaves the rest to the queries (BSP__FL_LATER). */
void bsp__face_light_build(bsp__map *m, void *mem);

/* docs/queries.md 4's "no_lightmap before corrupt": lm would be lit for
 * `slot` but its extents cannot be computed. */
int bsp__lit_but_broken(const bsp__map *m, const bsp__lightmap *lm, uint32_t slot);

/* The bsp__lightmap of record r of face `face` (its styles from the face). */
void bsp__face_light_lightmap(const bsp__map *m, uint32_t face, const bsp__face_light *r,
                              bsp__lightmap *lm);

#endif
