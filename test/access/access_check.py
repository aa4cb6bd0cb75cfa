#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check bspkit's map access output against independent facts.

  access_check.py TOOL MAP [--report KIND FILE] [--counts FILE] [--render DIR]

Runs `TOOL leaves|faces|models|textures MAP` and compares every line with
the file itself, read here and through test/reference/bspref.py (written
without reading loader/): leaf face lists against the leaf-face lump; leaf
contents, cluster and bounds; face vertices against the edge loop (or
vertex run, draw vertices and indices) and the fan; every vertex of a
planar face within 0.01 of its plane; the lightmap block against the
reference's W x H and offset and its UVs spanning exactly that block;
texture names against the texture lumps; counts against a compiler report
(KIND: ericw, q2tools, q3map2, vbspinfo) or the generator's counts. With
--render, a --top picture's sampled pixels against the light query at the
point under them, through the tone map of tools/pictures/render.c.
Prints one line per failed fact and a summary; exit 1 on any failure.
"""
import json
import math
import os
import re
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "reference"))
sys.path.insert(0, HERE)
import bspref  # noqa: E402
import bspref_tex  # noqa: E402
import png  # noqa: E402

failures = []
checked = {}


def fact(name, ok, detail=""):
    checked[name] = checked.get(name, 0) + 1
    if not ok and len(failures) < 40:
        failures.append("%s: %s" % (name, detail))
    elif not ok:
        failures.append(None)


def run(tool, *args, stdin=None):
    return run_rc(tool, *args, stdin=stdin)[0]


def run_rc(tool, *args, stdin=None):
    r = subprocess.run([tool] + list(args), input=stdin, capture_output=True, text=True)
    return r.stdout, r.returncode


def lines(tool, cmd, path):
    return [json.loads(l) for l in run(tool, cmd, path).splitlines()]


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def unpack_all(fmt, blob):
    st = struct.Struct(fmt)
    return [st.unpack_from(blob, k) for k in range(0, len(blob) - st.size + 1, st.size)]


# ---- the file, read here -------------------------------------------------

def leaf_face_lists(m, data):
    """Each leaf's slice of the leaf-face lump."""
    E, fam = m.E, m.family
    if fam == "source":
        ver = {e[0]: e[3] for e in m.lumps_info}
        # Strata Source: leaves at lump version 2, 32-bit leaf faces at 1;
        # Vindictus: 32-bit fields
        lfmt = ("iiI3f3fII" if ver.get(10) == 2 else
                "iii3i3iII" if m.vindictus else "ihH3h3hHH")
        lsize = len(m.lump(10)) // max(1, len(m.leaves)) if m.leaves else 32
        recs = [struct.unpack_from(E + lfmt, m.lump(10), k)
                for k in range(0, len(m.lump(10)), lsize)]
        wide_lf = m.vindictus or ver.get(16) == 1
        lf = [r[0] for r in unpack_all(E + ("I" if wide_lf else "H"), m.lump(16))]
        rng = [(r[9], r[10]) for r in recs]
    elif fam in ("quake", "goldsrc"):
        lf = [r[0] for r in unpack_all("<H", m.lump(11))]
        rng = [(r[8], r[9]) for r in unpack_all("<ii3h3hHH4B", m.lump(10))]
    elif fam == "bsp2":
        fmt = "<ii3f3fII4B" if data[:4] == b"BSP2" else "<ii3h3hII4B"
        lf = [r[0] for r in unpack_all("<I", m.lump(11))]
        rng = [(r[8], r[9]) for r in unpack_all(fmt, m.lump(10))]
    elif fam == "quake2":   # QBSP 38 (13.1): uint32 leaf faces, 52-byte leaves
        qb = getattr(m, "qbism", False)
        lf = [r[0] for r in unpack_all("<I" if qb else "<H", m.lump(9))]
        rng = [(r[9], r[10]) for r in unpack_all("<iii3f3f4I" if qb else "<ihh3h3h4H", m.lump(8))]
    elif fam == "quake3":
        lf = [r[0] for r in unpack_all("<i", m.lump(5))]
        rng = [(r[8], r[9]) for r in unpack_all("<ii3i3i4i", m.lump(4))]
    else:
        lf = [r[0] for r in unpack_all("<I", m.lump(12))]
        rng = [(r[8], r[9]) for r in unpack_all("<ii3f3f4I", m.lump(11))]
    return [lf[a:a + n] for a, n in rng]


def q2_table(m):
    """11.2's quake2 table: the texinfos' distinct names (exact bytes) in
    the order they first appear, and each texinfo's place in it."""
    if id(m) in _Q2_TABLES:
        return _Q2_TABLES[id(m)]
    table, place, of = [], {}, []
    for (raw,) in unpack_all("<40x32s4x", m.lump(5)):
        n = raw.split(b"\0")[0]
        if n not in place:
            place[n] = len(table)
            table.append(n.decode("latin-1"))
        of.append(place[n])
    _Q2_TABLES[id(m)] = (table, of)
    return table, of


_Q2_TABLES = {}


def texture_names(m):
    E, fam = m.E, m.family
    name = lambda b: b.split(b"\0")[0].decode("latin-1")
    if fam in ("quake", "goldsrc", "bsp2"):
        t = m.lump(2)
        if len(t) < 4:
            return []
        n = struct.unpack_from("<i", t)[0]
        out = []
        for k in range(n):
            o = struct.unpack_from("<i", t, 4 + 4 * k)[0]
            out.append("" if o == -1 else name(t[o:o + 16]))
        return out
    if fam == "quake2":
        return q2_table(m)[0]
    if fam == "source":
        table = [r[0] for r in unpack_all(E + "i", m.lump(44))]
        data = m.lump(43)
        return [name(data[table[r[0]]:table[r[0]] + 128])
                for r in unpack_all(E + "12xi16x", m.lump(2))]
    if fam == "quake3":
        return [name(r[0]) for r in unpack_all("<64s8x", m.lump(1))]
    return [name(r[0]) for r in unpack_all("<64s", m.lump(2))]


def face_texture(m, f):
    """The texture index a face names, read from its record."""
    fam = m.family
    if fam == "quake3":
        return bspref.q3_surface_record(m, f)[0]
    if fam == "nightfire":
        return struct.unpack_from("<i", m.lump(9), 48 * f + 24)[0]
    ti = m.face(f).texinfo
    if ti < 0:
        return -1
    if fam == "quake2":
        of = q2_table(m)[1]
        return of[ti] if ti < len(of) else len(of)
    if fam == "source":
        # texdata is the record's last int32 (Dark Messiah's records are 96 bytes)
        return struct.unpack_from(m.E + "i", m.lump(6), m.texinfo_size * (ti + 1) - 4)[0]
    return struct.unpack_from("<i", m.lump(6), 40 * ti + 32)[0]


def expected_geometry(m, f):
    """(positions, triangles or None, plane (n, d) or None) of a face."""
    fam = m.family
    if fam == "quake3":
        r = bspref.q3_surface_record(m, f)   # (Raven's too: 13.3)
        if r[2] not in (1, 3):
            return None, None, None
        pos = [bspref.q3_drawvert(m, r[3] + k)[0:3] for k in range(r[4])]
        ix = [struct.unpack_from("<i", m.lump(11), 4 * (r[5] + k))[0] for k in range(r[6])]
        tris = [ix[3 * k:3 * k + 3] for k in range(r[6] // 3)]
        n = r[21:24]
        plane = (n, sum(a * b for a, b in zip(n, pos[0]))) if r[2] == 1 and pos else None
        return pos, tris, plane
    if fam == "nightfire":
        r = struct.unpack_from("<Iiiiiiiiii4Bi", m.lump(9), 48 * f)
        pos = [struct.unpack_from("<3f", m.lump(4), 12 * (r[1] + k)) for k in range(r[2])]
        p = m.planes[r[0]]
        return pos, [[0, k + 1, k + 2] for k in range(max(0, r[2] - 2))], (p[:3], p[3])
    fc = m.face(f)
    if fc.dispinfo != -1:
        pos, tris = m.displacement(f)
        return pos, tris, None
    pos = m.face_vertices(fc)
    p = m.planes[fc.plane]
    n, d = p[:3], p[3]
    if fc.side and fam != "source":   # a Source face's plane is already its own
        n, d = tuple(-x for x in n), -d
    return pos, [[0, k + 1, k + 2] for k in range(max(0, len(pos) - 2))], (n, d)


def nightfire_block(m, f):
    """docs/queries.md section 4's nightfire W, H, lo over the vertex run."""
    r = struct.unpack_from("<Iiiiiiiiii4Bi", m.lump(9), 48 * f)
    if r[14] < 0 or r[10] == 255 or not m.lump(10):
        return None
    proj = struct.unpack_from("<8f", m.lump(17), 32 * r[9])
    vals = [[], []]
    for k in range(r[2]):
        x, y, z = struct.unpack_from("<3f", m.lump(4), 12 * (r[1] + k))
        for a in range(2):
            t = proj[4 * a:4 * a + 4]
            vals[a].append(f32(((x * t[0] + y * t[1]) + z * t[2]) + t[3]))
    lo = [math.floor(min(v)) for v in vals]
    hi = [math.ceil(max(v)) for v in vals]
    W, H = hi[0] - lo[0] + 1, hi[1] - lo[1] + 1
    if r[14] + 3 * W * H > len(m.lump(10)):
        return None
    return W, H, r[14]


# ---- checks ----------------------------------------------------------------

def check_faces(m, faces, names, generated):
    fam = m.family
    # bspgen writes Source and Nightfire faces in Quake's form (the node's
    # plane and a side), where vbsp gives each face its own oriented plane;
    # the API follows the compilers, so orientation is checked on real maps.
    winding = not (generated and fam in ("source", "nightfire"))
    for j in faces:
        f = j["face"]
        if "error" in j:
            fact("faces read without error", False, "face %d: %s" % (f, j["error"]))
            continue
        verts, tris = j["verts"], j["tris"]
        fact("triangles index the face's vertices",
             all(0 <= i < len(verts) for t in tris for i in t), "face %d" % f)
        fact("texture index is the record's", j["texture_index"] == face_texture(m, f)
             or (j["texture_index"] == -1 and not 0 <= face_texture(m, f) < len(names)), "face %d" % f)
        if 0 <= j["texture_index"] < len(names):
            fact("texture name is the texture lump's", j["texture"] == names[j["texture_index"]],
                 "face %d: %r" % (f, j["texture"]))
        pos, etris, plane = expected_geometry(m, f)
        if pos is not None:
            fact("vertices are the edge loop / vertex run / draw vertices",
                 [tuple(f32(x) for x in v) for v in verts] == [tuple(p) for p in pos], "face %d" % f)
            fact("triangles are the fan / the index list", tris == etris, "face %d" % f)
        if plane is not None and j["kind"] in ("polygon", "mesh"):
            n, d = plane
            worst = max([abs(sum(a * b for a, b in zip(n, v)) - d) for v in verts] + [0.0])
            # a real compiler keeps a vertex it counts as on the plane
            # (within its ON_EPSILON, 0.1 in id's qbsp tools): LibreQuake's
            # lq_e0m1 for Quake 2 has one 0.028 off
            tol = 0.01 if generated else 0.1
            fact("every vertex lies on its face's plane (%g)" % tol, worst <= tol,
                 "face %d off by %g" % (f, worst))
            if winding and j["kind"] == "polygon" and len(verts) >= 3:
                # compilers wind a face clockwise seen from its front
                # (Newell's normal: the polygon's area vector, robust to
                # nearly collinear corners)
                w = [0.0, 0.0, 0.0]
                for k in range(len(verts)):
                    p, q = verts[k], verts[(k + 1) % len(verts)]
                    w[0] += (p[1] - q[1]) * (p[2] + q[2])
                    w[1] += (p[2] - q[2]) * (p[0] + q[0])
                    w[2] += (p[0] - q[0]) * (p[1] + q[1])
                dw = sum(x * y for x, y in zip(w, j["normal"]))
                if dw != 0:
                    fact("a face's normal is its front, against its clockwise winding", dw < 0,
                         "face %d" % f)
            if fam != "quake3":
                fact("face plane is the record's", [f32(x) for x in j["normal"]] == list(n)
                     and f32(j["dist"]) == d, "face %d" % f)
        if j["kind"] == "displacement":
            power = struct.unpack_from(m.E + "i", m.lump(26), m.dispinfo_stride * j["type"] + 20)[0]
            fact("a displacement is its (2^power+1)^2 grid",
                 len(verts) == ((1 << power) + 1) ** 2 and len(tris) == 2 * (1 << power) ** 2,
                 "face %d" % f)
        check_lightmap(m, f, j)


def check_lightmap(m, f, j):
    fam, lm = m.family, j["lightmap"]
    want = None
    if getattr(m, "bspx", None) is not None:
        # docs/queries.md 10.3: the face's rule, block start in the source
        try:
            rule = m.bspx.rule(f, 0)
            want = (rule["W"], rule["H"], rule["block"])
        except (bspref.QueryError, bspref._bspx().NoLightmap):
            want = None
    elif fam in ("quake", "goldsrc", "bsp2", "quake2", "source"):
        try:
            info = m.lightmap_info(f, 0)
            want = (info["W"], info["H"], info["base"])
        except bspref.QueryError:
            want = None
        if m.face(f).dispinfo != -1 and want is not None:
            want = (want[0], want[1], want[2])
    elif fam == "nightfire":
        want = nightfire_block(m, f)
    else:
        return
    got = None if lm is None else (lm["w"], lm["h"], lm["offset"])
    fact("lightmap block is the reference's (W, H, offset; none when none)", got == want,
         "face %d: %s, reference %s" % (f, got, want))
    if lm is None or j["kind"] != "polygon" or not j["lm"]:
        return
    for a, size in ((0, lm["w"]), (1, lm["h"])):
        lo = min(v[a] for v in j["lm"])
        hi = max(v[a] for v in j["lm"])
        fact("lightmap UVs span exactly the W x H block",
             -0.01 <= lo < 1.01 and size - 2.01 < hi <= size - 1 + 0.01,
             "face %d axis %d: %g .. %g of %d" % (f, a, lo, hi, size))


def check_leaves(m, data, leaves):
    fact("one leaf line per leaf record", len(leaves) == len(m.leaves),
         "%d lines, %d leaves" % (len(leaves), len(m.leaves)))
    lists = leaf_face_lists(m, data)
    for j in leaves:
        i = j["leaf"]
        if i >= len(m.leaves):
            continue
        ref = m.leaves[i]
        fact("leaf faces equal the leaf-face lump", j["faces"] == lists[i], "leaf %d" % i)
        contents = 0 if m.family == "quake3" else ref[0]
        fact("leaf contents as stored", j["contents"] == contents, "leaf %d" % i)
        try:
            cluster = m.leaf_cluster(i)
        except Exception:
            cluster = None
        fact("leaf cluster is the reference's", cluster is None or j["cluster"] == cluster,
             "leaf %d: %s vs %s" % (i, j["cluster"], cluster))
        fact("leaf bounds are the record's", [f32(x) for x in j["mins"]] == [f32(x) for x in ref[2]]
             and [f32(x) for x in j["maxs"]] == [f32(x) for x in ref[3]], "leaf %d" % i)


def brush_records(m):
    """(brushes [(firstside, numsides, contents, shader)], sides [(plane,
    texture index, dispinfo, bevel byte, thin byte)], each leaf's brush
    list) read from the file: the records of each family's own header."""
    E, fam = m.E, m.family
    names = len(texture_names(m))
    tex = lambda t: t if 0 <= t < names else -1
    if fam == "quake2":
        br = [(a, n, c, -1) for a, n, c in unpack_all("<3i", m.lump(14))]
        of = q2_table(m)[1]
        qb = getattr(m, "qbism", False)   # QBSP 38 (13.1): 8-byte sides, uint32 leaf brushes
        sd = [(p, of[t] if 0 <= t < len(of) else -1, -1, 0, 0)
              for p, t in unpack_all("<Ii" if qb else "<Hh", m.lump(15))]
        lb = [r[0] for r in unpack_all("<I" if qb else "<H", m.lump(10))]
        rng = [(r[11], r[12]) for r in unpack_all("<iii3f3f4I" if qb else "<ihh3h3h4H", m.lump(8))]
    elif fam == "quake3":
        shaders = unpack_all("<64sii", m.lump(1))
        br = [(a, n, shaders[s][2] if 0 <= s < len(shaders) else None, s)
              for a, n, s in unpack_all("<3i", m.lump(8))]
        # Raven's sides (13.3) add a draw surface: 12 bytes
        sd = [(r[0], tex(r[1]), -1, 0, 0)
              for r in unpack_all("<3i" if getattr(m, "raven", False) else "<2i", m.lump(9))]
        lb = [r[0] for r in unpack_all("<i", m.lump(6))]
        rng = [(r[10], r[11]) for r in unpack_all("<ii3i3i4i", m.lump(4))]
    elif fam == "nightfire":
        br = [(a, n, c, -1) for c, a, n in unpack_all("<3i", m.lump(15))]
        sd = [(p, tex(face_texture(m, f)) if 0 <= f < len(m.lump(9)) // 48 else -1, -1, 0, 0)
              for f, p in unpack_all("<2i", m.lump(16))]
        lb = [r[0] for r in unpack_all("<I", m.lump(13))]
        rng = [(r[10], r[11]) for r in unpack_all("<ii3f3f4I", m.lump(11))]
    elif fam == "source":
        ver = {e[0]: e[3] for e in m.lumps_info}
        br = [(a, n, c, -1) for a, n, c in unpack_all(E + "3i", m.lump(18))]

        def texdata(t):
            if t < 0:
                return -1
            return tex(struct.unpack_from(E + "i", m.lump(6), m.texinfo_size * (t + 1) - 4)[0])
        if m.vindictus or ver.get(19) == 1:
            fmt = "4i" if m.vindictus else "3iBBxx"
            sd = []
            for r in unpack_all(E + fmt, m.lump(19)):
                bevel = r[3] & 0xff if m.vindictus else r[3]
                thin = (r[3] >> 8) & 0xff if m.vindictus else r[4]
                sd.append((r[0], texdata(r[1]), r[2], bevel, thin))
        else:
            # the last two bytes are bevel, thin in file order (earlier
            # SDKs: a little-endian short 0 or 1)
            sd = [(p, texdata(t), d, b, th)
                  for p, t, d, b, th in unpack_all(E + "HhhBB", m.lump(19))]
        wide_lb = m.vindictus or ver.get(17) == 1
        lb = [r[0] for r in unpack_all(E + ("I" if wide_lb else "H"), m.lump(17))]
        lfmt = ("iiI3f3fIIII" if ver.get(10) == 2 else
                "iii3i3iIIII" if m.vindictus else "ihH3h3hHHHH")
        lsize = len(m.lump(10)) // max(1, len(m.leaves)) if m.leaves else 32
        rng = [struct.unpack_from(E + lfmt, m.lump(10), k)[11:13]
               for k in range(0, len(m.lump(10)), lsize)]
    else:
        return None
    return br, sd, [lb[a:a + n] for a, n in rng]


def check_brushes(m, tool, path, names):
    text, rc = run_rc(tool, "brushes", path)
    out = [json.loads(l) for l in text.splitlines()]
    recs = brush_records(m)
    if recs is None:
        import bspref_trace
        listing = bspref_trace.brushlist_records(m)
        if listing is not None:
            # a BSPX BRUSHLIST (docs/queries.md 13.7): its brushes, the
            # reference's lines, no leaf line
            fact("a BRUSHLIST's brushes as the reference lists them (13.7)",
                 text.splitlines() == listing and rc == 0,
                 "%d lines (reference %d), exit %d" % (len(out), len(listing), rc))
            return
        # a format without brushes: unsupported, exit 3 (docs/tool.md)
        fact("the Quake family without a BRUSHLIST has no brushes: unsupported, exit 3",
             out == [{"error": "unsupported"}] and rc == 3, "%d lines, exit %d" % (len(out), rc))
        return
    br, sd, lists = recs
    brushes = [j for j in out if "brush" in j]
    fact("one brush line per brush record", len(brushes) == len(br),
         "%d lines, %d brushes" % (len(brushes), len(br)))
    for j in brushes:
        i = j["brush"]
        if i >= len(br):
            continue
        a, n, contents, shader = br[i]
        fact("brushes read without error", "error" not in j, "brush %d: %s" % (i, j.get("error")))
        fact("brush contents as stored (quake3: its shader's)", j.get("contents") == contents,
             "brush %d: %s vs %s" % (i, j.get("contents"), contents))
        fact("brush shader is the record's (else -1)", j.get("texture_index") == shader,
             "brush %d" % i)
        want = [sd[k] for k in range(a, a + n)] if 0 <= a and a + n <= len(sd) else None
        got = [(s["plane"], s["texture_index"], s["dispinfo"], s["bevel"], s["thin"])
               for s in j.get("sides", [])]
        fact("brush sides are the side lump's run", got == want, "brush %d" % i)
        for s in j.get("sides", []):
            p = m.planes[s["plane"]]
            fact("a side's plane is the plane lump's", [f32(x) for x in s["normal"]] == list(p[:3])
                 and f32(s["dist"]) == p[3], "brush %d" % i)
            if s["texture_index"] >= 0:
                fact("a side's texture name is the texture lump's",
                     s["texture"] == names[s["texture_index"]], "brush %d" % i)
    leaf_lines = {j["leaf"]: j for j in out if "leaf" in j}
    for i, lst in enumerate(lists):
        if lst:
            fact("a leaf's brushes are its run of the leaf-brush lump",
                 leaf_lines.get(i, {}).get("brushes") == lst, "leaf %d" % i)
        else:
            fact("a leaf without brushes has no line", i not in leaf_lines, "leaf %d" % i)


def check_models(m, models):
    fact("one model line per model record", len(models) == len(m.models))
    for j in models:
        ref = m.models[j["model"]]
        fact("model bounds are the record's", [f32(x) for x in j["mins"]] == [f32(x) for x in ref[0]]
             and [f32(x) for x in j["maxs"]] == [f32(x) for x in ref[1]], "model %d" % j["model"])


REPORT_ROWS = {   # report kind -> {our key: regex giving the count}
    "ericw": {"leaves": r"^\s*(\d+) leafs\s", "faces": r"^\s*(\d+) faces\s",
              "models": r"^\s*(\d+) models\s", "textures": r"^\s*(\d+) textures\s"},
    # (quake2's texture table is its distinct texinfo names, which the
    # report does not count: its "texinfo" row is not the table's)
    "q2tools": {"leaves": r"^leafs:\s+(\d+)", "faces": r"^faces:\s+(\d+)",
                "models": r"^models:\s+(\d+)"},
    "q3map2": {"leaves": r"^\s*(\d+) leafs\s", "faces": r"^\s*(\d+) drawsurfaces\s",
               "models": r"^\s*(\d+) models\s", "textures": r"^\s*(\d+) shaders\s"},
    "vbspinfo": {"leaves": r"^leaves\s+(\d+)/", "faces": r"^faces\s+(\d+)/",
                 "models": r"^models\s+(\d+)/", "textures": r"^texdata\s+(\d+)/"},
    "vbspinfo-console": {"leaves": r"^leaves\s+(\d+)/", "models": r"^models\s+(\d+)/",
                         "textures": r"^texdata\s+(\d+)/", "faces": r"^hdr faces\s+(\d+)/"},
    "counts": {"leaves": r"^leaves (\d+)$", "faces": r"^(?:hdr_)?faces ([1-9]\d*)$",
               "models": r"^models (\d+)$"},
}


def check_counts(kind, path, got):
    text = open(path, encoding="utf-8", errors="replace").read().splitlines()
    for key, rx in REPORT_ROWS[kind].items():
        vals = [int(mm.group(1)) for mm in (re.match(rx, l) for l in text) if mm]
        if not vals:
            continue
        fact("%s count equals the %s report" % (key, kind), got[key] == vals[-1],
             "%s: %d, report %d" % (key, got[key], vals[-1]))


# docs/pictures.md: each family's light rule, (factor, gamma, cap, texture
# exponent): display light L = min(cap, (factor * c) ^ (1 / gamma)); a
# pixel min(1, texture * L). --raw-light: min(1, c).
LIGHT_RULES = {"quake": (2.0, 1.0, 2.0, 1.0), "bsp2": (2.0, 1.0, 2.0, 1.0),
               "goldsrc": (2.0, 1.0, 1.0, 0.8), "nightfire": (2.0, 1.0, 1.0, 0.8),
               "quake2": (2.0, 1.0, 2.0, 1.0), "quake3": (4.0, 1.0, 2.0, 1.0),
               "source": (1.0, 2.2, 2.0, 1.0)}
RAW_RULE = (1.0, 1.0, 1.0, 1.0)


def display_light(c, rule):
    v = rule[0] * c
    if v <= 0:
        return 0.0
    if rule[1] != 1.0:
        v = v ** (1.0 / rule[1])
    return min(rule[2], v)


def to_byte(v):
    return max(0, min(255, int(math.floor(v * 255.0 + 0.5))))


TOP_LIFT = 0.25     # docs/pictures.md "The top view": the weak channels'
TOP_LOW = 0.55      # lift, and the lowest floor's shade


def lifted(rgb, rule):
    """The display light of a luxel, its weaker channels a quarter of the
    way to its strongest."""
    l = [display_light(c, rule) for c in rgb]
    return [v + TOP_LIFT * (max(l) - v) for v in l]


RELIEF_DEPTH = 0.45


def top_pixel(tex, light, view, z, dist):
    """A --top pixel (not --raw-light) of texel tex under display light
    (None: full bright): min(1, tex * light * exposure) as a byte, times
    the shade of height z between the view's "heights", then times the
    relief, 1 - RELIEF_DEPTH (1 - t)^2 with t the distance (dist / 3
    pixels) over the view's "relief" reach, when t < 1."""
    lo, hi = view["heights"]
    shade = 1.0
    if hi - lo >= 1.0:
        shade = TOP_LOW + (1.0 - TOP_LOW) * min(1.0, max(0.0, (z - lo) / (hi - lo)))
    t = dist / 3.0 / view["relief"]
    relief = 1.0 - RELIEF_DEPTH * (1.0 - t) ** 2 if t < 1.0 else 1.0
    e = view["exposure"]
    return [int(int(to_byte(min(1.0, t_ * (1.0 if light is None else l * e))) * shade) * relief)
            for t_, l in zip(tex, light or [1.0] * 3)]


def tool_source(name):
    """A picture source file of the tool: tools/pictures/NAME, else tools/NAME."""
    top = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools")
    for p in (os.path.join(top, "pictures", name), os.path.join(top, name)):
        if os.path.exists(p):
            return p
    return os.path.join(top, name)


def material_tables():
    """The two word lists the tool ships (data, tools/pictures/render_material.c):
    [(word, (r, g, b))] of the special words and of the material words."""
    text = open(tool_source("render_material.c")).read()
    out = []
    for table in ("mat_special[]", "mat_words[]"):
        body = text[text.index(table):]
        body = body[:body.index("};")]
        out.append([(w, tuple(float(v) for v in (r, g, b))) for w, r, g, b in
                    re.findall(r'\{ "([a-z]+)", \{ ([0-9.]+)f, ([0-9.]+)f, ([0-9.]+)f \} \}', body)])
    return out


MATERIALS = None


def name_colour(name):
    """docs/pictures.md "Textures outside the file": a special word anywhere
    (first in the list), else the earliest material word at a word's start
    (after a non-letter or the name's start), else the earliest one of 4
    letters or more anywhere, else grey; the value scaled
    by 0.9 + 0.2 * ((FNV-1a >> 20) & 255) / 255."""
    global MATERIALS
    if MATERIALS is None:
        MATERIALS = material_tables()
    special, words = MATERIALS
    low = name.encode("latin-1").lower()
    h = 2166136261
    for b in low:
        h = ((h ^ b) * 16777619) & 0xffffffff
    scale = f32(0.9 + f32(0.2 * ((h >> 20) & 255) / 255.0))
    hit = next((rgb for w, rgb in special if w.encode() in low), None)
    if hit is None:
        for at in range(len(low)):
            if at > 0 and 97 <= low[at - 1] <= 122:
                continue
            hit = next((rgb for w, rgb in words if low.startswith(w.encode(), at)), None)
            if hit is not None:
                break
    if hit is None:    # a word of 4 letters or more inside a word
        for at in range(len(low)):
            hit = next((rgb for w, rgb in words if len(w) >= 4 and low.startswith(w.encode(), at)), None)
            if hit is not None:
                break
    if hit is None:
        rgb = [f32(0.6 * scale)] * 3
        rgb[h % 3] = f32(rgb[h % 3] + 0.04)
        return rgb
    return [min(1.0, f32(f32(c) * scale)) for c in hit]


def quake_palette():
    """The Quake palette, as the texture reference reads it (../shared's
    palette.lmp, else the library's table, held to 11.2's SHA-256)."""
    return bspref_tex.quake_palette()


def miptex(m, index):
    """(name, w, h, mip-0 pixels, palette) of an embedded miptex, or None."""
    t = m.lump(2)
    if index < 0 or len(t) < 8 + 4 * index:
        return None
    o = struct.unpack_from("<i", t, 4 + 4 * index)[0]
    hdr = getattr(m, "miptex_header", 40)   # Quake 64 (13.4): 44, a shift before the offsets
    if o < 0 or o + hdr > len(t):
        return None
    name = t[o:o + 16].split(b"\0")[0].decode("latin-1")
    w, h = struct.unpack_from("<2I", t, o + 16)
    o0, o1, o2, o3 = struct.unpack_from("<4I", t, o + hdr - 16)
    if o0 == 0 or w == 0 or h == 0 or o + o0 + w * h > len(t):
        return None
    if m.family == "goldsrc":
        at = o + o3 + (w // 8) * (h // 8) + 2
        if o3 == 0 or at + 768 > len(t):
            return None
        pal = t[at:at + 768]
    else:
        pal = quake_palette()
    return name, w, h, t[o + o0:o + o0 + w * h], pal


def texel_colour(m, f, p, textures):
    """(colour, full bright) of the texture under world point p of face f
    (None: not compared): the embedded miptex texel, else the name's colour."""
    tex = face_texture(m, f)
    names = textures["names"]
    if m.family in ("quake", "goldsrc", "bsp2"):
        if tex not in textures["mip"]:
            textures["mip"][tex] = miptex(m, tex)
        mt = textures["mip"][tex]
        if mt is not None:
            name, w, h, pix, pal = mt
            if name.startswith("{"):
                return None            # a fence texture's holes show other faces
            vecs = m.texinfo(m.face(f).texinfo)["vecs"]
            st = [sum(p[k] * v[k] for k in range(3)) + v[3] for v in vecs]
            if any(abs(x - round(x)) < 0.02 for x in st):
                return None            # on a texel edge
            i = pix[(int(math.floor(st[1])) % h) * w + int(math.floor(st[0])) % w]
            ex = LIGHT_RULES[m.family][3]
            # Quake's last 32 colours are full bright: no light
            # (docs/pictures.md)
            return [(pal[3 * i + k] / 255.0) ** ex for k in range(3)], \
                m.family != "goldsrc" and i >= 224
    if 0 <= tex < len(names) and names[tex]:
        return list(name_colour(names[tex])), False
    return [0.7, 0.7, 0.7], False


def check_render(tool, path, m, faces, outdir):
    if m.family not in ("quake", "goldsrc", "bsp2", "quake2", "source"):
        return
    base = os.path.join(outdir, os.path.basename(os.path.dirname(path)) + "-" +
                        os.path.basename(path) + "-top")
    # the same geometry three times: the luxels as stored (whose sample list
    # all three share), the family's light rule, and with textures
    run(tool, "render", path, "--top", "--raw-light", "--flat", "-o", base + "-raw.png",
        "--samples", base + ".samples")
    # --flat and textured pictures are drawn for a person (docs/pictures.md
    # "The top view"): the light lifted towards its strongest channel and
    # exposed, each pixel times its height's shade and its relief (from the
    # distance to a wall the sample line gives: the tool's, not checked
    # here). Both share the raw picture's geometry, so its samples hold.
    views = {}
    for key, opts in (("-flat", ["--flat"]), ("", [])):
        out = run(tool, "render", path, "--top", *opts, "-o", base + key + ".png").strip()
        views[key] = json.loads(out) if out.startswith("{") else {}
    if not os.path.exists(base + ".samples"):
        fact("render writes the picture and its samples", False, path)
        return
    pics = {k: png.read_rgb(base + k + ".png") for k in ("-raw", "-flat", "")}
    samples = [l.split() for l in open(base + ".samples")]
    queries = "".join("light %s %s %r\n" % (s[3], s[4], float(s[5]) + 0.25) for s in samples)
    answers = [json.loads(l) for l in run(tool, "query", path, stdin=queries).splitlines()]
    # the light query skips displacements (docs/queries.md section 5)
    lit = {j["face"]: j["lightmap"] for j in faces if j.get("lightmap") and j["kind"] == "polygon"}
    planes = {j["face"]: j["plane"] for j in faces if "plane" in j}
    on_nodes = set(f for n in m.nodes for f in range(n[3], n[3] + n[4]))
    rule = LIGHT_RULES[m.family]
    textures = {"names": texture_names(m), "mip": {}}
    compared = other = textured = bright = 0
    for s, a in zip(samples, answers):
        x, y, face = int(s[0]), int(s[1]), int(s[2])
        if face not in lit:
            continue   # unlit (grey) or a displacement
        if a.get("face") != face:
            # docs/queries.md section 5 takes the first face on the crossing
            # node whose lightmap rectangle holds the point, whichever side
            # it faces: a face on the same plane may answer for the point;
            # a face in no node's list (Source detail faces) is never hit.
            other += 1
            fact("another face answers only for a face on its plane or on no node",
                 planes.get(a.get("face")) == planes[face] or face not in on_nodes,
                 "pixel %d,%d: drew %d, light %s" % (x, y, face, a.get("face", a.get("error"))))
            continue
        wz = float(s[5])
        cases = [("-raw", [to_byte(min(1.0, c)) for c in a["rgb"]], "min(1, c) (--raw-light)")]
        if "exposure" in views["-flat"]:
            cases.append(("-flat", top_pixel([1.0] * 3, lifted(a["rgb"], rule), views["-flat"], wz, int(s[6])),
                          "the family's light rule, exposed and shaded by height (--flat)"))
        for key, want, what in cases:
            w, h, px = pics[key]
            got = list(px[3 * (y * w + x):3 * (y * w + x) + 3])
            fact("a --top pixel is the light query's colour through " + what,
                 all(abs(p - q) <= 1 for p, q in zip(got, want)),
                 "pixel %d,%d: %s, light %s" % (x, y, got, want))
        texel = texel_colour(m, face, [float(v) for v in s[3:6]], textures)
        if texel is not None and "exposure" in views[""]:
            tex, full = texel
            want = top_pixel(tex, None if full else lifted(a["rgb"], rule), views[""], wz, int(s[6]))
            w, h, px = pics[""]
            got = list(px[3 * (y * w + x):3 * (y * w + x) + 3])
            fact("a textured --top pixel is the texel times the light rule",
                 all(abs(p - q) <= 1 for p, q in zip(got, want)),
                 "pixel %d,%d: %s, texel %s light %s" % (x, y, got, tex, a["rgb"]))
            textured += 1
            bright += 1 if full else 0
        compared += 1
    fact("--top pixels compared with the light query", compared > 0 or not lit,
         "no sample of a lit face")
    fact("textured --top pixels compared", textured > 0 or not lit, "no textured sample")
    print("%s: %d --top pixels equal the light query's colour raw and through the %s rule, "
          "%d textured, %d full bright (%d answered by another face on its plane or under a face "
          "on no node, not compared)" % (os.path.basename(path), compared, m.family, textured,
                                         bright, other))


def main(argv):
    tool, path = argv[1], argv[2]
    opts = argv[3:]
    data = open(path, "rb").read()
    try:
        m = bspref.load_map(path)
    except Exception as e:   # e.g. lc + lp beyond what Python's lzma decodes
        print("SKIP %s: the reference cannot read it (%s)" % (path, type(e).__name__))
        return 3
    bspref._bspx().attach(m, path)   # section 10, as the tool reads the map
    faces = lines(tool, "faces", path)
    leaves = lines(tool, "leaves", path)
    models = lines(tool, "models", path)
    textures = lines(tool, "textures", path)
    names = texture_names(m)
    # the texture table (docs/queries.md 11.2): quake2's is its texinfos'
    # distinct names, in the order they first appear
    table = list(dict.fromkeys(names)) if m.family == "quake2" else names
    fact("texture names are the texture lump's", [t.get("name") for t in textures] == table,
         "%d names, %d in the file" % (len(textures), len(table)))
    check_faces(m, faces, names, "--counts" in opts)
    check_leaves(m, data, leaves)
    check_models(m, models)
    check_brushes(m, tool, path, names)
    got = {"leaves": len(leaves), "faces": len(faces), "models": len(models), "textures": len(textures)}
    while opts:
        if opts[0] == "--report":
            check_counts(opts[1], opts[2], got)
            opts = opts[3:]
        elif opts[0] == "--counts":
            check_counts("counts", opts[1], got)
            opts = opts[2:]
        elif opts[0] == "--render":
            check_render(tool, path, m, faces, opts[1])
            opts = opts[2:]
        else:
            raise SystemExit("unknown option " + opts[0])
    shown = [f for f in failures if f]
    for f in shown:
        print("FAIL " + f)
    print("%s: %d facts checked (%s), %d failed" % (os.path.basename(path), sum(checked.values()),
          ", ".join("%s %d" % (k.split(" ")[0], v) for k, v in sorted(checked.items())[:0]) or
          "%d kinds" % len(checked), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
