/* SPDX-License-Identifier: MIT */
/* worldlights.c - the Source world light lumps (15 LDR, 54 HDR), typed:
 * dworldlight_t by the lump's version, read in the file's byte order
 * through one table of record layouts (bspkit.h "Source cubemaps and
 * world lights" lists them). No load rule describes these lumps, so the
 * arena keeps the file's bytes. */
#include "../bspkit.h"
#include "../core/map.h"
#include "../core/config.h"
#include "../core/field.h"
#include "srclumps.h"

#if BSPKIT_ACCESS && BSPKIT_FAMILY_SOURCE   /* else core/absent.c */

/* The fields a layout may place; each lands in bsp_world_light at wl_dests. */
enum { WL_ORIGIN, WL_INTENSITY, WL_NORMAL, WL_SHADOW_OFFSET, WL_CLUSTER, WL_TYPE, WL_STYLE,
       WL_STOPDOT, WL_STOPDOT2, WL_EXPONENT, WL_RADIUS, WL_CONSTANT, WL_LINEAR, WL_QUADRATIC,
       WL_FLAGS, WL_TEXINFO, WL_OWNER, WL_FIELDS };

/* Where a field lands: its byte offset in bsp_world_light, how many 32-bit
 * elements, and the BSP_WL_* bit it sets (0: every version has it). Every
 * element is 32 bits in the file and in the struct (float or integer
 * alike), so the walker moves bits without converting. */
typedef struct wl_dest { uint16_t at; uint8_t count; uint8_t bit; } wl_dest;
#define WL_AT(member) ((uint16_t)offsetof(bsp_world_light, member))
static const wl_dest wl_dests[WL_FIELDS] = {
    [WL_ORIGIN] = { WL_AT(origin), 3, 0 },
    [WL_INTENSITY] = { WL_AT(intensity), 3, 0 },
    [WL_NORMAL] = { WL_AT(normal), 3, 0 },
    [WL_SHADOW_OFFSET] = { WL_AT(shadow_cast_offset), 3, BSP_WL_SHADOW_CAST_OFFSET },
    [WL_CLUSTER] = { WL_AT(cluster), 1, 0 },
    [WL_TYPE] = { WL_AT(type), 1, 0 },
    [WL_STYLE] = { WL_AT(style), 1, 0 },
    [WL_STOPDOT] = { WL_AT(stopdot), 1, 0 },
    [WL_STOPDOT2] = { WL_AT(stopdot2), 1, 0 },
    [WL_EXPONENT] = { WL_AT(exponent), 1, 0 },
    [WL_RADIUS] = { WL_AT(radius), 1, 0 },
    [WL_CONSTANT] = { WL_AT(constant_attn), 1, 0 },
    [WL_LINEAR] = { WL_AT(linear_attn), 1, 0 },
    [WL_QUADRATIC] = { WL_AT(quadratic_attn), 1, 0 },
    [WL_FLAGS] = { WL_AT(flags), 1, 0 },
    [WL_TEXINFO] = { WL_AT(texinfo), 1, 0 },
    [WL_OWNER] = { WL_AT(owner), 1, 0 },
};

/* One record layout: the lump version, its bytes and each field's byte
 * offset plus one (0: the version lacks the field). */
typedef struct wl_layout {
    uint8_t version, bytes;
    uint8_t at[WL_FIELDS];
} wl_layout;

#define WL_TAIL(o) [WL_CLUSTER] = (o) + 1, [WL_TYPE] = (o) + 5, [WL_STYLE] = (o) + 9, \
    [WL_STOPDOT] = (o) + 13, [WL_STOPDOT2] = (o) + 17, [WL_EXPONENT] = (o) + 21, \
    [WL_RADIUS] = (o) + 25, [WL_CONSTANT] = (o) + 29, [WL_LINEAR] = (o) + 33, \
    [WL_QUADRATIC] = (o) + 37, [WL_FLAGS] = (o) + 41, [WL_TEXINFO] = (o) + 45, \
    [WL_OWNER] = (o) + 49
#define WL_HEAD [WL_ORIGIN] = 1, [WL_INTENSITY] = 13, [WL_NORMAL] = 25
static const wl_layout wl_layouts[] = {
    { 0, 88, { WL_HEAD, WL_TAIL(36) } },
    { 1, 100, { WL_HEAD, [WL_SHADOW_OFFSET] = 37, WL_TAIL(48) } },
};
#undef WL_HEAD
#undef WL_TAIL

static bsp_status wl_open(const bsp__map *m, const bsp_header *h, uint32_t lump,
                          bsp_world_lights *w)
{
    const wl_layout *l = NULL;
    uint32_t k, size;
    bsp_status st = bsp__source_lump(m, h, lump);
    if (st != BSP_OK) return st;
    w->lump = (uint8_t)lump;
    w->big_endian = m->big_endian_file;
    w->version = h->lumps[lump].version;
    if (!m->lump_data[lump]) return BSP_OK;   /* an empty lump: no lights */
    for (k = 0; k < sizeof wl_layouts / sizeof wl_layouts[0]; k++)
        if (wl_layouts[k].version == w->version) l = &wl_layouts[k];
    if (!l) return BSP_E_BAD_LUMP_VERSION;
    size = m->lump_size[lump];
    if (size % l->bytes) return BSP_E_CORRUPT;
    w->data = m->lump_data[lump];
    w->count = size / l->bytes;
    w->record_bytes = l->bytes;
    w->layout = l;
    return BSP_OK;
}

bsp_status bsp_world_lights_open(const bsp_map *map, const bsp_header *h, int hdr,
                                 bsp_world_lights *out)
{
    const bsp__map *m = bsp__map_c(map);
    bsp_status st;
    if (!out) return BSP_E_BAD_ARGUMENT;
    bsp__fill(out, 0, sizeof *out);
    st = wl_open(m, h, hdr ? 54u : 15u, out);
    if (st != BSP_OK) bsp__fill(out, 0, sizeof *out);   /* nothing half-opened */
    return st;
}

/* The one walker: every field the layout places, element by element, in
 * the file's byte order; absent fields keep their defaults (zeros). */
bsp_status bsp_world_light_get(const bsp_world_lights *w, uint32_t i, bsp_world_light *out)
{
    const wl_layout *l;
    const uint8_t *rec;
    uint32_t f, k;
    if (!w || !out) return BSP_E_BAD_ARGUMENT;
    if (i >= w->count || !w->layout) return BSP_E_BAD_QUERY;
    l = (const wl_layout *)w->layout;
    rec = w->data + (size_t)i * l->bytes;
    bsp__fill(out, 0, sizeof *out);
    for (f = 0; f < WL_FIELDS; f++) {
        const wl_dest *d = &wl_dests[f];
        uint8_t *dst = (uint8_t *)out + d->at;
        if (!l->at[f]) continue;
        out->fields |= d->bit;
        for (k = 0; k < d->count; k++) {
            uint32_t v = bsp__get32(rec + l->at[f] - 1 + 4 * k, w->big_endian);
            bsp__copy(dst + 4 * k, &v, 4);   /* float or integer: the bits */
        }
    }
    return BSP_OK;
}

#endif
