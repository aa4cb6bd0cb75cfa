# SPDX-License-Identifier: MIT
"""Collision for bspref.py: section 8 of the contract (QUERIES.md) and the
`trace`, `hulltrace`, `contents` and `hullcontents` query lines of section 6.

Written from the contract's text; float32 arithmetic through bspref's
helpers (every operation done in double, rounded to float32 at once, in the
order the contract writes it).  Quake 3 curved surfaces (8.11), which the
contract leaves to the engine's cm_patch.c, follow that code's algorithm and
order of operations (learned from ioquake3's source, written anew here),
with its double constants taken in single precision (8.6).

    bspref_trace.py --selftest MAP     property checks on one map (exit 1 on failure)

What is here:
  quake2, source, nightfire: 8.2 (walk, clip_leaf, clip_brush, position test)
      over each family's lumps (8.9), models (8.10), point contents (8.12);
      source with Valve's rules (8.9: the box centred, no leaf filter, the
      plane pushed out by |n|.ext, bevel sides skipped by a point, contents
      OR the brushes holding the point), nightfire with its solid leaves.
  every brush family: moved and turned models (8.10: origin, angles).
  quake3: 8.3 brush traces and position tests, inline models (8.10),
      point contents (brushes only, 8.12), and curved surfaces (8.11):
      every type-2 surface's collision is built when the collision model
      is first needed (load_q3_patches / build_patch: subdivision within
      16 units, wrap and degenerate columns, facets, borders, axial and
      edge bevels; past MAX_GRID_SIZE 129, MAX_FACETS 1024,
      MAX_PATCH_PLANES 2048 or 1024 control points, or with an even or
      < 3 side, every collision query of the map is `corrupt`).  Traces
      test a leaf's patches after its brushes, each once per trace, when
      the shader's contentFlags meet the mask: box sweeps (trace_patch),
      point sweeps (the engine's point routine) and box position tests
      (position_in_patch, a point too: on a facet's plane inside its
      borders is inside, 8.11; see POINT_POSITION_TEST_HITS).
      Inline models test their own patches after their brushes.
  quake, goldsrc, bsp2: 8.4 hull traces over clipnodes / nodes, hull
      point contents, and 8.4a: `trace` with a box picks the hull.
  every family: 8.12a, the leaves a box touches (`boxleaves`).
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
import bspref_disp  # noqa: E402

f32, fadd, fsub, fmul, fdiv, fdot = R.f32, R.fadd, R.fsub, R.fmul, R.fdiv, R.fdot
QueryError = R.QueryError

PATCHES_IMPLEMENTED = True

DIST_EPSILON = f32(0.03125)           # quake, goldsrc, bsp2, quake2 (and source, nightfire)
SURFACE_CLIP_EPSILON = f32(0.125)     # quake3
ONE_TENTH = f32(0.1)                  # quake's "frac -= 0.1", single precision (8.6)
CONTENTS_SOLID_Q1 = -2
NIGHTFIRE_SOLID_LEAF = 2              # the leaf type "solid" (8.9, 8.12)

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
            # QBSP (contract 13.1): 52-byte leaves, uint32 leaf brushes,
            # 8-byte brush sides
            qb = getattr(m, "qbism", False)
            self.leaves = [(r[0], r[11], r[12], r[9], r[10])
                           for r in _records("<iii3f3f4I" if qb else "<ihh3h3h4H", get(8))]
            self.leafbrushes = [r[0] for r in _records("<I" if qb else "<H", get(10))]
            self.brushes = _records("<3i", get(14))
            self.sides = [r[0] for r in _records("<Ii" if qb else "<Hh", get(15))]
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
            # Raven's sides add a draw surface (contract 13.3: 12 bytes)
            self.sides = [r[0] for r in _records("<3i" if getattr(m, "raven", False) else "<2i", get(9))]
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
            self.num_surfaces = len(m.lump(13)) // (148 if getattr(m, "raven", False) else 104)
            self.patches = load_q3_patches(m, self.shaders)      # 8.11, built at load
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
        # 8.9: the bevel byte, the first byte after dispinfo in file order
        # (Valve's narrow record and Vindictus's, whose layout the library's
        # description gives as Valve's first fields over 16 bytes), or
        # Strata's own byte after three int32s
        if vin or _lump_version(m, 19) == 1:
            rec = _records(E + "i2xB9x" if vin else E + "i8xB3x", get(19))
        else:
            rec = _records(E + "H4xBx", get(19))
        self.sides = [r[0] for r in rec]
        self.side_bevel = [r[1] for r in rec]
        self.heads = [md[2] for md in m.models]

    # ---- quake, goldsrc, bsp2 (8.4) ----
    def _load_hulls(self, m, get):
        fam = self.family
        if fam == "bsp2":
            self.clipnodes = _records("<iii", get(9))
        else:
            self.clipnodes = _records("<ihh", get(9))
        if getattr(m, "variant", None) == "hexen2":
            # contract 13.4: 80-byte models, headnode[8], hulls 0-5
            self.model_heads = [tuple(r[9:17]) for r in _records("<9f8iiii", get(14))]
            self.nhulls = 6
        else:
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
# quake3 curved surfaces (8.11): patch collision built at load, as the
# engine's cm_patch.c builds and tests it (learned from ioquake3's source;
# written anew here).  float32 throughout (8.6: the engine's double
# constants are taken in single precision).

SUBDIVIDE_DISTANCE = 16.0
PLANE_TRI_EPSILON = f32(0.1)
WRAP_POINT_EPSILON = f32(0.1)
POINT_EPSILON = f32(0.1)
NORMAL_EPSILON = f32(0.0001)
PATCH_DIST_EPSILON = f32(0.02)
CHOP_EPSILON = f32(0.1)              # the windings' on-plane band (0.1f)
BEVEL_EPSILON = f32(0.1)             # edge bevel: every winding point within 0.1 behind
MAX_GRID_SIZE = 129
MAX_FACETS = 1024
MAX_PATCH_PLANES = 2048
MAX_PATCH_VERTS = 1024               # control points per patch (the loader's buffer)
MAX_BORDERS = 4 + 6 + 16
MAX_POINTS_ON_WINDING = 64
MAP_BOUNDS = 65535.0
PATCH_MISS = 99999.0                 # the point trace's "never crosses"
# A zero-length trace of a point (a position test with mins = maxs = 0) runs
# the facet test with a zero box (8.11, revised: the engine tests a position
# before it marks the trace as a point), so a point lying exactly on a facet's
# plane, inside its borders, is inside.  False gives the earlier text's rule
# (a point never hits a patch in a position test).
POINT_POSITION_TEST_HITS = True

# patch statistics of the last build (for sizing the C arena; not an answer)
PATCH_STATS = []


def _vsub(a, b):
    return (fsub(a[0], b[0]), fsub(a[1], b[1]), fsub(a[2], b[2]))


def _vadd(a, b):
    return (fadd(a[0], b[0]), fadd(a[1], b[1]), fadd(a[2], b[2]))


def _vscale(a, s):
    return (fmul(a[0], s), fmul(a[1], s), fmul(a[2], s))


def _vma(v, s, b):
    """v + b * s, per component"""
    return (fadd(v[0], fmul(b[0], s)), fadd(v[1], fmul(b[1], s)), fadd(v[2], fmul(b[2], s)))


def _cross(a, b):
    return (fsub(fmul(a[1], b[2]), fmul(a[2], b[1])),
            fsub(fmul(a[2], b[0]), fmul(a[0], b[2])),
            fsub(fmul(a[0], b[1]), fmul(a[1], b[0])))


def _normalize(v):
    """(unit vector, length) as q_math's VectorNormalize: the squared length in
    float, 1 / sqrtf of it, the length as len2 * (1 / sqrt); a zero vector
    stays zero with length 0."""
    len2 = fdot(v, v)
    if len2 == 0:
        return tuple(v), 0.0
    inv = fdiv(1.0, f32(math.sqrt(len2)))
    return (fmul(v[0], inv), fmul(v[1], inv), fmul(v[2], inv)), fmul(len2, inv)


def _signbits(n):
    return (1 if n[0] < 0 else 0) | (2 if n[1] < 0 else 0) | (4 if n[2] < 0 else 0)


def _patch_error():
    return R.LoadError("corrupt")


# ---- the grid ----

def _needs_subdivision(a, b, c):
    lmid = [fmul(fadd(a[i], c[i]), 0.5) for i in range(3)]
    cmid = [fmul(fadd(fmul(fadd(a[i], b[i]), 0.5), fmul(fadd(b[i], c[i]), 0.5)), 0.5)
            for i in range(3)]
    d = (fsub(cmid[0], lmid[0]), fsub(cmid[1], lmid[1]), fsub(cmid[2], lmid[2]))
    return f32(math.sqrt(fdot(d, d))) >= SUBDIVIDE_DISTANCE


def _split3(a, b, c):
    o1 = tuple(fmul(fadd(a[i], b[i]), 0.5) for i in range(3))
    o3 = tuple(fmul(fadd(b[i], c[i]), 0.5) for i in range(3))
    o2 = tuple(fmul(fadd(o1[i], o3[i]), 0.5) for i in range(3))
    return o1, o2, o3


def _wraps(cols):
    """left and right columns equal within WRAP_POINT_EPSILON on every row."""
    first, last = cols[0], cols[-1]
    for j in range(len(first)):
        for k in range(3):
            d = fsub(first[j][k], last[j][k])
            if d < -WRAP_POINT_EPSILON or d > WRAP_POINT_EPSILON:
                return False
    return True


def _subdivide_columns(cols, peak):
    """cols: list of columns (each a list of points, one per row).  Columns
    i, i+1, i+2 are a quadratic segment: the middle column goes when every
    row is flat enough, else the segment splits in two."""
    h = len(cols[0])
    i = 0
    while i < len(cols) - 2:
        a, b, c = cols[i], cols[i + 1], cols[i + 2]
        if not any(_needs_subdivision(a[j], b[j], c[j]) for j in range(h)):
            del cols[i + 1]
            i += 1
            continue
        n1, n2, n3 = [], [], []
        for j in range(h):
            o1, o2, o3 = _split3(a[j], b[j], c[j])
            n1.append(o1)
            n2.append(o2)
            n3.append(o3)
        cols[i + 1:i + 2] = [n1, n2, n3]
        if len(cols) > MAX_GRID_SIZE:
            raise _patch_error()
        peak[0] = max(peak[0], len(cols))


def _same_point(a, b):
    for k in range(3):
        d = fsub(a[k], b[k])
        if d < -POINT_EPSILON or d > POINT_EPSILON:
            return False
    return True


def _remove_degenerate_columns(cols):
    i = 0
    while i < len(cols) - 1:
        if all(_same_point(p, q) for p, q in zip(cols[i], cols[i + 1])):
            del cols[i + 1]
            continue
        i += 1


# ---- windings (the facets' extents) ----

def _base_winding(n, dist):
    best, x = -MAP_BOUNDS, -1
    for i in range(3):
        v = abs(n[i])
        if v > best:
            x, best = i, v
    if x == -1:
        raise _patch_error()
    up = [0.0, 0.0, 0.0]
    if x == 2:
        up[0] = 1.0
    else:
        up[2] = 1.0
    v = fdot(up, n)
    up = _vma(up, -v, n)
    up = _normalize(up)[0]
    org = _vscale(n, dist)
    right = _cross(up, n)
    up = _vscale(up, MAP_BOUNDS)
    right = _vscale(right, MAP_BOUNDS)
    return [_vadd(_vsub(org, right), up), _vadd(_vadd(org, right), up),
            _vsub(_vadd(org, right), up), _vsub(_vsub(org, right), up)]


def _chop(w, n, dist, eps):
    """the part of winding w in front of (n, dist); None when nothing is."""
    dists, sides = [], []
    counts = [0, 0, 0]                       # front, back, on
    for p in w:
        d = fsub(fdot(p, n), dist)
        s = 0 if d > eps else (1 if d < -eps else 2)
        dists.append(d)
        sides.append(s)
        counts[s] += 1
    if not counts[0]:
        return None
    if not counts[1]:
        return w
    np_ = len(w)
    out = []
    for i in range(np_):
        p1 = w[i]
        if sides[i] == 2:
            out.append(p1)
            continue
        if sides[i] == 0:
            out.append(p1)
        s2 = sides[(i + 1) % np_]
        if s2 == 2 or s2 == sides[i]:
            continue
        p2 = w[(i + 1) % np_]
        t = fdiv(dists[i], fsub(dists[i], dists[(i + 1) % np_]))
        mid = []
        for j in range(3):
            if n[j] == 1:
                mid.append(dist)
            elif n[j] == -1:
                mid.append(-dist)
            else:
                mid.append(fadd(p1[j], fmul(t, fsub(p2[j], p1[j]))))
        out.append(tuple(mid))
    if len(out) > np_ + 4 or len(out) > MAX_POINTS_ON_WINDING:
        raise _patch_error()
    return out


def _winding_bounds(w):
    lo = [MAP_BOUNDS] * 3
    hi = [-MAP_BOUNDS] * 3
    for p in w:
        for j in range(3):
            if p[j] < lo[j]:
                lo[j] = p[j]
            if p[j] > hi[j]:
                hi[j] = p[j]
    return lo, hi


# ---- facets and planes ----

class PatchCollide:
    """planes [(plane4, signbits)]; facets [(surface, (border, inward)...)];
    bounds (lo, hi), the grid's bounds pushed out by 1."""
    __slots__ = ("planes", "facets", "bounds", "contents", "grid", "cols", "cells")


class _PatchBuilder:
    def __init__(self, cols, wrap_w, wrap_h):
        self.cols = cols
        self.w = len(cols)
        self.h = len(cols[0])
        self.wrap_w = wrap_w
        self.wrap_h = wrap_h
        self.planes = []              # [(n0, n1, n2, dist)]
        self.signs = []
        self.facets = []
        self.cells = []               # (i, j, which) of each facet: self-test only

    def _add_plane(self, pl):
        if len(self.planes) == MAX_PATCH_PLANES:
            raise _patch_error()
        self.planes.append(pl)
        self.signs.append(_signbits(pl))
        return len(self.planes) - 1

    def plane_from_points(self, a, b, c):
        d1 = _vsub(b, a)
        d2 = _vsub(c, a)
        n, ln = _normalize(_cross(d2, d1))
        if ln == 0:
            return None
        return (n[0], n[1], n[2], fdot(a, n))

    def find_plane(self, p1, p2, p3):
        pl = self.plane_from_points(p1, p2, p3)
        if pl is None:
            return -1
        for i, q in enumerate(self.planes):
            if fdot(pl, q) < 0:
                continue
            ok = True
            for p in (p1, p2, p3):
                d = fsub(fdot(p, q), q[3])
                if d < -PLANE_TRI_EPSILON or d > PLANE_TRI_EPSILON:
                    ok = False
                    break
            if ok:
                return i
        return self._add_plane(pl)

    @staticmethod
    def plane_equal(p, pl):
        """(equal, flipped)"""
        if (abs(fsub(p[0], pl[0])) < NORMAL_EPSILON and abs(fsub(p[1], pl[1])) < NORMAL_EPSILON
                and abs(fsub(p[2], pl[2])) < NORMAL_EPSILON
                and abs(fsub(p[3], pl[3])) < PATCH_DIST_EPSILON):
            return True, False
        inv = (-pl[0], -pl[1], -pl[2], -pl[3])
        if (abs(fsub(p[0], inv[0])) < NORMAL_EPSILON and abs(fsub(p[1], inv[1])) < NORMAL_EPSILON
                and abs(fsub(p[2], inv[2])) < NORMAL_EPSILON
                and abs(fsub(p[3], inv[3])) < PATCH_DIST_EPSILON):
            return True, True
        return False, False

    def find_plane2(self, pl):
        """(index, flipped)"""
        for i, q in enumerate(self.planes):
            eq, fl = self.plane_equal(q, pl)
            if eq:
                return i, fl
        return self._add_plane(pl), False

    def side(self, p, pn):
        """0 front, 1 back, 2 on (PLANE_TRI_EPSILON)"""
        if pn == -1:
            return 2
        q = self.planes[pn]
        d = fsub(fdot(p, q), q[3])
        if d > PLANE_TRI_EPSILON:
            return 0
        if d < -PLANE_TRI_EPSILON:
            return 1
        return 2

    def grid_plane(self, gp, i, j, tri):
        p = gp[i][j][tri]
        if p != -1:
            return p
        return gp[i][j][1 - tri]

    def edge_plane(self, gp, i, j, k):
        P = self.cols
        if k == 0:      # top
            p1, p2, tri, order = P[i][j], P[i + 1][j], 0, 0
        elif k == 2:    # bottom
            p1, p2, tri, order = P[i][j + 1], P[i + 1][j + 1], 1, 1
        elif k == 3:    # left
            p1, p2, tri, order = P[i][j], P[i][j + 1], 1, 1
        elif k == 1:    # right
            p1, p2, tri, order = P[i + 1][j], P[i + 1][j + 1], 0, 0
        elif k == 4:    # diagonal out of triangle 0
            p1, p2, tri, order = P[i + 1][j + 1], P[i][j], 0, 0
        else:           # 5: diagonal out of triangle 1
            p1, p2, tri, order = P[i][j], P[i + 1][j + 1], 1, 0
        p = self.grid_plane(gp, i, j, tri)
        if p == -1:
            return -1
        up = _vma(p1, 4.0, self.planes[p])
        if order:
            return self.find_plane(p2, p1, up)
        return self.find_plane(p1, p2, up)

    def set_border_inward(self, borders, inward, i, j, which):
        P = self.cols
        if which == -1:
            pts = (P[i][j], P[i + 1][j], P[i + 1][j + 1], P[i][j + 1])
        elif which == 0:
            pts = (P[i][j], P[i + 1][j], P[i + 1][j + 1])
        else:
            pts = (P[i + 1][j + 1], P[i][j + 1], P[i][j])
        for k in range(len(borders)):
            front = back = 0
            for p in pts:
                s = self.side(p, borders[k])
                if s == 0:
                    front += 1
                if s == 1:
                    back += 1
            if front and not back:
                inward[k] = True
            elif back and not front:
                inward[k] = False
            elif not front and not back:
                borders[k] = -1          # a flat side border
            else:
                inward[k] = False        # a bisecting border

    def _facet_winding(self, surface, borders, inward, skip_surface):
        q = self.planes[surface]
        w = _base_winding(q[:3], q[3])
        for k in range(len(borders)):
            if w is None:
                break
            if skip_surface and borders[k] == surface:
                continue
            q = self.planes[borders[k]]
            if inward[k]:
                w = _chop(w, q[:3], q[3], CHOP_EPSILON)
            else:
                w = _chop(w, (fsub(0.0, q[0]), fsub(0.0, q[1]), fsub(0.0, q[2])), -q[3],
                          CHOP_EPSILON)
        return w

    def validate(self, surface, borders, inward):
        if surface == -1 or -1 in borders:
            return False
        w = self._facet_winding(surface, borders, inward, False)
        if w is None:
            return False
        lo, hi = _winding_bounds(w)
        for j in range(3):
            if fsub(hi[j], lo[j]) > MAP_BOUNDS or lo[j] >= MAP_BOUNDS or hi[j] <= -MAP_BOUNDS:
                return False
        return True

    def add_bevels(self, surface, borders, inward):
        w = self._facet_winding(surface, borders, inward, True)
        if w is None:
            return
        lo, hi = _winding_bounds(w)
        surf = self.planes[surface]
        # axial planes
        for axis in range(3):
            for dr in (-1.0, 1.0):
                n = [0.0, 0.0, 0.0]
                n[axis] = dr
                pl = (n[0], n[1], n[2], hi[axis] if dr == 1 else -lo[axis])
                if self.plane_equal(surf, pl)[0]:
                    continue
                if any(self.plane_equal(self.planes[b], pl)[0] for b in borders):
                    continue
                if len(borders) >= MAX_BORDERS:
                    continue
                pn, fl = self.find_plane2(pl)
                borders.append(pn)
                inward.append(fl)
        # edge bevels: the non-axial edges of the winding
        npw = len(w)
        for j in range(npw):
            vec, ln = _normalize(_vsub(w[j], w[(j + 1) % npw]))
            if ln < 0.5:
                continue
            vec = self._snap(vec)
            if any(vec[k] == -1 or vec[k] == 1 for k in range(3)):
                continue
            for axis in range(3):
                for dr in (-1.0, 1.0):
                    v2 = [0.0, 0.0, 0.0]
                    v2[axis] = dr
                    n, ln = _normalize(_cross(vec, v2))
                    if ln < 0.5:
                        continue
                    pl = (n[0], n[1], n[2], fdot(w[j], n))
                    if any(fsub(fdot(p, pl), pl[3]) > BEVEL_EPSILON for p in w):
                        continue
                    if self.plane_equal(surf, pl)[0]:
                        continue
                    if any(self.plane_equal(self.planes[b], pl)[0] for b in borders):
                        continue
                    if len(borders) >= MAX_BORDERS:
                        continue
                    pn, fl = self.find_plane2(pl)
                    q = self.planes[pn]
                    if fl:
                        w2 = _chop(list(w), q[:3], q[3], CHOP_EPSILON)
                    else:
                        w2 = _chop(list(w), (-q[0], -q[1], -q[2]), -q[3], CHOP_EPSILON)
                    if w2 is None:
                        continue            # an invalid bevel (its plane stays in the list)
                    borders.append(pn)
                    inward.append(fl)
        # the opposite of the surface plane closes the facet
        if len(borders) >= MAX_BORDERS:
            return
        borders.append(surface)
        inward.append(True)

    @staticmethod
    def _snap(v):
        for i in range(3):
            if abs(fsub(v[i], 1.0)) < NORMAL_EPSILON:
                n = [0.0, 0.0, 0.0]
                n[i] = 1.0
                return tuple(n)
            if abs(fsub(v[i], -1.0)) < NORMAL_EPSILON:
                n = [0.0, 0.0, 0.0]
                n[i] = -1.0
                return tuple(n)
        return v

    def _facet(self, surface, borders, which, i, j):
        inward = [False] * len(borders)
        borders = list(borders)
        self.set_border_inward(borders, inward, i, j, which)
        if self.validate(surface, borders, inward):
            self.add_bevels(surface, borders, inward)
            self.facets.append((surface, tuple(zip(borders, inward))))
            self.cells.append((i, j, which))

    def build(self):
        W, H, P = self.w, self.h, self.cols
        gp = [[[-1, -1] for _j in range(H - 1)] for _i in range(W - 1)]
        for i in range(W - 1):
            for j in range(H - 1):
                gp[i][j][0] = self.find_plane(P[i][j], P[i + 1][j], P[i + 1][j + 1])
                gp[i][j][1] = self.find_plane(P[i + 1][j + 1], P[i][j + 1], P[i][j])
        for i in range(W - 1):
            for j in range(H - 1):
                g = gp[i][j]
                top = -1
                if j > 0:
                    top = gp[i][j - 1][1]
                elif self.wrap_h:
                    top = gp[i][H - 2][1]
                if top == -1 or top == g[0]:
                    top = self.edge_plane(gp, i, j, 0)
                bottom = -1
                if j < H - 2:
                    bottom = gp[i][j + 1][0]
                elif self.wrap_h:
                    bottom = gp[i][0][0]
                if bottom == -1 or bottom == g[1]:
                    bottom = self.edge_plane(gp, i, j, 2)
                left = -1
                if i > 0:
                    left = gp[i - 1][j][0]
                elif self.wrap_w:
                    left = gp[W - 2][j][0]
                if left == -1 or left == g[1]:
                    left = self.edge_plane(gp, i, j, 3)
                right = -1
                if i < W - 2:
                    right = gp[i + 1][j][1]
                elif self.wrap_w:
                    right = gp[0][j][1]
                if right == -1 or right == g[0]:
                    right = self.edge_plane(gp, i, j, 1)
                if len(self.facets) == MAX_FACETS:
                    raise _patch_error()
                if g[0] == g[1]:
                    if g[0] == -1:
                        continue            # degenerate square
                    self._facet(g[0], (top, right, bottom, left), -1, i, j)
                else:
                    third = g[1]
                    if third == -1:
                        third = bottom
                        if third == -1:
                            third = self.edge_plane(gp, i, j, 4)
                    self._facet(g[0], (top, right, third), 0, i, j)
                    if len(self.facets) == MAX_FACETS:
                        raise _patch_error()
                    third = g[0]
                    if third == -1:
                        third = top
                        if third == -1:
                            third = self.edge_plane(gp, i, j, 5)
                    self._facet(g[1], (bottom, left, third), 1, i, j)


def build_patch(width, height, points):
    """One patch's collision (PatchCollide) from its control grid, points in
    rows (points[j * width + i]); LoadError("corrupt") past the engine's limits."""
    if width <= 2 or height <= 2 or not (width & 1) or not (height & 1):
        raise _patch_error()
    if width > MAX_GRID_SIZE or height > MAX_GRID_SIZE or width * height > MAX_PATCH_VERTS:
        raise _patch_error()
    cols = [[points[j * width + i] for j in range(height)] for i in range(width)]
    peak = [max(width, height)]
    wrap_w = _wraps(cols)
    _subdivide_columns(cols, peak)
    _remove_degenerate_columns(cols)
    # transpose: the rows become the columns
    cols = [[cols[i][j] for i in range(len(cols))] for j in range(len(cols[0]))]
    wrap_h = wrap_w
    wrap_w = _wraps(cols)
    _subdivide_columns(cols, peak)
    _remove_degenerate_columns(cols)
    lo = [99999.0] * 3
    hi = [-99999.0] * 3
    for col in cols:
        for p in col:
            for k in range(3):
                if p[k] < lo[k]:
                    lo[k] = p[k]
                if p[k] > hi[k]:
                    hi[k] = p[k]
    b = _PatchBuilder(cols, wrap_w, wrap_h)
    b.build()
    pc = PatchCollide()
    pc.planes = [(pl, s) for pl, s in zip(b.planes, b.signs)]
    pc.facets = b.facets
    pc.bounds = (tuple(fsub(v, 1.0) for v in lo), tuple(fadd(v, 1.0) for v in hi))
    pc.grid = (len(cols), len(cols[0]), peak[0])
    pc.cols = cols                 # the subdivided grid and the facets' squares:
    pc.cells = b.cells             # kept for the self-test and statistics only
    return pc


def load_q3_patches(m, shaders):
    """{surface index: PatchCollide} for every surface of type 2 (patch)."""
    surfs = m.lump(13)
    verts = m.lump(10)
    # Raven (contract 13.3): 148-byte surfaces (patch size at 140), 80-byte
    # draw vertices
    ss, vs, at = (148, 80, 140) if getattr(m, "raven", False) else (104, 44, 96)
    if len(surfs) % ss or len(verts) % vs:
        raise _patch_error()
    nverts = len(verts) // vs
    out = {}
    for si in range(len(surfs) // ss):
        r = struct.unpack_from("<iii", surfs, si * ss)
        if r[2] != 2:
            continue
        shader = r[0]
        first = struct.unpack_from("<i", surfs, si * ss + 12)[0]
        width, height = struct.unpack_from("<ii", surfs, si * ss + at)
        if shader < 0 or shader >= len(shaders):
            raise _patch_error()
        if width <= 0 or height <= 0 or width * height > MAX_PATCH_VERTS:
            raise _patch_error()
        if first < 0 or first + width * height > nverts:
            raise _patch_error()
        pts = [struct.unpack_from("<3f", verts, (first + k) * vs) for k in range(width * height)]
        pc = build_patch(width, height, pts)
        pc.contents = shaders[shader][1]
        out[si] = pc
    return out


# ---- traces against a patch ----

def _bounds_intersect(lo, hi, lo2, hi2):
    E = SURFACE_CLIP_EPSILON
    for k in range(3):
        if hi[k] < fsub(lo2[k], E) or lo[k] > fadd(hi2[k], E):
            return False
    return True


def _border_plane(pc, pn, inward):
    q = pc.planes[pn][0]
    if inward:
        return (-q[0], -q[1], -q[2], -q[3])
    return q


def _check_facet_plane(pl, start, end, st):
    """st = [enter, leave, hit]; False: the facet is missed."""
    E = SURFACE_CLIP_EPSILON
    st[2] = False
    d1 = fsub(fdot(start, pl), pl[3])
    d2 = fsub(fdot(end, pl), pl[3])
    if d1 > 0 and (d2 >= E or d2 >= d1):
        return False
    if d1 <= 0 and d2 <= 0:
        return True
    if d1 > d2:
        f = fdiv(fsub(d1, E), fsub(d1, d2))
        if f < 0:
            f = 0.0
        if f > st[0]:
            st[0] = f
            st[2] = True
    else:
        f = fdiv(fadd(d1, E), fsub(d1, d2))
        if f > 1:
            f = 1.0
        if f < st[1]:
            st[1] = f
    return True


def trace_patch(bt, pc):
    """a box or point sweep against one patch; updates bt.tr."""
    if not _bounds_intersect(bt.bounds[0], bt.bounds[1], pc.bounds[0], pc.bounds[1]):
        return
    if bt.point:
        _trace_point_patch(bt, pc)
        return
    tr = bt.tr
    offs = bt.offsets
    start, end = bt.start, bt.end
    planes = pc.planes
    for surface, borders in pc.facets:
        st = [-1.0, 1.0, False]
        hitnum = -1
        q, sb = planes[surface]
        off = fdot(offs[sb], q)
        pl = (q[0], q[1], q[2], fsub(q[3], off))
        if not _check_facet_plane(pl, start, end, st):
            continue
        best = pl if st[2] else (0.0, 0.0, 0.0, 0.0)
        missed = False
        for j, (pn, inward) in enumerate(borders):
            q, sb = planes[pn]
            pl = (-q[0], -q[1], -q[2], -q[3]) if inward else q
            off = fdot(offs[sb], pl)
            pl = (pl[0], pl[1], pl[2], fadd(pl[3], abs(off)))
            if not _check_facet_plane(pl, start, end, st):
                missed = True
                break
            if st[2]:
                hitnum = j
                best = pl
        if missed:
            continue
        if hitnum == len(borders) - 1:
            continue                 # never the back side
        enter, leave = st[0], st[1]
        if enter < leave and enter >= 0 and enter < tr.fraction:
            tr.fraction = enter if enter > 0 else 0.0
            tr.plane = ((best[0], best[1], best[2]), best[3])


def _trace_point_patch(bt, pc):
    tr = bt.tr
    E = SURFACE_CLIP_EPSILON
    start, end, offs = bt.start, bt.end, bt.offsets
    front = []
    inter = []
    for q, sb in pc.planes:
        off = fdot(offs[sb], q)
        d1 = fadd(fsub(fdot(start, q), q[3]), off)
        d2 = fadd(fsub(fdot(end, q), q[3]), off)
        front.append(d1 > 0)
        if d1 == d2:
            x = PATCH_MISS
        else:
            x = fdiv(d1, fsub(d1, d2))
            if x <= 0:
                x = PATCH_MISS
        inter.append(x)
    for surface, borders in pc.facets:
        if not front[surface]:
            continue
        x = inter[surface]
        if x < 0 or x > tr.fraction:
            continue
        hit = True
        for pn, inward in borders:
            if front[pn] != inward:
                if inter[pn] > x:
                    hit = False
                    break
            elif inter[pn] < x:
                hit = False
                break
        if not hit:
            continue
        q, sb = pc.planes[surface]
        off = fdot(offs[sb], q)
        d1 = fadd(fsub(fdot(start, q), q[3]), off)
        d2 = fadd(fsub(fdot(end, q), q[3]), off)
        f = fdiv(fsub(d1, E), fsub(d1, d2))
        tr.fraction = f if f > 0 else 0.0
        tr.plane = ((q[0], q[1], q[2]), q[3])


def position_in_patch(bt, pc):
    """the box (or point) at start inside a facet (8.11)."""
    if bt.point and not POINT_POSITION_TEST_HITS:
        return False
    start, offs = bt.start, bt.offsets
    planes = pc.planes
    for surface, borders in pc.facets:
        q, sb = planes[surface]
        off = fdot(offs[sb], q)
        if fsub(fdot(q, start), fsub(q[3], off)) > 0:
            continue
        inside = True
        for pn, inward in borders:
            q, sb = planes[pn]
            pl = (-q[0], -q[1], -q[2], -q[3]) if inward else q
            off = fdot(offs[sb], pl)
            if fsub(fdot(pl, start), fadd(pl[3], abs(off))) > 0:
                inside = False
                break
        if inside:
            return True
    return False


# --------------------------------------------------------------------------
# brush traces: quake2 (8.2), source and nightfire (8.9), quake3 (8.3)


class TraceResult:
    __slots__ = ("fraction", "startsolid", "allsolid", "contents", "plane", "endpos", "disp", "disp_flags")

    def __init__(self):
        self.fraction = 1.0
        self.startsolid = 0
        self.allsolid = 0
        self.contents = 0
        self.plane = None      # (normal tuple, dist)
        self.endpos = None
        self.disp = -1         # source terrain (8.14, bspref_disp.py)
        self.disp_flags = 0


class BrushTrace:
    def __init__(self, C, model, start, end, mins, maxs, mask):
        self.C = C
        self.q3 = C.family == "quake3"
        self.valve = C.family == "source"           # 8.9: Valve's brush rules
        self.filter = C.family != "nightfire"       # nightfire: every brush, every leaf
        self.mask = _u32(mask)
        self.tr = TraceResult()
        self.checked = set()
        self.model = model
        # source terrain (8.14): tested after each leaf's brushes
        self.terrain = bspref_disp.Terrain(C.m, C, self.tr, start, end, mins, maxs, mask, model,
                                           lambda lo, hi: box_leafs(C, C.heads[0], lo, hi))
        if self.q3:
            self.E = SURFACE_CLIP_EPSILON
            off = [fmul(fadd(mins[i], maxs[i]), 0.5) for i in range(3)]
            self.size0 = tuple(fsub(mins[i], off[i]) for i in range(3))
            self.size1 = tuple(fsub(maxs[i], off[i]) for i in range(3))
            self.start = tuple(fadd(start[i], off[i]) for i in range(3))
            self.end = tuple(fadd(end[i], off[i]) for i in range(3))
            self.point = self.size0 == (0.0, 0.0, 0.0)
            # patches: the corner offsets by sign bits, the swept box's bounds
            s0, s1 = self.size0, self.size1
            self.offsets = [tuple(s1[k] if sb >> k & 1 else s0[k] for k in range(3))
                            for sb in range(8)]
            lo, hi = [], []
            for k in range(3):
                if self.start[k] < self.end[k]:
                    lo.append(fadd(self.start[k], s0[k]))
                    hi.append(fadd(self.end[k], s1[k]))
                else:
                    lo.append(fadd(self.end[k], s0[k]))
                    hi.append(fadd(self.start[k], s1[k]))
            self.bounds = (tuple(lo), tuple(hi))
            self.pchecked = set()
            self.patch_table = C.patches
        elif self.valve:
            # 8.9 step 1: the box centred (Valve's Ray_t): s, e, ext
            self.E = DIST_EPSILON
            off = [fmul(fadd(mins[i], maxs[i]), 0.5) for i in range(3)]
            ext = tuple(fsub(maxs[i], off[i]) for i in range(3))
            self.size1 = ext
            self.size0 = tuple(-v for v in ext)
            self.start = tuple(fadd(start[i], off[i]) for i in range(3))
            self.end = tuple(fadd(end[i], off[i]) for i in range(3))
            self.point = ext == (0.0, 0.0, 0.0)
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

    def _sides(self, first, last):
        """side indices first..last-1 the brush tests: a source point skips
        the bevel sides (8.9 step 4)"""
        for si in range(first, last):
            if self.valve and self.point and self.C.side_bevel[si] != 0:
                continue
            yield si

    def _dadj(self, pl):
        """The plane distance pushed out for the box: dist - dot(ofs, n)."""
        n = pl.n
        if not self.q3 and self.point:
            return pl.dist
        if self.valve:
            # 8.9 step 4: dist + |n0*ext0| + |n1*ext1| + |n2*ext2|, left to right
            d = pl.dist
            for j in range(3):
                d = fadd(d, abs(fmul(n[j], self.size1[j])))
            return d
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
        for si in self._sides(fs, fs + ns):
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
                    tr.disp, tr.disp_flags = -1, 0   # 8.14: a brush's answer is not terrain's
            return
        if enter < leave and enter > -1 and enter < tr.fraction:
            tr.fraction = enter if enter > 0 else 0.0
            tr.plane = (plane.n, plane.dist)
            tr.contents = contents
            tr.disp, tr.disp_flags = -1, 0   # 8.14: a brush's answer is not terrain's

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
        for si in self._sides(first, fs + ns):
            pl = self._side_plane(si)
            d = self._dadj(pl)
            d1 = fsub(fdot(self.start, pl.n), d)
            if d1 > 0:
                return
        tr.startsolid = tr.allsolid = 1
        tr.fraction = 0.0
        tr.contents = contents
        tr.disp, tr.disp_flags = -1, 0   # 8.14: a brush's answer is not terrain's

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

    def _leaf_filtered(self, li):
        """quake2: a leaf is looked at when its contents meet the mask;
        quake3, source (8.9 step 3), nightfire: every leaf"""
        return not self.q3 and not self.valve and self.filter and \
            not self._counts(self.C.leaves[li][0])

    def clip_leaf(self, li):
        C = self.C
        if self._leaf_filtered(li):
            return
        self._clip_brushes(self._brush_list(li))
        self.terrain.leaf(li)
        if self.q3 and self.tr.fraction != 0:
            self._clip_patches(self._leaf_patches(li))

    # -- quake3 patches (8.11): after the leaf's brushes, each once per trace --
    def _leaf_patches(self, li):
        C = self.C
        lf = C.leaves[li]
        first, count = lf[3], lf[4]
        if count < 0 or first < 0 or first + count > len(C.leafsurfaces):
            raise _corrupt()
        return [C.leafsurfaces[k] for k in range(first, first + count)]

    def _patches(self, slist):
        """the patches among the surfaces slist, not yet seen, that the mask counts"""
        C = self.C
        for si in slist:
            if si < 0 or si >= C.num_surfaces:
                raise _corrupt()
            pc = self.patch_table.get(si)
            if pc is None or si in self.pchecked:
                continue
            self.pchecked.add(si)
            if not self._counts(pc.contents):
                continue
            yield pc

    def _clip_patches(self, slist):
        tr = self.tr
        for pc in self._patches(slist):
            old = tr.fraction
            trace_patch(self, pc)
            if tr.fraction < old:
                tr.contents = pc.contents
            if tr.fraction == 0:
                return

    def _test_patches(self, slist):
        tr = self.tr
        for pc in self._patches(slist):
            if position_in_patch(self, pc):
                tr.startsolid = tr.allsolid = 1
                tr.fraction = 0.0
                tr.contents = pc.contents
                return

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
        if self._leaf_filtered(li):
            return
        self._test_brushes(self._brush_list(li))
        self.terrain.leaf(li)
        if self.q3 and not self.tr.allsolid:
            self._test_patches(self._leaf_patches(li))

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

    def _model_patches(self):
        fs, ns = self.C.model_brushes[self.model][2], self.C.model_brushes[self.model][3]
        if ns < 0:
            raise _corrupt()
        return range(fs, fs + ns)

    def run(self, start, end):
        C = self.C
        tr = self.tr
        s, e = self.start, self.end
        inline = self.q3 and self.model > 0
        if start[0] == end[0] and start[1] == end[1] and start[2] == end[2]:
            if inline:
                fb, nb = C.model_brushes[self.model][0], C.model_brushes[self.model][1]
                self._test_brushes(list(range(fb, fb + nb)))
                if not tr.allsolid:
                    self._test_patches(self._model_patches())
            else:
                lo = tuple(fsub(fadd(s[j], self.size0[j]), 1.0) for j in range(3))
                hi = tuple(fadd(fadd(s[j], self.size1[j]), 1.0) for j in range(3))
                for li in box_leafs(C, C.heads[self.model] if not self.q3 else 0, lo, hi):
                    self.test_leaf(li)
                    if tr.allsolid:
                        break
                if C.family == "nightfire" and not tr.allsolid:
                    # 8.9: the box itself (no margin) reaching a solid leaf
                    lo = tuple(fadd(s[j], self.size0[j]) for j in range(3))
                    hi = tuple(fadd(s[j], self.size1[j]) for j in range(3))
                    for li in box_leafs(C, C.heads[self.model], lo, hi):
                        if C.leaves[li][0] == NIGHTFIRE_SOLID_LEAF:
                            tr.startsolid = tr.allsolid = 1
                            tr.fraction = 0.0
                            tr.contents = NIGHTFIRE_SOLID_LEAF
                            break
            if not self.q3:
                tr.endpos = tuple(start)
                return tr
        else:
            if self.point:
                self.ext = (0.0, 0.0, 0.0)
            elif self.q3 or self.valve:
                self.ext = self.size1
            else:
                self.ext = tuple(max(-self.size0[j], self.size1[j]) for j in range(3))
            if inline:
                fb, nb = C.model_brushes[self.model][0], C.model_brushes[self.model][1]
                self._clip_brushes(list(range(fb, fb + nb)))
                if tr.fraction != 0:
                    self._clip_patches(self._model_patches())
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


def trace(m, start, end, mins=(0.0, 0.0, 0.0), maxs=(0.0, 0.0, 0.0), mask=None, model=0,
          patches=True):
    """patches=False: quake3 brushes only (for the self-test)"""
    if m.family in HULL_FAMILIES:
        return trace_hulls(m, start, end, mins, maxs, model, mask)
    if m.family not in BRUSH_FAMILIES:
        raise QueryError("unsupported")
    C = coll(m)
    _check_model(m, C, model)
    if mask is None:
        mask = MASK_PLAYERSOLID[m.family]
    bt = BrushTrace(C, model, start, end, mins, maxs, mask)
    if not patches and bt.q3:
        bt.patch_table = {}
    if C.family == "quake3" and model >= len(C.model_brushes):
        raise _corrupt()
    return bt.run(start, end)


def _brush_contains(C, b, p):
    """d1 <= 0 on every side (a point position test; source skips the bevel
    sides); 0 sides: never."""
    fs, ns, contents = b
    if ns <= 0:
        return False
    if fs < 0 or fs + ns > len(C.sides):
        raise _corrupt()
    for si in range(fs, fs + ns):
        if C.family == "source" and C.side_bevel[si] != 0:
            continue
        pl = _plane(C, C.sides[si])
        if fsub(fdot(p, pl.n), pl.dist) > 0:
            return False
    return True


def contents(m, p, model=0):
    fam = m.family
    if fam in HULL_FAMILIES:
        # 8.12: the hull families answer with hull 0 (the node tree)
        return hullcontents(m, 0, p, model)
    if fam not in BRUSH_FAMILIES:
        raise QueryError("unsupported")
    C = coll(m)
    _check_model(m, C, model)
    if fam == "quake2":
        li = point_leaf_from(C, C.heads[model], p)
        return C.leaves[li][0]
    if fam == "source":
        # 8.12: the leaf's contents OR the brushes of that leaf holding p
        li = point_leaf_from(C, C.heads[model], p)
        lf = C.leaves[li]
        if lf[1] < 0 or lf[2] < 0 or lf[1] + lf[2] > len(C.leafbrushes):
            raise _corrupt()
        out = lf[0]
        for bi in C.leafbrushes[lf[1]:lf[1] + lf[2]]:
            if bi < 0 or bi >= len(C.brushes):
                raise _corrupt()
            b = C.brushes[bi]
            if b[1] > 0 and (b[0] < 0 or b[0] + b[1] > len(C.sides)):
                raise _corrupt()
            if _brush_contains(C, b, p):
                out |= b[2]
        return out
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
    # nightfire: 2 in a solid leaf or inside a brush of its leaf, else 1
    li = point_leaf_from(C, 0, p)
    lf = C.leaves[li]
    if lf[0] == NIGHTFIRE_SOLID_LEAF:
        return NIGHTFIRE_SOLID_LEAF
    if lf[1] < 0 or lf[2] < 0 or lf[1] + lf[2] > len(C.leafbrushes):
        raise _corrupt()
    for bi in C.leafbrushes[lf[1]:lf[1] + lf[2]]:
        if bi < 0 or bi >= len(C.brushes):
            raise _corrupt()
        if _brush_contains(C, C.brushes[bi], p):
            return 2
    return 1


# --------------------------------------------------------------------------
# moved and turned models (8.10): CM_TransformedBoxTrace and
# CM_TransformedPointContents, as id's C computes them: each angle turned to
# radians in double by the double constant M_PI*2/360 and rounded to float,
# its sine and cosine the C library's in double, rounded to float; the
# vectors float products and sums in the written order.

ANGLE_MAX = 16777216.0        # |angle| in degrees beyond it: bad_query (the library's limit)


def angle_vectors(angles):
    """AngleVectors (Quake 2 q_shared.c, Quake 3 q_math.c): forward, right, up."""
    def sc(deg):
        a = f32(deg * (math.pi * 2 / 360))
        return f32(math.sin(a)), f32(math.cos(a))
    sy, cy = sc(angles[1])
    sp, cp = sc(angles[0])
    sr, cr = sc(angles[2])
    forward = (fmul(cp, cy), fmul(cp, sy), -sp)
    right = (fadd(fmul(fmul(-sr, sp), cy), fmul(-cr, -sy)),
             fadd(fmul(fmul(-sr, sp), sy), fmul(-cr, cy)),
             fmul(-sr, cp))
    up = (fadd(fmul(fmul(cr, sp), cy), fmul(-sr, -sy)),
          fadd(fmul(fmul(cr, sp), sy), fmul(-sr, cy)),
          fmul(cr, cp))
    return forward, right, up


def _turn_q2(p, fwd, right, up):
    """(p.forward, -p.right, p.up): Quake 2's turn into the model's frame"""
    return (fdot(p, fwd), -fdot(p, right), fdot(p, up))


def _rotate_q3(p, matrix):
    """RotatePoint: DotProduct(matrix[i], p)"""
    return tuple(fdot(matrix[i], p) for i in range(3))


def _moved_args(origin, angles):
    for v in tuple(origin) + tuple(angles):
        if not math.isfinite(v):
            raise QueryError("bad_query")
    for v in angles:
        if abs(v) > ANGLE_MAX:
            raise QueryError("bad_query")
    return angles[0] != 0 or angles[1] != 0 or angles[2] != 0


def trace_moved(m, start, end, mins, maxs, mask, model, origin, angles):
    rotated = _moved_args(origin, angles)
    fam = m.family
    if fam in HULL_FAMILIES:
        if rotated:
            raise QueryError("unsupported")
        tr = trace(m, tuple(fsub(start[i], origin[i]) for i in range(3)),
                   tuple(fsub(end[i], origin[i]) for i in range(3)), mins, maxs, mask, model)
        tr.endpos = tuple(end[i] if tr.fraction == 1 else fadd(tr.endpos[i], origin[i])
                          for i in range(3))
        return tr
    if fam == "quake3":
        off = [fmul(fadd(mins[i], maxs[i]), 0.5) for i in range(3)]
        size0 = tuple(fsub(mins[i], off[i]) for i in range(3))
        size1 = tuple(fsub(maxs[i], off[i]) for i in range(3))
        s = tuple(fsub(fadd(start[i], off[i]), origin[i]) for i in range(3))
        e = tuple(fsub(fadd(end[i], off[i]), origin[i]) for i in range(3))
    else:
        size0, size1 = tuple(mins), tuple(maxs)
        s = tuple(fsub(start[i], origin[i]) for i in range(3))
        e = tuple(fsub(end[i], origin[i]) for i in range(3))
    if rotated:
        fwd, right, up = angle_vectors(angles)
        if fam == "quake3":
            matrix = (fwd, tuple(-v for v in right), up)      # CreateRotationMatrix
            s, e = _rotate_q3(s, matrix), _rotate_q3(e, matrix)
        else:
            s, e = _turn_q2(s, fwd, right, up), _turn_q2(e, fwd, right, up)
    tr = trace(m, s, e, size0, size1, mask, model)
    if rotated and tr.fraction != 1 and tr.plane is not None:
        n, d = tr.plane
        if fam == "quake3":
            transpose = tuple(tuple(matrix[j][i] for j in range(3)) for i in range(3))
            n = _rotate_q3(n, transpose)
        else:
            fwd, right, up = angle_vectors(tuple(-v for v in angles))
            n = _turn_q2(n, fwd, right, up)
        tr.plane = (n, d)
    tr.endpos = tuple(fadd(start[i], fmul(tr.fraction, fsub(end[i], start[i]))) for i in range(3))
    return tr


def contents_moved(m, p, model, origin, angles):
    rotated = _moved_args(origin, angles)
    if m.family in HULL_FAMILIES and rotated:
        raise QueryError("unsupported")   # hull models are moved, not turned
    q = tuple(fsub(p[i], origin[i]) for i in range(3))
    if rotated:
        q = _turn_q2(q, *angle_vectors(angles))
    return contents(m, q, model)


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
# 8.4a: trace on quake, goldsrc, bsp2 picks the hull from the box

HULL_MINS = {
    "quake": ((0.0, 0.0, 0.0), (-16.0, -16.0, -24.0), (-32.0, -32.0, -24.0)),
    "bsp2": ((0.0, 0.0, 0.0), (-16.0, -16.0, -24.0), (-32.0, -32.0, -24.0)),
    "goldsrc": ((0.0, 0.0, 0.0), (-16.0, -16.0, -36.0), (-32.0, -32.0, -32.0), (-16.0, -16.0, -18.0)),
    # Hexen II: the contract's sizes (13.4), hull 1 (-16,-16,-32) and
    # hull 3 (-16,-16,-16)
    "hexen2": ((0.0, 0.0, 0.0), (-16.0, -16.0, -32.0), (-24.0, -24.0, -20.0), (-16.0, -16.0, -16.0),
               (-8.0, -8.0, -8.0), (-28.0, -28.0, -40.0)),
}


def hull_for_box(family, mins, maxs):
    """SV_HullForEntity's choice (8.4a) from size = maxs - mins (float)."""
    sx = fsub(maxs[0], mins[0])
    sz = fsub(maxs[2], mins[2])
    if family == "goldsrc":
        if sx <= 8.0:
            return 0
        if sx <= 36.0:
            return 3 if sz <= 36.0 else 1
        return 2
    if family == "hexen2":
        # Hexen II's engine by size, with no world spawnflag 1 (hull 4
        # never) and hull 2 only by name (docs/queries.md 13.4)
        if sx < 3.0:
            return 0
        if sx <= 32.0:
            return 3 if sz <= 28.0 else 1
        return 5
    if sx < 3.0:
        return 0
    return 1 if sx <= 32.0 else 2


def trace_hulls(m, start, end, mins, maxs, model=0, mask=None):
    """8.4a: the hull's lower corner on the box's; endpos = end when the
    whole move is made, else the hull trace's endpos + offset; no contents,
    no mask.  A model without that hull but with a block of the map's
    valid BRUSHLIST: 8.2's rule over the block (13.7, brushlist_trace)."""
    fam = "hexen2" if getattr(m, "variant", None) == "hexen2" else m.family
    hull = hull_for_box(fam, mins, maxs)
    if fam == "goldsrc" and hull == 0:
        offset = (0.0, 0.0, 0.0)
    else:
        offset = tuple(fsub(HULL_MINS[fam][hull][i], mins[i]) for i in range(3))
    s = tuple(fsub(start[i], offset[i]) for i in range(3))
    e = tuple(fsub(end[i], offset[i]) for i in range(3))
    try:
        tr = hulltrace(m, hull, s, e, model)
    except QueryError as ex:
        bl = brush_list(m) if ex.name == "bad_hull" else None
        if bl is None or model not in bl.by_model:
            raise
        return brushlist_trace(bl.by_model[model], start, end, mins, maxs, mask)
    if tr.fraction == 1.0:
        tr.endpos = tuple(end)
    else:
        tr.endpos = tuple(fadd(tr.endpos[i], offset[i]) for i in range(3))
    return tr


# --------------------------------------------------------------------------
# BSPX BRUSHLIST (contract 13.7): the brushes of a quake-family model that
# has no clip hull (ericw-tools -wrbrushesonly).  A model lacking the hull a
# box picks (8.4a) and named by a block of a valid list answers 8.2's rule
# over that block's brushes, in list order, no tree walk.

# the quake family's contents table (docs/access.md "Contents flags")
QUAKE_CONTENTS_FLAGS = {-2: 0x1, -3: 0x4, -4: 0x8, -5: 0x10, -6: 0x20, -7: 0x1000, -8: 0x40 | 0x80,
                        -15: 0x400, -16: 0x100}
for _c in range(-14, -8):
    QUAKE_CONTENTS_FLAGS[_c] = 0x200 | 0x4          # currents: CURRENT | WATER
MASK_SOLID_Q1 = 0x21                 # SOLID | SKY
MASK_PLAYERSOLID_Q1 = 0xE1           # SOLID | SKY | PLAYERCLIP | MONSTERCLIP
for _f in HULL_FAMILIES:
    MASK_SOLID[_f] = MASK_SOLID_Q1
    MASK_PLAYERSOLID[_f] = MASK_PLAYERSOLID_Q1


class ListBrush:
    """One brush of the list: bounds, contents as stored, its flags, and its
    sides: the six axial planes (-x, +x, -y, +y, -z, +z) then the stored
    ones in file order."""
    __slots__ = ("model", "mins", "maxs", "contents", "flags", "sides")

    def __init__(self, model, mins, maxs, contents, planes):
        self.model = model
        self.mins = mins
        self.maxs = maxs
        self.contents = contents
        self.flags = QUAKE_CONTENTS_FLAGS.get(contents, 0)
        axial = []
        for j in range(3):
            lo = [0.0, 0.0, 0.0]
            hi = [0.0, 0.0, 0.0]
            lo[j] = -1.0
            hi[j] = 1.0
            axial.append(Plane(tuple(lo), -mins[j], j))
            axial.append(Plane(tuple(hi), maxs[j], j))
        self.sides = axial + [Plane(n, d, 3) for n, d in planes]


class BrushList:
    """A valid BRUSHLIST: blocks [(model, [ListBrush])] in file order."""

    def __init__(self, blocks):
        self.blocks = blocks
        self.by_model = dict(blocks)

    def brushes(self):
        return [b for _mdl, bl in self.blocks for b in bl]


def parse_brushlist(lump, nmodels):
    """13.7's checks; None for an invalid list (ignored as if absent)."""
    pos, size = 0, len(lump)
    blocks, seen = [], set()
    fin = math.isfinite
    while pos < size:
        if pos + 16 > size:
            return None
        ver, model, nb, np_ = struct.unpack_from("<4i", lump, pos)
        pos += 16
        if ver != 1 or model < 0 or model >= nmodels or nb < 0 or model in seen:
            return None
        seen.add(model)
        brushes, total = [], 0
        for _k in range(nb):
            if pos + 28 > size:
                return None
            r = struct.unpack_from("<6fhH", lump, pos)
            pos += 28
            n = r[7]
            if pos + 16 * n > size:
                return None
            planes = []
            for _p in range(n):
                q = struct.unpack_from("<4f", lump, pos)
                pos += 16
                planes.append((q[:3], q[3]))
            if not all(fin(v) for v in r[:6]) or not all(fin(v) for pl in planes for v in pl[0] + (pl[1],)):
                return None
            total += n
            brushes.append(ListBrush(model, r[0:3], r[3:6], r[6], planes))
        if total != np_:
            return None
        blocks.append((model, brushes))
    return BrushList(blocks)


def brush_list(m):
    """The map's valid list, or None (no BSPX BRUSHLIST, or an invalid one)."""
    if m.family not in HULL_FAMILIES:
        return None
    if not hasattr(m, "_brushlist"):
        import bspref_bspx
        raw = getattr(m, "raw", None)
        lump = None
        if raw is not None:
            _off, ents = bspref_bspx.directory(raw, m.family)
            for name, ofs, ln in ents:
                if name == b"BRUSHLIST":
                    lump = raw[ofs:ofs + ln]
                    break               # the first wins, as for every BSPX lump
        nmodels = len(m.lump(14)) // 64
        m._brushlist = parse_brushlist(lump, nmodels) if lump is not None else None
    return m._brushlist


def _bl_dadj(pl, mins, maxs):
    """dist - dot(ofs, n), ofs[j] = n[j] < 0 ? maxs[j] : mins[j] (a box is never a point here)."""
    n = pl.n
    ofs = tuple(maxs[j] if n[j] < 0 else mins[j] for j in range(3))
    return fsub(pl.dist, fdot(ofs, n))


def brushlist_trace(brushes, start, end, mins, maxs, mask):
    """8.2's rule over `brushes` in order, each once, those whose flags meet
    the mask; 8.5's quake2 endpos."""
    tr = TraceResult()
    mask = _u32(MASK_PLAYERSOLID_Q1 if mask is None else mask)
    use = [b for b in brushes if b.flags & mask]
    start, end = tuple(start), tuple(end)
    if start[0] == end[0] and start[1] == end[1] and start[2] == end[2]:
        for b in use:
            inside = True
            for pl in b.sides:
                d1 = fsub(fdot(start, pl.n), _bl_dadj(pl, mins, maxs))
                if d1 > 0:
                    inside = False
                    break
            if inside:
                tr.startsolid = tr.allsolid = 1
                tr.fraction = 0.0
                tr.contents = b.flags
                break
        tr.endpos = start
        return tr
    E = DIST_EPSILON
    for b in use:
        enter, leave = -1.0, 1.0
        startout = getout = False
        plane = None
        hit = True
        for pl in b.sides:
            d = _bl_dadj(pl, mins, maxs)
            d1 = fsub(fdot(start, pl.n), d)
            d2 = fsub(fdot(end, pl.n), d)
            if d2 > 0:
                getout = True
            if d1 > 0:
                startout = True
            if d1 > 0 and d2 >= d1:
                hit = False
                break
            if d1 <= 0 and d2 <= 0:
                continue
            if d1 > d2:
                f = fdiv(fsub(d1, E), fsub(d1, d2))
                if f > enter:
                    enter = f
                    plane = pl
            else:
                f = fdiv(fadd(d1, E), fsub(d1, d2))
                if f < leave:
                    leave = f
        if not hit:
            continue
        if not startout:
            tr.startsolid = 1
            if not getout:
                tr.allsolid = 1
        elif enter < leave and enter > -1 and enter < tr.fraction:
            tr.fraction = enter if enter > 0 else 0.0
            tr.plane = (plane.n, plane.dist)
            tr.contents = b.flags
        if tr.fraction == 0:
            break
    if tr.fraction == 1:
        tr.endpos = end
    else:
        fr = tr.fraction
        tr.endpos = tuple(fadd(start[i], fmul(fr, fsub(end[i], start[i]))) for i in range(3))
    return tr


def brushlist_records(m):
    """`bspkit brushes` on a quake-family map with a valid list: the lines
    (13.7; print_brush's fields), or None without a list."""
    bl = brush_list(m)
    if bl is None:
        return None
    out, first = [], 0
    for i, b in enumerate(bl.brushes()):
        sides = []
        for pl in b.sides:
            sides.append('{"plane":-1,"normal":%s,"dist":%s,"texture":null,"texture_index":-1,'
                         '"flags":0,"raw_flags":0,"dispinfo":-1,"bevel":0,"thin":0}'
                         % (_vec(pl.n), g(pl.dist)))
        out.append('{"brush":%d,"contents":%d,"flags":%d,"texture":null,"texture_index":-1,'
                   '"first_side":%d,"sides":[%s]}' % (i, b.contents, b.flags, first, ",".join(sides)))
        first += len(b.sides)
    return out


# --------------------------------------------------------------------------
# 8.12a: the leaves a box touches


def box_leaves(m, mins, maxs, model=0):
    """(leaves, topnode or quake3's last_leaf): from the model's head node,
    BoxOnPlaneSide per node, front first, each leaf once in the order first
    reached.  A walk that enters more nodes than the lump holds has met
    shared nodes (a tree enters each once): corrupt (8.13)."""
    fam = m.family
    if fam == "quake3" and model > 0:
        raise QueryError("unsupported")
    C = coll(m)
    _check_model(m, C, model)
    if fam in HULL_FAMILIES:
        head = C.model_heads[model][0]
    else:
        head = C.heads[model] if model < len(C.heads) else 0
    lo, hi = tuple(mins), tuple(maxs)
    out, seen = [], set()
    state = {"top": -1, "entered": 0}

    def visit(num):
        while num >= 0:
            state["entered"] += 1
            if state["entered"] > len(C.nodes):
                raise _corrupt()
            node = _node(C, num)
            sides = _box_on_plane_side(_plane(C, node[0]), lo, hi)
            if sides == 1:
                num = node[1]
            elif sides == 2:
                num = node[2]
            else:
                if state["top"] < 0:
                    state["top"] = num
                visit(node[1])
                num = node[2]
        leaf = -1 - num
        if leaf >= len(m.leaves):
            raise _corrupt()
        if leaf not in seen:
            seen.add(leaf)
            out.append(leaf)

    visit(head)
    if fam == "quake3":
        last = 0
        for leaf in out:
            if m.leaf_cluster(leaf) != -1:
                last = leaf
        return out, last
    return out, state["top"]


def boxleaves_line(m, args):
    """boxleaves MINX MINY MINZ MAXX MAXY MAXZ [model K] (section 6)."""
    bad = R._err(b"boxleaves", "bad_query")
    if len(args) < 6:
        return bad
    box = _floats(args[:6])
    opt = _options(args[6:], False)
    if box is None or opt is None:
        return bad
    try:
        _collision_loadable(m)
        leaves, top = box_leaves(m, box[:3], box[3:], opt[1])
    except QueryError as e:
        return R._err(b"boxleaves", e.name)
    return '{"q":"boxleaves","count":%d,"%s":%d,"leaves":[%s]}' % (
        len(leaves), "last_leaf" if m.family == "quake3" else "topnode", top,
        ",".join(str(x) for x in leaves))


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
    if with_contents and getattr(tr, "disp", -1) >= 0:
        s += ',"disp":%d,"disp_flags":%d' % (tr.disp, tr.disp_flags)
    return s + "}"


def _shows_contents(m, tr):
    """brush families: always; quake, goldsrc, bsp2: when not 0 (a
    BRUSHLIST answer, 13.7; hull answers have none)."""
    return m.family not in HULL_FAMILIES or getattr(tr, "contents", 0) != 0


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


def _options(rest, allow_mask, allow_move=False):
    """[mask M] [model K] [origin X Y Z] [angles P Y R] in this order (origin
    and angles when allow_move); returns (mask, model, origin, angles) or
    None; origin and angles are None when neither is given."""
    mask, model = None, 0
    origin = angles = None
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
    if allow_move and len(rest) >= 1 and rest[0] == b"origin":
        origin = _floats(rest[1:4]) if len(rest) >= 4 else None
        if origin is None:
            return None
        rest = rest[4:]
    if allow_move and len(rest) >= 1 and rest[0] == b"angles":
        angles = _floats(rest[1:4]) if len(rest) >= 4 else None
        if angles is None:
            return None
        rest = rest[4:]
    if rest:
        return None
    if origin is not None or angles is not None:
        origin = origin or (0.0, 0.0, 0.0)
        angles = angles or (0.0, 0.0, 0.0)
    return mask, model, origin, angles


COMMANDS = (b"trace", b"hulltrace", b"contents", b"hullcontents")


def _collision_loadable(m):
    """Dota 2's brushes (source v22, v23) are read but not sound enough to
    collide (docs/queries.md 13.6): every well-formed collision line
    answers unsupported."""
    if m.family == "source" and getattr(m, "version", 0) in (22, 23):
        raise QueryError("unsupported")


def run_query_line(m, toks):
    """One collision query line (toks: bytes tokens) -> JSON text."""
    cmd = toks[0]
    args = toks[1:]
    bad = R._err(cmd, "bad_query")
    if cmd == b"boxleaves":
        return boxleaves_line(m, args)
    try:
        if cmd == b"trace":
            if len(args) < 6:
                return bad
            pts = _floats(args[:6])
            rest = args[6:]
            mins = maxs = (0.0, 0.0, 0.0)
            if rest and rest[0] not in (b"mask", b"model", b"origin", b"angles"):
                if len(rest) < 6:
                    return bad
                box = _floats(rest[:6])
                if box is None:
                    return bad
                mins, maxs = box[:3], box[3:]
                rest = rest[6:]
            opt = _options(rest, True, True)
            if pts is None or opt is None:
                return bad
            _collision_loadable(m)
            if opt[2] is not None:
                mask = opt[0] if opt[0] is not None else MASK_PLAYERSOLID.get(m.family)
                tr = trace_moved(m, pts[:3], pts[3:], mins, maxs, mask, opt[1], opt[2], opt[3])
                return trace_json(tr, _shows_contents(m, tr))
            tr = trace(m, pts[:3], pts[3:], mins, maxs, opt[0], opt[1])
            return trace_json(tr, _shows_contents(m, tr))
        if cmd == b"hulltrace":
            if len(args) < 7:
                return bad
            h = R.parse_int32(args[0])
            pts = _floats(args[1:7])
            opt = _options(args[7:], False)
            if h is None or pts is None or opt is None:
                return bad
            _collision_loadable(m)
            tr = hulltrace(m, h, pts[:3], pts[3:], opt[1])
            return trace_json(tr, False, "hulltrace")
        if cmd == b"contents":
            if len(args) < 3:
                return bad
            p = _floats(args[:3])
            opt = _options(args[3:], False, True)
            if p is None or opt is None:
                return bad
            _collision_loadable(m)
            if opt[2] is not None:
                return '{"q":"contents","contents":%d}' % _s32(contents_moved(m, p, opt[1], opt[2], opt[3]))
            return '{"q":"contents","contents":%d}' % _s32(contents(m, p, opt[1]))
        if cmd == b"hullcontents":
            if len(args) < 4:
                return bad
            h = R.parse_int32(args[0])
            p = _floats(args[1:4])
            opt = _options(args[4:], False)
            if h is None or p is None or opt is None:
                return bad
            _collision_loadable(m)
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
        terrain = getattr(t, "disp", -1) >= 0     # 8.14: a point stops on the surface
        ck.ok(t.endpos[0] == p[0] and t.endpos[1] == p[1] and
              (t.endpos[2] < p[2] or (terrain and t.endpos[2] == p[2])),
              w + ": endpos %r not below the start" % (t.endpos,))
        if n[2] > 0.7:
            floors += 1
        # the stop is E in front of the plane (measured along the normal)
        gap = fdot(n, t.endpos) - d
        ck.ok(0 < gap <= E * 1.01 + 1e-3 or (hull and gap > 0) or (terrain and gap <= 2e-3),
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

    # zero-length traces half a unit inside the floor: startsolid (brush floors:
    # under a patch there is no solid, 8.11)
    if fam == "quake3":
        downs_b = [(p, t) for p, t in downs
                   if trace(m, p, (p[0], p[1], fsub(p[2], 8192.0)), patches=False).fraction == t.fraction]
        print("  %d of %d down traces end on brushes" % (len(downs_b), len(downs)))
    else:
        # under terrain there is no solid either (8.14)
        downs_b = [(p, t) for p, t in downs if getattr(t, "disp", -1) < 0]
    for p, t in downs_b[:20]:
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
            ck.ok((r.fraction == 1 and not r.startsolid) or getattr(r, "disp", -1) >= 0,
                  "trace %r -> %r is clear but the reverse gives fraction %r" % (a, b, r.fraction))
        elif t.fraction < 1 and getattr(t, "disp", -1) < 0:
            # both ends open and blocked one way: blocked the other way too
            # (not by terrain: a point meets it only against its normal)
            r = tr_point(b, a)
            ck.ok(r.fraction < 1, "trace %r -> %r blocked but the reverse is clear" % (a, b))
    print("  %d clear pairs checked both ways" % pairs)

    if not hull:
        # a box containing the point stops no later than the point
        box = ((-16.0, -16.0, -24.0), (16.0, 16.0, 32.0))
        for p, t in downs[:20]:
            end = (p[0], p[1], fsub(p[2], 8192.0))
            tb = trace(m, p, end, box[0], box[1])
            if tb.startsolid or getattr(t, "disp", -1) >= 0:
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
            if fam == "quake2":
                ck.ok((t.startsolid, t.allsolid, t.fraction) == (1, 1, 1.0), "8.7 row 3 (quake2)")
            else:
                # 8.9: the centred box's walk takes the floor plane's front
                # side only (t1 = ext): the floor brush is not reached
                ck.ok((t.startsolid, t.allsolid, t.fraction) == (0, 0, 1.0), "8.7 row 3 (source: open)")
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

    if fam == "quake3":
        _patch_synthetic(m, ck)
        _patch_map(m, ck, rng)

    # query lines: syntax and errors
    lines = {
        b"trace 0 0 0 1 1 1 mask": "bad_query",
        b"trace 0 0 0 1 1 1 -1 -1 -1 1 1": "bad_query",
        b"trace 0 0 0 1 1 1 model 999999": "unsupported" if fam == "nightfire" else "bad_model",
        b"hullcontents 9 0 0 0": "bad_hull" if hull else "unsupported",
        b"contents 0 0 nan": "bad_query",
    }
    for line, want in lines.items():
        got = run_query_line(m, line.split())
        ck.ok('"error":"%s"' % want in got, "%r gives %s, want %s" % (line, got, want))
    print("  %d checks, %d failed" % (ck.checks, ck.fails))
    return 1 if ck.fails else 0


# ---- quake3 patches (8.11): synthetic grids and the map's own patches ----

def _patch_alone(C, pc, start, end, mins=(0.0, 0.0, 0.0), maxs=(0.0, 0.0, 0.0)):
    """a sweep against one patch only (no tree, no brushes)."""
    bt = BrushTrace(C, 0, start, end, mins, maxs, 0xFFFFFFFF)
    if start == end:
        if position_in_patch(bt, pc):
            bt.tr.startsolid = bt.tr.allsolid = 1
            bt.tr.fraction = 0.0
    else:
        trace_patch(bt, pc)
    bt.tr.endpos = _endpos_formula(start, end, bt.tr.fraction)
    return bt.tr


def _grid_patch(w, h, fn):
    """build_patch from control points fn(i, j) (column i, row j)."""
    pts = [None] * (w * h)
    for j in range(h):
        for i in range(w):
            pts[j * w + i] = tuple(f32(v) for v in fn(i, j))
    return build_patch(w, h, pts)


def _box_holds_point(pos, mins, maxs, p, slack):
    return all(pos[k] + mins[k] + slack < p[k] < pos[k] + maxs[k] - slack for k in range(3))


def _patch_synthetic(m, ck):
    C = coll(m)
    E = SURFACE_CLIP_EPSILON
    # a flat 64 x 64 square at z = 0, facing up: one facet
    flat = _grid_patch(3, 3, lambda i, j: (i * 32.0, j * 32.0, 0.0))
    ck.ok(len(flat.facets) == 1, "flat patch: %d facets, want 1" % len(flat.facets))
    ck.ok(flat.planes[flat.facets[0][0]][0] == (0.0, 0.0, 1.0, 0.0),
          "flat patch: surface plane %r" % (flat.planes[flat.facets[0][0]][0],))
    ck.ok(flat.bounds == ((-1.0, -1.0, -1.0), (65.0, 65.0, 1.0)), "flat patch bounds %r" % (flat.bounds,))
    t = _patch_alone(C, flat, (32.0, 32.0, 40.0), (32.0, 32.0, -40.0))
    ck.ok(t.fraction < 1 and t.endpos[2] == E and t.plane == ((0.0, 0.0, 1.0), 0.0),
          "flat patch: point drop stops at %r (fraction %r), want z = 1/8" % (t.endpos, t.fraction))
    box = ((-16.0, -16.0, -24.0), (16.0, 16.0, 32.0))
    t = _patch_alone(C, flat, (32.0, 32.0, 100.0), (32.0, 32.0, -100.0), *box)
    ck.ok(t.fraction < 1 and t.endpos[2] == 24 + E,
          "flat patch: player box drop stops at %r, want z = 24.125" % (t.endpos,))
    t = _patch_alone(C, flat, (32.0, 32.0, -40.0), (32.0, 32.0, 40.0))
    ck.ok(t.fraction == 1, "flat patch: a point from below hits the back side (%r)" % t.fraction)
    small = ((-4.0, -4.0, -4.0), (4.0, 4.0, 4.0))
    t = _patch_alone(C, flat, (32.0, 32.0, -100.0), (32.0, 32.0, 100.0), *small)
    ck.ok(t.fraction == 1, "flat patch: a box from below is clipped by the back side (%r)" % t.fraction)
    for z, want in ((0.0, 1), (3.9, 1), (-3.9, 1), (4.5, 0), (-5.0, 0)):
        t = _patch_alone(C, flat, (32.0, 32.0, f32(z)), (32.0, 32.0, f32(z)), *small)
        ck.ok(t.startsolid == want, "flat patch: box position test at z %r gives %d" % (z, t.startsolid))
    t = _patch_alone(C, flat, (32.0, 32.0, 0.0), (32.0, 32.0, 0.0))
    ck.ok(t.startsolid == (1 if POINT_POSITION_TEST_HITS else 0),
          "flat patch: a point position test on the surface gives %d" % t.startsolid)
    t = _patch_alone(C, flat, (32.0, 32.0, 70.0), (32.0, 32.0, 70.0), *small)
    ck.ok(t.startsolid == 0, "flat patch: box far above is inside")
    # clear moves just above the surface, along it
    t = _patch_alone(C, flat, (-10.0, 32.0, 0.5), (80.0, 32.0, 0.5))
    ck.ok(t.fraction == 1, "flat patch: point move 0.5 above hits (%r)" % t.fraction)
    t = _patch_alone(C, flat, (-10.0, 20.0, 4.0625), (80.0, 40.0, 4.0625), *small)
    ck.ok(t.fraction == 1, "flat patch: box move 1/16 above hits (%r)" % t.fraction)
    t = _patch_alone(C, flat, (-10.0, 32.0, 3.5), (80.0, 32.0, 3.5), *small)
    ck.ok(t.startsolid == 0 and t.fraction < 1 and t.plane[0][0] == -1.0,
          "flat patch: a box sliding in from the side half under the top is not stopped "
          "by the edge (fraction %r, plane %r)" % (t.fraction, t.plane))
    # an arch in x-z, 128 wide and 64 high, extruded along y
    arch = _grid_patch(3, 3, lambda i, j: (i * 64.0, j * 32.0, 128.0 if i == 1 else 0.0))
    # (the grid is transposed by the build: a column runs along x here)
    cols = arch.cols
    line = cols[0] if cols[0][0][0] != cols[0][-1][0] else [c[0] for c in cols]
    ck.ok(len(line) >= 5 and (arch.grid[0] - 1) * (arch.grid[1] - 1) == len(arch.facets),
          "arch: grid %r, %d facets" % (arch.grid, len(arch.facets)))
    up = all(arch.planes[s][0][2] > 0 for s, _b in arch.facets)
    ck.ok(up, "arch: a facet faces down")
    xs = [p[0] for p in line]
    zs = [p[2] for p in line]
    ck.ok(xs == sorted(xs) and xs[0] == 0 and xs[-1] == 128 and max(zs) == 64,
          "arch: subdivided grid x %r z %r" % (xs, zs))

    def chord_z(x):
        for k in range(len(xs) - 1):
            if xs[k] <= x <= xs[k + 1]:
                return zs[k] + (zs[k + 1] - zs[k]) * (x - xs[k]) / (xs[k + 1] - xs[k])
        return None

    holes = 0
    x = 0.5
    while x < 128:
        # points over every facet and over the seams between them
        for y in (0.5, 16.0, 32.0, 63.5):
            t = _patch_alone(C, arch, (f32(x), y, 200.0), (f32(x), y, -10.0))
            if t.fraction == 1:
                holes += 1
                continue
            cz = chord_z(x)
            n = t.plane[0]
            gap = t.endpos[2] - cz
            ck.ok(-1e-3 <= gap <= E / n[2] + PLANE_TRI_EPSILON + 1e-3,
                  "arch: point drop at x %r stops %r above the chord (normal %r)" % (x, gap, n))
            tb = _patch_alone(C, arch, (f32(x), y, 200.0), (f32(x), y, -10.0), *small)
            ck.ok(tb.fraction < 1 and tb.fraction <= t.fraction,
                  "arch: box drop at x %r: fraction %r, point %r" % (x, tb.fraction, t.fraction))
            inside = [p for c in cols for p in c if _box_holds_point(tb.endpos, small[0], small[1], p, 1e-3)]
            ck.ok(not inside, "arch: the box stopped at %r holds grid points %r" % (tb.endpos, inside[:2]))
        x += 4.25
    ck.ok(holes == 0, "arch: %d point drops fell through between facets" % holes)
    # limits and bad grids: corrupt at load
    for w, h, fn, what in (
            (4, 3, lambda i, j: (i, j, 0), "even width"),
            (3, 1, lambda i, j: (i, j, 0), "height 1"),
            (131, 3, lambda i, j: (i, j, 0), "131 columns"),
            (35, 31, lambda i, j: (i, j, 0), "1085 control points"),
            (3, 3, lambda i, j: (i * 1e6, j, 1e7 if i == 1 else 0), "subdivides past 129")):
        try:
            _grid_patch(w, h, fn)
            ck.ok(False, "patch %s loads" % what)
        except R.LoadError:
            ck.ok(True, "")
    # a closed ring of radius 32 (wraps on its width): too flat to subdivide, so
    # four flat sides; the walls face out
    def pipe(i, j):
        ring = [(32, 0), (32, 32), (0, 32), (-32, 32), (-32, 0), (-32, -32), (0, -32), (32, -32), (32, 0)]
        return (ring[i][0], ring[i][1], j * 64.0)
    pp = _grid_patch(9, 3, pipe)
    ck.ok(len(pp.facets) == 4 and all(len(b) <= MAX_BORDERS for _s, b in pp.facets),
          "ring: %d facets, want 4" % len(pp.facets))
    t = _patch_alone(C, pp, (100.0, 0.25, 50.0), (0.0, 0.25, 50.0))
    ck.ok(t.fraction < 1 and t.plane[0][0] > 0.7 and t.plane[0][1] > 0.7 and 31 < t.endpos[0] < 32,
          "ring: a point from outside is not stopped at the wall (%r, %r)" % (t.fraction, t.endpos))
    t = _patch_alone(C, pp, (0.0, 0.25, 50.0), (100.0, 0.25, 50.0))
    ck.ok(t.fraction == 1, "ring: a point leaving from inside is stopped (%r)" % t.fraction)
    # exactly through the seam vertex (32, 0) a point passes between the two
    # facets, as it does in the engine
    t = _patch_alone(C, pp, (100.0, 0.0, 64.0), (0.0, 0.0, 64.0))
    ck.ok(t.fraction == 1, "ring: a point through the seam vertex is stopped (%r)" % t.fraction)
    t = _patch_alone(C, pp, (100.0, 0.0, 64.0), (0.0, 0.0, 64.0), *small)
    ck.ok(t.fraction < 1 and t.endpos[0] >= 36, "ring: a box through the seam vertex: %r" % (t.endpos,))


def _patch_map(m, ck, rng):
    """the map's own patches: drops onto the tops of solid patch facets."""
    C = coll(m)
    E = SURFACE_CLIP_EPSILON
    if not C.patches:
        print("  no patches in this map")
        return
    nf = sum(len(pc.facets) for pc in C.patches.values())
    print("  %d patches, %d facets" % (len(C.patches), nf))
    world = set()
    for li in range(len(C.leaves)):
        lf = C.leaves[li]
        world.update(C.leafsurfaces[lf[3]:lf[3] + lf[4]])
    keys = sorted(k for k in C.patches
                  if k in world and _u32(C.patches[k].contents) & MASK_PLAYERSOLID["quake3"])
    rng.shuffle(keys)
    drops = listed = 0
    small = ((-2.0, -2.0, -2.0), (2.0, 2.0, 2.0))
    for k in keys[:40]:
        pc = C.patches[k]
        for (surf, _b), (i, j, which) in zip(pc.facets, pc.cells):
            n = pc.planes[surf][0]
            if n[2] <= 0.7:
                continue
            g = pc.cols
            sq = {-1: (g[i][j], g[i + 1][j], g[i + 1][j + 1], g[i][j + 1]),
                  0: (g[i][j], g[i + 1][j], g[i + 1][j + 1]),
                  1: (g[i + 1][j + 1], g[i][j + 1], g[i][j])}[which]
            c = tuple(f32(sum(p[a] for p in sq) / len(sq)) for a in range(3))
            a = (c[0], c[1], fadd(c[2], 48.0))
            b = (c[0], c[1], fsub(c[2], 48.0))
            w = "patch %d facet over %r" % (k, c)
            t = _patch_alone(C, pc, a, b)
            if not ck.ok(t.fraction < 1, w + ": a point drop misses the patch"):
                continue
            gap = fdot(n, t.endpos) - pc.planes[surf][0][3]
            ck.ok(gap > 0, w + ": the point stops %r behind the facet" % gap)
            if t.plane == (n[:3], n[3]):
                ck.ok(gap <= E * 1.01 + 1e-3, w + ": the point stops %r in front of the facet" % gap)
            # the map's trace reaches the patch through the leaves that list it:
            # where the leaf of the stop lists the patch, the map stops no later
            lf = C.leaves[point_leaf_from(C, 0, t.endpos)]
            if k in C.leafsurfaces[lf[3]:lf[3] + lf[4]]:
                tm = trace(m, a, b, mask=pc.contents)
                ck.ok(tm.fraction <= t.fraction,
                      w + ": the map trace (%r) goes past the patch (%r)" % (tm.fraction, t.fraction))
                listed += 1
            tb = _patch_alone(C, pc, a, b, *small)
            ck.ok(tb.fraction < 1 and tb.fraction <= t.fraction,
                  w + ": box drop %r, point drop %r" % (tb.fraction, t.fraction))
            z = _patch_alone(C, pc, c, c, *small)
            ck.ok(z.startsolid == 1, w + ": a box on the facet is not inside the patch")
            z = _patch_alone(C, pc, a, a, *small)
            ck.ok(z.startsolid == 0 or t.fraction < 0.5,
                  w + ": a box 48 above the facet is inside the patch")
            drops += 1
            break
    print("  %d patch facets dropped on (%d compared with the map's trace)" % (drops, listed))
    ck.ok(drops > 0 or not keys, "no top facet found on %d solid patches" % len(keys))


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
