/* SPDX-License-Identifier: MIT */
/* families.c - the families this build carries, and the generic readings of
 * their descriptions: detection and per-lump layout. */
#include "family.h"
#include "../core/map.h"

const struct bsp_family *const bsp__families[] = {
#if BSPKIT_FAMILY_SOURCE
    &bsp__family_source,
#endif
#if BSP__BLOODLINES
    &bsp__family_source17,
#endif
#if BSP__DARK_MESSIAH
    &bsp__family_source_dm,
#endif
#if BSPKIT_FAMILY_QUAKE
    &bsp__family_quake,
#endif
#if BSP__QUAKE64
    &bsp__family_quake64,
#endif
#if BSPKIT_FAMILY_GOLDSRC
    &bsp__family_goldsrc,
#endif
#if BSPKIT_FAMILY_BSP2
    &bsp__family_bsp2,
    &bsp__family_bsp2_rmq,
#endif
#if BSPKIT_FAMILY_QUAKE2
    &bsp__family_quake2,
#endif
#if BSP__QBISM
    &bsp__family_quake2_qbism,
#endif
#if BSP__DAIKATANA
    &bsp__family_quake2_daikatana,
#endif
#if BSPKIT_FAMILY_QUAKE3
    &bsp__family_quake3,
#endif
#if BSP__IBSP47
    &bsp__family_quake3_47,
#endif
#if BSP__RAVEN
    &bsp__family_quake3_raven,
#endif
#if BSP__QFUSION
    &bsp__family_quake3_qfusion,
#endif
#if BSPKIT_FAMILY_NIGHTFIRE
    &bsp__family_nightfire,
#endif
#if BSPKIT_FAMILY_RESPAWN
    &bsp__family_respawn29,
    &bsp__family_respawn,
#endif
    NULL
};

/* 0: not this family's file; 1: its magic with a version it does not
 * have; 2: its file, *big_endian set. The magic read backwards (with
 * swapped_magic) marks a big-endian file. */
static int recognise(const struct bsp_family *f, const uint8_t first[8], int32_t *version,
                     uint8_t *big_endian)
{
    int k, forwards = 1, backwards = f->detect.swapped_magic;
    for (k = 0; k < 4; k++) {
        forwards &= (uint8_t)f->detect.magic[k] == first[k];
        backwards &= (uint8_t)f->detect.magic[3 - k] == first[k];
    }
    if (f->detect.magic[0] && !forwards && !backwards) return 0;
    backwards &= !forwards;
    *version = f->detect.version_at < 0 ? 0 : (int32_t)bsp__get32(first + f->detect.version_at, backwards);
    if (BSP__DARK_MESSIAH && f->detect.version_tag) {   /* the only tagged version */
        if ((uint32_t)*version >> 16 != f->detect.version_tag) return 0;
        *version &= 0xffff;
    }
    /* all-zero magic: the version number alone names the family */
    if (*version < f->detect.min_version || *version > f->detect.max_version) return f->detect.magic[0] ? 1 : 0;
    *big_endian = (uint8_t)backwards;
    return 2;
}

const struct bsp_family *bsp__detect(const uint8_t first[8], int32_t *version,
                                     uint8_t *big_endian, bsp_status *status)
{
    uint32_t i;
    *status = BSP_E_BAD_MAGIC;
    /* Several descriptions may share a magic (Source v17 and v18..21); the
     * version picks one. */
    for (i = 0; bsp__families[i]; i++) {
        int r = recognise(bsp__families[i], first, version, big_endian);
        if (!r) continue;
        *status = r == 2 ? BSP_OK : BSP_E_BAD_VERSION;
        if (r == 2) return bsp__families[i];
    }
    return NULL;
}

const char *bsp_family_name(const bsp_header *h)
{
    return (h && h->family) ? h->family->name : "unknown";
}

bsp_family_id bsp_header_family(const bsp_header *h)
{
    return (h && h->family) ? (bsp_family_id)h->family->detect.id : BSP_FAMILY_UNKNOWN;
}

bsp_family_id bsp_map_family(const bsp_map *map)
{
    const bsp__map *m = bsp__map_c(map);
    return (m && m->family) ? (bsp_family_id)m->family->detect.id : BSP_FAMILY_UNKNOWN;
}

const char *bsp_variant_name(const bsp_header *h)
{
    if (!h || !h->family) return NULL;
    /* only a build with Tactical Intervention decrypts (header.c) */
    if (BSP__TACTICAL_INTERVENTION && h->encrypted) return "tactical_intervention";
#if BSP__OPTIONAL_LAST
    /* (Quake Live: IBSP 47 with its advert lump, the optional last entry) */
    if (h->family->dir.last_variant && h->num_lumps == h->family->dir.num_lumps &&
        h->lumps[h->num_lumps - 1u].length)
        return h->family->dir.last_variant;
#endif
    return h->family->detect.variant;
}

bsp_status bsp_use_variant(bsp_header *h, bsp_variant v)
{
#if BSP__VINDICTUS
    int face_roles[2] = { BSP_ROLE_FACES, BSP_ROLE_FACES_HDR }, k;
    uint32_t faces = 0;
#endif
    if (!h || !h->family || v != BSP_VARIANT_VINDICTUS) return BSP_E_BAD_ARGUMENT;
#if BSP__VINDICTUS
    if ((h->family != &bsp__family_source && h->family != &bsp__family_source_vindictus1 &&
         h->family != &bsp__family_source_vindictus2) ||
        h->version != 20 || h->big_endian || h->encrypted)
        return BSP_E_UNSUPPORTED;
    /* the faces' lump version picks the face record (72 or 76 bytes) */
    for (k = 0; k < 2; k++) {
        const bsp_lump_entry *e = &h->lumps[bsp__role_lump(h->family, face_roles[k])];
        if (!e->length) continue;
        if ((e->version != 1 && e->version != 2) || (faces && e->version != faces))
            return BSP_E_BAD_LUMP_VERSION;
        faces = e->version;
    }
    h->family = faces == 2 ? &bsp__family_source_vindictus2 : &bsp__family_source_vindictus1;
    return BSP_OK;
#else
    return BSP_E_UNSUPPORTED;   /* a build without Vindictus (BSPKIT_VARIANTS) */
#endif
}

static int rule_applies(const bsp__layout_rule *r, const bsp_header *h, uint32_t index)
{
    uint32_t lump_version = h->lumps[index].version;
    if (r->lump != index) return 0;
    if ((r->min_version || r->max_version) &&
        (h->version < r->min_version || h->version > r->max_version))
        return 0;
    return !r->lump_versions || (lump_version < 8 && (r->lump_versions >> lump_version) & 1);
}

const bsp__layout *bsp__lump_layout(const bsp_header *h, uint32_t index)
{
    const bsp__layout_table *t;
    uint32_t i;
    for (t = h->family->dir.layouts; t; t = t->next)
        for (i = 0; i < t->count; i++)
            if (rule_applies(&t->rules[i], h, index))
                return t->rules[i].layout.kind == BSP_LAYOUT_UNKNOWN ? NULL : &t->rules[i].layout;
    return NULL;
}

int bsp__lump_named(const bsp_header *h, uint32_t index)
{
    const bsp__layout_table *t;
    uint32_t i;
    for (t = h->family->dir.layouts; t; t = t->next)
        for (i = 0; i < t->count; i++)
            if (t->rules[i].lump == index) return 1;
    return 0;
}

#if BSP__DIR_VARIANT
/* Does the directory say the file is f's dir_variant's (description.h)?
 * The index lump's size is compared to the uncompressed size, as its
 * records are; a leaf lump whose version has no layout counts no leaves. */
static int dir_variant_fires(const struct bsp_family *f, const bsp_header *h)
{
    const bsp_lump_entry *index = &h->lumps[f->dir.dir_variant_index];
    uint32_t leaf_bytes = bsp_lump_record_size(h, f->dir.dir_variant_per);
    uint64_t leaves = leaf_bytes ? h->lumps[f->dir.dir_variant_per].size / leaf_bytes : 0;
    if (h->version != f->dir.dir_variant_version) return 0;
    if (h->lumps[f->dir.dir_variant_nonempty].length) return 1;
    return index->length && index->size != leaves * f->dir.dir_variant_index_bytes;
}
#endif

const struct bsp_family *bsp__family_for_lumps(const struct bsp_family *f, const bsp_header *h)
{
    while (BSP__STRATA && f->dir.lump_variant) {   /* the only lump variant */
        uint32_t v = h->lumps[f->dir.lump_variant_at].version;
        if (v >= 8 || !((f->dir.lump_variant_versions >> v) & 1)) break;
        f = f->dir.lump_variant;
    }
#if BSP__DIR_VARIANT
    if (f->dir.dir_variant_version && dir_variant_fires(f, h)) return f->dir.dir_variant;
#endif
    return f;
}

const char *bsp_lump_name(const bsp_header *h, uint32_t index)
{
    const char *name;
    if (!h || !h->family || index >= h->num_lumps) return NULL;
    if (!BSPKIT_STRINGS) return "";   /* a build without text (BSPKIT_STRINGS=0) */
    for (name = h->family->dir.lump_names; index; index--)
        while (*name++) {}
    return name;
}

uint32_t bsp_lump_record_size(const bsp_header *h, uint32_t index)
{
    const bsp__layout *lay;
    if (!h || !h->family || index >= h->num_lumps) return 0;
    lay = bsp__lump_layout(h, index);
    return (lay && lay->kind == BSP_LAYOUT_RECORDS) ? lay->record_size : 0;
}
