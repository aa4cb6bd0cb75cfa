# SPDX-License-Identifier: MIT
"""A generated Quake-family map's pictures against its own geometry, read by
the reference (bspref), not by bspkit (docs/pictures.md):

  picture_ref.py TOOL MAP OUTDIR

--top (320 x 240, cut to the box and its margin on the looser axis): the
frame is the box of the world's upward faces that
are drawn (not sky, nodraw, skip, hint, trigger by texture name), fitted
with a margin of 1/32 of the smaller side and centred; the world point of
every sampled pixel is the one under that pixel in this frame; the face
drawn there is the highest upward face over the point (where one face is
highest by more than 0.01 and the point lies more than a pixel inside it);
the scale bar is the largest power of two units at most a third of the
width. Default view: the eye is the first info_player_start's origin plus
the spawn's lift (1) and the family's view height (22: quake, bsp2; 28:
goldsrc).
"""
import json
import math
import os
import re
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "reference"))
import bspref  # noqa: E402
from access_check import texture_names, face_texture  # noqa: E402

W, H = 320, 240
VIEW_HEIGHT = {"quake": 22.0, "bsp2": 22.0, "goldsrc": 28.0}
# the spawn code lifts the player 1 unit off the entity's origin
# (PutClientInServer, EntSelectSpawnPoint: origin + '0 0 1')
SPAWN_LIFT = 1.0
HIDDEN = re.compile(r"^(sky|\*?nodraw|toolsnodraw|skip|hint|trigger)", re.I)

failed = 0
checked = 0


def fact(what, ok, detail=""):
    global failed, checked
    checked += 1
    if not ok:
        failed += 1
        print("FAIL %s: %s" % (what, detail))


def world_faces(m):
    """Model 0's first face and count, from the model lump (64-byte records;
    Hexen II's 80, contract 13.4)."""
    if getattr(m, "variant", None) == "hexen2":
        r = struct.unpack_from("<9f8iiii", m.lump(14), 0)
        return r[18], r[19]
    r = struct.unpack_from("<9f4iiii", m.lump(14), 0)
    return r[14], r[15]


def upward_faces(m):
    names = texture_names(m)
    first, num = world_faces(m)
    out = []
    for f in range(first, first + num):
        fc = m.face(f)
        nx, ny, nz, d = m.planes[fc.plane]
        if fc.side:
            nx, ny, nz, d = -nx, -ny, -nz, -d
        t = face_texture(m, f)
        name = names[t] if 0 <= t < len(names) else ""
        if nz <= 1e-6 or HIDDEN.match(name):
            continue
        out.append((f, (nx, ny, nz, d), [v[:3] for v in m.face_vertices(fc)]))
    return out


def inside(poly, x, y, eps):
    """Is (x, y) inside the convex polygon's xy projection, eps from its edges?"""
    n, sign = len(poly), 0
    area = sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n))
    if abs(area) < 1e-9:
        return False
    sign = 1.0 if area > 0 else -1.0
    for i in range(n):
        ax, ay = poly[i][0], poly[i][1]
        bx, by = poly[(i + 1) % n][0], poly[(i + 1) % n][1]
        ln = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
        if ln == 0:
            continue
        if sign * ((bx - ax) * (y - ay) - (by - ay) * (x - ax)) / ln < eps:
            return False
    return True


def check_top(tool, path, m, out):
    faces = upward_faces(m)
    fact("the map has upward faces to draw", bool(faces), path)
    if not faces:
        return
    xs = [v[0] for _, _, p in faces for v in p]
    ys = [v[1] for _, _, p in faces for v in p]
    lo, hi = (min(xs), min(ys)), (max(xs), max(ys))
    margin = max(2.0, min(W, H) / 32.0)
    scale = min((W - 2 * margin) / (hi[0] - lo[0]), (H - 2 * margin) / (hi[1] - lo[1]))
    cx, cy = (lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2
    png, samples = out + ".png", out + ".samples"
    line = subprocess.run([tool, "render", path, "--top", "--size", str(W), str(H), "-o", png,
                           "--samples", samples], capture_output=True, text=True).stdout
    j = json.loads(line)
    # the picture is cut to the box and its margin on the looser axis
    want_w = min(W, math.ceil((hi[0] - lo[0]) * scale + 2 * margin))
    want_h = min(H, math.ceil((hi[1] - lo[1]) * scale + 2 * margin))
    fact("a --top picture is cut to the fitted box and its margin",
         abs(j.get("width", 0) - want_w) <= 1 and abs(j.get("height", 0) - want_h) <= 1,
         "%s: %s x %s, want %d x %d" % (path, j.get("width"), j.get("height"), want_w, want_h))
    w, h = j.get("width", W), j.get("height", H)
    minx, maxy = cx - w / 2 / scale, cy + h / 2 / scale
    units = 1
    while units * 2 * scale <= w / 3:
        units *= 2
    fact("the scale bar is the largest power of two units within a third of the width",
         j.get("scale_bar") == units, "%s: %s, want %d" % (path, j.get("scale_bar"), units))
    tol = 1e-3 * max(hi[0] - lo[0], hi[1] - lo[1])
    compared = 0
    for s in open(samples):
        x, y, face = (int(t) for t in s.split()[:3])
        wx, wy, wz = (float(t) for t in s.split()[3:6])
        ex, ey = minx + (x + 0.5) / scale, maxy - (y + 0.5) / scale
        fact("a sample's world point is under its pixel in the fitted frame",
             abs(wx - ex) <= tol and abs(wy - ey) <= tol,
             "pixel %d,%d: %g %g, want %g %g" % (x, y, wx, wy, ex, ey))
        over = []
        for f, (nx, ny, nz, d), poly in faces:
            if inside(poly, ex, ey, 1.0 / scale):
                over.append(((d - nx * ex - ny * ey) / nz, f))
            elif inside(poly, ex, ey, -1.0 / scale):
                over.append((None, f))      # on its edge: the pixel is not compared
        if not over or any(z is None for z, _ in over):
            continue
        over.sort(reverse=True)
        if len(over) > 1 and over[0][0] - over[1][0] <= 0.01:
            continue
        fact("the face a --top pixel shows is the highest upward face over it",
             face == over[0][1] and abs(wz - over[0][0]) <= 0.01,
             "pixel %d,%d: face %d at %g, want %d at %g" % (x, y, face, wz, over[0][1], over[0][0]))
        compared += 1
    fact("--top pixels compared with the geometry", compared >= 20, "%s: %d" % (path, compared))
    return compared


def check_view(tool, path, m, out):
    ents = m.lump(0).split(b"\0")[0].decode("latin-1")
    spawn = None
    for body in re.findall(r"\{([^}]*)\}", ents):
        pairs = dict(re.findall(r'"([^"]*)"\s*"([^"]*)"', body))
        if pairs.get("classname") == "info_player_start" and "origin" in pairs:
            spawn = [float(t) for t in pairs["origin"].split()]
            break
    fact("the map has an info_player_start", spawn is not None, path)
    if spawn is None:
        return
    want = [spawn[0], spawn[1], spawn[2] + SPAWN_LIFT + VIEW_HEIGHT[m.family]]
    j = json.loads(subprocess.run([tool, "render", path, "--size", str(W), str(H), "-o", out + ".png"],
                                  capture_output=True, text=True).stdout)
    fact("the default view is from the player start at the family's view height",
         j.get("camera", "").startswith("info_player_start") and
         all(abs(a - b) <= 0.05 for a, b in zip(j.get("eye", []), want)),
         "%s: %s from %s, want %s" % (path, j.get("camera"), j.get("eye"), want))


def main(argv):
    tool, path, outdir = argv[1], argv[2], argv[3]
    m = bspref.load_map(path)
    if m.family not in VIEW_HEIGHT:
        print("SKIP %s: not a Quake-family map" % path)
        return 3
    out = os.path.join(outdir, os.path.basename(path)[:-4] + "-ref")
    compared = check_top(tool, path, m, out + "-top")
    check_view(tool, path, m, out)
    print("%s: %d facts checked, %d failed (%s --top pixels' faces from the geometry)"
          % (os.path.basename(path), checked, failed, compared))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
