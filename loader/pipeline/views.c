/* SPDX-License-Identifier: MIT */
/* views.c - the role views of a loaded map (bsp__map.planes, .nodes, ...):
 * each points at the lump of its role, with the record stride its layout
 * gives. */
#include <stddef.h>
#include "views.h"
#include "../core/map.h"

static void set_view(bsp__map *m, const bsp_header *h, bsp_view *v, int lump)
{
    uint32_t size;
    v->data = NULL;
    v->count = 0;
    v->stride = 1;
    if (lump < 0 || !m->lump_data[lump]) return;
    /* (a loaded lump is one of the directory's; 0: not records) */
    size = bsp_lump_record_size(h, (uint32_t)lump);
    v->data = m->lump_data[lump];
    if (size) v->stride = size;
    v->count = m->lump_size[lump] / v->stride;
}

/* Each role view of bsp__map and the role it shows, without and with HDR
 * lighting chosen (bsp__map.use_hdr); then collision's views, which show
 * the lumps of the family's collision part, in the order of enum
 * bsp__coll_lump (role unused). One loop fills both. */
#define VIEW(name, role, hdr_role) \
    { (uint16_t)offsetof(bsp__map, name), { BSP_ROLE_##role, BSP_ROLE_##hdr_role } }
#define COLL_VIEW(name) { (uint16_t)offsetof(bsp__map, name), { 0, 0 } }
#define ROLE_VIEWS 13
static const struct role_view { uint16_t view; uint8_t role[2]; } role_views[] = {
    VIEW(planes, PLANES, PLANES), VIEW(nodes, NODES, NODES), VIEW(leafs, LEAFS, LEAFS),
    VIEW(models, MODELS, MODELS), VIEW(faces, FACES, FACES_HDR),
    VIEW(lighting, LIGHTING, LIGHTING_HDR), VIEW(texinfo, TEXINFO, TEXINFO),
    VIEW(edges, EDGES, EDGES), VIEW(surfedges, SURFEDGES, SURFEDGES),
    VIEW(vertexes, VERTEXES, VERTEXES), VIEW(leaffaces, LEAFFACES, LEAFFACES),
    VIEW(vis, VIS, VIS), VIEW(entities, ENTITIES, ENTITIES),
#if BSPKIT_COLLISION
    COLL_VIEW(brushes), COLL_VIEW(brushsides), COLL_VIEW(leafbrushes), COLL_VIEW(clipnodes),
    COLL_VIEW(shaders),
#endif
};
BSP__CHECK(view_table, sizeof role_views / sizeof role_views[0] ==
                       ROLE_VIEWS + (BSPKIT_COLLISION ? BSP_CL_VIEWS : 0));

void bsp__resolve_views(bsp__map *m, const bsp_header *h)
{
    /* (collision's views only when the load reads collision: they stay
     * empty otherwise) */
    uint32_t i, n = BSPKIT_COLLISION && m->has_collision ? ROLE_VIEWS + BSP_CL_VIEWS : ROLE_VIEWS;
    for (i = 0; i < n; i++) {
        const struct role_view *r = &role_views[i];
        set_view(m, h, (bsp_view *)(void *)((char *)m + r->view),
                 i < ROLE_VIEWS ? bsp__role_lump(h->family, r->role[m->use_hdr != 0])
                                : bsp__coll_of(h->family)->lumps[i - ROLE_VIEWS]);
    }
    /* the lumps the file stores empty: a view without bytes is then a map
     * without such records, not a lump the load left out */
    for (i = 0; i < h->family->dir.num_lumps && i < BSP_MAX_LUMPS; i++)
        if (!h->lumps[i].length) m->lump_empty[i >> 5] |= 1u << (i & 31);
    /* the access description's area and displacement lumps (views for
     * their record widths) */
    if (BSPKIT_ACCESS && h->family->access) {
        set_view(m, h, &m->areas, h->family->access->lumps[BSP_AL_AREAS]);
        set_view(m, h, &m->areaportals, h->family->access->lumps[BSP_AL_AREAPORTALS]);
        set_view(m, h, &m->dispinfo, h->family->access->lumps[BSP_AL_DISPINFO]);
    }
}
