/* SPDX-License-Identifier: MIT */
/* load.c - bsp_load: fetch the planned lumps into the arena, put them in
 * native byte order, resolve the role views and validate.
 *
 * The stream is read in ascending offset order (the plan's order), each lump
 * once, straight into its own region of the arena: no staging copy.
 */
#include "plan.h"
#include "swap.h"
#include "validate.h"
#include "unpack.h"
#include "read.h"
#include "../access/gamelump.h"

static bsp_status fetch_lump(const bsp_header *h, const bsp_stream *s, const bsp__plan *plan,
                             const bsp__plan_item *it, uint8_t *base)
{
    const bsp_lump_entry *e = &h->lumps[it->lump];
    uint8_t *region = base + it->arena_offset;
    bsp_status st;
    if (!e->compressed) return bsp__read(s, e->offset, region, e->length);
    st = bsp__read(s, e->offset, region + it->region - e->length, e->length);
    if (st != BSP_OK) return st;
    return bsp__unpack_in_place(region, it->region, e->length, e->size,
                               base + plan->scratch_offset, plan->lclp_max);
}

static void set_view(bsp_map *m, const bsp_header *h, bsp_view *v, int role)
{
    int lump = bsp__role_lump(h->family, role);
    const bsp__layout *lay;
    v->data = NULL;
    v->count = 0;
    v->stride = 1;
    if (lump < 0 || !m->lump_data[lump]) return;
    lay = bsp__lump_layout(h, (uint32_t)lump);
    v->data = m->lump_data[lump];
    if (lay && lay->kind == BSP_LAYOUT_RECORDS && lay->record_size) v->stride = lay->record_size;
    v->count = m->lump_size[lump] / v->stride;
}

static void resolve_views(bsp_map *m, const bsp_header *h)
{
    set_view(m, h, &m->planes, BSP_ROLE_PLANES);
    set_view(m, h, &m->nodes, BSP_ROLE_NODES);
    set_view(m, h, &m->leafs, BSP_ROLE_LEAFS);
    set_view(m, h, &m->models, BSP_ROLE_MODELS);
    set_view(m, h, &m->faces, m->use_hdr ? BSP_ROLE_FACES_HDR : BSP_ROLE_FACES);
    set_view(m, h, &m->lighting, m->use_hdr ? BSP_ROLE_LIGHTING_HDR : BSP_ROLE_LIGHTING);
    set_view(m, h, &m->texinfo, BSP_ROLE_TEXINFO);
    set_view(m, h, &m->edges, BSP_ROLE_EDGES);
    set_view(m, h, &m->surfedges, BSP_ROLE_SURFEDGES);
    set_view(m, h, &m->vertexes, BSP_ROLE_VERTEXES);
    set_view(m, h, &m->leaffaces, BSP_ROLE_LEAFFACES);
    set_view(m, h, &m->vis, BSP_ROLE_VIS);
    set_view(m, h, &m->entities, BSP_ROLE_ENTITIES);
}

/* The load proper; a failure sets m->error_lump/error_offset where it
 * happens inside a lump and leaves the clearing to bsp_load. */
static bsp_status load(bsp_map *m, const bsp_header *h, const bsp_stream *s,
                       void *arena, uint32_t arena_bytes, const bsp_options *o,
                       uint32_t *needed)
{
    bsp__plan plan;
    uint8_t *base = (uint8_t *)arena;
    int swap;
    uint32_t i;
    bsp_status st;

    st = bsp__plan_build(h, o, &plan);
    if (st != BSP_OK) return st;
    if (needed) *needed = plan.total;
    if (!arena || ((uintptr_t)arena & (BSP_ARENA_ALIGN - 1))) return BSP_E_BAD_ARENA;
    if (plan.total > arena_bytes) return BSP_E_ARENA_TOO_SMALL;
    if (s->size != h->file_size) return BSP_E_BAD_ARGUMENT;

    swap = h->big_endian != BSP_HOST_BIG_ENDIAN;
    for (i = 0; i < plan.count; i++) {
        const bsp__plan_item *it = &plan.items[i];
        const bsp__layout *lay = bsp__lump_layout(h, it->lump);
        uint8_t *region = base + it->arena_offset;
        st = fetch_lump(h, s, &plan, it, base);
        if (st != BSP_OK) {
            m->error_lump = it->lump;
            m->error_offset = h->lumps[it->lump].offset;
            return st;
        }
        if (swap && lay) bsp__swap_lump(region, h->lumps[it->lump].size, lay);
        m->lump_data[it->lump] = region;
        m->lump_size[it->lump] = h->lumps[it->lump].size;
        m->lump_file_offset[it->lump] = h->lumps[it->lump].offset;
    }

    m->family = h->family;
    m->version = h->version;
    m->big_endian_file = h->big_endian;
    m->use_hdr = plan.use_hdr;
    m->arena_used = plan.total;
    resolve_views(m, h);
    st = bsp__validate(m);
    if (st != BSP_OK) return st;
    bsp__game_lump_locate(m);
    return BSP_OK;
}

bsp_status bsp_load(bsp_map *m, const bsp_header *h, const bsp_stream *s,
                    void *arena, uint32_t arena_bytes, const bsp_options *o,
                    uint32_t *needed)
{
    bsp_status st;
    uint32_t lump, offset;
    if (!m) return BSP_E_BAD_ARGUMENT;
    bsp__fill(m, 0, sizeof *m);
    m->error_lump = BSP_NO_LUMP;
    if (!h || !s || !s->read || !o) return BSP_E_BAD_ARGUMENT;
    st = load(m, h, s, arena, arena_bytes, o, needed);
    if (st == BSP_OK) return BSP_OK;
    /* A failed map gives nothing: no lump bytes, no query answers. */
    lump = m->error_lump;
    offset = m->error_offset;
    bsp__fill(m, 0, sizeof *m);
    m->error_lump = lump;
    m->error_offset = lump == BSP_NO_LUMP ? 0 : offset;
    return st;
}

const void *bsp_lump(const bsp_map *m, uint32_t index, uint32_t *size)
{
    if (size) *size = 0;
    if (!m || index >= BSP_MAX_LUMPS || !m->lump_data[index]) return NULL;
    if (size) *size = m->lump_size[index];
    return m->lump_data[index];
}
