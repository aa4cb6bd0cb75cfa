# SPDX-License-Identifier: MIT
"""Maps for meshes by texture (issue 40 item 4): the generated maps with
the names, flags and pages a batch rule can get wrong.

    craft_mesh.py MAPS CURVES OUTDIR

MAPS is the generator's folder (q1.bsp, q2.bsp, v20_terrain.bsp), CURVES
test/craft/craft_curves.py's (curves.bsp, curves_bad.bsp, curves_big.bsp).

  OUTDIR/mesh_q1.bsp     miptex 1 renamed "TRIGGER" (a tool by its name,
                         in a family without a flag for it), miptex 2
                         "Dev_Measure01" (miptex 0's name in other case: one
                         batch)
  OUTDIR/mesh_q2.bsp     texinfo 1 "CONCRETE/ConcreteFloor001A" (texinfo 2's
                         name in other case) with SURF_SKY (a tool), texinfo
                         2 with SURF_WARP (higher flags, no tool): two
                         batches of one texture, in the order of their
                         flags; texinfo 3 with SURF_TRANS33 (texinfo 0's
                         name, other flags: its own batch); texinfo 4
                         "e1u1/Clip" (a tool by its name too)
  OUTDIR/mesh_v20.bsp    v20_terrain's texdata 1 named "dev/Dev_Measure
                         Generic01" (texdata 0's, other case), texdata 2
                         "tools/toolsclip" (on displacements too)
  OUTDIR/mesh_terrain.bsp  v20_terrain's texdata 2 named "nature/rockgrass1"
                         (its displacements' texture: no tool then, so
                         that a renderer draws the terrain)
  OUTDIR/mesh_q3.bsp     curves.bsp with the world's run over every
                         surface (its patches drawn), two shaders more:
                         "Textures/Dev/Dev_MeasureGeneric01" (shader 0's
                         name in other case) on the arch and the flat sheet,
                         "textures/common/origin" on a planar face; three
                         planar faces on lightmap pages 1, -3 and 7 (past
                         the lump: no lm, its own batch all the same)
  OUTDIR/mesh_q3_big.bsp curves_big.bsp, its 65 x 65 patch in the world
  OUTDIR/mesh_q3_bad.bsp curves_bad.bsp, its refused patches in the world
"""
import os
import struct
import sys


def lump(data, n, base, stride=8):
    return struct.unpack_from("<ii", data, base + stride * n)


def set_name(buf, at, size, name):
    buf[at:at + size] = name.ljust(size, b"\0")[:size]


def q1(src, out):
    d = bytearray(open(src, "rb").read())
    o, _n = lump(d, 2, 4)
    count = struct.unpack_from("<i", d, o)[0]
    assert count >= 3
    for k, name in ((1, b"TRIGGER"), (2, b"Dev_Measure01")):
        at = o + struct.unpack_from("<i", d, o + 4 + 4 * k)[0]
        set_name(d, at, 16, name)
    open(out, "wb").write(d)


def q2(src, out):
    d = bytearray(open(src, "rb").read())
    o, n = lump(d, 5, 8)
    assert n // 76 >= 6
    set_name(d, o + 76 * 1 + 40, 32, b"CONCRETE/ConcreteFloor001A")
    struct.pack_into("<i", d, o + 76 * 1 + 32, 0x4)     # SURF_SKY: flags sky, no lightmap; a tool
    struct.pack_into("<i", d, o + 76 * 2 + 32, 0x8)     # SURF_WARP: higher flags, no tool
    struct.pack_into("<i", d, o + 76 * 3 + 32, 0x10)    # SURF_TRANS33: texinfo 0's name, its own batch
    set_name(d, o + 76 * 4 + 40, 32, b"e1u1/Clip")
    open(out, "wb").write(d)


def v20(src, out, names=((1, b"dev/Dev_MeasureGeneric01"), (2, b"tools/toolsclip"))):
    d = bytearray(open(src, "rb").read())
    to, _tn = lump(d, 2, 8, 16)        # texdata (Source: 16-byte lump entries)
    so, _sn = lump(d, 44, 8, 16)       # string table
    do, _dn = lump(d, 43, 8, 16)       # string data
    for k, name in names:
        sid = struct.unpack_from("<i", d, to + 32 * k + 12)[0]
        at = do + struct.unpack_from("<i", d, so + 4 * sid)[0]
        old = len(bytes(d[at:at + 128]).split(b"\0")[0])
        assert len(name) <= old
        set_name(d, at, old, name)
    open(out, "wb").write(d)


def q3(src, out, restyle):
    d = bytearray(open(src, "rb").read())
    so, sn = lump(d, 13, 8)
    surfaces = sn // 104
    mo, _mn = lump(d, 7, 8)
    struct.pack_into("<ii", d, mo + 24, 0, surfaces)   # the world: every surface
    if restyle:
        sho, shn = lump(d, 1, 8)
        shaders = bytearray(d[sho:sho + shn])
        first = shn // 72
        shaders += struct.pack("<64sii", b"Textures/Dev/Dev_MeasureGeneric01", 0, 1)
        shaders += struct.pack("<64sii", b"textures/common/origin", 0, 1)
        types = [struct.unpack_from("<3i", d, so + 104 * s)[2] for s in range(surfaces)]
        planar = [s for s in range(surfaces) if types[s] == 1]
        patch = [s for s in range(surfaces) if types[s] == 2]
        for s in (patch[0], patch[2]):                   # the arch, the flat sheet
            struct.pack_into("<i", d, so + 104 * s, first)
        struct.pack_into("<i", d, so + 104 * planar[1], first + 1)
        for s, page in zip(planar[2:5], (1, -3, 7)):
            struct.pack_into("<i", d, so + 104 * s + 28, page)
        while len(d) % 4:
            d.append(0)
        struct.pack_into("<ii", d, 8 + 8 * 1, len(d), len(shaders))
        d += shaders
    open(out, "wb").write(d)


def main():
    maps, curves, outdir = sys.argv[1:4]
    q1(os.path.join(maps, "q1.bsp"), os.path.join(outdir, "mesh_q1.bsp"))
    q2(os.path.join(maps, "q2.bsp"), os.path.join(outdir, "mesh_q2.bsp"))
    v20(os.path.join(maps, "v20_terrain.bsp"), os.path.join(outdir, "mesh_v20.bsp"))
    v20(os.path.join(maps, "v20_terrain.bsp"), os.path.join(outdir, "mesh_terrain.bsp"),
        ((2, b"nature/rockgrass1"),))
    q3(os.path.join(curves, "curves.bsp"), os.path.join(outdir, "mesh_q3.bsp"), True)
    q3(os.path.join(curves, "curves_big.bsp"), os.path.join(outdir, "mesh_q3_big.bsp"), False)
    q3(os.path.join(curves, "curves_bad.bsp"), os.path.join(outdir, "mesh_q3_bad.bsp"), False)


if __name__ == "__main__":
    main()
