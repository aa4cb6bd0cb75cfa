/* SPDX-License-Identifier: MIT */
/* source_variant.c - what a Source game variant changes in the files the
 * source writer makes (layouts from the public sources README names):
 *
 *   Dark Messiah   the version word 20 | 4 << 16 (bytes 14 00 04 00);
 *                  texinfo 96 bytes: 24 unknown bytes between lightmapVecs
 *                  and flags; dmodel_t 52 bytes: an unknown int32 between
 *                  origin and headnode; dgamelump_t 20 bytes: an unknown
 *                  int32 before the id. The unknown bytes are written
 *                  non-zero, so a reader that ignores the variant fails.
 *   Tactical Intervention  the finished file XORed with a 32-byte key
 *                  repeating from offset 0; the plain file has zeros at 384
 *                  (lump entries 23.5..25.5, empty), so the key shows there.
 */
#include "source_writer.h"
#include "util.h"

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
    return o->variant == SRC_VAR_DARK_MESSIAH ? 20 : 16;
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
