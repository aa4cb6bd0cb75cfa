#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""craft_versions.py - Source maps of other versions spoiled in one way, for
31-source-versions.sh. Reads the lump directory from the published VBSP
layout ({fileofs, filelen, version, fourCC}, 64 entries after ident and
version), not from bspkit.

    craft_versions.py KIND IN OUT

  file_version N       the header's version set to N
  lump_version L V     lump L's version field set to V
  strata_edge          (Strata) edge 1's first vertex = vertex count + 65536:
                       in range if misread as 16 bits, out of range as 32
  strata_node_face     (Strata) node 0's firstface = 0xfffffff0
  strata_leafface      (Strata) leaf face 0 = 0x80000001
  strata_ambient       (Strata) every ambient index entry with samples
                       points at sample 0xfffffff0 (LDR and HDR)
"""
import struct
import sys


def entry(data, i):
    return struct.unpack_from("<4I", data, 8 + 16 * i)


def lump(data, i):
    ofs, length, _ver, cc = entry(data, i)
    assert cc == 0, "lump %d is compressed" % i
    return ofs, length


def main():
    kind, src, out = sys.argv[1:4]
    args = sys.argv[4:]
    data = bytearray(open(src, "rb").read())
    assert data[:4] == b"VBSP"
    if kind == "file_version":
        struct.pack_into("<i", data, 4, int(args[0]))
    elif kind == "lump_version":
        i, v = int(args[0]), int(args[1])
        struct.pack_into("<I", data, 8 + 16 * i + 8, v)
    elif kind == "strata_edge":
        nverts = lump(data, 3)[1] // 12
        ofs, _ = lump(data, 12)
        struct.pack_into("<I", data, ofs + 8, nverts + 65536)
    elif kind == "strata_node_face":
        ofs, _ = lump(data, 5)
        struct.pack_into("<I", data, ofs + 36, 0xfffffff0)
    elif kind == "strata_leafface":
        ofs, _ = lump(data, 16)
        struct.pack_into("<I", data, ofs, 0x80000001)
    elif kind == "strata_ambient":
        for i in (51, 52):
            ofs, length = lump(data, i)
            for k in range(ofs, ofs + length, 8):
                if struct.unpack_from("<I", data, k)[0]:
                    struct.pack_into("<I", data, k + 4, 0xfffffff0)
    else:
        sys.exit("unknown kind " + kind)
    open(out, "wb").write(data)


if __name__ == "__main__":
    main()
