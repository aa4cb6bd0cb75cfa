#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check the vertex attributes bspkit hands a renderer (docs/queries.md
11.3 - 11.5) against test/reference/bspref_verts.py, written from the
contract alone.

  verts_check.py TOOL MAP

Runs `TOOL faces MAP` and `TOOL dispverts MAP` and compares, face by face
and vertex by vertex, every key of 11.10's faces line this item answers
(tex_size, lm_size / lm_status, lm_page, normal_source, and per stored
vertex xyz, normal, tangent, bitangent, color, st, uv, lm) and every
displacement's alpha, grid, st and lm, exactly (float32 bit for bit).
Prints one line per difference (the first 20) and a summary; exit 1 on a
difference, 3 when the reference cannot read the map.
"""
import json
import os
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "reference"))
import bspref  # noqa: E402
import bspref_verts as V  # noqa: E402

KEYS = ("xyz", "normal", "tangent", "bitangent", "color", "st", "uv", "lm")


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def same(a, b):
    """Equal as float32 values (lists nest; None is null)."""
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, (list, tuple)):
        return isinstance(b, (list, tuple)) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    fa, fb = f32(a), f32(b)
    return fa == fb and (fa != 0 or str(fa)[0] == str(fb)[0])   # +0 and -0 differ


def lines(tool, cmd, path):
    r = subprocess.run([tool, cmd, path], capture_output=True, text=True)
    # (integers as floats: "-0" keeps its sign)
    return [json.loads(l, parse_int=lambda s: float(s) if s.startswith("-0") else int(s)) for l in r.stdout.splitlines()]


def main(argv):
    tool, path = argv[1], argv[2]
    try:
        m = bspref.load_map(path)
    except Exception as e:
        print("SKIP %s: the reference cannot read it (%s)" % (path, type(e).__name__))
        return 3
    V.attach(m, path)
    bad, counts = [], {"faces": 0, "verts": 0, "disps": 0, "grid": 0}

    def differ(what):
        bad.append(what)

    for j in lines(tool, "faces", path):
        f = j["face"]
        try:
            want = V.face(m, f)
        except bspref.QueryError as e:
            if j.get("error") != e.name:
                differ("face %d: the reference answers %s, bspkit %s" % (f, e.name, j.get("error")))
            continue
        if "error" in j:
            differ("face %d: bspkit answers %s" % (f, j["error"]))
            continue
        counts["faces"] += 1
        for key in ("tex_size", "lm_size", "lm_status", "lm_page", "normal_source"):
            if want.get(key) != j.get(key):
                differ("face %d: %s %r, the reference %r" % (f, key, j.get(key), want.get(key)))
        if len(want["attrs"]) != len(j["attrs"]):
            differ("face %d: %d stored vertices, the reference %d" % (f, len(j["attrs"]), len(want["attrs"])))
            continue
        for k, (a, b) in enumerate(zip(j["attrs"], want["attrs"])):
            counts["verts"] += 1
            for key in KEYS:
                if (key in a) != (key in b) or (key in a and not same(a[key], b[key])):
                    differ("face %d vertex %d: %s %r, the reference %r" % (f, k, key, a.get(key), b.get(key)))
    for j in lines(tool, "dispverts", path):
        i = j["disp"]
        try:
            want = V.disp(m, i)
        except bspref.QueryError as e:
            if j.get("error") != e.name:
                differ("disp %d: the reference answers %s, bspkit %s" % (i, e.name, j.get("error")))
            continue
        counts["disps"] += 1
        counts["grid"] += len(want["verts"])
        for key in ("face", "power"):
            if j.get(key) != want[key]:
                differ("disp %d: %s %r, the reference %r" % (i, key, j.get(key), want[key]))
        for key in ("alpha", "verts", "st", "lm"):
            if not same(j.get(key), want[key]):
                differ("disp %d: %s differs" % (i, key))
    for b in bad[:20]:
        print("FAIL " + b)
    print("%s: %d faces, %d stored vertices, %d displacements, %d grid vertices as the reference; %d differences"
          % (os.path.basename(path), counts["faces"], counts["verts"], counts["disps"], counts["grid"], len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
