# SPDX-License-Identifier: MIT
"""A generated Quake 2 map read for rewriting, and lumps put at its end
(the crafted files of test/craft/craft_areas.py and craft_leaves.py)."""
import struct
import sys


def read_q2(src, prog):
    """The map's bytes, or exit naming `prog` when it is no IBSP 38 file."""
    buf = bytearray(open(src, "rb").read())
    if bytes(buf[:4]) != b"IBSP" or struct.unpack_from("<i", buf, 4)[0] != 38:
        sys.exit("%s: %s is not a Quake 2 map" % (prog, src))
    return buf


def write_with_lumps(buf, lumps, out):
    """Append each (lump, data) 4-aligned, point its directory entry there
    (the old bytes stay, unreferenced) and write the whole to `out`."""
    for lump, data in lumps:
        while len(buf) % 4:
            buf.append(0)
        struct.pack_into("<ii", buf, 8 + lump * 8, len(buf), len(data))
        buf += data
    open(out, "wb").write(buf)
