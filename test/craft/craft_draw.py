#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""craft_draw.py - hostile maps for what an engine draws (issue 40), from
the generated Source terrain map (v20_terrain.bsp), rewritten in place of
its own records (lump sizes unchanged):

    shared.bsp   every node's two children are the next node (the last
                 node's are leaves 1 and 2), all on one plane through the
                 middle of the terrain: a walk that went down both sides
                 of each would take 2^nodes paths
    overlap.bsp  every leaf's leaf-face run is the whole leaf-face lump: a
                 visible-face call that ran each leaf's list would cost
                 leaves x entries

    craft_draw.py V20_TERRAIN.BSP OUTDIR
"""
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "reference"))
import bspref as R  # noqa: E402
import bspref_disp as D  # noqa: E402


def lump(buf, i):
    return struct.unpack_from("<ii", buf, 8 + 16 * i)


def main(src, outdir):
    data = open(src, "rb").read()
    m = R.load_map(src)
    d = D.build(m)
    mid = R.f32((d[0].lo[0] + d[0].hi[0]) * 0.5)
    buf = bytearray(data)
    # one plane through the terrain, axial in x
    po, _pl = lump(buf, 1)
    struct.pack_into("<4fi", buf, po, 1.0, 0.0, 0.0, mid, 0)
    no, nl = lump(buf, 5)
    n = nl // 32
    for k in range(n):
        c = (k + 1, k + 1) if k + 1 < n else (-2, -3)
        struct.pack_into("<3i", buf, no + 32 * k, 0, c[0], c[1])
    open(os.path.join(outdir, "shared.bsp"), "wb").write(buf)
    buf = bytearray(data)
    lo_, ll = lump(buf, 10)
    fo, fl = lump(buf, 16)
    size = m.leaf_size
    for k in range(ll // size):
        struct.pack_into("<HH", buf, lo_ + size * k + 20, 0, fl // 2)
    open(os.path.join(outdir, "overlap.bsp"), "wb").write(buf)
    print("shared: %d nodes; overlap: %d leaves x %d entries" % (n, ll // size, fl // 2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
