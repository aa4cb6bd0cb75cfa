/* SPDX-License-Identifier: MIT */
/* test_unit.c - module tests that need no map file: layout tables, the
 * swapper, float helpers, the entity iterator, status names, memory stream. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "../../loader/family/family.h"
#include "../../loader/core/fmath.h"
#include "../../loader/pipeline/swap.h"
#include "../../platform/memory/bsp_memstream.h"

/* ---- layout tables ---------------------------------------------------- */

/* A whole lump: the slice with no limit, as bsp_load swaps it. */
static void swap_lump(uint8_t *data, uint32_t size, const bsp__layout *lay)
{
    (void)bsp__swap_slice(data, size, lay, 0, 0xffffffffu);
}

/* The swapper's runs of a layout (run bytes up to BSP_RUN_END) spelled
 * out as one digit per field, "4" "22" ..., so that the checks below read
 * the derived description the way a person writes it; NULL for none. Four
 * buffers: a check may hold two at once. */
static const char *widths_of(const bsp__layout *lay)
{
    static char buf[4][1024];
    static int next;
    char *w = buf[next++ & 3], *p = w;
    const uint8_t *r;
    uint32_t k;
    if (!lay || !lay->runs) return NULL;
    for (r = lay->runs; *r < BSP_RUN_END; r++)
        for (k = 0; k < BSP_RUN_COUNT(*r) && p < w + sizeof buf[0] - 1; k++)
            *p++ = (char)('0' + BSP_RUN_WIDTH(*r));
    *p = 0;
    return w;
}

static int width_sum(const char *w)
{
    int sum = 0;
    for (; *w; w++) {
        if (*w != '1' && *w != '2' && *w != '4') return -1;
        sum += *w - '0';
    }
    return sum;
}

/* Does a field of `type` at `offset` start on a field boundary of the same
 * width in `widths`? (So the swapper swaps exactly the bytes it is read from.) */
static int field_matches_layout(const char *widths, bsp__field f)
{
    int ofs = 0, want;
    if (f.type == BSP_F_NONE) return 1;
    want = f.type == BSP_F_U8 ? 1 : f.type == BSP_F_I32 ? 4 : 2;
    for (; *widths; ofs += *widths++ - '0')
        if (ofs == f.offset) return *widths - '0' == want;
    return 0;
}

static const char *role_layout(const struct bsp_family *f, int role, int32_t version, int lump_version)
{
    bsp_header h;
    const bsp__layout *lay;
    int lump = bsp__role_lump(f, role);
    memset(&h, 0, sizeof h);
    h.family = f;
    h.version = version;
    if (lump < 0) return NULL;
    h.lumps[lump].version = (uint32_t)lump_version;
    lay = bsp__lump_layout(&h, (uint32_t)lump);
    return widths_of(lay);
}

/* `count` consecutive fields of `width` bytes from byte `offset`. */
static int run_matches_layout(const char *widths, uint8_t offset, int count, int width)
{
    bsp__field f;
    int k;
    f.type = width == 4 ? BSP_F_I32 : width == 2 ? BSP_F_U16 : BSP_F_U8;
    for (k = 0; k < count; k++) {
        f.offset = (uint8_t)(offset + k * width);
        if (!field_matches_layout(widths, f)) return 0;
    }
    return 1;
}

static void test_rules(const struct bsp_family *f)
{
    char name[128];
    const bsp__layout_table *t;
    uint32_t i;
    int links = 0;
    for (t = f->dir.layouts; t; t = t->next) {
        CHECK(++links < 8, "layout tables end", "%s: a cycle in the chain", f->name);
        if (links >= 8) return;
        for (i = 0; i < t->count; i++) {
            const bsp__layout *l = &t->rules[i].layout;
            snprintf(name, sizeof name, "layout %s lump %d rule %u: widths sum to record size",
                     f->name, t->rules[i].lump, (unsigned)i);
            if (l->runs)
                CHECK(width_sum(widths_of(l)) == l->record_size, name, "sum %d, record %u",
                      width_sum(widths_of(l)), (unsigned)l->record_size);
            else
                CHECK(l->kind == BSP_LAYOUT_RECORDS || l->kind == BSP_LAYOUT_UNKNOWN, name,
                      "a counted layout needs runs");
            snprintf(name, sizeof name, "layout %s rule %u names a lump of the family", f->name,
                     (unsigned)i);
            CHECK(t->rules[i].lump < f->dir.num_lumps, name, "lump %d", t->rules[i].lump);
        }
    }
}

/* A family whose tree bspkit reads (respawn's cells are a later step of
 * issue 44: its maps answer every tree query unsupported, bsp__no_tree). */
static int has_tree(const struct bsp_family *f)
{
    return f->detect.id != BSP_FAMILY_RESPAWN;
}

/* What a description must have for the generic code to be safe with it. */
static void test_description(const struct bsp_family *f)
{
    char name[128];
    int r, ok = 1;
    for (r = 0; r < BSP_ROLE_COUNT; r++)
        if (bsp__role_lump(f, r) >= (int)f->dir.num_lumps) ok = 0;
    snprintf(name, sizeof name, "%s: every role names a lump of the directory", f->name);
    CHECK(ok, name, "a role lump is past num_lumps");
    snprintf(name, sizeof name, "%s: planes, nodes, leafs and models have lumps", f->name);
    CHECK(!has_tree(f) ||
          (bsp__role_lump(f, BSP_ROLE_PLANES) >= 0 && bsp__role_lump(f, BSP_ROLE_NODES) >= 0 &&
           bsp__role_lump(f, BSP_ROLE_LEAFS) >= 0 && bsp__role_lump(f, BSP_ROLE_MODELS) >= 0),
          name, "missing");
    snprintf(name, sizeof name, "%s: the rules every load runs are there", f->name);
    CHECK(f->finish && (f->vis.vis_row || !has_tree(f)) && f->dir.lump_names && f->dir.layouts, name,
          "a callback is NULL");
    snprintf(name, sizeof name, "%s: the header fits bsp_open's buffer, the directory the map",
             f->name);
    CHECK(f->dir.header_bytes <= BSP__HEADER_MAX && f->dir.num_lumps <= BSP_MAX_LUMPS &&
          f->dir.dir_offset + 4u * f->dir.entry_words * f->dir.num_lumps <= f->dir.header_bytes &&
          f->detect.version_at <= 4 && f->detect.min_version <= f->detect.max_version, name,
          "header %u, %u lumps", (unsigned)f->dir.header_bytes, (unsigned)f->dir.num_lumps);
    {
        /* one name per lump: a missing one would read past the string
         * (ASan) or give an empty or repeated name */
        bsp_header h;
        uint32_t i, j;
        memset(&h, 0, sizeof h);
        h.family = f;
        h.num_lumps = f->dir.num_lumps;
        ok = 1;
        for (i = 0; i < f->dir.num_lumps; i++) {
            const char *n = bsp_lump_name(&h, i);
            if (!n || !*n) ok = 0;
            for (j = 0; ok && j < i; j++)
                if (!strcmp(n, bsp_lump_name(&h, j))) ok = 0;
        }
        snprintf(name, sizeof name, "%s: %u distinct lump names", f->name, (unsigned)f->dir.num_lumps);
        CHECK(ok && !bsp_lump_name(&h, f->dir.num_lumps), name, "a name is empty or repeated");
    }
    snprintf(name, sizeof name, "%s: a leaf names its cluster, or model 0 counts them", f->name);
    CHECK(!has_tree(f) ||
          (f->tree.leaf_cluster.type ? !f->tree.model_numleafs.type
                                     : (f->tree.model_numleafs.type && f->tree.leaf_visofs.type)),
          name, "cluster rule incomplete");
    snprintf(name, sizeof name, "%s: lightmaps have a luxel size and texinfo", f->name);
    CHECK(!f->faces.face_lightmap || ((f->faces.luxel_bytes == 1 || f->faces.luxel_bytes == 3 || f->faces.luxel_bytes == 4) &&
                                bsp__role_lump(f, BSP_ROLE_TEXINFO) >= 0 && f->faces.face_num_styles),
          name, "luxel bytes %u", (unsigned)f->faces.luxel_bytes);
}

/* Every field a description names must lie on a field of its lump's
 * layout, at every lump version the description has a layout for (the
 * lump version picks the record: Strata's widened ones sit beside Valve's);
 * the lumps every load needs must have a layout at some version. */
static int lump_versions_ok(const struct bsp_family *f, int role, int32_t v, int *found,
                            int (*fields_ok)(const struct bsp_family *, const char *))
{
    int lv, ok = 1;
    *found = 0;
    for (lv = 0; lv < 8; lv++) {
        const char *w = role_layout(f, role, v, lv);
        if (!w) continue;
        (*found)++;
        ok &= fields_ok(f, w);
    }
    return ok;
}

static int node_fields(const struct bsp_family *f, const char *nodes)
{
    return field_matches_layout(nodes, f->tree.node_plane) &&
           field_matches_layout(nodes, f->tree.node_child[0]) &&
           field_matches_layout(nodes, f->tree.node_child[1]) &&
           field_matches_layout(nodes, f->tree.node_firstface) &&
           field_matches_layout(nodes, f->tree.node_numfaces);
}

static int model_fields(const struct bsp_family *f, const char *models)
{
    return field_matches_layout(models, f->tree.model_headnode) &&
           field_matches_layout(models, f->tree.model_firstface) &&
           field_matches_layout(models, f->tree.model_numfaces) &&
           field_matches_layout(models, f->tree.model_firstleaf) &&
           field_matches_layout(models, f->tree.model_numleafs);
}

static int leaf_fields(const struct bsp_family *f, const char *leafs)
{
    return field_matches_layout(leafs, f->tree.leaf_contents) &&
           field_matches_layout(leafs, f->tree.leaf_cluster) &&
           field_matches_layout(leafs, f->tree.leaf_visofs) &&
           field_matches_layout(leafs, f->tree.leaf_firstleafface) &&
           field_matches_layout(leafs, f->tree.leaf_numleaffaces);
}

static int face_fields(const struct bsp_family *f, const char *faces)
{
    int ok = !f->faces.face_plane.type ||
             (field_matches_layout(faces, f->faces.face_plane) &&
              field_matches_layout(faces, f->faces.face_firstedge) &&
              field_matches_layout(faces, f->faces.face_numedges) &&
              field_matches_layout(faces, f->faces.face_texinfo) &&
              field_matches_layout(faces, f->faces.face_dispinfo) &&
              field_matches_layout(faces, f->faces.face_lightofs));
    return ok && (!f->faces.face_lightmap ||
                  (run_matches_layout(faces, f->faces.face_styles_offset, f->faces.face_num_styles, 1) &&
                   (!f->faces.face_luxels_offset || run_matches_layout(faces, f->faces.face_luxels_offset, 4, 4))));
}

static int texinfo_fields(const struct bsp_family *f, const char *texinfo)
{
    return !f->faces.face_lightmap || (run_matches_layout(texinfo, f->faces.texinfo_vecs, 8, 4) &&
                                 field_matches_layout(texinfo, f->faces.texinfo_flags));
}

static int edge_fields(const struct bsp_family *f, const char *edges)
{
    return field_matches_layout(edges, f->faces.edge_v[0]) && field_matches_layout(edges, f->faces.edge_v[1]);
}

static int leafface_fields(const struct bsp_family *f, const char *leaffaces)
{
    return field_matches_layout(leaffaces, f->tree.leafface_face);
}

static void test_layouts(const struct bsp_family *f)
{
    char name[128];
    int32_t v;
    test_rules(f);
    test_description(f);
    for (v = f->detect.min_version; has_tree(f) && v <= f->detect.max_version; v++) {
        int n_nodes, n_models, n_leafs, n, ok;
        ok = lump_versions_ok(f, BSP_ROLE_NODES, v, &n_nodes, node_fields);
        ok &= lump_versions_ok(f, BSP_ROLE_MODELS, v, &n_models, model_fields);
        ok &= lump_versions_ok(f, BSP_ROLE_LEAFS, v, &n_leafs, leaf_fields);
        ok &= n_nodes && n_models && n_leafs;
        ok &= lump_versions_ok(f, BSP_ROLE_FACES, v, &n, face_fields);
        ok &= !f->faces.face_plane.type || n;
        ok &= lump_versions_ok(f, BSP_ROLE_TEXINFO, v, &n, texinfo_fields);
        ok &= !f->faces.face_lightmap || n;
        if (f->faces.edge_v[0].type) {
            ok &= lump_versions_ok(f, BSP_ROLE_EDGES, v, &n, edge_fields);
            ok &= n > 0;
        }
        if (f->tree.leafface_face.type) ok &= lump_versions_ok(f, BSP_ROLE_LEAFFACES, v, &n, leafface_fields);
        snprintf(name, sizeof name, "fields of %s v%d sit on layout fields at every lump version",
                 f->name, (int)v);
        CHECK(ok, name, "a query field does not match its lump's layout");
    }
    if (f->amb.kind == BSP_AMB_CUBES) {
        /* the ambient index: {count, first} on its record's fields */
        bsp_header h;
        int lv, found = 0, ok = 1;
        memset(&h, 0, sizeof h);
        h.family = f;
        h.version = f->detect.max_version;
        for (lv = 0; lv < 8; lv++) {
            const bsp__layout *lay;
            h.lumps[f->amb.lumps[0][0]].version = (uint32_t)lv;
            lay = bsp__lump_layout(&h, f->amb.lumps[0][0]);
            if (!lay) continue;
            found++;
            ok &= lay->record_size == f->amb.index_bytes &&
                  field_matches_layout(widths_of(lay), f->amb.count) &&
                  field_matches_layout(widths_of(lay), f->amb.first);
        }
        snprintf(name, sizeof name, "%s: ambient index fields sit on its layout", f->name);
        CHECK(ok && found, name, "%d layouts", found);
    }
    /* a lump-version variant (Strata) is read with its own fields */
    if (f->dir.lump_variant) test_layouts(f->dir.lump_variant);
}

/* ---- record descriptions (core/record.h) ------------------------------ */

/* Quake 2's dleaf_t as qfiles.h lays it out: the offsets below are that
 * header's, counted by hand, not read from the macros. */
#define T_LEAF(F) F(contents, I32, 1) F(cluster, I16, 1) F(area, I16, 1) F(mins, I16, 3) \
    F(maxs, I16, 3) F(firstleafface, U16, 1) F(numleaffaces, U16, 1) F(name, U8, 5) \
    F(origin, F32, 3)
BSP_RECORD(t_leaf, T_LEAF);

static void test_record_macros(void)
{
    static const bsp__field numleaffaces = BSP_FIELD(t_leaf, numleaffaces);
    static const bsp__field max_z = BSP_FIELD_K(t_leaf, maxs, 2);
    static const bsp__field origin_y = BSP_FIELD_K(t_leaf, origin, 1);
    /* one byte a field: width code (0: 1 byte, 1: 2, 2: 4) << 6 | count - 1 */
    static const uint8_t want_runs[] = { 0x80, 0x40, 0x40, 0x42, 0x42, 0x40, 0x40, 0x04, 0x82, 0xc0 };
    CHECK(t_leaf_bytes == 41 && BSP_AT(t_leaf, mins) == 8 && BSP_AT(t_leaf, name) == 24 &&
          BSP_BYTES(t_leaf, name) == 5 && BSP_AT(t_leaf, origin) == 29,
          "record: size and offsets follow from the field list", "size %d", (int)t_leaf_bytes);
    CHECK(numleaffaces.offset == 22 && numleaffaces.type == BSP_F_U16 && max_z.offset == 18 &&
          max_z.type == BSP_F_I16 && origin_y.offset == 33 && origin_y.type == BSP_F_F32,
          "record: a field's offset and type, and element k of a run", "%u/%u %u/%u %u/%u",
          numleaffaces.offset, numleaffaces.type, max_z.offset, max_z.type, origin_y.offset,
          origin_y.type);
    CHECK(sizeof t_leaf_runs == sizeof want_runs &&
          memcmp(t_leaf_runs, want_runs, sizeof want_runs) == 0,
          "record: the swapper's runs are the fields' widths and counts", "differ");
    CHECK(BSP_RUN_WIDTH(t_leaf_runs[8]) == 4 && BSP_RUN_COUNT(t_leaf_runs[8]) == 3 &&
          BSP_RUN_WIDTH(t_leaf_runs[7]) == 1 && BSP_RUN_COUNT(t_leaf_runs[7]) == 5,
          "record: a run byte reads back as its width and count", "%02x %02x",
          t_leaf_runs[7], t_leaf_runs[8]);
}

/* ---- swapper ---------------------------------------------------------- */

static void test_swapper(void)
{
    /* runs (core/record.h): int32, int16, two bytes, int32 */
    static const uint8_t rec_runs[] = { 0x80, 0x40, 0x01, 0x80, BSP_RUN_END };
    static const bsp__layout rec = { rec_runs, 12, BSP_LAYOUT_RECORDS };
    static const bsp__layout vis = BSP_COUNTED(bsp__dvis);
    uint32_t store[6], orig_store[6], vstore[6];
    uint8_t *buf = (uint8_t *)store, *orig = (uint8_t *)orig_store, *v = (uint8_t *)vstore;
    int i;
    for (i = 0; i < 24; i++) buf[i] = orig[i] = (uint8_t)(i + 1);
    swap_lump(buf, 24, &rec);
    CHECK(buf[0] == 4 && buf[3] == 1 && buf[4] == 6 && buf[5] == 5 && buf[6] == 7 &&
          buf[7] == 8 && buf[8] == 12 && buf[11] == 9 && buf[12] == 16 && buf[23] == 21,
          "swapper reverses each field of each record, bytes stay",
          "got %02x %02x %02x %02x %02x %02x", buf[0], buf[3], buf[4], buf[5], buf[8], buf[12]);
    swap_lump(buf, 24, &rec);
    CHECK(memcmp(buf, orig, 24) == 0, "swapping twice restores the lump", "differs");

    /* vis: count 2 and 4 offsets in the other byte order, then row bytes */
    memset(v, 0, 24);
    bsp__put_u32(v, bsp__bswap32(2));
    for (i = 0; i < 4; i++) bsp__put_u32(v + 4 + 4 * i, bsp__bswap32((uint32_t)(20 + i)));
    v[20] = 0xaa; v[21] = 0xbb; v[22] = 0xcc;
    swap_lump(v, 23, &vis);
    CHECK(bsp__u32(v) == 2 && bsp__u32(v + 4) == 20 && bsp__u32(v + 16) == 23 &&
          v[20] == 0xaa && v[21] == 0xbb && v[22] == 0xcc,
          "swapper converts the vis offset table, leaves row bytes", "count %u", bsp__u32(v));
    /* A lying count never makes the swapper run past the lump: distinct
     * bytes show which were moved, v[23] is a guard past the lump's end. */
    for (i = 0; i < 24; i++) v[i] = (uint8_t)(0x40 + i);
    v[0] = v[1] = v[2] = v[3] = 0x7f;
    swap_lump(v, 23, &vis);
    {
        int ok = 1;
        for (i = 4; i < 20; i++)   /* the 2 records that fit: each int32 reversed */
            if (v[i] != (uint8_t)(0x40 + (i & ~3) + 3 - (i & 3))) ok = 0;
        for (i = 20; i < 24; i++)  /* the rest of the lump and the guard: as they were */
            if (v[i] != (uint8_t)(0x40 + i)) ok = 0;
        CHECK(ok, "swapper clamps a huge vis count to the records in the lump",
              "bytes %02x %02x %02x %02x / %02x %02x", v[4], v[7], v[16], v[19], v[20], v[23]);
    }
}

/* ---- float helpers ---------------------------------------------------- */

static void test_fmath(void)
{
    int c, e, bad = 0;
    uint32_t seed = 12345, i;
    for (c = 0; c <= 255 && !bad; c++)
        for (e = -128; e <= 127; e++) {
            float want = ldexpf((float)c / 255.0f, e), got = bsp__ldexpf((float)c / 255.0f, e);
            if (memcmp(&want, &got, sizeof want)) {
                bad = 1;
                printf("  ldexpf(%d/255, %d): libm %.9g, bspkit %.9g\n", c, e, want, got);
                break;
            }
        }
    CHECK(!bad, "bsp__ldexpf equals libm ldexpf for every byte and exponent", "mismatch");

    bad = 0;
    for (i = 0; i < 200000; i++) {
        float x;
        int32_t want, got;
        seed = seed * 1103515245u + 12345u;
        x = ((float)(int32_t)seed / 65536.0f) * ((i & 1) ? 1.0f : 0.001f);
        if (i % 7 == 0) x = (float)((int32_t)seed % 100);           /* exact integers */
        want = (int32_t)floorf(x);
        if (want < -50) want = -50;
        if (want > 50) want = 50;
        got = bsp__floor_clamp(x, -50, 50);
        if (got != want) {
            bad = 1;
            printf("  floor_clamp(%.9g): want %d, got %d\n", x, want, got);
            break;
        }
    }
    CHECK(!bad, "bsp__floor_clamp equals clamp(floorf(x))", "mismatch");
    CHECK(bsp__floor_clamp(NAN, 0, 9) == 0 && bsp__floor_clamp(1e30f, 0, 9) == 9 &&
          bsp__floor_clamp(-1e30f, 0, 9) == 0,
          "bsp__floor_clamp handles NaN and huge values", "wrong");
    CHECK(!bsp__finite(NAN) && !bsp__finite(INFINITY) && !bsp__finite(-INFINITY) &&
          bsp__finite(0.0f) && bsp__finite(-3e38f), "bsp__finite", "wrong");
}

/* ---- entity iterator -------------------------------------------------- */

/* Render the iterator's events as a compact string: B, P(key=value), C, E. */
static void entity_trace(const char *text, uint32_t len, char *out, size_t cap)
{
    bsp_entity_iter it;
    bsp_entity_event ev;
    size_t n = 0;
    int guard = 0;
    out[0] = 0;
    bsp_entity_begin(&it, text, len);
    while ((ev = bsp_entity_next(&it)) != BSP_ENT_END && guard++ < 100) {
        if (ev == BSP_ENT_BEGIN) n += (size_t)snprintf(out + n, cap - n, "B");
        if (ev == BSP_ENT_CLOSE) n += (size_t)snprintf(out + n, cap - n, "C");
        if (ev == BSP_ENT_PAIR)
            n += (size_t)snprintf(out + n, cap - n, "(%.*s=%.*s)", (int)it.key_len, it.key,
                                  (int)it.value_len, it.value);
        if (ev == BSP_ENT_ERROR) {
            n += (size_t)snprintf(out + n, cap - n, "E");
            break;
        }
        if (n >= cap) break;
    }
}

static void test_entities(void)
{
    static const struct { const char *text; const char *want; const char *name; } cases[] = {
        { "{\n\"classname\" \"worldspawn\"\n\"sky\" \"x\"\n}\n{\n\"a\" \"\"\n}\n",
          "B(classname=worldspawn)(sky=x)CB(a=)C", "entities: two entities" },
        { "", "", "entities: empty text" },
        { "{ \"a\" \"b\"", "B(a=b)C", "entities: cut after a pair closes the entity" },
        { "{ \"a\" \"b", "BE", "entities: unterminated value is an error" },
        { "{ \"a\" \"b\" { \"c\" \"d\" }", "B(a=b)CB(c=d)C", "entities: '{' inside closes the open one" },
        { "junk", "E", "entities: text outside braces is an error" },
        { "{ \"a\" }", "BE", "entities: a key without value is an error" },
        { "}", "E", "entities: stray close brace is an error" },
    };
    char got[512];
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        entity_trace(cases[i].text, (uint32_t)strlen(cases[i].text), got, sizeof got);
        CHECK(strcmp(got, cases[i].want) == 0, cases[i].name, "want %s, got %s", cases[i].want, got);
    }
    {
        /* a NUL ends the text, as in real entity lumps */
        static const char nul[] = "{ \"a\" \"b\" }\0{ \"c\" \"d\" }";
        entity_trace(nul, sizeof nul, got, sizeof got);
        CHECK(strcmp(got, "B(a=b)C") == 0, "entities: NUL ends the text", "got %s", got);
        /* length limits reading: no byte past len is looked at */
        entity_trace("{ \"a\" \"b\" }", 7, got, sizeof got);
        CHECK(strcmp(got, "BE") == 0, "entities: stops at the given length", "got %s", got);
    }
}

/* ---- status names ----------------------------------------------------- */

static void test_status_names(void)
{
    int i, j, ok = 1;
    for (i = 0; i < BSP_STATUS_COUNT; i++) {
        const char *n = bsp_status_name((bsp_status)i);
        const char *c;
        if (!strcmp(n, "unknown")) ok = 0;
        for (c = n; *c; c++)
            if (!((*c >= 'a' && *c <= 'z') || *c == '_')) ok = 0;
        for (j = 0; j < i; j++)
            if (!strcmp(n, bsp_status_name((bsp_status)j))) ok = 0;
    }
    CHECK(ok, "status names are distinct lower-case words", "a name is missing or repeated");
    CHECK(!strcmp(bsp_status_name(BSP_E_BAD_QUERY), "bad_query") &&
          !strcmp(bsp_status_name(BSP_E_UNSUPPORTED), "unsupported") &&
          !strcmp(bsp_status_name(BSP_E_BAD_CLUSTER), "bad_cluster") &&
          !strcmp(bsp_status_name(BSP_E_BAD_FACE), "bad_face") &&
          !strcmp(bsp_status_name(BSP_E_NO_LIGHTMAP), "no_lightmap") &&
          !strcmp(bsp_status_name(BSP_E_CORRUPT), "corrupt") &&
          !strcmp(bsp_status_name(BSP_E_NO_AMBIENT), "no_ambient") &&
          !strcmp(bsp_status_name(BSP_E_NOT_ON_FACE), "not_on_face"),
          "query error names are those of docs/queries.md section 6", "differ");
    CHECK(!strcmp(bsp_status_name((bsp_status)999), "unknown"), "out-of-range status is unknown", "no");
}

/* ---- memory stream ---------------------------------------------------- */

static void test_memstream(void)
{
    static const uint8_t data[10] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 };
    bsp_memstream ms;
    bsp_stream s;
    uint8_t out[10];
    bsp_memstream_init(&ms, &s, data, sizeof data);
    CHECK(s.size == 10 && s.read(s.ctx, 3, out, 4) == 0 && out[0] == 3 && out[3] == 6,
          "memstream reads a range", "wrong");
    CHECK(s.read(s.ctx, 8, out, 3) != 0 && s.read(s.ctx, 11, out, 0) != 0 &&
          s.read(s.ctx, 0xfffffff0u, out, 0x20) != 0,
          "memstream refuses reads past the end (incl. wrapping)", "accepted");
    CHECK(s.read(s.ctx, 10, out, 0) == 0, "memstream allows an empty read at the end", "refused");
}

/* bsp__fill and bsp__copy on every length to 40 from every start to 8
 * bytes past an 8-aligned one: the bytes asked for hold the value (or the
 * source), the guard bytes either side are untouched. */
static void test_fill_copy(void)
{
    static union { uint64_t align; uint8_t b[64]; } buf, src;
    size_t start, n, k;
    int fill_bad = 0, copy_bad = 0;
    for (k = 0; k < sizeof src.b; k++) src.b[k] = (uint8_t)(k * 7 + 1);
    for (start = 0; start < 8; start++) {
        for (n = 0; n <= 40; n++) {
            memset(buf.b, 0x5a, sizeof buf.b);
            bsp__fill(buf.b + start, 0xc3, n);
            for (k = 0; k < sizeof buf.b; k++)
                if (buf.b[k] != (k >= start && k < start + n ? 0xc3 : 0x5a)) fill_bad++;
            memset(buf.b, 0x5a, sizeof buf.b);
            bsp__copy(buf.b + start, src.b + start, n);
            for (k = 0; k < sizeof buf.b; k++)
                if (buf.b[k] != (k >= start && k < start + n ? src.b[k] : 0x5a)) copy_bad++;
        }
    }
    CHECK(fill_bad == 0, "bsp__fill: every length 0-40 from 8 starts, nothing outside", "%d bytes wrong", fill_bad);
    CHECK(copy_bad == 0, "bsp__copy: every length 0-40 from 8 starts, nothing outside", "%d bytes wrong", copy_bad);
}

int main(void)
{
    size_t i;
    for (i = 0; bsp__families[i]; i++) test_layouts(bsp__families[i]);
#if BSPKIT_FAMILY_SOURCE
    /* chosen by the caller (bsp_use_variant), not by detection */
    test_layouts(&bsp__family_source_vindictus1);
    test_layouts(&bsp__family_source_vindictus2);
#endif
    test_record_macros();
    test_swapper();
    test_fmath();
    test_entities();
    test_status_names();
    test_memstream();
    test_fill_copy();
    return check_exit();
}
