#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Hostile displacement records (docs/queries.md 8.14) in a generated map
with terrain (bspgen's v20_terrain): each change must make a collision load
answer `corrupt` (the tool's load error), and the untouched map must load.

    disp_hostile.py TOOL MAP     prints PASS/FAIL lines; exit 1 on a failure

Cases: power 1 and 5 (outside 2..4); a vertex run and a triangle run that
end past their lumps; a negative run; a base face with 3 edges (no face
with 4 edges left for that displacement); two displacements sharing a
vertex run (the library's own rule: their slots would collide).
"""
import json
import os
import struct
import subprocess
import sys
import tempfile

DISPINFO, FACES, DISP_VERTS, DISP_TRIS = 26, 7, 33, 48
STRIDE, FACE_BYTES = 176, 56


def lumps(data):
    out = {}
    for i in range(64):
        ofs, length, _ver, _cc = struct.unpack_from("<iiii", data, 8 + 16 * i)
        out[i] = (ofs, length)
    return out


def load_status(tool, data):
    with tempfile.NamedTemporaryFile(suffix=".bsp", delete=False) as f:
        f.write(data)
        path = f.name
    try:
        r = subprocess.run([tool, "query", path], input="trace 0 0 300 0 0 -300 -16 -16 0 16 16 72\n",
                           capture_output=True, text=True, timeout=60)
    finally:
        os.unlink(path)
    line = r.stdout.splitlines()[0] if r.stdout else "{}"
    d = json.loads(line)
    return d.get("error", "ok"), d


def main(argv):
    tool, path = argv[1], argv[2]
    base = bytearray(open(path, "rb").read())
    L = lumps(base)
    di_ofs, di_len = L[DISPINFO]
    n = di_len // STRIDE
    nverts = L[DISP_VERTS][1] // 20
    ntris = L[DISP_TRIS][1] // 2
    if n < 3:
        print("SKIP disp hostile: %s has fewer than 3 displacements" % path)
        return 0
    fails = 0

    def rec(i, field):
        return di_ofs + i * STRIDE + field

    def case(name, edit, want="corrupt"):
        nonlocal fails
        data = bytearray(base)
        edit(data)
        got, d = load_status(tool, data)
        if got == want:
            print("PASS disp hostile: %s -> %s" % (name, got))
        else:
            print("FAIL disp hostile: %s -> %s (%s), want %s" % (name, got, d, want))
            fails += 1

    case("untouched", lambda d: None, "ok")
    for p in (1, 5):
        case("power %d" % p, lambda d, p=p: struct.pack_into("<i", d, rec(1, 20), p))
    case("vertex run past the lump", lambda d: struct.pack_into("<i", d, rec(2, 12), nverts - 3))
    case("triangle run past the lump", lambda d: struct.pack_into("<i", d, rec(2, 16), ntris - 5))
    case("negative vertex run", lambda d: struct.pack_into("<i", d, rec(1, 12), -1))

    def three_edges(d):
        f_ofs, f_len = L[FACES]
        for f in range(f_len // FACE_BYTES):
            at = f_ofs + f * FACE_BYTES
            if struct.unpack_from("<h", d, at + 12)[0] == 1:
                struct.pack_into("<h", d, at + 8, 3)
    case("base face with 3 edges", three_edges)

    def shared(d):
        struct.pack_into("<i", d, rec(4, 12), struct.unpack_from("<i", d, rec(3, 12))[0])
    case("two displacements share a vertex run", shared)
    print("%d failed" % fails)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
