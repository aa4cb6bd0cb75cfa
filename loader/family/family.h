/* SPDX-License-Identifier: MIT */
/* family.h - what the rest of the loader asks of the families: the
 * descriptions this build carries, detection, record layouts, and the rules
 * that families share (each family's description points at its own). */
#ifndef BSP_FAMILY_H
#define BSP_FAMILY_H

#include "../../port/bsp_port.h"
#include "../core/map.h"
#include "../core/fmath.h"
#include "description.h"

/* What bsp_open says a file it refuses appears to be (foreign.c): formats
 * that share a family's look but are different (Titanfall's rBSP). NULL:
 * nothing known. */
const char *bsp__foreign_format(const uint8_t first[8]);

/* Tactical Intervention's encryption (xor.c): every byte of the file XORed
 * with key[offset % 32]. The key sits where the plain header has 32 zero
 * bytes (lump entries 23.5..25.5, never used), so the file carries it. */
#define BSP__XOR_KEY_AT 384
#define BSP__XOR_KEY_BYTES 32
#define BSP__XOR_HEADER_BYTES 1036   /* the Source header it hides */
void bsp__xor(uint8_t *p, uint32_t len, uint32_t file_offset, const uint8_t *key);

/* The families this build carries (core/config.h), NULL-terminated. */
extern const struct bsp_family *const bsp__families[];

/* The family whose magic and version the first 8 bytes carry; NULL with
 * *status BAD_MAGIC (no family's magic) or BAD_VERSION (a known magic with
 * no matching version: never a guess). *big_endian for the file. */
const struct bsp_family *bsp__detect(const uint8_t first[8], int32_t *version,
                                     uint8_t *big_endian, bsp_status *status);

/* The description that reads this file: `f` or, along its lump_variant chain,
 * the one the directory's lump versions select, or f's dir_variant when
 * its rule fires (NULL: a variant this build left out; bad_version). */
const struct bsp_family *bsp__family_for_lumps(const struct bsp_family *f, const bsp_header *h);

/* The record layout of lump `index` in this file; NULL if none is known.
 * Role lumps always have one (their validation depends on it). */
const bsp__layout *bsp__lump_layout(const bsp_header *h, uint32_t index);

/* Does any rule of the family's layout tables name lump `index`? A lump
 * they name with no layout (bsp__lump_layout NULL) is stored at a version
 * none of their rules reads (or one they mark unknown, as Dota 2's brush
 * sides); lumps no table names (bytes: the entity text, the lighting)
 * are never of an unknown version. */
int bsp__lump_named(const bsp_header *h, uint32_t index);

/* The cluster of leaf number `index` (record `leaf`): -1 for none. */
int32_t bsp__leaf_cluster(const bsp__map *m, const uint8_t *leaf, uint32_t index);

/* num_clusters = one more than the largest cluster a leaf names; for
 * families whose map may have no vis lump. */
bsp_status bsp__clusters_from_leaves(bsp__map *m);

/* Clusters as world leaves (leafvis.c): the first and count from model 0;
 * the row of a cluster from its leaf's leaf_visofs, -1 meaning every
 * cluster is visible. */
int32_t bsp__world_first_leaf(const bsp__map *m);
bsp_status bsp__leafvis_finish(bsp__map *m);
bsp_status bsp__leafvis_row(const bsp__map *m, int32_t cluster, int pas, bsp__vis_row *row);

/* Every lightmap rule starts here: the face's styles, light offset and
 * luxel size filled, the rest cleared (scale 1); returns the face record.
 * bsp__lightmap_vecs reads texinfo's lightmap vectors, returns its record. */
const uint8_t *bsp__lightmap_start(const bsp__map *m, uint32_t face, bsp__lightmap *lm);
/* Its styles alone: the BSPX LMSTYLE / LMSTYLE16 table's (10.3) when the
 * map has one, else those of the face record f. */
void bsp__lightmap_styles(const bsp__map *m, uint32_t face, const uint8_t *f, bsp__lightmap *lm);
const uint8_t *bsp__lightmap_vecs(const bsp__map *m, int32_t texinfo, bsp__lightmap *lm);

/* One vertex (float x, y, z at v) into a face's texture-space extents, as
 * the compilers computed them: per axis dot(v, vecs.xyz) + vecs.w summed in
 * double, each double operation rounded to double (fmath.h says why), then
 * rounded once to float; k == 0 starts lo and hi. */
BSP_INLINE void bsp__extent_add(float vecs[2][4], const uint8_t *v, uint32_t k, float lo[2],
                                float hi[2])
{
    double x = bsp__f32(v), y = bsp__f32(v + 4), z = bsp__f32(v + 8);
    int axis;
    for (axis = 0; axis < 2; axis++) {
        const float *t = vecs[axis];
        double px = bsp__round_d(x * t[0]), py = bsp__round_d(y * t[1]);
        double pz = bsp__round_d(z * t[2]), sxy = bsp__round_d(px + py);
        double sum = bsp__round_d(bsp__round_d(sxy + pz) + (double)t[3]);
        float val = bsp__round((float)sum);
        if (k == 0 || val < lo[axis]) lo[axis] = val;
        if (k == 0 || val > hi[axis]) hi[axis] = val;
    }
}

/* The Quake-family lightmap of docs/queries.md section 4: extents from the
 * face's vertices, 16 texels per luxel (quake, goldsrc, bsp2, quake2). */
bsp_status bsp__extents_lightmap(const bsp__map *m, uint32_t face, bsp__lightmap *lm);

/* The Quake 3 surface luxel of docs/queries.md 4 (luxel_q3.c). */
bsp_status bsp__q3_luxel(const bsp__map *m, uint32_t face, const float p[3], uint32_t slot,
                        bsp_sample *out);

/* The finishing of a luxel shared by every rule: raw bytes and colour
 * (lightmap.c). */
void bsp__sample_bytes(bsp_sample *out, const uint8_t *s, uint32_t bytes);
/* A one-byte (grey) sample s into *out: its byte, and each channel the
 * byte over 255 (inline for the light walk's faces; bsp__sample_bytes
 * gives the same). */
BSP_INLINE void bsp__sample_grey(bsp_sample *out, const uint8_t *s)
{
    float c = bsp__fdiv((float)s[0], 255.0f);
    out->hdr = 0;
    out->raw_len = 1;
    out->raw[0] = s[0];
    out->raw[1] = out->raw[2] = out->raw[3] = 0;
    out->rgb[0] = out->rgb[1] = out->rgb[2] = c;
}

/* The BSPX directory (bspx.c, docs/queries.md 10.1): the first entry
 * called `name` (-1: none); whether a stored name is one the lighting set
 * loads; a map's BSPX lump by name, NULL (size 0) when it has none or the
 * load did not read it. The light grid, the light sources and the luxel
 * placement read their lumps through bsp__bspx_lump. */
/* A forward-only stream's bytes from the directory's first place to the
 * end of the file: planned as this lump (h->lumps[BSP__BSPX_TAIL]) and
 * searched at the end of the load. The Quake families use far fewer. */
#define BSP__BSPX_TAIL (BSP_BSPX_FIRST - 1u)
int bsp__bspx_index(const bsp_bspx *d, const char *name);
int bsp__bspx_lighting(const char *stored);
const uint8_t *bsp__bspx_lump(const bsp__map *m, const char *name, uint32_t *size);

/* The light source and face placement lumps of docs/queries.md 10.2-10.3
 * (light_source.c), into m->light and the m->lighting view, once the
 * lumps are in place; lit/lit_size the caller's .lit when the plan read it
 * (lit_check BSP_LIT_READ). */
void bsp__light_resolve(bsp__map *m, const uint8_t *lit, uint32_t lit_size, uint8_t lit_check,
                        int prefer_hdr);

/* The vanilla lighting lump as the source, the family's styles and luxel
 * bytes: what bsp__light_resolve starts from, and all a build without
 * BSP__USE_BSPX has (so it carries no light_source.c). */
BSP_INLINE void bsp__light_vanilla(struct bsp__light_info *li, const struct bsp_family *f,
                                   const uint8_t *vanilla, uint8_t lit_check)
{
    bsp__fill(li, 0, sizeof *li);
    li->lit = lit_check;
    li->style_slots = f->faces.face_num_styles;
    li->bytes = f->faces.luxel_bytes;
    li->source = vanilla ? BSP_LIGHT_LIGHTING : BSP_LIGHT_NONE;
}

/* Style slot `slot` of a face's lightmap is unused: past its slots, or
 * 255 (0xFFFF in LMSTYLE16). */
BSP_INLINE int bsp__style_none(const bsp__lightmap *lm, uint32_t slot)
{
    if (slot >= lm->num_styles) return 1;
    /* (LMSTYLE16 is a BSPX lump: none without BSP__USE_BSPX) */
    if (BSP__USE_BSPX && lm->wide_styles) return lm->styles[2 * slot] == 0xff && lm->styles[2 * slot + 1] == 0xff;
    return lm->styles[slot] == 255;
}

/* A sample of the map's light source into *out: bsp__sample_bytes, or an
 * E5BGR9 one (docs/queries.md 10.2) when the source is HDR. */
void bsp__sample_light(const bsp__map *m, bsp_sample *out, const uint8_t *s, uint32_t bytes);
/* The E5BGR9 sample at s (4 bytes), whatever the map's source. */
void bsp__sample_e5bgr9(bsp_sample *out, const uint8_t *s);   /* (BSP__USE_BSPX only) */

/* Source and Quake 2 dvis_t: numclusters, then a PVS and a PAS offset per
 * cluster; checks the table at load and locates rows. */
bsp_status bsp__dvis_finish(bsp__map *m);
bsp_status bsp__dvis_row(const bsp__map *m, int32_t cluster, int pas, bsp__vis_row *row);

/* Does family f keep lumps in parts (dir.parts, docs/queries.md 12.8)? */
BSP_INLINE int bsp__family_parts(const struct bsp_family *f)
{
#if BSP__USE_PARTS
    return f->dir.parts;
#else
    (void)f;
    return 0;
#endif
}

#endif
