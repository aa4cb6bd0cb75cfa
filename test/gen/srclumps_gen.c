/* SPDX-License-Identifier: MIT */
/* srclumps_gen.c - a generated Source map's cubemaps (lump 42) and world
 * lights (15 LDR, 54 HDR): one cubemap and one light per room, every
 * emit type and record field exercised (negative and fractional values,
 * each light style, flags), records as the documents give them:
 * dcubemapsample_t {int32 origin[3], int32 size}; dworldlight_t version 0
 * (88 bytes, v19/v20 maps) or version 1 (100 bytes, shadow_cast_offset
 * after normal: v21 and later, consoles, Strata). Little-endian here; the
 * writer swaps console files as every other lump. */
#include "srclumps_gen.h"

enum { L_WORLDLIGHTS = 15, L_CUBEMAPS = 42, L_WORLDLIGHTS_HDR = 54 };

int src_light_version(const src_opts *o)
{
    return o->version >= 21 || o->console ? 1 : 0;
}

static void put_light(const gen_room *r, int k, int hdr, int version, gbuf *b)
{
    float c[3], scale = hdr ? 0.5f / 255.0f : 1.0f;
    int a, type = k % 6;
    for (a = 0; a < 3; a++) c[a] = 0.5f * (float)(r->box.lo[a] + r->box.hi[a]);
    for (a = 0; a < 3; a++) gbuf_f32(b, c[a] + 0.25f * (float)a);              /* origin */
    for (a = 0; a < 3; a++) gbuf_f32(b, scale * (float)(200 * (k + 1) + 37 * a)); /* intensity */
    gbuf_f32(b, type == 1 ? 0.0f : 0.6f);                                        /* normal */
    gbuf_f32(b, type == 1 ? 0.0f : -0.48f);
    gbuf_f32(b, type == 1 ? 0.0f : -0.64f);
    if (version == 1)
        for (a = 0; a < 3; a++) gbuf_f32(b, (k & 1) ? (float)(a - 1) * 8.5f : 0.0f);
    gbuf_i32(b, k);                                   /* cluster: the room's */
    gbuf_i32(b, type);
    gbuf_i32(b, k % 3 == 2 ? 32 + k : 0);             /* style */
    gbuf_f32(b, type == 2 ? 0.866025388f : 0.0f);     /* stopdot */
    gbuf_f32(b, type == 2 ? 0.707106769f : 0.0f);     /* stopdot2 */
    gbuf_f32(b, type == 2 ? 1.0f : 0.0f);             /* exponent */
    gbuf_f32(b, (k & 2) ? 512.0f + (float)k : 0.0f);  /* radius */
    gbuf_f32(b, type == 1 ? 0.0811359063f : 0.0f);    /* constant */
    gbuf_f32(b, type == 1 ? 0.000901510008f : 0.0f);  /* linear */
    gbuf_f32(b, type == 1 || type == 2 ? 0.000226880031f : 0.0f);
    gbuf_le32(b, (uint32_t)(k & 3));                  /* flags */
    gbuf_i32(b, type == 0 ? k : -1);                  /* texinfo (surface) */
    gbuf_i32(b, k == 0 ? 0 : -k);                     /* owner */
}

void src_gen_cubemaps_lights(const gen_world *w, const src_opts *o, gbuf *L, int *lump_version)
{
    const gen_desc *d = w->desc;
    int k, a, version = src_light_version(o);
    if (o->version == 17) return;   /* Bloodlines' records are not public */
    for (k = 0; k < d->nrooms; k++) {
        const gen_room *r = &d->rooms[k];
        for (a = 0; a < 3; a++) {
            int c = (r->box.lo[a] + r->box.hi[a]) / 2;
            gbuf_i32(&L[L_CUBEMAPS], (k & 1) ? -c - 3 * a : c + a);   /* negative ones too */
        }
        gbuf_i32(&L[L_CUBEMAPS], k % 9);   /* size 0 (default) .. 8 */
        if (o->ldr) put_light(r, k, 0, version, &L[L_WORLDLIGHTS]);
        if (o->hdr) put_light(r, k, 1, version, &L[L_WORLDLIGHTS_HDR]);
    }
    lump_version[L_WORLDLIGHTS] = lump_version[L_WORLDLIGHTS_HDR] = version;
}
