#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""pak_gen.py - pakfiles for the tests, written from the zip format
(APPNOTE 4.3, method 14 per 5.8.8) and Valve's aligned layout, and
spliced into generated Source maps as their lump 40.

    python3 pak_gen.py PAK_LZMA MAP_IN MAP_OUT KIND
    python3 pak_gen.py PAK_LZMA -le|-be PAK_OUT KIND    (the pakfile alone)

KIND: plain (stored and LZMA entries, with and without end marker),
aligned (Valve's XZP2 2048 with a preload section, in the map's byte
order), aligned1 (XZP1 512: central records carry the padding), many
(10 000 small stored entries, for bench), empty (an end record only),
bench (one LZMA entry of 4 MiB), evil (names that would leave an extraction folder, and one that does not).
KIND-lzma: the same with lump 40 itself LZMA-compressed (Valve's lump
header), decoded by the loader.

PAK_LZMA is build/t/pak_lzma (raw LZMA1 with or without end marker).
The new pakfile goes at the end of the map (aligned to 2048 on a console
map, 4 otherwise) and lump 40's directory entry points at it.
"""
import struct
import subprocess
import sys
import zlib


def lzma_entry(helper, data, eos):
    raw = subprocess.run([helper, "eos" if eos else "noeos"], input=data,
                         stdout=subprocess.PIPE, check=True).stdout
    # version 9.20 (the LZMA SDK's, as 7-Zip writes it), 5 property bytes
    return bytes([9, 20]) + struct.pack("<H", 5) + raw


def payload(i, n):
    """Compressible text with a seed of noise: distinct per entry."""
    words = [b"brush", b"cubemap", b"$envmap", b"vertexlitgeneric", b"lightmapped"]
    out = bytearray()
    x = 2463534242 + i
    while len(out) < n:
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        out += words[x % 5] + b" %d\n" % (x % 1000) if x % 7 else bytes([x & 0xFF, x >> 8 & 0xFF])
    return bytes(out[:n])


def build(entries, align=0, xzp=None, preload=None, big_endian=False):
    """entries: (name, data, method, stored, flags); preload: {index: bytes}
    for the preload section written as entry 0."""
    E = ">" if big_endian else "<"
    if preload is not None:
        n_dir = len(entries) + 1
        order = sorted(preload)
        table, blob = b"", b""
        remap = [0xFFFF] * n_dir
        for k, i in enumerate(order):
            table += struct.pack(E + "II", len(preload[i]), len(blob))
            blob += preload[i]
            remap[i + 1] = k
        sec = struct.pack(E + "IIII", 3, n_dir, len(order), align) + table + \
            b"".join(struct.pack(E + "H", r) for r in remap) + blob
        if align:
            sec += b"\0" * (-len(sec) % align)
        entries = [(b"__preload_section.pre", sec, 0, sec, 0)] + entries
    out = bytearray()
    central = bytearray()
    for name, data, method, stored, flags in entries:
        lho = len(out)
        pad = align - ((lho + 30 + len(name)) % align) if align else 0
        crc = zlib.crc32(data)
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 63 if method else 10, flags, method,
                           0, 0, crc, len(stored), len(data), len(name), pad)
        out += name + b"\0" * pad + stored
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 63 if method else 10,
                               flags, method, 0, 0, crc, len(stored), len(data), len(name),
                               pad, 0, 0, 0, 0, lho)
        central += name + (b"\0" * pad if xzp != b"XZP2" else b"")
    if align:
        out += b"\0" * (-len(out) % align)
    dir_ofs = len(out)
    out += central
    if align:
        out += b"\0" * (-len(out) % align)
    comment = b""
    if xzp:
        comment = (xzp + b" %d" % align).ljust(32, b"\0")
    n = len(entries)
    out += struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, n, n, len(out) - dir_ofs, dir_ofs,
                       len(comment)) + comment
    return bytes(out)


def kind_entries(helper, kind):
    if kind == "plain":
        es = []
        for i, (method, eos, n) in enumerate([(0, 0, 3000), (14, 1, 20000), (14, 0, 20000),
                                              (14, 0, 0), (0, 0, 0), (14, 1, 70000)]):
            data = payload(i, n)
            stored = data if method == 0 else lzma_entry(helper, data, eos)
            name = b"materials/maps/gen/Entry_%d%s" % (i, b".vtf" if method else b".vmt")
            es.append((name, data, method, stored, 2 if eos else 0))
        # a backslash name, as some packers write
        data = payload(9, 500)
        es.append((b"sound\\gen\\Ambient.wav", data, 14, lzma_entry(helper, data, 0), 0))
        return es
    if kind == "evil":   # names --extract must refuse, and one it writes
        return [(n, b"x" * 10, 0, b"x" * 10, 0) for n in
                (b"../evil.txt", b"/abs.txt", b"C:/drive.txt", b"ok\\..\\..\\evil2.txt",
                 b"ok/fine.txt")]
    if kind == "bench":   # one LZMA entry of about 4 MB (make bench)
        data = payload(1, 4 << 20)
        return [(b"materials/bench.vtf", data, 14, lzma_entry(helper, data, 0), 0)]
    if kind == "many":
        return [(b"materials/many/e%05d.vmt" % i, payload(i, 16), 0, payload(i, 16), 0)
                for i in range(10000)]
    return []


def pakfile(helper, kind, big_endian):
    es = kind_entries(helper, "plain" if kind.startswith("aligned") else kind)
    if kind == "aligned":
        pre = {i: e[1][:64] for i, e in enumerate(es) if e[2] == 0 or i % 2}
        return build(es, 2048, b"XZP2", pre, big_endian)
    if kind == "aligned1":
        return build(es, 512, b"XZP1")
    return build(es)


def splice(data, pak, helper=None):
    """With helper: lump 40 itself LZMA-compressed in Valve's lump header
    ("LZMA", sizes, properties; the directory's fourCC the size), as a
    console map or a repacked PC map may store it."""
    be = data[:4] == b"PSBV"
    E = ">" if be else "<"
    ents = [struct.unpack_from(E + "iiii", data, 8 + 16 * i) for i in range(64)]
    l4d2 = any(ln and (ofs < 1036 or ofs + ln > len(data)) for ofs, ln, _v, _c in ents)
    align = 2048 if be else 4
    out = bytearray(data)
    out += b"\0" * (-len(out) % align)
    at = len(out)
    fourcc = 0
    if helper:
        raw = subprocess.run([helper, "noeos"], input=pak, stdout=subprocess.PIPE,
                             check=True).stdout
        fourcc = len(pak)
        pak = b"LZMA" + struct.pack("<II", len(pak), len(raw) - 5) + raw
    out += pak
    entry = (0, at, len(pak), fourcc) if l4d2 else (at, len(pak), 0, fourcc)
    struct.pack_into(E + "iiii", out, 8 + 16 * 40, *entry)
    return bytes(out)


def main(argv):
    if len(argv) != 5:
        sys.stderr.write(__doc__)
        return 2
    helper, src, dst, kind = argv[1:]
    if src in ("-le", "-be"):   # the pakfile alone, for test_pak and bench
        open(dst, "wb").write(pakfile(helper, kind, src == "-be"))
        return 0
    data = open(src, "rb").read()
    packed = kind.endswith("-lzma")
    kind = kind[:-5] if packed else kind
    pak = pakfile(helper, kind, data[:4] == b"PSBV")
    open(dst, "wb").write(splice(data, pak, helper if packed else None))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
