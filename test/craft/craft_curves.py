# SPDX-License-Identifier: MIT
"""Quake 3 maps with curved surfaces for docs/queries.md 11.9 (the grids
id's renderer draws): the generated Quake 3 map with patches appended to
its surfaces and draw vertices (its own surfaces stay, so its leaves
still name valid ones) and a NODRAW shader appended to its shaders.

    craft_curves.py Q3MAP OUTDIR

  OUTDIR/curves.bsp      the patches below
  OUTDIR/curves_bad.bsp  the same and one of 4 x 3 control points (even:
                         the engine refuses it) and one of 67 x 3
  OUTDIR/curves_big.bsp  one patch of 65 x 65 control points, every one
                         bumped (the largest the engine takes)

The patches: an arch (5 x 3, bent across, coloured, st and lightmap
coordinates that vary), a tall curve (3 x 9: the grid is turned), a flat
sheet (its columns and rows are culled to 2 x 2), two neighbours in one
LOD group sharing an edge that only one of them subdivides (the stitching
inserts a column into the other), a NODRAW copy of that neighbour (no part
in the stitching), a patch whose lightmap coordinates are NaN, and a
bumpy 7 x 7 sheet.
"""
import math
import os
import struct
import sys

SHADERS, DRAWVERTS, SURFACES = 1, 10, 13
SURFACE = struct.Struct("<12i3f6f3f2i")   # shader .. lightmap vecs, normal, patch width, height
VERT = struct.Struct("<3f2f2f3f4B")       # xyz, st, lightmap st, normal, color
SHADER = struct.Struct("<64sii")


def grid(w, h, z, lm=None, origin=(0.0, 0.0, 0.0), step=32.0):
    """Control points on a w x h lattice, height z(i, j)."""
    pts = []
    for j in range(h):
        for i in range(w):
            x, y = origin[0] + step * i, origin[1] + step * j
            l = lm(i, j) if lm else (0.01 * i + 0.3, 0.02 * j + 0.1)
            pts.append((x, y, origin[2] + z(i, j), i * 0.37 - 1.0, j * 0.21, l[0], l[1],
                        0.0, 0.0, 1.0, (40 * i + 7) % 256, (90 * j + 3) % 256, (11 * i * j) % 256, 255))
    return pts


def bounds(pts):
    lo = [min(p[k] for p in pts) for k in range(3)]
    hi = [max(p[k] for p in pts) for k in range(3)]
    return lo, hi


def patches():
    nan = float("nan")
    out = []   # (shader kind, w, h, points, lod bounds)
    arch = grid(5, 3, lambda i, j: 64.0 * math.sin(math.pi * i / 4.0) + 3.0 * j, origin=(0, 0, 0))
    out.append(("draw", 5, 3, arch, bounds(arch)))
    tall = grid(3, 9, lambda i, j: [0.0, 48.0, 0.0, -48.0, 0.0, 48.0, 0.0, -48.0, 0.0][j] + 5.0 * i,
                origin=(512, 0, 0))
    out.append(("draw", 3, 9, tall, bounds(tall)))
    flat = grid(3, 3, lambda i, j: 0.0, origin=(0, 512, 0))
    out.append(("draw", 3, 3, flat, bounds(flat)))
    # neighbours: row 0 of `bent` is the edge shared with row 0 of `gentle`
    # (mirrored in y); the edge bends 1 unit, bent's far row 6: bent is split once
    bent = grid(3, 3, lambda i, j: [[0.0, 2.0, 0.0], [0.0, 7.0, 0.0], [0.0, 12.0, 0.0]][j][i],
                origin=(0, 1024, 0))
    gentle = [p[:1] + (2048.0 - p[1],) + p[2:] for p in
              grid(3, 3, lambda i, j: [0.0, 2.0, 0.0][i], origin=(0, 1024, 0))]
    group = bounds(bent + gentle)
    out.append(("draw", 3, 3, bent, group))
    out.append(("draw", 3, 3, gentle, group))
    out.append(("nodraw", 3, 3, gentle, group))
    garbage = grid(3, 3, lambda i, j: 8.0 * (i % 2) * (j % 2), lm=lambda i, j: (nan, nan), origin=(1024, 0, 0))
    out.append(("draw", 3, 3, garbage, bounds(garbage)))
    bumpy = grid(7, 7, lambda i, j: 24.0 * ((i % 2) - (j % 2)) + 0.5 * i * j, origin=(1024, 1024, 0))
    out.append(("draw", 7, 7, bumpy, bounds(bumpy)))
    return out


def write(data, extra, out):
    buf = bytearray(data)
    lumps = {}
    for l in (SHADERS, DRAWVERTS, SURFACES):
        o, n = struct.unpack_from("<ii", data, 8 + 8 * l)
        lumps[l] = bytearray(data[o:o + n])
    nodraw = len(lumps[SHADERS]) // SHADER.size
    lumps[SHADERS] += SHADER.pack(b"textures/common/nodraw_curve", 0x80, 1)
    first = len(lumps[DRAWVERTS]) // VERT.size
    for kind, w, h, pts, (lo, hi) in patches() + extra:
        lumps[SURFACES] += SURFACE.pack(nodraw if kind == "nodraw" else 0, -1, 2, first, len(pts), 0, 0,
                                        -1, 0, 0, 0, 0, 0, 0, 0, *lo, *hi, 0, 0, 1, w, h)
        for p in pts:
            lumps[DRAWVERTS] += VERT.pack(*p)
        first += len(pts)
    for l in (SHADERS, DRAWVERTS, SURFACES):
        while len(buf) % 4:
            buf.append(0)
        struct.pack_into("<ii", buf, 8 + l * 8, len(buf), len(lumps[l]))
        buf += lumps[l]
    with open(out, "wb") as f:
        f.write(buf)


def main():
    src, outdir = sys.argv[1], sys.argv[2]
    data = open(src, "rb").read()
    assert data[:4] == b"IBSP" and struct.unpack_from("<i", data, 4)[0] == 46
    write(data, [], os.path.join(outdir, "curves.bsp"))
    even = grid(4, 3, lambda i, j: 0.0)
    wide = grid(67, 3, lambda i, j: 0.0)
    write(data, [("draw", 4, 3, even, bounds(even)), ("draw", 67, 3, wide, bounds(wide))],
          os.path.join(outdir, "curves_bad.bsp"))
    big = grid(65, 65, lambda i, j: 16.0 * ((i * 7 + j * 3) % 5) - 0.25 * i * j)
    write(data, [("draw", 65, 65, big, bounds(big))], os.path.join(outdir, "curves_big.bsp"))


if __name__ == "__main__":
    main()
