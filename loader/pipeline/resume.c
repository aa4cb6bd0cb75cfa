/* SPDX-License-Identifier: MIT */
/* resume.c - the resumable loader: a state machine over the plan.
 *
 * Reads are handed out in plan order (ascending file offset), so a
 * forward-only stream serves them; they may complete in any order, and a
 * ring of outstanding reads turns completions back into a contiguous
 * prefix per lump. Work goes lump by lump in the same order: a compressed
 * lump decodes as its stored bytes arrive, then it is swapped and its
 * records checked, all in slices, so the checks of early lumps overlap the
 * reads of later ones; the last step does only the whole-map checks.
 * bsp_load is a loop over this.
 */
#include "resume.h"
#include "../core/map.h"
#include "swap.h"
#include "../family/gamelump_dir.h"
#include "views.h"
#include "../lzma/unpack.h"
#include "bspx_dir.h"
#include "../family/light_grid.h"
#include "../family/texture_names.h"
#include "../query/face_light.h"
#include "../query/query.h"
#include "../collision/disp_trace.h"

typedef char bsp__loader_fits[sizeof(bsp__loader) <= sizeof(bsp_loader) ? 1 : -1];

static bsp__loader *state(bsp_loader *l) { return (bsp__loader *)(void *)l; }

static const bsp_lump_entry *entry(const bsp__loader *s, uint32_t item, bsp_lump_entry *part)
{
    return bsp__plan_entry(s->h, &s->plan, s->plan.items[item].lump, part);
}

/* Where item's stored bytes land: its region, or for a compressed lump the
 * tail of its window. */
static uint8_t *landing(const bsp__loader *s, uint32_t item)
{
    const bsp__plan_item *it = &s->plan.items[item];
    bsp_lump_entry ev;
    const bsp_lump_entry *e = entry(s, item, &ev);
    uint8_t *region = s->base + it->arena_offset;
    return e->compressed ? region + it->region - e->length : region;
}

/* Once the collision model is built, a packed lump is forgotten: the
 * family reads its records for the model alone (plan pack_keep), and its
 * view, the vertexes', pointed at the kept run. */
static void drop_packed(bsp__map *m, uint32_t lump)
{
    m->vertexes.data = NULL;
    m->vertexes.count = 0;
    m->vertexes.stride = 1;
    m->lump_data[lump] = NULL;
    m->lump_size[lump] = 0;
    m->lump_file_offset[lump] = 0;
}

/* A packed item's record size (plan pack_keep); 0: item is not packed. */
static uint32_t packed_stride(const bsp__loader *s, uint32_t item)
{
    return BSP__PACKING && s->plan.pack_keep && item == s->plan.pack_item
               ? bsp__lump_layout(s->h, s->plan.items[item].lump)->record_size
               : 0;
}

/* Stop the load (failed or cancelled): the map gives nothing (no lump
 * bytes, no query answers) but the lump the failure happened in
 * (BSP_NO_LUMP: none, offset 0) and where that starts in the file. */
static bsp_status stop_load(bsp__loader *s, bsp_status st, uint32_t lump, uint32_t offset)
{
    bsp__map *m = s->map;
    bsp_where w;
    bsp__where_of(s->h, NULL, lump, &w);
    bsp__fill(m, 0, sizeof *m);
    m->error_lump = lump;
    m->error_offset = offset;
    m->error_version = w.version;
    s->phase = BSP_PHASE_FAILED;
    s->status = st;
    return st;
}

/* Point the map's lumps and views at their final places in the arena, and
 * count the work the progress figures will show. */
static void publish(bsp__loader *s)
{
    bsp__map *m = s->map;
    const bsp_header *h = s->h;
    uint32_t i;

    for (i = 0; i < s->plan.count; i++) {
        uint32_t lump = s->plan.items[i].lump;
        bsp_lump_entry ev;
        const bsp_lump_entry *e = bsp__plan_entry(h, &s->plan, lump, &ev);
        m->lump_data[lump] = s->base + s->plan.items[i].arena_offset;
        m->lump_size[lump] = e->size;
        m->lump_file_offset[lump] = e->offset;
        s->read_total += e->length;
        if (e->compressed) s->decode_total += e->size;
        if (bsp__swap_layout(s, lump) || packed_stride(s, i)) s->work_total += e->size;
    }
    m->family = h->family;
    m->version = h->version;
    m->big_endian_file = h->big_endian;
    m->use_hdr = s->plan.use_hdr;
    if (BSPKIT_COLLISION) m->has_collision = s->plan.collision;
    m->arena_used = s->plan.total;
    m->error_lump = BSP_NO_LUMP;
    m->error_version = -1;
    for (i = 0; i < BSP_MAX_LUMPS / 32; i++) m->lump_left_out[i] = s->plan.left_out[i];
    /* (without a family that has one, h->bspx stays empty, as m's) */
    if (BSP__USE_BSPX && !h->bspx.at_load) m->bspx = h->bspx;
    bsp__resolve_views(m, h);
}

bsp_status bsp_loader_begin(bsp_loader *l, bsp_map *map, const bsp_header *h,
                            void *arena, uint32_t arena_bytes,
                            const bsp_options *o, uint32_t *needed)
{
    bsp__map *m = bsp__map_of(map);
    bsp__loader *s = state(l);
    uint32_t i;
    bsp_status st;

    if (!l || !m || !h || !o) return BSP_E_BAD_ARGUMENT;
    bsp__fill(s, 0, sizeof *s);
    s->map = m;
    s->h = h;
    s->base = (uint8_t *)arena;
    bsp__fill(m, 0, sizeof *m);
    st = bsp__plan_build(h, o, &s->plan);
    if (st == BSP_OK && needed) *needed = s->plan.total;
    if (st == BSP_OK && (!arena || ((uintptr_t)arena & (BSP_ARENA_ALIGN - 1))))
        st = BSP_E_BAD_ARENA;
    if (st == BSP_OK && s->plan.total > arena_bytes) st = BSP_E_ARENA_TOO_SMALL;
    /* (not a tail call: at -Os that would restore every saved register
     * on its own path) */
    if (st != BSP_OK) {
        bsp_where w;
        bsp__where_of(h, &s->plan, s->plan.where_lump, &w);
        stop_load(s, st, w.lump, w.offset);
        return st;
    }
    s->swap = h->big_endian != BSP_HOST_BIG_ENDIAN;
    s->bad_check = BSP__CHECKS;
    /* The views are known before any byte arrives: the record checks run
     * on each lump as soon as it is in place. */
    publish(s);
    for (i = 0; i < BSP__CHECKS; i++) {
        uint32_t stride, n = bsp__check_records(m, i, &stride);
        s->work_total += n * stride;
    }
    /* the collision model's parts built in the last steps */
    if (BSP__CMODEL_STEPS) s->work_total += bsp__cmodel_work(m, h, &s->plan.cmodel);
    s->next_offset = h->header_bytes;
    s->stage = s->plan.count ? s->plan.items[0].start : BSP__STAGE_DONE;
    s->phase = BSP_PHASE_LOADING;
    return BSP_OK;
}

int bsp_loader_next_read(bsp_loader *l, uint32_t max_len, bsp_read *r)
{
    bsp__loader *s = state(l);
    bsp_lump_entry ev;
    const bsp_lump_entry *e;
    bsp__read_slot *slot;
    uint32_t len;
    uint8_t *dst;

    if (!l || !r || s->phase != BSP_PHASE_LOADING || s->read_count == BSP_LOADER_MAX_READS)
        return 0;
    if (s->issue_item == s->plan.count) return 0;
    e = entry(s, s->issue_item, &ev);
    len = e->length - s->issue_pos;
    if (max_len && len > max_len) len = max_len;
    dst = landing(s, s->issue_item) + s->issue_pos;
    if (packed_stride(s, s->issue_item)) {
        /* through the window: up to its end, onto records already packed */
        uint32_t w = s->plan.pack_window, ring = s->issue_pos % w;
        uint32_t packed = s->work_item > s->issue_item ? e->length : s->work_item == s->issue_item ? s->work_pos : 0;
        if (len > w - ring) len = w - ring;
        if (len > packed + w - s->issue_pos) len = packed + w - s->issue_pos;
        if (!len) return 0;
        dst = landing(s, s->issue_item) + (size_t)s->plan.pack_count * s->plan.pack_keep + ring;
    }
    if (bsp__held_back(s, s->issue_item, dst, dst + len)) return 0;
    r->offset = e->offset + s->issue_pos;
    r->length = len;
    r->dst = dst;
    r->tag = s->read_head + s->read_count;
    r->stream = bsp__plan_stream(&s->plan, s->plan.items[s->issue_item].lump);
    slot = &s->reads[r->tag % BSP_LOADER_MAX_READS];
    s->issue_pos += len;
    slot->item = (uint8_t)s->issue_item;
    slot->end = s->issue_pos;
    slot->done = 0;
    if (s->issue_pos == e->length) {   /* the lump is all issued: on to the next */
        s->issue_item++;
        s->issue_pos = 0;
    }
    s->read_count++;
    if (!r->stream) s->next_offset = r->offset + len;   /* the map's stream */
    return 1;
}

bsp_status bsp_loader_read_done(bsp_loader *l, const bsp_read *r, int failed)
{
    bsp__loader *s = state(l);
    bsp__read_slot *slot;
    bsp_lump_entry part;

    if (!l || !r) return BSP_E_BAD_ARGUMENT;
    if (s->phase != BSP_PHASE_LOADING && s->phase != BSP_PHASE_VALIDATING)
        return BSP_OK;
    if (r->tag - s->read_head >= s->read_count) return BSP_E_BAD_ARGUMENT;
    slot = &s->reads[r->tag % BSP_LOADER_MAX_READS];
    if (slot->done) return BSP_E_BAD_ARGUMENT;
    /* BSP_READ_END: the data ended early (a stream of unknown size). */
    if (failed)
        return stop_load(s, failed == BSP_READ_END ? BSP_E_TRUNCATED : BSP_E_IO,
                    s->plan.items[slot->item].lump, entry(s, slot->item, &part)->offset);
#if BSP__TACTICAL_INTERVENTION
    if (s->h->encrypted) {
        /* Tactical Intervention: decrypt where the read was issued to land */
        uint32_t start = slot->end - r->length;
        if (r->length > slot->end) return BSP_E_BAD_ARGUMENT;
        bsp__xor(landing(s, slot->item) + start, r->length, entry(s, slot->item, &part)->offset + start,
                 s->h->xor_key);
    }
#endif
    slot->done = 1;
    s->read_done += r->length;
    /* the oldest reads, once complete, extend their lumps' prefixes */
    while (s->read_count && s->reads[s->read_head % BSP_LOADER_MAX_READS].done) {
        slot = &s->reads[s->read_head % BSP_LOADER_MAX_READS];
        s->arrived[slot->item] = slot->end;
        s->read_head++;
        s->read_count--;
    }
    return BSP_OK;
}

/* A work step's budget counts output bytes, but decoding costs mostly per
 * input byte: each is eight or more range-coder decisions, while a long
 * match writes many output bytes for a few. A decoding slice therefore
 * costs its output plus BSP__LZMA_IN_COST per compressed byte it read (the
 * sum: a step of well-compressed data pays both). Measured here over
 * every compressed lump of shack.360.bsp and the generated console map,
 * one-shot, best of 15 runs: 50 to 80 ns per input byte and 1 ns or less
 * per output byte beyond that, so that a budget byte costs at most about
 * 2 ns and a 256 KiB step about 0.5 ms whatever the data. */
#define BSP__LZMA_IN_COST 32u
/* Setting the decoder's table: this many entries per budget byte (0.28 ns
 * each here; lc + lp = 12 has 3 million). A step sets at least
 * BSP__LZMA_TABLE_MIN (5 us), so that a small budget still gets through
 * the largest table in a few hundred steps. */
#define BSP__LZMA_TABLE_PER_BYTE 4u
#define BSP__LZMA_TABLE_MIN 16384u

/* Set up to about `budget` bytes' worth of the decoder's table. Returns the
 * budget used; *ready once the table is whole. */
static uint32_t table_some(bsp__loader *s, uint32_t budget, int *ready)
{
#if BSPKIT_LZMA
    uint32_t n = budget < 0xffffffffu / BSP__LZMA_TABLE_PER_BYTE ? budget * BSP__LZMA_TABLE_PER_BYTE
                                                                  : 0xffffffffu;
    uint32_t before = s->lz.probs_set;
    *ready = bsp__lzma_init_probs(&s->lz, n > BSP__LZMA_TABLE_MIN ? n : BSP__LZMA_TABLE_MIN) == 0;
    return (s->lz.probs_set - before) / BSP__LZMA_TABLE_PER_BYTE;
#else
    (void)s, (void)budget;
    *ready = 1;    /* unreachable: bsp__unpack_start refuses first */
    return 0;
#endif
}

/* One decoder call of about `budget`: at most half of it in output and
 * half in weighted input, so that the sum stays within it whatever the
 * data. Returns the decoder's result; *used is the budget spent. */
static bsp__lzma_result decode_call(bsp__loader *s, uint32_t arrived, uint32_t budget, uint32_t *used)
{
    uint32_t in = s->lz.in_pos, out = s->lz.out_pos, half = budget / 2 ? budget / 2 : 1;
    uint32_t cap = half / BSP__LZMA_IN_COST + BSP_LZMA_SYMBOL_IN_MAX;
    bsp__lzma_result r;

    /* Showing the decoder less input than has arrived stops it as it
     * would stop at the end of a partial read: between two symbols. Once
     * the output is whole no symbol is left, only the stream's end to
     * check, which needs every byte that has arrived: a corrupt stream can
     * leave more than the cap unread, and shown less it would wait for
     * input that is already there. */
    if (out < s->lz.out_len && arrived - (in - s->lz.in_ofs) > cap) arrived = in - s->lz.in_ofs + cap;
#if BSPKIT_LZMA
    r = bsp__lzma_run(&s->lz, arrived, half);
#else
    (void)arrived;
    r = BSP_LZMA_CORRUPT;   /* unreachable: bsp__unpack_start refuses first */
#endif
    in = s->lz.in_pos - in;
    out = s->lz.out_pos - out;
    /* only overflows when the budget is "no limit" */
    *used = in > (0xffffffffu - out) / BSP__LZMA_IN_COST ? 0xffffffffu : out + in * BSP__LZMA_IN_COST;
    return r;
}

/* Decode the current item as far as its input and the budget allow.
 * Returns the bytes of output produced and sets *cost to the budget they
 * used; *st is set on failure, the stage to swapping once the lump is
 * whole. */
static uint32_t decode_some(bsp__loader *s, const bsp__plan_item *it, const bsp_lump_entry *e,
                            uint32_t have, uint32_t budget, uint32_t *cost, bsp_status *st)
{
    uint32_t out = s->lz.out_pos, arrived, used, left = budget;
    int r, ready;

    *cost = 0;
    if (s->unpack == BSP__UNPACK_START) {
        if (have < e->length && have < BSP_VALVE_HEADER) return 0;
        *st = bsp__unpack_start(&s->lz, s->base + it->arena_offset, it->region, e->length,
                                e->size, s->base + s->plan.scratch_offset, s->plan.lclp_max);
        if (*st != BSP_OK) return 0;
        s->unpack = BSP__UNPACK_TABLE;
        out = 0;
    }
    if (s->unpack == BSP__UNPACK_TABLE) {
        *cost = table_some(s, left, &ready);
        if (!ready) return 0;
        s->unpack = BSP__UNPACK_DECODE;
        if (*cost >= left) return 0;
        left -= *cost;
    }
    arrived = have > BSP_VALVE_HEADER ? have - BSP_VALVE_HEADER : 0;
    /* Calls of half the budget left until most of it is spent: each
     * call's output and input together stay within what is left. */
    do {
        r = decode_call(s, arrived, left, &used);
        left = used < left ? left - used : 0;
    } while (r == BSP_LZMA_MORE && used && left > budget / 8);
    *cost = budget - left;
    *st = bsp__unpack_status(r);
    if (r == BSP_LZMA_OK) s->stage = BSP__STAGE_SWAP;
    return s->lz.out_pos - out;
}

/* Swap up to about `budget` bytes of the current item, whole records at a
 * time. Returns the bytes done; the stage moves on to the checks once the
 * lump is. */
static uint32_t swap_some(bsp__loader *s, const bsp__plan_item *it, uint32_t size, uint32_t budget)
{
    const bsp__layout *lay = bsp__swap_layout(s, it->lump);
    uint32_t before = s->work_pos;

    /* (a lump with nothing to swap costs nothing) */
    s->work_pos = lay ? bsp__swap_slice(s->base + it->arena_offset, size, lay, s->work_pos, budget) : size;
    if (s->work_pos >= size) s->stage = BSP__STAGE_CHECK;
    return lay ? s->work_pos - before : 0;
}

/* Pack the whole records of the packed item that have arrived in its
 * window (`have` bytes of the lump in all), from lump byte work_pos on,
 * about `budget` bytes (at least a record): their leading pack_keep bytes,
 * in the host's order, when they are in the plan's run. Returns the bytes
 * passed (0: no whole record has arrived); the stage moves on to the
 * checks once the lump has passed. */
static uint32_t pack_some(bsp__loader *s, uint32_t stride, uint32_t size, uint32_t have, uint32_t budget)
{
    const bsp__plan *p = &s->plan;
    uint8_t *kept = s->base + p->items[p->pack_item].arena_offset;
    const uint8_t *window = kept + (size_t)p->pack_count * p->pack_keep;
    uint32_t from = s->work_pos, to = have - have % stride, i = from / stride, ring = from % p->pack_window, j;
    if (to <= from) return 0;
    if (to - from > budget) to = from + (budget / stride ? budget / stride : 1u) * stride;
    for (; s->work_pos < to; s->work_pos += stride, i++) {
        /* (the window holds whole records: one never wraps) */
        const uint8_t *rec = window + ring;
        ring = ring + stride == p->pack_window ? 0 : ring + stride;
        if (i - p->pack_first >= p->pack_count) continue;   /* (below the run: wraps) */
        for (j = 0; j < p->pack_keep; j += 4)
            bsp__put_u32(kept + (size_t)p->pack_keep * (i - p->pack_first) + j, bsp__get32(rec + j, s->h->big_endian));
    }
    if (s->work_pos >= size) s->stage = BSP__STAGE_CHECK;
    return to - from;
}

/* Run the record checks that walk the current item's lump, about `budget`
 * bytes of records. A failure is kept, not returned: bsp_load reports
 * read and decode failures of later lumps first, and of several failed
 * checks the first in check order. Returns the bytes checked; *more is 0
 * once no check of the item is left. */
static uint32_t check_some(bsp__loader *s, uint32_t lump, uint32_t budget, int *more)
{
    const bsp__map *m = s->map;

    *more = 0;
    for (; s->check < BSP__CHECKS; s->check++, s->check_pos = 0) {
        uint32_t stride, n, to, did;
        if (bsp__check_lump(m, s->check) != (int)lump || s->check > s->bad_check) continue;
        n = bsp__check_records(m, s->check, &stride);
        to = n - s->check_pos;
        if (budget / stride < to) to = budget / stride ? budget / stride : 1;
        to += s->check_pos;
        if (bsp__check_run(m, s->check, s->check_pos, to) != BSP_OK) {
            if (s->check < s->bad_check) s->bad_check = s->check;
            continue;
        }
        did = (to - s->check_pos) * stride;
        s->check_pos = to;
        *more = 1;
        if (to == n) {
            s->checked |= (uint8_t)(1u << s->check);
            s->check++;
            s->check_pos = 0;
        }
        return did;
    }
    return 0;
}

/* The last steps: checks that had no lump of their own in the plan, the
 * family's finish (clusters, vis table), collision's tree depths; then
 * the collision model, built a few parts per step (about `budget` bytes
 * each); then the game lump directory. */
static bsp_status finish(bsp__loader *s, uint32_t budget)
{
    bsp__map *m = s->map;
    uint32_t k;
    bsp_status st = BSP_OK;

    if (BSP__CMODEL_STEPS && s->checked_all) goto build;
    for (k = 0; k < BSP__CHECKS && st == BSP_OK; k++) {
        uint32_t stride, n = bsp__check_records(m, k, &stride);
        if (k == s->bad_check || (!(s->checked & (1u << k)) && bsp__check_run(m, k, 0, n) != BSP_OK))
            st = bsp__check_fail(m, k);
    }
    if (st == BSP_OK) st = bsp__validate_finish(m);
    /* collision's walks: every tree within BSP_TREE_DEPTH_MAX (names the
     * lump it blames), in the scratch the decoder no longer needs */
    if (BSPKIT_COLLISION && st == BSP_OK && m->has_collision)
        st = bsp__coll_check_depth(m, s->base + s->plan.scratch_offset);
    if (BSP__CMODEL_STEPS) s->checked_all = 1;
build:
    /* the collision model (cmodel/), a few parts per step, in the same
     * scratch; then a packed lump's records are
     * forgotten (the family reads them for the model alone) */
    if (BSPKIT_COLLISION && st == BSP_OK && m->has_collision) {
        st = bsp__cmodel_build(m, s->h, &s->plan.cmodel, s->base, s->base + s->plan.scratch_offset,
                               s->plan.pack_keep ? s->plan.pack_first : 0, &s->cmodel, budget);
        s->work_done += s->cmodel.did;
        if (st == BSP_OK && !s->cmodel.built) return BSP_OK;   /* more in the next steps */
#if BSP__DISPCOLL
        /* terrain's leaves' lists, on the built displacements and tree */
        if (st == BSP_OK) bsp__disp_lists_build(m);
#endif
        if (BSP__PACKING && st == BSP_OK && s->plan.pack_keep)
            drop_packed(m, s->plan.items[s->plan.pack_item].lump);
    }
    (void)budget;
    /* the point walk's tree, on collision's native records when built */
    if (st == BSP_OK) {
        st = bsp__point_tree_build(m, s->base + s->plan.tree_offset, s->plan.tree_bytes,
                                   BSPKIT_COLLISION && m->has_collision);
        if (st != BSP_OK) {
            m->error_lump = (uint32_t)bsp__role_lump(m->family, BSP_ROLE_NODES);
            m->error_offset = m->lump_file_offset[m->error_lump];
        }
    }
    if (st != BSP_OK) {
        /* validation names the lump it was checking (error_offset stays 0
         * when it names none); keep that */
        stop_load(s, st, m->error_lump, m->error_offset);
        return st;
    }
    m->game_lump_base = BSP_NO_LUMP;
#if BSPKIT_ACCESS
    /* (the decoder and collision are done with the scratch) */
    if (s->plan.names_bytes)
        bsp__texture_names_build(m, s->base + s->plan.names_offset, s->base + s->plan.scratch_offset);
#endif
    if (BSPKIT_FAMILY_SOURCE) bsp__game_lump_locate(m);
#if BSP__USE_BSPX
    if (s->h->bspx.at_load) bsp__bspx_from_tail(m, s->h);
    if (BSP__BRUSH_LIST && m->has_collision) bsp__cmodel_brush_list(m, &s->plan.cmodel, s->base);
    /* the light source and luxel rules (docs/queries.md 10.2, 10.3) */
    if (s->plan.lit_check == BSP_LIT_READ) {
        bsp__light_resolve(m, m->lump_data[BSP__LIT_SLOT], m->lump_size[BSP__LIT_SLOT],
                           s->plan.lit_check, s->plan.prefer_hdr);
        m->lump_data[BSP__LIT_SLOT] = NULL;   /* (the light view keeps its bytes) */
        m->lump_size[BSP__LIT_SLOT] = 0;
    } else {
        bsp__light_resolve(m, NULL, 0, s->plan.lit_check, s->plan.prefer_hdr);
    }
#else
    /* no family with a BSPX directory or a .lit: the vanilla lighting */
    bsp__light_vanilla(&m->light, m->family, m->lighting.data, s->plan.lit_check);
#endif
#if BSP__USE_FACE_LIGHT
    /* each face's lightmap placement, once the light source is known */
    if (s->plan.face_light_bytes && m->faces.data &&
        bsp__face_light_bytes(m->faces.count) == s->plan.face_light_bytes)
        bsp__face_light_build(m, s->base + s->plan.face_light_offset);
#endif
#if BSP__USE_LIGHT_GRID
    if (s->plan.grid_bytes) bsp__light_grid_attach(m, s->base + s->plan.grid_offset, s->plan.grid_bytes);
#endif
    s->phase = BSP_PHASE_DONE;
    return BSP_OK;
}

/* The item's checks are done: the next item's turn, at its first stage.
 * A packed item's view then points at its kept run (the vertexes view:
 * the only lump a family packs is collision's BSP_CL_VERTS). */
static void next_item(bsp__loader *s)
{
    if (packed_stride(s, s->work_item)) {
        bsp__map *m = s->map;
        m->vertexes.data = s->base + s->plan.items[s->work_item].arena_offset;
        m->vertexes.count = s->plan.pack_count;
        m->vertexes.stride = s->plan.pack_keep;
    }
    s->work_item++;
    s->work_pos = 0;
    s->stage = s->work_item < s->plan.count ? s->plan.items[s->work_item].start : BSP__STAGE_DONE;
    s->unpack = BSP__UNPACK_START;
    s->check = 0;
    s->check_pos = 0;
}

/* Work on the items in plan order for about `budget` bytes (at least 1),
 * each stage as far as its input allows. Returns the status of a decode
 * that failed (the load then stops there). */
static bsp_status work_some(bsp__loader *s, uint32_t budget)
{
    uint32_t left = budget ? budget : 1;
    bsp_status st = BSP_OK;

    s->stall_have = 0;
    while (left && s->stage != BSP__STAGE_DONE) {
        const bsp__plan_item *it = &s->plan.items[s->work_item];
        bsp_lump_entry ev;
        const bsp_lump_entry *e = bsp__plan_entry(s->h, &s->plan, it->lump, &ev);
        uint32_t did = 0, out, have = s->arrived[s->work_item];
        int more;
        switch ((enum bsp__stage)s->stage) {
        case BSP__STAGE_INPUT:
            if (have < e->length) return BSP_OK;   /* waiting for input */
            s->stage = BSP__STAGE_SWAP;
            break;
        case BSP__STAGE_DECODE:
            out = decode_some(s, it, e, have, left, &did, &st);
            s->decoded += out;
            s->work_done += out;
            if (st != BSP_OK) return stop_load(s, st, it->lump, e->offset);
            if (s->stage == BSP__STAGE_DECODE && !out) {   /* waiting for input */
                if (!did) s->stall_have = have + 1;
                return BSP_OK;
            }
            break;
        case BSP__STAGE_JOB:
            /* a job decodes (and swaps) it; a failed one ends the load
             * here, in file order */
            if ((s->job[s->work_item] & BSP__JOB_STATE) == BSP__JOB_FAILED) {
                st = (bsp_status)s->job_status[s->work_item];
                return stop_load(s, st, it->lump, e->offset);
            }
            if ((s->job[s->work_item] & BSP__JOB_STATE) != BSP__JOB_DONE) return BSP_OK;   /* waiting for its job */
            s->work_pos = e->size;
            s->stage = BSP__STAGE_CHECK;
            break;
        case BSP__STAGE_PACK:
            did = pack_some(s, packed_stride(s, s->work_item), e->size, have, left);
            s->work_done += did;
            if (!did) return BSP_OK;               /* waiting for input */
            break;
        case BSP__STAGE_SWAP:
            did = swap_some(s, it, e->size, left);
            s->work_done += did;
            break;
        case BSP__STAGE_CHECK:
            did = check_some(s, it->lump, left, &more);
            s->work_done += did;
            if (!more) next_item(s);
            break;
        case BSP__STAGE_DONE:
            break;
        }
        left = did < left ? left - did : 0;
    }
    return BSP_OK;
}

bsp_status bsp_loader_step(bsp_loader *l, uint32_t budget, bsp_progress *p)
{
    bsp__loader *s = state(l);
    bsp_status st = BSP_OK;

    if (!l) return BSP_E_BAD_ARGUMENT;
    switch (s->phase) {
    case BSP_PHASE_LOADING:
        st = work_some(s, budget);
        if (st != BSP_OK) return st;
        if (s->stage == BSP__STAGE_DONE) s->phase = BSP_PHASE_VALIDATING;
        break;
    case BSP_PHASE_VALIDATING:
        st = finish(s, budget);
        break;
    case BSP_PHASE_FAILED:
        st = s->status;
        break;
    default:
        break;
    }
    if (p) bsp_loader_progress(l, p);
    return st;
}

/* What the next step waits for (bsp_progress.waiting), from the item being
 * worked on: the steps go through the lumps in order, so only its input
 * or its job can hold them up. Input it needs is waited for only when
 * reads of it are out; not issued yet, it is the caller's to issue. */
static uint32_t waiting(const bsp__loader *s, uint32_t *lump)
{
    bsp_lump_entry ev;
    const bsp_lump_entry *e;
    uint32_t have, issued, bits;

    *lump = BSP_NO_LUMP;
    if (s->phase != BSP_PHASE_LOADING || s->work_item >= s->plan.count) return 0;
    e = entry(s, s->work_item, &ev);
    have = s->arrived[s->work_item];
    switch ((enum bsp__stage)s->stage) {
    case BSP__STAGE_INPUT:
        bits = have < e->length ? BSP__WAIT_INPUT : 0;
        break;
    case BSP__STAGE_DECODE:
        bits = s->stall_have == have + 1 ? BSP__WAIT_INPUT : 0;
        break;
    case BSP__STAGE_JOB:
#if BSPKIT_LZMA && BSPKIT_JOBS
        bits = bsp__job_wait(s, s->work_item);
#else
        bits = 0;   /* (no job without the decoder and jobs) */
#endif
        break;
    case BSP__STAGE_PACK:
        /* (no whole record past the packed ones) */
        bits = have - s->work_pos < packed_stride(s, s->work_item) ? BSP__WAIT_INPUT : 0;
        break;
    default:
        bits = 0;
        break;
    }
    issued = s->issue_item > s->work_item ? e->length
                                          : s->issue_item == s->work_item ? s->issue_pos : 0;
    if (bits & BSP__WAIT_INPUT) bits = (bits & ~BSP__WAIT_INPUT) | (issued > have ? BSP_WAIT_READS : 0);
    if (bits) *lump = s->plan.items[s->work_item].lump;
    return bits;
}

void bsp_loader_progress(const bsp_loader *l, bsp_progress *p)
{
    const bsp__loader *s = (const bsp__loader *)(const void *)l;
    if (!l || !p) return;
    p->waiting = waiting(s, &p->wait_lump);
    p->phase = s->phase;
    p->read_done = s->read_done;
    p->read_total = s->read_total;
    p->decoded = s->decoded;
    p->decode_total = s->decode_total;
    p->work_done = s->work_done;
    p->work_total = s->work_total + s->decode_total;
    p->next_offset = s->next_offset;
}

void bsp_loader_cancel(bsp_loader *l)
{
    bsp__loader *s = state(l);
    if (!l || s->phase >= BSP_PHASE_DONE) return;
    stop_load(s, BSP_OK, BSP_NO_LUMP, 0);
    s->phase = BSP_PHASE_CANCELLED;
}
