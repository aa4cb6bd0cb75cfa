/* SPDX-License-Identifier: MIT */
/* test_resume.c - the resumable loader against bsp_load: for every map and
 * load set, random read pieces, random completion order, random budgets
 * (down to 1 byte) and a cancel at a random step give the same status,
 * arena bytes, map and answers; hostile variants of each map give the same
 * status and error position; reads go forward, each byte once.
 *
 * usage: test_resume [--quick] MAP...
 */
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "core/map.h"
#include "../common/files.h"
#include "../common/resume_drive.h"
#include "../../platform/memory/bsp_memstream.h"

#define FILL 0x5a

typedef struct ref_load {
    bsp_status st;
    bsp_map m;
    uint8_t *arena;
    uint32_t need;
} ref_load;

static int views_same(const bsp_view *a, const uint8_t *ba, const bsp_view *b, const uint8_t *bb)
{
    return a->count == b->count && a->stride == b->stride &&
           (a->data ? a->data - ba : -1) == (b->data ? b->data - bb : -1);
}

/* Same map, with pointers taken relative to each arena. */
static int maps_same(const bsp_map *a, const uint8_t *ba, const bsp_map *b, const uint8_t *bb)
{
    int i;
    if (bsp__map_c(a)->family != bsp__map_c(b)->family || bsp__map_c(a)->version != bsp__map_c(b)->version || bsp__map_c(a)->use_hdr != bsp__map_c(b)->use_hdr ||
        bsp__map_c(a)->has_vis != bsp__map_c(b)->has_vis || bsp__map_c(a)->num_clusters != bsp__map_c(b)->num_clusters ||
        bsp__map_c(a)->arena_used != bsp__map_c(b)->arena_used || bsp__map_c(a)->error_lump != bsp__map_c(b)->error_lump ||
        bsp__map_c(a)->error_offset != bsp__map_c(b)->error_offset || bsp__map_c(a)->big_endian_file != bsp__map_c(b)->big_endian_file)
        return 0;
    for (i = 0; i < BSP_MAX_LUMPS; i++)
        if (bsp__map_c(a)->lump_size[i] != bsp__map_c(b)->lump_size[i] || bsp__map_c(a)->lump_file_offset[i] != bsp__map_c(b)->lump_file_offset[i] ||
            (bsp__map_c(a)->lump_data[i] ? bsp__map_c(a)->lump_data[i] - ba : -1) != (bsp__map_c(b)->lump_data[i] ? bsp__map_c(b)->lump_data[i] - bb : -1))
            return 0;
    return views_same(&bsp__map_c(a)->planes, ba, &bsp__map_c(b)->planes, bb) && views_same(&bsp__map_c(a)->nodes, ba, &bsp__map_c(b)->nodes, bb) &&
           views_same(&bsp__map_c(a)->leafs, ba, &bsp__map_c(b)->leafs, bb) && views_same(&bsp__map_c(a)->models, ba, &bsp__map_c(b)->models, bb) &&
           views_same(&bsp__map_c(a)->faces, ba, &bsp__map_c(b)->faces, bb) && views_same(&bsp__map_c(a)->texinfo, ba, &bsp__map_c(b)->texinfo, bb) &&
           views_same(&bsp__map_c(a)->edges, ba, &bsp__map_c(b)->edges, bb) && views_same(&bsp__map_c(a)->surfedges, ba, &bsp__map_c(b)->surfedges, bb) &&
           views_same(&bsp__map_c(a)->vertexes, ba, &bsp__map_c(b)->vertexes, bb) && views_same(&bsp__map_c(a)->leaffaces, ba, &bsp__map_c(b)->leaffaces, bb) &&
           views_same(&bsp__map_c(a)->lighting, ba, &bsp__map_c(b)->lighting, bb) && views_same(&bsp__map_c(a)->vis, ba, &bsp__map_c(b)->vis, bb) &&
           views_same(&bsp__map_c(a)->entities, ba, &bsp__map_c(b)->entities, bb);
}

/* A few answers: leafs of points spread over the world, PVS rows, light. */
static int answers_same(const bsp_map *a, const bsp_map *b)
{
    uint32_t i, seed = 7;
    uint8_t ra[4096], rb[4096];
    for (i = 0; i < 64; i++) {
        float p[3];
        uint32_t la = 0, lb = 0;
        bsp_sample sa, sb;
        bsp_status x, y;
        p[0] = (float)((int)(drive_rand(&seed) % 8192) - 4096);
        p[1] = (float)((int)(drive_rand(&seed) % 8192) - 4096);
        p[2] = (float)((int)(drive_rand(&seed) % 8192) - 4096);
        if (bsp_point_leaf(a, 0, p, &la) != bsp_point_leaf(b, 0, p, &lb) || la != lb) return 0;
        memset(&sa, 0, sizeof sa);
        memset(&sb, 0, sizeof sb);
        x = bsp_light_point(a, p, &sa);
        y = bsp_light_point(b, p, &sb);
        if (x != y || (x == BSP_OK && memcmp(&sa, &sb, sizeof sa))) return 0;
    }
    for (i = 0; i < 16 && i < bsp_num_clusters(a); i++) {
        bsp_status x = bsp_pvs(a, (int32_t)i, ra, sizeof ra), y = bsp_pvs(b, (int32_t)i, rb, sizeof rb);
        if (x != y || (x == BSP_OK && memcmp(ra, rb, bsp_vis_row_bytes(a)))) return 0;
    }
    return bsp_num_clusters(a) == bsp_num_clusters(b);
}

/* The same bytes in every loaded lump and in quake3's built patches: with
 * decode jobs, the rest of the arena (the decoder tables) depends on which
 * job ran in which table. */
static int loaded_same(const bsp_map *a, const uint8_t *ba, const bsp_map *b, const uint8_t *bb,
                       const bsp_header *h)
{
    int i;
    for (i = 0; i < BSP_MAX_LUMPS; i++)
        if (bsp__map_c(a)->lump_data[i] && memcmp(bsp__map_c(a)->lump_data[i], bsp__map_c(b)->lump_data[i], bsp__map_c(a)->lump_size[i]))
            return 0;
    if (bsp__map_c(a)->patches.data && h->patch_bytes &&
        (bsp__map_c(a)->patches.data - ba != bsp__map_c(b)->patches.data - bb ||
         memcmp(bsp__map_c(a)->patches.data, bsp__map_c(b)->patches.data, h->patch_bytes)))
        return 0;
    return 1;
}

static int map_cleared(const bsp_map *m)
{
    uint32_t i;
    if (bsp__map_c(m)->family || bsp__map_c(m)->arena_used) return 0;
    for (i = 0; i < BSP_MAX_LUMPS; i++)
        if (bsp_lump(m, i, NULL)) return 0;
    return 1;
}

static void reference(ref_load *r, const uint8_t *file, uint32_t size, const bsp_options *o)
{
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_memstream_init(&ms, &s, file, size);
    memset(r, 0, sizeof *r);
    r->st = bsp_open(&h, &s);
    if (r->st == BSP_OK) r->st = bsp_measure(&h, o, &r->need);
    if (r->st != BSP_OK) return;
    r->arena = malloc(r->need + 8);
    memset(r->arena, FILL, r->need + 8);
    r->st = bsp_load(&r->m, &h, &s, r->arena, r->need, o, NULL);
}

/* Runs of decode jobs that went on from a pause, over all loads. */
static uint32_t job_resumes;

/* One resumable load compared with the reference. Returns 0 on a match. */
static int resumable_vs(const ref_load *ref, const uint8_t *file, uint32_t size,
                        const bsp_options *o, const drive_opts *d, char *why, size_t why_len)
{
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_loader l;
    bsp_map m;
    drive_result r;
    uint8_t *arena;
    uint32_t need = 0;
    bsp_status st;
    int bad = 0;

    bsp_memstream_init(&ms, &s, file, size);
    if (bsp_open(&h, &s) != BSP_OK) return 0;
    arena = malloc(ref->need + 8);
    memset(arena, FILL, ref->need + 8);
    st = bsp_loader_begin(&l, &m, &h, arena, ref->need, o, &need);
    if (st == BSP_OK) st = drive_load(&l, file, size, arena, ref->need, d, &r);
    else memset(&r, 0, sizeof r);
    job_resumes += r.job_resumes;
    if (r.backwards || r.beyond || r.stalled || r.progress_bad || r.job_outside ||
        r.most_jobs_out > o->jobs) {
        snprintf(why, why_len, "reads backwards %d, outside %d, stalled %d, progress %d, job outside %d, jobs out %u",
                 r.backwards, r.beyond, r.stalled, r.progress_bad, r.job_outside, r.most_jobs_out);
        bad = 1;
    } else if (d->cancel_at >= 0 && r.last.phase == BSP_PHASE_CANCELLED) {
        /* cancelled: cleared map, a dead loader, the arena reusable */
        bsp_read rd;
        bsp_memstream ms2;
        bsp_stream s2;
        if (!map_cleared(&m) || bsp__map_c(&m)->error_lump != BSP_NO_LUMP || bsp_loader_next_read(&l, 0, &rd) ||
            bsp_loader_step(&l, 1000, NULL) != BSP_OK) {
            snprintf(why, why_len, "cancel did not leave a cleared map and an idle loader");
            bad = 1;
        } else {
            bsp_memstream_init(&ms2, &s2, file, size);
            memset(&m, 0xee, sizeof m);
            st = bsp_open(&h, &s2);
            if (st == BSP_OK) st = bsp_load(&m, &h, &s2, arena, ref->need, o, NULL);
            r.last.read_done = r.last.read_total;      /* a complete load now */
            r.last.decoded = r.last.decode_total;
            r.last.work_done = r.last.work_total;
            goto compare;
        }
    } else {
compare:
        if (st != ref->st) {
            snprintf(why, why_len, "status %s, bsp_load %s", bsp_status_name(st), bsp_status_name(ref->st));
            bad = 1;
        } else if (st != BSP_OK) {
            if (!map_cleared(&m) || bsp__map_c(&m)->error_lump != bsp__map_c(&ref->m)->error_lump || bsp__map_c(&m)->error_offset != bsp__map_c(&ref->m)->error_offset) {
                snprintf(why, why_len, "failed map: error lump %u/%u offset %u/%u, cleared %d",
                         bsp__map_c(&m)->error_lump, bsp__map_c(&ref->m)->error_lump, bsp__map_c(&m)->error_offset, bsp__map_c(&ref->m)->error_offset, map_cleared(&m));
                bad = 1;
            }
        } else if (o->jobs ? !loaded_same(&m, arena, &ref->m, ref->arena, &h)
                           : memcmp(arena, ref->arena, ref->need + 8) != 0) {
            snprintf(why, why_len, "arena bytes differ");
            bad = 1;
        } else if (!maps_same(&m, arena, &ref->m, ref->arena) || !answers_same(&m, &ref->m)) {
            snprintf(why, why_len, "map or answers differ");
            bad = 1;
        } else if (r.last.read_done != r.last.read_total || r.last.decoded != r.last.decode_total ||
                   r.last.work_done != r.last.work_total) {
            snprintf(why, why_len, "progress at the end: read %u/%u decoded %u/%u", r.last.read_done,
                     r.last.read_total, r.last.decoded, r.last.decode_total);
            bad = 1;
        }
    }
    free(arena);
    return bad;
}

static const char *base_name(const char *p)
{
    const char *b = strrchr(p, '/');
    return b ? b + 1 : p;
}

/* 1 when the map has a compressed lump, 2 when one of them is stored in
 * more than twice BSP_JOB_MIN_INPUT (its job pauses when reads come in
 * smaller pieces). */
static int has_compressed(const uint8_t *file, uint32_t size)
{
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    uint32_t i;
    int c = 0;
    bsp_memstream_init(&ms, &s, file, size);
    if (bsp_open(&h, &s) != BSP_OK) return 0;
    for (i = 0; i < BSP_MAX_LUMPS; i++)
        if (h.lumps[i].compressed && h.lumps[i].length)
            c = h.lumps[i].length > 2 * BSP_JOB_MIN_INPUT ? 2 : c ? c : 1;
    return c;
}

/* What decode jobs cost in arena: nothing for a map without compressed
 * lumps; else BSP_JOB_TABLE_BYTES per job, in place of the one table of a
 * load without jobs (less only where collision's scratch was already
 * larger); BSP_MAX_JOBS at most. */
static void jobs_arena(const char *path, const uint8_t *file, uint32_t size, int compressed)
{
    static const uint32_t sets[] = { BSP_LOAD_LIGHTING, BSP_LOAD_ALL, BSP_LOAD_ALL | BSP_LOAD_COLLISION };
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    uint32_t k, n, lclp, bad = 0;
    char name[300], why[200] = "";
    bsp_memstream_init(&ms, &s, file, size);
    if (bsp_open(&h, &s) != BSP_OK) return;
    {
        void *scratch = malloc(BSP_PATCH_SCRATCH_BYTES);
        bsp_measure_patches(&h, &s, scratch, BSP_PATCH_SCRATCH_BYTES);
        free(scratch);
    }
    for (k = 0; k < sizeof sets / sizeof sets[0]; k++) {
        for (lclp = 0; lclp <= 12; lclp += 4) {
            bsp_options o = bsp_default_options(sets[k]);
            uint32_t need0 = 0, need1 = 0, need, tb = BSP_JOB_TABLE_BYTES(lclp);
            int exact = !(sets[k] & BSP_LOAD_COLLISION);
            o.lzma_lclp_max = lclp;
            if (bsp_measure(&h, &o, &need0) != BSP_OK) continue;
            for (n = 1; n <= BSP_MAX_JOBS + 1; n++) {
                bsp_status st;
                int ok;
                o.jobs = n;
                st = bsp_measure(&h, &o, &need);
                if (n == 1) need1 = need;
                if (n > BSP_MAX_JOBS) ok = st == BSP_E_BAD_ARGUMENT;
                else if (st != BSP_OK) ok = 0;
                else if (!compressed) ok = need == need0;
                else ok = need >= need0 && need - need0 <= n * tb && need - need1 <= (n - 1) * tb &&
                          (!exact || need - need1 == (n - 1) * tb);
                if (!ok) {
                    snprintf(why, sizeof why, "set %u lc+lp %u, %u jobs: %s, %u bytes (no jobs %u, one job %u)",
                             sets[k], lclp, n, bsp_status_name(st), need, need0, need1);
                    bad++;
                }
            }
        }
    }
    snprintf(name, sizeof name, "%s: decode jobs cost BSP_JOB_TABLE_BYTES each, %u at most",
             base_name(path), BSP_MAX_JOBS);
    CHECK(bad == 0, name, "%s", why);
}

int main(int argc, char **argv)
{
    static const uint32_t sets[] = { BSP_LOAD_QUERIES, BSP_LOAD_LIGHTING,
                                     BSP_LOAD_LIGHTING | BSP_LOAD_ENTITIES, BSP_LOAD_ALL };
    int a, quick = 0;
    for (a = 1; a < argc; a++) {
        uint32_t size, seti, trial, jobi;
        uint8_t *file;
        int pipe, compressed;
        char name[256], why[256];
        if (!strcmp(argv[a], "--quick")) { quick = 1; continue; }
        file = read_file(argv[a], &size);
        if (!file) { check_skip(base_name(argv[a]), "cannot read"); continue; }
        compressed = has_compressed(file, size);
        for (seti = 0; seti < sizeof sets / sizeof sets[0]; seti++) {
            for (pipe = 0; pipe < 2; pipe++) {
              /* decode jobs: 0 (the steps decode), then 1, 2, 3 and 8 jobs
               * at once for a map with compressed lumps; for one without
               * (nothing to hand out: the load must not wait for one), one
               * of those per set and layout */
              for (jobi = 0; jobi < (compressed ? 5u : 2u); jobi++) {
                static const uint32_t job_counts[5] = { 0, 1, 2, 3, 8 };
                bsp_options o = bsp_default_options(sets[seti]);
                ref_load ref;
                int bad = 0, ntrials = quick ? 4 : 8;
                o.pipelined = pipe;
                o.lzma_lclp_max = 12;
                o.jobs = compressed ? job_counts[jobi] : jobi ? job_counts[1 + (seti + 2 * (uint32_t)pipe) % 4] : 0;
                if (o.jobs) ntrials /= 2;
                reference(&ref, file, size, &o);
                why[0] = 0;
                for (trial = 0; trial < (uint32_t)ntrials && !bad; trial++) {
                    drive_opts d;
                    memset(&d, 0, sizeof d);
                    d.seed = trial * 977u + seti * 31u + (uint32_t)pipe + jobi * 7u;
                    d.cancel_at = -1;
                    d.fail_read = -1;
                    d.hold_jobs = (int)(trial % 3 == 2 ? o.jobs : trial % 3);
                    d.budget = 0xffffffffu;
                    switch (trial % 4) {
                    case 0: break;                                        /* whole lumps, in order */
                    case 1: d.max_read = 1u << (8 + trial % 12); d.random_reads = 1; d.shuffle = 1;
                            d.budget = 1u << (4 + trial % 16); d.random_budget = 1; break;
                    case 2: d.max_read = 4096; d.random_reads = 1; d.shuffle = 1;
                            d.budget = trial < 4 ? 1 : 64; d.random_budget = trial >= 4; break;
                    case 3: d.max_read = 65536; d.random_reads = 1; d.shuffle = 1;
                            d.budget = 65536; d.random_budget = 1; d.cancel_at = (long)(trial * 7 % 23); break;
                    }
                    bad = resumable_vs(&ref, file, size, &o, &d, why, sizeof why);
                }
                if (o.jobs)
                    snprintf(name, sizeof name, "%s set %u%s, %u decode jobs (reported in shuffled order): resumable loads equal bsp_load",
                             base_name(argv[a]), sets[seti], pipe ? " pipelined" : "", o.jobs);
                else
                    snprintf(name, sizeof name, "%s set %u%s: resumable loads equal bsp_load",
                             base_name(argv[a]), sets[seti], pipe ? " pipelined" : "");
                CHECK(!bad, name, "%s", why);
                free(ref.arena);
              }
            }
        }
        jobs_arena(argv[a], file, size, compressed);
        if (compressed == 2) {
            /* reads in pieces under BSP_JOB_MIN_INPUT (trials 2 and 6) */
            snprintf(name, sizeof name, "%s: decode jobs of its large lumps pause and resume as their reads land",
                     base_name(argv[a]));
            CHECK(job_resumes > 0, name, "no job was handed out twice");
        }
        job_resumes = 0;
        if (compressed == 2) {
            /* a stale copy of a paused job's earlier hand-out is refused
             * when the job is out again (same lump, same table) */
            bsp_options o = bsp_default_options(BSP_LOAD_ALL);
            bsp_memstream ms;
            bsp_stream s;
            bsp_header h;
            bsp_loader l;
            bsp_map m;
            bsp_read rd;
            bsp_job j, first[BSP_MAX_LUMPS];
            bsp_progress p;
            bsp_status st = BSP_OK;
            uint32_t need = 0, seen[BSP_MAX_LUMPS] = { 0 };
            uint8_t *arena = NULL;
            int refused = 0, tried = 0;
            o.jobs = 1;
            o.pipelined = 1;
            bsp_memstream_init(&ms, &s, file, size);
            if (bsp_open(&h, &s) == BSP_OK && bsp_measure(&h, &o, &need) == BSP_OK) {
                arena = malloc(need);
                st = bsp_loader_begin(&l, &m, &h, arena, need, &o, NULL);
                p.phase = BSP_PHASE_LOADING;
                while (st == BSP_OK && p.phase != BSP_PHASE_DONE) {
                    if (bsp_loader_next_read(&l, 4096, &rd)) {
                        memcpy(rd.dst, file + rd.offset, rd.length);
                        bsp_loader_read_done(&l, &rd, 0);
                    }
                    while (bsp_loader_next_job(&l, &j)) {
                        bsp_job_run(&j);
                        if (j.lump < BSP_MAX_LUMPS && seen[j.lump]++ == 0) first[j.lump] = j;
                        else if (j.lump < BSP_MAX_LUMPS) {
                            tried++;
                            refused += bsp_loader_job_done(&l, &first[j.lump]) == BSP_E_BAD_ARGUMENT;
                        }
                        bsp_loader_job_done(&l, &j);
                    }
                    st = bsp_loader_step(&l, 1u << 20, &p);
                }
                free(arena);
            }
            snprintf(name, sizeof name, "%s: a stale copy of a paused decode job is refused when it is out again",
                     base_name(argv[a]));
            CHECK(st == BSP_OK && tried > 0 && refused == tried, name, "status %s, %d of %d refused",
                  bsp_status_name(st), refused, tried);
        }
        if (compressed) {
            /* a job reported without being run fails the load: bad_argument */
            bsp_options o = bsp_default_options(BSP_LOAD_ALL);
            bsp_memstream ms;
            bsp_stream s;
            bsp_header h;
            bsp_loader l;
            bsp_map m;
            bsp_read rd;
            bsp_job j;
            bsp_progress p;
            bsp_status st = BSP_OK;
            uint32_t need = 0;
            uint8_t *arena;
            int handed = 0;
            o.jobs = 2;
            bsp_memstream_init(&ms, &s, file, size);
            if (bsp_open(&h, &s) == BSP_OK && bsp_measure(&h, &o, &need) == BSP_OK) {
                arena = malloc(need);
                st = bsp_loader_begin(&l, &m, &h, arena, need, &o, NULL);
                p.phase = BSP_PHASE_LOADING;
                while (st == BSP_OK && p.phase != BSP_PHASE_DONE) {
                    while (bsp_loader_next_read(&l, 0, &rd)) {
                        memcpy(rd.dst, file + rd.offset, rd.length);
                        bsp_loader_read_done(&l, &rd, 0);
                    }
                    while (bsp_loader_next_job(&l, &j)) {
                        if (handed++) bsp_job_run(&j);
                        bsp_loader_job_done(&l, &j);
                    }
                    st = bsp_loader_step(&l, 1u << 20, &p);
                }
                free(arena);
            }
            snprintf(name, sizeof name, "%s: a decode job reported without being run fails the load (bad_argument)",
                     base_name(argv[a]));
            CHECK(handed && st == BSP_E_BAD_ARGUMENT && map_cleared(&m), name, "status %s after %d jobs",
                  bsp_status_name(st), handed);
        }
        /* a failed read fails the load with io, map cleared */
        {
            bsp_options o = bsp_default_options(BSP_LOAD_ALL);
            ref_load ref;
            drive_opts d;
            bsp_memstream ms;
            bsp_stream s;
            bsp_header h;
            bsp_loader l;
            bsp_map m;
            drive_result r;
            bsp_status st = BSP_E_IO;
            reference(&ref, file, size, &o);
            memset(&d, 0, sizeof d);
            d.max_read = 1000; d.random_reads = 1; d.shuffle = 1; d.budget = 4096;
            d.cancel_at = -1; d.fail_read = 3;
            bsp_memstream_init(&ms, &s, file, size);
            if (ref.st == BSP_OK && bsp_open(&h, &s) == BSP_OK &&
                bsp_loader_begin(&l, &m, &h, ref.arena, ref.need, &o, NULL) == BSP_OK)
                st = drive_load(&l, file, size, ref.arena, ref.need, &d, &r);
            snprintf(name, sizeof name, "%s: a failed read gives io and a cleared map", base_name(argv[a]));
            CHECK(ref.st != BSP_OK || (st == BSP_E_IO && map_cleared(&m) && bsp__map_c(&m)->error_lump != BSP_NO_LUMP &&
                                        r.reads > 3), name, "status %s", bsp_status_name(st));
            free(ref.arena);
        }
        /* hostile variants: the same status and error position as bsp_load */
        {
            uint32_t seed = 99, k, nvar = quick ? 12 : 40, mism = 0;
            uint8_t *bad_file = malloc(size);
            why[0] = 0;
            for (k = 0; k < nvar && size > 64; k++) {
                bsp_options o = bsp_default_options(k % 2 ? BSP_LOAD_ALL : BSP_LOAD_LIGHTING);
                ref_load ref;
                drive_opts d;
                uint32_t flips = 1 + drive_rand(&seed) % 8, f;
                memcpy(bad_file, file, size);
                for (f = 0; f < flips; f++)
                    bad_file[drive_rand(&seed) % size] ^= (uint8_t)(1u << (drive_rand(&seed) % 8));
                reference(&ref, bad_file, size, &o);
                memset(&d, 0, sizeof d);
                d.seed = k;
                d.max_read = 3000; d.random_reads = 1; d.shuffle = 1; d.budget = 5000; d.random_budget = 1;
                d.cancel_at = -1; d.fail_read = -1;
                if (ref.arena && resumable_vs(&ref, bad_file, size, &o, &d, why, sizeof why)) mism++;
                free(ref.arena);
            }
            free(bad_file);
            snprintf(name, sizeof name, "%s: %u corrupted variants give bsp_load's status", base_name(argv[a]), nvar);
            CHECK(mism == 0, name, "%u differ, last: %s", mism, why);
        }
        free(file);
    }
    return check_exit();
}
