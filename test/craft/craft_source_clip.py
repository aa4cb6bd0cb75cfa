# SPDX-License-Identifier: MIT
"""A Source player clip where vbsp puts one (docs/queries.md 8.9, 8.12):
in a leaf whose contents is 0.

    craft_source_clip.py SOURCEMAP OUT.bsp OUT.queries OUT.expected

From a generated Source map (narrow records, little-endian): finds an open
leaf (contents 0) holding a 32 x 32 x 8 box around a point P of it, and lists
there a new brush, the cube [P-8, P+8] with contents DETAIL | PLAYERCLIP
(0x8010000) and a seventh side, a bevel (bevel byte 1) cutting its +x +y
edge 4 units in. The planes, brush, sides and leaf-brush list are appended
at the end of the file, the directory pointing at them. Writes query lines
and their answers worked out here from the cube (float32, the contract's
order), not by the library or the reference:
  - a point and a small box moving +x into the cube stop at its -x face
    (the leaf's contents 0 would have filtered it with Quake 2's rule);
  - with mask 0x1 (no PLAYERCLIP) they pass;
  - a point moving -x through the bevelled edge stops at the +x face: a
    point skips bevel sides;
  - a position test at P is inside; contents at P and in the bevelled
    edge is 0 | 0x8010000; beside the cube 0.
"""
import math
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "reference"))
import bspref as R  # noqa: E402

f32, fadd, fsub, fmul, fdiv = R.f32, R.fadd, R.fsub, R.fmul, R.fdiv
E = f32(0.03125)
CLIP = 0x8010000


def lump(buf, i):
    return struct.unpack_from("<ii", buf, 8 + 16 * i)


def put(buf, i, blob):
    while len(buf) % 4:
        buf.append(0)
    struct.pack_into("<ii", buf, 8 + 16 * i, len(buf), len(blob))
    buf += blob


def g(v):
    return R.fmt_g9(f32(v))


def vec(v):
    return " ".join(g(c) for c in v)


def main():
    src, out, qout, eout = sys.argv[1:5]
    m = R.load_map(src)
    buf = bytearray(open(src, "rb").read())
    assert buf[:4] == b"VBSP"
    lv = struct.unpack_from("<i", buf, 8 + 16 * 10 + 8)[0]
    stride = 32 if lv == 1 else 56
    # an open leaf around a point: its 48-unit cube in one leaf
    x0, y0, z0 = m.models[0][0]
    x1, y1, z1 = m.models[0][1]
    P = leaf = None
    for i in range(4000):
        p = tuple(f32(math.floor(a + (b - a) * ((i * k * 0.618034) % 1.0))) for a, b, k in
                  ((x0, x1, 1), (y0, y1, 3), (z0, z1, 7)))
        li = m.point_leaf(p)
        if m.leaves[li][0] != 0:
            continue
        if all(m.point_leaf((p[0] + dx, p[1] + dy, p[2] + dz)) == li
               for dx in (-16, 16) for dy in (-16, 16) for dz in (-4, 4)):
            P, leaf = p, li
            break
    assert P is not None, "no open leaf large enough"
    px, py, pz = P
    planes = [((1.0, 0.0, 0.0), px + 8, 0), ((-1.0, 0.0, 0.0), -(px - 8), 0),
              ((0.0, 1.0, 0.0), py + 8, 1), ((0.0, -1.0, 0.0), -(py - 8), 1),
              ((0.0, 0.0, 1.0), pz + 8, 2), ((0.0, 0.0, -1.0), -(pz - 8), 2)]
    h = f32(1 / math.sqrt(2))
    planes.append(((h, h, 0.0), fmul(h, f32(px + py + 12)), 3))     # through (P+8, P+4), (P+4, P+8)
    off, ln = lump(buf, 1)
    base = ln // 20
    put(buf, 1, bytes(buf[off:off + ln]) + b"".join(struct.pack("<4fi", n[0], n[1], n[2], d, t)
                                                        for n, d, t in planes))
    off, ln = lump(buf, 19)
    first_side = ln // 8
    put(buf, 19, bytes(buf[off:off + ln]) + b"".join(
        struct.pack("<HhhBB", base + k, 0, -1, 1 if k == 6 else 0, 0) for k in range(7)))
    off, ln = lump(buf, 18)
    brush = ln // 12
    put(buf, 18, bytes(buf[off:off + ln]) + struct.pack("<3i", first_side, 7, CLIP))
    off, ln = lump(buf, 17)
    lb = list(struct.unpack_from("<%dH" % (ln // 2), buf, off))
    loff, _ = lump(buf, 10)
    first, count = struct.unpack_from("<HH", buf, loff + leaf * stride + 24)
    new_first = len(lb)
    lb += lb[first:first + count] + [brush]
    put(buf, 17, struct.pack("<%dH" % len(lb), *lb))
    loff, _ = lump(buf, 10)
    struct.pack_into("<HH", buf, loff + leaf * stride + 24, new_first, count + 1)
    open(out, "wb").write(buf)

    q, e = [], []

    def hit(s, t, box, d1, d2, n, dist, extra=""):
        f = fdiv(fsub(d1, E), fsub(d1, d2))
        end = tuple(fadd(s[i], fmul(f, fsub(t[i], s[i]))) for i in range(3))
        q.append("trace %s %s%s%s" % (vec(s), vec(t), " " + box if box else "", extra))
        e.append('{"q":"trace","fraction":%s,"endpos":[%s],"startsolid":0,"allsolid":0,"contents":%d,'
                 '"normal":[%s],"dist":%s}' % (g(f), ",".join(g(c) for c in end), CLIP,
                                               ",".join(g(c) for c in n), g(dist)))

    def miss(s, t, box, extra):
        q.append("trace %s %s%s%s" % (vec(s), vec(t), " " + box if box else "", extra))
        e.append('{"q":"trace","fraction":1,"endpos":[%s],"startsolid":0,"allsolid":0,"contents":0}'
                 % ",".join(g(c) for c in t))

    s, t = (f32(px - 40), py, pz), (f32(px + 40), py, pz)
    # -x face (-1, 0, 0), dist -(px - 8): d1 = -x - dist; a box of 4 pushes it by 4
    mx = f32(-(px - 8))
    hit(s, t, "", fsub(-s[0], mx), fsub(-t[0], mx), (-1.0, 0.0, 0.0), mx)
    hit(s, t, "-4 -4 -4 4 4 4", fsub(-s[0], fadd(mx, 4.0)), fsub(-t[0], fadd(mx, 4.0)), (-1.0, 0.0, 0.0), mx)
    hit(s, t, "", fsub(-s[0], mx), fsub(-t[0], mx), (-1.0, 0.0, 0.0), mx, " mask 0x201400B")
    miss(s, t, "", " mask 0x1")
    miss(s, t, "-4 -4 -4 4 4 4", " mask 0x1")
    # through the bevelled edge, moving -x: a point stops at the +x face
    s, t = (f32(px + 40), f32(py + 7), pz), (f32(px - 40), f32(py + 7), pz)
    px8 = f32(px + 8)
    hit(s, t, "", fsub(s[0], px8), fsub(t[0], px8), (1.0, 0.0, 0.0), px8)
    # position test and contents
    q.append("trace %s %s" % (vec(P), vec(P)))
    e.append('{"q":"trace","fraction":0,"endpos":[%s],"startsolid":1,"allsolid":1,"contents":%d}'
             % (",".join(g(c) for c in P), CLIP))
    for p, want in ((P, CLIP), ((f32(px + 7), f32(py + 7), pz), CLIP), ((f32(px + 12), py, pz), 0)):
        q.append("contents %s" % vec(p))
        e.append('{"q":"contents","contents":%d}' % want)
    open(qout, "w").write("\n".join(q) + "\n")
    open(eout, "w").write("\n".join(e) + "\n")


if __name__ == "__main__":
    main()
