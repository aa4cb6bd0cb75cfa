# SPDX-License-Identifier: MIT
"""Areas and area portals for bspref.py (docs/queries.md 9) and the
`areas A B STATE` query line (section 6). Written from docs/queries.md: the
area lumps are read here from the file's bytes, the flood computed as the
contract defines it (the set of areas each flood reaches), independently of
the C library's walk."""

import random
import struct

import bspref as R

MAX_AREAS = 1024
MAX_KEY = 65535


def _lump_version(m, i):
    for idx, _o, _l, ver, _c, _s in m.lumps_info:
        if idx == i:
            return ver
    return 0


class Areas:
    """The map's areas: count, first flooded area, and either the portals
    of each area [(key, other)] or (quake3) the pair layout."""

    def __init__(self, m):
        fam = m.family
        E = m.E
        self.pairs = False
        self.portals = []          # per area: [(key, other)]
        self.records = []          # every portal record: (key, other)
        self.state_bytes = 0
        if fam == "quake3":
            self.pairs = True
            self.first = 0
            n = 0
            leaves = m.lump(4)
            for k in range(len(leaves) // 48):
                a = struct.unpack_from("<i", leaves, 48 * k + 4)[0]
                if a >= 0 and (a & 0xffff) + 1 > n:
                    n = (a & 0xffff) + 1
            self.n = n
            if n > MAX_AREAS:
                raise R.QueryError("unsupported")
            self.state_bytes = n * n
            return
        if fam == "quake2":
            la, lp, pfmt, psz = 17, 18, "ii", 8
        elif fam == "source":
            la, lp = 20, 21
            if m.vindictus or _lump_version(m, 21) == 1:
                pfmt, psz = "iiiii", 20
            else:
                pfmt, psz = "HHHHi", 12
        else:
            raise R.QueryError("unsupported")
        self.first = 1
        areas = m.lump(la)
        if not areas:
            raise R.QueryError("not_loaded")
        self.n = len(areas) // 8
        self._areas = [struct.unpack_from(E + "ii", areas, 8 * k) for k in range(self.n)]
        if self.n > MAX_AREAS:
            raise R.QueryError("unsupported")
        raw = m.lump(lp)
        self.records = [struct.unpack_from(E + pfmt, raw, psz * k)[:2]
                        for k in range(len(raw) // psz)]

    def check(self):
        """Section 9's corrupt cases, after the areas' range check."""
        if self.pairs:
            return
        np = len(self.records)
        for num, first in self._areas:
            if num < 0 or first < 0 or first + num > np:
                raise R.corrupt()
        keys = 0
        for key, other in self.records:
            if key < 0 or key > MAX_KEY or other < 0 or other >= self.n:
                raise R.corrupt()
            keys = max(keys, key + 1)
        self.state_bytes = (keys + 7) // 8
        self.portals = [self.records[first:first + num] for num, first in self._areas]

    def neighbours(self, area, state):
        if self.pairs:
            n = self.n
            return [j for j in range(n) if state[area * n + j] or state[j * n + area]]
        return [other for key, other in self.portals[area] if state[key >> 3] >> (key & 7) & 1]

    def flood(self, state):
        """Flood numbers: from each area not yet reached, in ascending order
        from `first`, a new number for everything it reaches; reaching an
        area of an earlier flood is corrupt (a one-way portal)."""
        fl = [0] * self.n
        num = 0
        for start in range(self.first, self.n):
            if fl[start]:
                continue
            num += 1
            seen = {start}
            todo = [start]
            while todo:
                a = todo.pop()
                for b in self.neighbours(a, state):
                    if b not in seen:
                        seen.add(b)
                        todo.append(b)
            for b in seen:
                if fl[b]:
                    raise R.corrupt()
                fl[b] = num
        return fl


def _state(tok, need):
    if tok == b"open":
        return bytes([0xff]) * need
    if tok == b"closed":
        return bytes(need)
    if len(tok) % 2 or any(c not in b"0123456789abcdefABCDEF" for c in tok):
        return None
    s = bytes.fromhex(tok.decode())
    return s + bytes(max(0, need - len(s)))


def run_query_line(m, toks):
    cmd = toks[0]
    if len(toks) != 4:
        return R._err(cmd, "bad_query")
    a, b = R.parse_int32(toks[1]), R.parse_int32(toks[2])
    if a is None or b is None or _state(toks[3], 0) is None:
        return R._err(cmd, "bad_query")
    try:
        ar = Areas(m)
        for x in (a, b):
            if x >= ar.n:
                raise R.QueryError("bad_query")
        ar.check()
        fl = ar.flood(_state(toks[3], ar.state_bytes))
    except R.QueryError as e:
        return R._err(cmd, e.name)
    conn = int(a >= 0 and b >= 0 and fl[a] == fl[b])
    reach = [str(i) for i in range(ar.n) if a >= 0 and fl[i] == fl[a]]
    return ('{"q":"areas","a":%d,"b":%d,"connected":%d,"reachable":[%s],"flood":[%s]}'
            % (a, b, conn, ",".join(reach), ",".join(str(f) for f in fl)))


def points(m, seed):
    """`areas` lines for `bspref.py points`: pairs of areas under every
    portal open, every portal closed and random states, and the error
    lines."""
    rng = random.Random(seed)
    out = ["areas 0 0 open", "areas 0 0 zz", "areas 0 0 abc", "areas 0", "areas x 0 open",
           "areas -1 0 open", "areas 0 -1 closed"]
    try:
        ar = Areas(m)
        ar.check()
    except R.QueryError:
        return out
    n = ar.n
    out += ["areas %d 0 open" % n, "areas 0 %d closed" % n, "areas 2147483647 0 open"]
    pairs = [(rng.randrange(n), rng.randrange(n)) for _ in range(min(12, n * n))] if n else []
    states = ["open", "closed"]
    for _ in range(4 if ar.state_bytes else 0):
        if ar.pairs:
            # a few pairs open, some through one of their two bytes only
            s = bytearray(ar.state_bytes)
            for i in range(n):
                for j in range(i + 1, n):
                    if rng.random() < 0.15:
                        v = rng.choice((1, 2, 255))
                        for at in rng.choice(((i * n + j,), (j * n + i,), (i * n + j, j * n + i))):
                            s[at] = v
            s = bytes(s)
        else:
            s = bytes(rng.randrange(256) for _ in range(ar.state_bytes))
        states.append(s.hex())
    if ar.state_bytes:
        states.append("00")   # shorter than the state: the rest closed
    for st in states:
        for a, b in pairs:
            out.append("areas %d %d %s" % (a, b, st))
    return out
