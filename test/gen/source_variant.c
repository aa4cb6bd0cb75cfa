/* SPDX-License-Identifier: MIT */
/* source_variant.c - what a Source game variant changes in the files the
 * source writer makes (layouts from the public sources docs/formats.md
 * names):
 *
 *   Dark Messiah   the version word 20 | 4 << 16 (bytes 14 00 04 00);
 *                  texinfo 96 bytes: 24 unknown bytes between lightmapVecs
 *                  and flags; dmodel_t 52 bytes: an unknown int32 between
 *                  origin and headnode; dgamelump_t 20 bytes: an unknown
 *                  int32 before the id. The unknown bytes are written
 *                  non-zero, so a reader that ignores the variant fails.
 *   Vindictus      32-bit fields where Valve has 16-bit ones (widen() below:
 *                  nodes 48, leaves 56, faces 72 or, lump version 2, 76
 *                  bytes, edges 8, leaf faces and brushes 4, brush sides
 *                  16) and 20-byte game lump entries {id, int32 flags,
 *                  int32 version, offset, length}.
 *   HL2 Xbox       the original Xbox's Half-Life 2 (docs/queries.md 13.5):
 *                  PC v19 records with lightmap pages (raw RGBE texels) in
 *                  lump 51, one 8-byte page info {int16, int16, uint8[4]}
 *                  a face in lump 52 and an XZip pakfile in lump 57 (or
 *                  none: the _NOPAK form). Lump 8 keeps the PC lightmaps, so
 *                  a reader that takes the file for a PC one answers light
 *                  where the library must answer no_lightmap.
 *   Tactical Intervention  the finished file XORed with a 32-byte key
 *                  repeating from offset 0; the plain file has zeros at 384
 *                  (lump entries 23.5..25.5, empty), so the key shows there.
 */
#include "source_writer.h"
#include "util.h"

#include <stdlib.h>

#define DM_TAG (4u << 16)

uint32_t src_var_version_word(const src_opts *o)
{
    if (o->variant == SRC_VAR_DARK_MESSIAH) {
        if (o->version != 20 || o->console) gen_die("Dark Messiah maps are PC version 20");
        return 20u | DM_TAG;
    }
    return (uint32_t)o->version;
}

void src_var_texinfo_extra(const src_opts *o, gbuf *b)
{
    int k;
    if (o->variant == SRC_VAR_DARK_MESSIAH)
        for (k = 0; k < 24; k++) gbuf_u8(b, 0xa5u ^ (unsigned)k);
}

void src_var_model_extra(const src_opts *o, gbuf *b)
{
    if (o->variant == SRC_VAR_DARK_MESSIAH) gbuf_i32(b, 0x5a5a5a5a);
}

int src_var_game_lump_entry_bytes(const src_opts *o)
{
    return o->variant == SRC_VAR_NONE || o->variant == SRC_VAR_TACTICAL ? 16 : 20;
}

void src_var_game_lump_entry_head(const src_opts *o, gbuf *b)
{
    if (o->variant == SRC_VAR_DARK_MESSIAH) gbuf_i32(b, 0x00c0ffee);
}

#define KEY_AT 384

void src_var_finish_file(const src_opts *o, gbuf *file)
{
    static const char key[33] = "bspgen-tactical-intervention-key";
    size_t i;
    if (o->variant != SRC_VAR_TACTICAL) return;
    if (o->console || file->len < KEY_AT + 32) gen_die("Tactical Intervention maps are PC files");
    for (i = KEY_AT; i < KEY_AT + 32; i++)
        if (file->data[i]) gen_die("the header has no 32 zero bytes at %d to hide the key", KEY_AT);
    for (i = 0; i < file->len; i++) file->data[i] ^= (unsigned char)key[i % 32];
}

/* dgamelump_t flags and version: uint16 each (Valve, in the file's byte
 * order), int32 each in Vindictus. */
void src_var_game_lump_flags_version(const src_opts *o, gbuf *b, uint32_t flags, uint32_t version)
{
    int k;
    if (o->variant == SRC_VAR_VINDICTUS || o->variant == SRC_VAR_VINDICTUS2) {
        gbuf_le32(b, flags);
        gbuf_le32(b, version);
        return;
    }
    for (k = 0; k < 2; k++) {
        uint32_t v = k ? version : flags;
        gbuf_u8(b, o->console ? (v >> 8) & 0xff : v & 0xff);
        gbuf_u8(b, o->console ? v & 0xff : (v >> 8) & 0xff);
    }
}

/* Vindictus records from Valve's, field by field: "WsN" a W-byte field,
 * signed (s) or unsigned (u), stored in N bytes; "-W" W bytes dropped;
 * "+N:XX" N bytes of value XX inserted. */
static void widen(const char *spec, gbuf *b)
{
    gbuf out = {0, 0, 0};
    size_t at = 0;
    while (at < b->len) {
        const char *c = spec;
        while (*c) {
            if (*c == ' ') {
                c++;
            } else if (*c == '-') {
                at += (size_t)(c[1] - '0');
                c += 2;
            } else if (*c == '+') {
                unsigned n = (unsigned)(c[1] - '0'), v = (unsigned)strtoul(c + 3, NULL, 16), k;
                for (k = 0; k < n; k++) gbuf_u8(&out, v);
                c += 5;
            } else {
                unsigned w = (unsigned)(c[0] - '0'), n = (unsigned)(c[2] - '0'), k;
                uint32_t v = 0;
                for (k = 0; k < w; k++) v |= (uint32_t)b->data[at + k] << (8 * k);
                if (c[1] == 's' && w < 4 && (v >> (8 * w - 1)) & 1) v |= ~0u << (8 * w);
                for (k = 0; k < n; k++) gbuf_u8(&out, (v >> (8 * k)) & 0xff);
                at += w;
                c += 3;
            }
        }
        if (at > b->len) gen_die("record spec overruns the lump");
    }
    gbuf_free(b);
    *b = out;
}

#define V_FACE_HEAD "2u4 1u1 1u1 +2:00 4s4 2s4 2s4 2s4 2s4 1u1 1u1 1u1 1u1"
#define V_FACE_TAIL " 4s4 4u4 4s4 4s4 4s4 4s4 4s4 2u4 2u4 4u4"

void src_var_convert_lump(const src_opts *o, int lump, gbuf *b, int *lump_version)
{
    const char *spec = NULL;
    int v2 = o->variant == SRC_VAR_VINDICTUS2;
    if (o->variant != SRC_VAR_VINDICTUS && !v2) return;
    if (o->version != 20 || o->console || o->leaf_version != 1) gen_die("Vindictus maps are PC v20, 32-byte leaves");
    switch (lump) {
    case 5:  spec = "4s4 4s4 4s4 2s4 2s4 2s4 2s4 2s4 2s4 2u4 2u4 2s4 -2"; break;       /* nodes */
    case 10: spec = "4s4 2s4 2u4 2s4 2s4 2s4 2s4 2s4 2s4 2u4 2u4 2u4 2u4 2s4 -2"; break; /* leaves */
    case 7: case 58:                                                                   /* faces */
        spec = v2 ? V_FACE_HEAD " +4:ff" V_FACE_TAIL : V_FACE_HEAD V_FACE_TAIL;
        *lump_version = v2 ? 2 : 1;
        break;
    case 12: spec = "2u4 2u4"; break;                  /* edges */
    case 16: case 17: spec = "2u4"; break;             /* leaf faces, leaf brushes */
    case 19: spec = "2u4 2s4 2s4 2s4"; break;          /* brush sides */
    case 21: spec = "2u4 2u4 2u4 2u4 4s4"; break;      /* area portals */
    default: return;
    }
    widen(spec, b);
}

#define XBOX_PAGE_BYTES (32 * 32 * 4)
#define XBOX_PAGES 2
#define XBOX_LEAF_BYTES 56   /* v19's leaves at lump version 0 */

void src_var_add_lumps(const src_opts *o, int nfaces, gbuf L[])
{
    static const char xzip[] = "XZP1 bspgen xzip pakfile stand-in";
    int k, infos = nfaces, leaves;
    if (o->variant != SRC_VAR_HL2_XBOX && o->variant != SRC_VAR_HL2_XBOX_NOPAK) return;
    if (o->version != 19 || o->console || o->leaf_version != 0)
        gen_die("HL2 Xbox maps are little-endian v19 with 56-byte leaves");
    leaves = (int)(L[10].len / XBOX_LEAF_BYTES);
    /* the rule must see the infos as no leaf index: one more if they
     * happen to have 4 bytes a leaf */
    if (8 * infos == 4 * leaves) infos++;
    gbuf_free(&L[51]);
    gbuf_free(&L[52]);
    for (k = 0; k < XBOX_PAGES * XBOX_PAGE_BYTES; k++) gbuf_u8(&L[51], (unsigned)(k * 37 + 11) & 0xff);
    for (k = 0; k < infos; k++) {
        gbuf_le16(&L[52], (uint16_t)(k % XBOX_PAGES));
        gbuf_le16(&L[52], (uint16_t)(k * 3));
        gbuf_u8(&L[52], 0);
        gbuf_u8(&L[52], 255);
        gbuf_u8(&L[52], 255);
        gbuf_u8(&L[52], 255);
    }
    if (o->variant == SRC_VAR_HL2_XBOX) gbuf_put(&L[57], xzip, sizeof xzip);
}
