#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Many cubemaps over a large pakfile (issue 42).

    craft_cubemaps.py MAP_IN MAP_OUT COUNT

From a generated Source map (little-endian, not Left 4 Dead 2's lump
order), writes MAP_OUT with COUNT cubemaps (lump 42: origin (i, -i, 7),
size 0) and a pakfile (lump 40, test/craft/pak_gen.py's writer) of COUNT
stored entries: every even cubemap's texture as vbsp names it for
MAP_OUT's base name, in reverse order, and as many others. `bspkit
cubemaps` looked each up through the whole directory (5.2 s at 16 000);
an odd cubemap's texture is not there (in_pak false).
"""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pak_gen  # noqa: E402

LUMP_CUBEMAPS = 42


def main():
    src, dst, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    data = bytearray(open(src, "rb").read())
    if data[:4] != b"VBSP":
        sys.exit("craft_cubemaps.py: %s is not a little-endian Source map" % src)
    stem = os.path.basename(dst)
    if stem.lower().endswith(".bsp"):
        stem = stem[:-4]
    stem = stem.lower().encode()
    names = [b"materials/maps/%s/c%d_%d_7.vtf" % (stem, i, -i) for i in range(0, count, 2)]
    names += [b"materials/other/e%06d.vmt" % i for i in range(count - len(names))]
    names.reverse()
    entries = [(n, b"vtf", 0, b"vtf", 0) for n in names]
    lump = b"".join(struct.pack("<4i", i, -i, 7, 0) for i in range(count))
    data += b"\0" * (-len(data) % 4)
    struct.pack_into("<iiii", data, 8 + 16 * LUMP_CUBEMAPS, len(data), len(lump), 0, 0)
    data += lump
    open(dst, "wb").write(pak_gen.splice(bytes(data), pak_gen.build(entries)))


if __name__ == "__main__":
    main()
