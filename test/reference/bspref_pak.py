#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bspref_pak.py - an independent reference for a Source map's pakfile
(lump 40), written from the zip format (PKWARE APPNOTE 4.3, 4.4.5 method
14 / 5.8.8) and Valve's aligned-zip conventions, without reading bspkit's C.

    python3 bspref_pak.py list MAP          one JSON line per entry
    python3 bspref_pak.py cat MAP PATH      the entry's bytes on stdout
    python3 bspref_pak.py check MAP         every entry read, CRC checked,
                                            and (zips stdlib zipfile reads)
                                            cross-checked against zipfile

Listing keys (the tool's, bspkit pak): index, name, method, size,
compressed_size, crc, offset (of the stored bytes in the pakfile),
header_offset, flags, preload (preloaded bytes, 0: none) and, when
preloaded, preload_offset.

Valve's aligned zip: the end record's comment starts "XZP1 n" or "XZP2 n"
(case-insensitive XZP). With "XZP2" the central records declare an extra
field (the local header's alignment padding) and a comment that they do
not carry: the next record follows the name directly. Otherwise the
records carry both. The preload section "__preload_section.pre", when it
is the first entry, holds in the map's byte order: u32 version (3), u32
zip entries, u32 preload entries, u32 alignment; preload entries of {u32
length, u32 offset}; a u16 per zip entry (the preload entry's index,
0xffff none); then the preload data, which the offsets count from.
"""
import io
import json
import lzma
import struct
import sys
import zipfile
import zlib

PRELOAD = b"__preload_section.pre"


class PakError(Exception):
    pass


# --------------------------------------------------------------------------
# lump 40 of a Source map


def _valve_lzma(blob):
    actual, packed = struct.unpack_from("<II", blob, 4)
    d = blob[12]
    lc, lp, pb = d % 9, (d // 9) % 5, d // 45
    dict_size = struct.unpack_from("<I", blob, 13)[0]
    dec = lzma.LZMADecompressor(format=lzma.FORMAT_RAW, filters=[{
        "id": lzma.FILTER_LZMA1, "dict_size": max(dict_size, 4096),
        "lc": lc, "lp": lp, "pb": pb}])
    out = dec.decompress(blob[17:17 + packed], max_length=actual)
    if len(out) != actual:
        raise PakError("lump 40 does not decode")
    return out


def lump40(data):
    """(pakfile bytes, big_endian) of a Source map's bytes."""
    magic = data[:4]
    if magic not in (b"VBSP", b"PSBV"):
        raise PakError("not a Source map")
    be = magic == b"PSBV"
    E = ">" if be else "<"
    ents = [struct.unpack_from(E + "iiii", data, 8 + 16 * i) for i in range(64)]

    def bad(es):
        return any(ln and (ln < 0 or ofs < 1036 or ofs + ln > len(data)) for ofs, ln, _v, _c in es)

    l4d2 = [(b, c, a, d) for a, b, c, d in ents]
    if bad(ents) and not bad(l4d2):   # Left 4 Dead 2: version, offset, length
        ents = l4d2
    ofs, ln, _ver, fourcc = ents[40]
    blob = data[ofs:ofs + ln]
    if fourcc and blob[:4] == b"LZMA":
        blob = _valve_lzma(blob)
    return blob, be


# --------------------------------------------------------------------------
# the archive


def u16(b, o):
    return struct.unpack_from("<H", b, o)[0]


def u32(b, o):
    return struct.unpack_from("<I", b, o)[0]


def parse(pak, big_endian):
    """Entries (dicts) in central directory order."""
    if not pak:
        return []
    end = -1
    for i in range(len(pak) - 22, max(-1, len(pak) - 65557 - 1), -1):
        if pak[i:i + 4] == b"PK\x05\x06" and u16(pak, i + 20) <= len(pak) - i - 22:
            end = i
            break
    if end < 0:
        raise PakError("no end record")
    count = u16(pak, end + 10)
    dir_size, dir_ofs = u32(pak, end + 12), u32(pak, end + 16)
    comment = pak[end + 22:end + 22 + u16(pak, end + 20)]
    xzp = 0
    if comment[:3].lower() == b"xzp" and len(comment) >= 4:
        xzp = 2 if comment[3:4] == b"2" else 1
    entries = []
    pos = dir_ofs
    for k in range(count):
        if pak[pos:pos + 4] != b"PK\x01\x02":
            raise PakError("central record %d" % k)
        (flags, method, crc, csize, usize, nlen, elen, clen, lho) = (
            u16(pak, pos + 8), u16(pak, pos + 10), u32(pak, pos + 16), u32(pak, pos + 20),
            u32(pak, pos + 24), u16(pak, pos + 28), u16(pak, pos + 30), u16(pak, pos + 32),
            u32(pak, pos + 42))
        name = pak[pos + 46:pos + 46 + nlen]
        pos += 46 + nlen + (0 if xzp == 2 else elen + clen)
        if pak[lho:lho + 4] != b"PK\x03\x04" or pak[lho + 30:lho + 30 + nlen] != name:
            raise PakError("local header %d" % k)
        data_ofs = lho + 30 + nlen + u16(pak, lho + 28)
        entries.append({"index": k, "name": name, "method": method, "size": usize,
                        "compressed_size": csize, "crc": crc, "offset": data_ofs,
                        "header_offset": lho, "flags": flags, "preload": 0})
    if entries and entries[0]["name"] == PRELOAD and entries[0]["method"] == 0:
        _preload(pak, entries, big_endian)
    return entries


def _preload(pak, entries, big_endian):
    e0 = entries[0]
    sec = pak[e0["offset"]:e0["offset"] + e0["size"]]
    E = ">" if big_endian else "<"
    version, n_dir, n_pre, _align = struct.unpack_from(E + "IIII", sec, 0)
    if version != 3 or n_dir != len(entries) or n_pre > n_dir:
        raise PakError("preload header")
    data_at = 16 + 8 * n_pre + 2 * n_dir
    for i, e in enumerate(entries):
        k = struct.unpack_from(E + "H", sec, 16 + 8 * n_pre + 2 * i)[0]
        if k == 0xFFFF:
            continue
        length, ofs = struct.unpack_from(E + "II", sec, 16 + 8 * k)
        e["preload"] = length
        e["preload_offset"] = e0["offset"] + data_at + ofs
        e["preload_bytes"] = sec[data_at + ofs:data_at + ofs + length]


def read(pak, e):
    stored = pak[e["offset"]:e["offset"] + e["compressed_size"]]
    if e["method"] == 0:
        out = stored
    elif e["method"] == 14:
        # APPNOTE 5.8.8: version (2), property size (2), properties, stream
        psize = u16(stored, 2)
        props = stored[4:4 + psize]
        d = props[0]
        lc, lp, pb = d % 9, (d // 9) % 5, d // 45
        dec = lzma.LZMADecompressor(format=lzma.FORMAT_RAW, filters=[{
            "id": lzma.FILTER_LZMA1, "dict_size": max(u32(props, 1), 4096),
            "lc": lc, "lp": lp, "pb": pb}])
        out = dec.decompress(stored[4 + psize:], max_length=e["size"])
    else:
        raise PakError("method %d" % e["method"])
    if len(out) != e["size"] or zlib.crc32(out) != e["crc"]:
        raise PakError("entry %d does not read" % e["index"])
    return out


def fold(name):
    return name.lower().replace(b"\\", b"/")


def json_line(e):
    d = {k: e[k] for k in ("index", "name", "method", "size", "compressed_size", "crc",
                           "offset", "header_offset", "flags", "preload")}
    d["name"] = e["name"].decode("latin-1")
    if e["preload"]:
        d["preload_offset"] = e["preload_offset"]
    return json.dumps(d, separators=(",", ":"))


def cross_check(pak, entries):
    """stdlib zipfile on a zip it can read (not XZP2): same list, same bytes."""
    z = zipfile.ZipFile(io.BytesIO(pak))
    infos = z.infolist()
    if len(infos) != len(entries):
        raise PakError("zipfile lists %d entries, the reference %d" % (len(infos), len(entries)))
    for zi, e in zip(infos, entries):
        if (zi.filename.encode("cp437") != e["name"] or zi.compress_type != e["method"]
                or zi.file_size != e["size"] or zi.CRC != e["crc"]
                or zi.compress_size != e["compressed_size"]):
            raise PakError("zipfile disagrees on entry %d" % e["index"])
        if z.read(zi) != read(pak, e):
            raise PakError("zipfile reads entry %d differently" % e["index"])
    return len(infos)


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    data = open(argv[2], "rb").read()
    pak, be = lump40(data)
    entries = parse(pak, be)
    if argv[1] == "list":
        for e in entries:
            print(json_line(e))
    elif argv[1] == "cat":
        want = fold(argv[3].encode("latin-1"))
        for e in entries:
            if fold(e["name"]) == want:
                sys.stdout.buffer.write(read(pak, e))
                return 0
        print('{"error":"bad_query","problem":"not_found"}')
        return 1
    elif argv[1] == "check":
        for e in entries:
            read(pak, e)
            if e["preload"] and e["method"] == 0 and \
                    read(pak, e)[:e["preload"]] != e["preload_bytes"]:
                # (an uncompressed preload is the entry's first bytes)
                raise PakError("entry %d: preload is not its first bytes" % e["index"])
        # zipfile reads neither XZP2's short records nor an aligned zip's
        # zero-padded directory
        tail = pak[-32:].rstrip(b"\0")
        aligned = tail[:3].upper() == b"XZP" and tail[4:].strip() not in (b"", b"0")
        n = "nothing for zipfile" if not entries else \
            "not by zipfile (%s)" % tail.decode("latin-1") if aligned else \
            "zipfile agrees on %d" % cross_check(pak, entries)
        print("%d entries read, %s" % (len(entries), n))
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except PakError as ex:
        print('{"error":"%s"}' % ex)
        sys.exit(1)
