/* SPDX-License-Identifier: MIT */
/* map_access.h - what the map access files (map_*.c) share: the checks
 * every function starts with and the readers of described fields. */
#ifndef BSP_MAP_ACCESS_H
#define BSP_MAP_ACCESS_H

#include "../query/query.h"
#include "../core/map.h"

#define BSP__REC(v, i) ((v).data + (size_t)(i) * (v).stride)

/* The access description of a loaded map; NULL when m cannot answer. */
BSP_INLINE const bsp__access *bsp__access_of(const bsp__map *m)
{
    return (m && m->family) ? m->family->access : NULL;
}

/* The answer of a call the access description cannot serve: UNSUPPORTED
 * on a map of a family whose faces and records are not read yet
 * (bsp__no_tree: Respawn's), BAD_ARGUMENT otherwise (a NULL pointer, an
 * unloaded map). */
#if BSPKIT_FAMILY_RESPAWN
#define bsp__no_access(m) \
    (((m) && (m)->family && bsp__no_tree(m)) ? BSP_E_UNSUPPORTED : BSP_E_BAD_ARGUMENT)
#else
#define bsp__no_access(m) BSP_E_BAD_ARGUMENT
#endif

/* A lump the access description names, as loaded; NULL if not. */
BSP_INLINE const uint8_t *bsp__access_lump(const bsp__map *m, int role, uint32_t *size)
{
    int lump = m->family->access->lumps[role];
    *size = 0;
    if (lump < 0 || !m->lump_data[lump]) return NULL;
    *size = m->lump_size[lump];
    return m->lump_data[lump];
}

/* The access lump of `role` is not in memory: `none` when the file stores
 * it empty (a map without such records), NOT_LOADED when the load left it
 * out. */
BSP_INLINE bsp_status bsp__access_absent(const bsp__map *m, int role, bsp_status none)
{
    return bsp__lump_absent(m, m->family->access->lumps[role], none);
}

/* Lumps a record reads (their bytes in memory or NULL, their index):
 * NOT_LOADED when the load left one out; else, for those the file stores
 * empty, CORRUPT when the record has entries there (`used`: the load
 * checks runs only into lumps it holds), OK when it has none. */
typedef struct bsp__need { const void *data; int lump; } bsp__need;
bsp_status bsp__needs_absent(const bsp__map *m, const bsp__need *n, uint32_t count, int used);

/* (bsp__map_flags, a family's flag rules: family/description.h) */

/* The face's lightmap mapping: the family's face_lightmap rule, or
 * BSP_E_UNSUPPORTED when the family has none. */
BSP_INLINE bsp_status bsp__face_lightmap(const bsp__map *m, uint32_t face, bsp__lightmap *lm)
{
    if (m->family->faces.face_lightmap) return m->family->faces.face_lightmap(m, face, lm);
    return BSP_E_UNSUPPORTED;
}

/* The texture lump's entries (bsp_texture_name's range): records, or the
 * miptex directory's count (0 when it does not fit its lump). */
uint32_t bsp__texture_records(const bsp__map *m);
/* The style of slot k (below lm->num_styles) as a number, 0xFFFF for none
 * (LMSTYLE16's numbers, or the byte styles with 255 as none). */
uint32_t bsp__lightmap_style(const bsp__lightmap *lm, uint32_t k);
/* Slot `slot`'s block in the light source (docs/queries.md section 4 /
 * 10.3 "has a lightmap"), NULL when it has none: bsp_face_lightmap_data's
 * rule for a face whose mapping lm is worked out. */
const uint8_t *bsp__lightmap_slot(const bsp__map *m, const bsp__lightmap *lm, uint32_t slot);

/* A texture reference: the texture index (-1: none), the family's own
 * surface flags and BSP_SURF_*. */
typedef struct bsp__texture_use {
    int32_t texture;
    uint32_t raw_flags, flags;
} bsp__texture_use;

/* What a face or brush side names: texture index `texture` (-1: none) or,
 * when texinfo >= 0, texinfo record `texinfo` (in range: the caller
 * checked). An index outside the texture lump reads as none. */
void bsp__texture_ref(const bsp__map *m, int32_t texture, int32_t texinfo, bsp__texture_use *out);

#endif
