# SPDX-License-Identifier: MIT
"""An independent reading of docs/queries.md 11.9: the grids id's renderer
builds from a Quake 3 map's patches, isolated or stitched, every float
operation rounded to single precision (struct, one operation at a time),
printed as `bspkit patches --hex` prints them, and compared.

    curves_ref.py MAP S [--stitched] < bspkit patches MAP --subdivisions S --hex [--stitched]

Prints one PASS or FAIL line (NaNs compare equal to any NaN).
"""
import json
import math
import struct
import sys

_F = struct.Struct("<f")
GRID = 65
FLAT = 999.0


def f32(x):
    try:
        return _F.unpack(_F.pack(x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def add(a, b): return f32(a + b)
def sub(a, b): return f32(a - b)
def mul(a, b): return f32(a * b)


def div(a, b):
    if b == 0.0:
        if a == 0.0 or a != a:
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)
    return f32(a / b)


def sqrt(a): return math.nan if a != a or a < 0 else f32(math.sqrt(a))
def dot(a, b): return add(add(mul(a[0], b[0]), mul(a[1], b[1])), mul(a[2], b[2]))
def vsub(a, b): return [sub(a[k], b[k]) for k in range(3)]


def normalize(v):
    n = sqrt(dot(v, v))
    if n != 0.0:
        il = div(1.0, n)
        return n, [mul(v[k], il) for k in range(3)]
    return n, [0.0, 0.0, 0.0]


class V:
    """A grid vertex: xyz, st, lm, normal, colour."""
    __slots__ = ("xyz", "st", "lm", "n", "c")

    def __init__(self, xyz, st, lm, n, c):
        self.xyz, self.st, self.lm, self.n, self.c = xyz, st, lm, n, c

    def copy(self):
        return V(list(self.xyz), list(self.st), list(self.lm), list(self.n), list(self.c))


def lerp(a, b):
    h = lambda x, y: mul(0.5, add(x, y))
    return V([h(a.xyz[k], b.xyz[k]) for k in range(3)], [h(a.st[k], b.st[k]) for k in range(2)],
             [h(a.lm[k], b.lm[k]) for k in range(2)], [0.0, 0.0, 0.0],
             [(a.c[k] + b.c[k]) >> 1 for k in range(4)])


# ---- the map ---------------------------------------------------------------

def read_map(path):
    d = open(path, "rb").read()
    lump = lambda n: struct.unpack_from("<ii", d, 8 + 8 * n)
    sho, shl = lump(1)
    vo, _ = lump(10)
    so, sl = lump(13)
    flags = [struct.unpack_from("<i", d, sho + 72 * k + 64)[0] for k in range(shl // 72)]
    # Raven's RBSP and qfusion's FBSP (contract 13.3): 148-byte surfaces
    # (the lightmap vectors at 104, the patch size at 140), 80-byte draw
    # vertices (lightmap[0] at 20, the normal at 52, color[0] at 64)
    raven = d[:4] in (b"RBSP", b"FBSP")
    ssz, vsz = (148, 80) if raven else (104, 44)
    at_wh, at_b = (140, 104) if raven else (96, 60)
    out = []
    for i in range(sl // ssz):
        s = so + ssz * i
        shader, _, typ, first = struct.unpack_from("<4i", d, s)
        if typ != 2:
            continue
        w, h = struct.unpack_from("<2i", d, s + at_wh)
        b0 = list(struct.unpack_from("<3f", d, s + at_b))
        b1 = list(struct.unpack_from("<3f", d, s + at_b + 12))
        if w < 3 or h < 3 or w > 65 or h > 65 or not (w & 1) or not (h & 1):
            out.append((i, None, 0, 0, None, None))
            continue
        pts = []
        for k in range(w * h):
            if raven:
                p = struct.unpack_from("<3f2f8f3f16B", d, vo + vsz * (first + k))
                p = p[0:7] + p[13:16] + p[16:20]
            else:
                p = struct.unpack_from("<3f2f2f3f4B", d, vo + vsz * (first + k))
            pts.append(V(list(p[0:3]), list(p[3:5]), list(p[5:7]), list(p[7:10]), list(p[10:14])))
        nodraw = 0 <= shader < len(flags) and bool(flags[shader] & 0x80)
        mid = [mul(add(b0[k], b1[k]), 0.5) for k in range(3)]
        r = vsub(b0, mid)
        out.append((i, pts, w, h, (mid, sqrt(dot(r, r))), nodraw))
    return out


# ---- one grid: subdivide, put on the curve, cull, turn, normals ------------

def columns(c, w, h, s, err):
    """Insert columns while a span's curve strays more than s from its chord."""
    j = 0
    while j + 2 < w:
        mx = 0.0
        for i in range(h):
            a, b, e = c[i][j].xyz, c[i][j + 1].xyz, c[i][j + 2].xyz
            m = [mul(add(add(a[l], mul(b[l], 2.0)), e[l]), 0.25) for l in range(3)]
            m = vsub(m, a)
            _, dr = normalize(vsub(e, a))
            dd = dot(m, dr)
            off = vsub(m, [mul(dr[l], dd) for l in range(3)])
            ln = dot(off, off)
            if ln > mx:
                mx = ln
        mx = sqrt(mx)
        if mx < f32(0.1):
            err[j + 1] = FLAT
        elif w + 2 > GRID or mx <= s:
            err[j + 1] = div(1.0, mx)
        else:
            err[j + 2] = div(1.0, mx)
            w += 2
            for i in range(h):
                prev = lerp(c[i][j], c[i][j + 1])
                nxt = lerp(c[i][j + 1], c[i][j + 2])
                mid = lerp(prev, nxt)
                c[i][j + 1:j + 2] = [prev, mid, nxt]   # the old peak goes
            j -= 2
        j += 2
    return w


def transpose(c, w, h):
    return [[c[j][i] for j in range(h)] for i in range(w)]


def wraps(c, w, h, across):
    for i in range(h if across else w):
        a = c[i][0] if across else c[0][i]
        b = c[i][w - 1] if across else c[h - 1][i]
        d = vsub(a.xyz, b.xyz)
        if dot(d, d) > 1.0:
            return False
    return True


NB = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]


def normals(c, w, h):
    ww, wh = wraps(c, w, h, True), wraps(c, w, h, False)
    for i in range(w):
        for j in range(h):
            base = c[j][i].xyz
            around, good = [None] * 8, [False] * 8
            for k in range(8):
                for dist in (1, 2, 3):
                    x, y = i + NB[k][0] * dist, j + NB[k][1] * dist
                    if ww:
                        x = w - 1 + x if x < 0 else (1 + x - w if x >= w else x)
                    if wh:
                        y = h - 1 + y if y < 0 else (1 + y - h if y >= h else y)
                    if x < 0 or x >= w or y < 0 or y >= h:
                        break
                    ln, t = normalize(vsub(c[y][x].xyz, base))
                    if ln == 0.0:
                        continue
                    good[k], around[k] = True, t
                    break
            total = [0.0, 0.0, 0.0]
            for k in range(8):
                if not good[k] or not good[(k + 1) & 7]:
                    continue
                a, b = around[(k + 1) & 7], around[k]
                n = [sub(mul(a[1], b[2]), mul(a[2], b[1])), sub(mul(a[2], b[0]), mul(a[0], b[2])),
                     sub(mul(a[0], b[1]), mul(a[1], b[0]))]
                ln, n = normalize(n)
                if ln == 0.0:
                    continue
                total = [add(n[k2], total[k2]) for k2 in range(3)]
            c[j][i].n = normalize(total)[1]


def build(pts, w, h, s):
    c = [[pts[j * w + i].copy() for i in range(w)] for j in range(h)]
    err = [[0.0] * GRID, [0.0] * GRID]
    for d in range(2):
        w = columns(c, w, h, s, err[d])
        c = transpose(c, w, h)
        w, h = h, w
    for i in range(w):                         # on the curve: columns, then rows
        for j in range(1, h, 2):
            c[j][i] = keep_normal(lerp(lerp(c[j][i], c[j + 1][i]), lerp(c[j][i], c[j - 1][i])), c[j][i])
    for j in range(h):
        for i in range(1, w, 2):
            c[j][i] = keep_normal(lerp(lerp(c[j][i], c[j][i + 1]), lerp(c[j][i], c[j][i - 1])), c[j][i])
    i = 1
    while i < w - 1:                           # id's cull: the next column is skipped
        if err[0][i] == FLAT:
            for row in c:
                del row[i]
            del err[0][i]
            err[0].append(0.0)
            w -= 1
        i += 1
    i = 1
    while i < h - 1:
        if err[1][i] == FLAT:
            del c[i]
            del err[1][i]
            err[1].append(0.0)
            h -= 1
        i += 1
    if h > w:                                  # turned: transpose, tables, mirror
        c = transpose(c, w, h)
        e0 = [err[1][h - 1 - i] for i in range(h)] + [0.0] * (GRID - h)
        e1 = err[0][:w] + [0.0] * (GRID - w)
        err = [e0, e1]
        w, h = h, w
        c = [row[::-1] for row in c]
    normals(c, w, h)
    return {"w": w, "h": h, "v": [c[j][i] for j in range(h) for i in range(w)],
            "err": [err[0][:w], err[1][:h]]}


def keep_normal(v, old):
    v.n = old.n
    return v


# ---- stitching --------------------------------------------------------------

def edge(g, kind, last):
    """Vertex numbers along a first/last row (kind 0) or column (kind 1)."""
    w, h = g["w"], g["h"]
    if kind == 0:
        base = (h - 1) * w if last else 0
        return [base + k for k in range(w)]
    base = w - 1 if last else 0
    return [base + w * k for k in range(h)]


def near(a, b):
    # id: `fabs(d) > .1` (a double) is |d| >= 0.1f for a float; NaN is near
    return not any(abs(sub(a[k], b[k])) >= f32(0.1) for k in range(3))


def same(a, b):
    return all(abs(sub(a[k], b[k])) <= f32(0.01) for k in range(3))


def merged(g, e):
    xs = [g["v"][k].xyz for k in e]
    return any(near(xs[i], xs[j]) for i in range(1, len(xs) - 1) for j in range(i + 1, len(xs) - 1))


def insert(g, kind, pos, along, point, error):
    w, h, v = g["w"], g["h"], g["v"]
    rows = [[v[j * w + i] for i in range(w)] for j in range(h)]
    if kind == 1:
        rows = transpose(rows, w, h)
    for r, row in enumerate(rows):
        n = lerp(row[pos - 1], row[pos])
        if r == along:
            n.xyz = list(point)
        row.insert(pos, n)
    if kind == 1:
        rows = transpose(rows, len(rows[0]), len(rows))
    g["h"], g["w"] = len(rows), len(rows[0])
    normals(rows, g["w"], g["h"])
    g["v"] = [x for row in rows for x in row]
    g["err"][kind].insert(pos, error)
    g["stitched"] = False


def stitch_one(g1, g2):
    for back in (False, True):
        for kind1 in (0, 1):
            for n in (0, 1):
                e1 = edge(g1, kind1, n)
                if merged(g1, e1):
                    continue
                ks = range(len(e1) - 1, 1, -2) if back else range(0, len(e1) - 2, 2)
                for k in ks:
                    nx, md = (k - 2, k - 1) if back else (k + 2, k + 1)
                    for kind2 in (0, 1):
                        for m in (0, 1):
                            if (g2["w"] if kind2 == 0 else g2["h"]) >= GRID:
                                break
                            e2 = edge(g2, kind2, m)
                            for l in range(len(e2) - 1):
                                x = lambda gg, idx: gg["v"][idx].xyz
                                if not near(x(g1, e1[k]), x(g2, e2[l])):
                                    continue
                                if not near(x(g1, e1[nx]), x(g2, e2[l + 1])):
                                    continue
                                if same(x(g2, e2[l]), x(g2, e2[l + 1])):
                                    continue
                                errs = g1["err"][kind1]
                                error = errs[k + 1] if k + 1 < len(e1) else errs[md]
                                along = ((g2["h"] if kind2 == 0 else g2["w"]) - 1) if m else 0
                                insert(g2, kind2, l + 1, along, x(g1, e1[md]), error)
                                return True
    return False


def group(a, b):
    return a["lod"][1] == b["lod"][1] and all(a["lod"][0][k] == b["lod"][0][k] for k in range(3))


def stitch_all(grids):
    live = [g for g in grids if not g["nodraw"]]
    again = True
    while again:
        again = False
        for g1 in live:
            if g1["stitched"]:
                continue
            g1["stitched"] = again = True
            for g2 in live:
                if group(g1, g2):
                    while stitch_one(g1, g2):
                        pass
    for g in live:
        g["fixed"] = False
    for i, g1 in enumerate(live):
        if not g1["fixed"]:
            g1["fixed"] = True
            fix(live, i + 1, g1)


def fix(live, start, g1):
    for g2 in live[start:]:
        if g2["fixed"] or not group(g1, g2):
            continue
        touch = False
        for kind1 in (0, 1):
            for n in (0, 1):
                e1 = edge(g1, kind1, n)
                if merged(g1, e1):
                    continue
                for k in range(1, len(e1) - 1):
                    for kind2 in (0, 1):
                        for m in (0, 1):
                            e2 = edge(g2, kind2, m)
                            if merged(g2, e2):
                                continue
                            for l in range(1, len(e2) - 1):
                                if near(g1["v"][e1[k]].xyz, g2["v"][e2[l]].xyz):
                                    g2["err"][kind2][l] = g1["err"][kind1][k]
                                    touch = True
        if touch:
            g2["fixed"] = True
            fix(live, start, g2)


# ---- output and comparison ----------------------------------------------------

def hx(x):
    return "%08x" % struct.unpack("<I", _F.pack(x))[0]


def line(face, g):
    vs = g["v"]
    return {"face": face, "w": g["w"], "h": g["h"], "lod_origin": [hx(x) for x in g["lod"][0]],
            "lod_radius": hx(g["lod"][1]), "w_err": [hx(x) for x in g["err"][0]],
            "h_err": [hx(x) for x in g["err"][1]],
            "xyz": [hx(x) for v in vs for x in v.xyz], "st": [hx(x) for v in vs for x in v.st],
            "lm": [hx(x) for v in vs for x in v.lm], "normal": [hx(x) for v in vs for x in v.n],
            "color": [x for v in vs for x in v.c]}


def isnan(h):
    u = int(h, 16)
    return (u & 0x7f800000) == 0x7f800000 and (u & 0x7fffff) != 0


def equal(a, b):
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(equal(x, y) for x, y in zip(a, b))
    if isinstance(a, str) and isinstance(b, str) and isnan(a) and isnan(b):
        return True
    return a == b


def main():
    path, s = sys.argv[1], f32(float(sys.argv[2]))
    stitched = "--stitched" in sys.argv[3:]
    grids, expect = [], []
    for face, pts, w, h, lod, nodraw in read_map(path):
        if pts is None:
            expect.append({"face": face, "error": "corrupt"})
            continue
        g = build(pts, w, h, s)
        g.update(lod=lod, nodraw=nodraw, face=face, stitched=False, fixed=False)
        grids.append(g)
    if stitched:
        if any(e.get("error") for e in expect):
            expect = [{"error": "corrupt"}]
            grids = []
        else:
            stitch_all(grids)
    lines = sorted(expect + [line(g["face"], g) for g in grids], key=lambda x: x.get("face", -1))
    got = [json.loads(l) for l in sys.stdin if l.strip()]
    bad = [i for i, (a, b) in enumerate(zip(lines, got)) if not equal(a, b)]
    what = "%s S=%s%s" % (path, sys.argv[2], " stitched" if stitched else "")
    if len(lines) != len(got) or bad:
        k = bad[0] if bad else min(len(lines), len(got))
        print("FAIL curves %s: %d grids expected, %d answered, first difference at line %d" %
              (what, len(lines), len(got), k))
        return 1
    print("PASS curves %s: %d grids (%d vertices) equal the independent reading" %
          (what, len(lines), sum(g["w"] * g["h"] for g in grids)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
