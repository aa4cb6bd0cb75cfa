/* SPDX-License-Identifier: MIT */
/* families.c - the families bsp_open tries, and per-lump layout lookup. */
#include "family.h"

const struct bsp_family *const bsp__families[] = {
    &bsp__family_source,
    &bsp__family_source17,
    &bsp__family_quake,
    &bsp__family_goldsrc,
    &bsp__family_bsp2,
    &bsp__family_bsp2_rmq,
    &bsp__family_quake2,
    &bsp__family_quake3,
    &bsp__family_nightfire,
    NULL
};

const char *bsp_family_name(const bsp_header *h)
{
    return (h && h->family) ? h->family->name : "unknown";
}

const bsp__layout *bsp__lump_layout(const bsp_header *h, uint32_t index)
{
    const struct bsp_family *f = h->family;
    uint32_t i;
    for (i = 0; i < f->num_layouts; i++) {
        const bsp__layout_rule *r = &f->layouts[i];
        if ((uint32_t)r->lump != index) continue;
        if (h->version < r->min_version || h->version > r->max_version) continue;
        if (r->lump_version >= 0 && h->lumps[index].version != (uint32_t)r->lump_version) continue;
        return &r->layout;
    }
    return NULL;
}

const char *bsp_lump_name(const bsp_header *h, uint32_t index)
{
    if (!h || !h->family || index >= h->family->num_lumps) return NULL;
    return h->family->lump_names[index];
}

uint32_t bsp_lump_record_size(const bsp_header *h, uint32_t index)
{
    const bsp__layout *lay;
    if (!h || !h->family || index >= h->family->num_lumps) return 0;
    lay = bsp__lump_layout(h, index);
    return (lay && lay->kind == BSP_LAYOUT_RECORDS) ? lay->record_size : 0;
}
