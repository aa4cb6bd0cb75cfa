# SPDX-License-Identifier: MIT
"""tex_extract.py DIR EXPECTED: the files `bspkit textures|wad --extract DIR`
wrote against the reference's list (bspref_tex.py extract: "FILE SHA256" a
line): every listed file is there and holds those bytes (.idx indices, .pal
palette; a .png decoded to its RGBA8 rows), and DIR holds no other file.
Prints one summary line; exits 1 on any difference."""
import hashlib
import os
import struct
import sys
import zlib


def png_rgba(path):
    """The RGBA8 pixels of an 8-bit RGBA PNG with filter 0 rows (what the
    tool writes), checked: signature, chunk CRCs, IHDR."""
    d = open(path, "rb").read()
    if d[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("no PNG signature")
    p, idat, w = 8, b"", None
    while p < len(d):
        n = struct.unpack(">I", d[p:p + 4])[0]
        kind, body = d[p + 4:p + 8], d[p + 8:p + 8 + n]
        if zlib.crc32(kind + body) != struct.unpack(">I", d[p + 8 + n:p + 12 + n])[0]:
            raise ValueError("chunk CRC")
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            if (depth, ctype) != (8, 6):
                raise ValueError("not 8-bit RGBA")
        elif kind == b"IDAT":
            idat += body
        p += 12 + n
    raw = zlib.decompress(idat)
    row = 1 + 4 * w
    if len(raw) != row * h or any(raw[y * row] != 0 for y in range(h)):
        raise ValueError("rows")
    return b"".join(raw[y * row + 1:(y + 1) * row] for y in range(h))


def main(argv):
    folder, listing = argv[1], argv[2]
    want = {}
    for line in open(listing, "rb").read().decode("latin-1").splitlines():
        name, digest = line.rsplit(" ", 1)
        want[name] = digest
    have = set(os.listdir(folder))
    bad = []
    for name, digest in sorted(want.items()):
        path = os.path.join(folder, name)
        if name not in have:
            bad.append("missing " + name)
            continue
        try:
            data = png_rgba(path) if name.endswith(".png") else open(path, "rb").read()
        except ValueError as e:
            bad.append("%s: %s" % (name, e))
            continue
        if hashlib.sha256(data).hexdigest() != digest:
            bad.append("differs " + name)
    extra = sorted(have - set(want))
    if extra:
        bad.append("not the reference's: " + " ".join(extra[:5]))
    if bad:
        print("%d of %d files wrong: %s" % (len(bad), len(want), "; ".join(bad[:5])))
        return 1
    print("%d files (%d PNG decoded) equal to the reference" % (len(want), sum(n.endswith(".png") for n in want)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
