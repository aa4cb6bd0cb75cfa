/* SPDX-License-Identifier: MIT */
/* static_props.c - the Source 'sprp' game sub-lump, typed: its dictionary,
 * leaf list and props, read in the file's byte order through one table of
 * record layouts (bspkit.h "Static props" says which layout is chosen).
 *
 * Layouts (byte offsets; every version starts with StaticPropLumpV4_t:
 * origin 0, angles 12, model 24, first leaf 26, leaf count 28, solid 30,
 * flags 31, skin 32, fade min 36, max 40, lighting origin 44):
 *   v4  56   the common part          v5  60   + forced fade scale 56
 *   v6  64   v5 + DX levels 60, 62    v7  68   v6 + diffuse colour 64
 *   v8  68   v5 + CPU/GPU levels 60..63 + diffuse 64
 *   v9  72   v8 + Xbox 360 flag 68 (a bool: its first byte)
 *   v10 76   v9 + extra flags 72 (Valve Developer Community; CS:GO)
 *   v10 72   TF2 / SDK 2013: v6 without the 8-bit flags (padding), 32-bit
 *            flags 64, lightmap width 68, height 70 (the SDK's
 *            gamebspfile.h); also v7 at 72 (bspsrc: TF2 for a while)
 *   v11 76   v8 + extra flags 68 + uniform scale 72 (the VDC page)
 *   v11 80   v10 (76) + uniform scale 76 (CS:GO; bspsrc DStaticPropV11CSGO)
 *   v6  136  Dark Messiah: v6 + 72 bytes nobody has decoded (bspsrc)
 * Vindictus stores v4 and v5 as Valve does; its v6 and v7 put a scaling
 * list before the props (bspsrc), which these layouts do not describe.
 */
#include "../bspkit.h"
#include "../core/map.h"
#include "../core/config.h"
#include "../core/field.h"
#include "../family/gamelump_dir.h"
#include "../query/query.h"

#if BSPKIT_ACCESS && BSPKIT_FAMILY_SOURCE   /* else core/absent.c */

#define SP_NAME_BYTES 128u
#define SP_ID 0x73707270u   /* 'sprp' */

/* The fields a layout may place, each stored into bsp_static_prop at
 * sp_dest[field]. */
enum { SP_ORIGIN, SP_ANGLES, SP_MODEL, SP_FIRST_LEAF, SP_LEAF_COUNT, SP_SOLID, SP_FLAGS,
       SP_SKIN, SP_FADE_MIN, SP_FADE_MAX, SP_LIGHTING_ORIGIN, SP_FORCED_FADE, SP_DX,
       SP_CPU_GPU, SP_DIFFUSE, SP_X360, SP_FLAGS_EX, SP_SCALE, SP_LIGHTMAP_RES, SP_FIELDS };

/* Where a field lands: its byte offset in bsp_static_prop, how many
 * elements (a run in the record and an array in the struct), the element
 * kind there and the BSP_PROP_* bit it sets (0: every version has it). */
enum { SP_TO_U32, SP_TO_I32, SP_TO_F32, SP_TO_U8 };
typedef struct sp_dest { uint16_t at; uint8_t count, kind; uint16_t bit; } sp_dest;
#define SP_AT(member) ((uint16_t)offsetof(bsp_static_prop, member))
static const sp_dest sp_dests[SP_FIELDS] = {
    [SP_ORIGIN] = { SP_AT(origin), 3, SP_TO_F32, 0 },
    [SP_ANGLES] = { SP_AT(angles), 3, SP_TO_F32, 0 },
    [SP_MODEL] = { SP_AT(model), 1, SP_TO_U32, 0 },
    [SP_FIRST_LEAF] = { SP_AT(first_leaf), 1, SP_TO_U32, 0 },
    [SP_LEAF_COUNT] = { SP_AT(leaf_count), 1, SP_TO_U32, 0 },
    [SP_SOLID] = { SP_AT(solid), 1, SP_TO_U32, 0 },
    [SP_FLAGS] = { SP_AT(flags), 1, SP_TO_U32, BSP_PROP_FLAGS },
    [SP_SKIN] = { SP_AT(skin), 1, SP_TO_I32, 0 },
    [SP_FADE_MIN] = { SP_AT(fade_min), 1, SP_TO_F32, 0 },
    [SP_FADE_MAX] = { SP_AT(fade_max), 1, SP_TO_F32, 0 },
    [SP_LIGHTING_ORIGIN] = { SP_AT(lighting_origin), 3, SP_TO_F32, 0 },
    [SP_FORCED_FADE] = { SP_AT(forced_fade_scale), 1, SP_TO_F32, BSP_PROP_FORCED_FADE },
    [SP_DX] = { SP_AT(dx_level), 2, SP_TO_U32, BSP_PROP_DX_LEVEL },
    [SP_CPU_GPU] = { SP_AT(cpu_gpu_level), 4, SP_TO_U8, BSP_PROP_CPU_GPU_LEVEL },
    [SP_DIFFUSE] = { SP_AT(diffuse), 4, SP_TO_U8, BSP_PROP_DIFFUSE },
    [SP_X360] = { SP_AT(disable_x360), 1, SP_TO_U32, BSP_PROP_DISABLE_X360 },
    [SP_FLAGS_EX] = { SP_AT(flags_ex), 1, SP_TO_U32, BSP_PROP_FLAGS_EX },
    [SP_SCALE] = { SP_AT(uniform_scale), 1, SP_TO_F32, BSP_PROP_UNIFORM_SCALE },
    [SP_LIGHTMAP_RES] = { SP_AT(lightmap_res), 2, SP_TO_U32, BSP_PROP_LIGHTMAP_RES },
};

/* One record layout: the sub-lump version, the games that store it
 * (bit BSP_SP_*), its bytes and each field's place. */
typedef struct sp_layout {
    uint8_t version, games, bytes;
    bsp__field f[SP_FIELDS];
} sp_layout;

#define F(o, t) { (o), BSP_F_##t }
#define SP_COMMON \
    [SP_ORIGIN] = F(0, F32), [SP_ANGLES] = F(12, F32), [SP_MODEL] = F(24, U16), \
    [SP_FIRST_LEAF] = F(26, U16), [SP_LEAF_COUNT] = F(28, U16), [SP_SOLID] = F(30, U8), \
    [SP_SKIN] = F(32, I32), [SP_FADE_MIN] = F(36, F32), [SP_FADE_MAX] = F(40, F32), \
    [SP_LIGHTING_ORIGIN] = F(44, F32)
#define SP_V4 SP_COMMON, [SP_FLAGS] = F(31, U8)
#define SP_V5 SP_V4, [SP_FORCED_FADE] = F(56, F32)
#define SP_V6 SP_V5, [SP_DX] = F(60, U16)
#define SP_V8 SP_V5, [SP_CPU_GPU] = F(60, U8), [SP_DIFFUSE] = F(64, U8)
#define SP_V9 SP_V8, [SP_X360] = F(68, U8)
#define SP_TF2 SP_COMMON, [SP_FORCED_FADE] = F(56, F32), [SP_DX] = F(60, U16), \
    [SP_FLAGS] = F(64, I32), [SP_LIGHTMAP_RES] = F(68, U16)
#define SP_V10 SP_V9, [SP_FLAGS_EX] = F(72, I32)

#define VALVE (1u << BSP_SP_VALVE | 1u << BSP_SP_DARK_MESSIAH)
#define ALL (VALVE | 1u << BSP_SP_VINDICTUS)
static const sp_layout sp_layouts[] = {
    { 4, ALL, 56, { SP_V4 } },
    { 5, ALL, 60, { SP_V5 } },
    { 6, VALVE, 64, { SP_V6 } },
    { 6, 1u << BSP_SP_DARK_MESSIAH, 136, { SP_V6 } },
    { 7, VALVE, 68, { SP_V6, [SP_DIFFUSE] = F(64, U8) } },
    { 7, VALVE, 72, { SP_TF2 } },
    { 8, VALVE, 68, { SP_V8 } },
    { 9, VALVE, 72, { SP_V9 } },
    { 10, VALVE, 72, { SP_TF2 } },
    { 10, VALVE, 76, { SP_V10 } },
    { 11, VALVE, 76, { SP_V8, [SP_FLAGS_EX] = F(68, I32), [SP_SCALE] = F(72, F32) } },
    { 11, VALVE, 80, { SP_V10, [SP_SCALE] = F(76, F32) } },
};
#undef F
#undef VALVE
#undef ALL

static uint32_t sp_u32(const bsp_static_props *p, const uint8_t *at)
{
    return bsp__get32(at, p->big_endian);
}

/* One element of a field in the file's byte order: integers as their
 * value (I16 and I32 two's complement in 32 bits), F32 as its bits. */
static uint32_t sp_read(const uint8_t *at, uint8_t type, int big)
{
    uint32_t v;
    switch (type) {
    case BSP_F_U8: return at[0];
    case BSP_F_I16:
    case BSP_F_U16:
        v = big ? (uint32_t)at[0] << 8 | at[1] : (uint32_t)at[1] << 8 | at[0];
        return (type == BSP_F_I16 && (v & 0x8000u)) ? v | 0xffff0000u : v;
    default: return bsp__get32(at, big);
    }
}

bsp_status bsp_static_props_find(const bsp_map *map, bsp_game_lump *out)
{
    const bsp__map *m = bsp__map_c(map);
    uint32_t i, n;
    bsp_status st;
    if (!m || !out || !m->family) return BSP_E_BAD_ARGUMENT;
    if (!bsp__has_game_lump(m)) return BSP_E_UNSUPPORTED;
    /* (an empty game lump has no 'sprp' sub-lump: BAD_QUERY below) */
    if (!bsp__game_lump(m) && !bsp__lump_is_empty(m, BSP__GAME_LUMP)) return BSP_E_NOT_LOADED;
    n = bsp_game_lump_count(map);
    for (i = 0; i < n; i++) {
        if ((st = bsp_game_lump_get(map, i, out)) != BSP_OK) return st;
        if (out->id == SP_ID) return BSP_OK;
    }
    return BSP_E_BAD_QUERY;
}

/* Takes `count` records of `bytes` each off the front of the remaining
 * bytes: 0 when they do not fit. */
static int sp_take(const uint8_t **at, uint32_t *left, uint32_t count, uint32_t bytes)
{
    if (count > *left / bytes) return 0;
    *at += count * bytes;
    *left -= count * bytes;
    return 1;
}

static bsp_status sp_open(const bsp__map *m, const bsp_game_lump *g, const void *bytes,
                          uint32_t size, bsp_static_props *p)
{
    const uint8_t *at = (const uint8_t *)bytes;
    uint32_t left = size, k, game_bit, known = 0;
    p->big_endian = m->big_endian_file;
    p->version = g->version;
    /* outside 4..12 not even the counts' places are known */
    if (g->version < 4 || g->version > 12) return BSP_E_BAD_LUMP_VERSION;
    p->leaf_bytes = g->version >= 12 ? 4 : 2;
    /* each count is an int32: a negative one is above INT32_MAX here */
    if (left < 4 || (p->num_models = sp_u32(p, at)) > 0x7fffffffu) return BSP_E_CORRUPT;
    at += 4, left -= 4;
    p->models = at;
    if (!sp_take(&at, &left, p->num_models, SP_NAME_BYTES)) return BSP_E_CORRUPT;
    if (left < 4 || (p->num_leaves = sp_u32(p, at)) > 0x7fffffffu) return BSP_E_CORRUPT;
    at += 4, left -= 4;
    p->leaves = at;
    if (!sp_take(&at, &left, p->num_leaves, p->leaf_bytes)) return BSP_E_CORRUPT;
    if (left < 4 || (p->num_props = sp_u32(p, at)) > 0x7fffffffu) return BSP_E_CORRUPT;
    at += 4, left -= 4;
    p->props = at;
    if (p->num_props == 0) return left ? BSP_E_CORRUPT : BSP_OK;
    game_bit = 1u << m->family->access->static_props;
    for (k = 0; k < sizeof sp_layouts / sizeof sp_layouts[0]; k++) {
        const sp_layout *l = &sp_layouts[k];
        if (l->version != g->version || !(l->games & game_bit)) continue;
        known = 1;
        if (left % p->num_props == 0 && left / p->num_props == l->bytes) {
            p->layout = l;
            p->record_bytes = l->bytes;
            return BSP_OK;
        }
    }
    return known ? BSP_E_CORRUPT : BSP_E_BAD_LUMP_VERSION;
}

bsp_status bsp_static_props_open(const bsp_map *map, const bsp_game_lump *g, const void *bytes,
                                 uint32_t size, bsp_static_props *p)
{
    const bsp__map *m = bsp__map_c(map);
    bsp_status st;
    if (!m || !g || !bytes || !p || !m->family || !m->family->access || g->id != SP_ID ||
        size != g->size)
        return BSP_E_BAD_ARGUMENT;
    bsp__fill(p, 0, sizeof *p);
    st = sp_open(m, g, bytes, size, p);
    if (st != BSP_OK) bsp__fill(p, 0, sizeof *p);   /* nothing half-opened */
    return st;
}

bsp_status bsp_static_prop_model(const bsp_static_props *p, uint32_t i, const char **name,
                                 uint32_t *len)
{
    uint32_t n = 0;
    const char *s;
    if (!p || !name || !len) return BSP_E_BAD_ARGUMENT;
    if (i >= p->num_models) return BSP_E_BAD_QUERY;
    s = (const char *)p->models + (size_t)i * SP_NAME_BYTES;
    while (n < SP_NAME_BYTES && s[n]) n++;
    *name = s;
    *len = n;
    return BSP_OK;
}

bsp_status bsp_static_prop_leaf(const bsp_static_props *p, uint32_t i, uint32_t *leaf)
{
    const uint8_t *at;
    if (!p || !leaf) return BSP_E_BAD_ARGUMENT;
    if (i >= p->num_leaves) return BSP_E_BAD_QUERY;
    at = p->leaves + (size_t)i * p->leaf_bytes;
    *leaf = sp_read(at, p->leaf_bytes == 4 ? BSP_F_I32 : BSP_F_U16, p->big_endian);
    return BSP_OK;
}

/* The one walker: every field the layout places, element by element, into
 * its destination; absent fields keep their defaults. */
bsp_status bsp_static_prop_get(const bsp_static_props *p, uint32_t i, bsp_static_prop *out)
{
    static const uint8_t width[] = { 0, 1, 2, 2, 4, 4 };
    const sp_layout *l;
    const uint8_t *rec;
    uint32_t f, k;
    if (!p || !out) return BSP_E_BAD_ARGUMENT;
    if (i >= p->num_props || !p->layout) return BSP_E_BAD_QUERY;
    l = (const sp_layout *)p->layout;
    rec = p->props + (size_t)i * l->bytes;
    bsp__fill(out, 0, sizeof *out);
    out->forced_fade_scale = 1.0f;
    out->uniform_scale = 1.0f;
    bsp__fill(out->diffuse, 255, sizeof out->diffuse);
    for (f = 0; f < SP_FIELDS; f++) {
        const sp_dest *d = &sp_dests[f];
        uint8_t *dst = (uint8_t *)out + d->at;
        if (l->f[f].type == BSP_F_NONE) continue;
        out->fields |= d->bit;
        for (k = 0; k < d->count; k++) {
            uint32_t v = sp_read(rec + l->f[f].offset + k * width[l->f[f].type], l->f[f].type,
                                 p->big_endian);
            union { uint32_t u; float f; int32_t i; } bits;
            bits.u = v;
            switch (d->kind) {
            case SP_TO_U8: dst[k] = (uint8_t)v; break;
            case SP_TO_F32: ((float *)(void *)dst)[k] = bits.f; break;
            case SP_TO_I32: ((int32_t *)(void *)dst)[k] = bits.i; break;
            default: ((uint32_t *)(void *)dst)[k] = v; break;
            }
        }
    }
    if (out->model >= p->num_models || out->first_leaf > p->num_leaves ||
        out->leaf_count > p->num_leaves - out->first_leaf)
        return BSP_E_CORRUPT;
    return BSP_OK;
}

#endif
