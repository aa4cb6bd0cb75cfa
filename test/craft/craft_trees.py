# SPDX-License-Identifier: MIT
"""Hostile trees for collision's load check (docs/queries.md 8.13).

    craft_trees.py Q2MAP OUTDIR

From a generated Quake 2 map, writes three maps whose node lump is
replaced (appended at the end of the file, the directory pointing at it):
  deep.bsp     a chain of 300 nodes (deeper than BSP_TREE_DEPTH_MAX, 255)
  cycle.bsp    node 1's front child is node 0 (a loop)
  shallow.bsp  a chain of 200 nodes (within the limit: must load)
Every node uses plane 0 and sends its back side to leaf 0 (child -1).
"""
import os
import struct
import sys

Q2_NODES, Q2_MODELS = 4, 13
NODE = struct.Struct("<iii3h3hHH")     # planenum, children[2], mins, maxs, firstface, numfaces


def rewrite(data, nodes, out):
    buf = bytearray(data)
    off = len(buf)
    while off % 4:
        buf.append(0)
        off += 1
    blob = b"".join(NODE.pack(0, c0, c1, -4096, -4096, -4096, 4096, 4096, 4096, 0, 0)
                    for c0, c1 in nodes)
    buf += blob
    struct.pack_into("<ii", buf, 8 + Q2_NODES * 8, off, len(blob))
    # every model's head node 0
    moff, mlen = struct.unpack_from("<ii", buf, 8 + Q2_MODELS * 8)
    for k in range(mlen // 48):
        struct.pack_into("<i", buf, moff + k * 48 + 36, 0)
    with open(out, "wb") as f:
        f.write(buf)


def chain(n):
    return [(i + 1 if i + 1 < n else -1, -1) for i in range(n)]


def main():
    src, outdir = sys.argv[1], sys.argv[2]
    data = open(src, "rb").read()
    assert data[:4] == b"IBSP" and struct.unpack_from("<i", data, 4)[0] == 38
    rewrite(data, chain(300), os.path.join(outdir, "deep.bsp"))
    rewrite(data, [(1, -1), (0, -1)], os.path.join(outdir, "cycle.bsp"))
    rewrite(data, chain(200), os.path.join(outdir, "shallow.bsp"))


if __name__ == "__main__":
    main()
