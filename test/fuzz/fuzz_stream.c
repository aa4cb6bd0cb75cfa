/* SPDX-License-Identifier: MIT */
/* fuzz_stream.c - arbitrary bytes as a map arriving through a stream whose
 * size is unknown (BSP_SIZE_UNKNOWN), forward only, that says
 * BSP_READ_END past its data; then every query on what loaded.
 *
 * Checked: every status is of the enum; reads go forward, each byte once;
 * the loader never writes outside the arena (guard bytes); a load that
 * fails gives nothing (no lump, no answer) and names a lump of the
 * directory or none; a load that succeeds holds the same lump bytes as the
 * same file loaded with its size known, and each status name has a
 * sentence.
 *
 * Seeds: the load target's (every generated map, the real ones). */
#include "fuzz.h"
#include "core/map.h"
#include "../common/exercise.h"

#define STREAM_ARENA_CAP (64u << 20)

typedef struct end_stream {
    const uint8_t *data;
    uint32_t size, next;
} end_stream;

static int end_read(void *ctx, uint32_t offset, void *dst, uint32_t len)
{
    end_stream *s = (end_stream *)ctx;
    FUZZ_ASSERT(offset >= s->next);           /* forward, each byte once */
    s->next = offset + len;
    if (offset > s->size || len > s->size - offset) return BSP_READ_END;
    memcpy(dst, s->data + offset, len);
    return 0;
}

static void mem_stream(end_stream *e, bsp_stream *s, const uint8_t *data, uint32_t size, int unknown)
{
    e->data = data;
    e->size = size;
    e->next = 0;
    s->read = end_read;
    s->ctx = e;
    s->size = unknown ? BSP_SIZE_UNKNOWN : size;
    s->forward_only = 1;
}

/* Open, measure and load into a guarded arena; `arena` is left allocated
 * on success for the caller. */
static bsp_status load(const uint8_t *data, uint32_t size, int unknown, bsp_header *h, bsp_map *m,
                       fuzz_block *arena)
{
    bsp_options o = bsp_default_options(BSP_LOAD_ALL);
    end_stream e;
    bsp_stream s;
    uint32_t need;
    bsp_status st;
    arena->raw = NULL;
    mem_stream(&e, &s, data, size, unknown);
    st = bsp_open(h, &s);
    FUZZ_ASSERT((unsigned)st < BSP_STATUS_COUNT);
    if (st != BSP_OK) return st;
    FUZZ_ASSERT(!unknown || h->file_size == BSP_SIZE_UNKNOWN);
    st = bsp_measure(h, &o, &need);
    if (st != BSP_OK || need > STREAM_ARENA_CAP) return st == BSP_OK ? BSP_E_ARENA_TOO_SMALL : st;
    if (fuzz_block_alloc(arena, need)) return BSP_E_BAD_ARENA;
    st = bsp_load(m, h, &s, arena->p, need, &o, NULL);
    FUZZ_ASSERT((unsigned)st < BSP_STATUS_COUNT);
    FUZZ_ASSERT(fuzz_block_guards_ok(arena));
    FUZZ_ASSERT(bsp_status_message(st) != NULL);
    if (st != BSP_OK) {
        uint32_t i, n;
        float p[3] = {0, 0, 0};
        for (i = 0; i < BSP_MAX_LUMPS; i++) FUZZ_ASSERT(bsp_lump(m, i, &n) == NULL && n == 0);
        FUZZ_ASSERT(bsp_point_leaf(m, 0, p, &n) != BSP_OK);
        FUZZ_ASSERT(bsp__map_c(m)->error_lump == BSP_NO_LUMP || bsp__map_c(m)->error_lump < h->num_lumps);
        fuzz_block_free(arena);
    }
    return st;
}

FUZZ_ENTRY(stream)
{
    bsp_header h, hk;
    bsp_map m, mk;
    fuzz_block a, ak;
    uint32_t i;
    if (size > 0xffffffffu) return 0;
    if (load(data, (uint32_t)size, 1, &h, &m, &a) != BSP_OK) return 0;
    FUZZ_ASSERT(exercise_map(&m) == 0);
    /* The file's own size known: the same bytes, if it loads. It may not:
     * a file with bytes missing after its last lump loads only unsized. */
    if (load(data, (uint32_t)size, 0, &hk, &mk, &ak) == BSP_OK) {
        /* (the standard lumps: a stream of unknown size has no BSPX
         * directory, docs/queries.md 10.1, bsp_bspx) */
        for (i = 0; i < h.num_lumps; i++) {
            uint32_t n1, n2;
            const void *p1 = bsp_lump(&m, i, &n1), *p2 = bsp_lump(&mk, i, &n2);
            FUZZ_ASSERT(n1 == n2 && (!n1 || !memcmp(p1, p2, n1)));
        }
        fuzz_block_free(&ak);
    }
    fuzz_block_free(&a);
    return 0;
}
