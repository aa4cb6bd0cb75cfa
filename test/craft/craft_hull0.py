# SPDX-License-Identifier: MIT
"""A hull-0 loop for the Quake family (issue 31, docs/queries.md 8.13).

    craft_hull0.py MAP OUT

From a generated Quake, GoldSrc or BSP2 map, writes OUT with every leaf's
contents but leaf 0's set to 0. Hull 0 turns a leaf child into the leaf's
contents, so 0 becomes a node index (node 0, the root): a path that reaches
such a leaf goes round for ever unless the walk counts its nodes. The load
checks only the node tree's shape, so the file loads.
"""
import struct
import sys

LUMP_LEAFS = 10


def main():
    src, out = sys.argv[1], sys.argv[2]
    buf = bytearray(open(src, "rb").read())
    magic = bytes(buf[:4])
    # Quake 29 and GoldSrc 30 leaves are 28 bytes, BSP2's 44 (float
    # bounds), 2PSB's 32 (int16 bounds, int32 surface indices)
    size = {b"BSP2": 44, b"2PSB": 32}.get(magic, 28)
    off, length = struct.unpack_from("<ii", buf, 4 + LUMP_LEAFS * 8)
    n = length // size
    if n < 2 or length % size:
        sys.exit("craft_hull0.py: %s: leaf lump of %d bytes is not %d-byte records" % (src, length, size))
    for k in range(1, n):
        struct.pack_into("<i", buf, off + k * size, 0)
    open(out, "wb").write(buf)


if __name__ == "__main__":
    main()
