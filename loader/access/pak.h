/* SPDX-License-Identifier: MIT */
/* pak.h - the pakfile reader's shared pieces (pak_open.c, pak_entry.c,
 * pak_read.c): zip's record layouts (APPNOTE 4.3; every field
 * little-endian, also in big-endian console maps) and the one bounds rule. */
#ifndef BSP_PAK_H
#define BSP_PAK_H

#include "../bspkit.h"
#include "../core/config.h"
#include "../../port/bsp_port.h"

/* Signatures, read as one little-endian word: "PK\1\2", "PK\3\4",
 * "PK\5\6", and zip64's end locator "PK\6\7". */
#define PAK_CENTRAL_SIG 0x02014b50u
#define PAK_LOCAL_SIG 0x04034b50u
#define PAK_END_SIG 0x06054b50u
#define PAK_ZIP64_LOCATOR_SIG 0x07064b50u

/* Central record: flags 8, method 10, crc 16, sizes 20 / 24, name, extra
 * and comment lengths 28 / 30 / 32, first disk 34, local header 42. */
#define PAK_CENTRAL_BYTES 46u
/* Local header: flags 6, method 8, crc 14, sizes 18 / 22, name 26, extra 28. */
/* End record: disks 4 / 6, counts 8 / 10, directory size 12 and offset 16,
 * comment length 20. */
#define PAK_END_BYTES 22u
#define PAK_ZIP64_LOCATOR_BYTES 20u

/* Preload section: a 16-byte header, 8 bytes per preload entry, 2 per
 * zip entry. */
#define PAK_PRELOAD_HEADER 16u
#define PAK_PRELOAD_VERSION 3u
#define PAK_NO_PRELOAD 0xffffu

/* LZMA entries (APPNOTE 5.8.8): version (2), property size (2, LE), the
 * 5 property bytes, the raw stream. */
#define PAK_LZMA_HEADER 9u

/* Flag bits: 0 encrypted, 3 sizes and CRC in a data descriptor (the local
 * header may hold zeros). */
#define PAK_FLAG_ENCRYPTED 0x1u
#define PAK_FLAG_DESCRIPTOR 0x8u

BSP_INLINE uint32_t pak_u16(const uint8_t *q) { return (uint32_t)q[0] | ((uint32_t)q[1] << 8); }

/* Valve's rule for names: ASCII case folded, '\\' taken as '/'. */
BSP_INLINE uint8_t bsp__pak_fold(uint8_t c)
{
    if (c >= 'A' && c <= 'Z') return (uint8_t)(c + ('a' - 'A'));
    return c == '\\' ? '/' : c;
}

/* The given bytes at pakfile offset ofs, len of them; NULL when any lies
 * outside what p holds. */
BSP_INLINE const uint8_t *bsp__pak_at(const bsp_pak *p, uint32_t ofs, uint32_t len)
{
    uint32_t first = p->size - p->have;
    if (ofs < first || len > p->have || ofs - first > p->have - len) return 0;
    return p->bytes + (ofs - first);
}

/* Bytes from one central record to the next. XZP2 records hold neither
 * the extra field nor the comment they declare (Valve's reader skips
 * nothing after the name); others do. */
BSP_INLINE uint32_t bsp__pak_record_bytes(const bsp_pak *p, const uint8_t *rec)
{
    return PAK_CENTRAL_BYTES + pak_u16(rec + 28) +
           (p->xzp == 2 ? 0u : pak_u16(rec + 30) + pak_u16(rec + 32));
}

/* Fill e from the central record at directory offset `record` (validated
 * by the open) and check it as bsp_pak_get says. */
bsp_status bsp__pak_entry_at(const bsp_pak *p, uint32_t index, uint32_t record, bsp_pak_entry *e);

#endif
