# SPDX-License-Identifier: MIT
"""Source terrain for bspref_trace.py: section 8.14 of the contract
(QUERIES.md), written from its text alone.

    build(m)               the displacements' collision data (or QueryError
                           corrupt: power outside 2..4, a vertex or triangle
                           run outside its lump, no base face with 4 edges)
    Terrain(m, ...)        one trace's terrain: .leaf(li) after the leaf's
                           brushes, as "Joining the brushes" says

float32 through bspref's helpers, every operation in the contract's order.
"""

import struct
import sys

if "bspref" not in sys.modules:
    import os
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bspref as R  # noqa: E402

f32, fadd, fsub, fmul, fdiv, fdot = R.f32, R.fadd, R.fsub, R.fmul, R.fdiv, R.fdot

EPS = f32(0.03125)
NOHULL, NORAY = 4, 8
MASK_OPAQUE = 0x1 | 0x80 | 0x4000
NO_ENTRY = f32(-99999.9)
FLT_MAX = 3.4028234663852886e38
TINY = f32(1e-10)
DEN_MIN = f32(1e-6)
T_LO, T_HI = f32(-0.001), f32(1.001)
CLOSE = f32(0.001)
ALPHA_LIMIT = f32(382.5)


def _corrupt():
    return R.QueryError("corrupt")


def _sqrt32(x):
    """sqrtf, correctly rounded (the double root rounded once is exact for
    a float argument)."""
    import math
    return f32(math.sqrt(x))


def normalize(v):
    s = fadd(fadd(fadd(fmul(v[0], v[0]), fmul(v[1], v[1])), fmul(v[2], v[2])), TINY)
    r = fdiv(1.0, _sqrt32(s))
    return (fmul(v[0], r), fmul(v[1], r), fmul(v[2], r))


def sub(a, b):
    return (fsub(a[0], b[0]), fsub(a[1], b[1]), fsub(a[2], b[2]))


def cross(a, b):
    return (fsub(fmul(a[1], b[2]), fmul(a[2], b[1])),
            fsub(fmul(a[2], b[0]), fmul(a[0], b[2])),
            fsub(fmul(a[0], b[1]), fmul(a[1], b[0])))


class Disp:
    __slots__ = ("n", "power", "verts", "tris", "lo", "hi", "contents", "flags")


def _triangles(n):
    """index triples of the grid's triangles, 2k and 2k+1 per cell k"""
    out = []
    for r in range(n - 1):
        for c in range(n - 1):
            a = r * n + c
            if a % 2:
                out += [(a, a + n, a + 1), (a + 1, a + n, a + n + 1)]
            else:
                out += [(a, a + n, a + n + 1), (a, a + n + 1, a + 1)]
    return out


def build(m):
    """Every displacement of the map, in dispinfo order."""
    got = getattr(m, "_disps", None)
    if got is not None:
        return got
    E = getattr(m, "E", "<")
    info = m.lump(26)
    if not info:
        m._disps = []
        return m._disps
    stride = m.dispinfo_stride
    dverts = m.lump(33)
    dtris = m.lump(48)
    nv, nt = len(dverts) // 20, len(dtris) // 2
    count = len(info) // stride
    # base faces: the first face in face order with the dispinfo and 4 edges
    base = {}
    for f in range(m.num_faces):
        fc = m.face(f)
        if fc.dispinfo >= 0 and fc.numedges == 4 and fc.dispinfo not in base:
            base[fc.dispinfo] = fc
    out = []
    for i in range(count):
        sp = struct.unpack_from(E + "3f", info, i * stride)
        vstart, tstart, power, mintess = struct.unpack_from(E + "4i", info, i * stride + 12)
        contents = struct.unpack_from(E + "i", info, i * stride + 32)[0]
        if not 2 <= power <= 4 or i not in base:
            raise _corrupt()
        n = (1 << power) + 1
        if vstart < 0 or vstart + n * n > nv or tstart < 0 or tstart + 2 * (n - 1) ** 2 > nt:
            raise _corrupt()
        fc = base[i]
        corners = []
        for k in range(4):
            se_i = fc.firstedge + k
            if fc.firstedge < 0 or se_i >= len(m.surfedges):
                raise _corrupt()
            e = m.surfedges[se_i]
            if abs(e) >= len(m.edges):
                raise _corrupt()
            vi = m.edges[-e][1] if e < 0 else m.edges[e][0]
            if vi < 0 or vi >= len(m.vertices):
                raise _corrupt()
            corners.append(tuple(f32(x) for x in m.vertices[vi]))
        start, best = 0, None
        for k in range(4):
            d = sub(sp, corners[k])
            dd = fdot(d, d)
            if best is None or dd < best:
                best, start = dd, k
        P = [corners[(k + start) % 4] for k in range(4)]
        inv = fdiv(1.0, float(n - 1))
        E0 = [fmul(fsub(P[1][j], P[0][j]), inv) for j in range(3)]
        E1 = [fmul(fsub(P[2][j], P[3][j]), inv) for j in range(3)]
        verts, alphas = [], []
        for r in range(n):
            A = [fadd(fmul(E0[j], float(r)), P[0][j]) for j in range(3)]
            B = [fadd(fmul(E1[j], float(r)), P[3][j]) for j in range(3)]
            S = [fmul(fsub(B[j], A[j]), inv) for j in range(3)]
            for c in range(n):
                vx, vy, vz, dist, alpha = struct.unpack_from(E + "5f", dverts, 20 * (vstart + r * n + c))
                vec = (vx, vy, vz)
                verts.append(tuple(fadd(fadd(A[j], fmul(S[j], float(c))), fmul(vec[j], dist))
                                   for j in range(3)))
                alphas.append(alpha)
        tris = []
        for k, (a, b, c) in enumerate(_triangles(n)):
            tags = struct.unpack_from(E + "H", dtris, 2 * (tstart + k))[0]
            va, vb, vc = verts[a], verts[b], verts[c]
            nn = normalize(cross(sub(vc, va), sub(vb, va)))
            d = fdot(nn, va)
            asum = fadd(fadd(alphas[a], alphas[b]), alphas[c])
            flags = (tags & 31) | (16 if asum > ALPHA_LIMIT else 8) | 1
            tris.append((va, vb, vc, nn, d, flags))
        D = Disp()
        D.n, D.power, D.verts, D.tris = n, power, verts, tris
        D.lo = tuple(min(v[j] for v in verts) for j in range(3))
        D.hi = tuple(max(v[j] for v in verts) for j in range(3))
        D.contents = contents
        mt = mintess & 0xFFFFFFFF
        D.flags = (mt & 0x7FFFFFFF) if mt & 0x80000000 else 0
        out.append(D)
    m._disps = out
    return out


def _morton_cells(power):
    side = 1 << power
    for z in range(side * side):
        c = r = 0
        for b in range(power):
            c |= (z >> (2 * b) & 1) << b
            r |= (z >> (2 * b + 1) & 1) << b
        yield r, c


def _box_on_plane_side(n, dist, ptype, lo, hi):
    if ptype < 3:
        if dist <= lo[ptype]:
            return 1
        if dist >= hi[ptype]:
            return 2
        return 3
    far = tuple(lo[k] if n[k] < 0 else hi[k] for k in range(3))
    near = tuple(hi[k] if n[k] < 0 else lo[k] for k in range(3))
    s = 0
    if fdot(n, far) >= dist:
        s = 1
    if fdot(n, near) < dist:
        s |= 2
    return s


class Terrain:
    """One trace's terrain: tr is the brush trace's result (fraction,
    startsolid, allsolid, contents, plane) and gains disp, disp_flags."""

    def __init__(self, m, C, tr, start, end, mins, maxs, mask, model, leafs_of_box):
        self.m, self.tr = m, tr
        tr.disp, tr.disp_flags = -1, 0
        self.pending = []
        if m.family != "source" or model != 0:
            return
        disps = build(m)
        off = [fmul(fadd(mins[k], maxs[k]), 0.5) for k in range(3)]
        self.ext = tuple(fsub(maxs[k], off[k]) for k in range(3))
        self.s = tuple(fadd(start[k], off[k]) for k in range(3))
        self.d = tuple(fsub(fadd(end[k], off[k]), self.s[k]) for k in range(3))
        self.point = self.ext == (0.0, 0.0, 0.0)
        self.position = tuple(start) == tuple(end)
        self.mask = mask & 0xFFFFFFFF
        if self.point and self.position:
            return
        self.disps = disps
        self.leafs_of_box = leafs_of_box
        self.member = {}
        for i, D in enumerate(disps):
            if not (D.contents & self.mask):
                continue
            if self.point:
                if D.flags & NORAY or not (D.contents & MASK_OPAQUE):
                    continue
            elif D.flags & NOHULL:
                continue
            self.pending.append(i)

    # -- culls --
    def _culled(self, lo, hi):
        if self.position:
            for k in range(3):
                if fsub(self.s[k], self.ext[k]) > hi[k] or fadd(self.s[k], self.ext[k]) < lo[k]:
                    return True
            return False
        entry, exit_ = 0.0, 1.0
        for k in range(3):
            x = fadd(self.ext[k], EPS)
            inv = FLT_MAX if self.d[k] == 0 else fdiv(1.0, self.d[k])
            a = fmul(fsub(fsub(lo[k], self.s[k]), x), inv)
            b = fmul(fadd(fsub(hi[k], self.s[k]), x), inv)
            entry = max(entry, min(a, b))
            exit_ = min(exit_, max(a, b))
        return not entry <= exit_

    def _leaves(self, i):
        got = self.member.get(i)
        if got is None:
            D = self.disps[i]
            lo = tuple(fsub(v, 1.0) for v in D.lo)
            hi = tuple(fadd(v, 1.0) for v in D.hi)
            got = set(self.leafs_of_box(lo, hi))
            self.member[i] = got
        return got

    # -- the join --
    def leaf(self, li):
        tr = self.tr
        if not self.pending or tr.startsolid:
            return
        for i in list(self.pending):
            if li not in self._leaves(i):
                continue
            self.pending.remove(i)
            self._test(i)
            if tr.startsolid:
                return

    def _test(self, i):
        D = self.disps[i]
        tr = self.tr
        if self._culled(D.lo, D.hi):
            return
        n = D.n
        for r, c in _morton_cells(D.power):
            vs = [D.verts[(r + h // 2) * n + c + h % 2] for h in range(4)]
            lo = tuple(min(v[j] for v in vs) for j in range(3))
            hi = tuple(max(v[j] for v in vs) for j in range(3))
            if self._culled(lo, hi):
                continue
            for h in range(2):
                t = D.tris[2 * (r * (n - 1) + c) + h]
                if self.position:
                    if self._touches(t):
                        tr.startsolid = tr.allsolid = 1
                        tr.fraction = 0.0
                        tr.contents = D.contents
                        tr.disp, tr.disp_flags = i, t[5]
                        return
                    continue
                got = self._ray(t) if self.point else self._sweep(t)
                if got is None:
                    continue
                tr.fraction, tr.plane = got
                tr.contents = D.contents
                tr.disp, tr.disp_flags = i, t[5]

    def _ray(self, t):
        a, b, c, nn, d, _fl = t
        e1, e2 = sub(c, a), sub(b, a)
        D = self.d
        if fdot(cross(e1, e2), D) >= 0:
            return None
        p = cross(D, e2)
        den = fdot(p, e1)
        if abs(den) < DEN_MIN:
            return None
        den = fdiv(1.0, den)
        o = sub(self.s, a)
        u = fmul(fdot(p, o), den)
        if u < 0 or u > 1:
            return None
        q = cross(o, e1)
        v = fmul(fdot(q, D), den)
        if v < 0 or fadd(u, v) > 1:
            return None
        f = fmul(fdot(q, e2), den)
        if f < T_LO or f > T_HI:
            return None
        f = min(max(f, 0.0), 1.0)
        if not f < self.tr.fraction:
            return None
        return f, (nn, d)

    def _sweep(self, t):
        a, b, c, nn, d, _fl = t
        s, ext, D = self.s, self.ext, self.d
        if fdot(nn, D) > EPS:
            return None
        st = {"S": NO_ENTRY, "X": 1.0, "plane": None}

        def resolve(sd, ed, normal, dist):
            if sd > 0 and ed > 0:
                return False
            if sd < 0 and ed < 0:
                return True
            if sd >= 0 and ed <= 0:
                tt = 0.0 if sd == ed else fdiv(fsub(sd, EPS), fsub(sd, ed))
                if tt > st["S"]:
                    st["S"], st["plane"] = tt, (tuple(normal), dist)
            else:
                tt = 0.0 if sd == ed else fdiv(fadd(sd, EPS), fsub(sd, ed))
                if tt < st["X"]:
                    st["X"] = tt
            return True

        v = (a, b, c)
        for k in (2, 1, 0):
            lo = min(a[k], b[k], c[k])
            hi = max(a[k], b[k], c[k])
            sd = fsub(fsub(lo, ext[k]), s[k])
            ed = fsub(sd, D[k])
            nrm = [0.0, 0.0, 0.0]
            nrm[k] = -1.0
            if not resolve(sd, ed, nrm, lo):
                return None
            sd = fsub(s[k], fadd(hi, ext[k]))
            ed = fadd(sd, D[k])
            nrm = [0.0, 0.0, 0.0]
            nrm[k] = 1.0
            if not resolve(sd, ed, nrm, hi):
                return None
        for axis in range(3):
            i, j = [(1, 2), (0, 2), (0, 1)][axis]
            for g in range(3):
                on, off = v[g], v[(g + 2) % 3]
                e = sub(v[(g + 1) % 3], on)
                if axis == 0:
                    mm = (0.0, e[2], -e[1])
                elif axis == 1:
                    mm = (-e[2], 0.0, e[0])
                else:
                    mm = (e[1], -e[0], 0.0)
                mm = list(normalize(mm))
                if mm[i] == 0 or mm[j] == 0:
                    continue
                dd = fadd(fmul(mm[i], on[i]), fmul(mm[j], on[j]))
                od = fadd(fmul(mm[i], off[i]), fmul(mm[j], off[j]))
                if not abs(fsub(od, dd)) < EPS and od > dd:
                    mm = [-x for x in mm]
                    dd = -dd
                xi = ext[i] if mm[i] < 0 else -ext[i]
                xj = ext[j] if mm[j] < 0 else -ext[j]
                ex = fsub(dd, fadd(fmul(mm[i], xi), fmul(mm[j], xj)))
                sd = fsub(fadd(fmul(mm[i], s[i]), fmul(mm[j], s[j])), ex)
                ed = fsub(fadd(fmul(mm[i], fadd(s[i], D[i])), fmul(mm[j], fadd(s[j], D[j]))), ex)
                if not resolve(sd, ed, mm, dd):
                    return None
        x = tuple(ext[k] if nn[k] < 0 else -ext[k] for k in range(3))
        ex = fsub(d, fdot(nn, x))
        sd = fsub(fdot(nn, s), ex)
        ed = fsub(fdot(nn, tuple(fadd(s[k], D[k]) for k in range(3))), ex)
        if not resolve(sd, ed, nn, d):
            return None
        S, X = st["S"], st["X"]
        if (S < X or abs(fsub(S, X)) < CLOSE) and S != NO_ENTRY and S < self.tr.fraction:
            return max(S, 0.0), st["plane"]
        return None

    def _touches(self, t):
        a, b, c, nn, d, _fl = t
        ext, ctr = self.ext, self.s
        p1, p2, p3 = sub(a, ctr), sub(c, ctr), sub(b, ctr)
        for k in range(3):
            if min(p1[k], p2[k], p3[k]) > ext[k] or max(p1[k], p2[k], p3[k]) < -ext[k]:
                return False

        def apart(axis, g, u, w):
            if axis == 0:
                du = fsub(fmul(g[2], u[1]), fmul(g[1], u[2]))
                dw = fsub(fmul(g[2], w[1]), fmul(g[1], w[2]))
                rr = fadd(fmul(abs(g[2]), ext[1]), fmul(abs(g[1]), ext[2]))
            elif axis == 1:
                du = fadd(fmul(-g[2], u[0]), fmul(g[0], u[2]))
                dw = fadd(fmul(-g[2], w[0]), fmul(g[0], w[2]))
                rr = fadd(fmul(abs(g[2]), ext[0]), fmul(abs(g[0]), ext[2]))
            else:
                du = fsub(fmul(g[1], u[0]), fmul(g[0], u[1]))
                dw = fsub(fmul(g[1], w[0]), fmul(g[0], w[1]))
                rr = fadd(fmul(abs(g[1]), ext[0]), fmul(abs(g[0]), ext[1]))
            return min(du, dw) > rr or max(du, dw) < -rr

        g = sub(p2, p1)
        if apart(0, g, p1, p3) or apart(1, g, p1, p3) or apart(2, g, p2, p3):
            return False
        g = sub(p3, p2)
        if apart(0, g, p1, p2) or apart(1, g, p1, p2) or apart(2, g, p1, p3):
            return False
        g = sub(p1, p3)
        if apart(0, g, p1, p2) or apart(1, g, p1, p2) or apart(2, g, p2, p3):
            return False
        lo = tuple(fsub(ctr[k], ext[k]) for k in range(3))
        hi = tuple(fadd(ctr[k], ext[k]) for k in range(3))
        ptype = 0 if nn[0] == 1.0 else 1 if nn[1] == 1.0 else 2 if nn[2] == 1.0 else 3
        return _box_on_plane_side(nn, d, ptype, lo, hi) == 3
