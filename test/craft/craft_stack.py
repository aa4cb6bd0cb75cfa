# SPDX-License-Identifier: MIT
"""The deepest trees a collision load accepts, crossed end to end, for the
stack test (test/programs/test_stack.c, issue 31).

    craft_stack.py Q2MAP Q1MAP OUTDIR

  OUTDIR/deep_q2.bsp   the generated Quake 2 map with a chain of 255 nodes
                       (BSP_TREE_DEPTH_MAX), every node on plane 0, the front
                       child the next node (test/craft/craft_trees.py's chain)
  OUTDIR/deep_q1.bsp   the generated Quake map with a chain of 255 clipnodes
                       on plane 0 as hull 1 of the world, the back child the
                       next clipnode, the front empty
  OUTDIR/deep_q2.ray, deep_q1.ray   "x y z x y z": a segment crossing
                       plane 0 from the side that goes down the chain, so
                       that every node splits it and waits on the stack
"""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import craft_trees  # noqa: E402

DEPTH = 255
Q1_PLANES, Q1_CLIPNODES, Q1_MODELS = 1, 9, 14


def plane0(data, planes_lump, base):
    off, _ = struct.unpack_from("<ii", data, base + planes_lump * 8)
    n = struct.unpack_from("<3f", data, off)
    d = struct.unpack_from("<f", data, off + 12)[0]
    return n, d


def ray(n, d, front_first, out):
    a, b = (d + 1000.0, d - 1000.0) if front_first else (d - 1000.0, d + 1000.0)
    with open(out, "w") as f:
        f.write(" ".join("%.6g" % (c * a) for c in n) + " " + " ".join("%.6g" % (c * b) for c in n) + "\n")


def q1_chain(data, out):
    buf = bytearray(data)
    off = len(buf)
    while off % 4:
        buf.append(0)
        off += 1
    # back child: the next clipnode; front: empty (-1); the last: solid (-2)
    blob = b"".join(struct.pack("<ihh", 0, -1, i + 1 if i + 1 < DEPTH else -2) for i in range(DEPTH))
    buf += blob
    struct.pack_into("<ii", buf, 4 + Q1_CLIPNODES * 8, off, len(blob))
    moff, _ = struct.unpack_from("<ii", buf, 4 + Q1_MODELS * 8)
    struct.pack_into("<i", buf, moff + 36 + 4, 0)     # world: headnode[1] = 0
    with open(out, "wb") as f:
        f.write(buf)


def main():
    q2, q1, outdir = sys.argv[1:4]
    d2 = open(q2, "rb").read()
    craft_trees.rewrite(d2, craft_trees.chain(DEPTH), os.path.join(outdir, "deep_q2.bsp"))
    n, d = plane0(d2, 1, 8)
    ray(n, d, True, os.path.join(outdir, "deep_q2.ray"))
    d1 = open(q1, "rb").read()
    assert struct.unpack_from("<i", d1, 0)[0] == 29
    q1_chain(d1, os.path.join(outdir, "deep_q1.bsp"))
    n, d = plane0(d1, Q1_PLANES, 4)
    ray(n, d, False, os.path.join(outdir, "deep_q1.ray"))


if __name__ == "__main__":
    main()
