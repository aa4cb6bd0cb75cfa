# SPDX-License-Identifier: MIT
"""The lighting sections of the contract for bspref.py: Nightfire and
Quake 3 luxels (docs/queries.md 4), the `ambient` query (sections 6 and 7).
Written from docs/queries.md; float32 arithmetic through bspref's helpers."""

import math
import re
import struct

import bspref as R

# tr.sinTable[4 * b] as docs/queries.md gives it (IEEE single bits).
_SIN_HEX = """
00000000 3cc93cfc 3d492d70 3d96cea6 3dc8ef48 3dfaf0de 3e1665d7 3e2f3c03
3e47f71a 3e60934e 3e790ccd 3e88afe9 3e94c44d 3ea0c1b5 3eaca647 3eb8702c
3ec41d90 3ecfaca9 3edb1bab 3ee668d1 3ef1925f 3efc969a 3f03b9e7 3f091427
3f0e5938 3f13884c 3f18a094 3f1da147 3f22899f 3f2758da 3f2c0e3a 3f30a905
3f352883 3f398c05 3f3dd2dc 3f41fc5e 3f4607e7 3f49f4d8 3f4dc294 3f517086
3f54fe1c 3f586ac9 3f5bb606 3f5edf51 3f61e62c 3f64ca20 3f678abb 3f6a278f
3f6ca036 3f6ef44e 3f712379 3f732d63 3f7511ba 3f76d034 3f78688c 3f79da82
3f7b25dd 3f7c4a6b 3f7d47fd 3f7e1e6e 3f7ecd9b 3f7f556a 3f7fb5c5 3f7fee9e
3f7fffec 3f7fe9ad 3f7fabe3 3f7f4698 3f7eb9dc 3f7e05c5 3f7d2a6e 3f7c27fa
3f7afe90 3f79ae5e 3f783799 3f769a79 3f74d740 3f72ee32 3f70df9b 3f6eabcd
3f6c531f 3f69d5ed 3f67349b 3f646f8e 3f618737 3f5e7c07 3f5b4e77 3f57ff05
3f548e34 3f50fc8a 3f4d4a97 3f4978eb 3f45881f 3f4178ce 3f3d4b99 3f390124
3f349a19 3f301724 3f2b78fd 3f26c058 3f21edef 3f1d0281 3f17fed1 3f12e3a5
3f0db1c7 3f086a04 3f030d2e 3efb3830 3ef02f2b 3ee50113 3ed9af98 3ece3c7b
3ec2a981 3eb6f874 3eab2b21 3e9f435b 3e9342fb 3e872bd9 3e75ffab 3e5d81a1
3e44e14c 3e2c229e 3e134957 3df4b29b 3dc2acbb 3d9088c6 3d3c9cfa 3cb01686
bb4940ec bce262de bd55bd52 bd9d143b bdcf3164 be009745 be1981fa be3254f7
be4b0c66 be63a476 be7c195a be8a33a5 be964543 bea23faa beae20fe beb9e774
bec59128 bed11c55 bedc8734 bee7cfff bef2f4fa befdf46b bf046650 bf09bdf5
bf0f0052 bf142c97 bf1941fa bf1e3fac bf2324eb bf27f0f5 bf2ca30c bf313a76
bf35b67f bf3a1674 bf3e59a9 bf427f75 bf468734 bf4a7049 bf4e3a14 bf51e402
bf556d82 bf58d608 bf5c1d0d bf5f4211 bf624495 bf652424 bf67e04c bf6a78a0
bf6cecba bf6f3c3a bf7166c2 bf736bfe bf754b9d bf770556 bf7898e5 bf7a060b
bf7b4c8f bf7c6c40 bf7d64f0 bf7e367a bf7ee0bc bf7f639e bf7fbf09 bf7ff2f2
bf7fff4e bf7fe41d bf7fa162 bf7f3728 bf7ea57f bf7dec7f bf7d0c42 bf7c04ed
bf7ad6a7 bf7981a0 bf78060c bf766426 bf749c2e bf72ae6b bf709b29 bf6e62ba
bf6c0577 bf6983bb bf66ddec bf641470 bf6127b8 bf5e1835 bf5ae662 bf5792bd
bf541dc4 bf50880a bf4cd218 bf48fc81 bf4507db bf40f4c5 bf3cc3de bf3875cd
bf340b3c bf2f84d9 bf2ae359 bf262770 bf2151dc bf1c635b bf175cb1 bf123ea3
bf0d09fd bf07bf8d bf026023 bef9d929 beeecb71 bee398d4 bed8430c becccbcb
bec134f5 beb58045 bea9af8a be9dc498 be91c145 be85a76d be72f1dd be5a6f57
be41cb11 be2908da be102c84 bdee73d1 bdbc69c2 bd8a4296 bd300c1b bc96efaf
"""
SIN = [struct.unpack("<f", struct.pack("<I", int(h, 16)))[0] for h in _SIN_HEX.split()]
assert len(SIN) == 256

Q3_PAGE = 128 * 128 * 3


def _err(name):
    return R.QueryError(name)


# ---- Nightfire luxel (section 4) -----------------------------------------

def nightfire_lightmap(m, fc, slot):
    if (fc.lightofs < 0 or slot >= 4 or fc.styles[slot] == 255 or not m.lighting):
        raise _err("no_lightmap")
    nproj = len(m.projections) // 32
    first, count = fc.firstedge, fc.numedges
    if (fc.texinfo < 0 or fc.texinfo >= nproj or count < 1 or first < 0
            or first + count > len(m.vertices)):
        raise R.corrupt()
    vecs = (struct.unpack_from("<4f", m.projections, 32 * fc.texinfo),
            struct.unpack_from("<4f", m.projections, 32 * fc.texinfo + 16))
    pts = m.vertices[first:first + count]
    lo_hi = []
    for ax in range(2):
        a = vecs[ax]
        vals = [R.f32(((v[0] * a[0] + v[1] * a[1]) + v[2] * a[2]) + a[3]) for v in pts]
        lo, hi = min(vals), max(vals)
        if any(x != x or x in (R.INF, -R.INF) for x in (lo, hi)):
            raise R.corrupt()
        lo_hi.append((math.floor(lo), math.ceil(hi)))
    W = lo_hi[0][1] - lo_hi[0][0] + 1
    H = lo_hi[1][1] - lo_hi[1][0] + 1
    start = fc.lightofs + 3 * slot * W * H
    if W < 1 or H < 1 or start + 3 * W * H > len(m.lighting):
        raise _err("no_lightmap")
    return {"W": W, "H": H, "B": 1, "vecs": vecs, "tmins": [lo_hi[0][0], lo_hi[1][0]],
            "div": 1.0, "base": start, "P": 3}


def nightfire_face(m, f):
    r = struct.unpack_from("<3i24xi4Bi", m.faces_raw, 48 * f)
    fc = R.Face()
    fc.plane, fc.side = r[0], 0
    fc.firstedge, fc.numedges = r[1], r[2]     # vertex range
    fc.texinfo = r[3]                          # lightmap projection
    fc.dispinfo = -1
    fc.styles = r[4:8]
    fc.lightofs = r[8]
    return fc


# ---- Quake 3 luxel (section 4) -------------------------------------------

def _sub(a, b):
    return [R.fsub(a[k], b[k]) for k in range(3)]


def _cross(a, b):
    return [R.fsub(R.fmul(a[1], b[2]), R.fmul(a[2], b[1])),
            R.fsub(R.fmul(a[2], b[0]), R.fmul(a[0], b[2])),
            R.fsub(R.fmul(a[0], b[1]), R.fmul(a[1], b[0]))]


def q3_surface(m, f):
    """type, firstVert, numVerts, firstIndex, numIndexes and slot 0's page
    (Raven, contract 13.3: lightmapNum[0] after the 8 style bytes; -1 when
    lightmapStyles[0] is 255)."""
    if getattr(m, "raven", False):
        r = struct.unpack_from("<8x5i4B4xi", m.faces_raw, 148 * f)
        return r[:5] + ((-1 if r[5] == 255 else r[9]),)
    return struct.unpack_from("<8x6i", m.faces_raw, 104 * f)


def q3_triangles(m, f):
    """The surface's triangles as lists of 3 draw vertices (corrupt checked)."""
    _typ, fv, nv, fi, ni, _lm = q3_surface(m, f)
    tris = ni // 3 if ni >= 0 else 0
    nidx = len(m.drawindexes) // 4
    size = 80 if getattr(m, "raven", False) else 44   # Raven: lightmap[4][2]
    nvert = len(m.drawverts) // size
    if tris and (fi < 0 or fi + 3 * tris > nidx):
        raise R.corrupt()
    out = []
    for k in range(tris):
        tri = []
        for c in range(3):
            idx = struct.unpack_from("<i", m.drawindexes, 4 * (fi + 3 * k + c))[0]
            if idx < 0 or idx >= nv or fv < 0 or fv + idx >= nvert:
                raise R.corrupt()
            tri.append(struct.unpack_from("<7f", m.drawverts, size * (fv + idx)))
        out.append(tri)
    return out


def q3_luxel(m, f, p, slot=0):
    if f < 0 or f >= m.num_faces:
        raise _err("bad_face")
    typ, _fv, _nv, _fi, _ni, page = q3_surface(m, f)
    if typ == 2:
        raise _err("unsupported")
    if typ not in (1, 3) or page < 0 or slot != 0:
        raise _err("no_lightmap")
    side = getattr(m, "q3_side", 128)   # qfusion's pages: 512 x 512
    page_bytes = side * side * 3
    if page * page_bytes + page_bytes > len(m.lighting):
        raise _err("no_lightmap")
    best = None
    for k, (A, B, C) in enumerate(q3_triangles(m, f)):
        e1, e2, w = _sub(B, A), _sub(C, A), _sub(p, A)
        d00, d01, d11 = R.fdot(e1, e1), R.fdot(e1, e2), R.fdot(e2, e2)
        d20, d21 = R.fdot(w, e1), R.fdot(w, e2)
        den = R.fsub(R.fmul(d00, d11), R.fmul(d01, d01))
        n = _cross(e1, e2)
        nn = R.fdot(n, n)
        if not (den > 0 and nn > 0):
            continue
        b1 = R.fdiv(R.fsub(R.fmul(d11, d20), R.fmul(d01, d21)), den)
        b2 = R.fdiv(R.fsub(R.fmul(d00, d21), R.fmul(d01, d20)), den)
        b0 = R.fsub(R.fsub(1.0, b1), b2)
        if not (b0 >= 0 and b1 >= 0 and b2 >= 0):
            continue
        q = R.fdot(w, n)
        dsq = R.fdiv(R.fmul(q, q), nn)
        if best is None or dsq < best[0]:
            best = (dsq, (b0, b1, b2), (A, B, C))
    if best is None:
        raise _err("not_on_face")
    b, corners = best[1], best[2]
    uv = []
    for ax in (5, 6):
        uv.append(R.fadd(R.fadd(R.fmul(b[0], corners[0][ax]), R.fmul(b[1], corners[1][ax])),
                         R.fmul(b[2], corners[2][ax])))
    i = R.clampi(R.ffloor(R.fmul(uv[0], float(side))), 0, side - 1)
    j = R.clampi(R.ffloor(R.fmul(uv[1], float(side))), 0, side - 1)
    at = page * page_bytes + 3 * (j * side + i)
    raw = bytes(m.lighting[at:at + 3])
    return i, j, raw, [R.fdiv(float(c), 255.0) for c in raw]


# ---- ambient: Source (section 7) -----------------------------------------

def _decode_cube(b, at):
    cube = []
    for side in range(6):
        e = b[at + 4 * side + 3]
        e = e - 256 if e >= 128 else e
        rgb = [R.ldexpf(float(b[at + 4 * side + c]), e) for c in range(3)]
        if any(v in (R.INF, -R.INF) for v in rgb):
            raise R.corrupt()
        cube.append(rgb)
    return cube


def source_ambient(m, p):
    idx, smp = m.ambient_index, m.ambient_samples
    lumps = bool(idx) and bool(smp)
    in_leaf = m.leaf_cube   # v17, Strata and Vindictus leaves carry no cube
    if not lumps and not in_leaf:
        raise _err("no_ambient")
    L = m.point_leaf(p)
    if not lumps:
        return {"leaf": L, "from": L, "first": -1, "count": 1,
                "cube": _decode_cube(m.leaf_blob, L * 56 + 30)}
    entries = len(idx) // m.ambient_size

    def entry(i):
        return struct.unpack_from(m.E + m.ambient_fmt, idx, m.ambient_size * i)
    if L >= entries:
        raise R.corrupt()
    n, s = entry(L)
    rl = L
    if n == 0 and s != 0:
        rl = s
        if rl >= entries:
            raise R.corrupt()
        n, s = entry(rl)
    if n == 0:
        raise _err("no_ambient")
    if s + n > len(smp) // 28:
        raise R.corrupt()
    res = {"leaf": L, "from": rl, "first": s, "count": n}
    if n == 1:
        res["cube"] = _decode_cube(smp, 28 * s)
        return res
    if rl >= len(m.leaves):
        raise R.corrupt()
    mins, maxs = m.leaves[rl][2], m.leaves[rl][3]
    # int16 bounds (Valve) subtract exactly; Strata's are floats
    h = [R.fmul(R.fsub(float(maxs[a]), float(mins[a])), 0.5) for a in range(3)]
    k255 = R.fdiv(2.0, 255.0)
    total = 0.0
    out = [[0.0] * 3 for _ in range(6)]
    for k in range(s, s + n):
        colour = _decode_cube(smp, 28 * k)
        pos = [R.fadd(float(mins[a]), R.fmul(R.fmul(float(smp[28 * k + 24 + a]), h[a]), k255))
               for a in range(3)]
        d = _sub(pos, p)
        factor = R.fdiv(1.0, R.fadd(R.fdot(d, d), 1.0))
        total = R.fadd(total, factor)
        for side in range(6):
            for ch in range(3):
                out[side][ch] = R.fadd(out[side][ch], R.fmul(colour[side][ch], factor))
    inv = R.fdiv(1.0, total)
    res["cube"] = [[R.fmul(out[side][ch], inv) for ch in range(3)] for side in range(6)]
    return res


# ---- ambient: Quake 3 light grid (section 7) -----------------------------

def com_tokens(text):
    """COM_ParseExt tokens (line breaks allowed) of the text up to a NUL."""
    text = text.split(b"\0", 1)[0]
    i, n = 0, len(text)
    while True:
        while True:
            while i < n and text[i] <= 32:
                i += 1
            if i >= n:
                return
            if text.startswith(b"//", i):
                while i < n and text[i] != 10:
                    i += 1
            elif text.startswith(b"/*", i):
                j = text.find(b"*/", i + 2)
                i = n if j < 0 else j + 2
            else:
                break
        if text[i] == 34:
            j = text.find(b'"', i + 1)
            if j < 0:
                yield text[i + 1:]
                return
            yield text[i + 1:j]
            i = j + 1
        else:
            j = i
            while j < n and text[j] > 32:
                j += 1
            yield text[i:j]
            i = j


_SCAN_DEC = re.compile(rb"[ \t\n\v\f\r]*([+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)")
# C99 (glibc) %f reads hexadecimal floats too; "0x" without a digit fails
_SCAN_HEX = re.compile(rb"[ \t\n\v\f\r]*([+-]?0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?[0-9]+)?)")
_SCAN_HEX_START = re.compile(rb"[ \t\n\v\f\r]*[+-]?0[xX]")
_SCAN_SPECIAL = re.compile(rb"[ \t\n\v\f\r]*([+-]?)(infinity|inf|nan)", re.I)


def scanf_floats(value, size):
    """sscanf(value, "%f %f %f") into size (fields not read keep theirs)."""
    pos = 0
    for k in range(3):
        sm = _SCAN_SPECIAL.match(value, pos)
        if sm:
            size[k] = float("nan") if sm.group(2).lower() == b"nan" else R.INF
            pos = sm.end()
            continue
        dm = _SCAN_HEX.match(value, pos)
        if not dm and _SCAN_HEX_START.match(value, pos):
            return
        dm = dm or _SCAN_DEC.match(value, pos)
        if not dm:
            return
        v = R.parse_strtof(dm.group(1))
        size[k] = R.INF if v is None else v
        pos = dm.end()


def grid_size(m):
    size = [64.0, 64.0, 128.0]
    toks = com_tokens(m.entities)
    first = next(toks, b"")
    if not first or first[:1] != b"{":
        return size
    while True:
        key = next(toks, b"")
        if not key or key[:1] == b"}":
            break
        val = next(toks, b"")
        if not val or val[:1] == b"}":
            break
        if key.lower() == b"gridsize":
            scanf_floats(val[:1023], size)
    return size


def _floor(x):
    """floorf as a float (inf and nan are their own floor)."""
    return x if x != x or x in (R.INF, -R.INF) else float(math.floor(x))


def _fsqrt(x):
    return R.f32(math.sqrt(x))


def _raven_corner(m, cell, style):
    """Contract 13.3: the cell's light array entry names a 30-byte point
    (ambient[4][3], directed[4][3], styles[4], latLong[2]). Returns None for
    a corner left out (styles[0] 255), else (ambient, directed, lat, lng)
    of the first slot whose style is asked (zeros when none; slots end at
    the first 255)."""
    point = struct.unpack_from("<H", m.lightarray, 2 * cell)[0]
    if point >= len(m.lightgrid) // 30:
        raise R.corrupt()
    d = m.lightgrid[30 * point:30 * point + 30]
    styles = d[24:28]
    if styles[0] == 255:
        return None
    amb, dird = (0, 0, 0), (0, 0, 0)
    for k in range(4):
        if styles[k] == 255:
            break
        if styles[k] == style:
            amb, dird = d[3 * k:3 * k + 3], d[12 + 3 * k:15 + 3 * k]
            break
    return amb, dird, d[28], d[29]


def q3_ambient(m, p, style=0):
    raven = getattr(m, "raven", False)
    size = grid_size(m)
    mins, maxs = m.models[0][0], m.models[0][1]
    inv, origin, bounds = [], [], []
    for a in range(3):
        if not (size[a] == size[a] and size[a] not in (R.INF, -R.INF) and size[a] > 0):
            raise _err("no_ambient")
        inv.append(R.fdiv(1.0, size[a]))
        origin.append(R.fmul(size[a], -_floor(-R.fdiv(mins[a], size[a]))))
        top = R.fmul(size[a], _floor(R.fdiv(maxs[a], size[a])))
        b = R.fadd(R.fdiv(R.fsub(top, origin[a]), size[a]), 1.0)
        if not b >= 1.0:
            raise _err("no_ambient")
        bounds.append(int(b))
    cells = bounds[0] * bounds[1] * bounds[2]
    if raven and (len(m.lightarray) != 2 * cells or len(m.lightgrid) % 30):
        raise _err("no_ambient")
    if not raven and len(m.lightgrid) != 8 * cells:
        raise _err("no_ambient")
    frac, pos = [], []
    for a in range(3):
        v = R.fmul(R.fsub(p[a], origin[a]), inv[a])
        fl = R.ffloor(v)
        frac.append(R.fsub(v, float(fl)) if fl is not None else float("nan"))
        pos.append(R.clampi(fl, 0, bounds[a] - 1))
    total = 0.0
    amb, dird, direction = [0.0] * 3, [0.0] * 3, [0.0] * 3
    for i in range(8):
        factor = 1.0
        cell = list(pos)
        skip = False
        for j in range(3):
            if i & (1 << j):
                if pos[j] + 1 > bounds[j] - 1:
                    skip = True
                    break
                factor = R.fmul(factor, frac[j])
                cell[j] += 1
            else:
                factor = R.fmul(factor, R.fsub(1.0, frac[j]))
        if skip:
            continue
        at = cell[0] + cell[1] * bounds[0] + cell[2] * bounds[0] * bounds[1]
        if raven:
            got = _raven_corner(m, at, style)
            if got is None:
                continue
            ca, cd, lng, lat = got
        else:
            d = m.lightgrid[8 * at:8 * at + 8]
            if d[0] == 0 and d[1] == 0 and d[2] == 0:
                continue
            ca, cd, lat, lng = d[0:3], d[3:6], d[7], d[6]
        total = R.fadd(total, factor)
        for c in range(3):
            amb[c] = R.fadd(amb[c], R.fmul(factor, float(ca[c])))
            dird[c] = R.fadd(dird[c], R.fmul(factor, float(cd[c])))
        n = (R.fmul(SIN[(lat + 64) & 255], SIN[lng]), R.fmul(SIN[lat], SIN[lng]),
             SIN[(lng + 64) & 255])
        for c in range(3):
            direction[c] = R.fadd(direction[c], R.fmul(n[c], factor))
    if total > 0 and total < R.f32(0.99):
        s = R.fdiv(1.0, total)
        amb = [R.fmul(x, s) for x in amb]
        dird = [R.fmul(x, s) for x in dird]
    len2 = R.fdot(direction, direction)
    if len2 == 0:
        out_dir = [0.0, 0.0, 0.0]
    else:
        il = R.fdiv(1.0, _fsqrt(len2))
        out_dir = [R.fmul(x, il) for x in direction]
    return {"cell": pos, "ambient": [R.fdiv(x, 255.0) for x in amb],
            "directed": [R.fdiv(x, 255.0) for x in dird], "dir": out_dir}


def ambient(m, p, style=0):
    if m.family == "source" and not getattr(m, "unlit", False):
        return source_ambient(m, p)
    if m.family == "quake3":
        return q3_ambient(m, p, style)
    raise _err("unsupported")


def _vec(v):
    return "[%s]" % ",".join(R.fmt_g9(x) for x in v)


def ambient_json(a):
    if "cube" in a:
        return ('{"q":"ambient","leaf":%d,"from":%d,"first":%d,"count":%d,"cube":[%s]}'
                % (a["leaf"], a["from"], a["first"], a["count"],
                   ",".join(_vec(c) for c in a["cube"])))
    return ('{"q":"ambient","cell":[%d,%d,%d],"ambient":%s,"directed":%s,"dir":%s}'
            % (a["cell"][0], a["cell"][1], a["cell"][2], _vec(a["ambient"]),
               _vec(a["directed"]), _vec(a["dir"])))


# ---- query points ----------------------------------------------------------

def luxel_point(m, f, rng):
    """A point over face f for a luxel query (None: no usable geometry)."""
    try:
        if m.family == "quake3":
            tris = q3_triangles(m, f)
            if not tris:        # patches, flares: their own answers
                return (0.0, 0.0, 0.0)
            A, B, C = tris[rng.randrange(len(tris))]
            w = [rng.random() for _ in range(3)]
            t = sum(w)
            return tuple((A[k] * w[0] + B[k] * w[1] + C[k] * w[2]) / t + rng.uniform(-2, 2)
                         * (1 if k == 2 else 0) for k in range(3))
        fc = m.face(f)
        pts = m.vertices[fc.firstedge:fc.firstedge + fc.numedges] if fc.numedges > 0 else []
    except (R.QueryError, struct.error):
        return None
    if not pts:
        return None
    return tuple(sum(v[k] for v in pts) / len(pts) + rng.uniform(-2.0, 2.0) for k in range(3))
