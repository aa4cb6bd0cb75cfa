#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Source terrain (docs/queries.md 8.14) through the tool, two checks:

  disp_check.py drop TOOL MAP      a player box (Source's standing box,
      origin at the feet: (-16,-16,0) .. (16,16,72)) dropped from above onto
      a grid of points over every displacement stops on the terrain: no box
      ends below the drawn triangles (the faces' triangles of `TOOL faces`,
      the height under the box's origin), and every drop onto terrain names
      a displacement. Prints "N drops, 0 below"; exit 1 when one ends below.
  disp_check.py queries TOOL MAP [--count N] [--seed S]
      query lines over the displacements (point and box traces down,
      sideways and up, sloped sweeps, position tests in and above the
      surface, masks) written to standard output, for the suite to run
      through the tool and the reference and compare.

Exit 3 when the map has no displacement.
"""
import json
import random
import subprocess
import sys

BOX = (-16.0, -16.0, 0.0, 16.0, 16.0, 72.0)


def disp_faces(tool, path, solid_only=False):
    """the displacement faces' vertices and triangles, as the tool draws
    them; solid_only: those a box collides with (no NOHULL, read by the
    reference: the face's dispinfo record's flags)"""
    out = subprocess.run([tool, "faces", path], capture_output=True, text=True, check=True).stdout
    faces = []
    m = disps = None
    if solid_only:
        import os
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "reference"))
        import bspref
        import bspref_disp
        m = bspref.load_map(path)
        disps = bspref_disp.build(m)
    for line in out.splitlines():
        d = json.loads(line)
        if d.get("kind") != "displacement":
            continue
        if solid_only and disps[m.face(d["face"]).dispinfo].flags & bspref_disp.NOHULL:
            continue
        faces.append((d["verts"], d["tris"]))
    return faces


def height_at(verts, tris, x, y):
    """the highest drawn triangle's z under (x, y), None when none is"""
    best = None
    for a, b, c in tris:
        pa, pb, pc = verts[a], verts[b], verts[c]
        det = (pb[0] - pa[0]) * (pc[1] - pa[1]) - (pc[0] - pa[0]) * (pb[1] - pa[1])
        if det == 0:
            continue
        u = ((x - pa[0]) * (pc[1] - pa[1]) - (pc[0] - pa[0]) * (y - pa[1])) / det
        v = ((pb[0] - pa[0]) * (y - pa[1]) - (x - pa[0]) * (pb[1] - pa[1])) / det
        if u < -1e-6 or v < -1e-6 or u + v > 1 + 1e-6:
            continue
        z = pa[2] + u * (pb[2] - pa[2]) + v * (pc[2] - pa[2])
        best = z if best is None else max(best, z)
    return best


def query(tool, path, lines):
    out = subprocess.run([tool, "query", path], input="\n".join(lines) + "\n", capture_output=True,
                         text=True, check=True).stdout
    return [json.loads(l) for l in out.splitlines()]


def drop(tool, path):
    faces = disp_faces(tool, path, solid_only=True)
    if not faces:
        print("no displacement")
        return 3
    lines, where = [], []
    for verts, tris in faces:
        xs = [v[0] for v in verts]
        ys = [v[1] for v in verts]
        top = max(v[2] for v in verts)
        for i in range(1, 8):
            for j in range(1, 8):
                x = min(xs) + (max(xs) - min(xs)) * i / 8.0
                y = min(ys) + (max(ys) - min(ys)) * j / 8.0
                h = height_at(verts, tris, x, y)
                if h is None:
                    continue
                # from just above the terrain's top: rooms have ceilings
                z0 = top + 40.0
                lines.append("trace %r %r %r %r %r %r %s" % (x, y, z0, x, y, h - 300.0,
                                                            " ".join("%g" % b for b in BOX)))
                where.append((x, y, h))
    answers = query(tool, path, lines)
    below = 0
    for (x, y, h), a, ln in zip(where, answers, lines):
        if "error" in a:
            print("error:", ln, a)
            below += 1
            continue
        if a["startsolid"]:
            continue          # a brush above the terrain holds the start
        z = a["endpos"][2]
        if z < h - 0.01:
            below += 1
            print("below: %s -> %s (terrain at %.3f)" % (ln, a, h))
    print("%d drops, %d below" % (len(lines), below))
    return 1 if below else 0


def queries(tool, path, count, seed):
    faces = disp_faces(tool, path)
    if not faces:
        print("no displacement", file=sys.stderr)
        return 3
    rnd = random.Random(seed)
    out = []
    boxes = ["", " -16 -16 0 16 16 72", " -16 -16 0 16 16 36", " -4 -4 -4 4 4 4", " -24 -8 0 8 24 50"]
    masks = ["", " mask 0x1", " mask 0x4000", " mask 0x2", " mask 0xffffffff"]
    for _ in range(count):
        verts, _tris = rnd.choice(faces)
        v = rnd.choice(verts)
        lo = [min(p[k] for p in verts) for k in range(3)]
        hi = [max(p[k] for p in verts) for k in range(3)]
        p = [rnd.uniform(lo[k] - 16, hi[k] + 16) for k in range(2)] + [rnd.uniform(lo[2] - 8, hi[2] + 60)]
        kind = rnd.randrange(6)
        box = rnd.choice(boxes)
        mask = rnd.choice(masks) if rnd.random() < 0.3 else ""
        if kind == 0:     # straight down
            e = [p[0], p[1], lo[2] - 200]
        elif kind == 1:   # sloped sweep through the surface
            e = [p[0] + rnd.uniform(-200, 200), p[1] + rnd.uniform(-200, 200), v[2] - rnd.uniform(0, 80)]
        elif kind == 2:   # along the surface, just above it
            p = [v[0], v[1], v[2] + rnd.choice([0.0, 0.03125, 1.0, 4.0])]
            e = [p[0] + rnd.uniform(-128, 128), p[1] + rnd.uniform(-128, 128), p[2]]
        elif kind == 3:   # up from under
            p = [v[0] + rnd.uniform(-8, 8), v[1] + rnd.uniform(-8, 8), v[2] - rnd.uniform(1, 40)]
            e = [p[0], p[1], v[2] + 80]
        elif kind == 4:   # position test near the surface
            p = [v[0] + rnd.uniform(-8, 8), v[1] + rnd.uniform(-8, 8), v[2] + rnd.uniform(-20, 20)]
            e = p
        else:             # at a vertex exactly, dropped
            p = [v[0], v[1], v[2] + 50]
            e = [v[0], v[1], v[2] - 50]
        out.append("trace %s %s%s%s" % (" ".join("%.9g" % c for c in p), " ".join("%.9g" % c for c in e),
                                        box, mask))
    print("\n".join(out))
    return 0


def main(argv):
    if len(argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    mode, tool, path = argv[1], argv[2], argv[3]
    if mode == "drop":
        return drop(tool, path)
    count, seed = 400, 1
    rest = argv[4:]
    while rest:
        if rest[0] == "--count":
            count = int(rest[1])
        elif rest[0] == "--seed":
            seed = int(rest[1])
        rest = rest[2:]
    return queries(tool, path, count, seed)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
