# SPDX-License-Identifier: MIT
"""Meshes by texture (issue 40 item 4; docs/access.md "Meshes by
texture"), read independently of loader/: a model's faces grouped into
batches by texture name, surface flags and lightmap page, every vertex as
the contract's sections 11.3 - 11.5 and 11.9 give it (bspref_verts.py,
curves_ref.py), checked against `bspkit meshes` line by line.

    bspref_mesh.py MAP [--model N] [--subdivisions S] [--stitched] [--no-tools]
        < bspkit meshes MAP [the same options]

Prints one PASS or FAIL line. What is rebuilt here, from the rules'
text:

- the faces of a model: its run of the face lump; the world's on Source
  also every displacement's base face (the span from the lowest to the
  highest of them; faces of the span that are neither stay out);
- a face's texture (11.2: quake family texinfo.miptex, Quake 2 its texinfo's
  name's place among the distinct names,
  Source its texinfo's texdata, Quake 3 shaderNum, Nightfire the surface's
  texture; outside the table: none), its BSP_SURF_* flags (docs/access.md's
  table of each family's bits and names), its tool bits (the flags, and the
  base names of bspkit.h's BSP_MESH_TOOL_* list), its lightmap page (Quake 3
  lightmapNum as stored, -1 elsewhere);
- which faces have triangles: polygons of 3 or more vertices, Quake 3
  meshes with an index list, displacements, patches (their grid);
- batches: textures with equal names (without ASCII case; an empty name is
  its own) are one, taking the lowest index among the faces' textures;
  batches in ascending (texture, flags, page), faces ascending in each;
- vertices: a polygon's and a Quake 3 mesh's stored vertices with 11.3 -
  11.5's attributes (bspref_verts.face), a displacement's grid
  (bspref_verts.disp, its normal the base face's plane), a patch's grid
  as id's renderer builds it (curves_ref.build, stitched by
  curves_ref.stitch_all), uv its st and lm its lightmap coordinate times 128
  on a lit face; triangles as the fan, the index list, Valve's checkerboard
  (bspref.displacement) and RB_SurfaceGrid's cells;
- the checksums `bspkit meshes` prints: FNV-1a 64 over each value written
  little-endian in the vertex struct's order (a NaN as 0x7fc00000).
"""

import json
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bspref as R  # noqa: E402
import bspref_verts as V  # noqa: E402
import curves_ref as C  # noqa: E402

QUAKE = ("quake", "goldsrc", "bsp2")
VA_COLOR, VA_ST, VA_UV, VA_LM, VA_ALPHA = 0x02, 0x04, 0x08, 0x10, 0x40
S_SKY, S_NODRAW, S_TRANS, S_WARP, S_LIGHT, S_HINT, S_SKIP, S_NOLM, S_TRIGGER, S_LADDER = \
    0x1, 0x2, 0x4, 0x8, 0x10, 0x20, 0x40, 0x80, 0x100, 0x200
T_SKY, T_NODRAW, T_SKIP, T_HINT, T_TRIGGER, T_CLIP, T_ORIGIN = 0x1, 0x2, 0x4, 0x8, 0x10, 0x20, 0x40
TOOL_NAMES = {
    T_CLIP: "clip playerclip monsterclip botclip weapclip toolsclip toolsplayerclip toolsnpcclip",
    T_ORIGIN: "origin toolsorigin",
    T_TRIGGER: "trigger aaatrigger toolstrigger",
    T_HINT: "hint hintskip toolshint",
    T_SKIP: "skip toolsskip",
    T_NODRAW: "nodraw null caulk toolsnodraw toolsinvisible",
    T_SKY: "toolsskybox toolsskybox2d",
}
TOOL_OF_FLAG = ((S_SKY, T_SKY), (S_NODRAW, T_NODRAW), (S_SKIP, T_SKIP), (S_HINT, T_HINT),
                (S_TRIGGER, T_TRIGGER))
# the family's own bits -> BSP_SURF_* (docs/access.md "Surface flags")
BITS = {
    "quake2": ((0x1, S_LIGHT), (0x4, S_SKY | S_NOLM), (0x8, S_WARP | S_NOLM), (0x30, S_TRANS),
               (0x80, S_NODRAW), (0x100, S_HINT), (0x200, S_SKIP)),
    "source": ((0x1, S_LIGHT), (0x6, S_SKY), (0x8, S_WARP), (0x10, S_TRANS), (0x40, S_TRIGGER),
               (0x80, S_NODRAW), (0x100, S_HINT), (0x200, S_SKIP), (0x400, S_NOLM)),
    "quake3": ((0x4, S_SKY), (0x8, S_LADDER), (0x80, S_NODRAW), (0x100, S_HINT), (0x200, S_SKIP),
               (0x400, S_NOLM)),
    "quake": ((0x1, S_NOLM),), "goldsrc": ((0x1, S_NOLM),), "bsp2": ((0x1, S_NOLM),),
    "nightfire": (),
}
MODEL_LUMP = {"quake": 14, "goldsrc": 14, "bsp2": 14, "quake2": 13, "source": 14, "quake3": 7,
              "nightfire": 14}


class Corrupt(Exception):
    pass


def _name(b):
    return b.split(b"\0")[0]


# ---- the texture table (11.2) and what a face names ---------------------

def texture_names(m):
    fam, E = m.family, m.E
    if fam in QUAKE:
        t = m.lump(2)
        if len(t) < 4:
            return []
        n = struct.unpack_from("<i", t)[0]
        if n < 0 or 4 + 4 * n > len(t):
            return []
        out = []
        for k in range(n):
            o = struct.unpack_from("<i", t, 4 + 4 * k)[0]
            out.append(b"" if o < 0 or o >= len(t) else _name(t[o:o + 16]))
        return out
    if fam == "quake2":
        return q2_table(m)[0]
    if fam == "source":
        td, table, data = m.lump(2), m.lump(44), m.lump(43)
        out = []
        for k in range(len(td) // 32):
            sid = struct.unpack_from(E + "i", td, 32 * k + 12)[0]
            if not 0 <= sid < len(table) // 4:
                out.append(b"")
                continue
            o = struct.unpack_from(E + "i", table, 4 * sid)[0]
            out.append(_name(data[o:o + 128]) if 0 <= o < len(data) else b"")
        return out
    if fam == "quake3":
        sh = m.lump(1)
        return [_name(sh[72 * k:72 * k + 64]) for k in range(len(sh) // 72)]
    t = m.lump(2)
    return [_name(t[64 * k:64 * k + 64]) for k in range(len(t) // 64)]


def q2_table(m):
    """11.2's quake2 table: the texinfos' distinct names in the order they
    first appear, and each texinfo's place in it."""
    if id(m) in _Q2_TABLES:
        return _Q2_TABLES[id(m)]
    ti = m.lump(5)
    table, place, of = [], {}, []
    for k in range(len(ti) // 76):
        n = _name(ti[76 * k + 40:76 * k + 72])
        if n not in place:
            place[n] = len(table)
            table.append(n)
        of.append(place[n])
    _Q2_TABLES[id(m)] = (table, of)
    return table, of


_Q2_TABLES = {}


def _q3(m, f):
    # (Raven's 148-byte surfaces as Quake 3's fields, slot 0's page)
    return R.q3_surface_record(m, f)


def _nf(m, f):
    return struct.unpack_from("<9i4Bi", m.faces_raw, 48 * f)


def face_texture(m, f, ntex):
    """(texture or -1, the family's raw flags) of face f."""
    fam, E = m.family, m.E
    raw, t = 0, -1
    if fam == "quake3":
        t = _q3(m, f)[0]
        if 0 <= t < ntex:
            raw = struct.unpack_from("<i", m.lump(1), 72 * t + 64)[0]
        return (t if 0 <= t < ntex else -1), raw
    if fam == "nightfire":
        t = _nf(m, f)[6]
        return (t if 0 <= t < ntex else -1), 0
    ti = m.face(f).texinfo
    if ti < 0:
        return -1, 0
    tr = m.texinfo_raw
    if fam in QUAKE:
        t, raw = struct.unpack_from("<ii", tr, 40 * ti + 32)
    elif fam == "quake2":
        raw = struct.unpack_from("<i", tr, 76 * ti + 32)[0]
        t = q2_table(m)[1][ti] if ti < len(tr) // 76 else -1
    else:
        sz = m.texinfo_size
        raw, t = struct.unpack_from(E + "ii", tr, sz * (ti + 1) - 8)
    return (t if 0 <= t < ntex else -1), raw


def surface_flags(m, tex, raw, names):
    out = 0
    for bit, flag in BITS[m.family]:
        if raw & bit:
            out |= flag
    name = names[tex] if tex >= 0 else b""
    if name and m.family in QUAKE:
        if name[:3].lower() == b"sky":
            out |= S_SKY
        elif name[:1] == b"*":
            out |= S_WARP
        elif name[:1] == b"{":
            out |= S_TRANS
    elif name and m.family == "quake2" and name[:1] == b"*":
        out |= S_WARP
    return out


def tool_bits(flags, name):
    out = 0
    for flag, tool in TOOL_OF_FLAG:
        if flags & flag:
            out |= tool
    base = name.replace(b"\\", b"/").split(b"/")[-1].decode("latin-1")
    low = "".join(c.lower() if "A" <= c <= "Z" else c for c in base)
    for tool, words in TOOL_NAMES.items():
        if base and low in words.split():
            out |= tool
    return out


def fold(name):
    return bytes(c + 32 if 65 <= c <= 90 else c for c in name)


# ---- a model's faces -------------------------------------------------------

def model_run(m, model):
    fam, E = m.family, m.E
    raw = m.lump(MODEL_LUMP[fam])
    if fam in QUAKE:
        # (Hexen II: 80-byte models, contract 13.4)
        size = 80 if m.variant == "hexen2" else 64
        at = size - 8
    elif fam == "quake2":
        size, at = 48, 40
    elif fam == "quake3":
        size, at = 40, 24
    elif fam == "nightfire":
        size, at = 56, 48
    else:
        size = 52 if m.variant == "dark_messiah" else 48
        at = size - 8
    if not 0 <= model < len(raw) // size:
        return None
    return struct.unpack_from(E + "ii", raw, size * model + at)


def span(m, model):
    run = model_run(m, model)
    if run is None:
        return None
    first, num = run
    faces = set(range(first, first + num))
    if model == 0 and m.family == "source":
        disp = [f for f in range(m.num_faces) if m.face(f).dispinfo >= 0]
        faces |= set(disp)
    lo = min(faces) if faces else first
    hi = max(faces) + 1 if faces else first
    return lo, hi, faces


# ---- one face's vertices and triangles -------------------------------------

def _lit_q3(m, r):
    side = getattr(m, "q3_side", 128)   # qfusion: 512 x 512 pages (13.3)
    return r[2] in (1, 2, 3) and r[7] >= 0 and (r[7] + 1) * side * side * 3 <= len(m.lighting)


def _vertex(pos, normal, st=None, uv=None, lm=None, alpha=None, color=None):
    present = 0
    present |= VA_ST if st is not None else 0
    present |= VA_UV if uv is not None else 0
    present |= VA_LM if lm is not None else 0
    present |= VA_ALPHA if alpha is not None else 0
    present |= VA_COLOR if color is not None else 0
    return (tuple(pos), tuple(normal), tuple(st or (0.0, 0.0)), tuple(uv or (0.0, 0.0)),
            tuple(lm or (0.0, 0.0)), alpha or 0.0, tuple(color or (0, 0, 0, 0)), present)


class Patches:
    """The patch grids of the map, isolated at S or stitched (curves_ref)."""

    def __init__(self, path, s, stitched):
        self.grids = {}
        self.corrupt = False   # a stitched set refuses a map with a refused patch
        grids = []
        for face, pts, w, h, lod, nodraw in C.read_map(path):
            if pts is None:
                self.corrupt = stitched
                continue
            g = C.build(pts, w, h, C.f32(s))
            g.update(lod=lod, nodraw=nodraw, face=face, stitched=False, fixed=False)
            grids.append(g)
            self.grids[face] = g
        if stitched:
            C.stitch_all(grids)


def face_geometry(m, f, patches, disp_index):
    """(vertices, triangles) of face f; ([], []) when it has no triangles."""
    fam = m.family
    if fam == "quake3":
        r = _q3(m, f)
        if r[2] == 2:
            g = patches.grids.get(f)
            if g is None:
                raise Corrupt()
            lit = _lit_q3(m, r)
            w, h = g["w"], g["h"]
            side = float(getattr(m, "q3_side", 128))
            verts = [_vertex(v.xyz, v.n, uv=v.st, lm=[C.mul(x, side) for x in v.lm] if lit else None,
                             color=v.c) for v in g["v"]]
            tris = []
            for row in range(h - 1):
                for col in range(w - 1):
                    a = row * w + col
                    tris += [(a, a + w, a + 1), (a + 1, a + w, a + w + 1)]
            return verts, tris
        if r[2] not in (1, 3):
            return [], []
        first, count, fi, ni = r[3], r[4], r[5], r[6]
        if ni // 3 == 0:
            return [], []
        ix = m.drawindexes
        if fi < 0 or ni < 0 or (fi + ni) * 4 > len(ix):
            raise Corrupt()
        tris = [struct.unpack_from("<3i", ix, 4 * (fi + 3 * k)) for k in range(ni // 3)]
        if any(not 0 <= i < count for t in tris for i in t):
            raise Corrupt()
    elif fam == "nightfire":
        count = _nf(m, f)[2]
        tris = [(0, k + 1, k + 2) for k in range(count - 2)]
    else:
        fc = m.face(f)
        if fc.dispinfo >= 0:
            d = V.disp(m, fc.dispinfo)
            verts, tris = m.displacement(f)
            ti = V._texture_size(m, fc) if fc.texinfo >= 0 else None
            normal = tuple(m.planes[fc.plane][:3])
            out = []
            for k, p in enumerate(d["verts"]):
                st = d["st"][k] if d["st"] else None
                uv = [R.fdiv(st[0], float(ti[0])), R.fdiv(st[1], float(ti[1]))] if st and ti else None
                out.append(_vertex(p, normal, st=st, uv=uv, lm=d["lm"][k] if d["lm"] else None,
                                   alpha=d["alpha"][k]))
            return out, [tuple(t) for t in tris]
        tris = [(0, k + 1, k + 2) for k in range(max(0, fc.numedges) - 2)]
    if not tris:
        return [], []
    attrs = V.face(m, f)["attrs"]
    verts = [_vertex(a["xyz"], a["normal"], st=a.get("st"), uv=a.get("uv"), lm=a.get("lm"),
                     color=a.get("color")) for a in attrs]
    return verts, tris


# ---- the checksums -----------------------------------------------------------

class Fnv:
    def __init__(self):
        self.h = 0xcbf29ce484222325

    def u32(self, v):
        for k in range(4):
            self.h ^= (v >> (8 * k)) & 0xff
            self.h = (self.h * 0x100000001b3) & 0xffffffffffffffff

    def f(self, x):
        u = struct.unpack("<I", struct.pack("<f", x))[0]
        if (u & 0x7f800000) == 0x7f800000 and u & 0x7fffff:
            u = 0x7fc00000
        self.u32(u)

    def vertex(self, v):
        pos, normal, st, uv, lm, alpha, color, present = v
        for x in pos + normal + st + uv + lm + (alpha,):
            self.f(x)
        self.u32(color[0] | color[1] << 8 | color[2] << 16 | color[3] << 24)
        self.u32(present)

    def hex(self):
        return "%016x" % self.h


def sums(verts, indices):
    a, b = Fnv(), Fnv()
    for v in verts:
        a.vertex(v)
    for i in indices:
        b.u32(i)
    return a.hex(), b.hex()


# ---- the mesh ------------------------------------------------------------------

class Loaded:
    """A map read once for every model asked of it."""

    def __init__(self, path, s, stitched):
        self.m = R.load_map(path)
        V.attach(self.m, path)
        self.names = texture_names(self.m)
        self.patches = Patches(path, s, stitched) if self.m.family == "quake3" else None

    def models(self):
        size = {"quake": 64, "goldsrc": 64, "bsp2": 64, "quake2": 48, "quake3": 40, "nightfire": 56}
        sz = size.get(self.m.family, 52 if self.m.variant == "dark_messiah" else 48)
        return len(self.m.lump(MODEL_LUMP[self.m.family])) // sz


def mesh(L, model, no_tools, with_faces):
    m, names, patches = L.m, L.names, L.patches
    if patches is not None and patches.corrupt:
        return [{"error": "corrupt"}]
    sp = span(m, model)
    if sp is None:
        return [{"error": "bad_model"}]
    lo, hi, faces = sp
    drawn, unbatched = [], []
    for f in range(lo, hi):
        if f not in faces:
            unbatched.append((f, 0))
            continue
        tex, raw = face_texture(m, f, len(names))
        flags = surface_flags(m, tex, raw, names)
        tool = tool_bits(flags, names[tex] if tex >= 0 else b"")
        page = _q3(m, f)[7] if m.family == "quake3" else -1
        if no_tools and tool:
            unbatched.append((f, tool))
            continue
        try:
            verts, tris = face_geometry(m, f, patches, None)
        except (Corrupt, R.QueryError):
            return [{"error": "corrupt"}]
        if not tris:
            unbatched.append((f, tool))
            continue
        drawn.append({"face": f, "tex": tex, "flags": flags, "tool": tool, "page": page,
                      "verts": verts, "tris": tris})
    # one texture per name: the lowest texture index of the faces' with it
    lowest = {}
    for d in drawn:
        t = d["tex"]
        key = fold(names[t]) if t >= 0 and names[t] else ("own", t)
        if key not in lowest or t < lowest[key]:
            lowest[key] = t
    for d in drawn:
        t = d["tex"]
        d["batch_tex"] = lowest[fold(names[t]) if t >= 0 and names[t] else ("own", t)]
    drawn.sort(key=lambda d: (d["batch_tex"], d["flags"], d["page"], d["face"]))
    lines, face_lines, batches = [], [], []
    vert = index = 0
    for d in drawn:
        key = (d["batch_tex"], d["flags"], d["page"])
        if not batches or batches[-1]["key"] != key:
            batches.append({"key": key, "tool": d["tool"], "faces": [], "verts": [], "indices": [],
                            "first_vertex": vert, "first_index": index})
        b = batches[-1]
        base = vert
        idx = [base + i for t in d["tris"] for i in t]
        b["faces"].append(d["face"])
        b["verts"] += d["verts"]
        b["indices"] += idx
        if with_faces:
            vs, isum = sums(d["verts"], idx)
            face_lines.append({"face": d["face"], "batch": len(batches) - 1, "tool": d["tool"],
                               "first_vertex": vert, "vertices": len(d["verts"]), "first_index": index,
                               "indices": len(idx), "vsum": vs, "isum": isum})
        vert += len(d["verts"])
        index += len(idx)
    for k, b in enumerate(batches):
        tex, flags, page = b["key"]
        size = tex_size(m, tex)
        vs, isum = sums(b["verts"], b["indices"])
        lines.append({"batch": k, "texture": tex,
                      "name": names[tex].decode("latin-1") if tex >= 0 else "",
                      "page": page, "flags": flags, "tool": b["tool"], "tex_size": size,
                      "first_vertex": b["first_vertex"], "vertices": len(b["verts"]),
                      "first_index": b["first_index"], "indices": len(b["indices"]),
                      "faces": b["faces"], "vsum": vs, "isum": isum})
    unbatched.sort()
    head = {"model": model, "first_face": lo, "faces": hi - lo, "drawn": len(drawn),
            "batches": len(batches), "vertices": vert, "indices": index,
            "unbatched": [f for f, _t in unbatched], "unbatched_tool": [t for _f, t in unbatched]}
    face_lines.sort(key=lambda x: x["face"])
    return [head] + lines + face_lines


def tex_size(m, tex):
    """11.4: the stored size (quake family miptex, source texdata), both
    positive; None elsewhere."""
    if tex < 0:
        return None
    if m.family in QUAKE:
        t = m.lump(2)
        o = struct.unpack_from("<i", t, 4 + 4 * tex)[0]
        if o < 0 or o + 24 > len(t):
            return None
        w, h = struct.unpack_from("<ii", t, o + 16)
    elif m.family == "source":
        w, h = struct.unpack_from(m.E + "ii", m.lump(2), 32 * tex + 16)
    else:
        return None
    return [w, h] if w > 0 and h > 0 else None


def compare(want, got, what):
    """None, or the FAIL line."""
    for g in got[:1]:
        g.pop("bytes", None)
    for k in range(max(len(want), len(got))):
        a = want[k] if k < len(want) else None
        b = got[k] if k < len(got) else None
        if a != b:
            return ("FAIL mesh %s: line %d differs:\n  reference %s\n  bspkit    %s" %
                    (what, k + 1, json.dumps(a)[:600], json.dumps(b)[:600]))
    return None


def main(argv):
    path, model, s, stitched, no_tools, faces, every = argv[1], 0, 4.0, False, False, False, False
    i = 2
    while i < len(argv):
        a = argv[i]
        if a == "--model":
            model, i = int(argv[i + 1]), i + 1
        elif a == "--subdivisions":
            s, i = float(argv[i + 1]), i + 1
        elif a == "--stitched":
            stitched = True
        elif a == "--no-tools":
            no_tools = True
        elif a == "--faces":
            faces = True
        elif a == "--all-models":
            every = True
        i += 1
    what = "%s%s%s%s" % (path, " S=%g" % s if "--subdivisions" in argv else "",
                         " stitched" if stitched else "", " no tools" if no_tools else "")
    try:
        L = Loaded(path, s, stitched)
    except Exception as e:   # (a map the reference's readers refuse: lc 8 LZMA, ...)
        print("SKIP mesh %s: the reference cannot read it (%s)" % (what, type(e).__name__))
        return 0
    lines = [json.loads(line) for line in sys.stdin if line.strip()]
    models = range(L.models()) if every else [model]
    # the tool's output of each model: a line of the mesh (or an error) and its batches
    runs, cur = [], None
    for j in lines:
        if "model" in j or "error" in j:
            cur = []
            runs.append(cur)
        if cur is None:
            cur = []
            runs.append(cur)
        cur.append(j)
    if len(runs) != len(models):
        print("FAIL mesh %s: %d models, the tool answered %d" % (what, len(models), len(runs)))
        return 1
    totals = [0, 0, 0, 0]
    errors = 0
    for k, got in zip(models, runs):
        want = mesh(L, k, no_tools, faces)
        bad = compare(want, got, "%s model %d" % (what, k))
        if bad:
            print(bad)
            return 1
        h = want[0]
        if "error" in h:
            errors += 1
            continue
        for n, key in enumerate(("batches", "drawn", "vertices", "indices")):
            totals[n] += h[key]
    print("PASS mesh %s: %d model%s%s, %d batches, %d faces, %d vertices, %d indices equal the reference"
          % (what, len(models), "" if len(models) == 1 else "s",
             " (%d corrupt, as the reference)" % errors if errors else "", *totals))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
