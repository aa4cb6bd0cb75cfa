# SPDX-License-Identifier: MIT
"""What a face vertex carries for a renderer: sections 11.3 (normals,
colours, displacement alpha), 11.4 (texture coordinates and sizes) and 11.5
(lightmap coordinates, Valve's grid on displacements) of the contract
(QUERIES.md), written from its text alone.

    attach(m, path)        reads what the sections need beside bspref's map
    face(m, f)             {"tex_size", "lm_size" | "lm_status", "normal_source",
                            "attrs": [per stored vertex {xyz, normal, (tangent,
                            bitangent), (color), st, uv, (lm)}]}
    disp(m, i)             {"disp", "face", "power", "alpha", "verts", "st", "lm"}

float32 through bspref's helpers, every operation in the contract's order.
"""

import struct
import sys

if "bspref" not in sys.modules:
    import os
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bspref as R  # noqa: E402
import bspref_bspx as X  # noqa: E402

f32, fadd, fsub, fmul, fdiv, fdot = R.f32, R.fadd, R.fsub, R.fmul, R.fdiv, R.fdot
QUAKE_FAMILY = ("quake", "bsp2", "goldsrc")
Q3_PAGE = 128 * 128 * 3


def attach(m, path):
    with open(path, "rb") as fh:
        data = fh.read()
    X.attach(m, path)
    m.facenormals = None
    if m.family in QUAKE_FAMILY + ("quake2",):
        _pos, entries = X.directory(data, m.family)
        for name, ofs, ln in entries:
            if name == b"FACENORMALS":
                m.facenormals = _facenormals(m, data[ofs:ofs + ln])
                break
    return m


def _numedges(m):
    return [max(0, m.face(f).numedges) for f in range(m.num_faces)]


def _facenormals(m, lump):
    """11.3: valid when exactly 4 + 12n + 12 * sum(numedges) bytes and
    every index below n; else None (ignored)."""
    if len(lump) < 4:
        return None
    n = struct.unpack_from("<I", lump, 0)[0]
    counts = _numedges(m)
    total = sum(counts)
    if len(lump) != 4 + 12 * n + 12 * total:
        return None
    vecs = [struct.unpack_from("<3f", lump, 4 + 12 * i) for i in range(n)]
    idx = struct.unpack_from("<%dI" % (3 * total), lump, 4 + 12 * n)
    if any(i >= n for i in idx):
        return None
    first, at = [], 0
    for c in counts:
        first.append(at)
        at += c
    return vecs, idx, first


def texdot(p, v):
    return fadd(fdot(p, v[:3]), v[3])


# ---- per family: stored vertices, axes, sizes, normals -------------------

def _q3_surface(m, f):
    return R.q3_surface_record(m, f)   # (Raven's surfaces too, 13.3)


def _q3_face(m, f):
    r = _q3_surface(m, f)
    first, count = r[3], r[4]
    side = getattr(m, "q3_side", 128)   # qfusion: 512 x 512 pages (13.3)
    if count < 0 or first < 0 or first + count > len(m.drawverts) // m.drawvert_size:
        raise R.corrupt()
    lit = (r[2] in (1, 2, 3) and r[7] >= 0 and (r[7] + 1) * side * side * 3 <= len(m.lighting))
    attrs = []
    for k in range(count):
        v = R.q3_drawvert(m, first + k)
        a = {"xyz": v[0:3], "normal": v[7:10], "color": list(v[10:14]), "st": None,
             "uv": v[3:5]}
        if lit:
            a["lm"] = [fmul(v[5], float(side)), fmul(v[6], float(side))]
        attrs.append(a)
    out = {"tex_size": None, "normal_source": "drawverts", "attrs": attrs}
    if lit:
        out["lm_size"], out["lm_page"] = [side, side], r[7]
    else:
        out["lm_status"] = "no_lightmap"
    return out


def _nightfire(m, f):
    r = struct.unpack_from("<9i", m.faces_raw, 48 * f)
    first, count = r[1], r[2]
    if count < 0 or first < 0 or first + count > len(m.vertices):
        raise R.corrupt()
    pts = m.vertices[first:first + count]
    pi = r[8]
    axes = None
    if 0 <= pi < len(m.projections) // 32:
        axes = (struct.unpack_from("<4f", m.projections, 32 * pi),
                struct.unpack_from("<4f", m.projections, 32 * pi + 16))
    plane = m.planes[r[0]][:3]
    return pts, axes, None, [tuple(plane)] * count


def _texture_size(m, fc):
    """11.4: the miptex (quake family) or texdata (source) size, None
    elsewhere, when both are positive."""
    if m.family in QUAKE_FAMILY:
        tex = m.lump(2)
        mi = struct.unpack_from("<i", m.texinfo_raw, 40 * fc.texinfo + 32)[0]
        if len(tex) < 4 or not 0 <= mi < struct.unpack_from("<i", tex, 0)[0]:
            return None
        ofs = struct.unpack_from("<i", tex, 4 + 4 * mi)[0]
        if ofs < 0 or ofs + 24 > len(tex):
            return None
        w, h = struct.unpack_from("<ii", tex, ofs + 16)
    elif m.family == "source":
        td = struct.unpack_from(m.E + "i", m.texinfo_raw, m.texinfo_size * (fc.texinfo + 1) - 4)[0]
        tex = m.lump(2)
        if not 0 <= td < len(tex) // 32:
            return None
        w, h = struct.unpack_from(m.E + "ii", tex, 32 * td + 16)
    else:
        return None
    return [w, h] if w > 0 and h > 0 else None


def _plane_normal(m, fc):
    n = m.planes[fc.plane][:3]
    if fc.side and m.family != "source":
        n = tuple(f32(-x) + 0.0 for x in n)   # a negated zero stays +0
    return tuple(n)


def _vertnormals(m, f, count):
    """11.3 source: lumps 30 and 31, one index per face vertex, faces in
    order; None when either lump is empty."""
    normals, index = m.lump(30), m.lump(31)
    if not normals or not index:
        return None
    wide = m.version == 25 and _lump_version(m, 31) == 1   # Strata: uint32
    r = sum(max(0, m.face(g).numedges) for g in range(f))
    size = 4 if wide else 2
    out = []
    for k in range(count):
        if (r + k + 1) * size > len(index):
            raise R.corrupt()
        i = struct.unpack_from(m.E + ("I" if wide else "H"), index, size * (r + k))[0]
        if (i + 1) * 12 > len(normals):
            raise R.corrupt()
        out.append(struct.unpack_from(m.E + "3f", normals, 12 * i))
    return out


def _lump_version(m, lump):
    for i, _o, _l, ver, _c, _s in m.lumps_info:
        if i == lump:
            return ver
    return 0


def _start_corner(m, fc, corners):
    di = m.lump(26)
    stride = m.dispinfo_stride
    sp = struct.unpack_from(m.E + "3f", di, stride * fc.dispinfo)
    best, start = None, 0
    for i, c in enumerate(corners):
        d = [fsub(c[k], sp[k]) for k in range(3)]
        dd = fdot(d, d)
        if best is None or dd < best:
            best, start = dd, i
    return start


def luxel_corners(U, V):
    """11.5: the centres of the block's corner luxels at P0 .. P3."""
    hu, hv = fadd(float(U), 0.5), fadd(float(V), 0.5)
    return [(0.5, 0.5), (0.5, hv), (hu, hv), (hu, 0.5)]


def blend(c, n, k):
    """11.5's displacement rule: grid vertex k = r*n + col of the corner
    values c[0..3], in its order of float operations."""
    inv = fdiv(1.0, float(n - 1))
    r, col = float(k // n), float(k % n)
    out = []
    for a in range(2):
        e0 = fmul(fsub(c[1][a], c[0][a]), inv)
        e1 = fmul(fsub(c[2][a], c[3][a]), inv)
        A = fadd(fmul(e0, r), c[0][a])
        B = fadd(fmul(e1, r), c[3][a])
        S = fmul(fsub(B, A), inv)
        out.append(fadd(A, fmul(S, col)))
    return out


def _lightmap(m, f):
    """(W, H, lu(p) -> [lu, lv]) of the face's slot-0 block, or None."""
    fc = m.face(f)
    try:
        if m.family == "nightfire":
            lm = R._light().nightfire_lightmap(m, fc, 0)
            lo = lm["tmins"]
            return lm["W"], lm["H"], lambda p: [fadd(fsub(texdot(p, lm["vecs"][a]), f32(lo[a])), 0.5)
                                                for a in range(2)]
        if getattr(m, "bspx", None) is not None:
            rule = m.bspx.rule(f, 0)
            if rule["kind"] == "decoupled":
                return rule["W"], rule["H"], lambda p: [fadd(texdot(p, rule["vecs"][a]), 0.5)
                                                        for a in range(2)]
            L, tm = float(rule["L"]), rule["tmins"]
            return rule["W"], rule["H"], lambda p: [
                fadd(fdiv(fsub(texdot(p, rule["vecs"][a]), f32(tm[a])), L), 0.5) for a in range(2)]
        lm = m.lightmap_info(f)
    except (R.QueryError, X.NoLightmap) as e:
        if isinstance(e, R.QueryError) and e.name != "no_lightmap":
            raise
        return None
    if m.family == "source":
        mins = lm["mins"]
        return lm["W"], lm["H"], lambda p: [fadd(fsub(texdot(p, lm["vecs"][a]), f32(mins[a])), 0.5)
                                            for a in range(2)]
    tm = lm["tmins"]
    return lm["W"], lm["H"], lambda p: [fadd(fdiv(fsub(texdot(p, lm["vecs"][a]), f32(tm[a])), 16.0), 0.5)
                                        for a in range(2)]


def face(m, f):
    if not 0 <= f < m.num_faces:
        raise R.QueryError("bad_face")
    if m.family == "quake3":
        return _q3_face(m, f)
    size, source = None, "plane"
    if m.family == "nightfire":
        pts, axes, _n, normals = _nightfire(m, f)
    else:
        fc = m.face(f)
        pts = m.face_vertices(fc)
        axes = None
        if fc.texinfo >= 0:
            axes = m.texinfo(fc.texinfo)["vecs"]
            size = _texture_size(m, fc)
        normals = [_plane_normal(m, fc)] * len(pts)
        tangents = None
        vn = _vertnormals(m, f, len(pts)) if m.family == "source" else None
        fn = getattr(m, "facenormals", None)
        if vn is not None:
            normals, source = vn, "vertnormals"
        elif fn is not None:
            vecs, idx, first = fn
            at = [first[f] + k for k in range(len(pts))]
            normals = [vecs[idx[3 * i]] for i in at]
            tangents = [(vecs[idx[3 * i + 1]], vecs[idx[3 * i + 2]]) for i in at]
            source = "facenormals"
    lit = _lightmap(m, f)
    disp_lm = None
    if m.family == "source" and fc.dispinfo >= 0 and lit is not None:
        c = luxel_corners(fc.lsize[0], fc.lsize[1])
        start = _start_corner(m, fc, pts)
        disp_lm = [c[(k - start) % 4] for k in range(len(pts))]
    attrs = []
    for k, p in enumerate(pts):
        a = {"xyz": p, "normal": normals[k]}
        if source == "facenormals":
            a["tangent"], a["bitangent"] = tangents[k]
        st = [texdot(p, axes[0]), texdot(p, axes[1])] if axes else None
        a["st"] = st
        a["uv"] = [fdiv(st[0], float(size[0])), fdiv(st[1], float(size[1]))] if st and size else None
        if lit is not None:
            a["lm"] = list(disp_lm[k]) if disp_lm else lit[2](p)
        attrs.append(a)
    out = {"tex_size": size, "normal_source": source if pts else "plane", "attrs": attrs}
    if lit is not None:
        out["lm_size"] = [lit[0], lit[1]]
    else:
        out["lm_status"] = "no_lightmap"
    return out


def disp(m, i):
    """11.3 - 11.5 on displacement i's grid (8.14's vertex order)."""
    stride = m.dispinfo_stride
    di = m.lump(26)
    if not 0 <= i < len(di) // stride:
        raise R.QueryError("bad_disp")
    faces = [f for f in range(m.num_faces) if m.face(f).dispinfo == i]
    if not faces:
        raise R.corrupt()
    f = faces[0]
    fc = m.face(f)
    verts, _tris = m.displacement(f)
    power = struct.unpack_from(m.E + "i", di, stride * i + 20)[0]
    vstart = struct.unpack_from(m.E + "i", di, stride * i + 12)[0]
    n = (1 << power) + 1
    dv = m.lump(33)
    alpha = [struct.unpack_from(m.E + "f", dv, 20 * (vstart + k) + 16)[0] for k in range(n * n)]
    corners = m.face_vertices(fc)
    start = _start_corner(m, fc, corners)
    P = [corners[(start + j) % 4] for j in range(4)]
    st = None
    if fc.texinfo >= 0:
        axes = m.texinfo(fc.texinfo)["vecs"]
        c = [(texdot(p, axes[0]), texdot(p, axes[1])) for p in P]
        st = [blend(c, n, k) for k in range(n * n)]
    lm = None
    if _lightmap(m, f) is not None:
        c = luxel_corners(fc.lsize[0], fc.lsize[1])
        lm = [blend(c, n, k) for k in range(n * n)]
    return {"disp": i, "face": f, "power": power, "alpha": alpha, "verts": verts, "st": st, "lm": lm}
