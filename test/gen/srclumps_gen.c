/* SPDX-License-Identifier: MIT */
/* srclumps_gen.c - a generated Source map's cubemaps (lump 42) and world
 * lights (15 LDR, 54 HDR): one cubemap and one light per room, every
 * emit type and record field exercised (negative and fractional values,
 * each light style, flags), records as the documents give them:
 * dcubemapsample_t {int32 origin[3], int32 size}; dworldlight_t version 0
 * (88 bytes, v19/v20 maps) or version 1 (100 bytes, shadow_cast_offset
 * after normal: v21 and later, consoles, Strata). Little-endian here; the
 * writer swaps console files as every other lump. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

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

/* Cubemap k's origin: the room's centre, negated for odd rooms. */
static void cubemap_origin(const gen_room *r, int k, int32_t out[3])
{
    int a;
    for (a = 0; a < 3; a++) {
        int c = (r->box.lo[a] + r->box.hi[a]) / 2;
        out[a] = (k & 1) ? -c - 3 * a : c + a;
    }
}

void src_gen_cubemaps_lights(const gen_world *w, const src_opts *o, gbuf *L, int *lump_version)
{
    const gen_desc *d = w->desc;
    int k, a, version = src_light_version(o);
    if (o->version == 17) return;   /* Bloodlines' records are not public */
    for (k = 0; k < d->nrooms; k++) {
        const gen_room *r = &d->rooms[k];
        int32_t at[3];
        cubemap_origin(r, k, at);
        for (a = 0; a < 3; a++) gbuf_i32(&L[L_CUBEMAPS], at[a]);
        gbuf_i32(&L[L_CUBEMAPS], k % 9);   /* size 0 (default) .. 8 */
        if (o->ldr) put_light(r, k, 0, version, &L[L_WORLDLIGHTS]);
        if (o->hdr) put_light(r, k, 1, version, &L[L_WORLDLIGHTS_HDR]);
    }
    lump_version[L_WORLDLIGHTS] = lump_version[L_WORLDLIGHTS_HDR] = version;
}

/* ---------------- the pakfile: some cubemap textures ---------------- */

static uint32_t crc32_of(const unsigned char *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    size_t i;
    int k;
    for (i = 0; i < n; i++) {
        c ^= p[i];
        for (k = 0; k < 8; k++) c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
    }
    return ~c;
}

/* A stored (method 0) zip of the texture files some cubemaps name, as
 * vbsp adds them: room k's LDR texture unless k % 3 == 1, its HDR one when
 * k % 3 == 0; names spelt as Valve's case-insensitive lookup must still
 * find them (every fourth in capitals, every fifth with backslashes). */
void src_gen_pakfile(const gen_world *w, const src_opts *o, const char *path, gbuf *pak)
{
    const gen_desc *d = w->desc;
    char base[64], name[200];
    const char *b = strrchr(path, '/');
    gbuf central = {0};
    size_t n, i;
    int k, hdr, entries = 0;
    if (o->version == 17 || o->console || pak->len) return;
    b = b ? b + 1 : path;
    n = strlen(b);
    if (n >= 4 && strcmp(b + n - 4, ".bsp") == 0) n -= 4;
    if (n > 63) n = 63;
    for (i = 0; i < n; i++) base[i] = (char)tolower((unsigned char)b[i]);
    base[n] = '\0';
    for (k = 0; k < d->nrooms; k++) {
        int32_t at[3];
        cubemap_origin(&d->rooms[k], k, at);
        for (hdr = 0; hdr < 2; hdr++) {
            unsigned char body[8];
            uint32_t crc, ofs = (uint32_t)pak->len;
            size_t len;
            if (hdr ? k % 3 != 0 : k % 3 == 1) continue;
            len = (size_t)snprintf(name, sizeof name, "materials/maps/%s/c%d_%d_%d%s", base, (int)at[0],
                                   (int)at[1], (int)at[2], hdr ? ".hdr.vtf" : ".vtf");
            for (i = 0; i < len && k % 4 == 2; i++) name[i] = (char)toupper((unsigned char)name[i]);
            for (i = 0; i < len && k % 5 == 4; i++) if (name[i] == '/') name[i] = '\\';
            memcpy(body, "VTF\0", 4);
            body[4] = (unsigned char)k, body[5] = (unsigned char)hdr, body[6] = body[7] = 0;
            crc = crc32_of(body, sizeof body);
            /* local file header */
            gbuf_le32(pak, 0x04034b50u);
            gbuf_le16(pak, 10), gbuf_le16(pak, 0), gbuf_le16(pak, 0);   /* version, flags, stored */
            gbuf_le16(pak, 0), gbuf_le16(pak, 0);                        /* time, date */
            gbuf_le32(pak, crc), gbuf_le32(pak, sizeof body), gbuf_le32(pak, sizeof body);
            gbuf_le16(pak, (unsigned)len), gbuf_le16(pak, 0);
            gbuf_put(pak, name, len);
            gbuf_put(pak, body, sizeof body);
            /* its central directory record */
            gbuf_le32(&central, 0x02014b50u);
            gbuf_le16(&central, 20), gbuf_le16(&central, 10), gbuf_le16(&central, 0);
            gbuf_le16(&central, 0), gbuf_le16(&central, 0), gbuf_le16(&central, 0);
            gbuf_le32(&central, crc), gbuf_le32(&central, sizeof body), gbuf_le32(&central, sizeof body);
            gbuf_le16(&central, (unsigned)len), gbuf_le16(&central, 0), gbuf_le16(&central, 0);
            gbuf_le16(&central, 0), gbuf_le16(&central, 0), gbuf_le32(&central, 0);
            gbuf_le32(&central, ofs);
            gbuf_put(&central, name, len);
            entries++;
        }
    }
    if (!entries) return;
    n = pak->len;
    gbuf_put(pak, central.data, central.len);
    gbuf_le32(pak, 0x06054b50u);
    gbuf_le16(pak, 0), gbuf_le16(pak, 0);
    gbuf_le16(pak, (unsigned)entries), gbuf_le16(pak, (unsigned)entries);
    gbuf_le32(pak, (uint32_t)central.len), gbuf_le32(pak, (uint32_t)n);
    gbuf_le16(pak, 0);
    gbuf_free(&central);
}
