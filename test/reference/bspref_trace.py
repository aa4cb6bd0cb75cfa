# SPDX-License-Identifier: MIT
"""Collision for bspref.py: section 8 of the contract (QUERIES.md) and the
`trace`, `hulltrace`, `contents` and `hullcontents` query lines of section 6.

Written from the contract's text; float32 arithmetic through bspref's
helpers (every operation done in double, rounded to float32 at once, in the
order the contract writes it).

    bspref_trace.py --selftest MAP     property checks on one map (exit 1 on failure)

What is here:
  quake2, source, nightfire: 8.2 (walk, clip_leaf, clip_brush, position test)
      over each family's lumps (8.9), models (8.10), point contents (8.12).
  quake3: 8.3 brush traces and position tests, inline models (8.10),
      point contents.  Curved surfaces (8.11) are NOT implemented: traces
      ignore patches (see PATCHES_IMPLEMENTED).
  quake, goldsrc, bsp2: 8.4 hull traces over clipnodes / nodes, hull
      point contents.
"""

import math
import random
import struct
import sys

sys.modules.setdefault("bspref_trace", sys.modules[__name__])
if "bspref" not in sys.modules:
    import os
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bspref as R  # noqa: E402

f32, fadd, fsub, fmul, fdiv, fdot = R.f32, R.fadd, R.fsub, R.fmul, R.fdiv, R.fdot
QueryError = R.QueryError

PATCHES_IMPLEMENTED = False

DIST_EPSILON = f32(0.03125)           # quake, goldsrc, bsp2, quake2 (and source, nightfire)
SURFACE_CLIP_EPSILON = f32(0.125)     # quake3
ONE_TENTH = f32(0.1)                  # quake's "frac -= 0.1", single precision (8.6)
CONTENTS_SOLID_Q1 = -2

BRUSH_FAMILIES = ("quake2", "quake3", "source", "nightfire")
HULL_FAMILIES = ("quake", "goldsrc", "bsp2")

# 8.1 / 8.9: the games' masks (unsigned 32-bit)
MASK_PLAYERSOLID = {"quake2": 0x2010003, "quake3": 0x2010001, "source": 0x201400B,
                    "nightfire": 0xFFFFFFFF}
MASK_SOLID = {"quake2": 0x3, "quake3": 0x1, "source": 0x200400B, "nightfire": 0xFFFFFFFF}

sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))


def _corrupt():
    return QueryError("corrupt")


def _u32(v):
    return v & 0xFFFFFFFF


def _lump_version(m, i):
    for idx, _o, _l, ver, _c, _s in m.lumps_info:
        if idx == i:
            return ver
    return 0


def _records(fmt, blob):
    st = struct.Struct(fmt)
    if len(blob) % st.size:
        raise R.LoadError("corrupt")
    return list(st.iter_unpack(blob))


# --------------------------------------------------------------------------
# collision model of a map (built once, cached on the BspMap)


class Plane:
    __slots__ = ("n", "dist", "type")

    def __init__(self, n, dist, ptype):
        self.n = n
        self.dist = dist
        self.type = ptype


def _q3_plane_type(n):
    """PlaneTypeForNormal: 0 / 1 / 2 when x / y / z is exactly 1.0, else 3."""
    if n[0] == 1.0:
        return 0
    if n[1] == 1.0:
        return 1
    if n[2] == 1.0:
        return 2
    return 3


class Coll:
    """The records collision needs, per family:
    planes [Plane]; nodes [(planenum, child0, child1)];
    brush families: leaves [(contents, firstleafbrush, numleafbrushes,
    firstleafsurface, numleafsurfaces)], leafbrushes [int], brushes
    [(firstside, numsides, contents)], sides [planenum];
    quake3: model_brushes [(first, count, firstsurf, numsurf)];
    hull families: clipnodes [(planenum, c0, c1)], hull heads per model."""

    def __init__(self, m):
        self.m = m
        self.family = m.family
        fam = m.family
        get = m.lump
        E = getattr(m, "E", "<")
        self.leaves = []
        self.leafbrushes = []
        self.brushes = []
        self.sides = []
        if fam == "quake3":
            self.planes = [Plane((r[0], r[1], r[2]), r[3], _q3_plane_type(r[:3]))
                           for r in _records("<4f", get(2))]
        else:
            self.planes = [Plane((r[0], r[1], r[2]), r[3], r[4])
                           for r in _records(E + "4fi", get(1))]
        self.nodes = [(n[0], n[1], n[2]) for n in m.nodes]
        if fam == "quake2":
            self.leaves = [(r[0], r[11], r[12], r[9], r[10]) for r in _records("<ihh3h3h4H", get(8))]
            self.leafbrushes = [r[0] for r in _records("<H", get(10))]
            self.brushes = _records("<3i", get(14))
            self.sides = [r[0] for r in _records("<Hh", get(15))]
            self.heads = [md[2] for md in m.models]
        elif fam == "source":
            self._load_source(m, get, E)
        elif fam == "nightfire":
            # leaf: type, visofs, mins, maxs, firstleafsurface, numleafsurfaces,
            # firstleafbrush, numleafbrushes
            self.leaves = [(r[0], r[10], r[11], r[8], r[9]) for r in _records("<ii3f3f4i", get(11))]
            self.leafbrushes = [r[0] for r in _records("<I", get(13))]
            self.brushes = [(r[1], r[2], r[0]) for r in _records("<iii", get(15))]
            self.sides = [r[1] for r in _records("<II", get(16))]
            self.heads = [0]
        elif fam == "quake3":
            self.leaves = [(0, r[10], r[11], r[8], r[9]) for r in _records("<ii3i3i4i", get(4))]
            self.leafbrushes = [r[0] for r in _records("<i", get(6))]
            self.leafsurfaces = [r[0] for r in _records("<i", get(5))]
            self.shaders = [(r[1], r[2]) for r in _records("<64sii", get(1))]
            self.sides = [r[0] for r in _records("<2i", get(9))]
            self.q3_brushes_raw = _records("<3i", get(8))
            self.model_brushes = [(r[8], r[9], r[6], r[7]) for r in _records("<6f4i", get(7))]
            self.brushes = []
            for fs, ns, sh in self.q3_brushes_raw:
                if sh < 0 or sh >= len(self.shaders):
                    c = None           # corrupt when used
                else:
                    c = self.shaders[sh][1]
                self.brushes.append((fs, ns, c))
            self.heads = [0]
        elif fam in HULL_FAMILIES:
            self._load_hulls(m, get)
        self.checkcount = {}

    # ---- source (8.9) ----
    def _load_source(self, m, get, E):
        lv = _lump_version(m, 10)
        vin = m.vindictus
        blob, size = m.leaf_blob, m.leaf_size
        if vin or (lv == 2 and m.version != 17):
            fmt, a, b = E + "44xii", 0, 1    # int32 firstleafbrush, numleafbrushes at 44
        else:
            fmt, a, b = E + "24xHH", 0, 1    # uint16 at 24
        st = struct.Struct(fmt)
        self.leaves = []
        for k in range(len(m.leaves)):
            r = st.unpack_from(blob, k * size)
            self.leaves.append((m.leaves[k][0], r[a], r[b], 0, 0))
        if vin or _lump_version(m, 17) == 1:
            self.leafbrushes = [r[0] for r in _records(E + "i", get(17))]
        else:
            self.leafbrushes = [r[0] for r in _records(E + "H", get(17))]
        self.brushes = _records(E + "3i", get(18))
        if vin or _lump_version(m, 19) == 1:
            self.sides = [r[0] for r in _records(E + "i12x", get(19))]
        else:
            self.sides = [r[0] for r in _records(E + "H6x", get(19))]
        self.heads = [md[2] for md in m.models]

    # ---- quake, goldsrc, bsp2 (8.4) ----
    def _load_hulls(self, m, get):
        fam = self.family
        if fam == "bsp2":
            self.clipnodes = _records("<iii", get(9))
        else:
            self.clipnodes = _records("<ihh", get(9))
        self.model_heads = [tuple(r[9:13]) for r in _records("<9f4iiii", get(14))]
        self.nhulls = 4 if fam == "goldsrc" else 3
        # hull 0: the nodes as clipnodes, children that are leaves become the
        # leaf's contents (the engine's Mod_MakeHull0)
        hull0 = []
        nl = len(m.leaves)
        for pl, c0, c1 in self.nodes:
            ch = []
            for c in (c0, c1):
                if c < 0:
                    li = -1 - c
                    ch.append(m.leaves[li][0] if li < nl else None)
                else:
                    ch.append(c)
            hull0.append((pl, ch[0], ch[1]))
        self.hull0 = hull0


def coll(m):
    c = getattr(m, "_coll", None)
    if c is None:
        try:
            c = Coll(m)
        except (R.LoadError, struct.error):
            raise _corrupt()
        m._coll = c
    return c


def _plane(C, pn):
    if pn < 0 or pn >= len(C.planes):
        raise _corrupt()
    return C.planes[pn]


def _node(C, num):
    if num >= len(C.nodes):
        raise _corrupt()
    return C.nodes[num]


def _dist_to(pl, p):
    """dot(n, p) - dist; axial planes p[type] - dist (8.2)."""
    if 0 <= pl.type < 3:
        return fsub(p[pl.type], pl.dist)
    return fsub(fdot(pl.n, p), pl.dist)


def _box_on_plane_side(pl, lo, hi):
    """BoxOnPlaneSide: 1 front, 2 back, 3 both (0 counts as both)."""
    t = pl.type
    if 0 <= t < 3:
        if pl.dist <= lo[t]:
            return 1
        if pl.dist >= hi[t]:
            return 2
        return 3
    n = pl.n
    far = tuple(lo[j] if n[j] < 0 else hi[j] for j in range(3))
    near = tuple(hi[j] if n[j] < 0 else lo[j] for j in range(3))
    s = 0
    if fdot(n, far) >= pl.dist:
        s = 1
    if fdot(n, near) < pl.dist:
        s |= 2
    return s


def box_leafs(C, head, lo, hi):
    """Leaves touched by the box [lo, hi], front subtree first."""
    out = []
    limit = len(C.nodes) + 1

    def rec(num, depth):
        while True:
            if depth > limit:
                raise _corrupt()
            if num < 0:
                li = -1 - num
                if li >= len(C.leaves):
                    raise _corrupt()
                out.append(li)
                return
            node = _node(C, num)
            pl = _plane(C, node[0])
            s = _box_on_plane_side(pl, lo, hi)
            if s == 1:
                num = node[1]
            elif s == 2:
                num = node[2]
            else:
                rec(node[1], depth + 1)
                num = node[2]
            depth += 1

    rec(head, 0)
    return out


def point_leaf_from(C, head, p):
    """Section 1's walk from a given head node (dot(n, p) - dist, >= 0 front)."""
    num = head
    steps = 0
    while num >= 0:
        steps += 1
        if steps > len(C.nodes):
            raise _corrupt()
        node = _node(C, num)
        pl = _plane(C, node[0])
        d = fsub(fdot(pl.n, p), pl.dist)
        num = node[1] if d >= 0 else node[2]
    li = -1 - num
    if li >= len(C.leaves):
        raise _corrupt()
    return li


# --------------------------------------------------------------------------
# brush traces: quake2 (8.2), source and nightfire (8.9), quake3 (8.3)


class TraceResult:
    __slots__ = ("fraction", "startsolid", "allsolid", "contents", "plane", "endpos")

    def __init__(self):
        self.fraction = 1.0
        self.startsolid = 0
        self.allsolid = 0
        self.contents = 0
        self.plane = None      # (normal tuple, dist)
        self.endpos = None


class BrushTrace:
    def __init__(self, C, model, start, end, mins, maxs, mask):
        self.C = C
        self.q3 = C.family == "quake3"
        self.filter = C.family != "nightfire"       # nightfire: every brush, every leaf
        self.mask = _u32(mask)
        self.tr = TraceResult()
        self.checked = set()
        self.model = model
        if self.q3:
            self.E = SURFACE_CLIP_EPSILON
            off = [fmul(fadd(mins[i], maxs[i]), 0.5) for i in range(3)]
            self.size0 = tuple(fsub(mins[i], off[i]) for i in range(3))
            self.size1 = tuple(fsub(maxs[i], off[i]) for i in range(3))
            self.start = tuple(fadd(start[i], off[i]) for i in range(3))
            self.end = tuple(fadd(end[i], off[i]) for i in range(3))
            self.point = self.size0 == (0.0, 0.0, 0.0)
        else:
            self.E = DIST_EPSILON
            self.size0 = tuple(mins)
            self.size1 = tuple(maxs)
            self.start = tuple(start)
            self.end = tuple(end)
            self.point = all(v == 0 for v in mins) and all(v == 0 for v in maxs)

    # -- brushes --
    def _brush(self, bi):
        C = self.C
        if bi < 0 or bi >= len(C.brushes):
            raise _corrupt()
        b = C.brushes[bi]
        if b[2] is None:
            raise _corrupt()
        if b[1] > 0 and (b[0] < 0 or b[0] + b[1] > len(C.sides)):
            raise _corrupt()
        return b

    def _side_plane(self, si):
        return _plane(self.C, self.C.sides[si])

    def _dadj(self, pl):
        """The plane distance pushed out for the box: dist - dot(ofs, n)."""
        n = pl.n
        if not self.q3 and self.point:
            return pl.dist
        ofs = tuple(self.size1[j] if n[j] < 0 else self.size0[j] for j in range(3))
        return fsub(pl.dist, fdot(ofs, n))

    def _counts(self, contents):
        return not self.filter or (_u32(contents) & self.mask) != 0

    def clip_brush(self, b):
        fs, ns, contents = b
        if ns <= 0:
            return
        E = self.E
        tr = self.tr
        enter, leave = -1.0, 1.0
        startout = getout = False
        plane = None
        for si in range(fs, fs + ns):
            pl = self._side_plane(si)
            d = self._dadj(pl)
            d1 = fsub(fdot(self.start, pl.n), d)
            d2 = fsub(fdot(self.end, pl.n), d)
            if d2 > 0:
                getout = True
            if d1 > 0:
                startout = True
            if self.q3:
                if d1 > 0 and (d2 >= E or d2 >= d1):
                    return
            elif d1 > 0 and d2 >= d1:
                return
            if d1 <= 0 and d2 <= 0:
                continue
            if d1 > d2:
                f = fdiv(fsub(d1, E), fsub(d1, d2))
                if self.q3 and f < 0:
                    f = 0.0
                if f > enter:
                    enter = f
                    plane = pl
            else:
                f = fdiv(fadd(d1, E), fsub(d1, d2))
                if self.q3 and f > 1:
                    f = 1.0
                if f < leave:
                    leave = f
        if not startout:
            tr.startsolid = 1
            if not getout:
                tr.allsolid = 1
                if self.q3:
                    tr.fraction = 0.0
                    tr.contents = contents
            return
        if enter < leave and enter > -1 and enter < tr.fraction:
            tr.fraction = enter if enter > 0 else 0.0
            tr.plane = (plane.n, plane.dist)
            tr.contents = contents

    def test_brush(self, b):
        fs, ns, contents = b
        if ns <= 0:
            return
        tr = self.tr
        if self.q3:
            lo = tuple(fadd(self.start[j], self.size0[j]) for j in range(3))
            hi = tuple(fadd(self.start[j], self.size1[j]) for j in range(3))
            bmin, bmax = self._q3_bounds(fs, ns)
            for j in range(3):
                if lo[j] > bmax[j] or hi[j] < bmin[j]:
                    return
            first = fs + 6
        else:
            first = fs
        for si in range(first, fs + ns):
            pl = self._side_plane(si)
            d = self._dadj(pl)
            d1 = fsub(fdot(self.start, pl.n), d)
            if d1 > 0:
                return
        tr.startsolid = tr.allsolid = 1
        tr.fraction = 0.0
        tr.contents = contents

    def _q3_bounds(self, fs, ns):
        """brush.bounds from the distances of its first six sides (-x,+x,-y,+y,-z,+z);
        a brush of fewer sides reads the sides after it, as the engine does."""
        C = self.C
        bmin, bmax = [], []
        for j in range(3):
            a, b = fs + 2 * j, fs + 2 * j + 1
            if b >= len(C.sides):
                raise _corrupt()
            bmin.append(-self._side_plane(a).dist)
            bmax.append(self._side_plane(b).dist)
        return bmin, bmax

    # -- leaves --
    def _leaf_brushes(self, li):
        C = self.C
        lf = C.leaves[li]
        first, count = lf[1], lf[2]
        if count < 0 or first < 0 or first + count > len(C.leafbrushes):
            raise _corrupt()
        return [C.leafbrushes[k] for k in range(first, first + count)]

    def _reachable(self, bi):
        """quake3: only model 0's brushes are reachable from the tree."""
        if not self.q3:
            return True
        fb, nb = self.C.model_brushes[0][0], self.C.model_brushes[0][1]
        return fb <= bi < fb + nb

    def _brush_list(self, li):
        return [bi for bi in self._leaf_brushes(li) if self._reachable(bi)]

    def clip_leaf(self, li):
        C = self.C
        if not self.q3 and self.filter and not self._counts(C.leaves[li][0]):
            return
        self._clip_brushes(self._brush_list(li))

    def _clip_brushes(self, blist):
        for bi in blist:
            if bi in self.checked:
                continue
            self.checked.add(bi)
            b = self._brush(bi)
            if not self._counts(b[2]):
                continue
            self.clip_brush(b)
            if self.tr.fraction == 0:
                return

    def test_leaf(self, li):
        C = self.C
        if not self.q3 and self.filter and not self._counts(C.leaves[li][0]):
            return
        self._test_brushes(self._brush_list(li))

    def _test_brushes(self, blist):
        for bi in blist:
            if bi in self.checked:
                continue
            self.checked.add(bi)
            b = self._brush(bi)
            if not self._counts(b[2]):
                continue
            self.test_brush(b)
            if self.q3:
                if self.tr.allsolid:
                    return
            elif self.tr.fraction == 0:
                return

    # -- walk --
    def walk(self, num, p1f, p2f, p1, p2, depth=0):
        tr = self.tr
        if tr.fraction <= p1f:
            return
        if num < 0:
            li = -1 - num
            if li >= len(self.C.leaves):
                raise _corrupt()
            self.clip_leaf(li)
            return
        if depth > len(self.C.nodes):
            raise _corrupt()
        node = _node(self.C, num)
        pl = _plane(self.C, node[0])
        E = self.E
        axial = 0 <= pl.type < 3
        if axial:
            t1 = fsub(p1[pl.type], pl.dist)
            t2 = fsub(p2[pl.type], pl.dist)
            offset = self.ext[pl.type]
        else:
            t1 = fsub(fdot(pl.n, p1), pl.dist)
            t2 = fsub(fdot(pl.n, p2), pl.dist)
            if self.point:
                offset = 0.0
            elif self.q3:
                offset = 2048.0
            else:
                e, n = self.ext, pl.n
                offset = f32(f32(abs(fmul(e[0], n[0])) + abs(fmul(e[1], n[1])))
                             + abs(fmul(e[2], n[2])))
        if self.q3:
            hi = fadd(offset, 1.0)
            lo = fsub(-offset, 1.0)
            if t1 >= hi and t2 >= hi:
                self.walk(node[1], p1f, p2f, p1, p2, depth + 1)
                return
            if t1 < lo and t2 < lo:
                self.walk(node[2], p1f, p2f, p1, p2, depth + 1)
                return
        else:
            if t1 >= offset and t2 >= offset:
                self.walk(node[1], p1f, p2f, p1, p2, depth + 1)
                return
            if t1 < -offset and t2 < -offset:
                self.walk(node[2], p1f, p2f, p1, p2, depth + 1)
                return
        if t1 < t2:
            idist = fdiv(1.0, fsub(t1, t2))
            side = 1
            frac2 = fmul(fadd(fadd(t1, offset), E), idist)
            frac = fmul(fadd(fsub(t1, offset), E), idist)
        elif t1 > t2:
            idist = fdiv(1.0, fsub(t1, t2))
            side = 0
            frac2 = fmul(fsub(fsub(t1, offset), E), idist)
            frac = fmul(fadd(fadd(t1, offset), E), idist)
        else:
            side = 0
            frac = 1.0
            frac2 = 0.0
        frac = min(max(frac, 0.0), 1.0)
        frac2 = min(max(frac2, 0.0), 1.0)
        midf = fadd(p1f, fmul(fsub(p2f, p1f), frac))
        mid = tuple(fadd(p1[i], fmul(frac, fsub(p2[i], p1[i]))) for i in range(3))
        self.walk(node[1 + side], p1f, midf, p1, mid, depth + 1)
        midf = fadd(p1f, fmul(fsub(p2f, p1f), frac2))
        mid = tuple(fadd(p1[i], fmul(frac2, fsub(p2[i], p1[i]))) for i in range(3))
        self.walk(node[2 - side], midf, p2f, mid, p2, depth + 1)

    def run(self, start, end):
        C = self.C
        tr = self.tr
        s, e = self.start, self.end
        inline = self.q3 and self.model > 0
        if start[0] == end[0] and start[1] == end[1] and start[2] == end[2]:
            if inline:
                fb, nb = C.model_brushes[self.model][0], C.model_brushes[self.model][1]
                self._test_brushes(list(range(fb, fb + nb)))
            else:
                lo = tuple(fsub(fadd(s[j], self.size0[j]), 1.0) for j in range(3))
                hi = tuple(fadd(fadd(s[j], self.size1[j]), 1.0) for j in range(3))
                for li in box_leafs(C, C.heads[self.model] if not self.q3 else 0, lo, hi):
                    self.test_leaf(li)
                    if tr.allsolid:
                        break
            if not self.q3:
                tr.endpos = tuple(start)
                return tr
        else:
            if self.point:
                self.ext = (0.0, 0.0, 0.0)
            elif self.q3:
                self.ext = self.size1
            else:
                self.ext = tuple(max(-self.size0[j], self.size1[j]) for j in range(3))
            if inline:
                fb, nb = C.model_brushes[self.model][0], C.model_brushes[self.model][1]
                self._clip_brushes(list(range(fb, fb + nb)))
            else:
                head = 0 if self.q3 else C.heads[self.model]
                self.walk(head, 0.0, 1.0, s, e)
        if tr.fraction == 1:
            tr.endpos = tuple(end)
        else:
            fr = tr.fraction
            tr.endpos = tuple(fadd(start[i], fmul(fr, fsub(end[i], start[i]))) for i in range(3))
        return tr


def _check_model(m, C, model):
    if m.family == "nightfire" and model > 0:
        raise QueryError("unsupported")
    if model < 0 or model >= len(m.models):
        raise QueryError("bad_model")


def trace(m, start, end, mins=(0.0, 0.0, 0.0), maxs=(0.0, 0.0, 0.0), mask=None, model=0):
    if m.family not in BRUSH_FAMILIES:
        raise QueryError("unsupported")
    C = coll(m)
    _check_model(m, C, model)
    if mask is None:
        mask = MASK_PLAYERSOLID[m.family]
    bt = BrushTrace(C, model, start, end, mins, maxs, mask)
    if C.family == "quake3" and model >= len(C.model_brushes):
        raise _corrupt()
    return bt.run(start, end)


def _brush_contains(C, b, p):
    """d1 <= 0 on every side (a point position test); 0 sides: never."""
    fs, ns, contents = b
    if ns <= 0:
        return False
    if fs < 0 or fs + ns > len(C.sides):
        raise _corrupt()
    for si in range(fs, fs + ns):
        pl = _plane(C, C.sides[si])
        if fsub(fdot(p, pl.n), pl.dist) > 0:
            return False
    return True


def contents(m, p, model=0):
    fam = m.family
    if fam not in BRUSH_FAMILIES:
        raise QueryError("unsupported")
    C = coll(m)
    _check_model(m, C, model)
    if fam in ("quake2", "source"):
        li = point_leaf_from(C, C.heads[model], p)
        return C.leaves[li][0]
    if fam == "quake3":
        if model > 0:
            fb, nb = C.model_brushes[model][0], C.model_brushes[model][1]
            blist = list(range(fb, fb + nb))
        else:
            li = point_leaf_from(C, 0, p)
            lf = C.leaves[li]
            if lf[1] < 0 or lf[2] < 0 or lf[1] + lf[2] > len(C.leafbrushes):
                raise _corrupt()
            fb, nb = C.model_brushes[0][0], C.model_brushes[0][1]
            blist = [bi for bi in C.leafbrushes[lf[1]:lf[1] + lf[2]] if fb <= bi < fb + nb]
        out = 0
        for bi in blist:
            if bi < 0 or bi >= len(C.brushes) or C.brushes[bi][2] is None:
                raise _corrupt()
            if _brush_contains(C, C.brushes[bi], p):
                out |= C.brushes[bi][2]
        return out
    # nightfire: 2 inside a brush of its leaf, else 1
    li = point_leaf_from(C, 0, p)
    lf = C.leaves[li]
    if lf[1] < 0 or lf[2] < 0 or lf[1] + lf[2] > len(C.leafbrushes):
        raise _corrupt()
    for bi in C.leafbrushes[lf[1]:lf[1] + lf[2]]:
        if bi < 0 or bi >= len(C.brushes):
            raise _corrupt()
        if _brush_contains(C, C.brushes[bi], p):
            return 2
    return 1


# --------------------------------------------------------------------------
# quake, goldsrc, bsp2: hull traces (8.4)


class Hull:
    def __init__(self, C, hull, model):
        self.C = C
        if hull == 0:
            self.nodes = C.hull0
            self.head = C.model_heads[model][0]
        else:
            self.nodes = C.clipnodes
            self.head = C.model_heads[model][hull]
        self.limit = len(self.nodes)

    def node(self, num):
        if num >= self.limit:
            raise _corrupt()
        nd = self.nodes[num]
        if nd[1] is None or nd[2] is None:
            raise _corrupt()
        return nd

    def point_contents(self, num, p):
        steps = 0
        while num >= 0:
            steps += 1
            if steps > self.limit:
                raise _corrupt()
            nd = self.node(num)
            pl = _plane(self.C, nd[0])
            d = _dist_to(pl, p)
            num = nd[2] if d < 0 else nd[1]
        return num


class HullResult:
    __slots__ = ("fraction", "startsolid", "allsolid", "plane", "endpos")


def _hull_for(m, C, hull, model):
    if model < 0 or model >= len(C.model_heads):
        raise QueryError("bad_model")
    if hull < 0 or hull >= C.nhulls:
        raise QueryError("bad_hull")
    if hull > 0 and not C.clipnodes:
        raise QueryError("bad_hull")
    h = Hull(C, hull, model)
    return h


def hulltrace(m, hull, start, end, model=0):
    if m.family not in HULL_FAMILIES:
        raise QueryError("unsupported")
    C = coll(m)
    H = _hull_for(m, C, hull, model)
    tr = HullResult()
    tr.fraction = 1.0
    tr.allsolid = 1
    tr.startsolid = 0
    tr.plane = None
    tr.endpos = tuple(end)
    E = DIST_EPSILON

    def check(num, p1f, p2f, p1, p2, depth):
        if num < 0:
            if num != CONTENTS_SOLID_Q1:
                tr.allsolid = 0
            else:
                tr.startsolid = 1
            return True
        if depth > H.limit:
            raise _corrupt()
        nd = H.node(num)
        pl = _plane(C, nd[0])
        t1 = _dist_to(pl, p1)
        t2 = _dist_to(pl, p2)
        if t1 >= 0 and t2 >= 0:
            return check(nd[1], p1f, p2f, p1, p2, depth + 1)
        if t1 < 0 and t2 < 0:
            return check(nd[2], p1f, p2f, p1, p2, depth + 1)
        frac = fdiv(fadd(t1, E) if t1 < 0 else fsub(t1, E), fsub(t1, t2))
        frac = min(max(frac, 0.0), 1.0)
        midf = fadd(p1f, fmul(fsub(p2f, p1f), frac))
        mid = tuple(fadd(p1[i], fmul(frac, fsub(p2[i], p1[i]))) for i in range(3))
        side = 1 if t1 < 0 else 0
        if not check(nd[1 + side], p1f, midf, p1, mid, depth + 1):
            return False
        if H.point_contents(nd[2 - side], mid) != CONTENTS_SOLID_Q1:
            return check(nd[2 - side], midf, p2f, mid, p2, depth + 1)
        if tr.allsolid:
            return False
        if side:
            # the contract's (-n, -dist), negation (an axial normal's zero
            # components become -0; the engine's VectorSubtract(vec3_origin,
            # normal) would give +0: same value, different print)
            tr.plane = (tuple(-c for c in pl.n), -pl.dist)
        else:
            tr.plane = (pl.n, pl.dist)
        while H.point_contents(H.head, mid) == CONTENTS_SOLID_Q1:
            frac = fsub(frac, ONE_TENTH)
            if frac < 0:
                tr.fraction = midf
                tr.endpos = mid
                return False
            midf = fadd(p1f, fmul(fsub(p2f, p1f), frac))
            mid = tuple(fadd(p1[i], fmul(frac, fsub(p2[i], p1[i]))) for i in range(3))
        tr.fraction = midf
        tr.endpos = mid
        return False

    check(H.head, 0.0, 1.0, tuple(start), tuple(end), 0)
    return tr


def hullcontents(m, hull, p, model=0):
    if m.family not in HULL_FAMILIES:
        raise QueryError("unsupported")
    C = coll(m)
    H = _hull_for(m, C, hull, model)
    return H.point_contents(H.head, p)


# --------------------------------------------------------------------------
# query lines (section 6)

g = R.fmt_g9


def _vec(v):
    return "[%s]" % ",".join(g(c) for c in v)


def trace_json(tr, with_contents=True, q="trace"):
    s = '{"q":"%s","fraction":%s,"endpos":%s,"startsolid":%d,"allsolid":%d' % (
        q, g(tr.fraction), _vec(tr.endpos), tr.startsolid, tr.allsolid)
    if with_contents:
        s += ',"contents":%d' % _s32(tr.contents)
    if tr.fraction < 1 and not tr.allsolid and tr.plane is not None:
        s += ',"normal":%s,"dist":%s' % (_vec(tr.plane[0]), g(tr.plane[1]))
    return s + "}"


def _s32(v):
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v >= 1 << 31 else v


def parse_mask(tok):
    """base-10 or 0x hexadecimal unsigned 32-bit integer."""
    import re
    if re.fullmatch(rb"0[xX][0-9a-fA-F]+", tok):
        v = int(tok[2:], 16)
    elif re.fullmatch(rb"[0-9]+", tok):
        v = int(tok)
    else:
        return None
    return v if v <= 0xFFFFFFFF else None


def _floats(toks):
    p = tuple(R.parse_strtof(t) for t in toks)
    return None if None in p else p


def _options(rest, allow_mask):
    """[mask M] [model K] in this order; returns (mask, model) or None."""
    mask, model = None, 0
    if allow_mask and len(rest) >= 1 and rest[0] == b"mask":
        if len(rest) < 2:
            return None
        mask = parse_mask(rest[1])
        if mask is None:
            return None
        rest = rest[2:]
    if len(rest) >= 1 and rest[0] == b"model":
        if len(rest) < 2:
            return None
        model = R.parse_int32(rest[1])
        if model is None:
            return None
        rest = rest[2:]
    if rest:
        return None
    return mask, model


COMMANDS = (b"trace", b"hulltrace", b"contents", b"hullcontents")


def run_query_line(m, toks):
    """One collision query line (toks: bytes tokens) -> JSON text."""
    cmd = toks[0]
    args = toks[1:]
    bad = R._err(cmd, "bad_query")
    try:
        if cmd == b"trace":
            if len(args) < 6:
                return bad
            pts = _floats(args[:6])
            rest = args[6:]
            mins = maxs = (0.0, 0.0, 0.0)
            if rest and rest[0] not in (b"mask", b"model"):
                if len(rest) < 6:
                    return bad
                box = _floats(rest[:6])
                if box is None:
                    return bad
                mins, maxs = box[:3], box[3:]
                rest = rest[6:]
            opt = _options(rest, True)
            if pts is None or opt is None:
                return bad
            tr = trace(m, pts[:3], pts[3:], mins, maxs, opt[0], opt[1])
            return trace_json(tr)
        if cmd == b"hulltrace":
            if len(args) < 7:
                return bad
            h = R.parse_int32(args[0])
            pts = _floats(args[1:7])
            opt = _options(args[7:], False)
            if h is None or pts is None or opt is None:
                return bad
            tr = hulltrace(m, h, pts[:3], pts[3:], opt[1])
            return trace_json(tr, False, "hulltrace")
        if cmd == b"contents":
            if len(args) < 3:
                return bad
            p = _floats(args[:3])
            opt = _options(args[3:], False)
            if p is None or opt is None:
                return bad
            return '{"q":"contents","contents":%d}' % _s32(contents(m, p, opt[1]))
        if cmd == b"hullcontents":
            if len(args) < 4:
                return bad
            h = R.parse_int32(args[0])
            p = _floats(args[1:4])
            opt = _options(args[4:], False)
            if h is None or p is None or opt is None:
                return bad
            return '{"q":"hullcontents","contents":%d}' % _s32(hullcontents(m, h, p, opt[1]))
    except QueryError as e:
        return R._err(cmd, e.name)
    return bad


# --------------------------------------------------------------------------
# self-test: properties of the answers that a wrong implementation breaks


class _Checker:
    def __init__(self):
        self.fails = 0
        self.checks = 0

    def ok(self, cond, what):
        self.checks += 1
        if not cond:
            self.fails += 1
            if self.fails <= 25:
                print("FAIL: " + what)
        return cond


def _open_points(m, rng, want, tries=4000):
    """Points inside the map, out of solid: (point, is_brush_family)."""
    fam = m.family
    C = coll(m)
    lo, hi = m.models[0][0], m.models[0][1]
    out = []
    for _ in range(tries):
        if len(out) >= want:
            break
        p = tuple(f32(round(rng.uniform(lo[k] + 8, hi[k] - 8), 2)) for k in range(3))
        if fam in HULL_FAMILIES:
            if hullcontents(m, 0, p) != -1:
                continue
        else:
            li = point_leaf_from(C, 0 if fam in ("quake3", "nightfire") else C.heads[0], p)
            if m.leaf_cluster(li) < 0:
                continue
            c = contents(m, p)
            if fam == "nightfire":
                # solid leaves (type 2) list no brushes in real files: only
                # points of empty leaves (type 1) are surely open
                if c != 1 or C.leaves[li][0] != 1:
                    continue
            elif _u32(c) & MASK_PLAYERSOLID[fam]:
                continue
            tr = trace(m, p, p)
            if tr.startsolid:
                continue
        out.append(p)
    return out


def _endpos_formula(start, end, fr):
    if fr == 1:
        return tuple(end)
    return tuple(fadd(start[i], fmul(fr, fsub(end[i], start[i]))) for i in range(3))


def selftest(path):
    m = R.load_map(path)
    fam = m.family
    ck = _Checker()
    rng = random.Random(7)
    hull = fam in HULL_FAMILIES
    E = SURFACE_CLIP_EPSILON if fam == "quake3" else DIST_EPSILON
    pts = _open_points(m, rng, 40)
    print("%s: %s, %d open points" % (path, fam, len(pts)))
    if not pts:
        print("  SKIP the trace properties: no open point inside the world model's bounds")
    else:
        ck.ok(len(pts) >= 10, "found only %d open points" % len(pts))

    def tr_point(a, b):
        return hulltrace(m, 0, a, b) if hull else trace(m, a, b)

    floors = 0
    downs = []
    for p in pts:
        end = (p[0], p[1], fsub(p[2], 8192.0))
        t = tr_point(p, end)
        w = "down trace from %r" % (p,)
        ck.ok(t.startsolid == 0 and t.allsolid == 0, w + ": starts in solid")
        if not ck.ok(t.fraction < 1 and t.plane is not None, w + ": no floor hit (fraction %r)" % t.fraction):
            continue
        n, d = t.plane
        ck.ok(n[2] > 0, w + ": hit plane faces down %r" % (n,))
        ck.ok(0 <= t.fraction < 1, w + ": fraction out of range")
        ck.ok(t.endpos[0] == p[0] and t.endpos[1] == p[1] and t.endpos[2] < p[2],
              w + ": endpos %r not below the start" % (t.endpos,))
        if n[2] > 0.7:
            floors += 1
        # the stop is E in front of the plane (measured along the normal)
        gap = fdot(n, t.endpos) - d
        ck.ok(0 < gap <= E * 1.01 + 1e-3 or (hull and gap > 0),
              w + ": endpos %r is %r from the hit plane (E = %r)" % (t.endpos, gap, E))
        if not hull:
            ck.ok(t.endpos == _endpos_formula(p, end, t.fraction),
                  w + ": endpos is not start + fraction * (end - start) in float32")
        else:
            ef = _endpos_formula(p, end, t.fraction)
            ck.ok(all(abs(ef[i] - t.endpos[i]) < 1e-2 for i in range(3)),
                  w + ": hull endpos %r far from start + fraction * (end - start) %r" % (t.endpos, ef))
        downs.append((p, t))
    ck.ok(floors * 2 >= len(downs), "only %d of %d down traces hit a floor (normal z > 0.7)"
          % (floors, len(downs)))

    # zero-length traces half a unit inside the floor: startsolid
    for p, t in downs[:20]:
        n = t.plane[0]
        q = tuple(fsub(t.endpos[i], fmul(n[i], f32(E + 0.5))) for i in range(3))
        w = "zero-length trace at %r (under the floor)" % (q,)
        if hull:
            ck.ok(hullcontents(m, 0, q) == CONTENTS_SOLID_Q1, w + ": hull 0 contents not solid")
            z = hulltrace(m, 0, q, q)
            ck.ok(z.startsolid == 1 and z.allsolid == 1 and z.fraction == 1 and z.endpos == q,
                  w + ": expected startsolid, allsolid, fraction 1 (no special case)")
        else:
            c = contents(m, q)
            if fam in ("quake2", "source"):
                ck.ok(_u32(c) & MASK_PLAYERSOLID[fam] != 0, w + ": leaf contents %d not solid" % c)
            elif fam == "quake3":
                ck.ok(_u32(c) & MASK_PLAYERSOLID[fam] != 0, w + ": brush contents %d not solid" % c)
            else:
                # 8.12 looks only at the brushes of the point's own leaf, and
                # Nightfire's solid leaves list none: 1 or 2 are both possible
                ck.ok(c in (1, 2), w + ": nightfire contents %d" % c)
            z = trace(m, q, q)
            ck.ok(z.startsolid == 1 and z.allsolid == 1 and z.fraction == 0 and z.endpos == q
                  and z.contents != 0, w + ": expected startsolid, allsolid, fraction 0, contents")
            z = trace(m, q, q, mask=0)
            if fam != "nightfire":
                ck.ok(z.startsolid == 0 and z.fraction == 1, w + ": mask 0 still collides")

    # reversibility: a clear move between two open points is clear backwards
    pairs = 0
    for i in range(len(pts) - 1):
        a, b = pts[i], pts[i + 1]
        t = tr_point(a, b)
        if t.fraction == 1 and not t.startsolid:
            pairs += 1
            r = tr_point(b, a)
            ck.ok(r.fraction == 1 and not r.startsolid,
                  "trace %r -> %r is clear but the reverse gives fraction %r" % (a, b, r.fraction))
        elif t.fraction < 1:
            # both ends open and blocked one way: blocked the other way too
            r = tr_point(b, a)
            ck.ok(r.fraction < 1, "trace %r -> %r blocked but the reverse is clear" % (a, b))
    print("  %d clear pairs checked both ways" % pairs)

    if not hull:
        # a box containing the point stops no later than the point
        box = ((-16.0, -16.0, -24.0), (16.0, 16.0, 32.0))
        for p, t in downs[:20]:
            end = (p[0], p[1], fsub(p[2], 8192.0))
            tb = trace(m, p, end, box[0], box[1])
            if tb.startsolid:
                continue
            ck.ok(tb.fraction <= t.fraction + 1e-6,
                  "box down trace from %r goes further (%r) than the point (%r)" % (p, tb.fraction, t.fraction))
            # the box stops E + 24 above the floor (flat floors only)
            if t.plane[0] == (0.0, 0.0, 1.0) and tb.plane is not None and tb.plane[0] == (0.0, 0.0, 1.0):
                ck.ok(tb.endpos[2] >= t.endpos[2] + 24 - 1e-3,
                      "box from %r stops at z %r, point at %r" % (p, tb.endpos[2], t.endpos[2]))
        if fam == "quake3":
            # 8.3 step 1: the box is made symmetric first; the same move of the
            # symmetric box from the shifted start gives the same answer
            for p, t in downs[:20]:
                end = (p[0], p[1], fsub(p[2], 512.0))
                a = trace(m, p, end, (-16.0, -16.0, -24.0), (16.0, 16.0, 32.0))
                s2 = (p[0], p[1], fadd(p[2], 4.0))
                e2 = (end[0], end[1], fadd(end[2], 4.0))
                b = trace(m, s2, e2, (-16.0, -16.0, -28.0), (16.0, 16.0, 28.0))
                ck.ok((a.fraction, a.startsolid, a.allsolid, a.contents, a.plane) ==
                      (b.fraction, b.startsolid, b.allsolid, b.contents, b.plane),
                      "quake3 box symmetry broken at %r" % (p,))
    else:
        # hull 1: a player-sized box stops higher than the point
        if C_has_clip(m):
            for p, t in downs[:20]:
                end = (p[0], p[1], fsub(p[2], 8192.0))
                if hullcontents(m, 1, p) == CONTENTS_SOLID_Q1:
                    continue
                t1 = hulltrace(m, 1, p, end)
                ck.ok(t1.fraction <= t.fraction + 1e-6,
                      "hull 1 from %r goes further than hull 0" % (p,))

    # models: a move far outside a model's bounds touches nothing
    nmod = len(m.models) if fam != "nightfire" else 1
    for k in range(1, min(nmod, 30)):
        lo, hi = m.models[k][0], m.models[k][1]
        a = (f32(lo[0] - 64), f32(lo[1] - 64), f32(hi[2] + 64))
        b = (f32(hi[0] + 64), f32(lo[1] - 64), f32(hi[2] + 64))
        t = hulltrace(m, 0, a, b, k) if hull else trace(m, a, b, model=k)
        ck.ok(t.fraction == 1 and not t.startsolid, "model %d: a move outside its bounds hits" % k)
        # and a vertical line through its centre, top to bottom, hits when it is solid there
        c = tuple(f32((lo[i] + hi[i]) / 2) for i in range(3))
        inside = (hullcontents(m, 0, c, k) == CONTENTS_SOLID_Q1) if hull else \
            (contents(m, c, k) != 0 if fam == "quake3" else False)
        if inside:
            t = hulltrace(m, 0, (c[0], c[1], f32(hi[2] + 64)), c, k) if hull else \
                trace(m, (c[0], c[1], f32(hi[2] + 64)), c, model=k, mask=0xFFFFFFFF)
            ck.ok(t.fraction < 1, "model %d: a move down into its solid centre does not hit" % k)

    # the contract's own examples (8.6, 8.7) on the lobby maps
    if path.endswith("mp_lobby.bsp"):
        box = ((-16.0, -16.0, -24.0), (16.0, 16.0, 32.0))
        if fam == "quake2" or fam == "source":
            t = trace(m, (0.0, 0.0, -100.0), (0.0, 0.0, -1000.0), *box)
            ck.ok(t.endpos[2] == -167.96875, "%s fall ends at %r, not -167.96875" % (fam, t.endpos[2]))
            t = trace(m, (0.0, 0.0, -168.0), (32.0, 0.0, -168.0), *box)
            ck.ok((t.startsolid, t.allsolid, t.fraction) == (1, 1, 1.0), "8.7 row 3 (quake2)")
        elif fam == "quake3":
            t = trace(m, (0.0, 0.0, -100.0), (0.0, 0.0, -1000.0), *box)
            ck.ok(t.endpos[2] == -167.875, "quake3 fall ends at %r, not -167.875" % (t.endpos[2],))
            t = trace(m, (0.0, 0.0, -168.0), (32.0, 0.0, -168.0), *box)
            ck.ok((t.startsolid, t.allsolid, t.fraction) == (1, 1, 0.0), "8.7 row 3 (quake3)")
        elif hull:
            t = hulltrace(m, 1, (0.0, 0.0, -168.0), (32.0, 0.0, -168.0))
            ck.ok((t.startsolid, t.allsolid, t.fraction) == (0, 0, 1.0), "8.7 row 3 (quake hull 1)")
            t = hulltrace(m, 1, (0.0, 0.0, -100.0), (0.0, 0.0, -1000.0))
            ck.ok(t.endpos[2] == -167.96875, "hull 1 fall ends at %r" % (t.endpos[2],))

    # query lines: syntax and errors
    lines = {
        b"trace 0 0 0 1 1 1 mask": "bad_query",
        b"trace 0 0 0 1 1 1 -1 -1 -1 1 1": "bad_query",
        b"trace 0 0 0 1 1 1 model 999999": "unsupported" if hull else
        ("unsupported" if fam == "nightfire" else "bad_model"),
        b"hullcontents 9 0 0 0": "bad_hull" if hull else "unsupported",
        b"contents 0 0 nan": "bad_query",
    }
    for line, want in lines.items():
        got = run_query_line(m, line.split())
        ck.ok('"error":"%s"' % want in got, "%r gives %s, want %s" % (line, got, want))
    print("  %d checks, %d failed" % (ck.checks, ck.fails))
    return 1 if ck.fails else 0


def C_has_clip(m):
    return bool(coll(m).clipnodes)


def main(argv):
    if len(argv) >= 3 and argv[1] == "--selftest":
        rc = 0
        for path in argv[2:]:
            rc |= selftest(path)
        return rc
    sys.stderr.write("usage: bspref_trace.py --selftest MAP...\n")
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv))
