#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bspkit render draws the library's renderer data (docs/pictures.md
"Geometry"), checked on a --top --raw-light picture's sampled pixels
against an independent reading of the map:

  render_data_check.py TOOL MAP OUTDIR
  render_data_check.py --craft Q3MAP OUT     a copy of a Quake 3 map for it

- Source terrain: the pixel of a displacement is the luxel that Valve's
  grid coordinates (docs/queries.md 11.5, test/reference/bspref_verts.py)
  give at the point under it, interpolated over the grid triangle there,
  times the texture's name colour; counted besides, the pixels where the
  face's lightmap vectors projected at the flat points (what the tool
  drew before) name another colour: the check fails on a map where every
  terrain pixel would look the same either way.
- Quake 3 vertex light: a surface of lightmapNum -3 shows its drawVerts'
  colours (test/reference/bspref.py's drawverts), interpolated, times the
  texture's colour; counted besides, those where full bright differs.
- Quake 3 curves: the depth under a patch pixel is that of the grid id's
  renderer builds at r_subdivisions 4, stitched (test/reference/
  curves_ref.py), at full detail; a lit patch's pixel is its luxel there
  and a vertex-lit one its grid colours; counted besides, those where the
  face access's fixed level-8 tessellation lies elsewhere.

--craft writes a copy of a Quake 3 map (the crafted curves.bsp of
test/craft/craft_curves.py) whose world model holds every surface, each
unlit surface of which is vertex-lit (lightmapNum -3) with colours that
vary from vertex to vertex: the generated maps have none.

Exit 0 when every compared pixel holds, 1 on a difference, 3 (SKIP) when
the reference cannot read the map. One summary line last.
"""
import json
import math
import os
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "reference"))
sys.path.insert(0, HERE)
import access_check as A  # noqa: E402
import bspref  # noqa: E402
import bspref_verts as V  # noqa: E402
import curves_ref  # noqa: E402
import png  # noqa: E402

Z_TOL = 0.02        # world units: the tool's depth against the reference's
LM_EDGE = 0.02      # luxels: pixels this near a luxel edge are not compared
Q3_BY_VERTEX = -3


def bary(p, a, b, c):
    """Barycentric weights of point p in triangle a b c seen from above,
    None outside or degenerate."""
    det = (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1])
    if abs(det) < 1e-9:
        return None
    w1 = ((p[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (p[1] - a[1])) / det
    w2 = ((b[0] - a[0]) * (p[1] - a[1]) - (p[0] - a[0]) * (b[1] - a[1])) / det
    w0 = 1.0 - w1 - w2
    if min(w0, w1, w2) < -1e-6:
        return None
    return w0, w1, w2


def top_hit(p, tris):
    """Of triangles [(pos a, b, c), payload], the highest at p from above:
    (z, weights, payload, slope), None when none holds p."""
    best = None
    for (a, b, c), pay in tris:
        w = bary(p, a, b, c)
        if w is None:
            continue
        z = w[0] * a[2] + w[1] * b[2] + w[2] * c[2]
        if best is None or z > best[0]:
            n = [(b[1] - a[1]) * (c[2] - a[2]) - (b[2] - a[2]) * (c[1] - a[1]),
                 (b[2] - a[2]) * (c[0] - a[0]) - (b[0] - a[0]) * (c[2] - a[2]),
                 (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])]
            ln = math.sqrt(sum(x * x for x in n)) or 1.0
            best = (z, w, pay, abs(n[2]) / ln)
    return best


def mix(w, vals):
    return [w[0] * vals[0][k] + w[1] * vals[1][k] + w[2] * vals[2][k] for k in range(len(vals[0]))]


def near_edge(lm):
    return any(abs(x - round(x)) < LM_EDGE for x in lm)


def pixel(tex, light):
    """--top --raw-light: min(1, texture * min(1, light)) as a byte."""
    return [A.to_byte(min(1.0, t * min(1.0, l))) for t, l in zip(tex, light)]


def same(a, b):
    return all(abs(x - y) <= 1 for x, y in zip(a, b))


def source_luxel(m, info, lm):
    """The linear light of the luxel at lightmap coordinate lm (11.5)."""
    i = min(max(int(math.floor(lm[0])), 0), info["W"] - 1)
    j = min(max(int(math.floor(lm[1])), 0), info["H"] - 1)
    at = info["base"] + info["P"] * (j * info["W"] + i)
    raw = m.lighting[at:at + 4]
    e = raw[3] - 256 if raw[3] >= 128 else raw[3]
    return [math.ldexp(c / 255.0, e) for c in raw[:3]]


def q3_page_light(m, page, lm):
    i = min(max(int(math.floor(lm[0])), 0), 127)
    j = min(max(int(math.floor(lm[1])), 0), 127)
    at = page * 128 * 128 * 3 + 3 * (j * 128 + i)
    return [c / 255.0 for c in m.lighting[at:at + 3]]


class Terrain:
    """Source displacement faces: their grid triangles with Valve's
    lightmap coordinates and the flat projection's."""

    def __init__(self, m):
        self.m, self.cache = m, {}

    def face(self, f):
        if f in self.cache:
            return self.cache[f]
        m, out = self.m, None
        fc = m.face(f)
        lit = V._lightmap(m, f) if fc.dispinfo >= 0 else None
        if lit is not None:
            d = V.disp(m, fc.dispinfo)
            verts, tris = m.displacement(f)
            n = (1 << d["power"]) + 1
            corners = m.face_vertices(fc)
            s = V._start_corner(m, fc, corners)
            a0, a1, b0, b1 = corners[s], corners[(s + 1) % 4], corners[(s + 3) % 4], corners[(s + 2) % 4]
            lerp = lambda p, q, t: [p[k] + (q[k] - p[k]) * t for k in range(3)]
            flat = [lerp(lerp(a0, a1, (k // n) / (n - 1)), lerp(b0, b1, (k // n) / (n - 1)), (k % n) / (n - 1))
                    for k in range(n * n)]
            old = [lit[2](p) for p in flat]
            out = {"tris": [((verts[t[0]], verts[t[1]], verts[t[2]]), t) for t in tris],
                   "lm": d["lm"], "old": old, "info": m.lightmap_info(f, 0)}
        self.cache[f] = out
        return out


class Curves:
    """Quake 3 patches: id's grids at S = 4 stitched (curves_ref), and the
    tool's face access at its fixed level (bspkit faces)."""

    def __init__(self, tool, path):
        grids = []
        for face, pts, w, h, lod, nodraw in curves_ref.read_map(path):
            if pts is None:
                continue
            g = curves_ref.build(pts, w, h, curves_ref.f32(4.0))
            g.update(lod=lod, nodraw=nodraw, face=face, stitched=False, fixed=False)
            grids.append(g)
        try:
            curves_ref.stitch_all(grids)
        except Exception:   # a set the renderer's stitching refuses: each alone
            pass
        self.grids = {g["face"]: g for g in grids}
        self.level8 = {}
        for j in A.lines(tool, "faces", path):
            if j.get("kind") == "patch":
                v = j["verts"]
                self.level8[j["face"]] = [((v[a], v[b], v[c]), None) for a, b, c in j["tris"]]

    def tris(self, f):
        """The grid's triangles a --top view draws (vertex normals up)."""
        g = self.grids.get(f)
        if g is None:
            return []
        w, h, vs, out = g["w"], g["h"], g["v"], []
        for r in range(h - 1):
            for c in range(w - 1):
                a = r * w + c
                for t in ((a, a + w, a + 1), (a + 1, a + w, a + w + 1)):
                    if sum(vs[k].n[2] for k in t) > 0:
                        out.append(((vs[t[0]].xyz, vs[t[1]].xyz, vs[t[2]].xyz), [vs[k] for k in t]))
        return out


def q3_mesh_tris(m, f, fv, nv, fi, ni):
    out = []
    for k in range(ni // 3):
        vs = []
        for c in range(3):
            idx = struct.unpack_from("<i", m.drawindexes, 4 * (fi + 3 * k + c))[0]
            vs.append(struct.unpack_from("<3f2f2f3f4B", m.drawverts, 44 * (fv + idx)))
        out.append(((vs[0][0:3], vs[1][0:3], vs[2][0:3]), vs))
    return out


def check(tool, path, outdir):
    try:
        m = bspref.load_map(path)
    except Exception as e:
        print("SKIP %s: the reference cannot read it (%s)" % (path, type(e).__name__))
        return 3
    base = os.path.join(outdir, os.path.basename(path) + "-data")
    subprocess.run([tool, "render", path, "--top", "--raw-light", "-o", base + ".png",
                    "--samples", base + ".samples"], capture_output=True, check=True)
    w, h, px = png.read_rgb(base + ".png")
    names = A.texture_names(m)
    terrain = Terrain(m) if m.family == "source" else None
    curves = Curves(tool, path) if m.family == "quake3" else None
    meshes = {}
    n = {"terrain": 0, "terrain_old": 0, "vertex": 0, "vertex_fullbright": 0, "patch": 0,
         "patch_level8": 0, "patch_light": 0}
    bad = []
    for line in open(base + ".samples"):
        s = line.split()
        x, y, f = int(s[0]), int(s[1]), int(s[2])
        p = (float(s[3]), float(s[4]))
        wz = float(s[5])
        got = list(px[3 * (y * w + x):3 * (y * w + x) + 3])
        t = A.face_texture(m, f)
        tex = A.name_colour(names[t]) if 0 <= t < len(names) and names[t] else [0.7] * 3
        if terrain is not None:
            d = terrain.face(f)
            if d is None:
                continue
            hit = top_hit(p, d["tris"])
            if hit is None or hit[3] < 0.2 or abs(hit[0] - wz) > Z_TOL:
                if hit is not None and hit[3] >= 0.2:
                    bad.append("pixel %d,%d face %d: drawn at z %.4f, the grid is at %.4f" % (x, y, f, wz, hit[0]))
                continue
            lm = mix(hit[1], [d["lm"][k] for k in hit[2]])
            if near_edge(lm):
                continue
            want = pixel(tex, source_luxel(m, d["info"], lm))
            n["terrain"] += 1
            if not same(got, want):
                bad.append("pixel %d,%d face %d: %s, Valve's grid coordinates %s give %s"
                           % (x, y, f, got, [round(v, 3) for v in lm], want))
            old = pixel(tex, source_luxel(m, d["info"], mix(hit[1], [d["old"][k] for k in hit[2]])))
            n["terrain_old"] += not same(old, want)
            continue
        if curves is None:
            continue
        typ, fv, nv, fi, ni, page = bspref._light().q3_surface(m, f)
        lit = page >= 0 and (page + 1) * 128 * 128 * 3 <= len(m.lighting)
        if typ == 2:
            hit = top_hit(p, curves.tris(f))
            if hit is None or hit[3] < 0.2:
                continue
            n["patch"] += 1
            if abs(hit[0] - wz) > Z_TOL:
                bad.append("pixel %d,%d patch %d: drawn at z %.4f, id's grid is at %.4f" % (x, y, f, wz, hit[0]))
                continue
            old = top_hit(p, curves.level8.get(f, []))
            n["patch_level8"] += old is None or abs(old[0] - wz) > Z_TOL
            vs = hit[2]
            if lit:
                lm = mix(hit[1], [[v.lm[0] * 128.0, v.lm[1] * 128.0] for v in vs])
                if near_edge(lm):
                    continue
                want = pixel(tex, q3_page_light(m, page, lm))
            elif page == Q3_BY_VERTEX:
                want = pixel(tex, [c / 255.0 for c in mix(hit[1], [v.c[:3] for v in vs])])
                n["vertex_fullbright"] += not same(want, pixel(tex, [1.0] * 3))
            else:
                continue
            n["patch_light"] += 1
            if not same(got, want):
                bad.append("pixel %d,%d patch %d: %s, the grid gives %s" % (x, y, f, got, want))
        elif typ in (1, 3) and page == Q3_BY_VERTEX:
            if f not in meshes:
                meshes[f] = q3_mesh_tris(m, f, fv, nv, fi, ni)
            hit = top_hit(p, meshes[f])
            if hit is None or hit[3] < 0.2 or abs(hit[0] - wz) > Z_TOL:
                continue
            want = pixel(tex, [c / 255.0 for c in mix(hit[1], [v[10:13] for v in hit[2]])])
            n["vertex"] += 1
            n["vertex_fullbright"] += not same(want, pixel(tex, [1.0] * 3))
            if not same(got, want):
                bad.append("pixel %d,%d face %d: %s, its vertex colours give %s" % (x, y, f, got, want))
    for b in bad[:10]:
        print("FAIL " + b)
    name = os.path.basename(path)
    if m.family == "source":
        ok = not bad and n["terrain"] > 0 and n["terrain_old"] > 0
        print("%s: %d terrain pixels lit by Valve's grid coordinates (%d would differ lit by the flat "
              "projection), %d differ" % (name, n["terrain"], n["terrain_old"], len(bad)))
    else:
        ok = not bad and (n["patch"] > 0 or n["vertex"] > 0) and \
            (n["vertex"] + n["patch_light"] == 0 or n["vertex_fullbright"] > 0)
        print("%s: %d patch pixels at the depth of id's grid at subdivisions 4, stitched (%d off the "
              "level-8 face access), %d of them lit as the grid says; %d vertex-lit mesh pixels "
              "(%d of the vertex-lit would differ full bright), %d differ"
              % (name, n["patch"], n["patch_level8"], n["patch_light"], n["vertex"],
                 n["vertex_fullbright"], len(bad)))
    return 0 if ok else 1


def craft(src, dst):
    """A copy of Quake 3 map src: model 0 holds every surface; each surface
    of lightmapNum -1 becomes -3 and its vertices get colours that vary."""
    d = bytearray(open(src, "rb").read())
    lump = lambda k: struct.unpack_from("<ii", d, 8 + 8 * k)
    mo, _ = lump(7)
    so, sl = lump(13)
    vo, vl = lump(10)
    struct.pack_into("<ii", d, mo + 24, 0, sl // 104)
    for i in range(sl // 104):
        s = so + 104 * i
        first, count = struct.unpack_from("<ii", d, s + 12)
        if struct.unpack_from("<i", d, s + 28)[0] != -1:
            continue
        struct.pack_into("<i", d, s + 28, Q3_BY_VERTEX)
        for k in range(first, first + count):
            if 0 <= k < vl // 44:
                struct.pack_into("<3B", d, vo + 44 * k + 40, 40 + 37 * k % 200, 40 + (91 * k + 50) % 200,
                                 40 + (53 * k + 100) % 200)
    open(dst, "wb").write(bytes(d))
    return 0


if __name__ == "__main__":
    if sys.argv[1] == "--craft":
        sys.exit(craft(sys.argv[2], sys.argv[3]))
    sys.exit(check(sys.argv[1], sys.argv[2], sys.argv[3]))
