/* SPDX-License-Identifier: MIT */
/* plan.c - choose the lumps a load needs and place them in the arena.
 *
 * Lumps are placed in the order they are read, ascending file offset, so a
 * forward-only stream is read front to back exactly once. Each region is
 * aligned for its records; the plan's total is what bsp_measure reports.
 */
#include "plan.h"
#include "../lzma/lzma_decoder.h"
#include "../cmodel/cmodel.h"
#include "bspx_dir.h"
#include "../family/light_grid.h"
#include "../family/texture_names.h"
#include "../query/face_light.h"
#include "../query/query.h"

/* Every record bspkit reads has fields of at most 4 bytes. */
#define LUMP_ALIGN 4
/* The furthest a lump's region may reach: room for the alignments after. */
#define END_MAX (0xffffffffu - 64)
/* A packed lump passes through a window of about this many bytes (whole
 * records): small against the lump, large enough that a read of it is
 * worth issuing. */
#define PACK_WINDOW 16384u

bsp_options bsp_default_options(uint32_t sets)
{
    bsp_options o;
    o.sets = sets | BSP_LOAD_QUERIES;
    o.extra_lumps = 0;
    o.extra_lumps_hi = 0;
    o.prefer_hdr = 0;
    o.lzma_lclp_max = 0;
    o.pipelined = 0;
    o.jobs = 0;
    o.lit = NULL;
    o.part = NULL;
    o.part_ctx = NULL;
    return o;
}

/* The lumps a load wants, one flag per lump: a set of roles' lumps built
 * with 64-bit shifts would be a library call per role on a 32-bit target. */
static void want_lump(uint8_t want[BSP_MAX_LUMPS], int lump)
{
    if (lump >= 0) want[lump] = 1;
}

/* Source keeps LDR faces/lighting (7, 8) and HDR ones (58, 53); queries use
 * HDR when lump 7 is empty (console files) or lump 8 is and 53 is not
 * (HDR-only compiles), else LDR unless the caller prefers HDR and both HDR
 * lumps exist (docs/queries.md 4; the ambient pair follows, section 7). The four
 * lumps' presence is read in one loop, as bits in the order of `roles`. */
static int choose_hdr(const bsp_header *h, const bsp_options *o)
{
    static const uint8_t roles[4] = { BSP_ROLE_FACES, BSP_ROLE_LIGHTING, BSP_ROLE_FACES_HDR,
                                      BSP_ROLE_LIGHTING_HDR };
    enum { LDR_FACES = 1, LDR_LIGHTING = 2, HDR_FACES = 4, HDR_LIGHTING = 8 };
    unsigned present = 0, i;
    if (bsp__role_lump(h->family, BSP_ROLE_FACES_HDR) < 0) return 0;
    for (i = 0; i < 4; i++) {
        int lump = bsp__role_lump(h->family, roles[i]);
        if (lump >= 0 && h->lumps[lump].length != 0) present |= 1u << i;
    }
    if (!(present & LDR_FACES)) return 1;
    if ((present & (LDR_LIGHTING | HDR_LIGHTING)) == HDR_LIGHTING) return 1;
    return o->prefer_hdr && (present & (HDR_FACES | HDR_LIGHTING)) == (HDR_FACES | HDR_LIGHTING);
}

#define ROLE(role) (1u << BSP_ROLE_##role)

/* Lumps as bits: bit i of w[i / 64] is lump i (options.extra_lumps and
 * extra_lumps_hi, the family's lighting lumps). */
typedef struct plan_bits {
    uint64_t w[BSP_MAX_LUMPS / 64];
} plan_bits;

static int plan_asked(const plan_bits *b, uint32_t i)
{
    return i < BSP_MAX_LUMPS && (b->w[i / 64] >> (i & 63) & 1u);
}

/* Flag the lumps the roles of the chosen sets name; *bits: the further
 * lumps wanted (the lighting's extra lumps, the caller's). */
static void wanted_lumps(const bsp_header *h, const bsp_options *o, uint32_t sets, int hdr,
                         uint8_t want[BSP_MAX_LUMPS], plan_bits *bits)
{
    const struct bsp_family *f = h->family;
    /* the roles first, then their lumps in one pass */
    uint32_t roles = ROLE(PLANES) | ROLE(NODES) | ROLE(LEAFS) | ROLE(MODELS) | ROLE(VIS);
    int r;
    bits->w[0] = o->extra_lumps;
    bits->w[1] = o->extra_lumps_hi;
    bsp__fill(want, 0, BSP_MAX_LUMPS);
    if (sets & BSP_LOAD_GEOMETRY) {
        sets |= BSP_LOAD_LIGHTING | BSP_LOAD_ENTITIES;
        roles |= ROLE(LEAFFACES) | ROLE(EDGES) | ROLE(SURFEDGES) | ROLE(VERTEXES);
        /* (no access table in a build without map access: BSP__IF) */
        for (r = 0; BSPKIT_ACCESS && f->access && r < BSP_AL_COUNT; r++)
            want_lump(want, f->access->lumps[r]);
    }
    if (sets & BSP_LOAD_LIGHTING) {
        roles |= hdr ? ROLE(FACES_HDR) | ROLE(LIGHTING_HDR) : ROLE(FACES) | ROLE(LIGHTING);
        roles |= f->dir.lighting_roles;
        bits->w[0] |= (uint64_t)f->dir.lighting_lumps;
        if (BSPKIT_AMBIENT && f->amb.kind == BSP_AMB_CUBES) {
            want_lump(want, f->amb.lumps[hdr][0]);
            want_lump(want, f->amb.lumps[hdr][1]);
        }
    }
    if (sets & BSP_LOAD_ENTITIES) roles |= ROLE(ENTITIES);
    /* the collision model's lumps (cmodel/), and the roles it builds on */
    if (BSPKIT_COLLISION && (sets & BSP_LOAD_COLLISION)) roles |= bsp__cmodel_lumps(h, hdr, want);
    for (r = 0; r < BSP_ROLE_COUNT; r++)
        if (roles >> r & 1) want_lump(want, bsp__role_lump(f, r));
    if (o->sets & BSP_LOAD_ALL) bits->w[0] = bits->w[1] = ~(uint64_t)0;
}

/* Is `lump` one the queries or the validator interpret? Those must have a
 * known layout (the ambient index too: its record width varies; collision's
 * lumps, when the load reads them, are flagged in `want`); others may be
 * loaded as plain bytes. */
static int is_role_lump(const struct bsp_family *f, uint32_t lump)
{
    int r;
    for (r = 0; r < BSP_ROLE_COUNT; r++)
        if (r != BSP_ROLE_ENTITIES && r != BSP_ROLE_LIGHTING &&
            r != BSP_ROLE_LIGHTING_HDR && bsp__role_lump(f, r) == (int)lump)
            return 1;
    return f->amb.kind == BSP_AMB_CUBES &&
           (lump == f->amb.lumps[0][0] || lump == f->amb.lumps[1][0]);
}

/* What the sizes say of the caller's .lit stream (10.2): read it, or why
 * not. Only quake and bsp2 (a grey lighting lump) read one, with the
 * lighting set; its length must be 8 + 3N or 8 + 4N for a lighting lump
 * of N > 0 bytes (its header, read at load, says which). */
static int lit_check(const bsp_header *h, const bsp_options *o)
{
    const struct bsp_family *f = h->family;
    int lump = bsp__role_lump(f, BSP_ROLE_LIGHTING);
    uint64_t n, size;
    if (!o->lit) return BSP_LIT_NONE;
    /* (BSP__USE_BSPX 0: no family reads one, and the rest folds away) */
    if (!BSP__USE_BSPX || !f->dir.bspx || f->faces.luxel_bytes != 1 || lump < 0) return BSP_LIT_FAMILY;
    if (!(o->sets & (BSP_LOAD_LIGHTING | BSP_LOAD_GEOMETRY | BSP_LOAD_ALL)))
        return BSP_LIT_NOT_LOADED;
    if (!o->lit->read || o->lit->size == BSP_SIZE_UNKNOWN) return BSP_LIT_UNKNOWN_SIZE;
    n = h->lumps[lump].size;
    size = o->lit->size;
    if (n == 0 || (size != 8 + 3 * n && size != 8 + 4 * n)) return BSP_LIT_BAD_SIZE;
    return BSP_LIT_READ;
}
#if BSP__USE_LIGHT_GRID
/* Arena for the light grid when the plan reads its lump: sized from the
 * lump's length; a forward-only load, which meets the directory only at its
 * end, sizes it for the tail it searches, up to BSP_GRID_FORWARD_MAX bytes
 * of grid. */
static uint32_t grid_bytes(const bsp_header *h, const bsp__plan *p)
{
    int k = bsp__bspx_index(&h->bspx, "LIGHTGRID_OCTREE");
    uint32_t lump = h->bspx.at_load ? BSP__BSPX_TAIL : BSP_BSPX_FIRST + (uint32_t)k, i, size;
    if (!h->bspx.at_load && k < 0) return 0;
    for (i = 0; i < p->count; i++)
        if (p->items[i].lump == lump) {
            size = h->lumps[lump].size;
            if (h->bspx.at_load && size > BSP_GRID_FORWARD_MAX) size = BSP_GRID_FORWARD_MAX;
            return bsp__light_grid_bytes(size);
        }
    return 0;
}
#endif

#if BSP__USE_FACE_LIGHT
/* Arena for the faces' lightmap placement: a record per face of the faces
 * lump the plan reads (LDR or HDR, as the load chose). */
static uint32_t face_light_bytes(const bsp_header *h, const bsp__plan *p)
{
    int lump = bsp__role_lump(h->family, p->use_hdr ? BSP_ROLE_FACES_HDR : BSP_ROLE_FACES);
    uint32_t i, size;
    if (lump < 0 || !(size = bsp_lump_record_size(h, (uint32_t)lump))) return 0;
    for (i = 0; i < p->count; i++)
        if (p->items[i].lump == (uint32_t)lump) return bsp__face_light_bytes(h->lumps[lump].size / size);
    return 0;
}
#endif

/* A refusal that names `lump` (bsp_measure_where). */
static bsp_status refuse(bsp__plan *p, uint32_t lump, bsp_status st)
{
    p->where_lump = lump;
    return st;
}

/* Does the load read records of a collision lump whose version has no
 * known layout? Each such lump's bit is set in `out` (BSP_LOAD_PARTIAL
 * then leaves collision out). */
static int collision_unknown(const bsp_header *h, const uint8_t want[BSP_MAX_LUMPS],
                             uint32_t out[BSP_MAX_LUMPS / 32])
{
    uint32_t i;
    int any = 0;
    for (i = 0; BSPKIT_COLLISION && i < h->family->dir.num_lumps; i++)
        if ((want[i] & 2) && h->lumps[i].length && !bsp__lump_layout(h, i)) {
            out[i / 32] |= 1u << (i & 31);
            any = 1;
        }
    return any;
}

/* Is lump a's item read after lump b's? The .bsp's in file-offset order,
 * then the parts' (12.8), ascending (each from its offset 0: an insertion
 * in ascending lump order keeps them so). */
static int item_after(const bsp_header *h, const bsp__plan *p, uint32_t a, uint32_t b)
{
    int pa = bsp__plan_is_part(p, a), pb = bsp__plan_is_part(p, b);
    if (pa != pb) return pa > pb;
    return !pa && h->lumps[a].offset > h->lumps[b].offset;
}

/* Insert lump's item in reading order (at most BSP_MAX_LUMPS items; arena
 * offsets are set once they are all in order). */
static void insert_item(const bsp_header *h, bsp__plan *p, uint32_t lump, uint32_t region)
{
    uint32_t j;
    for (j = p->count; j > 0 && item_after(h, p, p->items[j - 1].lump, lump); j--)
        p->items[j] = p->items[j - 1];
    p->items[j].lump = (uint8_t)lump;
    p->items[j].region = region;
    p->count++;
}

#if BSP__USE_PARTS
/* Ask the caller for lump's part (options.part, docs/queries.md 12.8), in
 * a family that keeps lumps in parts: none, the lump is read from the .bsp
 * and must lie inside it (BAD_LUMP); a stream of known size replaces the
 * entry (*e becomes the part's); its size unknown, BAD_LUMP; any other
 * answer, IO. */
static bsp_status ask_part(const bsp_header *h, const bsp_options *o, bsp__plan *p, uint32_t lump,
                           bsp_lump_entry *e)
{
    bsp_stream s;
    int r = BSP_PART_NONE;
    if (!bsp__family_parts(h->family)) return BSP_OK;
    s.read = NULL;
    s.ctx = NULL;
    s.size = BSP_SIZE_UNKNOWN;
    s.forward_only = 0;
    if (o->part) r = o->part(o->part_ctx, BSP_PART_LUMP, lump, &s);
    if (r == BSP_PART_NONE) {
        if (e->length && (e->offset > h->file_size || e->length > h->file_size - e->offset))
            return refuse(p, lump, BSP_E_BAD_LUMP);   /* a file the caller did not give */
        return BSP_OK;
    }
    if (r != 0) return refuse(p, lump, BSP_E_IO);
    if (!s.read || s.size == BSP_SIZE_UNKNOWN) return refuse(p, lump, BSP_E_BAD_LUMP);
    p->from_part[lump / 32] |= 1u << (lump & 31);
    p->part_size[lump] = s.size;
    (void)bsp__plan_entry(h, p, lump, e);   /* (a part's: made in *e) */
    return BSP_OK;
}
#endif

/* The wanted lumps of the standard directory, as items: each lump the
 * queries or collision interpret must have a known layout and whole
 * records; a compressed one's region is its decoding window. `partial`
 * (BSP_LOAD_PARTIAL): another lump read for its records, at a version of
 * unknown layout, is left out unless its bytes are asked for. */
static bsp_status list_lumps(const bsp_header *h, const bsp_options *o, const uint8_t want[BSP_MAX_LUMPS],
                             const plan_bits *more, int partial, bsp__plan *p, int *any_compressed)
{
    const struct bsp_family *f = h->family;
    uint32_t i, region;
    for (i = 0; i < f->dir.num_lumps; i++) {
#if BSP__USE_PARTS
        bsp_lump_entry ev = h->lumps[i];   /* (its part's, when it has one) */
        const bsp_lump_entry *e = &ev;
#else
        const bsp_lump_entry *e = &h->lumps[i];
#endif
        const bsp__layout *lay;
        if (!(want[i] || plan_asked(more, i))) continue;
#if BSP__USE_PARTS
        {
            bsp_status st = ask_part(h, o, p, i, &ev);
            if (st != BSP_OK) return st;
        }
#else
        (void)o;
#endif
        region = e->size;
        if (e->length == 0) continue;
        lay = bsp__lump_layout(h, i);
        if (!lay && ((BSPKIT_COLLISION && (want[i] & 2)) || is_role_lump(f, i)))
            return refuse(p, i, BSP_E_BAD_LUMP_VERSION);
        /* (no layout: a lump a rule names is at an unknown version) */
        if (!lay && partial && want[i] && !plan_asked(more, i) && bsp__lump_named(h, i)) {
            p->left_out[i / 32] |= 1u << (i & 31);
            continue;
        }
        if (lay && lay->kind == BSP_LAYOUT_RECORDS && lay->record_size &&
            e->size % lay->record_size)
            return refuse(p, i, BSP_E_BAD_LUMP);
        if (e->compressed) {
#if BSPKIT_LZMA
            region = bsp__lzma_region_bytes(e->size, e->length);
            if (region == 0) return refuse(p, i, BSP_E_BAD_LUMP);
            *any_compressed = 1;
#else
            (void)any_compressed;
            return BSP_E_UNSUPPORTED;   /* built without the decoder */
#endif
        }
        insert_item(h, p, i, region);
    }
    return BSP_OK;
}

#if BSP__USE_BSPX
/* BSPX lumps (docs/queries.md 10.1): bytes, read like the others (the
 * lighting set's, and collision's brush list, 13.7); a forward-only
 * stream's tail, where the load finds them, when any is wanted. */
static void list_bspx(const bsp_header *h, const bsp_options *o, const plan_bits *more, bsp__plan *p)
{
    int lighting = (o->sets & (BSP_LOAD_LIGHTING | BSP_LOAD_GEOMETRY)) != 0;
    int list = BSP__BRUSH_LIST && p->collision && bsp__coll_of(h->family)->list_contents;
    int k = list ? bsp__bspx_index(&h->bspx, "BRUSHLIST") : -1;
    uint32_t i;
    for (i = BSP__BSPX_TAIL; i < BSP_BSPX_FIRST + h->bspx.count; i++) {
        const bsp_lump_entry *e = &h->lumps[i];
        int wanted = i == BSP__BSPX_TAIL
                         ? lighting || list || (more->w[BSP_BSPX_FIRST / 64] >> (BSP_BSPX_FIRST & 63)) != 0
                         : (lighting && bsp__bspx_lighting(h->bspx.name[i - BSP_BSPX_FIRST])) ||
                               (k >= 0 && i == BSP_BSPX_FIRST + (uint32_t)k);
        if ((wanted || plan_asked(more, i)) && e->length != 0) insert_item(h, p, i, e->size);
    }
}
#endif

/* The .lit stream's item, last: after every byte of the map. */
static void list_lit(const bsp_header *h, const bsp_options *o, bsp__plan *p)
{
    p->prefer_hdr = (uint8_t)(o->prefer_hdr != 0);
    p->lit_check = (uint8_t)lit_check(h, o);
    if (p->lit_check == BSP_LIT_READ) {
        p->lit.length = p->lit.size = o->lit->size;
        p->items[p->count].lump = (uint8_t)BSP__LIT_SLOT;
        p->items[p->count].region = o->lit->size;
        p->count++;
    }
}

/* The family's packed lump (bsp__collision.pack_keep), when a load reads
 * it for the builder that wants a run of it alone, uncompressed, in records
 * of at least the kept bytes: its item gets the run's kept bytes and the
 * window (the header's run clamped to the lump: a run outside it is the
 * build's CORRUPT). */
static void plan_pack(const bsp_header *h, const uint8_t want[BSP_MAX_LUMPS], const plan_bits *more,
                      int any_compressed, bsp__plan *p)
{
    const struct bsp__collision *c = BSP__PACKING && p->collision ? bsp__coll_of(h->family) : NULL;
    const bsp__layout *lay;
    uint32_t i, rs, n, size;
    int lump = c && c->pack_keep && h->patch_bytes && !any_compressed ? c->lumps[BSP_CL_VERTS] : -1;
    if (lump < 0 || want[lump] != 2 || plan_asked(more, (uint32_t)lump)) return;
    lay = bsp__lump_layout(h, (uint32_t)lump);
    if (!lay || lay->kind != BSP_LAYOUT_RECORDS || lay->record_size < c->pack_keep) return;
    for (i = 0; i < p->count && p->items[i].lump != (uint32_t)lump; i++) {}
    if (i == p->count) return;
    rs = lay->record_size;
    size = h->lumps[lump].size;
    n = size / rs;
    p->pack_keep = c->pack_keep;
    p->pack_item = (uint8_t)i;
    p->pack_first = h->patch_verts_first < n ? h->patch_verts_first : n;
    p->pack_count = h->patch_verts_count < n - p->pack_first ? h->patch_verts_count : n - p->pack_first;
    /* no run with patches measured: a header kept by a caller from before
     * the run's fields (patches have 9 points at least): every record is
     * kept, a larger arena but the same answers */
    if (!h->patch_verts_count) {
        p->pack_first = 0;
        p->pack_count = n;
    }
    p->pack_window = PACK_WINDOW / rs ? PACK_WINDOW / rs * rs : rs;
    if (p->pack_window > size) p->pack_window = size;
    p->items[i].region = p->pack_count * p->pack_keep + p->pack_window;
}

/* Place the items in the arena, in order; returns where the furthest
 * window ends in *end. */
static bsp_status place_items(const bsp_header *h, const bsp_options *o, bsp__plan *p, uint32_t *end)
{
    const bsp_lump_entry *prev = NULL;   /* (never a part's: those are not compared) */
    uint32_t pos = 0, i;
    /* 32 bits suffice: end stays at most END_MAX and pos at most end (a
     * region is never smaller than its lump), so aligning either cannot
     * wrap; the one sum that could is checked before it is made. */
    *end = 0;
    for (i = 0; i < p->count; i++) {
        bsp_lump_entry ev;
        const bsp_lump_entry *e = bsp__plan_entry(h, p, p->items[i].lump, &ev);
        uint32_t region = p->items[i].region;
        int packed = p->pack_keep && i == p->pack_item;
        /* sorted by offset: a standard lump starts at or after the one
         * before (BSPX lumps may overlap anything: 10.1) */
        if (p->items[i].lump < h->family->dir.num_lumps && !bsp__plan_is_part(p, p->items[i].lump)) {
            if (prev && prev->length > e->offset - prev->offset)
                return refuse(p, p->items[i].lump, BSP_E_BAD_LUMP);   /* overlapping lumps */
            prev = e;
        }
        pos = (pos + LUMP_ALIGN - 1) & ~(uint32_t)(LUMP_ALIGN - 1);
        p->items[i].arena_offset = pos;
        if (pos > END_MAX || region > END_MAX - pos) return refuse(p, p->items[i].lump, BSP_E_BAD_LUMP);
        /* A compressed lump's decoding window runs past its loaded size by
         * the in-place margin. The next lump's region may start right after
         * the loaded bytes: it is still empty while this one decodes, so
         * the margins of all but the furthest-reaching lump cost nothing. */
        if (pos + region > *end) *end = pos + region;
        /* pipelined: the next lump starts after the whole window, so its
         * reads may land while this one decodes; a packed lump's next lumps
         * start after the packed run, their reads held back from the
         * window until its last record is packed */
        pos += o->pipelined ? region : packed ? p->pack_count * p->pack_keep : e->size;
    }
    return BSP_OK;
}

/* The builders' regions after the lumps (the light grid's, collision's):
 * from *pos on, which they move past. */
static bsp_status place_builders(const bsp_header *h, bsp__plan *p, uint32_t *at)
{
    const struct bsp_family *f = h->family;
    uint32_t pos = *at;
    (void)f;
#if BSP__USE_LIGHT_GRID
    /* the light grid's parse and index, kept with the map (a multiple of 8) */
    if (f->dir.bspx) {
        p->grid_bytes = grid_bytes(h, p);
        p->grid_offset = pos;
        if (p->grid_bytes > END_MAX - pos) return BSP_E_BAD_LUMP;
        pos += p->grid_bytes;
    }
#endif
#if BSPKIT_ACCESS
    /* quake2's texture table numbered, when its records load */
    if (f->access && f->access->texture_unique && f->access->lumps[BSP_AL_TEXTURES] >= 0) {
        uint32_t lump = (uint32_t)f->access->lumps[BSP_AL_TEXTURES], i;
        for (i = 0; i < p->count; i++)
            if (p->items[i].lump == lump) {
                uint32_t records = h->lumps[lump].size / f->access->texture_stride;
                p->names_bytes = bsp__texture_names_bytes(f, records);
                p->names_scratch = bsp__texture_names_scratch(f, records);
                p->names_offset = pos;
                if (p->names_bytes > END_MAX - pos) return refuse(p, lump, BSP_E_BAD_LUMP);
                pos += p->names_bytes;
            }
    }
#endif
#if BSP__USE_FACE_LIGHT
    /* each face's lightmap placement, when the load reads the faces */
    if (f->faces.face_lightmap) {
        p->face_light_bytes = face_light_bytes(h, p);
        p->face_light_offset = pos;
        if (p->face_light_bytes > END_MAX - pos) return BSP_E_BAD_LUMP;
        pos += p->face_light_bytes;
    }
#endif
    /* the collision model (cmodel/), built at the load's end */
    if (BSPKIT_COLLISION && p->collision) {
        bsp_status st = bsp__cmodel_place(h, END_MAX, &pos, &p->cmodel);
        if (st != BSP_OK) return st;
    }
    /* the point walks' nodes, each with its plane (query/point_tree.c) */
    p->tree_bytes = bsp__point_tree_bytes(h);
    p->tree_offset = pos;
    if (p->tree_bytes > END_MAX - pos) return BSP_E_BAD_LUMP;
    pos = (pos + p->tree_bytes + BSP_ARENA_ALIGN - 1) & ~(uint32_t)(BSP_ARENA_ALIGN - 1);
    *at = pos;
    return BSP_OK;
}

/* The decoder's tables (one, or a job's each), at the arena's end. */
static void size_decoder(const bsp_options *o, bsp__plan *p)
{
#if BSPKIT_LZMA
    bsp__lzma_props widest;
    uint32_t lclp = o->lzma_lclp_max ? o->lzma_lclp_max : 3;   /* at most 12 */
    widest.dict_size = 0;
    widest.pb = 0;
    widest.lc = (uint8_t)(lclp > 8 ? 8 : lclp);   /* lc stops at 8; lp carries the rest */
    widest.lp = (uint8_t)(lclp - widest.lc);
    p->lclp_max = (uint8_t)lclp;
    p->scratch_bytes = bsp__lzma_probs_bytes(&widest);
    /* decode jobs: a table and a state each, 8-aligned; at most 32 of
     * at most 6 MiB, no wrap */
    if (BSPKIT_JOBS && o->jobs) {
        p->jobs = (uint8_t)o->jobs;
        p->table_stride = BSP_JOB_TABLE_BYTES(lclp);
        p->scratch_bytes = o->jobs * p->table_stride;
    }
#else
    (void)o, (void)p;
#endif
}

/* Collision's uses of the same scratch once the decoder is done with it:
 * the depth check, a byte per node of the larger tree lump (no node record
 * is shorter than 8 bytes), then the tree shape's bits, and the collision model's builders' own
 * (cmodel/ sized them). */
static void size_coll_scratch(const bsp_header *h, bsp__plan *p)
{
    const struct bsp_family *f = h->family;
    int lump = bsp__coll_of(f)->lumps[BSP_CL_CLIPNODES];
    uint32_t most = h->lumps[bsp__role_lump(f, BSP_ROLE_NODES)].size / 8;
    /* (clipnodes: the Quake family's alone) */
    if (BSP__QUAKE_FAMILY && lump >= 0 && h->lumps[lump].size / 8 > most)
        most = h->lumps[lump].size / 8;
    if (most > p->scratch_bytes) p->scratch_bytes = most;
    /* the tree shape (validate_coll.c): a bit per node, then a bit per
     * leaf (no leaf record is shorter than 4 bytes) */
    most = BSP__TREE_BITS_BYTES(h->lumps[bsp__role_lump(f, BSP_ROLE_NODES)].size / 8) +
           BSP__TREE_BITS_BYTES(h->lumps[bsp__role_lump(f, BSP_ROLE_LEAFS)].size / 4);
    if (most > p->scratch_bytes) p->scratch_bytes = most;
    if (p->cmodel.scratch_bytes > p->scratch_bytes) p->scratch_bytes = p->cmodel.scratch_bytes;
}

/* Each item's first stage: packed, decoded here or by a job, or plain. */
static void set_starts(const bsp_header *h, bsp__plan *p)
{
    bsp_lump_entry part;
    uint32_t i;
    for (i = 0; i < p->count; i++) {
        bsp__plan_item *it = &p->items[i];
        if (p->pack_keep && i == p->pack_item) it->start = BSP__STAGE_PACK;
        else if (!bsp__plan_entry(h, p, it->lump, &part)->compressed) it->start = BSP__STAGE_INPUT;
        else it->start = p->jobs ? BSP__STAGE_JOB : BSP__STAGE_DECODE;
    }
}

bsp_status bsp__plan_build(const bsp_header *h, const bsp_options *o, bsp__plan *p)
{
    uint8_t want[BSP_MAX_LUMPS];
    plan_bits more;
    uint32_t pos, end, sets;
    int any_compressed = 0;
    bsp_status st;

    bsp__fill(p, 0, sizeof *p);
    p->where_lump = BSP_NO_LUMP;
    if (!h || !h->family || !o || o->lzma_lclp_max > 12 || o->jobs > BSP_MAX_JOBS)
        return BSP_E_BAD_ARGUMENT;
    /* a build without jobs (without the decoder no lump is ever a job) */
    if (BSPKIT_LZMA && !BSPKIT_JOBS && o->jobs) return BSP_E_UNSUPPORTED;
    sets = o->sets;
    p->use_hdr = (uint8_t)choose_hdr(h, o);
    wanted_lumps(h, o, sets, p->use_hdr, want, &more);
    /* load what the layouts allow: without collision when one of its
     * lumps has none */
    if ((sets & BSP_LOAD_PARTIAL) && (sets & BSP_LOAD_COLLISION) && collision_unknown(h, want, p->left_out)) {
        uint32_t i;
        sets &= ~BSP_LOAD_COLLISION;
        wanted_lumps(h, o, sets, p->use_hdr, want, &more);
        /* (those the other sets still read are left out by list_lumps, or
         * load as the bytes asked for) */
        for (i = 0; i < h->family->dir.num_lumps; i++)
            if (want[i] || plan_asked(&more, i)) p->left_out[i / 32] &= ~(1u << (i & 31));
    }
    if (BSPKIT_COLLISION) p->collision = (uint8_t)((sets & BSP_LOAD_COLLISION) && bsp__coll_of(h->family));
    st = list_lumps(h, o, want, &more, (sets & BSP_LOAD_PARTIAL) != 0, p, &any_compressed);
    if (st != BSP_OK) return st;
#if BSP__USE_BSPX
    if (h->family->dir.bspx) list_bspx(h, o, &more, p);
#endif
    list_lit(h, o, p);
    plan_pack(h, want, &more, any_compressed, p);
    st = place_items(h, o, p, &end);
    if (st != BSP_OK) return st;
    pos = (end + BSP_ARENA_ALIGN - 1) & ~(uint32_t)(BSP_ARENA_ALIGN - 1);
    st = place_builders(h, p, &pos);
    if (st != BSP_OK) return st;
    p->scratch_offset = pos;
    if (any_compressed) size_decoder(o, p);
    if (BSPKIT_COLLISION && p->collision) size_coll_scratch(h, p);
    if (p->names_scratch > p->scratch_bytes) p->scratch_bytes = p->names_scratch;
    if (p->scratch_bytes > 0xffffffffu - pos) return BSP_E_BAD_LUMP;
    p->total = pos + p->scratch_bytes;
    set_starts(h, p);
    return BSP_OK;
}

bsp_status bsp_measure(const bsp_header *h, const bsp_options *o, uint32_t *bytes)
{
    bsp__plan p;
    bsp_status st;
    if (!bytes) return BSP_E_BAD_ARGUMENT;
    st = bsp__plan_build(h, o, &p);
    *bytes = st == BSP_OK ? p.total : 0;
    return st;
}
