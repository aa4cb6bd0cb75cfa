/* SPDX-License-Identifier: MIT */
/* lightmap_block.h - what the light style, texel and atlas files share
 * (docs/queries.md 11.6, 11.7): one (face, slot) block as its bytes and
 * how a luxel of it reads, its texels written into a page, and the
 * combined light of a face written the same way. */
#ifndef BSP_LIGHTMAP_BLOCK_H
#define BSP_LIGHTMAP_BLOCK_H

#include "map_access.h"

/* One block: the slot's bytes and their shape. A luxel (x, y), x in
 * 0 .. bump * w - 1, is the bpl bytes at data + bpl * ((x / w) * w * h +
 * y * w + x % w): Source's bump directions lie side by side. */
typedef struct bsp__lm_block {
    const uint8_t *data;
    uint32_t w, h;         /* one direction's block (quake3: its page) */
    uint32_t bump;         /* B: 4 for Source SURF_BUMPLIGHT faces, else 1 */
    uint32_t bpl;          /* bytes per luxel: 1 grey, 3 RGB, 4 RGBE or E5BGR9 */
    uint8_t hdr;           /* the 4 bytes are E5BGR9, not Source's RGBE */
} bsp__lm_block;

/* A face's lightmap, worked out once: the shape its blocks share, each
 * slot's bytes (NULL: no block, bsp_face_lightmap_data's NO_LIGHTMAP) and
 * styles (0xFFFF: none). Slots past 8 are not kept. */
typedef struct bsp__lm_face {
    bsp__lm_block shape;   /* data NULL */
    const uint8_t *slot[8];
    uint16_t styles[8];
    uint32_t num_styles;
} bsp__lm_face;

/* Face `face`'s lightmap (not quake3: its pages are not the faces'), with
 * bsp_face_lightmap_data's statuses before NO_LIGHTMAP (BAD_ARGUMENT,
 * NOT_LOADED, BAD_FACE, UNSUPPORTED, CORRUPT). */
bsp_status bsp__lm_face_of(const bsp_map *m, uint32_t face, bsp__lm_face *out);

/* Bytes per texel of a bsp_texel_format. */
BSP_INLINE uint32_t bsp__texel_bytes(uint32_t format)
{
    return format == BSP_TEXELS_RGB8 ? 3u : 4u;
}

/* Face `face`'s block of style slot `slot`: bsp_get_face's shape and
 * bsp_face_lightmap_data's bytes, with their statuses (quake3: the face's
 * page, page_texels a side). */
bsp_status bsp__lm_block_of(const bsp_map *m, uint32_t face, uint32_t slot, bsp__lm_block *out);

/* Quake 3 lightmap page `page` (of the lump's whole pages) as a block. */
void bsp__q3_page_block(const uint8_t *pages, uint32_t page, uint32_t side, bsp__lm_block *out);

/* The interior of block b as texels of `format` at texel (x0, y0) of a
 * page whose rows are `row_bytes` long. */
void bsp__put_block(const bsp__lm_block *b, uint32_t format, uint8_t *page, size_t row_bytes,
                    uint32_t x0, uint32_t y0);

/* The border of the interior w x h at (x0, y0): each of the `border`
 * texels around it a copy of the interior texel nearest to it. */
void bsp__put_border(uint8_t *page, size_t row_bytes, uint32_t texel_bytes, uint32_t x0,
                     uint32_t y0, uint32_t w, uint32_t h, uint32_t border);

/* How a combined block is written: the combine's own bytes (1, 3 or 4
 * channels, rows packed) or texels of an RGB8 / RGBA8 page. */
#define BSP__COMBINE_OWN 0xffu

/* The combine rule of map m: BSP_COMBINE_*, BSP_COMBINE_NONE when it has
 * none (family, E5BGR9 light). */
uint32_t bsp__combine_rule(const bsp__map *m);

/* bsp_measure_combine's work, for the atlas too; the face's lightmap into
 * *lf for bsp__combine_put. */
bsp_status bsp__combine_info(const bsp_map *m, uint32_t face, bsp_combine_info *out,
                             bsp__lm_face *lf);

/* The combined light (bsp_face_combine's rule) of the face that
 * bsp__combine_info gave info and lf for, written as `kind`
 * (BSP__COMBINE_OWN, BSP_TEXELS_RGB8 or _RGBA8) at dst, rows row_bytes
 * apart; v checked by the caller. */
void bsp__combine_put(const bsp__map *m, const bsp_combine_info *info, const bsp__lm_face *lf,
                      const bsp_style_values *v, uint32_t kind, uint8_t *dst, size_t row_bytes);

/* The style values v can serve map m's rule: the table it reads given. */
int bsp__values_ok(const bsp__map *m, const bsp_style_values *v);

/* The atlas's blocks for params p (atlas_pack.c), placed on pages: into
 * rects[0 .. cap - 1] when they fit (*out->rects says how many there
 * are; with fewer than that, or rects NULL, only counted and measured),
 * the table ordered by face, lightmap, slot. The params are checked
 * first; a page too small for a block is BAD_ARGUMENT after the count. */
bsp_status bsp__atlas_pack(const bsp_map *m, const bsp_atlas_params *p, bsp_atlas_rect *rects,
                           size_t cap, bsp_atlas_size *out);
/* Where the pages start in a built atlas's memory: after the rect table. */
size_t bsp__atlas_pages_at(uint32_t rects);

#endif
