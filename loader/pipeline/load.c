/* SPDX-License-Identifier: MIT */
/* load.c - bsp_load: the resumable loader (resume.c) driven to the end
 * through a blocking stream; the role views every load resolves.
 *
 * The stream is read in ascending offset order (the plan's order), each lump
 * once, straight into its own region of the arena: no staging copy.
 */
#include "resume.h"

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

/* Each role view of bsp_map and the role it shows, without and with HDR
 * lighting chosen (bsp_map.use_hdr). */
#define VIEW(name, role, hdr_role) \
    { (uint16_t)offsetof(bsp_map, name), { BSP_ROLE_##role, BSP_ROLE_##hdr_role } }
static const struct role_view { uint16_t view; uint8_t role[2]; } role_views[] = {
    VIEW(planes, PLANES, PLANES), VIEW(nodes, NODES, NODES), VIEW(leafs, LEAFS, LEAFS),
    VIEW(models, MODELS, MODELS), VIEW(faces, FACES, FACES_HDR),
    VIEW(lighting, LIGHTING, LIGHTING_HDR), VIEW(texinfo, TEXINFO, TEXINFO),
    VIEW(edges, EDGES, EDGES), VIEW(surfedges, SURFEDGES, SURFEDGES),
    VIEW(vertexes, VERTEXES, VERTEXES), VIEW(leaffaces, LEAFFACES, LEAFFACES),
    VIEW(vis, VIS, VIS), VIEW(entities, ENTITIES, ENTITIES),
};

void bsp__resolve_views(bsp_map *m, const bsp_header *h)
{
    uint32_t i;
    for (i = 0; i < sizeof role_views / sizeof role_views[0]; i++) {
        const struct role_view *r = &role_views[i];
        set_view(m, h, (bsp_view *)(void *)((char *)m + r->view), r->role[m->use_hdr != 0]);
    }
}

/* Every failure goes through the loader's fail(), which clears the map and
 * names the lump it happened in: nothing is left to clear here. */
bsp_status bsp_load(bsp_map *m, const bsp_header *h, const bsp_stream *s,
                    void *arena, uint32_t arena_bytes, const bsp_options *o,
                    uint32_t *needed)
{
    bsp_loader l;
    bsp_read r;
    bsp_progress p;
    bsp_status st;

    if (!m) return BSP_E_BAD_ARGUMENT;
    bsp__fill(m, 0, sizeof *m);
    m->error_lump = BSP_NO_LUMP;
    if (!h || !s || !s->read || !o) return BSP_E_BAD_ARGUMENT;
    st = bsp_loader_begin(&l, m, h, arena, arena_bytes, o, needed);
    if (st != BSP_OK) return st;
    if (s->size != h->file_size) {
        bsp_loader_cancel(&l);
        return BSP_E_BAD_ARGUMENT;
    }
    do {
        /* whole lumps, each read as soon as the arena allows */
        while (bsp_loader_next_read(&l, 0, &r)) {
            st = bsp_loader_read_done(&l, &r, s->read(s->ctx, r.offset, r.dst, r.length));
            if (st != BSP_OK) return st;
        }
        st = bsp_loader_step(&l, 0xffffffffu, &p);
    } while (st == BSP_OK && p.phase != BSP_PHASE_DONE);
    return st;
}

const void *bsp_lump(const bsp_map *m, uint32_t index, uint32_t *size)
{
    const void *data = m && index < BSP_MAX_LUMPS ? m->lump_data[index] : NULL;
    if (size) *size = data ? m->lump_size[index] : 0;
    return data;
}
