# SPDX-License-Identifier: MIT
"""Quake 3 maps whose curved surfaces are slow to build (issue 31), for
make bench's time-bound keys: the generated Quake 3 map with its surfaces
and draw vertices replaced (appended at the end of the file, the directory
pointing at them).

    craft_patches.py Q3MAP OUTDIR          the bench's maps:
  OUTDIR/patches_31x31.bsp   100 patches of 31 x 31 control points
  OUTDIR/patches_31x31_8192.bsp  8 192 (BSP_TRACE_PATCHES_MAX) of them (1 MB)
  OUTDIR/patches_5x5.bsp     8 192 patches of 5 x 5
  OUTDIR/patches_31x31_distinct.bsp  40 patches of 31 x 31, each its own
                             control grid (bumps 32..71): 40 builds

    craft_patches.py --twins Q3MAP OUT     the suite's (part 54):
  OUT   40 patches of 9 x 9 over two control grids, A and B, in an order
        where most repeat one of the 16 surfaces before them (twins, which
        share their facets) and one A comes 23 surfaces after the last A

Every patch is the same sheet of 64-unit squares whose control points
rise and fall by `bump` units, row by row and column by column, so that
the engine's subdivision (16 units) splits each curve and the facets'
planes are many: the builder's plane search has much to do.
"""
import os
import struct
import sys

DRAWVERTS, SURFACES = 10, 13
SURFACE = struct.Struct("<12i3f6f3f2i")   # shader .. lightmap vecs, normal, patch width, height
VERT = struct.Struct("<3f2f2f3f4B")       # xyz, st, lightmap st, normal, color


def patches(count, side, bump):
    # one control grid that every patch uses (the surfaces differ only in
    # number: each is built on its own), so the file stays small
    verts = b"".join(VERT.pack(64.0 * i, 64.0 * j, bump * ((i % 2) + (j % 2)), 0, 0, 0, 0, 0, 0, 1,
                               255, 255, 255, 255)
                     for j in range(side) for i in range(side))
    surf = SURFACE.pack(0, -1, 2, 0, side * side, 0, 0, -1, 0, 0, 0, 0,
                        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, side, side)
    return verts, surf * count


def write(data, count, side, bump, out):
    verts, surfs = patches(count, side, bump)
    replace(data, verts, surfs, out)


def distinct(count, side):
    # each patch on its own grid (its bump differs), none the twin of another
    verts, surfs = b"", b""
    for k in range(count):
        grid, _ = patches(1, side, 32.0 + k)
        surfs += SURFACE.pack(0, -1, 2, k * side * side, side * side, 0, 0, -1,
                              0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, side, side)
        verts += grid
    return verts, surfs


def replace(data, verts, surfs, out):
    buf = bytearray(data)
    for lump, blob in ((DRAWVERTS, verts), (SURFACES, surfs)):
        while len(buf) % 4:
            buf.append(0)
        struct.pack_into("<ii", buf, 8 + lump * 8, len(buf), len(blob))
        buf += blob
    with open(out, "wb") as f:
        f.write(buf)


def twins(data, out):
    side = 9
    grid_a, _ = patches(1, side, 32.0)
    grid_b, _ = patches(1, side, 48.0)
    order = "AABABB" + "B" * 20 + "A" + "AB" * 6 + "A"
    surfs = b"".join(SURFACE.pack(0, -1, 2, 0 if g == "A" else side * side, side * side, 0, 0, -1,
                                  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, side, side)
                     for g in order)
    replace(data, grid_a + grid_b, surfs, out)


def main():
    if sys.argv[1] == "--twins":
        data = open(sys.argv[2], "rb").read()
        twins(data, sys.argv[3])
        return
    src, outdir = sys.argv[1], sys.argv[2]
    data = open(src, "rb").read()
    assert data[:4] == b"IBSP" and struct.unpack_from("<i", data, 4)[0] == 46
    write(data, 100, 31, 32.0, os.path.join(outdir, "patches_31x31.bsp"))
    write(data, 8192, 31, 32.0, os.path.join(outdir, "patches_31x31_8192.bsp"))
    write(data, 8192, 5, 32.0, os.path.join(outdir, "patches_5x5.bsp"))
    verts, surfs = distinct(40, 31)
    replace(data, verts, surfs, os.path.join(outdir, "patches_31x31_distinct.bsp"))


if __name__ == "__main__":
    main()
