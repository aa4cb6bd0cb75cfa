# SPDX-License-Identifier: MIT
"""A brush repeated in every leaf (issue 31): a trace must cost the distinct
brushes it reaches, not the listings a file repeats.

    craft_repeated.py Q2MAP Q3MAP OUTDIR

From the generated Quake 2 and Quake 3 maps, writes repeated_q2.bsp and
repeated_q3.bsp whose tree is a chain of 254 nodes (planes x = 2040 - 8k,
the front a leaf, the back the next node: 255 leaves, within
BSP_TREE_DEPTH_MAX), every leaf listing the same 10 000 leaf-brush entries
of one brush of 100 sides: six axial sides 5000 units out (Quake 3 reads a
brush's bounds from them), 93 sloped ones 6000 out, and last y <= -10. A
ray along the x axis at y = 0 crosses every leaf and tests all 100 sides
before the last one rejects it; the engines' per-trace mark clips the brush
once, a walk without one 255 x 10 000 times. The lumps are appended at the
end of the file, the directory pointing at them; every other lump stays.
"""
import math
import os
import struct
import sys

LEAVES, ENTRIES, SIDES = 255, 10000, 100


def planes():
    """the brush's 100 planes: (normal, dist)"""
    out = [((-1.0, 0.0, 0.0), 5000.0), ((1.0, 0.0, 0.0), 5000.0), ((0.0, -1.0, 0.0), 5000.0),
           ((0.0, 1.0, 0.0), 5000.0), ((0.0, 0.0, -1.0), 5000.0), ((0.0, 0.0, 1.0), 5000.0)]
    for k in range(SIDES - 7):
        a, b = 2 * math.pi * k / (SIDES - 7), 0.3 + 0.4 * (k % 5) / 5
        out.append(((math.cos(a) * math.cos(b), math.sin(a) * math.cos(b), math.sin(b)), 6000.0))
    out.append(((0.0, 1.0, 0.0), -10.0))
    return out


def chain_planes():
    return [((1.0, 0.0, 0.0), 2040.0 - 8.0 * k) for k in range(LEAVES - 1)]


class Bsp:
    def __init__(self, path, dir_at):
        self.buf = bytearray(open(path, "rb").read())
        self.dir_at = dir_at

    def lump(self, i):
        off, ln = struct.unpack_from("<ii", self.buf, self.dir_at + 8 * i)
        return bytes(self.buf[off:off + ln])

    def set(self, i, blob):
        while len(self.buf) % 4:
            self.buf.append(0)
        struct.pack_into("<ii", self.buf, self.dir_at + 8 * i, len(self.buf), len(blob))
        self.buf += blob

    def write(self, path):
        with open(path, "wb") as f:
            f.write(self.buf)


def quake2(src, out):
    b = Bsp(src, 8)
    old = b.lump(1)
    base = len(old) // 20
    pl = chain_planes() + planes()
    b.set(1, old + b"".join(struct.pack("<4fi", n[0], n[1], n[2], d,
                                        0 if n == (1.0, 0.0, 0.0) else 3 if abs(n[1]) != 1.0 else 1)
                            for n, d in pl))
    nodes = []
    for k in range(LEAVES - 1):
        back = k + 1 if k + 1 < LEAVES - 1 else -LEAVES
        nodes.append(struct.pack("<iii3h3hHH", base + k, -(k + 1), back,
                                 -8192, -8192, -8192, 8192, 8192, 8192, 0, 0))
    b.set(4, b"".join(nodes))
    b.set(8, b"".join(struct.pack("<ihh3h3h4H", 1, -1, 0, -8192, -8192, -8192, 8192, 8192, 8192,
                                  0, 0, 0, ENTRIES) for _ in range(LEAVES)))
    b.set(10, struct.pack("<H", 0) * ENTRIES)
    b.set(14, struct.pack("<3i", 0, SIDES, 1))
    first = base + LEAVES - 1
    b.set(15, b"".join(struct.pack("<Hh", first + k, 0) for k in range(SIDES)))
    models = bytearray(b.lump(13))
    for k in range(len(models) // 48):
        struct.pack_into("<i", models, k * 48 + 36, 0)
    b.set(13, bytes(models))
    b.write(out)


def quake3(src, out):
    b = Bsp(src, 8)
    shaders = b.lump(1)
    solid = len(shaders) // 72
    b.set(1, shaders + struct.pack("<64sii", b"textures/craft/solid", 0, 1))
    old = b.lump(2)
    base = len(old) // 16
    pl = chain_planes() + planes()
    b.set(2, old + b"".join(struct.pack("<4f", n[0], n[1], n[2], d) for n, d in pl))
    nodes = []
    for k in range(LEAVES - 1):
        back = k + 1 if k + 1 < LEAVES - 1 else -LEAVES
        nodes.append(struct.pack("<3i3i3i", base + k, -(k + 1), back, -8192, -8192, -8192, 8192, 8192, 8192))
    b.set(3, b"".join(nodes))
    b.set(4, b"".join(struct.pack("<ii3i3i4i", -1, 0, -8192, -8192, -8192, 8192, 8192, 8192,
                                  0, 0, 0, ENTRIES) for _ in range(LEAVES)))
    b.set(6, struct.pack("<i", 0) * ENTRIES)
    b.set(8, struct.pack("<3i", 0, SIDES, solid))
    first = base + LEAVES - 1
    b.set(9, b"".join(struct.pack("<2i", first + k, solid) for k in range(SIDES)))
    models = bytearray(b.lump(7))
    for k in range(len(models) // 40):
        struct.pack_into("<2i", models, k * 40 + 32, 0, 1 if k == 0 else 0)
    b.set(7, bytes(models))
    b.write(out)


def main():
    q2, q3, outdir = sys.argv[1:4]
    quake2(q2, os.path.join(outdir, "repeated_q2.bsp"))
    quake3(q3, os.path.join(outdir, "repeated_q3.bsp"))


if __name__ == "__main__":
    main()
