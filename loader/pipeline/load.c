/* SPDX-License-Identifier: MIT */
/* load.c - bsp_load: the resumable loader (resume.c) driven to the end
 * through a blocking stream.
 *
 * The stream is read in ascending offset order (the plan's order), each lump
 * once, straight into its own region of the arena: no staging copy.
 */
#include "resume.h"
#include "../core/map.h"

/* Every failure goes through the loader's fail(), which clears the map and
 * names the lump it happened in: nothing is left to clear here. */
bsp_status bsp_load(bsp_map *map, const bsp_header *h, const bsp_stream *s,
                    void *arena, uint32_t arena_bytes, const bsp_options *o,
                    uint32_t *needed)
{
    bsp__map *m = bsp__map_of(map);
    bsp_loader l;
    bsp_read r;
    bsp_progress p;
    bsp_status st;
#if BSP__USE_PARTS
    bsp_stream part;          /* the part being read (options.part) */
    uint32_t part_of = 0;     /* its bsp_read.stream; 0: none yet */
#endif

    if (!m) return BSP_E_BAD_ARGUMENT;
    bsp__fill(m, 0, sizeof *m);
    m->error_lump = BSP_NO_LUMP;
    m->error_version = -1;
    if (!h || !s || !s->read || !o) return BSP_E_BAD_ARGUMENT;
    st = bsp_loader_begin(&l, map, h, arena, arena_bytes, o, needed);
    if (st != BSP_OK) return st;
    if (s->size != h->file_size) {
        bsp_loader_cancel(&l);
        return BSP_E_BAD_ARGUMENT;
    }
    do {
        bsp_job j;
        /* whole lumps, each read as soon as the arena allows */
        while (bsp_loader_next_read(&l, 0, &r)) {
            const bsp_stream *from = r.stream == 1 ? o->lit : s;   /* the map, or its .lit */
            int rs;
#if BSP__USE_PARTS
            if (r.stream >= 2) {
                /* a part (12.8): its stream asked for again, once per part */
                if (r.stream != part_of && o->part(o->part_ctx, BSP_PART_LUMP, r.stream - 2u, &part))
                    part.read = NULL;
                part_of = r.stream;
                from = &part;
            }
            rs = from->read ? from->read(from->ctx, r.offset, r.dst, r.length) : -1;
#else
            rs = from->read(from->ctx, r.offset, r.dst, r.length);
#endif
            st = bsp_loader_read_done(&l, &r, rs);
            if (st != BSP_OK) return st;
        }
        /* options.jobs: this thread runs them */
        while (BSPKIT_LZMA && BSPKIT_JOBS && bsp_loader_next_job(&l, &j)) {
            bsp_job_run(&j);
            bsp_loader_job_done(&l, &j);
        }
        st = bsp_loader_step(&l, 0xffffffffu, &p);
    } while (st == BSP_OK && p.phase != BSP_PHASE_DONE);
    return st;
}

int bsp_lump_left_out(const bsp_map *map, uint32_t lump)
{
    const bsp__map *m = bsp__map_c(map);
    return m && lump < BSP_MAX_LUMPS && (m->lump_left_out[lump / 32] >> (lump & 31) & 1u);
}

const void *bsp_lump(const bsp_map *map, uint32_t index, uint32_t *size)
{
    const bsp__map *m = bsp__map_c(map);
    const void *data = m && index < BSP_MAX_LUMPS ? m->lump_data[index] : NULL;
    if (size) *size = data ? m->lump_size[index] : 0;
    return data;
}
