/* SPDX-License-Identifier: MIT */
/* xor.c - Tactical Intervention's file encryption, undone in place.
 *
 * The game stores maps with every byte XORed with a 32-byte key repeating
 * from the start of the file. The plain header has 32 zero bytes at offset
 * 384 (the unused lump entries 23.5 to 25.5), so there the file holds the
 * key itself: no outside data is needed. Works on any piece of the file
 * given its offset, so reads in any order and size can be decrypted as
 * they land.
 */
#include "family.h"

#if BSP__TACTICAL_INTERVENTION

void bsp__xor(uint8_t *p, uint32_t len, uint32_t file_offset, const uint8_t *key)
{
    uint32_t i, k = file_offset % BSP__XOR_KEY_BYTES;
    for (i = 0; i < len; i++) {
        p[i] ^= key[k];
        k = (k + 1) % BSP__XOR_KEY_BYTES;
    }
}
#endif
