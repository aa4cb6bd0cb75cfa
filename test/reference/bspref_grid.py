# SPDX-License-Identifier: MIT
"""The Quake family's light grid for bspref: QUERIES.md 10.1 (where the BSPX
directory is, which entries count) as far as the grid needs it, and 10.5
(LIGHTGRID_OCTREE: validation, the samples of a grid point, the lookup),
with 10.6's `ambient X Y Z [STYLE]` line. Written from the contract, not
from the C loader; float32 arithmetic through bspref's helpers.

    python3 bspref_grid.py query MAP < queries    # one JSON line per query
    python3 bspref_grid.py points MAP [--seed N] [--count K] > queries
    python3 bspref_grid.py check LUMPFILE          # "valid" or "invalid"

`query` answers `ambient` lines on quake, goldsrc, bsp2 and quake2 itself
and hands every other line (and every other family) to bspref.
"""

import math
import random
import struct
import sys

import bspref as R

MISSING = 0x40000000
LEAF = 0x80000000
NO_DATA = 255

# family -> (number of standard lumps, end of the standard header,
# where the directory starts)
_LAYOUT = {"quake": (15, 124, 4), "goldsrc": (15, 124, 4), "bsp2": (15, 124, 4),
           "quake2": (19, 160, 8), "daikatana": (21, 176, 8), "quake64": (15, 124, 4)}


def family_of(data):
    """The family of a Quake-family file, or None for any other."""
    if len(data) < 8:
        return None
    magic = data[:4]
    if magic in (b"BSP2", b"2PSB"):
        return "bsp2"
    if magic in (b"IBSP", b"QBSP") and struct.unpack_from("<i", data, 4)[0] == 38:
        return "quake2"
    if magic == b"IBSP" and struct.unpack_from("<i", data, 4)[0] == 41:
        return "daikatana"   # contract 13.4: 21 lumps
    if magic == b" 46Q":
        return "quake64"     # contract 13.4: Quake's directory
    v = struct.unpack_from("<i", data, 0)[0]
    return {29: "quake", 30: "goldsrc"}.get(v)


def bspx_lumps(data, family):
    """10.1: the valid entries of the BSPX directory, {name: bytes}; the
    first valid entry of a name wins. {} without a directory."""
    nlumps, header_end, dir_at = _LAYOUT[family]
    size = len(data)
    if size < dir_at + 8 * nlumps:
        return {}
    ends = [o + n for o, n in (struct.unpack_from("<II", data, dir_at + 8 * i)
                               for i in range(nlumps))]
    x = (max(ends) + 3) & ~3

    def valid_at(pos):
        if pos + 8 > size or data[pos:pos + 4] != b"BSPX":
            return False
        n = struct.unpack_from("<I", data, pos + 4)[0]
        return 32 * n <= size - pos - 8

    places = [x]
    starts = [struct.unpack_from("<II", data, dir_at + 8 * i) for i in range(nlumps)]
    if header_end != x and not any(n > 0 and o == header_end for o, n in starts):
        places.append(header_end)
    for pos in places:
        if not valid_at(pos):
            continue
        n = struct.unpack_from("<I", data, pos + 4)[0]
        out = {}
        for k in range(n):
            raw, ofs, ln = struct.unpack_from("<24sII", data, pos + 8 + 32 * k)
            name = raw.split(b"\0", 1)[0].decode("latin-1")
            if ln == 0 or ofs + ln > size:
                continue
            out.setdefault(name, data[ofs:ofs + ln])
        return out
    return {}


class Grid:
    """A LIGHTGRID_OCTREE lump that passed validation."""


def parse_grid(lump):
    """10.5's validation: a Grid, or None when the lump is invalid."""
    try:
        return _parse(lump)
    except (struct.error, ValueError):
        return None


def _parse(b):
    g = Grid()
    g.step = struct.unpack_from("<3f", b, 0)
    g.size = struct.unpack_from("<3i", b, 12)
    g.mins = struct.unpack_from("<3f", b, 24)
    g.root, numnodes = struct.unpack_from("<II", b, 37)
    for a in range(3):
        s, m = g.step[a], g.mins[a]
        if not (math.isfinite(s) and s > 0) or not math.isfinite(m):
            return None
    pos = 45
    if pos + 44 * numnodes + 4 > len(b):
        return None
    g.nodes = []
    for _ in range(numnodes):
        v = struct.unpack_from("<3i8I", b, pos)
        g.nodes.append((v[:3], v[3:]))
        pos += 44
    numleafs = struct.unpack_from("<I", b, pos)[0]
    pos += 4
    g.leafs = []
    for _ in range(numleafs):
        if pos + 24 > len(b):
            return None
        lmins = struct.unpack_from("<3i", b, pos)
        lsize = struct.unpack_from("<3i", b, pos + 12)
        pos += 24
        if min(lsize) < 0:
            return None
        points = []
        for _ in range(lsize[0] * lsize[1] * lsize[2]):
            if pos >= len(b):
                return None
            count = b[pos]
            pos += 1
            if count == NO_DATA:
                points.append(None)
                continue
            if pos + 4 * count > len(b):
                return None
            points.append([tuple(b[pos + 4 * i:pos + 4 * i + 4]) for i in range(count)])
            pos += 4 * count
        g.leafs.append((lmins, lsize, points))
    if pos != len(b):
        return None
    # from the root: missing, a leaf below numleafs, or a node met once
    seen = set()
    todo = [g.root]
    while todo:
        c = todo.pop()
        if c & MISSING:
            continue
        if c & LEAF:
            if (c & 0x7FFFFFFF) >= numleafs:
                return None
            continue
        if c >= numnodes or c in seen:
            return None
        seen.add(c)
        todo.extend(g.nodes[c][1])
    return g


def samples(g, c):
    """The pairs of grid point c, None when missing."""
    for a in range(3):
        if c[a] < 0 or c[a] >= g.size[a]:
            return None
    ref = g.root
    while True:
        if ref & MISSING:
            return None
        if ref & LEAF:
            break
        mid, child = g.nodes[ref]
        idx = ((c[0] >= mid[0]) << 2) | ((c[1] >= mid[1]) << 1) | int(c[2] >= mid[2])
        ref = child[idx]
    lmins, lsize, points = g.leafs[ref & 0x7FFFFFFF]
    l = [c[a] - lmins[a] for a in range(3)]
    for a in range(3):
        if l[a] < 0 or l[a] >= lsize[a]:
            return None
    return points[l[0] + lsize[0] * (l[1] + lsize[1] * l[2])]


def colour(pairs, style):
    for s, r, gg, bb in pairs:
        if s == style:
            return (r, gg, bb)
    return (0, 0, 0)


def ambient(g, p, style):
    """10.5's lookup: {"cell", "mask", "ambient"}; QueryError no_ambient."""
    if g is None:
        raise R.QueryError("no_ambient")
    fl, frac = [], []
    for a in range(3):
        inv = R.fdiv(1.0, g.step[a])
        v = R.fmul(R.fsub(p[a], g.mins[a]), inv)
        f = R.ffloor(v)
        if f is None or f in (R.INF, -R.INF) or not (-2 ** 31 <= f <= 2 ** 31 - 2):
            raise R.QueryError("no_ambient")
        fl.append(int(f))
        frac.append(R.fsub(v, float(f)))
    total, acc, mask = 0.0, [0.0, 0.0, 0.0], 0
    for i in range(8):
        factor = 1.0
        c = list(fl)
        for j in range(3):
            if i >> j & 1:
                factor = R.fmul(factor, frac[j])
                c[j] += 1
            else:
                factor = R.fmul(factor, R.fsub(1.0, frac[j]))
        pairs = samples(g, c)
        if pairs is None:
            continue
        mask |= 1 << i
        total = R.fadd(total, factor)
        rgb = colour(pairs, style)
        for k in range(3):
            acc[k] = R.fadd(acc[k], R.fmul(factor, float(rgb[k])))
    if mask == 0:
        raise R.QueryError("no_ambient")
    if total > 0:
        amb = [R.fdiv(R.fdiv(acc[k], total), 255.0) for k in range(3)]
    else:
        amb = [0.0, 0.0, 0.0]
    return {"cell": fl, "mask": mask, "ambient": amb}


def ambient_json(a):
    return ('{"q":"ambient","cell":[%d,%d,%d],"mask":%d,"ambient":[%s]}'
            % (a["cell"][0], a["cell"][1], a["cell"][2], a["mask"],
               ",".join(R.fmt_g9(x) for x in a["ambient"])))


class GridMap:
    """What a Quake-family map's ambient query needs."""

    def __init__(self, data):
        self.family = family_of(data)
        self.lump = None
        self.grid = None
        if self.family:
            self.lump = bspx_lumps(data, self.family).get("LIGHTGRID_OCTREE")
            if self.lump is not None:
                self.grid = parse_grid(self.lump)


def ambient_line(gm, toks):
    """One `ambient` line on a Quake-family map (10.5, 10.6)."""
    err = '{"q":"ambient","error":"%s"}'
    if len(toks) not in (4, 5):
        return err % "bad_query"
    p = tuple(R.parse_strtof(t) for t in toks[1:4])
    style = 0
    if len(toks) == 5:
        style = R.parse_int32(toks[4])
        if style is None or not 0 <= style <= 255:
            return err % "bad_query"
    if None in p:
        return err % "bad_query"
    if gm.lump is None:
        return err % "unsupported"
    try:
        return ambient_json(ambient(gm.grid, p, style))
    except R.QueryError as e:
        return err % e.name


def map_ambient_line(m, toks):
    """bspref's hook: an `ambient` line on a quake, goldsrc, bsp2 or quake2
    map (m.raw: the file's bytes), its grid parsed once."""
    gm = getattr(m, "grid_map", None)
    if gm is None:
        gm = m.grid_map = GridMap(m.raw)
    return ambient_line(gm, toks)


def cmd_query(path):
    data = open(path, "rb").read()
    gm = GridMap(data)
    m = None
    out = []
    for line in sys.stdin.buffer.read().split(b"\n"):
        toks = line.split()
        if not toks:
            continue
        if gm.family and toks[0] == b"ambient":
            out.append(ambient_line(gm, toks))
            continue
        if m is None:
            try:
                m = R.load_map(path)
            except R.LoadError as e:
                sys.stderr.write("bspref_grid: cannot load %s: %s\n" % (path, e))
                return 2
        out.append(R.run_query_line(m, toks))
    sys.stdout.write("".join(s + "\n" for s in out))
    return 0


def _num(x):
    return R.fmt_g9(R.f32(x))


def cmd_points(path, seed, count):
    """ambient lines around the grid: its points, their midpoints, random
    points inside and just outside it, every style a point holds, and
    malformed styles."""
    gm = GridMap(open(path, "rb").read())
    rng = random.Random(seed)
    lines = []
    g = gm.grid
    if g is None:
        lines += ["ambient 0 0 0", "ambient 0 0 0 1", "ambient 1 2 3 255"]
    else:
        styles = sorted({pr[0] for _, _, pts in g.leafs for pairs in pts if pairs
                         for pr in pairs} | {0})
        span = [g.step[a] * max(g.size[a], 1) for a in range(3)]

        def at(frac_pt):
            return " ".join(_num(g.mins[a] + frac_pt[a]) for a in range(3))
        for _ in range(count):
            kind = rng.random()
            if kind < 0.3:      # exactly on a grid point
                pt = [g.step[a] * rng.randint(-1, max(g.size[a], 1)) for a in range(3)]
            elif kind < 0.4:    # a cell's centre
                pt = [g.step[a] * (rng.randint(0, max(g.size[a], 1)) + 0.5) for a in range(3)]
            elif kind < 0.9:    # anywhere in the grid
                pt = [rng.uniform(0, span[a]) for a in range(3)]
            else:               # around and outside it
                pt = [rng.uniform(-2 * g.step[a], span[a] + 2 * g.step[a]) for a in range(3)]
            line = "ambient " + at(pt)
            r = rng.random()
            if r < 0.3:
                line += " %d" % rng.choice(styles)
            elif r < 0.35:
                line += " %d" % rng.randint(0, 255)
            lines.append(line)
        lines.append("ambient 1e30 0 0")
        lines.append("ambient -1e30 0 0")
    lines += ["ambient 0 0 0 256", "ambient 0 0 0 -1", "ambient 0 0 0 x", "ambient 0 0",
              "ambient 0 0 nan", "ambient 0 0 0 0 0"]
    sys.stdout.write("".join(s + "\n" for s in lines))
    return 0


def main(argv):
    if len(argv) >= 3 and argv[1] == "query":
        return cmd_query(argv[2])
    if len(argv) >= 3 and argv[1] == "check":
        print("valid" if parse_grid(open(argv[2], "rb").read()) else "invalid")
        return 0
    if len(argv) >= 3 and argv[1] == "points":
        seed, count, i = 1, 2000, 3
        while i + 1 < len(argv):
            if argv[i] == "--seed":
                seed = int(argv[i + 1])
            elif argv[i] == "--count":
                count = int(argv[i + 1])
            i += 2
        return cmd_points(argv[2], seed, count)
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
