/* SPDX-License-Identifier: MIT */
/* discipline.c - test_bounds part 2: arena and stream discipline (see
 * test_bounds.c). Every load of a map, under each option, stream kind,
 * failing read, corruption and truncation, writes only inside its guarded
 * arena and reads only inside the file, in order. */
#include <stdlib.h>
#include <string.h>

#define CHECK_TALLY_SHARED
#include "../common/check.h"
#include "core/map.h"
#include "../common/exercise.h"
#include "../common/recstream.h"
#include "bounds.h"


typedef struct verdict {
    bsp_status st;
    uint32_t need, reads;
    int guards_ok, untouched_ok, file_ok, reads_ok;
} verdict;

/* One load through a recording stream into a guarded arena of `arena_bytes`
 * (need + delta; negative delta: short). untouched_ok: a refused arena was
 * not written at all. */
static verdict discipline_load(const uint8_t *data, uint32_t size, bsp_options o, int forward,
                               uint32_t fail_at, int32_t delta)
{
    verdict v;
    rec_stream r;
    bsp_stream s;
    bsp_header h;
    bsp_map m;
    uint32_t i, arena_bytes, sum0 = 0, sum1 = 0;
    uint8_t *block;

    memset(&v, 0, sizeof v);
    rec_init(&r, &s, data, size, forward, fail_at);
    for (i = 0; i < size; i++) sum0 = sum0 * 31 + data[i];
    v.st = bsp_open(&h, &s);
    if (v.st == BSP_OK) v.st = bsp_measure(&h, &o, &v.need);
    v.guards_ok = v.untouched_ok = 1;
    if (v.st == BSP_OK && v.need <= (64u << 20) && (int64_t)v.need + delta >= 0) {
        uint32_t before = r.calls;
        arena_bytes = (uint32_t)((int64_t)v.need + delta);
        block = malloc(arena_bytes + 2 * GUARD);
        memset(block, GUARD_BYTE, arena_bytes + 2 * GUARD);
        v.st = bsp_load(&m, &h, &s, block + GUARD, arena_bytes, &o, NULL);
        for (i = 0; i < GUARD; i++)
            if (block[i] != GUARD_BYTE || block[GUARD + arena_bytes + i] != GUARD_BYTE) v.guards_ok = 0;
        if (v.st == BSP_E_ARENA_TOO_SMALL) {
            for (i = 0; i < arena_bytes; i++)
                if (block[GUARD + i] != GUARD_BYTE) v.untouched_ok = 0;
            if (r.calls != before) v.untouched_ok = 0;
        }
        if (v.st == BSP_OK && bsp__map_c(&m)->arena_used != v.need) v.guards_ok = 0;
        /* the queries too stay inside the arena */
        if (v.st == BSP_OK && exercise_map(&m) != 0) v.guards_ok = 0;
        for (i = 0; i < GUARD; i++)
            if (block[i] != GUARD_BYTE || block[GUARD + arena_bytes + i] != GUARD_BYTE) v.guards_ok = 0;
        free(block);
    }
    for (i = 0; i < size; i++) sum1 = sum1 * 31 + data[i];
    v.file_ok = sum0 == sum1;
    v.reads = r.calls;
    v.reads_ok = r.outside == 0 && r.backwards == 0 && r.after_fail == 0;
    return v;
}

typedef struct tally {
    uint32_t loads, ok, bad;
    char first[300];
} tally;

static void note(tally *t, const verdict *v, const char *what)
{
    int good = v->guards_ok && v->untouched_ok && v->file_ok && v->reads_ok &&
               (unsigned)v->st < BSP_STATUS_COUNT;
    t->loads++;
    if (v->st == BSP_OK) t->ok++;
    if (!good) {
        if (!t->bad)
            snprintf(t->first, sizeof t->first, "%s: %s, guards %d, untouched %d, file %d, reads %d", what,
                     bsp_status_name(v->st), v->guards_ok, v->untouched_ok, v->file_ok, v->reads_ok);
        t->bad++;
    }
}

void test_discipline(const char *name, const uint8_t *data, uint32_t size)
{
    static const struct { uint32_t sets; int hdr; uint32_t lclp; } opts[] = {
        { BSP_LOAD_QUERIES, 0, 0 }, { BSP_LOAD_LIGHTING, 0, 12 }, { BSP_LOAD_ALL, 0, 12 }, { BSP_LOAD_ALL, 1, 12 },
        { BSP_LOAD_ALL, 0, 1 },
    };
    tally t;
    size_t k;
    uint32_t i, step;
    uint8_t *copy;
    verdict v;
    bsp_options full = bsp_default_options(BSP_LOAD_ALL);
    full.lzma_lclp_max = 12;

    memset(&t, 0, sizeof t);
    watch(LABEL("%s: discipline", name));
    v = discipline_load(data, size, full, 0, 0, 0);
    if (v.st == BSP_OK && v.need > (64u << 20)) {
        check_skip(name, "arena and stream discipline: a full load needs over 64 MiB");
        return;
    }
    /* every option set, both stream kinds; then one byte short */
    for (k = 0; k < sizeof opts / sizeof opts[0]; k++) {
        bsp_options o = bsp_default_options(opts[k].sets);
        int fwd;
        o.prefer_hdr = opts[k].hdr;
        o.lzma_lclp_max = opts[k].lclp;
        for (fwd = 0; fwd < 2; fwd++) {
            v = discipline_load(data, size, o, fwd, 0, 0);
            note(&t, &v, "full arena");
            v = discipline_load(data, size, o, fwd, 0, -1);
            note(&t, &v, "one byte short");
            if (v.st != BSP_E_ARENA_TOO_SMALL && v.need > 0) {
                t.bad++;
                snprintf(t.first, sizeof t.first, "one byte short gave %s", bsp_status_name(v.st));
            }
        }
    }
    CHECK(t.bad == 0 && t.ok > 0,
          LABEL("%s: %u loads (%u ok) write only inside the arena, read only inside the file, in order", name,
                (unsigned)t.loads, (unsigned)t.ok),
          "%u bad; first: %s", (unsigned)t.bad, t.first);

    /* an I/O error at each read in turn, forward-only and not */
    memset(&t, 0, sizeof t);
    v = discipline_load(data, size, full, 1, 0, 0);
    {
        uint32_t total = v.reads, io = 0;
        for (i = 1; i <= total && i <= 200; i++) {
            int fwd;
            for (fwd = 0; fwd < 2; fwd++) {
                v = discipline_load(data, size, full, fwd, i, 0);
                note(&t, &v, "I/O error");
                if (v.st == BSP_E_IO) io++;
                else {
                    t.bad++;
                    snprintf(t.first, sizeof t.first, "read %u failing gave %s", (unsigned)i, bsp_status_name(v.st));
                }
            }
        }
        CHECK(t.bad == 0, LABEL("%s: an I/O error at each of %u reads is io; no read after it, nothing outside the arena",
                                name, (unsigned)total),
              "%u bad; first: %s", (unsigned)t.bad, t.first);
    }

    /* failing midway: truncated files and corrupted bytes from the back */
    memset(&t, 0, sizeof t);
    step = size / 41 + 1;
    for (i = 0; i < size; i += step) {
        copy = malloc(i ? i : 1);
        memcpy(copy, data, i);
        v = discipline_load(copy, i, full, 1, 0, 0);
        note(&t, &v, "truncated");
        free(copy);
    }
    copy = malloc(size);
    for (i = 0; i < 41; i++) {
        uint32_t at = size - 1 - (uint32_t)(((uint64_t)i * 2654435761u) % (size - size / 4));
        memcpy(copy, data, size);
        copy[at] ^= 0xff;
        copy[at / 2 + size / 2] ^= 0x5a;
        v = discipline_load(copy, size, full, i & 1, 0, 0);
        note(&t, &v, "corrupted late bytes");
    }
    free(copy);
    CHECK(t.bad == 0, LABEL("%s: %u truncated and late-corrupted copies (%u load) stay inside the arena and the file", name,
                            (unsigned)t.loads, (unsigned)t.ok),
          "%u bad; first: %s", (unsigned)t.bad, t.first);
}

